//! The one redaction point (`view`) and action labels (`describe`). Hidden: other seats' orders and tactic
//! before the reveal, bids before the reveal, a combatant's house card before both are in, deck order, rng.
//! Public: the board, hands (the cards are known and discards are open), prisons, tracks.

use serde::Serialize;

use super::content::{Rules, NONE};
use super::rules::combat::StrengthParts;
use super::rules::*;
use super::state::*;
use crate::engine::{Action, ActionInfo, Player, Viewer};

#[derive(Serialize)]
pub struct SeatView {
    pub house: String,
    pub power: u8,
    pub supply: u8,
    pub castles: u8,
    pub claims: u8,
    pub hand: Vec<String>,
    pub discard: Vec<String>,
    pub removed: Vec<String>,
    pub tactics: Vec<String>,
    pub tactic: Option<String>,
    pub locked: bool,
    pub bid_committed: bool,
}

#[derive(Serialize)]
pub struct AreaView {
    pub id: u8,
    pub name: String,
    pub owner: Option<String>,
    pub foot: u8,
    pub knight: u8,
    pub ship: u8,
    pub routed: u8,
    pub token: bool,
    pub neutral: u8,
    pub closed: bool,
    /// The order token, "hidden" for another seat's order before the reveal.
    pub order: Option<String>,
}

#[derive(Serialize)]
pub struct LeaderView {
    pub name: String,
    pub house: String,
    pub area: Option<String>,
    pub prisoner_of: Option<String>,
    pub dead: bool,
}

#[derive(Serialize)]
pub struct CombatView {
    pub area: String,
    pub attacker: String,
    pub defender: String,
    pub attacking: [u8; 3],
    pub cards: [Option<String>; 2],
    pub totals: [i16; 2],
    pub stage: String,
    /// Each side's strength part by part (attacker, defender), for the preview. Until both house cards are
    /// in, cards, their abilities and tactics count nothing here: only what every player can add up.
    pub parts: [StrengthParts; 2],
}

/// A march order being carried out: its units are on the table, so every seat sees the moves made so far.
#[derive(Serialize)]
pub struct MarchView {
    pub house: String,
    pub from: String,
    /// Units still in `from`: [footmen, knights, ships].
    pub left: [u8; 3],
    pub moves: Vec<MoveView>,
}

#[derive(Serialize)]
pub struct MoveView {
    pub to: String,
    /// [footmen, knights, ships].
    pub units: [u8; 3],
    /// Land units carried over a chain of ships (the destination is not next to the origin).
    pub by_sea: bool,
}

#[derive(Serialize)]
pub struct View {
    pub round: u8,
    pub phase: String,
    pub waiting_for: Vec<String>,
    pub question: String,
    pub seats: Vec<SeatView>,
    pub areas: Vec<AreaView>,
    pub throne: Vec<String>,
    pub fiefdoms: Vec<String>,
    pub court: Vec<String>,
    pub iron_throne_holder: String,
    pub threat: u8,
    pub restrictions: Vec<String>,
    pub westeros: Vec<String>,
    pub wildling_card: Option<String>,
    pub leaders: Vec<LeaderView>,
    pub combat: Option<CombatView>,
    /// The march order being carried out, its moves so far (they take effect when it ends).
    pub march: Option<MarchView>,
    pub bids: Option<Vec<u8>>,
    /// What the bidding under way is for: "Iron Throne", "Fiefdoms", "King's Court" or "the Night's Watch"
    /// (the wildlings' attack); None when no one is bidding.
    pub bidding_for: Option<&'static str>,
    pub winner: Option<String>,
    /// Which set the house cards and the Westeros decks come from ("base" or "storm_of_swords"): cards of the
    /// two sets share names (Robb Stark, Supply) but not texts, so a client looks texts up by (set, name).
    pub house_card_set: &'static str,
    pub westeros_set: &'static str,
}

fn cards_of(r: &Rules, house: u8, mask: u8) -> Vec<String> {
    (0..7).filter(|i| mask & (1 << i) != 0).filter_map(|i| r.card(house, i).map(|c| c.name.clone())).collect()
}

impl AgotBoard {
    pub fn make_view(&self, r: &Rules, viewer: Viewer) -> View {
        let sees = |p: u8| viewer.sees_private_of(p);
        let hn = |p: u8| self.hname(r, p).to_string();
        let seats = self
            .seats
            .iter()
            .enumerate()
            .map(|(p, s)| {
                let p = p as u8;
                let tactic_visible = !self.orders_hidden || sees(p);
                SeatView {
                    house: hn(p),
                    power: s.power,
                    supply: s.supply,
                    castles: self.castles_of(r, p),
                    claims: self.claims_of(r, p),
                    hand: cards_of(r, s.house, s.hand),
                    discard: cards_of(r, s.house, s.discard),
                    removed: cards_of(r, s.house, s.removed),
                    tactics: if r.opts.tactics {
                        (0..r.tactics.len())
                            .filter(|t| s.tactics & (1 << t) != 0)
                            .map(|t| r.tactics[t].1.clone())
                            .collect()
                    } else {
                        Vec::new()
                    },
                    tactic: if tactic_visible {
                        r.tactics.get(usize::from(s.tactic)).map(|t| t.1.clone())
                    } else {
                        None
                    },
                    locked: s.locked,
                    bid_committed: s.bid != NONE,
                }
            })
            .collect();
        let areas = self
            .areas
            .iter()
            .enumerate()
            .filter(|(_, a)| a.owner != NONE || a.neutral > 0 || a.closed)
            .map(|(i, a)| AreaView {
                id: i as u8,
                name: r.area_name(i as u8).to_string(),
                owner: (a.owner != NONE).then(|| hn(a.owner)),
                foot: a.foot,
                knight: a.knight,
                ship: a.ship,
                routed: a.routed.iter().sum(),
                token: a.token,
                neutral: a.neutral,
                closed: a.closed,
                order: (a.order != NONE).then(|| {
                    if self.orders_hidden && !sees(a.owner) {
                        "hidden".to_string()
                    } else {
                        ORDER_NAMES.get(usize::from(a.order)).copied().unwrap_or("?").to_string()
                    }
                }),
            })
            .collect();
        let mut restrictions = Vec::new();
        for (bit, name) in [
            (NO_DEFENSE, "no Defense orders"),
            (NO_RAID, "no Raid orders"),
            (NO_CONSOLIDATE, "no Consolidate Power orders"),
            (NO_MARCH_PLUS, "no March +1 orders"),
            (NO_SUPPORT, "no Support orders"),
            (FOOTMEN_NO_SUPPORT, "footmen give no support"),
        ] {
            if self.restrict & bit != 0 {
                restrictions.push(name.to_string());
            }
        }
        let leaders = self
            .leaders
            .iter()
            .map(|l| LeaderView {
                name: self
                    .seats
                    .get(usize::from(l.seat))
                    .and_then(|s| r.card(s.house, l.card))
                    .map_or("?".into(), |c| c.name.clone()),
                house: hn(l.seat),
                area: (l.area != NONE).then(|| r.area_name(l.area).to_string()),
                prisoner_of: (l.captor != NONE).then(|| hn(l.captor)),
                dead: l.dead,
            })
            .collect();
        let combat = self.combat.as_ref().map(|c| {
            let both = !c.cards.contains(&NONE);
            let card = |side: usize| {
                if both || sees(c.seats[side]) {
                    self.side_card(r, c, side).map(|k| k.name.clone())
                } else {
                    None
                }
            };
            CombatView {
                area: r.area_name(c.area).to_string(),
                attacker: hn(c.seats[0]),
                defender: hn(c.seats[1]),
                attacking: c.att,
                cards: [card(0), card(1)],
                totals: c.totals,
                stage: format!("{:?}", c.stage),
                parts: [self.strength_parts(r, c, 0, both), self.strength_parts(r, c, 1, both)],
            }
        });
        let march = self.march.as_ref().map(|m| MarchView {
            house: hn(m.seat),
            from: r.area_name(m.from).to_string(),
            left: m.left,
            moves: m
                .moves
                .iter()
                .map(|&(to, units)| MoveView {
                    to: r.area_name(to).to_string(),
                    units,
                    by_sea: !r.adjacent(m.from, to),
                })
                .collect(),
        });
        let bids = self.bidding.as_ref().filter(|b| b.revealed).map(|b| b.bids.clone());
        let bidding_for = self.bidding.as_ref().map(|b| match b.track {
            0 => "Iron Throne",
            1 => "Fiefdoms",
            2 => "King's Court",
            _ => "the Night's Watch",
        });
        let question = match &self.pending {
            Pending::Choice { kind, .. } => format!("{kind:?}"),
            other => format!("{other:?}").split('(').next().unwrap_or("").to_string(),
        };
        View {
            round: self.round,
            phase: format!("{:?}", self.phase),
            waiting_for: self.who_acts().iter().map(hn).collect(),
            question,
            seats,
            areas,
            throne: self.throne.iter().map(|&s| hn(s)).collect(),
            fiefdoms: self.fief.iter().map(|&s| hn(s)).collect(),
            court: self.court.iter().map(|&s| hn(s)).collect(),
            iron_throne_holder: hn(self.throne_holder()),
            threat: self.threat,
            restrictions,
            westeros: self.drawn.iter().filter_map(|&c| r.wcards.get(usize::from(c)).map(|w| w.name.clone())).collect(),
            wildling_card: r.wild.get(usize::from(self.wild_card)).map(|w| w.1.clone()),
            leaders,
            combat,
            march,
            bids,
            bidding_for,
            winner: (self.winner != NONE).then(|| hn(self.winner)),
            house_card_set: if r.opts.sos_house_cards { "storm_of_swords" } else { "base" },
            westeros_set: if r.opts.sos_westeros { "storm_of_swords" } else { "base" },
        }
    }

    pub fn describe_action(&self, r: &Rules, p: Player, a: Action) -> ActionInfo {
        let kind = a >> 16;
        let pay = a & 0xFFFF;
        let area = |x: u32| r.area_name(x as u8).to_string();
        let order = |k: u32| ORDER_NAMES.get(k as usize).copied().unwrap_or("?");
        match kind {
            K_PASS => ActionInfo::new(
                a,
                "pass",
                match self.pending {
                    Pending::Orders => "Lock my orders",
                    Pending::Muster(_) => "Stop mustering",
                    _ => "Pass",
                },
            ),
            K_PLACE => ActionInfo::new(a, "order", format!("Order {} in {}", order(pay & 15), area(pay >> 4)))
                .with("area", pay >> 4)
                .with("order", pay & 15),
            K_TACTIC => ActionInfo::new(
                a,
                "tactic",
                format!("Tactic: {}", r.tactics.get(pay as usize).map_or("?", |t| t.1.as_str())),
            ),
            K_BID => ActionInfo::new(a, "bid", format!("Bid {pay} power")).with("bid", pay),
            K_RAVEN => {
                ActionInfo::new(a, "raven", format!("Raven: make {} an order {}", area(pay >> 4), order(pay & 15)))
            }
            K_RAID => {
                let (f, t) = (pay >> 8, pay & 0xFF);
                let label = if t == u32::from(NONE) {
                    format!("Remove the raid in {} unused", area(f))
                } else {
                    format!("Raid from {} into {}", area(f), area(t))
                };
                ActionInfo::new(a, "raid", label)
            }
            K_MARCH => ActionInfo::new(a, "march", format!("Resolve the march in {}", area(pay))).with("area", pay),
            K_MOVE => {
                let (u, d) = (pay >> 8, pay & 0xFF);
                let who = if u >= LEADER_UNIT {
                    self.leaders
                        .get((u - LEADER_UNIT) as usize)
                        .and_then(|l| self.seats.get(usize::from(l.seat)).and_then(|s| r.card(s.house, l.card)))
                        .map_or("a leader".into(), |c| c.name.clone())
                } else {
                    format!("a {}", Self::unit_name(u as usize))
                };
                ActionInfo::new(a, "move", format!("Move {who} to {}", area(d))).with("dest", d)
            }
            K_END => ActionInfo::new(
                a,
                "end-march",
                if pay == 1 { "End the march, leaving a power token" } else { "End the march" },
            ),
            K_RESET => {
                ActionInfo::new(a, "reset-march", "Take this march's moves back (their areas close to this march)")
            }
            K_CARD => {
                let house = self.seats.get(usize::from(p)).map_or(0, |s| s.house);
                let c = r.card(house, pay as u8);
                ActionInfo::new(
                    a,
                    "house-card",
                    c.map_or("?".into(), |c| {
                        format!("Play {} ({}, {} swords, {} forts)", c.name, c.strength, c.swords, c.forts)
                    }),
                )
            }
            K_CP => {
                let label = if pay & 1 == 1 {
                    format!("Muster in {} (special Consolidate Power)", area(pay >> 1))
                } else {
                    format!("Consolidate power in {}", area(pay >> 1))
                };
                ActionInfo::new(a, "consolidate", label)
            }
            K_MUSTER => {
                let (ar, opt) = (pay >> 8, pay & 0xFF);
                let what = match opt {
                    0 => "a footman".to_string(),
                    1 => "a knight".to_string(),
                    2 => "a knight from a footman".to_string(),
                    j => {
                        let s =
                            r.areas.get(ar as usize).and_then(|x| x.adj.get((j - 3) as usize)).copied().unwrap_or(NONE);
                        format!("a ship in {}", r.area_name(s))
                    }
                };
                ActionInfo::new(a, "muster", format!("Muster {what} at {}", area(ar)))
            }
            K_CHOOSE => self.describe_choice(r, p, a, pay as u16),
            _ => ActionInfo::new(a, "unknown", "Unknown action"),
        }
    }

    fn describe_choice(&self, r: &Rules, p: Player, a: Action, o: u16) -> ActionInfo {
        let Pending::Choice { kind, .. } = &self.pending else {
            return ActionInfo::new(a, "choice", format!("Option {o}"));
        };
        let house = self.seats.get(usize::from(p)).map_or(0, |s| s.house);
        let card_name = |h: u8, i: u16| r.card(h, i as u8).map_or("none".into(), |c| c.name.clone());
        let label = match kind {
            ChoiceKind::TieOrder => format!("Put {} next on the track", self.hname(r, o as u8)),
            ChoiceKind::ThroneOfBlades | ChoiceKind::DarkWings => {
                let opts = if *kind == ChoiceKind::ThroneOfBlades {
                    ["Supply", "Mustering", "Nothing"]
                } else {
                    ["Clash of Kings", "Game of Thrones", "Nothing"]
                };
                opts.get(usize::from(o)).copied().unwrap_or("?").to_string()
            }
            ChoiceKind::Reconcile | ChoiceKind::Sacrifice => {
                format!("Destroy a {} in {}", Self::unit_name(usize::from(o & 3)), r.area_name((o >> 2) as u8))
            }
            ChoiceKind::Execute => {
                if o == u16::from(NONE) {
                    "Spare the hostages".into()
                } else {
                    let l = self.leaders.get(usize::from(o));
                    let n = l.and_then(|l| {
                        self.seats.get(usize::from(l.seat)).map(|s| card_name(s.house, u16::from(l.card)))
                    });
                    format!("Execute {}", n.unwrap_or_default())
                }
            }
            ChoiceKind::TakeBack => {
                if o == u16::from(NONE) {
                    "Take nothing back".into()
                } else {
                    format!("Take {} back", card_name(house, o))
                }
            }
            ChoiceKind::DiscardStrongest => format!("Discard {}", card_name(house, o)),
            ChoiceKind::MelisandreDiscard => {
                let opp = self.combat.as_ref().map_or(0, |c| if c.seats[0] == p { c.seats[1] } else { c.seats[0] });
                let oh = self.seats.get(usize::from(opp)).map_or(0, |s| s.house);
                if o == u16::from(NONE) {
                    "Keep the power".into()
                } else {
                    format!("Pay 1 power: discard {}", card_name(oh, o))
                }
            }
            ChoiceKind::RemoveOrder => {
                if o == u16::from(NONE) {
                    "Remove nothing".into()
                } else {
                    format!("Remove the order in {}", r.area_name(o as u8))
                }
            }
            ChoiceKind::Tyrion => if o == 1 { "Send the opponent's card back" } else { "Let it stand" }.into(),
            ChoiceKind::Aeron => if o == 1 { "Pay 2 power and swap Aeron" } else { "Keep Aeron" }.into(),
            ChoiceKind::Davos => if o == 1 { "Pay 2 power for a fortification" } else { "Keep the power" }.into(),
            ChoiceKind::Blade => if o == 1 { "Use the Valyrian Steel Blade (+1)" } else { "Keep the Blade" }.into(),
            ChoiceKind::Stannis => {
                if o == 1 { "Take the Iron Throne token (+1 sword)" } else { "Leave the token" }.into()
            }
            ChoiceKind::Renly => if o == 1 { "Upgrade a footman to a knight" } else { "Keep the footmen" }.into(),
            ChoiceKind::RetreatFor | ChoiceKind::Retreat => format!("Retreat to {}", r.area_name(o as u8)),
            ChoiceKind::Casualty => format!("Lose a {}", Self::unit_name(usize::from(o))),
            ChoiceKind::PlaceOrder => {
                if o == u16::from(NONE) {
                    "Place no order".into()
                } else {
                    format!("Place {}", ORDER_NAMES.get(usize::from(o)).copied().unwrap_or("?"))
                }
            }
            ChoiceKind::Support => match o {
                0 => format!(
                    "Support the attacker ({})",
                    self.combat.as_ref().map_or("?", |c| self.hname(r, c.seats[0]))
                ),
                1 => format!(
                    "Support the defender ({})",
                    self.combat.as_ref().map_or("?", |c| self.hname(r, c.seats[1]))
                ),
                _ => "Support nobody".into(),
            },
        };
        ActionInfo::new(a, "choice", label).with("option", u32::from(o))
    }
}
