//! Discards written in the composable form: they reach the duplicate saves and the save windows like the
//! hand-written ones.

use super::helpers::*;
use super::interrupt_tests::greyjoy_rules;
use crate::engine::Events;
use crate::games::agot_ccg::cards::Rules;
use crate::games::agot_ccg::rules::actions::*;
use crate::games::agot_ccg::state::{AgotCcg, At, Pending, Phase};

// ----- a discard written in the composable form reaches the duplicates and the save windows

/// Seat 0 plays `event` (a composable dominance action from hand) and pays its influence with whatever it has.
fn play_composable_event(g: &mut AgotCcg, r: &Rules, event: &str) {
    g.seats[0].hand = vec![id(r, event)];
    g.phase = Phase::Dominance;
    g.open_window(At::Dominance);
    act(g, r, 0, code(GEN_EVENT, 0, 0));
    for _ in 0..8 {
        let Some(&a) = legal(g, r, 0).iter().find(|&&a| split(a).0 == GEN_INF) else { return };
        act(g, r, 0, a);
    }
}

/// "Risposte Salva/Cancella" (a save "from being killed or discarded"): Westeros Bleeds discards every character
/// from play in the composable form; Thrice-Drowned Veteran's controller is asked, kneels 2 influence and saves
/// it, while the character nobody can save goes to its owner's discard pile at once. Passing the window lets the
/// discard happen: to the discard pile, not the dead pile.
#[test]
fn risposte_salva_a_composable_discard_opens_the_save_window() {
    let r = greyjoy_rules();
    let mut g = scenario(&r, Phase::Dominance, ["U224", "U224"]);
    put(&mut g, &r, 0, "C155");
    put(&mut g, &r, 0, "C155");
    let mine = put(&mut g, &r, 0, "C11");
    let vet = put(&mut g, &r, 1, "G12");
    let keep = put(&mut g, &r, 1, "G37");
    play_composable_event(&mut g, &r, "R212");
    assert!(g.locate(mine).is_none() && g.seats[0].discard.contains(&id(&r, "C11")));
    assert!(matches!(g.pending.first(), Some(Pending::SaveWindow { seat: 1, kill: false, .. })), "{:?}", g.pending);
    assert_eq!(legal(&g, &r, 1), vec![code(SAVE_CARD, 0, usize::from(vet)), code(DONE, 0, 0)]);
    act(&mut g, &r, 1, code(SAVE_CARD, 0, usize::from(vet)));
    act(&mut g, &r, 1, code(PAY, 0, usize::from(keep)));
    assert!(g.locate(vet).is_some() && g.seats[1].discard.is_empty(), "saved from the discard");

    let mut g = scenario(&r, Phase::Dominance, ["U224", "U224"]);
    put(&mut g, &r, 0, "C155");
    put(&mut g, &r, 0, "C155");
    let vet = put(&mut g, &r, 1, "G12");
    put(&mut g, &r, 1, "G37");
    play_composable_event(&mut g, &r, "R212");
    act(&mut g, &r, 1, code(DONE, 0, 0));
    assert!(g.locate(vet).is_none());
    assert_eq!((g.seats[1].discard.clone(), g.seats[1].dead.len()), (vec![id(&r, "G12")], 0));
}

/// "Duplicati": a duplicate saves its unique card from leaving play by any means (research §3.4), a composable
/// discard too: Euron Crow's Eye with a duplicate is asked; yes discards the duplicate and Euron stays; no lets
/// the discard happen (and then the save window, which nobody here could answer).
#[test]
fn duplicati_save_from_a_composable_discard() {
    let r = greyjoy_rules();
    for accept in [true, false] {
        let mut g = scenario(&r, Phase::Dominance, ["U224", "U224"]);
        put(&mut g, &r, 0, "C155");
        put(&mut g, &r, 0, "C155");
        let euron = put(&mut g, &r, 1, "R66");
        g.seats[1].play[0].dupes.push(id(&r, "R66"));
        play_composable_event(&mut g, &r, "R212");
        assert!(matches!(g.pending.first(), Some(Pending::Respond { seat: 1, .. })), "{:?}", g.pending);
        act(&mut g, &r, 1, code(if accept { YES } else { DONE }, 0, 0));
        assert_eq!(g.locate(euron).is_some(), accept);
        let discarded = if accept { vec![id(&r, "R66")] } else { vec![id(&r, "R66"), id(&r, "R66")] };
        assert_eq!(g.seats[1].discard, discarded, "the duplicate, then (declined) the card too");
    }
}

/// "Risposte Salva/Cancella" and "cannot be saved": Sound the Horn of Dragons' locations cannot be saved, so the
/// unique location's duplicate is not offered; an event that saves "a Greyjoy character" (Terrorize the Shores)
/// is never offered for a location, even one the discard could be saved from.
#[test]
fn risposte_salva_cannot_be_saved_and_events_save_characters_only() {
    let r = greyjoy_rules();
    let mut g = scenario(&r, Phase::Dominance, ["U224", "U224"]);
    g.seats[0].house = crate::games::agot_ccg::cards::house_index("greyjoy").unwrap();
    put(&mut g, &r, 0, "C155");
    put(&mut g, &r, 0, "C155");
    let red_keep = put(&mut g, &r, 1, "G37");
    g.seats[1].play[0].dupes.push(id(&r, "G37"));
    play_composable_event(&mut g, &r, "R170");
    assert!(g.pending.is_empty(), "no duplicate save: {:?}", g.pending);
    assert!(g.locate(red_keep).is_none());

    // A Greyjoy location (Banner Ship) about to be discarded, its controller holding Terrorize the Shores and
    // the influence for it: no window opens.
    let mut g = scenario(&r, Phase::Dominance, ["U224", "U224"]);
    let coast = put(&mut g, &r, 1, "G27");
    put(&mut g, &r, 1, "C155");
    g.seats[1].hand = vec![id(&r, "G41")];
    g.seats[1].house = crate::games::agot_ccg::cards::house_index("greyjoy").unwrap();
    let mut ev = Events::new();
    g.discard_from_play(&r, coast, true, &mut ev);
    assert!(g.pending.is_empty() && g.locate(coast).is_none(), "no save window for a location: {:?}", g.pending);
}
