//! Factored actions (`engine::factored`, `games::agot_ccg::factored`): the CCG's 74,818 and 147,788 dense codes
//! as kind, x and y, each a few hundred wide at most, stepped in the vector env exactly as the dense codes are.

use std::collections::BTreeSet;
use std::sync::Arc;

use super::helpers::rules_with;
use crate::engine::{Action, ActionSpace, FactoredSpace};
use crate::games::agot_ccg::state::AgotCcg;
use crate::games::agot_ccg::Rules;
use crate::rng::Rng;
use crate::vector::tests::Buffers;
use crate::vector::{Actions, DynVectorEnv, VecConfig, VectorEnvOf};

fn rules() -> Rules {
    rules_with(r#"{"decks": [], "round_limit": 30}"#)
}

/// Each factor is at most a few hundred wide, and every code of the dense space is one tuple of them and joins
/// back from it; distinct codes are distinct tuples.
#[test]
fn every_code_is_three_narrow_choices() {
    let r = rules();
    for (players, dense, widest) in [(2, 74_818, 300), (4, 147_788, 600)] {
        let space = ActionSpace::of::<AgotCcg>(&r, players);
        assert_eq!(space.size(), dense, "the dense space this factoring is for");
        let f = FactoredSpace::of::<AgotCcg>(&space);
        assert_eq!(f.names(), ["kind", "x", "y"]);
        let sizes = f.sizes();
        assert!(sizes.iter().all(|&s| s <= widest), "{players} players: factor sizes {sizes:?}");
        let mut tuples = Vec::with_capacity(space.size());
        for &a in space.codes() {
            let t = f.tuple(a).expect("every code of the space splits into factor indices");
            let indices: Vec<i64> = t[..3].iter().map(|&i| i64::from(i)).collect();
            assert_eq!(f.code(&indices), Some(a));
            tuples.push(t);
        }
        tuples.sort_unstable();
        tuples.dedup();
        assert_eq!(tuples.len(), space.size(), "distinct codes, distinct tuples");
    }
}

const MATCHES: usize = 6;

fn env(r: &Arc<Rules>, players: u8, workers: usize, actions: Actions) -> Box<dyn DynVectorEnv> {
    let cfg = VecConfig {
        matches: MATCHES,
        players,
        seed: 11,
        opponents: Vec::new(),
        workers,
        score_rewards: false,
        max_decisions: 2_000,
        actions,
    };
    Box::new(VectorEnvOf::<AgotCcg>::new(Arc::clone(r), cfg).unwrap())
}

/// The legal actions of each slot as CSR rows of `width` indices.
fn legal_rows(env: &dyn DynVectorEnv, width: usize) -> Vec<Vec<Vec<i64>>> {
    let (mut indices, mut offsets) = (Vec::new(), Vec::new());
    env.legal_indices(&mut indices, &mut offsets);
    offsets
        .windows(2)
        .map(|w| (w[0] as usize..w[1] as usize).map(|r| indices[r * width..(r + 1) * width].to_vec()).collect())
        .collect()
}

/// Every tuple reachable from slot `i`'s factor masks, walked one factor at a time through `masks_after` (the
/// other slots hold a prefix of one of their legal tuples).
fn reachable(env: &dyn DynVectorEnv, i: usize, legal: &[Vec<Vec<i64>>]) -> BTreeSet<Vec<i64>> {
    let f = env.factored().unwrap();
    let n = env.matches();
    let mut open = vec![Vec::new()];
    let mut leaves = BTreeSet::new();
    while let Some(prefix) = open.pop() {
        let k = prefix.len();
        if k == f.factors() {
            leaves.insert(prefix);
            continue;
        }
        let mut all = Vec::with_capacity(n * k);
        for (j, rows) in legal.iter().enumerate() {
            all.extend_from_slice(if j == i { &prefix[..] } else { &rows[0][..k] });
        }
        let mut mask = vec![7; n * f.size(k)];
        env.masks_after(&all, &mut mask).expect("a prefix taken from the masks starts a legal action");
        let row = &mask[i * f.size(k)..(i + 1) * f.size(k)];
        assert!(row.iter().all(|&m| m <= 1));
        for (v, _) in row.iter().enumerate().filter(|(_, &m)| m == 1) {
            let mut next = prefix.clone();
            next.push(v as i64);
            open.push(next);
        }
    }
    leaves
}

/// A factored step is the dense step of the joined code: the same observations, seats, rewards and done flags,
/// match after match; every legal code is reachable through the factor masks and nothing else is; the first
/// factor's mask is the one `step` wrote.
#[test]
fn a_factored_step_is_the_dense_step_of_its_code() {
    let r = Arc::new(rules());
    for players in [2, 4] {
        let space = ActionSpace::of::<AgotCcg>(&r, players);
        let (mut dense, mut fact) = (env(&r, players, 2, Actions::Dense), env(&r, players, 2, Actions::Factored));
        let f = fact.factored().unwrap().clone();
        assert_eq!(fact.mask_size(), f.size(0));
        assert_eq!(dense.factored().map(FactoredSpace::factors), None);
        let (mut bd, mut bf) = (Buffers::new(dense.as_ref()), Buffers::new(fact.as_ref()));
        dense.reset(bd.out());
        fact.reset(bf.out());
        let mut rng = Rng::new(u64::from(players));
        let (mut dones, steps) = (0, if players == 2 { 300 } else { 120 });
        for step in 0..steps {
            assert_eq!(bd.outputs(), bf.outputs(), "{players} players, step {step}");
            let (ld, lf) = (legal_rows(dense.as_ref(), 1), legal_rows(fact.as_ref(), 3));
            let (mut ad, mut af) = (Vec::new(), Vec::new());
            for i in 0..MATCHES {
                let codes: BTreeSet<Action> = ld[i].iter().map(|d| space.code(d[0] as usize).unwrap()).collect();
                let joined: BTreeSet<Action> = lf[i].iter().map(|t| f.code(t).unwrap()).collect();
                assert_eq!(joined, codes, "the factored legal rows are the dense ones");
                let first: BTreeSet<i64> = lf[i].iter().map(|t| t[0]).collect();
                let row = &bf.mask[i * f.size(0)..(i + 1) * f.size(0)];
                assert_eq!(first, (0..f.size(0) as i64).filter(|&v| row[v as usize] == 1).collect());
                if step % 10 == 0 {
                    let leaves = reachable(fact.as_ref(), i, &lf);
                    assert_eq!(leaves, lf[i].iter().cloned().collect(), "reachable through the masks = legal");
                }
                let t = &lf[i][rng.index(lf[i].len())];
                af.extend_from_slice(t);
                ad.push(space.index(f.code(t).unwrap()).unwrap() as i64);
            }
            dense.step(&ad, bd.out()).unwrap();
            fact.step(&af, bf.out()).unwrap();
            dones += bf.done.iter().map(|&d| usize::from(d)).sum::<usize>();
        }
        assert_eq!(bd.outputs(), bf.outputs());
        if players == 2 {
            assert!(dones > 0, "matches ended and restarted under factored actions");
        }
    }
}

/// An illegal combination, or a prefix that starts no legal action, is refused naming the match, and no match
/// moves: the next legal step gives what it gives in an env that was never refused.
#[test]
fn an_illegal_tuple_is_refused_and_nothing_moves() {
    let r = Arc::new(rules());
    let (mut a, mut b) = (env(&r, 2, 1, Actions::Factored), env(&r, 2, 1, Actions::Factored));
    let f = a.factored().unwrap().clone();
    let (mut ba, mut bb) = (Buffers::new(a.as_ref()), Buffers::new(b.as_ref()));
    a.reset(ba.out());
    b.reset(bb.out());
    let mut rng = Rng::new(5);
    for _ in 0..40 {
        let legal = legal_rows(a.as_ref(), 3);
        let good: Vec<i64> = legal.iter().flat_map(|rows| rows[rng.index(rows.len())].clone()).collect();
        // Match 3's kind is one its seat cannot take now.
        let off = (0..f.size(0) as i64).find(|&v| ba.mask[3 * f.size(0) + v as usize] == 0).unwrap();
        let mut bad = good.clone();
        bad[9] = off;
        let before = ba.outputs();
        let e = a.step(&bad, ba.out()).unwrap_err().to_string();
        assert!(e.contains("match 3"), "{e}");
        assert_eq!(ba.outputs(), before, "a refused step wrote nothing");
        let prefix: Vec<i64> = bad.chunks(3).map(|t| t[0]).collect();
        let mut mask = vec![0; MATCHES * f.size(1)];
        let e = a.masks_after(&prefix, &mut mask).unwrap_err().to_string();
        assert!(e.contains("match 3"), "{e}");
        // A legal kind and x with a y outside the factor.
        let mut wide = good.clone();
        wide[11] = f.size(2) as i64;
        assert!(a.step(&wide, ba.out()).unwrap_err().to_string().contains("match 3"));
        assert!(a.step(&good[..15], ba.out()).is_err(), "three indices per match");
        assert!(a.masks_after(&prefix[..5], &mut mask).is_err(), "a prefix per match");
        assert!(a.masks_after(&good, &mut [0; MATCHES]).is_err(), "no factor after the last");
        a.step(&good, ba.out()).unwrap();
        b.step(&good, bb.out()).unwrap();
        assert_eq!(ba.outputs(), bb.outputs());
    }
}

/// The same arrays, masks included, whatever the worker count.
#[test]
fn factored_steps_do_not_depend_on_the_worker_count() {
    let r = Arc::new(rules());
    let run = |workers: usize| {
        let mut e = env(&r, 3, workers, Actions::Factored);
        let f = e.factored().unwrap().clone();
        let mut b = Buffers::new(e.as_ref());
        e.reset(b.out());
        let mut rng = Rng::new(9);
        let mut trace = Vec::new();
        for _ in 0..60 {
            let legal = legal_rows(e.as_ref(), 3);
            let chosen: Vec<Vec<i64>> = legal.iter().map(|rows| rows[rng.index(rows.len())].clone()).collect();
            for k in 1..3 {
                let prefix: Vec<i64> = chosen.iter().flat_map(|t| t[..k].to_vec()).collect();
                let mut mask = vec![0; MATCHES * f.size(k)];
                e.masks_after(&prefix, &mut mask).unwrap();
                trace.push(mask.iter().map(|&m| f32::from(m)).collect::<Vec<_>>());
            }
            e.step(&chosen.concat(), b.out()).unwrap();
            trace.push(b.obs.clone());
            trace.push(b.mask.iter().map(|&m| f32::from(m)).collect());
        }
        trace
    };
    assert_eq!(run(1), run(3));
}

/// The bytes of every mask of one factored step (the first factor's from `step`, the others from `masks_after`)
/// at 2,048 matches, against the dense mask's: the figures docs/rl.md quotes.
#[test]
fn mask_bytes_per_step_at_2048_matches() {
    let r = rules();
    for (players, at_most) in [(2u8, 1 << 20), (4, 2 << 20)] {
        let space = ActionSpace::of::<AgotCcg>(&r, players);
        let f = FactoredSpace::of::<AgotCcg>(&space);
        let factored: usize = 2048 * f.sizes().iter().sum::<usize>();
        let dense = 2048 * space.size();
        println!("agot-ccg {players}p: factors {:?}, {factored} bytes per step (dense {dense})", f.sizes());
        assert!(factored <= at_most, "{players} players: {factored} bytes");
    }
}
