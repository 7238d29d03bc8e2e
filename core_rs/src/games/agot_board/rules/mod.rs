//! The rules: `setup`, the step machine (`advance`), every decision as an action (`legal`/`play`), and the
//! phases in their own files: `westeros` (cards, bidding, wildlings, supply, executions), `planning` (orders,
//! Raven), `actions` (raid, march, consolidate, muster), `combat` (battles) with `abilities` (house-card
//! texts), and `board` (scores, supply, transport, leaders).

pub mod abilities;
pub mod actions;
pub mod board;
pub mod combat;
pub mod planning;
mod retreat;
mod strength;
pub mod westeros;

use super::content::{Rules, NONE};
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
        let mut areas = vec![Area::EMPTY; r.areas.len()];
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
        // Storm of Swords three-player game («Игра с тремя игроками»): Greyjoy's starting units are placed as usual
        // and act as neutral forces, with one more footman in each land area Greyjoy holds; a ship stays a neutral
        // force at sea (strength 1) and gets no footman, which cannot stand there. Pyke and Flint's Finger may
        // never be entered.
        if players == 3 && r.opts.sos_three_player {
            if let Some(h) = r.houses.get(usize::from(r.sos3_house)) {
                for &(a, f, k, s) in &h.units {
                    let ar = &mut areas[usize::from(a)];
                    ar.neutral = if r.is_land(a) { f + 2 * k + r.sos3_extra } else { s };
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
            final_points: Vec::new(),
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
}
