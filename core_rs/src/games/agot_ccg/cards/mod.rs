//! Loads and checks the plugin's content: `{"cards": [..], "decks": [..]}` (the plugin's `cards.json` and
//! `decks.json` verbatim) and the options. Card text is a list of abilities (`ability.rs`, `vocab/`);
//! a card whose text this vocabulary cannot say is left out of the pool (docs/games/agot_ccg.md lists them).

use serde::Deserialize;

use crate::engine::SetupError;

mod ability;
mod check;
pub mod classify;
pub mod deck;
pub mod decklist;
pub mod vocab;

pub use ability::{Ability, InterruptCost, ACTION_PHASES};
pub use vocab::Cond;

/// Houses; 0 is "neutral" (no shield).
pub const HOUSES: [&str; 7] = ["neutral", "stark", "lannister", "baratheon", "targaryen", "greyjoy", "martell"];
pub const NEUTRAL: u8 = 0;

/// Challenge icons / challenge types (rulebook "Icone di sfida").
pub const MIL: u8 = 0;
pub const INT: u8 = 1;
pub const POW: u8 = 2;
pub const CHALLENGES: [&str; 3] = ["military", "intrigue", "power"];

/// Keyword bits (rulebook "Parole chiave" + Immunity variants of the card data).
pub const STEALTH: u16 = 1;
pub const DEADLY: u16 = 1 << 1;
pub const RENOWN: u16 = 1 << 2;
pub const LIMITED: u16 = 1 << 3;
pub const NO_ATTACH: u16 = 1 << 4;
pub const DEATHBOUND: u16 = 1 << 5;
pub const IMMUNE_EVENTS: u16 = 1 << 6;
pub const IMMUNE_CHAR: u16 = 1 << 7;
pub const IMMUNE_OPP_CHAR: u16 = 1 << 8;
pub const SETUP: u16 = 1 << 9;
/// Immune to the events opponents play (The Good Masters).
pub const IMMUNE_OPP_EVENTS: u16 = 1 << 10;
const KEYWORDS: [(&str, u16); 11] = [
    ("stealth", STEALTH),
    ("deadly", DEADLY),
    ("renown", RENOWN),
    ("limited", LIMITED),
    ("no_attachments", NO_ATTACH),
    ("deathbound", DEATHBOUND),
    ("immune_events", IMMUNE_EVENTS),
    ("immune_character_abilities", IMMUNE_CHAR),
    ("immune_opponent_character_abilities", IMMUNE_OPP_CHAR),
    ("setup", SETUP),
    ("immune_opponent_events", IMMUNE_OPP_EVENTS),
];

#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Kind {
    Character,
    Location,
    Attachment,
    Event,
    Plot,
    // --- agendas (rules/agendas.rs): never in play, one named on a deck's Agenda line.
    Agenda,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawCard {
    code: String,
    name: String,
    house: String,
    #[serde(rename = "type")]
    kind: Kind,
    #[serde(default)]
    unique: bool,
    #[serde(default)]
    cost: u8,
    #[serde(default)]
    strength: u8,
    #[serde(default)]
    icons: String,
    #[serde(default)]
    traits: Vec<String>,
    #[serde(default)]
    keywords: Vec<String>,
    #[serde(default)]
    doomed: bool,
    #[serde(default)]
    gold: u8,
    #[serde(default)]
    influence: u8,
    #[serde(default)]
    initiative: u8,
    #[serde(default)]
    claim: u8,
    #[serde(default)]
    house_only: bool,
    #[serde(default)]
    abilities: Vec<Ability>,
    #[serde(default)]
    text: String,
    source: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawDeck {
    house: String,
    name: String,
    plots: Vec<String>,
    cards: Vec<(String, u8)>,
    source: String,
    /// The deck's agenda (a card code), and the House it names (Treaty).
    #[serde(default)]
    agenda: Option<String>,
    #[serde(default)]
    agenda_house: Option<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawContent {
    cards: Vec<RawCard>,
    decks: Vec<RawDeck>,
}

/// One card definition. Ids are indices into `Rules::cards`.
#[derive(Clone, Debug)]
pub struct CardDef {
    pub code: String,
    pub name: String,
    pub house: u8,
    pub kind: Kind,
    pub unique: bool,
    pub cost: u8,
    pub str: u8,
    /// Icon bits: 1 << MIL | 1 << INT | 1 << POW.
    pub icons: u8,
    pub traits: Vec<String>,
    pub keywords: u16,
    pub doomed: bool,
    pub gold: u8,
    pub influence: u8,
    pub initiative: u8,
    pub claim: u8,
    pub house_only: bool,
    pub abilities: Vec<Ability>,
}

impl CardDef {
    pub fn has_trait(&self, t: &str) -> bool {
        self.traits.iter().any(|x| x == t)
    }
}

#[derive(Clone, Debug)]
pub struct Deck {
    pub house: u8,
    pub name: String,
    pub plots: Vec<u16>,
    pub cards: Vec<u16>,
    /// A deck list a player brought (option `decks`): only its seat plays it, never a random seat.
    pub brought: bool,
    /// The agenda card (rulebook "Prepararsi a giocare": announced with the House) and the House it
    /// names (Treaty; 0 = none).
    pub agenda: Option<u16>,
    pub agenda_house: u8,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Options {
    decks: Vec<String>,
    /// The first seat's deck (a House name or a deck list); the same as naming it first in `decks`.
    #[serde(default)]
    deck: String,
    round_limit: u8,
    /// Cards (by name or code) taken out of every draw deck, every copy: restricted play for balance studies.
    #[serde(default)]
    without: Vec<String>,
}

/// Parsed content and options.
#[derive(Clone, Debug)]
pub struct Rules {
    pub cards: Vec<CardDef>,
    pub decks: Vec<Deck>,
    /// Deck index per seat, fixed by the option; empty = distinct houses dealt at random.
    pub seat_decks: Vec<u8>,
    /// The tournament time limit as a number of rounds (rulebook "Come ci si prepara ai Tornei"); 0: none, the
    /// rulebook's plain game.
    pub round_limit: u8,
    /// Per card, whether it has composable actions (bit 0) or triggered abilities (bit 1), so the
    /// windows and triggers skip every other card at once (`cards/classify.rs`).
    pub composable: Vec<u8>,
    /// Per card, the classes of its printed abilities that the hot checks look for (`cards/classify.rs`).
    pub statics: Vec<u32>,
    /// The classes of every card some deck holds: every card in play comes from a deck, so a check of a class no
    /// deck holds is skipped for the whole match (Band of Free Folk's "discard it when…").
    pub deck_classes: u32,
}

pub fn house_index(s: &str) -> Option<u8> {
    HOUSES.iter().position(|h| *h == s).map(|i| i as u8)
}

pub fn keyword_bits(names: &[String]) -> Result<u16, String> {
    let mut bits = 0;
    for n in names {
        let Some((_, b)) = KEYWORDS.iter().find(|(k, _)| k == n) else {
            return Err(format!("unknown keyword {n:?}"));
        };
        bits |= b;
    }
    Ok(bits)
}

pub fn icon_bits(s: &str) -> Result<u8, String> {
    let mut bits = 0;
    for c in s.chars() {
        bits |= match c {
            'M' => 1 << MIL,
            'I' => 1 << INT,
            'P' => 1 << POW,
            _ => return Err(format!("unknown icon {c:?} (use M, I, P)")),
        };
    }
    Ok(bits)
}

/// Icon bits as the letters `icon_bits` reads, in challenge order ("MIP", "P", "").
pub fn icon_letters(bits: u8) -> String {
    [(MIL, 'M'), (INT, 'I'), (POW, 'P')].iter().filter(|(k, _)| bits & (1 << k) != 0).map(|(_, l)| *l).collect()
}

pub fn challenge_index(s: &str) -> Option<u8> {
    CHALLENGES.iter().position(|c| *c == s).map(|i| i as u8)
}

pub fn parse(content: &str, options: &str) -> Result<Rules, SetupError> {
    let raw: RawContent = serde_json::from_str(content).map_err(|e| SetupError::Content(e.to_string()))?;
    let opts: Options = serde_json::from_str(options).map_err(|e| SetupError::Option {
        name: "options".into(),
        reason: format!("{e} (known: decks, deck, round_limit, without)"),
    })?;
    let mut opts = opts;
    if !opts.deck.is_empty() {
        if !opts.decks.is_empty() {
            return Err(SetupError::Option {
                name: "deck".into(),
                reason: "give the first seat's deck either as 'deck' or first in 'decks', not both".into(),
            });
        }
        opts.decks.push(std::mem::take(&mut opts.deck));
    }
    if raw.cards.len() > 2000 {
        return Err(SetupError::Content("at most 2000 cards".into()));
    }
    let mut cards = Vec::with_capacity(raw.cards.len());
    for c in raw.cards {
        let bad = |why: String| SetupError::Content(format!("card {} ({}): {why}", c.code, c.name));
        if !["rulebook", "research", "designed"].contains(&c.source.as_str()) {
            return Err(bad(format!("source {:?} is not rulebook/research/designed", c.source)));
        }
        let house = house_index(&c.house).ok_or_else(|| bad(format!("unknown house {:?}", c.house)))?;
        for a in &c.abilities {
            check::check_ability(a, c.kind).map_err(&bad)?;
        }
        // The dense action space addresses a card's composable abilities by index (observe.rs).
        if c.abilities.iter().skip(vocab::MAX_ABILITIES).any(|a| matches!(a, Ability::Action(_))) {
            return Err(bad(format!("an action must be among the first {} abilities", vocab::MAX_ABILITIES)));
        }
        let _ = c.text;
        cards.push(CardDef {
            icons: icon_bits(&c.icons).map_err(&bad)?,
            keywords: keyword_bits(&c.keywords).map_err(&bad)?,
            code: c.code,
            name: c.name,
            house,
            kind: c.kind,
            unique: c.unique,
            cost: c.cost.min(20),
            str: c.strength.min(20),
            traits: c.traits,
            doomed: c.doomed,
            gold: c.gold.min(10),
            influence: c.influence.min(10),
            initiative: c.initiative.min(20),
            claim: c.claim.min(5),
            house_only: c.house_only,
            abilities: c.abilities,
        });
    }
    let find = |code: &str| cards.iter().position(|c| c.code == code).map(|i| i as u16);
    let mut decks = Vec::new();
    for d in raw.decks {
        let bad = |why: String| SetupError::Content(format!("deck {}: {why}", d.name));
        if !["rulebook", "research", "designed"].contains(&d.source.as_str()) {
            return Err(bad("source must be rulebook/research/designed".into()));
        }
        let house = house_index(&d.house).filter(|h| *h != NEUTRAL).ok_or_else(|| bad("unknown house".into()))?;
        let code_id = |code: &String| find(code).ok_or_else(|| bad(format!("unknown card {code}")));
        let plots = d.plots.iter().map(code_id).collect::<Result<Vec<u16>, _>>()?;
        let mut list = Vec::new();
        for (code, n) in &d.cards {
            if list.len() + usize::from(*n) > 200 {
                return Err(bad("at most 200 cards".into()));
            }
            list.extend(std::iter::repeat_n(code_id(code)?, usize::from(*n)));
        }
        let agenda = d.agenda.as_ref().map(code_id).transpose()?;
        let agenda_house = match &d.agenda_house {
            Some(h) => house_index(h).ok_or_else(|| bad(format!("unknown agenda House {h:?}")))?,
            None => NEUTRAL,
        };
        let mut problems = deck::deck_problems(&cards, house, &plots, &list);
        problems.extend(deck::agenda_problems(&cards, house, agenda, agenda_house));
        if !problems.is_empty() {
            return Err(bad(problems.join("; ")));
        }
        decks.push(Deck { house, name: d.name, plots, cards: list, brought: false, agenda, agenda_house });
    }
    if decks.is_empty() || decks.len() > 8 {
        return Err(SetupError::Content("1 to 8 decks".into()));
    }
    // Each seat's deck: a House name (its designed deck) or a deck list the player brings.
    let mut seat_decks = Vec::new();
    for (seat, entry) in opts.decks.iter().enumerate().take(8) {
        if decklist::looks_like_list(entry) {
            // The deck's name in views stays "deck of seat N" unless the list names itself; messages number the
            // players from 1, as people do.
            let deck = decklist::parse_list(&cards, entry, &format!("deck of seat {seat}"));
            let deck = deck.map_err(|problems| SetupError::Option {
                name: "decks".into(),
                reason: format!(
                    "player {}'s deck breaks the deck rules ({} problems):\n  - {}",
                    seat + 1,
                    problems.len(),
                    problems.join("\n  - ")
                ),
            })?;
            seat_decks.push(decks.len() as u8);
            decks.push(deck);
            continue;
        }
        let i = decks.iter().position(|d| !d.brought && HOUSES[usize::from(d.house)] == entry).ok_or_else(|| {
            SetupError::Option {
                name: "decks".into(),
                reason: format!(
                    "no deck for house {entry:?}; choose from {}, or give a deck list file",
                    decks
                        .iter()
                        .filter(|d| !d.brought)
                        .map(|d| HOUSES[usize::from(d.house)])
                        .collect::<Vec<_>>()
                        .join(", ")
                ),
            }
        })?;
        seat_decks.push(i as u8);
    }
    if seat_decks.len() > 4 {
        return Err(SetupError::Option { name: "decks".into(), reason: "at most 4 seats".into() });
    }
    if opts.round_limit > 100 {
        return Err(SetupError::Option {
            name: "round_limit".into(),
            reason: "a number of rounds from 1 to 100, or 0 for none".into(),
        });
    }
    leave_out(&cards, &mut decks, &opts.without)?;
    let composable = cards.iter().map(classify::composable_flags).collect();
    let statics: Vec<u32> = cards.iter().map(classify::static_classes).collect();
    let in_decks = decks.iter().flat_map(|d| d.cards.iter().chain(&d.plots).chain(&d.agenda));
    let deck_classes = in_decks.fold(0, |bits, &c| bits | statics.get(usize::from(c)).copied().unwrap_or(u32::MAX));
    Ok(Rules { cards, decks, seat_decks, round_limit: opts.round_limit, composable, statics, deck_classes })
}

/// Option `without`: every copy of each named card leaves every draw deck, which then plays that many cards
/// short. Plots and agendas stay (a plot deck is seven by rule); a name that matches no draw-deck card is refused.
fn leave_out(cards: &[CardDef], decks: &mut [Deck], names: &[String]) -> Result<(), SetupError> {
    if names.len() > 50 {
        return Err(SetupError::Option { name: "without".into(), reason: "at most 50 cards".into() });
    }
    for name in names {
        let ids: Vec<u16> = (0..cards.len())
            .filter(|&i| cards[i].code == *name || cards[i].name.eq_ignore_ascii_case(name))
            .map(|i| i as u16)
            .collect();
        let held = decks.iter().any(|d| d.cards.iter().any(|c| ids.contains(c)));
        if !held {
            let why = if ids.is_empty() { "no card has that name or code" } else { "no draw deck holds it" };
            return Err(SetupError::Option { name: "without".into(), reason: format!("{name:?}: {why}") });
        }
        for d in decks.iter_mut() {
            d.cards.retain(|c| !ids.contains(c));
        }
    }
    Ok(())
}
