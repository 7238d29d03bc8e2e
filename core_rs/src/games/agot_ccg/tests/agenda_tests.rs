//! Agendas: the deck list's Agenda line, the agendas' deck-building and game effects, and
//! multiplayer-only cards. Rulebook "Prepararsi a giocare" (House and agenda announced at setup), "Dragoni di
//! penalità" (the out-of-House penalty the agendas waive), "Potere e vittoria" (the power that wins).

use super::helpers::*;
use crate::engine::{Events, Field, Game};
use crate::games::agot_ccg::cards::{Ability, CardDef, Kind, Rules, POW};
use crate::games::agot_ccg::rules::actions::{code, SETUP_PLACE};
use crate::games::agot_ccg::rules::zones::WIN_POWER;
use crate::games::agot_ccg::state::{AgotCcg, Phase};

fn opts(decks: &[&str]) -> String {
    serde_json::json!({"decks": decks, "round_limit": 0}).to_string()
}

/// The designed Stark deck as a plain-text list with this Agenda line.
fn stark_list_with(r: &crate::games::agot_ccg::cards::Rules, agenda: &str) -> String {
    let d = r.decks.iter().find(|d| d.house == 1).unwrap();
    let mut out = format!("House: Stark\nAgenda: {agenda}\n");
    for &c in d.plots.iter().chain(&d.cards) {
        out.push_str(&format!("1x {}\n", r.cards[usize::from(c)].code));
    }
    out
}

/// "Prepararsi a giocare": a deck list names its agenda; Treaty names a House other than the deck's own. A list
/// with a real agenda loads; bad pairings are refused with their problem listed.
#[test]
fn prepararsi_a_giocare_agenda_line() {
    let r = rules();
    let good = stark_list_with(&r, "Treaty (Lannister)");
    let with = AgotCcg::ruleset(&content(), &opts(&[&good])).expect("Treaty naming Lannister is legal");
    let deck = with.decks.last().unwrap();
    assert_eq!((deck.agenda, deck.agenda_house), (Some(id(&r, "F243")), 2));
    assert!(AgotCcg::ruleset(&content(), &opts(&[&stark_list_with(&r, "F242")])).is_ok(), "a code works too");
    for (agenda, want) in [
        ("Treaty", "Treaty names a House"),
        ("Treaty (Stark)", "a House other than your own"),
        ("The Night's Watch (Lannister)", "names no House"),
        ("Eddard Stark", "Eddard Stark (U6) is not an agenda"),
        ("The Iron Bank", "unknown agenda \"The Iron Bank\""),
        ("Treaty (Umber)", "unknown House \"Umber\""),
    ] {
        let e = AgotCcg::ruleset(&content(), &opts(&[&stark_list_with(&r, agenda)])).unwrap_err().to_string();
        assert!(e.contains(want), "{agenda}: {want}: {e}");
    }
    let in_deck = stark_list_with(&r, "none").replacen("1x U6\n", "1x F241\n", 1);
    let e = AgotCcg::ruleset(&content(), &opts(&[&in_deck])).unwrap_err().to_string();
    assert!(e.contains("Maesters of the Citadel is an agenda: it goes on the Agenda line"), "{e}");
}

/// "Potere e vittoria" with an agenda's "you must claim 5 more power to win": 15 power does not win, 20 does.
#[test]
fn potere_e_vittoria_agendas_need_5_more_power() {
    let mut r = rules();
    let stark = usize::from(r.seat_decks[0]);
    r.decks[stark].agenda = Some(id(&r, "F242"));
    let mut g = scenario(&r, Phase::Marshal, ["U224", "U224"]);
    assert_eq!(g.power_to_win(&r, 0, WIN_POWER), 20);
    assert_eq!(g.power_to_win(&r, 1, WIN_POWER), 15, "the opponent has no agenda");
    let mut ev = Events::new();
    g.seats[0].house_power = 15;
    g.check_end(&r, &mut ev);
    assert_eq!(g.phase, Phase::Marshal, "15 is not enough with the agenda");
    g.seats[0].house_power = 20;
    g.check_end(&r, &mut ev);
    assert_eq!((g.phase, g.winners.clone()), (Phase::Over, vec![0]));
}

/// "Prepararsi a giocare", 5: a setup card's description carries its cost as setup counts it (the 2 penalty
/// gold for another House's card, waived by Treaty naming that House), the gold already placed and the limit of 5,
/// so the client's preview says what the core will allow.
#[test]
fn prepararsi_a_giocare_setup_describes_cost_spent_and_limit() {
    let mut r = rules();
    let stark = usize::from(r.seat_decks[0]);
    let (courtesan, placed) = (id(&r, "C36"), id(&r, "C57"));
    let setup_fields = |r: &Rules| {
        let mut g = scenario(r, Phase::Setup, ["U224", "U224"]);
        g.seats[0].hand = vec![courtesan];
        g.seats[0].setup = vec![placed];
        let info = g.describe(r, 0, code(SETUP_PLACE, 0, 0));
        ["cost", "spent", "limit"].map(|k| info.fields.get(k).cloned())
    };
    let n = |v: i64| Some(Field::Int(v));
    // Stark setting up a Lannister courtesan (2) after a Baratheon student (2): each costs 2 more.
    assert_eq!(setup_fields(&r), [n(4), n(4), n(5)]);
    r.decks[stark].agenda = Some(id(&r, "F243"));
    r.decks[stark].agenda_house = 2;
    assert_eq!(setup_fields(&r), [n(2), n(4), n(5)], "Treaty naming Lannister waives the courtesan's penalty");
}

/// "Dragoni di penalità" waived: Treaty naming Lannister lets a Stark deck marshal and set up Lannister cards
/// without the 2-gold penalty; Maesters of the Citadel waives it on Maester characters only.
#[test]
fn dragoni_di_penalita_treaty_and_maesters_of_the_citadel() {
    let mut r = rules();
    let stark = usize::from(r.seat_decks[0]);
    let (courtesan, student) = (id(&r, "C36"), id(&r, "C57"));
    let g = scenario(&r, Phase::Marshal, ["U224", "U224"]);
    assert_eq!((g.marshal_cost(&r, 0, courtesan, 0), g.setup_cost(&r, 0, courtesan)), (4, 4));
    r.decks[stark].agenda = Some(id(&r, "F243"));
    r.decks[stark].agenda_house = 2;
    let g = scenario(&r, Phase::Marshal, ["U224", "U224"]);
    assert_eq!((g.marshal_cost(&r, 0, courtesan, 0), g.setup_cost(&r, 0, courtesan)), (2, 2));
    assert_eq!(g.marshal_cost(&r, 0, student, 0), 4, "Baratheon is not the named House");
    r.decks[stark].agenda = Some(id(&r, "F241"));
    let g = scenario(&r, Phase::Marshal, ["U224", "U224"]);
    assert_eq!(g.marshal_cost(&r, 0, student, 0), 2, "a Maester");
    assert_eq!(g.marshal_cost(&r, 0, courtesan, 0), 4);
}

/// The Night's Watch agenda: your Night's Watch characters may attack or defend in military and power challenges
/// (they gain the icons); an opponent's do not.
#[test]
fn the_nights_watch_agenda_gives_icons() {
    let mut r = rules();
    let stark = usize::from(r.seat_decks[0]);
    r.decks[stark].agenda = Some(id(&r, "F242"));
    let mut g = scenario(&r, Phase::Challenges, ["U224", "U224"]);
    let mine = put(&mut g, &r, 0, "C145");
    let theirs = put(&mut g, &r, 1, "C145");
    assert!(g.can_attack(&r, 0, mine, POW));
    assert!(!g.can_attack(&r, 1, theirs, POW));
}

/// Multiplayer-only agendas (research §3.7): refused in a game of 2, played in a game of 3.
#[test]
fn multiplayer_only_agenda_needs_three_players() {
    let mut r = rules_with(r#"{"decks": ["stark", "lannister"], "round_limit": 30}"#);
    r.cards.push(CardDef {
        code: "X10".into(),
        name: "A Melee Agenda".into(),
        house: 0,
        kind: Kind::Agenda,
        unique: false,
        cost: 0,
        str: 0,
        icons: 0,
        traits: Vec::new(),
        keywords: 0,
        doomed: false,
        gold: 0,
        influence: 0,
        initiative: 0,
        claim: 0,
        house_only: false,
        abilities: vec![Ability::MultiplayerOnly],
    });
    let stark = usize::from(r.seat_decks[0]);
    r.decks[stark].agenda = Some((r.cards.len() - 1) as u16);
    let e = AgotCcg::new(&r, 2, 1).unwrap_err().to_string();
    assert!(e.contains("3 or more players"), "{e}");
    assert!(AgotCcg::new(&r, 3, 1).is_ok());
}
