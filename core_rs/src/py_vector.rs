//! `ravenry._core.VectorEnv`: NumPy arrays in and out of `vector.rs`, the GIL released while the matches step.
//!
//! The core writes into buffers it owns (no allocation per step), then each call copies them into fresh NumPy
//! arrays, so arrays a caller keeps never change under it.

use numpy::{PyArray1, PyArray2, PyArrayMethods, PyReadonlyArray1};
use pyo3::prelude::*;

use crate::py_errors::{CoreError, CoreResult};
use crate::py_module::PyRuleset;
use crate::vector::{DynVectorEnv, StepOut, VecConfig};

#[pyclass(module = "ravenry._core", name = "VectorEnv")]
pub struct PyVectorEnv {
    inner: Box<dyn DynVectorEnv>,
    obs: Vec<f32>,
    mask: Vec<u8>,
    seat: Vec<i64>,
    rewards: Vec<f32>,
    done: Vec<u8>,
}

type Arrays<'py> = (Bound<'py, PyArray2<f32>>, Bound<'py, PyArray2<u8>>, Bound<'py, PyArray1<i64>>);

impl PyVectorEnv {
    fn out(&mut self) -> (&mut dyn DynVectorEnv, StepOut<'_>) {
        let out = StepOut {
            obs: &mut self.obs,
            mask: &mut self.mask,
            seat: &mut self.seat,
            rewards: &mut self.rewards,
            done: &mut self.done,
        };
        (self.inner.as_mut(), out)
    }

    fn arrays<'py>(&self, py: Python<'py>) -> PyResult<Arrays<'py>> {
        let n = self.inner.matches();
        let obs = PyArray1::from_slice(py, &self.obs).reshape([n, self.inner.observation_size()])?;
        let mask = PyArray1::from_slice(py, &self.mask).reshape([n, self.inner.action_size()])?;
        Ok((obs, mask, PyArray1::from_slice(py, &self.seat)))
    }
}

#[pymethods]
impl PyVectorEnv {
    /// `matches` matches of the ruleset's game; `opponents` names a bot (or `None` for a learner) per seat, or is
    /// empty for self-play.
    #[new]
    #[pyo3(signature = (ruleset, matches, players, seed=0, opponents=Vec::new(), workers=1, score_rewards=false, max_decisions=100_000))]
    #[allow(clippy::too_many_arguments)]
    fn new(
        ruleset: PyRef<'_, PyRuleset>,
        matches: usize,
        players: u8,
        seed: u64,
        opponents: Vec<Option<String>>,
        workers: usize,
        score_rewards: bool,
        max_decisions: u64,
    ) -> CoreResult<Self> {
        let cfg = VecConfig { matches, players, seed, opponents, workers, score_rewards, max_decisions };
        let inner = ruleset.dyn_ruleset().vector_env(cfg)?;
        let (n, p) = (inner.matches(), usize::from(inner.players()));
        Ok(PyVectorEnv {
            obs: vec![0.0; n * inner.observation_size()],
            mask: vec![0; n * inner.action_size()],
            seat: vec![0; n],
            rewards: vec![0.0; n * p],
            done: vec![0; n],
            inner,
        })
    }

    #[getter]
    fn matches(&self) -> usize {
        self.inner.matches()
    }

    #[getter]
    fn players(&self) -> u8 {
        self.inner.players()
    }

    #[getter]
    fn observation_size(&self) -> usize {
        self.inner.observation_size()
    }

    #[getter]
    fn action_size(&self) -> usize {
        self.inner.action_size()
    }

    /// New matches everywhere: `(observations, masks, seats)`.
    fn reset<'py>(&mut self, py: Python<'py>) -> PyResult<Arrays<'py>> {
        py.detach(|| {
            let (env, out) = self.out();
            env.reset(out);
        });
        self.arrays(py)
    }

    /// Apply one dense action per match: `(observations, masks, seats, rewards, dones)`; finished matches are
    /// reset (their row then shows the new match) with `dones[i]` set and the final `rewards[i]` per seat.
    #[allow(clippy::type_complexity)]
    fn step<'py>(
        &mut self,
        py: Python<'py>,
        actions: PyReadonlyArray1<'py, i64>,
    ) -> PyResult<(
        Bound<'py, PyArray2<f32>>,
        Bound<'py, PyArray2<u8>>,
        Bound<'py, PyArray1<i64>>,
        Bound<'py, PyArray2<f32>>,
        Bound<'py, PyArray1<bool>>,
    )> {
        let actions: Vec<i64> = actions.as_slice()?.to_vec();
        py.detach(|| {
            let (env, out) = self.out();
            env.step(&actions, out)
        })
        .map_err(CoreError::from)?;
        let (obs, mask, seat) = self.arrays(py)?;
        let rewards = PyArray1::from_slice(py, &self.rewards)
            .reshape([self.inner.matches(), usize::from(self.inner.players())])?;
        let done: Vec<bool> = self.done.iter().map(|&d| d != 0).collect();
        Ok((obs, mask, seat, rewards, PyArray1::from_vec(py, done)))
    }
}
