//! `ravenry._core.VectorEnv`: NumPy arrays in and out of `vector.rs`, the GIL released while the matches step.
//!
//! The env owns one NumPy array per output, made once; the core writes straight into their memory with the GIL
//! released (no allocation and no copy per step). With `copy=True` (the default) each call hands out copies of
//! them, so arrays a caller keeps never change under it; with `copy=False` it hands out the arrays themselves,
//! read-only and overwritten by the next `reset` or `step` (Gymnasium's `copy=False` convention), which saves
//! copying a few megabytes per step.
//!
//! With `actions="factored"` the mask array spans the first factor, and each later factor has its own array,
//! written by `masks_after` under the same convention.

use numpy::{PyArray1, PyArray2, PyArrayMethods, PyReadonlyArray2, PyReadonlyArrayDyn, PyUntypedArrayMethods};
use pyo3::prelude::*;
use pyo3::types::IntoPyDict;

use crate::py_errors::CoreError;
use crate::py_ruleset::PyRuleset;
use crate::vector::{Actions, DynVectorEnv, StepOut, VecConfig};

#[pyclass(module = "ravenry._core", name = "VectorEnv")]
pub struct PyVectorEnv {
    inner: Box<dyn DynVectorEnv>,
    copy: bool,
    obs: Py<PyArray2<f32>>,
    mask: Py<PyArray2<u8>>,
    /// With factored actions, the mask of factor `k` for `k` from 1 (`masks_after`'s output).
    after: Vec<Py<PyArray2<u8>>>,
    seat: Py<PyArray1<i64>>,
    rewards: Py<PyArray2<f32>>,
    dones: Py<PyArray1<bool>>,
    /// The core writes done flags as bytes; they are turned into `dones` under the GIL (one byte per match).
    done: Vec<u8>,
}

/// An array as handed out: the env's own (read-only) or a copy.
fn hand_out<'py>(a: &Bound<'py, PyAny>, copy: bool) -> PyResult<Bound<'py, PyAny>> {
    if copy {
        a.call_method0("copy")
    } else {
        Ok(a.clone())
    }
}

fn read_only(a: &Bound<'_, PyAny>) -> PyResult<()> {
    a.call_method("setflags", (), Some(&[("write", false)].into_py_dict(a.py())?))?;
    Ok(())
}

type Arrays<'py> = (Bound<'py, PyAny>, Bound<'py, PyAny>, Bound<'py, PyAny>);
type StepArrays<'py> = (Bound<'py, PyAny>, Bound<'py, PyAny>, Bound<'py, PyAny>, Bound<'py, PyAny>, Bound<'py, PyAny>);

impl PyVectorEnv {
    /// Run `f` on the core with the output arrays' memory, the GIL released.
    fn run<T: Send>(
        &mut self,
        py: Python<'_>,
        f: impl FnOnce(&mut dyn DynVectorEnv, StepOut<'_>) -> T + Send,
    ) -> PyResult<T> {
        let (obs, mask, seat, rewards) =
            (self.obs.bind(py), self.mask.bind(py), self.seat.bind(py), self.rewards.bind(py));
        // SAFETY: the arrays were made by `new`, are C-contiguous and never resized; the env holds the only
        // writable reference (callers get copies or read-only arrays), and `actions` was copied out before this.
        let (obs, mask, seat, rewards) =
            unsafe { (obs.as_slice_mut()?, mask.as_slice_mut()?, seat.as_slice_mut()?, rewards.as_slice_mut()?) };
        let (inner, done) = (self.inner.as_mut(), self.done.as_mut_slice());
        let out = py.detach(move || f(inner, StepOut { obs, mask, seat, rewards, done }));
        let dones = self.dones.bind(py);
        // SAFETY: as above; `dones` has one element per match, like `done`.
        let flags = unsafe { dones.as_slice_mut()? };
        flags.iter_mut().zip(&self.done).for_each(|(f, &d)| *f = d != 0);
        Ok(out)
    }

    fn arrays<'py>(&self, py: Python<'py>) -> PyResult<Arrays<'py>> {
        Ok((
            hand_out(self.obs.bind(py).as_any(), self.copy)?,
            hand_out(self.mask.bind(py).as_any(), self.copy)?,
            hand_out(self.seat.bind(py).as_any(), self.copy)?,
        ))
    }
}

#[pymethods]
impl PyVectorEnv {
    /// `matches` matches of the ruleset's game; `opponents` names a bot (or `None` for a learner) per seat, or is
    /// empty for self-play.
    #[new]
    #[pyo3(signature = (ruleset, matches, players, seed=0, opponents=Vec::new(), workers=1, score_rewards=false, max_decisions=100_000, copy=true, actions="dense"))]
    #[allow(clippy::too_many_arguments)]
    fn new(
        py: Python<'_>,
        ruleset: PyRef<'_, PyRuleset>,
        matches: usize,
        players: u8,
        seed: u64,
        opponents: Vec<Option<String>>,
        workers: usize,
        score_rewards: bool,
        max_decisions: u64,
        copy: bool,
        actions: &str,
    ) -> PyResult<Self> {
        let actions = Actions::parse(actions).map_err(CoreError::from)?;
        let cfg = VecConfig { matches, players, seed, opponents, workers, score_rewards, max_decisions, actions };
        let inner = ruleset.dyn_ruleset().vector_env(cfg).map_err(CoreError::from)?;
        let (n, p) = (inner.matches(), usize::from(inner.players()));
        let obs = PyArray2::<f32>::zeros(py, [n, inner.observation_size()], false);
        let mask = PyArray2::<u8>::zeros(py, [n, inner.mask_size()], false);
        let sizes = inner.factored().map(|f| f.sizes()).unwrap_or_default();
        let after: Vec<_> = sizes.iter().skip(1).map(|&s| PyArray2::<u8>::zeros(py, [n, s], false)).collect();
        let seat = PyArray1::<i64>::zeros(py, n, false);
        let rewards = PyArray2::<f32>::zeros(py, [n, p], false);
        let dones = PyArray1::<bool>::zeros(py, n, false);
        if !copy {
            for a in [obs.as_any(), mask.as_any(), seat.as_any(), rewards.as_any(), dones.as_any()] {
                read_only(a)?;
            }
            for a in &after {
                read_only(a.as_any())?;
            }
        }
        debug_assert!(obs.is_contiguous() && mask.is_contiguous());
        Ok(PyVectorEnv {
            copy,
            obs: obs.unbind(),
            mask: mask.unbind(),
            after: after.into_iter().map(Bound::unbind).collect(),
            seat: seat.unbind(),
            rewards: rewards.unbind(),
            dones: dones.unbind(),
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

    /// Each factor's width, in the order a policy chooses them; empty for dense actions.
    #[getter]
    fn factor_sizes(&self) -> Vec<usize> {
        self.inner.factored().map(|f| f.sizes()).unwrap_or_default()
    }

    /// Each factor's name; empty for dense actions.
    #[getter]
    fn factor_names(&self) -> Vec<&'static str> {
        self.inner.factored().map(|f| f.names().to_vec()).unwrap_or_default()
    }

    /// The part each index of factor `k` stands for (the game's own numbers: a kind, a hand index, a card uid).
    fn factor_values<'py>(&self, py: Python<'py>, k: usize) -> PyResult<Bound<'py, PyArray1<u32>>> {
        match self.inner.factored() {
            Some(f) if k < f.factors() => Ok(PyArray1::from_slice(py, f.values(k))),
            _ => Err(CoreError::from(crate::engine::SetupError::Option {
                name: "k".into(),
                reason: format!("below the factor count, {}", self.factor_sizes().len()),
            })
            .into()),
        }
    }

    /// New matches everywhere: `(observations, masks, seats)`.
    fn reset<'py>(&mut self, py: Python<'py>) -> PyResult<Arrays<'py>> {
        self.run(py, |env, out| env.reset(out))?;
        self.arrays(py)
    }

    /// Apply one dense action per match: `(observations, masks, seats, rewards, dones)`; finished matches are
    /// reset (their row then shows the new match) with `dones[i]` set and the final `rewards[i]` per seat.
    /// `actions` holds one dense index per match, or with factored actions one row of factor indices per match.
    fn step<'py>(&mut self, py: Python<'py>, actions: PyReadonlyArrayDyn<'py, i64>) -> PyResult<StepArrays<'py>> {
        let actions: Vec<i64> = actions.as_slice()?.to_vec();
        self.run(py, move |env, out| env.step(&actions, out))?.map_err(CoreError::from)?;
        let (obs, mask, seat) = self.arrays(py)?;
        Ok((
            obs,
            mask,
            seat,
            hand_out(self.rewards.bind(py).as_any(), self.copy)?,
            hand_out(self.dones.bind(py).as_any(), self.copy)?,
        ))
    }

    /// Factored actions: with the first `k` factor indices chosen per match (`prefix`, shape `(matches, k)`), the
    /// mask of factor `k` (shape `(matches, factor_sizes[k])`): the indices that complete each match's prefix
    /// towards a legal action. `IllegalAction` names a match whose prefix starts none. Nothing moves.
    fn masks_after<'py>(&mut self, py: Python<'py>, prefix: PyReadonlyArray2<'py, i64>) -> PyResult<Bound<'py, PyAny>> {
        let k = prefix.shape()[1];
        let prefix: Vec<i64> = prefix.as_array().iter().copied().collect();
        let mask = match k {
            0 => self.mask.bind(py).clone(),
            _ => match self.after.get(k - 1) {
                Some(a) => a.bind(py).clone(),
                None => {
                    let why =
                        format!("masks_after takes fewer indices per match than the {} factors", self.after.len() + 1);
                    return Err(CoreError::from(crate::engine::Illegal::new(why)).into());
                }
            },
        };
        // SAFETY: as in `run`: made by `new`, C-contiguous, never resized, and only the env writes to it.
        let out = unsafe { mask.as_slice_mut()? };
        let inner = self.inner.as_ref();
        py.detach(move || inner.masks_after(&prefix, out)).map_err(CoreError::from)?;
        hand_out(mask.as_any(), self.copy)
    }

    /// The legal actions of each match's seat to act, as CSR `(indices, offsets)`: match `i`'s are rows
    /// `offsets[i]:offsets[i + 1]` of `indices`, dense indices (the ones of its mask row) or, with factored
    /// actions, rows of factor indices (`indices` then has shape `(legal actions, factors)`). Fresh arrays on
    /// every call.
    fn legal<'py>(&self, py: Python<'py>) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyArray1<i64>>)> {
        let (mut indices, mut offsets) = (Vec::new(), Vec::new());
        self.inner.legal_indices(&mut indices, &mut offsets);
        let rows = offsets.last().map_or(0, |&r| r as usize);
        let indices = PyArray1::from_vec(py, indices);
        let indices = match self.inner.factored() {
            None => indices.into_any(),
            Some(f) => indices.reshape([rows, f.factors()])?.into_any(),
        };
        Ok((indices, PyArray1::from_vec(py, offsets)))
    }
}
