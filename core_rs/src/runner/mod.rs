//! Batch headless matches: bots in every seat, rayon across workers, one seed per match.
//!
//! Match `i` of a run seeded `s` always plays from `Rng::derive(s, i)`, whatever the worker count or the
//! chunk it falls in. Each match yields a `MatchRecord`; records are collected in match order and tallied
//! sequentially, so even the floating-point sums (shared wins, scores) are the same bits on any worker
//! count, any chunking, and on a Ray cluster that merges chunks in the same order.

mod detail;

use std::collections::BTreeMap;
use std::time::Instant;

use rayon::prelude::*;
use serde::Serialize;

use crate::bots::{self, Bot, Bots};
use crate::engine::play::{self, Step};
use crate::engine::{check_players, Events, Player, SetupError, Tally};

use crate::rng::Rng;
use detail::Watch;
pub use detail::{MatchDetail, PhaseCount};

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
    /// Also record each match's `MatchDetail` (phases, lead, cards): a balance study asks, a plain run need not pay.
    pub detail: bool,
}

impl SimConfig {
    /// `matches` matches from index 0 with `bots` (one per seat, or cycled) on `workers` threads, stopping any match
    /// at 100 000 decisions (a safeguard: no measured game comes near it).
    pub fn new(players: u8, matches: u64, bots: &[&str], seed: u64, workers: usize) -> Self {
        let bots = bots.iter().map(|b| (*b).to_owned()).collect();
        SimConfig { players, first: 0, matches, seed, bots, workers, max_decisions: 100_000, detail: false }
    }
}

/// Per-label tally for balance tables: how often a label (house, class) sat at the table, its win share, and
/// its scores (what a solo game is judged by: mean stars per class).
#[derive(Clone, Debug, Default, Serialize, PartialEq)]
pub struct LabelStats {
    pub seats: u64,
    pub wins: f64,
    pub scores: f64,
    pub score_squares: f64,
}

/// What a batch measured. Wins are fractional: a k-way shared win gives each winner 1/k.
#[derive(Clone, Debug, Default, Serialize, PartialEq)]
pub struct SimReport {
    pub matches: u64,
    pub finished: u64,
    pub wins: Vec<f64>,
    /// Sum of each seat's score over finished matches (stars in solo Roll Player, power, influence, …).
    pub scores: Vec<f64>,
    /// Sum of each seat's squared score over finished matches (for the score's interval).
    pub score_squares: Vec<f64>,
    pub decisions: u64,
    pub by_label: BTreeMap<String, LabelStats>,
    pub seconds: f64,
}

impl SimReport {
    fn empty(players: u8) -> Self {
        let n = usize::from(players);
        SimReport { wins: vec![0.0; n], scores: vec![0.0; n], score_squares: vec![0.0; n], ..Default::default() }
    }

    fn add(&mut self, record: &MatchRecord) {
        self.matches += 1;
        self.decisions += record.decisions;
        let Some(result) = &record.result else { return };
        self.finished += 1;
        for (p, seat) in result.iter().enumerate() {
            if let (Some(w), Some(s), Some(q)) =
                (self.wins.get_mut(p), self.scores.get_mut(p), self.score_squares.get_mut(p))
            {
                *w += seat.win_share;
                *s += seat.score;
                *q += seat.score * seat.score;
            }
            if let Some(label) = record.labels.get(p).cloned().flatten() {
                let e = self.by_label.entry(label).or_default();
                e.seats += 1;
                e.wins += seat.win_share;
                e.scores += seat.score;
                e.score_squares += seat.score * seat.score;
            }
        }
    }
}

/// How one seat ended a finished match.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct SeatResult {
    pub rank: u8,
    pub score: f64,
    pub win_share: f64,
}

/// One played match: its length, each seat's result (`None` if it was stopped unfinished or could not be
/// played) and each seat's label.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct MatchRecord {
    pub decisions: u64,
    pub result: Option<Vec<SeatResult>>,
    pub labels: Vec<Option<String>>,
    /// The game's tournament points per seat (`Tally::match_points`), when it has them.
    pub points: Option<Vec<f64>>,
    /// The seat that started (`Tally::first_player`), for games that settle it by a draw or a choice.
    pub first: Option<Player>,
    /// Decisions with a single legal action, and the legal actions summed over every decision (the mean
    /// branching factor is `choices / decisions`).
    pub forced: u64,
    pub choices: u64,
    /// What the match looked like on the way, when the batch asked for it (`SimConfig::detail`).
    pub detail: Option<MatchDetail>,
}

/// One match of a tournament: the deal it replays and which bot (an index into the bot list) sits in each seat.
#[derive(Clone, Debug, PartialEq)]
pub struct MatchJob {
    pub deal: u64,
    pub seats: Vec<usize>,
}

/// Play `cfg.matches` matches of `G` and tally them.
pub fn simulate<G: Bots + Tally>(rules: &G::Ruleset, cfg: &SimConfig) -> Result<SimReport, SetupError> {
    check_players::<G>(rules, cfg.players)?;
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
    for name in &cfg.bots {
        bots::make::<G>(name)?;
    }
    let pool = pool(cfg.workers)?;
    let cards = cfg.detail && !G::card_names(rules).is_empty();
    let started = Instant::now();
    let records: Vec<MatchRecord> = pool.install(|| {
        (cfg.first..cfg.first + cfg.matches)
            .into_par_iter()
            .map_init(
                || (Vec::new(), seat_bots::<G>(cfg)),
                |(buf, seats), i| play_one::<G>(rules, cfg, cards, i, seats, buf),
            )
            .collect()
    });
    let mut report = SimReport::empty(cfg.players);
    for record in &records {
        report.add(record);
    }
    report.seconds = started.elapsed().as_secs_f64();
    Ok(report)
}

/// Play each job (a deal under one seating of `cfg.bots`, which are not cycled: a job names one per seat) and
/// return the records in job order; `cfg.first` and `cfg.matches` are not used. A deal's game seed and bot
/// stream depend only on (`seed`, `deal`), so the rotations of one deal replay the same cards and dice draws,
/// and a job's record does not depend on the worker count or on which other jobs ran beside it.
pub fn play_jobs<G: Bots + Tally>(
    rules: &G::Ruleset,
    cfg: &SimConfig,
    jobs: &[MatchJob],
) -> Result<Vec<MatchRecord>, SetupError> {
    let (players, bot_names) = (cfg.players, &cfg.bots);
    check_players::<G>(rules, players)?;
    for name in bot_names {
        bots::make::<G>(name)?;
    }
    for (i, job) in jobs.iter().enumerate() {
        if job.seats.len() != usize::from(players) || job.seats.iter().any(|b| *b >= bot_names.len()) {
            return Err(SetupError::Option {
                name: "jobs".into(),
                reason: format!(
                    "job {i} seats bots {:?}: it needs {players} indices below {}",
                    job.seats,
                    bot_names.len()
                ),
            });
        }
    }
    let pool = pool(cfg.workers)?;
    let cards = cfg.detail && !G::card_names(rules).is_empty();
    Ok(pool.install(|| {
        jobs.par_iter()
            .map_init(Vec::new, |buf, job| {
                // Fresh bots per match: a bot's scratch state can never carry from one match into another.
                let mut seats: Vec<Box<dyn Bot<G>>> =
                    job.seats.iter().filter_map(|b| bots::make::<G>(&bot_names[*b]).ok()).collect();
                play_one::<G>(rules, cfg, cards, job.deal, &mut seats, buf)
            })
            .collect()
    }))
}

fn pool(workers: usize) -> Result<rayon::ThreadPool, SetupError> {
    if !(1..=MAX_WORKERS).contains(&workers) {
        return Err(SetupError::Option {
            name: "workers".into(),
            reason: format!("{workers} workers; ask for 1 to {MAX_WORKERS}"),
        });
    }
    rayon::ThreadPoolBuilder::new()
        .num_threads(workers)
        .build()
        .map_err(|e| SetupError::Option { name: "workers".into(), reason: e.to_string() })
}

fn seat_bots<G: Bots>(cfg: &SimConfig) -> Vec<Box<dyn Bot<G>>> {
    (0..usize::from(cfg.players)).filter_map(|p| bots::make::<G>(&cfg.bots[p % cfg.bots.len()]).ok()).collect()
}

/// `cards`: the game keeps per-card statistics (asked once per batch, not per match).
fn play_one<G: Bots + Tally>(
    rules: &G::Ruleset,
    cfg: &SimConfig,
    cards: bool,
    index: u64,
    seats: &mut [Box<dyn Bot<G>>],
    buf: &mut Vec<u32>,
) -> MatchRecord {
    let players = cfg.players;
    let mut seed_rng = Rng::derive(cfg.seed, index);
    let game_seed = seed_rng.next_u64();
    let mut bot_rng = Rng::new(seed_rng.next_u64());
    let mut record = MatchRecord {
        decisions: 0,
        result: None,
        labels: Vec::new(),
        points: None,
        first: None,
        forced: 0,
        choices: 0,
        detail: None,
    };
    let Ok(mut state) = G::new(rules, players, game_seed) else {
        return record;
    };
    record.first = state.first_player();
    let mut watch = cfg.detail.then(|| Watch::start(&state, rules, players, cards));
    let mut events = Events::disabled();
    while record.decisions < cfg.max_decisions {
        let to_act = state.to_act();
        if to_act.is_empty() {
            break;
        }
        for p in to_act.iter() {
            let Some(bot) = seats.get_mut(usize::from(p)) else { return record };
            match play::step(&mut state, rules, p, buf, &mut events, |s, legal| {
                let a = bot.act(rules, s, p, legal, &mut bot_rng);
                if let Some(w) = watch.as_mut() {
                    w.before(s, rules, p, a, legal.len());
                }
                a
            }) {
                Step::Applied => {
                    if let Some(w) = watch.as_mut() {
                        w.after(&state, rules);
                    }
                    // `step` leaves the legal list it chose from in `buf`.
                    record.decisions += 1;
                    record.forced += u64::from(buf.len() == 1);
                    record.choices += buf.len() as u64;
                    if record.first.is_none() {
                        record.first = state.first_player();
                    }
                }
                Step::NoAction => {}
                // A bot that offers an illegal action is a bug; count the match as unfinished, never panic.
                Step::Refused => {
                    record.detail = watch.map(|w| w.finish(None));
                    return record;
                }
            }
        }
    }
    record.labels = (0..players).map(|p| state.seat_label(rules, p)).collect();
    record.points = state.match_points(rules);
    let outcome = state.outcome();
    record.detail = watch.map(|w| w.finish(outcome.as_ref().map(|o| o.winners)));
    if let Some(outcome) = outcome {
        record.result = Some(
            (0..players)
                .map(|p| SeatResult {
                    rank: outcome.ranks.get(usize::from(p)).copied().unwrap_or(0),
                    score: outcome.scores.get(usize::from(p)).copied().unwrap_or(0.0),
                    win_share: outcome.win_share(p as Player),
                })
                .collect(),
        );
    }
    record
}
