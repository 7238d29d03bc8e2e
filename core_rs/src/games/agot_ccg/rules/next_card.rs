//! What waits for "the next card you play this phase": cost reductions (`Seat::reductions`: a House index, any
//! card, or the next card of a type: Paper Money, The New Gift, The Old Gift) and the leave to pay part of its gold
//! cost with influence (`Seat::influence_pays`: The New Gift, The Old Gift). The next card that fits uses them; the
//! rest lapse when the marshalling turn ends.

use super::super::cards::classify::fits;
use super::super::cards::Rules;
use super::super::effects::def;
use super::super::state::{AgotCcg, Pending, Then};
use crate::engine::Player;

impl AgotCcg {
    /// What `ps` can spend on `card` now: its gold, and its standing influence when the card may be paid with it.
    pub fn purse(&self, rules: &Rules, ps: usize, card: u16) -> u16 {
        let s = &self.seats[ps];
        let d = def(rules, card);
        let influence =
            if s.influence_pays.iter().any(|&h| fits(h, d)) { self.available_influence(rules, ps) } else { 0 };
        u16::from(s.gold) + u16::from(influence)
    }

    /// `card` is played for `cost`: its gold is paid, what its gold cannot pay is asked in influence when that is
    /// allowed, and the waiting reductions and payments that fit it are used up.
    pub(super) fn pay_for_card(&mut self, rules: &Rules, ps: usize, card: u16, cost: u8) {
        let d = def(rules, card);
        let s = &mut self.seats[ps];
        let short = cost.saturating_sub(s.gold);
        s.gold = s.gold.saturating_sub(cost);
        let by_influence = s.influence_pays.iter().any(|&h| fits(h, d));
        s.reductions.retain(|&h| !fits(h, d));
        s.influence_pays.retain(|&h| !fits(h, d));
        if short > 0 && by_influence {
            self.pending.insert(0, Pending::PayFor { seat: ps as Player, left: short, then: Then::Paid });
        }
    }
}
