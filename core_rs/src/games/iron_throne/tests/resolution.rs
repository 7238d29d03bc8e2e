//! Rulebook pp. 6–7: "3. Confruntarea" (hostility, betrayal) and "4. Deznodământul" (rewards, losses, hostages).

use super::*;
use crate::engine::Game;

/// Quiet leaders (before-turn abilities only): Catelyn (Stark), Tywin (Lannister), Gendry (Baratheon).
pub const QUIET: [u8; 3] = [1, 2, 3];
pub const H: fn(u8) -> u8 = |v| 14 + super::super::state::HOSTILITY_VALUES.iter().position(|x| *x == v).unwrap() as u8;

pub fn commit(g: &mut IronThrone, r: &Rules, a: u8, d: u8) {
    g.seats[0].hand.push(a);
    g.seats[1].hand.push(d);
    act(g, r, 0, COMMIT + Action::from(a));
    act(g, r, 1, COMMIT + Action::from(d));
}

/// p. 7 worked example "Exemplu pentru un rezultat de ostilitate": Lannister wins with 12 + 5 = 17 against
/// Stark supported by Baratheon, 10 + 2 + 4 = 16.
#[test]
fn s3_hostility_worked_example_lannister_17_beats_stark_and_baratheon_16() {
    let r = rules();
    let mut g = scenario(&r, QUIET);
    at_commit(&mut g, 0, 3);
    support(&mut g, 2, 1, 0);
    g.seats[0].crowns[0] = 2;
    g.seats[1].crowns[3] = 5;
    g.seats[2].crowns[0] = 4;
    commit(&mut g, &r, H(10), H(12));
    assert_eq!(g.enc.totals, [16, 17]);
    assert_eq!(g.enc.winner, 2, "the defender's side wins");
    // Losers remove half their character's crowns, rounded up, onto their leader sheets.
    assert_eq!(g.seats[0].crowns[0], 1);
    assert_eq!(g.seats[0].sheet, 5);
    assert_eq!(g.seats[2].crowns[0], 2);
    assert_eq!(g.seats[2].sheet, 6);
    // The winning defender draws 2 and distributes 2 crowns.
    assert_eq!(g.seats[1].hand.len(), 2);
    assert_eq!(g.pending, Pending::Task);
    act(&mut g, &r, 1, ALLOC + 3);
    act(&mut g, &r, 1, ALLOC + 3);
    assert_eq!(g.seats[1].crowns[3], 7);
    assert_eq!(g.seats[1].sheet, 2);
    // Then the winning active player takes one hostage from one player on the losing side.
    let l = legal(&g, &r, 1);
    assert!(l.contains(&TAKE) && l.contains(&(TAKE + 2 * 64)), "{l:?}");
    act(&mut g, &r, 1, TAKE + 2 * 64);
    assert_eq!(g.seats[1].hostages.len(), 1);
    assert_eq!(super::super::state::hostage_owner(g.seats[1].hostages[0]), 2);
}

/// p. 6 "Ostilitate": on a tie both sides lose and suffer losses; nobody takes a hostage.
#[test]
fn s3_hostility_tie_both_sides_lose() {
    let r = rules();
    let mut g = scenario(&r, QUIET);
    at_commit(&mut g, 0, 0);
    let mut ev = Events::new();
    g.seats[0].hand.push(H(5));
    g.seats[1].hand.push(H(5));
    g.apply(&r, 0, COMMIT + Action::from(H(5)), &mut ev).unwrap();
    g.apply(&r, 1, COMMIT + Action::from(H(5)), &mut ev).unwrap();
    auto_pass(&mut g, &r, &mut ev);
    let tie = super::super::state::Event::ResultHostility { totals: [9, 9], winner: 3 };
    assert!(ev.all().iter().any(|l| l.event == tie));
    assert_eq!(g.seats[0].crowns[0], 2);
    assert_eq!(g.seats[1].crowns[0], 2);
    assert!(g.seats.iter().all(|s| s.hostages.is_empty()));
    assert!(g.seats.iter().all(|s| s.spread() == 0));
}

/// p. 7 "Recompensele atacatorilor": every participant on the winning attacker's side spreads 1 influence onto
/// the defender.
#[test]
fn s4_attacker_side_winners_each_spread_one_influence_onto_defender() {
    let r = rules();
    let mut g = scenario(&r, QUIET);
    at_commit(&mut g, 0, 0);
    support(&mut g, 2, 1, 1);
    commit(&mut g, &r, H(20), H(1));
    assert_eq!(g.enc.winner, 1);
    assert_eq!(g.seats[0].influence[1], 1);
    assert_eq!(g.seats[2].influence[1], 1);
    // Loser: 4 crowns -> removes 2.
    assert_eq!(g.seats[1].crowns[0], 2);
}

/// p. 7 "Înfrângerea": a loser removes half its participating character's crowns, rounded up (3 -> 1 left).
#[test]
fn s4_resolution_loser_removes_half_crowns_rounded_up() {
    let r = rules();
    let mut g = scenario(&r, QUIET);
    at_commit(&mut g, 0, 0);
    g.seats[1].crowns[0] = 3;
    commit(&mut g, &r, H(20), H(1));
    assert_eq!(g.seats[1].crowns[0], 1);
    assert_eq!(g.seats[1].sheet, 6);
}

/// p. 9 "Moartea personajelor" and p. 10: a character left without crowns dies (token face down); its player
/// stays in the encounter and its cards no longer work.
#[test]
fn s4_character_at_zero_crowns_dies_and_player_stays_in_encounter() {
    let r = rules();
    let mut g = scenario(&r, QUIET);
    at_commit(&mut g, 0, 0);
    support(&mut g, 2, 2, 1);
    g.seats[1].crowns[0] = 1;
    commit(&mut g, &r, H(20), H(1));
    assert!(!g.seats[1].is_alive(0));
    assert_eq!(g.seats[1].dead & 1, 1);
    assert!(g.enc.takes_part(1));
    // The hostage is still taken from a losing-side player; the dead character's player counts.
    let l = legal(&g, &r, 0);
    assert!(l.iter().any(|a| (a - TAKE) / 64 == 1), "{l:?}");
}

/// p. 6 "Trădare": truce against hostility: the hostility side wins whatever the totals; the betrayed active
/// player takes one hostage from each player on the winning side (p. 7 "Luarea de ostatici").
#[test]
fn s3_betrayal_hostility_side_wins_and_betrayed_takes_hostage_from_each_winner() {
    let r = rules();
    let mut g = scenario(&r, QUIET);
    at_commit(&mut g, 0, 0);
    support(&mut g, 2, 2, 1);
    g.seats[0].crowns[0] = 9;
    commit(&mut g, &r, 0, H(1));
    assert_eq!(g.enc.result, 3);
    assert_eq!(g.enc.winner, 2);
    assert_eq!(g.seats[0].crowns[0], 4, "the betrayed side loses");
    // Two defender-side winners allocate, then the attacker takes one hostage from each.
    while g.pending == Pending::Task && matches!(g.tasks[0], super::super::state::Task::Alloc { .. }) {
        let p = g.to_act().iter().next().unwrap();
        let a = legal(&g, &r, p)[0];
        act(&mut g, &r, p, a);
    }
    act(&mut g, &r, 0, TAKE + 64);
    act(&mut g, &r, 0, TAKE + 2 * 64);
    assert_eq!(g.seats[0].hostages.len(), 2);
}

/// p. 6/8: a character card committed face down is a hostility card of value 0, whatever it shows.
#[test]
fn s3_character_card_committed_counts_as_hostility_zero() {
    let r = rules();
    let mut g = scenario(&r, QUIET);
    at_commit(&mut g, 0, 0);
    commit(&mut g, &r, 4, H(1));
    assert_eq!(g.enc.result, 1);
    assert_eq!(g.enc.totals, [4, 5]);
}

/// p. 11 "Cărțile de Casă": a player with no card in hand plays the top card of the deck.
#[test]
fn s3_empty_hand_plays_top_of_deck() {
    let r = rules();
    let mut g = scenario(&r, QUIET);
    at_commit(&mut g, 0, 0);
    assert_eq!(legal(&g, &r, 0), vec![COMMIT_TOP]);
    let top = *g.seats[0].deck.last().unwrap();
    act(&mut g, &r, 0, COMMIT_TOP);
    assert_eq!(g.enc.commit[0], top);
}

/// p. 6: commits are secret until both are down; then both are revealed.
#[test]
fn s3_commits_hidden_until_both_committed() {
    let r = rules();
    let mut g = scenario(&r, QUIET);
    at_commit(&mut g, 0, 0);
    g.seats[0].hand.push(H(8));
    g.seats[1].hand.push(H(3));
    assert_eq!(g.to_act().len(), 2, "both commit simultaneously");
    act(&mut g, &r, 0, COMMIT + Action::from(H(8)));
    let other = g.view(&r, crate::engine::Viewer::Player(1));
    assert!(other.encounter.commits[0].committed && other.encounter.commits[0].card.is_none());
    assert_eq!(g.view(&r, crate::engine::Viewer::Player(0)).encounter.commits[0].card, Some(H(8)));
    act(&mut g, &r, 1, COMMIT + Action::from(H(3)));
    assert_eq!(g.view(&r, crate::engine::Viewer::Player(2)).encounter.commits[1].card, Some(H(3)));
}

/// p. 7 "Sfârșitul unei ture": played cards are discarded, hands refill to 5, the next seat attacks.
#[test]
fn s_end_of_turn_discard_refill_and_next_attacker() {
    let r = rules();
    let mut g = scenario(&r, QUIET);
    at_commit(&mut g, 0, 0);
    commit(&mut g, &r, H(5), H(5));
    assert_eq!(g.enc.attacker, 1);
    assert!(g.seats[0].discard.contains(&H(5)) && g.seats[1].discard.contains(&H(5)));
    assert!(g.seats.iter().all(|s| s.hand.len() == 5));
}

/// p. 11: when a house deck runs out, its discard pile is shuffled into a new deck.
#[test]
fn s_empty_deck_reshuffles_discard_pile() {
    let r = rules();
    let mut g = scenario(&r, QUIET);
    let mut ev = Events::new();
    g.seats[0].discard = std::mem::take(&mut g.seats[0].deck);
    let total = g.seats[0].discard.len();
    g.draw(0, 2, &mut ev);
    assert_eq!(g.seats[0].hand.len(), 2);
    assert!(g.seats[0].discard.is_empty());
    assert_eq!(g.seats[0].deck.len() + 2, total);
}

/// p. 11 "Putere": crowns removed from a leader sheet leave the game; a player with an empty sheet cannot
/// allocate (the step is skipped).
#[test]
fn s_empty_leader_sheet_cannot_allocate() {
    let r = rules();
    let mut g = scenario(&r, QUIET);
    at_commit(&mut g, 0, 0);
    g.seats[1].sheet = 0;
    commit(&mut g, &r, H(1), H(20));
    assert_eq!(g.enc.winner, 2);
    assert!(!matches!(g.tasks.first(), Some(super::super::state::Task::Alloc { .. })));
    let before: u32 = g.seats.iter().map(|s| u32::from(s.sheet)).sum();
    let mut ev = Events::new();
    g.sheet_to_box(0, 2, &mut ev);
    let after: u32 = g.seats.iter().map(|s| u32::from(s.sheet)).sum();
    assert_eq!(before - after, 2);
}
