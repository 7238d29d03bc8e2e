//! The one redaction point: what a viewer sees of a hearts table.
//!
//! Everyone sees the cards played (tricks are turned over in hearts, but OpenSpiel's information state keeps
//! every trick, so ours does too), points, voids shown and how many cards each seat has passed. A seat sees its
//! own hand, the cards it chose to pass and, once the pass is complete, the cards it received. Nobody sees the
//! other hands, the other passes or the RNG (the next hand's deal).

use serde::Serialize;

use super::state::*;
use crate::engine::{Player, Viewer};

#[derive(Clone, Debug, Serialize)]
pub struct View {
    pub phase: Phase,
    pub viewer: Option<Player>,
    /// 1-based number of the hand being played, and of how many.
    pub hand: u8,
    pub hands_in_match: u8,
    pub pass_direction: PassDirection,
    /// Per seat: its hand (sorted by suit, then rank) if this viewer may see it.
    pub hands: Vec<Option<Vec<Card>>>,
    pub hand_sizes: [u8; SEATS],
    /// Cards each seat has put face down for the pass (a count: which cards stays secret).
    pub pass_counts: [u8; SEATS],
    /// Per seat: the cards it passed, if this viewer may know them (the passer; the receiver once received).
    pub passed: Vec<Option<Vec<Card>>>,
    /// The viewer's received cards, once the pass is complete.
    pub received: Option<Vec<Card>>,
    /// The current trick: (seat, card) in play order.
    pub trick: Vec<(Player, Card)>,
    pub leader: Player,
    /// Whose turn to play (`None` during the pass and at the end).
    pub turn: Option<Player>,
    pub last_trick: Option<LastTrick>,
    pub played: [Vec<Card>; SEATS],
    pub tricks_won: [u8; SEATS],
    pub points: [i16; SEATS],
    pub totals: [i32; SEATS],
    pub previous_points: Option<[i16; SEATS]>,
    pub moon_shooter: Option<Player>,
    /// Suits each seat has shown it lacks, by name.
    pub voids: [Vec<&'static str>; SEATS],
    pub hearts_broken: bool,
    pub cards_played: u8,
    /// Legal cards of the viewer now (empty when it is not to act).
    pub legal: Vec<Card>,
}

impl Hearts {
    pub fn make_view(&self, rules: &Rules, viewer: Viewer) -> View {
        let seat_of = |v: Viewer| match v {
            Viewer::Player(p) => Some(p),
            _ => None,
        };
        let me = seat_of(viewer);
        let pass_done = self.phase != Phase::Pass;
        let may_know_pass = |from: Player| {
            viewer.sees_private_of(from) || (pass_done && viewer.sees_private_of(self.pass_direction.receiver(from)))
        };
        View {
            phase: self.phase,
            viewer: me,
            hand: (self.hand_number + u8::from(self.phase != Phase::Over)).min(rules.hands),
            hands_in_match: rules.hands,
            pass_direction: self.pass_direction,
            hands: (0..SEATS as Player)
                .map(|q| viewer.sees_private_of(q).then(|| cards_of(self.hands[usize::from(q)])))
                .collect(),
            hand_sizes: self.hands.map(|m| m.count_ones() as u8),
            pass_counts: self.passed.map(|m| m.count_ones() as u8),
            passed: (0..SEATS as Player)
                .map(|q| may_know_pass(q).then(|| cards_of(self.passed[usize::from(q)])))
                .collect(),
            received: me
                .filter(|_| pass_done && self.pass_direction != PassDirection::None)
                .map(|p| cards_of(self.passed[usize::from(self.pass_direction.passer_to(p))])),
            trick: (0..self.trick_len)
                .map(|i| ((self.leader + i) % SEATS as Player, self.trick[usize::from(i)]))
                .collect(),
            leader: self.leader,
            turn: (self.phase == Phase::Play).then_some(self.turn),
            last_trick: self.last_trick,
            played: self.played_by.map(cards_of),
            tricks_won: self.tricks_won,
            points: self.points,
            totals: self.totals,
            previous_points: self.previous_points,
            moon_shooter: self.moon_shooter,
            voids: self.voids.map(|v| (0..4).filter(|s| v & (1 << s) != 0).map(|s| SUIT_NAMES[s]).collect()),
            hearts_broken: self.hearts_broken,
            cards_played: self.cards_played,
            legal: me.map(|p| cards_of(self.legal_mask(rules, p))).unwrap_or_default(),
        }
    }
}
