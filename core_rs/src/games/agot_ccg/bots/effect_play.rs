//! The composable abilities' decisions for people and the heuristic: how each is described, and how the
//! heuristic scores it (hostile effects at the opponent's strongest standing character, friendly ones at its
//! own; actions only when they do something now). Today's decisions are scored by `bots/mod.rs` as before.

use super::super::cards::vocab::{Body, Filter, On, Op, Trigger};
use super::super::cards::{Ability, Kind, Rules};
use super::super::effects::{def, on_attached};
use super::super::rules::actions::*;
use super::super::rules::effect_state::{ZONE_DEAD, ZONE_DISCARD, ZONE_HAND};
use super::super::rules::triggered::{body, Resolving, Step};
use super::super::state::{AgotCcg, Pending};
use crate::engine::{Action, ActionInfo, Player};

/// Does an operation on its target help (true) or hurt (false) the target's controller?
fn friendly(op: &Op) -> Option<bool> {
    Some(match op {
        Op::Kneel { on: On::Target }
        | Op::Kill { on: On::Target }
        | Op::Discard { on: On::Target }
        | Op::ReturnToHand { on: On::Target }
        | Op::ToDeckTop { on: On::Target }
        | Op::ToDeckBottom { on: On::Target }
        | Op::KillIfZeroStr { on: On::Target }
        | Op::LoseIcons { on: On::Target, .. }
        | Op::LoseKeywords { on: On::Target, .. }
        | Op::Blank { on: On::Target }
        | Op::CannotBeDeclared { on: On::Target }
        | Op::DiscardPower { on: On::Target, .. }
        | Op::TakePower { on: On::Target, .. }
        | Op::DiscardAttachments { on: On::Target } => false,
        Op::ControllerDiscardsPerPrintedIcon { on: On::Target } => false,
        // The House pool records.
        Op::BecomeAttachment { hostile } => !*hostile,
        Op::MustParticipateNext { on: On::Target } => false,
        Op::Str { amount, on: On::Target, .. } => *amount > 0,
        Op::Stand { on: On::Target }
        | Op::GainIcons { on: On::Target, .. }
        | Op::GainKeywords { on: On::Target, .. }
        | Op::CannotBeKilled { on: On::Target }
        | Op::NoKneelToDeclare { on: On::Target }
        | Op::ClaimPower { on: On::Target, .. } => true,
        Op::RemoveFromChallenge { on: On::Target }
        | Op::TakeControl { on: On::Target }
        | Op::KneelOrReturnToHand { on: On::Target } => false,
        _ => return None,
    })
}

/// Does attachment `card` hurt the character it is on: less STR, a blank text box, a cost to attack or defend,
/// more doomed cards for its controller, or a trigger that discards, kills or weakens it?
pub(super) fn attachment_hurts(rules: &Rules, card: u16) -> bool {
    def(rules, card).abilities.iter().any(|a| match a {
        Ability::AttachedBlank
        | Ability::AttachedDeclareInfluence { .. }
        | Ability::AttachedControllerExtraDoomed { .. } => true,
        _ => {
            on_attached(a).is_some_and(|k| k.gets.str < 0 || k.gets.printed_str_zero_defending)
                || body(a).is_some_and(|(b, _)| {
                    b.effect.iter().any(|o| {
                        matches!(
                            o,
                            Op::Discard { on: On::Attached }
                                | Op::Kill { on: On::Attached }
                                | Op::KillIfZeroStr { on: On::Attached }
                                | Op::Str { amount: i8::MIN..=-1, on: On::Attached, .. }
                        )
                    })
                })
        }
    })
}

/// A response to a card played with its gold penalty: its body, and which cards it answers (None: its own).
fn penalty_response(a: &Ability) -> Option<(&Body, Option<&Filter>)> {
    match a {
        Ability::Triggered(b) => match &b.when {
            Some(Trigger::EntersPlay { of, with_penalty: true, .. }) => Some((b, of.as_ref())),
            _ => None,
        },
        _ => None,
    }
}

/// `friendly`, with an attachment's own move or attach read by what that attachment (`card`) does to its host:
/// a +1 STR one moved is a gift to whoever gets it.
fn friendly_for(rules: &Rules, card: u16, op: &Op) -> Option<bool> {
    match op {
        Op::MoveThisAttachment | Op::AttachThis => Some(!attachment_hurts(rules, card)),
        _ => friendly(op),
    }
}

impl AgotCcg {
    fn first_resolving(&self) -> Option<&Resolving> {
        match self.pending.first() {
            Some(Pending::Effect(r)) => Some(r),
            _ => None,
        }
    }

    /// The card and body an action code would use, for scoring.
    fn action_body<'r>(&self, rules: &'r Rules, p: Player, kind: u32, x: usize, y: usize) -> Option<(u16, &'r Body)> {
        let s = self.seats.get(usize::from(p))?;
        let (card, k) = match kind {
            GEN_EVENT => (*s.hand.get(x)?, y),
            GEN_USE => (self.locate(y as u16).map(|(q, i)| self.seats[q].play[i].def)?, x),
            GEN_ATT => {
                let (q, i) = self.locate(y as u16)?;
                (self.seats[q].play[i].attachments.get(x / 16)?.0, x % 16)
            }
            GEN_PILE => {
                let pile = match x / 16 {
                    0 => &s.hand,
                    1 => &s.discard,
                    _ => &s.dead,
                };
                (*pile.get(y)?, x % 16)
            }
            _ => return None,
        };
        def(rules, card).abilities.get(k).and_then(body).map(|(b, _)| (card, b))
    }

    /// Is a STR change worth it now: a challenge `p` is in and is losing (before defenders, against every
    /// character that could defend)?
    fn boost_helps(&self, rules: &Rules, p: Player) -> bool {
        let Some(ch) = &self.challenge else { return false };
        if ch.attacker != p && ch.defender != p {
            return false;
        }
        let (att, dfd) = self.sides(rules, ch);
        if ch.attacker == p {
            att < dfd
        } else {
            // Before defenders, a character that could defend is boosted to be declared.
            dfd <= att && (!ch.defenders.is_empty() || ch.stage == super::super::state::Stage::Attackers)
        }
    }

    /// Would this action's target step have a target worth it (the opponent's for hostile effects, its own for
    /// friendly ones)?
    fn good_target_exists(&self, rules: &Rules, p: Player, card: u16, b: &Body) -> bool {
        let Some(f) = &b.target else { return true };
        let hostile = b.effect.iter().find_map(|o| friendly_for(rules, card, o)).is_some_and(|x| !x);
        let r = Resolving {
            seat: p,
            card: 0,
            ab: 0,
            src: None,
            host: None,
            zone: None,
            trig: None,
            event: false,
            step: Step::Target,
            targets: Vec::new(),
            x: 0,
            atts: Vec::new(),
            mode: None,
        };
        self.effect_targets(rules, &r, f).into_iter().any(|u| self.controls(p, u) != hostile)
    }

    /// Is moving attachment `card` off `host` worth it for `p`: it sits on the wrong side's character (a gift on
    /// an opponent's, a curse on one's own), or a challenge of `p`'s is on and it can go from a bystander to a
    /// participant of the side it serves. Otherwise a move only shuffles it between like characters.
    fn move_pays(&self, rules: &Rules, p: Player, card: u16, host: usize) -> bool {
        let host = host as u16;
        let helps = !attachment_hurts(rules, card);
        if self.controls(p, host) != helps {
            return true;
        }
        let Some(ch) = self.challenge.as_ref().filter(|c| c.attacker == p || c.defender == p) else { return false };
        let mut side = ch.attackers.iter().chain(&ch.defenders);
        !side.clone().any(|&u| u == host) && side.any(|&u| self.controls(p, u) == helps)
    }

    /// Does paying `card`'s optional gold penalty buy anything now: its power (Veteran Builder), discards from an
    /// opponent's hand (Littlefinger's Collectors: only if one holds cards), or a response to a card played with
    /// the penalty, its own (Pentoshi Captain, Roving Pillagers) or that of a card `p` controls (Mance Rayder),
    /// with a target worth it.
    pub(super) fn penalty_pays(&self, rules: &Rules, p: Player, card: u16) -> bool {
        let ps = usize::from(p);
        let d = def(rules, card);
        let opponent_holds = self.seats.iter().enumerate().any(|(q, s)| q != ps && !s.hand.is_empty());
        if d.abilities.iter().any(|a| match a {
            Ability::PenaltyClaimPower { .. } => true,
            Ability::PenaltyOpponentsDiscard { .. } => opponent_holds,
            _ => false,
        }) {
            return true;
        }
        let own =
            d.abilities.iter().filter_map(penalty_response).filter(|(_, of)| of.is_none()).map(|(b, of)| (card, b, of));
        let others = self.seats[ps].play.iter().flat_map(|c| {
            self.abilities(rules, c)
                .iter()
                .filter_map(penalty_response)
                .filter(|(_, of)| of.is_some())
                .map(move |(b, of)| (c.def, b, of))
        });
        own.chain(others).any(|(c, b, of)| {
            of.is_none_or(|f| self.def_matches(rules, card, f)) && self.good_target_exists(rules, p, c, b) && {
                // Power moved onto it: only from an opponent's card that has some.
                let takes = b.effect.iter().any(|o| matches!(o, Op::TakePower { .. }));
                !takes || self.seats.iter().enumerate().any(|(q, s)| q != ps && s.play.iter().any(|x| x.power > 0))
            }
        })
    }

    /// The heuristic's score of a composable ability's decision.
    pub fn score_effect(&self, rules: &Rules, p: Player, a: Action) -> i32 {
        let (kind, x, y) = split(a);
        match kind {
            GEN_EVENT | GEN_USE | GEN_ATT | GEN_PILE => {
                let Some((card, b)) = self.action_body(rules, p, kind, x, y) else { return -5 };
                // The House pool records' actions have their own reading (`bots/pool.rs`).
                if let Some(s) = self.score_pool_action(rules, p, b, kind, x, y) {
                    return s;
                }
                let boosts = b.effect.iter().any(|o| matches!(o, Op::Str { .. }));
                if boosts && !self.boost_helps(rules, p) {
                    return -5;
                }
                if !self.good_target_exists(rules, p, card, b) {
                    return -5;
                }
                if kind == GEN_ATT && b.effect.contains(&Op::MoveThisAttachment) && !self.move_pays(rules, p, card, y) {
                    return -5;
                }
                // A free "return this card to its owner's hand" (Dagmer Cleftjaw) only undoes its marshalling;
                // a claim lowered (Please Let It Burn) matters only against an opponent attacking us.
                if b.cost.is_empty() && b.effect == [Op::ReturnToHand { on: On::This }] {
                    return -5;
                }
                // A location made doomed for the phase: no card of the pool reads that in play.
                if b.effect.iter().all(|o| matches!(o, Op::BecomesDoomed { .. })) {
                    return -5;
                }
                let lowers = b.effect.iter().any(|o| matches!(o, Op::ClaimLower { .. }));
                if lowers && self.challenge.as_ref().is_none_or(|c| c.defender != p) {
                    return -5;
                }
                15
            }
            GEN_YES => {
                // Accept, unless every target would be one's own card for a hostile effect.
                let Some(r) = self.first_resolving() else { return 10 };
                let Some(b) = self.body_of(rules, r) else { return 10 };
                if self.good_target_exists(rules, p, r.card, b) {
                    10
                } else {
                    -5
                }
            }
            GEN_TARGET => {
                let Some(r) = self.first_resolving() else { return 0 };
                let Some(b) = self.body_of(rules, r) else { return 0 };
                let helps = b.effect.iter().find_map(|o| friendly_for(rules, r.card, o)).unwrap_or(false);
                let Some((s, i)) = self.locate(y as u16) else { return 0 };
                // An attachment moved or a STR change goes where the challenge is.
                let moves = b.effect.iter().any(|o| matches!(o, Op::MoveThisAttachment | Op::Str { .. }));
                let joins =
                    moves && self.challenge.as_ref().is_some_and(|c| self.on_side(rules, c, s as Player, y as u16));
                let c = &self.seats[s].play[i];
                let worth = i32::from(self.strength(rules, s as Player, c))
                    + i32::from(c.power) * 2
                    + i32::from(def(rules, c.def).kind == Kind::Character) * 3;
                // Hostile: the opponent's strongest standing card; friendly: one's own (a kneeling one to stand).
                let standing = if c.kneeling { 0 } else { 5 };
                if (s == usize::from(p)) == helps {
                    10 + worth + if helps { 5 - standing } else { standing } + i32::from(joins) * 10
                } else {
                    -20
                }
            }
            GEN_TARGET_ATT => {
                // An attachment: the opponent's one, or one an opponent put on our character.
                let Some((s, i)) = self.locate(y as u16) else { return 0 };
                let Some(&(a, owner)) = self.seats[s].play[i].attachments.get(x.wrapping_sub(1)) else { return 0 };
                let theirs = (s != usize::from(p)) || owner != p;
                if theirs {
                    12 + i32::from(def(rules, a).cost)
                } else {
                    -20
                }
            }
            GEN_MODE => {
                // The option that helps our target or hurts the opponent's, the first such.
                let Some(r) = self.first_resolving() else { return 0 };
                let Some(Op::Choose { options }) = (match r.step {
                    Step::Mode { op } => self.body_of(rules, r).and_then(|b| b.effect.get(usize::from(op))),
                    _ => None,
                }) else {
                    return 0;
                };
                let mine = r.targets.first().is_some_and(|&u| self.controls(p, u));
                let helps =
                    options.get(y).and_then(|o| o.iter().find_map(|o| friendly_for(rules, r.card, o))).unwrap_or(false);
                if helps == mine {
                    10 - y as i32
                } else {
                    -5
                }
            }
            GEN_INF => {
                let left = match self.first_resolving().map(|r| &r.step) {
                    Some(Step::Influence { left, .. }) => i32::from(*left),
                    _ => 0,
                };
                let inf = self
                    .locate(y as u16)
                    .map_or(0, |(s, i)| i32::from(def(rules, self.seats[s].play[i].def).influence));
                20 - (inf - left).abs() * 2
            }
            GEN_PICK => match self.first_resolving().map(|r| &r.step) {
                Some(Step::Pick { choices, .. }) => {
                    choices.get(y).map_or(0, |&c| 10 + i32::from(def(rules, c % 8192 % 2048).cost))
                }
                _ => 0,
            },
            _ => 0,
        }
    }

    /// What a composable ability's decision does, in words.
    pub fn describe_effect(&self, rules: &Rules, p: Player, a: Action, name: impl Fn(usize) -> String) -> ActionInfo {
        let (kind, x, y) = split(a);
        let s = self.seats.get(usize::from(p));
        let card_name = |c: Option<u16>| c.map_or("?".to_owned(), |c| def(rules, c).name.clone());
        match kind {
            GEN_EVENT => {
                let c = s.and_then(|s| s.hand.get(x)).copied();
                ActionInfo::new(a, "event", format!("play {}", card_name(c))).with("hand", x).with("ability", y)
            }
            GEN_USE => ActionInfo::new(a, "ability", format!("use the action of {}", name(y))).with("uid", y),
            GEN_ATT => {
                let c = self.locate(y as u16).and_then(|(q, i)| self.seats[q].play[i].attachments.get(x / 16));
                let label = format!("use the action of {} on {}", card_name(c.map(|c| c.0)), name(y));
                ActionInfo::new(a, "ability", label).with("uid", y)
            }
            GEN_PILE => {
                let from = |pile: Option<&Vec<u16>>| pile.and_then(|p| p.get(y)).copied();
                // The zone codes of `triggered.rs`: hand, discard pile, dead pile, then the House card's attachments.
                let (zone, c) = match (x / 16) as u8 {
                    ZONE_HAND => ("from your hand", from(s.map(|s| &s.hand))),
                    ZONE_DISCARD => ("from your discard pile", from(s.map(|s| &s.discard))),
                    ZONE_DEAD => ("from your dead pile", from(s.map(|s| &s.dead))),
                    _ => ("on your House card", s.and_then(|s| s.house_attachments.get(y)).map(|&(c, _)| c)),
                };
                ActionInfo::new(a, "ability", format!("use the action of {} {zone}", card_name(c)))
            }
            GEN_YES => {
                let c = self.first_resolving().map(|r| r.card);
                ActionInfo::new(a, "respond", format!("yes: use {}", card_name(c)))
            }
            GEN_TARGET => ActionInfo::new(a, "target", format!("choose {}", name(y))).with("uid", y),
            GEN_TARGET_ATT => {
                let c =
                    self.locate(y as u16).and_then(|(q, i)| self.seats[q].play[i].attachments.get(x.wrapping_sub(1)));
                let label = format!("choose {} on {}", card_name(c.map(|c| c.0)), name(y));
                ActionInfo::new(a, "target", label).with("uid", y).with("attachment", x)
            }
            GEN_MODE => ActionInfo::new(a, "option", format!("choose option {}", y + 1)).with("option", y),
            GEN_INF => ActionInfo::new(a, "influence", format!("kneel {} for influence", name(y))).with("uid", y),
            GEN_PICK => {
                let c = match self.first_resolving().map(|r| &r.step) {
                    Some(Step::Pick { choices, .. }) => choices.get(y).map(|c| c % 8192 % 2048),
                    _ => None,
                };
                ActionInfo::new(a, "take", format!("take {}", card_name(c))).with("index", y)
            }
            _ => ActionInfo::new(a, "unknown", format!("unknown action {a}")),
        }
    }
}
