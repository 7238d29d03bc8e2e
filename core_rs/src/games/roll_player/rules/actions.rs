//! Action codes (stable for `VERSION`). Each range is a base plus a small index.

use crate::engine::Action;

/// Choose class `i` (0..12).
pub const CLASS: Action = 0;
/// Choose race (character sheet) `i`.
pub const RACE: Action = 20;
/// Lay pool die `i` on the next Initiative card (ordering ties).
pub const ORDER: Action = 40;
/// Take Initiative card `k`.
pub const INIT: Action = 60;
/// Place the held die in row `r`.
pub const ROW: Action = 70;
/// Setup: place starting die `i` in row `r`: `START + i * 6 + r`.
pub const START: Action = 100;
pub const START_MAX_DICE: u32 = 16;
/// Sheet-slot actions: `+ row * 3 + column`.
pub const FLIP: Action = 200;
pub const INC: Action = 220;
pub const DEC: Action = 240;
pub const REROLL: Action = 260;
pub const KEEP_NEW: Action = 280;
pub const KEEP_OLD: Action = 281;
pub const REROLL_AGAIN: Action = 282;
/// Move the alignment token: `+ 0 up (Good), 1 down (Evil), 2 left (Lawful), 3 right (Chaotic)`.
pub const MOVE: Action = 290;
pub const CHARISMA: Action = 295;
/// Apply a Skill card's automatic ability.
pub const APPLY: Action = 297;
/// Pass: no attribute action, end a turn, decline an optional ability.
pub const SKIP: Action = 299;
/// Swap two sheet slots: `SWAP + a * 18 + b`, `a < b`.
pub const SWAP: Action = 300;
/// Market slot actions.
pub const BUY: Action = 700;
pub const DISCARD: Action = 710;
/// Card-id actions: `+ card id` (< 64).
pub const BUY_DISCARD: Action = 720;
pub const USE: Action = 800;
pub const WEAPON_OFF: Action = 870;
pub const ATTUNE: Action = 940;
pub const REFRESH: Action = 1010;
pub const TARGET: Action = 1080;
pub const BUY_REVEALED: Action = 1150;
/// Search: take a die of colour `c` from the bag.
pub const SEARCH: Action = 1160;
/// Sleight of Hand: `SLEIGHT + slot * 6 + row`.
pub const SLEIGHT: Action = 1200;
/// Intimidate / Concentrate: Initiative card `k`.
pub const INIT_DIE: Action = 1320;

pub const DIRS: [&str; 4] = ["up (Good)", "down (Evil)", "left (Lawful)", "right (Chaotic)"];
