use super::*;
use crate::engine::Game;
use crate::games::fixture::Fixture;

const CONTENT: &str = r#"{"deck": [1,2,3,4,5,6,7,8,9,10,11,12], "hand_size": 3}"#;

/// The arrays a step writes into, sized for an env (the PyO3 layer's NumPy arrays, in tests).
pub(crate) struct Buffers {
    pub obs: Vec<f32>,
    pub mask: Vec<u8>,
    pub seat: Vec<i64>,
    pub rewards: Vec<f32>,
    pub done: Vec<u8>,
}

impl Buffers {
    pub fn new(env: &dyn DynVectorEnv) -> Self {
        let n = env.matches();
        Buffers {
            obs: vec![0.0; n * env.observation_size()],
            mask: vec![0; n * env.mask_size()],
            seat: vec![0; n],
            rewards: vec![0.0; n * usize::from(env.players())],
            done: vec![0; n],
        }
    }
    pub fn out(&mut self) -> StepOut<'_> {
        StepOut {
            obs: &mut self.obs,
            mask: &mut self.mask,
            seat: &mut self.seat,
            rewards: &mut self.rewards,
            done: &mut self.done,
        }
    }
    /// Everything but the mask, whose width differs between the dense and the factored form.
    pub fn outputs(&self) -> (Vec<f32>, Vec<i64>, Vec<f32>, Vec<u8>) {
        (self.obs.clone(), self.seat.clone(), self.rewards.clone(), self.done.clone())
    }
}

fn env(workers: usize, opponents: Vec<Option<String>>) -> Box<dyn DynVectorEnv> {
    let rules = Arc::new(Fixture::ruleset(CONTENT, "{}").unwrap());
    let cfg = VecConfig {
        matches: 9,
        players: 2,
        seed: 4,
        opponents,
        workers,
        score_rewards: false,
        max_decisions: 1000,
        actions: Actions::Dense,
    };
    Box::new(VectorEnvOf::<Fixture>::new(rules, cfg).unwrap())
}

/// Play 60 steps with the first legal action; returns every output and the total reward.
fn play(e: &mut dyn DynVectorEnv) -> (Vec<f32>, f32, u32) {
    let mut b = Buffers::new(e);
    e.reset(b.out());
    let a = e.action_size();
    let (mut trace, mut total, mut dones) = (Vec::new(), 0.0, 0);
    for _ in 0..60 {
        let actions: Vec<i64> = b.mask.chunks(a).map(|m| m.iter().position(|&x| x == 1).unwrap_or(0) as i64).collect();
        e.step(&actions, b.out()).unwrap();
        trace.extend_from_slice(&b.obs);
        total += b.rewards.iter().sum::<f32>();
        dones += b.done.iter().map(|&d| u32::from(d)).sum::<u32>();
    }
    (trace, total, dones)
}

#[test]
fn the_same_seed_gives_the_same_steps_on_any_worker_count() {
    let (one, r1, d1) = play(env(1, Vec::new()).as_mut());
    let (three, r3, d3) = play(env(3, Vec::new()).as_mut());
    assert_eq!(one, three);
    assert_eq!((r1, d1), (r3, d3));
    assert!(d1 > 9, "every slot finished and restarted matches");
    assert!((r1 - d1 as f32).abs() < 1e-3, "each finished match pays out one win in total");
}

#[test]
fn bots_fill_their_seats_and_an_illegal_action_changes_nothing() {
    let mut e = env(2, vec![None, Some("random".into())]);
    let mut b = Buffers::new(e.as_ref());
    e.reset(b.out());
    assert!(b.seat.iter().all(|&s| s == 0), "only the learner seat is returned");
    let a = e.action_size();
    let before = b.obs.clone();
    let bad: Vec<i64> = b.mask.chunks(a).map(|m| m.iter().position(|&x| x == 0).unwrap() as i64).collect();
    assert!(e.step(&bad, b.out()).is_err());
    assert!(e.step(&[0; 3], b.out()).is_err(), "one action per match");
    assert_eq!(b.obs, before, "a refused step wrote nothing");
    assert!(VectorEnvOf::<Fixture>::new(
        Arc::new(Fixture::ruleset(CONTENT, "{}").unwrap()),
        VecConfig { opponents: vec![Some("random".into()); 2], ..env_cfg() }
    )
    .is_err());
}

#[test]
fn the_legal_indices_are_the_masks_ones_row_by_row() {
    let mut e = env(2, Vec::new());
    let mut b = Buffers::new(e.as_ref());
    e.reset(b.out());
    let a = e.action_size();
    let (mut indices, mut offsets) = (Vec::new(), Vec::new());
    for _ in 0..30 {
        e.legal_indices(&mut indices, &mut offsets);
        assert_eq!(offsets.len(), e.matches() + 1);
        for (i, m) in b.mask.chunks(a).enumerate() {
            let row = &indices[offsets[i] as usize..offsets[i + 1] as usize];
            let mut sorted = row.to_vec();
            sorted.sort_unstable();
            let ones: Vec<i64> = (0..a as i64).filter(|&j| m[j as usize] == 1).collect();
            assert_eq!(sorted, ones, "slot {i}");
        }
        // The last legal index of each row, so the draw differs from the first-one loop above.
        let actions: Vec<i64> = offsets.windows(2).map(|w| indices[w[1] as usize - 1]).collect();
        e.step(&actions, b.out()).unwrap();
    }
}

/// A game with no factoring of its own has one factor, the dense space: the same masks and steps, one index
/// per match in a row of its own, and no factor after the first.
#[test]
fn one_factor_is_the_dense_space() {
    let rules = Arc::new(Fixture::ruleset(CONTENT, "{}").unwrap());
    let cfg = |actions| VecConfig { matches: 5, actions, ..env_cfg() };
    let mut dense = VectorEnvOf::<Fixture>::new(Arc::clone(&rules), cfg(Actions::Dense)).unwrap();
    let mut fact = VectorEnvOf::<Fixture>::new(rules, cfg(Actions::Factored)).unwrap();
    let f = fact.factored().unwrap();
    assert_eq!(f.sizes(), [dense.action_size()]);
    for (i, &a) in dense.space.codes().iter().enumerate() {
        assert_eq!((f.tuple(a), f.code(&[i as i64])), (Some([i as u32, 0, 0, 0]), Some(a)), "index i is dense i");
    }
    let (mut bd, mut bf) = (Buffers::new(&dense), Buffers::new(&fact));
    dense.reset(bd.out());
    fact.reset(bf.out());
    let (mut indices, mut offsets) = (Vec::new(), Vec::new());
    for _ in 0..40 {
        assert_eq!((&bd.obs, &bd.mask, &bd.seat, &bd.done), (&bf.obs, &bf.mask, &bf.seat, &bf.done));
        let mut mask = vec![0; bf.mask.len()];
        fact.masks_after(&[], &mut mask).unwrap();
        assert_eq!(mask, bf.mask, "the first factor's mask, again");
        assert!(fact.masks_after(&[0; 5], &mut mask).is_err(), "no factor after the only one");
        assert!(dense.masks_after(&[], &mut mask).is_err(), "dense actions have no factors");
        fact.legal_indices(&mut indices, &mut offsets);
        let actions: Vec<i64> = offsets.windows(2).map(|w| indices[w[1] as usize - 1]).collect();
        dense.step(&actions, bd.out()).unwrap();
        fact.step(&actions, bf.out()).unwrap();
    }
    assert!(Actions::parse("sparse").is_err());
}

fn env_cfg() -> VecConfig {
    VecConfig {
        matches: 2,
        players: 2,
        seed: 0,
        opponents: Vec::new(),
        workers: 1,
        score_rewards: false,
        max_decisions: 100,
        actions: Actions::Dense,
    }
}
