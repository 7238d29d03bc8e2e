//! Deck lists a player brings, in the plain text form players trade, checked against the rulebook's deck rules
//! ("Regole di creazione dei mazzi") and banned list ("Come ci si prepara ai Tornei"):
//!
//! ```text
//! # comments and blank lines are ignored; "Plots:" / "Characters:" style headers too
//! House: Greyjoy          (or "House Greyjoy")
//! Agenda: Treaty (Lannister)  (optional: an agenda card, with the House it names for Treaty; "none")
//! 3x Ser Jaime Lannister  ("3x", "3 x", "3" or nothing for 1; a card code such as U25 works too)
//! 1x Winter is Coming     (plots go to the plot deck)
//! ```
//!
//! Every problem is reported, one per line, not only the first.

use super::{house_index, Ability, CardDef, Deck, Kind, HOUSES, NEUTRAL};

/// The rulebook's tournament banned list (Westeros Edition cards; none of them is in the Winter pool, so a
/// list naming one is refused as banned rather than as unknown).
pub const BANNED: [&str; 4] = ["The Things I Do for Love", "Heads on Pikes", "King's Peace", "Counterplot"];

/// A text is a deck list (not a House name) when it has more than one line or an "x " copy count.
pub fn looks_like_list(s: &str) -> bool {
    s.contains('\n') || s.contains(':')
}

fn norm(s: &str) -> String {
    s.chars().filter(|c| c.is_alphanumeric()).flat_map(char::to_lowercase).collect()
}

/// Split "3x Name", "3 x Name", "3 Name" or "Name" into (copies, name).
fn copies(line: &str) -> (u32, &str) {
    let digits = line.bytes().take_while(u8::is_ascii_digit).count();
    if digits == 0 || digits > 3 {
        return (1, line);
    }
    let rest = line[digits..].trim_start();
    let rest = rest.strip_prefix(['x', 'X', '×']).map_or(rest, str::trim_start);
    (line[..digits].parse().unwrap_or(1), rest)
}

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
        if BANNED.contains(&n) && !only.contains(&n) {
            only.push(n);
            out.push(format!("{n} is banned in tournaments"));
        }
    }
    out
}

/// Parse and check a deck list. `Err` holds every problem found.
pub fn parse_list(cards: &[CardDef], text: &str, label: &str) -> Result<Deck, Vec<String>> {
    let mut problems = Vec::new();
    let mut house: Option<u8> = None;
    let mut house_line = false;
    let (mut agenda, mut agenda_house) = (None, NEUTRAL);
    let mut name = label.to_owned();
    let (mut plots, mut list) = (Vec::new(), Vec::new());
    // A code names one card; a title may name several (two Houses print The Iron Throne): the one of the list's
    // House, else the first. Card lines are resolved after the loop, so the House line may come anywhere.
    let find = |s: &str, house: Option<u8>| {
        if let Some(i) = cards.iter().position(|c| c.code.eq_ignore_ascii_case(s)) {
            return Some(i as u16);
        }
        let key = norm(s);
        // `min_by_key` keeps the first of equals: the list's House's card, else the first card of that title.
        let titled = cards.iter().enumerate().filter(|(_, c)| norm(&c.name) == key);
        titled.min_by_key(|(_, c)| Some(c.house) != house).map(|(i, _)| i as u16)
    };
    let mut entries: Vec<(String, u32, &str)> = Vec::new();
    for (n, raw) in text.lines().enumerate().take(1000) {
        let line = raw.split('#').next().unwrap_or("").trim();
        if line.is_empty() {
            continue;
        }
        let at = format!("line {}", n + 1);
        let lower = line.to_lowercase();
        let field = |key: &str| {
            lower.strip_prefix(key).map(|r| line[line.len() - r.len()..].trim_start_matches([':', ' ']).trim())
        };
        if let Some(h) = field("house") {
            house_line = true;
            match house_index(&h.to_lowercase()).filter(|&i| i != NEUTRAL) {
                Some(i) if house.is_none() => house = Some(i),
                Some(_) => problems.push(format!("{at}: a second House line")),
                None => problems.push(format!(
                    "{at}: unknown House {h:?} (one of {})",
                    HOUSES[1..].iter().map(|s| s.to_owned()).collect::<Vec<_>>().join(", ")
                )),
            }
            continue;
        }
        if let Some(a) = field("agenda") {
            if ["none", "no agenda", "-", ""].contains(&a.to_lowercase().as_str()) {
                continue;
            }
            // "Treaty (Lannister)": the agenda, then the House it names.
            let (title, named) = match a.split_once('(') {
                Some((t, h)) => (t.trim(), Some(h.trim_end_matches(')').trim())),
                None => (a, None),
            };
            match find(title, None) {
                Some(id) if agenda.is_none() => agenda = Some(id),
                Some(_) => problems.push(format!("{at}: a second Agenda line")),
                None => problems.push(format!("{at}: unknown agenda {title:?}")),
            }
            if let Some(h) = named {
                match house_index(&h.to_lowercase()).filter(|&i| i != NEUTRAL) {
                    Some(i) => agenda_house = i,
                    None => problems.push(format!("{at}: unknown House {h:?} named by the agenda")),
                }
            }
            continue;
        }
        if let Some(d) = field("deck").or_else(|| field("name")) {
            name = d.to_owned();
            continue;
        }
        if line.ends_with(':') {
            continue; // a section header such as "Characters:"
        }
        let (k, card) = copies(line);
        entries.push((at, k, card));
    }
    for (at, k, card) in entries {
        let Some(id) = find(card, house) else {
            problems.push(format!("{at}: unknown card {card:?}"));
            continue;
        };
        if k == 0 || list.len() + plots.len() + k as usize > 400 {
            problems.push(format!("{at}: {k} copies"));
            continue;
        }
        let dest = if cards[usize::from(id)].kind == Kind::Plot { &mut plots } else { &mut list };
        dest.extend(std::iter::repeat_n(id, k as usize));
    }
    let Some(house) = house else {
        if !house_line {
            problems.push("no House line (\"House: Stark\")".into());
        }
        return Err(problems);
    };
    problems.extend(deck_problems(cards, house, &plots, &list));
    problems.extend(agenda_problems(cards, house, agenda, agenda_house));
    if problems.is_empty() {
        Ok(Deck { house, name, plots, cards: list, brought: true, agenda, agenda_house })
    } else {
        Err(problems)
    }
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
