//! The roll phase ("Фаза ролл") and the dice phase ("Фаза кубики"): laying dice on the Initiative cards,
//! taking a card, placing its die, gold, and the six attribute actions; the solo rival die.

use super::super::content::{Ability, Rules, CHA, CON, DEX, GOLD, INT, STR, WIS};
use super::super::state::{Die, Event, OrderCtx, RollPlayer, Step};
use super::actions::*;
use super::step_token;
use crate::engine::{Action, Events, Player};

impl RollPlayer {
    /// Start a round: the first player draws one die per Initiative card, rolls and lays them out.
    pub(super) fn start_round(&mut self, _rules: &Rules, ev: &mut Events<Event>) {
        self.round += 1;
        let (round, first) = (self.round, self.first);
        ev.public(|| Event::Round { round, first });
        let mut pool = Vec::with_capacity(self.init.len());
        for _ in 0..self.init.len() {
            if let Some(c) = self.draw_die() {
                let v = self.rng.die(6);
                pool.push(Die::new(c, v));
            }
        }
        let rolled = pool.clone();
        ev.public(|| Event::Rolled { dice: rolled });
        let cards = (0..pool.len() as u8).collect();
        self.order = Some(OrderCtx { by: self.first, pool, cards });
        self.step = Step::DicePick { seat: self.first };
        self.settle_order(ev);
    }

    /// Lay dice lowest-first on the remaining cards until a tie between different dice needs a choice.
    pub fn settle_order(&mut self, ev: &mut Events<Event>) {
        loop {
            let Some(o) = self.order.as_mut() else { return };
            if o.pool.is_empty() || o.cards.is_empty() {
                self.order = None;
                return;
            }
            let min = o.pool.iter().map(|d| d.value).min().unwrap_or(1);
            let first = o.pool.iter().position(|d| d.value == min).unwrap_or(0);
            let lead = o.pool[first];
            if o.pool.iter().any(|d| d.value == min && *d != lead) {
                return;
            }
            self.lay_next(first, ev);
        }
    }

    fn lay_next(&mut self, i: usize, ev: &mut Events<Event>) {
        let Some(o) = self.order.as_mut() else { return };
        if i >= o.pool.len() || o.cards.is_empty() {
            return;
        }
        let die = o.pool.remove(i);
        let card = o.cards.remove(0);
        if let Some(c) = self.init.get_mut(usize::from(card)) {
            c.die = Some(die);
        }
        ev.public(|| Event::DieOnInitiative { card, die });
    }

    pub(super) fn order_legal(&self, out: &mut Vec<Action>) {
        let Some(o) = &self.order else { return };
        let min = o.pool.iter().map(|d| d.value).min().unwrap_or(1);
        for (i, d) in o.pool.iter().enumerate() {
            if d.value == min && !o.pool[..i].contains(d) {
                out.push(ORDER + i as u32);
            }
        }
    }

    pub(super) fn order_apply(&mut self, a: Action, ev: &mut Events<Event>) {
        self.lay_next((a - ORDER) as usize, ev);
        self.settle_order(ev);
    }

    /// Re-lay the dice of the Initiative cards nobody has taken, as the roll phase does, ordered by `by`.
    pub fn relay_unchosen(&mut self, by: Player, reroll: bool, ev: &mut Events<Event>) {
        let mut pool = Vec::new();
        let mut cards = Vec::new();
        for (k, c) in self.init.iter_mut().enumerate() {
            if c.taken_by.is_none() {
                if let Some(d) = c.die.take() {
                    pool.push(d);
                    cards.push(k as u8);
                }
            }
        }
        if reroll {
            for d in pool.iter_mut() {
                d.value = self.rng.die(6);
            }
        }
        self.order = Some(OrderCtx { by, pool, cards });
        self.settle_order(ev);
    }

    fn filled_slots(&self, p: Player) -> impl Iterator<Item = (usize, Die)> + '_ {
        let s = self.seat(p);
        (0..18).filter_map(move |slot| s.and_then(|s| s.die_at(slot)).map(|d| (slot, d)))
    }

    pub fn push_swaps(&self, p: Player, out: &mut Vec<Action>) {
        let Some(s) = self.seat(p) else { return };
        for a in 0..18 {
            let Some(da) = s.die_at(a) else { continue };
            for b in a + 1..18 {
                if let Some(db) = s.die_at(b) {
                    if da != db {
                        out.push(SWAP + (a * 18 + b) as u32);
                    }
                }
            }
        }
    }

    pub fn push_nudges(&self, p: Player, out: &mut Vec<Action>) {
        for (slot, d) in self.filled_slots(p) {
            if d.value < 6 {
                out.push(INC + slot as u32);
            }
            if d.value > 1 {
                out.push(DEC + slot as u32);
            }
        }
    }

    pub fn push_flips(&self, p: Player, out: &mut Vec<Action>) {
        for (slot, _) in self.filled_slots(p) {
            out.push(FLIP + slot as u32);
        }
    }

    pub fn push_moves(&self, p: Player, out: &mut Vec<Action>) {
        let Some(s) = self.seat(p) else { return };
        for d in 0..4u8 {
            if step_token(s.token, d).is_some() {
                out.push(MOVE + u32::from(d));
            }
        }
    }

    pub(super) fn dice_legal(&self, _rules: &Rules, p: Player, out: &mut Vec<Action>) {
        match self.step {
            Step::DicePick { .. } => {
                let start = out.len();
                for (k, c) in self.init.iter().enumerate() {
                    if c.taken_by.is_none() && c.die.is_some() {
                        out.push(INIT + k as u32);
                    }
                }
                if out.len() == start {
                    // Only if the bag ran dry (never with 73 dice): pass rather than have no action.
                    out.push(SKIP);
                }
            }
            Step::DicePlace { .. } => {
                let Some(s) = self.seat(p) else { return };
                for r in 0..6 {
                    if s.filled(r) < 3 {
                        out.push(ROW + r as u32);
                    }
                }
            }
            Step::DiceAction { row, .. } => {
                match usize::from(row) {
                    STR => self.push_flips(p, out),
                    DEX => self.push_swaps(p, out),
                    CON => self.push_nudges(p, out),
                    INT => {
                        for (slot, _) in self.filled_slots(p) {
                            out.push(REROLL + slot as u32);
                        }
                    }
                    WIS => self.push_moves(p, out),
                    CHA => out.push(CHARISMA),
                    _ => {}
                }
                out.push(SKIP);
            }
            Step::IntKeep { again, .. } => {
                out.extend([KEEP_NEW, KEEP_OLD]);
                if again {
                    out.push(REROLL_AGAIN);
                }
            }
            Step::BonusFlip { .. } => {
                self.push_flips(p, out);
                out.push(SKIP);
            }
            Step::BonusMove { .. } => {
                self.push_moves(p, out);
                out.push(SKIP);
            }
            _ => {}
        }
    }

    pub fn set_value(&mut self, p: Player, slot: usize, value: u8) -> u8 {
        let Some(d) = self.seats.get_mut(usize::from(p)).and_then(|s| s.sheet.get_mut(slot / 3)?.get_mut(slot % 3))
        else {
            return 0;
        };
        let old = d.value;
        d.value = value;
        old
    }

    pub fn swap_slots(&mut self, p: Player, a: usize, b: usize) {
        if let Some(s) = self.seats.get_mut(usize::from(p)) {
            if a < 18 && b < 18 {
                let da = s.sheet[a / 3][a % 3];
                s.sheet[a / 3][a % 3] = s.sheet[b / 3][b % 3];
                s.sheet[b / 3][b % 3] = da;
            }
        }
    }

    pub fn value_at(&self, p: Player, slot: usize) -> u8 {
        self.seat(p).and_then(|s| s.die_at(slot)).map_or(0, |d| d.value)
    }

    pub fn move_token(&mut self, p: Player, dir: u8, ev: &mut Events<Event>) -> bool {
        let Some(s) = self.seats.get_mut(usize::from(p)) else { return false };
        match step_token(s.token, dir) {
            Some(t) => {
                s.token = t;
                ev.public(|| Event::TokenMoved { seat: p, to: t });
                true
            }
            None => false,
        }
    }

    pub fn gain(&mut self, p: Player, amount: u16, why: &str, ev: &mut Events<Event>) {
        if let Some(s) = self.seats.get_mut(usize::from(p)) {
            s.gold += amount;
        }
        if amount > 0 {
            ev.public(|| Event::GoldGained { seat: p, amount, why: why.to_string() });
        }
    }

    pub(super) fn dice_apply(&mut self, rules: &Rules, _p: Player, a: Action, ev: &mut Events<Event>) {
        match self.step {
            Step::DicePick { seat } if a == SKIP => self.end_dice_turn(rules, seat, ev),
            Step::DicePick { seat } => self.take_initiative(rules, seat, (a - INIT) as usize, ev),
            Step::DicePlace { seat, die } => self.place_die(rules, seat, die, (a - ROW) as usize, ev),
            Step::DiceAction { seat, .. } | Step::BonusFlip { seat } if (FLIP..FLIP + 18).contains(&a) => {
                let slot = (a - FLIP) as usize;
                let from = self.value_at(seat, slot);
                self.set_value(seat, slot, 7 - from);
                ev.public(|| Event::Flipped { seat, slot: slot as u8, from, to: 7 - from });
                let powerful = self.ability(rules, seat) == Some(Ability::Powerful);
                if powerful && matches!(self.step, Step::DiceAction { .. }) {
                    self.step = Step::BonusFlip { seat };
                } else {
                    self.end_dice_turn(rules, seat, ev);
                }
            }
            Step::DiceAction { seat, .. } if (SWAP..SWAP + 18 * 18).contains(&a) => {
                let (x, y) = (((a - SWAP) / 18) as usize, ((a - SWAP) % 18) as usize);
                self.swap_slots(seat, x, y);
                ev.public(|| Event::Swapped { seat, a: x as u8, b: y as u8 });
                if self.ability(rules, seat) == Some(Ability::Mischievous) {
                    self.gain(seat, 1, "Mischievous", ev);
                }
                self.end_dice_turn(rules, seat, ev);
            }
            Step::DiceAction { seat, .. } if (INC..DEC + 18).contains(&a) => {
                let (slot, up) = if a < DEC { ((a - INC) as usize, true) } else { ((a - DEC) as usize, false) };
                let from = self.value_at(seat, slot);
                let to = if up { from + 1 } else { from - 1 };
                self.set_value(seat, slot, to);
                ev.public(|| Event::Nudged { seat, slot: slot as u8, from, to });
                self.end_dice_turn(rules, seat, ev);
            }
            Step::DiceAction { seat, .. } if (REROLL..REROLL + 18).contains(&a) => {
                let slot = (a - REROLL) as usize;
                let old = self.value_at(seat, slot);
                let new = self.rng.die(6);
                ev.public(|| Event::Rerolled { seat, slot: slot as u8, old, new });
                let again = self.ability(rules, seat) == Some(Ability::Enigmatic);
                self.step = Step::IntKeep { seat, slot: slot as u8, old, new, again };
            }
            Step::IntKeep { seat, slot, old, new, .. } => {
                if a == REROLL_AGAIN {
                    let new = self.rng.die(6);
                    ev.public(|| Event::Rerolled { seat, slot, old, new });
                    self.step = Step::IntKeep { seat, slot, old, new, again: false };
                    return;
                }
                let value = if a == KEEP_NEW { new } else { old };
                self.set_value(seat, usize::from(slot), value);
                ev.public(|| Event::Kept { seat, slot, value });
                self.end_dice_turn(rules, seat, ev);
            }
            Step::DiceAction { seat, .. } | Step::BonusMove { seat } if (MOVE..MOVE + 4).contains(&a) => {
                self.move_token(seat, (a - MOVE) as u8, ev);
                let first_step = matches!(self.step, Step::DiceAction { .. });
                if first_step && self.ability(rules, seat) == Some(Ability::Enlightened) {
                    self.step = Step::BonusMove { seat };
                } else {
                    self.end_dice_turn(rules, seat, ev);
                }
            }
            Step::DiceAction { seat, .. } if a == CHARISMA => {
                if self.ability(rules, seat) == Some(Ability::Vigilant) {
                    self.gain(seat, 1, "Vigilant", ev);
                }
                let count = if self.ability(rules, seat) == Some(Ability::Charitable) { 2 } else { 1 };
                if let Some(s) = self.seats.get_mut(usize::from(seat)) {
                    s.charisma += count;
                }
                ev.public(|| Event::CharismaTaken { seat, count });
                self.end_dice_turn(rules, seat, ev);
            }
            Step::DiceAction { seat, .. } | Step::BonusFlip { seat } | Step::BonusMove { seat } => {
                self.end_dice_turn(rules, seat, ev);
            }
            _ => {}
        }
    }

    fn take_initiative(&mut self, rules: &Rules, seat: Player, k: usize, ev: &mut Events<Event>) {
        let Some(card) = self.init.get_mut(k) else { return };
        let Some(die) = card.die.take() else { return };
        card.taken_by = Some(seat);
        let coin = std::mem::take(&mut card.coin);
        if let Some(s) = self.seats.get_mut(usize::from(seat)) {
            s.init = k as u8;
            s.gold += u16::from(coin);
        }
        ev.public(|| Event::TookInitiative { seat, card: k as u8, die, coin });
        if self.solo() {
            self.rival_die(rules, k, ev);
        }
        if self.seat(seat).is_some_and(|s| s.full()) {
            // Cannot happen with equal dice counts; a full sheet just returns the die.
            self.return_die(die.color);
            self.end_dice_turn(rules, seat, ev);
        } else {
            self.step = Step::DicePlace { seat, die };
        }
    }

    /// Solo: the rival die trashes a market card depending on the Initiative card taken.
    fn rival_die(&mut self, rules: &Rules, k: usize, ev: &mut Events<Event>) {
        if k == 0 {
            self.rival_roll = 0;
            return;
        }
        let roll = self.rng.die(6);
        self.rival_roll = roll;
        let pos = match (k, roll) {
            (1, 1) | (2, 1..=2) => Some(0),
            (1, 2) | (2, 3..=4) => Some(1),
            (1, 3) | (2, 5..=6) => Some(2),
            _ => None,
        };
        let len = self.market.len();
        // With fewer than three cards (deck exhausted) "middle" and "rightmost" shrink onto what is there.
        let idx = pos.and_then(|i| if len == 0 { None } else { Some(if i == 2 { len - 1 } else { i.min(len - 1) }) });
        let trashed = idx.map(|i| self.market.remove(i));
        if let Some(c) = trashed {
            self.trash.push(c);
        }
        ev.public(|| Event::RivalDie { roll, trashed: trashed.map(|c| rules.card_name(c).to_string()) });
    }

    fn place_die(&mut self, rules: &Rules, seat: Player, die: Die, row: usize, ev: &mut Events<Event>) {
        let thief = self.ability(rules, seat) == Some(Ability::Shrewd);
        let Some(s) = self.seats.get_mut(usize::from(seat)) else { return };
        let col = s.filled(row);
        let Some(slot) = s.sheet.get_mut(row).and_then(|r| r.get_mut(col)) else { return };
        *slot = die;
        let mut gold = 0u16;
        if col == 2 {
            gold += 1;
        }
        if die.color == GOLD {
            gold += if thief { 4 } else { 2 };
        }

        s.gold += gold;
        ev.public(|| Event::Placed { seat, row: row as u8, die, gold });
        self.step = Step::DiceAction { seat, row: row as u8 };
    }

    pub(super) fn end_dice_turn(&mut self, rules: &Rules, seat: Player, ev: &mut Events<Event>) {
        let next = self.next_seat(seat);
        if next == self.first {
            self.begin_market(rules, ev);
        } else {
            self.step = Step::DicePick { seat: next };
        }
    }
}
