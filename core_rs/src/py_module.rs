//! The PyO3 module `ravenry._core` and its `Match`: converts, dispatches, releases the GIL. No rules live here.
//! `Ruleset` is in `py_ruleset.rs`, the vector env in `py_vector.rs`.

use numpy::PyArray1;

use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict, PyList, PyString, PyType};
use pyo3::{intern, PyClassInitializer};

use crate::engine::{ActionInfo, Field, Illegal, Viewer};
use crate::erased::DynMatch;
use crate::games;
use crate::py_args::{Code, Count, Players, Seat, Seed};
use crate::py_errors::{CoreError, CoreResult, IllegalAction, OptionError, RavenryError, SnapshotError, UnknownGame};
use crate::py_ruleset::PyRuleset;
use crate::save;

/// A live match. The host's `ravenry.Match` subclasses it, so `to_act`, `legal_actions` and `apply` are
/// direct calls into Rust with no Python layer between.
#[pyclass(module = "ravenry._core", name = "Match", subclass)]
pub struct PyMatch {
    inner: Box<dyn DynMatch>,
    ruleset: Py<PyRuleset>,
    buf: Vec<u32>,
}

fn viewer(seat: Option<Seat>, all: bool) -> Viewer {
    match (all, seat) {
        (true, _) => Viewer::All,
        (false, Some(p)) => Viewer::Player(p.0),
        (false, None) => Viewer::Public,
    }
}

fn info_dict<'py>(py: Python<'py>, info: &ActionInfo) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    d.set_item("code", info.code)?;
    d.set_item("kind", info.kind)?;
    d.set_item("label", &info.label)?;
    let fields = PyDict::new(py);
    for (k, v) in &info.fields {
        match v {
            Field::Int(i) => fields.set_item(k, i)?,
            Field::Bool(b) => fields.set_item(k, b)?,
            Field::Str(s) => fields.set_item(k, s)?,
        }
    }
    d.set_item("fields", fields)?;
    Ok(d)
}

#[pymethods]
impl PyMatch {
    /// A new match, a match from snapshot state bytes (`state`), a copy of `source`, or (`determinize` =
    /// `(seat, seed)`) a copy of `source` in which what `seat` cannot see is resampled.
    #[new]
    #[pyo3(signature = (ruleset, players, seed, state=None, source=None, history=None, determinize=None, *_args, **_kwargs))]
    #[allow(clippy::too_many_arguments)]
    fn new(
        ruleset: Py<PyRuleset>,
        players: Players,
        seed: Seed,
        state: Option<&[u8]>,
        source: Option<PyRef<'_, PyMatch>>,
        history: Option<Vec<(Seat, Code)>>,
        determinize: Option<(Seat, Seed)>,
        _args: &Bound<'_, pyo3::types::PyTuple>,
        _kwargs: Option<&Bound<'_, PyDict>>,
    ) -> CoreResult<Self> {
        let mut inner = match (source, state) {
            (Some(src), _) => match determinize {
                Some((p, s)) => {
                    let n = src.inner.players();
                    if p.0 >= n {
                        let reason = format!("there is no seat {} in a {n}-player match", p.0);
                        return Err(crate::engine::SetupError::Option { name: "determinize".into(), reason }.into());
                    }
                    src.inner.determinize(p.0, s.0)
                }
                None => src.inner.clone_box(),
            },
            (None, Some(bytes)) => ruleset.get().dyn_ruleset().load_state(players.0, seed.0, bytes)?,
            (None, None) => ruleset.get().dyn_ruleset().new_match(players.0, seed.0)?,
        };
        if let Some(h) = history {
            inner.set_history(h.into_iter().map(|(p, a)| (p.0, a.0)).collect());
        }
        Ok(PyMatch { inner, ruleset, buf: Vec::new() })
    }

    /// An independent copy that continues identically (same RNG position, history and events), of this
    /// match's own Python class. The core shares the history and event log copy-on-write, so a copy costs the
    /// same at any point of the match. A subclass's instance attributes are copied without running `__init__`,
    /// each dict among them one level deep (the host's `options` and `meta`), so setting an item on the copy's
    /// never changes this match's.
    fn clone<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyAny>> {
        let py = slf.py();
        let copy = {
            let me = slf.borrow();
            PyMatch { inner: me.inner.clone_box(), ruleset: me.ruleset.clone_ref(py), buf: Vec::new() }
        };
        let ty = slf.get_type();
        if ty.is(py.get_type::<PyMatch>()) {
            return Ok(Bound::new(py, copy)?.into_any());
        }
        let made = copy.into_instance_of(&ty)?;
        // Set one by one, the copy keeps CPython's compact per-class attribute storage (cheaper to build and to
        // free than a whole dict assigned to `__dict__`).
        if let Ok(attrs) = slf.getattr(intern!(py, "__dict__")) {
            for (k, v) in attrs.cast_into::<PyDict>()?.iter() {
                let k = k.cast_into::<PyString>()?;
                match v.cast_exact::<PyDict>() {
                    Ok(d) => made.setattr(k, d.copy()?)?,
                    Err(_) => made.setattr(k, v)?,
                }
            }
        }
        Ok(made)
    }

    /// A match of this class (the host's `ravenry.Match`) from a save `parse_save` read, without `__init__`:
    /// the state is decoded and validated as `Match(state=...)` does, the history restored; the host sets its
    /// attributes after.
    #[classmethod]
    fn _from_save<'py>(
        cls: &Bound<'py, PyType>,
        ruleset: Py<PyRuleset>,
        body: PyRef<'py, PySaveBody>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let mut inner =
            ruleset.get().dyn_ruleset().load_state(body.players, body.seed, &body.state).map_err(CoreError::from)?;
        inner.set_history(body.actions.clone());
        PyMatch { inner, ruleset, buf: Vec::new() }.into_instance_of(cls)
    }

    /// This match's save file: the host's msgpack parts (`head`: the map header and the fields before
    /// `players`; `between`: from `options` to before `seed`; `tail`: `meta`) around the players, seed,
    /// actions and state, written here in one pass (`crate::save::write`).
    fn _save_bytes<'py>(&self, py: Python<'py>, head: &[u8], between: &[u8], tail: &[u8]) -> Bound<'py, PyBytes> {
        let parts = save::Parts { head, between, tail };
        let raw = save::write(
            &parts,
            self.inner.players(),
            self.inner.seed(),
            &self.inner.history(),
            &self.inner.state_msgpack(),
        );
        PyBytes::new(py, &raw)
    }

    /// Seats that may act now (several during a secret simultaneous commit); empty when over.
    #[getter]
    fn to_act<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        // A list of ints (a Vec<u8> would become `bytes`).
        PyList::new(py, self.inner.to_act().iter().collect::<Vec<u8>>())
    }

    /// Seat `p`'s legal action codes, in a deterministic order (empty if `p` may not act).
    fn legal_actions<'py>(&mut self, py: Python<'py>, p: Seat) -> PyResult<Bound<'py, PyList>> {
        self.check_seat(p)?;
        self.buf.clear();
        self.inner.legal_actions(p.0, &mut self.buf);
        PyList::new(py, &self.buf)
    }

    /// Apply action code `a` for seat `p`; raises `IllegalAction` (and changes nothing) if it may not.
    fn apply(&mut self, p: Seat, a: Code) -> CoreResult<()> {
        Ok(self.inner.apply(p.0, a.0)?)
    }

    #[getter]
    fn is_over(&self) -> bool {
        self.inner.to_act().is_empty()
    }

    /// `{"scores", "ranks", "winners"}` once over, else `None`; with `"points"` too (the rulebook's tournament
    /// points per seat) for a game whose rules score matches.
    #[getter]
    fn outcome<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyDict>>> {
        let Some(o) = self.inner.outcome() else { return Ok(None) };
        let d = PyDict::new(py);
        d.set_item("scores", o.scores)?;
        d.set_item("ranks", PyList::new(py, o.ranks)?)?;
        d.set_item("winners", PyList::new(py, o.winners.iter().collect::<Vec<u8>>())?)?;
        if let Some(points) = self.inner.match_points() {
            d.set_item("points", points)?;
        }
        Ok(Some(d))
    }

    /// What legal action `a` of `seat` (default: the first seat to act) means; `IllegalAction` if it is not one.
    #[pyo3(signature = (a, seat=None))]
    fn describe<'py>(&self, py: Python<'py>, a: Code, seat: Option<Seat>) -> PyResult<Bound<'py, PyDict>> {
        let p = match seat {
            Some(s) => s.0,
            None => self.inner.to_act().iter().next().ok_or_else(|| {
                IllegalAction::new_err(format!(
                    "{}: the match is over; code {} means nothing now",
                    self.inner.game_id(),
                    a.0
                ))
            })?,
        };
        let info = self.inner.describe(p, a.0).map_err(CoreError::from)?;
        info_dict(py, &info)
    }

    #[getter]
    fn players(&self) -> u8 {
        self.inner.players()
    }

    #[getter]
    fn seed(&self) -> u64 {
        self.inner.seed()
    }

    #[getter]
    fn decisions(&self) -> u64 {
        self.inner.decisions()
    }

    #[getter]
    fn game_id(&self) -> &'static str {
        self.inner.game_id()
    }

    #[getter]
    fn ruleset(&self, py: Python<'_>) -> Py<PyRuleset> {
        self.ruleset.clone_ref(py)
    }

    /// Every applied action as `(seat, code)`, in order.
    fn history(&self) -> Vec<(u8, u32)> {
        self.inner.history()
    }

    #[getter]
    fn event_count(&self) -> usize {
        self.inner.event_count()
    }

    #[pyo3(signature = (seat=None, all=false))]
    fn view_msgpack<'py>(&self, py: Python<'py>, seat: Option<Seat>, all: bool) -> PyResult<Bound<'py, PyBytes>> {
        if let Some(p) = seat {
            self.check_seat(p)?;
        }
        Ok(PyBytes::new(py, &self.inner.view_msgpack(viewer(seat, all))))
    }

    #[pyo3(signature = (since=Count(0), seat=None, all=false), text_signature = "(self, /, since=0, seat=None, all=False)")]
    fn events_msgpack<'py>(
        &self,
        py: Python<'py>,
        since: Count,
        seat: Option<Seat>,
        all: bool,
    ) -> PyResult<Bound<'py, PyBytes>> {
        if let Some(p) = seat {
            self.check_seat(p)?;
        }
        let since = usize::try_from(since.0).unwrap_or(usize::MAX);
        Ok(PyBytes::new(py, &self.inner.events_msgpack(since, viewer(seat, all))))
    }

    /// The whole state (RNG included) in the snapshot encoding.
    fn state_msgpack<'py>(&self, py: Python<'py>) -> Bound<'py, PyBytes> {
        PyBytes::new(py, &self.inner.state_msgpack())
    }

    /// State bytes of a copy in which everything seat `p` cannot see is resampled from `seed`.
    fn determinized_state<'py>(&self, py: Python<'py>, p: Seat, seed: Seed) -> PyResult<Bound<'py, PyBytes>> {
        self.check_seat(p)?;
        Ok(PyBytes::new(py, &self.inner.determinize(p.0, seed.0).state_msgpack()))
    }

    /// The action bot `name` (a spec: `ismcts:iterations=200`) would take for seat `p` now, with the GIL
    /// released. Without `seed` the bot keeps its memory and stream in the match; with one, a fresh bot seeded
    /// `seed` decides and the match is unchanged (same state, spec and seed: same action).
    #[pyo3(signature = (name, p, seed=None))]
    fn bot_action(&self, py: Python<'_>, name: &str, p: Seat, seed: Option<Seed>) -> PyResult<u32> {
        self.check_seat(p)?;
        let inner = &self.inner;
        Ok(py
            .detach(move || match seed {
                Some(s) => inner.bot_action_seeded(name, p.0, s.0),
                None => inner.bot_action(name, p.0),
            })
            .map_err(CoreError::from)?)
    }

    fn seat_label(&self, p: Seat) -> PyResult<Option<String>> {
        self.check_seat(p)?;
        Ok(self.inner.seat_label(p.0))
    }

    /// Seat `p`'s observation as a float32 array, built from its view (design §8b).
    fn observation<'py>(&self, py: Python<'py>, p: Seat) -> PyResult<Bound<'py, PyArray1<f32>>> {
        self.check_seat(p)?;
        let size = self.ruleset.get().dyn_ruleset().observation_size(self.inner.players());
        let mut out = vec![0f32; size];
        self.inner.observation(p.0, &mut out);
        Ok(PyArray1::from_vec(py, out))
    }

    /// Seat `p`'s legal actions as a uint8 mask over the dense action space (all zero if `p` may not act).
    fn legal_mask<'py>(&mut self, py: Python<'py>, p: Seat) -> PyResult<Bound<'py, PyArray1<u8>>> {
        self.check_seat(p)?;
        let space = self.ruleset.get().space(self.inner.players());
        self.buf.clear();
        self.inner.legal_actions(p.0, &mut self.buf);
        let mut mask = vec![0u8; space.size()];
        space.fill_mask(&self.buf, &mut mask);
        Ok(PyArray1::from_vec(py, mask))
    }
}

impl PyMatch {
    /// The Python object for this match, of class `ty` (`PyMatch` or a subclass, else a `TypeError`), made as
    /// PyO3's own `__new__` makes one for a subclass (the path `Match(...)` takes) minus the argument parsing and
    /// `__init__`: the Python side of a copy or a load was most of its cost.
    fn into_instance_of<'py>(self, ty: &Bound<'py, PyType>) -> PyResult<Bound<'py, PyAny>> {
        let py = ty.py();
        if !ty.is_subclass_of::<PyMatch>()? {
            return Err(pyo3::exceptions::PyTypeError::new_err("not a subclass of ravenry._core.Match"));
        }
        // SAFETY: `ty` is `PyMatch` or a subclass of it (checked above).
        unsafe {
            let raw = pyo3::impl_::pymethods::tp_new_impl(py, PyClassInitializer::from(self), ty.as_type_ptr())?;
            Ok(Bound::from_owned_ptr(py, raw))
        }
    }

    /// Seat arguments name a seat of this match; anything else is an `OptionError` saying which seats exist.
    fn check_seat(&self, p: Seat) -> PyResult<()> {
        let n = self.inner.players();
        if p.0 >= n {
            return Err(OptionError::new_err(format!(
                "{}: there is no seat {} in a {n}-player match (seats 0 to {})",
                self.inner.game_id(),
                p.0,
                n.saturating_sub(1)
            )));
        }
        Ok(())
    }
}

/// What a save holds besides its host fields: the match's seats, seed, actions and state (see `parse_save`).
#[pyclass(module = "ravenry._core", name = "SaveBody", frozen)]
pub struct PySaveBody {
    players: u8,
    seed: u64,
    actions: Vec<(u8, u32)>,
    state: Vec<u8>,
}

/// A host save file's fields from its bytes in one pass, or `None` when it is not of the plain shape every writer
/// makes (then the host's full checks say what is wrong: `crate::save::parse`). Returns `(game, game_version,
/// ruleset_hash, options, variants, extensions, meta, body)`: the nested fields as their msgpack bytes
/// (`extensions` `None` when absent), `body` for `Match._from_save`.
#[pyfunction]
#[allow(clippy::type_complexity)]
fn parse_save<'py>(
    py: Python<'py>,
    raw: &[u8],
) -> PyResult<
    Option<(
        Bound<'py, PyString>,
        Bound<'py, PyString>,
        Bound<'py, PyString>,
        Bound<'py, PyBytes>,
        Bound<'py, PyBytes>,
        Option<Bound<'py, PyBytes>>,
        Bound<'py, PyBytes>,
        Bound<'py, PySaveBody>,
    )>,
> {
    let Some(e) = save::parse(raw) else { return Ok(None) };
    let body = PySaveBody { players: e.players, seed: e.seed, actions: e.actions, state: e.state.to_vec() };
    Ok(Some((
        PyString::new(py, e.game),
        PyString::new(py, e.game_version),
        PyString::new(py, e.ruleset_hash),
        PyBytes::new(py, e.options),
        PyBytes::new(py, e.variants),
        e.extensions.map(|x| PyBytes::new(py, x)),
        PyBytes::new(py, e.meta),
        Bound::new(py, body)?,
    )))
}

/// Game ids the core knows.
#[pyfunction]
fn core_games() -> Vec<&'static str> {
    games::KNOWN.to_vec()
}

/// Raise `IllegalAction` from Rust, for the stubs test and error-mapping tests.
#[pyfunction]
fn _raise_illegal(reason: String) -> CoreResult<()> {
    Err(Illegal::new(reason).into())
}

#[pymodule]
fn _core(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add_class::<PyRuleset>()?;
    m.add_class::<PyMatch>()?;
    m.add_class::<crate::py_vector::PyVectorEnv>()?;
    m.add_class::<crate::py_durable::PyDurableWriter>()?;
    m.add_function(wrap_pyfunction!(crate::py_durable::write_atomic, m)?)?;
    m.add_class::<PySaveBody>()?;
    m.add_function(wrap_pyfunction!(parse_save, m)?)?;
    m.add_function(wrap_pyfunction!(core_games, m)?)?;
    m.add_function(wrap_pyfunction!(_raise_illegal, m)?)?;
    m.add("RavenryError", py.get_type::<RavenryError>())?;
    m.add("IllegalAction", py.get_type::<IllegalAction>())?;
    m.add("OptionError", py.get_type::<OptionError>())?;
    m.add("SnapshotError", py.get_type::<SnapshotError>())?;
    m.add("UnknownGame", py.get_type::<UnknownGame>())?;
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    // Every observation value of every game lies in these bounds (the observation writer keeps them).
    m.add("OBS_BOUNDS", (crate::engine::OBS_LOW, crate::engine::OBS_HIGH))?;
    Ok(())
}
