//! Planning phase (research §3.3): secret order placement, one action per token, then a lock; the reveal;
//! the Messenger Raven swap. Tactics (rulebook variant 3) are picked in secret with the orders.

use super::super::content::{Rules, NONE};
use super::super::state::*;
use super::{code, note, Ev, K_PLACE, K_RAVEN, K_TACTIC, PASS};
use crate::engine::{Action, Player};

impl AgotBoard {
    pub fn start_planning(&mut self, r: &Rules) {
        self.phase = Phase::Planning;
        self.orders_hidden = true;
        for s in &mut self.seats {
            s.locked = false;
            // The tactic of the last round is spent; the deck comes back when every card is used (designed).
            if s.tactic != NONE {
                s.tactics &= !(1u8 << s.tactic);
                s.tactic = NONE;
            }
            if s.tactics == 0 {
                s.tactics = ((1u16 << r.tactics.len()) - 1) as u8;
            }
        }
    }

    /// How many special (★) orders `p` may use: by King's Court position (research §3.3, 2E limits).
    pub fn special_limit(&self, r: &Rules, p: Player) -> u8 {
        let idx = usize::from(self.n().saturating_sub(3));
        let pos = self.court.iter().position(|&x| x == p).unwrap_or(usize::MAX);
        r.special.get(idx).and_then(|v| v.get(pos)).copied().unwrap_or(0)
    }

    /// Tokens of kind `k` seat `p` has on the board.
    fn used(&self, p: Player, k: u8) -> u8 {
        self.areas.iter().filter(|a| a.owner == p && a.order == k).count() as u8
    }

    fn specials_used(&self, p: Player) -> u8 {
        self.areas.iter().filter(|a| a.owner == p && a.order != NONE && SPECIAL[usize::from(a.order)]).count() as u8
    }

    /// May `p` put a token of kind `k` on the board now (stock, ★ limit, Westeros restrictions)? `replacing` is
    /// the order of `p`'s that the new token replaces (NONE if none): it returns to the stock first.
    pub fn token_allowed(&self, r: &Rules, p: Player, k: u8, replacing: u8) -> bool {
        let ku = usize::from(k);
        if ku >= ORDER_COUNTS.len() || self.used(p, k).saturating_sub(u8::from(replacing == k)) >= ORDER_COUNTS[ku] {
            return false;
        }
        if SPECIAL[ku] {
            let freed = u8::from(replacing != NONE && SPECIAL[usize::from(replacing)]);
            if self.specials_used(p).saturating_sub(freed) >= self.special_limit(r, p) {
                return false;
            }
        }
        let rs = self.restrict;
        !match okind(k) {
            Some(OKind::Defense(_)) => rs & NO_DEFENSE != 0,
            Some(OKind::Raid) => rs & NO_RAID != 0,
            Some(OKind::Consolidate) => rs & NO_CONSOLIDATE != 0,
            Some(OKind::Support(_)) => rs & NO_SUPPORT != 0,
            Some(OKind::March(m)) => m > 0 && rs & NO_MARCH_PLUS != 0,
            None => true,
        }
    }

    pub fn legal_orders(&self, r: &Rules, p: Player, out: &mut Vec<Action>) {
        let seat = &self.seats[usize::from(p)];
        for (a, ar) in self.areas.iter().enumerate() {
            if ar.owner == p && ar.units() > 0 && ar.order == NONE {
                for k in 0..ORDER_COUNTS.len() as u8 {
                    if self.token_allowed(r, p, k, NONE) {
                        out.push(code(K_PLACE, (a as u32) << 4 | u32::from(k)));
                    }
                }
            }
        }
        if r.opts.tactics {
            for t in 0..r.tactics.len() as u8 {
                if seat.tactics & (1 << t) != 0 && seat.tactic != t {
                    out.push(code(K_TACTIC, u32::from(t)));
                }
            }
        }
        // The 1E rules let a house leave areas without orders (research §3.3 1E-Δ); with tactics one is picked first.
        if !r.opts.tactics || seat.tactic != NONE {
            out.push(PASS);
        }
    }

    pub fn place(&mut self, _r: &Rules, p: Player, kind: u32, pay: u32) {
        if kind == K_TACTIC {
            self.seats[usize::from(p)].tactic = pay as u8;
            return;
        }
        let (a, k) = ((pay >> 4) as usize, (pay & 15) as u8);
        if let Some(ar) = self.areas.get_mut(a) {
            ar.order = k;
        }
    }

    pub fn reveal_orders(&mut self, r: &Rules, ev: &mut Ev) {
        self.orders_hidden = false;
        note(ev, || {
            let mut parts = Vec::new();
            for (a, ar) in self.areas.iter().enumerate() {
                if ar.order != NONE {
                    parts.push(format!(
                        "{} {} in {}",
                        self.hname(r, ar.owner),
                        ORDER_NAMES[usize::from(ar.order)],
                        r.area_name(a as u8)
                    ));
                }
            }
            for (p, s) in self.seats.iter().enumerate() {
                if let Some(t) = r.tactics.get(usize::from(s.tactic)) {
                    parts.push(format!("{} plays tactic {}", self.hname(r, p as u8), t.1));
                }
            }
            format!("orders revealed: {}", parts.join("; "))
        });
        self.phase = Phase::Raven;
    }

    /// Messenger Raven (research §3.3): swap one placed order for an unused token, or pass.
    pub fn legal_raven(&self, r: &Rules, p: Player, out: &mut Vec<Action>) {
        for (a, ar) in self.areas.iter().enumerate() {
            if ar.owner == p && ar.order != NONE {
                for k in 0..ORDER_COUNTS.len() as u8 {
                    if k != ar.order && self.token_allowed(r, p, k, ar.order) {
                        out.push(code(K_RAVEN, (a as u32) << 4 | u32::from(k)));
                    }
                }
            }
        }
        out.push(PASS);
    }

    pub fn raven_swap(&mut self, r: &Rules, p: Player, pay: u32, ev: &mut Ev) {
        let (a, k) = ((pay >> 4) as usize, (pay & 15) as u8);
        if let Some(ar) = self.areas.get_mut(a) {
            ar.order = k;
        }
        note(ev, || {
            format!("{} uses the Raven: {} in {}", self.hname(r, p), ORDER_NAMES[usize::from(k)], r.area_name(a as u8))
        });
        self.phase = Phase::Raid;
        self.turn = 0;
    }
}
