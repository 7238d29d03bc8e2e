//! Confrontation results and resolution (pp. 6–7), the binding truce protocol, hostages (p. 9, p. 11).

use super::super::state::{
    card_kind, hostage, hostage_card, hostage_owner, CardKind, Event, IronThrone, Pending, Step, Task,
};
use super::*;
use crate::engine::{Action, Events, Player, PlayerSet};

/// One side's truce terms: influence (0/1), hostages (0–2), crowns (0/1). A proposal packs the attacker's
/// terms `ta` and the defender's `td` as `ta + 12 * td` (1..=143; 0 would be an empty proposal).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Terms {
    pub influence: bool,
    pub hostages: u8,
    pub crowns: bool,
}

impl Terms {
    pub fn decode(t: u8) -> Terms {
        Terms { influence: t % 2 == 1, hostages: (t / 2) % 3, crowns: t / 6 == 1 }
    }
    pub fn encode(self) -> u8 {
        u8::from(self.influence) + 2 * self.hostages + 6 * u8::from(self.crowns)
    }
}

pub fn split_deal(x: u8) -> (Terms, Terms) {
    (Terms::decode(x % 12), Terms::decode(x / 12))
}

impl IronThrone {
    /// Reveal outcome (p. 6): returns true when the active players must negotiate a truce.
    pub fn resolve(&mut self, ev: &mut Events<Event>) -> bool {
        let (ta, td) = (self.commit_is_truce(0), self.commit_is_truce(1));
        if (ta && td) || self.enc.as_truce {
            self.enc.result = 2;
            ev.public(|| Event::ResultTruce);
            return true;
        }
        if !ta && !td {
            self.enc.result = 1;
            let totals = [self.side_total(1), self.side_total(2)];
            self.enc.totals = totals;
            // A tie: both sides lose (p. 6 "Ostilitate").
            let winner = match totals[0].cmp(&totals[1]) {
                std::cmp::Ordering::Greater => 1,
                std::cmp::Ordering::Less => 2,
                std::cmp::Ordering::Equal => 3,
            };
            ev.public(|| Event::ResultHostility { totals, winner });
            self.settle(winner, ev);
        } else {
            self.enc.result = 3;
            let winner = if ta { 2 } else { 1 };
            ev.public(|| Event::ResultBetrayal { winner });
            self.settle(winner, ev);
        }
        false
    }

    fn order(&self) -> impl Iterator<Item = Player> + '_ {
        (0..self.n()).map(|k| self.clockwise(k)).filter(|&p| self.enc.takes_part(p))
    }

    /// Rewards, then losses, then hostages (p. 7 "Deznodământul").
    pub fn settle(&mut self, winner: u8, ev: &mut Events<Event>) {
        self.enc.winner = winner;
        let order: Vec<Player> = self.order().collect();
        for &p in &order {
            if self.won(p) && self.enc.no_rewards & (1 << p) == 0 {
                if winner == 1 {
                    self.spread(p, self.enc.defender, ev);
                } else {
                    self.draw(p, 2, ev);
                    self.tasks.push(Task::Alloc { seat: p, left: 2, optional: false });
                }
            }
        }
        for &p in &order {
            if self.lost(p) && self.enc.protected & (1 << p) == 0 {
                let c = self.enc.chars[usize::from(p)];
                let k = self.seats[usize::from(p)].crowns.get(usize::from(c)).copied().unwrap_or(0);
                self.remove_crowns(p, c, k.div_ceil(2), ev);
            }
        }
        let actives = [self.enc.attacker, self.enc.defender];
        match (self.enc.result, winner) {
            (1, 1 | 2) => {
                let taker = actives[usize::from(winner - 1)];
                if self.enc.no_rewards & (1 << taker) == 0 {
                    let victims = self.losing_victims(taker);
                    if victims != 0 {
                        self.tasks.push(Task::Take { taker, victims });
                    }
                }
            }
            (3, 1 | 2) => {
                let betrayed = actives[usize::from(2 - winner)];
                if self.enc.no_rewards & (1 << betrayed) == 0 {
                    for &q in &order {
                        if self.enc.side_of(q) == winner && self.enc.protected & (1 << q) == 0 && self.has_source(q) {
                            self.tasks.push(Task::Take { taker: betrayed, victims: 1 << q });
                        }
                    }
                }
            }
            _ => {}
        }
    }

    fn terms_valid(&self, b: Player, o: Player, t: Terms) -> bool {
        (!t.influence || self.seats[usize::from(b)].tokens_left() > 0)
            && (!t.crowns || self.seats[usize::from(o)].sheet > 0)
            && (t.hostages == 0 || self.has_source(o))
    }

    /// Every non-empty proposal `p` may make (each term benefits one active player at most once per kind).
    pub fn proposals(&self, _p: Player, base: Action, out: &mut Vec<Action>) {
        let (a, d) = (self.enc.attacker, self.enc.defender);
        for x in 1..144u8 {
            let (ta, td) = split_deal(x);
            if self.terms_valid(a, d, ta) && self.terms_valid(d, a, td) {
                out.push(base + Action::from(x));
            }
        }
    }

    pub fn act_truce(&mut self, p: Player, a: Action, ev: &mut Events<Event>) {
        let side = usize::from(p != self.enc.attacker);
        let other = if side == 0 { self.enc.defender } else { self.enc.attacker };
        match a {
            DONE | DEAL_REJECT => self.no_deal(ev),
            DEAL_ACCEPT => {
                let terms = self.enc.deal;
                ev.public(|| Event::DealAccepted { seat: p, terms });
                self.execute_deal(ev);
            }
            _ => {
                let x = if a >= COUNTER { a - COUNTER } else { a - PROPOSE } as u8;
                self.enc.deal = x;
                self.enc.proposer = side as u8;
                self.enc.proposals[side] = self.enc.proposals[side].saturating_add(1);
                ev.public(|| Event::Proposed { seat: p, terms: x });
                self.pending = Pending::Respond { seat: other };
            }
        }
    }

    /// No exchange: everyone on both sides loses (p. 6 "Armistițiu").
    fn no_deal(&mut self, ev: &mut Events<Event>) {
        ev.public(|| Event::TalksFailed);
        self.settle(3, ev);
        self.step = Step::Window { w: super::flow::W_AFTER_RESOLUTION, leaders: true, k: 0 };
    }

    /// The agreed terms bind both (p. 10 "Negocierile"); nobody wins or loses; supporters get nothing.
    fn execute_deal(&mut self, ev: &mut Events<Event>) {
        self.enc.winner = 4;
        let (ta, td) = split_deal(self.enc.deal);
        let (a, d) = (self.enc.attacker, self.enc.defender);
        for (b, o, t) in [(a, d, ta), (d, a, td)] {
            if t.influence {
                self.spread(b, o, ev);
            }
            if t.crowns {
                let k = 3.min(self.seats[usize::from(o)].sheet);
                self.seats[usize::from(o)].sheet -= k;
                self.seats[usize::from(b)].sheet = self.seats[usize::from(b)].sheet.saturating_add(k);
                ev.public(|| Event::CrownsTaken { from: o, to: b, n: k });
            }
            for _ in 0..t.hostages {
                self.tasks.push(Task::Take { taker: b, victims: 1 << o });
            }
        }
        self.step = Step::Window { w: super::flow::W_AFTER_RESOLUTION, leaders: true, k: 0 };
    }

    /// Take a hostage (p. 9): the top of the deck, a random card from the hand, or one of their hostages.
    /// One's own house card comes back to hand (p. 11).
    pub fn take_hostage(&mut self, taker: Player, v: Player, src: u8, ev: &mut Events<Event>) {
        let h = match src {
            0 => match self.pop_top(v, ev) {
                Some(c) => hostage(v, c),
                None => return,
            },
            1 => {
                let len = self.seats[usize::from(v)].hand.len();
                if len == 0 {
                    return;
                }
                let i = self.rng.index(len);
                hostage(v, self.seats[usize::from(v)].hand.remove(i))
            }
            i => {
                let hs = &mut self.seats[usize::from(v)].hostages;
                let i = usize::from(i - 2);
                if i >= hs.len() {
                    return;
                }
                hs.remove(i)
            }
        };
        let (owner, card) = (hostage_owner(h), hostage_card(h));
        if owner == taker {
            self.seats[usize::from(taker)].hand.push(card);
        } else {
            self.seats[usize::from(taker)].hostages.push(h);
        }
        ev.public(|| Event::HostageTaken { taker, victim: v, source: src.min(2), owner });
        let mut who = PlayerSet::single(taker);
        if src != 0 {
            who.insert(v);
        }
        ev.private(who, || Event::HostageCard { taker, owner, card });
    }

    /// Free (p. 9): the card goes back to its owner's hand and the freer draws 1.
    pub fn free_hostage(&mut self, p: Player, i: u8, ev: &mut Events<Event>) {
        let hs = &mut self.seats[usize::from(p)].hostages;
        if usize::from(i) >= hs.len() {
            return;
        }
        let h = hs.remove(usize::from(i));
        let (owner, card) = (hostage_owner(h), hostage_card(h));
        self.seats[usize::from(owner)].hand.push(card);
        ev.public(|| Event::Freed { by: p, owner });
        ev.private(PlayerSet::single(p).with(owner), || Event::FreedCard { by: p, owner, card });
        self.draw(p, 1, ev);
    }

    /// Torture (p. 9): the card goes to its owner's discard pile, with the effect its kind calls for.
    pub fn torture(&mut self, p: Player, i: u8, c: u8, ev: &mut Events<Event>) {
        let hs = &mut self.seats[usize::from(p)].hostages;
        if usize::from(i) >= hs.len() {
            return;
        }
        let h = hs.remove(usize::from(i));
        let (o, card) = (hostage_owner(h), hostage_card(h));
        self.seats[usize::from(o)].discard.push(card);
        ev.public(|| Event::Tortured { by: p, owner: o, card });
        match card_kind(card) {
            CardKind::Character(ch) if ch == self.seats[usize::from(o)].leader => self.sheet_to_box(o, 4, ev),
            CardKind::Character(ch) => self.remove_crowns(o, ch, 4, ev),
            _ => {
                let s = &mut self.seats[usize::from(o)];
                if s.is_alive(c) {
                    s.crowns[usize::from(c)] = s.crowns[usize::from(c)].saturating_sub(1);
                    let me = &mut self.seats[usize::from(p)];
                    me.sheet = me.sheet.saturating_add(1);
                    ev.public(|| Event::CrownsTaken { from: o, to: p, n: 1 });
                    if self.seats[usize::from(o)].crowns[usize::from(c)] == 0 {
                        self.kill(o, c, ev);
                    }
                }
            }
        }
    }
}
