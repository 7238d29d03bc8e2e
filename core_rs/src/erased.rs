//! The type-erased layer: one `DynRuleset`/`DynMatch` pair per game, so the host (and the PyO3 layer)
//! can drive any game through the same calls.
//!
//! It sits above the engine, the bots, the batch runner and the vector env, because a ruleset offers them all as
//! services (`simulate`, `play_jobs`, `vector_env`); the `py_*` files are its only users besides `games::ruleset`.

use std::sync::{Arc, Mutex, PoisonError};

use serde::Serialize;
use sha2::{Digest, Sha256};

use crate::bots::{self, Bot, Bots};
use crate::engine::observe::{observation, ActionSpace};
use crate::engine::Factored;
use crate::engine::{check_players, SetupError, SharedLog, SnapshotError, Tally, Viewer};
use crate::engine::{snapshot, Action, ActionInfo, Events, Game, Illegal, Logged, Outcome, Player, PlayerSet};
use crate::rng::Rng;
use crate::runner::{self, MatchJob, MatchRecord, SimConfig, SimReport};
use crate::vector::{DynVectorEnv, VecConfig, VectorEnvOf};

/// A parsed ruleset of some game.
pub trait DynRuleset: Send + Sync {
    fn game_id(&self) -> &'static str;
    fn game_version(&self) -> &'static str;
    /// SHA-256 of the game id, version, content and options it was built from (hex).
    fn hash(&self) -> &str;
    fn players(&self) -> (u8, u8);
    fn bot_names(&self) -> Vec<&'static str>;
    /// Whether `spec` names a bot of this game with valid parameters (the error says what would be valid).
    fn check_bot(&self, spec: &str) -> Result<(), SetupError>;
    fn new_match(&self, players: u8, seed: u64) -> Result<Box<dyn DynMatch>, SetupError>;
    /// A match from a snapshot's state bytes.
    fn load_state(&self, players: u8, seed: u64, state: &[u8]) -> Result<Box<dyn DynMatch>, SnapshotError>;
    fn simulate(&self, cfg: &SimConfig) -> Result<SimReport, SetupError>;
    /// Play tournament jobs (a deal under one seating of `cfg.bots` each); records in job order.
    fn play_jobs(&self, cfg: &SimConfig, jobs: &[MatchJob]) -> Result<Vec<MatchRecord>, SetupError>;
    /// `Tally::phase_names`: what a match detail's phase indices name.
    fn phase_names(&self) -> &'static [&'static str];
    /// `Tally::card_names`: what a match detail's card indices name.
    fn card_names(&self) -> Vec<String>;
    /// The observation length for `players` seats (design §8b).
    fn observation_size(&self, players: u8) -> usize;
    /// The dense action space for `players` seats.
    fn action_space(&self, players: u8) -> ActionSpace;
    /// `cfg.matches` matches stepped together (`vector.rs`).
    fn vector_env(&self, cfg: VecConfig) -> Result<Box<dyn DynVectorEnv>, SetupError>;
}

/// A match of some game: the state, its ruleset, the action history and the event log.
pub trait DynMatch: Send + Sync {
    fn game_id(&self) -> &'static str;
    fn players(&self) -> u8;
    fn seed(&self) -> u64;
    fn to_act(&self) -> PlayerSet;
    fn legal_actions(&self, p: Player, out: &mut Vec<Action>);
    /// Checked apply: on `Err` nothing changed (state, history, events).
    fn apply(&mut self, p: Player, a: Action) -> Result<(), Illegal>;
    fn outcome(&self) -> Option<Outcome>;
    /// `Tally::match_points`: the rulebook's tournament points per seat, once over.
    fn match_points(&self) -> Option<Vec<f64>>;
    /// What `a` means for seat `p` now; refused unless `a` is one of `p`'s legal actions now.
    fn describe(&self, p: Player, a: Action) -> Result<ActionInfo, Illegal>;
    fn decisions(&self) -> u64;
    fn history(&self) -> Vec<(Player, Action)>;
    /// Restore the action history of a match loaded from a snapshot's state.
    fn set_history(&mut self, history: Vec<(Player, Action)>);
    fn view_msgpack(&self, viewer: Viewer) -> Vec<u8>;
    /// Events from `since` visible to `viewer`, as a msgpack list of `{"index", "event"}` maps.
    fn events_msgpack(&self, since: usize, viewer: Viewer) -> Vec<u8>;
    fn event_count(&self) -> usize;
    fn state_msgpack(&self) -> Vec<u8>;
    /// A god-view of the state as msgpack (same bytes as the snapshot state).
    fn clone_box(&self) -> Box<dyn DynMatch>;
    /// A copy where what `p` cannot see is resampled from `seed`.
    fn determinize(&self, p: Player, seed: u64) -> Box<dyn DynMatch>;
    /// Let bot `name` (a spec) choose `p`'s action now (the bot's stream is part of the match, seeded from its seed).
    fn bot_action(&self, name: &str, p: Player) -> Result<Action, SetupError>;
    /// The action a fresh bot `spec` would choose for `p` now with its stream seeded `seed`; the match is
    /// unchanged. Same state, spec and seed: same action (the honesty check compares this across
    /// determinizations).
    fn bot_action_seeded(&self, spec: &str, p: Player, seed: u64) -> Result<Action, SetupError>;
    fn seat_label(&self, p: Player) -> Option<String>;
    /// Seat `p`'s observation (built from its view) into `out`, `observation_size` long.
    fn observation(&self, p: Player, out: &mut [f32]);
}

/// What the host needs of a game beyond the engine contract: its bots (and so its search facts), its tallies
/// and its tensor encoding with its action factoring.
pub trait Hosted: Bots + Tally + Factored {}

impl<G: Bots + Tally + Factored> Hosted for G {}

pub struct RulesetOf<G: Hosted> {
    rules: Arc<G::Ruleset>,
    hash: String,
}

impl<G: Hosted> RulesetOf<G> {
    pub fn parse(content: &str, options: &str) -> Result<Self, SetupError> {
        let rules = G::ruleset(content, options)?;
        let mut h = Sha256::new();
        for part in [G::ID, G::VERSION, content, options] {
            h.update((part.len() as u64).to_le_bytes());
            h.update(part.as_bytes());
        }
        let hash = h.finalize().iter().map(|b| format!("{b:02x}")).collect();
        Ok(RulesetOf { rules: Arc::new(rules), hash })
    }

    pub fn rules(&self) -> &Arc<G::Ruleset> {
        &self.rules
    }

    fn wrap(&self, state: G, players: u8, seed: u64) -> MatchOf<G> {
        MatchOf {
            rules: Arc::clone(&self.rules),
            state,
            players,
            seed,
            history: SharedLog::new(),
            events: Events::new(),
            seated: Mutex::new(Seated { rng: Rng::derive(seed, u64::MAX), bots: Vec::new() }),
        }
    }
}

impl<G: Hosted> DynRuleset for RulesetOf<G> {
    fn game_id(&self) -> &'static str {
        G::ID
    }
    fn game_version(&self) -> &'static str {
        G::VERSION
    }
    fn hash(&self) -> &str {
        &self.hash
    }
    fn players(&self) -> (u8, u8) {
        G::players(&self.rules)
    }
    fn bot_names(&self) -> Vec<&'static str> {
        bots::names::<G>()
    }
    fn check_bot(&self, spec: &str) -> Result<(), SetupError> {
        bots::check::<G>(spec)
    }
    fn new_match(&self, players: u8, seed: u64) -> Result<Box<dyn DynMatch>, SetupError> {
        check_players::<G>(&self.rules, players)?;
        let mut events = Events::new();
        let state = G::new_narrated(&self.rules, players, seed, &mut events)?;
        let mut m = self.wrap(state, players, seed);
        m.events = events;
        Ok(Box::new(m))
    }
    fn load_state(&self, players: u8, seed: u64, bytes: &[u8]) -> Result<Box<dyn DynMatch>, SnapshotError> {
        let state: G = snapshot::decode(G::ID, bytes)?;
        check_players::<G>(&self.rules, players)
            .map_err(|e| SnapshotError::Invalid { game: G::ID, why: e.to_string() })?;
        state.validate(&self.rules).map_err(|why| SnapshotError::Invalid { game: G::ID, why })?;
        if state.seat_count() != usize::from(players) {
            let why = format!("the save says {players} players but its state has {} seats", state.seat_count());
            return Err(SnapshotError::Invalid { game: G::ID, why });
        }
        Ok(Box::new(self.wrap(state, players, seed)))
    }
    fn simulate(&self, cfg: &SimConfig) -> Result<SimReport, SetupError> {
        runner::simulate::<G>(&self.rules, cfg)
    }
    fn play_jobs(&self, cfg: &SimConfig, jobs: &[MatchJob]) -> Result<Vec<MatchRecord>, SetupError> {
        runner::play_jobs::<G>(&self.rules, cfg, jobs)
    }
    fn phase_names(&self) -> &'static [&'static str] {
        G::phase_names()
    }
    fn card_names(&self) -> Vec<String> {
        G::card_names(&self.rules)
    }
    fn observation_size(&self, players: u8) -> usize {
        G::observation_size(&self.rules, players)
    }
    fn action_space(&self, players: u8) -> ActionSpace {
        ActionSpace::of::<G>(&self.rules, players)
    }
    fn vector_env(&self, cfg: VecConfig) -> Result<Box<dyn DynVectorEnv>, SetupError> {
        Ok(Box::new(VectorEnvOf::<G>::new(Arc::clone(&self.rules), cfg)?))
    }
}

/// A live match of `G`.
pub struct MatchOf<G: Hosted> {
    rules: Arc<G::Ruleset>,
    state: G,
    players: u8,
    seed: u64,
    /// Shared, copy-on-write logs: a clone costs the same at any point of the match.
    history: SharedLog<(Player, Action)>,
    events: Events<G::Event>,
    /// The match's own bots and their stream, behind a lock so a bot may think (GIL released) while others
    /// read the match.
    seated: Mutex<Seated<G>>,
}

/// Bots a match keeps between decisions (their memory) and the stream they draw from, seeded from the match.
struct Seated<G: Game> {
    rng: Rng,
    bots: Vec<(String, Box<dyn Bot<G>>)>,
}

impl<G: Hosted> MatchOf<G> {
    fn seated_copy(&self) -> Mutex<Seated<G>> {
        let rng = self.seated.lock().unwrap_or_else(PoisonError::into_inner).rng.clone();
        Mutex::new(Seated { rng, bots: Vec::new() })
    }
}

impl<G: Hosted> MatchOf<G> {
    pub fn state(&self) -> &G {
        &self.state
    }
}

#[derive(Serialize)]
struct IndexedEvent<'a, E> {
    index: usize,
    #[serde(flatten)]
    logged: &'a Logged<E>,
}

impl<G: Hosted> DynMatch for MatchOf<G> {
    fn game_id(&self) -> &'static str {
        G::ID
    }
    fn players(&self) -> u8 {
        self.players
    }
    fn seed(&self) -> u64 {
        self.seed
    }
    fn to_act(&self) -> PlayerSet {
        self.state.to_act()
    }
    fn legal_actions(&self, p: Player, out: &mut Vec<Action>) {
        if self.state.to_act().contains(p) {
            self.state.legal_actions(&self.rules, p, out);
        }
    }
    fn apply(&mut self, p: Player, a: Action) -> Result<(), Illegal> {
        if p >= self.players {
            return Err(Illegal::new(format!("{}: there is no seat {p} in a {}-player match", G::ID, self.players)));
        }
        if !self.state.to_act().contains(p) {
            return Err(Illegal::new(format!("{}: seat {p} may not act now", G::ID)));
        }
        let before = self.events.len();
        match self.state.apply(&self.rules, p, a, &mut self.events) {
            Ok(()) => {
                self.history.push((p, a));
                Ok(())
            }
            Err(e) => {
                self.events.truncate(before);
                Err(e)
            }
        }
    }
    fn outcome(&self) -> Option<Outcome> {
        self.state.outcome()
    }
    fn match_points(&self) -> Option<Vec<f64>> {
        self.state.match_points(&self.rules)
    }
    fn describe(&self, p: Player, a: Action) -> Result<ActionInfo, Illegal> {
        if p >= self.players {
            return Err(Illegal::new(format!("{}: there is no seat {p} in a {}-player match", G::ID, self.players)));
        }
        let mut legal = Vec::new();
        self.legal_actions(p, &mut legal);
        if !legal.contains(&a) {
            return Err(Illegal::new(format!("{}: code {a} is not a legal action of seat {p} now", G::ID)));
        }
        Ok(self.state.describe(&self.rules, p, a))
    }
    fn decisions(&self) -> u64 {
        self.state.decisions()
    }
    fn history(&self) -> Vec<(Player, Action)> {
        self.history.to_vec()
    }
    fn set_history(&mut self, history: Vec<(Player, Action)>) {
        self.history = history.into_iter().collect();
    }
    fn view_msgpack(&self, viewer: Viewer) -> Vec<u8> {
        snapshot::encode(&self.state.view(&self.rules, viewer))
    }
    fn events_msgpack(&self, since: usize, viewer: Viewer) -> Vec<u8> {
        let list: Vec<IndexedEvent<'_, G::Event>> =
            self.events.visible_since(since, viewer).map(|(index, logged)| IndexedEvent { index, logged }).collect();
        snapshot::encode(&list)
    }
    fn event_count(&self) -> usize {
        self.events.len()
    }
    fn state_msgpack(&self) -> Vec<u8> {
        snapshot::encode(&self.state)
    }
    fn clone_box(&self) -> Box<dyn DynMatch> {
        Box::new(MatchOf {
            rules: Arc::clone(&self.rules),
            state: self.state.clone(),
            players: self.players,
            seed: self.seed,
            history: self.history.clone(),
            events: self.events.clone(),
            seated: self.seated_copy(),
        })
    }
    fn determinize(&self, p: Player, seed: u64) -> Box<dyn DynMatch> {
        let mut rng = Rng::new(seed);
        let state = self.state.determinize(&self.rules, p, &mut rng);
        Box::new(MatchOf {
            rules: Arc::clone(&self.rules),
            state,
            players: self.players,
            seed: self.seed,
            history: self.history.clone(),
            events: Events::new(),
            seated: self.seated_copy(),
        })
    }
    fn bot_action(&self, name: &str, p: Player) -> Result<Action, SetupError> {
        let mut legal = Vec::new();
        self.legal_actions(p, &mut legal);
        if legal.is_empty() {
            return Err(SetupError::Option { name: "seat".into(), reason: format!("seat {p} has no action now") });
        }
        let mut guard = self.seated.lock().unwrap_or_else(PoisonError::into_inner);
        let seated = &mut *guard;
        let idx = match seated.bots.iter().position(|(n, _)| n == name) {
            Some(i) => i,
            None => {
                seated.bots.push((name.to_owned(), bots::make::<G>(name)?));
                seated.bots.len() - 1
            }
        };
        let bot = &mut seated.bots[idx].1;
        Ok(bot.act(&self.rules, &self.state, p, &legal, &mut seated.rng))
    }
    fn bot_action_seeded(&self, spec: &str, p: Player, seed: u64) -> Result<Action, SetupError> {
        let mut bot = bots::make::<G>(spec)?;
        let mut legal = Vec::new();
        self.legal_actions(p, &mut legal);
        if legal.is_empty() {
            return Err(SetupError::Option { name: "seat".into(), reason: format!("seat {p} has no action now") });
        }
        Ok(bot.act(&self.rules, &self.state, p, &legal, &mut Rng::new(seed)))
    }
    fn seat_label(&self, p: Player) -> Option<String> {
        self.state.seat_label(&self.rules, p)
    }
    fn observation(&self, p: Player, out: &mut [f32]) {
        observation::<G>(&self.rules, self.players, &self.state, p, out);
    }
}
