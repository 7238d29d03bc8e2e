//! Rulebook p. 5 "1. Pregătirea", "2. Oferirea sprijinului", p. 8 "Câștigarea jocului".

use super::resolution::QUIET;
use super::*;
use crate::engine::Game;

/// A scenario at preparation step 1 with attacker 0 and a chosen event on top of the event deck.
fn at_event(r: &Rules, event: Option<u8>) -> IronThrone {
    let mut g = scenario(r, QUIET);
    let e = r.events.iter().position(|x| *x == event).unwrap() as u8;
    g.events_deck.push(e);
    g.step = Step::Event;
    let mut ev = Events::new();
    g.advance(r, &mut ev);
    g
}

/// A house event names that house's player as defender.
#[test]
fn s1_preparation_house_event_names_defender() {
    let r = rules();
    let g = at_event(&r, Some(2));
    assert_eq!(g.enc.defender, 2);
    assert_eq!(g.pending, Pending::Task, "then both active players allocate a crown");
}

/// The attacker's own house event: he names the defender among the others.
#[test]
fn s1_preparation_own_house_event_attacker_picks_defender() {
    let r = rules();
    let mut g = at_event(&r, Some(0));
    assert_eq!(g.pending, Pending::Defender);
    assert_eq!(legal(&g, &r, 0), vec![DEFENDER + 1, DEFENDER + 2]);
    act(&mut g, &r, 0, DEFENDER + 2);
    assert_eq!(g.enc.defender, 2);
}

/// Influence event: the other player who spread the most influence defends; ties go to the attacker's choice.
#[test]
fn s1_preparation_influence_event_most_spread_ties_chosen_by_attacker() {
    let r = rules();
    let mut g = scenario(&r, QUIET);
    g.seats[0].influence[1] = 3;
    g.seats[2].influence[0] = 1;
    let e = r.events.iter().position(|x| x.is_none()).unwrap() as u8;
    g.events_deck.push(e);
    g.step = Step::Event;
    g.advance(&r, &mut Events::new());
    assert_eq!(g.enc.defender, 2, "the attacker's own influence does not count");
    let mut g = at_event(&r, None);
    assert_eq!(g.pending, Pending::Defender, "0 – 0 tie");
    act(&mut g, &r, 0, DEFENDER + 1);
    assert_eq!(g.enc.defender, 1);
}

/// Both active players draw 1 and move 1 crown from their leader sheet onto a character; then the attacker and
/// then the defender choose their participating character.
#[test]
fn s1_preparation_draw_allocate_then_choose_characters() {
    let r = rules();
    let mut g = at_event(&r, Some(1));
    assert_eq!((g.seats[0].hand.len(), g.seats[1].hand.len(), g.seats[2].hand.len()), (1, 1, 0));
    assert_eq!(g.to_act().iter().next(), Some(0));
    act(&mut g, &r, 0, ALLOC + 4);
    act(&mut g, &r, 1, ALLOC);
    assert_eq!((g.seats[0].crowns[4], g.seats[0].sheet), (5, 3));
    assert_eq!(g.seats[1].crowns[0], 5);
    assert_eq!(g.pending, Pending::Choose { seat: 0 });
    assert!(!legal(&g, &r, 0).contains(&(CHOOSE + 1)), "the leader's token is not on the table");
    act(&mut g, &r, 0, CHOOSE + 4);
    assert_eq!(g.pending, Pending::Choose { seat: 1 });
    act(&mut g, &r, 1, CHOOSE + 3);
    assert_eq!(g.pending, Pending::Offer { seat: 2 });
}

fn at_support(r: &Rules, players: u8) -> IronThrone {
    let mut g = started(r, players, 5);
    g.enc = crate::games::iron_throne::state::Encounter::new(0);
    g.tasks.clear();
    let c0 = g.seats[0].alive.trailing_zeros() as u8;
    at_commit(&mut g, 0, c0);
    g.enc.chars[1] = g.seats[1].alive.trailing_zeros() as u8;
    g.step = Step::Support { k: 1, asked: false };
    for s in g.seats.iter_mut() {
        s.influence = [0; 5];
    }
    g.advance(r, &mut Events::new());
    g
}

/// Support goes clockwise from the attacker's left; each other player offers one character to a side or
/// declines; the supported player accepts or refuses at once; one offer per player per turn.
#[test]
fn s2_support_clockwise_offer_accept_refuse_once_per_turn() {
    let r = rules();
    let mut g = at_support(&r, 5);
    assert_eq!(g.pending, Pending::Offer { seat: 2 }, "seat 1 defends, so seat 2 is first");
    let c2 = g.seats[2].alive.trailing_zeros() as Action;
    act(&mut g, &r, 2, OFFER + c2);
    assert_eq!(g.pending, Pending::Answer { seat: 0 });
    act(&mut g, &r, 0, REFUSE);
    assert_eq!(g.enc.side[2], 0);
    assert_eq!(g.pending, Pending::Offer { seat: 3 }, "a refused player may not offer again");
    let c3 = g.seats[3].alive.trailing_zeros() as Action;
    act(&mut g, &r, 3, OFFER + 8 + c3);
    assert_eq!(g.pending, Pending::Answer { seat: 1 });
    act(&mut g, &r, 1, ACCEPT);
    assert_eq!(g.enc.side[3], 2);
    act(&mut g, &r, 4, DONE);
    assert!(!g.enc.takes_part(4));
    assert!(matches!(g.pending, Pending::Commit | Pending::UseLeader { .. }));
}

/// p. 8: the game ends when a player has spread all 5 influence tokens; most influence wins, ties share.
#[test]
fn s_game_end_five_influence_spread_most_wins_ties_share() {
    let r = rules();
    let mut g = scenario(&r, QUIET);
    g.seats[0].influence = [0, 3, 1, 0, 0];
    g.seats[2].influence = [2, 2, 0, 0, 0];
    at_commit(&mut g, 0, 0);
    support(&mut g, 2, 1, 1);
    super::resolution::commit(&mut g, &r, super::resolution::H(20), super::resolution::H(1));
    let o = g.outcome().expect("over");
    assert_eq!(o.scores, vec![5.0, 0.0, 5.0]);
    assert!(o.winners.contains(0) && o.winners.contains(2) && !o.winners.contains(1));
    assert!(g.to_act().is_empty());
}

/// p. 8: the game also ends when all 4 characters of a house are dead.
#[test]
fn s_game_end_all_four_characters_of_a_house_dead() {
    let r = rules();
    let mut g = scenario(&r, QUIET);
    g.seats[0].influence[1] = 1;
    g.seats[1].alive = 1;
    g.seats[1].crowns = [1, 0, 0, 0, 0];
    at_commit(&mut g, 0, 0);
    super::resolution::commit(&mut g, &r, super::resolution::H(20), super::resolution::H(1));
    let o = g.outcome().expect("over");
    assert_eq!(o.scores, vec![2.0, 0.0, 0.0]);
    assert!(o.winners.contains(0));
}
