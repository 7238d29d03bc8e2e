//! One test per rule of the rulebook, named after its section (Italian titles, translated in the doc comment).

use super::helpers::*;
use crate::engine::{snapshot, Events, Game, Viewer};
use crate::games::agot_ccg::cards::{INT, MIL, POW};
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

/// "Fase 1: Trama": plots are chosen in secret and revealed together; the last plot brings back the used ones.
#[test]
fn fase_1_trama_secret_choice_and_used_pile_returns() {
    let r = rules();
    let mut g = scenario(&r, Phase::Plot, ["U224", "U227"]);
    g.seats[0].plots = vec![id(&r, "U240"), id(&r, "R231")];
    g.seats[0].used = vec![id(&r, "T54")];
    assert_eq!(g.to_act().len(), 2, "both choose at once");
    act(&mut g, &r, 0, code(PLOT, 1, 0));
    let v1 = g.view(&r, Viewer::Player(1));
    assert!(v1.seats[0].plot_chosen && v1.seats[0].my_plot.is_none());
    assert_eq!(v1.seats[0].plot, Some(id(&r, "U224")), "the last round's plot still shows");
    assert_eq!(g.view(&r, Viewer::Player(0)).seats[0].my_plot, Some(id(&r, "R231")));
    act(&mut g, &r, 1, code(PLOT, 0, 0));
    assert_eq!(g.seats[0].plot, Some(id(&r, "R231")));
    assert_eq!(g.seats[0].used, vec![id(&r, "T54"), id(&r, "U224")], "the previous plot goes to the used pile");
    assert_eq!(g.seats[0].plots, vec![id(&r, "U240")]);
}

/// "Fase 1: Trama": revealing the last plot returns every used plot to the plot deck.
#[test]
fn fase_1_trama_last_plot_returns_used_plots() {
    let r = rules();
    let mut g = scenario(&r, Phase::Plot, ["U224", "U227"]);
    g.seats[0].plots = vec![id(&r, "U240")];
    g.seats[0].used = vec![id(&r, "T54"), id(&r, "G54")];
    act(&mut g, &r, 0, code(PLOT, 0, 0));
    act(&mut g, &r, 1, code(PLOT, 0, 0));
    assert_eq!(g.seats[0].plot, Some(id(&r, "U240")));
    assert_eq!(g.seats[0].plots.len(), 3, "the two used plots and For Love of Duty return");
    assert!(g.seats[0].used.is_empty());
}

/// "Fase 1: Trama": the highest initiative chooses the first player; a tie goes to the lower power.
#[test]
fn fase_1_trama_initiative_and_tie_to_lower_power() {
    let r = rules();
    let mut g = scenario(&r, Phase::Plot, ["U224", "U227"]);
    g.seats[0].plots = vec![id(&r, "U240"), id(&r, "R231")]; // initiative 4, 5
    g.seats[1].plots = vec![id(&r, "R226"), id(&r, "T49")]; // 5, 4
    act(&mut g, &r, 0, code(PLOT, 0, 0));
    act(&mut g, &r, 1, code(PLOT, 0, 0));
    assert_eq!(g.phase, Phase::FirstPlayer);
    assert_eq!(g.to_act().iter().collect::<Vec<_>>(), vec![1], "initiative 5 beats 4");
    act(&mut g, &r, 1, code(FIRST, 0, 0));
    assert_eq!(g.first, 0, "the winner may make another player first");
    let mut g = scenario(&r, Phase::Plot, ["U224", "U227"]);
    g.seats[0].plots = vec![id(&r, "R231")];
    g.seats[1].plots = vec![id(&r, "R226")];
    g.seats[0].house_power = 3;
    act(&mut g, &r, 0, code(PLOT, 0, 0));
    act(&mut g, &r, 1, code(PLOT, 0, 0));
    assert_eq!(g.to_act().iter().collect::<Vec<_>>(), vec![1], "tie at 5: the player with less power");
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

/// "Sequenza del turno" worked example: both reveal plots, both draw 2; the first player marshals, then the
/// other; the first player makes his challenges, then the other; dominance and standing for both.
#[test]
fn sequenza_del_turno_worked_example() {
    let r = rules();
    let mut g = scenario(&r, Phase::Plot, ["U224", "U227"]);
    g.seats[0].plots = vec![id(&r, "R231")]; // initiative 5
    g.seats[1].plots = vec![id(&r, "T49")]; // 4
                                            // Something to decide in every step: an affordable card on top of each deck, a character each.
    g.seats[0].deck.push(id(&r, "C13"));
    g.seats[1].deck.push(id(&r, "C36"));
    put(&mut g, &r, 0, "C15");
    put(&mut g, &r, 1, "C30");
    let hands: Vec<usize> = g.seats.iter().map(|s| s.hand.len()).collect();
    act(&mut g, &r, 0, code(PLOT, 0, 0));
    act(&mut g, &r, 1, code(PLOT, 0, 0));
    act(&mut g, &r, 0, code(FIRST, 0, 0));
    assert_eq!(g.seats[0].hand.len(), hands[0] + 2);
    assert_eq!(g.seats[1].hand.len(), hands[1] + 2);
    assert_eq!((g.phase, g.actor()), (Phase::Marshal, Some(0)));
    act(&mut g, &r, 0, code(DONE, 0, 0));
    assert_eq!(g.actor(), Some(1));
    act(&mut g, &r, 1, code(DONE, 0, 0));
    assert_eq!((g.phase, g.actor()), (Phase::Challenges, Some(0)));
    act(&mut g, &r, 0, code(DONE, 0, 0));
    assert_eq!(g.actor(), Some(1));
    act(&mut g, &r, 1, code(DONE, 0, 0));
    assert_eq!(g.phase, Phase::Plot, "dominance and standing ran, a new round begins");
    assert_eq!(g.round, 2);
}

/// "Fase 2: Acquisizione": 2 cards each; a player with an empty House deck draws nothing and goes on playing.
#[test]
fn fase_2_acquisizione_empty_deck() {
    let r = rules();
    let mut g = scenario(&r, Phase::Plot, ["U224", "U227"]);
    g.seats[0].plots = vec![id(&r, "R231")];
    g.seats[1].plots = vec![id(&r, "T49")];
    g.seats[1].deck.clear();
    g.seats[0].deck.push(id(&r, "C13")); // seat 0 has a choice to make in marshalling
    act(&mut g, &r, 0, code(PLOT, 0, 0));
    act(&mut g, &r, 1, code(PLOT, 0, 0));
    act(&mut g, &r, 0, code(FIRST, 0, 0));
    assert_eq!(g.seats[1].hand.len(), 0);
    assert_eq!(g.seats[0].hand.len(), 2);
    assert_eq!(g.phase, Phase::Marshal);
}

/// "Fase 3: Schieramento": income is plot gold plus bonuses counted when the player's marshalling begins;
/// gold left over is lost; a card of another House costs 2 more, a neutral card does not.
#[test]
fn fase_3_schieramento_income_penalty_and_lost_gold() {
    let r = rules();
    let mut g = scenario(&r, Phase::Marshal, ["U224", "U227"]);
    g.seats[0].gold = 6;
    g.seats[0].hand = vec![id(&r, "C36"), id(&r, "C157"), id(&r, "C13")];
    g.seats[1].hand = vec![id(&r, "C36")];
    assert_eq!(g.marshal_cost(&r, 0, id(&r, "C36"), 0), 4, "Lannister card in a Stark deck: +2");
    assert_eq!(g.marshal_cost(&r, 0, id(&r, "C157"), 0), 2, "neutral: no penalty");
    act(&mut g, &r, 0, code(MARSHAL, 1, 0)); // Crossroads: +1 gold, but only from the next marshalling on
    assert_eq!(g.seats[0].gold, 4);
    act(&mut g, &r, 0, code(DONE, 0, 0));
    assert_eq!(g.seats[0].gold, 0, "unspent gold is lost");
    assert_eq!(g.seats[1].gold, 5, "Hear Me Roar's gold counted at the start of seat 1's marshalling");
}

/// "Fase 4: Sfide": up to one challenge of each type, in any order, against any opponent (4 players).
#[test]
fn fase_4_sfide_one_of_each_type_against_any_opponent() {
    let r = rules_with(r#"{"decks": ["stark", "lannister", "baratheon", "targaryen"], "round_limit": 30}"#);
    let mut g = AgotCcg::new(&r, 4, 5).unwrap();
    for s in 0..4 {
        let seat = &mut g.seats[s];
        seat.deck.append(&mut seat.hand);
        seat.plot = Some(id(&r, "U224"));
    }
    g.first = 0;
    g.phase = Phase::Challenges;
    let a = put(&mut g, &r, 0, "U6");
    let b = put(&mut g, &r, 0, "C11");
    let opps = of_kind(&g, &r, 0, CHALLENGE);
    assert_eq!(opps.len(), 6, "military and power against each of 3 opponents (no intrigue icon)");
    challenge(&mut g, &r, 0, MIL, 3, &[a], &[]);
    let after = of_kind(&g, &r, 0, CHALLENGE);
    assert_eq!(after.len(), 3, "military is used up");
    challenge(&mut g, &r, 0, POW, 2, &[b], &[]);
    assert!(of_kind(&g, &r, 0, CHALLENGE).is_empty());
}

/// "Fase 5: Predominio": the highest total STR of standing characters claims 1 power; a tie gives none.
#[test]
fn fase_5_predominio_standing_strength_and_ties() {
    let r = rules();
    let mut g = scenario(&r, Phase::Challenges, ["U224", "U227"]);
    put(&mut g, &r, 0, "C11"); // 4 + 1
    let k = put(&mut g, &r, 1, "C32"); // 4 - 1 (Hear Me Roar: no intrigue icon)
    put(&mut g, &r, 1, "C36"); // 2
    g.turn = 2; // all challenges done
    let mut ev = Events::new();
    g.advance(&r, &mut ev);
    assert_eq!(g.seats[0].house_power, 0, "5 against 5: nobody");
    let mut g2 = scenario(&r, Phase::Challenges, ["U224", "U227"]);
    put(&mut g2, &r, 0, "C11");
    put(&mut g2, &r, 1, "C32");
    let c = put(&mut g2, &r, 1, "C36");
    g2.seats[1].play[1].kneeling = true;
    let _ = (k, c);
    g2.turn = 2;
    g2.advance(&r, &mut ev);
    assert_eq!(g2.seats[0].house_power, 1, "kneeling characters do not count");
}

/// "Fase 6: Rialzamento": every kneeling card stands.
#[test]
fn fase_6_rialzamento_all_stand() {
    let r = rules();
    let mut g = scenario(&r, Phase::Standing, ["U224", "U227"]);
    put(&mut g, &r, 0, "C11");
    put(&mut g, &r, 1, "C157");
    g.seats[0].play[0].kneeling = true;
    g.seats[1].play[0].kneeling = true;
    let mut ev = Events::new();
    g.advance(&r, &mut ev);
    assert!(g.seats.iter().all(|s| s.play.iter().all(|c| !c.kneeling)));
    assert_eq!(g.phase, Phase::Plot);
}

/// "Risoluzione delle sfide, 3": a tie goes to the attacker.
#[test]
fn risoluzione_tie_goes_to_attacker() {
    let r = rules();
    let mut g = scenario(&r, Phase::Challenges, ["U224", "U224"]);
    let a = put(&mut g, &r, 0, "C56"); // 2 + 1
    let d = put(&mut g, &r, 1, "C30"); // 2 + 1
    challenge(&mut g, &r, 0, MIL, 1, &[a], &[d]);
    assert!(matches!(g.pending.first(), Some(Pending::Kill { seat: 1, left: 1, .. })), "attacker won: claim");
}

/// "Risoluzione delle sfide, 3": no side wins with total STR below 1.
#[test]
fn risoluzione_no_winner_below_one_strength() {
    let r = rules();
    let mut g = scenario(&r, Phase::Challenges, ["R234", "U227"]); // The Wraiths Appear: -2
    let a = put(&mut g, &r, 0, "C13"); // 1 - 2 -> 0
    challenge(&mut g, &r, 0, MIL, 1, &[a], &[]);
    assert!(g.pending.is_empty() && g.seats[0].house_power == 0, "STR 0 wins nothing, not even unopposed");
}

/// "Sfida militare": the loser kills as many characters as the claim; "Sfide militari con un alto valore di
/// Rivendicazione": different characters.
#[test]
fn sfida_militare_claim_kills_different_characters() {
    let r = rules();
    let mut g = scenario(&r, Phase::Challenges, ["U240", "U227"]); // Winter is Coming: claim 2
    let a = put(&mut g, &r, 0, "C11");
    let v1 = put(&mut g, &r, 1, "U25");
    let v2 = put(&mut g, &r, 1, "C36");
    g.seats[1].play[1].kneeling = true;
    g.seats[1].play[0].dupes.push(id(&r, "U25"));
    challenge(&mut g, &r, 0, MIL, 1, &[a], &[]);
    assert_eq!(of_kind(&g, &r, 1, KILL).len(), 2, "not necessarily participants");
    act(&mut g, &r, 1, code(KILL, 0, usize::from(v1)));
    act(&mut g, &r, 1, code(YES, 0, 0)); // Jaime saved by his duplicate
    let l = of_kind(&g, &r, 1, KILL);
    assert_eq!(l, vec![code(KILL, 0, usize::from(v2))], "Jaime cannot be picked twice");
    act(&mut g, &r, 1, l[0]);
    assert!(g.locate(v2).is_none() && g.locate(v1).is_some());
}

/// "Sfida di intrigo": the loser discards claim cards from hand at random.
#[test]
fn sfida_di_intrigo_random_discard() {
    let r = rules();
    let mut g = scenario(&r, Phase::Challenges, ["U224", "U227"]);
    let a = put(&mut g, &r, 1, "C36");
    g.seats[0].hand = vec![id(&r, "C13"), id(&r, "C15"), id(&r, "C11")];
    g.first = 1;
    challenge(&mut g, &r, 1, INT, 0, &[a], &[]);
    assert_eq!(g.seats[0].hand.len(), 2);
    assert_eq!(g.seats[0].discard.len(), 1);
}

/// "Sfida di potere": the loser moves claim power from his House card to the winner's.
#[test]
fn sfida_di_potere_moves_house_power() {
    let r = rules();
    let mut g = scenario(&r, Phase::Challenges, ["U216", "U227"]); // Break Their Defense: claim 2, no unopposed
    let a = put(&mut g, &r, 0, "C11");
    g.seats[1].house_power = 3;
    challenge(&mut g, &r, 0, POW, 1, &[a], &[]);
    assert_eq!((g.seats[0].house_power, g.seats[1].house_power), (2, 1));
}

/// "E se vince il difensore?": nothing happens when the defender wins.
#[test]
fn vince_il_difensore_nothing_happens() {
    let r = rules();
    let mut g = scenario(&r, Phase::Challenges, ["U224", "U224"]);
    let a = put(&mut g, &r, 0, "C13");
    let d = put(&mut g, &r, 1, "C32");
    g.seats[1].house_power = 2;
    challenge(&mut g, &r, 0, MIL, 1, &[a], &[d]);
    assert!(g.pending.is_empty());
    assert_eq!((g.seats[0].house_power, g.seats[1].house_power), (0, 2));
}

/// "Sfide incontrastate": no defender (or defending STR 0): the attacker claims 1 more power.
#[test]
fn sfide_incontrastate_one_more_power() {
    let r = rules();
    let mut g = scenario(&r, Phase::Challenges, ["U224", "R234"]); // Wraiths: all characters -2
    let a = put(&mut g, &r, 0, "C11");
    let d = put(&mut g, &r, 1, "C30");
    challenge(&mut g, &r, 0, MIL, 1, &[a], &[d]);
    let kill = of_kind(&g, &r, 1, KILL)[0];
    act(&mut g, &r, 1, kill);
    assert_eq!(g.seats[0].house_power, 1, "defending STR 0 counts as unopposed");
}

/// "Potere e vittoria": 15 power (House plus characters) wins at once; power on a character leaving play is lost.
#[test]
fn potere_e_vittoria_fifteen_wins_and_character_power_is_lost() {
    let r = rules();
    let mut g = scenario(&r, Phase::Challenges, ["U224", "U227"]);
    let ned = put(&mut g, &r, 0, "U6");
    g.seats[0].house_power = 10;
    g.seats[0].play[0].power = 3;
    let mut ev = Events::new();
    g.kill(&r, ned, true, &mut ev);
    assert_eq!(g.power(0), 10, "Eddard's power returned to the pool");
    g.seats[0].house_power = 14;
    let a = put(&mut g, &r, 0, "C11");
    challenge(&mut g, &r, 0, POW, 1, &[a], &[]);
    assert_eq!(g.phase, Phase::Over);
    assert_eq!(g.outcome().unwrap().winners.iter().collect::<Vec<_>>(), vec![0]);
}

/// "Mortale" (deadly): more deadly attackers than deadly defenders: the defender kills one defending character.
#[test]
fn mortale_defender_kills_a_defender() {
    let r = rules();
    let mut g = scenario(&r, Phase::Challenges, ["U224", "U224"]);
    let a = put(&mut g, &r, 0, "C11"); // deadly
    let d1 = put(&mut g, &r, 1, "C30");
    let d2 = put(&mut g, &r, 1, "C32"); // deadly, 4 + 1
    let other = put(&mut g, &r, 1, "U35");
    challenge(&mut g, &r, 0, MIL, 1, &[a], &[d1]);
    // Defender won? 5 vs 3: attacker wins, claim 1 first.
    act(&mut g, &r, 1, code(KILL, 0, usize::from(other)));
    let l = of_kind(&g, &r, 1, KILL);
    assert_eq!(l, vec![code(KILL, 0, usize::from(d1))], "deadly: a defending character");
    act(&mut g, &r, 1, l[0]);
    assert!(g.locate(d1).is_none() && g.locate(d2).is_some());
    // Equal deadly counts (1 against 1): no deadly kill; the tie goes to the attacker (power claim).
    let mut g = scenario(&r, Phase::Challenges, ["U224", "U224"]);
    let a = put(&mut g, &r, 0, "C11");
    let d = put(&mut g, &r, 1, "C32");
    challenge(&mut g, &r, 0, POW, 1, &[a], &[d]);
    assert!(g.pending.is_empty() && g.locate(d).is_some());
}

/// "Vincolo mortale" (deathbound): a card that would go to the discard pile goes to the dead pile.
#[test]
fn vincolo_mortale_discard_goes_to_dead_pile() {
    let r = rules();
    let mut g = scenario(&r, Phase::Challenges, ["U224", "U227"]);
    let mut ev = Events::new();
    g.to_discard(&r, 0, id(&r, "C19"), &mut ev);
    g.to_discard(&r, 0, id(&r, "C20"), &mut ev);
    assert_eq!(g.seats[0].dead, vec![id(&r, "C19")]);
    assert_eq!(g.seats[0].discard, vec![id(&r, "C20")]);
}

/// "Maledizione" (curse): five cursed cards in your dead pile eliminate you; the last player left wins;
/// everybody at once is a draw.
#[test]
fn maledizione_five_cursed_cards_eliminate() {
    let r = rules();
    let mut g = scenario(&r, Phase::Marshal, ["U224", "U227"]);
    g.seats[0].dead = vec![id(&r, "C19"); 4];
    let mut ev = Events::new();
    g.check_end(&r, &mut ev);
    assert_eq!(g.phase, Phase::Marshal);
    // Great Pyramid of Meereen: each opponent counts one more.
    put(&mut g, &r, 1, "R99");
    g.check_end(&r, &mut ev);
    assert_eq!(g.phase, Phase::Over);
    assert_eq!(g.winners, vec![1]);
    let mut g = scenario(&r, Phase::Marshal, ["U224", "U227"]);
    g.seats[0].dead = vec![id(&r, "C19"); 5];
    g.seats[1].dead = vec![id(&r, "C39"); 6];
    g.check_end(&r, &mut ev);
    assert_eq!(g.winners, vec![0, 1], "a draw");
}

/// "Immunità": an immune card cannot be chosen by what it is immune to (Jaime vs an opponent's character).
#[test]
fn immunita_cannot_be_chosen() {
    let r = rules();
    let mut g = scenario(&r, Phase::Marshal, ["U224", "U227"]);
    let jaime = put(&mut g, &r, 0, "U25");
    let serv = put(&mut g, &r, 0, "C98");
    let ned = put(&mut g, &r, 0, "U6");
    g.first = 1;
    g.seats[1].gold = 5;
    g.seats[1].hand = vec![id(&r, "C30")];
    act(&mut g, &r, 1, code(MARSHAL, 0, 0));
    let l = of_kind(&g, &r, 1, KNEEL);
    assert!(l.contains(&code(KNEEL, 0, usize::from(ned))));
    assert!(!l.contains(&code(KNEEL, 0, usize::from(jaime))), "immune to opponents' character abilities");
    assert!(!l.contains(&code(KNEEL, 0, usize::from(serv))), "immune to character abilities");
}

/// "Limitata": one Limited card per round (Taxation: one more limited location).
#[test]
fn limitata_one_per_round() {
    let r = rules();
    let mut g = scenario(&r, Phase::Marshal, ["U224", "U227"]);
    g.seats[0].gold = 9;
    g.seats[0].hand = vec![id(&r, "C20"), id(&r, "T35")];
    act(&mut g, &r, 0, code(MARSHAL, 0, 0));
    assert!(of_kind(&g, &r, 0, MARSHAL).is_empty());
    let mut g = scenario(&r, Phase::Marshal, ["T55", "U227"]);
    g.seats[0].gold = 9;
    g.seats[0].hand = vec![id(&r, "C20"), id(&r, "T35")];
    act(&mut g, &r, 0, code(MARSHAL, 0, 0));
    assert_eq!(of_kind(&g, &r, 0, MARSHAL).len(), 1, "Taxation: a second limited location");
}

/// "Nessun equipaggiamento": no attachment can go on such a card; duplicates still can.
#[test]
fn nessun_equipaggiamento() {
    let r = rules();
    let mut g = scenario(&r, Phase::Marshal, ["U224", "U227"]);
    let dog = put(&mut g, &r, 0, "R9");
    let hunt = put(&mut g, &r, 0, "C13");
    g.seats[0].gold = 5;
    g.seats[0].hand = vec![id(&r, "C128"), id(&r, "R9")];
    let l = of_kind(&g, &r, 0, MARSHAL);
    assert!(l.contains(&code(MARSHAL, 0, usize::from(hunt))));
    assert!(!l.contains(&code(MARSHAL, 0, usize::from(dog))));
    assert_eq!(of_kind(&g, &r, 0, DUPE).len(), 1);
}

/// "Fama" (renown): each participating renown character of the winner claims 1 power, defenders too.
#[test]
fn fama_winning_defender_claims() {
    let r = rules();
    let mut g = scenario(&r, Phase::Challenges, ["U224", "U224"]);
    g.first = 1;
    let a = put(&mut g, &r, 1, "C36");
    let ned = put(&mut g, &r, 0, "U6");
    challenge(&mut g, &r, 1, POW, 0, &[a], &[ned]);
    assert_eq!(card(&g, ned).power, 1);
}

/// "Furtività" (stealth): each stealth attacker makes one non-stealth character unable to defend.
#[test]
fn furtivita_bypasses_a_defender() {
    let r = rules();
    let mut g = scenario(&r, Phase::Challenges, ["U224", "U224"]);
    let a = put(&mut g, &r, 0, "C13");
    let d = put(&mut g, &r, 1, "C30");
    let s = put(&mut g, &r, 1, "C96");
    attach(&mut g, &r, s, "C132", 1); // Eastern Mercenary with an attachment has stealth
    act(&mut g, &r, 0, code(CHALLENGE, usize::from(MIL), 1));
    attack(&mut g, &r, 0, &[a]);
    let l = of_kind(&g, &r, 0, STEALTH);
    assert_eq!(l, vec![code(STEALTH, 0, usize::from(d))], "stealth characters cannot be chosen");
    act(&mut g, &r, 0, l[0]);
    assert!(!g.eligible_defenders(&r, 1).contains(&d));
}

/// "Limite di acquisizione di tre carte": at most 3 cards drawn by effects per round.
#[test]
fn limite_di_acquisizione_three_extra_cards() {
    let r = rules();
    let mut g = scenario(&r, Phase::Marshal, ["U224", "U227"]);
    let mut ev = Events::new();
    g.draw(0, 2, true, &mut ev);
    g.draw(0, 2, true, &mut ev);
    assert_eq!(g.seats[0].hand.len(), 3);
    g.draw(0, 2, false, &mut ev);
    assert_eq!(g.seats[0].hand.len(), 5, "the draw phase is not limited");
}

/// "Effetti duraturi" worked example: a STR 1 character with a -1 and a +1 lasting effect has STR 1; below 0
/// counts as 0.
#[test]
fn effetti_duraturi_sum_and_floor() {
    let r = rules();
    let mut g = scenario(&r, Phase::Challenges, ["U224", "U227"]);
    let h = put(&mut g, &r, 0, "C13"); // STR 1, no intrigue icon: +1 For Love of Duty, -1 Hear Me Roar
    assert_eq!(g.strength(&r, 0, card(&g, h)), 1);
    let mut g = scenario(&r, Phase::Challenges, ["R234", "U227"]);
    let h = put(&mut g, &r, 0, "C13"); // 1 - 2 - 1
    assert_eq!(g.strength(&r, 0, card(&g, h)), 0);
}

/// "Regole di creazione dei mazzi": exactly 7 different plots, at least 60 cards, at most 3 copies, no
/// "House X only" card of another House.
#[test]
fn regole_di_creazione_dei_mazzi() {
    let mut v: serde_json::Value = serde_json::from_str(&content()).unwrap();
    let ok = |v: &serde_json::Value| AgotCcg::ruleset(&v.to_string(), r#"{"decks": [], "round_limit": 5}"#).is_ok();
    assert!(ok(&v));
    let mut w = v.clone();
    w["decks"][0]["plots"].as_array_mut().unwrap().pop();
    assert!(!ok(&w), "6 plots");
    let mut w = v.clone();
    w["decks"][0]["cards"][0][1] = 4.into();
    assert!(!ok(&w), "4 copies");
    let mut w = v.clone();
    w["decks"][0]["cards"].as_array_mut().unwrap().pop();
    assert!(!ok(&w), "fewer than 60 cards");
    v["decks"][0]["plots"][0] = "U227".into(); // Hear Me Roar in the Stark deck
    assert!(!ok(&v), "House Lannister only");
}

/// Tournament time limit ("Come ci si prepara ai Tornei"): at the round limit the most power wins; equal
/// power shares the result.
#[test]
fn tornei_round_limit_most_power_wins() {
    let r = rules_with(r#"{"decks": ["stark", "lannister"], "round_limit": 1}"#);
    let mut g = scenario(&r, Phase::Standing, ["U224", "U227"]);
    g.seats[1].house_power = 4;
    let mut ev = Events::new();
    g.advance(&r, &mut ev);
    assert_eq!(g.winners, vec![1]);
    assert!(AgotCcg::ruleset(&content(), r#"{"decks": [], "round_limit": 101}"#).is_err());
    assert!(AgotCcg::ruleset(&content(), r#"{"decks": ["dorne"], "round_limit": 9}"#).is_err());
    assert!(AgotCcg::ruleset(&content(), r#"{"decks": [], "round_limit": 9, "x": 1}"#).is_err());
}

#[test]
fn illegal_actions_change_nothing_and_views_hide_hands() {
    let r = rules();
    let g = AgotCcg::new(&r, 2, 9).unwrap();
    let before = snapshot::encode(&g);
    let mut h = g.clone();
    let mut ev = Events::new();
    let p = g.first;
    assert!(h.apply(&r, 1 - p, code(DONE, 0, 0), &mut ev).is_err());
    assert!(h.apply(&r, p, code(PLOT, 0, 0), &mut ev).is_err());
    assert_eq!(snapshot::encode(&h), before);
    let v = g.view(&r, Viewer::Player(0));
    assert!(v.seats[0].hand.is_some() && v.seats[1].hand.is_none());
    assert!(g.view(&r, Viewer::Public).seats.iter().all(|s| s.hand.is_none()));
}

#[test]
fn conformance_random_play_2_to_4_players() {
    let r = rules_with(r#"{"decks": [], "round_limit": 30}"#);
    for players in 2..=4 {
        assert!(crate::testing::check_random_play::<AgotCcg>(&r, players, 12, 5_000) > 0);
    }
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(64))]
    #[test]
    fn forged_states_never_panic(seed in 0u64..500, flips in proptest::collection::vec((0usize..4000, proptest::num::u8::ANY), 1..6)) {
        let r = rules();
        let g = AgotCcg::new(&r, 2, seed).unwrap();
        let mut bytes = snapshot::encode(&g);
        for (i, b) in flips {
            let n = bytes.len();
            bytes[i % n] = b;
        }
        crate::testing::check_forged_state::<AgotCcg>(&r, &bytes);
    }
}

#[test]
fn describe_and_bots_are_safe_for_any_seat_and_code() {
    let r = rules_with(r#"{"decks": [], "round_limit": 10}"#);
    for players in 2..=4u8 {
        let mut g = AgotCcg::new(&r, players, 3).unwrap();
        let mut rng = crate::rng::Rng::new(1);
        let mut ev = Events::disabled();
        for _ in 0..300 {
            if g.outcome().is_some() {
                break;
            }
            for seat in [0, players - 1, players, 15, 16, 255] {
                for kind in 0..22u32 {
                    for a in [code(kind, 0, 0), code(kind, 255, 65535), code(kind, 3, 7), code(kind, 1, 1)] {
                        let _ = g.describe(&r, seat, a);
                    }
                }
                let _ = g.view(&r, Viewer::Player(seat));
            }
            let p = g.to_act().iter().next().unwrap();
            let l = legal(&g, &r, p);
            let a = l[rng.index(l.len())];
            g.apply(&r, p, a, &mut ev).unwrap();
        }
    }
}

/// Conservation: each player's cards are exactly his deck, each in one place, so a save edited to copy a card
/// (or lose one) is refused on load.
#[test]
fn validate_refuses_a_card_in_two_places_or_missing() {
    let r = rules();
    let g = AgotCcg::new(&r, 2, 5).unwrap();
    assert_eq!(g.validate(&r), Ok(()));
    let mut bad = g.clone();
    let c = bad.seats[0].deck[0];
    bad.seats[0].hand.push(c);
    assert!(bad.validate(&r).unwrap_err().contains("exactly one place"));
    let mut bad = g.clone();
    bad.seats[1].deck.pop();
    assert!(bad.validate(&r).is_err());
    let mut bad = g;
    let plot = bad.seats[0].plots[0];
    bad.seats[0].used.push(plot);
    assert!(bad.validate(&r).unwrap_err().contains("plots"));
}

/// "Ordine di gioco" (turn order): play goes clockwise from the first player; an eliminated player has no turn
/// (the order behind every phase's turns and every action window).
#[test]
fn turn_order_runs_clockwise_from_the_first_player_and_skips_the_eliminated() {
    let r = rules();
    let mut g = AgotCcg::new(&r, 4, 5).unwrap();
    g.first = 2;
    assert_eq!(&*g.order(), &[2, 3, 0, 1]);
    g.seats[3].eliminated = true;
    assert_eq!(&*g.order(), &[2, 0, 1]);
    assert_eq!(g.order().into_iter().rev().collect::<Vec<_>>(), vec![1, 0, 2]);
    assert_eq!((g.order().len(), g.order().get(3)), (3, None));
}
