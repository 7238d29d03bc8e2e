//! `ismcts`: multiple-observer information-set Monte Carlo tree search, generic over `Game`.
//!
//! Each iteration samples a world the searching seat cannot tell from the real one (`Game::determinize`),
//! walks one tree per seat down that world, expands one move, plays the rest out (randomly, with the game's
//! heuristic, or by the moves' mean rewards so far (`mast`), optionally cut after N decisions and scored by
//! `Search::standing`) and backs up a reward per seat.
//! A seat's tree is keyed on that seat's own observation of every move (`Search::observe_action`), so a seat's
//! choices never depend on another seat's face-down commit or hidden hand: MO-ISMCTS (Cowling, Powley and
//! Whitehouse 2012). `observers=single` (one tree keyed on the moves themselves) and `infer=off` (worlds drawn
//! without what play revealed) are the baselines those two choices are measured against. docs/search.md
//! explains the algorithm, its parameters and its honesty guarantee. The parameters are parsed in `params`; the
//! tests are in `tests` (the honesty check stays here).

use std::sync::{Arc, Mutex, OnceLock, PoisonError};
use std::time::{Duration, Instant};

use rayon::prelude::*;

use super::{Bot, Bots, RandomBot};
use crate::engine::play::{self, Step};
use crate::engine::{Action, Events, Outcome, Player, SetupError};
use crate::rng::Rng;
use mast::Mast;

mod mast;
mod params;

pub use params::{Goal, Observers, Params, Rollout, PARAMS};

/// Most decisions one playout may take before it is scored where it stands (a safeguard for endless lines).
const PLAYOUT_CAP: u32 = 20_000;

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

/// The reward of a finished match per seat: the win share, or the score itself when that is the goal or the
/// seat is alone at the table (scores are normalised during search by the range seen).
fn outcome_reward(o: &Outcome, n: usize, goal: Goal) -> Vec<f64> {
    if n == 1 || goal == Goal::Score {
        return (0..n).map(|p| o.scores.get(p).copied().unwrap_or(0.0)).collect();
    }
    (0..n).map(|p| o.win_share(p as Player)).collect()
}

/// The reward of a playout stopped early, from standings: each seat's share of the seats it is ahead of
/// (ties count half), or its standing itself when the score is the goal or the seat is alone.
fn standing_reward(standing: &[f64], n: usize, goal: Goal) -> Vec<f64> {
    if n == 1 || goal == Goal::Score {
        return (0..n).map(|p| standing.get(p).copied().unwrap_or(0.0)).collect();
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
    /// Mean rewards per move, for `rollout=mast`.
    mast: Option<Mast>,
}

impl<'a, G: Bots> Search<'a, G> {
    fn new(rules: &'a G::Ruleset, params: &'a Params, me: Player, n: usize, rng: Rng) -> Self {
        Search {
            rules,
            params,
            me,
            n,
            trees: (0..if params.observers == Observers::Single { 1 } else { n }).map(|_| Tree::new()).collect(),
            rng,
            lo: 0.0,
            hi: 1.0,
            legal: Vec::new(),
            untried: Vec::new(),
            found: Vec::new(),
            cur: vec![0; if params.observers == Observers::Single { 1 } else { n }],
            path: Vec::new(),
            guide: if params.prior > 0 { super::own::<G>("heuristic") } else { None },
            mast: (params.rollout == Rollout::Mast).then(Mast::default),
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

    /// The tree seat `p`'s moves are chosen in: its own, or the one shared tree of a single-observer search.
    fn tree_of(&self, p: Player) -> usize {
        if self.trees.len() == 1 {
            0
        } else {
            usize::from(p)
        }
    }

    fn ucb(&self, e: &Edge) -> f64 {
        let visits = f64::from(e.visits.max(1));
        let span = (self.hi - self.lo).max(1e-9);
        let q = (e.reward / visits - self.lo) / span;
        q + self.params.c * (f64::from(e.avail.max(1)).ln() / visits).sqrt()
    }

    fn iterate(&mut self, root: &G) {
        let rules = self.rules;
        let mut world = if self.params.infer {
            root.determinize(rules, self.me, &mut self.rng)
        } else {
            root.determinize_uninformed(rules, self.me, &mut self.rng)
        };
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
            self.legal.retain(|&a| world.worth_searching(rules, p, a));
            if self.legal.is_empty() {
                // Every move is one the game calls dominated: they are all there is, so all are searched.
                world.legal_actions(rules, p, &mut self.legal);
            }
            if self.legal.is_empty() {
                break;
            }
            let ti = self.tree_of(p);
            let at = self.cur[ti];
            self.untried.clear();
            self.found.clear();
            // One lookup per legal move: count its availability, or list it as untried.
            let edges = &mut self.trees[ti].nodes[at as usize];
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
                let i = self.trees[ti].insert(at, key(p, u64::from(a)));
                self.trees[ti].nodes[at as usize][i].avail += 1;
                (a, i)
            } else {
                // Every legal move has an edge here, so `found` is `legal` in order; ties go to the first.
                let edges = &self.trees[ti].nodes[at as usize];
                let mut best = (f64::NEG_INFINITY, self.found[0]);
                for &(a, i) in &self.found {
                    let v = self.ucb(&edges[i]);
                    if v > best.0 {
                        best = (v, (a, i));
                    }
                }
                best.1
            };
            self.cur[ti] = self.trees[ti].nodes[at as usize][i].to;
            self.path.push((p, at, i));
            if let Some(m) = &mut self.mast {
                m.made(p, key(p, u64::from(a)));
            }
            // Each other seat's tree follows the move as that seat saw it (a single tree has no other).
            let others = if self.trees.len() > 1 { self.n } else { 0 };
            for q in 0..others {
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
        if let Some(m) = &mut self.mast {
            m.back_up(&reward);
        }
        for r in &reward {
            self.lo = self.lo.min(*r);
            self.hi = self.hi.max(*r);
        }
        for &(p, at, i) in &self.path {
            let t = self.tree_of(p);
            let e = &mut self.trees[t].nodes[at as usize][i];
            e.visits += 1;
            e.reward += reward.get(usize::from(p)).copied().unwrap_or(0.0);
        }
        if let Some(&(p, at, i)) = guided.and_then(|j| self.path.get(j)) {
            let prior = self.params.prior;
            let t = self.tree_of(p);
            let e = &mut self.trees[t].nodes[at as usize][i];
            e.visits += prior;
            e.avail += prior;
            e.reward += f64::from(prior) * reward.get(usize::from(p)).copied().unwrap_or(0.0);
        }
    }

    fn playout(&mut self, world: &mut G, events: &mut Events<G::Event>) -> Vec<f64> {
        let rules = self.rules;
        let mut bots: Vec<Box<dyn Bot<G>>> = match self.params.rollout {
            Rollout::Heuristic => (0..self.n).filter_map(|_| super::own::<G>("heuristic")).collect(),
            Rollout::Random | Rollout::Mast => Vec::new(),
        };
        let cap = if self.params.cut == 0 { PLAYOUT_CAP } else { self.params.cut };
        let mut steps = 0;
        'play: while steps < cap {
            let to_act = world.to_act();
            if to_act.is_empty() {
                break;
            }
            for p in to_act.iter() {
                let (bot, rng, mast) = (bots.get_mut(usize::from(p)), &mut self.rng, &mut self.mast);
                let stepped = play::step(world, rules, p, &mut self.legal, events, |w, legal| match (bot, mast) {
                    (Some(bot), _) => bot.act(rules, w, p, legal, rng),
                    (None, Some(m)) => m.choose(p, legal, |a| key(p, u64::from(a)), rng),
                    (None, None) => RandomBot.act(rules, w, p, legal, rng),
                });
                if stepped != Step::Applied {
                    break 'play;
                }
                steps += 1;
            }
        }
        if let Some(o) = world.outcome() {
            return outcome_reward(&o, self.n, self.params.goal);
        }
        match world.standing(rules) {
            Some(s) => standing_reward(&s, self.n, self.params.goal),
            None => vec![0.5; self.n],
        }
    }

    /// Root visit counts of the searching seat's legal moves, in `legal`'s order.
    fn root_counts(&self, legal: &[Action]) -> Vec<u64> {
        let tree = &self.trees[self.tree_of(self.me)];
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
mod tests;

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
        for variant in ["rollout=mast", "observers=single", "infer=off"] {
            let spec = format!("ismcts:iterations=60,trees=2,{variant}");
            let search = || bots::make::<Fixture>(&spec).unwrap();
            assert_eq!(first_dishonest_decision::<Fixture>(&r, 3, 60, search), None, "{variant}");
        }
        assert_eq!(first_dishonest_decision::<Fixture>(&r, 3, 60, || bots::make::<Fixture>("random").unwrap()), None);
    }
}
