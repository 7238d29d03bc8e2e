//! The Stark, Lannister, Baratheon, Targaryen and Martell records of the pool:
//! each test names the rulebook section (Italian titles) or the research section of the mechanism, and the
//! records it covers, and plays them on a small built state.

use super::helpers::*;
use crate::engine::{Events, Player};
use crate::games::agot_ccg::cards::vocab::To;
use crate::games::agot_ccg::cards::{Rules, MIL};
use crate::games::agot_ccg::rules::actions::*;
use crate::games::agot_ccg::state::{AgotCcg, At, Pending, Phase};

/// Pass every decision until the current challenge is over.
fn finish_challenge(g: &mut AgotCcg, r: &Rules) {
    for _ in 0..16 {
        if g.challenge.is_none() || matches!(g.pending.first(), Some(Pending::Effect(_))) {
            return;
        }
        let Some(p) = g.actor() else { return };
        pass(g, r, p);
    }
}

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

/// "Azioni" (challenges) and "Uccidere" (killed at STR 0): R104 Plaza of Punishment is discarded from play to give
/// an attacking or defending character with no attachments -3 STR; a STR 3 one is killed, a character outside the
/// challenge or with an attachment is not a target.
#[test]
fn azioni_plaza_of_punishment_kills_a_participant_at_zero() {
    let r = rules();
    let mut g = scenario(&r, Phase::Challenges, ["U224", "U227"]);
    let plaza = put(&mut g, &r, 1, "R104");
    let att = put(&mut g, &r, 0, "T16"); // Jhogo, STR 3
    let dressed = put(&mut g, &r, 0, "C15");
    attach(&mut g, &r, dressed, "C3", 0);
    let home = put(&mut g, &r, 0, "C36"); // not participating
    let dfd = put(&mut g, &r, 1, "C13");
    window(&mut g, Phase::Challenges, At::Challenges);
    challenge(&mut g, &r, 0, MIL, 1, &[att, dressed], &[dfd]);
    let use_it = code(GEN_USE, 0, usize::from(plaza));
    // Seat 0 acts first in the window; let it pass to seat 1.
    pass(&mut g, &r, 0);
    act(&mut g, &r, 1, use_it);
    assert!(g.locate(plaza).is_none() && g.seats[1].discard.contains(&id(&r, "R104")), "the cost is paid first");
    let targets = of_kind(&g, &r, 1, GEN_TARGET);
    assert!(targets.contains(&code(GEN_TARGET, 0, usize::from(att))));
    assert!(targets.contains(&code(GEN_TARGET, 0, usize::from(dfd))));
    assert!(!targets.contains(&code(GEN_TARGET, 0, usize::from(dressed))), "has an attachment");
    assert!(!targets.contains(&code(GEN_TARGET, 0, usize::from(home))), "not participating");
    act(&mut g, &r, 1, code(GEN_TARGET, 0, usize::from(att)));
    assert!(g.locate(att).is_none() && g.seats[0].dead.contains(&id(&r, "T16")), "STR 0: killed");
}

/// "Azioni" with a target restricted by trait (research §5, T45 Defend the Queen, designed: the English trait name
/// is unverified, Jhogo's Queensguard is used): +4 STR, cannot be killed, does not kneel to attack or defend.
#[test]
fn azioni_defend_the_queen_on_a_queensguard() {
    let r = rules();
    let mut g = scenario(&r, Phase::Challenges, ["U224", "U227"]);
    let jhogo = put(&mut g, &r, 0, "T16");
    let other = put(&mut g, &r, 0, "C15");
    g.seats[0].hand.push(id(&r, "T45"));
    window(&mut g, Phase::Challenges, At::Challenges);
    act(&mut g, &r, 0, code(GEN_EVENT, 0, 0));
    let targets = of_kind(&g, &r, 0, GEN_TARGET);
    assert_eq!(targets, vec![code(GEN_TARGET, 0, usize::from(jhogo))], "only the Dothraki / Queensguard");
    let _ = other;
    act(&mut g, &r, 0, code(GEN_TARGET, 0, usize::from(jhogo)));
    assert_eq!(str_of(&g, &r, jhogo), 7);
    let mut ev = Events::new();
    g.kill(&r, jhogo, true, &mut ev);
    g.advance(&r, &mut ev);
    assert!(g.locate(jhogo).is_some(), "cannot be killed");
    assert!(g.seats[0].dead.contains(&id(&r, "T45")), "deathbound: to the dead pile");
    let dfd = put(&mut g, &r, 1, "C13");
    challenge(&mut g, &r, 0, MIL, 1, &[jhogo], &[dfd]);
    assert!(!card(&g, jhogo).kneeling, "does not kneel to attack");
}

/// "Azioni" while participating, "cannot be saved": U88 Khal Drogo discards a defending character for 3 influence
/// only while he participates, and the discard is not offered to a duplicate.
#[test]
fn azioni_khal_drogo_discards_a_defender_unsaved() {
    let r = rules();
    let mut g = scenario(&r, Phase::Challenges, ["U224", "U227"]);
    let drogo = put(&mut g, &r, 0, "U88");
    influence(&mut g, &r, 0, 4);
    let dfd = put(&mut g, &r, 1, "C30");
    let (s, i) = g.locate(dfd).unwrap();
    g.seats[s].play[i].dupes.push(id(&r, "C30"));
    window(&mut g, Phase::Challenges, At::Challenges);
    let use_it = code(GEN_USE, 0, usize::from(drogo));
    assert!(!legal(&g, &r, 0).contains(&use_it), "not participating: no action");
    challenge(&mut g, &r, 0, MIL, 1, &[drogo], &[dfd]);
    act(&mut g, &r, 0, use_it);
    pay(&mut g, &r, 0);
    act(&mut g, &r, 0, code(GEN_TARGET, 0, usize::from(dfd)));
    assert!(g.pending.iter().all(|p| !matches!(p, Pending::Respond { .. })), "no duplicate save: {:?}", g.pending);
    assert!(g.locate(dfd).is_none());
    assert_eq!(g.seats[1].discard.iter().filter(|&&c| c == id(&r, "C30")).count(), 2, "it and its duplicate");
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

/// "Carte Equipaggiamento" (research §5 R87 Drogon): in a challenge, Drogon kneels 1 influence to leave play and
/// become a Condition attachment on another character reading "-5 STR"; attached, only its "return to hand"
/// action is offered, and it takes Drogon back to its owner's hand. A host leaving play discards it.
#[test]
fn equipaggiamenti_drogon_becomes_a_condition_and_returns_to_hand() {
    let r = rules();
    let mut g = scenario(&r, Phase::Challenges, ["U224", "U227"]);
    let drogon = put(&mut g, &r, 0, "R87");
    influence(&mut g, &r, 0, 4);
    let host = put(&mut g, &r, 1, "C36"); // STR 2
    let barred = put(&mut g, &r, 1, "C11"); // no attachments: not a target
    window(&mut g, Phase::Dominance, At::Dominance);
    let attach_it = code(GEN_USE, 0, usize::from(drogon));
    assert!(!legal(&g, &r, 0).contains(&attach_it), "a challenges action");
    window(&mut g, Phase::Challenges, At::Challenges);
    act(&mut g, &r, 0, attach_it);
    pay(&mut g, &r, 0);
    let targets = of_kind(&g, &r, 0, GEN_TARGET);
    assert!(targets.contains(&code(GEN_TARGET, 0, usize::from(host))));
    assert!(!targets.contains(&code(GEN_TARGET, 0, usize::from(barred))), "No attachments");
    assert!(!targets.contains(&code(GEN_TARGET, 0, usize::from(drogon))), "not itself");
    act(&mut g, &r, 0, code(GEN_TARGET, 0, usize::from(host)));
    assert!(g.locate(drogon).is_none(), "Drogon left play as a character");
    assert_eq!(card(&g, host).attachments, vec![(id(&r, "R87"), 0)]);
    assert_eq!(str_of(&g, &r, host), 0, "2 - 5, not below 0");
    // Attached: the attach action is not offered again, the return action is (attachment 0, ability 1).
    assert!(!legal(&g, &r, 0).contains(&code(GEN_ATT, 0, usize::from(host))));
    let back = code(GEN_ATT, 1, usize::from(host));
    assert!(legal(&g, &r, 0).contains(&back));
    act(&mut g, &r, 0, back);
    pay(&mut g, &r, 0);
    assert!(card(&g, host).attachments.is_empty());
    assert!(g.seats[0].hand.contains(&id(&r, "R87")));
    assert_eq!(str_of(&g, &r, host), 2);
    // Put it back on the host, then kill the host: the Condition goes to its owner's discard pile.
    let drogon = put(&mut g, &r, 0, "R87");
    g.seats[0].hand.clear();
    influence(&mut g, &r, 0, 2);
    window(&mut g, Phase::Challenges, At::Challenges);
    act(&mut g, &r, 0, code(GEN_USE, 0, usize::from(drogon)));
    pay(&mut g, &r, 0);
    act(&mut g, &r, 0, code(GEN_TARGET, 0, usize::from(host)));
    let mut ev = Events::new();
    g.kill(&r, host, true, &mut ev);
    g.advance(&r, &mut ev);
    assert!(g.seats[0].discard.contains(&id(&r, "R87")));
}

/// "Restrizioni" ("cannot" beats "can"; research §5 R89 Rhaegal, R91 Viserion): attached as a Condition,
/// Rhaegal's host cannot be killed (no effect kills it, a claim does not offer it); Viserion's host gets +3 STR and
/// gains stealth, renown and deadly.
#[test]
fn restrizioni_rhaegal_and_viserion_as_conditions() {
    use crate::games::agot_ccg::cards::{DEADLY, RENOWN, STEALTH};
    use crate::games::agot_ccg::state::Why;
    let r = rules();
    let mut g = scenario(&r, Phase::Challenges, ["U224", "U227"]);
    let rhaegal = put(&mut g, &r, 0, "R89");
    let viserion = put(&mut g, &r, 0, "R91");
    influence(&mut g, &r, 0, 4);
    let kept = put(&mut g, &r, 0, "C15");
    let strong = put(&mut g, &r, 0, "C36");
    let other = put(&mut g, &r, 0, "C13");
    window(&mut g, Phase::Challenges, At::Challenges);
    act(&mut g, &r, 0, code(GEN_USE, 0, usize::from(rhaegal)));
    pay(&mut g, &r, 0);
    act(&mut g, &r, 0, code(GEN_TARGET, 0, usize::from(kept)));
    let mut ev = Events::new();
    g.kill(&r, kept, true, &mut ev);
    g.advance(&r, &mut ev);
    assert!(g.locate(kept).is_some(), "cannot be killed");
    let mut out = Vec::new();
    g.pending_actions(&r, &Pending::Kill { seat: 0, left: 1, why: Why::Claim, picked: vec![] }, &mut out);
    assert!(!out.contains(&code(KILL, 0, usize::from(kept))), "a claim does not offer it");
    assert!(out.contains(&code(KILL, 0, usize::from(other))));
    let before = str_of(&g, &r, strong);
    act(&mut g, &r, 0, code(GEN_USE, 0, usize::from(viserion)));
    pay(&mut g, &r, 0);
    act(&mut g, &r, 0, code(GEN_TARGET, 0, usize::from(strong)));
    assert_eq!(str_of(&g, &r, strong), before + 3);
    let k = g.keywords(&r, 0, card(&g, strong));
    assert_eq!(k & (STEALTH | RENOWN | DEADLY), STEALTH | RENOWN | DEADLY);
}

/// "Duplicati" (research §5 T14 Black Hatchling, T15 Green Hatchling, T17 White Hatchling): when a Hatchling or
/// its Dragon enters play under your control, the Hatchling (and its duplicates) becomes a duplicate of the
/// Dragon; without the Dragon it stays a character.
#[test]
fn duplicati_hatchlings_become_their_dragons_duplicates() {
    let r = rules();
    for (dragon, hatchling) in [("R87", "T14"), ("R89", "T15"), ("R91", "T17")] {
        let mut g = scenario(&r, Phase::Marshal, ["U224", "U227"]);
        let mut ev = Events::new();
        // The Hatchling first: no Dragon, it stays a character.
        g.place(&r, 0, id(&r, hatchling), To::Play, &mut ev);
        g.advance(&r, &mut ev);
        let h = g.seats[0].play.iter().find(|c| c.def == id(&r, hatchling)).map(|c| c.uid).unwrap();
        g.seats[0].play.iter_mut().find(|c| c.uid == h).unwrap().dupes.push(id(&r, hatchling));
        // Then the Dragon enters: the Hatchling and its duplicate become the Dragon's duplicates.
        g.place(&r, 0, id(&r, dragon), To::Play, &mut ev);
        g.advance(&r, &mut ev);
        assert!(g.locate(h).is_none(), "{hatchling}: no longer a character");
        let d = g.seats[0].play.iter().find(|c| c.def == id(&r, dragon)).unwrap();
        assert_eq!(d.dupes, vec![id(&r, hatchling), id(&r, hatchling)]);
        // A Hatchling entering with its Dragon in play attaches at once; an opponent's Dragon is not used.
        let mut g = scenario(&r, Phase::Marshal, ["U224", "U227"]);
        put(&mut g, &r, 1, dragon);
        g.place(&r, 0, id(&r, hatchling), To::Play, &mut ev);
        g.advance(&r, &mut ev);
        assert!(g.seats[0].play.iter().any(|c| c.def == id(&r, hatchling)), "only a Dragon you control");
        let own = put(&mut g, &r, 0, dragon);
        let _ = own;
        g.seats[0].play.retain(|c| c.def != id(&r, hatchling));
        g.place(&r, 0, id(&r, hatchling), To::Play, &mut ev);
        g.advance(&r, &mut ev);
        assert!(!g.seats[0].play.iter().any(|c| c.def == id(&r, hatchling)));
        assert_eq!(card(&g, own).dupes, vec![id(&r, hatchling)]);
    }
}

/// "Carte Equipaggiamento" with a condition (research §5 R85 Ruler of Meereen): while its host has more
/// attachments than any other character it gains renown, gets +1 STR and cannot be killed; a tie turns it off.
#[test]
fn equipaggiamenti_ruler_of_meereen_needs_the_most_attachments() {
    use crate::games::agot_ccg::cards::RENOWN;
    let r = rules();
    let mut g = scenario(&r, Phase::Challenges, ["U224", "U227"]);
    let ruler = put(&mut g, &r, 0, "C36");
    let rival = put(&mut g, &r, 1, "C30");
    let base = str_of(&g, &r, ruler);
    attach(&mut g, &r, ruler, "R85", 0);
    assert_eq!(str_of(&g, &r, ruler), base + 1, "one attachment against none");
    assert_ne!(g.keywords(&r, 0, card(&g, ruler)) & RENOWN, 0);
    assert!(g.cannot_be_killed(&r, ruler));
    attach(&mut g, &r, rival, "C22", 1);
    assert_eq!(str_of(&g, &r, ruler), base, "a tie: not more than any other");
    assert_eq!(g.keywords(&r, 0, card(&g, ruler)) & RENOWN, 0);
    let mut ev = Events::new();
    g.kill(&r, ruler, true, &mut ev);
    g.advance(&r, &mut ev);
    assert!(g.locate(ruler).is_none(), "killed once the condition is off");
}

/// "Difendere" / "Forza" (research §5 T19 Under the Guild's Sway): while the attached character defends its
/// printed STR counts as 0 (modifiers still count); attacking, it has its full STR.
#[test]
fn difendere_under_the_guilds_sway_zeroes_printed_str() {
    let r = rules();
    let mut g = scenario(&r, Phase::Challenges, ["U224", "U224"]);
    let swayed = put(&mut g, &r, 1, "C30"); // printed STR 2, +1 from For Love of Duty
    let att = put(&mut g, &r, 0, "C36");
    attach(&mut g, &r, swayed, "T19", 0);
    put(&mut g, &r, 0, "R104"); // an action to play keeps the window after defenders open
    assert_eq!(str_of(&g, &r, swayed), 3, "not defending: its full STR");
    window(&mut g, Phase::Challenges, At::Challenges);
    challenge(&mut g, &r, 0, crate::games::agot_ccg::cards::INT, 1, &[att], &[swayed]);
    assert_eq!(str_of(&g, &r, swayed), 1, "defending: printed 2 counts as 0, the plot's +1 stays");
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

/// The offered cards of the pending pick (definitions), in the order GEN_PICK numbers them, with their seats.
fn picks(g: &AgotCcg) -> Vec<(u16, u16)> {
    match g.pending.first() {
        Some(Pending::Effect(e)) => match &e.step {
            crate::games::agot_ccg::rules::triggered::Step::Pick { choices, .. } => {
                choices.iter().map(|c| (c % 8192 / 2048, c % 2048)).collect()
            }
            s => panic!("not a pick: {s:?}"),
        },
        p => panic!("no resolution: {p:?}"),
    }
}

/// "Pila dei morti" (a swap; research §5 U196 Only Your Life): a character of the dead pile and one of the hand
/// change places; the second pick cannot take back the card just taken, neither pick can be declined, and the
/// event is not offered unless both piles hold a character.
#[test]
fn pila_dei_morti_only_your_life_swaps_hand_and_dead_pile() {
    let r = rules();
    let mut g = scenario(&r, Phase::Dominance, ["U224", "U227"]);
    influence(&mut g, &r, 0, 2);
    g.seats[0].house = crate::games::agot_ccg::cards::house_index("targaryen").unwrap(); // House Targaryen only
    g.seats[0].hand = vec![id(&r, "U196"), id(&r, "T20")]; // an attachment: no character in hand
    g.seats[0].dead = vec![id(&r, "C11")];
    window(&mut g, Phase::Dominance, At::Dominance);
    assert!(of_kind(&g, &r, 0, GEN_EVENT).is_empty(), "no character in hand: not offered");
    g.seats[0].hand.push(id(&r, "C13"));
    window(&mut g, Phase::Dominance, At::Dominance);
    act(&mut g, &r, 0, code(GEN_EVENT, 0, 0));
    pay(&mut g, &r, 0);
    assert_eq!(picks(&g), vec![(0, id(&r, "C11"))]);
    assert!(!legal(&g, &r, 0).contains(&code(DONE, 0, 0)), "a swap cannot be declined");
    act(&mut g, &r, 0, code(GEN_PICK, 0, 0));
    assert_eq!(picks(&g), vec![(0, id(&r, "C13"))], "not the card just taken, not the attachment");
    act(&mut g, &r, 0, code(GEN_PICK, 0, 0));
    assert_eq!(g.seats[0].dead, vec![id(&r, "C13")]);
    assert!(g.seats[0].hand.contains(&id(&r, "C11")) && !g.seats[0].hand.contains(&id(&r, "C13")));
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

/// "Immunità" (research §5 T18 The Good Masters): while its controller controls exactly one Dragon character it
/// is immune to opponents' events (not to its own player's); with none or two Dragons it is not.
#[test]
fn immunita_the_good_masters_with_exactly_one_dragon() {
    let r = rules();
    let mut g = scenario(&r, Phase::Challenges, ["U224", "U227"]);
    let masters = put(&mut g, &r, 0, "T18");
    let event_targets = |g: &mut AgotCcg, seat: usize| -> bool {
        g.seats[seat].hand = vec![id(&r, "T46")]; // Bathed in Flame: choose 2 characters
        g.seats[seat].house = crate::games::agot_ccg::cards::house_index("targaryen").unwrap();
        window(g, Phase::Challenges, At::Challenges);
        g.window.as_mut().unwrap().pos = seat as u8;
        act(g, &r, seat as Player, code(GEN_EVENT, 0, 0));
        pay(g, &r, seat as Player);
        let t = of_kind(g, &r, seat as Player, GEN_TARGET).contains(&code(GEN_TARGET, 0, usize::from(masters)));
        g.pending.clear();
        t
    };
    influence(&mut g, &r, 1, 6);
    influence(&mut g, &r, 0, 6);
    put(&mut g, &r, 1, "C13"); // another target, so the event is always playable
    assert!(event_targets(&mut g, 1), "no Dragon: an opponent's event may choose it");
    let drogon = put(&mut g, &r, 0, "R87");
    assert!(!event_targets(&mut g, 1), "one Dragon: immune to the opponent's event");
    assert!(event_targets(&mut g, 0), "its own player's event may still choose it");
    put(&mut g, &r, 0, "T14"); // a Hatchling put straight into play (no trigger): a second Dragon
    assert!(event_targets(&mut g, 1), "two Dragons: not exactly one");
    let _ = drogon;
}

/// "Riduttori" and a lasting state check (research §5 T30 Meereen Audience Chamber): it is discarded from play
/// when its controller controls a character of another House (on entering beside one, or when one enters);
/// neutral characters do not count; it kneels to make the next Targaryen card cost 1 less.
#[test]
fn meereen_audience_chamber_leaves_beside_another_house() {
    let r = rules();
    let mut g = scenario(&r, Phase::Marshal, ["U224", "U227"]);
    let mut ev = Events::new();
    put(&mut g, &r, 0, "C146"); // a neutral character
    g.place(&r, 0, id(&r, "T30"), To::Play, &mut ev);
    g.advance(&r, &mut ev);
    let chamber = g.seats[0].play.iter().find(|c| c.def == id(&r, "T30")).map(|c| c.uid);
    assert!(chamber.is_some(), "a neutral character does not discard it");
    g.seats[0].gold = 5;
    g.seats[0].hand = vec![id(&r, "C15")];
    window(&mut g, Phase::Marshal, At::Marshal);
    let reduce = code(REDUCER, 0, usize::from(chamber.unwrap()));
    assert!(!legal(&g, &r, 0).contains(&reduce), "a Stark card in hand: nothing to reduce");
    g.seats[0].hand = vec![id(&r, "T18")];
    assert!(legal(&g, &r, 0).contains(&reduce), "a Targaryen card in hand: the reducer is offered");
    g.place(&r, 0, id(&r, "C13"), To::Play, &mut ev); // a Stark character enters
    g.advance(&r, &mut ev);
    assert!(g.locate(chamber.unwrap()).is_none() && g.seats[0].discard.contains(&id(&r, "T30")));
    // Entering beside a Stark character: discarded at once.
    g.place(&r, 0, id(&r, "T30"), To::Play, &mut ev);
    g.advance(&r, &mut ev);
    assert!(!g.seats[0].play.iter().any(|c| c.def == id(&r, "T30")));
    // An opponent's other-House character does not count.
    let mut g = scenario(&r, Phase::Marshal, ["U224", "U227"]);
    put(&mut g, &r, 1, "C30");
    g.place(&r, 0, id(&r, "T30"), To::Play, &mut ev);
    g.advance(&r, &mut ev);
    assert!(g.seats[0].play.iter().any(|c| c.def == id(&r, "T30")));
}

/// Is Plaza of Punishment's action (seat 1's) offered in the open window?
fn plaza_offered(g: &AgotCcg, r: &Rules, plaza: u16) -> bool {
    legal(g, r, 1).contains(&code(GEN_USE, 0, usize::from(plaza)))
}

/// "Azioni e abilità passive" with a player who cannot trigger effects (research §5 U205 The Hand's Judgement):
/// after it, its opponent plays no action and answers no response during military and power challenges this
/// phase, and acts again in an intrigue challenge.
#[test]
fn azioni_the_hands_judgement_bars_military_and_power_challenges() {
    use crate::games::agot_ccg::cards::INT;
    let r = rules();
    let mut g = scenario(&r, Phase::Challenges, ["U224", "U224"]);
    let plaza = put(&mut g, &r, 1, "R104");
    put(&mut g, &r, 1, "R126"); // Ruins in the Sand: a response after losing a challenge
    let a = put(&mut g, &r, 0, "C11"); // military and power
    let b = put(&mut g, &r, 0, "C30"); // military and intrigue
    let d = put(&mut g, &r, 1, "C15"); // military only
    g.seats[0].hand = vec![id(&r, "U205")];
    window(&mut g, Phase::Challenges, At::Challenges);
    act(&mut g, &r, 0, code(GEN_EVENT, 0, 0));
    assert_eq!(g.trigger_bars.len(), 1);
    challenge(&mut g, &r, 0, MIL, 1, &[a], &[d]);
    // The window after defenders: seat 1's Plaza would have a target (Greatjon's Elite has no attachment).
    assert!(!plaza_offered(&g, &r, plaza));
    finish_challenge(&mut g, &r);
    assert!(!matches!(g.pending.first(), Some(Pending::Effect(e)) if e.seat == 1), "Ruins not offered after the loss");
    for _ in 0..8 {
        if g.challenge.is_none() && g.pending.is_empty() {
            break;
        }
        let Some(p) = g.actor() else { break };
        if matches!(g.pending.first(), Some(Pending::Kill { .. })) {
            let k = of_kind(&g, &r, p, KILL)[0];
            act(&mut g, &r, p, k);
            continue;
        }
        pass(&mut g, &r, p);
    }
    assert!(g.seats[1].play.iter().any(|c| c.def == id(&r, "R126")), "Ruins stayed in play");
    let d2 = put(&mut g, &r, 1, "C36"); // intrigue
    challenge(&mut g, &r, 0, INT, 1, &[b], &[d2]);
    assert!(plaza_offered(&g, &r, plaza), "an intrigue challenge: not barred");
}

/// A participating Dothraki Whip (research §5 T22): while its character attacks or defends, the opponents cannot
/// trigger effects (seat 1's Plaza is not offered), its own controller still can; it attaches only to Dothraki.
#[test]
fn azioni_dothraki_whip_bars_opponents_while_participating() {
    let r = rules();
    let mut g = scenario(&r, Phase::Challenges, ["U224", "U224"]);
    let plaza = put(&mut g, &r, 1, "R104");
    let own = put(&mut g, &r, 0, "R104");
    let rider = put(&mut g, &r, 0, "T11"); // Drogo's Bloodrider, Dothraki
    attach(&mut g, &r, rider, "T22", 0);
    let other = put(&mut g, &r, 0, "C30");
    let d = put(&mut g, &r, 1, "C15");
    window(&mut g, Phase::Challenges, At::Challenges);
    challenge(&mut g, &r, 0, MIL, 1, &[rider], &[d]);
    assert!(legal(&g, &r, 0).contains(&code(GEN_USE, 0, usize::from(own))), "its controller still acts");
    pass(&mut g, &r, 0);
    assert!(!plaza_offered(&g, &r, plaza), "the opponent cannot");
    assert!(g.trigger_barred(&r, 1) && !g.trigger_barred(&r, 0));
    let _ = other;
    // Without a Dothraki the attachment cannot be marshalled onto a character.
    let mut g = scenario(&r, Phase::Marshal, ["U224", "U224"]);
    let c30 = put(&mut g, &r, 0, "C30");
    let rider = put(&mut g, &r, 0, "T11");
    g.seats[0].hand = vec![id(&r, "T22")];
    g.seats[0].gold = 3;
    window(&mut g, Phase::Marshal, At::Marshal);
    assert!(legal(&g, &r, 0).contains(&code(MARSHAL, 0, usize::from(rider))));
    assert!(!legal(&g, &r, 0).contains(&code(MARSHAL, 0, usize::from(c30))), "Dothraki character only");
}

/// "Ricerca nel mazzo" and "until the end of the phase" (research §5 R21 Winterfell Barracks): it is discarded
/// from play to put a character found in the deck into play; when the phase ends that character returns to its
/// owner's hand.
#[test]
fn ricerca_winterfell_barracks_until_the_end_of_the_phase() {
    let r = rules();
    let mut g = scenario(&r, Phase::Challenges, ["U224", "U227"]);
    let barracks = put(&mut g, &r, 0, "R21");
    g.seats[0].deck = vec![id(&r, "C3"), id(&r, "C11"), id(&r, "C20")];
    window(&mut g, Phase::Challenges, At::Challenges);
    act(&mut g, &r, 0, code(GEN_USE, 0, usize::from(barracks)));
    assert!(g.seats[0].discard.contains(&id(&r, "R21")));
    assert_eq!(picks(&g), vec![(0, id(&r, "C11"))], "only the character");
    act(&mut g, &r, 0, code(GEN_PICK, 0, 0));
    let elite = g.seats[0].play.iter().find(|c| c.def == id(&r, "C11")).map(|c| c.uid).unwrap();
    assert_eq!(g.seats[0].deck.len(), 2);
    // Everyone passes until the challenges phase is over.
    for _ in 0..32 {
        if g.phase != Phase::Challenges {
            break;
        }
        let Some(p) = g.actor() else { break };
        pass(&mut g, &r, p);
    }
    assert_ne!(g.phase, Phase::Challenges);
    assert!(g.locate(elite).is_none(), "back out of play");
    assert!(g.seats[0].hand.contains(&id(&r, "C11")), "to its owner's hand");
}

/// "Cannot be saved" and a forced trigger (research §5 U92 Viserys Targaryen): whenever any character enters
/// play (any player's), Viserys claims 1 power; at 4 power he is discarded from play, and his duplicate does not
/// save him; a kill does not offer the duplicate either.
#[test]
fn risposte_viserys_claims_and_is_discarded_unsaved() {
    let r = rules();
    let mut g = scenario(&r, Phase::Marshal, ["U224", "U227"]);
    let viserys = put(&mut g, &r, 0, "U92");
    let (s, i) = g.locate(viserys).unwrap();
    g.seats[s].play[i].dupes.push(id(&r, "U92"));
    let mut ev = Events::new();
    for (k, (seat, c)) in [(1, "C30"), (0, "C13"), (1, "C36")].into_iter().enumerate() {
        g.place(&r, seat, id(&r, c), To::Play, &mut ev);
        g.advance(&r, &mut ev);
        assert_eq!(card(&g, viserys).power, k as u8 + 1, "after {c}");
    }
    g.place(&r, 1, id(&r, "C15"), To::Play, &mut ev);
    g.advance(&r, &mut ev);
    assert!(g.locate(viserys).is_none(), "4 power: discarded");
    assert!(g.pending.is_empty(), "no duplicate save offered: {:?}", g.pending);
    assert_eq!(g.seats[0].discard.iter().filter(|&&c| c == id(&r, "U92")).count(), 2, "he and his duplicate");
    // A kill does not offer the duplicate.
    let viserys = put(&mut g, &r, 0, "U92");
    let (s, i) = g.locate(viserys).unwrap();
    g.seats[s].play[i].dupes.push(id(&r, "U92"));
    g.kill(&r, viserys, true, &mut ev);
    g.advance(&r, &mut ev);
    assert!(g.locate(viserys).is_none() && g.pending.is_empty());
}

/// "Dichiarare attaccanti e difensori" with characters that must participate (research §5 U191 Love is Poison):
/// after it, the chosen characters able to do so must be declared in the next challenge (as attackers by their
/// controller, as defenders by his opponent); a set leaving one out is not offered; the challenge after is free.
#[test]
fn dichiarare_love_is_poison_forces_the_next_challenge() {
    use crate::games::agot_ccg::cards::{INT, POW};
    let r = rules();
    let mut g = scenario(&r, Phase::Challenges, ["U224", "U224"]);
    g.seats[1].hand = vec![id(&r, "U191")];
    influence(&mut g, &r, 1, 4);
    let a = put(&mut g, &r, 0, "C11"); // military and power
    let b = put(&mut g, &r, 0, "C30"); // military and intrigue: cannot attack in a power challenge
    let spare = put(&mut g, &r, 0, "C36"); // intrigue and power, not chosen
    let forced = put(&mut g, &r, 1, "C36"); // intrigue and power
    let free = put(&mut g, &r, 1, "U5"); // intrigue and power
    window(&mut g, Phase::Challenges, At::Challenges);
    pass(&mut g, &r, 0);
    act(&mut g, &r, 1, code(GEN_EVENT, 0, 0));
    pay(&mut g, &r, 1); // X = 4 (two Blackwater Rushes)
    for u in [forced, a, b, free] {
        act(&mut g, &r, 1, code(GEN_TARGET, 0, usize::from(u)));
    }
    assert_eq!(g.must_participate, vec![forced, a, b, free]);
    pass_window(&mut g, &r);
    act(&mut g, &r, 0, code(CHALLENGE, usize::from(POW), 1));
    // Seat 0 attacks: Greatjon's Elite must be among the attackers (Enemy Informer has no power icon).
    let sets = of_kind(&g, &r, 0, ATTACK_SET);
    assert!(!sets.is_empty());
    let el = g.eligible_attackers(&r, 0);
    let ai = el.iter().position(|&u| u == a).unwrap();
    assert!(sets.iter().all(|&s| split(s).2 >> ai & 1 == 1), "every offered set holds it: {sets:?}");
    let _ = b;
    attack(&mut g, &r, 0, &[a]);
    pass_window(&mut g, &r);
    while matches!(g.pending.first(), Some(Pending::Stealth { .. })) {
        act(&mut g, &r, 0, code(DONE, 0, 0));
    }
    // Seat 1 defends: both the Courtesan and Catelyn must defend; neither nobody nor one of them is offered.
    assert_eq!(legal(&g, &r, 1).len(), 1, "only the set of both: {:?}", legal(&g, &r, 1));
    defend(&mut g, &r, 1, &[forced, free]);
    finish_challenge(&mut g, &r);
    for _ in 0..8 {
        if g.challenge.is_none() && g.pending.is_empty() {
            break;
        }
        let Some(p) = g.actor() else { break };
        if let Some(&k) = of_kind(&g, &r, p, KILL).first() {
            act(&mut g, &r, p, k); // Greatjon's Elite is deadly
            continue;
        }
        pass(&mut g, &r, p);
    }
    // The challenge after is free again: Enemy Informer (chosen, unable to attack in the power challenge) need
    // not attack in seat 0's intrigue challenge.
    assert_eq!((g.phase, g.actor()), (Phase::Challenges, Some(0)), "{:?}", g.pending);
    act(&mut g, &r, 0, code(CHALLENGE, usize::from(INT), 1));
    let el = g.eligible_attackers(&r, 0);
    let bi = el.iter().position(|&u| u == b).unwrap();
    assert!(el.contains(&spare));
    let sets = of_kind(&g, &r, 0, ATTACK_SET);
    assert!(sets.iter().any(|&s| split(s).2 >> bi & 1 == 0), "a set without it: {sets:?}");
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

/// The engine contract with every House record of this file in every deck (2 and 3 players): random and heuristic
/// matches play to their end or the decision cap, the state valid after every decision, every offered code in the
/// dense action space, and the records' decisions (kind 32 too) are used.
#[test]
fn house_records_in_random_and_heuristic_matches() {
    use crate::engine::Game;
    use crate::games::agot_ccg::state::Phase;
    const RECORDS: [&str; 25] = [
        "R126", "R104", "T45", "U88", "R60", "R87", "R89", "R91", "T14", "T15", "T17", "R85", "T19", "U46", "R121",
        "U196", "R185", "T18", "T30", "U205", "T22", "R21", "U92", "U191", "U48",
    ];
    let base = rules();
    let mine: Vec<u16> = RECORDS.iter().map(|c| id(&base, c)).collect();
    let mut rng = crate::rng::Rng::new(9);
    let mut bot = crate::games::agot_ccg::bots::Heuristic;
    let mut used = 0;
    for (seed, players) in [(0u64, 2u8), (1, 2), (2, 3), (3, 2), (4, 3), (5, 2)] {
        let mut r = if players == 2 {
            rules_with(r#"{"decks": ["targaryen", "martell"], "round_limit": 12}"#)
        } else {
            rules_with(r#"{"decks": ["stark", "lannister", "baratheon"], "round_limit": 12}"#)
        };
        for d in r.decks.iter_mut() {
            d.cards.truncate(60 - mine.len());
            d.cards.extend(mine.iter().copied());
        }
        let space: std::collections::HashSet<u32> =
            <AgotCcg as crate::engine::Encode>::action_codes(&r, players).into_iter().collect();
        let mut g = AgotCcg::new(&r, players, seed).unwrap();
        let mut ev = Events::disabled();
        for _ in 0..3000 {
            if g.outcome().is_some() || g.phase == Phase::Over {
                break;
            }
            let Some(p) = (0..players).find(|&p| g.to_act().contains(p)) else { break };
            let l = legal(&g, &r, p);
            assert!(!l.is_empty(), "seed {seed}: seat {p} to act with no legal action: {:?}", g.pending.first());
            assert!(l.iter().all(|a| space.contains(a)), "seed {seed}: a code outside the action space: {l:?}");
            let a = if seed % 2 == 0 {
                l[rng.index(l.len())]
            } else {
                crate::bots::Bot::act(&mut bot, &r, &g, p, &l, &mut rng)
            };
            used += usize::from(matches!(split(a).0, GEN_EVENT..=GEN_MODE | GEN_POWER));
            g.apply(&r, p, a, &mut ev).unwrap();
            g.validate(&r).unwrap_or_else(|e| panic!("seed {seed}: {e}"));
        }
    }
    assert!(used >= 30, "the records' decisions were used {used} times");
}
