//! The state of a Roll Player match: plain data, the RNG included. Content lives in `Rules`, never here.

use serde::{Deserialize, Serialize};

use crate::engine::Player;
use crate::rng::Rng;

/// One die. `value == 0` marks an empty sheet space. Colours index `content::COLORS` (6 = gold).
/// Serialised as one byte, `color * 8 + value`, to keep snapshots small; `validate` checks the ranges.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(from = "u8", into = "u8")]
pub struct Die {
    pub color: u8,
    pub value: u8,
}

impl Die {
    pub const EMPTY: Die = Die { color: 0, value: 0 };
    pub fn new(color: u8, value: u8) -> Self {
        Die { color, value }
    }
    pub fn is_empty(self) -> bool {
        self.value == 0
    }
}

impl From<u8> for Die {
    fn from(b: u8) -> Self {
        Die { color: b >> 3, value: b & 7 }
    }
}

impl From<Die> for u8 {
    fn from(d: Die) -> u8 {
        d.color.wrapping_shl(3) | (d.value & 7)
    }
}

pub const NONE: u8 = 255;

/// One player's character sheet and belongings.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Seat {
    pub race: u8,
    pub class: u8,
    pub backstory: u8,
    pub alignment: u8,
    /// Alignment token: row * 3 + column; rows Good, Neutral, Evil; columns Lawful, Neutral, Chaotic.
    pub token: u8,
    pub gold: u16,
    /// Six attribute rows of three spaces; dice always fill a row from the left.
    pub sheet: [[Die; 3]; 6],
    /// Market cards owned, in the order bought.
    pub cards: Vec<u8>,
    /// Bit `id` set when Skill card `id` is exhausted (turned sideways).
    pub exhausted: u64,
    pub charisma: u8,
    /// Index of the Initiative card taken this round, `NONE` before.
    pub init: u8,
    /// Starting dice rolled and not yet placed (setup only).
    pub pool: Vec<Die>,
}

impl Seat {
    pub fn filled(&self, row: usize) -> usize {
        self.sheet.get(row).map_or(3, |r| r.iter().filter(|d| !d.is_empty()).count())
    }
    pub fn dice(&self) -> usize {
        (0..6).map(|r| self.filled(r)).sum()
    }
    pub fn full(&self) -> bool {
        self.dice() == 18
    }
    pub fn die_at(&self, slot: usize) -> Option<Die> {
        self.sheet.get(slot / 3).and_then(|r| r.get(slot % 3)).copied().filter(|d| !d.is_empty())
    }
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct InitCard {
    pub die: Option<Die>,
    pub coin: bool,
    pub taken_by: Option<Player>,
}

/// Where the match stands: whose decision it is and what kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Step {
    /// Setup: choose a character sheet (race), clockwise from the first player.
    Race {
        seat: Player,
    },
    /// Setup: choose a class. `color` is the drawn die's colour (draw mode) or `NONE` (choose mode).
    Class {
        seat: Player,
        color: u8,
    },
    /// Setup: place the rolled starting dice, one at a time.
    StartDice {
        seat: Player,
    },
    /// Dice phase: take an Initiative card.
    DicePick {
        seat: Player,
    },
    /// Dice phase: place the die held from the Initiative card.
    DicePlace {
        seat: Player,
        die: Die,
    },
    /// Dice phase: the optional attribute action of the row just filled.
    DiceAction {
        seat: Player,
        row: u8,
    },
    /// INT action: keep the old or the new value (`again` = Enigmatic reroll still available).
    IntKeep {
        seat: Player,
        slot: u8,
        old: u8,
        new: u8,
        again: bool,
    },
    /// Powerful (Barbarian): an optional second flip.
    BonusFlip {
        seat: Player,
    },
    /// Enlightened (Monk): an optional second step.
    BonusMove {
        seat: Player,
    },
    /// Attuned (Druid): before the Market phase, may add a discard-pile card to the market.
    Attune {
        seat: Player,
    },
    /// Market phase turn; `buys` = purchases already made this turn.
    Market {
        seat: Player,
        buys: u8,
    },
    /// Cleanup: choose which exhausted Skill card(s) to refresh.
    Refresh {
        seat: Player,
        left: u8,
    },
    Over,
}

/// Laying dice out on Initiative cards lowest to highest; `by` orders ties (roll phase, Climb, …).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct OrderCtx {
    pub by: Player,
    pub pool: Vec<Die>,
    /// Initiative card indices still to receive a die, ascending.
    pub cards: Vec<u8>,
}

/// A Skill card's ability being resolved (after its arrow moved the token and it was exhausted).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SkillCtx {
    pub seat: Player,
    /// The card whose ability applies (for Diplomacy: first Diplomacy itself, then the target).
    pub card: u8,
    /// Open Lock: the revealed card awaiting buy-or-decline.
    pub revealed: u8,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RollPlayer {
    pub players: u8,
    /// The current first player (holder of the dice bag).
    pub first: Player,
    pub round: u8,
    pub seats: Vec<Seat>,
    /// Dice in the bag by colour (green … white, gold).
    pub bag: [u8; 7],
    pub deck: Vec<u8>,
    pub discard: Vec<u8>,
    /// Solo: cards removed by the rival die and the market clean-out.
    pub trash: Vec<u8>,
    pub market: Vec<u8>,
    pub init: Vec<InitCard>,
    pub step: Step,
    pub order: Option<OrderCtx>,
    pub skill: Option<SkillCtx>,
    /// Bard: Charisma tokens already used on a purchase this turn.
    pub tokens_spent: bool,
    /// Solo: the last rival-die roll (for the view).
    pub rival_roll: u8,
    /// Stars and ranks fixed when the game ends (`outcome()` is called without the rules).
    pub final_scores: Vec<i32>,
    pub final_ranks: Vec<u8>,
    pub decisions: u64,
    pub rng: Rng,
}

impl RollPlayer {
    pub fn n(&self) -> usize {
        self.seats.len()
    }
    pub fn solo(&self) -> bool {
        self.players == 1
    }
    pub fn seat(&self, p: Player) -> Option<&Seat> {
        self.seats.get(usize::from(p))
    }
}

/// What happened, for narration. Every event is public: Roll Player has no hidden hands.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub enum Event {
    FirstPlayer { seat: Player, roll: u8 },
    RaceChosen { seat: Player, race: String },
    ClassDie { seat: Player, color: String },
    ClassChosen { seat: Player, class: String },
    Dealt { seat: Player, backstory: String, alignment: String },
    StartingDice { seat: Player, dice: Vec<Die> },
    StartingGold { seat: Player, gold: u16 },
    Round { round: u8, first: Player },
    Rolled { dice: Vec<Die> },
    DieOnInitiative { card: u8, die: Die },
    TookInitiative { seat: Player, card: u8, die: Die, coin: bool },
    Placed { seat: Player, row: u8, die: Die, gold: u16 },
    Flipped { seat: Player, slot: u8, from: u8, to: u8 },
    Swapped { seat: Player, a: u8, b: u8 },
    Nudged { seat: Player, slot: u8, from: u8, to: u8 },
    Rerolled { seat: Player, slot: u8, old: u8, new: u8 },
    Kept { seat: Player, slot: u8, value: u8 },
    TokenMoved { seat: Player, to: u8 },
    CharismaTaken { seat: Player, count: u8 },
    GoldGained { seat: Player, amount: u16, why: String },
    Attuned { seat: Player, card: String },
    Bought { seat: Player, card: String, paid: u16, tokens: u8 },
    DiscardedForGold { seat: Player, card: String, gold: u16 },
    WeaponDiscarded { seat: Player, card: String },
    SkillUsed { seat: Player, card: String },
    Revealed { card: String },
    DieMoved { seat: Player, from: u8, row: u8 },
    DieExchanged { seat: Player, card: u8, die: Die },
    RivalDie { roll: u8, trashed: Option<String> },
    Trashed { cards: Vec<String> },
    Refreshed { seat: Player, card: String },
    MarketDealt { cards: Vec<String>, reshuffled: bool },
    FinalScore { seat: Player, stars: i32, gold: u16, detail: Vec<(String, i32)> },
    SoloRating { stars: i32, title: String },
}

/// One seat as anyone sees it (everything on a character sheet is public).
#[derive(Clone, Debug, Serialize)]
pub struct SeatView {
    pub race: String,
    pub race_mods: [i8; 6],
    pub class: String,
    pub class_color: String,
    pub ability: String,
    pub goals: Vec<(String, u8)>,
    pub backstory: String,
    /// Per row: (colour, column 0..3).
    pub backstory_marks: Vec<(String, u8)>,
    pub alignment: String,
    pub alignment_grid: [i8; 9],
    pub token: u8,
    pub gold: u16,
    pub charisma: u8,
    /// Rows of (colour, value); value 0 = empty.
    pub sheet: Vec<Vec<(String, u8)>>,
    /// Row totals (dice + race + weapons) and whether each goal is met now.
    pub totals: Vec<i32>,
    pub goals_met: Vec<bool>,
    /// (name, type, exhausted)
    pub cards: Vec<(String, String, bool)>,
    pub init: Option<u8>,
    pub pool: Vec<(String, u8)>,
    pub stars: i32,
    /// The die taken with an Initiative card and not yet placed (dice phase; on the table for all to see).
    pub holding: Option<(String, u8)>,
}

#[derive(Clone, Debug, Serialize)]
pub struct CardView {
    pub id: u8,
    pub name: String,
    pub kind: String,
    pub cost: u8,
    pub arrow: String,
    pub text: String,
}

#[derive(Clone, Debug, Serialize)]
pub struct InitView {
    pub number: u8,
    pub die: Option<(String, u8)>,
    pub coin: bool,
    pub taken_by: Option<Player>,
}

#[derive(Clone, Debug, Serialize)]
pub struct View {
    pub players: u8,
    pub round: u8,
    pub first: Player,
    pub phase: String,
    pub to_act: Option<Player>,
    pub seats: Vec<SeatView>,
    pub initiative: Vec<InitView>,
    pub market: Vec<CardView>,
    pub deck_size: usize,
    pub discard: Vec<CardView>,
    pub trash: Vec<String>,
    pub bag: [u8; 7],
    pub ordering: Option<Vec<(String, u8)>>,
    pub revealed: Option<CardView>,
    pub rival_roll: u8,
    pub over: bool,
    /// Solo: the rating-ladder title once the game is over.
    pub solo_rating: Option<String>,
}
