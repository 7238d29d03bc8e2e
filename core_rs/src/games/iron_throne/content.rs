//! Content: the five houses (characters, leader sheets, character cards) and the event deck, parsed once from
//! the plugin's JSON data files. The mechanics each record may carry are the `Ability` variants below; which
//! record carries which (and with what numbers) is data.

use serde::{Deserialize, Serialize};

use crate::engine::SetupError;

/// Timing windows printed on leader sheets and character cards (rulebook p. 8 "Abilitățile liderilor",
/// "Cărțile de personaje").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Window {
    /// "Înainte de tura ta": the attacker, after hostages are freed or tortured.
    BeforeTurn,
    /// "Înainte ca o Casă să își ofere sprijinul".
    BeforeSupport,
    /// "Înainte de așezarea cu fața în jos a cărților de Casă".
    BeforeCommit,
    /// "După descoperirea cărților de Casă".
    AfterReveal,
    /// "După faza de deznodământ".
    AfterResolution,
}

/// Every mechanic a leader sheet or character card can carry. Rulebook texts map onto exactly one variant;
/// designed records reuse the same mechanics with their own numbers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Ability {
    /// Robb (leader): discard `discard` cards, then draw `draw`.
    DiscardDraw { discard: u8, draw: u8 },
    /// Catelyn (leader): distribute up to `n` crowns from the leader sheet.
    Distribute { n: u8 },
    /// Move up to `n` crowns from the leader sheet of a house carrying your influence onto yours.
    Tax { n: u8 },
    /// Cersei (leader): before a house offers support, one of its characters must support you.
    ForceSupport,
    /// Bran (leader): pay `cost` crowns from the sheet; the opposing active player commits first, face up.
    Clairvoyance { cost: u8 },
    /// Eddard (leader): a betrayal in which you are active resolves as a truce.
    HonourTruce,
    /// Tyrion (card): a revealed hostility card is swapped for a higher one from its owner's hand.
    Upgrade,
    /// +`n` to your side's hostility total; leaders pay `cost` crowns from the sheet.
    Bonus {
        n: u8,
        #[serde(default)]
        cost: u8,
    },
    /// +`n` per supporter on your side.
    SupportBonus { n: u8 },
    /// A supporter of the opposing side withdraws (rulebook p. 9 "Retragere").
    Withdraw {
        #[serde(default)]
        cost: u8,
    },
    /// You suffer no losses this encounter (and so give no hostage, p. 11).
    Shield {
        #[serde(default)]
        cost: u8,
    },
    /// Arya (leader): if your side lost, every supporter of the other side removes `n` crowns from its character.
    Vengeance { n: u8 },
    /// Arya (card): if your side lost, the opposing active player's character keeps only 1 crown.
    TheList,
    /// Robb (card): shuffle your discard pile into your deck, then draw `draw`.
    Recycle { draw: u8 },
    /// If your side won, the opposing active player's character loses `n` crowns.
    Wound { n: u8 },
    /// If your side won, take one hostage from a player on the losing side.
    ExtraHostage,
    /// If your side won, move up to `n` crowns from the opposing active player's leader sheet onto yours.
    Plunder { n: u8 },
    /// Draw `n` cards.
    Draw { n: u8 },
    /// Distribute up to `n` crowns from your leader sheet.
    Heal { n: u8 },
    /// Every player who supported your side (and you) draws `n` cards.
    Patronage { n: u8 },
}

impl Ability {
    pub fn window(self) -> Window {
        use Ability::*;
        match self {
            DiscardDraw { .. } | Distribute { .. } | Tax { .. } => Window::BeforeTurn,
            ForceSupport => Window::BeforeSupport,
            Clairvoyance { .. } => Window::BeforeCommit,
            HonourTruce | Upgrade | Bonus { .. } | SupportBonus { .. } | Withdraw { .. } | Shield { .. } => {
                Window::AfterReveal
            }
            Vengeance { .. }
            | TheList
            | Recycle { .. }
            | Wound { .. }
            | ExtraHostage
            | Plunder { .. }
            | Draw { .. }
            | Heal { .. }
            | Patronage { .. } => Window::AfterResolution,
        }
    }
}

#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct LeaderData {
    character: String,
    title: String,
    ability: Ability,
    text: String,
    source: String,
}

#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct CardData {
    character: String,
    title: String,
    effect: Ability,
    text: String,
    source: String,
}

#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct CharacterData {
    name: String,
    source: String,
}

#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct HouseData {
    id: String,
    name: String,
    source: String,
    characters: Vec<CharacterData>,
    leaders: Vec<LeaderData>,
    cards: Vec<CardData>,
}

#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct EventData {
    kind: String,
    #[serde(default)]
    house: Option<String>,
    text: String,
    source: String,
}

#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Content {
    houses: Vec<HouseData>,
    events: Vec<EventData>,
}

#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Options {
    houses: Vec<String>,
    #[serde(default)]
    label: Label,
}

/// What balance statistics count a seat as (option `label`): its House, or its House and the leader sheet it kept.
/// The sheet is chosen in play, so a sheet's share is the sheet as the seat's bot chooses and plays it.
#[derive(Clone, Copy, Debug, Default, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub enum Label {
    #[default]
    House,
    Leader,
}

/// One house as the engine needs it: names for narration, one ability per leader sheet and per card.
#[derive(Clone, Debug)]
pub struct House {
    pub id: String,
    pub name: String,
    pub chars: [String; 5],
    pub leader_title: [String; 5],
    pub leader: [Ability; 5],
    pub card_title: [String; 5],
    pub card: [Ability; 5],
}

/// Parsed content plus fixed options.
#[derive(Clone, Debug)]
pub struct Rules {
    pub houses: Vec<House>,
    /// The event deck's cards: `Some(h)` names house `h` as defender, `None` is a special influence event.
    pub events: Vec<Option<u8>>,
    /// Option `houses`: house index per seat, or empty for a random distinct deal.
    pub seat_houses: Vec<u8>,
    /// Option `label`: what balance statistics count a seat as.
    pub label: Label,
}

const SOURCES: [&str; 3] = ["rulebook", "research", "designed"];

fn check_source(what: &str, s: &str) -> Result<(), SetupError> {
    if SOURCES.contains(&s) {
        Ok(())
    } else {
        Err(SetupError::Content(format!("{what}: source {s:?} must be one of {SOURCES:?}")))
    }
}

fn char_index(house: &HouseData, name: &str) -> Result<usize, SetupError> {
    house
        .characters
        .iter()
        .position(|c| c.name == name)
        .ok_or_else(|| SetupError::Content(format!("house {}: no character {name:?}", house.id)))
}

fn parse_house(h: HouseData) -> Result<House, SetupError> {
    check_source(&h.id, &h.source)?;
    if h.characters.len() != 5 || h.leaders.len() != 5 || h.cards.len() != 5 {
        return Err(SetupError::Content(format!(
            "house {}: needs exactly 5 characters, 5 leader sheets and 5 character cards",
            h.id
        )));
    }
    let mut leader = [Ability::Draw { n: 0 }; 5];
    let mut card = [Ability::Draw { n: 0 }; 5];
    let mut leader_title: [String; 5] = Default::default();
    let mut card_title: [String; 5] = Default::default();
    let mut seen_l = [false; 5];
    let mut seen_c = [false; 5];
    for c in &h.characters {
        check_source(&c.name, &c.source)?;
    }
    for l in &h.leaders {
        check_source(&l.title, &l.source)?;
        let i = char_index(&h, &l.character)?;
        if seen_l[i] || l.text.is_empty() {
            return Err(SetupError::Content(format!(
                "house {}: leader {} repeated or without text",
                h.id, l.character
            )));
        }
        seen_l[i] = true;
        leader[i] = l.ability;
        leader_title[i] = l.title.clone();
    }
    for c in &h.cards {
        check_source(&c.title, &c.source)?;
        let i = char_index(&h, &c.character)?;
        if seen_c[i] || c.text.is_empty() {
            return Err(SetupError::Content(format!(
                "house {}: card of {} repeated or without text",
                h.id, c.character
            )));
        }
        if !matches!(c.effect.window(), Window::AfterReveal | Window::AfterResolution) {
            return Err(SetupError::Content(format!(
                "house {}: card {:?} must act after reveal or after resolution",
                h.id, c.title
            )));
        }
        seen_c[i] = true;
        card[i] = c.effect;
        card_title[i] = c.title.clone();
    }
    let chars = std::array::from_fn(|i| h.characters.get(i).map(|c| c.name.clone()).unwrap_or_default());
    Ok(House { id: h.id, name: h.name, chars, leader_title, leader, card_title, card })
}

pub fn parse(content: &str, options: &str) -> Result<Rules, SetupError> {
    let c: Content = serde_json::from_str(content).map_err(|e| SetupError::Content(e.to_string()))?;
    let o: Options = serde_json::from_str(options).map_err(|e| SetupError::Option {
        name: "options".into(),
        reason: format!("{e}; expected {{\"houses\": [..], \"label\": \"house\" or \"leader\"}}"),
    })?;
    if c.houses.len() != 5 {
        return Err(SetupError::Content(format!("5 houses expected, got {}", c.houses.len())));
    }
    let houses: Vec<House> = c.houses.into_iter().map(parse_house).collect::<Result<_, _>>()?;
    let find = |id: &str| houses.iter().position(|h| h.id.eq_ignore_ascii_case(id)).map(|i| i as u8);
    let mut events = Vec::new();
    for e in &c.events {
        check_source(&e.text, &e.source)?;
        match (e.kind.as_str(), &e.house) {
            ("influence", None) => events.push(None),
            ("house", Some(h)) => events
                .push(Some(find(h).ok_or_else(|| SetupError::Content(format!("event names unknown house {h:?}")))?)),
            _ => return Err(SetupError::Content(format!("bad event record {:?}", e.kind))),
        }
    }
    let mut seat_houses = Vec::new();
    for name in &o.houses {
        let Some(h) = find(name) else {
            return Err(SetupError::Option {
                name: "houses".into(),
                reason: format!(
                    "unknown house {name:?}; choose from {}",
                    houses.iter().map(|h| h.id.as_str()).collect::<Vec<_>>().join(", ")
                ),
            });
        };
        if seat_houses.contains(&h) {
            return Err(SetupError::Option { name: "houses".into(), reason: format!("house {name:?} listed twice") });
        }
        seat_houses.push(h);
    }
    if seat_houses.len() > 5 {
        return Err(SetupError::Option { name: "houses".into(), reason: "at most 5 houses".into() });
    }
    Ok(Rules { houses, events, seat_houses, label: o.label })
}

/// The house files in content order; the plugin's `load_content` assembles the same document.
pub const HOUSE_FILES: [&str; 5] = ["stark", "lannister", "baratheon", "tyrell", "targaryen"];

/// Assemble the content document from the plugin's data files (house JSON texts in `HOUSE_FILES` order and
/// the events list), as the plugin does in Python.
pub fn assemble(houses: &[&str], events: &str) -> String {
    format!("{{\"houses\":[{}],\"events\":{}}}", houses.join(","), events)
}

/// Read the plugin's data directory (for examples and tests run from the repository).
pub fn load_dir(dir: &std::path::Path) -> std::io::Result<String> {
    let mut houses = Vec::new();
    for h in HOUSE_FILES {
        houses.push(std::fs::read_to_string(dir.join(format!("{h}.json")))?);
    }
    let events = std::fs::read_to_string(dir.join("events.json"))?;
    let refs: Vec<&str> = houses.iter().map(String::as_str).collect();
    Ok(assemble(&refs, &events))
}
