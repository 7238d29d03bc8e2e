//! Rulebook p. 9 "Ostatici", "Eliberarea sau torturarea ostaticilor" and p. 11 clarifications.

use super::resolution::QUIET;
use super::*;
use crate::engine::Viewer;
use crate::games::iron_throne::state::{hostage, Task};

fn taking(r: &Rules, taker: u8, victims: u16) -> IronThrone {
    let mut g = scenario(r, QUIET);
    g.enc.defender = 1;
    g.tasks.push(Task::Take { taker, victims });
    let mut ev = Events::new();
    g.advance(r, &mut ev);
    g
}

/// Sources: the top of the deck, a random card from the hand, or one of that player's hostages.
#[test]
fn s_hostages_taken_from_deck_top_hand_or_their_hostages() {
    let r = rules();
    let mut g = taking(&r, 0, 1 << 1);
    g.seats[1].hand = vec![7];
    g.seats[1].hostages = vec![hostage(2, 20)];
    let l = legal(&g, &r, 0);
    assert_eq!(l, vec![TAKE + 64, TAKE + 65, TAKE + 66]);
    let top = *g.seats[1].deck.last().unwrap();
    act(&mut g, &r, 0, TAKE + 64);
    assert_eq!(g.seats[0].hostages, vec![hostage(1, top)]);
}

/// A card of one's own house taken as a hostage goes back to hand (p. 11).
#[test]
fn s_hostages_own_house_card_returns_to_hand() {
    let r = rules();
    let mut g = taking(&r, 0, 1 << 1);
    g.seats[1].hostages = vec![hostage(0, 9)];
    act(&mut g, &r, 0, TAKE + 64 + 2);
    assert!(g.seats[0].hand.contains(&9));
    assert!(g.seats[0].hostages.is_empty());
}

fn holding(r: &Rules, h: u8) -> IronThrone {
    let mut g = scenario(r, QUIET);
    g.seats[0].hostages = vec![h];
    g.step = Step::Hostages { k: 0 };
    let mut ev = Events::new();
    g.advance(r, &mut ev);
    assert_eq!(g.pending, Pending::Hostages { seat: 0 });
    g
}

/// Freeing returns the card to its owner's hand and the freer draws 1.
#[test]
fn s_hostages_free_returns_card_to_owner_and_freer_draws() {
    let r = rules();
    let mut g = holding(&r, hostage(1, 20));
    act(&mut g, &r, 0, FREE);
    assert_eq!(g.seats[1].hand, vec![20]);
    assert_eq!(g.seats[0].hand.len(), 1);
}

/// Torturing the leader's character card removes 4 crowns from that leader sheet, out of the game.
#[test]
fn s_hostages_torture_leader_card_removes_four_crowns_from_sheet() {
    let r = rules();
    // Lannister's leader is Tywin (2); his cards are 8 and 9.
    let mut g = holding(&r, hostage(1, 8));
    g.seats[1].sheet = 6;
    act(&mut g, &r, 0, TORTURE + Action::from(NO_TARGET));
    assert_eq!(g.seats[1].sheet, 2);
    assert!(g.seats[1].discard.contains(&8));
}

/// Torturing a living character's card moves 4 crowns from it to its leader sheet (it may die).
#[test]
fn s_hostages_torture_character_card_moves_four_crowns_and_may_kill() {
    let r = rules();
    let mut g = holding(&r, hostage(1, 4));
    act(&mut g, &r, 0, TORTURE + Action::from(NO_TARGET));
    assert!(!g.seats[1].is_alive(0), "Cersei had 4 crowns");
    assert_eq!(g.seats[1].sheet, 8);
}

/// Torturing a hostility or truce card: the torturer moves 1 crown from a character of that house onto his own
/// leader sheet.
#[test]
fn s_hostages_torture_hostility_moves_one_crown_to_torturer() {
    let r = rules();
    let mut g = holding(&r, hostage(1, 20));
    let l = legal(&g, &r, 0);
    assert!(l.contains(&(TORTURE + 3)) && !l.contains(&(TORTURE + 2)), "Tywin's token left the game");
    act(&mut g, &r, 0, TORTURE + 3);
    assert_eq!(g.seats[1].crowns[3], 3);
    assert_eq!(g.seats[0].sheet, 5);
}

/// p. 11: a player protected from losses gives no hostage.
#[test]
fn s_hostages_protected_player_gives_no_hostage() {
    let r = rules();
    let mut g = scenario(&r, QUIET);
    at_commit(&mut g, 0, 0);
    g.enc.protected = 1 << 1;
    super::resolution::commit(&mut g, &r, super::resolution::H(20), super::resolution::H(1));
    assert!(g.seats[0].hostages.is_empty());
    assert_eq!(g.seats[1].crowns[0], 4, "no losses either");
}

/// Others see whose hostages a player holds, never their faces (p. 11).
#[test]
fn s_hostages_faces_hidden_from_others() {
    let r = rules();
    let g = holding(&r, hostage(1, 20));
    let own = g.view(&r, Viewer::Player(0));
    assert_eq!(own.seats[0].hostages[0].card, Some(20));
    let other = g.view(&r, Viewer::Player(1));
    assert_eq!(other.seats[0].hostages[0].card, None);
    assert_eq!(other.seats[0].hostages[0].owner, 1);
}

/// p. 11: an active player barred from rewards by an effect takes no hostage.
#[test]
fn s_hostages_player_barred_from_rewards_takes_none() {
    let r = rules();
    let mut g = scenario(&r, QUIET);
    at_commit(&mut g, 0, 0);
    g.enc.no_rewards = 1 << 0;
    super::resolution::commit(&mut g, &r, super::resolution::H(20), super::resolution::H(1));
    assert!(g.seats[0].hostages.is_empty());
    assert_eq!(g.seats[0].spread(), 0, "no reward at all");
    assert_eq!(g.seats[1].crowns[0], 2, "the loser still loses");
}

/// p. 9: at the start of each turn every player, clockwise from the attacker, may free or torture any number of
/// the hostages they hold; then the attacker's "before your turn" abilities.
#[test]
fn s_turn_start_each_player_frees_or_tortures_clockwise_from_attacker() {
    let r = rules();
    let mut g = scenario(&r, QUIET);
    g.enc = crate::games::iron_throne::state::Encounter::new(1);
    g.seats[0].hostages = vec![hostage(1, 20), hostage(2, 21)];
    g.seats[2].hostages = vec![hostage(0, 22)];
    g.step = Step::Hostages { k: 0 };
    g.advance(&r, &mut Events::new());
    assert_eq!(g.pending, Pending::Hostages { seat: 2 }, "seat 1 attacks and holds none; seat 2 is next");
    act(&mut g, &r, 2, DONE);
    assert_eq!(g.pending, Pending::Hostages { seat: 0 });
    act(&mut g, &r, 0, FREE);
    act(&mut g, &r, 0, TORTURE);
    assert!(g.seats[0].hostages.is_empty(), "any number of them");
    assert!(!matches!(g.pending, Pending::Hostages { .. }));
}

/// p. 10 "Liderii nu pot muri": a leader sheet emptied of crowns leaves the house in play.
#[test]
fn s_leader_sheet_never_dies() {
    let r = rules();
    let mut g = holding(&r, hostage(1, 8));
    g.seats[1].sheet = 2;
    let alive = g.seats[1].alive;
    act(&mut g, &r, 0, TORTURE + Action::from(NO_TARGET));
    assert_eq!(g.seats[1].sheet, 0);
    assert_eq!(g.seats[1].alive, alive);
    assert!(g.outcome().is_none());
}
