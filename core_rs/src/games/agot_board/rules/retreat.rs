//! After a battle (research §3.5): where the loser may retreat and what supply costs it, the retreat or rout,
//! and the house cards discarded or taken back.

use super::super::content::{Rules, NONE};
use super::super::state::*;
use super::{note, Ev};
use crate::engine::Player;

impl AgotBoard {
    /// The units an army of `n` of seat `p` must lose to retreat into `dest` (leaving `from`, if it stands on the
    /// board): the fewest that let the rest fit the supply limit there (2E reference: "loses the fewest units").
    fn retreat_losses(&self, r: &Rules, p: Player, from: Option<u8>, n: u8, dest: u8) -> u8 {
        let leave = from.map(|a| (a, -i16::from(n)));
        for keep in (1..=n).rev() {
            let mut changes = vec![(dest, i16::from(keep))];
            changes.extend(leave);
            if self.supply_ok(r, p, &changes) {
                return n - keep;
            }
        }
        n
    }

    /// Where the loser (`side`) may retreat: adjacent or by ship from the battle area, own or empty, open, no
    /// neutral force; a defender not into the attacker's origin, an attacker also back to its origin. Of those,
    /// only the areas where the army loses the fewest units to supply, and never one where it loses them all.
    pub fn retreat_options(&self, r: &Rules, c: &Combat, side: usize) -> Vec<u8> {
        let p = c.seats[side];
        let area = c.area;
        let sea = r.areas[usize::from(area)].sea;
        let n: u8 = self.side_units(c, side).iter().sum();
        let mut cands: Vec<u8> = if sea { r.areas[usize::from(area)].adj.clone() } else { self.land_reach(r, p, area) };
        if side == 0 && !cands.contains(&c.from) {
            cands.push(c.from);
        }
        let from = (side == 1).then_some(area);
        let mut best = n;
        let mut out: Vec<(u8, u8)> = Vec::new();
        for d in cands {
            let t = &self.areas[usize::from(d)];
            let legal = d != area
                && (side == 0 || d != c.from)
                && r.areas[usize::from(d)].sea == sea
                && !t.closed
                && t.neutral == 0
                && (t.owner == p || t.owner == NONE);
            if !legal {
                continue;
            }
            let lost = self.retreat_losses(r, p, from, n, d);
            best = best.min(lost);
            out.push((d, lost));
        }
        let mut v: Vec<u8> = out.into_iter().filter(|&(_, lost)| lost == best && lost < n).map(|(d, _)| d).collect();
        v.sort_unstable();
        v
    }

    /// The loser's retreat to `dest` is settled: it first destroys (its own choice) the units beyond its supply.
    pub(super) fn begin_retreat(&mut self, r: &Rules, mut c: Combat, dest: u8, ev: &mut Ev) {
        let l = 1 - usize::from(c.winner);
        let n: u8 = self.side_units(&c, l).iter().sum();
        let from = (l == 1).then_some(c.area);
        c.casualties = self.retreat_losses(r, c.seats[l], from, n, dest);
        c.retreat_dest = dest;
        c.stage = CStage::RetreatLosses;
        if c.casualties > 0 {
            let (seat, k) = (c.seats[l], c.casualties);
            note(ev, || format!("{} loses {k} units to supply on the retreat", self.hname(r, seat)));
        }
        self.combat = Some(c);
    }

    /// The defender's survivors go to `dest` (NONE: they are destroyed), then the attacker takes the area.
    pub fn retreat_to(&mut self, r: &Rules, c: &mut Combat, dest: u8, ev: &mut Ev) {
        let def = c.seats[1];
        let area = c.area;
        let a = &self.areas[usize::from(area)];
        let u = [a.foot, a.knight, a.ship];
        if dest == NONE {
            self.capture_leaders(r, def, area, c.seats[0], ev);
        } else {
            self.enter(dest, def, u);
            if !c.no_rout {
                let t = &mut self.areas[usize::from(dest)];
                for (x, n) in t.routed.iter_mut().zip(u) {
                    *x += n;
                }
            }
            for l in self.leaders.iter_mut() {
                if !l.dead && l.captor == NONE && l.seat == def && l.area == area {
                    l.area = dest;
                }
            }
            note(ev, || format!("{} retreats to {}", self.hname(r, def), r.area_name(dest)));
        }
        let a = &mut self.areas[usize::from(area)];
        a.foot = 0;
        a.knight = 0;
        a.ship = 0;
        a.order = NONE;
        a.routed = [0; 3];
        a.owner = NONE;
        self.enter(area, c.seats[0], c.att);
        c.att = [0; 3];
    }

    /// A beaten attacker's units go, routed, to `dest` (its origin, or where Maege sends them).
    pub(super) fn attacker_retreats_to(&mut self, r: &Rules, c: &mut Combat, dest: u8, ev: &mut Ev) {
        let att = c.seats[0];
        if c.att.iter().sum::<u8>() == 0 {
            self.capture_leaders(r, att, c.area, c.seats[1], ev);
            return;
        }
        self.enter(dest, att, c.att);
        if !c.no_rout {
            let t = &mut self.areas[usize::from(dest)];
            for (x, n) in t.routed.iter_mut().zip(c.att) {
                *x += n;
            }
        }
        for l in self.leaders.iter_mut() {
            if !l.dead && l.captor == NONE && l.seat == att && l.area == c.area {
                l.area = dest;
            }
        }
        c.att = [0; 3];
        note(ev, || format!("{} falls back to {}", self.hname(r, att), r.area_name(dest)));
    }

    /// Discard the played cards; a house that has played all its cards takes back all but the last one.
    pub(super) fn finish_combat(&mut self, _r: &Rules, c: &Combat) {
        for side in 0..2 {
            let card = c.cards[side];
            if card >= 7 {
                continue;
            }
            let bit = 1u8 << card;
            let s = &mut self.seats[usize::from(c.seats[side])];
            if s.hand & bit == 0 {
                continue;
            }
            s.hand &= !bit;
            s.discard |= bit;
            if s.hand == 0 {
                s.hand = s.discard & !bit;
                s.discard = bit;
                if s.hand == 0 {
                    s.hand = bit;
                    s.discard = 0;
                }
            }
        }
    }
}
