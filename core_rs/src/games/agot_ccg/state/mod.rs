//! The state: plain data, u16 card-definition ids, small Vecs, its own RNG.

use serde::{Deserialize, Serialize};

use crate::engine::Player;
use crate::rng::Rng;

pub mod effect;

/// A card in play (character, location) with what is on it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct InPlay {
    /// Unique per match, so a choice can name the same card after others left play.
    pub uid: u16,
    pub def: u16,
    pub owner: Player,
    pub kneeling: bool,
    pub power: u8,
    /// Attachments as (definition, owner).
    pub attachments: Vec<(u16, Player)>,
    /// Duplicates under it (rulebook "Duplicati").
    pub dupes: Vec<u16>,
}

/// One seat's zones and counters.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Seat {
    pub deck_index: u8,
    pub house: u8,
    /// Draw deck, top = last.
    pub deck: Vec<u16>,
    pub hand: Vec<u16>,
    pub discard: Vec<u16>,
    pub dead: Vec<u16>,
    /// Plot deck (public: decklists are fixed), used pile and the revealed plot.
    pub plots: Vec<u16>,
    pub used: Vec<u16>,
    pub plot: Option<u16>,
    /// Secretly chosen plot (index into `plots`) until every seat has chosen.
    pub commit: Option<u8>,
    /// Face-down setup cards, hidden until all have placed.
    pub setup: Vec<u16>,
    pub play: Vec<InPlay>,
    pub house_power: u8,
    pub gold: u8,
    pub initiative: u8,
    pub limited_played: u8,
    /// Cards drawn this round by effects (the three-card draw limit).
    pub extra_drawn: u8,
    /// Reductions waiting for the next card played this phase: a House, any card, the next card of a type
    /// (`rules/next_card.rs`).
    pub reductions: Vec<u8>,
    /// The next card played this phase of these kinds (markers as `reductions`) may be paid with influence.
    #[serde(default)]
    pub influence_pays: Vec<u8>,
    /// Challenge types already initiated this phase.
    pub challenged: u8,
    pub eliminated: bool,
    /// Attachments on the House card, as (definition, owner) (Strength in Unity, Paper Money).
    #[serde(default)]
    pub house_attachments: Vec<(u16, Player)>,
    /// The House card is kneeling (Paper Money's cost, Arianne's Rejection); it stands with everything else.
    #[serde(default)]
    pub house_kneeling: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Phase {
    Setup,
    Plot,
    FirstPlayer,
    /// "When revealed" choices are being made; the draw phase follows.
    Draw,
    Marshal,
    Challenges,
    /// Dominance was rewarded; responses to it are asked, then the dominance action window.
    Dominance,
    /// Every card stood; the standing action window, then the next round.
    Standing,
    Over,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Stage {
    Attackers,
    Defenders,
    /// Resolution framework steps, run automatically: 0 winner + claim, 1 unopposed, 2 renown, 3 deadly,
    /// 4 responses to the result, 5 end.
    Resolve(u8),
}

/// Where a player-action window is open (rulebook "Azioni e abilità passive": "the first player may take the
/// first action of every phase"; "Risoluzione delle sfide": cards may be played before each of the three steps
/// of a challenge). `Attackers` and `Defenders` are the windows after those declarations.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum At {
    Plot,
    Draw,
    Marshal,
    Challenges,
    Attackers,
    Defenders,
    Dominance,
    Standing,
}

/// An open action window: the seat at `pos` in turn order may act or pass; it closes when every seat has
/// passed in a row (an action starts the run of passes again).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Window {
    pub at: At,
    pub pos: u8,
    pub passes: u8,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Challenge {
    pub kind: u8,
    pub attacker: Player,
    pub defender: Player,
    pub attackers: Vec<u16>,
    pub defenders: Vec<u16>,
    /// Characters a stealth attacker has bypassed: they cannot defend.
    pub bypassed: Vec<u16>,
    pub stage: Stage,
    pub winner: Option<Player>,
    pub unopposed: bool,
    /// "If you win the challenge" riders of events played in it: (player, cards to draw, House power).
    pub riders: Vec<(Player, u8, u8)>,
}

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

/// The whole match.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct AgotCcg {
    pub seats: Vec<Seat>,
    pub phase: Phase,
    pub round: u8,
    pub first: Player,
    /// Position in the turn order (first player, then clockwise) of the active player.
    pub turn: u8,
    pub challenge: Option<Challenge>,
    /// The open player-action window, if any (pending choices come first).
    pub window: Option<Window>,
    pub pending: Vec<Pending>,
    /// Lasting effects until the end of the phase: STR modifiers by uid, and uids that do not kneel to defend.
    pub mods: Vec<(u16, i8)>,
    pub no_kneel_defend: Vec<u16>,
    pub next_uid: u16,
    /// Lasting effects of composable abilities until the end of the phase, and ability uses
    /// counted against their limits (rules/triggered.rs).
    #[serde(default)]
    pub lasting: Vec<effect::Lasting>,
    #[serde(default)]
    pub uses: Vec<effect::Use>,
    /// The challenges won this phase: (winner, challenge type), for "play only if you won ..." restrictions.
    #[serde(default)]
    pub wins: Vec<(Player, u8)>,
    /// Players who claimed power for their House since the last automatic step (their responses are asked then).
    #[serde(default)]
    pub house_claims: Vec<Player>,
    /// The type the current challenge was declared as, when an effect changed it (Tyrion Lannister).
    #[serde(default)]
    pub retyped: Option<u8>,
    pub winners: Vec<Player>,
    pub decisions: u64,
    pub rng: Rng,
    /// Uids whose coming kill or discard can no longer be saved (a cost, "cannot be saved", or every save
    /// window passed); each entry is used up by that kill or discard.
    #[serde(default)]
    pub unsaved: Vec<u16>,
    /// The cancel window of the effect about to resolve has closed (set and used in one step).
    #[serde(default)]
    pub cancel_passed: bool,
    /// Control taken until the end of the phase: (uid, the seat that gets it back).
    #[serde(default)]
    pub borrowed: Vec<(u16, Player)>,
    /// Challenge types named by plots (Caution to the Wind): (seat, type).
    #[serde(default)]
    pub named_challenge: Vec<(Player, u8)>,
    /// Uids that cannot be saved until the end of the phase (Forever Plundering).
    #[serde(default)]
    pub no_save: Vec<u16>,
    // --- the state of rules/effect_pool_ops.rs (claims lowered, "if you win the challenge" effects)
    #[serde(default)]
    pub pool: effect::PoolState,
    /// Challenges won this phase by a margin against a player whose card bars further challenges after such a
    /// win (Sunspear): (winner, loser).
    #[serde(default)]
    pub beaten: Vec<(Player, Player)>,
    /// Players who cannot trigger effects or abilities until the end of the phase: (player, challenge-type bits
    /// during which the bar holds; `BAR_WHOLE_PHASE` for all of it) (The Hand's Judgement, A Lord's Ransom).
    #[serde(default)]
    pub trigger_bars: Vec<(Player, u8)>,
    /// Cards in play that return to their owners' hands at the end of the phase (Winterfell Barracks, Swift
    /// Reinforcements).
    #[serde(default)]
    pub returning: Vec<u16>,
    /// Characters that must participate in the next challenge of this phase, if able (Love is Poison), and how
    /// many challenges had been declared this phase when that was said (the next one is the one after).
    #[serde(default)]
    pub must_participate: Vec<u16>,
    #[serde(default)]
    pub must_after: u8,
    /// The match ended at the tournament time limit (`round_limit`), not by power or the curse: tournament
    /// scoring's "vittoria / sconfitta modificata" (`rules::scoring`).
    #[serde(default)]
    pub ended_at_limit: bool,
}

#[derive(Clone, Debug, Serialize)]
pub enum Event {
    SetupRevealed {
        seat: Player,
        cards: Vec<u16>,
    },
    PlotRevealed {
        seat: Player,
        plot: u16,
        initiative: u8,
    },
    PlotChosen {
        seat: Player,
    },
    FirstPlayer {
        seat: Player,
        chooser: Player,
    },
    Drew {
        seat: Player,
        n: u8,
    },
    DrewCards {
        seat: Player,
        cards: Vec<u16>,
    },
    Income {
        seat: Player,
        gold: u8,
    },
    Marshalled {
        seat: Player,
        card: u16,
        cost: u8,
    },
    Duplicate {
        seat: Player,
        card: u16,
    },
    Attached {
        seat: Player,
        card: u16,
        host: u16,
    },
    /// `seat` attached `card` to its own House card.
    AttachedToHouse {
        seat: Player,
        card: u16,
    },
    /// The House card of `seat` kneels.
    HouseKnelt {
        seat: Player,
    },
    Knelt {
        seat: Player,
        card: u16,
    },
    EventPlayed {
        seat: Player,
        card: u16,
        target: u16,
    },
    AbilityUsed {
        seat: Player,
        card: u16,
        target: u16,
    },
    Stood {
        seat: Player,
        card: u16,
    },
    ChallengeDeclared {
        attacker: Player,
        defender: Player,
        kind: u8,
        attackers: Vec<u16>,
    },
    Defended {
        defender: Player,
        defenders: Vec<u16>,
    },
    Bypassed {
        card: u16,
    },
    ChallengeResolved {
        kind: u8,
        attack: u8,
        defense: u8,
        winner: Option<Player>,
        unopposed: bool,
    },
    Killed {
        seat: Player,
        card: u16,
    },
    Saved {
        seat: Player,
        card: u16,
    },
    Discarded {
        seat: Player,
        card: u16,
        dead: bool,
    },
    PowerClaimed {
        seat: Player,
        card: Option<u16>,
        n: u8,
    },
    PowerMoved {
        from: Player,
        to: Player,
        n: u8,
    },
    PowerLost {
        seat: Player,
        n: u8,
    },
    Dominance {
        seat: Option<Player>,
    },
    Eliminated {
        seat: Player,
    },
    RoundLimit {
        round: u8,
    },
    /// The safeguard round count was reached without a winner: the match stops unfinished.
    Unfinished {
        round: u8,
    },
    Won {
        seats: Vec<Player>,
    },
    /// Saved by a save response of the card definition `by`.
    SavedBy {
        seat: Player,
        card: u16,
        by: u16,
    },
    Cancelled {
        seat: Player,
        by: u16,
        card: u16,
    },
    ControlTaken {
        seat: Player,
        card: u16,
    },
    Named {
        seat: Player,
        what: String,
    },
}

/// One card in play as everyone sees it.
#[derive(Clone, Debug, Serialize)]
pub struct CardView {
    pub uid: u16,
    pub card: u16,
    pub code: String,
    pub name: String,
    pub kneeling: bool,
    pub power: u8,
    pub strength: u8,
    pub attachments: Vec<u16>,
    pub dupes: u8,
}

#[derive(Clone, Debug, Serialize)]
pub struct SeatView {
    pub house: String,
    pub deck_name: String,
    /// The deck's agenda (public: announced with the House), with the House it names.
    pub agenda: Option<String>,
    pub power: u8,
    pub house_power: u8,
    pub gold: u8,
    pub initiative: u8,
    pub hand_size: usize,
    pub deck_size: usize,
    /// Own hand only.
    pub hand: Option<Vec<u16>>,
    pub setup_count: usize,
    /// Own face-down setup cards only.
    pub setup: Option<Vec<u16>>,
    pub discard: Vec<u16>,
    pub dead: Vec<u16>,
    pub plots: Vec<u16>,
    pub used: Vec<u16>,
    pub plot: Option<u16>,
    pub plot_chosen: bool,
    /// Own chosen plot until reveal.
    pub my_plot: Option<u16>,
    pub play: Vec<CardView>,
    pub eliminated: bool,
    pub house_attachments: Vec<u16>,
    pub house_kneeling: bool,
}

#[derive(Clone, Debug, Serialize)]
pub struct View {
    pub phase: Phase,
    pub round: u8,
    pub first: Player,
    pub active: Option<Player>,
    pub seats: Vec<SeatView>,
    pub challenge: Option<Challenge>,
    pub window: Option<Window>,
    pub pending: Option<Pending>,
    pub winners: Vec<Player>,
}
