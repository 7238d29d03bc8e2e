//! The `Game` trait (design §3).
//!
//! A game's state is plain data: it derives `Serialize`/`Deserialize` with named fields (the snapshot codec),
//! holds its own `Rng`, and gets its parsed content as `&Self::Ruleset` on every call. The match wrapper
//! (`erased::MatchOf`) owns the `Arc<Ruleset>`; keeping it out of the state makes snapshots exactly the
//! state and keeps `Clone` a plain memcpy-like copy of the data.

use std::fmt::Debug;

use serde::de::DeserializeOwned;
use serde::Serialize;

use super::action::{Action, ActionInfo};
use super::error::{Illegal, SetupError};
use super::event::Events;
use super::player::{Player, PlayerSet, Viewer};
use crate::rng::Rng;

/// How a finished match ended. `winners` may hold several seats: a shared win.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Outcome {
    /// One score per seat, in the game's own unit (influence, stars, …).
    pub scores: Vec<f64>,
    /// 1-based rank per seat; tied seats share a rank.
    pub ranks: Vec<u8>,
    pub winners: PlayerSet,
}

impl Outcome {
    /// Ranks from scores, higher is better; equal scores share a rank and the top score wins.
    pub fn from_scores(scores: Vec<f64>) -> Self {
        let ranks: Vec<u8> = scores.iter().map(|s| 1 + scores.iter().filter(|o| *o > s).count() as u8).collect();
        let mut winners = PlayerSet::EMPTY;
        for (p, r) in ranks.iter().enumerate() {
            if *r == 1 {
                winners.insert(p as Player);
            }
        }
        Outcome { scores, ranks, winners }
    }

    /// This seat's share of the win: 1/k for a k-way shared win, else 0.
    pub fn win_share(&self, p: Player) -> f64 {
        if self.winners.contains(p) {
            1.0 / f64::from(self.winners.len())
        } else {
            0.0
        }
    }
}

pub trait Game: Clone + Send + Sync + Serialize + DeserializeOwned + 'static {
    /// Parsed content and fixed options, shared by every match of a ruleset.
    type Ruleset: Send + Sync + 'static;
    /// What `apply` narrates.
    type Event: Clone + Debug + Serialize + Send + Sync + 'static;
    /// What one viewer may see, redacted.
    type View: Serialize;

    /// The game id (`iron-throne`).
    const ID: &'static str;
    /// Bumped whenever action codes or the state's shape change; snapshots name it.
    const VERSION: &'static str;

    /// Parse content (JSON, from the plugin's data files) and options (a JSON object) once.
    fn ruleset(content: &str, options: &str) -> Result<Self::Ruleset, SetupError>;
    /// Inclusive player range under this ruleset; `check_players` holds every caller of `new` to it.
    fn players(rules: &Self::Ruleset) -> (u8, u8);
    /// A fresh match; all randomness of the match comes from `seed`. `players` is within `players(rules)`: the
    /// callers check it once, with `check_players`, so a game need not.
    fn new(rules: &Self::Ruleset, players: u8, seed: u64) -> Result<Self, SetupError>;
    /// `new`, narrating what setup did that players should hear of (a first-player roll) into `ev`: a hosted
    /// match's event log starts with it. The same state as `new` for the same seed; the default narrates nothing.
    fn new_narrated(
        rules: &Self::Ruleset,
        players: u8,
        seed: u64,
        _ev: &mut Events<Self::Event>,
    ) -> Result<Self, SetupError> {
        Self::new(rules, players, seed)
    }

    /// Who may act now; empty exactly when the match is over.
    fn to_act(&self) -> PlayerSet;
    /// `p`'s legal actions, in a deterministic order, appended to `out` (the caller clears it).
    fn legal_actions(&self, rules: &Self::Ruleset, p: Player, out: &mut Vec<Action>);
    /// Apply `a` for `p`. On `Err` the state must be exactly as before (validate, then mutate).
    fn apply(
        &mut self,
        rules: &Self::Ruleset,
        p: Player,
        a: Action,
        ev: &mut Events<Self::Event>,
    ) -> Result<(), Illegal>;
    /// `apply` for an action the caller took from `legal_actions(rules, p, …)` of this very state: a game whose
    /// `apply` re-derives the legal list to check `a` may skip that (shakmaty's `play_unchecked`). The one
    /// membership check is `play::apply_chosen`; the vector env checks a learner's action against the list it
    /// handed out. The default is `apply`.
    fn apply_unchecked(
        &mut self,
        rules: &Self::Ruleset,
        p: Player,
        a: Action,
        ev: &mut Events<Self::Event>,
    ) -> Result<(), Illegal> {
        self.apply(rules, p, a, ev)
    }
    /// `Some` once the match is over.
    fn outcome(&self) -> Option<Outcome>;
    /// The one redaction point: what `viewer` may see.
    fn view(&self, rules: &Self::Ruleset, viewer: Viewer) -> Self::View;
    /// What action `a` would mean for seat `p` now.
    fn describe(&self, rules: &Self::Ruleset, p: Player, a: Action) -> ActionInfo;
    /// A copy in which everything `p` cannot see is resampled (for bots' search and leak checks).
    fn determinize(&self, rules: &Self::Ruleset, p: Player, rng: &mut Rng) -> Self;

    /// Decisions taken so far (the turn counter stale actions are checked against).
    fn decisions(&self) -> u64;
    /// Check a decoded snapshot's invariants, so a forged state cannot cause a panic later and an impossible one
    /// is refused on load: lengths and indices, and the conservation laws of the physical game (every card in
    /// exactly one place, counts within their supply, one house per seat).
    fn validate(&self, rules: &Self::Ruleset) -> Result<(), String>;
    /// How many seats the state holds: a snapshot's envelope must agree, and search keeps one tree per seat.
    fn seat_count(&self) -> usize;
}

/// Whether `players` is within `G::players(rules)`: the one check of the player range, made by whoever sets a
/// match up for a caller (the erased layer, the batch runner, the vector env), never by each game's `new`.
pub fn check_players<G: Game>(rules: &G::Ruleset, players: u8) -> Result<(), SetupError> {
    let (min, max) = G::players(rules);
    if players < min || players > max {
        return Err(SetupError::Players { game: G::ID, min, max, got: players });
    }
    Ok(())
}

/// What search asks of a game beyond the contract (docs/search.md). The defaults fit a game whose moves are
/// all public and which has no estimate before the end.
pub trait Search: Game {
    /// How seat `actor`'s move `action`, about to be applied to this state, looks to seat `viewer` (never
    /// `actor` itself: a seat sees its own moves whole). Equal keys mean `viewer` cannot tell the moves apart:
    /// a card committed face down is "a commit", whichever card it is; a card played from a hidden hand is that
    /// card, not its place in the hand. Search keys each seat's tree on these (see docs/search.md), so it never
    /// branches on what a seat cannot see. Keys must fit in 56 bits. The default says every move is seen whole:
    /// right only for games whose moves are all public.
    fn observe_action(&self, _rules: &Self::Ruleset, _actor: Player, action: Action, _viewer: Player) -> u64 {
        u64::from(action)
    }
    /// A world drawn as `determinize` draws it but without the inferences it makes from play (which suits a
    /// seat has shown it lacks, where a passed card went): the baseline `ismcts:infer=off` measures inference
    /// against. The default is `determinize` itself, for a game whose determinization infers nothing.
    fn determinize_uninformed(&self, rules: &Self::Ruleset, p: Player, rng: &mut Rng) -> Self {
        self.determinize(rules, p, rng)
    }
    /// Each seat's standing now, higher is better, in the game's own unit (influence, power, stars): what a
    /// search that stops a playout early takes as its estimate. The default knows only finished matches.
    fn standing(&self, _rules: &Self::Ruleset) -> Option<Vec<f64>> {
        self.outcome().map(|o| o.scores)
    }
    /// `standing` written into `out` (cleared first), for a caller that reads it after every decision (a balance
    /// study's lead changes): a cheap game overrides it so that reading allocates nothing. `false`: no standing.
    fn standing_into(&self, rules: &Self::Ruleset, out: &mut Vec<f64>) -> bool {
        out.clear();
        match self.standing(rules) {
            Some(s) => {
                out.extend(s);
                true
            }
            None => false,
        }
    }
}

/// What tournaments and balance statistics ask of a game beyond the contract; the defaults say "nothing".
pub trait Tally: Game {
    /// A label per seat for balance statistics (the house, the class); `None` if seats are alike.
    fn seat_label(&self, _rules: &Self::Ruleset, _p: Player) -> Option<String> {
        None
    }
    /// The match points a rulebook's tournament section gives each seat for this finished match (a full win 3,
    /// a win on time 2, …), which a tournament sums beside its ratings; `None` for a game without such a
    /// section, and for a match not over or stopped unfinished.
    fn match_points(&self, _rules: &Self::Ruleset) -> Option<Vec<f64>> {
        None
    }
    /// The seat that starts the match, once the rules have settled who (Roll Player draws it at setup, the
    /// CCG's first initiative winner picks it in round 1); `None` where the seat order alone decides.
    fn first_player(&self) -> Option<Player> {
        None
    }
    /// The game's phases in a designer's words, in rulebook order: what `phase` indexes. Empty: one phase.
    fn phase_names() -> &'static [&'static str] {
        &[]
    }
    /// The phase of the decision pending now, an index into `phase_names` (0 for a game without phases).
    fn phase(&self) -> u8 {
        0
    }
    /// The names of the cards per-card statistics count: what `played_card` and `owned_cards` index. Empty:
    /// the game keeps no per-card statistics (every card is always played, or it has no cards).
    fn card_names(_rules: &Self::Ruleset) -> Vec<String> {
        Vec::new()
    }
    /// The card seat `p`'s action `a`, about to be applied to this state, puts into play (marshals, buys,
    /// commits), as an index into `card_names`; `None` for an action that plays no card.
    fn played_card(&self, _rules: &Self::Ruleset, _p: Player, _a: Action) -> Option<u32> {
        None
    }
    /// The cards seat `p` could play this match (its deck), appended to `out` as indices into `card_names`, one
    /// per copy. Left empty where any seat may play any card (a shared market): then every seat could.
    fn owned_cards(&self, _rules: &Self::Ruleset, _p: Player, _out: &mut Vec<u32>) {}
}
