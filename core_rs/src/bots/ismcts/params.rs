//! The search's parameters: the `ismcts:key=value,...` spec parsed over the game's defaults, and the
//! playout kinds.

use super::PLAYOUT_CAP;
use crate::bots::spec::{self, bad_value, unknown_param};
use crate::engine::SetupError;

/// Parameters a spec may set, in the order docs and errors list them.
pub const PARAMS: &[&str] = &[
    "iterations",
    "seconds",
    "ms",
    "max_seconds",
    "c",
    "rollout",
    "prior",
    "cut",
    "workers",
    "trees",
    "goal",
    "observers",
    "infer",
];

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rollout {
    Random,
    Heuristic,
    /// By each seat's mean reward per move over the search so far (`mast`).
    Mast,
}

/// What each seat's playouts are worth to it: its win share (ties split), or its final score in the game's own
/// unit (what OpenSpiel's searches maximise: its returns). Hearts shows the difference: a seat after the most
/// hands won may take more points on average than one after the fewest points.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Goal {
    Win,
    Score,
}

/// Whose trees the search keeps: one per seat, each keyed on that seat's own observation of every move
/// (`multiple`, MO-ISMCTS), or one tree for all seats keyed on the moves themselves (`single`, SO-ISMCTS: an
/// opponent's face-down move is branched on as if seen, within the sampled world). `single` is the baseline the
/// multiple-observer search is measured against.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Observers {
    Multiple,
    Single,
}

/// One search's settings, parsed from `ismcts:key=value,...` over the game's `ismcts_defaults`.
#[derive(Clone, Debug, PartialEq)]
pub struct Params {
    /// Iterations per decision (a cap on them when `seconds` is also set).
    pub iterations: u64,
    /// Wall-clock budget per decision; `None`: iterations only (deterministic for a seed).
    pub seconds: Option<f64>,
    /// A wall-clock cap per decision that leaves the iteration budget as it is (unlike `seconds` given alone):
    /// how a match server bounds a search a client asked for without changing the search it asked for.
    pub max_seconds: Option<f64>,
    /// UCB exploration constant, on rewards normalised to [0, 1].
    pub c: f64,
    pub rollout: Rollout,
    /// Virtual visits for the game heuristic's move at each node, at the value of its first playout; 0: none.
    /// A small budget then leaves the heuristic's move only for one its playouts show to be better, instead of
    /// for whichever of many untried moves happened to win its one playout.
    pub prior: u32,
    /// Stop a playout after this many decisions and score it by standing; 0: play to the end.
    pub cut: u32,
    /// Threads searching at once.
    pub workers: usize,
    /// Independent trees (root parallelism) the budget is split over; their root counts are summed. The
    /// decision depends on `trees`, never on `workers`.
    pub trees: usize,
    pub goal: Goal,
    pub observers: Observers,
    /// Sample worlds consistent with what play revealed (`Game::determinize`), or without those inferences
    /// (`Search::determinize_uninformed`): the baseline inference is measured against.
    pub infer: bool,
}

impl Default for Params {
    fn default() -> Self {
        Params {
            iterations: 1000,
            seconds: None,
            max_seconds: None,
            c: 0.7,
            rollout: Rollout::Random,
            prior: 0,
            cut: 0,
            workers: 1,
            trees: 0,
            goal: Goal::Win,
            observers: Observers::Multiple,
            infer: true,
        }
    }
}

impl Params {
    /// Defaults, then the game's defaults, then `spec`'s parameters. `has_heuristic`: the game has one to
    /// roll out with (the default rollout then).
    pub fn parse(game_defaults: &str, spec: &str, has_heuristic: bool) -> Result<Params, SetupError> {
        let mut p =
            Params { rollout: if has_heuristic { Rollout::Heuristic } else { Rollout::Random }, ..Params::default() };
        let defaults_text = format!("ismcts:{game_defaults}");
        let defaults = spec::parse(&defaults_text)?;
        let given = spec::parse(spec)?;
        let mut iterations_given = false;
        let mut seconds_given = false;
        for (from_spec, params) in [(false, &defaults.params), (true, &given.params)] {
            for &(k, v) in params {
                p.set(spec, k, v, has_heuristic)?;
                iterations_given |= from_spec && k == "iterations";
                seconds_given |= from_spec && (k == "seconds" || k == "ms");
            }
        }
        if seconds_given && !iterations_given {
            p.iterations = u64::MAX;
        }
        if p.trees == 0 {
            p.trees = p.workers;
        }
        Ok(p)
    }

    fn set(&mut self, spec: &str, k: &str, v: &str, has_heuristic: bool) -> Result<(), SetupError> {
        let int = |lo: u64, hi: u64| {
            v.parse::<u64>()
                .ok()
                .filter(|n| (lo..=hi).contains(n))
                .ok_or_else(|| bad_value(spec, k, v, &format!("a whole number from {lo} to {hi}")))
        };
        let real = |lo: f64, hi: f64| {
            v.parse::<f64>()
                .ok()
                .filter(|x| x.is_finite() && (lo..=hi).contains(x))
                .ok_or_else(|| bad_value(spec, k, v, &format!("a number from {lo} to {hi}")))
        };
        match k {
            "iterations" => self.iterations = int(1, 100_000_000)?,
            "seconds" => self.seconds = Some(real(0.001, 3600.0)?),
            // Thinking time in milliseconds, as a player sets a clock: `ms=200` is `seconds=0.2`.
            "ms" => self.seconds = Some(int(1, 3_600_000)? as f64 / 1000.0),
            "max_seconds" => self.max_seconds = Some(real(0.001, 3600.0)?),
            "c" => self.c = real(0.0, 100.0)?,
            "cut" => self.cut = int(0, u64::from(PLAYOUT_CAP))? as u32,
            "prior" if !has_heuristic && v != "0" => {
                return Err(bad_value(spec, k, v, "0 (this game has no heuristic to take a prior from)"))
            }
            "prior" => self.prior = int(0, 1_000_000)? as u32,
            "workers" => self.workers = int(1, 256)? as usize,
            "trees" => self.trees = int(1, 256)? as usize,
            "rollout" => {
                self.rollout = match v {
                    "random" => Rollout::Random,
                    "heuristic" if has_heuristic => Rollout::Heuristic,
                    "mast" => Rollout::Mast,
                    "heuristic" => return Err(bad_value(spec, k, v, "random or mast (this game has no heuristic)")),
                    _ => return Err(bad_value(spec, k, v, "random, heuristic or mast")),
                }
            }
            "goal" => {
                self.goal = match v {
                    "win" => Goal::Win,
                    "score" => Goal::Score,
                    _ => return Err(bad_value(spec, k, v, "win or score")),
                }
            }
            "observers" => {
                self.observers = match v {
                    "multiple" => Observers::Multiple,
                    "single" => Observers::Single,
                    _ => return Err(bad_value(spec, k, v, "multiple or single")),
                }
            }
            "infer" => {
                self.infer = match v {
                    "on" => true,
                    "off" => false,
                    _ => return Err(bad_value(spec, k, v, "on or off")),
                }
            }
            _ => return Err(unknown_param(spec, k, PARAMS)),
        }
        Ok(())
    }
}
