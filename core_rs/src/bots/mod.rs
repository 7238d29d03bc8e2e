//! Bots, generic over `Game`. `random` and `ismcts` serve every game; games add their own by implementing `Bots`.
//! Every bot is named by a spec, `name` or `name:key=value,...` (see `spec`).

pub mod ismcts;
mod random;
pub mod spec;

pub use ismcts::{Ismcts, Params as IsmctsParams, Rollout};
pub use random::RandomBot;

use crate::engine::{Action, Game, Player, Search, SetupError};
use crate::rng::Rng;

/// A decision maker for one seat. `legal` is never empty when `act` is called.
pub trait Bot<G: Game>: Send + Sync {
    fn act(&mut self, rules: &G::Ruleset, state: &G, p: Player, legal: &[Action], rng: &mut Rng) -> Action;
}

/// Makes a fresh bot of game `G`.
pub type MakeBot<G> = fn() -> Box<dyn Bot<G>>;

/// A game's entry in the bot registry: its own bots and the search parameters it plays best with. These are
/// facts about the game that only bots ask for, so they live here and not on `Game` (the engine names no bot).
pub trait Bots: Search {
    /// The game's own bots by name (`heuristic`), beside `random` and `ismcts`, which serve every game.
    const BOTS: &'static [(&'static str, MakeBot<Self>)] = &[];
    /// The `ismcts` parameters this game plays best with (`"rollout=heuristic,cut=60"`); a bot spec's own
    /// parameters override them.
    const ISMCTS_DEFAULTS: &'static str = "";
    /// Whether a search should consider seat `p`'s legal move `a` here: `false` for a move the game knows to be
    /// dominated though legal (a CCG attachment that helps its host put on an opponent's character). The search
    /// leaves such moves out unless every move is one; the rules still allow them. It must read only what `p`
    /// may see, so that the search stays honest.
    fn worth_searching(&self, _rules: &Self::Ruleset, _p: Player, _a: Action) -> bool {
        true
    }
}

/// A fresh bot of `G`'s own named `name`, if it has one.
pub fn own<G: Bots>(name: &str) -> Option<Box<dyn Bot<G>>> {
    G::BOTS.iter().find(|(n, _)| *n == name).map(|(_, make)| make())
}

/// Every bot name a game answers to.
pub fn names<G: Bots>() -> Vec<&'static str> {
    let mut all = vec!["random", "ismcts"];
    for (n, _) in G::BOTS {
        if !all.contains(n) {
            all.push(n);
        }
    }
    all
}

/// The `ismcts` parameters a spec gives for `G`, over the game's defaults.
pub fn ismcts_params<G: Bots>(spec: &str) -> Result<IsmctsParams, SetupError> {
    IsmctsParams::parse(G::ISMCTS_DEFAULTS, spec, own::<G>("heuristic").is_some())
}

/// Whether `spec_text` names a bot of `G` with valid parameters, building nothing: a search's thread pool is
/// made (and kept) when the search is, so checking a spec a network client sent must not make one.
pub fn check<G: Bots>(spec_text: &str) -> Result<(), SetupError> {
    let s = spec::parse(spec_text)?;
    if s.name == "ismcts" {
        return ismcts_params::<G>(spec_text).map(|_| ());
    }
    make::<G>(spec_text).map(|_| ())
}

/// Build a bot from a spec (`heuristic`, `ismcts:iterations=200,rollout=random`). Unknown names and bad
/// parameters are a `SetupError` that lists what would be valid.
pub fn make<G: Bots>(spec_text: &str) -> Result<Box<dyn Bot<G>>, SetupError> {
    let s = spec::parse(spec_text)?;
    if s.name == "ismcts" {
        return Ok(Box::new(Ismcts::new(ismcts_params::<G>(spec_text)?)?));
    }
    let bot = if s.name == "random" { Some(Box::new(RandomBot) as Box<dyn Bot<G>>) } else { None };
    let bot = own::<G>(s.name).or(bot);
    match (bot, s.params.first()) {
        (Some(_), Some((k, _))) => Err(spec::unknown_param(spec_text, k, &[])),
        (Some(b), None) => Ok(b),
        (None, _) => Err(SetupError::UnknownBot { game: G::ID, name: s.name.to_owned(), known: names::<G>() }),
    }
}
