//! The composable operations added for the pool's Greyjoy, Night's Watch, neutral, plot and agenda records
//! (issue 15, ccgb): one arm each, as in `effect_ops.rs`.

use super::super::content::Rules;
use super::super::state::{AgotCcg, Event};
use super::super::vocab::Op;
use super::triggered::Resolving;
use crate::engine::Events;

impl AgotCcg {
    /// Resolve one of this module's operations (the others are `effect_ops.rs`'s).
    pub(super) fn apply_pool_op(&mut self, rules: &Rules, r: &mut Resolving, o: &Op, ev: &mut Events<Event>) {
        let _ = ev;
        if let Op::CannotBeSaved { on } = o {
            // "Cannot be saved": no save window and no duplicate until the end of the phase (rulebook "Risposte
            // Salva/Cancella"); `no_save` is cleared when the phase ends.
            for u in self.subjects(rules, r, on) {
                if !self.no_save.contains(&u) {
                    self.no_save.push(u);
                }
            }
        }
    }
}
