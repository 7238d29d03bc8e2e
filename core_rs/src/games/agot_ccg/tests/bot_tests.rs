//! The heuristic on built states: what it gives away, what it attacks with, what it plays and pays for.

use super::effect_tests::hand_card;
use super::helpers::*;
use crate::bots::Bot;
use crate::engine::{Action, Player};
use crate::games::agot_ccg::bots::Heuristic;
use crate::games::agot_ccg::cards::{Rules, MIL, POW};
use crate::games::agot_ccg::rules::actions::*;
use crate::games::agot_ccg::state::{AgotCcg, At, Phase};

/// The heuristic's choice among `among` (all of `p`'s legal actions when empty).
fn choose(g: &AgotCcg, r: &Rules, p: Player, among: &[Action]) -> Action {
    let l = if among.is_empty() { legal(g, r, p) } else { among.to_vec() };
    Heuristic.act(r, g, p, &l, &mut crate::rng::Rng::new(1))
}

/// Thirst for Power (+1 STR) and Old Bear's Crow (renown) move to "another character", any player's: the heuristic
/// does not move them before a challenge, moves one from a bystander onto its attacker in its own challenge, and
/// when it moves one, onto its own character, never the opponent's strongest.
#[test]
fn heuristic_moves_its_own_attachments_onto_its_own_attackers() {
    let r = rules();
    for att in ["G22", "P8"] {
        let mut g = scenario(&r, Phase::Challenges, ["U224", "U224"]);
        let home = put(&mut g, &r, 0, "C36");
        let raider = put(&mut g, &r, 0, "C75");
        let foe = put(&mut g, &r, 1, "U25");
        attach(&mut g, &r, home, att, 0);
        g.open_window(At::Challenges);
        let moves = of_kind(&g, &r, 0, GEN_ATT);
        assert_eq!(moves.len(), 1, "{att}: its move is offered");
        assert_ne!(split(choose(&g, &r, 0, &[])).0, GEN_ATT, "{att}: no move with no challenge on");
        // Made to move it, the heuristic picks its own character.
        let mut h = g.clone();
        act(&mut h, &r, 0, moves[0]);
        let to = choose(&h, &r, 0, &[]);
        assert_eq!(to, code(GEN_TARGET, 0, usize::from(raider)), "{att}: not onto {foe}");
        // In its challenge, from the bystander onto the attacker.
        pass_window(&mut g, &r);
        act(&mut g, &r, 0, code(CHALLENGE, usize::from(MIL), 1));
        attack(&mut g, &r, 0, &[raider]);
        let a = choose(&g, &r, 0, &[]);
        assert_eq!(a, moves[0], "{att}: moved to the attacker");
        act(&mut g, &r, 0, a);
        let to = choose(&g, &r, 0, &[]);
        act(&mut g, &r, 0, to);
        assert!(card(&g, raider).attachments.iter().any(|&(c, _)| c == id(&r, att)), "{att} on the attacker");
    }
}

/// Marshalling an attachment (rulebook "Carte Equipaggiamento": onto a card of one's own or an opponent's): a
/// gift (Valyrian Steel Spear, Born to Kill) goes on the heuristic's strongest character, a curse (Banished,
/// Poisoned Wine) on the opponent's.
#[test]
fn heuristic_marshals_gifts_on_its_own_and_curses_on_the_opponents() {
    let r = rules();
    for (att, hostile) in [("C132", false), ("C128", false), ("G32", true), ("T23", true)] {
        let mut g = scenario(&r, Phase::Marshal, ["U224", "U224"]);
        put(&mut g, &r, 0, "C36");
        let mine = put(&mut g, &r, 0, "U25");
        put(&mut g, &r, 1, "C57");
        let theirs = put(&mut g, &r, 1, "U25");
        g.seats[0].gold = 10;
        let x = hand_card(&mut g, &r, 0, att);
        let options: Vec<Action> = legal(&g, &r, 0)
            .into_iter()
            .filter(|&a| matches!(split(a), (MARSHAL | MARSHAL_PENALTY, i, _) if i == x))
            .collect();
        assert_eq!(options.len(), 4, "{att}: on any of the four characters");
        let (_, _, host) = split(choose(&g, &r, 0, &options));
        assert_eq!(host, usize::from(if hostile { theirs } else { mine }), "{att}");
    }
}

/// A challenge is declared only with more STR to commit than the defender's: never at 0 STR (Free Cities Trader
/// alone), which cannot win even unopposed.
#[test]
fn heuristic_declares_no_challenge_at_zero_str() {
    let r = rules();
    let mut g = scenario(&r, Phase::Challenges, ["U216", "U216"]);
    put(&mut g, &r, 0, "C94");
    assert_eq!(of_kind(&g, &r, 0, CHALLENGE).len(), 2, "intrigue and power are offered");
    assert_eq!(choose(&g, &r, 0, &[]), code(DONE, 0, 0), "no challenge at 0 STR");
    put(&mut g, &r, 0, "C36");
    assert_eq!(split(choose(&g, &r, 0, &[])).0, CHALLENGE, "with the Courtesan's 2 STR it attacks");
}

/// An optional gold penalty is paid only when it buys something: Roving Pillagers' discard needs an opponent's
/// non-limited location, Pentoshi Captain's power move an opponent's card with power.
#[test]
fn heuristic_pays_an_optional_penalty_only_for_something() {
    let r = rules();
    for (pay, card) in [("C144", "C157"), ("R54", "C36")] {
        let mut g = scenario(&r, Phase::Marshal, ["U224", "U224"]);
        g.seats[0].gold = 10;
        let x = hand_card(&mut g, &r, 0, pay);
        let options = [code(MARSHAL, x, 0), code(MARSHAL_PENALTY, x, 0)];
        assert!(options.iter().all(|a| legal(&g, &r, 0).contains(a)), "{pay}: both offered");
        assert_eq!(choose(&g, &r, 0, &options), options[0], "{pay}: nothing to gain, no penalty");
        let target = put(&mut g, &r, 1, card);
        if pay == "R54" {
            assert_eq!(choose(&g, &r, 0, &options), options[0], "{pay}: an opponent's card without power");
            g.seats[1].play.iter_mut().find(|c| c.uid == target).unwrap().power = 2;
        }
        assert_eq!(choose(&g, &r, 0, &options), options[1], "{pay}: the penalty buys its response");
    }
}

/// Jojen's Counsel (+3 STR, does not kneel to defend) is played before defenders are declared, on a character
/// that can then defend and win; Insidious Ways (+2 to an attacker) before defenders, when it puts the attack
/// beyond every character that could defend.
#[test]
fn heuristic_plays_events_before_defenders() {
    let r = rules();
    // Seat 1 attacks seat 0 with Ser Jaime (5 STR); seat 0's Lookout (3) alone could not hold.
    let mut g = scenario(&r, Phase::Challenges, ["U224", "U224"]);
    g.first = 1;
    let lookout = put(&mut g, &r, 0, "C15");
    let jaime = put(&mut g, &r, 1, "U25");
    let x = hand_card(&mut g, &r, 0, "C189");
    act(&mut g, &r, 1, code(CHALLENGE, usize::from(MIL), 0));
    attack(&mut g, &r, 1, &[jaime]);
    pass(&mut g, &r, 1);
    assert_eq!(g.actor(), Some(0), "the window after attackers is seat 0's");
    assert_eq!(choose(&g, &r, 0, &[]), code(EVENT, x, usize::from(lookout)));
    // Seat 0 (Lannister) attacks in power with the Courtesan (3) against Ser Jaime (5): +2 reaches him, and ties go
    // to the attacker.
    let r = rules_with(r#"{"decks": ["lannister", "stark"], "round_limit": 30}"#);
    let mut g = scenario(&r, Phase::Challenges, ["U224", "U224"]);
    let courtesan = put(&mut g, &r, 0, "C36");
    put(&mut g, &r, 1, "U25");
    let x = hand_card(&mut g, &r, 0, "C188");
    act(&mut g, &r, 0, code(CHALLENGE, usize::from(POW), 1));
    attack(&mut g, &r, 0, &[courtesan]);
    assert_eq!(g.actor(), Some(0));
    assert_eq!(choose(&g, &r, 0, &[]), code(EVENT, x, usize::from(courtesan)));
}

/// The search leaves out what the heuristic never plays: a gift on an opponent's character, a curse on its own,
/// and a challenge at 0 STR with nothing that could add any (an event in hand would count). The moves stay legal.
#[test]
fn search_leaves_out_gifts_to_the_opponent_and_challenges_at_zero_str() {
    use crate::bots::{self as all_bots, Bots};
    let r = rules();
    for (att, hostile) in [("C132", false), ("C128", false), ("G32", true), ("T23", true)] {
        let mut g = scenario(&r, Phase::Marshal, ["U224", "U224"]);
        let mine = put(&mut g, &r, 0, "U25");
        let theirs = put(&mut g, &r, 1, "U25");
        g.seats[0].gold = 10;
        let x = hand_card(&mut g, &r, 0, att);
        let on = |host: u16| code(MARSHAL, x, usize::from(host));
        assert!(legal(&g, &r, 0).contains(&on(mine)) && legal(&g, &r, 0).contains(&on(theirs)), "{att}: both legal");
        let wanted = if hostile { theirs } else { mine };
        assert!(Bots::worth_searching(&g, &r, 0, on(wanted)), "{att}");
        assert!(!Bots::worth_searching(&g, &r, 0, on(if hostile { mine } else { theirs })), "{att}");
        let options = [on(mine), on(theirs)];
        for seed in 0..4 {
            let mut bot = all_bots::make::<AgotCcg>("ismcts:iterations=40").unwrap();
            let a = bot.act(&r, &g, 0, &options, &mut crate::rng::Rng::new(seed));
            assert_eq!(a, on(wanted), "{att}, seed {seed}");
        }
    }
    let mut g = scenario(&r, Phase::Challenges, ["U216", "U216"]);
    put(&mut g, &r, 0, "C94"); // Free Cities Trader: 0 STR
    g.seats[0].hand.clear();
    let challenges = of_kind(&g, &r, 0, CHALLENGE);
    assert!(!challenges.is_empty() && challenges.iter().all(|&a| !Bots::worth_searching(&g, &r, 0, a)));
    hand_card(&mut g, &r, 0, "C188"); // Insidious Ways: +2 STR to an attacker
    assert!(challenges.iter().all(|&a| Bots::worth_searching(&g, &r, 0, a)), "an event could win it");
}
