//! *A Game of Thrones* collectible card game, 1st edition (Fantasy Flight Games, Winter Edition 2005),
//! 2–4 players.
//!
//! Sources: the Italian rulebook of the Winter Edition (`shared/rules/agot_ccg_1e.it.txt`, the law) and the
//! research file (`shared/research/agot_ccg.md`: Winter Edition card tables, FAQ timing). Card texts are
//! expressed in the effect vocabulary of `cards::Ability`; the pool and the designed decklists are in the
//! plugin's `data/cards.json` and `data/decks.json` (docs/games/agot_ccg.md says what is in and out).
//!
//! Facts: sequential decisions except the plot choice (a secret simultaneous commit); hidden hands, deck
//! order, face-down setup cards and chosen plots; chance in shuffles, the initiative tie-break and the random
//! intrigue discards. A match ends at 15 power, when the curse eliminates all but one player, or at the
//! `round_limit` (the rulebook's tournament time limit: most power wins). Options: `decks` (one house per
//! seat; empty = distinct houses at random), `round_limit`.

pub mod bots;
pub mod cards;
pub mod effects;
pub mod factored;
pub mod observe;
pub mod rules;
pub mod state;
mod tally;
pub mod view;

pub use cards::Rules;

pub use state::AgotCcg;

use crate::bots::{Bots, MakeBot};

#[cfg(test)]
mod tests;

impl Bots for AgotCcg {
    const BOTS: &'static [(&'static str, MakeBot<Self>)] = &[("heuristic", || Box::new(bots::Heuristic))];
    /// The search budget and playout this game plays best with (measured: docs/games/agot_ccg.md).
    const ISMCTS_DEFAULTS: &'static str = "iterations=200,rollout=heuristic,cut=100";
    fn worth_searching(&self, rules: &Rules, p: crate::engine::Player, a: crate::engine::Action) -> bool {
        AgotCcg::worth_searching(self, rules, p, a)
    }
}
