use super::Bot;
use crate::engine::{Action, Game, Player};
use crate::rng::Rng;

/// Picks uniformly among the legal actions.
pub struct RandomBot;

impl<G: Game> Bot<G> for RandomBot {
    fn act(&mut self, _rules: &G::Ruleset, _state: &G, _p: Player, legal: &[Action], rng: &mut Rng) -> Action {
        legal.get(rng.index(legal.len())).copied().unwrap_or(0)
    }
}
