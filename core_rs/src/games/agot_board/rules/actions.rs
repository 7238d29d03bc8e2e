//! Action phase (research §3.4): raids, marches (with ship transport and at most one battle), consolidate
//! power (★: muster instead), and mustering (research §3.7), which the Mustering card also uses.

use super::super::content::{Castle, Rules, Tactic, NONE};
use super::super::state::*;
use super::{code, note, Ev, K_CP, K_END, K_MOVE, K_RAID, K_RESET, LEADER_UNIT};
use crate::engine::{Action, Player};

const UNIT_NAMES: [&str; 3] = ["footman", "knight", "ship"];

impl AgotBoard {
    // ---- raid ----

    pub fn legal_raid(&self, r: &Rules, p: Player, out: &mut Vec<Action>) {
        for (a, ar) in self.areas.iter().enumerate() {
            if ar.owner != p || !matches!(okind(ar.order), Some(OKind::Raid)) {
                continue;
            }
            let special = ar.order == 8 || self.tactic_is(r, p, Tactic::RaidingParties);
            for &b in &r.areas[a].adj {
                let t = &self.areas[usize::from(b)];
                if t.owner == p || t.owner == NONE || t.order == NONE {
                    continue;
                }
                // Land units cannot raid sea areas.
                if !r.areas[a].sea && r.areas[usize::from(b)].sea {
                    continue;
                }
                let ok = match okind(t.order) {
                    Some(OKind::Support(_) | OKind::Raid | OKind::Consolidate) => true,
                    Some(OKind::Defense(_)) => special,
                    _ => false,
                };
                if ok {
                    out.push(code(K_RAID, (a as u32) << 8 | u32::from(b)));
                }
            }
            out.push(code(K_RAID, (a as u32) << 8 | u32::from(NONE)));
        }
    }

    pub fn raid(&mut self, r: &Rules, p: Player, pay: u32, ev: &mut Ev) {
        let (a, b) = ((pay >> 8) as u8, (pay & 0xFF) as u8);
        self.areas[usize::from(a)].order = NONE;
        if b == NONE {
            note(ev, || format!("{} removes its raid in {}", self.hname(r, p), r.area_name(a)));
            return;
        }
        let victim = self.areas[usize::from(b)].owner;
        let was = self.areas[usize::from(b)].order;
        self.areas[usize::from(b)].order = NONE;
        // Raiding Consolidate Power: the raider gains 1 power, the victim loses 1 (research §3.4, 2E).
        if matches!(okind(was), Some(OKind::Consolidate)) {
            self.gain_power(r, p, 1);
            self.lose_power(victim, 1);
        }
        note(ev, || {
            format!(
                "{} raids from {} and removes {}'s {} in {}",
                self.hname(r, p),
                r.area_name(a),
                self.hname(r, victim),
                ORDER_NAMES[usize::from(was)],
                r.area_name(b)
            )
        });
    }

    // ---- march ----

    pub fn start_march(&mut self, r: &Rules, p: Player, a: u8, ev: &mut Ev) {
        let ar = &mut self.areas[usize::from(a)];
        let modifier = match okind(ar.order) {
            Some(OKind::March(m)) => m,
            _ => 0,
        };
        ar.order = NONE;
        // Routed units stay behind (designed: a routed unit neither fights, supports nor marches).
        let left = ar.standing();
        self.march = Some(MarchCtx {
            seat: p,
            from: a,
            modifier,
            left,
            moves: Vec::new(),
            leaders: Vec::new(),
            attack: NONE,
            taken_back: Vec::new(),
        });
        note(ev, || format!("{} marches from {}", self.hname(r, p), r.area_name(a)));
    }

    /// Strength a march brings against a neutral force: units, modifier, leaders and the marching house's own
    /// adjacent support orders (designed simplification: no support declarations against neutrals).
    fn neutral_strength(&self, r: &Rules, m: &MarchCtx) -> i16 {
        let Some((_, u)) = m.moves.iter().find(|(d, _)| *d == m.attack) else { return 0 };
        let mut s = i16::from(u[0]) + 2 * i16::from(u[1]) + i16::from(u[2]) + i16::from(m.modifier);
        s += m.leaders.iter().filter(|(_, d)| *d == m.attack).count() as i16 * i16::from(r.leader_strength);
        for &b in &r.areas[usize::from(m.attack)].adj {
            let x = &self.areas[usize::from(b)];
            let u = x.standing();
            if b != m.from && x.owner == m.seat && u.iter().any(|&n| n > 0) {
                if let Some(OKind::Support(bonus)) = okind(x.order) {
                    s += i16::from(u[0]) + 2 * i16::from(u[1]) + i16::from(u[2]) + i16::from(bonus);
                }
            }
        }
        s
    }

    fn end_legal(&self, r: &Rules, m: &MarchCtx) -> bool {
        let routed: u8 = self.areas[usize::from(m.from)].routed.iter().sum();
        let total_left: u8 = m.left.iter().sum::<u8>() + routed;
        let stranded = self.leaders.iter().enumerate().any(|(i, l)| {
            !l.dead
                && l.captor == NONE
                && l.area == m.from
                && l.seat == m.seat
                && total_left == 0
                && !m.leaders.iter().any(|(j, _)| usize::from(*j) == i)
        });
        if stranded {
            return false;
        }
        if m.attack != NONE {
            let n = self.areas[usize::from(m.attack)].neutral;
            if n > 0 && self.neutral_strength(r, m) < i16::from(n) {
                return false;
            }
        }
        true
    }

    pub fn legal_moving(&self, r: &Rules, p: Player, out: &mut Vec<Action>) {
        let Some(m) = &self.march else { return };
        let from = usize::from(m.from);
        let land = !r.areas[from].sea;
        let dests: Vec<u8> = if land { self.land_reach(r, p, m.from) } else { r.areas[from].adj.clone() };
        for u in 0..3u8 {
            if m.left[usize::from(u)] == 0 {
                continue;
            }
            for &d in &dests {
                let dd = &r.areas[usize::from(d)];
                if dd.sea == land || self.areas[usize::from(d)].closed || m.taken_back.contains(&d) {
                    continue;
                }
                let t = &self.areas[usize::from(d)];
                let hostile = (t.owner != p && t.owner != NONE && t.units() > 0) || t.neutral > 0;
                if hostile && m.attack != NONE && m.attack != d {
                    continue;
                }
                let mut changes: Vec<(u8, i16)> = vec![(m.from, -1)];
                for (x, us) in &m.moves {
                    let moved: i16 = us.iter().map(|v| i16::from(*v)).sum();
                    changes.push((m.from, -moved));
                    changes.push((*x, moved));
                }
                changes.push((d, 1));
                if !self.supply_ok(r, p, &changes) {
                    continue;
                }
                out.push(code(K_MOVE, u32::from(u) << 8 | u32::from(d)));
            }
        }
        for (i, l) in self.leaders.iter().enumerate() {
            if l.dead || l.captor != NONE || l.seat != p || l.area != m.from {
                continue;
            }
            if m.leaders.iter().any(|(j, _)| usize::from(*j) == i) {
                continue;
            }
            for (d, _) in &m.moves {
                out.push(code(K_MOVE, (LEADER_UNIT + i as u32) << 8 | u32::from(*d)));
            }
        }
        if self.end_legal(r, m) {
            out.push(code(K_END, 0));
            let land_left: u8 = m.left.iter().sum::<u8>() + self.areas[from].routed.iter().sum::<u8>();
            let seat = &self.seats[usize::from(p)];
            let has_token = self.areas[from].token;
            if land && land_left == 0 && !m.moves.is_empty() && seat.power > 0 && !has_token {
                out.push(code(K_END, 1));
            }
        } else {
            out.push(code(K_RESET, 0));
        }
    }

    pub fn move_unit(&mut self, r: &Rules, pay: u32) {
        let (u, d) = (pay >> 8, (pay & 0xFF) as u8);
        let hostile = {
            let t = &self.areas[usize::from(d)];
            let seat = self.march.as_ref().map_or(NONE, |m| m.seat);
            (t.owner != seat && t.owner != NONE && t.units() > 0) || t.neutral > 0
        };
        let _ = r;
        let Some(m) = self.march.as_mut() else { return };
        if u >= LEADER_UNIT {
            m.leaders.push(((u - LEADER_UNIT) as u8, d));
            return;
        }
        let u = u as usize;
        m.left[u] -= 1;
        if hostile {
            m.attack = d;
        }
        if let Some((_, us)) = m.moves.iter_mut().find(|(x, _)| *x == d) {
            us[u] += 1;
        } else {
            let mut us = [0u8; 3];
            us[u] = 1;
            m.moves.push((d, us));
        }
    }

    pub fn reset_march(&mut self, _r: &Rules) {
        if let Some(m) = self.march.as_mut() {
            m.left = self.areas[usize::from(m.from)].standing();
            // Taking moves back gives up their areas for this march: each take-back closes at least one area,
            // so a march (and a match) ends whatever the players do.
            for &(d, _) in &m.moves {
                if !m.taken_back.contains(&d) {
                    m.taken_back.push(d);
                }
            }
            m.moves.clear();
            m.leaders.clear();
            m.attack = NONE;
        }
    }

    pub fn end_march(&mut self, r: &Rules, p: Player, token: bool, ev: &mut Ev) {
        let Some(m) = self.march.take() else { return };
        let from = usize::from(m.from);
        // Units leave the origin.
        {
            let a = &mut self.areas[from];
            a.foot = m.left[0] + a.routed[0];
            a.knight = m.left[1] + a.routed[1];
            a.ship = m.left[2] + a.routed[2];
            if a.units() == 0 {
                a.order = NONE;
                if token {
                    a.token = true;
                    self.seats[usize::from(p)].power -= 1;
                } else if !a.token {
                    a.owner = NONE;
                }
            }
        }
        for &(li, d) in &m.leaders {
            if let Some(l) = self.leaders.get_mut(usize::from(li)) {
                l.area = d;
            }
        }
        note(ev, || {
            let parts: Vec<String> =
                m.moves.iter().map(|(d, u)| format!("{}F {}K {}S to {}", u[0], u[1], u[2], r.area_name(*d))).collect();
            format!("{} moves {}", self.hname(r, p), if parts.is_empty() { "nothing".into() } else { parts.join(", ") })
        });
        for &(d, u) in &m.moves {
            if d == m.attack {
                continue;
            }
            self.enter(d, p, u);
        }
        if m.attack != NONE {
            if let Some(&(_, u)) = m.moves.iter().find(|(d, _)| *d == m.attack) {
                self.attack(r, p, m.from, m.attack, u, m.modifier, ev);
            }
        }
        // No supply recount here: the Supply track moves only when a Supply card resolves (research §6.1).
    }

    /// Units enter an area they now control (taking any enemy power token away).
    pub fn enter(&mut self, d: u8, p: Player, u: [u8; 3]) {
        let t = &mut self.areas[usize::from(d)];
        if t.owner != p {
            t.token = false;
            t.order = NONE;
            t.routed = [0; 3];
        }
        t.owner = p;
        t.foot += u[0];
        t.knight += u[1];
        t.ship += u[2];
    }

    #[allow(clippy::too_many_arguments)]
    fn attack(&mut self, r: &Rules, p: Player, from: u8, d: u8, u: [u8; 3], modifier: i8, ev: &mut Ev) {
        let t = &self.areas[usize::from(d)];
        if t.neutral > 0 {
            note(ev, || format!("{} defeats the neutral force in {}", self.hname(r, p), r.area_name(d)));
            self.areas[usize::from(d)].neutral = 0;
            self.enter(d, p, u);
            return;
        }
        let def = t.owner;
        if t.routed.iter().any(|&n| n > 0) {
            // Routed units attacked again are destroyed (research §3.5 step 7); standing ones still fight.
            note(ev, || format!("routed {} units in {} are destroyed", self.hname(r, def), r.area_name(d)));
            let a = &mut self.areas[usize::from(d)];
            a.foot -= a.routed[0];
            a.knight -= a.routed[1];
            a.ship -= a.routed[2];
            a.routed = [0; 3];
            if a.units() == 0 {
                a.order = NONE;
                self.capture_leaders(r, def, d, p, ev);
                self.enter(d, p, u);
                return;
            }
        }
        note(ev, || format!("battle in {}: {} attacks {}", r.area_name(d), self.hname(r, p), self.hname(r, def)));
        self.combat = Some(Combat {
            area: d,
            from,
            seats: [p, def],
            att: u,
            modifier,
            support: vec![NONE; self.seats.len()],
            cards: [NONE, NONE],
            stage: CStage::Support,
            sub: 0,
            bonus: [0, 0],
            swords: [0, 0],
            forts: [0, 0],
            card_zero: [false, false],
            cancelled: [false, false],
            blade: [false, false],
            totals: [0, 0],
            winner: NONE,
            casualties: 0,
            no_rout: false,
            both_retreat: false,
            early: false,
            retreat_dest: NONE,
            done: [false, false],
            tyrion_used: false,
            aeron_used: false,
            forbid: [NONE, NONE],
        });
    }

    /// Leaders of `loser` in area `a` with no units left there are taken prisoner by `winner` (designed capture).
    pub fn capture_leaders(&mut self, r: &Rules, loser: Player, a: u8, winner: Player, ev: &mut Ev) {
        for l in self.leaders.iter_mut() {
            if !l.dead && l.captor == NONE && l.seat == loser && l.area == a {
                l.area = NONE;
                l.captor = winner;
                let (house, card) = (self.seats[usize::from(loser)].house, l.card);
                let wh = self.seats[usize::from(winner)].house;
                ev.public(|| Event::Note {
                    text: format!(
                        "{} is taken prisoner by {}",
                        r.card(house, card).map_or("?", |c| &c.name),
                        r.house_name(wh)
                    ),
                });
            }
        }
    }

    // ---- consolidate power ----

    pub fn legal_consolidate(&self, r: &Rules, p: Player, out: &mut Vec<Action>) {
        for (a, ar) in self.areas.iter().enumerate() {
            if ar.owner == p && matches!(okind(ar.order), Some(OKind::Consolidate)) {
                out.push(code(K_CP, (a as u32) << 1));
                if ar.order == 10 && r.areas[a].castle != Castle::None {
                    out.push(code(K_CP, (a as u32) << 1 | 1));
                }
            }
        }
    }

    pub fn consolidate(&mut self, r: &Rules, p: Player, pay: u32, ev: &mut Ev) {
        let a = (pay >> 1) as u8;
        self.areas[usize::from(a)].order = NONE;
        if pay & 1 == 1 {
            let pts = if r.areas[usize::from(a)].castle == Castle::Stronghold { 2 } else { 1 };
            self.muster = Some(MusterCtx { queue: vec![p], areas: vec![(a, pts)] });
            note(ev, || format!("{} musters in {} instead of consolidating", self.hname(r, p), r.area_name(a)));
            return;
        }
        // At sea the order gives nothing (the 2E reference: no power for Consolidate Power in a sea area); on
        // land 1 + crowns, and Tax Collectors adds 1 to each order that gives power.
        let gain = if r.areas[usize::from(a)].sea {
            0
        } else {
            1 + r.areas[usize::from(a)].power + u8::from(self.tactic_is(r, p, Tactic::TaxCollectors))
        };
        self.gain_power(r, p, gain);
        note(ev, || format!("{} consolidates power in {} (+{gain})", self.hname(r, p), r.area_name(a)));
    }

    // ---- mustering (research §3.7) ----

    pub fn muster_areas(&self, r: &Rules, p: Player) -> Vec<(u8, u8)> {
        self.areas
            .iter()
            .zip(&r.areas)
            .enumerate()
            .filter(|(_, (a, d))| a.owner == p && d.castle != Castle::None)
            .map(|(i, (_, d))| (i as u8, if d.castle == Castle::Stronghold { 2 } else { 1 }))
            .collect()
    }

    pub fn start_muster_all(&mut self, r: &Rules) {
        let queue = self.throne.clone();
        let areas = queue.first().map(|&p| self.muster_areas(r, p)).unwrap_or_default();
        self.muster = Some(MusterCtx { queue, areas });
    }

    pub fn next_muster(&mut self, r: &Rules) {
        let next = {
            let Some(m) = self.muster.as_mut() else { return };
            if !m.queue.is_empty() {
                m.queue.remove(0);
            }
            m.queue.first().copied()
        };
        let areas = next.map(|p| self.muster_areas(r, p)).unwrap_or_default();
        if let Some(m) = self.muster.as_mut() {
            m.areas = areas;
        }
    }

    pub fn muster_step(&mut self, r: &Rules) {
        let Some(p) = self.muster.as_ref().and_then(|m| m.queue.first().copied()) else {
            self.muster = None;
            return;
        };
        if self.muster_options(r, p).is_empty() {
            self.next_muster(r);
        } else {
            self.pending = Pending::Muster(p);
        }
    }

    /// Options: area << 8 | opt (0 footman, 1 knight, 2 footman→knight, 3 + j ship into the j-th neighbour).
    pub fn muster_options(&self, r: &Rules, p: Player) -> Vec<u32> {
        let mut out = Vec::new();
        let Some(m) = &self.muster else { return out };
        if m.queue.first() != Some(&p) {
            return out;
        }
        let have = self.units_of(p);
        for &(a, pts) in &m.areas {
            let ar = &self.areas[usize::from(a)];
            if pts == 0 || ar.owner != p {
                continue;
            }
            let base = u32::from(a) << 8;
            let grow = self.supply_ok(r, p, &[(a, 1)]);
            if have[0] < r.pool[0] && grow {
                out.push(base);
            }
            if pts >= 2 && have[1] < r.pool[1] && grow {
                out.push(base | 1);
            }
            if ar.foot > 0 && have[1] < r.pool[1] {
                out.push(base | 2);
            }
            if have[2] < r.pool[2] {
                for (j, &s) in r.areas[usize::from(a)].adj.iter().enumerate() {
                    let sa = &self.areas[usize::from(s)];
                    let free = sa.owner == p || (sa.owner == NONE && sa.neutral == 0);
                    if r.areas[usize::from(s)].sea && free && !sa.closed && self.supply_ok(r, p, &[(s, 1)]) {
                        out.push(base | (3 + j as u32));
                    }
                }
            }
        }
        out
    }

    pub fn muster(&mut self, r: &Rules, p: Player, pay: u32, ev: &mut Ev) {
        let (a, opt) = ((pay >> 8) as u8, pay & 0xFF);
        let cost = if opt == 1 { 2 } else { 1 };
        if let Some(m) = self.muster.as_mut() {
            if let Some(e) = m.areas.iter_mut().find(|(x, _)| *x == a) {
                e.1 = e.1.saturating_sub(cost);
            }
        }
        let what = match opt {
            0 => {
                self.areas[usize::from(a)].foot += 1;
                "a footman".to_string()
            }
            1 => {
                self.areas[usize::from(a)].knight += 1;
                "a knight".to_string()
            }
            2 => {
                let ar = &mut self.areas[usize::from(a)];
                ar.foot -= 1;
                ar.knight += 1;
                ar.clamp_routed();
                "a knight from a footman".to_string()
            }
            _ => {
                let s = r.areas[usize::from(a)].adj[(opt - 3) as usize];
                self.enter(s, p, [0, 0, 1]);
                format!("a ship in {}", r.area_name(s))
            }
        };
        note(ev, || format!("{} musters {} at {}", self.hname(r, p), what, r.area_name(a)));
    }

    pub fn unit_name(u: usize) -> &'static str {
        UNIT_NAMES.get(u).copied().unwrap_or("unit")
    }
}
