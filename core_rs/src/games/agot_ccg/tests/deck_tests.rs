//! Deck-building rules ("Regole di creazione dei mazzi").

use super::helpers::*;
use crate::engine::Game;
use crate::games::agot_ccg::cards::Rules;
use crate::games::agot_ccg::state::AgotCcg;

fn problems(v: &serde_json::Value) -> Option<String> {
    AgotCcg::ruleset(&v.to_string(), r#"{"decks": [], "round_limit": 0}"#).err().map(|e| e.to_string())
}

/// "Regole di creazione dei mazzi": at most 3 copies of a title counted across the whole list (a list naming
/// Eddard Stark twice with 2 copies each holds 4 Eddards), and the plot deck's 7 plots all different by title,
/// also when two records of the same title carry different codes.
#[test]
fn regole_di_creazione_dei_mazzi_copies_per_title() {
    let v: serde_json::Value = serde_json::from_str(&content()).unwrap();
    assert_eq!(problems(&v), None);
    let stark = v["decks"].as_array().unwrap().iter().position(|d| d["house"] == "stark").unwrap();
    let mut w = v.clone();
    let cards = w["decks"][stark]["cards"].as_array_mut().unwrap();
    let i = cards.iter().position(|e| e[0] == "U6").unwrap();
    cards[i][1] = 2.into();
    cards.push(serde_json::json!(["U6", 2]));
    let why = problems(&w).expect("4 Eddards in two entries");
    assert!(why.contains("4 copies of Eddard Stark"), "{why}");

    // A second record titled like a plot of the deck (a reprint under another code) is the same plot.
    let mut w = v.clone();
    let plot = w["decks"][stark]["plots"][0].as_str().unwrap().to_owned();
    let mut twin = w["cards"].as_array().unwrap().iter().find(|c| c["code"] == plot.as_str()).unwrap().clone();
    twin["code"] = "X1".into();
    w["cards"].as_array_mut().unwrap().push(twin);
    w["decks"][stark]["plots"][1] = "X1".into();
    let why = problems(&w).expect("7 plots with a duplicate title");
    assert!(why.contains("twice"), "{why}");
    // Likewise for a House card: 3 + 1 of one title under two codes.
    let mut w = v.clone();
    let mut ned = w["cards"].as_array().unwrap().iter().find(|c| c["code"] == "U6").unwrap().clone();
    ned["code"] = "X6".into();
    w["cards"].as_array_mut().unwrap().push(ned);
    let cards = w["decks"][stark]["cards"].as_array_mut().unwrap();
    let i = cards.iter().position(|e| e[0] == "U6").unwrap();
    cards[i][1] = 3.into();
    cards.push(serde_json::json!(["X6", 1]));
    assert!(problems(&w).is_some_and(|why| why.contains("4 copies of Eddard Stark")));
}

/// The designed Stark deck written out as a plain-text list: one House line, "3x Name" lines, plots by name.
fn stark_list(r: &crate::games::agot_ccg::cards::Rules) -> String {
    format!("# a Stark list\nHouse: Stark\n{}", house_list(r, 1))
}

/// A House's designed deck as list lines by title, without the House line.
pub(super) fn house_list(r: &crate::games::agot_ccg::cards::Rules, house: u8) -> String {
    let d = r.decks.iter().find(|d| d.house == house).unwrap();
    let mut out = String::from("Agenda: none\nPlots:\n");
    for &p in &d.plots {
        out.push_str(&format!("1x {}\n", r.cards[usize::from(p)].name));
    }
    out.push_str("Cards:\n");
    let mut seen = Vec::new();
    for &c in &d.cards {
        if !seen.contains(&c) {
            seen.push(c);
            let n = d.cards.iter().filter(|&&x| x == c).count();
            out.push_str(&format!("{n}x {}\n", r.cards[usize::from(c)].name));
        }
    }
    out
}

fn one_arya_less(list: &str, then: &str) -> String {
    let line = list.lines().find(|l| l.ends_with("x Arya Stark")).expect("the Stark deck holds Arya");
    let n: u8 = line.split('x').next().and_then(|k| k.parse().ok()).expect("a count");
    list.replacen(line, &format!("{}x Arya Stark{then}", n - 1), 1)
}

pub(super) fn opts(decks: &[&str]) -> String {
    serde_json::json!({"decks": decks, "round_limit": 0}).to_string()
}

/// "Regole di creazione dei mazzi" for a deck a player brings: a legal list plays at its seat (names or codes);
/// a bad one is refused with every problem listed: an unknown card, 4 copies of a title, 59 cards, 6 plots,
/// another House's "House X only" card.
#[test]
fn regole_di_creazione_dei_mazzi_brought_deck_lists() {
    let r = rules();
    let list = stark_list(&r);
    let with = AgotCcg::ruleset(&content(), &opts(&[&list, "lannister"])).expect("the designed Stark list is legal");
    let g = AgotCcg::new(&with, 2, 5).unwrap();
    assert_eq!(g.seats[0].house, 1);
    assert!(with.decks[usize::from(g.seats[0].deck_index)].brought);
    let coded = list.replace("Eddard Stark", "U6");
    assert!(AgotCcg::ruleset(&content(), &opts(&[&coded])).is_ok(), "card codes are accepted");
    let one = serde_json::json!({"decks": [], "deck": list, "round_limit": 0}).to_string();
    assert!(AgotCcg::ruleset(&content(), &one).is_ok(), "the 'deck' option names the first seat's deck");
    // A brought deck never goes to a random seat.
    for seed in 0..20 {
        let only = AgotCcg::ruleset(&content(), &opts(&[&list])).unwrap();
        let g = AgotCcg::new(&only, 4, seed).unwrap();
        assert!(g.seats[1..].iter().all(|s| !only.decks[usize::from(s.deck_index)].brought));
    }

    // Two plots out and a Lannister-only one in (5 + 1 plots).
    let plots: Vec<&str> = list.lines().skip_while(|l| *l != "Plots:").skip(1).take(2).collect();
    let mut bad = list.replacen(&format!("{}\n", plots[0]), "", 1).replacen(&format!("{}\n", plots[1]), "", 1);
    bad = bad.replacen("2x Eddard Stark", "2x Eddard Stark\n2x U6", 1); // 4 Eddards
    bad.push_str("1x Hear Me Roar\n1x Ser Nobody of Nowhere\n"); // Lannister only, unknown
    let e = AgotCcg::ruleset(&content(), &opts(&[&bad])).unwrap_err().to_string();
    for want in [
        "unknown card \"Ser Nobody of Nowhere\"",
        "4 copies of Eddard Stark",
        "exactly 7 plots, not 6",
        "House lannister only",
    ] {
        assert!(e.contains(want), "{want}: {e}");
    }
    let short = one_arya_less(&list, "");
    let e = AgotCcg::ruleset(&content(), &opts(&[&short])).unwrap_err().to_string();
    assert!(e.contains("at least 60 cards, not 59"), "{e}");
    let e = AgotCcg::ruleset(&content(), &opts(&["Eddard Stark\n"])).unwrap_err().to_string();
    assert!(e.contains("no House line"), "{e}");
    let both = serde_json::json!({"decks": ["stark"], "deck": list, "round_limit": 0}).to_string();
    assert!(AgotCcg::ruleset(&content(), &both).is_err());
}

/// A title two Houses print (The Iron Throne: U38 Lannister, U80 Greyjoy) names the card of the list's House,
/// wherever the House line stands; a code names exactly that card. Every designed deck, listed by title with its
/// House line last, is the deck itself.
#[test]
fn a_shared_title_names_the_card_of_the_list_s_house() {
    use crate::games::agot_ccg::cards::HOUSES;
    let r = rules();
    let dealt = |text: &str| {
        let with = AgotCcg::ruleset(&content(), &opts(&[text])).unwrap();
        let g = AgotCcg::new(&with, 2, 1).unwrap();
        let d = &with.decks[usize::from(g.seats[0].deck_index)];
        let (mut plots, mut cards) = (d.plots.clone(), d.cards.clone());
        plots.sort_unstable();
        cards.sort_unstable();
        (d.house, plots, cards)
    };
    for house in 1..HOUSES.len() as u8 {
        let d = r.decks.iter().find(|d| d.house == house).unwrap();
        let (mut plots, mut cards) = (d.plots.clone(), d.cards.clone());
        plots.sort_unstable();
        cards.sort_unstable();
        let text = format!("{}House: {}\n", house_list(&r, house), HOUSES[usize::from(house)]);
        assert_eq!(dealt(&text), (house, plots, cards), "{}", HOUSES[usize::from(house)]);
    }
    let greyjoy = house_list(&r, 5);
    assert!(greyjoy.contains("1x The Iron Throne\n"), "the Greyjoy deck holds its Iron Throne (U80)");
    let coded = format!("House: Greyjoy\n{}", greyjoy.replace("1x The Iron Throne\n", "1x U38\n"));
    let (_, _, cards) = dealt(&coded);
    assert!(cards.contains(&id(&r, "U38")) && !cards.contains(&id(&r, "U80")), "a code names that card");
}

/// "Come ci si prepara ai Tornei": the banned cards are refused by title.
#[test]
fn tornei_banned_list() {
    let mut v: serde_json::Value = serde_json::from_str(&content()).unwrap();
    let mut twin = v["cards"].as_array().unwrap().iter().find(|c| c["code"] == "C146").unwrap().clone();
    twin["code"] = "X114".into();
    twin["name"] = "Heads on Pikes".into();
    v["cards"].as_array_mut().unwrap().push(twin);
    let r = rules();
    let list = one_arya_less(&stark_list(&r), "\n1x Heads on Pikes");
    let e = AgotCcg::ruleset(&v.to_string(), &opts(&[&list])).unwrap_err().to_string();
    assert!(e.contains("Heads on Pikes is banned"), "{e}");
}

/// The "discard it when…" check (Band of Free Folk) runs only when some deck holds such a card: none of the
/// designed decks does, a brought list with the Band does.
#[test]
fn the_state_check_runs_for_a_deck_that_holds_band_of_free_folk() {
    use crate::games::agot_ccg::cards::classify::STATE_CHECK;
    let r = rules();
    assert_eq!(r.deck_classes & STATE_CHECK, 0);
    let list = one_arya_less(&stark_list(&r), "\n1x Band of Free Folk");
    let with = AgotCcg::ruleset(&content(), &opts(&[&list, "lannister"])).expect("a legal list");
    assert_ne!(with.deck_classes & STATE_CHECK, 0);
}

/// Restricted play (option `without`): every copy of a named card leaves every draw deck, by name or code; the
/// plots stay, and a name no draw deck holds is refused with the reason.
#[test]
fn without_takes_every_copy_of_a_card_out_of_every_draw_deck() {
    let base = rules_with(r#"{"decks": [], "round_limit": 0}"#);
    let r = rules_with(r#"{"decks": [], "round_limit": 0, "without": ["bloody trident"]}"#);
    let trident = id(&base, "C156");
    for (a, b) in base.decks.iter().zip(&r.decks) {
        let copies = a.cards.iter().filter(|c| **c == trident).count();
        assert_eq!(b.cards.len() + copies, a.cards.len(), "{}", a.name);
        assert!(!b.cards.contains(&trident) && a.plots == b.plots);
    }
    assert!(base.decks.iter().any(|d| d.cards.contains(&trident)), "the data still holds the card");
    let by_code = rules_with(r#"{"decks": [], "round_limit": 0, "without": ["C156"]}"#);
    let sizes = |r: &Rules| r.decks.iter().map(|d| d.cards.len()).collect::<Vec<_>>();
    assert_eq!(sizes(&by_code), sizes(&r));
    let plot = base.cards[usize::from(base.decks[0].plots[0])].name.clone();
    for (name, why) in [("No Such Card", "no card has that name"), (plot.as_str(), "no draw deck holds it")] {
        let opts = serde_json::json!({"decks": [], "round_limit": 0, "without": [name]}).to_string();
        let e = AgotCcg::ruleset(&content(), &opts).unwrap_err().to_string();
        assert!(e.contains("without") && e.contains(why), "{e}");
    }
    // A match with the thinner decks plays to its end.
    let mut g = AgotCcg::new(&r, 2, 3).unwrap();
    let mut rng = crate::rng::Rng::new(1);
    let mut legal = Vec::new();
    for _ in 0..20_000 {
        let Some(p) = g.to_act().iter().next() else { break };
        legal.clear();
        g.legal_actions(&r, p, &mut legal);
        assert!(!legal.is_empty(), "seat {p} is asked to act with nothing to do");
        let a = legal[rng.index(legal.len())];
        g.apply(&r, p, a, &mut crate::engine::Events::disabled()).unwrap();
    }
    assert!(g.outcome().is_some());
}
