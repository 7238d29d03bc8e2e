//! Deck lists as players pasted them (issue 40): every accepted way of writing a card line, forum lists with
//! titles, headers and set tags, AGoTDB and OCTGN deck files, and the messages for what cannot be played. The deck
//! rules themselves ("Regole di creazione dei mazzi") are checked as for any list.

use super::deck_tests::{house_list, opts};
use super::helpers::*;
use crate::engine::Game;
use crate::games::agot_ccg::cards::decklist::{self, fold, universal_id, NOT_YET};
use crate::games::agot_ccg::cards::{Deck, Rules, HOUSES};
use crate::games::agot_ccg::state::AgotCcg;

const FORUM_STARK: &str = include_str!("decks/forum_stark.txt");
const AGOTDB_LANNISTER: &str = include_str!("decks/agotdb_lannister.xml");
const OCTGN_BARATHEON: &str = include_str!("decks/octgn_baratheon.o8d");

fn parse(r: &Rules, text: &str) -> Result<Deck, Vec<String>> {
    decklist::parse_list(&r.cards, text, "deck of seat 0")
}

/// A deck's plots and cards, sorted: two decks are the same deck when these are equal.
fn contents(d: &Deck) -> (u8, Vec<u16>, Vec<u16>) {
    let (mut plots, mut cards) = (d.plots.clone(), d.cards.clone());
    plots.sort_unstable();
    cards.sort_unstable();
    (d.house, plots, cards)
}

fn designed(r: &Rules, house: u8) -> (u8, Vec<u16>, Vec<u16>) {
    contents(r.decks.iter().find(|d| d.house == house && !d.brought).unwrap())
}

/// The designed Stark deck as a list without its Arya Stark line (2 copies), to which a test adds one.
fn stark_without_arya(r: &Rules) -> String {
    let list = format!("House: Stark\n{}", house_list(r, 1));
    assert!(list.contains("\n2x Arya Stark\n"));
    list.replace("\n2x Arya Stark\n", "\n")
}

/// "Regole di creazione dei mazzi", read from every way players write a card line: each form below, added to the
/// Stark list for its two Arya Starks, gives the designed Stark deck.
#[test]
fn regole_di_creazione_dei_mazzi_every_card_line_form() {
    let r = rules();
    let base = stark_without_arya(&r);
    let want = designed(&r, 1);
    for form in [
        "2x Arya Stark",
        "2 x Arya Stark",
        "2X Arya Stark",
        "2× Arya Stark",
        "2 Arya Stark",
        "x2 Arya Stark",
        "Arya Stark x2",
        "Arya Stark x 2",
        "Arya Stark ×2",
        "Arya Stark 2x",
        "Arya Stark (2)",
        "Arya Stark [2]",
        "Arya Stark (x2)",
        "Arya Stark\nArya Stark",
        "2x U4",
        "2x u4",
        "2x arya stark",
        "2x ARYA STARK",
        "2x Árya Stärk",
        "- 2x Arya Stark",
        "* Arya Stark x2",
        "• Arya Stark x2",
        "2x Arya Stark // the best of the Starks",
        "2x Arya Stark # a comment",
        "\u{a0}2x\u{a0}Arya Stark\u{a0}",
        "Arya Stark x2 Winter Edition U4",
        "2x Arya Stark (Winter U4)",
        "2x Arya Stark U4",
    ] {
        let text = base.replacen("Cards:\n", &format!("Cards:\n{form}\n"), 1);
        match parse(&r, &text) {
            Ok(d) => assert_eq!(contents(&d), want, "{form:?}"),
            Err(e) => panic!("{form:?}: {e:?}"),
        }
    }
}

/// Names are folded for case, accents, curly quotes, "&"/"and" and a leading article; no two titles of the pool
/// fold alike unless they are the same title (The Iron Throne, printed by two Houses).
#[test]
fn names_fold_for_case_accents_quotes_and_articles() {
    assert_eq!(fold("The Iron Throne"), fold("iron throne"));
    assert_eq!(fold("Ready as We’ll Ever Be"), fold("ready as well ever be"));
    assert_eq!(fold("Fire & Blood"), fold("Fire and Blood"));
    assert_eq!(fold("Daënerys Targaryen"), fold("DAENERYS TARGARYEN"));
    assert_eq!(fold("A Lord's Ransom"), fold("Lord’s Ransom"));
    assert_eq!(fold("The"), "the", "a title that is only an article keeps it");
    let r = rules();
    for a in &r.cards {
        for b in &r.cards {
            assert!(fold(&a.name) != fold(&b.name) || a.name == b.name, "{} and {} fold alike", a.name, b.name);
        }
        // So a bare "Stark" or "House Stark" line can only be the House line.
        let f = fold(&a.name);
        assert!(HOUSES.iter().all(|h| f != *h && f != format!("house{h}")), "{} reads as a House", a.name);
    }
}

/// A forum-style list (the research note's plain-text shape: a title line, an author line, "House Stark", section
/// headers with counts, "Name xN" lines, curly quotes, a leading "The", set tags of reprints, comments and a total)
/// is the designed Stark deck, named by its title.
#[test]
fn regole_di_creazione_dei_mazzi_a_forum_list() {
    let r = rules();
    let d = parse(&r, FORUM_STARK).unwrap_or_else(|e| panic!("{e:?}"));
    assert_eq!(contents(&d), designed(&r, 1));
    assert_eq!(d.name, "Winterfell Weenie - 1st place, Ravenry league night");
    // The same list through the option, playing at its seat.
    let with = AgotCcg::ruleset(&content(), &opts(&[FORUM_STARK, "lannister"])).unwrap();
    let g = AgotCcg::new(&with, 2, 5).unwrap();
    assert!(with.decks[usize::from(g.seats[0].deck_index)].brought);
}

/// Headers and lines about the list: "Plots (7)", "Characters:", "Characters: 25", "Events [3]", a bare "Draw deck",
/// "Total: 60", "60 cards", a "Deck:" name; a Sideboard's cards are not in the deck.
#[test]
fn headers_totals_and_a_sideboard_are_not_cards() {
    let r = rules();
    let base = stark_without_arya(&r);
    let extra = "Deck: Ned's\nPlots (7)\nCharacters:\nCharacters: 25\nEvents [3]\nDraw deck\nTotal: 60\n60 cards\n\
                 Total (67)\n2x Arya Stark\nSideboard:\n3x Eddard Stark\n3x Nobody Known\n";
    let d = parse(&r, &format!("{base}{extra}")).unwrap_or_else(|e| panic!("{e:?}"));
    assert_eq!(contents(&d), designed(&r, 1));
    assert_eq!(d.name, "Ned's");
}

/// A one-copy line whose title begins with "House" is a card (House Messenger, House Stark Herald); "House Stark",
/// "Stark" alone and "House: Stark" are the House line; "House: Messenger" names an unknown House.
#[test]
fn a_house_messenger_line_is_a_card_not_a_house_line() {
    let r = rules();
    let base = stark_without_arya(&r);
    let text = base.replacen("Cards:\n", "Cards:\nHouse Messenger\nHouse Messenger\n", 1);
    let d = parse(&r, &text).unwrap_or_else(|e| panic!("{e:?}"));
    let messenger = id(&r, "C118");
    assert_eq!(d.cards.iter().filter(|&&c| c == messenger).count(), 2);
    for house_line in ["House Stark\n", "house stark\n", "Stark\n", "House: House Stark\n"] {
        let text = text.replacen("House: Stark\n", house_line, 1);
        assert_eq!(parse(&r, &text).map(|d| d.house), Ok(1), "{house_line:?}");
    }
    let e = parse(&r, &text.replacen("House: Stark\n", "House: Stark\nHouse: Messenger\n", 1)).unwrap_err();
    assert!(e.iter().any(|p| p.contains("unknown House \"Messenger\"")), "{e:?}");
}

/// A Winter Edition card left out of the pool is named as such (by title or code), a banned card as banned, a
/// misspelt title gets the nearest title, an unknown one only "unknown"; each problem once, in the order of the
/// lines, then the deck-wide ones.
#[test]
fn regole_di_creazione_dei_mazzi_every_problem_in_line_order() {
    let r = rules();
    let text = format!(
        "{}1x Jojen Reed\n1x P10\n1x Heads on Pikes\n2x Eddard Strak\n1x Jaime Lannister\n1x Ser Nobody of Nowhere\n",
        stark_without_arya(&r)
    );
    let e = parse(&r, &text).unwrap_err();
    let lines = text.lines().count();
    let want = [
        format!("line {}: R7 Jojen Reed: a Winter Edition card not playable here yet", lines - 5),
        format!("line {}: P10 The Only Game that Matters: a Winter Edition card not playable here yet", lines - 4),
        format!("line {}: Heads on Pikes (Westeros U114) is banned in tournaments", lines - 3),
        format!("line {}: unknown card \"Eddard Strak\": did you mean \"Eddard Stark\"?", lines - 2),
        format!("line {}: unknown card \"Jaime Lannister\": did you mean \"Ser Jaime Lannister\"?", lines - 1),
        format!("line {lines}: unknown card \"Ser Nobody of Nowhere\""),
        "the House deck holds at least 60 cards, not 58".to_owned(),
    ];
    assert_eq!(e, want);
    // Every record left out of the pool is one the coverage table marks "not yet".
    let coverage = include_str!("../../../../../docs/games/agot_ccg_coverage.md");
    let not_yet: Vec<&str> = coverage.lines().filter(|l| l.contains("| not yet:")).collect();
    assert_eq!(not_yet.len(), NOT_YET.len());
    for (code, name) in NOT_YET {
        assert!(not_yet.iter().any(|l| l.starts_with(&format!("| {code} | {name} |"))), "{code} {name}");
        assert!(r.cards.iter().all(|c| c.code != code && c.name != name), "{code} is in the pool");
    }
}

/// A set tag naming another card of the same title is refused, not guessed: the Core Set's Arya Stark (S7) is
/// not the Winter Edition's (U4); a reprint of a Winter card (Northern Fiefdoms, Core Set S26) is that card.
#[test]
fn a_set_tag_of_another_printing_is_not_guessed() {
    let r = rules();
    let base = stark_without_arya(&r);
    let e = parse(&r, &base.replacen("Cards:\n", "Cards:\nArya Stark x2 Core Set S7\n", 1)).unwrap_err();
    assert!(e[0].contains("Core Set S7 is not a printing of the Winter Edition's Arya Stark (U4)"), "{e:?}");
    let e = parse(&r, &base.replacen("Cards:\n", "Cards:\n2x Arya Stark Winter U5\n", 1)).unwrap_err();
    assert!(e[0].contains("Winter Edition U5 is not a printing"), "{e:?}");
    let e = parse(&r, &base.replacen("Cards:\n", "Cards:\nShadowcat x3 Kings of the Sea F43\n", 1)).unwrap_err();
    assert!(e[0].contains("unknown card \"Shadowcat\""), "{e:?}");
}

/// AGoTDB's `UniversalId` is derived from our codes exactly (research: "Winter C20 → 100020"; AGoTDB's database
/// numbers promos, fixed agendas and the premium starters in their own sub-series).
#[test]
fn agotdb_universal_ids_from_codes() {
    assert_eq!(universal_id("C20"), Some(100_020));
    assert_eq!(universal_id("R231"), Some(100_231));
    assert_eq!(universal_id("P7"), Some(101_007));
    assert_eq!(universal_id("F243"), Some(101_343));
    assert_eq!(universal_id("G18"), Some(105_018));
    assert_eq!(universal_id("T55"), Some(106_055));
    assert_eq!(universal_id("X1"), None);
    let r = rules();
    let mut ids: Vec<u32> = r.cards.iter().map(|c| universal_id(&c.code).expect("every pool code has an id")).collect();
    ids.sort_unstable();
    ids.dedup();
    assert_eq!(ids.len(), r.cards.len(), "no two cards share an id");
}

/// An AGoTDB deck file (by UniversalId; its last revision; the Sideboard left out; a card without an id found by
/// its Name) is the designed Lannister deck, named by the file; a card of a later set or one not playable yet is
/// named as such.
#[test]
fn regole_di_creazione_dei_mazzi_an_agotdb_deck_file() {
    let r = rules();
    let d = parse(&r, AGOTDB_LANNISTER).unwrap_or_else(|e| panic!("{e:?}"));
    assert_eq!(contents(&d), designed(&r, 2));
    assert_eq!(d.name, "Lions of Lannisport");
    let later = AGOTDB_LANNISTER
        .replacen("<UniversalId>100025</UniversalId>", "<UniversalId>130004</UniversalId>", 1)
        .replacen("<Name>Ser Jaime Lannister</Name>", "<Name>Arya Stark</Name>", 1)
        .replacen("<UniversalId>100036</UniversalId>", "<UniversalId>100033</UniversalId>", 1);
    let e = parse(&r, &later).unwrap_err();
    assert!(e[0].contains("\"Arya Stark\" (UniversalId 130004) is not a Winter Edition card"), "{e:?}");
    assert!(e[0].contains("the Winter Edition's Arya Stark is U4"), "{e:?}");
    assert!(e[1].contains("U33 Joffrey's Herald: a Winter Edition card not playable here yet"), "{e:?}");
    assert!(e[1].starts_with("line "), "{e:?}");
}

/// An OCTGN `.o8d` (cards by name, GUIDs ignored; the House section's "House Baratheon") is the designed
/// Baratheon deck; the file is told by its content whatever it is called.
#[test]
fn regole_di_creazione_dei_mazzi_an_octgn_deck_file() {
    let r = rules();
    let d = parse(&r, OCTGN_BARATHEON).unwrap_or_else(|e| panic!("{e:?}"));
    assert_eq!(contents(&d), designed(&r, 3));
    let with = AgotCcg::ruleset(&content(), &opts(&[OCTGN_BARATHEON.trim(), "stark"])).unwrap();
    assert_eq!(with.decks[usize::from(with.seat_decks[0])].house, 3);
    // One line, no colon: still a deck file, not a House name.
    let one_line = OCTGN_BARATHEON.replace('\n', "");
    let one_line = one_line.replacen("<?xml version=\"1.0\" encoding=\"utf-8\" standalone=\"yes\"?>", "", 1);
    assert!(decklist::looks_like_list(&one_line));
}

/// Hostile or broken deck files are problems, never a panic or a hang: malformed XML, a DTD with entities, deep
/// nesting, a huge file, a plain-text line of a megabyte, odd Unicode.
#[test]
fn hostile_deck_files_are_refused_with_a_reason() {
    let r = rules();
    let bomb = "<?xml version=\"1.0\"?><!DOCTYPE lolz [<!ENTITY lol \"lol\"><!ENTITY lol2 \"&lol;&lol;&lol;\">]>\
                <deck><section name=\"Plots\"><card qty=\"1\">&lol2;</card></section></deck>";
    let deep = format!("<deck>{}{}</deck>", "<a>".repeat(120_000), "</a>".repeat(120_000));
    let big = format!("<deck>{}</deck>", " ".repeat(1_000_001));
    let huge = format!("<deck>{}</deck>", "<a/>".repeat(150_000));
    let long_line = format!("House: Stark\n{}\n", "Eddard Stark ".repeat(100_000));
    let many = "House: Stark\n".to_owned() + &"3x Nobody x3 Core Set S1\n".repeat(5000);
    let cases: Vec<(&str, &str)> = vec![
        ("<deck><section name=\"Plots\"><card qty=\"1\">Taxation</section></deck>", "not well-formed XML"),
        (bomb, "not well-formed XML"),
        (&deep, "not well-formed XML"),
        (&huge, "not well-formed XML"),
        (&big, "a deck file is at most 1000000"),
        ("<html><body>a web page</body></html>", "neither an AGoTDB deck"),
        (
            "<AGoTDB><VersionedDeck><Deck0><Deck><Houses>63</Houses></Deck></Deck0></VersionedDeck></AGoTDB>",
            "stark and",
        ),
        ("<deck><section name=\"Plots\"><card qty=\"lots\">Taxation</card></section></deck>", "qty of \"Taxation\""),
        (&long_line, "too long for a card line"),
        (&many, "more than 1000 lines"),
        ("House: Stark\n\u{202e}\u{0}\u{fffd}🐉 x3\n3x \u{301}\n", "unknown card"),
    ];
    for (text, want) in cases {
        let e = parse(&r, text).unwrap_err();
        assert!(e.iter().any(|p| p.contains(want)), "{want}: {:?}", &e[..e.len().min(3)]);
    }
}

mod random_input {
    use super::*;
    use proptest::prelude::*;

    static RULES: std::sync::OnceLock<Rules> = std::sync::OnceLock::new();

    proptest! {
        #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

        /// Reading a deck list never panics, whatever the bytes: raw bytes, list-like lines, XML-like text.
        #[test]
        fn decklist_never_panics(bytes in proptest::collection::vec(any::<u8>(), 0..400),
                                 lines in proptest::collection::vec("[0-9xX× ()\\[\\]:#/<>a-zA-Z'’&é\n-]{0,30}", 0..20)) {
            let r = RULES.get_or_init(rules);
            let _ = parse(r, &String::from_utf8_lossy(&bytes));
            let _ = parse(r, &lines.join("\n"));
            let _ = parse(r, &format!("<deck><section name=\"x\">{}</section></deck>", lines.join("")));
            let _ = parse(r, &format!("<AGoTDB><VersionedDeck><Deck0><Deck>{}</Deck></Deck0></VersionedDeck></AGoTDB>",
                lines.join("")));
        }
    }
}

/// "Prepararsi a giocare": the agenda as players write it: an `Agenda:` line by title or code with the House
/// Treaty names, or the agenda card under an "Agenda (1)" header (AGoTDB's text export); a House after a card that
/// is no agenda is a problem, not dropped.
#[test]
fn prepararsi_a_giocare_agenda_forms() {
    let r = rules();
    let base = format!("House: Stark\n{}", house_list(&r, 1).replacen("Agenda: none\n", "", 1));
    let treaty = id(&r, "F243");
    for agenda in ["Agenda: Treaty (Lannister)\n", "Agenda: F243 (lannister)\n", "Agenda (1)\n1x Treaty (Lannister)\n"]
    {
        let d = parse(&r, &format!("{agenda}{base}")).unwrap_or_else(|e| panic!("{agenda:?}: {e:?}"));
        assert_eq!((d.agenda, d.agenda_house), (Some(treaty), 2), "{agenda:?}");
    }
    let e = parse(&r, &base.replacen("2x Arya Stark\n", "2x Arya Stark (Lannister)\n", 1)).unwrap_err();
    assert!(e[0].contains("Arya Stark names no House (\"Lannister\" given)"), "{e:?}");
}
