//! Snapshot validation (a forged state must not make later code index out of bounds) and determinization
//! (resample what a seat cannot see: deck order, other seats' hidden orders and tactic, bids, battle cards).

use super::content::{Rules, NONE};
use super::rules::NO_CARD;
use super::state::*;
use crate::engine::Player;
use crate::rng::Rng;

fn ok(cond: bool, what: &str) -> Result<(), String> {
    if cond {
        Ok(())
    } else {
        Err(format!("invalid state: {what}"))
    }
}

impl AgotBoard {
    pub fn check(&self, r: &Rules) -> Result<(), String> {
        let n = self.seats.len();
        ok((3..=5).contains(&n), "seat count")?;
        let na = r.areas.len();
        ok(self.areas.len() == na, "area count")?;
        let seat_ok = |s: u8| usize::from(s) < n;
        let seat_or_none = |s: u8| s == NONE || seat_ok(s);
        let area_ok = |a: u8| usize::from(a) < na;
        for s in &self.seats {
            ok(usize::from(s.house) < r.houses.len(), "house")?;
            ok(s.hand & 0x80 == 0 && s.discard & 0x80 == 0 && s.removed & 0x80 == 0, "card masks")?;
            ok(s.tactic == NONE || usize::from(s.tactic) < r.tactics.len(), "tactic")?;
            ok(s.bid == NONE || s.bid <= s.power, "bid")?;
            ok(s.power <= r.power_tokens, "power")?;
        }
        for a in &self.areas {
            ok(seat_or_none(a.owner), "area owner")?;
            ok(a.order == NONE || usize::from(a.order) < ORDER_NAMES.len(), "order")?;
            ok(a.owner != NONE || (a.units() == 0 && !a.token && a.order == NONE), "unowned area content")?;
            ok(a.routed[0] <= a.foot && a.routed[1] <= a.knight && a.routed[2] <= a.ship, "routed units")?;
        }
        for t in [&self.throne, &self.fief, &self.court] {
            let mut v = t.clone();
            v.sort_unstable();
            ok(v == (0..n as u8).collect::<Vec<_>>(), "track")?;
        }
        ok(seat_or_none(self.throne_override), "throne override")?;
        for (d, deck) in self.decks.iter().enumerate() {
            ok(deck.iter().all(|&c| usize::from(c) < r.wcards.len()), "deck")?;
            ok(!deck.is_empty() || self.drawn.len() > d, "deck empty")?;
        }
        ok(self.drawn.len() <= 3 && self.drawn.iter().all(|&c| usize::from(c) < r.wcards.len()), "drawn")?;
        ok(usize::from(self.resolved) <= self.drawn.len(), "resolved")?;
        ok(self.wild_deck.iter().all(|&c| usize::from(c) < r.wild.len()), "wild deck")?;
        ok(self.wild_card == NONE || usize::from(self.wild_card) < r.wild.len(), "wild card")?;
        ok(usize::from(self.turn) < n.max(1), "turn")?;
        ok(seat_or_none(self.winner), "winner")?;
        ok(self.final_scores.is_empty() || self.final_scores.len() == n, "scores")?;
        ok(self.final_points.len() == self.final_scores.len(), "points")?;
        for l in &self.leaders {
            ok(seat_ok(l.seat) && l.card < 7, "leader")?;
            ok(l.area == NONE || area_ok(l.area), "leader area")?;
            ok(seat_or_none(l.captor), "leader captor")?;
        }
        ok(self.executions.iter().all(|&s| seat_ok(s)), "executions")?;
        if let Some(m) = &self.march {
            ok(seat_ok(m.seat) && area_ok(m.from), "march")?;
            let a = &self.areas[usize::from(m.from)];
            let moved = |k: usize| m.moves.iter().map(|(_, u)| u16::from(u[k])).sum::<u16>() + u16::from(a.routed[k]);
            ok(
                u16::from(m.left[0]) + moved(0) == u16::from(a.foot)
                    && u16::from(m.left[1]) + moved(1) == u16::from(a.knight)
                    && u16::from(m.left[2]) + moved(2) == u16::from(a.ship),
                "march units",
            )?;
            ok(m.moves.iter().all(|(d, _)| area_ok(*d)), "march moves")?;
            ok(m.leaders.iter().all(|(i, d)| usize::from(*i) < self.leaders.len() && area_ok(*d)), "march leaders")?;
            ok(m.attack == NONE || area_ok(m.attack), "march attack")?;
        }
        if let Some(c) = &self.combat {
            ok(area_ok(c.area) && area_ok(c.from) && c.seats.iter().all(|&s| seat_ok(s)), "combat")?;
            ok(c.support.len() == n && c.support.iter().all(|&s| s == NONE || s <= 2), "combat support")?;
            ok(c.cards.iter().all(|&k| k == NONE || k == NO_CARD || k < 7), "combat cards")?;
            ok(c.forbid.iter().all(|&k| k == NONE || k == NO_CARD || k < 7), "combat forbid")?;
            ok(c.winner == NONE || c.winner < 2, "combat winner")?;
            ok(c.retreat_dest == NONE || area_ok(c.retreat_dest), "combat retreat")?;
            ok(c.stage != CStage::RetreatLosses || (c.winner < 2 && c.retreat_dest != NONE), "retreat losses")?;
        }
        if let Some(b) = &self.bidding {
            ok(b.track <= 3, "bid track")?;
            ok(!b.revealed || b.bids.len() == n, "bids")?;
            ok(b.order.iter().chain(b.groups.iter().flatten()).all(|&s| seat_ok(s)), "bid order")?;
        }
        if let Some(m) = &self.muster {
            ok(m.queue.iter().all(|&s| seat_ok(s)) && m.areas.iter().all(|(a, _)| area_ok(*a)), "muster")?;
        }
        if let Some(l) = &self.losses {
            ok(l.queue.iter().all(|(s, _)| seat_ok(*s)), "losses")?;
        }
        match &self.pending {
            Pending::Raven(p)
            | Pending::Raid(p)
            | Pending::March(p)
            | Pending::Moving(p)
            | Pending::Consolidate(p)
            | Pending::Muster(p) => ok(seat_ok(*p), "pending seat")?,
            Pending::Choice { seat, kind, options } => {
                ok(seat_ok(*seat), "choice seat")?;
                let none = u16::from(NONE);
                let fits = |o: u16| -> bool {
                    match kind {
                        ChoiceKind::TieOrder => o < 16 && seat_ok(o as u8),
                        ChoiceKind::ThroneOfBlades | ChoiceKind::DarkWings | ChoiceKind::Support => o <= 2,
                        ChoiceKind::Tyrion
                        | ChoiceKind::Aeron
                        | ChoiceKind::Davos
                        | ChoiceKind::Blade
                        | ChoiceKind::Stannis
                        | ChoiceKind::Renly => o <= 1,
                        ChoiceKind::Reconcile | ChoiceKind::Sacrifice => usize::from(o >> 2) < na && o & 3 < 3,
                        ChoiceKind::Execute => o == none || usize::from(o) < self.leaders.len(),
                        ChoiceKind::TakeBack | ChoiceKind::DiscardStrongest | ChoiceKind::MelisandreDiscard => {
                            o == none || o < 7
                        }
                        ChoiceKind::RemoveOrder | ChoiceKind::Retreat | ChoiceKind::RetreatFor => {
                            (o == none && *kind == ChoiceKind::RemoveOrder) || usize::from(o) < na
                        }
                        ChoiceKind::Casualty => o < 3,
                        ChoiceKind::PlaceOrder => o == none || o < 11,
                    }
                };
                ok(options.iter().all(|&o| fits(o)), "choice options")?;
                let needs_combat = matches!(
                    kind,
                    ChoiceKind::Support
                        | ChoiceKind::Tyrion
                        | ChoiceKind::Aeron
                        | ChoiceKind::Davos
                        | ChoiceKind::Blade
                        | ChoiceKind::Stannis
                        | ChoiceKind::Renly
                        | ChoiceKind::Casualty
                        | ChoiceKind::Retreat
                        | ChoiceKind::RetreatFor
                        | ChoiceKind::PlaceOrder
                        | ChoiceKind::MelisandreDiscard
                );
                ok(!needs_combat || self.combat.is_some(), "combat choice without a battle")?;
                if matches!(kind, ChoiceKind::TieOrder) {
                    ok(self.bidding.is_some(), "tie order without bidding")?;
                }
            }
            Pending::Cards => ok(self.combat.is_some(), "cards without a battle")?,
            _ => {}
        }
        ok(!matches!(self.pending, Pending::Moving(_)) || self.march.is_some(), "moving without a march")?;
        ok(!matches!(self.pending, Pending::Muster(_)) || self.muster.is_some(), "muster context")?;
        self.check_supply(r)
    }

    /// The conservation laws of the box: one house per seat; each of a house's 7 cards in exactly one of its
    /// hand, discard pile or the removed cards; units, power tokens and order tokens within the house's
    /// supply (research/agot_board.md, components: the unit pool, the power tokens, the 15 order tokens).
    fn check_supply(&self, r: &Rules) -> Result<(), String> {
        let n = self.seats.len();
        let mut units = vec![[0u16; 3]; n];
        let mut tokens = vec![0u16; n];
        let mut orders = vec![[0u8; 11]; n];
        for a in &self.areas {
            let o = usize::from(a.owner);
            if o >= n {
                continue;
            }
            for (k, x) in [a.foot, a.knight, a.ship].into_iter().enumerate() {
                units[o][k] += u16::from(x);
            }
            tokens[o] += u16::from(a.token);
            if let Some(slot) = orders[o].get_mut(usize::from(a.order)) {
                *slot += 1;
            }
        }
        if let Some(c) = &self.combat {
            if let Some(u) = units.get_mut(usize::from(c.seats[0])) {
                for (x, a) in u.iter_mut().zip(c.att) {
                    *x += u16::from(a);
                }
            }
        }
        for (p, s) in self.seats.iter().enumerate() {
            if let Some(q) = self.seats[..p].iter().position(|o| o.house == s.house) {
                return Err(format!("invalid state: seats {q} and {p} play the same house"));
            }
            let (h, d, x) = (s.hand, s.discard, s.removed);
            ok(h & d == 0 && h & x == 0 && d & x == 0 && h | d | x == 0x7F, "each house card in exactly one place")?;
            let kinds = ["footmen", "knights", "ships"];
            for k in 0..3 {
                if units[p][k] > u16::from(r.pool[k]) {
                    return Err(format!(
                        "invalid state: seat {p} has {} {} on the board; its house has {}",
                        units[p][k], kinds[k], r.pool[k]
                    ));
                }
            }
            ok(u16::from(s.power) + tokens[p] <= u16::from(r.power_tokens), "power tokens beyond the house's supply")?;
            ok(
                orders[p].iter().zip(ORDER_COUNTS).all(|(&have, max)| have <= max),
                "more order tokens of a kind than a house has",
            )?;
        }
        Ok(())
    }

    pub fn resample(&self, r: &Rules, p: Player, rng: &mut Rng) -> Self {
        let mut g = self.clone();
        // Every hidden pile is sorted before its shuffle, so the world drawn depends only on what p knows,
        // never on where the real state keeps the unseen cards.
        g.rng = Rng::new(rng.next_u64());
        for d in g.decks.iter_mut() {
            d.sort_unstable();
            rng.shuffle(d);
        }
        g.wild_deck.sort_unstable();
        rng.shuffle(&mut g.wild_deck);
        for q in 0..g.n() {
            if q == p {
                continue;
            }
            if g.orders_hidden {
                // Which tokens q placed is hidden, not only where each lies: draw them again from q's whole
                // stock, one area at a time, under the same limits placement obeys (counts, the special-order
                // limit of q's court position, Westeros restrictions).
                let spots: Vec<usize> =
                    (0..g.areas.len()).filter(|&i| g.areas[i].owner == q && g.areas[i].order != NONE).collect();
                let was: Vec<u8> = spots.iter().map(|&i| g.areas[i].order).collect();
                for &i in &spots {
                    g.areas[i].order = NONE;
                }
                for (&i, &old) in spots.iter().zip(&was) {
                    let kinds: Vec<u8> =
                        (0..ORDER_COUNTS.len() as u8).filter(|&k| g.token_allowed(r, q, k, NONE)).collect();
                    g.areas[i].order = rng.choose(&kinds).copied().unwrap_or(old);
                }
                let s = &mut g.seats[usize::from(q)];
                if s.tactic != NONE {
                    let avail: Vec<u8> = (0..8).filter(|t| s.tactics & (1 << t) != 0).collect();
                    if let Some(&t) = rng.choose(&avail) {
                        s.tactic = t;
                    }
                }
            }
            let s = &mut g.seats[usize::from(q)];
            if s.bid != NONE {
                s.bid = rng.below(u32::from(s.power) + 1) as u8;
            }
        }
        if let Some(c) = g.combat.as_mut() {
            if c.cards.contains(&NONE) {
                for side in 0..2 {
                    let q = c.seats[side];
                    if q == p || c.cards[side] == NONE || c.cards[side] == NO_CARD {
                        continue;
                    }
                    let hand = g.seats[usize::from(q)].hand;
                    let avail: Vec<u8> = (0..7).filter(|i| hand & (1 << i) != 0 && c.forbid[side] != *i).collect();
                    if let Some(&k) = rng.choose(&avail) {
                        c.cards[side] = k;
                    }
                }
            }
        }
        g
    }
}
