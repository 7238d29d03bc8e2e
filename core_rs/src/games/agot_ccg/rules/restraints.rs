//! Restraints a card's own text or an attachment puts on a character: "cannot attack or defend unless its
//! controller kneels 1 influence" (Banished, In Chains), and "discard it from play when…" (Band of Free Folk),
//! a condition checked after every decision and every automatic step.

use super::super::cards::classify;
use super::super::cards::{Ability, Rules};
use super::super::effects::def;
use super::super::state::{AgotCcg, Event, InPlay, Pending, Then};
use super::triggered::{flags, HAS_POOL};
use crate::engine::{Events, Player};

impl AgotCcg {
    /// The influence `c`'s controller must kneel to declare it as an attacker or defender (0: none).
    pub fn declare_influence(&self, rules: &Rules, c: &InPlay) -> u8 {
        if c.attachments.is_empty() {
            return 0;
        }
        let mut need = 0u8;
        for &(a, _) in c.attachments.iter().filter(|x| flags(rules, x.0) & HAS_POOL != 0) {
            for ab in &def(rules, a).abilities {
                if let Ability::AttachedDeclareInfluence { n } = ab {
                    need = need.saturating_add(*n);
                }
            }
        }
        need
    }

    /// May `p` pay what declaring `c` costs? Each declaration is paid on its own, at once, so it is enough that
    /// the influence stands now.
    pub fn may_pay_to_declare(&self, rules: &Rules, p: Player, c: &InPlay) -> bool {
        let need = self.declare_influence(rules, c);
        need == 0 || self.available_influence(rules, usize::from(p)) >= need
    }

    /// Does any of these characters cost influence to declare?
    pub(super) fn any_declare_cost(&self, rules: &Rules, uids: &[u16]) -> bool {
        uids.iter()
            .any(|&u| self.locate(u).is_some_and(|(s, i)| self.declare_influence(rules, &self.seats[s].play[i]) > 0))
    }

    /// `uid` was just declared: its controller kneels the influence its restraint asks (rulebook "Influenza": the
    /// providers of his choice, excess lost).
    pub(super) fn pay_to_declare(&mut self, rules: &Rules, p: Player, uid: u16) {
        let Some((s, i)) = self.locate(uid) else { return };
        let need = self.declare_influence(rules, &self.seats[s].play[i]);
        if need > 0 {
            self.pending.insert(0, Pending::PayFor { seat: p, left: need, then: Then::Paid });
        }
    }

    /// Discards the first card in play whose "discard it when" condition holds; true if one was. It cannot be
    /// saved: a save would leave the condition holding, and the card would be discarded again at once.
    pub(super) fn state_discards(&mut self, rules: &Rules, ev: &mut Events<Event>) -> bool {
        let hit = self.seats.iter().enumerate().find_map(|(s, seat)| {
            seat.play.iter().find(|c| {
                // `abilities_in` skips at once every card without the class.
                self.abilities_in(rules, c, classify::STATE_CHECK)
                    .iter()
                    .any(|ab| matches!(ab, Ability::DiscardedWhen { cond } if self.cond(rules, s as Player, c, cond)))
            })
        });
        let Some(uid) = hit.map(|c| c.uid) else { return false };
        self.unsaved.push(uid);
        self.discard_from_play(rules, uid, false, ev);
        true
    }
}
