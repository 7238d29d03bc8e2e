//! `ravenry-core`: the engine of the Ravenry game host.
//!
//! `engine`, `rng`, `bots`, `runner`, `vector`, `erased`, `games` and `durable` (the host's atomic saves) are plain
//! Rust and never touch PyO3. The Python extension `ravenry._core` lives in the `py_*` modules, compiled only with the `python`
//! feature (maturin turns it on).

pub mod bots;
pub mod durable;
pub mod engine;
pub mod erased;
pub mod games;
pub mod rng;
pub mod runner;
pub mod save;
#[cfg(test)]
pub mod testing;
pub mod vector;

// The extension's allocator (see Cargo.toml, feature `mimalloc`); `cargo test` keeps the system one.
#[cfg(feature = "mimalloc")]
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

#[cfg(feature = "python")]
mod py_args;
#[cfg(feature = "python")]
mod py_durable;
#[cfg(feature = "python")]
mod py_errors;
#[cfg(feature = "python")]
mod py_module;
#[cfg(feature = "python")]
mod py_ruleset;
#[cfg(feature = "python")]
mod py_vector;
#[cfg(feature = "python")]
pub use py_module::*;
