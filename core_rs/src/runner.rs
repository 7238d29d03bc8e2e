//! Batch headless matches: bots in every seat, rayon across workers, one seed per match.
//!
//! Match `i` of a run seeded `s` always plays from `Rng::derive(s, i)`, whatever the worker count or the
//! chunk it falls in, so a run's totals do not depend on how it was split.

use std::collections::BTreeMap;
use std::time::Instant;

use rayon::prelude::*;
use serde::Serialize;

use crate::bots::{self, Bot};
use crate::engine::{Events, Game, Player, SetupError};
use crate::rng::Rng;

/// The most worker threads a batch may ask for: far past any machine's cores, and low enough that a typo
/// (`workers=100000`) is refused instead of spawning threads until the system gives out.
pub const MAX_WORKERS: usize = 256;

/// What a batch asks for.
#[derive(Clone, Debug)]
pub struct SimConfig {
    pub players: u8,
    /// Index of the first match (for chunked runs) and how many to play.
    pub first: u64,
    pub matches: u64,
    pub seed: u64,
    /// Bot names, one per seat or one for all (cycled).
    pub bots: Vec<String>,
    pub workers: usize,
    /// A match still running after this many decisions is stopped and counted as unfinished.
    pub max_decisions: u64,
}

impl SimConfig {
    /// `matches` matches from index 0 with `bots` (one per seat, or cycled) on `workers` threads, stopping any match
    /// at 100 000 decisions (a safeguard: no measured game comes near it).
    pub fn new(players: u8, matches: u64, bots: &[&str], seed: u64, workers: usize) -> Self {
        let bots = bots.iter().map(|b| (*b).to_owned()).collect();
        SimConfig { players, first: 0, matches, seed, bots, workers, max_decisions: 100_000 }
    }
}

/// Per-label tally for balance tables: how often a label (house, class) sat at the table and its win share.
#[derive(Clone, Debug, Default, Serialize, PartialEq)]
pub struct LabelStats {
    pub seats: u64,
    pub wins: f64,
}

/// What a batch measured. Wins are fractional: a k-way shared win gives each winner 1/k.
#[derive(Clone, Debug, Default, Serialize, PartialEq)]
pub struct SimReport {
    pub matches: u64,
    pub finished: u64,
    pub wins: Vec<f64>,
    pub decisions: u64,
    pub by_label: BTreeMap<String, LabelStats>,
    pub seconds: f64,
}

impl SimReport {
    fn empty(players: u8) -> Self {
        SimReport { wins: vec![0.0; usize::from(players)], ..Default::default() }
    }

    fn merge(mut self, other: SimReport) -> SimReport {
        self.matches += other.matches;
        self.finished += other.finished;
        self.decisions += other.decisions;
        for (w, o) in self.wins.iter_mut().zip(&other.wins) {
            *w += o;
        }
        for (label, s) in other.by_label {
            let e = self.by_label.entry(label).or_default();
            e.seats += s.seats;
            e.wins += s.wins;
        }
        self
    }
}

/// Play `cfg.matches` matches of `G` and tally them.
pub fn simulate<G: Game>(rules: &G::Ruleset, cfg: &SimConfig) -> Result<SimReport, SetupError> {
    let (min, max) = G::players(rules);
    if cfg.players < min || cfg.players > max {
        return Err(SetupError::Players { game: G::ID, min, max, got: cfg.players });
    }
    if cfg.bots.is_empty() {
        return Err(SetupError::Option { name: "bots".into(), reason: "name at least one bot".into() });
    }
    if cfg.bots.len() > usize::from(cfg.players) {
        return Err(SetupError::Option {
            name: "bots".into(),
            reason: format!(
                "{} bots named for {} seats; name one per seat, or fewer to cycle",
                cfg.bots.len(),
                cfg.players
            ),
        });
    }
    if !(1..=MAX_WORKERS).contains(&cfg.workers) {
        return Err(SetupError::Option {
            name: "workers".into(),
            reason: format!("{} workers; ask for 1 to {MAX_WORKERS}", cfg.workers),
        });
    }
    for name in &cfg.bots {
        bots::make::<G>(name)?;
    }
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(cfg.workers)
        .build()
        .map_err(|e| SetupError::Option { name: "workers".into(), reason: e.to_string() })?;
    let started = Instant::now();
    let mut report = pool.install(|| {
        (cfg.first..cfg.first + cfg.matches)
            .into_par_iter()
            .fold(
                || (SimReport::empty(cfg.players), Vec::new(), seat_bots::<G>(cfg)),
                |(mut acc, mut buf, mut seats), i| {
                    play_one::<G>(rules, cfg, i, &mut seats, &mut buf, &mut acc);
                    (acc, buf, seats)
                },
            )
            .map(|(acc, _, _)| acc)
            .reduce(|| SimReport::empty(cfg.players), SimReport::merge)
    });
    report.seconds = started.elapsed().as_secs_f64();
    Ok(report)
}

fn seat_bots<G: Game>(cfg: &SimConfig) -> Vec<Box<dyn Bot<G>>> {
    (0..usize::from(cfg.players)).filter_map(|p| bots::make::<G>(&cfg.bots[p % cfg.bots.len()]).ok()).collect()
}

fn play_one<G: Game>(
    rules: &G::Ruleset,
    cfg: &SimConfig,
    index: u64,
    seats: &mut [Box<dyn Bot<G>>],
    buf: &mut Vec<u32>,
    acc: &mut SimReport,
) {
    let mut seed_rng = Rng::derive(cfg.seed, index);
    let game_seed = seed_rng.next_u64();
    let mut bot_rng = Rng::new(seed_rng.next_u64());
    acc.matches += 1;
    let Ok(mut state) = G::new(rules, cfg.players, game_seed) else {
        return;
    };
    let mut events = Events::disabled();
    let mut decisions = 0u64;
    while decisions < cfg.max_decisions {
        let to_act = state.to_act();
        if to_act.is_empty() {
            break;
        }
        for p in to_act.iter() {
            buf.clear();
            state.legal_actions(rules, p, buf);
            let Some(bot) = seats.get_mut(usize::from(p)) else { return };
            if buf.is_empty() {
                continue;
            }
            let a = bot.act(rules, &state, p, buf, &mut bot_rng);
            if state.apply(rules, p, a, &mut events).is_err() {
                // A bot that offers an illegal action is a bug; count the match as unfinished, never panic.
                acc.decisions += decisions;
                return;
            }
            decisions += 1;
        }
    }
    acc.decisions += decisions;
    if let Some(outcome) = state.outcome() {
        acc.finished += 1;
        for p in 0..cfg.players {
            let share = outcome.win_share(p as Player);
            if let Some(w) = acc.wins.get_mut(usize::from(p)) {
                *w += share;
            }
            if let Some(label) = state.seat_label(rules, p) {
                let e = acc.by_label.entry(label).or_default();
                e.seats += 1;
                e.wins += share;
            }
        }
    }
}
