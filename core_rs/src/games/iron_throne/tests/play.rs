//! Whole matches: random play terminates; illegal actions change nothing; views and determinization agree.

use super::*;
use crate::bots::{self, Bot};
use crate::engine::{snapshot, Viewer};
use crate::rng::Rng;

fn run(r: &Rules, players: u8, seed: u64, bot: &str, check: bool) -> (IronThrone, u64) {
    let mut g = IronThrone::new(r, players, seed).unwrap();
    let mut b: Box<dyn Bot<IronThrone>> = bots::make(bot).unwrap();
    let mut rng = Rng::new(seed ^ 0xABCD);
    let mut steps = 0;
    let mut ev = Events::new();
    while g.outcome().is_none() {
        let who = g.to_act();
        assert!(!who.is_empty(), "nobody to act but no outcome: {:?}", g.pending);
        for p in who.iter() {
            let l = legal(&g, r, p);
            assert!(!l.is_empty(), "seat {p} must act with no legal action: {:?} {:?}", g.pending, g.step);
            if check && steps % 7 == 0 {
                let before = snapshot::encode(&g);
                assert!(g.apply(r, p, 99_999, &mut ev).is_err());
                assert_eq!(snapshot::encode(&g), before, "refused action changed the state");
                let back: IronThrone = snapshot::decode("iron-throne", &before).unwrap();
                assert!(back.validate(r).is_ok());
                let mut drng = Rng::new(steps);
                for q in 0..players {
                    let d = g.determinize(r, q, &mut drng);
                    assert_eq!(
                        serde_json::to_string(&d.view(r, Viewer::Player(q))).unwrap(),
                        serde_json::to_string(&g.view(r, Viewer::Player(q))).unwrap(),
                        "determinized view differs for {q}"
                    );
                }
            }
            let a = b.act(r, &g, p, &l, &mut rng);
            g.apply(r, p, a, &mut ev).unwrap_or_else(|e| panic!("{e}"));
            steps += 1;
            assert!(steps < 200_000, "match does not end");
        }
    }
    (g, steps)
}

/// Random play always terminates (3, 4 and 5 players), with every contract check along the way.
#[test]
fn random_play_terminates_with_contract_checks() {
    let r = rules();
    for seed in 0..60 {
        let players = 3 + (seed % 3) as u8;
        let (g, _) = run(&r, players, seed, "random", seed < 12);
        assert!(g.outcome().is_some());
        assert!(g.turn < super::super::state::TURN_LIMIT, "hit the safeguard turn limit");
    }
}

#[test]
fn heuristic_play_terminates() {
    let r = rules();
    for seed in 0..30 {
        let (g, _) = run(&r, 3 + (seed % 3) as u8, seed, "heuristic", seed < 5);
        assert!(g.outcome().is_some());
    }
}

/// Mid-game snapshots stay small (issue: under 2 KiB).
#[test]
fn mid_game_snapshot_is_small() {
    let r = rules();
    let mut g = IronThrone::new(&r, 5, 3).unwrap();
    let mut b: Box<dyn Bot<IronThrone>> = bots::make("random").unwrap();
    let mut rng = Rng::new(1);
    let mut ev = Events::disabled();
    let mut biggest = 0;
    for _ in 0..400 {
        let Some(p) = g.to_act().iter().next() else { break };
        let l = legal(&g, &r, p);
        let a = b.act(&r, &g, p, &l, &mut rng);
        g.apply(&r, p, a, &mut ev).unwrap();
        biggest = biggest.max(snapshot::encode(&g).len());
    }
    assert!(biggest < 2048, "snapshot {biggest} bytes");
}

/// The generic Rust conformance checks (engine contract at every step) for 3, 4 and 5 players.
#[test]
fn conformance_random_play_3_to_5_players() {
    let r = rules();
    for players in 3..=5 {
        assert!(crate::testing::check_random_play::<IronThrone>(&r, players, 60, 200_000) > 0);
    }
}

fn mid_game(r: &Rules, seed: u64, steps: u64) -> IronThrone {
    let mut g = IronThrone::new(r, 3 + (seed % 3) as u8, seed).unwrap();
    let mut rng = Rng::new(seed);
    let mut ev = Events::disabled();
    for _ in 0..steps {
        let Some(p) = g.to_act().iter().next() else { break };
        let l = legal(&g, r, p);
        let a = l[rng.index(l.len())];
        g.apply(r, p, a, &mut ev).unwrap();
    }
    g
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(200))]
    #[test]
    fn forged_states_never_panic(bytes in proptest::collection::vec(proptest::num::u8::ANY, 0..600)) {
        crate::testing::check_forged_state::<IronThrone>(&rules(), &bytes);
    }

    #[test]
    fn mutated_real_states_never_panic(
        seed in 0u64..1000,
        steps in 0u64..400,
        flips in proptest::collection::vec((0usize..2000, proptest::num::u8::ANY), 1..6),
    ) {
        let r = rules();
        let g = mid_game(&r, seed, steps);
        let mut bytes = snapshot::encode(&g);
        for (i, b) in flips {
            let n = bytes.len();
            bytes[i % n] = b;
        }
        crate::testing::check_forged_state::<IronThrone>(&r, &bytes);
    }
}
