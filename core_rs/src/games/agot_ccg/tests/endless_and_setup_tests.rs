//! Endless (back into play from the dead pile) and "Preparazione" (attachments placed during setup).

use super::helpers::*;
use crate::engine::Game;
use crate::games::agot_ccg::rules::actions::*;
use crate::games::agot_ccg::state::{AgotCcg, At, Pending, Phase};

/// Endless (research §3.4): Dominance: Western Heir kneels 3 influence to come back into play from the dead pile.
/// (The pool's Western Heir says this in the composable vocabulary; here its text is the Endless ability, which
/// Forever Plundering uses, to test the "into play" form.)
#[test]
fn endless_western_heir_returns_from_the_dead_pile() {
    let mut r = rules();
    let heir = usize::from(id(&r, "R29"));
    r.cards[heir].abilities = vec![crate::games::agot_ccg::cards::Ability::Endless { influence: 3, into_play: true }];
    let mut g = scenario(&r, Phase::Dominance, ["U224", "U224"]);
    let red = put(&mut g, &r, 1, "G37");
    g.seats[1].dead = vec![id(&r, "R29")];
    g.open_window(At::Dominance);
    act(&mut g, &r, 0, code(DONE, 0, 0));
    assert_eq!(g.actor(), Some(1));
    assert!(legal(&g, &r, 1).contains(&code(ENDLESS, 0, 0)));
    act(&mut g, &r, 1, code(ENDLESS, 0, 0));
    act(&mut g, &r, 1, code(PAY, 0, usize::from(red)));
    assert!(g.seats[1].dead.is_empty() && g.seats[1].play.iter().any(|c| c.def == id(&r, "R29")));
}

/// "Preparazione" (the setup keyword, research §3.6): Kiss of Life may be placed among the setup cards when a
/// character is among them, and is attached after the reveal.
#[test]
fn preparazione_setup_attachment() {
    let mut r = rules_with(r#"{"decks": ["greyjoy", "stark"], "round_limit": 30}"#);
    let greyjoy = usize::from(r.seat_decks[0]);
    r.decks[greyjoy].cards[0] = id(&r, "G20");
    r.decks[greyjoy].cards[1] = id(&r, "G12");
    let mut g = AgotCcg::new(&r, 2, 3).unwrap();
    g.first = 0;
    for s in g.seats.iter_mut() {
        let hand = std::mem::take(&mut s.hand);
        s.deck.extend(hand);
    }
    g.seats[0].hand = vec![id(&r, "G20"), id(&r, "G12")];
    for c in [id(&r, "G20"), id(&r, "G12")] {
        let i = g.seats[0].deck.iter().position(|&d| d == c).unwrap();
        g.seats[0].deck.remove(i);
    }
    assert!(!legal(&g, &r, 0).contains(&code(SETUP_PLACE, 0, 0)), "no character to take it yet");
    act(&mut g, &r, 0, code(SETUP_PLACE, 1, 0));
    act(&mut g, &r, 0, code(SETUP_PLACE, 0, 0));
    // Nothing more to place: both seats pass by themselves and the setup cards are revealed.
    assert!(matches!(g.pending.first(), Some(Pending::AttachSetup { seat: 0 })), "{:?}", g.pending);
    let vet = g.seats[0].play[0].uid;
    act(&mut g, &r, 0, code(ATTACH_SETUP, 0, usize::from(vet)));
    assert_eq!(card(&g, vet).attachments, vec![(id(&r, "G20"), 0)]);
    assert!(g.seats[0].setup.is_empty());
}
