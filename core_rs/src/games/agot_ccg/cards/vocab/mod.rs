//! The composable ability form: a card's triggered ability or action is a trigger or phase word, a
//! list of costs, an optional target filter and a list of effect operations, with a limit. `cards.json` writes
//! them as `{"kind": "triggered", "when": {"on": "won", ..}, "cost": [{"pay": "kneel_self"}], "target": {..},
//! "effect": [{"op": "kneel"}]}`. They are resolved by `rules/triggered.rs` (framework: play restrictions,
//! costs, targets, then the effects in order; research §3) and `rules/effect_ops.rs` (one arm per operation).
//! A constant ability (`constant.rs`) is a condition, whom it reaches and what they get, read in `effects/`.
//!
//! Files: triggers and costs (`trigger.rs`), operations (`op.rs`), constants and conditions (`constant.rs`),
//! load-time checks (`check.rs`); filters, restrictions, limits and the body here.

use serde::Deserialize;

mod check;
mod constant;
mod op;
mod trigger;

pub use check::{check_body, check_cond, check_constant};
pub use constant::{Cond, Constant, Count, Gets};
pub use op::{On, Op, Pile, To};
pub use trigger::{Cost, Trigger};

use super::Kind;

/// Whose cards a filter accepts, seen from the ability's controller.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Who {
    #[default]
    Any,
    You,
    Opponent,
}

/// Where a card stands in the current challenge.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Place {
    Attacking,
    Defending,
    Participating,
}

/// Which cards qualify: every field given must hold. `types` empty means characters.
#[derive(Clone, Debug, Default, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Filter {
    #[serde(default)]
    pub types: Vec<Kind>,
    #[serde(default)]
    pub controller: Who,
    #[serde(default)]
    pub house: Option<String>,
    /// At least one of these traits.
    #[serde(default)]
    pub traits: Vec<String>,
    /// None of these traits.
    #[serde(default)]
    pub not_traits: Vec<String>,
    #[serde(default)]
    pub names: Vec<String>,
    #[serde(default)]
    pub unique: Option<bool>,
    #[serde(default)]
    pub limited: Option<bool>,
    #[serde(default)]
    pub doomed: Option<bool>,
    #[serde(default)]
    pub cost_max: Option<u8>,
    #[serde(default)]
    pub cost_min: Option<u8>,
    #[serde(default)]
    pub str_max: Option<u8>,
    #[serde(default)]
    pub str_min: Option<u8>,
    #[serde(default)]
    pub kneeling: Option<bool>,
    #[serde(default)]
    pub place: Option<Place>,
    #[serde(default)]
    pub has_icon: Option<String>,
    #[serde(default)]
    pub lacks_icon: Option<String>,
    #[serde(default)]
    pub no_attachments: bool,
    /// Not the card whose ability this is.
    #[serde(default)]
    pub other: bool,
    /// Provides influence.
    #[serde(default)]
    pub influence: bool,
    // A unique card of which another player controls a copy in play (Purge the Traitors).
    #[serde(default)]
    pub shared_title: bool,
    /// Has power on it (an effect that discards power needs some to discard, FAQ 3.6).
    #[serde(default)]
    pub has_power: bool,
    /// Of none of these Houses ("neutral" included: a printed House affiliation other than these).
    #[serde(default)]
    pub not_houses: Vec<String>,
    // --- the House pool records.
    /// Printed cost at most the number of characters participating in the current challenge (Aegon's Sept).
    #[serde(default)]
    pub cost_max_participating: bool,
    /// Affiliated with a House other than this one (a neutral card is affiliated with none).
    #[serde(default)]
    pub other_house: Option<String>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Role {
    Attacker,
    Defender,
}
/// A play restriction (research §3.1: checked before anything is paid).
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(tag = "if", rename_all = "snake_case", deny_unknown_fields)]
pub enum Require {
    /// You have between `min` and `max` plots with this trait in your used pile.
    UsedPlots {
        #[serde(rename = "trait")]
        tr: String,
        #[serde(default)]
        min: u8,
        #[serde(default = "many")]
        max: u8,
    },
    /// Some player has a revealed plot with this trait.
    PlotRevealed {
        #[serde(rename = "trait")]
        tr: String,
    },
    /// You won a challenge of each of these types (icon letters) this phase.
    WonThisPhase {
        challenges: String,
    },
    /// Your pile holds a card matching the filter.
    PileHas {
        pile: Pile,
        #[serde(default)]
        filter: Filter,
    },
    /// You control a card in play matching the filter (a card's own state check: Meereen Audience Chamber).
    YouControl {
        filter: Filter,
    },
    // Some card in play matches the filter (Ghost: "together with Jon Snow").
    InPlay {
        filter: Filter,
    },
}

fn many() -> u8 {
    255
}

/// Composable actions are among a card's first abilities, and at most this many attachments of a character are
/// addressed (the dense action space, `observe.rs`).
pub const MAX_ABILITIES: usize = 4;

fn one() -> u8 {
    1
}

fn you() -> Who {
    Who::You
}

/// How often an ability may be used (rulebook "Limite"): `n` times per phase or per round.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Limit {
    pub per: Per,
    #[serde(default = "one")]
    pub n: u8,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Per {
    Phase,
    Round,
}

/// Where the card with the ability must be for it to be used. Events are always used from the hand.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Zone {
    #[default]
    Play,
    Hand,
    Discard,
    Dead,
    /// On your House card (an attachment there: Paper Money).
    HouseCard,
}

/// A composable ability: an action (`phase` given: used in an action window of that phase word, rulebook
/// "Azioni") or a triggered ability (`when` given: asked of its controller when its moment comes, rulebook
/// "Risposte"; responses are optional, forced ones such as "When revealed" are not).
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Body {
    #[serde(default)]
    pub phase: Option<String>,
    #[serde(default)]
    pub when: Option<Trigger>,
    #[serde(default = "yes")]
    pub optional: bool,
    #[serde(default)]
    pub cost: Vec<Cost>,
    #[serde(default)]
    pub target: Option<Filter>,
    /// How many different targets are chosen (at least one must exist; fewer if fewer exist).
    #[serde(default = "one")]
    pub targets: u8,
    pub effect: Vec<Op>,
    #[serde(default)]
    pub limit: Option<Limit>,
    #[serde(default)]
    pub from: Zone,
    /// Only while this card participates in the current challenge.
    #[serde(default)]
    pub while_participating: bool,
    #[serde(default)]
    pub require: Vec<Require>,
    /// Choose X targets (X paid with `influence_x`, or counted by `x_used_plots`).
    #[serde(default)]
    pub targets_x: bool,
    /// X is the number of plots with this trait in your used pile (Dark and Full of Terrors).
    #[serde(default)]
    pub x_used_plots: Option<String>,
    /// The targets are controlled by one player and each has a different House affiliation (neutral cards
    /// have none: not chosen) (No Peace in Westeros).
    #[serde(default)]
    pub targets_one_player_distinct_houses: bool,
}

fn yes() -> bool {
    true
}
