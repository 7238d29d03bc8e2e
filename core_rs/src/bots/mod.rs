//! Bots, generic over `Game`. `random` serves every game; games add their own through `Game::bot`.

mod random;

pub use random::RandomBot;

use crate::engine::{Action, Game, Player, SetupError};
use crate::rng::Rng;

/// A decision maker for one seat. `legal` is never empty when `act` is called.
pub trait Bot<G: Game>: Send + Sync {
    fn act(&mut self, rules: &G::Ruleset, state: &G, p: Player, legal: &[Action], rng: &mut Rng) -> Action;
}

/// Every bot name a game answers to.
pub fn names<G: Game>() -> Vec<&'static str> {
    let mut all = vec!["random"];
    all.extend(G::bot_names().iter().copied().filter(|n| *n != "random"));
    all
}

/// Build a bot by name.
pub fn make<G: Game>(name: &str) -> Result<Box<dyn Bot<G>>, SetupError> {
    if let Some(bot) = G::bot(name) {
        return Ok(bot);
    }
    if name == "random" {
        return Ok(Box::new(RandomBot));
    }
    Err(SetupError::UnknownBot { game: G::ID, name: name.to_owned(), known: names::<G>() })
}
