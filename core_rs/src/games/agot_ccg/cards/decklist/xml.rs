//! The deck-builder files of the era, told by their content (an XML start), never by the file's name:
//!
//! - AGoTDB's deck file: `<AGoTDB>` → `<VersionedDeck>` (`<Name>`, revisions `<Deck0>`…`<DeckN>`, the last one
//!   current) → `<Deck>` with `<Houses>` (a bitmask: 1 Stark, 2 Lannister, 4 Baratheon, 8 Greyjoy, 16 Martell,
//!   32 Targaryen), `<Agenda>` and `<Cards>` lists of `<Card>` (`<UniversalId>`, `<Quantity>`, `<Name>`); the
//!   `<Sideboard>` is not the deck. A card is found by its `UniversalId` (`names::universal_id`, exact for every
//!   Winter record), by its `<Name>` only when the id is missing or unreadable.
//! - OCTGN's `.o8d`: `<deck>` → `<section name="House|Agenda|Characters|Locations|Events|Attachments|Plots">` →
//!   `<card qty="3" id="GUID">Name</card>`; cards are found by name, the GUIDs (another database's) are ignored.

use roxmltree::{Document, Node, ParsingOptions};

use super::names::Names;
use super::{clip, text, Entry, Read, MAX_LINES};

/// A deck file is a few kilobytes; a bigger text is refused unread.
const MAX_BYTES: usize = 1_000_000;

/// AGoTDB's `<Houses>` bits, in our House order's names.
const AGOTDB_HOUSES: [(u32, &str); 6] =
    [(1, "stark"), (2, "lannister"), (4, "baratheon"), (8, "greyjoy"), (16, "martell"), (32, "targaryen")];

pub fn is_xml(text: &str) -> bool {
    text.trim_start_matches('\u{feff}').trim_start().starts_with('<')
}

pub fn read(text: &str, names: &Names) -> Read {
    // A file that cannot be read at all gets that one problem, not also "no House line".
    let mut r = Read { house_line: true, ..Read::default() };
    if text.len() > MAX_BYTES {
        r.problem(0, format!("the deck file holds {} bytes; a deck file is at most {MAX_BYTES}", text.len()));
        return r;
    }
    // No DTD (so no entity expansion) and a bound on the nodes: a hostile file costs little.
    let opts = ParsingOptions { allow_dtd: false, nodes_limit: 100_000, ..ParsingOptions::default() };
    let doc = match Document::parse_with_options(text.trim_start_matches('\u{feff}'), opts) {
        Ok(doc) => doc,
        Err(e) => {
            r.problem(0, format!("the deck file is not well-formed XML: {e}"));
            return r;
        }
    };
    let root = doc.root_element();
    match root.tag_name().name().to_ascii_lowercase().as_str() {
        "agotdb" | "versioneddeck" => {
            r.house_line = false;
            agotdb(&doc, root, &mut r)
        }
        "deck" => {
            r.house_line = false;
            octgn(&doc, root, names, &mut r)
        }
        other => r.problem(
            0,
            format!("an XML file, but neither an AGoTDB deck (<AGoTDB>) nor an OCTGN deck (<deck>): <{}>", clip(other)),
        ),
    }
    r
}

fn named<'a, 'i, 'n>(node: Node<'a, 'i>, name: &'n str) -> impl Iterator<Item = Node<'a, 'i>> + use<'a, 'i, 'n> {
    node.children().filter(move |n| n.is_element() && n.tag_name().name().eq_ignore_ascii_case(name))
}

fn child_text<'a>(node: Node<'a, '_>, name: &str) -> Option<&'a str> {
    named(node, name).next().and_then(|n| n.text()).map(str::trim)
}

fn line_of(doc: &Document, node: Node) -> usize {
    doc.text_pos_at(node.range().start).row as usize
}

fn agotdb(doc: &Document, root: Node, r: &mut Read) {
    let versioned = if root.tag_name().name().eq_ignore_ascii_case("versioneddeck") {
        Some(root)
    } else {
        named(root, "VersionedDeck").next()
    };
    let Some(versioned) = versioned else {
        r.problem(0, "an AGoTDB file without a <VersionedDeck>".into());
        return;
    };
    r.title = child_text(versioned, "Name").filter(|s| !s.is_empty()).map(|s| s.chars().take(100).collect());
    // The revisions Deck0…DeckN: the last is the deck as it stands.
    let revision = versioned
        .children()
        .filter(|n| n.is_element())
        .filter_map(|n| Some((n.tag_name().name().strip_prefix("Deck")?.parse::<u32>().ok()?, n)))
        .max_by_key(|(i, _)| *i)
        .map(|(_, n)| named(n, "Deck").next().unwrap_or(n));
    let Some(deck) = revision else {
        r.problem(0, "an AGoTDB file without a deck (<Deck0>)".into());
        return;
    };
    match child_text(deck, "Houses").map(str::parse::<u32>) {
        Some(Ok(bits)) => {
            let houses: Vec<&str> = AGOTDB_HOUSES.iter().filter(|(b, _)| bits & b != 0).map(|(_, h)| *h).collect();
            match houses.as_slice() {
                [one] => r.house(line_of(doc, deck), "<Houses>", one),
                [] => {}
                many => r.problem(
                    line_of(doc, deck),
                    format!("<Houses> names {}: a deck here plays one House", many.join(" and ")),
                ),
            }
            r.house_line |= !houses.is_empty();
        }
        Some(Err(_)) => r.problem(line_of(doc, deck), "<Houses> is not a number".into()),
        None => {}
    }
    let mut read = 0;
    for list in deck.children().filter(|n| n.is_element()) {
        let tag = list.tag_name().name();
        let agenda = tag.starts_with("Agenda");
        if !agenda && !tag.starts_with("Cards") {
            continue; // the Sideboard, dates, comments
        }
        for card in list.descendants().filter(|n| n.is_element() && n.tag_name().name() == "Card") {
            read += 1;
            if read > MAX_LINES {
                r.problem(line_of(doc, card), format!("more than {MAX_LINES} cards: the rest was not read"));
                return;
            }
            let order = line_of(doc, card);
            let name = child_text(card, "Name").unwrap_or("");
            let mut e = Entry::new(order, 1, name);
            e.universal = child_text(card, "UniversalId").and_then(|s| s.parse().ok());
            e.agenda_line = agenda;
            match child_text(card, "Quantity").map(str::parse::<u32>) {
                Some(Ok(k)) => e.copies = k,
                Some(Err(_)) => {
                    r.problem(order, format!("line {order}: the <Quantity> of {:?} is not a number", clip(name)));
                    continue;
                }
                None => {}
            }
            if e.universal.is_none() && name.is_empty() {
                r.problem(order, format!("line {order}: a <Card> with neither a UniversalId nor a Name"));
                continue;
            }
            r.entries.push(e);
        }
    }
}

fn octgn(doc: &Document, root: Node, names: &Names, r: &mut Read) {
    let mut read = 0;
    for section in named(root, "section") {
        let kind = section.attribute("name").unwrap_or("").trim().to_ascii_lowercase();
        if kind.starts_with("side") {
            continue;
        }
        for card in named(section, "card") {
            read += 1;
            let order = line_of(doc, card);
            if read > MAX_LINES {
                r.problem(order, format!("more than {MAX_LINES} cards: the rest was not read"));
                return;
            }
            let name = card.text().unwrap_or("").trim();
            let at = format!("line {order}");
            if kind == "house" {
                r.house(order, &at, name);
                continue;
            }
            let copies = match card.attribute("qty").map(|q| q.trim().parse::<u32>()) {
                Some(Ok(k)) => k,
                Some(Err(_)) => {
                    r.problem(order, format!("{at}: qty of {:?} is not a number", clip(name)));
                    continue;
                }
                None => 1,
            };
            let mut e = text::card(order, name, names);
            e.copies = copies;
            e.agenda_line = kind == "agenda";
            r.entries.push(e);
        }
    }
}
