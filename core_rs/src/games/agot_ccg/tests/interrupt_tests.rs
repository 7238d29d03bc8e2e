//! Save and cancel responses, control change, naming, Endless and the setup keyword: each
//! test names its rulebook section ("Risposte Salva/Cancella", "Carte uniche", "Preparazione") or the research
//! section the rule comes from.

use super::helpers::*;
use crate::engine::{Events, Game};
use crate::games::agot_ccg::cards::{Rules, INT, MIL, POW};
use crate::games::agot_ccg::rules::actions::*;
use crate::games::agot_ccg::state::{AgotCcg, At, Pending, Phase};

/// A scenario whose decks hold no events: whether a window opens must not hang on what the designed decks hold (a
/// seat is asked when its deck could hold an answer), so each test puts the answer it means where it means it.
fn quiet_scenario(r: &Rules, phase: Phase, plots: [&str; 2]) -> AgotCcg {
    let mut g = scenario(r, phase, plots);
    for s in &mut g.seats {
        s.deck
            .retain(|&c| crate::games::agot_ccg::effects::def(r, c).kind != crate::games::agot_ccg::cards::Kind::Event);
    }
    g
}

fn greyjoy_rules() -> Rules {
    rules_with(r#"{"decks": ["stark", "greyjoy"], "round_limit": 30}"#)
}

/// Seat 0 plays Arya's Revenge (kneel 3 influence: kill a character) on `victim`, paying with `keep`.
fn play_aryas_revenge(g: &mut AgotCcg, r: &Rules, keep: u16, victim: u16) {
    g.seats[0].hand = vec![id(r, "C182")];
    g.open_window(At::Challenges);
    act(g, r, 0, code(EVENT, 0, usize::from(victim)));
    act(g, r, 0, code(INFLUENCE, 0, usize::from(keep)));
}

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

/// "Carte uniche" and research §3.3 "Control": Shadow Play takes control of a character with STR 3 or less
/// until the end of the phase; a character changing control leaves the challenge (FAQ 3.30); it goes back when the
/// phase ends. Ygritte takes a Night's Watch character for good; a unique copy already in play cannot be taken.
#[test]
fn carte_uniche_control_change_shadow_play_and_ygritte() {
    let r = rules_with(r#"{"decks": ["baratheon", "lannister"], "round_limit": 30}"#);
    let mut g = scenario(&r, Phase::Challenges, ["U224", "U224"]);
    let red = put(&mut g, &r, 0, "G37");
    let courtesan = put(&mut g, &r, 1, "C36");
    let jaime = put(&mut g, &r, 1, "U25");
    g.seats[0].hand = vec![id(&r, "C202")];
    g.open_window(At::Challenges);
    assert!(!legal(&g, &r, 0).contains(&code(EVENT, 0, usize::from(jaime))), "STR 4 is too strong");
    act(&mut g, &r, 0, code(EVENT, 0, usize::from(courtesan)));
    act(&mut g, &r, 0, code(INFLUENCE, 0, usize::from(red)));
    assert_eq!(g.locate(courtesan).map(|l| l.0), Some(0), "seat 0 controls it");
    assert_eq!(card(&g, courtesan).owner, 1);
    for _ in 0..20 {
        if g.phase != Phase::Challenges {
            break;
        }
        let p = g.actor().unwrap();
        act(&mut g, &r, p, code(DONE, 0, 0));
    }
    assert_ne!(g.phase, Phase::Challenges);
    assert_eq!(g.locate(courtesan).map(|l| l.0), Some(1), "back at the end of the phase");

    let r = greyjoy_rules();
    let mut g = scenario(&r, Phase::Marshal, ["U224", "U224"]);
    let jon = put(&mut g, &r, 1, "R134");
    g.seats[0].hand = vec![id(&r, "R140")];
    g.seats[0].gold = 5;
    act(&mut g, &r, 0, code(MARSHAL, 0, 0));
    assert_eq!(legal(&g, &r, 0), vec![code(TAKE_CONTROL, 0, usize::from(jon)), code(DONE, 0, 0)]);
    act(&mut g, &r, 0, code(TAKE_CONTROL, 0, usize::from(jon)));
    assert_eq!(g.locate(jon).map(|l| l.0), Some(0));
    // Seat 0 now controls a Jon Snow: it may not take or play a second copy ("Carte uniche").
    assert!(!g.can_enter_unique(&r, 0, id(&r, "R134")));
}

/// Naming (research §3.4, King's Landing errata: unique): kneel 1 influence to name a House; its characters in
/// play get +1 STR until the end of the phase, whoever controls them.
#[test]
fn qualunque_fase_kings_landing_names_a_house() {
    let r = rules();
    let mut g = scenario(&r, Phase::Challenges, ["U224", "U224"]);
    let kl = put(&mut g, &r, 0, "R159");
    let fief = put(&mut g, &r, 0, "C160");
    let ned = put(&mut g, &r, 0, "U6");
    let jaime = put(&mut g, &r, 1, "U25");
    g.open_window(At::Challenges);
    assert!(legal(&g, &r, 0).contains(&code(NAME, 1, usize::from(kl))));
    act(&mut g, &r, 0, code(NAME, 1, usize::from(kl)));
    act(&mut g, &r, 0, code(PAY, 0, usize::from(fief)));
    assert_eq!(g.strength(&r, 0, card(&g, ned)), 4 + 1 + 1);
    assert_eq!(g.strength(&r, 1, card(&g, jaime)), 4 + 1, "a Lannister character: not named");
    assert!(r.cards[usize::from(id(&r, "R159"))].unique, "the errata");
}

/// "Fase 1: Trama", when revealed: Caution to the Wind names a challenge type; its player may declare attackers
/// and defenders only in challenges of that type.
#[test]
fn fase_trama_caution_to_the_wind_names_a_challenge_type() {
    let r = greyjoy_rules();
    let mut g = scenario(&r, Phase::Plot, ["U224", "U224"]);
    g.seats[0].plots = vec![id(&r, "R231")];
    g.seats[1].plots = vec![id(&r, "G53")];
    let axe = put(&mut g, &r, 1, "U72");
    act(&mut g, &r, 0, code(PLOT, 0, 0));
    act(&mut g, &r, 1, code(PLOT, 0, 0));
    let f = g.first;
    act(&mut g, &r, f, code(FIRST, 0, 0));
    assert!(matches!(g.pending.first(), Some(Pending::NameChallenge { seat: 1 })));
    act(&mut g, &r, 1, code(NAME, usize::from(POW), NAMED_BY_PLOT));
    assert!(g.can_attack(&r, 1, axe, POW));
    assert!(!g.can_attack(&r, 1, axe, MIL), "military not named");
    assert!(!g.can_attack(&r, 1, axe, INT));
}

/// The heuristic reads Caution to the Wind: a seat that named military cannot defend a power challenge, so its
/// standing power characters do not deter one. Seat 1 holds more power STR than seat 0 could attack with; with
/// military named the heuristic attacks it in power, without the plot it does not.
#[test]
fn the_heuristic_attacks_where_caution_to_the_wind_forbids_defenders() {
    let r = greyjoy_rules();
    let mut g = scenario(&r, Phase::Challenges, ["U224", "U224"]);
    g.first = 0;
    put(&mut g, &r, 0, "U72"); // Deadly Axeman, STR 2, military and power
    put(&mut g, &r, 1, "U69"); // Victarion Greyjoy, STR 3, military and power
    let power_on_1 = code(CHALLENGE, usize::from(POW), 1);
    let choose = |g: &AgotCcg| {
        let l = legal(g, &r, 0);
        assert!(l.contains(&power_on_1), "{l:?}");
        crate::bots::Bot::act(&mut crate::games::agot_ccg::bots::Heuristic, &r, g, 0, &l, &mut crate::rng::Rng::new(1))
    };
    assert_ne!(choose(&g), power_on_1, "STR 2 against a possible 3: not worth it");
    g.named_challenge.push((1, MIL));
    assert_eq!(choose(&g), power_on_1, "seat 1 may defend military challenges only");
}

/// The heuristic denies an unopposed win that is worth two power: Asha Greyjoy ("after you win an unopposed
/// challenge in which she participated, she claims 1 power") attacks in military beside Sea Raiders, and seat 1's
/// one STR 1 character defends though it loses, because its defence makes the challenge opposed. Without Asha
/// the unopposed win is worth the rulebook's 1 power, and a lost military defence is not worth a knelt character.
#[test]
fn the_heuristic_defends_a_losing_challenge_to_deny_an_unopposed_claim() {
    let r = greyjoy_rules();
    let defends = |with_asha: bool| {
        let mut g = scenario(&r, Phase::Challenges, ["U224", "U224"]);
        g.first = 0;
        let mut attackers = vec![put(&mut g, &r, 0, "C73")]; // Sea Raiders, STR 3
        if with_asha {
            attackers.push(put(&mut g, &r, 0, "G15")); // Asha Greyjoy, STR 2
        }
        let rider = put(&mut g, &r, 1, "C75"); // Rider through the Storm, STR 1
        pass_window(&mut g, &r);
        act(&mut g, &r, 0, code(CHALLENGE, usize::from(MIL), 1));
        attack(&mut g, &r, 0, &attackers);
        pass_window(&mut g, &r);
        while matches!(g.pending.first(), Some(Pending::Stealth { .. })) {
            act(&mut g, &r, 0, code(DONE, 0, 0));
        }
        let l = legal(&g, &r, 1);
        let a = crate::bots::Bot::act(
            &mut crate::games::agot_ccg::bots::Heuristic,
            &r,
            &g,
            1,
            &l,
            &mut crate::rng::Rng::new(1),
        );
        act(&mut g, &r, 1, a);
        if g.challenge.as_ref().is_some_and(|c| c.defenders.is_empty()) {
            pass(&mut g, &r, 1);
        }
        g.challenge.as_ref().is_some_and(|c| c.defenders == vec![rider])
    };
    assert!(defends(true), "Asha's claim makes the unopposed win worth 2 power");
    assert!(!defends(false), "1 power is not worth kneeling the only defender in a lost military challenge");
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

/// Endless (research §3.4): Dominance: Western Heir kneels 3 influence to come back into play from the dead pile.
/// (The pool's Western Heir says this in the composable vocabulary; here its text is the Endless ability, which
/// Forever Plundering uses, to test the "into play" form.)
#[test]
fn endless_western_heir_returns_from_the_dead_pile() {
    let mut r = rules();
    let heir = usize::from(id(&r, "R29"));
    r.cards[heir].abilities = vec![crate::games::agot_ccg::cards::Ability::Endless { influence: 3, into_play: true }];
    let mut g = scenario(&r, Phase::Dominance, ["U224", "U224"]);
    let red = put(&mut g, &r, 1, "G37");
    g.seats[1].dead = vec![id(&r, "R29")];
    g.open_window(At::Dominance);
    act(&mut g, &r, 0, code(DONE, 0, 0));
    assert_eq!(g.actor(), Some(1));
    assert!(legal(&g, &r, 1).contains(&code(ENDLESS, 0, 0)));
    act(&mut g, &r, 1, code(ENDLESS, 0, 0));
    act(&mut g, &r, 1, code(PAY, 0, usize::from(red)));
    assert!(g.seats[1].dead.is_empty() && g.seats[1].play.iter().any(|c| c.def == id(&r, "R29")));
}

/// "Preparazione" (the setup keyword, research §3.6): Kiss of Life may be placed among the setup cards when a
/// character is among them, and is attached after the reveal.
#[test]
fn preparazione_setup_attachment() {
    let mut r = rules_with(r#"{"decks": ["greyjoy", "stark"], "round_limit": 30}"#);
    let greyjoy = usize::from(r.seat_decks[0]);
    r.decks[greyjoy].cards[0] = id(&r, "G20");
    r.decks[greyjoy].cards[1] = id(&r, "G12");
    let mut g = AgotCcg::new(&r, 2, 3).unwrap();
    g.first = 0;
    for s in g.seats.iter_mut() {
        let hand = std::mem::take(&mut s.hand);
        s.deck.extend(hand);
    }
    g.seats[0].hand = vec![id(&r, "G20"), id(&r, "G12")];
    for c in [id(&r, "G20"), id(&r, "G12")] {
        let i = g.seats[0].deck.iter().position(|&d| d == c).unwrap();
        g.seats[0].deck.remove(i);
    }
    assert!(!legal(&g, &r, 0).contains(&code(SETUP_PLACE, 0, 0)), "no character to take it yet");
    act(&mut g, &r, 0, code(SETUP_PLACE, 1, 0));
    act(&mut g, &r, 0, code(SETUP_PLACE, 0, 0));
    // Nothing more to place: both seats pass by themselves and the setup cards are revealed.
    assert!(matches!(g.pending.first(), Some(Pending::AttachSetup { seat: 0 })), "{:?}", g.pending);
    let vet = g.seats[0].play[0].uid;
    act(&mut g, &r, 0, code(ATTACH_SETUP, 0, usize::from(vet)));
    assert_eq!(card(&g, vet).attachments, vec![(id(&r, "G20"), 0)]);
    assert!(g.seats[0].setup.is_empty());
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

/// Every new card in a deck: seeded random matches (and heuristic ones) play to their end without a panic, every
/// step keeping the engine contract (`check_random_play`: legal list, snapshots, views, action space).
#[test]
fn random_matches_with_the_new_cards() {
    let mut r = rules_with(r#"{"decks": [], "round_limit": 12}"#);
    let new = [
        "G12", "G20", "R134", "G46", "U200", "C76", "R77", "G43", "C181", "C31", "U24", "R28", "C202", "R140", "R159",
        "C207", "R29", "R50", "C150", "C151", "C152", "R135", "U174", "R162", "G41",
    ];
    let ids: Vec<u16> = new.iter().map(|c| id(&r, c)).collect();
    for d in r.decks.iter_mut() {
        let copies = (d.cards.len() / ids.len()).min(3);
        for (k, &c) in ids.iter().enumerate() {
            for j in 0..copies {
                d.cards[k * copies + j] = c;
            }
        }
    }
    let (g53, r239) = (id(&r, "G53"), id(&r, "R239"));
    r.decks[4].plots[0] = g53;
    r.decks[1].plots[0] = r239;
    for players in [2, 3] {
        assert!(crate::testing::check_random_play::<AgotCcg>(&r, players, 6, 20_000) > 0);
    }
    // The heuristic in every seat.
    use crate::bots::Bot;
    let mut bot = crate::games::agot_ccg::bots::Heuristic;
    for seed in 0..4 {
        let mut g = AgotCcg::new(&r, 2, seed).unwrap();
        let mut rng = crate::rng::Rng::new(seed);
        let mut ev = Events::disabled();
        let mut legal_now = Vec::new();
        for _ in 0..20_000 {
            let Some(p) = g.to_act().iter().next() else { break };
            legal_now.clear();
            g.legal_actions(&r, p, &mut legal_now);
            let a = bot.act(&r, &g, p, &legal_now, &mut rng);
            g.apply(&r, p, a, &mut ev).unwrap();
        }
        assert!(g.outcome().is_some(), "seed {seed} ended");
        g.validate(&r).unwrap();
    }
}

// ----- a discard written in the composable form reaches the duplicates and the save windows

/// Seat 0 plays `event` (a composable dominance action from hand) and pays its influence with whatever it has.
fn play_composable_event(g: &mut AgotCcg, r: &Rules, event: &str) {
    g.seats[0].hand = vec![id(r, event)];
    g.phase = Phase::Dominance;
    g.open_window(At::Dominance);
    act(g, r, 0, code(GEN_EVENT, 0, 0));
    for _ in 0..8 {
        let Some(&a) = legal(g, r, 0).iter().find(|&&a| split(a).0 == GEN_INF) else { return };
        act(g, r, 0, a);
    }
}

/// "Risposte Salva/Cancella" (a save "from being killed or discarded"): Westeros Bleeds discards every character
/// from play in the composable form; Thrice-Drowned Veteran's controller is asked, kneels 2 influence and saves
/// it, while the character nobody can save goes to its owner's discard pile at once. Passing the window lets the
/// discard happen: to the discard pile, not the dead pile.
#[test]
fn risposte_salva_a_composable_discard_opens_the_save_window() {
    let r = greyjoy_rules();
    let mut g = scenario(&r, Phase::Dominance, ["U224", "U224"]);
    put(&mut g, &r, 0, "C155");
    put(&mut g, &r, 0, "C155");
    let mine = put(&mut g, &r, 0, "C11");
    let vet = put(&mut g, &r, 1, "G12");
    let keep = put(&mut g, &r, 1, "G37");
    play_composable_event(&mut g, &r, "R212");
    assert!(g.locate(mine).is_none() && g.seats[0].discard.contains(&id(&r, "C11")));
    assert!(matches!(g.pending.first(), Some(Pending::SaveWindow { seat: 1, kill: false, .. })), "{:?}", g.pending);
    assert_eq!(legal(&g, &r, 1), vec![code(SAVE_CARD, 0, usize::from(vet)), code(DONE, 0, 0)]);
    act(&mut g, &r, 1, code(SAVE_CARD, 0, usize::from(vet)));
    act(&mut g, &r, 1, code(PAY, 0, usize::from(keep)));
    assert!(g.locate(vet).is_some() && g.seats[1].discard.is_empty(), "saved from the discard");

    let mut g = scenario(&r, Phase::Dominance, ["U224", "U224"]);
    put(&mut g, &r, 0, "C155");
    put(&mut g, &r, 0, "C155");
    let vet = put(&mut g, &r, 1, "G12");
    put(&mut g, &r, 1, "G37");
    play_composable_event(&mut g, &r, "R212");
    act(&mut g, &r, 1, code(DONE, 0, 0));
    assert!(g.locate(vet).is_none());
    assert_eq!((g.seats[1].discard.clone(), g.seats[1].dead.len()), (vec![id(&r, "G12")], 0));
}

/// "Duplicati": a duplicate saves its unique card from leaving play by any means (research §3.4), a composable
/// discard too: Euron Crow's Eye with a duplicate is asked; yes discards the duplicate and Euron stays; no lets
/// the discard happen (and then the save window, which nobody here could answer).
#[test]
fn duplicati_save_from_a_composable_discard() {
    let r = greyjoy_rules();
    for accept in [true, false] {
        let mut g = scenario(&r, Phase::Dominance, ["U224", "U224"]);
        put(&mut g, &r, 0, "C155");
        put(&mut g, &r, 0, "C155");
        let euron = put(&mut g, &r, 1, "R66");
        g.seats[1].play[0].dupes.push(id(&r, "R66"));
        play_composable_event(&mut g, &r, "R212");
        assert!(matches!(g.pending.first(), Some(Pending::Respond { seat: 1, .. })), "{:?}", g.pending);
        act(&mut g, &r, 1, code(if accept { YES } else { DONE }, 0, 0));
        assert_eq!(g.locate(euron).is_some(), accept);
        let discarded = if accept { vec![id(&r, "R66")] } else { vec![id(&r, "R66"), id(&r, "R66")] };
        assert_eq!(g.seats[1].discard, discarded, "the duplicate, then (declined) the card too");
    }
}

/// "Risposte Salva/Cancella" and "cannot be saved": Sound the Horn of Dragons' locations cannot be saved, so the
/// unique location's duplicate is not offered; an event that saves "a Greyjoy character" (Terrorize the Shores)
/// is never offered for a location, even one the discard could be saved from.
#[test]
fn risposte_salva_cannot_be_saved_and_events_save_characters_only() {
    let r = greyjoy_rules();
    let mut g = scenario(&r, Phase::Dominance, ["U224", "U224"]);
    g.seats[0].house = crate::games::agot_ccg::cards::house_index("greyjoy").unwrap();
    put(&mut g, &r, 0, "C155");
    put(&mut g, &r, 0, "C155");
    let red_keep = put(&mut g, &r, 1, "G37");
    g.seats[1].play[0].dupes.push(id(&r, "G37"));
    play_composable_event(&mut g, &r, "R170");
    assert!(g.pending.is_empty(), "no duplicate save: {:?}", g.pending);
    assert!(g.locate(red_keep).is_none());

    // A Greyjoy location (Banner Ship) about to be discarded, its controller holding Terrorize the Shores and
    // the influence for it: no window opens.
    let mut g = scenario(&r, Phase::Dominance, ["U224", "U224"]);
    let coast = put(&mut g, &r, 1, "G27");
    put(&mut g, &r, 1, "C155");
    g.seats[1].hand = vec![id(&r, "G41")];
    g.seats[1].house = crate::games::agot_ccg::cards::house_index("greyjoy").unwrap();
    let mut ev = Events::new();
    g.discard_from_play(&r, coast, true, &mut ev);
    assert!(g.pending.is_empty() && g.locate(coast).is_none(), "no save window for a location: {:?}", g.pending);
}
