//! Rulebook p. 3 "Pregătirea jocului" and p. 11 "Componența cărților de Casă".

use super::*;
use crate::engine::{SetupError, Viewer};
use crate::games::iron_throne::state::{card_kind, CardKind, DECK_SIZE};

/// Every player is dealt 2 of their house's 5 leader sheets and picks 1 in secret; picks are revealed together.
#[test]
fn s_setup_two_leader_sheets_dealt_and_one_chosen_secretly() {
    let r = rules();
    let mut g = IronThrone::new(&r, 4, 9).unwrap();
    assert_eq!(g.to_act().len(), 4, "all pick at once");
    assert!(g.view(&r, Viewer::Player(0)).seats[0].leader_offers.is_some());
    assert!(g.view(&r, Viewer::Player(0)).seats[1].leader_offers.is_none());
    act(&mut g, &r, 0, LEADER + 1);
    assert_eq!(g.view(&r, Viewer::Player(1)).seats[0].leader, None, "hidden until all picked");
    for p in 1..4 {
        act(&mut g, &r, p, LEADER);
    }
    let s = &g.seats[0];
    assert_eq!(s.leader, s.offers[1]);
    assert_eq!(g.view(&r, Viewer::Player(1)).seats[0].leader, Some(s.leader));
}

/// After the pick the leader's token leaves the game; 4 crowns on each other character and 4 on the sheet;
/// a shuffled 25-card deck and 5-card hand; 5 influence tokens at home.
#[test]
fn s_setup_tokens_crowns_hand_and_influence() {
    let r = rules();
    let g = started(&r, 3, 4);
    for s in &g.seats {
        assert!(!s.is_alive(s.leader));
        assert_eq!(s.alive.count_ones(), 4);
        assert!((0..5).filter(|c| *c != s.leader).all(|c| s.crowns[usize::from(c)] >= 4));
        assert!(s.sheet <= 4);
        assert_eq!(s.tokens_left(), 5);
        assert!(s.hand.len() >= 5);
        assert_eq!(s.hand.len() + s.deck.len(), 25);
    }
}

/// Each house deck: 4 truces, 10 character cards (2 per character), 11 hostility cards 1–8, 10, 12, 20.
#[test]
fn s_setup_house_deck_composition() {
    let kinds: Vec<CardKind> = (0..DECK_SIZE).map(card_kind).collect();
    assert_eq!(kinds.iter().filter(|k| **k == CardKind::Truce).count(), 4);
    for c in 0..5 {
        assert_eq!(kinds.iter().filter(|k| **k == CardKind::Character(c)).count(), 2);
    }
    let mut values: Vec<u8> = kinds
        .iter()
        .filter_map(|k| match k {
            CardKind::Hostility(v) => Some(*v),
            _ => None,
        })
        .collect();
    values.sort_unstable();
    assert_eq!(values, vec![1, 2, 3, 4, 5, 6, 7, 8, 10, 12, 20]);
}

/// The event deck: the 3 special influence events plus the 3 events of each house in play.
#[test]
fn s_setup_event_deck_three_influence_plus_three_per_house() {
    let r = rules_with(&["stark", "tyrell", "targaryen"]);
    let g = IronThrone::new(&r, 3, 1).unwrap();
    assert_eq!(g.events_deck.len(), 12);
    let influence = g.events_deck.iter().filter(|e| r.events[usize::from(**e)].is_none()).count();
    assert_eq!(influence, 3);
    assert!(g.events_deck.iter().all(|e| r.events[usize::from(*e)].is_none_or(|h| [0, 3, 4].contains(&h))));
}

/// Option `houses`: one house per seat, or empty for a random distinct deal; bad values are refused.
#[test]
fn s_setup_houses_option() {
    let r = rules_with(&["targaryen", "stark", "lannister"]);
    let g = IronThrone::new(&r, 3, 1).unwrap();
    assert_eq!(g.seats.iter().map(|s| s.house).collect::<Vec<_>>(), vec![4, 0, 1]);
    assert!(matches!(IronThrone::new(&r, 4, 1), Err(SetupError::Option { .. })));
    let bad = IronThrone::ruleset(&content_json(), r#"{"houses": ["stark", "stark"]}"#);
    assert!(matches!(bad, Err(SetupError::Option { .. })));
    let bad = IronThrone::ruleset(&content_json(), r#"{"houses": ["greyjoy"]}"#);
    assert!(matches!(bad, Err(SetupError::Option { .. })));
    for seed in 0..20 {
        let g = IronThrone::new(&rules(), 5, seed).unwrap();
        let mut h: Vec<u8> = g.seats.iter().map(|s| s.house).collect();
        h.sort_unstable();
        assert_eq!(h, vec![0, 1, 2, 3, 4]);
    }
}

/// Every content record names its provenance; rulebook facts are marked as such.
#[test]
fn s_content_records_carry_their_source() {
    let c: serde_json::Value = serde_json::from_str(&content_json()).unwrap();
    let stark = &c["houses"][0];
    for l in stark["leaders"].as_array().unwrap() {
        assert_eq!(l["source"], "rulebook");
    }
    let designed = c["houses"].as_array().unwrap().iter().flat_map(|h| h["cards"].as_array().unwrap().iter());
    assert!(designed.clone().any(|x| x["source"] == "designed"));
    assert!(designed.clone().all(|x| ["rulebook", "research", "designed"].contains(&x["source"].as_str().unwrap())));
}

/// Option `label` changes only what balance statistics call a seat: its House, or its House and the leader sheet
/// it kept; an unknown value is refused.
#[test]
fn a_seat_is_labelled_by_its_leader_sheet_on_request() {
    use crate::engine::Tally;
    let by_house = rules_with(&["stark", "lannister", "tyrell"]);
    let by_leader =
        IronThrone::ruleset(&content_json(), r#"{"houses": ["stark", "lannister", "tyrell"], "label": "leader"}"#)
            .expect("ruleset");
    let mut g = IronThrone::new(&by_leader, 3, 5).unwrap();
    act(&mut g, &by_leader, 0, LEADER + 1);
    for p in 1..3 {
        act(&mut g, &by_leader, p, LEADER);
    }
    let kept = usize::from(g.seats[0].leader);
    let stark = &by_leader.houses[0];
    assert_eq!(g.seat_label(&by_leader, 0), Some(format!("{}: {}", stark.name, stark.chars[kept])));
    assert_eq!(g.seat_label(&by_house, 0), Some(stark.name.clone()));
    assert_eq!(IronThrone::new(&by_house, 3, 5).unwrap().seats, IronThrone::new(&by_leader, 3, 5).unwrap().seats);
    let bad = IronThrone::ruleset(&content_json(), r#"{"houses": [], "label": "sheet"}"#);
    assert!(matches!(bad, Err(SetupError::Option { .. })));
}
