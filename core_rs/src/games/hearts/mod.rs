//! *Hearts*, to the rules and default parameters of OpenSpiel's `hearts` (`open_spiel/games/hearts/hearts.cc`),
//! so that Ravenry and OpenSpiel can be measured on identical work and checked move for move against each other
//! (tests/plugins/hearts). The rules are numbered in docs/games/hearts.md; tests cite those sections.
//!
//! Facts: 4 players; sequential trick play after a secret simultaneous pass (every seat commits three cards, one
//! action per card, hidden until all twelve are down); chance only in the deal and, by default, the first pass
//! direction (OpenSpiel's first chance node); general-sum terminal returns, 26 minus the hand's points per seat
//! (0..36). Options are OpenSpiel's parameters with its defaults (`pass_cards`, `no_pts_on_first_trick`,
//! `can_lead_any_club`, `jd_bonus`, `avoid_all_tricks_bonus`, `must_break_hearts`, `qs_breaks_hearts`,
//! `can_lead_hearts_instead_of_qs`), plus `pass_direction` (random like OpenSpiel, or fixed) and `hands`
//! (OpenSpiel plays one; more hands cycle the pass left, right, across, none and sum the returns).
//!
//! Action codes: a card, `suit * 13 + rank` (0 = 2♣ … 51 = A♠), for a pass and for a play alike; one code per
//! decision, like OpenSpiel's per-card pass and play actions, so both engines count the same 64 decisions a
//! hand (12 passes, 52 plays) and their legal sets map card for card.

pub mod bots;
mod hidden;
mod observe;
pub mod rules;
pub mod state;
pub mod view;

pub use state::{Hearts, Rules};

use crate::bots::{Bots, MakeBot};
use crate::engine::{
    Action, ActionInfo, Events, Game, Illegal, Outcome, Player, PlayerSet, Search, SetupError, Tally, Viewer,
};
use crate::rng::Rng;
use rules::parse_rules;
use state::*;
use view::View;

#[cfg(test)]
mod tests;

impl Bots for Hearts {
    const BOTS: &'static [(&'static str, MakeBot<Self>)] = &[("heuristic", || Box::new(bots::Heuristic))];
}

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
    fn determinize_uninformed(&self, _rules: &Rules, p: Player, rng: &mut Rng) -> Self {
        self.resample_uninformed(p, rng)
    }
    fn observe_action(&self, _rules: &Rules, _actor: Player, a: Action, _viewer: Player) -> u64 {
        // A passed card goes face down: to every other seat it is only "a card passed". A played card is seen
        // by all.
        match self.phase {
            Phase::Pass => PASSED,
            _ => u64::from(a),
        }
    }
}

/// Every card is played in every hand, so "how often was it played" says nothing: no per-card statistics.
impl Tally for Hearts {
    fn phase_names() -> &'static [&'static str] {
        &["passing", "tricks"]
    }
    fn phase(&self) -> u8 {
        u8::from(!matches!(self.phase, state::Phase::Pass))
    }
}

/// Factored actions: the default single factor, the dense space itself (narrow enough for one policy head).
impl crate::engine::Factored for Hearts {}
