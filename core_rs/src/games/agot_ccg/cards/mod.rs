//! Loads and checks the plugin's content: `{"cards": [..], "decks": [..]}` (the plugin's `cards.json` and
//! `decks.json` verbatim) and the options. Card text is a list of abilities from the small vocabulary below;
//! a card whose text this vocabulary cannot say is left out of the pool (docs/games/agot_ccg.md lists them).

use serde::Deserialize;

use crate::engine::SetupError;

pub mod classify;
pub mod deck;
pub mod vocab;

/// Houses; 0 is "neutral" (no shield).
pub const HOUSES: [&str; 7] = ["neutral", "stark", "lannister", "baratheon", "targaryen", "greyjoy", "martell"];
pub const NEUTRAL: u8 = 0;

/// Challenge icons / challenge types (rulebook "Icone di sfida").
pub const MIL: u8 = 0;
pub const INT: u8 = 1;
pub const POW: u8 = 2;
pub const CHALLENGES: [&str; 3] = ["military", "intrigue", "power"];

/// Keyword bits (rulebook "Parole chiave" + Immunity variants of the card data).
pub const STEALTH: u16 = 1;
pub const DEADLY: u16 = 1 << 1;
pub const RENOWN: u16 = 1 << 2;
pub const LIMITED: u16 = 1 << 3;
pub const NO_ATTACH: u16 = 1 << 4;
pub const DEATHBOUND: u16 = 1 << 5;
pub const IMMUNE_EVENTS: u16 = 1 << 6;
pub const IMMUNE_CHAR: u16 = 1 << 7;
pub const IMMUNE_OPP_CHAR: u16 = 1 << 8;
pub const SETUP: u16 = 1 << 9;
/// Immune to the events opponents play (The Good Masters).
pub const IMMUNE_OPP_EVENTS: u16 = 1 << 10;
const KEYWORDS: [(&str, u16); 11] = [
    ("stealth", STEALTH),
    ("deadly", DEADLY),
    ("renown", RENOWN),
    ("limited", LIMITED),
    ("no_attachments", NO_ATTACH),
    ("deathbound", DEATHBOUND),
    ("immune_events", IMMUNE_EVENTS),
    ("immune_character_abilities", IMMUNE_CHAR),
    ("immune_opponent_character_abilities", IMMUNE_OPP_CHAR),
    ("setup", SETUP),
    ("immune_opponent_events", IMMUNE_OPP_EVENTS),
];

#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Kind {
    Character,
    Location,
    Attachment,
    Event,
    Plot,
    // --- agendas (rules/agendas.rs): never in play, one named on a deck's Agenda line.
    Agenda,
}

/// When a conditional ability is on.
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
}

/// The effect vocabulary. Constant abilities are read where they matter; triggered ones are asked as
/// yes/no or target decisions when their moment comes.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
pub enum Ability {
    // --- characters: constant
    StrWhile {
        amount: i8,
        cond: Cond,
    },
    KeywordsWhile {
        keywords: Vec<String>,
        cond: Cond,
    },
    IconsWhile {
        icons: String,
        cond: Cond,
    },
    NoKneelAttackWhile {
        cond: Cond,
    },
    NoKneelAttackDefendWhile {
        cond: Cond,
    },
    CannotBeDiscardedWhile {
        cond: Cond,
    },
    CostReduction {
        #[serde(rename = "trait")]
        tr: String,
        amount: u8,
    },
    YourCharsStr {
        amount: i8,
    },
    StrPerAttachment {
        amount: i8,
    },
    StrPerDeadHouseChar {
        house: String,
    },
    /// While it attacks, Army characters cannot defend (Lookout).
    ArmyCannotDefendWhileAttacking,
    // --- characters: triggered
    /// Response: after you play it from hand, draw n cards.
    OnPlayedDraw {
        n: u8,
    },
    /// Response: after you play it from hand, choose and kneel a character.
    OnPlayedKneelChar,
    /// You may pay an optional gold penalty; if you do, it claims `power` power.
    PenaltyClaimPower {
        penalty: u8,
        power: u8,
    },
    /// You may pay an optional gold penalty; if you do, each opponent chooses and discards n cards from hand.
    PenaltyOpponentsDiscard {
        penalty: u8,
        n: u8,
    },
    /// Response: after a character of this house is killed, stand this card.
    StandAfterHouseCharKilled {
        house: String,
    },
    /// Response: after you win a challenge, put this card into play from your hand.
    IntoPlayAfterWin,
    /// Response: after this card is killed, move all power on all characters to your House card.
    KilledMovePowerToHouse,
    /// Response: after this card is killed, claim `n` power for your House (Gormond Goodbrother).
    KilledClaimHouse {
        n: u8,
    },
    /// Response: after you win a challenge (an unopposed one, if `unopposed`) in which this character
    /// participated, it claims `power` power (Asha Greyjoy, Bannermen to the Kraken) or, with `house`, you claim it
    /// for your House (Warrior of the Old Way).
    WinClaimsPower {
        power: u8,
        #[serde(default)]
        unopposed: bool,
        #[serde(default)]
        house: bool,
    },
    /// +1 STR for each character in all dead piles while `cond` holds (Warmonger).
    StrPerDeadCharWhile {
        cond: Cond,
    },
    /// Its STR cannot be lowered (Areo Hotah): negative modifiers do not apply.
    StrCannotBeLowered,
    /// Its controller may play this many more Limited cards each round (Arianne's Admirer).
    ExtraLimited {
        n: u8,
    },
    /// While this card stands, characters of `house` its controller controls (itself included) gain these keywords
    /// (Euron Crow's Eye: Greyjoy characters gain stealth).
    HouseCharsKeywordsWhileStanding {
        house: String,
        keywords: Vec<String>,
    },
    /// While `cond` holds, each opponent needs `n` more power to win the game (Balon's Follower).
    OpponentsNeedMorePower {
        n: u8,
        cond: Cond,
    },
    /// Response: after an attacker with stealth is declared (any player's), stand this card (Arianne Martell).
    StandAfterStealthAttacker,
    /// Response: after this attacker successfully uses stealth on a character, draw n cards (Dornish Lancer).
    StealthDraw {
        n: u8,
    },
    /// Passive: when you reveal a plot, draw n cards.
    DrawOnPlotReveal {
        n: u8,
    },
    // --- locations
    /// Marshalling: kneel it; the next card (of this house, if given) you play this phase costs 1 less.
    Reducer {
        #[serde(default)]
        house: Option<String>,
    },
    /// During intrigue challenges every revealed plot has this much more claim.
    IntrigueClaimBonus {
        amount: u8,
    },
    /// Response: after you win dominance, claim 1 more power for your House.
    DominanceBonus,
    /// Response: after you win a challenge as defender, each opponent chooses and kills 1 of his characters.
    DefenseWinOpponentsKill,
    /// Passive: a player who loses an unopposed challenge discards n power from his House.
    UnopposedLoserDiscardsPower {
        n: u8,
    },
    /// Each opponent counts as having n more doomed cards in his dead pile.
    OpponentsExtraDoomed {
        n: u8,
    },
    // --- attachments
    Attached {
        #[serde(default)]
        str: i8,
        #[serde(default)]
        icons: String,
        #[serde(default)]
        keywords: Vec<String>,
        #[serde(default)]
        defending_str: i8,
        #[serde(default)]
        cond: Option<Cond>,
        /// While the attached character defends, its printed STR counts as 0 (Under the Guild's Sway).
        #[serde(default)]
        printed_str_zero_defending: bool,
    },
    // --- player actions (rulebook "Azioni"), used in the challenge action window
    /// Event: choose a character (attacking / participating / any; of this house; without this icon) that gets
    /// `amount` STR until the end of the phase; if its controller then wins the challenge he draws `win_draw`
    /// cards and claims `win_power` power for his House. `no_kneel_defend`: it does not kneel to defend this
    /// phase.
    ChallengeBoost {
        amount: i8,
        target: String,
        #[serde(default)]
        house: Option<String>,
        #[serde(default)]
        without_icon: Option<String>,
        #[serde(default)]
        win_draw: u8,
        #[serde(default)]
        win_power: u8,
        #[serde(default)]
        no_kneel_defend: bool,
        /// The phase word of the card ("Challenges:", "Any Phase:", …): the windows it may be played in.
        #[serde(default = "challenges_phase")]
        phase: String,
    },
    /// Event: kneel `influence` influence to choose and kill a character.
    KillCharacter {
        influence: u8,
        #[serde(default = "challenges_phase")]
        phase: String,
    },
    /// Card action: kneel it to give a character (an attacking one, with `target` "attacking") `amount` STR until
    /// the end of the phase.
    KneelForStr {
        amount: i8,
        #[serde(default)]
        target: Option<String>,
        #[serde(default = "challenges_phase")]
        phase: String,
    },
    // --- plots (constant while revealed, or "when revealed")
    PlotYourCharsStr {
        amount: i8,
    },
    PlotAllCharsStr {
        amount: i8,
    },
    PlotNoIntIconStr {
        amount: i8,
    },
    PlotChallengeBonus {
        amount: u8,
    },
    PlotNoKneel {
        challenge: String,
    },
    PlotNoUnopposedPower,
    PlotOpponentsIncome {
        amount: u8,
    },
    PlotCharsCannotBeKilled,
    PlotOpponentsClaim {
        amount: u8,
    },
    PlotCostIncrease {
        amount: u8,
    },
    PlotSkipDraw,
    PlotExtraLimitedLocation,
    PlotRevealKneelChar,
    PlotLowerInitiativeOneDefender,
    PlotBlankCharacters,
    /// Opponents cannot use stealth against your characters (Unbowed, Unbent, Unbroken).
    PlotOpponentsNoStealth,
    // --- save and cancel responses, control change, naming, agendas, Endless (rules/interrupts.rs,
    // rules/control.rs, rules/agendas.rs)
    /// Save response (rulebook "Risposte Salva/Cancella"): pay `cost` to save a character from being killed or
    /// discarded. `whom`: "self" (this character), "attached" (the character this attachment is on) or a House
    /// name (an event from hand: a character of that House).
    Save {
        #[serde(default)]
        cost: InterruptCost,
        whom: String,
        /// "attach_from_discard": then search any player's discard pile for an attachment and attach it to the saved
        /// character, if able (Terrorize the Shores).
        #[serde(default)]
        then: Option<String>,
    },
    /// Cancel response: pay `cost` to cancel the effects of `what` ("event": an event card; "card": a character
    /// or location ability; "character": a character ability; "triggered": an event or a card ability), then
    /// `then` ("kneel_source": kneel that card; "controller_discards": its controller discards 1 card from hand).
    /// `unless_influence`: the cancel fails if the interrupted player kneels this much influence (Tywin).
    Cancel {
        #[serde(default)]
        cost: InterruptCost,
        what: String,
        #[serde(default)]
        then: Option<String>,
        #[serde(default)]
        unless_influence: u8,
    },
    /// Response: after a character is saved, stand this card; it gets `str` STR until the end of the phase.
    AfterSaveStand {
        str: i8,
    },
    /// Event: kneel `influence` to choose a character with STR `max_str` or less and take control of it until the
    /// end of the phase (Shadow Play).
    TakeControl {
        influence: u8,
        max_str: u8,
        #[serde(default = "challenges_phase")]
        phase: String,
    },
    /// Response: after you play it from hand, choose a character with this trait and take control of it (Ygritte).
    OnPlayedTakeControl {
        #[serde(rename = "trait")]
        tr: String,
    },
    /// Event: kneel `influence` to choose and discard a location from play; `unsaveable`: it cannot be saved
    /// (Tidal Wave).
    DiscardLocation {
        influence: u8,
        #[serde(default)]
        unsaveable: bool,
        #[serde(default = "challenges_phase")]
        phase: String,
    },
    /// Card action: kneel `influence` to name a House; its characters in play get `amount` STR until the end of
    /// the phase (King's Landing).
    NameHouseStr {
        influence: u8,
        amount: i8,
        #[serde(default = "challenges_phase")]
        phase: String,
    },
    /// Plot, when revealed: name a challenge type; you may declare attackers and defenders only in challenges of
    /// that type (Caution to the Wind).
    PlotNameChallenge,
    /// Plot, when revealed: if you have `used` or more plots with this trait in your used pile, kill every
    /// character; they cannot be saved (Winter has Come).
    PlotKillAllIfUsed {
        #[serde(rename = "trait")]
        tr: String,
        used: u8,
    },
    /// Endless (research §3.4): Dominance: kneel `influence` to move this card from your dead pile to your hand
    /// (`into_play`: put it into play instead).
    Endless {
        influence: u8,
        #[serde(default)]
        into_play: bool,
    },
    /// Agenda: you must claim `n` more power to win.
    AgendaMorePower {
        n: u8,
    },
    /// Agenda: ignore the out-of-House gold penalty on characters with this trait (Maesters of the Citadel).
    AgendaNoPenaltyTrait {
        #[serde(rename = "trait")]
        tr: String,
    },
    /// Agenda: ignore the out-of-House gold penalty on the characters, locations and attachments of the House
    /// named on the deck's Agenda line (Treaty).
    AgendaNoPenaltyNamedHouse,
    /// Agenda: your characters with this trait gain these icons (The Night's Watch: may attack or defend in
    /// military and power challenges).
    AgendaTraitIcons {
        #[serde(rename = "trait")]
        tr: String,
        icons: String,
    },
    /// Agenda: only in games of more than 2 players (The Only Game that Matters).
    MultiplayerOnly,
    /// Response: after you win a challenge of type `challenge` in which it participated, discard it from play (it
    /// cannot be saved) to draw `draw` cards (Wildling Messenger), choose and kill a character with STR
    /// `kill_max_str` or less (Wildling Scout), or choose and discard from play a location of printed cost
    /// `location_max_cost` or less (Wildling Emissary).
    WinSacrifice {
        challenge: String,
        #[serde(default)]
        draw: u8,
        #[serde(default)]
        kill_max_str: Option<u8>,
        #[serde(default)]
        location_max_cost: Option<u8>,
    },
    /// Response: after a character is saved, kneel `influence` to choose and kill a different character with equal
    /// or lower STR (Jaqen H'ghar).
    AfterSaveKill {
        influence: u8,
    },
    /// Passive: when its controller kneels it to pay an influence cost, it is discarded from play; it cannot be
    /// saved (Robert's Deathbed).
    DiscardWhenKneltForInfluence,
    /// Event: choose a character; it cannot be saved until the end of the phase (Forever Plundering).
    NoSaveUntilEndOfPhase {
        #[serde(default = "challenges_phase")]
        phase: String,
    },
    // --- the composable form (cards/vocab.rs; resolved by rules/triggered.rs, rules/effect_ops.rs)
    /// A player action with a phase word, costs, a target and effects.
    Action(vocab::Body),
    /// A triggered ability: a response or forced effect with a trigger, costs, a target and effects.
    Triggered(vocab::Body),
    /// It does not kneel to defend (Northern Heir).
    NoKneelToDefend,
    /// It cannot be chosen as a stealth target (Southron Heiress).
    NotStealthTarget,
    /// While it attacks, characters matching the filter cannot defend (Balon Greyjoy: non-unique ones).
    AttackingBarsDefenders {
        filter: vocab::Filter,
    },
    /// You may choose to pay this gold penalty (cannot be ignored) when playing it, for its "with a gold penalty"
    /// responses (Pentoshi Captain, Roving Pillagers).
    OptionalPenalty {
        penalty: u8,
    },
    /// Plot: opponents who have a plot with this trait revealed cannot declare defenders (Foe I was Born to Fight).
    PlotOpponentsWithTraitNoDefenders {
        #[serde(rename = "trait")]
        tr: String,
    },
    /// Plot: every challenge you win as attacker by at least `by` STR counts as unopposed (We Do Not Sow).
    PlotWinByCountsUnopposed {
        by: u8,
    },
    /// Plot: your attachments cost this much less (Beggar King).
    PlotAttachmentsCostLess {
        amount: u8,
    },
    /// Attachment: only on a character matching the filter ("Wildling character only").
    AttachOnly {
        filter: vocab::Filter,
    },
    /// It costs 1 less for each location with this trait you control (Errant Captain).
    CostLessPerLocationTrait {
        #[serde(rename = "trait")]
        tr: String,
    },
    // --- rules/effect_pool_ops.rs
    /// You may choose to pay this gold penalty (cannot be ignored) when playing a card matching the filter (Mance
    /// Rayder: a Wildling character), for "with a gold penalty" responses.
    GrantsOptionalPenalty {
        filter: vocab::Filter,
        penalty: u8,
    },
    /// Plot: you may play only character cards and cannot trigger card effects or abilities (Superior Numbers).
    PlotOnlyCharactersNoTriggers,
    /// Every character in play gains this trait (Lady of Riverrun: House Tully).
    AllCharactersGainTrait {
        #[serde(rename = "trait")]
        tr: String,
    },
    /// Attachment: the attached character's controller counts as having `n` more doomed cards in his dead pile;
    /// it may be played only on a character whose controller has a printed doomed card there (The Doom that Came).
    AttachedControllerExtraDoomed {
        n: u8,
    },
    /// It cannot be declared as an attacker or defender together with a character with this trait (Andrik the
    /// Unsmiling: a Knight).
    NotDeclaredWithTrait {
        #[serde(rename = "trait")]
        tr: String,
    },
    /// While it is standing, the characters its controller controls get `amount` STR (Swift Reinforcements).
    YourCharsStrWhileStanding {
        amount: i8,
    },
    // --- the House pool records (`rules/effect_pool.rs`, per-card bit `HAS_POOL`).
    /// Attachment (or a Dragon attached as a Condition): the attached character cannot be killed, while `cond`
    /// holds for it (Rhaegal, Ruler of Meereen).
    AttachedCannotBeKilled {
        #[serde(default)]
        cond: Option<Cond>,
    },
    /// An opponent who won a challenge against you by at least `by` STR this phase cannot initiate further
    /// challenges against you this phase (Sunspear).
    BarsChallengesAfterWinBy {
        by: u8,
    },
    /// Attachment: while the attached character attacks or defends, its controller's opponents cannot trigger
    /// effects or abilities (Dothraki Whip).
    AttachedBarsOpponentsTriggers,
    /// It cannot be saved: no duplicate and no save window when it would be killed or discarded (Viserys).
    CannotBeSaved,
    // --- restraints (`rules/restraints.rs`)
    /// It cannot be killed while `cond` holds (Band of Free Folk).
    CannotBeKilledWhile {
        cond: Cond,
    },
    /// It is discarded from play as soon as `cond` holds (Band of Free Folk); checked after every decision and
    /// every automatic step, so the moment the condition starts to hold is never missed.
    DiscardedWhen {
        cond: Cond,
    },
    /// Attachment: it is played on its player's own House card, not on a character (Strength in Unity, Paper
    /// Money; `rules/house_card.rs`).
    AttachToHouse,
    /// Attachment: treat the attached character's text box as blank (Banished).
    AttachedBlank,
    /// Attachment: the attached character cannot attack or defend unless its controller kneels `n` influence
    /// (Banished, In Chains): paid as it is declared.
    AttachedDeclareInfluence {
        n: u8,
    },
}

/// What a save or cancel response costs (research §3.3: "do X to do Y", X is the cost). Paying a cost opens no
/// save window: a card discarded or killed as a cost cannot be saved (research §3.2).
#[derive(Clone, Debug, Default, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct InterruptCost {
    /// Kneel influence providers totalling this much.
    #[serde(default)]
    pub influence: u8,
    /// Kneel X influence, X the influence cost of the event cancelled (Longship "Black Wind").
    #[serde(default)]
    pub influence_x: bool,
    /// Kneel the card itself.
    #[serde(default)]
    pub kneel_self: bool,
    /// Discard the card itself from play.
    #[serde(default)]
    pub discard_self: bool,
    /// Kill another character with this trait you control (Jon Snow).
    #[serde(default)]
    pub kill_trait: Option<String>,
}

fn challenges_phase() -> String {
    "challenges".into()
}

/// The phase words of player actions (research §3.1 "Trigger words"): an action is playable only in the action
/// windows of its phase; "any" (rulebook "Qualunque fase") in every window.
pub const ACTION_PHASES: [&str; 7] = ["plot", "draw", "marshalling", "challenges", "dominance", "standing", "any"];

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawCard {
    code: String,
    name: String,
    house: String,
    #[serde(rename = "type")]
    kind: Kind,
    #[serde(default)]
    unique: bool,
    #[serde(default)]
    cost: u8,
    #[serde(default)]
    strength: u8,
    #[serde(default)]
    icons: String,
    #[serde(default)]
    traits: Vec<String>,
    #[serde(default)]
    keywords: Vec<String>,
    #[serde(default)]
    doomed: bool,
    #[serde(default)]
    gold: u8,
    #[serde(default)]
    influence: u8,
    #[serde(default)]
    initiative: u8,
    #[serde(default)]
    claim: u8,
    #[serde(default)]
    house_only: bool,
    #[serde(default)]
    abilities: Vec<Ability>,
    #[serde(default)]
    text: String,
    source: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawDeck {
    house: String,
    name: String,
    plots: Vec<String>,
    cards: Vec<(String, u8)>,
    source: String,
    /// The deck's agenda (a card code), and the House it names (Treaty).
    #[serde(default)]
    agenda: Option<String>,
    #[serde(default)]
    agenda_house: Option<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawContent {
    cards: Vec<RawCard>,
    decks: Vec<RawDeck>,
}

/// One card definition. Ids are indices into `Rules::cards`.
#[derive(Clone, Debug)]
pub struct CardDef {
    pub code: String,
    pub name: String,
    pub house: u8,
    pub kind: Kind,
    pub unique: bool,
    pub cost: u8,
    pub str: u8,
    /// Icon bits: 1 << MIL | 1 << INT | 1 << POW.
    pub icons: u8,
    pub traits: Vec<String>,
    pub keywords: u16,
    pub doomed: bool,
    pub gold: u8,
    pub influence: u8,
    pub initiative: u8,
    pub claim: u8,
    pub house_only: bool,
    pub abilities: Vec<Ability>,
}

impl CardDef {
    pub fn has_trait(&self, t: &str) -> bool {
        self.traits.iter().any(|x| x == t)
    }
}

#[derive(Clone, Debug)]
pub struct Deck {
    pub house: u8,
    pub name: String,
    pub plots: Vec<u16>,
    pub cards: Vec<u16>,
    /// A deck list a player brought (option `decks`): only its seat plays it, never a random seat.
    pub brought: bool,
    /// The agenda card (rulebook "Prepararsi a giocare": announced with the House) and the House it
    /// names (Treaty; 0 = none).
    pub agenda: Option<u16>,
    pub agenda_house: u8,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Options {
    decks: Vec<String>,
    /// The first seat's deck (a House name or a deck list); the same as naming it first in `decks`.
    #[serde(default)]
    deck: String,
    round_limit: u8,
    /// Cards (by name or code) taken out of every draw deck, every copy: restricted play for balance studies.
    #[serde(default)]
    without: Vec<String>,
}

/// Parsed content and options.
#[derive(Clone, Debug)]
pub struct Rules {
    pub cards: Vec<CardDef>,
    pub decks: Vec<Deck>,
    /// Deck index per seat, fixed by the option; empty = distinct houses dealt at random.
    pub seat_decks: Vec<u8>,
    /// The tournament time limit as a number of rounds (rulebook "Come ci si prepara ai Tornei"); 0: none, the
    /// rulebook's plain game.
    pub round_limit: u8,
    /// Per card, whether it has composable actions (bit 0) or triggered abilities (bit 1), so the
    /// windows and triggers skip every other card at once (`cards/classify.rs`).
    pub composable: Vec<u8>,
    /// Per card, the classes of its printed abilities that the hot checks look for (`cards/classify.rs`).
    pub statics: Vec<u32>,
    /// The classes of every card some deck holds: every card in play comes from a deck, so a check of a class no
    /// deck holds is skipped for the whole match (Band of Free Folk's "discard it when…").
    pub deck_classes: u32,
}

pub fn house_index(s: &str) -> Option<u8> {
    HOUSES.iter().position(|h| *h == s).map(|i| i as u8)
}

pub fn keyword_bits(names: &[String]) -> Result<u16, String> {
    let mut bits = 0;
    for n in names {
        let Some((_, b)) = KEYWORDS.iter().find(|(k, _)| k == n) else {
            return Err(format!("unknown keyword {n:?}"));
        };
        bits |= b;
    }
    Ok(bits)
}

pub fn icon_bits(s: &str) -> Result<u8, String> {
    let mut bits = 0;
    for c in s.chars() {
        bits |= match c {
            'M' => 1 << MIL,
            'I' => 1 << INT,
            'P' => 1 << POW,
            _ => return Err(format!("unknown icon {c:?} (use M, I, P)")),
        };
    }
    Ok(bits)
}

pub fn challenge_index(s: &str) -> Option<u8> {
    CHALLENGES.iter().position(|c| *c == s).map(|i| i as u8)
}

fn check_phase(p: &str) -> Result<(), String> {
    if ACTION_PHASES.contains(&p) {
        Ok(())
    } else {
        Err(format!("unknown action phase {p:?} (one of {})", ACTION_PHASES.join(", ")))
    }
}

fn check_ability(a: &Ability) -> Result<(), String> {
    let check_cond = |c: &Cond| match c {
        Cond::ControlsTrait { house: Some(h), .. }
        | Cond::AttachedHouse { house: h }
        | Cond::AllOfHouse { house: h } => house_index(h).map(|_| ()).ok_or(format!("unknown house {h:?}")),
        Cond::AnotherCharHasKeyword { keyword } => keyword_bits(std::slice::from_ref(keyword)).map(|_| ()),
        _ => Ok(()),
    };
    match a {
        Ability::StrWhile { cond, .. }
        | Ability::CannotBeKilledWhile { cond }
        | Ability::DiscardedWhen { cond }
        | Ability::NoKneelAttackWhile { cond }
        | Ability::NoKneelAttackDefendWhile { cond }
        | Ability::CannotBeDiscardedWhile { cond } => check_cond(cond),
        Ability::KeywordsWhile { keywords, cond } => {
            keyword_bits(keywords)?;
            check_cond(cond)
        }
        Ability::IconsWhile { icons, cond } => {
            icon_bits(icons)?;
            check_cond(cond)
        }
        Ability::Attached { icons, keywords, cond, .. } => {
            icon_bits(icons)?;
            keyword_bits(keywords)?;
            cond.as_ref().map_or(Ok(()), check_cond)
        }
        Ability::AttachedCannotBeKilled { cond } => cond.as_ref().map_or(Ok(()), check_cond),
        Ability::StrPerDeadHouseChar { house } | Ability::StandAfterHouseCharKilled { house } => {
            house_index(house).map(|_| ()).ok_or(format!("unknown house {house:?}"))
        }
        Ability::Reducer { house: Some(h) } => house_index(h).map(|_| ()).ok_or(format!("unknown house {h:?}")),
        Ability::ChallengeBoost { target, house, without_icon, phase, .. } => {
            check_phase(phase)?;
            if !["attacking", "participating", "any"].contains(&target.as_str()) {
                return Err(format!("boost target {target:?}: attacking, participating or any"));
            }
            if let Some(h) = house {
                house_index(h).ok_or(format!("unknown house {h:?}"))?;
            }
            if let Some(i) = without_icon {
                icon_bits(i)?;
            }
            Ok(())
        }
        Ability::KillCharacter { phase, .. } => check_phase(phase),
        Ability::KneelForStr { phase, target, .. } => {
            if target.as_deref().is_some_and(|t| t != "attacking") {
                return Err(format!("kneel_for_str target {target:?}: \"attacking\" or none"));
            }
            check_phase(phase)
        }
        Ability::StrPerDeadCharWhile { cond } | Ability::OpponentsNeedMorePower { cond, .. } => check_cond(cond),
        Ability::HouseCharsKeywordsWhileStanding { house, keywords } => {
            keyword_bits(keywords)?;
            house_index(house).map(|_| ()).ok_or(format!("unknown house {house:?}"))
        }
        Ability::PlotNoKneel { challenge } => {
            challenge_index(challenge).map(|_| ()).ok_or(format!("unknown challenge {challenge:?}"))
        }
        Ability::Save { whom, then, .. } => {
            if then.as_deref().is_some_and(|t| t != "attach_from_discard") {
                return Err(format!("save then {then:?}: attach_from_discard or none"));
            }
            if whom == "self" || whom == "attached" || house_index(whom).is_some() {
                Ok(())
            } else {
                Err(format!("save whom {whom:?}: self, attached or a House"))
            }
        }
        Ability::Cancel { what, then, .. } => {
            if !["event", "card", "character", "triggered"].contains(&what.as_str()) {
                return Err(format!("cancel what {what:?}: event, card, character or triggered"));
            }
            match then.as_deref() {
                None | Some("kneel_source") | Some("controller_discards") => Ok(()),
                Some(t) => Err(format!("cancel then {t:?}: kneel_source or controller_discards")),
            }
        }
        Ability::TakeControl { phase, .. }
        | Ability::DiscardLocation { phase, .. }
        | Ability::NameHouseStr { phase, .. }
        | Ability::NoSaveUntilEndOfPhase { phase } => check_phase(phase),
        Ability::AgendaTraitIcons { icons, .. } => icon_bits(icons).map(|_| ()),
        Ability::WinSacrifice { challenge, .. } => {
            challenge_index(challenge).map(|_| ()).ok_or(format!("unknown challenge {challenge:?}"))
        }
        Ability::Action(b) => vocab::check_body(b, true),
        Ability::Triggered(b) => vocab::check_body(b, false),
        _ => Ok(()),
    }
}

pub fn parse(content: &str, options: &str) -> Result<Rules, SetupError> {
    let raw: RawContent = serde_json::from_str(content).map_err(|e| SetupError::Content(e.to_string()))?;
    let opts: Options = serde_json::from_str(options).map_err(|e| SetupError::Option {
        name: "options".into(),
        reason: format!("{e} (known: decks, deck, round_limit, without)"),
    })?;
    let mut opts = opts;
    if !opts.deck.is_empty() {
        if !opts.decks.is_empty() {
            return Err(SetupError::Option {
                name: "deck".into(),
                reason: "give the first seat's deck either as 'deck' or first in 'decks', not both".into(),
            });
        }
        opts.decks.push(std::mem::take(&mut opts.deck));
    }
    if raw.cards.len() > 2000 {
        return Err(SetupError::Content("at most 2000 cards".into()));
    }
    let mut cards = Vec::with_capacity(raw.cards.len());
    for c in raw.cards {
        let bad = |why: String| SetupError::Content(format!("card {} ({}): {why}", c.code, c.name));
        if !["rulebook", "research", "designed"].contains(&c.source.as_str()) {
            return Err(bad(format!("source {:?} is not rulebook/research/designed", c.source)));
        }
        let house = house_index(&c.house).ok_or_else(|| bad(format!("unknown house {:?}", c.house)))?;
        for a in &c.abilities {
            check_ability(a).map_err(&bad)?;
        }
        // The dense action space addresses a card's composable abilities by index (observe.rs).
        if c.abilities.iter().skip(vocab::MAX_ABILITIES).any(|a| matches!(a, Ability::Action(_))) {
            return Err(bad(format!("an action must be among the first {} abilities", vocab::MAX_ABILITIES)));
        }
        let _ = c.text;
        cards.push(CardDef {
            icons: icon_bits(&c.icons).map_err(&bad)?,
            keywords: keyword_bits(&c.keywords).map_err(&bad)?,
            code: c.code,
            name: c.name,
            house,
            kind: c.kind,
            unique: c.unique,
            cost: c.cost.min(20),
            str: c.strength.min(20),
            traits: c.traits,
            doomed: c.doomed,
            gold: c.gold.min(10),
            influence: c.influence.min(10),
            initiative: c.initiative.min(20),
            claim: c.claim.min(5),
            house_only: c.house_only,
            abilities: c.abilities,
        });
    }
    let find = |code: &str| cards.iter().position(|c| c.code == code).map(|i| i as u16);
    let mut decks = Vec::new();
    for d in raw.decks {
        let bad = |why: String| SetupError::Content(format!("deck {}: {why}", d.name));
        if !["rulebook", "research", "designed"].contains(&d.source.as_str()) {
            return Err(bad("source must be rulebook/research/designed".into()));
        }
        let house = house_index(&d.house).filter(|h| *h != NEUTRAL).ok_or_else(|| bad("unknown house".into()))?;
        let code_id = |code: &String| find(code).ok_or_else(|| bad(format!("unknown card {code}")));
        let plots = d.plots.iter().map(code_id).collect::<Result<Vec<u16>, _>>()?;
        let mut list = Vec::new();
        for (code, n) in &d.cards {
            if list.len() + usize::from(*n) > 200 {
                return Err(bad("at most 200 cards".into()));
            }
            list.extend(std::iter::repeat_n(code_id(code)?, usize::from(*n)));
        }
        let agenda = d.agenda.as_ref().map(code_id).transpose()?;
        let agenda_house = match &d.agenda_house {
            Some(h) => house_index(h).ok_or_else(|| bad(format!("unknown agenda House {h:?}")))?,
            None => NEUTRAL,
        };
        let mut problems = deck::deck_problems(&cards, house, &plots, &list);
        problems.extend(deck::agenda_problems(&cards, house, agenda, agenda_house));
        if !problems.is_empty() {
            return Err(bad(problems.join("; ")));
        }
        decks.push(Deck { house, name: d.name, plots, cards: list, brought: false, agenda, agenda_house });
    }
    if decks.is_empty() || decks.len() > 8 {
        return Err(SetupError::Content("1 to 8 decks".into()));
    }
    // Each seat's deck: a House name (its designed deck) or a deck list the player brings.
    let mut seat_decks = Vec::new();
    for (seat, entry) in opts.decks.iter().enumerate().take(8) {
        if deck::looks_like_list(entry) {
            let label = format!("deck of seat {seat}");
            let deck = deck::parse_list(&cards, entry, &label).map_err(|problems| SetupError::Option {
                name: "decks".into(),
                reason: format!(
                    "the {label} breaks the deck rules ({} problems):\n  - {}",
                    problems.len(),
                    problems.join("\n  - ")
                ),
            })?;
            seat_decks.push(decks.len() as u8);
            decks.push(deck);
            continue;
        }
        let i = decks.iter().position(|d| !d.brought && HOUSES[usize::from(d.house)] == entry).ok_or_else(|| {
            SetupError::Option {
                name: "decks".into(),
                reason: format!(
                    "no deck for house {entry:?}; choose from {}, or give a deck list file",
                    decks
                        .iter()
                        .filter(|d| !d.brought)
                        .map(|d| HOUSES[usize::from(d.house)])
                        .collect::<Vec<_>>()
                        .join(", ")
                ),
            }
        })?;
        seat_decks.push(i as u8);
    }
    if seat_decks.len() > 4 {
        return Err(SetupError::Option { name: "decks".into(), reason: "at most 4 seats".into() });
    }
    if opts.round_limit > 100 {
        return Err(SetupError::Option {
            name: "round_limit".into(),
            reason: "a number of rounds from 1 to 100, or 0 for none".into(),
        });
    }
    leave_out(&cards, &mut decks, &opts.without)?;
    let composable = cards.iter().map(classify::composable_flags).collect();
    let statics: Vec<u32> = cards.iter().map(classify::static_classes).collect();
    let in_decks = decks.iter().flat_map(|d| d.cards.iter().chain(&d.plots).chain(&d.agenda));
    let deck_classes = in_decks.fold(0, |bits, &c| bits | statics.get(usize::from(c)).copied().unwrap_or(u32::MAX));
    Ok(Rules { cards, decks, seat_decks, round_limit: opts.round_limit, composable, statics, deck_classes })
}

/// Option `without`: every copy of each named card leaves every draw deck, which then plays that many cards
/// short. Plots and agendas stay (a plot deck is seven by rule); a name that matches no draw-deck card is refused.
fn leave_out(cards: &[CardDef], decks: &mut [Deck], names: &[String]) -> Result<(), SetupError> {
    if names.len() > 50 {
        return Err(SetupError::Option { name: "without".into(), reason: "at most 50 cards".into() });
    }
    for name in names {
        let ids: Vec<u16> = (0..cards.len())
            .filter(|&i| cards[i].code == *name || cards[i].name.eq_ignore_ascii_case(name))
            .map(|i| i as u16)
            .collect();
        let held = decks.iter().any(|d| d.cards.iter().any(|c| ids.contains(c)));
        if !held {
            let why = if ids.is_empty() { "no card has that name or code" } else { "no draw deck holds it" };
            return Err(SetupError::Option { name: "without".into(), reason: format!("{name:?}: {why}") });
        }
        for d in decks.iter_mut() {
            d.cards.retain(|c| !ids.contains(c));
        }
    }
    Ok(())
}
