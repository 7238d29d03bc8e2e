//! `validate` refuses states the box cannot produce (rulebook p. 11 "Componența cărților de Casă": 25 cards per
//! house; research/iron_throne.md: 100 crowns in the box), so a save edited into one is refused on load.

use super::*;

fn started() -> (Rules, IronThrone) {
    let r = rules();
    let g = IronThrone::new(&r, 4, 3).unwrap();
    assert_eq!(g.validate(&r), Ok(()));
    (r, g)
}

#[test]
fn a_card_in_two_places_is_refused() {
    let (r, mut g) = started();
    let c = g.seats[0].hand[0];
    g.seats[0].discard.push(c);
    assert!(g.validate(&r).unwrap_err().contains("two places"));
}

#[test]
fn a_missing_card_is_refused() {
    let (r, mut g) = started();
    g.seats[1].deck.pop();
    assert!(g.validate(&r).unwrap_err().contains("missing"));
}

#[test]
fn a_hostage_of_its_own_house_or_a_seat_out_of_range_is_refused() {
    let (r, mut g) = started();
    let c = g.seats[2].hand.remove(0);
    g.seats[2].hostages.push(super::super::state::hostage(2, c));
    assert!(g.validate(&r).unwrap_err().contains("its own card"));
    let (r, mut g) = started();
    g.seats[2].hostages.push(super::super::state::hostage(7, 1));
    assert!(g.validate(&r).is_err());
}

#[test]
fn crowns_beyond_the_box_are_refused() {
    let (r, mut g) = started();
    g.seats[0].crowns[1] = 250;
    assert!(g.validate(&r).unwrap_err().contains("crowns"));
}

#[test]
fn two_seats_of_one_house_are_refused() {
    let (r, mut g) = started();
    g.seats[1].house = g.seats[0].house;
    assert!(g.validate(&r).unwrap_err().contains("same house"));
}
