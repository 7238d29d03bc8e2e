//! The engine contract every game implements (design §3): the ground floor. Nothing here names the bots, the
//! runner, the vector env, the games, the type-erased layer (`erased.rs`) or Python; `tests/layers.rs` checks it.

pub mod action;
pub mod error;
pub mod event;
pub mod factored;
pub mod game;
pub mod log;
pub mod observe;
pub mod play;
pub mod player;
pub mod snapshot;

pub use action::{Action, ActionInfo, Field};
pub use error::{Illegal, SetupError, SnapshotError};
pub use event::{Events, Logged, Visibility};
pub use factored::{Factored, FactoredSpace};
pub use game::{check_players, Game, Outcome, Search, Tally};
pub use log::SharedLog;
pub use observe::{ActionSpace, Encode, ObsWriter, OBS_HIGH, OBS_LOW};
pub use player::{Player, PlayerSet, Viewer};
