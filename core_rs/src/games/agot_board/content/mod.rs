//! Content: the map, the houses and their start, the original house cards and Westeros decks — parsed once from
//! the agot-board plugin's JSON data files — plus, when the ravenry-storm-of-swords plugin hands them over under
//! `storm_of_swords`, the SoS house cards, Westeros decks, wildling cards, tactics, leaders and original-board
//! rules; and the options. Every record names its source; numbers the rulebook and research do not give are
//! `designed`. The raw JSON shapes and the parser are in `json`.

use serde::Deserialize;

mod json;

pub use json::parse;

/// "No one" / "nowhere" in u8 id fields.
pub const NONE: u8 = 255;
const SOURCES: [&str; 3] = ["rulebook", "research", "designed"];

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Castle {
    None,
    City,
    Stronghold,
}

#[derive(Clone, Debug)]
pub struct Area {
    pub key: String,
    pub name: String,
    pub sea: bool,
    pub castle: Castle,
    pub supply: u8,
    pub power: u8,
    pub adj: Vec<u8>,
}

#[derive(Clone, Debug)]
pub struct House {
    pub key: String,
    pub name: String,
    pub home: u8,
    /// (area, footmen, knights, ships)
    pub units: Vec<(u8, u8, u8, u8)>,
}

/// House-card text abilities. Each maps one printed text (research §5.1 / §5.2) onto rules code.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Ability {
    None,
    // 1E set
    RenlyUpgrade,
    ShipsSupportZero,
    MelisandreDiscard,
    WinPowerTwo,
    AttackingFootmenTwo,
    RemoveLoserOrder,
    AttackingKnightsThree,
    DefenseDoubled,
    WinTakeBack,
    WinRemoveAdjacentOrder,
    AttackingShipsTwo,
    OpponentCardZero,
    KillFootman,
    DiscardDefense,
    CancelText,
    // SoS set
    StannisThrone,
    PowerFromOpponentStrength,
    WinPowerSwing,
    NoRoutBuyFort,
    SwordsThreeMinus,
    OpponentLosesTwo,
    OneCasualtyRegardless,
    ReturnCard,
    NoCasualties,
    ChooseRetreat,
    SupportedPlusTwoFort,
    EndTakeBack,
    WinPowerDifference,
    SupportedTwoSwords,
    CoastPlusOneFort,
    AeronSwap,
    WinPlaceOrder,
    DefendingPlusTwo,
    RemoveOrderNearby,
}

#[derive(Clone, Debug)]
pub struct Card {
    pub name: String,
    pub strength: u8,
    pub swords: u8,
    pub forts: u8,
    pub ability: Ability,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum WKey {
    Supply,
    Mustering,
    ThroneOfBlades,
    LastDays,
    Winter,
    Clash,
    GameOfThrones,
    DarkWings,
    WildlingsAttack,
    StormOfSwords,
    SeaOfStorms,
    FeastForCrows,
    RainsFootmen,
    RainsNoMarchPlus,
    WebOfLies,
    SwingTheSword,
}

#[derive(Clone, Debug)]
pub struct WCard {
    pub key: WKey,
    pub name: String,
    pub wildling: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum WildKey {
    DiscardStrongest,
    SacrificeUnits,
    LosePower,
    CourtBottom,
    Quiet,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Tactic {
    ControlWesteros,
    ManageTroops,
    HoldTheLine,
    RaidingParties,
    TaxCollectors,
    RallyBanners,
}

/// The game's options. Every one is a Storm of Swords option, added to the game's schema by the
/// ravenry-storm-of-swords plugin, so any may be absent (off): the host leaves out expansion options at their
/// defaults. Names follow the rulebook's five variants plus its original-board rules (three-player game, claims
/// victory; hostage execution comes with leaders).
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct Options {
    /// Variant 1: the Storm of Swords house cards replace the original set.
    pub sos_house_cards: bool,
    /// Variant 2: the Storm of Swords Westeros decks (with Swing the Sword).
    pub sos_westeros: bool,
    /// Variant 3: tactics cards, six per player.
    pub tactics: bool,
    /// Variant 4: leaders and prisons (needs variant 1).
    pub leaders: bool,
    /// Variant 5: the five wildling cards replace the fixed wildling results.
    pub wildling_cards: bool,
    /// Claims victory: 8 claims win at once, else most claims after round 10.
    pub sos_victory: bool,
    /// The Storm of Swords three-player rules (Greyjoy's start as neutral forces); only acts with 3 players.
    pub sos_three_player: bool,
}

#[derive(Clone, Debug)]
pub struct Rules {
    pub opts: Options,
    pub areas: Vec<Area>,
    pub houses: Vec<House>,
    /// cards[house][0..7]
    pub cards: Vec<Vec<Card>>,
    /// Westeros cards; decks[d] lists card ids (with repeats) of deck d.
    pub wcards: Vec<WCard>,
    pub decks: [Vec<u8>; 3],
    pub wild: Vec<(WildKey, String)>,
    pub tactics: Vec<(Tactic, String)>,
    /// leaders[house] = the two house-card indices the house's leaders match.
    pub leaders: Vec<[u8; 2]>,
    pub leader_strength: u8,
    pub seats_by_players: [Vec<u8>; 3],
    pub throne: Vec<u8>,
    pub fief: Vec<u8>,
    pub court: Vec<u8>,
    pub neutral_always: Vec<(u8, u8)>,
    pub neutral_by_players: [Vec<(u8, u8)>; 3],
    pub closed_by_players: [Vec<u8>; 3],
    pub leader_bonus_areas: Vec<u8>,
    pub leader_bonus: u8,
    pub sos3_house: u8,
    pub sos3_extra: u8,
    pub sos3_closed: Vec<u8>,
    pub start_power: u8,
    pub power_tokens: u8,
    pub threat_start: u8,
    pub threat_max: u8,
    pub rounds: u8,
    pub pool: [u8; 3],
    pub supply_table: Vec<Vec<u8>>,
    pub special: [Vec<u8>; 3],
    pub win_castles: u8,
    pub win_claims: u8,
}

impl Rules {
    pub fn area_name(&self, a: u8) -> &str {
        self.areas.get(usize::from(a)).map_or("?", |x| x.name.as_str())
    }
    pub fn is_land(&self, a: u8) -> bool {
        self.areas.get(usize::from(a)).is_some_and(|x| !x.sea)
    }
    pub fn adjacent(&self, a: u8, b: u8) -> bool {
        self.areas.get(usize::from(a)).is_some_and(|x| x.adj.contains(&b))
    }
    pub fn card(&self, house: u8, i: u8) -> Option<&Card> {
        self.cards.get(usize::from(house))?.get(usize::from(i))
    }
    pub fn house_name(&self, h: u8) -> &str {
        self.houses.get(usize::from(h)).map_or("?", |x| x.name.as_str())
    }
}

/// The base game's data files and the Storm of Swords plugin's (tests and the balance runner; the plugins
/// build the same document in Python).
pub const BASE_FILES: [&str; 4] = ["map", "setup", "cards", "westeros"];
pub const SOS_FILES: [&str; 6] = ["house_cards", "westeros", "wildlings", "tactics", "leaders", "original_board"];

fn read_parts(dir: &std::path::Path, names: &[&str]) -> std::io::Result<String> {
    let mut out = String::from("{");
    for (i, name) in names.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        let text = std::fs::read_to_string(dir.join(format!("{name}.json")))?;
        out.push_str(&format!("\"{name}\":{text}"));
    }
    out.push('}');
    Ok(out)
}

/// The content document from the agot-board plugin's data directory, plus the Storm of Swords plugin's
/// (under `storm_of_swords`) when `sos` is given.
pub fn load_dir(dir: &std::path::Path, sos: Option<&std::path::Path>) -> std::io::Result<String> {
    let mut out = read_parts(dir, &BASE_FILES)?;
    if let Some(sos) = sos {
        out.pop();
        out.push_str(&format!(",\"storm_of_swords\":{}}}", read_parts(sos, &SOS_FILES)?));
    }
    Ok(out)
}
