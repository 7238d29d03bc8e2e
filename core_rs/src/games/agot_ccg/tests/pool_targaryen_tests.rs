//! The Targaryen records of the pool (Dragons and their Hatchlings, Meereen, the Dothraki) and Defend the Queen,
//! played on a Queensguard.

use super::helpers::*;
use super::pool_houses_tests::{picks, plaza_offered};
use crate::engine::{Events, Player};
use crate::games::agot_ccg::cards::vocab::To;
use crate::games::agot_ccg::cards::MIL;
use crate::games::agot_ccg::rules::actions::*;
use crate::games::agot_ccg::state::{AgotCcg, At, Pending, Phase};

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
