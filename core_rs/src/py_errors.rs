//! The one place engine errors become Python exceptions (`ravenry.RavenryError` and its subclasses).

use pyo3::create_exception;
use pyo3::exceptions::PyException;
use pyo3::PyErr;

use crate::engine::{Illegal, SetupError};

create_exception!(ravenry, RavenryError, PyException, "Base of every Ravenry error.");
create_exception!(ravenry, IllegalAction, RavenryError, "An action that may not be applied now; nothing changed.");
create_exception!(ravenry, OptionError, RavenryError, "A bad player count, option, bot name or content.");
create_exception!(ravenry, SnapshotError, RavenryError, "A saved match that cannot be loaded, and why.");
create_exception!(ravenry, UnknownGame, RavenryError, "No game with that id is registered.");

pub struct CoreError(PyErr);

impl From<CoreError> for PyErr {
    fn from(e: CoreError) -> Self {
        e.0
    }
}

impl From<Illegal> for CoreError {
    fn from(e: Illegal) -> Self {
        CoreError(IllegalAction::new_err(e.reason))
    }
}

impl From<SetupError> for CoreError {
    fn from(e: SetupError) -> Self {
        CoreError(match e {
            SetupError::UnknownGame(_) => UnknownGame::new_err(e.to_string()),
            _ => OptionError::new_err(e.to_string()),
        })
    }
}

impl From<crate::engine::SnapshotError> for CoreError {
    fn from(e: crate::engine::SnapshotError) -> Self {
        CoreError(SnapshotError::new_err(e.to_string()))
    }
}

pub type CoreResult<T> = Result<T, CoreError>;
