//! The hearts state: plain data, card sets as 52-bit masks, so `Clone` is a copy of a few hundred bytes and the
//! hot path (legal moves, apply) never allocates.

use serde::{Deserialize, Serialize};

use crate::engine::Player;
use crate::rng::Rng;

/// Seats at the table; hearts is a four-player game (OpenSpiel `kNumPlayers`).
pub const SEATS: usize = 4;
pub const CARDS: u8 = 52;
pub const RANKS: u8 = 13;
/// Cards each seat passes (OpenSpiel `kNumCardsInPass`).
pub const PASS_SIZE: u32 = 3;
/// Every card: bit `c` is card `c`.
pub const ALL_CARDS: u64 = (1 << CARDS) - 1;

/// A card is `suit * 13 + rank`, rank 0 the two and 12 the ace, suits in OpenSpiel's order (clubs, diamonds,
/// hearts, spades). Suit-major codes make a suit one contiguous run of bits, so "cards of the led suit" is one
/// mask. (OpenSpiel numbers cards rank-major, `rank * 4 + suit`; the differential test maps through the names.)
pub type Card = u8;

pub const CLUBS: u8 = 0;
pub const DIAMONDS: u8 = 1;
pub const HEARTS: u8 = 2;
pub const SPADES: u8 = 3;
pub const TWO_OF_CLUBS: Card = 0;
pub const JACK_OF_DIAMONDS: Card = DIAMONDS * RANKS + 9;
pub const QUEEN_OF_SPADES: Card = SPADES * RANKS + 10;
/// All hearts and the queen of spades (OpenSpiel `kTotalPositivePoints`).
pub const TOTAL_POINTS: i16 = 26;
pub const JACK_OF_DIAMONDS_POINTS: i16 = -10;
pub const AVOID_ALL_TRICKS_POINTS: i16 = -5;

pub const RANK_CHARS: &[u8; 13] = b"23456789TJQKA";
pub const SUIT_CHARS: &[u8; 4] = b"CDHS";
pub const SUIT_NAMES: [&str; 4] = ["clubs", "diamonds", "hearts", "spades"];
pub const SUIT_SYMBOLS: [&str; 4] = ["♣", "♦", "♥", "♠"];

pub const fn bit(c: Card) -> u64 {
    1u64 << c
}
pub const fn suit_of(c: Card) -> u8 {
    c / RANKS
}
pub const fn rank_of(c: Card) -> u8 {
    c % RANKS
}
pub const fn suit_mask(s: u8) -> u64 {
    0x1FFF << (s as u32 * RANKS as u32)
}

/// OpenSpiel's short name of a card: rank then suit letter ("2C", "QS", "TH").
pub fn card_name(c: Card) -> String {
    let c = c.min(CARDS - 1);
    let mut s = String::with_capacity(2);
    s.push(char::from(RANK_CHARS[usize::from(rank_of(c))]));
    s.push(char::from(SUIT_CHARS[usize::from(suit_of(c))]));
    s
}

/// Card codes of a mask, ascending (by suit, then rank).
pub fn cards_of(mut mask: u64) -> Vec<Card> {
    let mut out = Vec::with_capacity(mask.count_ones() as usize);
    while mask != 0 {
        out.push(mask.trailing_zeros() as Card);
        mask &= mask - 1;
    }
    out
}

/// Where a seat's passed cards go: `receiver = (passer + offset) % 4`, OpenSpiel's `PassDir` numbering.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum PassDirection {
    None,
    Left,
    Across,
    Right,
}

impl PassDirection {
    /// OpenSpiel's pass-direction chance outcome (0 no pass, 1 left, 2 across, 3 right).
    pub const fn offset(self) -> u8 {
        match self {
            PassDirection::None => 0,
            PassDirection::Left => 1,
            PassDirection::Across => 2,
            PassDirection::Right => 3,
        }
    }

    pub const fn from_offset(o: u8) -> Self {
        match o % 4 {
            1 => PassDirection::Left,
            2 => PassDirection::Across,
            3 => PassDirection::Right,
            _ => PassDirection::None,
        }
    }

    /// The direction of the next hand in the standard cycle: left, right, across, no pass, left again.
    pub const fn next(self) -> Self {
        match self {
            PassDirection::Left => PassDirection::Right,
            PassDirection::Right => PassDirection::Across,
            PassDirection::Across => PassDirection::None,
            PassDirection::None => PassDirection::Left,
        }
    }

    pub fn receiver(self, passer: Player) -> Player {
        (passer + self.offset()) % SEATS as Player
    }

    pub fn passer_to(self, receiver: Player) -> Player {
        (receiver + SEATS as Player - self.offset()) % SEATS as Player
    }

    pub const fn name(self) -> &'static str {
        match self {
            PassDirection::None => "none",
            PassDirection::Left => "left",
            PassDirection::Across => "across",
            PassDirection::Right => "right",
        }
    }
}

/// How the first hand's pass direction is chosen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FirstDirection {
    /// Uniformly among the four, as OpenSpiel's first chance node does (only "none" without `pass_cards`).
    Random,
    Fixed(PassDirection),
}

/// The options (OpenSpiel's game parameters, same names and defaults, plus `pass_direction` and `hands`).
#[derive(Clone, Debug)]
pub struct Rules {
    pub pass_cards: bool,
    pub no_pts_on_first_trick: bool,
    pub can_lead_any_club: bool,
    pub jd_bonus: bool,
    pub avoid_all_tricks_bonus: bool,
    pub must_break_hearts: bool,
    pub qs_breaks_hearts: bool,
    pub can_lead_hearts_instead_of_qs: bool,
    pub first_direction: FirstDirection,
    /// Hands in a match; OpenSpiel's game is one hand.
    pub hands: u8,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Phase {
    /// Every seat secretly picks three cards, one commit per card.
    Pass,
    Play,
    Over,
}

/// The trick just taken, kept for the table's display.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LastTrick {
    pub leader: Player,
    pub cards: [Card; 4],
    pub winner: Player,
    pub points: i16,
}

/// The whole state. Places a card can be: a hand, a pending pass (pass phase only), the trick, a won pile.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Hearts {
    pub phase: Phase,
    /// Hands finished so far (0 during the first).
    pub hand_number: u8,
    pub pass_direction: PassDirection,
    pub hands: [u64; SEATS],
    /// The cards each seat passed this hand: out of its hand while the pass is open, then a record.
    pub passed: [u64; SEATS],
    /// The current trick's cards in play order; `trick_len` of them are real.
    pub trick: [Card; 4],
    pub trick_len: u8,
    pub leader: Player,
    pub turn: Player,
    /// Cards each seat has played this hand (public).
    pub played_by: [u64; SEATS],
    /// Cards in each seat's taken tricks.
    pub won: [u64; SEATS],
    pub tricks_won: [u8; SEATS],
    /// Tricks taken whose points are neither 0 nor the jack of diamonds' -10 alone: OpenSpiel's moon test.
    pub point_tricks: [u8; SEATS],
    /// This hand's points (OpenSpiel `points_`), moon and bonuses applied once the hand is over.
    pub points: [i16; SEATS],
    /// Returns summed over finished hands (26 minus points per hand, OpenSpiel `Returns`).
    pub totals: [i32; SEATS],
    /// Suits each seat has shown it lacks by not following (bit per suit).
    pub voids: [u8; SEATS],
    pub hearts_broken: bool,
    pub cards_played: u8,
    pub last_trick: Option<LastTrick>,
    /// The points of the hand before this one, once a match has several.
    pub previous_points: Option<[i16; SEATS]>,
    /// Who shot the moon in the last finished hand.
    pub moon_shooter: Option<Player>,
    pub decisions: u64,
    pub rng: Rng,
}

#[derive(Clone, Debug, Serialize)]
pub enum Event {
    HandStarted {
        hand: u8,
        pass_direction: PassDirection,
    },
    Dealt {
        seat: Player,
        cards: Vec<Card>,
    },
    /// Seen by all but the passer: a card went face down.
    PassCommitted {
        seat: Player,
    },
    /// Seen by the passer only.
    PassChosen {
        seat: Player,
        card: Card,
    },
    Received {
        seat: Player,
        from: Player,
        cards: Vec<Card>,
    },
    Played {
        seat: Player,
        card: Card,
    },
    HeartsBroken,
    TrickTaken {
        seat: Player,
        cards: [Card; 4],
        points: i16,
    },
    MoonShot {
        seat: Player,
    },
    HandScored {
        points: [i16; SEATS],
        returns: [i32; SEATS],
    },
}
