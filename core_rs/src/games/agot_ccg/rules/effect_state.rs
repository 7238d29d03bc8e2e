//! The rules of the composable abilities' state (`state/effect.rs`): lasting effects, limited uses, an ability
//! on its way through the framework (`Resolving`), the moments triggers answer (`Fired`) and the per-card bits that let
//! every check skip the cards without such abilities.

pub use super::super::cards::classify::{
    composable_flags, HAS_ACTION, HAS_NEW_CONSTANT, HAS_POOL, HAS_TRIGGERED, HAS_WIDE_CONSTANT,
};
use super::super::cards::vocab::{Body, Zone};
use super::super::cards::{Ability, Rules};
pub use super::super::state::effect::{Lasting, Lasts, Resolving, Step, Use};
use super::super::state::{AgotCcg, Challenge};
use crate::engine::Player;

impl Resolving {
    /// Does a (possibly forged) resolution name only cards, abilities and seats that exist?
    pub fn valid(&self, rules: &Rules, seats: usize) -> bool {
        let nc = rules.cards.len();
        let card_ok = |c: u16| usize::from(c % 8192 % 2048) < nc && usize::from(c % 8192 / 2048) < seats;
        usize::from(self.card) < nc
            && rules.cards[usize::from(self.card)].abilities.get(usize::from(self.ab)).and_then(body).is_some()
            && self.atts.iter().all(|a| usize::from(a.1) < nc && usize::from(a.2) < seats)
            && match &self.step {
                Step::Pick { choices, .. } => choices.iter().all(|&c| card_ok(c)),
                _ => true,
            }
    }

    /// A pick from the deck shows cards only their owner may see.
    pub fn secret(&self) -> bool {
        matches!(self.step, Step::Pick { .. })
    }
}

/// A moment triggered abilities may answer.
pub enum Fired<'a> {
    Won {
        winner: Player,
        loser: Player,
        ch: &'a Challenge,
        total: u32,
        margin: u32,
    },
    Entered {
        uid: u16,
        seat: Player,
        from_hand: bool,
        penalty: bool,
    },
    /// A player played an attachment from his hand.
    AttachmentPlayed {
        seat: Player,
    },
    /// A character claimed power for renown.
    Renown,
    /// A player claimed power for his House.
    HousePower {
        seat: Player,
    },
    /// A character left play (killed, or discarded with `discarded`): its definition and controller.
    Killed {
        card: u16,
        seat: Player,
        discarded: bool,
    },
    ToDeadPile,
    PlotsRevealed,
    DeclaredAttackers {
        uids: &'a [u16],
    },
    /// A card was saved (uid).
    Saved {
        uid: u16,
    },
    /// A player played an attachment from his hand onto `host`.
    AttachmentOn {
        seat: Player,
        host: u16,
        card: u16,
    },
}

/// The body of a composable ability, and whether it is an action.
pub fn body(ab: &Ability) -> Option<(&Body, bool)> {
    match ab {
        Ability::Action(b) => Some((b, true)),
        Ability::Triggered(b) => Some((b, false)),
        _ => None,
    }
}

/// The `left` of an influence step paying "X": open until the player stops.
pub(super) const X_OPEN: u8 = 255;

/// A card's bits (every bit for an id the table does not know, so nothing is skipped wrongly).
pub(super) fn flags(rules: &Rules, card: u16) -> u8 {
    rules.composable.get(usize::from(card)).copied().unwrap_or(u8::MAX)
}

pub(crate) const ZONE_HAND: u8 = 0;
pub(crate) const ZONE_DISCARD: u8 = 1;
pub(crate) const ZONE_DEAD: u8 = 2;
pub(super) const ZONE_HOUSE: u8 = 3;

pub(super) fn zone_code(z: Zone) -> Option<u8> {
    match z {
        Zone::Play => None,
        Zone::Hand => Some(ZONE_HAND),
        Zone::Discard => Some(ZONE_DISCARD),
        Zone::Dead => Some(ZONE_DEAD),
        Zone::HouseCard => Some(ZONE_HOUSE),
    }
}

impl AgotCcg {
    pub fn lasting_has(&self, uid: u16, what: Lasts) -> bool {
        self.lasting.iter().any(|l| l.uid == uid && l.what == what)
    }

    /// Icons after lasting gains and losses ("cannot" beats "can": a loss wins over a gain).
    pub fn lasting_icons(&self, uid: u16, mut icons: u8) -> u8 {
        for l in self.lasting.iter().filter(|l| l.uid == uid) {
            if let Lasts::GainIcons(b) = l.what {
                icons |= b;
            }
        }
        for l in self.lasting.iter().filter(|l| l.uid == uid) {
            if let Lasts::LoseIcons(b) = l.what {
                icons &= !b;
            }
        }
        icons
    }

    pub fn lasting_keywords(&self, uid: u16, mut k: u16) -> u16 {
        for l in self.lasting.iter().filter(|l| l.uid == uid) {
            if let Lasts::GainKeywords(b) = l.what {
                k |= b;
            }
        }
        for l in self.lasting.iter().filter(|l| l.uid == uid) {
            if let Lasts::LoseKeywords(b) = l.what {
                k &= !b;
            }
        }
        k
    }

    /// The phase ends: lasting effects and per-phase uses expire.
    pub fn expire_phase(&mut self) {
        self.lasting.clear();
        self.uses.retain(|u| u.round);
        self.wins.clear();
        self.beaten.clear();
        self.trigger_bars.clear();
        self.must_participate.clear();
    }

    /// A new round: per-round uses expire.
    pub fn expire_round(&mut self) {
        self.uses.clear();
    }
}
