//! Skill cards ("Использование карт Навыков"): using one moves the alignment token by its arrow (a skill whose
//! move is impossible cannot be used), then its ability may be applied, then it is exhausted until a Cleanup
//! refresh. Every designed skill names the turn window it may be used in (see the module docs).

use super::super::content::{CardKind, Rules, SkillKind};
use super::super::state::{Event, RollPlayer, SkillCtx, Step, NONE};
use super::actions::*;
use super::{arrow_dir, step_token};
use crate::engine::{Action, Events, Player};

impl RollPlayer {
    /// Is `kind`'s window open for `p` now?
    pub fn window_open(&self, kind: SkillKind, p: Player) -> bool {
        let unchosen = self.init.iter().any(|c| c.taken_by.is_none() && c.die.is_some());
        match (kind, self.step) {
            (SkillKind::Climb | SkillKind::Intimidate, Step::DicePick { seat }) => seat == p && unchosen,
            (SkillKind::Concentrate, Step::DicePlace { seat, .. }) => seat == p && unchosen,
            (SkillKind::Search, Step::DicePlace { seat, .. }) => seat == p && self.bag.iter().any(|&c| c > 0),
            (
                SkillKind::Acrobatics | SkillKind::CureWounds | SkillKind::Knowledge | SkillKind::SleightOfHand,
                Step::DicePick { seat } | Step::DicePlace { seat, .. } | Step::DiceAction { seat, .. },
            ) => seat == p,
            (
                SkillKind::Pickpocket,
                Step::DicePick { seat }
                | Step::DicePlace { seat, .. }
                | Step::DiceAction { seat, .. }
                | Step::Market { seat, .. },
            ) => seat == p,
            (SkillKind::Negotiate, Step::Market { seat, buys: 0 }) => seat == p,
            (SkillKind::OpenLock, Step::Market { seat, buys: 0 }) => {
                seat == p && !(self.deck.is_empty() && self.discard.is_empty())
            }
            (SkillKind::MoveSilently, Step::Market { seat, buys: 0 }) => seat == p && !self.discard.is_empty(),
            _ => false,
        }
    }

    fn skill_kind(rules: &Rules, card: u8) -> Option<SkillKind> {
        rules.card(card).and_then(|c| c.skill())
    }

    /// Could `p` use its Skill card `card` now?
    pub fn skill_usable(&self, rules: &Rules, p: Player, card: u8) -> bool {
        let Some(s) = self.seat(p) else { return false };
        let Some(c) = rules.card(card) else { return false };
        let Some(kind) = c.skill() else { return false };
        if s.exhausted & (1u64 << card) != 0 {
            return false;
        }
        if arrow_dir(c.arrow).is_some_and(|d| step_token(s.token, d).is_none()) {
            return false;
        }
        if kind == SkillKind::Diplomacy {
            return self.diplomacy_targets(rules, p).next().is_some();
        }
        self.window_open(kind, p)
    }

    fn diplomacy_targets<'a>(&'a self, rules: &'a Rules, p: Player) -> impl Iterator<Item = u8> + 'a {
        self.seats
            .iter()
            .enumerate()
            .filter(move |(q, _)| *q != usize::from(p))
            .flat_map(|(_, s)| s.cards.iter().copied())
            .filter(move |&c| match Self::skill_kind(rules, c) {
                Some(SkillKind::Diplomacy) | None => false,
                Some(k) => self.window_open(k, p),
            })
    }

    /// Skill uses and weapon discards open to `p` during its own turns.
    pub(super) fn anytime_legal(&self, rules: &Rules, p: Player, out: &mut Vec<Action>) {
        let Some(s) = self.seat(p) else { return };
        for &c in &s.cards {
            if self.skill_usable(rules, p, c) {
                out.push(USE + u32::from(c));
            }
        }
    }

    /// Discarding each weapon `p` owns, to the market discard pile.
    pub(super) fn weapon_discards(&self, rules: &Rules, p: Player, out: &mut Vec<Action>) {
        let Some(s) = self.seat(p) else { return };
        for &c in &s.cards {
            if matches!(rules.card(c).map(|k| &k.kind), Some(CardKind::Weapon { .. })) {
                out.push(WEAPON_OFF + u32::from(c));
            }
        }
    }

    pub(super) fn use_skill(&mut self, rules: &Rules, p: Player, card: u8, ev: &mut Events<Event>) {
        let arrow = rules.card(card).map(|c| c.arrow).and_then(arrow_dir);
        if let Some(d) = arrow {
            self.move_token(p, d, ev);
        }
        if let Some(s) = self.seats.get_mut(usize::from(p)) {
            s.exhausted |= 1u64 << card;
        }
        ev.public(|| Event::SkillUsed { seat: p, card: rules.card_name(card).to_string() });
        self.skill = Some(SkillCtx { seat: p, card, revealed: NONE });
    }

    fn held_die_seat(&self) -> Option<Player> {
        match self.step {
            Step::DicePlace { seat, .. } => Some(seat),
            _ => None,
        }
    }

    pub(super) fn skill_legal(&self, rules: &Rules, out: &mut Vec<Action>) {
        let Some(ctx) = self.skill else { return };
        let p = ctx.seat;
        let Some(kind) = Self::skill_kind(rules, ctx.card) else {
            out.push(SKIP);
            return;
        };
        match kind {
            SkillKind::Diplomacy => {
                let mut targets: Vec<u8> = self.diplomacy_targets(rules, p).collect();
                targets.sort_unstable();
                out.extend(targets.into_iter().map(|c| TARGET + u32::from(c)));
            }
            SkillKind::Acrobatics => self.push_swaps(p, out),
            SkillKind::Climb | SkillKind::Pickpocket | SkillKind::Negotiate => out.push(APPLY),
            SkillKind::Intimidate | SkillKind::Concentrate => {
                for (k, c) in self.init.iter().enumerate() {
                    if c.taken_by.is_none() && c.die.is_some() {
                        out.push(INIT_DIE + k as u32);
                    }
                }
            }
            SkillKind::CureWounds => self.push_nudges(p, out),
            SkillKind::Knowledge => self.push_flips(p, out),
            SkillKind::SleightOfHand => {
                if let Some(s) = self.seat(p) {
                    for slot in 0..18 {
                        if s.die_at(slot).is_none() {
                            continue;
                        }
                        for row in 0..6 {
                            if row != slot / 3 && s.filled(row) < 3 {
                                out.push(SLEIGHT + (slot * 6 + row) as u32);
                            }
                        }
                    }
                }
            }
            SkillKind::Search => {
                if self.held_die_seat() == Some(p) {
                    for (c, &count) in self.bag.iter().enumerate() {
                        if count > 0 {
                            out.push(SEARCH + c as u32);
                        }
                    }
                }
            }
            SkillKind::OpenLock => {
                if ctx.revealed == NONE {
                    if !(self.deck.is_empty() && self.discard.is_empty()) {
                        out.push(APPLY);
                    }
                } else if self.can_buy(rules, p, ctx.revealed, false) {
                    out.push(BUY_REVEALED);
                }
            }
            SkillKind::MoveSilently => {
                for (i, &c) in self.discard.iter().enumerate() {
                    if !self.discard[..i].contains(&c) && self.can_buy(rules, p, c, true) {
                        out.push(BUY_DISCARD + u32::from(c));
                    }
                }
            }
        }
        out.push(SKIP);
    }

    pub(super) fn skill_apply(&mut self, rules: &Rules, a: Action, ev: &mut Events<Event>) {
        let Some(ctx) = self.skill else { return };
        let p = ctx.seat;
        let kind = Self::skill_kind(rules, ctx.card);
        self.skill = None;
        if a == SKIP {
            if ctx.revealed != NONE {
                // Open Lock declined: the revealed card goes to the discard pile.
                self.discard.push(ctx.revealed);
            }
            return;
        }
        match kind {
            Some(SkillKind::Diplomacy) => {
                // Use the target's ability without exhausting it or moving by its arrow.
                self.skill = Some(SkillCtx { seat: p, card: (a - TARGET) as u8, revealed: NONE });
            }
            Some(SkillKind::Acrobatics) => {
                let (x, y) = (((a - SWAP) / 18) as usize, ((a - SWAP) % 18) as usize);
                self.swap_slots(p, x, y);
                ev.public(|| Event::Swapped { seat: p, a: x as u8, b: y as u8 });
            }
            Some(SkillKind::Climb) => self.relay_unchosen(p, true, ev),
            Some(SkillKind::Pickpocket) => self.gain(p, 2, "Pickpocket", ev),
            Some(SkillKind::Negotiate) => {
                if let Some(s) = self.seats.get_mut(usize::from(p)) {
                    s.charisma += 1;
                }
                ev.public(|| Event::CharismaTaken { seat: p, count: 1 });
            }
            Some(SkillKind::Intimidate) => {
                let k = (a - INIT_DIE) as usize;
                if let Some(d) = self.init.get_mut(k).and_then(|c| c.die.as_mut()) {
                    d.value = 7 - d.value;
                }
                self.relay_unchosen(p, false, ev);
            }
            Some(SkillKind::Concentrate) => {
                let k = (a - INIT_DIE) as usize;
                if let (Step::DicePlace { seat, die }, Some(c)) = (self.step, self.init.get_mut(k)) {
                    if let Some(other) = c.die.replace(die) {
                        self.step = Step::DicePlace { seat, die: other };
                        ev.public(|| Event::DieExchanged { seat, card: k as u8, die: other });
                    }
                }
                self.relay_unchosen(p, false, ev);
            }
            Some(SkillKind::CureWounds) => {
                let (slot, up) = if a < DEC { ((a - INC) as usize, true) } else { ((a - DEC) as usize, false) };
                let from = self.value_at(p, slot);
                let to = if up { from + 1 } else { from - 1 };
                self.set_value(p, slot, to);
                ev.public(|| Event::Nudged { seat: p, slot: slot as u8, from, to });
            }
            Some(SkillKind::Knowledge) => {
                let slot = (a - FLIP) as usize;
                let from = self.value_at(p, slot);
                self.set_value(p, slot, 7 - from);
                ev.public(|| Event::Flipped { seat: p, slot: slot as u8, from, to: 7 - from });
            }
            Some(SkillKind::SleightOfHand) => {
                let (slot, row) = (((a - SLEIGHT) / 6) as usize, ((a - SLEIGHT) % 6) as usize);
                self.sleight(p, slot, row);
                ev.public(|| Event::DieMoved { seat: p, from: slot as u8, row: row as u8 });
            }
            Some(SkillKind::Search) => {
                let color = (a - SEARCH) as u8;
                if let Step::DicePlace { seat, die } = self.step {
                    if let Some(n) = self.bag.get_mut(usize::from(color)).filter(|n| **n > 0) {
                        *n -= 1;
                        self.return_die(die.color);
                        let new = super::super::state::Die::new(color, die.value);
                        self.step = Step::DicePlace { seat, die: new };
                        ev.public(|| Event::DieExchanged { seat, card: NONE, die: new });
                    }
                }
            }
            Some(SkillKind::OpenLock) => {
                if a == APPLY {
                    if self.deck.is_empty() {
                        self.deck = std::mem::take(&mut self.discard);
                        self.rng.shuffle(&mut self.deck);
                    }
                    if let Some(c) = self.deck.pop() {
                        ev.public(|| Event::Revealed { card: rules.card_name(c).to_string() });
                        self.skill = Some(SkillCtx { seat: p, card: ctx.card, revealed: c });
                    }
                } else {
                    // No discounts of any kind with Open Lock; a trait still moves the token.
                    self.buy(rules, p, ctx.revealed, false, ev);
                    self.after_purchase(rules, p, ctx.revealed, ev);
                }
            }
            Some(SkillKind::MoveSilently) => {
                let card = (a - BUY_DISCARD) as u8;
                if let Some(i) = self.discard.iter().position(|&c| c == card) {
                    self.discard.remove(i);
                    self.buy(rules, p, card, true, ev);
                    self.after_purchase(rules, p, card, ev);
                }
            }
            None => {}
        }
    }

    /// Sleight of Hand: move a die to the leftmost empty space of another row, then close the gap it left.
    fn sleight(&mut self, p: Player, slot: usize, row: usize) {
        let Some(s) = self.seats.get_mut(usize::from(p)) else { return };
        if slot >= 18 || row >= 6 {
            return;
        }
        let die = s.sheet[slot / 3][slot % 3];
        let src = &mut s.sheet[slot / 3];
        let mut kept: Vec<_> = src.iter().copied().filter(|d| !d.is_empty()).collect();
        if let Some(i) = (0..kept.len()).find(|&i| i + slot / 3 * 3 == slot) {
            kept.remove(i);
        }
        *src = [super::super::state::Die::EMPTY; 3];
        for (i, d) in kept.into_iter().enumerate() {
            src[i] = d;
        }
        let col = s.filled(row);
        if let Some(t) = s.sheet.get_mut(row).and_then(|r| r.get_mut(col)) {
            *t = die;
        }
    }
}
