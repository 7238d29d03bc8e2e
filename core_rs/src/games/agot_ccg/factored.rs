//! The CCG's factored actions (`engine::factored`): a code `kind << 24 | x << 16 | y` is three choices, the
//! kind of action, then `x` (a hand, play-area, pile or setup index, a challenge type, a House), then `y` (a card
//! uid, a seat, an ability, a subset of attackers). The dense space has 74,818 codes at two players and 147,788
//! at four; its factors are a few dozen kinds, a few dozen `x` and a few hundred `y` (the uids, `uid_cap`, plus
//! the "named by a plot" marker), so each mask a policy head sees is at most a few hundred wide.

use super::rules::actions::{code, split};
use super::state::AgotCcg;
use crate::engine::factored::{Factored, Parts};
use crate::engine::Action;

impl Factored for AgotCcg {
    const FACTORS: &'static [&'static str] = &["kind", "x", "y"];

    fn split_action(a: Action) -> Parts {
        let (kind, x, y) = split(a);
        [kind, x as u32, y as u32, 0]
    }

    fn join_action(parts: &Parts) -> Action {
        code(parts[0], parts[1] as usize, parts[2] as usize)
    }
}
