//! The composable ability form: a card's triggered ability or action is a trigger or phase word, a
//! list of costs, an optional target filter and a list of effect operations, with a limit. `cards.json` writes
//! them as `{"kind": "triggered", "when": {"on": "won", ..}, "cost": [{"pay": "kneel_self"}], "target": {..},
//! "effect": [{"op": "kneel"}]}`. They are resolved by `rules/triggered.rs` (framework: play restrictions,
//! costs, targets, then the effects in order; research §3) and `rules/effect_ops.rs` (one arm per operation).

use serde::{Deserialize, Serialize};

use super::super::cards::{house_index, icon_bits, keyword_bits, Kind, ACTION_PHASES};

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
    /// This character leaves play and is attached to the target as an attachment: its `attached` abilities are
    /// then its text (the Dragons: "attach it to a character as a Condition attachment reading …"). `hostile`:
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

fn check_filter(f: &Filter) -> Result<(), String> {
    for h in f.house.iter().chain(&f.other_house) {
        house_index(h).ok_or(format!("unknown house {h:?}"))?;
    }
    for h in &f.not_houses {
        house_index(h).ok_or(format!("unknown house {h:?}"))?;
    }
    for i in f.has_icon.iter().chain(&f.lacks_icon) {
        icon_bits(i)?;
    }
    Ok(())
}

fn check_on(on: &On) -> Result<(), String> {
    match on {
        On::Each(f) | On::EachOfMost(f) => check_filter(f),
        _ => Ok(()),
    }
}

fn check_op(op: &Op) -> Result<(), String> {
    match op {
        Op::GainIcons { icons, on } | Op::LoseIcons { icons, on } => {
            icon_bits(icons)?;
            check_on(on)
        }
        Op::GainKeywords { keywords, on } | Op::LoseKeywords { keywords, on } => {
            keyword_bits(keywords)?;
            check_on(on)
        }
        Op::Take { filter, .. } | Op::AllFromDeadPiles { filter } => check_filter(filter),
        Op::OpponentsCannotTrigger { during: Some(d) } => icon_bits(d).map(|_| ()),
        Op::ChallengeType { challenge } => {
            super::challenge_index(challenge).map(|_| ()).ok_or(format!("unknown challenge {challenge:?}"))
        }
        Op::Choose { options } => {
            if options.len() < 2 || options.len() > 8 {
                return Err("choose: 2 to 8 options".into());
            }
            options.iter().flatten().try_for_each(check_op)
        }
        Op::Kneel { on }
        | Op::Stand { on }
        | Op::Kill { on }
        | Op::Discard { on }
        | Op::ReturnToHand { on }
        | Op::ToDeckTop { on }
        | Op::ToDeckBottom { on }
        | Op::Str { on, .. }
        | Op::KillIfZeroStr { on }
        | Op::Blank { on }
        | Op::CannotBeKilled { on }
        | Op::CannotBeDeclared { on }
        | Op::NoKneelToDeclare { on }
        | Op::ClaimPower { on, .. }
        | Op::DiscardPower { on, .. }
        | Op::TakePower { on, .. }
        | Op::DiscardAttachments { on }
        | Op::MustParticipateNext { on } => check_on(on),
        Op::CannotBeSaved { on }
        | Op::RemoveFromChallenge { on }
        | Op::TakeControl { on }
        | Op::KneelOrReturnToHand { on }
        | Op::BecomesDoomed { on }
        | Op::ReturnToHandAtEndOfPhase { on } => check_on(on),
        Op::DiscardAnAttachment { filter } | Op::EachPlayerDiscardsOne { filter } => check_filter(filter),
        _ => Ok(()),
    }
}

/// Does this operation act on the chosen target?
fn op_uses_target(op: &Op) -> bool {
    match op {
        Op::Choose { options } => options.iter().flatten().any(op_uses_target),
        Op::MoveThisAttachment | Op::AttachThis | Op::BecomeAttachment { .. } => true,
        Op::Kneel { on }
        | Op::Stand { on }
        | Op::Kill { on }
        | Op::Discard { on }
        | Op::ReturnToHand { on }
        | Op::ToDeckTop { on }
        | Op::ToDeckBottom { on }
        | Op::Str { on, .. }
        | Op::KillIfZeroStr { on }
        | Op::GainIcons { on, .. }
        | Op::LoseIcons { on, .. }
        | Op::GainKeywords { on, .. }
        | Op::LoseKeywords { on, .. }
        | Op::Blank { on }
        | Op::CannotBeKilled { on }
        | Op::CannotBeDeclared { on }
        | Op::NoKneelToDeclare { on }
        | Op::ClaimPower { on, .. }
        | Op::DiscardPower { on, .. }
        | Op::TakePower { on, .. }
        | Op::DiscardAttachments { on }
        | Op::ControllerDiscardsPerPrintedIcon { on }
        | Op::MustParticipateNext { on } => *on == On::Target,
        Op::CannotBeSaved { on }
        | Op::RemoveFromChallenge { on }
        | Op::TakeControl { on }
        | Op::KneelOrReturnToHand { on }
        | Op::BecomesDoomed { on }
        | Op::ReturnToHandAtEndOfPhase { on } => *on == On::Target,
        Op::SwapPrintedStr => true,
        _ => false,
    }
}

/// Checks names inside a composable ability (houses, icons, keywords, phases, challenge types).
pub fn check_body(b: &Body, action: bool) -> Result<(), String> {
    if action != b.phase.is_some() || action == b.when.is_some() {
        return Err("an action has a `phase` and no `when`; a triggered ability a `when` and no `phase`".into());
    }
    if let Some(p) = b.phase.as_deref() {
        if !ACTION_PHASES.contains(&p) {
            return Err(format!("unknown action phase {p:?} (one of {})", ACTION_PHASES.join(", ")));
        }
    }
    if b.effect.is_empty() {
        return Err("an ability needs at least one effect".into());
    }
    if b.targets == 0 || b.targets > 8 {
        return Err("targets: 1 to 8".into());
    }
    let uses_target = b.effect.iter().any(op_uses_target);
    if uses_target != b.target.is_some() {
        return Err("an effect on the target needs a `target` filter, and a `target` needs such an effect".into());
    }
    if let Some(t) = &b.target {
        check_filter(t)?;
    }
    for r in &b.require {
        if let Require::WonThisPhase { challenges } = r {
            icon_bits(challenges)?;
        }
        if let Require::PileHas { filter, .. } | Require::YouControl { filter } = r {
            check_filter(filter)?;
        }
        if let Require::InPlay { filter } = r {
            check_filter(filter)?;
        }
    }
    for c in &b.cost {
        if let Cost::KillYours { filter } | Cost::DiscardYours { filter } = c {
            check_filter(filter)?;
        }
    }
    if b.effect.contains(&Op::SwapPrintedStr) && b.targets != 2 {
        return Err("swap_printed_str: two targets".into());
    }
    b.effect.iter().try_for_each(check_op)
}
