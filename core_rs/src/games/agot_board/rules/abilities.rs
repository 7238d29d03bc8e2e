//! House-card texts (research §5.1 first-edition set, §5.2 Storm of Swords set): the abilities that act "at
//! once" after the reveal, and those that act once the winner is known. Called from `combat::combat_step`.

use super::super::content::{Ability, Rules, NONE};
use super::super::state::*;
use super::{note, Ev, NO_CARD};

impl AgotBoard {
    /// Abilities that act "at once" after the reveal.
    pub(super) fn immediate(&mut self, r: &Rules, c: &mut Combat, side: usize, ev: &mut Ev) {
        let o = 1 - side;
        let seat = c.seats[side];
        let opp = c.seats[o];
        match self.ability(r, c, side) {
            Ability::ReturnCard if !c.tyrion_used && c.cards[o] != NO_CARD => {
                self.ask(seat, ChoiceKind::Tyrion, vec![0, 1]);
            }
            Ability::AeronSwap if !c.aeron_used => {
                let s = &self.seats[usize::from(seat)];
                let others = s.hand & !1u8.checked_shl(u32::from(c.cards[side])).unwrap_or(0);
                if s.power >= 2 && others != 0 {
                    self.ask(seat, ChoiceKind::Aeron, vec![0, 1]);
                }
            }
            Ability::KillFootman if self.ability(r, c, o) != Ability::NoCasualties => {
                let killed = if o == 0 {
                    if c.att[0] > 0 {
                        c.att[0] -= 1;
                        true
                    } else {
                        false
                    }
                } else {
                    let a = &mut self.areas[usize::from(c.area)];
                    if a.foot > 0 {
                        a.foot -= 1;
                        a.clamp_routed();
                        true
                    } else {
                        false
                    }
                };
                if killed {
                    note(ev, || format!("{} loses a footman at once", self.hname(r, opp)));
                    if self.side_units(c, o).iter().sum::<u8>() == 0 {
                        c.early = true;
                        c.winner = side as u8;
                    }
                }
            }
            Ability::DiscardDefense if o == 1 => {
                let a = &mut self.areas[usize::from(c.area)];
                if matches!(okind(a.order), Some(OKind::Defense(_))) {
                    a.order = NONE;
                }
            }
            // "You may take it": a choice, answered in `combat_choice`.
            Ability::StannisThrone if self.throne_holder() == opp => self.ask(seat, ChoiceKind::Stannis, vec![0, 1]),
            Ability::PowerFromOpponentStrength => {
                let n = self.side_card(r, c, o).map_or(0, |k| k.strength);
                self.gain_power(r, seat, n);
            }
            Ability::RemoveOrderNearby => {
                let mut opts: Vec<u16> = Vec::new();
                let mut near = vec![c.area];
                near.extend(r.areas[usize::from(c.area)].adj.iter().copied());
                for b in near {
                    let x = &self.areas[usize::from(b)];
                    if x.owner == opp && x.order != NONE {
                        opts.push(u16::from(b));
                    }
                }
                if !opts.is_empty() {
                    self.ask(seat, ChoiceKind::RemoveOrder, opts);
                }
            }
            _ => {}
        }
    }

    /// Abilities that act once the winner is known (after retreats).
    pub(super) fn after(&mut self, r: &Rules, c: &mut Combat, side: usize) {
        let o = 1 - side;
        let seat = c.seats[side];
        let opp = c.seats[o];
        let won = usize::from(c.winner) == side;
        let s = &self.seats[usize::from(seat)];
        let (hand, discard, power) = (s.hand, s.discard, s.power);
        let played = |x: u8| if x < 7 { 1u8 << x } else { 0 };
        match self.ability(r, c, side) {
            // "May be upgraded": offered as a choice, answered in `combat_choice`.
            Ability::RenlyUpgrade if won => {
                let have = self.units_of(seat);
                let a = &self.areas[usize::from(c.area)];
                if a.owner == seat && a.foot > 0 && have[1] < r.pool[1] {
                    self.ask(seat, ChoiceKind::Renly, vec![0, 1]);
                }
            }
            Ability::MelisandreDiscard if won && power >= 1 => {
                let oh = self.seats[usize::from(opp)].hand & !played(c.cards[o]);
                let mut opts: Vec<u16> = (0..7u16).filter(|&i| oh & (1 << i) != 0).collect();
                if !opts.is_empty() {
                    opts.push(u16::from(NONE));
                    self.ask(seat, ChoiceKind::MelisandreDiscard, opts);
                }
            }
            Ability::WinPowerTwo if won => self.gain_power(r, seat, 2),
            Ability::RemoveLoserOrder if won => {
                let opts: Vec<u16> = self
                    .areas
                    .iter()
                    .enumerate()
                    .filter(|(_, a)| a.owner == opp && a.order != NONE)
                    .map(|(i, _)| i as u16)
                    .collect();
                if !opts.is_empty() {
                    self.ask(seat, ChoiceKind::RemoveOrder, opts);
                }
            }
            Ability::WinTakeBack if won && discard != 0 => {
                let opts: Vec<u16> = (0..7u16).filter(|&i| discard & (1 << i) != 0).collect();
                self.ask(seat, ChoiceKind::TakeBack, opts);
            }
            Ability::EndTakeBack if discard != 0 => {
                let mut opts: Vec<u16> = (0..7u16).filter(|&i| discard & (1 << i) != 0).collect();
                opts.push(u16::from(NONE));
                self.ask(seat, ChoiceKind::TakeBack, opts);
            }
            Ability::WinRemoveAdjacentOrder if won => {
                let mut opts: Vec<u16> = r.areas[usize::from(c.area)]
                    .adj
                    .iter()
                    .filter(|&&b| {
                        let x = &self.areas[usize::from(b)];
                        x.owner != seat && matches!(okind(x.order), Some(OKind::Support(_) | OKind::Consolidate))
                    })
                    .map(|&b| u16::from(b))
                    .collect();
                if !opts.is_empty() {
                    opts.push(u16::from(NONE));
                    self.ask(seat, ChoiceKind::RemoveOrder, opts);
                }
            }
            Ability::WinPowerSwing if won => {
                self.gain_power(r, seat, 2);
                self.lose_power(opp, 2);
            }
            Ability::OpponentLosesTwo => self.lose_power(opp, 2),
            Ability::WinPowerDifference if won => {
                let d = (c.totals[0] - c.totals[1]).unsigned_abs().min(20) as u8;
                self.gain_power(r, seat, d);
            }
            Ability::WinPlaceOrder if won && self.areas[usize::from(c.area)].owner == seat => {
                // The order being replaced goes back to the house's stock, so it counts as available.
                let replacing = self.areas[usize::from(c.area)].order;
                let mut opts: Vec<u16> = [3u8, 5]
                    .iter()
                    .filter(|&&k| self.token_allowed(r, seat, k, replacing))
                    .map(|&k| u16::from(k))
                    .collect();
                if !opts.is_empty() {
                    opts.push(u16::from(NONE));
                    self.ask(seat, ChoiceKind::PlaceOrder, opts);
                }
            }
            _ => {}
        }
        let _ = hand;
    }
}
