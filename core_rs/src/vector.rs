//! A vectorised environment: `n` matches of one game stepped together, rayon across workers.
//!
//! Each match ("slot") has learner seats (stepped by the caller, one decision per `step`) and bot seats (played
//! inside the core until a learner is to act again). A step writes, per slot: the observation and legal mask of
//! the learner seat to act next, that seat, the rewards of every seat (non-zero only when the match just ended)
//! and a done flag. A finished match is reset at once (the outputs then describe the new match's first
//! decision). Slot `i` draws everything from `Rng::derive(seed, i)`, so the run does not depend on the worker
//! count.
//!
//! Actions come in one of two forms (`Actions`): a dense index per slot, with a mask over the whole dense space,
//! or a factored one (`engine::factored`): one index per factor, the first factor's mask written by each step and
//! the next factor's given the chosen prefix by `masks_after`, so no mask is wider than a factor.

use std::sync::Arc;

use rayon::prelude::*;

use crate::bots::{self, Bot, Bots};
use crate::engine::factored::{fill_mask_after, Factored, FactoredSpace, Tuple};
use crate::engine::observe::{observation_with, FactsOf};
use crate::engine::play::{self, Step};
use crate::engine::{check_players, Action, ActionSpace, Events, Illegal, Player, SetupError};
use crate::rng::Rng;

/// What a vectorised environment asks for.
#[derive(Clone, Debug)]
pub struct VecConfig {
    pub matches: usize,
    pub players: u8,
    pub seed: u64,
    /// A bot name per seat, `None` for a learner seat; empty means every seat is a learner (self-play).
    pub opponents: Vec<Option<String>>,
    pub workers: usize,
    /// Rewards are score differences (own score minus the best other score) instead of win shares.
    pub score_rewards: bool,
    /// A match still running after this many decisions is ended (done, zero rewards) and reset.
    pub max_decisions: u64,
    pub actions: Actions,
}

/// How a step names its actions.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Actions {
    /// One dense index per slot; the mask spans the dense space.
    #[default]
    Dense,
    /// One index per factor per slot; each mask spans one factor.
    Factored,
}

impl Actions {
    pub fn parse(name: &str) -> Result<Self, SetupError> {
        match name {
            "dense" => Ok(Actions::Dense),
            "factored" => Ok(Actions::Factored),
            _ => Err(SetupError::Option {
                name: "actions".into(),
                reason: format!("\"dense\" or \"factored\", not {name:?}"),
            }),
        }
    }
}

/// The caller's output buffers, row `i` for slot `i`.
pub struct StepOut<'a> {
    pub obs: &'a mut [f32],
    pub mask: &'a mut [u8],
    pub seat: &'a mut [i64],
    pub rewards: &'a mut [f32],
    pub done: &'a mut [u8],
}

/// The type-erased vectorised environment the PyO3 layer drives.
pub trait DynVectorEnv: Send + Sync {
    fn matches(&self) -> usize;
    fn players(&self) -> u8;
    fn observation_size(&self) -> usize;
    /// The dense space's size (whichever form the actions take).
    fn action_size(&self) -> usize;
    /// The width of a mask row `reset` and `step` write: the dense size, or the first factor's.
    fn mask_size(&self) -> usize;
    /// The factoring, when actions are factored.
    fn factored(&self) -> Option<&FactoredSpace>;
    /// Start a new match in every slot.
    fn reset(&mut self, out: StepOut<'_>);
    /// Apply slot `i`'s action for its seat to act: dense index `actions[i]`, or with factored actions the factor
    /// indices `actions[i * f..(i + 1) * f]`. Every action is checked first: if any is not legal, nothing
    /// changes and the error names the slot.
    fn step(&mut self, actions: &[i64], out: StepOut<'_>) -> Result<(), Illegal>;
    /// Factored actions only: with `k = prefix.len() / matches` indices chosen per slot (`prefix[i * k..(i + 1) *
    /// k]`, `k` below the factor count), write into `mask` row `i` the indices of factor `k` that complete slot
    /// `i`'s prefix towards a legal action. Refused, naming the slot, if a prefix starts no legal action; nothing
    /// moves either way.
    fn masks_after(&self, prefix: &[i64], mask: &mut [u8]) -> Result<(), Illegal>;
    /// The legal actions of every slot's seat to act, as CSR: slot `i`'s are rows `offsets[i]..offsets[i + 1]`
    /// of `indices`, read as rows of one dense index (the mask's ones, in the game's legal order) or of one index
    /// per factor. A random legal action per slot is then one draw per slot, not one per mask entry.
    fn legal_indices(&self, indices: &mut Vec<i64>, offsets: &mut Vec<i64>);
}

struct Slot<G: Bots + Factored> {
    state: G,
    rng: Rng,
    bots: Vec<Option<Box<dyn Bot<G>>>>,
    seat: Player,
    decisions: u64,
    legal: Vec<Action>,
    /// Dense indices of `legal`, in the same order: the CSR rows `legal_indices` hands out.
    dense: Vec<i64>,
    /// With factored actions, the factor indices of `legal` instead, in the same order: what the masks and the
    /// check of a step's action are made from.
    tuples: Vec<Tuple>,
    /// The redacted facts the observation is written from, reused step after step (no allocation when warm).
    facts: FactsOf<G>,
}

pub struct VectorEnvOf<G: Bots + Factored> {
    rules: Arc<G::Ruleset>,
    cfg: VecConfig,
    space: ActionSpace,
    factored: Option<FactoredSpace>,
    obs_size: usize,
    slots: Vec<Slot<G>>,
    pool: rayon::ThreadPool,
}

/// Rows of the output buffers for one slot.
struct Row<'a> {
    obs: &'a mut [f32],
    mask: &'a mut [u8],
    seat: &'a mut i64,
    rewards: &'a mut [f32],
    done: &'a mut u8,
}

impl<G: Bots + Factored> VectorEnvOf<G> {
    pub fn new(rules: Arc<G::Ruleset>, cfg: VecConfig) -> Result<Self, SetupError> {
        check_players::<G>(&rules, cfg.players)?;
        if cfg.matches == 0 {
            return Err(SetupError::Option { name: "n".into(), reason: "at least one match".into() });
        }
        let n = usize::from(cfg.players);
        if !cfg.opponents.is_empty() && cfg.opponents.len() != n {
            return Err(SetupError::Option {
                name: "opponents".into(),
                reason: format!("name a bot or None for each of the {n} seats, not {}", cfg.opponents.len()),
            });
        }
        if !cfg.opponents.is_empty() && cfg.opponents.iter().all(Option::is_some) {
            return Err(SetupError::Option {
                name: "opponents".into(),
                reason: "leave at least one learner seat".into(),
            });
        }
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(cfg.workers.max(1))
            .build()
            .map_err(|e| SetupError::Option { name: "workers".into(), reason: e.to_string() })?;
        let mut slots = Vec::with_capacity(cfg.matches);
        for i in 0..cfg.matches {
            let mut bots_of = Vec::with_capacity(n);
            for p in 0..n {
                bots_of.push(match cfg.opponents.get(p).cloned().flatten() {
                    Some(name) => Some(bots::make::<G>(&name)?),
                    None => None,
                });
            }
            let mut rng = Rng::derive(cfg.seed, i as u64);
            let state = G::new(&rules, cfg.players, rng.next_u64())?;
            slots.push(Slot {
                state,
                rng,
                bots: bots_of,
                seat: 0,
                decisions: 0,
                legal: Vec::new(),
                dense: Vec::new(),
                tuples: Vec::new(),
                facts: FactsOf::<G>::default(),
            });
        }
        let space = ActionSpace::of::<G>(&rules, cfg.players);
        let factored = (cfg.actions == Actions::Factored).then(|| FactoredSpace::of::<G>(&space));
        let obs_size = G::observation_size(&rules, cfg.players);
        Ok(VectorEnvOf { rules, cfg, space, factored, obs_size, slots, pool })
    }

    fn rows<'a>(&self, out: StepOut<'a>) -> impl IndexedParallelIterator<Item = Row<'a>> {
        let (o, a, p) = (self.obs_size.max(1), self.mask_size().max(1), usize::from(self.cfg.players));
        out.obs
            .par_chunks_mut(o)
            .zip(out.mask.par_chunks_mut(a))
            .zip(out.seat.par_iter_mut())
            .zip(out.rewards.par_chunks_mut(p))
            .zip(out.done.par_iter_mut())
            .map(|((((obs, mask), seat), rewards), done)| Row { obs, mask, seat, rewards, done })
    }

    fn check_buffers(&self, out: &StepOut<'_>) -> bool {
        let n = self.slots.len();
        out.obs.len() == n * self.obs_size
            && out.mask.len() == n * self.mask_size()
            && out.seat.len() == n
            && out.rewards.len() == n * usize::from(self.cfg.players)
            && out.done.len() == n
    }
}

impl<G: Bots + Factored> Slot<G> {
    fn new_match(&mut self, rules: &G::Ruleset, players: u8) {
        let seed = self.rng.next_u64();
        // A ruleset that set up once sets up again; if not, keep the finished state (done stays raised).
        if let Ok(s) = G::new(rules, players, seed) {
            self.state = s;
        }
        self.decisions = 0;
    }

    /// Let the bots play until a learner seat is to act (returns false, `seat` set) or the match ends (true).
    /// Bots in `to_act` move first, so in a secret simultaneous commit the learner commits after them, blind.
    fn advance(&mut self, rules: &G::Ruleset, max_decisions: u64) -> bool {
        let mut ev = Events::disabled();
        loop {
            let to_act = self.state.to_act();
            if to_act.is_empty() || self.decisions >= max_decisions {
                return true;
            }
            let mut learner = None;
            let mut moved = false;
            for p in to_act.iter() {
                let Some(Some(bot)) = self.bots.get_mut(usize::from(p)) else {
                    learner = learner.or(Some(p));
                    continue;
                };
                let rng = &mut self.rng;
                match play::step(&mut self.state, rules, p, &mut self.legal, &mut ev, |s, legal| {
                    bot.act(rules, s, p, legal, rng)
                }) {
                    Step::NoAction => {}
                    Step::Applied => {
                        self.decisions += 1;
                        moved = true;
                    }
                    // A bot offering an illegal action is a bug: end the match rather than loop or panic.
                    Step::Refused => {
                        self.decisions = max_decisions;
                        return true;
                    }
                }
            }
            if moved {
                continue;
            }
            match learner {
                Some(p) => {
                    self.seat = p;
                    return false;
                }
                // Only bots to act and none of them can: a stuck match ends (never an endless loop).
                None => {
                    self.decisions = max_decisions;
                    return true;
                }
            }
        }
    }

    fn write(&mut self, rules: &G::Ruleset, players: u8, spaces: Spaces<'_>, row: &mut Row<'_>) {
        observation_with(rules, players, &self.state, self.seat, &mut self.facts, row.obs);
        self.legal.clear();
        self.state.legal_actions(rules, self.seat, &mut self.legal);
        row.mask.fill(0);
        self.dense.clear();
        self.tuples.clear();
        for &a in &self.legal {
            let Some(i) = spaces.dense.index(a) else { continue };
            // A factored env offers exactly the codes a dense one would: those of the dense space.
            match spaces.factored {
                None => {
                    if let Some(m) = row.mask.get_mut(i) {
                        *m = 1;
                        self.dense.push(i as i64);
                    }
                }
                Some(f) => {
                    let Some(t) = f.tuple(a) else { continue };
                    if let Some(m) = row.mask.get_mut(t[0] as usize) {
                        *m = 1;
                        self.tuples.push(t);
                    }
                }
            }
        }
        *row.seat = i64::from(self.seat);
    }

    fn rewards(&self, score_rewards: bool, out: &mut [f32]) {
        out.iter_mut().for_each(|r| *r = 0.0);
        let Some(o) = self.state.outcome() else { return };
        for (p, r) in out.iter_mut().enumerate() {
            *r = if score_rewards {
                let mine = o.scores.get(p).copied().unwrap_or(0.0);
                let best_other =
                    o.scores.iter().enumerate().filter(|(q, _)| *q != p).map(|(_, s)| *s).fold(f64::MIN, f64::max);
                (mine - if best_other == f64::MIN { 0.0 } else { best_other }) as f32
            } else {
                o.win_share(p as Player) as f32
            };
        }
    }

    /// Play bots, and start new matches as matches end, until a learner is to act; fills `row`. The rewards and
    /// done flag report the match that ended during this call, if one did.
    fn settle(&mut self, rules: &G::Ruleset, cfg: &VecConfig, spaces: Spaces<'_>, row: &mut Row<'_>, fresh: bool) {
        if fresh {
            self.new_match(rules, cfg.players);
        }
        row.rewards.iter_mut().for_each(|r| *r = 0.0);
        *row.done = 0;
        // Bounded: a game whose bots keep finishing matches with no learner decision cannot spin forever.
        for _ in 0..64 {
            if !self.advance(rules, cfg.max_decisions) {
                break;
            }
            if *row.done == 0 {
                self.rewards(cfg.score_rewards, row.rewards);
                *row.done = 1;
            }
            self.new_match(rules, cfg.players);
        }
        self.write(rules, cfg.players, spaces, row);
    }
}

/// The spaces a slot writes its mask over.
#[derive(Clone, Copy)]
struct Spaces<'a> {
    dense: &'a ActionSpace,
    factored: Option<&'a FactoredSpace>,
}

impl<G: Bots + Factored> VectorEnvOf<G> {
    /// Slot `i`'s action as a code, if it is legal for its seat to act: dense index `actions[0]`, or factor
    /// indices `actions` (one per factor), which must be one of the tuples its masks are made from.
    fn chosen(&self, slot: &Slot<G>, actions: &[i64]) -> Option<Action> {
        match &self.factored {
            None => {
                let code = usize::try_from(*actions.first()?).ok().and_then(|i| self.space.code(i))?;
                slot.legal.contains(&code).then_some(code)
            }
            Some(f) => {
                let code = f.code(actions)?;
                let t = f.tuple(code)?;
                slot.tuples.contains(&t).then_some(code)
            }
        }
    }
}

impl<G: Bots + Factored> DynVectorEnv for VectorEnvOf<G> {
    fn matches(&self) -> usize {
        self.slots.len()
    }
    fn players(&self) -> u8 {
        self.cfg.players
    }
    fn observation_size(&self) -> usize {
        self.obs_size
    }
    fn action_size(&self) -> usize {
        self.space.size()
    }
    fn mask_size(&self) -> usize {
        self.factored.as_ref().map_or(self.space.size(), |f| f.size(0))
    }
    fn factored(&self) -> Option<&FactoredSpace> {
        self.factored.as_ref()
    }

    fn legal_indices(&self, indices: &mut Vec<i64>, offsets: &mut Vec<i64>) {
        indices.clear();
        offsets.clear();
        offsets.push(0);
        let mut rows = 0;
        for slot in &self.slots {
            match &self.factored {
                None => {
                    indices.extend_from_slice(&slot.dense);
                    rows += slot.dense.len();
                }
                Some(f) => {
                    for t in &slot.tuples {
                        indices.extend(t[..f.factors()].iter().map(|&i| i64::from(i)));
                    }
                    rows += slot.tuples.len();
                }
            }
            offsets.push(rows as i64);
        }
    }

    fn masks_after(&self, prefix: &[i64], mask: &mut [u8]) -> Result<(), Illegal> {
        let n = self.slots.len();
        let Some(f) = &self.factored else {
            return Err(Illegal::new(format!("{}: masks_after needs factored actions", G::ID)));
        };
        let k = prefix.len() / n;
        if k * n != prefix.len() || k >= f.factors() || mask.len() != n * f.size(k) {
            return Err(Illegal::new(format!(
                "{}: masks_after needs fewer than {} indices per match for {n} matches and a matching buffer, \
                 got {} indices",
                G::ID,
                f.factors(),
                prefix.len()
            )));
        }
        let (width, slots) = (f.size(k).max(1), &self.slots);
        let dead: Vec<bool> = self.pool.install(|| {
            slots
                .par_iter()
                .zip(mask.par_chunks_mut(width))
                .enumerate()
                .with_min_len(64)
                .map(|(i, (slot, row))| !fill_mask_after(&slot.tuples, &prefix[i * k..(i + 1) * k], row))
                .collect()
        });
        match dead.iter().position(|&d| d) {
            None => Ok(()),
            Some(i) => Err(Illegal::new(format!(
                "{}: factor indices {:?} start no legal action for seat {} of match {i}",
                G::ID,
                &prefix[i * k..(i + 1) * k],
                self.slots[i].seat
            ))),
        }
    }

    fn reset(&mut self, out: StepOut<'_>) {
        if !self.check_buffers(&out) {
            return;
        }
        let rows = self.rows(out);
        let (rules, cfg) = (&*self.rules, &self.cfg);
        let spaces = Spaces { dense: &self.space, factored: self.factored.as_ref() };
        let slots = &mut self.slots;
        self.pool.install(|| {
            slots.par_iter_mut().zip(rows).with_min_len(16).for_each(|(slot, mut row)| {
                slot.settle(rules, cfg, spaces, &mut row, true);
                *row.done = 0;
                row.rewards.iter_mut().for_each(|r| *r = 0.0);
            });
        });
    }

    fn step(&mut self, actions: &[i64], out: StepOut<'_>) -> Result<(), Illegal> {
        let width = self.factored.as_ref().map_or(1, FactoredSpace::factors);
        if actions.len() != self.slots.len() * width || !self.check_buffers(&out) {
            return Err(Illegal::new(format!(
                "{}: step needs {} actions of {width} indices and matching buffers, got {} indices",
                G::ID,
                self.slots.len(),
                actions.len()
            )));
        }
        let codes: Vec<Option<Action>> =
            self.slots.iter().zip(actions.chunks(width)).map(|(slot, a)| self.chosen(slot, a)).collect();
        if let Some(i) = codes.iter().position(Option::is_none) {
            let what = match width {
                1 => format!("action index {}", actions[i]),
                _ => format!("factor indices {:?}", &actions[i * width..(i + 1) * width]),
            };
            return Err(Illegal::new(format!(
                "{}: {what} is not legal for seat {} of match {i}",
                G::ID,
                self.slots[i].seat
            )));
        }
        let rows = self.rows(out);
        let (rules, cfg) = (&*self.rules, &self.cfg);
        let spaces = Spaces { dense: &self.space, factored: self.factored.as_ref() };
        let slots = &mut self.slots;
        self.pool.install(|| {
            slots.par_iter_mut().zip(codes).zip(rows).with_min_len(16).for_each(|((slot, code), mut row)| {
                let mut ev = Events::disabled();
                let seat = slot.seat;
                // Checked against this state's legal list above (`apply_unchecked` may skip re-deriving it), so it
                // cannot refuse; if it did, the match ends instead of panicking.
                if code.is_none_or(|a| slot.state.apply_unchecked(rules, seat, a, &mut ev).is_err()) {
                    slot.decisions = cfg.max_decisions;
                }
                slot.decisions += 1;
                slot.settle(rules, cfg, spaces, &mut row, false);
            });
        });
        Ok(())
    }
}

#[cfg(test)]
pub(crate) mod tests;
