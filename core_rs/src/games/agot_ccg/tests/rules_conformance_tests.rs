//! Deck building and tournament rules, and the engine contract: illegal actions, views, random play, forged
//! states, any seat and code, validation.

use super::helpers::*;
use crate::engine::{snapshot, Events, Game, Viewer};
use crate::games::agot_ccg::rules::actions::*;
use crate::games::agot_ccg::state::{AgotCcg, Phase};

/// "Regole di creazione dei mazzi": exactly 7 different plots, at least 60 cards, at most 3 copies, no
/// "House X only" card of another House.
#[test]
fn regole_di_creazione_dei_mazzi() {
    let mut v: serde_json::Value = serde_json::from_str(&content()).unwrap();
    let ok = |v: &serde_json::Value| AgotCcg::ruleset(&v.to_string(), r#"{"decks": [], "round_limit": 5}"#).is_ok();
    assert!(ok(&v));
    let mut w = v.clone();
    w["decks"][0]["plots"].as_array_mut().unwrap().pop();
    assert!(!ok(&w), "6 plots");
    let mut w = v.clone();
    w["decks"][0]["cards"][0][1] = 4.into();
    assert!(!ok(&w), "4 copies");
    let mut w = v.clone();
    w["decks"][0]["cards"].as_array_mut().unwrap().pop();
    assert!(!ok(&w), "fewer than 60 cards");
    v["decks"][0]["plots"][0] = "U227".into(); // Hear Me Roar in the Stark deck
    assert!(!ok(&v), "House Lannister only");
}

/// Tournament time limit ("Come ci si prepara ai Tornei"): at the round limit the most power wins; equal
/// power shares the result.
#[test]
fn tornei_round_limit_most_power_wins() {
    let r = rules_with(r#"{"decks": ["stark", "lannister"], "round_limit": 1}"#);
    let mut g = scenario(&r, Phase::Standing, ["U224", "U227"]);
    g.seats[1].house_power = 4;
    let mut ev = Events::new();
    g.advance(&r, &mut ev);
    assert_eq!(g.winners, vec![1]);
    assert!(AgotCcg::ruleset(&content(), r#"{"decks": [], "round_limit": 101}"#).is_err());
    assert!(AgotCcg::ruleset(&content(), r#"{"decks": ["dorne"], "round_limit": 9}"#).is_err());
    assert!(AgotCcg::ruleset(&content(), r#"{"decks": [], "round_limit": 9, "x": 1}"#).is_err());
}

#[test]
fn illegal_actions_change_nothing_and_views_hide_hands() {
    let r = rules();
    let g = AgotCcg::new(&r, 2, 9).unwrap();
    let before = snapshot::encode(&g);
    let mut h = g.clone();
    let mut ev = Events::new();
    let p = g.first;
    assert!(h.apply(&r, 1 - p, code(DONE, 0, 0), &mut ev).is_err());
    assert!(h.apply(&r, p, code(PLOT, 0, 0), &mut ev).is_err());
    assert_eq!(snapshot::encode(&h), before);
    let v = g.view(&r, Viewer::Player(0));
    assert!(v.seats[0].hand.is_some() && v.seats[1].hand.is_none());
    assert!(g.view(&r, Viewer::Public).seats.iter().all(|s| s.hand.is_none()));
}

#[test]
fn conformance_random_play_2_to_4_players() {
    let r = rules_with(r#"{"decks": [], "round_limit": 30}"#);
    for players in 2..=4 {
        assert!(crate::testing::check_random_play::<AgotCcg>(&r, players, 12, 5_000) > 0);
    }
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(64))]
    #[test]
    fn forged_states_never_panic(seed in 0u64..500, flips in proptest::collection::vec((0usize..4000, proptest::num::u8::ANY), 1..6)) {
        let r = rules();
        let g = AgotCcg::new(&r, 2, seed).unwrap();
        let mut bytes = snapshot::encode(&g);
        for (i, b) in flips {
            let n = bytes.len();
            bytes[i % n] = b;
        }
        crate::testing::check_forged_state::<AgotCcg>(&r, &bytes);
    }
}

#[test]
fn describe_and_bots_are_safe_for_any_seat_and_code() {
    let r = rules_with(r#"{"decks": [], "round_limit": 10}"#);
    for players in 2..=4u8 {
        let mut g = AgotCcg::new(&r, players, 3).unwrap();
        let mut rng = crate::rng::Rng::new(1);
        let mut ev = Events::disabled();
        for _ in 0..300 {
            if g.outcome().is_some() {
                break;
            }
            for seat in [0, players - 1, players, 15, 16, 255] {
                for kind in 0..22u32 {
                    for a in [code(kind, 0, 0), code(kind, 255, 65535), code(kind, 3, 7), code(kind, 1, 1)] {
                        let _ = g.describe(&r, seat, a);
                    }
                }
                let _ = g.view(&r, Viewer::Player(seat));
            }
            let p = g.to_act().iter().next().unwrap();
            let l = legal(&g, &r, p);
            let a = l[rng.index(l.len())];
            g.apply(&r, p, a, &mut ev).unwrap();
        }
    }
}

/// Conservation: each player's cards are exactly his deck, each in one place, so a save edited to copy a card
/// (or lose one) is refused on load.
#[test]
fn validate_refuses_a_card_in_two_places_or_missing() {
    let r = rules();
    let g = AgotCcg::new(&r, 2, 5).unwrap();
    assert_eq!(g.validate(&r), Ok(()));
    let mut bad = g.clone();
    let c = bad.seats[0].deck[0];
    bad.seats[0].hand.push(c);
    assert!(bad.validate(&r).unwrap_err().contains("exactly one place"));
    let mut bad = g.clone();
    bad.seats[1].deck.pop();
    assert!(bad.validate(&r).is_err());
    let mut bad = g;
    let plot = bad.seats[0].plots[0];
    bad.seats[0].used.push(plot);
    assert!(bad.validate(&r).unwrap_err().contains("plots"));
}
