//! `agot-board`: *A Game of Thrones: The Board Game* (FFG 2003, 1st edition), 3–5 players, with the
//! *A Storm of Swords* options for the original board as game options.
//!
//! Facts: ten rounds of Westeros → Planning → Action; secret simultaneous commits for orders (one action per
//! token, then a lock), bids and battle house cards; imperfect information (those commits, deck order);
//! chance (Westeros and wildling decks, random discards); one winner (or a shared draw on every tie-break).
//!
//! Sources: the Russian Storm of Swords options text (`shared/rules/storm_of_swords_options.ru.txt`, the law
//! for what it states); the research notes (`shared/research/agot_board.md`) for the base game skeleton, the map
//! (2E board without ports as the 1E stand-in), house cards and decks. Every data record says which; numbers no
//! source gives are `designed` and listed in `docs/games/agot_board.md`.

pub mod bots;
pub mod content;
pub mod hidden;
pub mod observe;
pub mod rules;
pub mod state;
pub mod view;

#[cfg(test)]
pub(crate) mod tests;

pub use content::Rules;
pub use state::AgotBoard;

use crate::bots::{Bots, MakeBot};
use crate::engine::{
    Action, ActionInfo, Events, Game, Illegal, Outcome, Player, PlayerSet, Search, SetupError, Tally, Viewer,
};
use crate::rng::Rng;
use state::{Event, Phase};

impl Bots for AgotBoard {
    const BOTS: &'static [(&'static str, MakeBot<Self>)] = &[("heuristic", || Box::new(bots::Heuristic::default()))];
    /// The search budget and playout this game plays best with (measured: docs/games/agot_board.md).
    const ISMCTS_DEFAULTS: &'static str = "iterations=150,rollout=heuristic,cut=200";
}

impl Game for AgotBoard {
    type Ruleset = Rules;
    type Event = Event;
    type View = view::View;
    const ID: &'static str = "agot-board";
    const VERSION: &'static str = "2";

    fn ruleset(content: &str, options: &str) -> Result<Rules, SetupError> {
        content::parse(content, options)
    }

    fn players(_rules: &Rules) -> (u8, u8) {
        (3, 5)
    }

    fn new(rules: &Rules, players: u8, seed: u64) -> Result<Self, SetupError> {
        AgotBoard::setup(rules, players, seed)
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

    fn outcome(&self) -> Option<Outcome> {
        if self.phase != Phase::Over {
            return None;
        }
        // Seats are ranked by the full tie-break key, but the score reported is the game's own unit.
        let ranked = Outcome::from_scores(self.final_scores.clone());
        Some(Outcome { scores: self.final_points.iter().map(|&x| f64::from(x)).collect(), ..ranked })
    }

    fn view(&self, rules: &Rules, viewer: Viewer) -> view::View {
        self.make_view(rules, viewer)
    }

    fn describe(&self, rules: &Rules, p: Player, a: Action) -> ActionInfo {
        self.describe_action(rules, p, a)
    }

    fn determinize(&self, rules: &Rules, p: Player, rng: &mut Rng) -> Self {
        self.resample(rules, p, rng)
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

impl Search for AgotBoard {
    fn observe_action(&self, _rules: &Rules, _actor: Player, a: Action, _viewer: Player) -> u64 {
        use rules::{K_BID, K_CARD, K_PLACE, K_TACTIC};
        // Orders are placed face down (where, not which, is seen), and bids, tactics and battle house cards
        // are secret commits: others see "an order in area a", "a bid", "a tactic", "a card".
        let (kind, pay) = (a >> 16, a & 0xFFFF);
        match kind {
            K_PLACE => u64::from((K_PLACE << 16) | (pay & !15) | 15),
            K_BID | K_TACTIC | K_CARD => u64::from((kind << 16) | 0xFFFF),
            _ => u64::from(a),
        }
    }
    fn standing(&self, rules: &Rules) -> Option<Vec<f64>> {
        let mut out = Vec::new();
        self.standing_into(rules, &mut out);
        Some(out)
    }
    fn standing_into(&self, rules: &Rules, out: &mut Vec<f64>) -> bool {
        // The ranking key (castles, then lands, supply and power; claims first with Storm of Swords victory).
        out.clear();
        out.extend((0..self.n()).map(|p| self.score(rules, p)));
        true
    }
}

impl Tally for AgotBoard {
    fn seat_label(&self, rules: &Rules, p: Player) -> Option<String> {
        let s = self.seats.get(usize::from(p))?;
        Some(rules.house_name(s.house).to_string())
    }
    /// The rulebook's phases, with combat (a march into an enemy) apart from the rest of the Action phase.
    fn phase_names() -> &'static [&'static str] {
        &["Westeros", "planning", "messenger raven", "raid orders", "march orders", "combat", "consolidate power"]
    }
    /// House cards, House by House in content order.
    fn card_names(rules: &Rules) -> Vec<String> {
        rules.cards.iter().flatten().map(|c| c.name.clone()).collect()
    }
    /// The house card a seat commits to a combat.
    fn played_card(&self, rules: &Rules, p: Player, a: Action) -> Option<u32> {
        if a >> 16 != rules::K_CARD {
            return None;
        }
        let house = usize::from(self.seats.get(usize::from(p))?.house);
        let i = (a & 0xFFFF) as usize;
        (i < rules.cards.get(house)?.len()).then(|| house_card(rules, house, i))
    }
    /// A seat's own House's cards.
    fn owned_cards(&self, rules: &Rules, p: Player, out: &mut Vec<u32>) {
        let Some(house) = self.seats.get(usize::from(p)).map(|s| usize::from(s.house)) else { return };
        let n = rules.cards.get(house).map_or(0, Vec::len);
        out.extend((0..n).map(|i| house_card(rules, house, i)));
    }
    fn phase(&self) -> u8 {
        if self.combat.is_some() {
            return 5;
        }
        match self.phase {
            Phase::Westeros => 0,
            Phase::Planning => 1,
            Phase::Raven => 2,
            Phase::Raid => 3,
            Phase::March => 4,
            Phase::Consolidate | Phase::Over => 6,
        }
    }
}

/// House card `i` of House `house` as an index into `card_names`.
fn house_card(rules: &Rules, house: usize, i: usize) -> u32 {
    (rules.cards.iter().take(house).map(Vec::len).sum::<usize>() + i) as u32
}

/// Factored actions: the default single factor, the dense space itself (narrow enough for one policy head).
impl crate::engine::Factored for AgotBoard {}
