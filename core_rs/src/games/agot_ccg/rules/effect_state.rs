//! The state of the composable abilities (`vocab.rs`): lasting effects, limited uses, an ability on its way
//! through the framework (`Resolving`), the moments triggers answer (`Fired`) and the per-card bits that let
//! every check skip the cards without such abilities.

use serde::{Deserialize, Serialize};

use super::super::cards::vocab::{Body, Zone};
use super::super::cards::{Ability, Rules};
use super::super::state::{AgotCcg, Challenge};
use crate::engine::Player;

/// A lasting effect on the card with this uid, until the end of the phase.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Lasting {
    pub uid: u16,
    pub what: Lasts,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Lasts {
    GainIcons(u8),
    LoseIcons(u8),
    GainKeywords(u16),
    LoseKeywords(u16),
    Blank,
    CannotBeKilled,
    CannotBeDeclared,
    NoKneel,
    // ccgb: it is doomed (Prophet of the Waves).
    Doomed,
}

/// One use of a limited ability: the card definition, the ability index, the source uid (u16::MAX for events,
/// whose limit is per title) and whether it counts for the round (else the phase).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Use {
    pub card: u16,
    pub ab: u8,
    pub src: u16,
    pub round: bool,
}

/// Where the resolution of an ability stands.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Step {
    /// An optional triggered ability: its controller accepts (GEN_YES) or declines (DONE).
    Ask,
    /// Paying cost number `k` (automatic except influence).
    Pay { k: u8 },
    /// Kneeling influence providers until `left` is paid (rulebook "Influenza": excess is lost).
    Influence { k: u8, left: u8 },
    /// Choosing targets (GEN_TARGET; DONE once at least one is chosen).
    Target,
    /// Resolving effect number `op` (automatic).
    Run { op: u8 },
    /// Choosing the option of effect number `op` (a "pick one").
    Mode { op: u8 },
    /// Taking up to `left` of the offered cards (definitions) for effect number `op`; `looked`: how many of the
    /// deck's top cards were looked at and are not yet placed.
    Pick {
        op: u8,
        choices: Vec<u16>,
        left: u8,
        looked: u8,
        #[serde(default)]
        first: Option<u16>,
    },
    // --- ccgb (rules/effect_pool_ops.rs)
    /// Choosing the player effect number `op` acts on (GEN_PLAYER; kept in `mode`).
    Player { op: u8 },
    /// Choosing the card that pays cost number `k` (GEN_PAY_CARD).
    PayWith { k: u8 },
    /// Choosing the attachment effect number `op` acts on (GEN_ATTACHMENT).
    Attachment { op: u8 },
    /// This player chooses one of his own cards for effect number `op` (option `opt` of a "pick one", 255: none)
    /// to discard (GEN_OWN).
    OwnDiscard { op: u8, opt: u8 },
    /// This player chooses a plot of his plot deck to reveal instead of his revealed one (GEN_PLOT; DONE keeps it
    /// unless `forced`).
    Replot { forced: bool },
    /// Choosing the used plot (`used` = 255) and then the plot deck card to swap it with (GEN_SWAP_PLOT).
    SwapPlot { used: u8 },
    // --- ccga
    /// Paying cost number `k` with power from a character of the player's choice (GEN_POWER).
    PowerFrom { k: u8 },
}

/// A composable ability on its way through the framework.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Resolving {
    pub seat: Player,
    /// The card definition carrying the ability, and the ability's index in it.
    pub card: u16,
    pub ab: u8,
    /// The source in play (uid), or the character the source attachment is on.
    pub src: Option<u16>,
    pub host: Option<u16>,
    /// Where the source card is when it is not in play.
    pub zone: Option<u8>,
    /// The card in play the trigger names.
    pub trig: Option<u16>,
    /// Played as an event (targets immune to events cannot be chosen).
    pub event: bool,
    pub step: Step,
    pub targets: Vec<u16>,
    /// The X paid (`influence_x`).
    #[serde(default)]
    pub x: u8,
    /// Chosen attachments: (host uid, definition, owner).
    #[serde(default)]
    pub atts: Vec<(u16, u16, Player)>,
    /// The option chosen for a "pick one" effect.
    #[serde(default)]
    pub mode: Option<u8>,
}

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
    // --- ccgb
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

/// `Rules::composable` bits.
pub const HAS_ACTION: u8 = 1;
pub const HAS_TRIGGERED: u8 = 2;
/// One of the constant abilities added with the composable form (checked only on cards that have one).
pub const HAS_NEW_CONSTANT: u8 = 4;

/// ccga: one of the House pool records' constant abilities (`effect_pool.rs`), checked only on cards with it.
pub const HAS_POOL: u8 = 0x20;
/// ccgb: one of the constant abilities of `rules/effect_pool_ops.rs` (Mance Rayder's granted penalty).
pub const HAS_CCGB: u8 = 0x40;

/// The composable bits of a card definition.
pub fn composable_flags(d: &super::super::cards::CardDef) -> u8 {
    d.abilities.iter().fold(0, |f, a| match a {
        Ability::Action(_) => f | HAS_ACTION,
        Ability::Triggered(_) => f | HAS_TRIGGERED,
        Ability::NoKneelToDefend
        | Ability::NotStealthTarget
        | Ability::AttackingBarsDefenders { .. }
        | Ability::OptionalPenalty { .. }
        | Ability::PlotOpponentsWithTraitNoDefenders { .. }
        | Ability::PlotWinByCountsUnopposed { .. }
        | Ability::PlotAttachmentsCostLess { .. }
        | Ability::AttachOnly { .. }
        | Ability::CostLessPerLocationTrait { .. } => f | HAS_NEW_CONSTANT,
        // ccga: the House pool records' constants.
        Ability::AttachedCannotBeKilled { .. }
        | Ability::Attached { printed_str_zero_defending: true, .. }
        | Ability::BarsChallengesAfterWinBy { .. }
        | Ability::AttachedBarsOpponentsTriggers
        | Ability::CannotBeSaved
        | Ability::CannotBeKilledWhile { .. }
        | Ability::AttachedDeclareInfluence { .. } => f | HAS_POOL,
        Ability::GrantsOptionalPenalty { .. }
        | Ability::PlotOnlyCharactersNoTriggers
        | Ability::AllCharactersGainTrait { .. }
        | Ability::AttachedControllerExtraDoomed { .. }
        | Ability::NotDeclaredWithTrait { .. } => f | HAS_CCGB,
        _ => f,
    })
}

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
