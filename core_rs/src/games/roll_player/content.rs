//! Loads and checks the plugin's content (races, classes, backstories, alignments, market cards) and the
//! options. The plugin sends one JSON object `{"races": .., "classes": .., "backstories": .., "alignments": ..,
//! "market": ..}` whose members are its data files verbatim (plugins/roll_player/ravenry_roll_player/data/*.json).

use serde::Deserialize;

use crate::engine::SetupError;

pub const ATTRS: [&str; 6] = ["STR", "DEX", "CON", "INT", "WIS", "CHA"];
pub const COLORS: [&str; 7] = ["green", "blue", "red", "purple", "black", "white", "gold"];
pub const GOLD: u8 = 6;
pub const STR: usize = 0;
pub const DEX: usize = 1;
pub const CON: usize = 2;
pub const INT: usize = 3;
pub const WIS: usize = 4;
pub const CHA: usize = 5;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Goal {
    Exact(u8),
    Range(u8, u8),
    AtLeast(u8),
}

impl Goal {
    pub fn met(self, total: i32) -> bool {
        match self {
            Goal::Exact(n) => total == i32::from(n),
            Goal::Range(a, b) => (i32::from(a)..=i32::from(b)).contains(&total),
            Goal::AtLeast(n) => total >= i32::from(n),
        }
    }
    fn parse(s: &str) -> Option<Goal> {
        if let Some(n) = s.strip_suffix('+') {
            return n.trim().parse().ok().map(Goal::AtLeast);
        }
        if let Some((a, b)) = s.split_once('-') {
            return Some(Goal::Range(a.trim().parse().ok()?, b.trim().parse().ok()?));
        }
        s.trim().parse().ok().map(Goal::Exact)
    }
    pub fn label(self) -> String {
        match self {
            Goal::Exact(n) => n.to_string(),
            Goal::Range(a, b) => format!("{a}-{b}"),
            Goal::AtLeast(n) => format!("{n}+"),
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Ability {
    Charitable,
    Vigilant,
    Attuned,
    Skilled,
    Enlightened,
    Charming,
    Mischievous,
    Shrewd,
    Mysterious,
    Enigmatic,
    Prepared,
    Powerful,
}

#[derive(Clone, Debug)]
pub struct Class {
    pub name: String,
    pub color: u8,
    pub goals: [(Goal, u8); 6],
    pub ability: Ability,
}

#[derive(Clone, Debug)]
pub struct Race {
    pub name: String,
    pub mods: [i8; 6],
}

#[derive(Clone, Debug)]
pub struct Backstory {
    pub name: String,
    /// Per row: (colour, column 0..3).
    pub marks: [(u8, u8); 6],
}

#[derive(Clone, Debug)]
pub struct Alignment {
    pub name: String,
    pub grid: [i8; 9],
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Arrow {
    None,
    Up,
    Down,
    Left,
    Right,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CardType {
    Weapon,
    Armor,
    Trait,
    Skill,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
pub enum WeaponEffect {
    RowBonus { attr: Attr, amount: i8 },
    GoldDieBonus { attr: Attr },
    ClassDieBonus { attr: Attr },
    Discount { amount: u8 },
    IncompleteArmorStars,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
pub enum Condition {
    Lowest { attr: Attr },
    Highest { attr: Attr },
    AtLeast { attr: Attr, value: i32 },
    AlignRow { index: u8 },
    AlignCol { index: u8 },
    AlignCell { index: u8 },
    GoalsMet { count: u8 },
    ClassDice { count: u8 },
    GoldAtLeast { value: u16 },
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SkillKind {
    Acrobatics,
    Climb,
    Intimidate,
    CureWounds,
    Pickpocket,
    SleightOfHand,
    Concentrate,
    Search,
    Negotiate,
    OpenLock,
    MoveSilently,
    Knowledge,
    Diplomacy,
}

/// An attribute row named as in the data (`"STR"`), held as its index.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Attr(pub u8);

impl<'de> Deserialize<'de> for Attr {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let s = String::deserialize(d)?;
        ATTRS
            .iter()
            .position(|a| *a == s)
            .map(|i| Attr(i as u8))
            .ok_or_else(|| serde::de::Error::custom(format!("unknown attribute {s:?}; expected one of {ATTRS:?}")))
    }
}

#[derive(Clone, Debug)]
pub enum CardKind {
    Weapon { hands: u8, effects: Vec<WeaponEffect> },
    Armor { set: u8 },
    Trait { condition: Condition, stars: u8 },
    Skill(SkillKind),
}

#[derive(Clone, Debug)]
pub struct Card {
    pub name: String,
    pub group: u8,
    pub cost: u8,
    pub arrow: Arrow,
    pub kind: CardKind,
    pub text: String,
}

impl Card {
    pub fn card_type(&self) -> CardType {
        match self.kind {
            CardKind::Weapon { .. } => CardType::Weapon,
            CardKind::Armor { .. } => CardType::Armor,
            CardKind::Trait { .. } => CardType::Trait,
            CardKind::Skill(_) => CardType::Skill,
        }
    }
    pub fn skill(&self) -> Option<SkillKind> {
        match self.kind {
            CardKind::Skill(s) => Some(s),
            _ => None,
        }
    }
}

#[derive(Clone, Debug)]
pub struct ArmorSet {
    pub name: String,
    pub stars: Vec<u8>,
    pub colors: Vec<u8>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ClassSelection {
    Draw,
    Choose,
}

/// Parsed content and options, shared by every match of a ruleset.
#[derive(Clone, Debug)]
pub struct Rules {
    pub races: Vec<Race>,
    pub classes: Vec<Class>,
    pub backstories: Vec<Backstory>,
    pub backstory_stars: [u8; 7],
    pub alignments: Vec<Alignment>,
    pub cards: Vec<Card>,
    pub armor_sets: Vec<ArmorSet>,
    pub class_selection: ClassSelection,
    pub less_random_setup: bool,
    pub random_market: bool,
    pub short_game: bool,
    pub friendly_market: bool,
}

impl Rules {
    pub fn card(&self, id: u8) -> Option<&Card> {
        self.cards.get(usize::from(id))
    }
    pub fn card_name(&self, id: u8) -> &str {
        self.card(id).map_or("?", |c| c.name.as_str())
    }
    pub fn class_color(&self, class: u8) -> u8 {
        self.classes.get(usize::from(class)).map_or(255, |c| c.color)
    }
}

// ---- raw JSON shapes ----

#[derive(Deserialize)]
struct RawContent {
    races: RawRaces,
    classes: RawClasses,
    backstories: RawBackstories,
    alignments: RawAlignments,
    market: RawMarket,
}
#[derive(Deserialize)]
struct RawRaces {
    races: Vec<RawRace>,
}
#[derive(Deserialize)]
struct RawRace {
    name: String,
    mods: [i8; 6],
}
#[derive(Deserialize)]
struct RawClasses {
    classes: Vec<RawClass>,
}
#[derive(Deserialize)]
struct RawClass {
    name: String,
    color: String,
    goals: Vec<(String, u8)>,
    ability: Ability,
}
#[derive(Deserialize)]
struct RawBackstories {
    stars_by_matches: [u8; 7],
    backstories: Vec<RawBackstory>,
}
#[derive(Deserialize)]
struct RawBackstory {
    name: String,
    marks: Vec<(String, u8)>,
}
#[derive(Deserialize)]
struct RawAlignments {
    alignments: Vec<RawAlignment>,
}
#[derive(Deserialize)]
struct RawAlignment {
    name: String,
    grid: [i8; 9],
}
#[derive(Deserialize)]
struct RawMarket {
    armor_sets: std::collections::BTreeMap<String, RawSet>,
    cards: Vec<RawCard>,
}
#[derive(Deserialize)]
struct RawSet {
    stars: Vec<u8>,
    colors: Vec<String>,
}
#[derive(Deserialize)]
struct RawCard {
    name: String,
    #[serde(rename = "type")]
    card_type: CardType,
    group: u8,
    cost: u8,
    arrow: Arrow,
    #[serde(default)]
    text: String,
    hands: Option<u8>,
    effects: Option<Vec<WeaponEffect>>,
    set: Option<String>,
    condition: Option<Condition>,
    stars: Option<u8>,
    skill: Option<SkillKind>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawOptions {
    #[serde(default = "default_selection")]
    class_selection: ClassSelection,
    #[serde(default)]
    less_random_setup: bool,
    #[serde(default)]
    random_market: bool,
    #[serde(default)]
    short_game: bool,
    #[serde(default)]
    friendly_market: bool,
}

fn default_selection() -> ClassSelection {
    ClassSelection::Draw
}

fn color_of(s: &str) -> Result<u8, SetupError> {
    COLORS
        .iter()
        .position(|c| *c == s)
        .map(|i| i as u8)
        .ok_or_else(|| SetupError::Content(format!("unknown colour {s:?}; expected one of {COLORS:?}")))
}

fn bad(why: String) -> SetupError {
    SetupError::Content(why)
}

pub fn parse(content: &str, options: &str) -> Result<Rules, SetupError> {
    let o: RawOptions = serde_json::from_str(options).map_err(|e| SetupError::Option {
        name: "options".into(),
        reason: format!(
            "{e}; known options: class_selection (\"draw\" or \"choose\"), less_random_setup, random_market, \
             short_game, friendly_market (booleans)"
        ),
    })?;
    let c: RawContent = serde_json::from_str(content).map_err(|e| bad(e.to_string()))?;
    let races: Vec<Race> = c.races.races.into_iter().map(|r| Race { name: r.name, mods: r.mods }).collect();
    if races.len() < 4 || races.len() > 16 {
        return Err(bad(format!("need 4 to 16 races, got {}", races.len())));
    }
    let mut classes = Vec::new();
    for rc in c.classes.classes {
        let color = color_of(&rc.color)?;
        if color == GOLD {
            return Err(bad(format!("class {} cannot be gold", rc.name)));
        }
        if rc.goals.len() != 6 {
            return Err(bad(format!("class {} needs 6 goals", rc.name)));
        }
        let mut goals = [(Goal::AtLeast(0), 0u8); 6];
        for (i, (g, s)) in rc.goals.iter().enumerate() {
            goals[i] = (Goal::parse(g).ok_or_else(|| bad(format!("class {}: bad goal {g:?}", rc.name)))?, *s);
        }
        classes.push(Class { name: rc.name, color, goals, ability: rc.ability });
    }
    if classes.len() != 12 || (0..6).any(|col| classes.iter().filter(|k| k.color == col).count() != 2) {
        return Err(bad("need 12 classes, two per non-gold colour".into()));
    }
    let mut backstories = Vec::new();
    for b in c.backstories.backstories {
        if b.marks.len() != 6 {
            return Err(bad(format!("backstory {} needs 6 marks", b.name)));
        }
        let mut marks = [(0u8, 0u8); 6];
        for (i, (col, pos)) in b.marks.iter().enumerate() {
            if !(1..=3).contains(pos) {
                return Err(bad(format!("backstory {}: column {pos} not in 1..3", b.name)));
            }
            marks[i] = (color_of(col)?, pos - 1);
        }
        backstories.push(Backstory { name: b.name, marks });
    }
    let alignments: Vec<Alignment> =
        c.alignments.alignments.into_iter().map(|a| Alignment { name: a.name, grid: a.grid }).collect();
    if backstories.len() < 4 || alignments.len() < 4 || backstories.len() > 200 || alignments.len() > 200 {
        return Err(bad("need at least 4 backstories and 4 alignments".into()));
    }
    let mut armor_sets = Vec::new();
    for (name, s) in c.market.armor_sets {
        let colors = s.colors.iter().map(|x| color_of(x)).collect::<Result<Vec<_>, _>>()?;
        armor_sets.push(ArmorSet { name, stars: s.stars, colors });
    }
    let mut cards = Vec::new();
    for rc in c.market.cards {
        let missing = |what: &str| bad(format!("card {} has no {what}", rc.name));
        let kind = match rc.card_type {
            CardType::Weapon => {
                let hands = rc.hands.ok_or_else(|| missing("hands"))?;
                if !(1..=2).contains(&hands) {
                    return Err(bad(format!("card {}: hands must be 1 or 2", rc.name)));
                }
                CardKind::Weapon { hands, effects: rc.effects.clone().unwrap_or_default() }
            }
            CardType::Armor => {
                let set = rc.set.as_deref().ok_or_else(|| missing("set"))?;
                let idx = armor_sets.iter().position(|s| s.name == set).ok_or_else(|| missing("known set"))?;
                CardKind::Armor { set: idx as u8 }
            }
            CardType::Trait => CardKind::Trait {
                condition: rc.condition.ok_or_else(|| missing("condition"))?,
                stars: rc.stars.ok_or_else(|| missing("stars"))?,
            },
            CardType::Skill => CardKind::Skill(rc.skill.ok_or_else(|| missing("skill"))?),
        };
        if !(1..=2).contains(&rc.group) {
            return Err(bad(format!("card {}: group must be 1 or 2", rc.name)));
        }
        cards.push(Card { name: rc.name, group: rc.group, cost: rc.cost, arrow: rc.arrow, kind, text: rc.text });
    }
    // Card ids are u8 and exhaustion is a u64 bitmask.
    if cards.len() < 12 || cards.len() > 64 {
        return Err(bad(format!("need 12 to 64 market cards, got {}", cards.len())));
    }
    Ok(Rules {
        races,
        classes,
        backstories,
        backstory_stars: c.backstories.stars_by_matches,
        alignments,
        cards,
        armor_sets,
        class_selection: o.class_selection,
        less_random_setup: o.less_random_setup,
        random_market: o.random_market,
        short_game: o.short_game,
        friendly_market: o.friendly_market,
    })
}
