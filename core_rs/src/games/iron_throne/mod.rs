//! `iron-throne`: *Game of Thrones: The Iron Throne* (FFG 2016; Eberle, Olotka, Olotka, Kemppainen), 3–5 players.
//!
//! Facts: sequential turns with one simultaneous secret commit (the two house cards) and a secret
//! simultaneous leader pick at setup; imperfect information (hands, deck order, committed cards, hostage faces);
//! chance (shuffles, the random card taken from a hand); zero-sum-ish shared wins (most influence spread).
//!
//! Sources: the Romanian rulebook (`shared/rules/iron_throne.ro.txt`, the law); card texts in the plugin's data
//! files, each marked `rulebook` or `designed` (most cards are not in any source we reached).
//! Where the rulebook leaves a negotiation to free talk (truce), the game uses a binding protocol: the active
//! players alternate proposals, attacker first, at most 3 each (see `rules::resolve`).

pub mod bots;
pub mod content;
pub mod describe;
pub mod hidden;
pub mod observe;
pub mod rules;
pub mod state;
pub mod view;

#[cfg(test)]
pub(crate) mod tests;

pub use content::Rules;
pub use state::IronThrone;

use crate::bots::{Bots, MakeBot};
use crate::engine::{
    Action, ActionInfo, Events, Game, Illegal, Outcome, Player, PlayerSet, Search, SetupError, Tally, Viewer,
};
use crate::rng::Rng;
use state::{Event, Pending};

impl Bots for IronThrone {
    const BOTS: &'static [(&'static str, MakeBot<Self>)] = &[("heuristic", || Box::new(bots::Heuristic))];
    /// The search budget and playout this game plays best with (measured: docs/games/iron_throne.md).
    /// One tree for every seat: at equal time it beat a tree per seat here (docs/search.md).
    const ISMCTS_DEFAULTS: &'static str = "iterations=500,rollout=heuristic,observers=single";
}

impl Game for IronThrone {
    type Ruleset = Rules;
    type Event = Event;
    type View = view::View;
    const ID: &'static str = "iron-throne";
    const VERSION: &'static str = "2";

    fn ruleset(content: &str, options: &str) -> Result<Rules, SetupError> {
        content::parse(content, options)
    }

    fn players(_rules: &Rules) -> (u8, u8) {
        (3, 5)
    }

    fn new(rules: &Rules, players: u8, seed: u64) -> Result<Self, SetupError> {
        IronThrone::setup(rules, players, seed)
    }

    fn to_act(&self) -> PlayerSet {
        self.who_acts()
    }

    fn legal_actions(&self, rules: &Rules, p: Player, out: &mut Vec<Action>) {
        self.legal(rules, p, out);
    }

    fn apply(&mut self, rules: &Rules, p: Player, a: Action, ev: &mut Events<Event>) -> Result<(), Illegal> {
        self.play(rules, p, a, ev)
    }

    fn apply_unchecked(&mut self, rules: &Rules, p: Player, a: Action, ev: &mut Events<Event>) -> Result<(), Illegal> {
        self.play_listed(rules, p, a, ev);
        Ok(())
    }

    fn outcome(&self) -> Option<Outcome> {
        if self.pending != Pending::Over {
            return None;
        }
        Some(Outcome::from_scores(self.seats.iter().map(|s| f64::from(s.spread())).collect()))
    }

    fn view(&self, rules: &Rules, viewer: Viewer) -> view::View {
        self.make_view(rules, viewer)
    }

    fn describe(&self, rules: &Rules, p: Player, a: Action) -> ActionInfo {
        self.describe_action(rules, p, a)
    }

    fn determinize(&self, _rules: &Rules, p: Player, rng: &mut Rng) -> Self {
        self.resample(p, rng)
    }

    fn decisions(&self) -> u64 {
        self.decisions
    }

    fn validate(&self, rules: &Rules) -> Result<(), String> {
        self.check(rules)
    }

    fn seat_count(&self) -> usize {
        self.seats.len()
    }
}

impl Search for IronThrone {
    fn observe_action(&self, _rules: &Rules, _actor: Player, a: Action, _viewer: Player) -> u64 {
        use rules::{COMMIT, COMMIT_TOP, LEADER, PLAY_CARD};
        // The kept leader sheet is secret until revealed (setup), and a house card is committed face down
        // (p. 11): to the others each is only "a pick" or "a commit". Every other move is made in the open.
        match a {
            LEADER | 1 => 1 << 40,
            COMMIT_TOP => (1 << 40) | 1,
            _ if (COMMIT..PLAY_CARD).contains(&a) => (1 << 40) | 1,
            _ => u64::from(a),
        }
    }
    fn standing(&self, _rules: &Rules) -> Option<Vec<f64>> {
        // Influence spread is what wins (the outcome's score), so it is the standing mid-game too.
        Some(self.seats.iter().map(|s| f64::from(s.spread())).collect())
    }
    fn standing_into(&self, _rules: &Rules, out: &mut Vec<f64>) -> bool {
        out.clear();
        out.extend(self.seats.iter().map(|s| f64::from(s.spread())));
        true
    }
}

impl Tally for IronThrone {
    fn seat_label(&self, rules: &Rules, p: Player) -> Option<String> {
        let s = self.seats.get(usize::from(p))?;
        let h = rules.houses.get(usize::from(s.house))?;
        match rules.label {
            content::Label::House => Some(h.name.clone()),
            // A leader sheet is its character's (`House::chars`, in the sheet order `leader` indexes).
            content::Label::Leader => h.chars.get(usize::from(s.leader)).map(|c| format!("{}: {c}", h.name)),
        }
    }
    /// The turn's steps in rulebook order (setup's leader choice first); the tasks a step sets (placing crowns,
    /// discarding, taking a hostage) count as decisions of that step.
    fn phase_names() -> &'static [&'static str] {
        &[
            "leader choice",
            "hostages",
            "event",
            "preparation",
            "choosing a side",
            "support",
            "card windows",
            "commit",
            "reveal",
            "negotiation",
            "resolution",
            "end of turn",
        ]
    }
    fn phase(&self) -> u8 {
        use state::Step;
        match self.step {
            Step::Leaders => 0,
            Step::Hostages { .. } => 1,
            Step::Event => 2,
            Step::Prepare => 3,
            Step::Choose => 4,
            Step::Support { .. } => 5,
            Step::Window { .. } => 6,
            Step::Commit => 7,
            Step::Reveal => 8,
            Step::Negotiate => 9,
            Step::Resolve => 10,
            Step::EndTurn | Step::Over => 11,
        }
    }
}

/// Factored actions: the default single factor, the dense space itself (narrow enough for one policy head).
impl crate::engine::Factored for IronThrone {}
