//! The events a match reports as it is played (`Event`), one per thing that happened.

use serde::Serialize;

use crate::engine::Player;

#[derive(Clone, Debug, Serialize)]
pub enum Event {
    SetupRevealed {
        seat: Player,
        cards: Vec<u16>,
    },
    PlotRevealed {
        seat: Player,
        plot: u16,
        initiative: u8,
    },
    PlotChosen {
        seat: Player,
    },
    FirstPlayer {
        seat: Player,
        chooser: Player,
    },
    Drew {
        seat: Player,
        n: u8,
    },
    DrewCards {
        seat: Player,
        cards: Vec<u16>,
    },
    Income {
        seat: Player,
        gold: u8,
    },
    Marshalled {
        seat: Player,
        card: u16,
        cost: u8,
    },
    Duplicate {
        seat: Player,
        card: u16,
    },
    Attached {
        seat: Player,
        card: u16,
        host: u16,
    },
    /// `seat` attached `card` to its own House card.
    AttachedToHouse {
        seat: Player,
        card: u16,
    },
    /// The House card of `seat` kneels.
    HouseKnelt {
        seat: Player,
    },
    Knelt {
        seat: Player,
        card: u16,
    },
    EventPlayed {
        seat: Player,
        card: u16,
        target: u16,
    },
    AbilityUsed {
        seat: Player,
        card: u16,
        target: u16,
    },
    Stood {
        seat: Player,
        card: u16,
    },
    ChallengeDeclared {
        attacker: Player,
        defender: Player,
        kind: u8,
        attackers: Vec<u16>,
    },
    Defended {
        defender: Player,
        defenders: Vec<u16>,
    },
    Bypassed {
        card: u16,
    },
    ChallengeResolved {
        kind: u8,
        attack: u8,
        defense: u8,
        winner: Option<Player>,
        unopposed: bool,
    },
    Killed {
        seat: Player,
        card: u16,
    },
    Saved {
        seat: Player,
        card: u16,
    },
    Discarded {
        seat: Player,
        card: u16,
        dead: bool,
    },
    PowerClaimed {
        seat: Player,
        card: Option<u16>,
        n: u8,
    },
    PowerMoved {
        from: Player,
        to: Player,
        n: u8,
    },
    PowerLost {
        seat: Player,
        n: u8,
    },
    Dominance {
        seat: Option<Player>,
    },
    Eliminated {
        seat: Player,
    },
    RoundLimit {
        round: u8,
    },
    /// The safeguard round count was reached without a winner: the match stops unfinished.
    Unfinished {
        round: u8,
    },
    Won {
        seats: Vec<Player>,
    },
    /// Saved by a save response of the card definition `by`.
    SavedBy {
        seat: Player,
        card: u16,
        by: u16,
    },
    Cancelled {
        seat: Player,
        by: u16,
        card: u16,
    },
    ControlTaken {
        seat: Player,
        card: u16,
    },
    Named {
        seat: Player,
        what: String,
    },
}
