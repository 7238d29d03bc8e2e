//! "Pila dei morti", "Pila degli scarti" and "Scartare": cards moved into and out of the dead and discard
//! piles.

use super::effect_tests::hand_card;
use super::helpers::*;
use crate::games::agot_ccg::cards::{house_index, MIL};
use crate::games::agot_ccg::rules::actions::*;
use crate::games::agot_ccg::state::{At, Pending, Phase};

/// "Pila dei morti" (recursion; research §3.4 "Endless"): Western Heir puts itself into play from its dead pile in
/// the dominance phase for 3 influence; a Forever event moves itself from the dead pile to the hand for 1.
#[test]
fn pila_dei_morti_heir_and_forever_return() {
    let r = rules();
    let mut g = scenario(&r, Phase::Dominance, ["U224", "U227"]);
    influence(&mut g, &r, 0, 6);
    g.seats[0].dead = vec![id(&r, "R29"), id(&r, "U176")];
    window(&mut g, Phase::Dominance, At::Dominance);
    let heir = code(GEN_PILE, 2 * 16, 0);
    let forever = code(GEN_PILE, 2 * 16 + 1, 1);
    assert!(legal(&g, &r, 0).contains(&heir) && legal(&g, &r, 0).contains(&forever));
    act(&mut g, &r, 0, heir);
    pay(&mut g, &r, 0);
    assert!(g.seats[0].play.iter().any(|c| c.def == id(&r, "R29")));
    assert_eq!(g.seats[0].dead, vec![id(&r, "U176")]);
    let forever = code(GEN_PILE, 2 * 16 + 1, 0);
    act(&mut g, &r, 0, forever);
    pay(&mut g, &r, 0);
    assert!(g.seats[0].dead.is_empty() && g.seats[0].hand.contains(&id(&r, "U176")));
}

/// "Scartare" (discarding from play): Westeros Bleeds discards every character from play to their owners'
/// discard piles (not killed: nothing in the dead pile).
#[test]
fn scartare_westeros_bleeds() {
    let r = rules();
    let mut g = scenario(&r, Phase::Dominance, ["U224", "U227"]);
    influence(&mut g, &r, 0, 4);
    put(&mut g, &r, 0, "C13");
    put(&mut g, &r, 1, "C30");
    let x = hand_card(&mut g, &r, 0, "R212");
    window(&mut g, Phase::Dominance, At::Dominance);
    act(&mut g, &r, 0, code(GEN_EVENT, x, 0));
    pay(&mut g, &r, 0);
    assert!(g
        .seats
        .iter()
        .all(|s| s.play.iter().all(|c| r.cards[usize::from(c.def)].kind != super::super::cards::Kind::Character)));
    assert!(g.seats[1].discard.contains(&id(&r, "C30")) && g.seats[1].dead.is_empty());
}

/// "Scartare" (discarding from play), every card of a type: Sound the Horn of Dragons (House Greyjoy only) kneels 4
/// influence in the dominance phase to discard every location from play, both players' and the ones just knelt to
/// pay for it, to their owners' discard piles; no save is asked.
#[test]
fn scartare_sound_the_horn_of_dragons_discards_every_location() {
    let r = rules();
    let mut g = scenario(&r, Phase::Dominance, ["U224", "U227"]);
    g.seats[0].house = house_index("greyjoy").unwrap();
    influence(&mut g, &r, 0, 4);
    put(&mut g, &r, 1, "C157");
    let keeper = put(&mut g, &r, 1, "C14");
    let x = hand_card(&mut g, &r, 0, "R170");
    window(&mut g, Phase::Dominance, At::Dominance);
    act(&mut g, &r, 0, code(GEN_EVENT, x, 0));
    pay(&mut g, &r, 0);
    assert!(g.pending.is_empty(), "nothing is asked: {:?}", g.pending);
    let location = |c: &u16| r.cards[usize::from(*c)].kind == super::super::cards::Kind::Location;
    assert!(g.seats.iter().all(|s| s.play.iter().all(|c| !location(&c.def))), "no location is left in play");
    assert!(g.seats[1].discard.contains(&id(&r, "C157")) && g.seats[0].discard.iter().any(location));
    assert!(g.locate(keeper).is_some(), "characters stay");

    // Another House cannot play it.
    let mut g = scenario(&r, Phase::Dominance, ["U224", "U227"]);
    g.seats[0].house = house_index("stark").unwrap();
    influence(&mut g, &r, 0, 4);
    hand_card(&mut g, &r, 0, "R170");
    window(&mut g, Phase::Dominance, At::Dominance);
    assert!(of_kind(&g, &r, 0, GEN_EVENT).is_empty(), "House Greyjoy only");
}

/// "Pila degli scarti" of any player: Ours is the Fury moves a character from an opponent's discard pile to that
/// player's dead pile; Converted Maester moves a card from a dead pile to its owner's discard pile.
#[test]
fn pila_degli_scarti_any_players_pile() {
    let r = rules();
    let mut g = scenario(&r, Phase::Plot, ["U224", "U227"]);
    g.seats[0].plots = vec![id(&r, "U228")];
    g.seats[1].plots = vec![id(&r, "T49")];
    g.seats[1].discard = vec![id(&r, "C30")];
    act(&mut g, &r, 0, code(PLOT, 0, 0));
    act(&mut g, &r, 1, code(PLOT, 0, 0));
    let chooser = g.actor().unwrap();
    act(&mut g, &r, chooser, code(FIRST, 0, 0));
    let picks = of_kind(&g, &r, 0, GEN_PICK);
    assert_eq!(picks.len(), 1);
    act(&mut g, &r, 0, picks[0]);
    assert!(g.seats[1].discard.is_empty() && g.seats[1].dead == vec![id(&r, "C30")], "into its owner's dead pile");
}

/// "Pila dei morti" for everyone: Plea to R'hllor puts every non-doomed character of every dead pile into play.
#[test]
fn pila_dei_morti_plea_to_rhllor() {
    let r = rules();
    let mut g = scenario(&r, Phase::Dominance, ["U224", "U227"]);
    influence(&mut g, &r, 0, 4);
    g.seats[0].dead = vec![id(&r, "C13"), id(&r, "U6")]; // Eddard is doomed
    g.seats[1].dead = vec![id(&r, "C30")];
    g.seats[0].house = house_index("baratheon").unwrap(); // House Baratheon only
    let x = hand_card(&mut g, &r, 0, "R169");
    window(&mut g, Phase::Dominance, At::Dominance);
    act(&mut g, &r, 0, code(GEN_EVENT, x, 0));
    pay(&mut g, &r, 0);
    assert!(
        g.seats[0].dead.contains(&id(&r, "U6")) && !g.seats[0].dead.contains(&id(&r, "C13")),
        "doomed Eddard stays"
    );
    assert!(g.seats[1].dead.is_empty() && g.seats[1].play.iter().any(|c| c.def == id(&r, "C30")));
}

/// Milling and drawing per doomed card: Tempting Fate.
#[test]
fn scartare_dal_mazzo_tempting_fate() {
    let r = rules();
    let mut g = scenario(&r, Phase::Dominance, ["U224", "U227"]);
    influence(&mut g, &r, 0, 3);
    let doomed = id(&r, "U25"); // Ser Jaime: doomed
    let plain = id(&r, "C30");
    g.seats[1].deck = vec![plain, doomed, plain, doomed, plain, plain];
    let x = hand_card(&mut g, &r, 0, "C204");
    let hand = g.seats[0].hand.len();
    window(&mut g, Phase::Dominance, At::Dominance);
    act(&mut g, &r, 0, code(GEN_EVENT, x, 0));
    pay(&mut g, &r, 0);
    assert_eq!(g.seats[1].deck, vec![plain]);
    assert_eq!(g.seats[0].hand.len(), hand - 1 + 2, "two doomed cards discarded: two drawn");
}

/// Two piles searched at once and X counted from the used pile: A Hostage Rescued takes a character from the dead
/// pile or the discard pile; Dark and Full of Terrors kneels one card per The Others plot in the used pile.
#[test]
fn pila_dei_morti_o_degli_scarti_and_x_from_used_plots() {
    let r = rules();
    let mut g = scenario(&r, Phase::Challenges, ["U224", "U227"]);
    g.seats[0].dead = vec![id(&r, "C13")];
    g.seats[0].discard = vec![id(&r, "C14")];
    g.wins = vec![(0, MIL), (0, crate::games::agot_ccg::cards::POW)];
    let x = hand_card(&mut g, &r, 0, "G42");
    window(&mut g, Phase::Challenges, At::Challenges);
    act(&mut g, &r, 0, code(GEN_EVENT, x, 0));
    assert_eq!(of_kind(&g, &r, 0, GEN_PICK).len(), 2, "one from each pile");
    let Some(Pending::Effect(res)) = g.pending.first() else { panic!() };
    let super::super::rules::triggered::Step::Pick { choices, .. } = &res.step else { panic!() };
    let k = choices.iter().position(|&c| c % 8192 == id(&r, "C14")).unwrap();
    act(&mut g, &r, 0, code(GEN_PICK, 0, k));
    assert!(g.seats[0].discard.iter().all(|&c| c != id(&r, "C14")) && g.seats[0].dead == vec![id(&r, "C13")]);
    assert!(g.seats[0].play.iter().any(|c| c.def == id(&r, "C14")));
    // Dark and Full of Terrors with two The Others plots used: two cards kneel.
    let others: Vec<u16> = (0..r.cards.len() as u16)
        .filter(|&c| r.cards[usize::from(c)].kind == super::super::cards::Kind::Plot)
        .filter(|&c| r.cards[usize::from(c)].has_trait("The Others") && c != id(&r, "U220"))
        .take(2)
        .collect();
    assert_eq!(others.len(), 2);
    let mut g = scenario(&r, Phase::Plot, ["U224", "U227"]);
    g.seats[0].plots = vec![id(&r, "U220"), id(&r, "R231")];
    g.seats[1].plots = vec![id(&r, "T49")];
    g.seats[0].used = others;
    let a = put(&mut g, &r, 1, "C30");
    let b = put(&mut g, &r, 1, "C11");
    put(&mut g, &r, 1, "C13");
    act(&mut g, &r, 0, code(PLOT, 0, 0));
    act(&mut g, &r, 1, code(PLOT, 0, 0));
    let chooser = g.actor().unwrap();
    act(&mut g, &r, chooser, code(FIRST, 0, 0));
    act(&mut g, &r, 0, code(GEN_TARGET, 0, usize::from(a)));
    act(&mut g, &r, 0, code(GEN_TARGET, 0, usize::from(b)));
    assert!(card(&g, a).kneeling && card(&g, b).kneeling);
    assert!(!matches!(g.pending.first(), Some(Pending::Effect(x)) if x.card == id(&r, "U220")), "X = 2: done");
}
