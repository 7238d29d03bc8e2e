//! Seats, sets of seats and viewers.

use serde::{Deserialize, Serialize};

/// A seat index, `0..players`.
pub type Player = u8;

/// The most seats any Ravenry game may have; `PlayerSet` is a bitmask of this width.
pub const MAX_PLAYERS: u8 = 16;

/// A set of seats as a bitmask. `to_act` returns one so that secret simultaneous commits are possible.
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash, Serialize, Deserialize, Debug)]
pub struct PlayerSet(pub u16);

impl PlayerSet {
    pub const EMPTY: PlayerSet = PlayerSet(0);

    pub fn single(p: Player) -> Self {
        PlayerSet(bit(p))
    }

    /// The first `n` seats.
    pub fn first(n: u8) -> Self {
        if n >= MAX_PLAYERS {
            PlayerSet(u16::MAX)
        } else {
            PlayerSet((1u16 << n) - 1)
        }
    }

    pub fn contains(self, p: Player) -> bool {
        self.0 & bit(p) != 0
    }

    pub fn insert(&mut self, p: Player) {
        self.0 |= bit(p);
    }

    pub fn remove(&mut self, p: Player) {
        self.0 &= !bit(p);
    }

    pub fn with(mut self, p: Player) -> Self {
        self.insert(p);
        self
    }

    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    pub fn len(self) -> u32 {
        self.0.count_ones()
    }

    /// Seats in ascending order.
    pub fn iter(self) -> impl Iterator<Item = Player> {
        (0..MAX_PLAYERS).filter(move |&p| self.contains(p))
    }
}

fn bit(p: Player) -> u16 {
    // Seats past the mask width are never members rather than a panic on shift overflow.
    1u16.checked_shl(u32::from(p)).unwrap_or(0)
}

/// Who is looking: one seat, the public (spectators), or everyone (tools and tests only).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub enum Viewer {
    Player(Player),
    Public,
    All,
}

impl Viewer {
    /// May this viewer see what is private to seat `p`?
    pub fn sees_private_of(self, p: Player) -> bool {
        match self {
            Viewer::All => true,
            Viewer::Player(q) => q == p,
            Viewer::Public => false,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn set_operations() {
        let mut s = PlayerSet::EMPTY.with(0).with(3);
        assert!(s.contains(3) && !s.contains(1));
        assert_eq!(s.iter().collect::<Vec<_>>(), vec![0, 3]);
        s.remove(0);
        assert_eq!(s.len(), 1);
        assert_eq!(PlayerSet::first(4).0, 0b1111);
        assert!(!PlayerSet::single(200).contains(200), "out-of-range seats are never members");
    }

    #[test]
    fn viewers() {
        assert!(Viewer::All.sees_private_of(2));
        assert!(Viewer::Player(2).sees_private_of(2));
        assert!(!Viewer::Player(1).sees_private_of(2));
        assert!(!Viewer::Public.sees_private_of(0));
    }
}
