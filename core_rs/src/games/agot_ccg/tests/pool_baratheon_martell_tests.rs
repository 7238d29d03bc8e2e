//! The Baratheon and Martell records of the pool (Renly, Selyse, Aegon's Sept, Bound by R'hllor; Ruins in the
//! Sand, Sunspear).

use super::helpers::*;
use super::pool_houses_tests::{finish_challenge, picks};
use crate::engine::Player;
use crate::games::agot_ccg::cards::MIL;
use crate::games::agot_ccg::rules::actions::*;
use crate::games::agot_ccg::state::{AgotCcg, At, Pending, Phase};

/// "Risposte" (after you lose a challenge) and "cannot be saved" (a sacrifice cost): R126 Ruins in the Sand is
/// discarded from play to give each of its controller's characters +2 STR until the end of the phase.
#[test]
fn risposte_ruins_in_the_sand_after_a_lost_challenge() {
    let r = rules();
    let mut g = scenario(&r, Phase::Challenges, ["U224", "U227"]);
    let ruins = put(&mut g, &r, 0, "R126");
    let mine = put(&mut g, &r, 0, "C13"); // STR 1
    let other = put(&mut g, &r, 0, "C36"); // STR 2, intrigue and power, not in the challenge
    let theirs = put(&mut g, &r, 1, "C11"); // STR 4
    window(&mut g, Phase::Challenges, At::Challenges);
    challenge(&mut g, &r, 0, MIL, 1, &[mine], &[theirs]);
    finish_challenge(&mut g, &r);
    assert!(matches!(g.pending.first(), Some(Pending::Effect(e)) if e.seat == 0), "{:?}", g.pending);
    let before = [mine, other, theirs].map(|u| str_of(&g, &r, u));
    act(&mut g, &r, 0, code(GEN_YES, 0, 0));
    assert_eq!(g.phase, Phase::Challenges, "seat 0 may still declare an intrigue challenge");
    assert!(g.locate(ruins).is_none() && g.seats[0].discard.contains(&id(&r, "R126")), "sacrificed");
    let after = [mine, other, theirs].map(|u| str_of(&g, &r, u));
    assert_eq!(after[0], before[0] + 2);
    assert_eq!(after[1], before[1] + 2, "every character of its controller, participating or not");
    assert_eq!(after[2], before[2], "not the opponent's");
}

/// "Pila degli scarti" with X from the challenge: R60 Aegon's Sept is discarded from play to return to hand a card
/// of its controller's discard pile whose printed cost is at most the number of participating characters.
#[test]
fn pila_degli_scarti_aegons_sept_counts_the_participants() {
    let r = rules();
    let mut g = scenario(&r, Phase::Challenges, ["U224", "U227"]);
    let sept = put(&mut g, &r, 1, "R60");
    let a = put(&mut g, &r, 0, "C15");
    let d = put(&mut g, &r, 1, "C13");
    g.seats[1].discard = vec![id(&r, "C30"), id(&r, "C36"), id(&r, "C11")]; // costs 3, 2, 4
    window(&mut g, Phase::Challenges, At::Challenges);
    assert!(!legal(&g, &r, 1).contains(&code(GEN_USE, 0, usize::from(sept))) || g.challenge.is_none());
    challenge(&mut g, &r, 0, MIL, 1, &[a], &[d]);
    pass(&mut g, &r, 0);
    act(&mut g, &r, 1, code(GEN_USE, 0, usize::from(sept)));
    let Some(Pending::Effect(e)) = g.pending.first() else { panic!("{:?}", g.pending) };
    let crate::games::agot_ccg::rules::triggered::Step::Pick { choices, .. } = &e.step else { panic!("{:?}", e.step) };
    let offered: Vec<u16> = choices.iter().map(|c| c % 2048).collect();
    assert_eq!(offered.len(), 1, "two participants: only the cost-2 card (the Sept itself costs 3): {offered:?}");
    assert_eq!(offered[0], id(&r, "C36"));
    act(&mut g, &r, 1, code(GEN_PICK, 0, 0));
    assert!(g.seats[1].hand.contains(&id(&r, "C36")));
}

/// "Parole chiave" (keywords gained; research §5 U46 Renly Baratheon): Renly gains stealth while another character
/// (any player's) has stealth and renown while another has renown; two Renlys do not make each other's keywords.
#[test]
fn parole_chiave_renly_gains_what_others_have() {
    use crate::games::agot_ccg::cards::{RENOWN, STEALTH};
    let r = rules();
    let mut g = scenario(&r, Phase::Challenges, ["U224", "U227"]);
    let renly = put(&mut g, &r, 0, "U46");
    let rival = put(&mut g, &r, 1, "U46");
    let kw = |g: &AgotCcg, u: u16| g.keywords(&r, g.locate(u).unwrap().0 as Player, card(g, u)) & (STEALTH | RENOWN);
    assert_eq!(kw(&g, renly), 0, "two Renlys alone: nothing");
    assert_eq!(kw(&g, rival), 0);
    put(&mut g, &r, 1, "C13"); // an opponent's stealth character
    assert_eq!(kw(&g, renly), STEALTH);
    let crowned = put(&mut g, &r, 0, "C36");
    attach(&mut g, &r, crowned, "R85", 0); // Ruler of Meereen: renown while it has the most attachments
    assert_eq!(kw(&g, renly), STEALTH | RENOWN);
    attach(&mut g, &r, rival, "C22", 1); // a tie for the most: the Ruler's renown is off
    assert_eq!(kw(&g, renly), STEALTH);
}

/// "Sfide" (research §5 R121 Sunspear): a player who won a challenge by 4 STR or more against Sunspear's
/// controller cannot declare another challenge against him this phase; a smaller win does not bar him.
#[test]
fn sfide_sunspear_bars_a_player_who_won_by_four() {
    use crate::games::agot_ccg::cards::{INT, POW};
    let r = rules();
    // Catelyn Stark STR 3 + 1, Courtesan of Highgarden 2 + 1 (For Love of Duty), against a Courtesan: 7-3, 4-3.
    for (attackers, barred) in [(&["U5", "C36"][..], true), (&["U5"][..], false)] {
        let mut g = scenario(&r, Phase::Challenges, ["U224", "U224"]);
        put(&mut g, &r, 1, "R121");
        let uids: Vec<u16> = attackers.iter().map(|c| put(&mut g, &r, 0, c)).collect();
        put(&mut g, &r, 0, "C30"); // military and intrigue: could attack again
        let d = put(&mut g, &r, 1, "C36"); // STR 2 + 1
        window(&mut g, Phase::Challenges, At::Challenges);
        challenge(&mut g, &r, 0, POW, 1, &uids, &[d]);
        finish_challenge(&mut g, &r);
        // Seat 0 declares its next challenge (the power claim asks nothing).
        for _ in 0..8 {
            if g.challenge.is_none() && g.window.is_none() && g.pending.is_empty() {
                break;
            }
            let Some(p) = g.actor() else { break };
            pass(&mut g, &r, p);
        }
        if barred {
            // No challenge against the only opponent is legal: seat 0 passes unasked and the phase ends, although
            // its Enemy Informer stands with a military and an intrigue icon.
            assert_ne!(g.phase, Phase::Challenges, "attackers {attackers:?}: {:?}", legal(&g, &r, 0));
        } else {
            assert_eq!((g.phase, g.actor()), (Phase::Challenges, Some(0)), "{:?}", g.pending);
            assert!(!g.challenges_barred(&r, 0, 1));
            let offered = [MIL, INT].iter().any(|&k| legal(&g, &r, 0).contains(&code(CHALLENGE, usize::from(k), 1)));
            assert!(offered, "a win by 1: {:?}", legal(&g, &r, 0));
        }
    }
}

/// "Scartare" from opponents' hands (research §5 R185 Bound by R'hllor): the player sees the matching cards of
/// each opponent's hand (non-unique characters and attachments of cost 2 or less) and discards at most one from
/// each; in a game of three, one from each of the two opponents.
#[test]
fn scartare_bound_by_rhllor_one_from_each_opponent() {
    let r3 = rules_with(r#"{"decks": ["stark", "lannister", "baratheon"], "round_limit": 30}"#);
    let r = &r3;
    let mut g = AgotCcg::fresh(r, 3, 5).unwrap();
    for s in g.seats.iter_mut() {
        s.hand.clear();
    }
    g.phase = Phase::Marshal;
    g.turn = 0;
    g.first = 0;
    influence(&mut g, r, 0, 2);
    g.seats[0].hand = vec![id(r, "R185")];
    g.seats[0].house = crate::games::agot_ccg::cards::house_index("baratheon").unwrap();
    g.seats[1].hand = vec![id(r, "C13"), id(r, "C3"), id(r, "U4"), id(r, "C11")]; // C13, C3 match; U4 unique, C11 dear
    g.seats[2].hand = vec![id(r, "C22")];
    g.open_window(At::Marshal);
    act(&mut g, r, 0, code(GEN_EVENT, 0, 0));
    pay(&mut g, r, 0);
    let offered = picks(&g);
    assert_eq!(offered.len(), 3, "{offered:?}");
    assert!(!offered.contains(&(1, id(r, "U4"))) && !offered.contains(&(1, id(r, "C11"))));
    let c13 = offered.iter().position(|&x| x == (1, id(r, "C13"))).unwrap();
    act(&mut g, r, 0, code(GEN_PICK, 0, c13));
    assert_eq!(picks(&g), vec![(2, id(r, "C22"))], "seat 1 gave one: only seat 2's card is left");
    act(&mut g, r, 0, code(GEN_PICK, 0, 0));
    assert_eq!(g.seats[1].discard, vec![id(r, "C13")]);
    assert_eq!(g.seats[1].hand.len(), 3);
    assert_eq!(g.seats[2].discard, vec![id(r, "C22")]);
}

/// "Costi" paid with a card of the player's choice and "Limite" per round (research §5 U48 Selyse Baratheon): she
/// discards 1 power from a character of her controller's choice to stand a kneeling character he controls, at most
/// three times a round; without power on his characters she is not offered.
#[test]
fn costi_selyse_pays_power_to_stand_three_times_a_round() {
    let r = rules();
    let mut g = scenario(&r, Phase::Challenges, ["U224", "U227"]);
    let selyse = put(&mut g, &r, 0, "U48");
    let rich = put(&mut g, &r, 0, "C11");
    let tired = put(&mut g, &r, 0, "C30");
    window(&mut g, Phase::Challenges, At::Challenges);
    let use_it = code(GEN_USE, 0, usize::from(selyse));
    let (s, i) = g.locate(tired).unwrap();
    g.seats[s].play[i].kneeling = true;
    assert!(!legal(&g, &r, 0).contains(&use_it), "no power to pay with");
    let (s, i) = g.locate(rich).unwrap();
    g.seats[s].play[i].power = 5;
    for k in 0..4 {
        window(&mut g, Phase::Challenges, At::Challenges);
        let (s, i) = g.locate(tired).unwrap();
        g.seats[s].play[i].kneeling = true;
        if k == 3 {
            assert!(!legal(&g, &r, 0).contains(&use_it), "limit 3 per round");
            break;
        }
        act(&mut g, &r, 0, use_it);
        assert_eq!(
            of_kind(&g, &r, 0, GEN_POWER),
            vec![code(GEN_POWER, 0, usize::from(rich))],
            "only a card with power"
        );
        act(&mut g, &r, 0, code(GEN_POWER, 0, usize::from(rich)));
        act(&mut g, &r, 0, code(GEN_TARGET, 0, usize::from(tired)));
        assert!(!card(&g, tired).kneeling);
        assert_eq!(card(&g, rich).power, 4 - k);
    }
    g.expire_round();
    window(&mut g, Phase::Challenges, At::Challenges);
    assert!(legal(&g, &r, 0).contains(&use_it), "a new round");
}
