//! Plain-text deck lists as players pasted them (the research note `agot_ccg_deck_formats.md`: forum and article
//! lists, AGoTDB's text export, our own `deck export`):
//!
//! ```text
//! Moon Boy Classic                   a title line (the first line, when it is not a card)
//! House: Stark   (or "House Stark")  one House line ("Stark" alone too); "House Messenger" is a card
//! Agenda: Treaty (Lannister)         optional; or an agenda card under an "Agenda (1)" header
//! Plots (7)                          section headers: "Plots (7)", "Characters:", "Events"; a Sideboard is skipped
//! 3x Eddard Stark                    "3x Name", "3 x Name", "3 Name", "Name x3", "Name (3)", a bare "Name" (one)
//! Shadowcat x3 Kings of the Sea F43  an optional set tag: a known set and its number
//! U25                                a card code
//! Total: 60                          totals are ignored; "#" and "//" start a comment
//! ```

use super::names::{self, Names};
use super::{clip, Entry, Read, MAX_LINES};
use crate::games::agot_ccg::cards::Kind;

/// Section names a header line may give (folded, singular or plural), and whether its cards count.
const SECTIONS: [(&str, bool); 16] = [
    ("house", true),
    ("agenda", true),
    ("plot", true),
    ("plotdeck", true),
    ("character", true),
    ("location", true),
    ("attachment", true),
    ("event", true),
    ("deck", true),
    ("drawdeck", true),
    ("housedeck", true),
    ("card", true),
    ("maindeck", true),
    ("sideboard", false),
    ("sidedeck", false),
    ("reserve", false),
];

/// Fields a "Key: value" line may give that say nothing about the cards.
const IGNORED: [&str; 14] = [
    "author",
    "by",
    "description",
    "format",
    "type",
    "game",
    "notes",
    "note",
    "date",
    "event",
    "player",
    "place",
    "comments",
    "version",
];

/// A card line longer than this is no card line (and would make the set-tag search slow).
const MAX_LINE: usize = 200;

pub fn read(text: &str, names: &Names) -> Read {
    let mut r = Read::default();
    let mut counting = true; // false inside a sideboard
    let mut agenda_section = false;
    let mut first = true;
    for (n, raw) in text.lines().enumerate() {
        let order = n + 1;
        if n == MAX_LINES {
            r.problem(order, format!("the list has more than {MAX_LINES} lines: the rest was not read"));
            break;
        }
        let line = strip(raw);
        if line.is_empty() {
            continue;
        }
        let at = format!("line {order}");
        let was_first = std::mem::replace(&mut first, false);
        if let Some((section, count)) = header(line) {
            counting = count;
            agenda_section = section == "agenda";
            continue;
        }
        if let Some((key, value)) = line.split_once(':') {
            let key = names::fold(key);
            match key.as_str() {
                "house" | "faction" => {
                    r.house(order, &at, value.trim());
                    continue;
                }
                "agenda" => {
                    let v = value.trim();
                    if !["none", "no agenda", "-", ""].contains(&v.to_lowercase().as_str()) {
                        let mut e = card(order, v, names);
                        e.agenda_line = true;
                        r.entries.push(e);
                    }
                    continue;
                }
                "deck" | "deckname" | "name" | "title" => {
                    r.title = Some(value.trim().to_owned());
                    continue;
                }
                k if k.starts_with("total") || IGNORED.contains(&k) => continue,
                _ => {}
            }
        }
        if is_total(line) || line.get(..3).is_some_and(|b| b.eq_ignore_ascii_case("by ")) {
            continue; // "Total 60", "60 cards", "by Bob": about the list, not in it
        }
        if !counting {
            continue;
        }
        if line.chars().count() > MAX_LINE {
            r.problem(order, format!("{at}: {} characters: too long for a card line", line.chars().count()));
            continue;
        }
        // "House Stark" or a bare "Stark": a House line (no card is titled so); "House Messenger", "House Stark
        // Herald": cards.
        if super::house_named(line).is_some() {
            r.house(order, &at, line);
            continue;
        }
        let mut e = card(order, line, names);
        // A title line: the first line, no count, naming no card and near none.
        let bare = e.copies == 1 && !e.name.is_empty() && e.tag.is_none();
        if was_first && bare && unknown(names, &e.name) && names.suggest(&e.name).is_none() {
            r.title = Some(clip(line));
            continue;
        }
        e.agenda_line = agenda_section;
        r.entries.push(e);
    }
    r
}

/// The line without its comment, list bullet and spaces (a non-breaking space counts as one).
fn strip(raw: &str) -> &str {
    let mut line = raw.split('#').next().unwrap_or("");
    if let Some(i) = line.find("//") {
        line = &line[..i];
    }
    let line = line.trim_matches(|c: char| c.is_whitespace() || c == '\u{feff}');
    let line = line.strip_prefix(['-', '*', '•', '+']).map_or(line, |l| l.trim_start());
    line.trim()
}

/// A section header: "Plots (7)", "Characters:", "Characters: 34", "Events [12]", "Draw deck", "Sideboard".
fn header(line: &str) -> Option<(&'static str, bool)> {
    let mut s = line.trim_end_matches(':').trim();
    if let Some((key, value)) = s.split_once(':') {
        if !value.trim().chars().all(|c| c.is_ascii_digit()) {
            return None;
        }
        s = key.trim();
    }
    let s = s.trim_end_matches(|c: char| c.is_ascii_digit() || "()[] -".contains(c));
    let key = names::fold(s);
    let single = key.strip_suffix('s').unwrap_or(&key);
    SECTIONS
        .iter()
        .find(|(k, _)| *k == key || *k == single)
        .map(|(k, c)| (*k, *c))
        .filter(|_| !s.is_empty())
        .or_else(|| line.ends_with(':').then_some(("", true)))
}

/// "60 cards", "Total 60", "67 cards total": a count of the list, not a card.
fn is_total(line: &str) -> bool {
    let key = names::fold(line);
    let rest = key.trim_start_matches(|c: char| c.is_ascii_digit());
    let bare = key.trim_start_matches("total").trim_start_matches(|c: char| c.is_ascii_digit());
    (rest.len() < key.len() && ["card", "cards", "cardstotal", "cardsintotal", "total"].contains(&rest))
        || (key.starts_with("total") && ["", "card", "cards"].contains(&bare))
}

fn unknown(names: &Names, name: &str) -> bool {
    names.find(name, None).is_none() && names.not_yet(name).is_none() && names.banned(name).is_none()
}

/// A card line: its copies and name, and a set tag when one follows the name.
pub(super) fn card(order: usize, line: &str, names: &Names) -> Entry {
    let (copies, name, tail) = copies(line);
    let mut e = Entry::new(order, copies, name);
    if let Some(tail) = tail {
        // "Shadowcat x3 Kings of the Sea F43": what follows the count must be a set tag.
        match names::set_tag(tail) {
            Some(tag) => e.tag = Some(tag),
            None => e.name = format!("{name} {tail}"),
        }
    }
    if unknown(names, &e.name) {
        split_tail(&mut e, names);
    }
    e
}

/// A name that is no title may end with a set tag ("Northern Fiefdoms (Winter C20)", "Northern Fiefdoms C20") or,
/// on an agenda, the House it names ("Treaty (Lannister)").
fn split_tail(e: &mut Entry, names: &Names) {
    if let Some((title, paren)) = e.name.trim_end().strip_suffix(')').and_then(|s| s.rsplit_once('(')) {
        // A title or a code: "Treaty (Lannister)", "F243 (Lannister)".
        let card = names.find(title, None).map(|i| &names.cards[usize::from(i)]);
        if card.is_some_and(|c| c.kind == Kind::Agenda || super::house_named(paren).is_some()) {
            e.named = Some(paren.trim().to_owned());
            e.name = title.trim().to_owned();
            return;
        }
    }
    if e.tag.is_some() {
        return;
    }
    let starts: Vec<usize> =
        e.name.split_whitespace().map(|w| w.as_ptr() as usize - e.name.as_ptr() as usize).collect();
    if starts.len() > 12 {
        return;
    }
    let found = starts.iter().skip(1).rev().find_map(|&start| {
        let (title, tail) = e.name.split_at(start);
        names.is_title(title).then(|| names::set_tag(tail)).flatten().map(|tag| (title.trim().to_owned(), tag))
    });
    if let Some((title, tag)) = found {
        e.name = title;
        e.tag = Some(tag);
    }
}

/// Split "3x Name", "3 x Name", "3 Name", "x3 Name", "Name x3", "Name x 3", "Name (3)", "Name [3]", "Name (x3)" or a
/// bare "Name" (one copy) into (copies, name, what follows a count written inside the line: a set tag).
fn copies(line: &str) -> (u32, &str, Option<&str>) {
    let count = |s: &str| s.parse::<u32>().ok().filter(|_| (1..=3).contains(&s.len()));
    let is_x = |c: char| matches!(c, 'x' | 'X' | '×');
    let digits = line.bytes().take_while(u8::is_ascii_digit).count();
    if let Some(k) = count(&line[..digits]) {
        let rest = &line[digits..];
        let r = rest.trim_start();
        let mut chars = r.chars();
        if chars.next().is_some_and(is_x) && chars.next().is_some_and(char::is_whitespace) {
            return (k, chars.as_str().trim(), None);
        }
        if rest.starts_with(char::is_whitespace) && !r.is_empty() {
            return (k, r, None);
        }
    }
    if let Some(rest) = line.strip_prefix(is_x) {
        let d = rest.bytes().take_while(u8::is_ascii_digit).count();
        if let Some(k) = count(&rest[..d]).filter(|_| rest[d..].starts_with(char::is_whitespace)) {
            return (k, rest[d..].trim(), None);
        }
    }
    // "(3)", "[3]", "(x3)", "(3x)" at the end.
    if let Some(inner) = line
        .strip_suffix(')')
        .and_then(|s| s.rsplit_once('('))
        .or_else(|| line.strip_suffix(']').and_then(|s| s.rsplit_once('[')))
    {
        let (name, n) = inner;
        let n = n.trim().trim_matches(is_x).trim();
        if let Some(k) = count(n) {
            return (k, name.trim(), None);
        }
    }
    // "x3" or "x 3" or "3x" as a word: at the end, or followed by a set tag.
    let words: Vec<&str> = line.split_whitespace().collect();
    for i in 1..words.len() {
        let w = words[i];
        let (k, used) = if let Some(k) = w.strip_prefix(is_x).and_then(count) {
            (k, 1)
        } else if w.chars().count() == 1 && w.starts_with(is_x) && i + 1 < words.len() && count(words[i + 1]).is_some()
        {
            (count(words[i + 1]).unwrap_or(1), 2)
        } else if let Some(k) = w.strip_suffix(is_x).and_then(count).filter(|_| i + 1 == words.len()) {
            (k, 1)
        } else {
            continue;
        };
        let name_end = w.as_ptr() as usize - line.as_ptr() as usize;
        let after = words.get(i + used).map(|t| t.as_ptr() as usize - line.as_ptr() as usize);
        let tail = after.map(|a| line[a..].trim()).filter(|t| !t.is_empty());
        return (k, line[..name_end].trim(), tail);
    }
    (1, line, None)
}
