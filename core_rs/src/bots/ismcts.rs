//! `ismcts`: multiple-observer information-set Monte Carlo tree search, generic over `Game`.
//!
//! Each iteration samples a world the searching seat cannot tell from the real one (`Game::determinize`),
//! walks one tree per seat down that world, expands one move, plays the rest out (randomly or with the game's
//! heuristic, optionally cut after N decisions and scored by `Search::standing`) and backs up a reward per seat.
//! A seat's tree is keyed on that seat's own observation of every move (`Search::observe_action`), so a seat's
//! choices never depend on another seat's face-down commit or hidden hand: MO-ISMCTS (Cowling, Powley and
//! Whitehouse 2012). docs/search.md explains the algorithm, its parameters and its honesty guarantee.

use std::sync::{Arc, Mutex, OnceLock, PoisonError};
use std::time::{Duration, Instant};

use rayon::prelude::*;

use super::spec::{self, bad_value, unknown_param};
use super::{Bot, Bots, RandomBot};
use crate::engine::play::{self, Step};
use crate::engine::{Action, Events, Outcome, Player, SetupError};
use crate::rng::Rng;

/// Parameters a spec may set, in the order docs and errors list them.
pub const PARAMS: &[&str] =
    &["iterations", "seconds", "max_seconds", "c", "rollout", "prior", "cut", "workers", "trees"];

/// Most decisions one playout may take before it is scored where it stands (a safeguard for endless lines).
const PLAYOUT_CAP: u32 = 20_000;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rollout {
    Random,
    Heuristic,
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
                seconds_given |= from_spec && k == "seconds";
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
                    "heuristic" => return Err(bad_value(spec, k, v, "random (this game has no heuristic)")),
                    _ => return Err(bad_value(spec, k, v, "random or heuristic")),
                }
            }
            _ => return Err(unknown_param(spec, k, PARAMS)),
        }
        Ok(())
    }
}

/// One move out of a node of one seat's tree, with its statistics for the seat that made it. A node is the list
/// of its edges: selection reads one short contiguous array (keys and statistics together), never the child
/// nodes themselves; those lookups are most of a search's own time.
#[derive(Clone, Copy)]
struct Edge {
    key: u64,
    /// The node the move leads to.
    to: u32,
    visits: u32,
    /// How often the move was legal when its parent was visited (availability, for UCB in ISMCTS).
    avail: u32,
    reward: f64,
}

/// One seat's tree: each node's edges, in the order they were added; node 0 is the root.
struct Tree {
    nodes: Vec<Vec<Edge>>,
}

impl Tree {
    fn new() -> Self {
        Tree { nodes: vec![Vec::new()] }
    }

    /// The index of `at`'s edge for `key`, if it has one.
    fn edge(&self, at: u32, key: u64) -> Option<usize> {
        self.nodes[at as usize].iter().position(|e| e.key == key)
    }

    /// Add an edge known not to exist yet, to a new node; returns its index.
    fn insert(&mut self, at: u32, key: u64) -> usize {
        let to = self.nodes.len() as u32;
        self.nodes.push(Vec::new());
        let edges = &mut self.nodes[at as usize];
        edges.push(Edge { key, to, visits: 0, avail: 0, reward: 0.0 });
        edges.len() - 1
    }

    /// The node `at`'s move `key` leads to, made if new.
    fn child_or_insert(&mut self, at: u32, key: u64) -> u32 {
        let i = match self.edge(at, key) {
            Some(i) => i,
            None => self.insert(at, key),
        };
        self.nodes[at as usize][i].to
    }
}

/// Key of a move in a tree: the actor in the top byte, so moves of different seats never share a key.
fn key(actor: Player, observed: u64) -> u64 {
    (u64::from(actor) << 56) | (observed & ((1 << 56) - 1))
}

/// The reward of a finished match per seat: the win share, or the score itself alone at the table (solo
/// games are normalised during search by the range of scores seen).
fn outcome_reward(o: &Outcome, n: usize) -> Vec<f64> {
    if n == 1 {
        return vec![o.scores.first().copied().unwrap_or(0.0)];
    }
    (0..n).map(|p| o.win_share(p as Player)).collect()
}

/// The reward of a playout stopped early, from standings: each seat's share of the seats it is ahead of
/// (ties count half), or its standing alone when solo.
fn standing_reward(standing: &[f64], n: usize) -> Vec<f64> {
    if n == 1 {
        return vec![standing.first().copied().unwrap_or(0.0)];
    }
    (0..n)
        .map(|p| {
            let me = standing.get(p).copied().unwrap_or(0.0);
            let beat: f64 = (0..n)
                .filter(|&q| q != p)
                .map(|q| {
                    let o = standing.get(q).copied().unwrap_or(0.0);
                    if me > o {
                        1.0
                    } else if me == o {
                        0.5
                    } else {
                        0.0
                    }
                })
                .sum();
            beat / (n - 1) as f64
        })
        .collect()
}

/// Everything one tree's search owns; one per root-parallel tree.
struct Search<'a, G: Bots> {
    rules: &'a G::Ruleset,
    params: &'a Params,
    me: Player,
    n: usize,
    trees: Vec<Tree>,
    rng: Rng,
    /// Range of rewards seen, to put Q on [0, 1] for UCB whatever the game's unit.
    lo: f64,
    hi: f64,
    legal: Vec<Action>,
    untried: Vec<Action>,
    /// The legal moves already in the acting seat's tree, with their edges, in `legal`'s order.
    found: Vec<(Action, usize)>,
    cur: Vec<u32>,
    /// The edges this iteration took in the movers' own trees: (seat, node, edge index).
    path: Vec<(Player, u32, usize)>,
    /// The game's heuristic, when `prior` is set: it names the move a new node expands first.
    guide: Option<Box<dyn Bot<G>>>,
}

impl<'a, G: Bots> Search<'a, G> {
    fn new(rules: &'a G::Ruleset, params: &'a Params, me: Player, n: usize, rng: Rng) -> Self {
        Search {
            rules,
            params,
            me,
            n,
            trees: (0..n).map(|_| Tree::new()).collect(),
            rng,
            lo: 0.0,
            hi: 1.0,
            legal: Vec::new(),
            untried: Vec::new(),
            found: Vec::new(),
            cur: vec![0; n],
            path: Vec::new(),
            guide: if params.prior > 0 { super::own::<G>("heuristic") } else { None },
        }
    }

    fn run(&mut self, root: &G, iterations: u64, deadline: Option<Instant>) -> u64 {
        let mut done = 0;
        while done < iterations {
            // Checked every iteration: one iteration of a long game costs milliseconds, a clock read nanoseconds.
            if deadline.is_some_and(|d| Instant::now() >= d) {
                break;
            }
            self.iterate(root);
            done += 1;
        }
        done
    }

    fn ucb(&self, e: &Edge) -> f64 {
        let visits = f64::from(e.visits.max(1));
        let span = (self.hi - self.lo).max(1e-9);
        let q = (e.reward / visits - self.lo) / span;
        q + self.params.c * (f64::from(e.avail.max(1)).ln() / visits).sqrt()
    }

    fn iterate(&mut self, root: &G) {
        let rules = self.rules;
        let mut world = root.determinize(rules, self.me, &mut self.rng);
        let mut events = Events::disabled();
        self.cur.iter_mut().for_each(|c| *c = 0);
        self.path.clear();
        // The edge (index in `path`) that takes the heuristic's virtual visits after this iteration's playout.
        let mut guided = None;
        let mut first = true;
        loop {
            let to_act = world.to_act();
            let Some(next) = to_act.iter().next() else { break };
            // At the root the searching seat moves first among simultaneous committers: its decision is the
            // root's, and the others' commits are hidden from it anyway.
            let p = if first && to_act.contains(self.me) { self.me } else { next };
            let pi = usize::from(p);
            if pi >= self.n {
                break;
            }
            self.legal.clear();
            world.legal_actions(rules, p, &mut self.legal);
            if self.legal.is_empty() {
                break;
            }
            let at = self.cur[pi];
            self.untried.clear();
            self.found.clear();
            // One lookup per legal move: count its availability, or list it as untried.
            let edges = &mut self.trees[pi].nodes[at as usize];
            for &a in &self.legal {
                let k = key(p, u64::from(a));
                match edges.iter().position(|e| e.key == k) {
                    Some(i) => {
                        edges[i].avail += 1;
                        self.found.push((a, i));
                    }
                    None => self.untried.push(a),
                }
            }
            let expand = !self.untried.is_empty();
            let (a, i) = if expand {
                // A node's first visit expands the heuristic's move, if a prior is set; later ones a random one.
                let hint = match &mut self.guide {
                    Some(bot) if self.found.is_empty() => {
                        let h = bot.act(rules, &world, p, &self.legal, &mut self.rng);
                        self.untried.contains(&h).then_some(h)
                    }
                    _ => None,
                };
                if hint.is_some() {
                    guided = Some(self.path.len());
                }
                let a = hint.unwrap_or_else(|| self.untried[self.rng.index(self.untried.len())]);
                let i = self.trees[pi].insert(at, key(p, u64::from(a)));
                self.trees[pi].nodes[at as usize][i].avail += 1;
                (a, i)
            } else {
                // Every legal move has an edge here, so `found` is `legal` in order; ties go to the first.
                let edges = &self.trees[pi].nodes[at as usize];
                let mut best = (f64::NEG_INFINITY, self.found[0]);
                for &(a, i) in &self.found {
                    let v = self.ucb(&edges[i]);
                    if v > best.0 {
                        best = (v, (a, i));
                    }
                }
                best.1
            };
            self.cur[pi] = self.trees[pi].nodes[at as usize][i].to;
            self.path.push((p, at, i));
            for q in 0..self.n {
                if q != pi {
                    let seen = world.observe_action(rules, p, a, q as Player);
                    self.cur[q] = self.trees[q].child_or_insert(self.cur[q], key(p, seen));
                }
            }
            if play::apply_chosen(&mut world, rules, p, a, &self.legal, &mut events).is_err() {
                // A legal action refused is a game bug; score the world as it stands rather than panic.
                break;
            }
            first = false;
            if expand {
                break;
            }
        }
        let reward = self.playout(&mut world, &mut events);
        for r in &reward {
            self.lo = self.lo.min(*r);
            self.hi = self.hi.max(*r);
        }
        for &(p, at, i) in &self.path {
            let e = &mut self.trees[usize::from(p)].nodes[at as usize][i];
            e.visits += 1;
            e.reward += reward.get(usize::from(p)).copied().unwrap_or(0.0);
        }
        if let Some(&(p, at, i)) = guided.and_then(|j| self.path.get(j)) {
            let prior = self.params.prior;
            let e = &mut self.trees[usize::from(p)].nodes[at as usize][i];
            e.visits += prior;
            e.avail += prior;
            e.reward += f64::from(prior) * reward.get(usize::from(p)).copied().unwrap_or(0.0);
        }
    }

    fn playout(&mut self, world: &mut G, events: &mut Events<G::Event>) -> Vec<f64> {
        let rules = self.rules;
        let mut bots: Vec<Box<dyn Bot<G>>> = match self.params.rollout {
            Rollout::Heuristic => (0..self.n).filter_map(|_| super::own::<G>("heuristic")).collect(),
            Rollout::Random => Vec::new(),
        };
        let cap = if self.params.cut == 0 { PLAYOUT_CAP } else { self.params.cut };
        let mut steps = 0;
        'play: while steps < cap {
            let to_act = world.to_act();
            if to_act.is_empty() {
                break;
            }
            for p in to_act.iter() {
                let (bot, rng) = (bots.get_mut(usize::from(p)), &mut self.rng);
                let stepped = play::step(world, rules, p, &mut self.legal, events, |w, legal| match bot {
                    Some(bot) => bot.act(rules, w, p, legal, rng),
                    None => RandomBot.act(rules, w, p, legal, rng),
                });
                if stepped != Step::Applied {
                    break 'play;
                }
                steps += 1;
            }
        }
        if let Some(o) = world.outcome() {
            return outcome_reward(&o, self.n);
        }
        match world.standing(rules) {
            Some(s) => standing_reward(&s, self.n),
            None => vec![0.5; self.n],
        }
    }

    /// Root visit counts of the searching seat's legal moves, in `legal`'s order.
    fn root_counts(&self, legal: &[Action]) -> Vec<u64> {
        let tree = &self.trees[usize::from(self.me)];
        legal
            .iter()
            .map(|&a| tree.edge(0, key(self.me, u64::from(a))).map_or(0, |i| u64::from(tree.nodes[0][i].visits)))
            .collect()
    }
}

/// The bot. Searches with `workers > 1` run on a thread pool shared by every bot of that width.
pub struct Ismcts {
    params: Params,
    pool: Option<Arc<rayon::ThreadPool>>,
    /// Iterations the last decision ran (all trees), for benches.
    pub last_iterations: u64,
}

/// Thread pools by worker count.
type Pools = Mutex<Vec<(usize, Arc<rayon::ThreadPool>)>>;

/// One pool per worker count, built once: a fresh bot (one per seeded decision) must not pay for threads.
/// The searches' thread pools, one per worker count, kept for the life of the process.
static POOLS: OnceLock<Pools> = OnceLock::new();

/// Whether a pool of `workers` threads has been made (a test checks that validating a spec makes none).
#[cfg(test)]
fn pool_made(workers: usize) -> bool {
    POOLS.get().is_some_and(|p| p.lock().unwrap_or_else(PoisonError::into_inner).iter().any(|(w, _)| *w == workers))
}

fn shared_pool(workers: usize) -> Result<Arc<rayon::ThreadPool>, SetupError> {
    let mut pools = POOLS.get_or_init(|| Mutex::new(Vec::new())).lock().unwrap_or_else(PoisonError::into_inner);
    if let Some((_, p)) = pools.iter().find(|(w, _)| *w == workers) {
        return Ok(Arc::clone(p));
    }
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(workers)
        .build()
        .map_err(|e| SetupError::Option { name: "workers".into(), reason: e.to_string() })?;
    let pool = Arc::new(pool);
    pools.push((workers, Arc::clone(&pool)));
    Ok(pool)
}

impl Ismcts {
    pub fn new(params: Params) -> Result<Self, SetupError> {
        let pool = if params.workers > 1 { Some(shared_pool(params.workers)?) } else { None };
        Ok(Ismcts { params, pool, last_iterations: 0 })
    }

    pub fn params(&self) -> &Params {
        &self.params
    }

    /// Search from `state` for seat `p`; returns the chosen move and the iterations run.
    pub fn search<G: Bots>(
        &self,
        rules: &G::Ruleset,
        state: &G,
        p: Player,
        legal: &[Action],
        rng: &mut Rng,
    ) -> (Action, u64) {
        let Some(&only) = legal.first() else { return (0, 0) };
        if legal.len() == 1 {
            return (only, 0);
        }
        let n = state.seat_count().max(usize::from(p) + 1);
        let params = &self.params;
        let trees = params.trees.max(1) as u64;
        let base = rng.next_u64();
        let budget = match (params.seconds, params.max_seconds) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        };
        let deadline = budget.map(|s| Instant::now() + Duration::from_secs_f64(s));
        let one = |t: u64| {
            let share = params.iterations / trees + u64::from(t < params.iterations % trees);
            let mut s = Search::<G>::new(rules, params, p, n, Rng::derive(base, t));
            let done = s.run(state, share, deadline);
            (s.root_counts(legal), done)
        };
        let results: Vec<(Vec<u64>, u64)> = match &self.pool {
            Some(pool) => pool.install(|| (0..trees).into_par_iter().map(one).collect()),
            None => (0..trees).map(one).collect(),
        };
        let mut counts = vec![0u64; legal.len()];
        let mut total = 0;
        for (c, done) in &results {
            total += done;
            for (sum, x) in counts.iter_mut().zip(c) {
                *sum += x;
            }
        }
        let best = counts.iter().enumerate().max_by_key(|(i, c)| (**c, std::cmp::Reverse(*i))).map_or(0, |(i, _)| i);
        (legal[best], total)
    }
}

impl<G: Bots> Bot<G> for Ismcts {
    fn act(&mut self, rules: &G::Ruleset, state: &G, p: Player, legal: &[Action], rng: &mut Rng) -> Action {
        let (a, done) = self.search(rules, state, p, legal, rng);
        self.last_iterations = done;
        a
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bots;
    use crate::engine::{Events, Game};
    use crate::games::fixture::rules::COMMITTED;
    use crate::games::fixture::Fixture;

    const CONTENT: &str = r#"{"deck": [1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16], "hand_size": 3}"#;

    fn rules() -> <Fixture as Game>::Ruleset {
        Fixture::ruleset(CONTENT, r#"{"doubling": true}"#).unwrap()
    }

    #[test]
    fn parameters_parse_over_game_defaults_and_bad_ones_list_the_valid() {
        let p = Params::parse("iterations=300,cut=40", "ismcts:c=0.5,workers=2", true).unwrap();
        assert_eq!((p.iterations, p.cut, p.c, p.workers, p.trees), (300, 40, 0.5, 2, 2));
        assert_eq!(p.rollout, Rollout::Heuristic);
        let timed = Params::parse("iterations=300", "ismcts:seconds=0.5", false).unwrap();
        assert_eq!((timed.iterations, timed.seconds, timed.rollout), (u64::MAX, Some(0.5), Rollout::Random));
        let err = Params::parse("", "ismcts:depth=3", true).unwrap_err().to_string();
        assert!(PARAMS.iter().all(|k| err.contains(k)), "{err}");
        for bad in ["iterations=0", "c=-1", "rollout=greedy", "workers=x", "seconds=nan", "cut=1e9"] {
            assert!(Params::parse("", &format!("ismcts:{bad}"), true).is_err(), "{bad}");
        }
        assert!(Params::parse("", "ismcts:rollout=heuristic", false).is_err(), "no heuristic to roll out with");
        assert_eq!(Params::parse("", "ismcts:prior=8", true).unwrap().prior, 8);
        assert!(Params::parse("", "ismcts:prior=8", false).is_err(), "no heuristic to take a prior from");
        assert_eq!(Params::parse("", "ismcts:prior=0", false).unwrap().prior, 0);
        assert!(bots::make::<Fixture>("random:c=1").is_err(), "random takes no parameters");
        assert!(bots::make::<Fixture>("ismcts:iterations=5").is_ok());
        assert!(bots::check::<Fixture>("ismcts:workers=300").is_err() && bots::check::<Fixture>("nobody").is_err());
        assert!(bots::check::<Fixture>("ismcts:workers=97").is_ok());
        assert!(!pool_made(97), "checking a spec makes no thread pool");
    }

    #[test]
    fn max_seconds_caps_the_clock_and_keeps_the_iteration_budget() {
        let capped = Params::parse("iterations=300", "ismcts:max_seconds=0.5", false).unwrap();
        assert_eq!((capped.iterations, capped.seconds, capped.max_seconds), (300, None, Some(0.5)));
        let r = rules();
        let g = Fixture::new(&r, 3, 11).unwrap();
        let p = g.to_act().iter().next().unwrap();
        let mut legal = Vec::new();
        g.legal_actions(&r, p, &mut legal);
        assert!(legal.len() > 1);
        let bot = Ismcts::new(Params::parse("", "ismcts:iterations=100000000,max_seconds=0.02", false).unwrap());
        let (_, done) = bot.unwrap().search(&r, &g, p, &legal, &mut Rng::new(1));
        assert!(done > 0 && done < 100_000_000, "the cap stopped the search early ({done} iterations)");
    }

    #[test]
    fn iterations_budget_is_deterministic_and_independent_of_workers() {
        let r = rules();
        let mut g = Fixture::new(&r, 3, 11).unwrap();
        let mut ev = Events::disabled();
        let mut legal = Vec::new();
        let mut chosen = Vec::new();
        for step in 0..6 {
            let Some(p) = g.to_act().iter().next() else { break };
            legal.clear();
            g.legal_actions(&r, p, &mut legal);
            let pick = |spec: &str| {
                let mut bot = bots::make::<Fixture>(spec).unwrap();
                bot.act(&r, &g, p, &legal, &mut Rng::new(step))
            };
            let a = pick("ismcts:iterations=400,trees=3,workers=1");
            assert_eq!(a, pick("ismcts:iterations=400,trees=3,workers=3"), "step {step}");
            assert_eq!(a, pick("ismcts:iterations=400,trees=3,workers=1"), "step {step}");
            chosen.push(a);
            g.apply(&r, p, a, &mut ev).unwrap();
        }
        assert!(chosen.len() >= 4);
    }

    #[test]
    fn a_seat_s_tree_does_not_branch_on_commits_it_cannot_see() {
        // Seat 1 commits before seat 0 decides: seat 0's tree must hold one child for "a commit", not one per card.
        let r = Fixture::ruleset(CONTENT, "{}").unwrap();
        let g = Fixture::new(&r, 2, 5).unwrap();
        let params = Params::parse("", "ismcts:iterations=300", false).unwrap();
        let mut s = Search::<Fixture>::new(&r, &params, 1, 2, Rng::new(1));
        s.run(&g, 300, None);
        let seen: Vec<u64> = s.trees[0].nodes[0].iter().map(|e| e.key).collect();
        assert_eq!(seen, vec![key(1, COMMITTED)], "seat 0 sees seat 1's commit only as a commit");
        // Seat 1's own tree branches on its own cards, one child per card it holds.
        assert_eq!(s.trees[1].nodes[0].len(), g.hands[1].len());
    }

    /// Hearts' decisions from a few seeds, each with the heuristic's move and the legal list.
    fn hearts_decisions() -> Vec<(crate::games::hearts::Hearts, Player, Vec<Action>, Action)> {
        use crate::games::hearts::Hearts;
        let r = Hearts::ruleset("{}", "{}").unwrap();
        let mut out = Vec::new();
        for seed in 0..4 {
            let mut g = Hearts::new(&r, 4, seed).unwrap();
            let mut ev = Events::disabled();
            let mut legal = Vec::new();
            let mut heuristic = crate::bots::own::<Hearts>("heuristic").unwrap();
            for step in 0..40 {
                let Some(p) = g.to_act().iter().next() else { break };
                legal.clear();
                g.legal_actions(&r, p, &mut legal);
                let h = heuristic.act(&r, &g, p, &legal, &mut Rng::new(step));
                if legal.len() > 2 && step % 5 == 0 {
                    out.push((g.clone(), p, legal.clone(), h));
                }
                g.apply(&r, p, h, &mut ev).unwrap();
            }
        }
        out
    }

    #[test]
    fn a_large_prior_keeps_the_heuristic_s_move_and_none_leaves_it_to_the_playouts() {
        use crate::games::hearts::Hearts;
        let r = Hearts::ruleset("{}", "{}").unwrap();
        let decisions = hearts_decisions();
        assert!(decisions.len() >= 8, "{} decisions", decisions.len());
        let choose = |spec: &str, g: &Hearts, p: Player, legal: &[Action], seed: u64| {
            bots::make::<Hearts>(spec).unwrap().act(&r, g, p, legal, &mut Rng::new(seed))
        };
        let (mut kept, mut differed) = (0, 0);
        for (i, (g, p, legal, h)) in decisions.iter().enumerate() {
            // 1000 virtual visits outweigh 20 real ones: the heuristic's move stays the most visited.
            kept += usize::from(choose("ismcts:iterations=20,prior=1000", g, *p, legal, i as u64) == *h);
            differed += usize::from(choose("ismcts:iterations=20", g, *p, legal, i as u64) != *h);
        }
        assert_eq!(kept, decisions.len());
        assert!(differed > 0, "without a prior some choice must come from the playouts, not the heuristic");
    }

    #[test]
    fn rewards_from_standings_and_outcomes() {
        assert_eq!(standing_reward(&[3.0, 1.0, 3.0], 3), vec![0.75, 0.0, 0.75]);
        assert_eq!(standing_reward(&[7.0], 1), vec![7.0]);
        let o = Outcome::from_scores(vec![2.0, 2.0, 1.0]);
        assert_eq!(outcome_reward(&o, 3), vec![0.5, 0.5, 0.0]);
    }
}

#[cfg(test)]
mod honesty {
    use crate::bots::{self, Bot};
    use crate::engine::{Action, Game, Player};
    use crate::games::fixture::Fixture;
    use crate::rng::Rng;
    use crate::testing::first_dishonest_decision;

    /// A cheat: plays the card that beats the next opponent's highest card, if it holds one.
    struct Peeker;
    impl Bot<Fixture> for Peeker {
        fn act(
            &mut self,
            _r: &<Fixture as Game>::Ruleset,
            g: &Fixture,
            p: Player,
            legal: &[Action],
            _: &mut Rng,
        ) -> Action {
            let q = (usize::from(p) + 1) % g.hands.len();
            let top = g.hands[q].iter().copied().max().unwrap_or(0);
            legal.iter().copied().find(|&a| a > Action::from(top)).unwrap_or(legal[0])
        }
    }

    #[test]
    fn the_check_catches_a_bot_that_reads_a_hidden_hand_and_passes_the_search() {
        let r =
            Fixture::ruleset(r#"{"deck": [1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16], "hand_size": 3}"#, "{}").unwrap();
        assert!(first_dishonest_decision::<Fixture>(&r, 3, 60, || Box::new(Peeker)).is_some());
        let search = || bots::make::<Fixture>("ismcts:iterations=60,trees=2").unwrap();
        assert_eq!(first_dishonest_decision::<Fixture>(&r, 3, 60, search), None);
        assert_eq!(first_dishonest_decision::<Fixture>(&r, 3, 60, || bots::make::<Fixture>("random").unwrap()), None);
    }
}
