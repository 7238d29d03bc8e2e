//! Integer arguments of the Python API, converted so that misuse raises `OptionError` naming the argument
//! ("seat -1 is out of range: 0 to 255") instead of a bare `OverflowError` or `TypeError`.
//!
//! The fast path is PyO3's own conversion, so the driver loop (`apply(p, a)`) costs what it did; only a failed
//! conversion looks at the object again to say what was wrong.

use pyo3::exceptions::PyOverflowError;
use pyo3::prelude::*;
use pyo3::types::PyInt;
use pyo3::Borrowed;

use crate::py_errors::OptionError;

fn misuse(obj: Borrowed<'_, '_, PyAny>, what: &str, max: u64, err: PyErr) -> PyErr {
    let py = obj.py();
    let shown = obj.repr().map(|r| r.to_string()).unwrap_or_else(|_| "?".into());
    let shown: String = shown.chars().take(40).collect();
    if obj.is_instance_of::<PyInt>() || err.is_instance_of::<PyOverflowError>(py) {
        OptionError::new_err(format!("{what} {shown} is out of range: 0 to {max}"))
    } else {
        let kind = obj.get_type().name().map(|n| n.to_string()).unwrap_or_default();
        OptionError::new_err(format!("{what} must be an int from 0 to {max}, not {kind} {shown}"))
    }
}

macro_rules! int_arg {
    ($(#[$doc:meta])* $name:ident, $t:ty, $what:literal) => {
        $(#[$doc])*
        #[derive(Clone, Copy, Debug)]
        pub struct $name(pub $t);

        impl<'a, 'py> FromPyObject<'a, 'py> for $name {
            type Error = PyErr;
            fn extract(obj: Borrowed<'a, 'py, PyAny>) -> PyResult<Self> {
                match obj.extract::<$t>() {
                    Ok(v) => Ok($name(v)),
                    Err(e) => Err(misuse(obj, $what, <$t>::MAX as u64, e)),
                }
            }
        }
    };
}

int_arg!(
    /// A seat index.
    Seat, u8, "seat"
);
int_arg!(
    /// An action code.
    Code, u32, "action code"
);
int_arg!(
    /// A player count.
    Players, u8, "players"
);
int_arg!(
    /// A seed.
    Seed, u64, "seed"
);
int_arg!(
    /// A count of matches, decisions or events.
    Count, u64, "count"
);
int_arg!(
    /// A worker (thread) count.
    Workers, u16, "workers"
);
