//! The data of the composable abilities (`cards/vocab.rs`) in a match: lasting effects, limited uses, an
//! ability on its way through the framework (`Resolving`) and what the challenge's effects leave waiting
//! (`PoolState`). The rules that read and change them are in `rules/effect_state.rs`, `rules/triggered.rs` and
//! `rules/effect_pool_ops.rs`.

use serde::{Deserialize, Serialize};

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
    // It is doomed (Prophet of the Waves).
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
    // --- the decisions of rules/effect_pool_choices.rs
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

/// What this module's effects leave waiting: both belong to the current challenge (cleared when one is declared
/// and when the phase ends).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct PoolState {
    /// (seat, amount): that player's revealed plot's claim is lower in this challenge (Please Let It Burn).
    #[serde(default)]
    pub claim_less: Vec<(Player, u8)>,
    /// "If you win the challenge": resolutions waiting at the effect after `IfWinChallenge`.
    #[serde(default)]
    pub if_win: Vec<Resolving>,
}

impl PoolState {
    pub fn new_challenge(&mut self) {
        self.claim_less.clear();
        self.if_win.clear();
    }

    /// How much lower `seat`'s claim is in this challenge.
    pub fn claim_lowered(&self, seat: Player) -> u8 {
        self.claim_less.iter().filter(|c| c.0 == seat).fold(0u8, |a, c| a.saturating_add(c.1))
    }
}
