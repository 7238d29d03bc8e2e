//! Battles (research §3.5): support declarations, secret house cards, card abilities in Fiefdoms order,
//! the Valyrian Steel Blade, totals (ties to Fiefdoms), casualties, retreat or rout, after-battle abilities,
//! and the house-card cycle. Leaders (variant 4) add strength and are captured when their army is wiped out.
//! This file holds the step machine and the combat choices; the strength sums are in `strength`, the retreat
//! and the battle's end in `retreat`.

use super::super::content::{Ability, Rules, NONE};
use super::super::state::*;
use super::{note, Ev, NO_CARD};
use crate::engine::Player;

/// A side's combat strength by part (research §3.5 step 2: units, orders, support; then card, bonuses such as
/// the Valyrian Steel Blade, leaders, card abilities and tactics). The view carries it for the preview.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize)]
pub struct StrengthParts {
    pub units: i16,
    /// The march order's modifier (attacker) or the defense order's bonus (defender).
    pub order: i16,
    pub support: i16,
    pub card: i16,
    /// Bonuses won during the battle, the Valyrian Steel Blade among them.
    pub bonus: i16,
    pub leaders: i16,
    /// Printed card abilities that add strength.
    pub ability: i16,
    pub tactic: i16,
}

impl StrengthParts {
    pub fn total(&self) -> i16 {
        self.units + self.order + self.support + self.card + self.bonus + self.leaders + self.ability + self.tactic
    }
}

impl AgotBoard {
    pub(super) fn ask(&mut self, seat: Player, kind: ChoiceKind, options: Vec<u16>) {
        self.pending = Pending::Choice { seat, kind, options };
    }

    pub fn combat_step(&mut self, r: &Rules, ev: &mut Ev) {
        let Some(mut c) = self.combat.take() else { return };
        match c.stage {
            CStage::Support => {
                let land = !r.areas[usize::from(c.area)].sea;
                let _ = land;
                for &q in &self.throne.clone() {
                    if c.support[usize::from(q)] != NONE {
                        continue;
                    }
                    if self.support_value(r, &c, q, Ability::None).is_some() {
                        self.combat = Some(c);
                        return self.ask(q, ChoiceKind::Support, vec![0, 1, 2]);
                    }
                    c.support[usize::from(q)] = 2;
                }
                c.stage = CStage::Cards;
            }
            CStage::Cards => {
                for side in 0..2 {
                    if c.cards[side] == NONE {
                        let hand = self.seats[usize::from(c.seats[side])].hand;
                        let avail = hand & !(1u8.checked_shl(u32::from(c.forbid[side])).unwrap_or(0));
                        if avail == 0 {
                            c.cards[side] = NO_CARD;
                        }
                    }
                }
                if c.cards.contains(&NONE) {
                    self.combat = Some(c);
                    self.pending = Pending::Cards;
                    return;
                }
                // Reveal; Queen of Thorns (1E) cancels the other card's text.
                for side in 0..2 {
                    let own = self.side_card(r, &c, side).map(|k| k.ability);
                    c.cancelled[1 - side] = own == Some(Ability::CancelText);
                }
                note(ev, || {
                    let n = |s: usize| self.side_card(r, &c, s).map_or("no card".to_string(), |k| k.name.clone());
                    format!(
                        "house cards: {} plays {}, {} plays {}",
                        self.hname(r, c.seats[0]),
                        n(0),
                        self.hname(r, c.seats[1]),
                        n(1)
                    )
                });
                c.stage = CStage::Immediate;
            }
            CStage::Immediate => {
                for side in self.fief_sides(&c) {
                    if !c.done[side] {
                        c.done[side] = true;
                        self.immediate(r, &mut c, side, ev);
                        self.combat = Some(c);
                        return;
                    }
                }
                c.stage = CStage::Blade;
            }
            CStage::Blade => {
                c.stage = CStage::Totals;
                let holder = self.fief.first().copied().unwrap_or(NONE);
                if c.seats.contains(&holder) && !self.blade_used && !c.early {
                    self.combat = Some(c);
                    return self.ask(holder, ChoiceKind::Blade, vec![0, 1]);
                }
            }
            CStage::Totals => {
                if !c.early {
                    c.totals = [self.strength(r, &c, 0), self.strength(r, &c, 1)];
                    c.winner = if c.totals[0] != c.totals[1] {
                        u8::from(c.totals[1] > c.totals[0])
                    } else {
                        self.fief_sides(&c)[0] as u8
                    };
                    note(ev, || {
                        format!(
                            "strength {} {} : {} {} — {} wins",
                            self.hname(r, c.seats[0]),
                            c.totals[0],
                            c.totals[1],
                            self.hname(r, c.seats[1]),
                            self.hname(r, c.seats[usize::from(c.winner)])
                        )
                    });
                }
                c.stage = CStage::Casualties;
                c.sub = 0;
                let l = 1 - usize::from(c.winner);
                if !c.early && self.ability(r, &c, l) == Ability::NoRoutBuyFort {
                    c.no_rout = true;
                    if self.seats[usize::from(c.seats[l])].power >= 2 {
                        let seat = c.seats[l];
                        self.combat = Some(c);
                        return self.ask(seat, ChoiceKind::Davos, vec![0, 1]);
                    }
                }
            }
            CStage::Casualties => {
                let w = usize::from(c.winner);
                let l = 1 - w;
                if c.sub == 0 {
                    c.sub = 1;
                    let mut n = if c.early { 0 } else { (self.swords(r, &c, w) - self.forts(r, &c, l)).max(0) };
                    if !c.early && self.ability(r, &c, w) == Ability::OneCasualtyRegardless {
                        n = n.max(1);
                    }
                    if self.ability(r, &c, l) == Ability::NoCasualties {
                        n = 0;
                    }
                    let have: u8 = self.side_units(&c, l).iter().sum();
                    c.casualties = (n.min(i16::from(have))) as u8;
                }
                let u = self.side_units(&c, l);
                if c.casualties > 0 && u.iter().any(|&x| x > 0) {
                    let opts: Vec<u16> = (0..3u16).filter(|&k| u[usize::from(k)] > 0).collect();
                    let seat = c.seats[l];
                    self.combat = Some(c);
                    return self.ask(seat, ChoiceKind::Casualty, opts);
                }
                c.stage = CStage::Retreat;
            }
            CStage::Retreat => {
                let w = usize::from(c.winner);
                let l = 1 - w;
                // Maege Mormont (SoS): when her side wins, she picks the loser's retreat, attacker or defender.
                let chooser_picks = self.ability(r, &c, w) == Ability::ChooseRetreat;
                let army: u8 = self.side_units(&c, l).iter().sum();
                if army == 0 {
                    if l == 1 {
                        self.retreat_to(r, &mut c, NONE, ev);
                    } else {
                        self.capture_leaders(r, c.seats[0], c.area, c.seats[1], ev);
                    }
                } else if l == 0 && !chooser_picks {
                    // A beaten attacker falls back to the area it marched from (research §3.5, 2E), if it still may.
                    let from = c.from;
                    let t = &self.areas[usize::from(from)];
                    if t.owner == c.seats[0] || t.owner == NONE {
                        return self.begin_retreat(r, c, from, ev);
                    }
                    c.att = [0; 3];
                    self.capture_leaders(r, c.seats[0], c.area, c.seats[1], ev);
                } else {
                    let opts = self.retreat_options(r, &c, l);
                    if !opts.is_empty() {
                        let (seat, kind) = if chooser_picks {
                            (c.seats[w], ChoiceKind::RetreatFor)
                        } else {
                            (c.seats[l], ChoiceKind::Retreat)
                        };
                        self.combat = Some(c);
                        return self.ask(seat, kind, opts.into_iter().map(u16::from).collect());
                    }
                    let loser = c.seats[l];
                    note(ev, || format!("{} cannot retreat: its units are destroyed", self.hname(r, loser)));
                    if l == 1 {
                        self.retreat_to(r, &mut c, NONE, ev);
                    } else {
                        c.att = [0; 3];
                        self.capture_leaders(r, loser, c.area, c.seats[1], ev);
                    }
                }
                c.stage = CStage::After;
                c.done = [false, false];
            }
            CStage::RetreatLosses => {
                let l = 1 - usize::from(c.winner);
                let u = self.side_units(&c, l);
                if c.casualties > 0 && u.iter().any(|&x| x > 0) {
                    let opts: Vec<u16> = (0..3u16).filter(|&k| u[usize::from(k)] > 0).collect();
                    let seat = c.seats[l];
                    self.combat = Some(c);
                    return self.ask(seat, ChoiceKind::Casualty, opts);
                }
                let dest = c.retreat_dest;
                if l == 1 {
                    self.retreat_to(r, &mut c, dest, ev);
                } else {
                    self.attacker_retreats_to(r, &mut c, dest, ev);
                }
                c.stage = CStage::After;
                c.done = [false, false];
            }
            CStage::After => {
                for side in self.fief_sides(&c) {
                    if !c.done[side] {
                        c.done[side] = true;
                        self.after(r, &mut c, side);
                        self.combat = Some(c);
                        return;
                    }
                }
                c.stage = CStage::Done;
            }
            CStage::Done => {
                // No supply recount: the Supply track moves only when a Supply card resolves (research §6.1).
                self.finish_combat(r, &c);
                return;
            }
        }
        self.combat = Some(c);
    }

    /// A combat choice (support, card abilities, Blade, casualties, retreat).
    pub fn combat_choice(&mut self, r: &Rules, p: Player, kind: ChoiceKind, opt: u16, ev: &mut Ev) {
        let Some(mut c) = self.combat.take() else { return };
        let side = usize::from(c.seats[1] == p);
        match kind {
            ChoiceKind::Support => {
                c.support[usize::from(p)] = opt as u8;
                note(ev, || {
                    let whom = match opt {
                        0 => self.hname(r, c.seats[0]).to_string(),
                        1 => self.hname(r, c.seats[1]).to_string(),
                        _ => "nobody".into(),
                    };
                    format!("{} supports {whom}", self.hname(r, p))
                });
            }
            ChoiceKind::Tyrion => {
                c.tyrion_used = true;
                if opt == 1 {
                    let o = 1 - side;
                    c.forbid[o] = c.cards[o];
                    c.cards[o] = NONE;
                    c.done[o] = false;
                    c.cancelled = [false, false];
                    c.stage = CStage::Cards;
                    note(ev, || format!("{} sends the card back", self.hname(r, p)));
                }
            }
            ChoiceKind::Aeron => {
                c.aeron_used = true;
                if opt == 1 {
                    let card = c.cards[side];
                    let s = &mut self.seats[usize::from(p)];
                    s.power = s.power.saturating_sub(2);
                    s.hand &= !(1u8.checked_shl(u32::from(card)).unwrap_or(0));
                    s.discard |= 1u8.checked_shl(u32::from(card)).unwrap_or(0) & 0x7F;
                    c.cards[side] = NONE;
                    c.bonus[side] -= 1;
                    c.done[side] = false;
                    c.cancelled = [false, false];
                    c.stage = CStage::Cards;
                    note(ev, || format!("{} pays 2 power to swap Aeron", self.hname(r, p)));
                }
            }
            ChoiceKind::Blade if opt == 1 => {
                c.bonus[side] += 1;
                self.blade_used = true;
                note(ev, || format!("{} uses the Valyrian Steel Blade", self.hname(r, p)));
            }
            ChoiceKind::Davos if opt == 1 => {
                self.lose_power(p, 2);
                c.forts[side] += 1;
            }
            ChoiceKind::Casualty => {
                let k = usize::from(opt);
                if side == 0 {
                    if let Some(x) = c.att.get_mut(k) {
                        *x = x.saturating_sub(1);
                    }
                } else {
                    let a = &mut self.areas[usize::from(c.area)];
                    match k {
                        0 => a.foot = a.foot.saturating_sub(1),
                        1 => a.knight = a.knight.saturating_sub(1),
                        _ => a.ship = a.ship.saturating_sub(1),
                    }
                    a.clamp_routed();
                }
                c.casualties = c.casualties.saturating_sub(1);
                note(ev, || format!("{} loses a {}", self.hname(r, p), Self::unit_name(k)));
            }
            ChoiceKind::Retreat | ChoiceKind::RetreatFor => return self.begin_retreat(r, c, opt as u8, ev),
            ChoiceKind::Stannis if opt == 1 => {
                self.throne_override = p;
                c.swords[side] += 1;
                note(ev, || format!("{} takes the Iron Throne token", self.hname(r, p)));
            }
            ChoiceKind::Renly if opt == 1 => {
                let a = &mut self.areas[usize::from(c.area)];
                if a.owner == p && a.foot > 0 {
                    a.foot -= 1;
                    a.knight += 1;
                    a.clamp_routed();
                    note(ev, || format!("{} upgrades a footman to a knight", self.hname(r, p)));
                }
            }
            _ => {}
        }
        self.combat = Some(c);
    }
}
