//! The engine contract every game implements (design §3), and the type-erased layer the host drives.
//!
//! Nothing here knows about Python: `lib.rs` and the `py_*` files are the only PyO3 code.

pub mod action;
pub mod dynamic;
pub mod error;
pub mod event;
pub mod game;
pub mod log;
pub mod observe;
pub mod player;
pub mod snapshot;

pub use action::{Action, ActionInfo, Field};
pub use error::{Illegal, SetupError, SnapshotError};
pub use event::{Events, Logged, Visibility};
pub use game::{Game, Outcome};
pub use log::SharedLog;
pub use observe::{ActionSpace, Encoding, ObsWriter};
pub use player::{Player, PlayerSet, Viewer};
