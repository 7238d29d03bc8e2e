// Compiled for tests only: these helpers assert, and the shipped core never panics.
//! Rust-side conformance checks, generic over `Game`, for every game's own tests (the Python kit in
//! tests/conformance checks the same contracts through the host).

use crate::bots::{Bot, RandomBot};
use crate::engine::observe::{observation, observation_with, FactsOf};
use crate::engine::{
    play, snapshot, Action, ActionSpace, Encode, Events, Factored, FactoredSpace, Game, Player, Viewer,
};
use crate::rng::Rng;

/// Play `matches` seeded random matches of `players` and check the engine contract at every step:
/// the legal list and `apply` agree, illegal codes change nothing, snapshots round-trip, determinization keeps
/// each seat's view, and every match ends within `max_decisions`. Returns total decisions.
pub fn check_random_play<G: Factored>(rules: &G::Ruleset, players: u8, matches: u64, max_decisions: u64) -> u64 {
    let mut total = 0;
    let mut legal: Vec<Action> = Vec::new();
    let space = ActionSpace::of::<G>(rules, players);
    let factored = FactoredSpace::of::<G>(&space);
    let mut mask = vec![0u8; space.size()];
    // One facts buffer for the whole run, refilled from state after state: what a vectorised env does.
    let mut facts = FactsOf::<G>::default();
    for seed in 0..matches {
        let mut g = G::new(rules, players, seed).expect("setup");
        let mut rng = Rng::new(seed ^ 0xC0FFEE);
        let mut ev = Events::new();
        let mut decisions = 0;
        while !g.to_act().is_empty() {
            assert!(decisions < max_decisions, "{}: seed {seed} did not end in {max_decisions} decisions", G::ID);
            if decisions % 7 == 0 {
                check_step(rules, &g, players, &space, &mut rng, &mut facts);
                for p in g.to_act().iter() {
                    legal.clear();
                    g.legal_actions(rules, p, &mut legal);
                    check_factored::<G>(&factored, p, &legal);
                }
            }
            for p in g.to_act().iter() {
                legal.clear();
                g.legal_actions(rules, p, &mut legal);
                assert!(!legal.is_empty(), "{}: seat {p} is to act with no legal action (seed {seed})", G::ID);
                let missing = space.fill_mask(&legal, &mut mask);
                assert_eq!(missing, 0, "{}: seat {p} has legal codes outside the action space: {legal:?}", G::ID);
                let a = <RandomBot as Bot<G>>::act(&mut RandomBot, rules, &g, p, &legal, &mut rng);
                if let Err(e) = g.apply(rules, p, a, &mut ev) {
                    panic!("{}: legal action {a} refused for seat {p}: {e} (seed {seed})", G::ID);
                }
                decisions += 1;
            }
        }
        let outcome = g.outcome().expect("a match with nobody to act has an outcome");
        assert!(!outcome.winners.is_empty() && outcome.scores.len() == usize::from(players));
        total += decisions;
    }
    total
}

fn check_step<G: Encode>(
    rules: &G::Ruleset,
    g: &G,
    players: u8,
    space: &ActionSpace,
    rng: &mut Rng,
    facts: &mut FactsOf<G>,
) {
    let bytes = snapshot::encode(g);
    let back: G = snapshot::decode(G::ID, &bytes).expect("a state decodes from its own snapshot");
    assert_eq!(snapshot::encode(&back), bytes, "{}: snapshot round trip changed the state", G::ID);
    if let Err(why) = g.validate(rules) {
        panic!("{}: a reachable state fails validate(): {why}", G::ID);
    }
    let mut legal = Vec::new();
    for p in 0..players {
        legal.clear();
        g.legal_actions(rules, p, &mut legal);
        for probe in [u32::MAX, 0, 1, 2, 3, 100, 1000, 65_535, rng.next_u32()] {
            if legal.contains(&probe) {
                continue;
            }
            let mut h = g.clone();
            let mut ev = Events::new();
            assert!(h.apply(rules, p, probe, &mut ev).is_err(), "{}: seat {p} code {probe} is not listed", G::ID);
            assert_eq!(snapshot::encode(&h), bytes, "{}: a refused action changed the state", G::ID);
            // The runner's and the search's path checks the chosen action against the list it was given.
            let chosen = play::apply_chosen(&mut h, rules, p, probe, &legal, &mut ev);
            assert!(chosen.is_err(), "{}: apply_chosen took {probe}", G::ID);
            assert_eq!(snapshot::encode(&h), bytes, "{}: a refused chosen action changed the state", G::ID);
        }
        let d = g.determinize(rules, p as Player, rng);
        if let Err(why) = d.validate(rules) {
            panic!("{}: a determinized state fails validate(): {why}", G::ID);
        }
        let mine = |s: &G| snapshot::encode(&s.view(rules, Viewer::Player(p)));
        assert_eq!(mine(&d), mine(g), "{}: seat {p}'s view depends on what it cannot see", G::ID);
        let public = |s: &G| snapshot::encode(&s.view(rules, Viewer::Public));
        assert_eq!(public(&d), public(g), "{}: the public view depends on hidden information", G::ID);
        check_tensors(rules, g, &d, players, p, facts);
        check_dense_indices::<G>(space, p, &legal);
        if let Some(&a) = legal.get(legal.len() / 2) {
            let (mut checked, mut listed) = (g.clone(), g.clone());
            let (mut e1, mut e2) = (Events::new(), Events::new());
            assert!(
                checked.apply(rules, p, a, &mut e1).is_ok() && listed.apply_unchecked(rules, p, a, &mut e2).is_ok()
            );
            assert_eq!(snapshot::encode(&listed), snapshot::encode(&checked), "{}: apply_unchecked != apply", G::ID);
            let mut chosen = g.clone();
            assert!(play::apply_chosen(&mut chosen, rules, p, a, &legal, &mut Events::new()).is_ok());
            assert_eq!(snapshot::encode(&chosen), snapshot::encode(&checked), "{}: apply_chosen != apply", G::ID);
        }
    }
}

/// The tensor contract: the observation has its documented size, is finite, and is the same for a state and
/// its determinization for `p` (it cannot leak), and a reused facts buffer gives the same observation as a
/// fresh one.
fn check_tensors<G: Encode>(rules: &G::Ruleset, g: &G, d: &G, players: u8, p: Player, facts: &mut FactsOf<G>) {
    let size = G::observation_size(rules, players);
    let (mut mine, mut theirs) = (vec![0f32; size], vec![0f32; size]);
    assert_eq!(observation(rules, players, g, p, &mut mine), size, "{}: observation layout != size", G::ID);
    observation_with(rules, players, g, p, facts, &mut theirs);
    assert_eq!(mine, theirs, "{}: a reused facts buffer changed seat {p}'s observation", G::ID);
    observation(rules, players, d, p, &mut theirs);
    assert!(mine.iter().all(|x| x.is_finite()), "{}: a non-finite observation value", G::ID);
    assert_eq!(mine, theirs, "{}: seat {p}'s observation depends on what it cannot see", G::ID);
}

/// Every legal code of seat `p` has a dense index, and distinct codes have distinct indices. The space is built
/// once per run by the caller: the CCG's holds tens of thousands of codes.
fn check_dense_indices<G: Game>(space: &ActionSpace, p: Player, legal: &[Action]) {
    let mut indices = Vec::with_capacity(legal.len());
    for &a in legal {
        let i = space.index(a);
        assert!(i.is_some(), "{}: legal code {a} of seat {p} has no dense index", G::ID);
        assert_eq!(i.and_then(|i| space.code(i)), Some(a));
        indices.extend(i);
    }
    indices.sort_unstable();
    indices.dedup();
    assert_eq!(indices.len(), legal.len(), "{}: legal codes must be distinct", G::ID);
}

/// Every legal code of seat `p` is one tuple of factor indices that joins back into it, and distinct codes are
/// distinct tuples (so the factor masks reach exactly the legal codes).
fn check_factored<G: Game>(f: &FactoredSpace, p: Player, legal: &[Action]) {
    let mut tuples = Vec::with_capacity(legal.len());
    for &a in legal {
        let t = f.tuple(a);
        assert!(t.is_some(), "{}: legal code {a} of seat {p} has no factor indices", G::ID);
        let indices: Vec<i64> = t.iter().flat_map(|t| t[..f.factors()].iter().map(|&i| i64::from(i))).collect();
        assert_eq!(f.code(&indices), Some(a), "{}: factor indices {indices:?} do not join back into {a}", G::ID);
        tuples.extend(t);
    }
    tuples.sort_unstable();
    tuples.dedup();
    assert_eq!(tuples.len(), legal.len(), "{}: legal codes must be distinct tuples", G::ID);
}

/// Decode arbitrary bytes as a state and, if they decode and validate, play on: must never panic.
pub fn check_forged_state<G: Game>(rules: &G::Ruleset, bytes: &[u8]) {
    let Ok(mut g) = snapshot::decode::<G>(G::ID, bytes) else { return };
    if g.validate(rules).is_err() {
        return;
    }
    let mut rng = Rng::new(1);
    let mut ev = Events::disabled();
    let mut legal = Vec::new();
    for _ in 0..200 {
        let Some(p) = g.to_act().iter().next() else { return };
        legal.clear();
        g.legal_actions(rules, p, &mut legal);
        let Some(&a) = rng.choose(&legal) else { return };
        let _ = g.apply(rules, p, a, &mut ev);
        let _ = g.view(rules, Viewer::Player(p));
    }
}

/// The honesty check of design §8a on the Rust side: over `states` random mid-game states, the bot `make` builds
/// chooses the same action for the seat to act from the state and from a determinization of it for that seat,
/// with the same stream. Returns the first state (as decisions taken) where it did not, if any.
pub fn first_dishonest_decision<G: Game>(
    rules: &G::Ruleset,
    players: u8,
    states: u64,
    make: impl Fn() -> Box<dyn Bot<G>>,
) -> Option<u64> {
    let mut legal: Vec<Action> = Vec::new();
    for k in 0..states {
        let mut g = G::new(rules, players, k).expect("setup");
        let mut rng = Rng::new(k ^ 0xBEEF);
        let mut ev = Events::disabled();
        for _ in 0..rng.index(40) {
            let Some(p) = g.to_act().iter().next() else { break };
            legal.clear();
            g.legal_actions(rules, p, &mut legal);
            g.apply(rules, p, legal[rng.index(legal.len())], &mut ev).expect("legal");
        }
        let Some(p) = g.to_act().iter().next() else { continue };
        legal.clear();
        g.legal_actions(rules, p, &mut legal);
        let world = g.determinize(rules, p, &mut rng);
        let seed = rng.next_u64();
        let real = make().act(rules, &g, p, &legal, &mut Rng::new(seed));
        if make().act(rules, &world, p, &legal, &mut Rng::new(seed)) != real {
            return Some(g.decisions());
        }
    }
    None
}
