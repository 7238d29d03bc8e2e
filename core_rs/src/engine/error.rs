//! The engine's error enums. They become Python exceptions only at the edge (`py_errors.rs`).

use std::fmt;

/// An action that may not be applied now. The state it was offered to is unchanged.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Illegal {
    pub reason: String,
}

impl Illegal {
    pub fn new(reason: impl Into<String>) -> Self {
        Illegal { reason: reason.into() }
    }
}

impl fmt::Display for Illegal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.reason)
    }
}

impl std::error::Error for Illegal {}

/// Why a ruleset or a match could not be set up.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SetupError {
    /// The game id is not one the core knows.
    UnknownGame(String),
    /// The player count is outside the game's range.
    Players { game: &'static str, min: u8, max: u8, got: u8 },
    /// An option has a bad value.
    Option { name: String, reason: String },
    /// A bot spec with a bad parameter (`bot` is the spec as written).
    BotParam { bot: String, reason: String },
    /// The content data is malformed or inconsistent.
    Content(String),
    /// A bot name the game does not know.
    UnknownBot { game: &'static str, name: String, known: Vec<&'static str> },
}

impl fmt::Display for SetupError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SetupError::UnknownGame(id) => write!(f, "the core has no game {id:?}"),
            SetupError::Players { game, min, max, got } => {
                write!(f, "{game} is played by {min} to {max} players, not {got}")
            }
            SetupError::Option { name, reason } => write!(f, "option {name:?}: {reason}"),
            SetupError::BotParam { bot, reason } => write!(f, "bot {bot:?}: {reason}"),
            SetupError::Content(why) => write!(f, "bad content data: {why}"),
            SetupError::UnknownBot { game, name, known } => {
                write!(f, "{game} has no bot {name:?}; known bots: {}", known.join(", "))
            }
        }
    }
}

impl std::error::Error for SetupError {}

/// Why a saved state could not be loaded.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SnapshotError {
    /// The bytes are not a msgpack state of this game's shape.
    Decode { game: &'static str, why: String },
    /// The state decoded but breaks the game's invariants.
    Invalid { game: &'static str, why: String },
}

impl fmt::Display for SnapshotError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SnapshotError::Decode { game, why } => {
                write!(f, "the saved state is not a {game} state of this version: {why}")
            }
            SnapshotError::Invalid { game, why } => write!(f, "the saved {game} state is inconsistent: {why}"),
        }
    }
}

impl std::error::Error for SnapshotError {}
