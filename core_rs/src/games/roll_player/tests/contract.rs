//! Engine-contract checks: random play terminates for every player count and variant, snapshots round-trip,
//! illegal actions leave the state unchanged, determinize keeps every view.

use super::helpers::*;
use crate::engine::{check_players, snapshot, Events, Game, Viewer};
use crate::games::roll_player::RollPlayer;
use crate::rng::Rng;

const VARIANTS: [&str; 6] = [
    "{}",
    r#"{"less_random_setup": true}"#,
    r#"{"random_market": true}"#,
    r#"{"short_game": true}"#,
    r#"{"friendly_market": true}"#,
    r#"{"class_selection": "choose", "less_random_setup": true, "random_market": true, "short_game": true, "friendly_market": true}"#,
];

#[test]
fn random_play_terminates_for_every_count_and_variant() {
    for (vi, opts) in VARIANTS.iter().enumerate() {
        let r = rules(opts);
        for players in 1..=4u8 {
            for seed in 0..12u64 {
                let (g, _) = play_random(&r, players, seed * 7 + vi as u64);
                let o = g.outcome().expect("finished");
                assert_eq!(o.scores.len(), usize::from(players));
                assert!(g.seats.iter().all(|s| s.full()));
            }
        }
    }
}

#[test]
fn illegal_actions_leave_state_unchanged() {
    let r = default_rules();
    let mut g = through_setup(&r, 3, 5);
    let mut rng = Rng::new(3);
    for _ in 0..200 {
        let before = snapshot::encode(&g);
        let legal = legal(&g, &r);
        let p = g.actor().unwrap();
        for bad in [5000u32, 699, 1999, 12] {
            if !legal.contains(&bad) {
                let mut h = g.clone();
                assert!(h.apply(&r, p, bad, &mut Events::new()).is_err());
                assert_eq!(snapshot::encode(&h), before);
            }
        }
        let other = (p + 1) % 3;
        let mut h = g.clone();
        assert!(h.apply(&r, other, legal[0], &mut Events::new()).is_err());
        g.apply(&r, p, legal[rng.index(legal.len())], &mut Events::new()).unwrap();
        if g.actor().is_none() {
            break;
        }
    }
}

#[test]
fn snapshot_round_trips_and_determinize_keeps_views() {
    let r = default_rules();
    let g = through_setup(&r, 4, 9);
    let bytes = snapshot::encode(&g);
    assert!(bytes.len() < 2048, "snapshot is {} bytes", bytes.len());
    let back: RollPlayer = snapshot::decode("roll-player", &bytes).unwrap();
    back.validate(&r).unwrap();
    assert_eq!(back, g);
    let mut rng = Rng::new(4);
    for p in 0..4 {
        let d = g.determinize(&r, p, &mut rng);
        assert_eq!(snapshot::encode(&d.view(&r, Viewer::Player(p))), snapshot::encode(&g.view(&r, Viewer::Player(p))));
    }
}

#[test]
fn validate_refuses_forged_states() {
    let r = default_rules();
    let g = through_setup(&r, 2, 1);
    let mut h = g.clone();
    h.market.push(200);
    assert!(h.validate(&r).is_err());
    let mut h = g.clone();
    h.seats[0].sheet[0][0].value = 9;
    assert!(h.validate(&r).is_err());
    let mut h = g.clone();
    h.first = 7;
    assert!(h.validate(&r).is_err());
    let mut h = g.clone();
    h.init.pop();
    assert!(h.validate(&r).is_err());
    // A card turned sideways that the seat does not own (found by the corrupted-snapshot property test).
    let mut h = g;
    let unowned = (0..64u8).find(|c| !h.seats[1].cards.contains(c)).unwrap_or(63);
    h.seats[1].exhausted |= 1u64 << unowned;
    assert!(h.validate(&r).unwrap_err().contains("exhausted"));
}

#[test]
fn options_are_checked() {
    let c = content_json();
    assert!(RollPlayer::ruleset(&c, r#"{"short_game": 1}"#).is_err());
    assert!(RollPlayer::ruleset(&c, r#"{"class_selection": "pick"}"#).is_err());
    assert!(RollPlayer::ruleset(&c, r#"{"turbo": true}"#).is_err());
    assert!(check_players::<RollPlayer>(&default_rules(), 5).is_err());
}

/// The shared Rust conformance helpers, 1 to 4 players, every variant.
#[test]
fn conformance_kit_every_count_and_variant() {
    for opts in VARIANTS {
        let r = rules(opts);
        for players in 1..=4u8 {
            crate::testing::check_random_play::<RollPlayer>(&r, players, 3, 20_000);
        }
    }
}

/// Forged snapshots never panic: mutate bytes of real states and play on.
#[test]
fn forged_states_never_panic() {
    let r = default_rules();
    let g = through_setup(&r, 3, 2);
    let bytes = snapshot::encode(&g);
    let mut rng = Rng::new(8);
    for _ in 0..400 {
        let mut b = bytes.clone();
        for _ in 0..3 {
            let i = rng.index(b.len());
            b[i] = rng.next_u32() as u8;
        }
        crate::testing::check_forged_state::<RollPlayer>(&r, &b);
    }
}

/// Every legal action has a human label (no "unknown" kinds) and the heuristic only picks legal actions.
#[test]
fn every_legal_action_is_described() {
    use crate::bots::Bot;
    for opts in VARIANTS {
        let r = rules(opts);
        for players in 1..=4u8 {
            let mut g = RollPlayer::new(&r, players, u64::from(players) + 40).unwrap();
            let mut bot = crate::games::roll_player::bots::Heuristic;
            let mut rng = Rng::new(1);
            let mut ev = Events::disabled();
            while let Some(p) = g.actor() {
                let legal = legal(&g, &r);
                for &a in &legal {
                    let info = g.describe(&r, p, a);
                    assert_ne!(info.kind, "unknown", "{a} in {:?}", g.step);
                    assert!(!info.label.contains('?'), "{}: {a} in {:?}", info.label, g.step);
                }
                let a = bot.act(&r, &g, p, &legal, &mut rng);
                assert!(legal.contains(&a));
                g.apply(&r, p, a, &mut ev).unwrap();
            }
        }
    }
}

/// Conservation (research/roll_player.md: 73 dice, 10 per colour and 13 gold; every market card in one place).
#[test]
fn validate_refuses_impossible_states() {
    let r = default_rules();
    let g = through_setup(&r, 3, 2);
    g.validate(&r).unwrap();
    let mut h = g.clone();
    let c = h.deck[0];
    h.seats[1].cards.push(c);
    assert!(h.validate(&r).unwrap_err().contains("two places"));
    let mut h = g.clone();
    h.deck.pop();
    assert!(h.validate(&r).unwrap_err().contains("nowhere"));
    let mut h = g;
    h.bag[0] = 10;
    h.seats[0].sheet[0][0] = crate::games::roll_player::state::Die::new(0, 3);
    h.seats[0].sheet[0][1] = crate::games::roll_player::state::Die::new(0, 3);
    assert!(h.validate(&r).unwrap_err().contains("dice of colour 0"));
}
