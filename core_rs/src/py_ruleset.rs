//! `ravenry._core.Ruleset`: a parsed ruleset of any game, and the services it offers over whole batches
//! (simulations, tournament jobs). Its own file so that `py_module` (matches) and `py_vector` (the vector env)
//! both build on it without importing each other.

use std::sync::{Arc, Mutex};

use numpy::PyArray1;
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict};

use crate::engine::ActionSpace;
use crate::erased::DynRuleset;
use crate::games;
use crate::py_args::{Count, Players, Seed, Workers};
use crate::py_errors::{CoreError, CoreResult};
use crate::runner::{MatchDetail, MatchJob, SimConfig};

/// A match's detail as Python receives it (see `play_matches`).
type PlainDetail = (Py<PyBytes>, Option<u32>, Option<(bool, bool)>, Vec<Vec<(u32, u32)>>, Vec<Vec<u32>>);

/// A match record as Python receives it (see `play_matches`).
type PlainRecord = (
    u64,
    Option<Vec<(u8, f64, f64)>>,
    Vec<Option<String>>,
    Option<Vec<f64>>,
    Option<u8>,
    u64,
    u64,
    Option<PlainDetail>,
);

/// `phases` flat (decisions, forced, choices of phase 0, then of phase 1, …) as little-endian 64-bit integers
/// in one `bytes`, padded to at least `named` phases: every record of a game then has the same length, and a
/// batch sums as one array read straight from the bytes (a list of ints per match cost more than the detail).
fn plain_detail(py: Python<'_>, d: MatchDetail, named: usize) -> PlainDetail {
    let mut phases: Vec<u8> = Vec::with_capacity(24 * named.max(d.phases.len()));
    for c in &d.phases {
        for v in [c.decisions, c.forced, c.choices] {
            phases.extend_from_slice(&v.to_le_bytes());
        }
    }
    if phases.len() < 24 * named {
        phases.resize(24 * named, 0);
    }
    let phases = PyBytes::new(py, &phases).unbind();
    (phases, d.lead_changes, d.comeback.map(|[half, late]| (half, late)), d.played, d.owned)
}

/// Parsed content and options of one game, shared by all its matches.
#[pyclass(module = "ravenry._core", name = "Ruleset", frozen)]
pub struct PyRuleset {
    inner: Arc<dyn DynRuleset>,
    /// Dense action spaces by player count, built on first use (they sort every code of the ruleset).
    spaces: Mutex<Vec<(u8, Arc<ActionSpace>)>>,
}

impl PyRuleset {
    pub(crate) fn dyn_ruleset(&self) -> &Arc<dyn DynRuleset> {
        &self.inner
    }

    pub(crate) fn space(&self, players: u8) -> Arc<ActionSpace> {
        let mut spaces = self.spaces.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        if let Some((_, s)) = spaces.iter().find(|(p, _)| *p == players) {
            return Arc::clone(s);
        }
        let s = Arc::new(self.inner.action_space(players));
        spaces.push((players, Arc::clone(&s)));
        s
    }
}

#[pymethods]
impl PyRuleset {
    #[new]
    fn new(game: &str, content: &str, options: &str) -> CoreResult<Self> {
        Ok(PyRuleset { inner: games::ruleset(game, content, options)?, spaces: Mutex::new(Vec::new()) })
    }

    /// Length of a seat's observation vector with `players` seats.
    fn observation_size(&self, players: u8) -> usize {
        self.inner.observation_size(players)
    }

    /// Every action code of the dense action space with `players` seats, ascending: index `i` is code `codes[i]`.
    fn action_codes<'py>(&self, py: Python<'py>, players: u8) -> Bound<'py, PyArray1<u32>> {
        PyArray1::from_slice(py, self.space(players).codes())
    }

    #[getter]
    fn game_id(&self) -> &'static str {
        self.inner.game_id()
    }

    #[getter]
    fn game_version(&self) -> &'static str {
        self.inner.game_version()
    }

    #[getter]
    fn hash(&self) -> String {
        self.inner.hash().to_owned()
    }

    #[getter]
    fn players(&self) -> (u8, u8) {
        self.inner.players()
    }

    #[getter]
    fn bot_names(&self) -> Vec<&'static str> {
        self.inner.bot_names()
    }

    /// The game's phases in a designer's words: what a match detail's phase indices name (empty: one phase).
    #[getter]
    fn phase_names(&self) -> Vec<&'static str> {
        self.inner.phase_names().to_vec()
    }

    /// The cards a match detail's card indices name (empty: the game keeps no per-card statistics).
    #[getter]
    fn card_names(&self) -> Vec<String> {
        self.inner.card_names()
    }

    /// Raise `OptionError` unless `spec` (`ismcts:iterations=200`) names a bot of this game with valid parameters.
    fn check_bot(&self, spec: &str) -> CoreResult<()> {
        Ok(self.inner.check_bot(spec)?)
    }

    /// Play `matches` bot matches in Rust with the GIL released; returns the tallies as a dict.
    #[pyo3(
        signature = (players, matches, seed, bots, workers=Workers(1), first=Count(0), max_decisions=Count(1_000_000)),
        text_signature = "(self, /, players, matches, seed, bots, workers=1, first=0, max_decisions=1000000)"
    )]
    #[allow(clippy::too_many_arguments)]
    fn simulate<'py>(
        &self,
        py: Python<'py>,
        players: Players,
        matches: Count,
        seed: Seed,
        bots: Vec<String>,
        workers: Workers,
        first: Count,
        max_decisions: Count,
    ) -> PyResult<Bound<'py, PyDict>> {
        let cfg = SimConfig {
            players: players.0,
            first: first.0,
            matches: matches.0,
            seed: seed.0,
            bots,
            workers: usize::from(workers.0),
            max_decisions: max_decisions.0,
            detail: false,
        };
        let inner = Arc::clone(&self.inner);
        let report = py.detach(move || inner.simulate(&cfg)).map_err(CoreError::from)?;
        let out = PyDict::new(py);
        out.set_item("matches", report.matches)?;
        out.set_item("finished", report.finished)?;
        out.set_item("wins", report.wins)?;
        out.set_item("scores", report.scores)?;
        out.set_item("score_squares", report.score_squares)?;
        out.set_item("decisions", report.decisions)?;
        out.set_item("seconds", report.seconds)?;
        let labels = PyDict::new(py);
        for (label, s) in report.by_label {
            labels.set_item(label, (s.seats, s.wins, s.scores, s.score_squares))?;
        }
        out.set_item("by_label", labels)?;
        Ok(out)
    }

    /// Play tournament jobs in Rust with the GIL released. `jobs` are `(deal, [bot index per seat])`; returns one
    /// `(decisions, results, labels, points, first, forced, choices)` per job, in job order, where `results` is
    /// `None` for an unfinished match or a `(rank, score, win_share)` per seat, `points` the game's tournament
    /// points per seat or `None`, `first` the seat that started (`None` where seat order decides), `forced` the
    /// decisions that had one legal action and `choices` the legal actions summed over all decisions. With
    /// `detail`, the last item is `(phases, lead_changes, comeback, played, owned)` (see `runner::MatchDetail`:
    /// decisions, forced, choices of each phase index as little-endian 64-bit integers in one `bytes`, as long for every match, the unique leader's changes or `None`, whether a winner was
    /// strictly behind at half and at three quarters of the match or `None`, per seat `(card, times)` played and
    /// the cards it could play, no seats for a game without card statistics); without, it is `None` and the run costs what it did without it.
    #[pyo3(
        signature = (players, seed, bots, jobs, workers=Workers(1), max_decisions=Count(1_000_000), detail=false),
        text_signature = "(self, /, players, seed, bots, jobs, workers=1, max_decisions=1000000, detail=False)"
    )]
    #[allow(clippy::too_many_arguments)]
    fn play_matches(
        &self,
        py: Python<'_>,
        players: Players,
        seed: Seed,
        bots: Vec<String>,
        jobs: Vec<(Seed, Vec<usize>)>,
        workers: Workers,
        max_decisions: Count,
        detail: bool,
    ) -> CoreResult<Vec<PlainRecord>> {
        let jobs: Vec<MatchJob> = jobs.into_iter().map(|(deal, seats)| MatchJob { deal: deal.0, seats }).collect();
        let cfg = SimConfig {
            players: players.0,
            first: 0,
            matches: jobs.len() as u64,
            seed: seed.0,
            bots,
            workers: usize::from(workers.0),
            max_decisions: max_decisions.0,
            detail,
        };
        let inner = Arc::clone(&self.inner);
        let named = inner.phase_names().len();
        let records = py.detach(move || inner.play_jobs(&cfg, &jobs))?;
        Ok(records
            .into_iter()
            .map(|r| {
                let results = r.result.map(|seats| seats.into_iter().map(|s| (s.rank, s.score, s.win_share)).collect());
                (
                    r.decisions,
                    results,
                    r.labels,
                    r.points,
                    r.first,
                    r.forced,
                    r.choices,
                    r.detail.map(|d| plain_detail(py, d, named)),
                )
            })
            .collect())
    }
}
