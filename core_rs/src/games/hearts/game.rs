//! `Game` for hearts: the engine contract wired to the rules, the view and the resampling.

use super::rules::parse_rules;
use super::state::*;
use super::view::View;
use crate::engine::{
    Action, ActionInfo, Events, Game, Illegal, Outcome, Player, PlayerSet, Search, SetupError, Tally, Viewer,
};
use crate::rng::Rng;

/// How another seat sees any one card of a pass (outside the card codes 0..52).
const PASSED: u64 = 1 << 40;

impl Game for Hearts {
    type Ruleset = Rules;
    type Event = Event;
    type View = View;
    const ID: &'static str = "hearts";
    const VERSION: &'static str = "1";

    fn ruleset(content: &str, options: &str) -> Result<Rules, SetupError> {
        parse_rules(content, options)
    }

    fn players(_rules: &Rules) -> (u8, u8) {
        (SEATS as u8, SEATS as u8)
    }

    fn new(rules: &Rules, _players: u8, seed: u64) -> Result<Self, SetupError> {
        Ok(Hearts::new_match(rules, seed, &mut Events::disabled()))
    }

    fn to_act(&self) -> PlayerSet {
        match self.phase {
            Phase::Pass => self.seats_to_pass(),
            Phase::Play => PlayerSet::single(self.turn),
            Phase::Over => PlayerSet::EMPTY,
        }
    }

    fn legal_actions(&self, rules: &Rules, p: Player, out: &mut Vec<Action>) {
        let mut m = self.legal_mask(rules, p);
        while m != 0 {
            out.push(m.trailing_zeros());
            m &= m - 1;
        }
    }

    fn apply(&mut self, rules: &Rules, p: Player, a: Action, ev: &mut Events<Event>) -> Result<(), Illegal> {
        self.check_and_apply(rules, p, a, ev)
    }

    fn outcome(&self) -> Option<Outcome> {
        (self.phase == Phase::Over).then(|| Outcome::from_scores(self.totals.iter().map(|&t| f64::from(t)).collect()))
    }

    fn view(&self, rules: &Rules, viewer: Viewer) -> View {
        self.make_view(rules, viewer)
    }

    fn describe(&self, _rules: &Rules, p: Player, a: Action) -> ActionInfo {
        if a >= u32::from(CARDS) {
            return ActionInfo::new(a, "unknown", format!("no card has code {a}"));
        }
        let c = a as Card;
        let card =
            format!("{}{}", char::from(RANK_CHARS[usize::from(rank_of(c))]), SUIT_SYMBOLS[usize::from(suit_of(c))]);
        let (kind, label) = if self.phase == Phase::Pass {
            let to = self.pass_direction.receiver(p % SEATS as Player);
            ("pass", format!("pass {card} to seat {to} ({})", self.pass_direction.name()))
        } else {
            ("play", format!("play {card}"))
        };
        ActionInfo::new(a, kind, label)
            .with("card", a)
            .with("name", card_name(c))
            .with("suit", SUIT_NAMES[usize::from(suit_of(c))])
            .with("rank", char::from(RANK_CHARS[usize::from(rank_of(c))]).to_string())
    }

    fn determinize(&self, _rules: &Rules, p: Player, rng: &mut Rng) -> Self {
        self.resample_for(p, rng)
    }

    fn decisions(&self) -> u64 {
        self.decisions
    }

    fn validate(&self, rules: &Rules) -> Result<(), String> {
        self.check(rules)
    }

    fn seat_count(&self) -> usize {
        SEATS
    }
}

impl Search for Hearts {
    fn observe_action(&self, _rules: &Rules, _actor: Player, a: Action, _viewer: Player) -> u64 {
        // A passed card goes face down: to every other seat it is only "a card passed". A played card is seen
        // by all.
        match self.phase {
            Phase::Pass => PASSED,
            _ => u64::from(a),
        }
    }
}

impl Tally for Hearts {}
