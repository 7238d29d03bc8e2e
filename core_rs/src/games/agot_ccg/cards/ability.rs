//! The ability vocabulary of the card data (`abilities` of a card in `cards.json`, tagged by `kind`).

use serde::Deserialize;

use super::vocab::{self, Cond};

/// A card's ability. The composable forms (`Constant`, `Action`, `Triggered`: `vocab/`) say most card texts; the
/// other variants are whole card texts the composable forms cannot say yet. Constant abilities are read where
/// they matter; triggered ones are asked as yes/no or target decisions when their moment comes.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
pub enum Ability {
    // --- characters: constant
    /// It cannot be discarded from play while `cond` holds (Drogo's Bloodrider). No rule reads it yet.
    CannotBeDiscardedWhile {
        cond: Cond,
    },
    CostReduction {
        #[serde(rename = "trait")]
        tr: String,
        amount: u8,
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
    /// Its controller may play this many more Limited cards each round (Arianne's Admirer).
    ExtraLimited {
        n: u8,
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
    /// Response: after you win dominance, claim 1 more power for your House.
    DominanceBonus,
    /// Response: after you win a challenge as defender, each opponent chooses and kills 1 of his characters.
    DefenseWinOpponentsKill,
    /// Passive: a player who loses an unopposed challenge discards n power from his House.
    UnopposedLoserDiscardsPower {
        n: u8,
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
    PlotChallengeBonus {
        amount: u8,
    },
    PlotNoKneel {
        challenge: String,
    },
    PlotNoUnopposedPower,
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
    // --- the composable form (cards/vocab/; resolved by effects/, rules/triggered.rs, rules/effect_ops.rs)
    /// A constant ability: while a condition holds, cards get STR, keywords, icons or a standing rule.
    Constant(vocab::Constant),
    /// A player action with a phase word, costs, a target and effects.
    Action(vocab::Body),
    /// A triggered ability: a response or forced effect with a trigger, costs, a target and effects.
    Triggered(vocab::Body),
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
    // --- rules/wide_constants.rs
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
    // --- the House pool records (`rules/effect_pool.rs`, per-card bit `HAS_POOL`).
    /// An opponent who won a challenge against you by at least `by` STR this phase cannot initiate further
    /// challenges against you this phase (Sunspear).
    BarsChallengesAfterWinBy {
        by: u8,
    },
    /// Attachment: while the attached character attacks or defends, its controller's opponents cannot trigger
    /// effects or abilities (Dothraki Whip).
    AttachedBarsOpponentsTriggers,
    // --- restraints (`rules/restraints.rs`)
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
