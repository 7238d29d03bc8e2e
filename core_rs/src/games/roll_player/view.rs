//! What a viewer sees, for people and the network: the facts (`view/facts.rs`, the one redaction point; a view hides
//! only the market deck's order and the RNG) with names and labels attached, and action descriptions.

pub mod facts;

use super::content::{Rules, ATTRS, COLORS};
use super::rules::actions::*;
use super::scoring::solo_title;
use super::state::{CardView, Die, InitView, RollPlayer, SeatView, Step, View, NONE};
use crate::engine::{Action, ActionInfo, Player, Viewer};

fn color(c: u8) -> String {
    COLORS.get(usize::from(c)).copied().unwrap_or("?").to_string()
}

fn die(d: Die) -> (String, u8) {
    (color(d.color), d.value)
}

pub fn slot_name(slot: usize) -> String {
    format!("{} #{}", ATTRS.get(slot / 3).copied().unwrap_or("?"), slot % 3 + 1)
}

fn card_view(rules: &Rules, id: u8) -> CardView {
    let c = rules.card(id);
    CardView {
        id,
        name: c.map_or("?".into(), |c| c.name.clone()),
        kind: c.map_or("?".into(), |c| format!("{:?}", c.card_type()).to_lowercase()),
        cost: c.map_or(0, |c| c.cost),
        arrow: c.map_or("none".into(), |c| format!("{:?}", c.arrow).to_lowercase()),
        text: c.map_or(String::new(), |c| c.text.clone()),
    }
}

impl RollPlayer {
    pub fn phase_name(&self) -> &'static str {
        match self.step {
            Step::Race { .. } | Step::Class { .. } | Step::StartDice { .. } => "setup",
            Step::DicePick { .. } if self.order.is_some() => "roll",
            Step::DicePick { .. }
            | Step::DicePlace { .. }
            | Step::DiceAction { .. }
            | Step::IntKeep { .. }
            | Step::BonusFlip { .. }
            | Step::BonusMove { .. } => "dice",
            Step::Attune { .. } | Step::Market { .. } => "market",
            Step::Refresh { .. } => "cleanup",
            Step::Over => "over",
        }
    }

    /// The view: the facts (`view/facts.rs`, the redaction) with the names and labels people read.
    pub fn make_view(&self, rules: &Rules, _viewer: Viewer) -> View {
        let f = self.facts(rules);
        let seats = f
            .seats
            .iter()
            .map(|s| {
                let class = rules.classes.get(usize::from(s.class));
                let race = rules.races.get(usize::from(s.race));
                let bs = rules.backstories.get(usize::from(s.backstory));
                let al = rules.alignments.get(usize::from(s.alignment));
                SeatView {
                    race: race.map_or(String::new(), |r| r.name.clone()),
                    race_mods: race.map_or([0; 6], |r| r.mods),
                    class: class.map_or(String::new(), |c| c.name.clone()),
                    class_color: class.map_or(String::new(), |c| color(c.color)),
                    ability: class.map_or(String::new(), |c| format!("{:?}", c.ability)),
                    goals: class.map_or(Vec::new(), |c| c.goals.iter().map(|(g, st)| (g.label(), *st)).collect()),
                    backstory: bs.map_or(String::new(), |b| b.name.clone()),
                    backstory_marks: bs
                        .map_or(Vec::new(), |b| b.marks.iter().map(|(c, col)| (color(*c), *col)).collect()),
                    alignment: al.map_or(String::new(), |a| a.name.clone()),
                    alignment_grid: al.map_or([0; 9], |a| a.grid),
                    token: s.token,
                    gold: s.gold,
                    charisma: s.charisma,
                    sheet: s.sheet.iter().map(|r| r.iter().map(|d| die(*d)).collect()).collect(),
                    totals: s.totals.to_vec(),
                    goals_met: s.goals_met.to_vec(),
                    cards: s
                        .cards
                        .iter()
                        .map(|&(c, exhausted)| {
                            let v = card_view(rules, c);
                            (v.name, v.kind, exhausted)
                        })
                        .collect(),
                    init: s.init,
                    pool: s.pool.iter().map(|d| die(*d)).collect(),
                    stars: s.stars,
                    holding: s.holding.map(die),
                }
            })
            .collect();
        View {
            players: f.players,
            round: f.round,
            first: f.first,
            phase: f.phase.to_string(),
            to_act: f.to_act,
            seats,
            initiative: f
                .initiative
                .iter()
                .enumerate()
                .map(|(k, c)| InitView { number: k as u8 + 1, die: c.die.map(die), coin: c.coin, taken_by: c.taken_by })
                .collect(),
            market: f.market.iter().map(|&c| card_view(rules, c)).collect(),
            deck_size: f.deck_size,
            discard: f.discard.iter().map(|&c| card_view(rules, c)).collect(),
            trash: f.trash.iter().map(|&c| rules.card_name(c).to_string()).collect(),
            bag: f.bag,
            ordering: f.ordering.then(|| f.ordering_pool.iter().map(|d| die(*d)).collect()),
            revealed: f.revealed.map(|c| card_view(rules, c)),
            rival_roll: f.rival_roll,
            over: f.over,
            solo_rating: f.solo_final.map(|stars| solo_title(stars).to_string()),
        }
    }

    pub fn describe_action(&self, rules: &Rules, p: Player, a: Action) -> ActionInfo {
        let card = |id: u32| rules.card_name(id as u8).to_string();
        let market = |i: u32| self.market.get(i as usize).copied();
        match a {
            _ if a < RACE => {
                let c = rules.classes.get(a as usize);
                ActionInfo::new(a, "class", format!("Be a {}", c.map_or("?", |c| c.name.as_str())))
                    .with("class", c.map_or(String::new(), |c| c.name.clone()))
            }
            _ if a < ORDER => {
                let r = rules.races.get((a - RACE) as usize);
                ActionInfo::new(a, "race", format!("Take the {} character sheet", r.map_or("?", |r| r.name.as_str())))
            }
            _ if a < INIT => {
                let d = self.order.as_ref().and_then(|o| o.pool.get((a - ORDER) as usize)).copied().unwrap_or_default();
                ActionInfo::new(
                    a,
                    "order",
                    format!("Lay the {} {} on the next Initiative card", color(d.color), d.value),
                )
            }
            _ if a < ROW => {
                let k = (a - INIT) as usize;
                let c = self.init.get(k).copied().unwrap_or_default();
                let d = c.die.unwrap_or_default();
                let coin = if c.coin { " and 1 gold" } else { "" };
                ActionInfo::new(
                    a,
                    "initiative",
                    format!("Take Initiative #{} ({} {}{coin})", k + 1, color(d.color), d.value),
                )
                .with("card", k + 1)
            }
            _ if a < START => {
                let r = (a - ROW) as usize;
                ActionInfo::new(a, "place", format!("Place the die in {}", ATTRS.get(r).copied().unwrap_or("?")))
                    .with("row", r)
            }
            _ if a < FLIP => {
                let (i, r) = (((a - START) / 6) as usize, ((a - START) % 6) as usize);
                let d = self.seat(p).and_then(|s| s.pool.get(i)).copied().unwrap_or_default();
                ActionInfo::new(
                    a,
                    "start-die",
                    format!(
                        "Place starting {} {} in {}",
                        color(d.color),
                        d.value,
                        ATTRS.get(r).copied().unwrap_or("?")
                    ),
                )
            }
            _ if a < INC => ActionInfo::new(a, "flip", format!("Flip the die at {}", slot_name((a - FLIP) as usize))),
            _ if a < DEC => {
                ActionInfo::new(a, "nudge", format!("Raise the die at {} by 1", slot_name((a - INC) as usize)))
            }
            _ if a < REROLL => {
                ActionInfo::new(a, "nudge", format!("Lower the die at {} by 1", slot_name((a - DEC) as usize)))
            }
            _ if a < KEEP_NEW => {
                ActionInfo::new(a, "reroll", format!("Reroll the die at {}", slot_name((a - REROLL) as usize)))
            }
            KEEP_NEW => ActionInfo::new(a, "keep", "Keep the new value"),
            KEEP_OLD => ActionInfo::new(a, "keep", "Keep the old value"),
            REROLL_AGAIN => ActionInfo::new(a, "keep", "Reroll once more (Enigmatic)"),
            _ if (MOVE..MOVE + 4).contains(&a) => ActionInfo::new(
                a,
                "move",
                format!("Move the alignment token {}", DIRS.get((a - MOVE) as usize).copied().unwrap_or("?")),
            ),
            CHARISMA => ActionInfo::new(a, "charisma", "Take a Charisma token"),
            APPLY => ActionInfo::new(a, "apply", "Apply the skill's ability"),
            SKIP => ActionInfo::new(a, "pass", "Pass / done"),
            _ if (SWAP..BUY).contains(&a) => {
                let (x, y) = (((a - SWAP) / 18) as usize, ((a - SWAP) % 18) as usize);
                ActionInfo::new(a, "swap", format!("Swap the dice at {} and {}", slot_name(x), slot_name(y)))
            }
            _ if (BUY..DISCARD).contains(&a) => {
                let c = market(a - BUY);
                let paid = c.map_or(0, |c| self.price(rules, p, c, true).0);
                ActionInfo::new(
                    a,
                    "buy",
                    format!("Buy {} for {paid} gold", c.map_or("?".into(), |c| card(u32::from(c)))),
                )
            }
            _ if (DISCARD..BUY_DISCARD).contains(&a) => ActionInfo::new(
                a,
                "discard",
                format!("Discard {} for gold", market(a - DISCARD).map_or("?".into(), |c| card(u32::from(c)))),
            ),
            _ if (BUY_DISCARD..USE).contains(&a) => {
                ActionInfo::new(a, "buy", format!("Buy {} from the discard pile", card(a - BUY_DISCARD)))
            }
            _ if (USE..WEAPON_OFF).contains(&a) => ActionInfo::new(a, "skill", format!("Use {}", card(a - USE))),
            _ if (WEAPON_OFF..ATTUNE).contains(&a) => {
                ActionInfo::new(a, "discard-weapon", format!("Discard your weapon {}", card(a - WEAPON_OFF)))
            }
            _ if (ATTUNE..REFRESH).contains(&a) => {
                ActionInfo::new(a, "attune", format!("Add {} from the discard pile to the market", card(a - ATTUNE)))
            }
            _ if (REFRESH..TARGET).contains(&a) => {
                ActionInfo::new(a, "refresh", format!("Refresh {}", card(a - REFRESH)))
            }
            _ if (TARGET..BUY_REVEALED).contains(&a) => {
                ActionInfo::new(a, "diplomacy", format!("Use the ability of {} (Diplomacy)", card(a - TARGET)))
            }
            BUY_REVEALED => {
                let c = self.skill.map_or(NONE, |s| s.revealed);
                ActionInfo::new(a, "buy", format!("Buy the revealed {}", card(u32::from(c))))
            }
            _ if (SEARCH..SEARCH + 7).contains(&a) => {
                ActionInfo::new(a, "search", format!("Take a {} die from the bag", color((a - SEARCH) as u8)))
            }
            _ if (SLEIGHT..INIT_DIE).contains(&a) => {
                let (slot, row) = (((a - SLEIGHT) / 6) as usize, ((a - SLEIGHT) % 6) as usize);
                ActionInfo::new(
                    a,
                    "sleight",
                    format!("Move the die at {} to {}", slot_name(slot), ATTRS.get(row).copied().unwrap_or("?")),
                )
            }
            _ if (INIT_DIE..INIT_DIE + 6).contains(&a) => {
                ActionInfo::new(a, "initiative-die", format!("Target the die on Initiative #{}", a - INIT_DIE + 1))
            }
            _ => ActionInfo::new(a, "unknown", format!("unknown action {a}")),
        }
    }
}
