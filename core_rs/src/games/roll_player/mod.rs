//! *Roll Player* (Thunderworks Games, 2016), 1–4 players, solo mode and the four rulebook variants.
//!
//! Sources: the rulebook (`shared/rules/roll_player.ru.txt`, Russian translation — the law), the research file
//! (`shared/research/roll_player.md`) for races, classes, backstories and alignments, and designed market-card
//! and class-ability texts marked `source = "designed"` in the plugin's data files.
//!
//! Facts: sequential turns, perfect information except the market deck order and the bag draws (chance);
//! scores are Reputation Stars; ties go to most gold, then fewest class-colour dice, then a shared win.
//! Options: `class_selection` ("draw" | "choose"), `less_random_setup`, `random_market`, `short_game`,
//! `friendly_market` (the variants, combinable).
//!
//! Skill cards "may be used at any time unless the card says otherwise": every designed skill text names its
//! window (one of its owner's turns), so decisions stay with one seat at a time.

pub mod bots;
pub mod content;
pub mod observe;
pub mod rules;
pub mod scoring;
pub mod state;
pub mod view;

pub use content::Rules;

pub use state::RollPlayer;

use crate::bots::{Bots, MakeBot};

#[cfg(test)]
pub(crate) mod tests;

impl Bots for RollPlayer {
    const BOTS: &'static [(&'static str, MakeBot<Self>)] = &[("heuristic", || Box::new(bots::Heuristic))];
    /// The search budget and playout this game plays best with (measured: docs/games/roll_player.md).
    const ISMCTS_DEFAULTS: &'static str = "iterations=300,rollout=heuristic";
}

/// Factored actions: the default single factor, the dense space itself (narrow enough for one policy head).
impl crate::engine::Factored for RollPlayer {}
