//! The state: plain data, u16 card-definition ids, small Vecs, its own RNG. The pending decision is in
//! `pending`, the reported events in `event`, the viewer's views in `views`.

use serde::{Deserialize, Serialize};

use crate::engine::Player;
use crate::rng::Rng;

pub mod effect;
mod event;
mod pending;
mod views;

pub use event::Event;
pub use pending::{Interrupted, Pending, Resp, Target, Then, Why};
pub use views::{CardView, SeatView, View};

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

impl Phase {
    /// The phase's place in a round, setup first and the match's end last (the observation's one-hot, the
    /// balance study's phase), read from the declaration order above.
    pub fn index(self) -> u8 {
        self as u8
    }
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
