//! The one redaction point: hands, face-down setup cards, deck order and chosen-but-unrevealed plots are
//! shown only to their owner; a pending choice that names a hand card is shown only to its seat.

use super::cards::{Rules, CHALLENGES, HOUSES};
use super::effects::def;
use super::rules::actions::*;
use super::state::{AgotCcg, CardView, Pending, Phase, Resp, SeatView, View};
use crate::engine::{Action, ActionInfo, Player, Viewer};

pub fn view(g: &AgotCcg, rules: &Rules, viewer: Viewer) -> View {
    let seats = g
        .seats
        .iter()
        .enumerate()
        .map(|(i, s)| {
            let mine = viewer.sees_private_of(i as Player);
            SeatView {
                house: HOUSES.get(usize::from(s.house)).unwrap_or(&"?").to_string(),
                deck_name: rules.decks.get(usize::from(s.deck_index)).map_or(String::new(), |d| d.name.clone()),
                agenda: super::rules::agendas::agenda_label(rules, s.deck_index),
                power: g.power(i),
                house_power: s.house_power,
                house_attachments: s.house_attachments.iter().map(|a| a.0).collect(),
                house_kneeling: s.house_kneeling,
                gold: s.gold,
                initiative: s.initiative,
                hand_size: s.hand.len(),
                deck_size: s.deck.len(),
                hand: mine.then(|| s.hand.clone()),
                setup_count: s.setup.len(),
                setup: mine.then(|| s.setup.clone()),
                discard: s.discard.clone(),
                dead: s.dead.clone(),
                plots: s.plots.clone(),
                used: s.used.clone(),
                plot: s.plot,
                plot_chosen: s.commit.is_some(),
                my_plot: if mine { s.commit.and_then(|k| s.plots.get(usize::from(k)).copied()) } else { None },
                play: s
                    .play
                    .iter()
                    .map(|c| CardView {
                        uid: c.uid,
                        card: c.def,
                        code: def(rules, c.def).code.clone(),
                        name: def(rules, c.def).name.clone(),
                        kneeling: c.kneeling,
                        power: c.power,
                        strength: g.strength(rules, i as Player, c),
                        icons: super::cards::icon_letters(g.icons(rules, i as Player, c)),
                        attachments: c.attachments.iter().map(|a| a.0).collect(),
                        dupes: c.dupes.len() as u8,
                    })
                    .collect(),
                eliminated: s.eliminated,
            }
        })
        .collect();
    let pending = g.pending.first().and_then(|p| {
        let secret = matches!(p, Pending::Respond { resp: Resp::IntoPlayFromHand { .. }, .. })
            || matches!(p, Pending::Effect(r) if r.secret());
        (!secret || viewer.sees_private_of(p.seat())).then(|| p.clone())
    });
    View {
        phase: g.phase,
        round: g.round,
        first: g.first,
        active: g.actor(),
        seats,
        challenge: g.challenge.clone(),
        window: g.window,
        pending,
        winners: g.winners.clone(),
    }
}

fn card_name(g: &AgotCcg, rules: &Rules, uid: usize) -> String {
    g.locate(uid as u16).map_or_else(
        || format!("card #{uid}"),
        |(s, i)| {
            let c = &g.seats[s].play[i];
            format!("{} (player {}, STR {})", def(rules, c.def).name, s + 1, g.strength(rules, s as Player, c))
        },
    )
}

pub fn describe(g: &AgotCcg, rules: &Rules, p: Player, a: Action) -> ActionInfo {
    let (kind, x, y) = split(a);
    let seat = g.seats.get(usize::from(p));
    let hand_card = |i: usize| seat.and_then(|s| s.hand.get(i)).copied();
    let hand_name = |i: usize| hand_card(i).map_or("?".to_owned(), |c| def(rules, c).name.clone());
    match kind {
        SETUP_PLACE => {
            // What the setup preview needs: this card's cost as setup counts it (+2 out of House unless the
            // agenda waives it) and the gold already placed, against the rulebook's 5.
            let ps = usize::from(p);
            let cost = hand_card(x).map_or(0, |c| g.setup_cost(rules, ps, c));
            let spent = if seat.is_some() { g.setup_spent(rules, ps) } else { 0 };
            ActionInfo::new(a, "setup", format!("place {} face down", hand_name(x)))
                .with("hand", x)
                .with("cost", u32::from(cost))
                .with("spent", u32::from(spent))
                .with("limit", u32::from(super::rules::flow::SETUP_GOLD))
        }
        DONE => {
            let label = match (&g.pending.first(), g.phase, g.challenge.as_ref().map(|c| c.stage)) {
                (Some(Pending::Stealth { .. }), ..) => "use no (more) stealth",
                (Some(Pending::Respond { .. }), ..) => "no, do not respond",
                (Some(_), ..) => "decline",
                (None, Phase::Marshal, _) if g.order().get(usize::from(g.turn)) == Some(&p) => "end marshalling",
                (None, ..) if g.window.is_some() => "pass (no action)",
                (None, Phase::Setup, _) => "finish placing setup cards",
                (None, Phase::Marshal, _) => "end marshalling",
                (None, Phase::Challenges, None) => "no more challenges",
                (None, Phase::Challenges, Some(super::state::Stage::Attackers)) => "attackers declared",
                // The defender passing with nobody declared defends with no one (an unopposed challenge).
                (None, Phase::Challenges, _) if g.challenge.as_ref().is_some_and(|c| c.defenders.is_empty()) => {
                    "no defenders"
                }
                (None, Phase::Challenges, _) => "defenders declared",
                _ => "done",
            };
            ActionInfo::new(a, "done", label)
        }
        PLOT => {
            let plot = seat.and_then(|s| s.plots.get(x)).copied();
            let label = plot.map_or("?".to_owned(), |c| {
                let d = def(rules, c);
                format!("plot {} (gold {}, initiative {}, claim {})", d.name, d.gold, d.initiative, d.claim)
            });
            ActionInfo::new(a, "plot", label).with("plot", x)
        }
        FIRST => ActionInfo::new(a, "first-player", format!("player {} is first player", y + 1)).with("seat", y),
        MARSHAL_HOUSE => {
            let cost = hand_card(x).map_or(0, |c| g.marshal_cost(rules, usize::from(p), c, 0));
            let label = format!("marshal {} for {cost} gold onto your House card", hand_name(x));
            ActionInfo::new(a, "marshal", label).with("hand", x).with("cost", u32::from(cost))
        }
        MARSHAL | MARSHAL_PENALTY => {
            let cost = hand_card(x).map_or(0, |c| {
                let pen = if kind == MARSHAL_PENALTY {
                    def(rules, c)
                        .abilities
                        .iter()
                        .find_map(|ab| match ab {
                            super::cards::Ability::PenaltyClaimPower { penalty, .. }
                            | super::cards::Ability::PenaltyOpponentsDiscard { penalty, .. }
                            | super::cards::Ability::OptionalPenalty { penalty } => Some(*penalty),
                            _ => None,
                        })
                        // Mance Rayder's granted penalty.
                        .or_else(|| g.granted_penalty(rules, usize::from(p), c))
                } else {
                    None
                };
                g.marshal_cost(rules, usize::from(p), c, pen.unwrap_or(0))
            });
            let is_attachment = hand_card(x).is_some_and(|c| def(rules, c).kind == super::cards::Kind::Attachment);
            let mut label = format!("marshal {} for {cost} gold", hand_name(x));
            if is_attachment {
                label.push_str(&format!(" onto {}", card_name(g, rules, y)));
            }
            if kind == MARSHAL_PENALTY {
                label.push_str(" paying the optional gold penalty");
            }
            ActionInfo::new(a, "marshal", label).with("hand", x).with("cost", u32::from(cost))
        }
        DUPE => ActionInfo::new(a, "duplicate", format!("add {} as a duplicate", hand_name(x))).with("hand", x),
        REDUCER => ActionInfo::new(a, "reducer", format!("kneel {} to reduce the next cost", card_name(g, rules, y))),
        CHALLENGE => ActionInfo::new(
            a,
            "challenge",
            format!("{} challenge against player {}", CHALLENGES.get(x).unwrap_or(&"?"), y + 1),
        )
        .with("type", x)
        .with("defender", y),
        ATTACK_SET | DEFEND_SET => {
            let el = if kind == ATTACK_SET { g.eligible_attackers(rules, p) } else { g.eligible_defenders(rules, p) };
            let names: Vec<String> = el
                .iter()
                .enumerate()
                .filter(|(i, _)| y >> i & 1 == 1)
                .map(|(_, &u)| card_name(g, rules, usize::from(u)))
                .collect();
            let (k, verb) = if kind == ATTACK_SET { ("attackers", "attack") } else { ("defenders", "defend") };
            ActionInfo::new(a, k, format!("{verb} with {}", names.join(" + "))).with("mask", y)
        }
        ATTACK => ActionInfo::new(a, "attacker", format!("attack with {}", card_name(g, rules, y))).with("uid", y),
        DEFEND => ActionInfo::new(a, "defender", format!("defend with {}", card_name(g, rules, y))).with("uid", y),
        STEALTH => ActionInfo::new(a, "stealth", format!("stealth past {}", card_name(g, rules, y))).with("uid", y),
        EVENT => ActionInfo::new(a, "event", format!("play {} on {}", hand_name(x), card_name(g, rules, y)))
            .with("hand", x)
            .with("uid", y),
        USE => {
            let src = seat.and_then(|s| s.play.get(x)).map_or("?".to_owned(), |c| def(rules, c.def).name.clone());
            ActionInfo::new(a, "ability", format!("kneel {src} to boost {}", card_name(g, rules, y))).with("uid", y)
        }
        INFLUENCE => {
            ActionInfo::new(a, "influence", format!("kneel {} for influence", card_name(g, rules, y))).with("uid", y)
        }
        KILL => ActionInfo::new(a, "kill", format!("kill {}", card_name(g, rules, y))).with("uid", y),
        KNEEL => ActionInfo::new(a, "kneel", format!("kneel {}", card_name(g, rules, y))).with("uid", y),
        DISCARD => ActionInfo::new(a, "discard", format!("discard {} from hand", hand_name(x))).with("hand", x),
        YES => {
            let what = match g.pending.first() {
                Some(Pending::Respond { resp, .. }) => match resp {
                    Resp::SaveWithDupe { uid, .. } => {
                        format!("discard a duplicate to save {}", card_name(g, rules, usize::from(*uid)))
                    }
                    Resp::StandAfterKill { uid } => format!("stand {}", card_name(g, rules, usize::from(*uid))),
                    Resp::IntoPlayFromHand { def: c } => format!("put {} into play from hand", def(rules, *c).name),
                    Resp::MovePowerToHouse => "move all power on characters to your House".to_owned(),
                    Resp::DrawCards { n } => format!("draw {n} cards"),
                    Resp::DominanceBonus => "claim 1 more power for dominance".to_owned(),
                    Resp::CastleKill => "make each opponent kill a character".to_owned(),
                    Resp::ClaimPower { uid, n } => {
                        format!("{} claims {n} power", card_name(g, rules, usize::from(*uid)))
                    }
                    Resp::HousePower { n } => format!("claim {n} power for your House"),
                    Resp::Sacrifice { uid } => {
                        format!("discard {} from play for its effect", card_name(g, rules, usize::from(*uid)))
                    }
                    Resp::KillWeaker { influence, max_str, .. } => {
                        format!("kneel {influence} influence to kill a character with STR {max_str} or less")
                    }
                    Resp::StandWithStr { uid, str } => {
                        format!("stand {} and give it {str:+} STR", card_name(g, rules, usize::from(*uid)))
                    }
                },
                _ => "yes".to_owned(),
            };
            ActionInfo::new(a, "respond", format!("yes: {what}"))
        }
        GEN_EVENT..=GEN_MODE => g.describe_effect(rules, p, a, |u| card_name(g, rules, u)),
        GEN_PLAYER..=POOL_LAST => g.describe_pool(rules, p, a, |u| card_name(g, rules, u)),
        GEN_POWER => ActionInfo::new(a, "pay", format!("discard power from {}", card_name(g, rules, y))).with("uid", y),
        k if k >= SAVE_CARD => describe_interrupt(g, rules, p, a),
        _ => ActionInfo::new(a, "unknown", format!("unknown action {a}")),
    }
}

/// The decisions of saves, cancels, their costs, control, naming, Endless and setup attachments.
fn describe_interrupt(g: &AgotCcg, rules: &Rules, p: Player, a: Action) -> ActionInfo {
    let (kind, x, y) = split(a);
    let seat = g.seats.get(usize::from(p));
    let hand_name = |i: usize| seat.and_then(|s| s.hand.get(i)).map_or("?".to_owned(), |&c| def(rules, c).name.clone());
    let saving = match g.pending.first() {
        Some(Pending::SaveWindow { uid, .. }) => card_name(g, rules, usize::from(*uid)),
        _ => "?".to_owned(),
    };
    match kind {
        SAVE_CARD => {
            let victim = x.checked_sub(1).and_then(|j| seat.and_then(|s| s.play.get(j))).map(|c| c.uid);
            let cost = victim.map_or(String::new(), |v| format!(", killing {}", card_name(g, rules, usize::from(v))));
            ActionInfo::new(a, "save", format!("save {saving} with {}{cost}", card_name(g, rules, y))).with("uid", y)
        }
        SAVE_ATTACHMENT => {
            ActionInfo::new(a, "save", format!("save {saving} by discarding its attachment")).with("uid", y)
        }
        SAVE_EVENT => ActionInfo::new(a, "save", format!("save {saving} with {}", hand_name(x))).with("hand", x),
        CANCEL_CARD => {
            ActionInfo::new(a, "cancel", format!("cancel it with {}", card_name(g, rules, y))).with("uid", y)
        }
        CANCEL_EVENT => ActionInfo::new(a, "cancel", format!("cancel it with {}", hand_name(x))).with("hand", x),
        PAY => {
            ActionInfo::new(a, "influence", format!("kneel {} for influence", card_name(g, rules, y))).with("uid", y)
        }
        TAKE_CONTROL => {
            ActionInfo::new(a, "control", format!("take control of {}", card_name(g, rules, y))).with("uid", y)
        }
        NAME if y == NAMED_BY_PLOT => {
            let t = CHALLENGES.get(x).unwrap_or(&"?");
            ActionInfo::new(a, "name", format!("name the {t} challenge"))
        }
        NAME => {
            let h = HOUSES.get(x).unwrap_or(&"?");
            ActionInfo::new(a, "name", format!("kneel {} to name House {h}", card_name(g, rules, y))).with("uid", y)
        }
        ENDLESS => {
            let c = seat.and_then(|s| s.dead.get(x)).map_or("?".to_owned(), |&c| def(rules, c).name.clone());
            ActionInfo::new(a, "endless", format!("bring {c} back from the dead pile"))
        }
        ATTACH_SETUP => {
            let c = seat.and_then(|s| s.setup.get(x)).map_or("?".to_owned(), |&c| def(rules, c).name.clone());
            ActionInfo::new(a, "attach", format!("attach {c} to {}", card_name(g, rules, y))).with("uid", y)
        }
        TARGET => ActionInfo::new(a, "target", format!("choose {}", card_name(g, rules, y))).with("uid", y),
        ATTACH_DISCARD => {
            let c =
                g.seats.get(x).and_then(|s| s.discard.get(y)).map_or("?".to_owned(), |&c| def(rules, c).name.clone());
            ActionInfo::new(a, "attach", format!("attach {c} from player {}'s discard pile", x + 1))
        }
        _ => ActionInfo::new(a, "unknown", format!("unknown action {a}")),
    }
}
