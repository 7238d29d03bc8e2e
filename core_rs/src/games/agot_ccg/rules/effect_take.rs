//! Taking cards from piles and decks for composable abilities (rulebook "Ricerca", "Pila degli scarti", "Pila
//! dei morti"): the offered list, the pick, and what happens to the rest. An offered card is `seat * 2048 +
//! definition`, so a card in an opponent's pile is named with its owner.

use super::super::cards::vocab::{Op, Pile, To, Who};
use super::super::cards::Rules;
use super::super::effects::def;
use super::super::state::{AgotCcg, Event, Pending};
use super::triggered::{Resolving, Step};
use crate::engine::{Events, Player};

const SEAT_SHIFT: u16 = 2048;
/// An offered card from the `or_from` pile.
const SECOND_PILE: u16 = 8192;

impl AgotCcg {
    fn pile_of(&self, seat: usize, from: Pile) -> &Vec<u16> {
        let s = &self.seats[seat];
        match from {
            Pile::Hand => &s.hand,
            Pile::Discard => &s.discard,
            Pile::Dead => &s.dead,
            Pile::Deck => &s.deck,
        }
    }

    /// The cards effect number `op` (a `Take`) offers now; `looked`: the deck's top cards still looked at; `first`:
    /// the first card taken (for "copies of the same title").
    pub fn take_choices(&self, rules: &Rules, r: &Resolving, op: u8, looked: u8, first: Option<u16>) -> Vec<u16> {
        let Some(Op::Take { from, filter, to, top, whose, topmost, or_from, skip_top, .. }) =
            self.body_of(rules, r).and_then(|b| b.effect.get(usize::from(op)))
        else {
            return Vec::new();
        };
        let me = usize::from(r.seat);
        let mut out = Vec::new();
        for (flag, from) in std::iter::once((0, from)).chain(or_from.iter().map(|p| (SECOND_PILE, p))) {
            for q in 0..self.n() {
                let ok = match whose {
                    Who::You => q == me,
                    Who::Opponent => q != me,
                    Who::Any => true,
                };
                if !ok || self.seats[q].eliminated {
                    continue;
                }
                let pile = self.pile_of(q, *from);
                let pool: Vec<u16> = match from {
                    Pile::Deck if *top > 0 => pile.iter().rev().take(usize::from(looked)).copied().collect(),
                    // A swap leaves out the card just put on top of the pile.
                    _ => pile.iter().rev().skip(usize::from(*skip_top)).copied().collect(),
                };
                let enters = |c: u16| *to != To::Play || self.can_enter_unique(rules, me, c);
                let title = first.map(|f| &def(rules, f).name);
                let matching = pool.into_iter().filter(|&c| {
                    self.def_matches(rules, c, filter) && enters(c) && title.is_none_or(|t| &def(rules, c).name == t)
                });
                // "The card closest to the top": only the first match, the pile's top being its end.
                let picked: Vec<u16> = if *topmost { matching.take(1).collect() } else { matching.collect() };
                out.extend(picked.into_iter().map(|c| flag + q as u16 * SEAT_SHIFT + c));
            }
        }
        out.sort_unstable();
        out.dedup();
        out
    }

    /// GEN_PICK: take the offered card number `y` for the pending `Take`.
    pub fn pick(&mut self, rules: &Rules, p: Player, y: usize, ev: &mut Events<Event>) {
        let Some(Pending::Effect(r)) = self.pending.first().cloned() else { return };
        let Step::Pick { op, choices, left, looked, first } = r.step.clone() else { return };
        let Some(Op::Take { from, to, top, or_from, .. }) =
            self.body_of(rules, &r).and_then(|b| b.effect.get(usize::from(op)))
        else {
            return;
        };
        let Some(&choice) = choices.get(y) else { return };
        let from = if choice >= SECOND_PILE { or_from.as_ref().unwrap_or(from) } else { from };
        let choice = choice % SECOND_PILE;
        let (q, card) = (usize::from(choice / SEAT_SHIFT), choice % SEAT_SHIFT);
        if q >= self.n() {
            return;
        }
        let s = &mut self.seats[q];
        let pile = match from {
            Pile::Hand => &mut s.hand,
            Pile::Discard => &mut s.discard,
            Pile::Dead => &mut s.dead,
            Pile::Deck => &mut s.deck,
        };
        // From a looked-at top of the deck, only those cards; elsewhere the topmost copy.
        let lo = if *from == Pile::Deck && *top > 0 { pile.len().saturating_sub(usize::from(looked)) } else { 0 };
        let Some(i) = pile[lo..].iter().rposition(|&c| c == card).map(|i| i + lo) else {
            // The offered card is gone (a determinized world of a search): the take ends.
            if let Some(Pending::Effect(o)) = self.pending.first_mut() {
                o.step = Step::Run { op: op + 1 };
            }
            return;
        };
        pile.remove(i);
        let looked = if *from == Pile::Deck && *top > 0 { looked.saturating_sub(1) } else { looked };
        // "Its owner's" pile or hand: a card from an opponent's pile goes to his zone (into play: under the taker).
        let owner = if *to == To::Play { p } else { q as Player };
        let uid = self.next_uid;
        self.place(rules, owner, card, *to, ev);
        // "at the end of the phase it returns to its owner's hand" (a card that did enter play).
        if self.next_uid != uid
            && matches!(
                self.body_of(rules, &r).and_then(|b| b.effect.get(usize::from(op))),
                Some(Op::Take { until_end_of_phase: true, .. })
            )
        {
            self.returning.push(uid);
        }
        let first = first.or(Some(card));
        let same = matches!(
            self.body_of(rules, &r).and_then(|b| b.effect.get(usize::from(op))),
            Some(Op::Take { same_title: true, .. })
        );
        let one_each = matches!(
            self.body_of(rules, &r).and_then(|b| b.effect.get(usize::from(op))),
            Some(Op::Take { one_each: true, .. })
        );
        // "one from each player's pile": the other piles' offers stay, this pile's are gone.
        let choices = if one_each {
            choices.iter().copied().filter(|&c| usize::from(c % SECOND_PILE / SEAT_SHIFT) != q).collect()
        } else {
            self.take_choices(rules, &r, op, looked, first.filter(|_| same))
        };
        let left = left.saturating_sub(1);
        let Some(pos) = self
            .pending
            .iter()
            .position(|x| matches!(x, Pending::Effect(o) if o.card == r.card && o.ab == r.ab && o.seat == r.seat))
        else {
            return;
        };
        if left == 0 || choices.is_empty() {
            if let Pending::Effect(o) = &mut self.pending[pos] {
                o.step = Step::Run { op: op + 1 };
            }
            self.finish_pick(rules, &r, op, looked, ev);
        } else if let Pending::Effect(o) = &mut self.pending[pos] {
            o.step = Step::Pick { op, choices, left, looked, first };
        }
    }

    /// After a `Take`: the unpicked looked-at cards go where the card says (or stay on top), a searched deck is
    /// shuffled.
    pub fn finish_pick(&mut self, rules: &Rules, r: &Resolving, op: u8, looked: u8, ev: &mut Events<Event>) {
        let Some(Op::Take { from: Pile::Deck, top, rest, .. }) =
            self.body_of(rules, r).and_then(|b| b.effect.get(usize::from(op)))
        else {
            return;
        };
        let ps = usize::from(r.seat);
        if *top == 0 {
            let mut deck = std::mem::take(&mut self.seats[ps].deck);
            self.rng.shuffle(&mut deck);
            self.seats[ps].deck = deck;
            return;
        }
        if let Some(to) = rest.filter(|t| *t != To::DeckTop) {
            for _ in 0..looked {
                let Some(c) = self.seats[ps].deck.pop() else { break };
                self.place(rules, r.seat, c, to, ev);
            }
        }
    }
}
