//! "Risposte Salva", the save side: save windows, declined saves, "cannot be saved" and the responses after a
//! save.

use super::helpers::*;
use super::interrupt_tests::{greyjoy_rules, play_aryas_revenge, quiet_scenario};
use crate::engine::Events;
use crate::games::agot_ccg::cards::{INT, MIL};
use crate::games::agot_ccg::rules::actions::*;
use crate::games::agot_ccg::state::{At, Pending, Phase};

/// "Risposte Salva/Cancella": a save stops a kill; nothing happens to the card. Thrice-Drowned Veteran kneels 2
/// influence to save itself; Gorold's Avenger then stands and gets +2 STR ("after a character is saved").
#[test]
fn risposte_salva_thrice_drowned_veteran_and_gorolds_avenger() {
    let r = greyjoy_rules();
    let mut g = scenario(&r, Phase::Challenges, ["U224", "U224"]);
    let keep = put(&mut g, &r, 0, "G37");
    let vet = put(&mut g, &r, 1, "G12");
    let coast = put(&mut g, &r, 1, "G37");
    let gorold = put(&mut g, &r, 1, "G46");
    g.seats[1].play[2].kneeling = true;
    play_aryas_revenge(&mut g, &r, keep, vet);
    assert!(matches!(g.pending.first(), Some(Pending::SaveWindow { seat: 1, kill: true, .. })));
    assert_eq!(legal(&g, &r, 1), vec![code(SAVE_CARD, 0, usize::from(vet)), code(DONE, 0, 0)]);
    act(&mut g, &r, 1, code(SAVE_CARD, 0, usize::from(vet)));
    act(&mut g, &r, 1, code(PAY, 0, usize::from(coast)));
    assert!(g.locate(vet).is_some() && g.seats[1].dead.is_empty(), "saved: it stays in play");
    act(&mut g, &r, 1, code(YES, 0, 0));
    assert!(!card(&g, gorold).kneeling);
    assert_eq!(g.strength(&r, 1, card(&g, gorold)), 4 + 1, "2 printed, +2 until the end of the phase, +1 plot");
}

/// "Risposte Salva/Cancella": passing the save window lets the kill happen; Kiss of Life (discard it, it cannot be
/// be saved) saves the character it is attached to.
#[test]
fn risposte_salva_declined_save_and_kiss_of_life() {
    let r = greyjoy_rules();
    let mut g = scenario(&r, Phase::Challenges, ["U224", "U224"]);
    let keep = put(&mut g, &r, 0, "G37");
    let vet = put(&mut g, &r, 1, "G12");
    put(&mut g, &r, 1, "G37");
    play_aryas_revenge(&mut g, &r, keep, vet);
    act(&mut g, &r, 1, code(DONE, 0, 0));
    assert!(g.locate(vet).is_none() && g.seats[1].dead == vec![id(&r, "G12")]);

    let mut g = scenario(&r, Phase::Challenges, ["U224", "U224"]);
    let keep = put(&mut g, &r, 0, "G37");
    let axe = put(&mut g, &r, 1, "U72");
    attach(&mut g, &r, axe, "G20", 1);
    play_aryas_revenge(&mut g, &r, keep, axe);
    assert_eq!(legal(&g, &r, 1), vec![code(SAVE_ATTACHMENT, 0, usize::from(axe)), code(DONE, 0, 0)]);
    act(&mut g, &r, 1, code(SAVE_ATTACHMENT, 0, usize::from(axe)));
    assert!(g.locate(axe).is_some() && card(&g, axe).attachments.is_empty());
    assert_eq!(g.seats[1].discard, vec![id(&r, "G20")]);
}

/// "Risposte Salva/Cancella" and "Sfide militari con un alto valore di Rivendicazione": Jon Snow kills another
/// Night's Watch character (which cannot be saved) to save himself from a military claim; the saved pick still
/// counts against the claim.
#[test]
fn risposte_salva_jon_snow_in_a_military_claim() {
    let r = greyjoy_rules();
    let mut g = scenario(&r, Phase::Challenges, ["U224", "U224"]);
    let att = put(&mut g, &r, 0, "C11");
    let jon = put(&mut g, &r, 1, "R134");
    let brother = put(&mut g, &r, 1, "C145");
    attach(&mut g, &r, brother, "G20", 1);
    challenge(&mut g, &r, 0, MIL, 1, &[att], &[]);
    assert!(matches!(g.pending.first(), Some(Pending::Kill { seat: 1, .. })));
    act(&mut g, &r, 1, code(KILL, 0, usize::from(jon)));
    let j = g.seats[1].play.iter().position(|c| c.uid == brother).unwrap();
    assert_eq!(legal(&g, &r, 1), vec![code(SAVE_CARD, j + 1, usize::from(jon)), code(DONE, 0, 0)]);
    act(&mut g, &r, 1, code(SAVE_CARD, j + 1, usize::from(jon)));
    assert!(g.locate(jon).is_some(), "Jon is saved");
    assert!(g.locate(brother).is_none(), "the cost: killed, and Kiss of Life was not offered to save it");
    assert!(!g.pending.iter().any(|p| matches!(p, Pending::Kill { .. })), "claim 1 is used by the saved pick");
}

/// "When revealed" (research §3.5) with "cannot be saved": Winter has Come kills every character when its player
/// has 2 The Others plots in his used pile; no duplicate save and no save window are offered.
#[test]
fn fase_trama_winter_has_come_kills_every_character_unsaved() {
    let r = greyjoy_rules();
    let mut g = scenario(&r, Phase::Plot, ["U224", "U224"]);
    g.seats[0].plots = vec![id(&r, "R239"), id(&r, "R231")];
    g.seats[0].used = vec![id(&r, "R234"), id(&r, "R234")];
    g.seats[1].plots = vec![id(&r, "R231")];
    let ned = put(&mut g, &r, 0, "U6");
    g.seats[0].play[0].dupes.push(id(&r, "U6"));
    let vet = put(&mut g, &r, 1, "G12");
    put(&mut g, &r, 1, "G37");
    let castle = put(&mut g, &r, 1, "R18");
    let i = g.seats[0].plots.iter().position(|&p| p == id(&r, "R239")).unwrap();
    act(&mut g, &r, 0, code(PLOT, i, 0));
    act(&mut g, &r, 1, code(PLOT, 0, 0));
    let f = g.first;
    act(&mut g, &r, f, code(FIRST, 0, 0));
    assert!(g.locate(ned).is_none() && g.locate(vet).is_none(), "{:?}", g.pending);
    assert!(g.locate(castle).is_some(), "characters only");
    assert!(!g.pending.iter().any(|p| matches!(p, Pending::SaveWindow { .. } | Pending::Respond { .. })));
}

/// "Cannot be saved": Tidal Wave discards a location from play; its duplicate is not offered to save it.
#[test]
fn risposte_salva_tidal_wave_discards_a_location_unsaved() {
    let r = greyjoy_rules();
    let mut g = scenario(&r, Phase::Challenges, ["U224", "U224"]);
    g.first = 1;
    let red = put(&mut g, &r, 1, "G37");
    let castle = put(&mut g, &r, 0, "R18");
    g.seats[0].play[0].dupes.push(id(&r, "R18"));
    g.seats[1].hand = vec![id(&r, "C207")];
    g.open_window(At::Challenges);
    assert_eq!(g.actor(), Some(1));
    assert!(!legal(&g, &r, 1).contains(&code(EVENT, 0, usize::from(red))), "The Red Keep is immune to events");
    act(&mut g, &r, 1, code(EVENT, 0, usize::from(castle)));
    act(&mut g, &r, 1, code(INFLUENCE, 0, usize::from(red)));
    assert!(g.locate(castle).is_none());
    assert!(g.pending.is_empty(), "no duplicate save: {:?}", g.pending);
    assert_eq!(g.seats[0].dead.iter().filter(|&&c| c == id(&r, "R18")).count(), 2, "deathbound: both to the dead pile");
}

/// "Cannot be saved" costs after a win: Wildling Scout is discarded (no save window for it, not even Kiss of Life)
/// to choose and kill a character with STR 3 or less, which may be saved; Wildling Messenger draws 3.
#[test]
fn risposte_wildlings_discard_themselves_after_a_win() {
    let r = greyjoy_rules();
    let mut g = scenario(&r, Phase::Challenges, ["U224", "U224"]);
    let scout = put(&mut g, &r, 0, "C152");
    attach(&mut g, &r, scout, "G20", 0);
    let axe = put(&mut g, &r, 1, "U72");
    g.seats[1].play[0].kneeling = true;
    let bigger = put(&mut g, &r, 1, "G12");
    g.seats[1].play[1].kneeling = true;
    let _ = bigger;
    challenge(&mut g, &r, 0, MIL, 1, &[scout], &[]);
    // Claim first (seat 1 kills one of his own), then the response.
    if matches!(g.pending.first(), Some(Pending::Kill { .. })) {
        act(&mut g, &r, 1, code(KILL, 0, usize::from(bigger)));
        if matches!(g.pending.first(), Some(Pending::SaveWindow { .. })) {
            act(&mut g, &r, 1, code(DONE, 0, 0));
        }
    }
    assert_eq!(legal(&g, &r, 0), vec![code(YES, 0, 0), code(DONE, 0, 0)], "{:?}", g.pending);
    act(&mut g, &r, 0, code(YES, 0, 0));
    assert!(g.locate(scout).is_none(), "discarded as the cost");
    assert!(g.seats[0].discard.contains(&id(&r, "C152")) && g.seats[0].discard.contains(&id(&r, "G20")));
    assert_eq!(legal(&g, &r, 0), vec![code(TARGET, 0, usize::from(axe))], "STR 3 or less, not immune");
    act(&mut g, &r, 0, code(TARGET, 0, usize::from(axe)));
    assert!(g.locate(axe).is_none());

    let mut g = scenario(&r, Phase::Challenges, ["U224", "U224"]);
    let messenger = put(&mut g, &r, 0, "C151");
    put(&mut g, &r, 1, "U72");
    g.seats[1].play[0].kneeling = true;
    g.seats[1].hand = vec![id(&r, "C13")];
    challenge(&mut g, &r, 0, INT, 1, &[messenger], &[]);
    let hand = g.seats[0].hand.len();
    act(&mut g, &r, 0, code(YES, 0, 0));
    assert_eq!(g.seats[0].hand.len(), hand + 3);
    assert!(g.locate(messenger).is_none());
}

/// "After a character is saved": Jaqen H'ghar kneels 2 influence to choose and kill a different character with STR
/// equal to or lower than the saved one's.
#[test]
fn risposte_jaqen_kills_after_a_save() {
    let r = greyjoy_rules();
    let mut g = scenario(&r, Phase::Challenges, ["U224", "U224"]);
    let keep = put(&mut g, &r, 0, "G37");
    let jaqen = put(&mut g, &r, 0, "R135");
    let fief = put(&mut g, &r, 0, "C155");
    let ned = put(&mut g, &r, 0, "U6");
    let vet = put(&mut g, &r, 1, "G12");
    let red = put(&mut g, &r, 1, "G37");
    play_aryas_revenge(&mut g, &r, keep, vet);
    act(&mut g, &r, 1, code(SAVE_CARD, 0, usize::from(vet)));
    act(&mut g, &r, 1, code(PAY, 0, usize::from(red)));
    assert!(matches!(g.pending.first(), Some(Pending::Respond { seat: 0, .. })), "{:?}", g.pending);
    act(&mut g, &r, 0, code(YES, 0, 0));
    act(&mut g, &r, 0, code(PAY, 0, usize::from(fief)));
    let targets = legal(&g, &r, 0);
    assert!(!targets.contains(&code(TARGET, 0, usize::from(vet))), "a different character");
    assert!(!targets.contains(&code(TARGET, 0, usize::from(ned))), "Eddard's STR 5 is above the Veteran's 4");
    assert!(targets.contains(&code(TARGET, 0, usize::from(jaqen))));
}

/// "Cannot be saved": Forever Plundering makes a character unsaveable until the end of the phase (its duplicate is
/// not offered), and comes back from the dead pile to the hand (Endless). Robert's Deathbed is discarded when knelt
/// for influence.
#[test]
fn risposte_salva_forever_plundering_and_roberts_deathbed() {
    let r = rules_with(r#"{"decks": ["greyjoy", "stark"], "round_limit": 30}"#);
    let mut g = quiet_scenario(&r, Phase::Marshal, ["U224", "U224"]);
    let bed = put(&mut g, &r, 0, "R162");
    let ned = put(&mut g, &r, 1, "U6");
    g.seats[1].play[0].dupes.push(id(&r, "U6"));
    g.seats[0].hand = vec![id(&r, "U174"), id(&r, "U72")];
    g.seats[0].gold = 5; // something to marshal keeps the marshalling phase open
    act(&mut g, &r, 0, code(EVENT, 0, usize::from(ned)));
    assert_eq!(g.phase, Phase::Marshal);
    assert!(g.seats[0].dead.contains(&id(&r, "U174")), "deathbound");
    let mut ev = Events::new();
    g.kill(&r, ned, true, &mut ev);
    assert!(
        g.locate(ned).is_none() && g.pending.is_empty(),
        "no duplicate save this phase: {:?} {:?}",
        g.pending,
        g.no_save
    );
    g.phase = Phase::Dominance;
    g.open_window(At::Dominance);
    act(&mut g, &r, 0, code(ENDLESS, 0, 0));
    act(&mut g, &r, 0, code(PAY, 0, usize::from(bed)));
    assert!(g.seats[0].hand.contains(&id(&r, "U174")), "Endless: back to the hand");
    assert!(g.locate(bed).is_none() && g.seats[0].discard.contains(&id(&r, "R162")), "the Deathbed is discarded");
}

/// "Risposte Salva/Cancella", a save from hand with a "then": Terrorize the Shores saves a Greyjoy character for 1
/// influence, then searches any discard pile for an attachment to put on it (the player may find none).
#[test]
fn risposte_salva_terrorize_the_shores() {
    let r = greyjoy_rules();
    let mut g = quiet_scenario(&r, Phase::Challenges, ["U224", "U224"]);
    let keep = put(&mut g, &r, 0, "G37");
    let fief = put(&mut g, &r, 1, "C160");
    let axe = put(&mut g, &r, 1, "U72");
    g.seats[1].hand = vec![id(&r, "G41")];
    g.seats[0].discard = vec![id(&r, "C64")];
    play_aryas_revenge(&mut g, &r, keep, axe);
    assert_eq!(legal(&g, &r, 1), vec![code(SAVE_EVENT, 0, 0), code(DONE, 0, 0)]);
    act(&mut g, &r, 1, code(SAVE_EVENT, 0, 0));
    act(&mut g, &r, 1, code(PAY, 0, usize::from(fief)));
    assert!(g.locate(axe).is_some());
    assert_eq!(legal(&g, &r, 1), vec![code(ATTACH_DISCARD, 0, 0), code(DONE, 0, 0)]);
    act(&mut g, &r, 1, code(ATTACH_DISCARD, 0, 0));
    assert_eq!(card(&g, axe).attachments, vec![(id(&r, "C64"), 0)], "Ironborn's Strength, still its owner's card");
    assert!(g.seats[0].discard.is_empty() && g.seats[1].discard == vec![id(&r, "G41")]);
}
