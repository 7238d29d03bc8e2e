//! "Sequenza del turno" and its phases ("Fase 1: Trama" to "Fase 6: Rialzamento"), with the turn order.

use super::helpers::*;
use crate::engine::{Events, Game, Viewer};
use crate::games::agot_ccg::cards::{MIL, POW};
use crate::games::agot_ccg::rules::actions::*;
use crate::games::agot_ccg::state::{AgotCcg, Phase};

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
