//! "Ricerca nel mazzo", "Rivelare le carte del mazzo" and "Ritornare in mano": effects on the deck and the
//! hand.

use super::effect_tests::{hand_card, pending_card};
use super::helpers::*;
use crate::engine::Game;
use crate::games::agot_ccg::cards::house_index;
use crate::games::agot_ccg::rules::actions::*;
use crate::games::agot_ccg::state::{At, Pending, Phase};

/// "Ricerca nel mazzo": Vengeance for Eddard searches the deck for a Stark character of printed cost 2 or less,
/// puts it into play, and the deck is shuffled; only matching cards are offered.
#[test]
fn ricerca_vengeance_for_eddard() {
    let r = rules();
    let mut g = scenario(&r, Phase::Challenges, ["U224", "U227"]);
    influence(&mut g, &r, 0, 2);
    g.seats[0].deck = vec![id(&r, "C11"), id(&r, "C13"), id(&r, "U6")];
    let x = hand_card(&mut g, &r, 0, "R211");
    window(&mut g, Phase::Challenges, At::Challenges);
    act(&mut g, &r, 0, code(GEN_EVENT, x, 0));
    pay(&mut g, &r, 0);
    let picks = of_kind(&g, &r, 0, GEN_PICK);
    assert_eq!(picks.len(), 1, "only Huntress in the Swamp (cost 1) matches");
    // The chooser sees the offered cards of his deck; the opponent's view does not show them.
    assert!(g.view(&r, crate::engine::Viewer::Player(0)).pending.is_some());
    assert!(g.view(&r, crate::engine::Viewer::Player(1)).pending.is_none());
    act(&mut g, &r, 0, picks[0]);
    assert!(g.seats[0].play.iter().any(|c| c.def == id(&r, "C13")));
    assert_eq!(g.seats[0].deck.len(), 2);
}

/// "Rivelare le carte del mazzo": House Messenger looks at the top 2 cards, one goes to the hand, the other to the
/// bottom of the deck.
#[test]
fn rivelare_house_messenger_top_two() {
    let r = rules();
    let mut g = scenario(&r, Phase::Marshal, ["U224", "U227"]);
    let (a, b, c) = (id(&r, "C11"), id(&r, "C13"), id(&r, "U6"));
    g.seats[0].deck = vec![a, b, c]; // top = last: U6, then C13
    g.seats[0].gold = 10;
    let x = hand_card(&mut g, &r, 0, "C118");
    act(&mut g, &r, 0, code(MARSHAL, x, 0));
    act(&mut g, &r, 0, code(GEN_YES, 0, 0));
    let picks = of_kind(&g, &r, 0, GEN_PICK);
    assert_eq!(picks.len(), 2);
    let Some(Pending::Effect(res)) = g.pending.first() else { panic!() };
    let super::super::rules::triggered::Step::Pick { choices, .. } = &res.step else { panic!() };
    let take = choices.iter().position(|&k| k == c).unwrap();
    act(&mut g, &r, 0, code(GEN_PICK, 0, take));
    assert_eq!(g.seats[0].hand, vec![c]);
    assert_eq!(g.seats[0].deck, vec![b, a], "the other looked-at card went to the bottom");
}

/// "Ricerca nel mazzo" of copies of one title: From the Ashes of Winterfell takes up to 3 copies of the same title.
#[test]
fn ricerca_same_title_copies() {
    let r = rules();
    let mut g = scenario(&r, Phase::Dominance, ["U224", "U227"]);
    influence(&mut g, &r, 0, 4);
    let (a, b) = (id(&r, "C11"), id(&r, "C13"));
    g.seats[0].deck = vec![a, b, a, b, a];
    let x = hand_card(&mut g, &r, 0, "R167");
    window(&mut g, Phase::Dominance, At::Dominance);
    act(&mut g, &r, 0, code(GEN_EVENT, x, 0));
    pay(&mut g, &r, 0);
    assert_eq!(of_kind(&g, &r, 0, GEN_PICK).len(), 2, "two titles offered");
    let Some(Pending::Effect(res)) = g.pending.first() else { panic!() };
    let super::super::rules::triggered::Step::Pick { choices, .. } = &res.step else { panic!() };
    let k = choices.iter().position(|&c| c == a).unwrap();
    act(&mut g, &r, 0, code(GEN_PICK, 0, k));
    assert_eq!(of_kind(&g, &r, 0, GEN_PICK).len(), 1, "then only that title");
    act(&mut g, &r, 0, code(GEN_PICK, 0, 0));
    act(&mut g, &r, 0, code(GEN_PICK, 0, 0));
    assert_eq!(g.seats[0].hand.iter().filter(|&&c| c == a).count(), 3);
    assert_eq!(g.seats[0].deck.len(), 2);
}

/// "Ritornare in mano": Meera Reed comes into play from the hand (2 influence) and returns to it (1 influence);
/// Astapori Guildmaster, after it is played, returns an Ally to its owner's hand.
#[test]
fn ritornare_in_mano_meera_and_astapori() {
    let r = rules();
    let mut g = scenario(&r, Phase::Challenges, ["U224", "U227"]);
    influence(&mut g, &r, 0, 4);
    let x = hand_card(&mut g, &r, 0, "R8");
    put(&mut g, &r, 0, "C14");
    window(&mut g, Phase::Challenges, At::Challenges);
    act(&mut g, &r, 0, code(GEN_PILE, 0, x));
    pay(&mut g, &r, 0);
    let meera = g.seats[0].play.iter().find(|c| c.def == id(&r, "R8")).map(|c| c.uid).unwrap();
    assert!(g.seats[0].hand.is_empty());
    act(&mut g, &r, 0, code(GEN_USE, 1, usize::from(meera)));
    pay(&mut g, &r, 0);
    assert!(g.locate(meera).is_none() && g.seats[0].hand == vec![id(&r, "R8")]);
    let mut g = scenario(&r, Phase::Marshal, ["U224", "U227"]);
    let ally = put(&mut g, &r, 1, "R34");
    g.seats[0].gold = 20;
    hand_card(&mut g, &r, 0, "C11");
    let x = hand_card(&mut g, &r, 0, "T10");
    act(&mut g, &r, 0, code(MARSHAL, x, 0));
    act(&mut g, &r, 0, code(GEN_YES, 0, 0));
    act(&mut g, &r, 0, code(GEN_TARGET, 0, usize::from(ally)));
    assert!(g.locate(ally).is_none() && g.seats[1].hand.contains(&id(&r, "R34")));
}

/// Hand and deck effects: Dorne Goes to War discards the hand (a cost) and puts the top 7 cards into it (not a draw:
/// the three-card limit does not apply); Xaro's Home draws after an attachment is played from hand.
#[test]
fn mano_dorne_goes_to_war_and_xaros_home() {
    let r = rules();
    let mut g = scenario(&r, Phase::Dominance, ["U224", "U227"]);
    g.seats[0].house = house_index("martell").unwrap();
    influence(&mut g, &r, 0, 4);
    g.seats[0].hand = vec![id(&r, "C11"), id(&r, "C13")];
    let x = hand_card(&mut g, &r, 0, "R165");
    let deck = g.seats[0].deck.len();
    window(&mut g, Phase::Dominance, At::Dominance);
    act(&mut g, &r, 0, code(GEN_EVENT, x, 0));
    pay(&mut g, &r, 0);
    assert_eq!(g.seats[0].hand.len(), 7);
    assert_eq!(g.seats[0].deck.len(), deck - 7);
    assert!(g.seats[0].discard.contains(&id(&r, "C11")) && g.seats[0].discard.contains(&id(&r, "C13")));
    let mut g = scenario(&r, Phase::Marshal, ["U224", "U227"]);
    put(&mut g, &r, 0, "U105");
    influence(&mut g, &r, 0, 1);
    let host = put(&mut g, &r, 0, "C13");
    g.seats[0].gold = 20;
    hand_card(&mut g, &r, 0, "C11");
    let x = hand_card(&mut g, &r, 0, "C3");
    act(&mut g, &r, 0, code(MARSHAL, x, usize::from(host)));
    assert_eq!(pending_card(&g), Some(id(&r, "U105")));
    let hand = g.seats[0].hand.len();
    act(&mut g, &r, 0, code(GEN_YES, 0, 0));
    pay(&mut g, &r, 0);
    assert_eq!(g.seats[0].hand.len(), hand + 1);
}
