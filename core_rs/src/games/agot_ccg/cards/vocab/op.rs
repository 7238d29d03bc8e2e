//! The effect operations and what they act on.

use serde::{Deserialize, Serialize};

use super::super::Kind;
use super::{one, you, Filter, Who};

/// What an operation acts on.
#[derive(Clone, Debug, Default, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum On {
    /// The chosen target(s).
    #[default]
    Target,
    /// The card whose ability it is.
    This,
    /// The character this attachment is on.
    Attached,
    /// The card the trigger names (the killed character, the one that entered play).
    Trigger,
    /// Every card in play matching the filter.
    Each(Filter),
    /// Every card in play matching the filter that belongs to the one player who controls more such cards than
    /// every opponent (none on a tie for the most).
    EachOfMost(Filter),
}

/// A pile of the ability's controller.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Pile {
    Hand,
    Deck,
    Discard,
    Dead,
}

/// Where a picked card goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum To {
    Hand,
    Play,
    DeckTop,
    DeckBottom,
    Discard,
    Dead,
}

/// One effect operation; lasting ones last until the end of the phase (rulebook "Effetti duraturi").
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(tag = "op", rename_all = "snake_case", deny_unknown_fields)]
pub enum Op {
    Kneel {
        #[serde(default)]
        on: On,
    },
    Stand {
        #[serde(default)]
        on: On,
    },
    Kill {
        #[serde(default)]
        on: On,
    },
    /// Discard from play.
    Discard {
        #[serde(default)]
        on: On,
    },
    ReturnToHand {
        #[serde(default)]
        on: On,
    },
    ToDeckTop {
        #[serde(default)]
        on: On,
    },
    ToDeckBottom {
        #[serde(default)]
        on: On,
    },
    /// `per_x`: the amount is multiplied by the X paid.
    Str {
        amount: i8,
        #[serde(default)]
        on: On,
        #[serde(default)]
        per_x: bool,
    },
    /// "Killed if its STR is 0" (checked when this operation resolves).
    KillIfZeroStr {
        #[serde(default)]
        on: On,
    },
    GainIcons {
        icons: String,
        #[serde(default)]
        on: On,
    },
    LoseIcons {
        icons: String,
        #[serde(default)]
        on: On,
    },
    GainKeywords {
        keywords: Vec<String>,
        #[serde(default)]
        on: On,
    },
    LoseKeywords {
        keywords: Vec<String>,
        #[serde(default)]
        on: On,
    },
    Blank {
        #[serde(default)]
        on: On,
    },
    CannotBeKilled {
        #[serde(default)]
        on: On,
    },
    /// Cannot be declared as an attacker or defender.
    CannotBeDeclared {
        #[serde(default)]
        on: On,
    },
    /// Does not kneel to attack or defend.
    NoKneelToDeclare {
        #[serde(default)]
        on: On,
    },
    ClaimPower {
        n: u8,
        #[serde(default)]
        on: On,
        #[serde(default)]
        per_x: bool,
    },
    /// Discard up to `n` power from it (255: all).
    DiscardPower {
        n: u8,
        #[serde(default)]
        on: On,
    },
    /// Move `n` power (0: all) from it onto this card.
    TakePower {
        #[serde(default)]
        on: On,
        #[serde(default)]
        n: u8,
    },
    DiscardAttachments {
        #[serde(default)]
        on: On,
    },
    /// Move this attachment onto the target.
    MoveThisAttachment,
    /// Claim power for your House.
    HousePower {
        n: u8,
    },
    Draw {
        n: u8,
    },
    Gold {
        n: u8,
    },
    /// Choose up to `count` cards matching `filter` from your pile `from` (the deck: the top `top` cards, 0 = all,
    /// then it is shuffled) and put them `to`; the rest of a top-`top` look goes to `rest`.
    Take {
        from: Pile,
        #[serde(default)]
        filter: Filter,
        to: To,
        #[serde(default = "one")]
        count: u8,
        #[serde(default)]
        top: u8,
        #[serde(default)]
        rest: Option<To>,
        /// Whose pile (default: your own).
        #[serde(default = "you")]
        whose: Who,
        /// Only the matching card closest to the top of the pile.
        #[serde(default)]
        topmost: bool,
        /// Every further card taken has the first one's title.
        #[serde(default)]
        same_title: bool,
        /// A second pile searched as well ("your deck or discard pile").
        #[serde(default)]
        or_from: Option<Pile>,
        /// The pick cannot be declined while a card is offered (a swap).
        #[serde(default)]
        must: bool,
        /// Leave out the pile's top card: the one the previous operation just put there (a swap).
        #[serde(default)]
        skip_top: bool,
        /// At most one card from each player's pile ("from each opponent's hand").
        #[serde(default)]
        one_each: bool,
        /// A card put into play so returns to its owner's hand at the end of the phase (Winterfell Barracks).
        #[serde(default)]
        until_end_of_phase: bool,
    },
    /// Move this card (a card in a pile or hand) to `to`.
    Move {
        to: To,
    },
    /// Each opponent discards the top `n` cards of his deck; `draw_per_doomed`: you draw 1 card per doomed card
    /// discarded so.
    MillOpponents {
        n: u8,
        #[serde(default)]
        draw_per_doomed: bool,
    },
    /// Put the top `n` cards of your deck into your hand (not a draw).
    TopToHand {
        n: u8,
    },
    /// Each player with at most `hand_max` cards in hand draws `n`.
    EachPlayerDraws {
        n: u8,
        hand_max: u8,
    },
    /// Put every matching card of every dead pile into play under its owner's control.
    AllFromDeadPiles {
        #[serde(default)]
        filter: Filter,
    },
    /// Attach this attachment, from the pile it is in, to the target.
    AttachThis,
    /// The player chooses one of these lists of operations (Casterly Rock: "pick one").
    Choose {
        options: Vec<Vec<Op>>,
    },
    /// The current challenge becomes one of this type.
    ChallengeType {
        challenge: String,
    },
    /// Its controller chooses and discards 1 card from hand for each icon printed on it.
    ControllerDiscardsPerPrintedIcon {
        #[serde(default)]
        on: On,
    },
    // --- the pool's Greyjoy, Night's Watch, neutral, plot and agenda records
    // (rules/effect_ops_more.rs)
    /// It cannot be saved, nor by a duplicate, until the end of the phase ("discard ... (cannot be saved)").
    CannotBeSaved {
        #[serde(default)]
        on: On,
    },
    /// The two chosen characters swap their printed STR until the end of the phase.
    SwapPrintedStr,
    /// It leaves the current challenge (it stays in play, as it is).
    RemoveFromChallenge {
        #[serde(default)]
        on: On,
    },
    /// Choose a player (`who`, seen from the ability's controller): he discards the top `n` cards of his deck.
    MillPlayer {
        n: u8,
        #[serde(default)]
        who: Who,
    },
    /// Choose a player: discard up to `n` power from his House card.
    DiscardHousePower {
        n: u8,
        #[serde(default)]
        who: Who,
    },
    /// Choose a player with a standing House card: kneel it, then discard every attachment on it (Arianne's
    /// Rejection).
    RejectHouse {
        #[serde(default)]
        who: Who,
    },
    /// The effects after this one happen unless the controller of the chosen target kneels `n` influence (plus 1
    /// for each attachment on your House card with `per_house_attachment`) (Standard of the Kraken).
    UnlessControllerKneels {
        #[serde(default)]
        n: u8,
        #[serde(default)]
        per_house_attachment: bool,
    },
    /// The next card of type `of` you play this phase costs `n` less, plus 1 for each attachment on your House
    /// card with `per_house_attachment` (Paper Money); with `pay_with_influence` you may pay what its gold does not
    /// with influence (The New Gift, The Old Gift).
    NextCostsLess {
        of: Kind,
        #[serde(default)]
        n: u8,
        #[serde(default)]
        per_house_attachment: bool,
        #[serde(default)]
        pay_with_influence: bool,
    },
    /// Discard from play the attachment the trigger names (Scurvy Cutthroat).
    DiscardThatAttachment,
    /// Take control of it until the end of the phase (rulebook "Carte uniche": not a unique card you have).
    TakeControl {
        #[serde(default)]
        on: On,
    },
    /// If it is kneeling, return it to its owner's hand; otherwise kneel it (Wildling Elder).
    KneelOrReturnToHand {
        #[serde(default)]
        on: On,
    },
    /// "If you win the challenge": the effects after this one wait for the current challenge's result and happen
    /// only if the ability's controller wins it.
    IfWinChallenge,
    /// Choose a player: his revealed plot's claim is `n` lower for the current challenge.
    ClaimLower {
        n: u8,
        #[serde(default)]
        who: Who,
    },
    /// Choose a player: his discard pile is shuffled into his deck.
    ShuffleDiscardIntoDeck {
        #[serde(default)]
        who: Who,
    },
    /// Choose an attachment in play matching the filter and discard it.
    DiscardAnAttachment {
        #[serde(default)]
        filter: Filter,
    },
    /// Each player, the ability's controller first, chooses and discards from play 1 card he controls matching
    /// the filter (an attachment: one he owns), if able.
    EachPlayerDiscardsOne {
        #[serde(default)]
        filter: Filter,
    },
    /// It becomes doomed until the end of the phase.
    BecomesDoomed {
        #[serde(default)]
        on: On,
    },
    /// The "when revealed" effects of the opponents' revealed plots that have not resolved yet are cancelled
    /// (Outmaneuver).
    CancelOpponentsPlotEffects,
    /// Each opponent in turn order returns his revealed plot to his plot deck and reveals another one from it
    /// (`forced`: he must; else he may), whose "when revealed" effects then resolve.
    OpponentsReplot {
        #[serde(default)]
        forced: bool,
    },
    /// Swap a plot of your used pile with one of your plot deck (you choose both).
    SwapUsedPlot,
    /// At the end of the phase, if it is still in play, it returns to its owner's hand.
    ReturnToHandAtEndOfPhase {
        #[serde(default)]
        on: On,
    },
    // --- the House pool records.
    /// This character leaves play and is attached to the target as an attachment: its constants `"to":
    /// "attached"` are then its text (the Dragons: "attach it to a character as a Condition attachment reading …"). `hostile`:
    /// the reading hurts its host (the heuristic aims it at an opponent's character).
    BecomeAttachment {
        #[serde(default)]
        hostile: bool,
    },
    /// This card, in play as a character or attached, returns to its owner's hand.
    ReturnThisToHand,
    /// This card and its duplicates become duplicates of a card with one of these names that you control, if
    /// there is one (the Hatchlings).
    DuplicateOnto {
        names: Vec<String>,
    },
    /// Each opponent cannot trigger effects or abilities for the rest of the phase, or only during challenges of
    /// these types (icon letters) if given (The Hand's Judgement: "MP").
    OpponentsCannotTrigger {
        #[serde(default)]
        during: Option<String>,
    },
    /// This card is discarded from play (it cannot be saved) if it has at least `n` power (Viserys).
    DiscardIfPowerAtLeast {
        n: u8,
    },
    /// It must participate in the next challenge this phase, if able (Love is Poison).
    MustParticipateNext {
        #[serde(default)]
        on: On,
    },
}
