//! When a triggered ability may be used, and what is paid before its effects.

use serde::Deserialize;

use super::{Filter, Role};

/// When a triggered ability may be used (rulebook "Risposte", "Effetti passivi").
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(tag = "on", rename_all = "snake_case", deny_unknown_fields)]
pub enum Trigger {
    /// A plot's "when revealed".
    Revealed,
    /// After plots are revealed (a card in play or in a pile: "when plot cards are revealed"); with `plot_trait`,
    /// only when some revealed plot has it.
    PlotsRevealed {
        #[serde(default)]
        plot_trait: Option<String>,
    },
    /// After you win (`Won`) or lose (`Lost`) a challenge: of this type, in this role, with this card
    /// participating, unopposed, with at least this total STR, by at least this margin.
    Won {
        #[serde(default)]
        challenge: Option<String>,
        #[serde(default)]
        role: Option<Role>,
        #[serde(default)]
        participating: bool,
        #[serde(default)]
        unopposed: bool,
        #[serde(default)]
        total_str_min: u8,
        #[serde(default)]
        by_min: u8,
    },
    Lost {
        #[serde(default)]
        challenge: Option<String>,
        #[serde(default)]
        role: Option<Role>,
        #[serde(default)]
        participating: bool,
    },
    /// After a card enters play under your control: this card (no `of`), or any matching card; `from_hand`:
    /// played from hand (marshalled or put into play from hand).
    EntersPlay {
        #[serde(default)]
        of: Option<Filter>,
        #[serde(default)]
        from_hand: bool,
        /// Only when played paying its optional gold penalty.
        #[serde(default)]
        with_penalty: bool,
    },
    /// After this card (no `of`) or a matching character is killed; `or_discarded`: or discarded from play.
    Killed {
        #[serde(default)]
        of: Option<Filter>,
        #[serde(default)]
        or_discarded: bool,
    },
    /// After any card is placed in a dead pile.
    ToDeadPile,
    /// After this card is declared as an attacker.
    DeclaredAttacker,
    /// After you play an attachment from your hand.
    AttachmentPlayed,
    /// After a character claims power for renown.
    Renown,
    /// After a player claims power for his House.
    HousePower,
    /// After a character is saved (from being killed or discarded).
    Saved,
    /// After an opponent plays an attachment from his hand; the attachment is the trigger's.
    OpponentAttachmentPlayed,
    /// When any player loses an unopposed challenge: the loser resolves the ability (Ravaged Coast: "he must
    /// choose and kneel a location he controls").
    LoserOfUnopposed,
    /// After any matching character (default: any character) enters play, under anyone's control (Viserys).
    AnyEntersPlay {
        #[serde(default)]
        of: Option<Filter>,
    },
}

/// What a player pays before the effects (rulebook "Costi": all of it, or the ability cannot be used).
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(tag = "pay", rename_all = "snake_case", deny_unknown_fields)]
pub enum Cost {
    /// Kneel this standing card.
    KneelSelf,
    /// Kneel the standing character this attachment is on.
    KneelAttached,
    /// Kneel influence providers of your choice for `n` influence.
    Influence { n: u8 },
    /// Discard this card from play (sacrifice).
    Sacrifice,
    /// Pay gold.
    Gold { n: u8 },
    /// Choose and discard cards from your hand.
    DiscardFromHand { n: u8 },
    /// Discard power from this card.
    DiscardPower { n: u8 },
    /// Kneel any number of influence providers: X is the influence paid.
    InfluenceX,
    /// Discard your whole hand.
    DiscardHand,
    // --- costs paid with a card of the payer's choice (research §3.2: it cannot be saved)
    /// Kill a character you control matching the filter.
    KillYours { filter: Filter },
    /// Discard from play a card you control matching the filter.
    DiscardYours { filter: Filter },
    /// Discard `n` power from a character you control, of your choice (Selyse Baratheon).
    DiscardPowerFromYours { n: u8 },
    /// Kneel your standing House card (Paper Money: "kneel the attached House card").
    KneelHouse,
}
