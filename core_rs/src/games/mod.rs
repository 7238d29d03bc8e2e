//! Every game the core knows, by id. Adding a game is one module and two lines: its id in `KNOWN` and its arm in
//! `ruleset`.

pub mod agot_board;
pub mod agot_ccg;
pub mod fixture;
pub mod hearts;
pub mod iron_throne;
pub mod roll_player;

use std::sync::Arc;

use crate::engine::{Game, SetupError};
use crate::erased::{DynRuleset, Hosted, RulesetOf};

/// Game ids the core can build rulesets for.
pub const KNOWN: &[&str] = &[
    agot_board::AgotBoard::ID,
    agot_ccg::AgotCcg::ID,
    fixture::Fixture::ID,
    hearts::Hearts::ID,
    iron_throne::IronThrone::ID,
    roll_player::RollPlayer::ID,
];

/// Parse `content` and `options` (JSON) into a shared ruleset of game `game`.
pub fn ruleset(game: &str, content: &str, options: &str) -> Result<Arc<dyn DynRuleset>, SetupError> {
    fn build<G: Hosted>(content: &str, options: &str) -> Result<Arc<dyn DynRuleset>, SetupError> {
        Ok(Arc::new(RulesetOf::<G>::parse(content, options)?))
    }
    match game {
        agot_board::AgotBoard::ID => build::<agot_board::AgotBoard>(content, options),
        agot_ccg::AgotCcg::ID => build::<agot_ccg::AgotCcg>(content, options),
        fixture::Fixture::ID => build::<fixture::Fixture>(content, options),
        hearts::Hearts::ID => build::<hearts::Hearts>(content, options),
        iron_throne::IronThrone::ID => build::<iron_throne::IronThrone>(content, options),
        roll_player::RollPlayer::ID => build::<roll_player::RollPlayer>(content, options),
        other => Err(SetupError::UnknownGame(other.to_owned())),
    }
}

#[cfg(test)]
mod tally_tests;
