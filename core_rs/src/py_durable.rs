//! `ravenry._core.write_atomic` and `ravenry._core.DurableWriter`: the host's durable saves, GIL released.

use std::io;
use std::path::{Path, PathBuf};

use pyo3::exceptions::PyOSError;
use pyo3::prelude::*;

use crate::durable::{self, DurableWriter};

/// Write `data` to `path` atomically and durably (see `durable::write_atomic`), without holding the GIL.
#[pyfunction]
pub fn write_atomic(py: Python<'_>, path: PathBuf, data: Vec<u8>) -> PyResult<()> {
    py.detach(|| durable::write_atomic(&path, &data)).map_err(|e| os_error(&e, &path))
}

/// An `OSError` built like Python's own (errno, message, file name), so it becomes `FileNotFoundError` etc.
fn os_error(e: &io::Error, path: &Path) -> PyErr {
    let message = e.to_string();
    match e.raw_os_error() {
        Some(errno) => PyOSError::new_err((errno, message, path.display().to_string())),
        None => PyOSError::new_err(format!("{message}: {}", path.display())),
    }
}

/// Background writer threads for saves; an event loop watches `fileno()` and collects `completed()`.
#[pyclass(module = "ravenry._core", name = "DurableWriter")]
pub struct PyDurableWriter {
    inner: DurableWriter,
}

#[pymethods]
impl PyDurableWriter {
    #[new]
    #[pyo3(signature = (threads=4, queue=4096))]
    fn new(threads: usize, queue: usize) -> PyResult<Self> {
        Ok(PyDurableWriter { inner: DurableWriter::new(threads, queue)? })
    }

    /// Queue an atomic write of `data` to `path`, reported by `completed()` under `ticket`. Blocks (GIL
    /// released) only while the queue is full.
    fn submit(&self, py: Python<'_>, ticket: u64, path: PathBuf, data: Vec<u8>) -> PyResult<()> {
        let inner = &self.inner;
        py.detach(|| inner.submit(ticket, path, data)).map_err(|e| PyOSError::new_err(e.to_string()))
    }

    /// The file descriptor that becomes readable when writes have finished.
    fn fileno(&self) -> i32 {
        self.inner.fd()
    }

    /// `[(ticket, error or None), ...]` for every write finished since the last call.
    fn completed(&self) -> Vec<(u64, Option<String>)> {
        self.inner.completed()
    }

    /// Finish the queued writes and stop the threads; later `submit` calls raise OSError.
    fn close(&mut self, py: Python<'_>) {
        let inner = &mut self.inner;
        py.detach(|| inner.close());
    }
}
