//! Board-wide helpers shared by every phase: end of game and scores (research §3.10, rulebook «Победа в
//! игре»), unit and power accounting, supply (research §3.6), ship transport, leaders leaving the game.

use super::super::content::{Castle, Rules, NONE};
use super::super::state::*;
use super::{note, Ev};
use crate::engine::Player;

impl AgotBoard {
    pub fn end_game(&mut self, r: &Rules) {
        self.phase = Phase::Over;
        self.pending = Pending::Over;
        self.final_scores = (0..self.n()).map(|p| self.score(r, p)).collect();
        self.final_points = (0..self.n())
            .map(|p| if r.opts.sos_victory { self.claims_of(r, p) } else { self.castles_of(r, p) })
            .collect();
    }

    pub fn units_of(&self, p: Player) -> [u8; 3] {
        let mut n = [0u8; 3];
        for a in &self.areas {
            if a.owner == p {
                n[0] += a.foot;
                n[1] += a.knight;
                n[2] += a.ship;
            }
        }
        if let Some(c) = &self.combat {
            if c.seats[0] == p {
                for (x, a) in n.iter_mut().zip(c.att) {
                    *x += a;
                }
            }
        }
        n
    }

    pub fn tokens_of(&self, p: Player) -> u8 {
        self.areas.iter().filter(|a| a.owner == p && a.token).count() as u8
    }

    pub fn gain_power(&mut self, r: &Rules, p: Player, n: u8) {
        let cap = r.power_tokens.saturating_sub(self.tokens_of(p));
        if let Some(s) = self.seats.get_mut(usize::from(p)) {
            s.power = s.power.saturating_add(n).min(cap);
        }
    }

    pub fn lose_power(&mut self, p: Player, n: u8) {
        if let Some(s) = self.seats.get_mut(usize::from(p)) {
            s.power = s.power.saturating_sub(n);
        }
    }

    pub fn tactic_is(&self, r: &Rules, p: Player, t: super::super::content::Tactic) -> bool {
        r.opts.tactics
            && self
                .seats
                .get(usize::from(p))
                .and_then(|s| r.tactics.get(usize::from(s.tactic)))
                .is_some_and(|x| x.0 == t)
    }

    /// Supply (research §3.6): may seat `p`'s armies, after `changes` (area, delta units), stand?
    pub fn supply_ok(&self, r: &Rules, p: Player, changes: &[(u8, i16)]) -> bool {
        let Some(seat) = self.seats.get(usize::from(p)) else { return false };
        let mut sizes: Vec<i16> = Vec::new();
        for (i, a) in self.areas.iter().enumerate() {
            let mut c = if a.owner == p { i16::from(a.units()) } else { 0 };
            for &(x, d) in changes {
                if usize::from(x) == i {
                    c += d;
                }
            }
            if c >= 2 {
                sizes.push(c);
            }
        }
        sizes.sort_unstable_by(|a, b| b.cmp(a));
        let bonus = u8::from(self.tactic_is(r, p, super::super::content::Tactic::ManageTroops));
        let level = usize::from((seat.supply + bonus).min(r.supply_table.len().saturating_sub(1) as u8));
        let Some(limit) = r.supply_table.get(level) else { return false };
        sizes.len() <= limit.len() && sizes.iter().zip(limit.iter()).all(|(s, l)| *s <= i16::from(*l))
    }

    /// Supply level = barrels in controlled land areas, capped at the top of the table.
    pub fn recount_supply(&mut self, r: &Rules) {
        let top = r.supply_table.len().saturating_sub(1) as u8;
        for p in 0..self.n() {
            let barrels: u8 =
                self.areas.iter().zip(&r.areas).filter(|(a, _)| a.owner == p).map(|(_, d)| d.supply).sum();
            self.seats[usize::from(p)].supply = barrels.min(top);
        }
    }

    pub fn castles_of(&self, r: &Rules, p: Player) -> u8 {
        self.areas.iter().zip(&r.areas).filter(|(a, d)| a.owner == p && d.castle != Castle::None).count() as u8
    }

    pub fn lands_of(&self, r: &Rules, p: Player) -> u8 {
        self.areas.iter().zip(&r.areas).filter(|(a, d)| a.owner == p && !d.sea).count() as u8
    }

    /// Claims (designed, see docs): one per city or stronghold held, one per dominance token held.
    pub fn claims_of(&self, r: &Rules, p: Player) -> u8 {
        let tokens = u8::from(self.throne_holder() == p)
            + u8::from(self.fief.first() == Some(&p))
            + u8::from(self.court.first() == Some(&p));
        self.castles_of(r, p) + tokens
    }

    pub(super) fn immediate_winner(&self, r: &Rules) -> Option<Player> {
        (0..self.n()).find(|&p| {
            if r.opts.sos_victory {
                self.claims_of(r, p) >= r.win_claims
            } else {
                self.castles_of(r, p) >= r.win_castles
            }
        })
    }

    /// Ranking key with every tie-break folded in (rulebook "Победа в игре" for claims; research §3.10 1E
    /// order otherwise). It orders the seats; the score players read is `final_points`.
    pub fn score(&self, r: &Rules, p: Player) -> f64 {
        let s = &self.seats[usize::from(p)];
        let first = if r.opts.sos_victory {
            f64::from(self.claims_of(r, p)) * 1e8
                + f64::from(self.castles_of(r, p)) * 1e6
                + f64::from(s.supply) * 1e4
                + f64::from(s.power)
        } else {
            f64::from(self.castles_of(r, p)) * 1e8
                + f64::from(self.lands_of(r, p)) * 1e6
                + f64::from(s.supply) * 1e4
                + f64::from(s.power)
        };
        if self.winner == p {
            first + 1e11
        } else {
            first
        }
    }

    /// Land areas reachable by a land unit from `from`: adjacent land, or across a chain of seas holding `p`'s
    /// ships (ship transport, research §3.4).
    pub fn land_reach(&self, r: &Rules, p: Player, from: u8) -> Vec<u8> {
        let mut out: Vec<u8> = Vec::new();
        let mut seen = vec![false; self.areas.len()];
        let mut stack: Vec<u8> = vec![from];
        seen[usize::from(from)] = true;
        while let Some(x) = stack.pop() {
            for &b in &r.areas[usize::from(x)].adj {
                let bi = usize::from(b);
                if seen[bi] {
                    continue;
                }
                if r.areas[bi].sea {
                    let sa = &self.areas[bi];
                    if sa.owner == p && sa.ship > 0 {
                        seen[bi] = true;
                        stack.push(b);
                    }
                } else {
                    seen[bi] = true;
                    out.push(b);
                }
            }
        }
        out.sort_unstable();
        out
    }

    /// Remove leaders left without units of their house (designed: killed by wildlings or supply losses count
    /// as executed, rulebook variant 4 last point).
    pub fn orphan_leaders(&mut self, r: &Rules, ev: &mut Ev) {
        for i in 0..self.leaders.len() {
            let l = &self.leaders[i];
            if l.dead || l.captor != NONE || l.area == NONE {
                continue;
            }
            let a = &self.areas[usize::from(l.area)];
            if a.owner != l.seat || a.units() == 0 {
                self.kill_leader(r, i, ev);
            }
        }
    }

    /// A leader dies (executed or killed): its token and matching house card leave the game.
    pub fn kill_leader(&mut self, r: &Rules, i: usize, ev: &mut Ev) {
        let Some(l) = self.leaders.get_mut(i) else { return };
        l.dead = true;
        l.area = NONE;
        l.captor = NONE;
        let (seat, card) = (l.seat, l.card);
        let bit = 1u8 << card;
        let s = &mut self.seats[usize::from(seat)];
        s.hand &= !bit;
        s.discard &= !bit;
        s.removed |= bit;
        if s.hand == 0 {
            s.hand = s.discard;
            s.discard = 0;
        }
        let house = s.house;
        note(ev, || {
            format!(
                "{} of {} dies; the card leaves the game",
                r.card(house, card).map_or("?", |c| &c.name),
                r.house_name(house)
            )
        });
    }
}
