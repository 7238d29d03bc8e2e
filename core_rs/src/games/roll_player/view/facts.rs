//! The one redaction point: what a viewer may see, as plain numbers (`RollPlayer::facts_into`). Everything on
//! the table is public in Roll Player; the facts leave out only the market deck's order (its size is shown)
//! and the RNG. The view (`view.rs`, the parent module) is built from these and adds names and labels; the observation tensor
//! (`observe.rs`) is written straight from them. Filling a `Facts` that was filled before reuses its buffers.

use super::super::content::Rules;
use super::super::scoring::{goals_met_of, row_totals, stars};
use super::super::state::{Die, InitCard, RollPlayer, Seat, Step, NONE};
use crate::engine::Player;

/// One seat (ids index the rules' lists; `NONE` before chosen).
#[derive(Clone, Debug, Default)]
pub struct SeatFacts {
    pub race: u8,
    pub class: u8,
    pub backstory: u8,
    pub alignment: u8,
    pub token: u8,
    pub gold: u16,
    pub charisma: u8,
    pub sheet: [[Die; 3]; 6],
    /// Row totals (dice + race + weapons) and whether each goal is met now.
    pub totals: [i32; 6],
    pub goals_met: [bool; 6],
    /// (card id, exhausted), in the order bought.
    pub cards: Vec<(u8, bool)>,
    /// The Initiative card taken this round, numbered from 1.
    pub init: Option<u8>,
    pub pool: Vec<Die>,
    pub stars: i32,
    /// The die taken with an Initiative card and not yet placed.
    pub holding: Option<Die>,
    /// `totals`, `goals_met` and `stars` were scored from the fields above (in a solo match if `solo`): a
    /// refill whose scoring inputs are unchanged keeps them (scoring is most of the facts' cost).
    scored: bool,
    solo: bool,
}

impl SeatFacts {
    /// Whether `s` has the scoring inputs this seat was last scored from: everything `scoring` reads.
    fn scored_as(&self, s: &Seat, solo: bool) -> bool {
        self.scored
            && self.solo == solo
            && (self.race, self.class, self.backstory, self.alignment) == (s.race, s.class, s.backstory, s.alignment)
            && (self.token, self.gold) == (s.token, s.gold)
            && self.sheet == s.sheet
            && self.cards.len() == s.cards.len()
            && self.cards.iter().zip(&s.cards).all(|(mine, &c)| mine.0 == c)
    }
}

#[derive(Clone, Debug, Default)]
pub struct Facts {
    pub players: u8,
    pub round: u8,
    pub first: Player,
    pub phase: &'static str,
    pub to_act: Option<Player>,
    pub seats: Vec<SeatFacts>,
    pub initiative: Vec<InitCard>,
    pub market: Vec<u8>,
    pub deck_size: usize,
    pub discard: Vec<u8>,
    pub trash: Vec<u8>,
    pub bag: [u8; 7],
    /// Dice being laid out on the Initiative cards (`ordering` is false when none are).
    pub ordering: bool,
    pub ordering_pool: Vec<Die>,
    /// The card revealed by Open Lock, awaiting buy-or-decline.
    pub revealed: Option<u8>,
    pub rival_roll: u8,
    pub over: bool,
    /// Solo: the final stars once the game is over (for the rating title).
    pub solo_final: Option<i32>,
}

impl RollPlayer {
    /// Fill `f` with what anyone may see (every seat sees the same table).
    pub fn facts_into(&self, rules: &Rules, f: &mut Facts) {
        f.players = self.players;
        f.round = self.round;
        f.first = self.first;
        f.phase = self.phase_name();
        f.to_act = self.actor();
        f.seats.resize_with(self.seats.len(), SeatFacts::default);
        let solo = self.solo();
        for (i, (s, sf)) in self.seats.iter().zip(f.seats.iter_mut()).enumerate() {
            let unchanged = sf.scored_as(s, solo);
            sf.race = s.race;
            sf.class = s.class;
            sf.backstory = s.backstory;
            sf.alignment = s.alignment;
            sf.token = s.token;
            sf.gold = s.gold;
            sf.charisma = s.charisma;
            sf.sheet = s.sheet;
            sf.cards.clear();
            sf.cards.extend(s.cards.iter().map(|&c| (c, s.exhausted & (1u64 << c) != 0)));
            if !unchanged {
                sf.totals = row_totals(rules, s);
                sf.goals_met = goals_met_of(rules, s, &sf.totals);
                sf.stars = if s.class == NONE { 0 } else { stars(rules, s, solo, &sf.goals_met) };
                sf.scored = true;
                sf.solo = solo;
            }
            sf.init = (s.init != NONE).then(|| s.init + 1);
            sf.pool.clear();
            sf.pool.extend_from_slice(&s.pool);
            sf.holding = match self.step {
                Step::DicePlace { seat, die } if usize::from(seat) == i => Some(die),
                _ => None,
            };
        }
        f.initiative.clear();
        f.initiative.extend_from_slice(&self.init);
        f.market.clear();
        f.market.extend_from_slice(&self.market);
        f.deck_size = self.deck.len();
        f.discard.clear();
        f.discard.extend_from_slice(&self.discard);
        f.trash.clear();
        f.trash.extend_from_slice(&self.trash);
        f.bag = self.bag;
        f.ordering = self.order.is_some();
        f.ordering_pool.clear();
        f.ordering_pool.extend(self.order.iter().flat_map(|o| o.pool.iter().copied()));
        f.revealed = self.skill.filter(|s| s.revealed != NONE).map(|s| s.revealed);
        f.rival_roll = self.rival_roll;
        f.over = self.step == Step::Over;
        f.solo_final = (f.over && self.solo()).then(|| self.final_scores.first().copied().unwrap_or(0));
    }

    pub fn facts(&self, rules: &Rules) -> Facts {
        let mut f = Facts::default();
        self.facts_into(rules, &mut f);
        f
    }
}
