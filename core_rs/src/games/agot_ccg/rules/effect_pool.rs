//! Operations and checks added for the House records of the Winter Edition pool (issue 15, branch ccga):
//! "cannot be saved" discards, X counted from the current challenge.

use super::super::content::Rules;
use super::super::state::{AgotCcg, Event};
use super::super::vocab::{Op, To};
use super::triggered::Resolving;
use crate::engine::Events;

impl AgotCcg {
    /// How many characters participate in the current challenge (0 outside one).
    pub fn participants(&self) -> usize {
        self.challenge.as_ref().map_or(0, |ch| ch.attackers.len() + ch.defenders.len())
    }

    /// Resolve one of the operations this module adds (called from `apply_op`).
    pub(super) fn apply_pool_op(&mut self, rules: &Rules, r: &mut Resolving, o: &Op, ev: &mut Events<Event>) {
        match o {
            Op::DiscardUnsaved { on } => {
                // Straight out of play: no duplicate, no save window ("cannot be saved").
                for u in self.subjects(rules, r, on) {
                    let Some((s, i)) = self.locate(u) else { continue };
                    let (card, owner) = (self.seats[s].play[i].def, self.seats[s].play[i].owner);
                    ev.public(|| Event::Discarded { seat: owner, card, dead: false });
                    self.remove_from_play(rules, s, i, To::Discard, ev);
                }
            }
            _ => {}
        }
    }
}
