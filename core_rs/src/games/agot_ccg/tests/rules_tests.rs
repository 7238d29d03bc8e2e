//! One test per rule of the rulebook, named after its section (Italian titles, translated in the doc comment).
//! This file holds the basic concepts and setup; the round's phases are in `rules_round_tests`, challenges in
//! `rules_challenge_tests`, keywords in `rules_keyword_tests`, deck, tournament and engine-contract rules in
//! `rules_conformance_tests`.

use super::helpers::*;
use crate::engine::{Events, Game, Viewer};
use crate::games::agot_ccg::cards::{MIL, POW};
use crate::games::agot_ccg::rules::actions::*;
use crate::games::agot_ccg::state::{AgotCcg, Pending, Phase};

/// "La regola d'oro" (the golden rule): card text beats the rulebook — attackers kneel, except under
/// Storm of Swords.
#[test]
fn regola_d_oro_card_text_beats_the_rulebook() {
    let r = rules();
    let mut g = scenario(&r, Phase::Challenges, ["R231", "R230"]); // seat 1: Safe Within the Walls
    let a = put(&mut g, &r, 0, "C11");
    let b = put(&mut g, &r, 0, "C56");
    put(&mut g, &r, 1, "C36"); // so that seat 1's challenges are a decision and the phase waits there
    challenge(&mut g, &r, 0, MIL, 1, &[a], &[]);
    assert!(!card(&g, a).kneeling, "Storm of Swords: no kneeling in military challenges");
    challenge(&mut g, &r, 0, POW, 1, &[b], &[]);
    assert!(card(&g, b).kneeling, "the rulebook's kneeling applies in power challenges");
}

/// "Inginocchiare e Rialzare" (kneeling and standing): only standing characters can be declared.
#[test]
fn inginocchiare_kneeling_characters_cannot_attack_or_defend() {
    let r = rules();
    let mut g = scenario(&r, Phase::Challenges, ["U224", "U227"]);
    let a = put(&mut g, &r, 0, "C11");
    put(&mut g, &r, 0, "C13");
    g.seats[0].play[1].kneeling = true;
    let d = put(&mut g, &r, 1, "C36");
    let d2 = put(&mut g, &r, 1, "C30");
    g.seats[1].play[1].kneeling = true;
    act(&mut g, &r, 0, code(CHALLENGE, usize::from(MIL), 1));
    assert_eq!(g.eligible_attackers(&r, 0), vec![a], "the kneeling Huntress cannot attack");
    assert_eq!(of_kind(&g, &r, 0, ATTACK_SET), vec![code(ATTACK_SET, 0, 1)]);
    attack(&mut g, &r, 0, &[a]);
    let l = g.eligible_defenders(&r, 1);
    assert!(!l.contains(&d2), "kneeling");
    assert!(!l.contains(&d), "Courtesan has no military icon");
}

/// "Ottenere Potere" (gaining power): House power goes on the House card, a character's on the character.
#[test]
fn ottenere_potere_house_and_character_power() {
    let r = rules();
    let mut g = scenario(&r, Phase::Challenges, ["U224", "U227"]);
    let ned = put(&mut g, &r, 0, "U6");
    challenge(&mut g, &r, 0, POW, 1, &[ned], &[]);
    assert_eq!(card(&g, ned).power, 1, "renown power sits on Eddard");
    assert_eq!(g.seats[0].house_power, 1, "unopposed power goes to the House card");
    assert_eq!(g.power(0), 2);
}

/// "Bonus al Tesoro" (gold bonus): a location's gold counts even while it is kneeling.
#[test]
fn bonus_al_tesoro_counts_while_kneeling() {
    let r = rules();
    let mut g = scenario(&r, Phase::Marshal, ["U224", "U227"]);
    put(&mut g, &r, 0, "C157");
    put(&mut g, &r, 0, "C158");
    g.seats[0].play[0].kneeling = true;
    assert_eq!(g.income(&r, 0), 5 + 1 + 2);
}

/// "Carte Equipaggiamento" (attachments): discarded when their card leaves play; placed on any player's card.
#[test]
fn carte_equipaggiamento_discarded_with_their_host() {
    let r = rules();
    let mut g = scenario(&r, Phase::Challenges, ["U224", "R231"]);
    let victim = put(&mut g, &r, 1, "C36");
    attach(&mut g, &r, victim, "C130", 1);
    attach(&mut g, &r, victim, "C128", 0);
    let before = g.seats[0].discard.len();
    let mut ev = Events::new();
    g.kill(&r, victim, true, &mut ev);
    assert!(g.locate(victim).is_none());
    assert_eq!(g.seats[1].discard, vec![id(&r, "C130")], "owner's discard pile");
    assert_eq!(g.seats[0].discard.len(), before + 1, "the attachment seat 0 owned goes to seat 0's pile");
    assert_eq!(g.seats[1].dead, vec![id(&r, "C36")]);
}

/// "Anatomia della carta, 1. Titolo" and "Carte uniche": one copy of a unique card in play per player, none
/// while a copy is in his dead pile.
#[test]
fn carte_uniche_one_copy_and_not_from_dead_pile() {
    let r = rules();
    let mut g = scenario(&r, Phase::Marshal, ["U224", "U227"]);
    g.seats[0].gold = 10;
    g.seats[0].hand = vec![id(&r, "U4")];
    assert_eq!(of_kind(&g, &r, 0, MARSHAL).len(), 1);
    g.seats[0].dead.push(id(&r, "U4"));
    assert!(of_kind(&g, &r, 0, MARSHAL).is_empty(), "a copy is in the dead pile");
    g.seats[0].dead.clear();
    put(&mut g, &r, 0, "U4");
    assert!(of_kind(&g, &r, 0, MARSHAL).is_empty());
    assert_eq!(of_kind(&g, &r, 0, DUPE).len(), 1, "but it may go on as a duplicate");
}

/// "Duplicati": a duplicate is placed for free in marshalling and can be discarded to save its card.
#[test]
fn duplicati_free_and_save_from_death() {
    let r = rules();
    let mut g = scenario(&r, Phase::Marshal, ["U224", "U227"]);
    let ned = put(&mut g, &r, 0, "U6");
    g.seats[0].gold = 0;
    g.seats[0].hand = vec![id(&r, "U6")];
    let dupe = of_kind(&g, &r, 0, DUPE)[0];
    act(&mut g, &r, 0, dupe);
    assert_eq!(card(&g, ned).dupes.len(), 1);
    let mut ev = Events::new();
    g.kill(&r, ned, true, &mut ev);
    assert!(matches!(g.pending.first(), Some(Pending::Respond { .. })), "the save is offered");
    act(&mut g, &r, 0, code(YES, 0, 0));
    assert!(g.locate(ned).is_some() && card(&g, ned).dupes.is_empty(), "saved, the duplicate is discarded");
    assert_eq!(g.seats[0].discard, vec![id(&r, "U6")], "the duplicate goes to the discard pile");
    assert!(g.seats[0].dead.is_empty());
}

/// "Prepararsi a giocare" 4-6: 7-card setup hand, up to 5 gold of characters and locations face down, one
/// Limited card, no two copies of a unique card, +2 gold out of House; revealed together, then draw to 7.
#[test]
fn prepararsi_setup_rules() {
    let r = rules();
    let mut g = AgotCcg::new(&r, 2, 3).unwrap();
    assert!(g.seats.iter().all(|s| s.hand.len() == 7));
    let p = g.first;
    let q = 1 - p;
    let ps = usize::from(p);
    g.seats[ps].hand = ["C20", "T35", "U4", "U4", "C11", "C36", "C128"].iter().map(|c| id(&r, c)).collect();
    if ps == 1 {
        // Seat 1 is Lannister: use a Lannister hand so the out-of-House test below holds.
        g.seats[ps].hand = ["C42", "T35", "U25", "U25", "C32", "U4", "C22"].iter().map(|c| id(&r, c)).collect();
    }
    let places = of_kind(&g, &r, p, SETUP_PLACE);
    assert!(!places.contains(&code(SETUP_PLACE, 6, 0)), "no attachments in setup");
    assert!(!places.contains(&code(SETUP_PLACE, 3, 0)), "one entry per title");
    act(&mut g, &r, p, code(SETUP_PLACE, 0, 0)); // a limited fiefdom, 1 gold
    assert!(!of_kind(&g, &r, p, SETUP_PLACE).contains(&code(SETUP_PLACE, 0, 0)), "second limited refused");
    act(&mut g, &r, p, code(SETUP_PLACE, 1, 0)); // unique character
    let l = of_kind(&g, &r, p, SETUP_PLACE);
    assert!(!l.contains(&code(SETUP_PLACE, 1, 0)), "no second copy of a unique card");
    // Out of House: seat 0 (Stark) pays 2+2 for Courtesan, seat 1 (Lannister) 3+2 for Arya.
    let out_of_house = if ps == 0 { id(&r, "C36") } else { id(&r, "U4") };
    assert!(g.setup_cost(&r, ps, out_of_house) >= 4);
    pass(&mut g, &r, p);
    let v = g.view(&r, Viewer::Player(q));
    assert_eq!(v.seats[ps].setup_count, 2);
    assert!(v.seats[ps].setup.is_none() && v.seats[ps].play.is_empty(), "face down until all have placed");
    pass(&mut g, &r, q);
    assert_eq!(g.seats[ps].play.len(), 2);
    assert!(g.seats.iter().all(|s| s.hand.len() == 7), "hands refill to 7");
    assert_eq!(g.phase, Phase::Plot);
}
