//! Rulebook p. 6 "Armistițiu" and p. 10–11 (truce clarifications, "Negocierile"): the binding protocol.

use super::resolution::{commit, QUIET};
use super::*;
use crate::games::iron_throne::rules::resolve::Terms;

fn deal(a: Terms, d: Terms) -> Action {
    Action::from(a.encode() + 12 * d.encode())
}

const NOTHING: Terms = Terms { influence: false, hostages: 0, crowns: false };

fn at_truce(r: &Rules) -> IronThrone {
    let mut g = scenario(r, QUIET);
    at_commit(&mut g, 0, 0);
    support(&mut g, 2, 1, 1);
    commit(&mut g, r, 0, 1);
    g
}

/// Both truce cards open the talks; the attacker proposes first.
#[test]
fn s3_truce_opens_talks_attacker_proposes_first() {
    let r = rules();
    let g = at_truce(&r);
    assert_eq!(g.enc.result, 2);
    assert_eq!(g.pending, Pending::Propose { seat: 0 });
    let l = legal(&g, &r, 0);
    assert!(l.contains(&DONE));
    assert!(l.iter().all(|a| *a == DONE || (PROPOSE + 1..PROPOSE + 144).contains(a)));
}

/// An accepted deal executes at once and binds: influence spread, 3 crowns (or all) moved sheet to sheet,
/// hostages taken with sources picked by the taker; nobody wins or loses; supporters get nothing.
#[test]
fn s3_truce_accepted_deal_executes_and_nobody_wins_or_loses() {
    let r = rules();
    let mut g = at_truce(&r);
    g.seats[1].sheet = 2;
    let a_terms = Terms { influence: true, hostages: 1, crowns: true };
    let d_terms = Terms { influence: true, hostages: 0, crowns: false };
    act(&mut g, &r, 0, PROPOSE + deal(a_terms, d_terms));
    assert_eq!(g.pending, Pending::Respond { seat: 1 });
    act(&mut g, &r, 1, DEAL_ACCEPT);
    assert_eq!(g.enc.winner, 4);
    assert_eq!(g.seats[0].influence[1], 1);
    assert_eq!(g.seats[1].influence[0], 1);
    assert_eq!(g.seats[1].sheet, 0, "all of the 2 crowns, fewer than 3");
    assert_eq!(g.seats[0].sheet, 6);
    assert_eq!(g.to_act().iter().next(), Some(0), "the attacker picks the hostage source");
    act(&mut g, &r, 0, TAKE + 64);
    assert_eq!(g.seats[0].hostages.len(), 1);
    assert_eq!(g.seats[0].crowns[0], 4, "no losses");
    assert_eq!(g.seats[2].spread(), 0, "supporters get nothing");
    assert_eq!(g.seats[2].crowns[1], 4);
}

/// No exchange: everyone on both sides loses.
#[test]
fn s3_truce_no_deal_everyone_loses() {
    let r = rules();
    let mut g = at_truce(&r);
    act(&mut g, &r, 0, PROPOSE + deal(Terms { influence: true, ..NOTHING }, NOTHING));
    act(&mut g, &r, 1, DEAL_REJECT);
    assert_eq!(g.seats[0].crowns[0], 2);
    assert_eq!(g.seats[1].crowns[0], 2);
    assert_eq!(g.seats[2].crowns[1], 2);
}

/// Counter-proposals alternate; each active player makes at most 3 proposals.
#[test]
fn s3_truce_at_most_three_proposals_each() {
    let r = rules();
    let mut g = at_truce(&r);
    let x = deal(Terms { influence: true, ..NOTHING }, NOTHING);
    let y = deal(NOTHING, Terms { influence: true, ..NOTHING });
    act(&mut g, &r, 0, PROPOSE + x);
    for round in 0..2 {
        act(&mut g, &r, 1, COUNTER + y);
        act(&mut g, &r, 0, COUNTER + x);
        assert_eq!(g.enc.proposals, [2 + round, 1 + round]);
    }
    act(&mut g, &r, 1, COUNTER + y);
    assert_eq!(g.enc.proposals, [3, 3]);
    let l = legal(&g, &r, 0);
    assert_eq!(l, vec![DEAL_ACCEPT, DEAL_REJECT], "the attacker has no proposal left");
}
