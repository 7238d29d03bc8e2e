//! *Hearts*, to the rules and default parameters of OpenSpiel's `hearts` (`open_spiel/games/hearts/hearts.cc`),
//! so that Ravenry and OpenSpiel can be measured on identical work and checked move for move against each other
//! (tests/plugins/hearts). The rules are numbered in docs/games/hearts.md; tests cite those sections.
//!
//! Facts: 4 players; sequential trick play after a secret simultaneous pass (every seat commits three cards, one
//! action per card, hidden until all twelve are down); chance only in the deal and, by default, the first pass
//! direction (OpenSpiel's first chance node); general-sum terminal returns, 26 minus the hand's points per seat
//! (0..36). Options are OpenSpiel's parameters with its defaults (`pass_cards`, `no_pts_on_first_trick`,
//! `can_lead_any_club`, `jd_bonus`, `avoid_all_tricks_bonus`, `must_break_hearts`, `qs_breaks_hearts`,
//! `can_lead_hearts_instead_of_qs`), plus `pass_direction` (random like OpenSpiel, or fixed) and `hands`
//! (OpenSpiel plays one; more hands cycle the pass left, right, across, none and sum the returns).
//!
//! Action codes: a card, `suit * 13 + rank` (0 = 2♣ … 51 = A♠), for a pass and for a play alike; one code per
//! decision, like OpenSpiel's per-card pass and play actions, so both engines count the same 64 decisions a
//! hand (12 passes, 52 plays) and their legal sets map card for card.

pub mod bots;
mod game;
mod hidden;
mod observe;
pub mod rules;
pub mod state;
pub mod view;

pub use state::{Hearts, Rules};

use crate::bots::{Bots, MakeBot};

#[cfg(test)]
mod tests;

impl Bots for Hearts {
    const BOTS: &'static [(&'static str, MakeBot<Self>)] = &[("heuristic", || Box::new(bots::Heuristic))];
}
