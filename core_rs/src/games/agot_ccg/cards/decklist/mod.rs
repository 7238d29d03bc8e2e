//! Deck lists a player brings, in the shapes players traded them, read into one deck and checked
//! against the rulebook's deck rules ("Regole di creazione dei mazzi") and banned list ("Come ci si prepara ai
//! Tornei"), `deck.rs`:
//!
//! - plain text (`text.rs`): a forum or deck-builder list, `3x Name` / `3 x Name` / `Name x3` / `Name (3)` / a bare
//!   `Name` (one copy), with a `House:` line, an optional `Agenda:` line, section headers, comments, a title line;
//! - AGoTDB's XML deck file and OCTGN's `.o8d` (`xml.rs`), told by their content, never by a file name.
//!
//! Names are matched folded (`names.rs`). Every problem is reported, one per line, in the order of the lines that
//! cause them, then the deck-wide ones; no input makes this panic (`decklist_never_panics` feeds it random bytes).

mod names;
mod text;
mod xml;

pub use names::{fold, universal_id, BANNED, NOT_YET, PRINTINGS};

use super::deck::{agenda_problems, deck_problems};
use super::{house_index, CardDef, Deck, Kind, HOUSES, NEUTRAL};
use names::Names;

/// At most this many lines (or XML cards) are read: a deck is about 70.
const MAX_LINES: usize = 1000;

/// One card line of a list: where it stands, how many copies, and how it names its card.
struct Entry {
    /// "line 12", for messages.
    at: String,
    /// The line (or node) number, to report problems in the order of the file.
    order: usize,
    copies: u32,
    name: String,
    /// An AGoTDB `UniversalId`, which names the card exactly (`name` is then only for messages and the fallback).
    universal: Option<u32>,
    /// A set tag written after the name: (set, number).
    tag: Option<(Option<&'static str>, String)>,
    /// The House an agenda line names (Treaty).
    named: Option<String>,
    /// On an `Agenda:` line or in an agenda section: the card must be an agenda.
    agenda_line: bool,
}

impl Entry {
    fn new(order: usize, copies: u32, name: &str) -> Self {
        Entry {
            at: format!("line {order}"),
            order,
            copies,
            name: name.trim().to_owned(),
            universal: None,
            tag: None,
            named: None,
            agenda_line: false,
        }
    }
}

/// What a reader found before any card is looked up.
#[derive(Default)]
struct Read {
    title: Option<String>,
    house: Option<u8>,
    /// A House line was given (even one naming no House), or the file could not be read at all: do not also ask
    /// for a House line.
    house_line: bool,
    entries: Vec<Entry>,
    problems: Vec<(usize, String)>,
}

impl Read {
    fn problem(&mut self, order: usize, why: String) {
        self.problems.push((order, why));
    }

    /// A House named by a line or a file: the first one counts, a second is a problem.
    fn house(&mut self, order: usize, at: &str, name: &str) {
        self.house_line = true;
        match house_named(name) {
            Some(i) if self.house.is_none() => self.house = Some(i),
            Some(i) if self.house == Some(i) => {}
            Some(_) => self.problem(order, format!("{at}: a second House line")),
            None => {
                self.problem(order, format!("{at}: unknown House {:?} (one of {})", clip(name), HOUSES[1..].join(", ")))
            }
        }
    }
}

/// A House by name: "Stark", "house stark", "House Stark".
fn house_named(s: &str) -> Option<u8> {
    let key = fold(s);
    let key = key.strip_prefix("house").filter(|k| !k.is_empty()).unwrap_or(&key);
    house_index(key).filter(|&i| i != NEUTRAL)
}

/// A player's text in a message: at most 60 characters, so a hostile line cannot flood the report.
fn clip(s: &str) -> String {
    let mut out: String = s.chars().take(60).collect();
    if out.len() < s.len() {
        out.push('…');
    }
    out
}

/// Whether an entry of the `decks` option is a deck list (or deck file) rather than a House name: it has more
/// than one line or a colon, or it is XML.
pub fn looks_like_list(s: &str) -> bool {
    s.contains('\n') || s.contains(':') || s.trim_start_matches('\u{feff}').trim_start().starts_with('<')
}

/// Read and check a deck list: plain text, an AGoTDB XML deck or an OCTGN `.o8d`, told by the content. `name` is the
/// deck's name unless the list gives one. `Err` holds every problem found.
pub fn parse_list(cards: &[CardDef], text: &str, name: &str) -> Result<Deck, Vec<String>> {
    let names = Names::new(cards);
    let read = match xml::is_xml(text) {
        true => xml::read(text, &names),
        false => text::read(text, &names),
    };
    resolve(&names, read, name)
}

/// Look every entry up, deal it to the plot deck, the House deck or the agenda, then check the deck rules.
fn resolve(names: &Names, mut read: Read, default_name: &str) -> Result<Deck, Vec<String>> {
    let cards = names.cards;
    let (mut plots, mut list) = (Vec::new(), Vec::new());
    let (mut agenda, mut agenda_house) = (None, NEUTRAL);
    let house = read.house;
    for e in std::mem::take(&mut read.entries) {
        let Some(id) = look_up(names, &e, house, &mut read) else { continue };
        let card = &cards[usize::from(id)];
        if e.copies == 0 || list.len() + plots.len() + e.copies as usize > 400 {
            read.problem(e.order, format!("{}: {} copies", e.at, e.copies));
            continue;
        }
        // An agenda on an "Agenda:" line or under an agenda header is the deck's agenda; one among the other cards
        // stays there, and the deck rules say where it goes.
        if e.agenda_line {
            if agenda.is_some() {
                read.problem(e.order, format!("{}: a second agenda ({}): a deck has one", e.at, card.name));
                continue;
            }
            agenda = Some(id);
            if let Some(h) = &e.named {
                match house_named(h) {
                    Some(i) => agenda_house = i,
                    None => read.problem(e.order, format!("{}: unknown House {:?} named by the agenda", e.at, clip(h))),
                }
            }
            continue;
        }
        if let Some(h) = e.named.as_ref().filter(|_| card.kind != Kind::Agenda) {
            read.problem(e.order, format!("{}: {} names no House ({:?} given)", e.at, card.name, clip(h)));
            continue;
        }
        let dest = if card.kind == Kind::Plot { &mut plots } else { &mut list };
        dest.extend(std::iter::repeat_n(id, e.copies as usize));
    }
    read.problems.sort_by_key(|(order, _)| *order);
    let mut problems: Vec<String> = read.problems.into_iter().map(|(_, p)| p).collect();
    let Some(house) = house else {
        if !read.house_line {
            problems.push("no House line (\"House: Stark\")".into());
        }
        return Err(problems);
    };
    problems.extend(deck_problems(cards, house, &plots, &list));
    problems.extend(agenda_problems(cards, house, agenda, agenda_house));
    if !problems.is_empty() {
        return Err(problems);
    }
    let name = read.title.unwrap_or_else(|| default_name.to_owned());
    Ok(Deck { house, name, plots, cards: list, brought: true, agenda, agenda_house })
}

/// The card an entry names, or its problem: a Winter card not playable here yet, a banned card, a card of another
/// set than the Winter Edition, or an unknown name (with the nearest title, if one is near).
fn look_up(names: &Names, e: &Entry, house: Option<u8>, read: &mut Read) -> Option<u16> {
    let at = &e.at;
    if let Some(uid) = e.universal {
        match names.by_universal_id(uid) {
            Some(Ok(id)) => return Some(id),
            Some(Err((code, title))) => {
                read.problem(e.order, format!("{at}: {code} {title}: a Winter Edition card not playable here yet"));
                return None;
            }
            None if names::is_winter_id(uid) => {
                read.problem(
                    e.order,
                    format!("{at}: no Winter Edition card has UniversalId {uid} ({:?})", clip(&e.name)),
                );
                return None;
            }
            None => {
                let same = names.find(&e.name, house).map(|i| &names.cards[usize::from(i)]);
                let also = same.map_or(String::new(), |c| {
                    format!(" (the Winter Edition's {} is {}: name it by that code to play it)", c.name, c.code)
                });
                read.problem(
                    e.order,
                    format!("{at}: {:?} (UniversalId {uid}) is not a Winter Edition card{also}", clip(&e.name)),
                );
                return None;
            }
        }
    }
    if let Some((code, title)) = names.not_yet(&e.name).filter(|_| names.find(&e.name, house).is_none()) {
        read.problem(e.order, format!("{at}: {code} {title}: a Winter Edition card not playable here yet"));
        return None;
    }
    let Some(id) = names.find(&e.name, house) else {
        if let Some((title, printing)) = names.banned(&e.name) {
            read.problem(e.order, format!("{at}: {title} ({printing}) is banned in tournaments"));
            return None;
        }
        let near = names.suggest(&e.name).map_or(String::new(), |t| format!(": did you mean {t:?}?"));
        let what = if e.agenda_line { "agenda" } else { "card" };
        read.problem(e.order, format!("{at}: unknown {what} {:?}{near}", clip(&e.name)));
        return None;
    };
    let card = &names.cards[usize::from(id)];
    if let Some((set, number)) = &e.tag {
        if !names::printing_of(&card.code, *set, number) {
            let printed = set.map_or(number.clone(), |s| format!("{s} {number}"));
            read.problem(
                e.order,
                format!(
                    "{at}: {printed} is not a printing of the Winter Edition's {} ({}): only Winter Edition cards \
                     play here; leave the set out to play {}",
                    card.name, card.code, card.code
                ),
            );
            return None;
        }
    }
    Some(id)
}
