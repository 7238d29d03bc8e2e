//! Action windows, influence and the round limit: each test names its rulebook section.

use super::helpers::*;
use crate::engine::{Events, Game, Tally};
use crate::games::agot_ccg::cards::{MIL, POW};
use crate::games::agot_ccg::rules::actions::*;
use crate::games::agot_ccg::rules::flow::SAFEGUARD_ROUNDS;
use crate::games::agot_ccg::state::{At, Pending, Phase};

fn window_at(g: &crate::games::agot_ccg::state::AgotCcg) -> Option<At> {
    g.window.map(|w| w.at)
}

/// "Azioni e abilità passive" / "Giocatore attivo e primo giocatore": the first player may take the first action
/// of every phase, and actions may be taken during another player's turn. Keeper of the New Gods ("Qualunque
/// fase") is offered in the plot, draw, marshalling, challenges, dominance and standing windows, and in the
/// opponent's marshalling turn; its +2 STR lasts until the end of the phase it was used in.
#[test]
fn azioni_a_window_in_every_phase() {
    let r = rules();
    let mut g = scenario(&r, Phase::Plot, ["U224", "U227"]);
    g.seats[0].plots = vec![id(&r, "R231")];
    g.seats[1].plots = vec![id(&r, "T49")];
    let keeper = put(&mut g, &r, 0, "C14");
    let lookout = put(&mut g, &r, 0, "C15");
    let keeper2 = put(&mut g, &r, 0, "C14");
    g.seats[1].deck.clear(); // seat 1 will have nothing to marshal
    let use_on = |g: &crate::games::agot_ccg::state::AgotCcg, uid: u16| {
        let j = g.seats[0].play.iter().position(|c| c.uid == keeper).unwrap();
        code(USE, j, usize::from(uid))
    };
    act(&mut g, &r, 0, code(PLOT, 0, 0));
    act(&mut g, &r, 1, code(PLOT, 0, 0));
    act(&mut g, &r, 0, code(FIRST, 0, 0));
    for at in [At::Plot, At::Draw] {
        assert_eq!((window_at(&g), g.actor()), (Some(at), Some(0)), "the first player opens the {at:?} window");
        assert!(legal(&g, &r, 0).contains(&use_on(&g, lookout)));
        act(&mut g, &r, 0, code(DONE, 0, 0)); // seat 1 has nothing to play: it passes by itself
    }
    // Seat 0's marshalling turn is a window too; seat 0 ends it, then in seat 1's turn seat 0 may still act.
    assert_eq!((g.phase, window_at(&g), g.actor()), (Phase::Marshal, Some(At::Marshal), Some(0)));
    assert!(legal(&g, &r, 0).contains(&use_on(&g, lookout)));
    act(&mut g, &r, 0, code(DONE, 0, 0));
    assert_eq!((g.phase, g.turn, g.actor()), (Phase::Marshal, 1, Some(0)), "seat 1 marshals nothing: seat 0's turn");
    let a = use_on(&g, lookout);
    act(&mut g, &r, 0, a);
    assert_eq!(g.strength(&r, 0, card(&g, lookout)), 4);
    assert_eq!(g.actor(), Some(0), "seat 1 had nothing to answer with; seat 0 may act again or pass");
    act(&mut g, &r, 0, code(DONE, 0, 0));
    assert_eq!(g.phase, Phase::Challenges);
    assert_eq!(g.strength(&r, 0, card(&g, lookout)), 2, "until the end of the marshalling phase");
    assert!(card(&g, keeper).kneeling);
    // The challenges phase opens with a window before the first challenge (the second Keeper still stands).
    assert_eq!((window_at(&g), g.actor()), (Some(At::Challenges), Some(0)));
    let j = g.seats[0].play.iter().position(|c| c.uid == keeper2).unwrap();
    assert!(legal(&g, &r, 0).contains(&code(USE, j, usize::from(lookout))));
    act(&mut g, &r, 0, code(DONE, 0, 0));
    act(&mut g, &r, 0, code(DONE, 0, 0)); // no challenge
    pass(&mut g, &r, 1);
    for at in [At::Dominance, At::Standing] {
        assert_eq!((window_at(&g), g.actor()), (Some(at), Some(0)), "the {at:?} window");
        let j = g.seats[0].play.iter().position(|c| c.uid == keeper2).unwrap();
        assert!(legal(&g, &r, 0).contains(&code(USE, j, usize::from(lookout))));
        act(&mut g, &r, 0, code(DONE, 0, 0));
    }
    assert_eq!((g.phase, g.round), (Phase::Plot, 2));
}

/// "Mettere in gioco le carte": an event is played in the phase its text names; "Qualunque fase" in any phase.
/// Too Weak to Fight (any phase) may be played in marshalling; Jojen's Counsel ("Sfide") may not.
#[test]
fn mettere_in_gioco_events_only_in_their_phase() {
    let r = rules();
    let mut g = scenario(&r, Phase::Marshal, ["U224", "U227"]);
    let ned = put(&mut g, &r, 0, "U6");
    let courtesan = put(&mut g, &r, 1, "C36");
    g.seats[0].hand = vec![id(&r, "C210"), id(&r, "C189"), id(&r, "C13")];
    g.seats[0].gold = 5; // something to marshal keeps seat 0's turn open after the event
    let l = legal(&g, &r, 0);
    assert!(l.contains(&code(EVENT, 0, usize::from(courtesan))), "Too Weak to Fight: any phase");
    assert!(!l.contains(&code(EVENT, 1, usize::from(ned))), "Jojen's Counsel: challenges phase only");
    act(&mut g, &r, 0, code(EVENT, 0, usize::from(courtesan)));
    assert_eq!(g.strength(&r, 1, card(&g, courtesan)), 0);
    assert_eq!(g.seats[0].discard, vec![id(&r, "C210")]);
}

/// "Risoluzione delle sfide": cards may be played before each of the three steps, so also after attackers and
/// before defenders. Jojen's Counsel played there on the Stark defender: +3 STR and it does not kneel to defend.
#[test]
fn risoluzione_delle_sfide_a_window_before_defenders() {
    let r = rules();
    let mut g = scenario(&r, Phase::Challenges, ["U224", "U224"]);
    let ned = put(&mut g, &r, 0, "U6");
    let jaime = put(&mut g, &r, 1, "U25");
    g.seats[0].hand = vec![id(&r, "C189")];
    g.turn = 1; // seat 1 is the active player and attacks seat 0
    act(&mut g, &r, 1, code(CHALLENGE, usize::from(MIL), 0));
    attack(&mut g, &r, 1, &[jaime]);
    assert_eq!((window_at(&g), g.actor()), (Some(At::Attackers), Some(0)), "the first player acts first");
    act(&mut g, &r, 0, code(EVENT, 0, usize::from(ned)));
    pass_window(&mut g, &r);
    defend(&mut g, &r, 0, &[ned]);
    assert!(!card(&g, ned).kneeling, "Jojen's Counsel: Eddard does not kneel to defend");
    assert_eq!(window_at(&g), None, "after defenders nobody has anything to play: the challenge resolved");
    assert_eq!(g.seats[0].play.len(), 1, "7 against 5: the defender won, nobody died");
}

/// "Risoluzione delle sfide": a window between one challenge and the next declaration.
#[test]
fn risoluzione_delle_sfide_a_window_between_challenges() {
    let r = rules();
    let mut g = scenario(&r, Phase::Challenges, ["U224", "U224"]);
    let ned = put(&mut g, &r, 0, "U6");
    let courtesan = put(&mut g, &r, 1, "C36");
    put(&mut g, &r, 0, "C13");
    g.seats[0].hand = vec![id(&r, "C210")];
    challenge(&mut g, &r, 0, POW, 1, &[ned], &[]);
    // Too Weak to Fight has a target (a character without a military icon): every window asks seat 0.
    assert_eq!((window_at(&g), g.actor()), (Some(At::Defenders), Some(0)));
    act(&mut g, &r, 0, code(DONE, 0, 0));
    assert!(g.challenge.is_none());
    assert_eq!((window_at(&g), g.actor()), (Some(At::Challenges), Some(0)));
    assert!(legal(&g, &r, 0).contains(&code(EVENT, 0, usize::from(courtesan))));
}

/// "Influenza": the player kneels the influence providers he chooses; influence beyond the cost is lost.
/// Arya's Revenge (3 influence) paid with Crossroads (1) and Blackwater Rush (2) leaves Fallow Fields standing.
#[test]
fn influenza_the_player_chooses_the_providers() {
    let r = rules();
    let mut g = scenario(&r, Phase::Challenges, ["U224", "U224"]);
    let ned = put(&mut g, &r, 0, "U6");
    let rush = put(&mut g, &r, 0, "C155"); // 2 influence
    let fields = put(&mut g, &r, 0, "C158"); // 2
    let roads = put(&mut g, &r, 0, "C157"); // 1
    let victim = put(&mut g, &r, 1, "C30");
    let other = put(&mut g, &r, 1, "C36");
    g.seats[0].hand = vec![id(&r, "C182")];
    challenge(&mut g, &r, 0, POW, 1, &[ned], &[other]);
    act(&mut g, &r, 0, code(EVENT, 0, usize::from(victim)));
    assert!(matches!(g.pending.first(), Some(Pending::PayInfluence { left: 3, .. })));
    let offered = of_kind(&g, &r, 0, INFLUENCE);
    assert_eq!(offered.len(), 3, "every standing provider may be knelt");
    act(&mut g, &r, 0, code(INFLUENCE, 0, usize::from(roads)));
    assert!(g.locate(victim).is_some(), "not paid yet: the event has not resolved");
    act(&mut g, &r, 0, code(INFLUENCE, 0, usize::from(rush)));
    assert!(g.locate(victim).is_none(), "paid: Arya's Revenge kills its target");
    assert!(!card(&g, fields).kneeling, "Fallow Fields was not chosen");
    assert_eq!(g.seats[0].dead, vec![id(&r, "C182")], "deathbound: the event goes to the dead pile");

    // Two providers of 2 for a cost of 3: the extra influence is lost.
    let mut g = scenario(&r, Phase::Marshal, ["U224", "U224"]);
    let rush = put(&mut g, &r, 0, "C155");
    let fields = put(&mut g, &r, 0, "C158");
    let victim = put(&mut g, &r, 1, "C30");
    g.seats[0].hand = vec![id(&r, "C182")];
    act(&mut g, &r, 0, code(EVENT, 0, usize::from(victim)));
    act(&mut g, &r, 0, code(INFLUENCE, 0, usize::from(fields)));
    assert!(matches!(g.pending.first(), Some(Pending::PayInfluence { left: 1, .. })));
    act(&mut g, &r, 0, code(INFLUENCE, 0, usize::from(rush)));
    assert!(g.locate(victim).is_none() && g.pending.is_empty());
}

/// The rulebook's game has no round limit ("Potere e vittoria": 15 power wins). Round 30 goes on; a match that
/// reaches the safeguard stops unfinished (no winner, no outcome), never won on power. The tournament time limit
/// ("Come ci si prepara ai Tornei") keeps its most-power win.
#[test]
fn potere_e_vittoria_no_round_limit_and_the_safeguard_is_unfinished() {
    let r = rules_with(r#"{"decks": ["stark", "lannister"], "round_limit": 0}"#);
    let mut g = scenario(&r, Phase::Standing, ["U224", "U227"]);
    g.round = 30;
    g.seats[1].house_power = 4;
    let mut ev = Events::new();
    g.advance(&r, &mut ev);
    assert_eq!((g.phase, g.round), (Phase::Plot, 31), "no limit: the match goes on");
    let mut g = scenario(&r, Phase::Standing, ["U224", "U227"]);
    g.round = SAFEGUARD_ROUNDS;
    g.seats[1].house_power = 4;
    g.advance(&r, &mut ev);
    assert_eq!(g.phase, Phase::Over);
    assert!(g.winners.is_empty() && g.outcome().is_none(), "unfinished, not won on power");
    assert!(g.to_act().is_empty());

    let r = rules_with(r#"{"decks": ["stark", "lannister"], "round_limit": 10}"#);
    let mut g = scenario(&r, Phase::Standing, ["U224", "U227"]);
    g.round = 10;
    g.seats[1].house_power = 4;
    g.advance(&r, &mut ev);
    assert_eq!(g.outcome().map(|o| o.winners.len()), Some(1));
    assert_eq!(g.winners, vec![1], "tournament: the most power wins at the time limit");
}

/// "Come ci si prepara ai Tornei": 15 power within the time limit is a full win (3) and a full loss (0); at the
/// limit the most power is a modified win (2), the rest modified losses (1), equal power a draw (1.5 each). A
/// match not over, or stopped at the safeguard, has no points.
#[test]
fn tornei_tournament_points_full_modified_and_draw() {
    let r = rules_with(r#"{"decks": ["stark", "lannister"], "round_limit": 10}"#);
    let mut ev = Events::new();
    let at_limit = |p0: u8, p1: u8| {
        let mut g = scenario(&r, Phase::Standing, ["U224", "U227"]);
        g.round = 10;
        g.seats[0].house_power = p0;
        g.seats[1].house_power = p1;
        assert_eq!(g.match_points(&r), None, "not over yet");
        g.advance(&r, &mut Events::new());
        g.match_points(&r)
    };
    assert_eq!(at_limit(3, 4), Some(vec![1.0, 2.0]), "modified loss and win");
    assert_eq!(at_limit(5, 5), Some(vec![1.5, 1.5]), "equal power at the limit: a draw");
    // 15 power in round 10 ends the match before the limit: a full win even in the limit's round.
    let mut g = scenario(&r, Phase::Standing, ["U224", "U227"]);
    g.round = 10;
    g.seats[0].house_power = 15;
    g.advance(&r, &mut ev);
    assert_eq!((g.winners.clone(), g.match_points(&r)), (vec![0], Some(vec![3.0, 0.0])));
    let r = rules_with(r#"{"decks": ["stark", "lannister"], "round_limit": 0}"#);
    let mut g = scenario(&r, Phase::Standing, ["U224", "U227"]);
    g.round = SAFEGUARD_ROUNDS;
    g.advance(&r, &mut ev);
    assert_eq!((g.phase, g.match_points(&r)), (Phase::Over, None), "unfinished at the safeguard: no points");
}
