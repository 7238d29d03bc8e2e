//! The rulebook's deck rules ("Regole di creazione dei mazzi") and banned list ("Come ci si prepara ai Tornei"),
//! checked for the designed decks (`content`) and for every list a player brings (`decklist/`, which reads the
//! shapes players traded).
//!
//! Every problem is reported, one per line, not only the first.

use super::decklist::BANNED;
use super::{Ability, CardDef, Kind, HOUSES, NEUTRAL};

/// Every way the deck breaks the deck-building rules: exactly 7 plots, no two of one title; at least 60
/// House-deck cards, at most 3 copies of a title (counted across every entry and code that carries it); no plot
/// in the House deck; no "House X only" card of another House.
pub fn deck_problems(cards: &[CardDef], house: u8, plots: &[u16], list: &[u16]) -> Vec<String> {
    let mut out = Vec::new();
    let name = |id: &u16| cards.get(usize::from(*id)).map_or("?", |c| c.name.as_str());
    if plots.len() != 7 {
        out.push(format!("the plot deck holds exactly 7 plots, not {}", plots.len()));
    }
    let mut seen: Vec<&str> = Vec::new();
    for id in plots {
        let Some(c) = cards.get(usize::from(*id)) else { continue };
        if c.kind != Kind::Plot {
            out.push(format!("{} ({}) is not a plot", c.name, c.code));
        } else if seen.contains(&c.name.as_str()) {
            out.push(format!("the plot deck holds {} twice: every plot must be different", c.name));
        }
        seen.push(&c.name);
    }
    if list.len() < 60 {
        out.push(format!("the House deck holds at least 60 cards, not {}", list.len()));
    }
    let mut titles: Vec<(&str, usize)> = Vec::new();
    for id in list {
        match titles.iter_mut().find(|t| t.0 == name(id)) {
            Some(t) => t.1 += 1,
            None => titles.push((name(id), 1)),
        }
        if cards.get(usize::from(*id)).is_some_and(|c| c.kind == Kind::Plot) {
            out.push(format!("{} is a plot: plots go in the plot deck", name(id)));
        }
        if cards.get(usize::from(*id)).is_some_and(|c| c.kind == Kind::Agenda) {
            out.push(format!("{} is an agenda: it goes on the Agenda line", name(id)));
        }
    }
    for (t, n) in titles {
        if n > 3 {
            out.push(format!("{n} copies of {t}: at most 3 of a title"));
        }
    }
    let mut only: Vec<&str> = Vec::new();
    for id in plots.iter().chain(list) {
        let Some(c) = cards.get(usize::from(*id)) else { continue };
        if c.house_only && c.house != house && !only.contains(&c.code.as_str()) {
            only.push(&c.code);
            out.push(format!("{} ({}) is House {} only", c.name, c.code, HOUSES[usize::from(c.house)]));
        }
    }
    for id in plots.iter().chain(list) {
        let n = name(id);
        if BANNED.iter().any(|(b, _)| *b == n) && !only.contains(&n) {
            only.push(n);
            out.push(format!("{n} is banned in tournaments"));
        }
    }
    out
}

/// Every way a deck's agenda line breaks the rules: the card must be an agenda; Treaty names a House other than
/// the deck's own; no other agenda names one.
pub fn agenda_problems(cards: &[CardDef], house: u8, agenda: Option<u16>, named: u8) -> Vec<String> {
    let mut out = Vec::new();
    let Some(c) = agenda.and_then(|a| cards.get(usize::from(a))) else {
        if named != NEUTRAL {
            out.push("a House is named without an agenda that names one".into());
        }
        return out;
    };
    if c.kind != Kind::Agenda {
        out.push(format!("{} ({}) is not an agenda", c.name, c.code));
        return out;
    }
    let names = c.abilities.iter().any(|a| matches!(a, Ability::AgendaNoPenaltyNamedHouse));
    let house_name = HOUSES.get(usize::from(named)).unwrap_or(&"?");
    if names && named == NEUTRAL {
        out.push(format!("{} names a House: write it after the agenda, e.g. \"Agenda: {} (Stark)\"", c.name, c.name));
    } else if names && named == house {
        out.push(format!("{} must name a House other than your own ({house_name})", c.name));
    } else if !names && named != NEUTRAL {
        out.push(format!("{} names no House (\"{house_name}\" given)", c.name));
    }
    out
}
