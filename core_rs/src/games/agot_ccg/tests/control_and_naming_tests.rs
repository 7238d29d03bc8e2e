//! "Carte uniche" control change and naming (a House, a challenge type), with the heuristic reading a named
//! challenge type.

use super::helpers::*;
use super::interrupt_tests::greyjoy_rules;
use crate::games::agot_ccg::cards::{INT, MIL, POW};
use crate::games::agot_ccg::rules::actions::*;
use crate::games::agot_ccg::state::{AgotCcg, At, Pending, Phase};

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
