//! "Risposte Salva/Cancella", the cancel side: cancel windows, what they reveal, and the cards and abilities
//! that cancel.

use super::helpers::*;
use super::interrupt_tests::{greyjoy_rules, play_aryas_revenge, quiet_scenario};
use crate::games::agot_ccg::rules::actions::*;
use crate::games::agot_ccg::state::{At, Pending, Phase};

/// "Risposte Salva/Cancella", the rulebook's worked example: Luca kneels 3 influence for Arya's Revenge (Vendetta
/// di Arya), Giacomo answers with Salt in your Eyes (Sale negli Occhi); Arya's Revenge is cancelled, its effects do
/// not happen, and Luca's 3 influence stays spent.
#[test]
fn risposte_salva_cancella_salt_in_your_eyes_cancels_aryas_revenge() {
    let r = greyjoy_rules();
    let mut g = scenario(&r, Phase::Challenges, ["U224", "U224"]);
    let keep = put(&mut g, &r, 0, "G37");
    let fief = put(&mut g, &r, 1, "C160");
    let victim = put(&mut g, &r, 1, "U72");
    g.seats[1].hand = vec![id(&r, "U200")];
    play_aryas_revenge(&mut g, &r, keep, victim);
    assert!(matches!(g.pending.first(), Some(Pending::CancelWindow { seat: 1, .. })), "{:?}", g.pending);
    assert_eq!(legal(&g, &r, 1), vec![code(CANCEL_EVENT, 0, 0), code(DONE, 0, 0)]);
    act(&mut g, &r, 1, code(CANCEL_EVENT, 0, 0));
    act(&mut g, &r, 1, code(PAY, 0, usize::from(fief)));
    assert!(g.locate(victim).is_some(), "the kill is cancelled");
    assert!(card(&g, keep).kneeling, "the cost stays paid");
    assert!(g.seats[0].dead.contains(&id(&r, "C182")), "the cancelled event still counts as played");
    assert!(g.seats[1].discard.contains(&id(&r, "U200")));
}

/// "Risposte Salva/Cancella": the window opens only when someone could answer. Without a cancel card the event
/// resolves at once; passing the window lets it resolve.
#[test]
fn risposte_salva_cancella_no_window_without_an_answer_and_passing_resolves() {
    let r = greyjoy_rules();
    let mut g = quiet_scenario(&r, Phase::Challenges, ["U224", "U224"]);
    let keep = put(&mut g, &r, 0, "G37");
    let victim = put(&mut g, &r, 1, "U72");
    play_aryas_revenge(&mut g, &r, keep, victim);
    assert!(g.pending.is_empty() && g.locate(victim).is_none(), "killed with nobody to cancel");
    // Salt in your Eyes in hand but no influence to pay: still no window.
    let mut g = quiet_scenario(&r, Phase::Challenges, ["U224", "U224"]);
    let keep = put(&mut g, &r, 0, "G37");
    let victim = put(&mut g, &r, 1, "U72");
    g.seats[1].hand = vec![id(&r, "U200")];
    play_aryas_revenge(&mut g, &r, keep, victim);
    assert!(g.locate(victim).is_none());
    // With the influence, seat 1 may pass: the event resolves.
    let mut g = quiet_scenario(&r, Phase::Challenges, ["U224", "U224"]);
    let keep = put(&mut g, &r, 0, "G37");
    put(&mut g, &r, 1, "C160");
    let victim = put(&mut g, &r, 1, "U72");
    g.seats[1].hand = vec![id(&r, "U200")];
    play_aryas_revenge(&mut g, &r, keep, victim);
    act(&mut g, &r, 1, code(DONE, 0, 0));
    assert!(g.locate(victim).is_none() && g.seats[1].hand.len() == 1);
}

/// "Risposte Salva/Cancella" and hidden information: being asked must not tell the others what a hand holds. Seat
/// 1's deck list holds Salt in your Eyes: with that card still in its draw deck and another card in hand, seat 1 is
/// asked all the same and may only pass; with an empty hand it could not answer, and is not asked.
#[test]
fn risposte_salva_cancella_a_window_does_not_reveal_the_hand() {
    let r = greyjoy_rules();
    let mut g = quiet_scenario(&r, Phase::Challenges, ["U224", "U224"]);
    let keep = put(&mut g, &r, 0, "G37");
    put(&mut g, &r, 1, "C160");
    let victim = put(&mut g, &r, 1, "U72");
    g.seats[1].deck.push(id(&r, "U200"));
    g.seats[1].hand = vec![id(&r, "U72")];
    play_aryas_revenge(&mut g, &r, keep, victim);
    assert!(matches!(g.pending.first(), Some(Pending::CancelWindow { seat: 1, .. })), "{:?}", g.pending);
    assert_eq!(legal(&g, &r, 1), vec![code(DONE, 0, 0)]);
    act(&mut g, &r, 1, code(DONE, 0, 0));
    assert!(g.locate(victim).is_none(), "passing lets the kill resolve");

    let mut g = quiet_scenario(&r, Phase::Challenges, ["U224", "U224"]);
    let keep = put(&mut g, &r, 0, "G37");
    put(&mut g, &r, 1, "C160");
    let victim = put(&mut g, &r, 1, "U72");
    g.seats[1].deck.push(id(&r, "U200"));
    g.seats[1].hand.clear();
    play_aryas_revenge(&mut g, &r, keep, victim);
    assert!(g.pending.is_empty() && g.locate(victim).is_none(), "an empty hand holds no answer: no window");
}

/// "Risposte Salva/Cancella": a cancel of a character or location ability. Keeper of the New Gods kneels (its
/// cost) to give +2 STR; Expendable Ally is discarded (it cannot be saved) to cancel that: no +2. Cersei kneels
/// with 1 influence to cancel it; then its controller discards a card from hand.
#[test]
fn risposte_salva_cancella_card_abilities_expendable_ally_and_cersei() {
    let r = rules();
    let mut g = scenario(&r, Phase::Challenges, ["U224", "U224"]);
    let keeper = put(&mut g, &r, 0, "C14");
    let ned = put(&mut g, &r, 0, "U6");
    let ally = put(&mut g, &r, 1, "C31");
    g.open_window(At::Challenges);
    let j = g.seats[0].play.iter().position(|c| c.uid == keeper).unwrap();
    act(&mut g, &r, 0, code(USE, j, usize::from(ned)));
    assert!(matches!(g.pending.first(), Some(Pending::CancelWindow { seat: 1, .. })));
    act(&mut g, &r, 1, code(CANCEL_CARD, 0, usize::from(ally)));
    assert!(card(&g, keeper).kneeling && g.locate(ally).is_none());
    assert_eq!(g.strength(&r, 0, card(&g, ned)), 4 + 1, "no +2: cancelled");

    let mut g = scenario(&r, Phase::Challenges, ["U224", "U224"]);
    let keeper = put(&mut g, &r, 0, "C14");
    let ned = put(&mut g, &r, 0, "U6");
    let cersei = put(&mut g, &r, 1, "U24");
    let fief = put(&mut g, &r, 1, "C160");
    g.seats[0].hand = vec![id(&r, "C13")];
    g.open_window(At::Challenges);
    let j = g.seats[0].play.iter().position(|c| c.uid == keeper).unwrap();
    act(&mut g, &r, 0, code(USE, j, usize::from(ned)));
    act(&mut g, &r, 1, code(CANCEL_CARD, 0, usize::from(cersei)));
    act(&mut g, &r, 1, code(PAY, 0, usize::from(fief)));
    assert!(card(&g, cersei).kneeling);
    assert!(matches!(g.pending.first(), Some(Pending::DiscardFromHand { seat: 0, left: 1 })));
    act(&mut g, &r, 0, code(DISCARD, 0, 0));
    assert_eq!(g.strength(&r, 0, card(&g, ned)), 5);
}

/// "Risposte Salva/Cancella": Tywin Lannister cancels an event unless a player kneels 1 influence. Seat 0 pays:
/// Too Weak to Fight resolves; when he does not, it is cancelled.
#[test]
fn risposte_salva_cancella_tywin_unless_a_player_kneels_influence() {
    let r = rules();
    for pay in [true, false] {
        let mut g = scenario(&r, Phase::Challenges, ["U224", "U224"]);
        let fief = put(&mut g, &r, 0, "C160");
        put(&mut g, &r, 1, "R28");
        let courtesan = put(&mut g, &r, 1, "C36");
        g.seats[0].hand = vec![id(&r, "C210")];
        g.open_window(At::Challenges);
        act(&mut g, &r, 0, code(EVENT, 0, usize::from(courtesan)));
        let tywin = g.seats[1].play[0].uid;
        act(&mut g, &r, 1, code(CANCEL_CARD, 0, usize::from(tywin)));
        assert!(matches!(g.pending.first(), Some(Pending::Unless { seat: 0, .. })));
        act(&mut g, &r, 0, if pay { code(PAY, 0, usize::from(fief)) } else { code(DONE, 0, 0) });
        let str = g.strength(&r, 1, card(&g, courtesan));
        assert_eq!(str, if pay { 0 } else { 3 }, "pay {pay}");
        assert!(g.seats[0].discard.contains(&id(&r, "C210")));
    }
}

/// "Risposte Salva/Cancella": Longship "Black Wind" kneels itself and X influence to cancel an event whose
/// influence cost is X or less: Arya's Revenge (3) needs 3; Vanguard Axeman discards itself to cancel any event.
#[test]
fn risposte_salva_cancella_black_wind_and_vanguard_axeman() {
    let r = greyjoy_rules();
    let mut g = scenario(&r, Phase::Challenges, ["U224", "U224"]);
    let keep = put(&mut g, &r, 0, "G37");
    put(&mut g, &r, 1, "R77");
    put(&mut g, &r, 1, "C160");
    let victim = put(&mut g, &r, 1, "U72");
    play_aryas_revenge(&mut g, &r, keep, victim);
    assert!(g.locate(victim).is_none(), "1 influence cannot pay X = 3: no window");

    let mut g = scenario(&r, Phase::Challenges, ["U224", "U224"]);
    let keep = put(&mut g, &r, 0, "G37");
    let ship = put(&mut g, &r, 1, "R77");
    let red = put(&mut g, &r, 1, "G37");
    let victim = put(&mut g, &r, 1, "U72");
    play_aryas_revenge(&mut g, &r, keep, victim);
    act(&mut g, &r, 1, code(CANCEL_CARD, 0, usize::from(ship)));
    act(&mut g, &r, 1, code(PAY, 0, usize::from(red)));
    assert!(g.locate(victim).is_some() && card(&g, ship).kneeling && card(&g, red).kneeling);

    let mut g = scenario(&r, Phase::Challenges, ["U224", "U224"]);
    let keep = put(&mut g, &r, 0, "G37");
    let axeman = put(&mut g, &r, 1, "C76");
    let victim = put(&mut g, &r, 1, "U72");
    play_aryas_revenge(&mut g, &r, keep, victim);
    act(&mut g, &r, 1, code(CANCEL_CARD, 0, usize::from(axeman)));
    assert!(g.locate(victim).is_some() && g.locate(axeman).is_none());
    assert!(g.seats[1].discard.contains(&id(&r, "C76")));
}

/// "Risposte Salva/Cancella": Not Listening cancels a triggered effect, a card's action included; Arrest and
/// Imprison cancels a character ability, then kneels that character.
#[test]
fn risposte_salva_cancella_not_listening_and_arrest_and_imprison() {
    let r = greyjoy_rules();
    let mut g = scenario(&r, Phase::Challenges, ["U224", "U224"]);
    let keeper = put(&mut g, &r, 0, "C14");
    let ned = put(&mut g, &r, 0, "U6");
    let red = put(&mut g, &r, 1, "G37");
    g.seats[1].hand = vec![id(&r, "G43")];
    g.open_window(At::Challenges);
    act(&mut g, &r, 0, code(USE, 0, usize::from(ned)));
    act(&mut g, &r, 1, code(CANCEL_EVENT, 0, 0));
    act(&mut g, &r, 1, code(PAY, 0, usize::from(red)));
    assert_eq!(g.strength(&r, 0, card(&g, ned)), 5);
    let _ = keeper;

    let r = rules();
    let mut g = scenario(&r, Phase::Challenges, ["U224", "U224"]);
    let keeper = put(&mut g, &r, 0, "C14");
    let ned = put(&mut g, &r, 0, "U6");
    let fief = put(&mut g, &r, 1, "C160");
    g.seats[1].hand = vec![id(&r, "C181")];
    g.open_window(At::Challenges);
    act(&mut g, &r, 0, code(USE, 0, usize::from(ned)));
    act(&mut g, &r, 1, code(CANCEL_EVENT, 0, 0));
    act(&mut g, &r, 1, code(PAY, 0, usize::from(fief)));
    assert_eq!(g.strength(&r, 0, card(&g, ned)), 5);
    assert!(card(&g, keeper).kneeling);
    assert!(g.seats[1].dead.contains(&id(&r, "C181")), "deathbound");
}
