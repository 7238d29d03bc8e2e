//! Constant abilities (rulebook "Effetti costanti"): while a condition holds, some cards get STR, keywords, icons
//! or a standing rule. `cards.json` writes them as the card reads: `{"kind": "constant", "while": {"if":
//! "doomed_in_dead_pile"}, "gets": {"str": 3}}`; with `to`, the cards they reach: the attached character (`"to":
//! "attached"`) or every character matching a filter (`"to": {"each": {"controller": "you"}}`). They produce no
//! decision; `effects/` and the challenge declarations read them where the value is derived. With `for`, a
//! constant reaches players, not cards: `{"kind": "constant", "for": "opponent", "gets": {"income": 1}}`.

use serde::Deserialize;

use super::super::Kind;
use super::{On, Who};

/// When a conditional ability is on, seen from the card that has it.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(tag = "if", rename_all = "snake_case", deny_unknown_fields)]
pub enum Cond {
    /// At least one doomed card in any dead pile.
    DoomedInDeadPile,
    /// Its controller controls another character with one of these traits (of this house, if given).
    ControlsTrait {
        traits: Vec<String>,
        #[serde(default)]
        house: Option<String>,
    },
    /// Some player has a plot with the trait "The Others" revealed.
    OthersPlotRevealed,
    /// It has at least one attachment (with this trait, if given).
    HasAttachment {
        #[serde(rename = "trait", default)]
        tr: Option<String>,
    },
    /// Every character, location and attachment its controller controls is of its house or neutral.
    AllOwnHouse,
    /// The card it is attached to is of this house (attachments).
    AttachedHouse { house: String },
    /// Every character, location and attachment its controller controls is neutral or of this house.
    AllOfHouse { house: String },
    /// Its controller controls a location with this trait (Theon Greyjoy: a Warship).
    ControlsLocationTrait {
        #[serde(rename = "trait")]
        tr: String,
    },
    // --- the House pool records.
    /// It has more attachments than any other character in play (Ruler of Meereen, read on its host).
    MostAttachments,
    /// Another character in play has this keyword (printed, from an attachment or a lasting effect; Renly).
    AnotherCharHasKeyword { keyword: String },
    /// Its controller controls exactly `n` other characters with this trait (The Good Masters: one Dragon).
    ControlsExactly {
        #[serde(rename = "trait")]
        tr: String,
        n: u8,
    },
    /// Characters in play (every player's) with the trait `more` outnumber those with the trait `than` (Band
    /// of Free Folk: Wildlings against Night's Watch).
    Outnumber { more: String, than: String },
    /// It is standing (Euron Crow's Eye, Swift Reinforcements).
    Standing,
}

/// A constant ability: while `when` holds (always, without one) the cards `to` names (the card itself, without
/// one) get what `gets` says. An attachment (or a character that can become one) reaches the attached character
/// (`attached`; its `while` is read on that character); a card in play reaches each of its controller's
/// characters (`each` with `"controller": "you"`, and a House or a missing icon if it says so); a revealed plot
/// reaches each of its player's (`you`), his opponents' or every character, and has no `while`.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Constant {
    #[serde(rename = "while", default)]
    pub when: Option<Cond>,
    #[serde(default)]
    pub to: Option<On>,
    /// The players it reaches instead (seen from its controller): each opponent, or every player (`any`).
    #[serde(rename = "for", default)]
    pub players: Option<Who>,
    pub gets: Gets,
}

/// What a constant ability gives. Every field given applies.
#[derive(Clone, Debug, Default, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Gets {
    /// STR (negative: less), once, or once for each of `per`.
    #[serde(default)]
    pub str: i8,
    #[serde(default)]
    pub per: Option<Count>,
    #[serde(default)]
    pub keywords: Vec<String>,
    /// Icon letters (M, I, P).
    #[serde(default)]
    pub icons: String,
    #[serde(default)]
    pub no_kneel_to_attack: bool,
    #[serde(default)]
    pub no_kneel_to_defend: bool,
    /// Its STR cannot be lowered: no negative modifier applies to it (Areo Hotah).
    #[serde(default)]
    pub str_cannot_be_lowered: bool,
    /// The attached character's STR while it defends (Allied with the Twins).
    #[serde(default)]
    pub defending_str: i8,
    /// While the attached character defends its printed STR counts as 0 (Under the Guild's Sway).
    #[serde(default)]
    pub printed_str_zero_defending: bool,
    /// It cannot be killed ("cannot" beats "can"); on a plot reaching every character, no character can.
    #[serde(default)]
    pub cannot_be_killed: bool,
    /// It cannot be saved: no duplicate and no save window when it would be killed or discarded (Viserys).
    #[serde(default)]
    pub cannot_be_saved: bool,
    /// It cannot be chosen as a stealth target (Southron Heiress).
    #[serde(default)]
    pub not_stealth_target: bool,
    // --- what a player gets (`for`)
    /// More gold of income (a plot's, for each opponent).
    #[serde(default)]
    pub income: u8,
    /// More claim on his revealed plot (a plot's, for each opponent; negative: less).
    #[serde(default)]
    pub claim: i8,
    /// More claim on every revealed plot during intrigue challenges (a card's, for every player).
    #[serde(default)]
    pub intrigue_claim: u8,
    /// More power he needs to win (a card's, for each opponent).
    #[serde(default)]
    pub power_to_win: u8,
    /// More doomed cards counted in his dead pile (a card's, for each opponent).
    #[serde(default)]
    pub doomed: u8,
    /// More gold to marshal the cards of `cost_of` (a plot's, for every player).
    #[serde(default)]
    pub cost: u8,
    #[serde(default)]
    pub cost_of: Vec<Kind>,
}

/// What a STR bonus is counted over ("+1 STR for each …").
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(tag = "each", rename_all = "snake_case", deny_unknown_fields)]
pub enum Count {
    /// Each attachment on it.
    Attachment,
    /// Each character in all dead piles (of this House, if given).
    DeadCharacter {
        #[serde(default)]
        house: Option<String>,
    },
}
