//! The market phase ("Фаза рынок"), the cleanup phase ("Фаза очистки"), the end of the game, and the solo
//! market clean-out.

use super::super::content::{Ability, CardKind, CardType, Rules, WeaponEffect};
use super::super::state::{Event, RollPlayer, Step, NONE};
use super::actions::*;
use super::arrow_dir;
use crate::engine::{Action, Events, Player};

impl RollPlayer {
    pub(super) fn begin_market(&mut self, rules: &Rules, ev: &mut Events<Event>) {
        let druid = (0..self.players).find(|&p| self.ability(rules, p) == Some(Ability::Attuned));
        match druid {
            Some(seat) if !self.discard.is_empty() => self.step = Step::Attune { seat },
            _ => self.next_market_turn(rules, None, ev),
        }
    }

    /// The next seat by Initiative card number after the card `after` (None = from the start).
    fn next_market_turn(&mut self, rules: &Rules, after: Option<u8>, ev: &mut Events<Event>) {
        let from = after.map_or(0, |k| usize::from(k) + 1);
        let next = self.init.iter().enumerate().skip(from).find_map(|(_, c)| c.taken_by);
        self.tokens_spent = false;
        match next {
            Some(seat) => self.step = Step::Market { seat, buys: 0 },
            None => self.end_round(rules, ev),
        }
    }

    pub fn hands_used(&self, rules: &Rules, p: Player) -> u8 {
        self.seat(p).map_or(0, |s| {
            s.cards
                .iter()
                .filter_map(|&c| match rules.card(c).map(|k| &k.kind) {
                    Some(CardKind::Weapon { hands, .. }) => Some(*hands),
                    _ => None,
                })
                .sum()
        })
    }

    pub fn fits_hands(&self, rules: &Rules, p: Player, card: u8) -> bool {
        match rules.card(card).map(|k| &k.kind) {
            Some(CardKind::Weapon { hands, .. }) => self.hands_used(rules, p) + hands <= 2,
            _ => true,
        }
    }

    /// (gold to pay, Charisma tokens used) for `p` buying `card`; `discounts` false for Open Lock.
    pub fn price(&self, rules: &Rules, p: Player, card: u8, discounts: bool) -> (u16, u8) {
        let Some(c) = rules.card(card) else { return (u16::MAX, 0) };
        let Some(s) = self.seat(p) else { return (u16::MAX, 0) };
        let mut cost = c.cost;
        if discounts {
            for &own in &s.cards {
                if let Some(CardKind::Weapon { effects, .. }) = rules.card(own).map(|k| &k.kind) {
                    for e in effects {
                        if let WeaponEffect::Discount { amount } = e {
                            cost = cost.saturating_sub(*amount);
                        }
                    }
                }
            }
            let ability = self.ability(rules, p);
            let t = c.card_type();
            if (ability == Some(Ability::Skilled) && t == CardType::Skill)
                || (ability == Some(Ability::Prepared) && t == CardType::Weapon)
            {
                cost = cost.saturating_sub(1);
            }
        }
        let tokens = if discounts && !self.tokens_spent { s.charisma.min(cost) } else { 0 };
        (u16::from(cost - tokens), tokens)
    }

    pub fn can_buy(&self, rules: &Rules, p: Player, card: u8, discounts: bool) -> bool {
        let gold = self.seat(p).map_or(0, |s| s.gold);
        self.price(rules, p, card, discounts).0 <= gold && self.fits_hands(rules, p, card)
    }

    pub(super) fn market_legal(&self, rules: &Rules, p: Player, out: &mut Vec<Action>) {
        match self.step {
            Step::Attune { .. } => {
                for (i, &c) in self.discard.iter().enumerate() {
                    if !self.discard[..i].contains(&c) {
                        out.push(ATTUNE + u32::from(c));
                    }
                }
                out.push(SKIP);
            }
            Step::Market { buys, .. } => {
                let may_buy = buys == 0 || (buys == 1 && self.ability(rules, p) == Some(Ability::Charming));
                for (i, &c) in self.market.iter().enumerate() {
                    if may_buy && self.can_buy(rules, p, c, true) {
                        out.push(BUY + i as u32);
                    }
                }
                if buys == 0 {
                    for i in 0..self.market.len() {
                        out.push(DISCARD + i as u32);
                    }
                }
                if buys > 0 || self.market.is_empty() {
                    out.push(SKIP);
                }
            }
            Step::Refresh { seat, .. } => {
                if let Some(s) = self.seat(seat) {
                    for &c in &s.cards {
                        if s.exhausted & (1u64 << c) != 0 {
                            out.push(REFRESH + u32::from(c));
                        }
                    }
                }
            }
            _ => {}
        }
    }

    pub(super) fn market_apply(&mut self, rules: &Rules, _p: Player, a: Action, ev: &mut Events<Event>) {
        match self.step {
            Step::Attune { seat } => {
                if a != SKIP {
                    let card = (a - ATTUNE) as u8;
                    if let Some(i) = self.discard.iter().position(|&c| c == card) {
                        self.discard.remove(i);
                        self.market.push(card);
                        ev.public(|| Event::Attuned { seat, card: rules.card_name(card).to_string() });
                    }
                }
                self.next_market_turn(rules, None, ev);
            }
            Step::Market { seat, .. } => {
                if (BUY..BUY + 10).contains(&a) {
                    let i = (a - BUY) as usize;
                    if i < self.market.len() {
                        let card = self.market.remove(i);
                        self.buy(rules, seat, card, true, ev);
                        self.after_purchase(rules, seat, card, ev);
                    }
                } else if (DISCARD..DISCARD + 10).contains(&a) {
                    let i = (a - DISCARD) as usize;
                    let Some(&card) = self.market.get(i) else { return };
                    // Friendly market: the card stays; abilities that trigger on the discard still do.
                    if !rules.friendly_market {
                        self.market.remove(i);
                        self.discard.push(card);
                    }
                    let gold = 2;
                    if let Some(s) = self.seats.get_mut(usize::from(seat)) {
                        s.gold += gold;
                    }
                    ev.public(|| Event::DiscardedForGold { seat, card: rules.card_name(card).to_string(), gold });
                    self.end_market_turn(rules, seat, ev);
                } else {
                    self.end_market_turn(rules, seat, ev);
                }
            }
            Step::Refresh { seat, left } => {
                let card = (a - REFRESH) as u8;
                if let Some(s) = self.seats.get_mut(usize::from(seat)) {
                    s.exhausted &= !(1u64 << card);
                }
                ev.public(|| Event::Refreshed { seat, card: rules.card_name(card).to_string() });
                let more = self.seat(seat).is_some_and(|s| s.exhausted != 0);
                if left > 1 && more {
                    self.step = Step::Refresh { seat, left: left - 1 };
                } else {
                    let off = (usize::from(seat) + self.n() - usize::from(self.first)) % self.n() + 1;
                    self.cleanup_refresh(rules, off, ev);
                }
            }
            _ => {}
        }
    }

    /// Pay for and take `card` (already removed from where it was): traits move the token if they can.
    pub fn buy(&mut self, rules: &Rules, seat: Player, card: u8, discounts: bool, ev: &mut Events<Event>) {
        let (paid, tokens) = self.price(rules, seat, card, discounts);
        if tokens > 0 {
            self.tokens_spent = true;
        }
        if let Some(s) = self.seats.get_mut(usize::from(seat)) {
            s.gold = s.gold.saturating_sub(paid);
            s.charisma -= tokens.min(s.charisma);
            s.cards.push(card);
        }
        ev.public(|| Event::Bought { seat, card: rules.card_name(card).to_string(), paid, tokens });
        if let Some(c) = rules.card(card) {
            if c.card_type() == CardType::Trait {
                if let Some(d) = arrow_dir(c.arrow) {
                    self.move_token(seat, d, ev);
                }
            }
        }
    }

    /// After a purchase: a Bard (Charming) may buy a second card, and a Skill card just bought that can be used
    /// now keeps the turn open ("usable at once"); otherwise the turn ends.
    pub fn after_purchase(&mut self, rules: &Rules, seat: Player, card: u8, ev: &mut Events<Event>) {
        let buys = match self.step {
            Step::Market { buys, .. } => buys + 1,
            _ => 1,
        };
        let charming = buys == 1 && self.ability(rules, seat) == Some(Ability::Charming) && !self.market.is_empty();
        let before = self.step;
        self.step = Step::Market { seat, buys };
        let skill_now =
            rules.card(card).is_some_and(|c| c.card_type() == CardType::Skill) && self.skill_usable(rules, seat, card);
        if !(charming || skill_now) {
            self.step = before;
            self.end_market_turn(rules, seat, ev);
        }
    }

    fn end_market_turn(&mut self, rules: &Rules, seat: Player, ev: &mut Events<Event>) {
        if self.solo() && !self.market.is_empty() {
            // Solo: the leftmost card goes to the discard pile, the rest to the trash.
            let left = self.market.remove(0);
            self.discard.push(left);
            let rest: Vec<u8> = std::mem::take(&mut self.market);
            self.trash.extend(&rest);
            ev.public(|| Event::Trashed { cards: rest.iter().map(|&c| rules.card_name(c).to_string()).collect() });
        }
        let k = self.seat(seat).map_or(NONE, |s| s.init);
        self.next_market_turn(rules, Some(k), ev);
    }

    fn end_round(&mut self, rules: &Rules, ev: &mut Events<Event>) {
        // The round in which every sheet is full is the last one.
        if self.seats.iter().all(|s| s.full()) {
            self.step = Step::Over;
            self.announce_scores(rules, ev);
            return;
        }
        for s in self.seats.iter_mut() {
            s.charisma = 0;
        }
        self.cleanup_refresh(rules, 0, ev);
    }

    /// Cleanup, from the seat `off` places after the first player: each refreshes one exhausted skill; a choice
    /// only when more than one is exhausted.
    fn cleanup_refresh(&mut self, rules: &Rules, off: usize, ev: &mut Events<Event>) {
        let n = self.n();
        for o in off..n {
            let seat = ((usize::from(self.first) + o) % n) as Player;
            let allowance = 1;
            let Some(s) = self.seats.get_mut(usize::from(seat)) else { continue };
            let exhausted = s.exhausted.count_ones();
            if exhausted == 0 {
                continue;
            }
            if exhausted <= allowance {
                let cards: Vec<u8> = s.cards.iter().copied().filter(|&c| s.exhausted & (1u64 << c) != 0).collect();
                s.exhausted = 0;
                for c in cards {
                    ev.public(|| Event::Refreshed { seat, card: rules.card_name(c).to_string() });
                }
            } else {
                self.step = Step::Refresh { seat, left: allowance as u8 };
                return;
            }
        }
        self.finish_cleanup(rules, ev);
    }

    fn finish_cleanup(&mut self, rules: &Rules, ev: &mut Events<Event>) {
        for k in 0..self.init.len() {
            if let Some(d) = self.init[k].die.take() {
                self.return_die(d.color);
            }
            self.init[k].taken_by = None;
            let last = self.init.len() - 1;
            // Never more than one coin on a card; the end cards get none.
            self.init[k].coin = k != 0 && k != last;
        }
        for s in self.seats.iter_mut() {
            s.init = NONE;
        }
        let old: Vec<u8> = std::mem::take(&mut self.market);
        self.discard.extend(old);
        self.deal_market(rules, ev);
        self.first = self.next_seat(self.first);
        self.start_round(rules, ev);
    }

    /// Deal one market card per Initiative card, reshuffling the discard pile into the deck when it runs out.
    pub(super) fn deal_market(&mut self, rules: &Rules, ev: &mut Events<Event>) {
        let mut reshuffled = false;
        while self.market.len() < self.init.len() {
            if self.deck.is_empty() {
                if self.discard.is_empty() {
                    break;
                }
                self.deck = std::mem::take(&mut self.discard);
                self.rng.shuffle(&mut self.deck);
                reshuffled = true;
            }
            if let Some(c) = self.deck.pop() {
                self.market.push(c);
            }
        }
        let cards = self.market.iter().map(|&c| rules.card_name(c).to_string()).collect();
        ev.public(|| Event::MarketDealt { cards, reshuffled });
    }

    /// Weapons may be discarded at any time (to make room for another).
    pub(super) fn discard_weapon(&mut self, rules: &Rules, p: Player, card: u8, ev: &mut Events<Event>) {
        if let Some(s) = self.seats.get_mut(usize::from(p)) {
            if let Some(i) = s.cards.iter().position(|&c| c == card) {
                s.cards.remove(i);
                self.discard.push(card);
                ev.public(|| Event::WeaponDiscarded { seat: p, card: rules.card_name(card).to_string() });
            }
        }
    }
}
