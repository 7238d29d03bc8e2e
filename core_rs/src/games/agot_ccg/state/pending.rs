//! What the match waits for: the pending decision (`Pending`) and the answers, targets, interruptions and
//! follow-ups it carries.

use serde::{Deserialize, Serialize};

use super::effect;
use crate::engine::Player;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Why {
    Claim,
    Deadly,
    Castle,
}

/// Yes/no responses (rulebook "Risposte": always optional).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Resp {
    /// Discard a duplicate to save this card from being killed (true) or discarded (false).
    SaveWithDupe {
        uid: u16,
        kill: bool,
    },
    /// Stand this kneeling card: Eddard Stark after a kill, Arianne Martell after a stealth attacker is declared.
    StandAfterKill {
        uid: u16,
    },
    IntoPlayFromHand {
        def: u16,
    },
    MovePowerToHouse,
    DrawCards {
        n: u8,
    },
    DominanceBonus,
    CastleKill,
    /// The participating character `uid` claims `n` power (Asha Greyjoy, Bannermen to the Kraken).
    ClaimPower {
        uid: u16,
        n: u8,
    },
    /// Claim `n` power for your House (Warrior of the Old Way, Gormond Goodbrother).
    HousePower {
        n: u8,
    },
    /// After a character is saved: stand `uid`; it gets `str` STR until the end of the phase (Gorold's Avenger).
    StandWithStr {
        uid: u16,
        str: i8,
    },
    /// After a win: discard `uid` from play (it cannot be saved) for its effect (the Wildling characters).
    Sacrifice {
        uid: u16,
    },
    /// After `saved` was saved: kneel `influence` to choose and kill another character with STR `max_str` or less
    /// (Jaqen H'ghar).
    KillWeaker {
        saved: u16,
        max_str: u8,
        influence: u8,
    },
}

/// What a "choose a card" decision of this module is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Target {
    /// Kill a character with STR `max_str` or less, not `except`.
    Kill { max_str: u8, except: u16 },
    /// Discard from play a location of printed cost `max_cost` or less.
    DiscardLocation { max_cost: u8 },
}

/// An effect held in a cancel window (rulebook "Risposte Salva/Cancella"): its costs are paid, its effects
/// wait until every player has passed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Interrupted {
    /// `player` played the event `card` on `target`.
    Event { player: Player, card: u16, target: u16 },
    /// `player` used an ability of the card `source` (uid; definition `card`) on `target` (a uid, or a House for
    /// King's Landing).
    Ability { player: Player, source: u16, card: u16, target: u16 },
}

impl Interrupted {
    pub fn player(&self) -> Player {
        match self {
            Interrupted::Event { player, .. } | Interrupted::Ability { player, .. } => *player,
        }
    }
}

/// What happens once an interrupt's influence cost is paid.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Then {
    /// `uid` is saved from being killed (`kill`) or discarded by the response of card definition `by`.
    Save { uid: u16, kill: bool, by: u16 },
    /// The effect is cancelled by the response of card definition `by` (whose `then` follows).
    Cancel { what: Interrupted, by: u16, source: u16 },
    /// The interrupted effect is not cancelled after all (Tywin's "unless a player kneels 1 influence").
    Uncancel { what: Interrupted },
    /// A card ability whose influence cost is now paid goes to its cancel window.
    Ability { what: Interrupted },
    /// Endless: `seat`'s dead-pile card `card` goes to hand or into play.
    Endless { card: u16, into_play: bool },
    /// A "choose a card" decision follows.
    Choose { target: Target },
    /// Nothing follows: what it was paid for has happened (a declaration under Banished, a card whose gold cost
    /// The New Gift lets its player pay with influence).
    Paid,
}

/// A decision the rules wait for before anything else happens.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Pending {
    /// `seat` chooses `left` more different characters he controls to kill.
    Kill {
        seat: Player,
        left: u8,
        why: Why,
        picked: Vec<u16>,
    },
    /// The attacker may pick, for each listed stealth attacker, a defending-side character that cannot defend.
    Stealth {
        seat: Player,
        left: u8,
        /// The stealth attackers still to choose a target, in order (each STEALTH choice is the first one's).
        #[serde(default)]
        users: Vec<u16>,
    },
    Respond {
        seat: Player,
        resp: Resp,
    },
    /// `seat` chooses a character to kneel (`optional`: may decline); `by_char`: a character ability.
    KneelTarget {
        seat: Player,
        optional: bool,
        by_char: bool,
    },
    /// `seat` chooses `left` cards from hand to discard.
    DiscardFromHand {
        seat: Player,
        left: u8,
    },
    /// `seat` kneels influence providers of his choice until `left` influence is paid (rulebook "Influenza":
    /// excess is lost), then the event `card` resolves on `target`.
    PayInfluence {
        seat: Player,
        left: u8,
        card: u16,
        target: u16,
    },
    // --- interrupts, control change and naming (rules/interrupts.rs, rules/control.rs)
    /// A save window: `seat` may save `uid` from being killed (`kill`) or discarded; `next` are the seats still to
    /// be asked, in turn order (only seats that could save are asked).
    SaveWindow {
        seat: Player,
        uid: u16,
        kill: bool,
        next: Vec<Player>,
    },
    /// A cancel window on `what`; `next` as above.
    CancelWindow {
        seat: Player,
        what: Interrupted,
        next: Vec<Player>,
    },
    /// `seat` kneels influence providers of his choice until `left` is paid, then `then` happens.
    PayFor {
        seat: Player,
        left: u8,
        then: Then,
    },
    /// `seat` may kneel `left` influence so that `what` is not cancelled (Tywin Lannister).
    Unless {
        seat: Player,
        left: u8,
        what: Interrupted,
    },
    /// `seat` may kneel `left` influence to stop the ability being resolved (the first `Effect` below): "unless
    /// its controller kneels X influence" (Standard of the Kraken).
    Prevent {
        seat: Player,
        left: u8,
    },
    /// `seat` may choose a character with this trait to take control of (Ygritte).
    ChooseControl {
        seat: Player,
        tr: String,
    },
    /// `seat` names a challenge type for his plot (Caution to the Wind).
    NameChallenge {
        seat: Player,
    },
    /// `seat` attaches his setup attachments, after the setup cards are revealed (research §3.6).
    AttachSetup {
        seat: Player,
    },
    /// `seat` may attach an attachment from any discard pile to `host` (Terrorize the Shores' search).
    AttachFromDiscard {
        seat: Player,
        host: u16,
    },
    /// `seat` chooses a card for `target` (a character ability: immune cards cannot be chosen).
    ChooseTarget {
        seat: Player,
        target: Target,
    },
    // --- a composable ability being resolved (rules/triggered.rs)
    Effect(effect::Resolving),
}

impl Pending {
    pub fn seat(&self) -> Player {
        match self {
            Pending::Kill { seat, .. }
            | Pending::Stealth { seat, .. }
            | Pending::Respond { seat, .. }
            | Pending::KneelTarget { seat, .. }
            | Pending::DiscardFromHand { seat, .. }
            | Pending::PayInfluence { seat, .. } => *seat,
            Pending::SaveWindow { seat, .. }
            | Pending::CancelWindow { seat, .. }
            | Pending::PayFor { seat, .. }
            | Pending::Unless { seat, .. }
            | Pending::Prevent { seat, .. }
            | Pending::ChooseControl { seat, .. }
            | Pending::NameChallenge { seat }
            | Pending::AttachSetup { seat }
            | Pending::AttachFromDiscard { seat, .. }
            | Pending::ChooseTarget { seat, .. } => *seat,
            Pending::Effect(r) => r.seat,
        }
    }
}
