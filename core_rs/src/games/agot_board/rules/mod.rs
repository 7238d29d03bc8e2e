//! The rules: `setup`, the step machine (`advance`), every decision as an action (`legal`/`play`), and the
//! phases in their own files: `westeros` (cards, bidding, wildlings, supply, executions), `planning` (orders,
//! Raven), `actions` (raid, march, consolidate, muster), `combat`.

pub mod actions;
pub mod combat;
pub mod planning;
pub mod westeros;

use super::content::{Castle, Rules, NONE};
use super::state::*;
use crate::engine::{Action, Events, Illegal, Player, PlayerSet, SetupError};
use crate::rng::Rng;

// Action codes: kind << 16 | payload (stable for VERSION).
pub const K_PASS: u32 = 1;
pub const K_PLACE: u32 = 2;
pub const K_TACTIC: u32 = 3;
pub const K_BID: u32 = 4;
pub const K_RAVEN: u32 = 5;
pub const K_RAID: u32 = 6;
pub const K_MARCH: u32 = 7;
pub const K_MOVE: u32 = 8;
pub const K_END: u32 = 9;
pub const K_CARD: u32 = 10;
pub const K_CP: u32 = 11;
pub const K_MUSTER: u32 = 12;
pub const K_CHOOSE: u32 = 13;
pub const K_RESET: u32 = 14;
/// Done / lock orders / pass.
pub const PASS: Action = K_PASS << 16;
/// Leader moves use unit codes from here on (unit = LEADER_UNIT + leader index).
pub const LEADER_UNIT: u32 = 16;
/// "No card" marker in combat card slots (a Tyrion victim with an empty hand).
pub const NO_CARD: u8 = 254;

pub fn code(kind: u32, payload: u32) -> Action {
    (kind << 16) | (payload & 0xFFFF)
}

pub type Ev = Events<Event>;

/// Emit a public line of narration, built only if the sink is enabled.
pub fn note(ev: &mut Ev, f: impl FnOnce() -> String) {
    ev.public(|| Event::Note { text: f() });
}

impl AgotBoard {
    /// Set up a match (research §3.11; absent houses per player count; options per the rulebook).
    pub fn setup(r: &Rules, players: u8, seed: u64) -> Result<Self, SetupError> {
        let idx = usize::from(players.saturating_sub(3));
        let houses = r.seats_by_players.get(idx).ok_or(SetupError::Players {
            game: "agot-board",
            min: 3,
            max: 5,
            got: players,
        })?;
        if houses.len() != usize::from(players) {
            return Err(SetupError::Content(format!("{players} players need {players} houses")));
        }
        let mut rng = Rng::new(seed);
        let mut areas: Vec<Area> = r
            .areas
            .iter()
            .map(|_| Area {
                owner: NONE,
                foot: 0,
                knight: 0,
                ship: 0,
                routed: [0; 3],
                token: false,
                neutral: 0,
                closed: false,
                order: NONE,
            })
            .collect();
        let mut seats = Vec::new();
        for (s, &h) in houses.iter().enumerate() {
            let house = &r.houses[usize::from(h)];
            for &(a, f, k, sh) in &house.units {
                let ar = &mut areas[usize::from(a)];
                ar.owner = s as u8;
                ar.foot += f;
                ar.knight += k;
                ar.ship += sh;
            }
            seats.push(Seat {
                house: h,
                power: r.start_power,
                hand: 0x7F,
                discard: 0,
                removed: 0,
                supply: 0,
                tactics: ((1u16 << r.tactics.len()) - 1) as u8,
                tactic: NONE,
                locked: false,
                bid: NONE,
            });
        }
        for &(a, v) in r.neutral_always.iter().chain(r.neutral_by_players[idx].iter()) {
            areas[usize::from(a)].neutral = v;
        }
        for &a in &r.closed_by_players[idx] {
            areas[usize::from(a)].closed = true;
        }
        // Storm of Swords three-player game: Greyjoy's start becomes neutral forces with one more footman in each
        // area; Pyke and Flint's Finger may never be entered.
        if players == 3 && r.opts.sos_three_player {
            if let Some(h) = r.houses.get(usize::from(r.sos3_house)) {
                for &(a, f, k, sh) in &h.units {
                    let ar = &mut areas[usize::from(a)];
                    ar.neutral = f + 2 * k + sh + r.sos3_extra;
                    ar.closed = false;
                }
            }
            for &a in &r.sos3_closed {
                let ar = &mut areas[usize::from(a)];
                ar.closed = true;
                ar.neutral = 0;
            }
        }
        let mut leaders = Vec::new();
        if r.opts.leaders {
            // Variant 4: both leaders start in the house's home area; the three neutral tokens are 1 stronger.
            for (s, seat) in seats.iter().enumerate() {
                let h = usize::from(seat.house);
                for &card in &r.leaders[h] {
                    leaders.push(Leader { seat: s as u8, card, area: r.houses[h].home, captor: NONE, dead: false });
                }
            }
            for &a in &r.leader_bonus_areas {
                let ar = &mut areas[usize::from(a)];
                if ar.neutral > 0 {
                    ar.neutral += r.leader_bonus;
                }
            }
        }
        let track = |order: &[u8]| -> Vec<u8> {
            order.iter().filter_map(|h| houses.iter().position(|x| x == h).map(|s| s as u8)).collect()
        };
        let mut decks: [Vec<u8>; 3] = r.decks.clone();
        for d in decks.iter_mut() {
            rng.shuffle(d);
        }
        let mut wild_deck: Vec<u8> = (0..r.wild.len() as u8).collect();
        rng.shuffle(&mut wild_deck);
        let mut g = AgotBoard {
            rng,
            decisions: 0,
            round: 1,
            phase: Phase::Planning,
            pending: Pending::Auto,
            seats,
            areas,
            throne: track(&r.throne),
            fief: track(&r.fief),
            court: track(&r.court),
            throne_override: NONE,
            blade_used: false,
            threat: r.threat_start,
            decks,
            wild_deck,
            drawn: Vec::new(),
            resolved: 0,
            restrict: 0,
            orders_hidden: true,
            turn: 0,
            leaders,
            march: None,
            combat: None,
            bidding: None,
            muster: None,
            losses: None,
            wild_card: NONE,
            executions: Vec::new(),
            winner: NONE,
            final_scores: Vec::new(),
        };
        g.recount_supply(r);
        // Round 1 skips the Westeros phase (research §3.1).
        g.start_planning(r);
        let mut ev = Events::disabled();
        g.advance(r, &mut ev);
        Ok(g)
    }

    pub fn who_acts(&self) -> PlayerSet {
        let mut s = PlayerSet::EMPTY;
        match &self.pending {
            Pending::Auto | Pending::Over => {}
            Pending::Orders => {
                for (p, seat) in self.seats.iter().enumerate() {
                    if !seat.locked {
                        s.insert(p as Player);
                    }
                }
            }
            Pending::Bids => {
                for (p, seat) in self.seats.iter().enumerate() {
                    if seat.bid == NONE {
                        s.insert(p as Player);
                    }
                }
            }
            Pending::Cards => {
                if let Some(c) = &self.combat {
                    for side in 0..2 {
                        if c.cards[side] == NONE {
                            s.insert(c.seats[side]);
                        }
                    }
                }
            }
            Pending::Raven(p)
            | Pending::Raid(p)
            | Pending::March(p)
            | Pending::Moving(p)
            | Pending::Consolidate(p)
            | Pending::Muster(p)
            | Pending::Choice { seat: p, .. } => s.insert(*p),
        }
        s
    }

    pub fn legal(&self, r: &Rules, p: Player, out: &mut Vec<Action>) {
        if !self.who_acts().contains(p) {
            return;
        }
        match &self.pending {
            Pending::Orders => self.legal_orders(r, p, out),
            Pending::Raven(_) => self.legal_raven(r, p, out),
            Pending::Raid(_) => self.legal_raid(r, p, out),
            Pending::March(_) => {
                for (a, ar) in self.areas.iter().enumerate() {
                    if ar.owner == p && matches!(okind(ar.order), Some(OKind::March(_))) {
                        out.push(code(K_MARCH, a as u32));
                    }
                }
            }
            Pending::Moving(_) => self.legal_moving(r, p, out),
            Pending::Consolidate(_) => self.legal_consolidate(r, p, out),
            Pending::Muster(_) => {
                for o in self.muster_options(r, p) {
                    out.push(code(K_MUSTER, o));
                }
                out.push(PASS);
            }
            Pending::Bids => {
                let power = self.seats[usize::from(p)].power;
                for b in 0..=power {
                    out.push(code(K_BID, u32::from(b)));
                }
            }
            Pending::Cards => self.legal_cards(p, out),
            Pending::Choice { options, .. } => {
                for &o in options {
                    out.push(code(K_CHOOSE, u32::from(o)));
                }
            }
            Pending::Auto | Pending::Over => {}
        }
    }

    /// Validate (the action must be legal now), then mutate, then run the engine to the next decision.
    pub fn play(&mut self, r: &Rules, p: Player, a: Action, ev: &mut Ev) -> Result<(), Illegal> {
        let mut legal = Vec::new();
        self.legal(r, p, &mut legal);
        if !legal.contains(&a) {
            return Err(Illegal::new(format!("action {a} is not legal for seat {p} now")));
        }
        self.decisions += 1;
        let kind = a >> 16;
        let pay = a & 0xFFFF;
        match kind {
            K_PLACE | K_TACTIC => self.place(r, p, kind, pay),
            K_PASS => self.pass(r, p, ev),
            K_RAVEN => self.raven_swap(r, p, pay, ev),
            K_BID => {
                self.seats[usize::from(p)].bid = pay as u8;
                note(ev, || format!("{} commits a bid", self.hname(r, p)));
            }
            K_RAID => self.raid(r, p, pay, ev),
            K_MARCH => self.start_march(r, p, pay as u8, ev),
            K_MOVE => self.move_unit(r, pay),
            K_END => self.end_march(r, p, pay == 1, ev),
            K_RESET => self.reset_march(r),
            K_CARD => {
                if let Some(c) = self.combat.as_mut() {
                    let side = usize::from(c.seats[1] == p && c.cards[1] == NONE);
                    c.cards[side] = pay as u8;
                }
                note(ev, || format!("{} commits a house card", self.hname(r, p)));
            }
            K_CP => self.consolidate(r, p, pay, ev),
            K_MUSTER => self.muster(r, p, pay, ev),
            K_CHOOSE => self.choose(r, p, pay as u16, ev),
            _ => {}
        }
        self.advance(r, ev);
        Ok(())
    }

    fn pass(&mut self, r: &Rules, p: Player, ev: &mut Ev) {
        match self.pending {
            Pending::Orders => {
                self.seats[usize::from(p)].locked = true;
                note(ev, || format!("{} locks its orders", self.hname(r, p)));
            }
            Pending::Raven(_) => {
                self.phase = Phase::Raid;
                self.turn = 0;
                self.pending = Pending::Auto;
            }
            Pending::Muster(_) => self.next_muster(r),
            _ => {}
        }
    }

    pub fn hname<'a>(&self, r: &'a Rules, p: Player) -> &'a str {
        self.seats.get(usize::from(p)).map_or("?", |s| r.house_name(s.house))
    }

    /// Run automatic steps until someone must decide (or the game is over).
    pub fn advance(&mut self, r: &Rules, ev: &mut Ev) {
        if self.phase != Phase::Over && !matches!(self.pending, Pending::Orders | Pending::Bids | Pending::Cards) {
            self.pending = Pending::Auto;
        }
        // A simultaneous commit stays pending until every seat has committed.
        if self.pending != Pending::Auto && !self.who_acts().is_empty() {
            return;
        }
        self.pending = Pending::Auto;
        for _ in 0..10_000 {
            if self.pending != Pending::Auto {
                return;
            }
            self.step(r, ev);
        }
        // Unreachable in practice (every step progresses); end rather than spin.
        self.end_game(r);
    }

    fn step(&mut self, r: &Rules, ev: &mut Ev) {
        if self.phase == Phase::Over {
            self.pending = Pending::Over;
            return;
        }
        if self.losses.is_some() {
            return self.losses_step(r, ev);
        }
        if self.combat.is_some() {
            return self.combat_step(r, ev);
        }
        if self.muster.is_some() {
            return self.muster_step(r);
        }
        if self.bidding.is_some() {
            return self.bidding_step(r, ev);
        }
        if let Some(&s) = self.executions.first() {
            return self.execution_step(r, s);
        }
        if self.march.is_none() {
            if let Some(w) = self.immediate_winner(r) {
                self.winner = w;
                note(ev, || format!("{} wins at once", self.hname(r, w)));
                self.end_game(r);
                return;
            }
        }
        match self.phase {
            Phase::Westeros => self.westeros_step(r, ev),
            Phase::Planning => {
                if self.seats.iter().all(|s| s.locked) {
                    self.reveal_orders(r, ev);
                } else {
                    self.pending = Pending::Orders;
                }
            }
            Phase::Raven => {
                let holder = self.court.first().copied().unwrap_or(0);
                self.pending = Pending::Raven(holder);
            }
            Phase::Raid | Phase::March | Phase::Consolidate => self.action_turn(r, ev),
            Phase::Over => self.pending = Pending::Over,
        }
    }

    /// Whose turn it is in the current action step (Iron Throne order, one order each, cycling; research §3.4).
    fn action_turn(&mut self, r: &Rules, ev: &mut Ev) {
        if self.march.is_some() {
            if let Some(m) = &self.march {
                self.pending = Pending::Moving(m.seat);
            }
            return;
        }
        let n = self.throne.len();
        for i in 0..n {
            let s = self.throne[(usize::from(self.turn) + i) % n];
            let has = self.areas.iter().any(|a| {
                a.owner == s
                    && matches!(
                        (self.phase, okind(a.order)),
                        (Phase::Raid, Some(OKind::Raid))
                            | (Phase::March, Some(OKind::March(_)))
                            | (Phase::Consolidate, Some(OKind::Consolidate))
                    )
            });
            if has {
                self.turn = ((usize::from(self.turn) + i + 1) % n) as u8;
                self.pending = match self.phase {
                    Phase::Raid => Pending::Raid(s),
                    Phase::March => Pending::March(s),
                    _ => Pending::Consolidate(s),
                };
                return;
            }
        }
        self.turn = 0;
        match self.phase {
            Phase::Raid => self.phase = Phase::March,
            Phase::March => self.phase = Phase::Consolidate,
            _ => self.cleanup(r, ev),
        }
    }

    /// Clean-up (research §3.4 step 4): orders off, routed units stand, the Blade is ready; next round.
    fn cleanup(&mut self, r: &Rules, ev: &mut Ev) {
        for a in &mut self.areas {
            a.order = NONE;
            a.routed = [0; 3];
        }
        self.blade_used = false;
        if self.round >= r.rounds {
            self.end_game(r);
            note(ev, || "round 10 is over: the game ends".into());
            return;
        }
        self.round += 1;
        self.phase = Phase::Westeros;
        self.drawn.clear();
        self.resolved = 0;
        note(ev, || format!("round {}", self.round));
    }

    // ---- shared helpers ----

    pub fn end_game(&mut self, r: &Rules) {
        self.phase = Phase::Over;
        self.pending = Pending::Over;
        self.final_scores = (0..self.n()).map(|p| self.score(r, p)).collect();
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

    pub fn tactic_is(&self, r: &Rules, p: Player, t: super::content::Tactic) -> bool {
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
        let bonus = u8::from(self.tactic_is(r, p, super::content::Tactic::ManageTroops));
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

    fn immediate_winner(&self, r: &Rules) -> Option<Player> {
        (0..self.n()).find(|&p| {
            if r.opts.sos_victory {
                self.claims_of(r, p) >= r.win_claims
            } else {
                self.castles_of(r, p) >= r.win_castles
            }
        })
    }

    /// Final score with every tie-break folded in (rulebook "Победа в игре" for claims; research §3.10 1E
    /// order otherwise).
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
