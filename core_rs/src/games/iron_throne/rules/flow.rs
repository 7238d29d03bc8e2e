//! The turn machine: `advance` runs every automatic step until a decision is needed (pp. 4–7), plus the
//! small moves every rule uses (drawing, crowns, death, influence, end of game).

use super::super::content::{Rules, Window};
use super::super::state::{
    card_kind, CardKind, Event, IronThrone, Pending, Step, Task, HAND_SIZE, INFLUENCE_TOKENS, NONE, NO_CARD, TURN_LIMIT,
};
use crate::engine::{Events, Player, PlayerSet};

pub const W_BEFORE_TURN: u8 = 0;
pub const W_BEFORE_COMMIT: u8 = 1;
pub const W_AFTER_REVEAL: u8 = 2;
pub const W_AFTER_RESOLUTION: u8 = 3;

pub fn window_of(w: u8) -> Window {
    match w {
        W_BEFORE_TURN => Window::BeforeTurn,
        W_BEFORE_COMMIT => Window::BeforeCommit,
        W_AFTER_REVEAL => Window::AfterReveal,
        _ => Window::AfterResolution,
    }
}

impl IronThrone {
    /// Draw `k` cards; an empty deck is rebuilt from the shuffled discard pile (p. 11 "Cărțile de Casă").
    pub fn draw(&mut self, p: Player, k: u8, ev: &mut Events<Event>) {
        let mut got = Vec::new();
        for _ in 0..k {
            if let Some(c) = self.pop_top(p, ev) {
                if let Some(s) = self.seats.get_mut(usize::from(p)) {
                    s.hand.push(c);
                }
                if ev.is_enabled() {
                    got.push(c);
                }
            }
        }
        if !got.is_empty() || (k > 0 && ev.is_enabled()) {
            let n = got.len() as u8;
            ev.public(|| Event::Drew { seat: p, n });
            ev.private(PlayerSet::single(p), || Event::DrewCards { seat: p, cards: got });
        }
    }

    /// The top card of `p`'s deck, reshuffling the discard pile into a new deck when empty.
    pub fn pop_top(&mut self, p: Player, ev: &mut Events<Event>) -> Option<u8> {
        let s = self.seats.get_mut(usize::from(p))?;
        if s.deck.is_empty() && !s.discard.is_empty() {
            std::mem::swap(&mut s.deck, &mut s.discard);
            self.rng.shuffle(&mut s.deck);
            ev.public(|| Event::Reshuffled { seat: p });
        }
        s.deck.pop()
    }

    /// Remove up to `k` crowns from character `c` onto its house's leader sheet (p. 11 "Putere"); 0 crowns
    /// kills it (p. 9 "Moartea personajelor").
    pub fn remove_crowns(&mut self, p: Player, c: u8, k: u8, ev: &mut Events<Event>) {
        let Some(s) = self.seats.get_mut(usize::from(p)) else { return };
        if !s.is_alive(c) {
            return;
        }
        let cur = s.crowns[usize::from(c)];
        let n = k.min(cur);
        s.crowns[usize::from(c)] = cur - n;
        s.sheet = s.sheet.saturating_add(n);
        ev.public(|| Event::CrownsRemoved { seat: p, ch: c, n });
        if cur == n {
            self.kill(p, c, ev);
        }
    }

    pub fn kill(&mut self, p: Player, c: u8, ev: &mut Events<Event>) {
        if let Some(s) = self.seats.get_mut(usize::from(p)) {
            if s.is_alive(c) {
                s.alive &= !(1 << c);
                s.dead |= 1 << c;
                s.sheet = s.sheet.saturating_add(s.crowns[usize::from(c)]);
                s.crowns[usize::from(c)] = 0;
                ev.public(|| Event::Died { seat: p, ch: c });
            }
        }
    }

    /// Move one crown from the leader sheet onto living character `c` (allocating power, p. 11).
    pub fn place_crown(&mut self, p: Player, c: u8, ev: &mut Events<Event>) {
        if let Some(s) = self.seats.get_mut(usize::from(p)) {
            if s.sheet > 0 && s.is_alive(c) {
                s.sheet -= 1;
                s.crowns[usize::from(c)] = s.crowns[usize::from(c)].saturating_add(1);
                ev.public(|| Event::CrownPlaced { seat: p, ch: c });
            }
        }
    }

    /// Crowns removed from a leader sheet leave the game (p. 11 "Putere").
    pub fn sheet_to_box(&mut self, p: Player, k: u8, ev: &mut Events<Event>) {
        if let Some(s) = self.seats.get_mut(usize::from(p)) {
            let n = k.min(s.sheet);
            s.sheet -= n;
            if n > 0 {
                ev.public(|| Event::CrownsToBox { seat: p, n });
            }
        }
    }

    /// `p` places one influence token on `onto`'s board, if any is left (p. 8 "Câștigarea jocului").
    pub fn spread(&mut self, p: Player, onto: Player, ev: &mut Events<Event>) {
        if p == onto || usize::from(onto) >= self.seats.len() {
            return;
        }
        if let Some(s) = self.seats.get_mut(usize::from(p)) {
            if s.tokens_left() > 0 {
                s.influence[usize::from(onto)] += 1;
                ev.public(|| Event::Spread { from: p, onto });
            }
        }
    }

    pub fn can_allocate(&self, p: Player) -> bool {
        self.seats.get(usize::from(p)).is_some_and(|s| s.sheet > 0 && s.alive != 0)
    }

    /// The game ends when a player has spread all 5 tokens or all 4 characters of a house are dead (p. 8).
    pub fn check_end(&mut self, ev: &mut Events<Event>) -> bool {
        if self.step == Step::Over {
            return true;
        }
        if self.step == Step::Leaders {
            return false;
        }
        let done = self.turn >= TURN_LIMIT
            || self.seats.iter().any(|s| s.spread() >= INFLUENCE_TOKENS || (s.revealed && s.alive == 0));
        if done {
            self.step = Step::Over;
            self.pending = Pending::Over;
            self.tasks.clear();
            let spread: Vec<u8> = self.seats.iter().map(|s| s.spread()).collect();
            let best = spread.iter().copied().max().unwrap_or(0);
            let winners = (0..self.n()).filter(|p| spread[usize::from(*p)] == best).collect();
            ev.public(|| Event::GameOver { winners, spread });
        }
        done
    }

    pub fn start_turn(&mut self, attacker: Player, ev: &mut Events<Event>) {
        self.enc = super::super::state::Encounter::new(attacker);
        self.step = Step::Hostages { k: 0 };
        let turn = self.turn;
        ev.public(|| Event::TurnBegins { turn, attacker });
    }

    /// End of turn (p. 7 "Sfârșitul unei ture"): played cards to the discard piles, hands refilled to 5,
    /// the next seat clockwise attacks.
    fn end_turn(&mut self, ev: &mut Events<Event>) {
        let actives = [self.enc.attacker, self.enc.defender];
        for (i, p) in actives.into_iter().enumerate() {
            let c = self.enc.commit[i];
            if c != NONE && c != NO_CARD {
                if let Some(s) = self.seats.get_mut(usize::from(p)) {
                    s.discard.push(c);
                }
            }
        }
        for (p, c) in std::mem::take(&mut self.enc.played) {
            if let Some(s) = self.seats.get_mut(usize::from(p)) {
                s.discard.push(c);
            }
        }
        for p in 0..self.n() {
            let have = self.seats[usize::from(p)].hand.len();
            if have < HAND_SIZE {
                self.draw(p, (HAND_SIZE - have) as u8, ev);
            }
        }
        self.turn = self.turn.saturating_add(1);
        let next = (self.enc.attacker + 1) % self.n();
        self.start_turn(next, ev);
    }

    /// Is `p` allowed to act in window `w` at all?
    fn in_window(&self, p: Player, w: u8) -> bool {
        match w {
            W_BEFORE_TURN => p == self.enc.attacker,
            W_BEFORE_COMMIT => p == self.enc.attacker || p == self.enc.defender,
            _ => self.enc.takes_part(p),
        }
    }

    /// Run automatic steps until someone must decide.
    pub fn advance(&mut self, rules: &Rules, ev: &mut Events<Event>) {
        loop {
            if self.check_end(ev) {
                return;
            }
            if let Some(t) = self.tasks.first().copied() {
                if self.task_open(t) {
                    self.pending = Pending::Task;
                    return;
                }
                self.tasks.remove(0);
                if let Task::Discard { seat, draw, .. } = t {
                    self.draw(seat, draw, ev);
                }
                continue;
            }
            let n = self.n();
            match self.step {
                Step::Leaders => {
                    self.pending = Pending::Leaders;
                    return;
                }
                Step::Over => {
                    self.pending = Pending::Over;
                    return;
                }
                Step::Hostages { k } => {
                    if k >= n {
                        self.step = Step::Window { w: W_BEFORE_TURN, leaders: true, k: 0 };
                        continue;
                    }
                    let p = self.clockwise(k);
                    if self.seats[usize::from(p)].hostages.is_empty() {
                        self.step = Step::Hostages { k: k.saturating_add(1) };
                        continue;
                    }
                    self.pending = Pending::Hostages { seat: p };
                    return;
                }
                Step::Window { w, leaders, k } => {
                    // Leaders' abilities resolve before other effects; then clockwise from the attacker (p. 10).
                    let limit = if w == W_BEFORE_TURN { 1 } else { n };
                    if k >= limit {
                        self.enc.leader_used = 0;
                        self.step = if leaders {
                            Step::Window { w, leaders: false, k: 0 }
                        } else {
                            match w {
                                W_BEFORE_TURN => Step::Event,
                                W_BEFORE_COMMIT => Step::Commit,
                                W_AFTER_REVEAL => Step::Resolve,
                                _ => Step::EndTurn,
                            }
                        };
                        continue;
                    }
                    let p = self.clockwise(k);
                    if self.in_window(p, w) {
                        if leaders && self.enc.leader_used & (1 << p) == 0 && self.leader_open(rules, p, w) {
                            self.pending = Pending::UseLeader { seat: p };
                            return;
                        }
                        // Every participant is asked in the card windows, holding a playable card or not:
                        // skipping those without one would tell the table what is in their hands.
                        if !leaders && matches!(w, W_AFTER_REVEAL | W_AFTER_RESOLUTION) {
                            self.pending = Pending::PlayCards { seat: p };
                            return;
                        }
                    }
                    self.step = Step::Window { w, leaders, k: k.saturating_add(1) };
                }
                Step::Event => {
                    if self.prepare_event(rules, ev) {
                        self.pending = Pending::Defender;
                        return;
                    }
                    self.step = Step::Prepare;
                }
                Step::Prepare => {
                    // p. 5 "Pregătirea" 2–3: both draw 1 and move 1 crown from the leader sheet.
                    let (a, d) = (self.enc.attacker, self.enc.defender);
                    self.draw(a, 1, ev);
                    self.draw(d, 1, ev);
                    self.tasks.push(Task::Alloc { seat: a, left: 1, optional: false });
                    self.tasks.push(Task::Alloc { seat: d, left: 1, optional: false });
                    self.step = Step::Choose;
                }
                Step::Choose => {
                    let (a, d) = (self.enc.attacker, self.enc.defender);
                    if self.enc.chars[usize::from(a)] == NONE {
                        self.pending = Pending::Choose { seat: a };
                        return;
                    }
                    if self.enc.chars[usize::from(d)] == NONE {
                        self.pending = Pending::Choose { seat: d };
                        return;
                    }
                    self.step = Step::Support { k: 1, asked: false };
                }
                Step::Support { k, asked } => {
                    if self.enc.offer[0] != NONE {
                        // An offer waits for the supported player's answer.
                        let side = self.enc.offer[2];
                        let seat = if side == 1 { self.enc.attacker } else { self.enc.defender };
                        self.pending = Pending::Answer { seat };
                        return;
                    }
                    if k >= n {
                        self.step = Step::Window { w: W_BEFORE_COMMIT, leaders: true, k: 0 };
                        continue;
                    }
                    let p = self.clockwise(k);
                    if p == self.enc.defender
                        || self.enc.offered & (1 << p) != 0
                        || self.seats[usize::from(p)].alive == 0
                    {
                        self.step = Step::Support { k: k.saturating_add(1), asked: false };
                        continue;
                    }
                    if !asked {
                        if let Some(by) = self.forcer(rules, p) {
                            self.pending = Pending::Force { seat: by, target: p };
                            return;
                        }
                    }
                    self.pending = Pending::Offer { seat: p };
                    return;
                }
                Step::Commit => {
                    if self.enc.commit.iter().all(|c| *c != NONE) {
                        self.step = Step::Reveal;
                        continue;
                    }
                    self.pending = Pending::Commit;
                    return;
                }
                Step::Reveal => {
                    self.enc.revealed = true;
                    for i in 0..2 {
                        let seat = if i == 0 { self.enc.attacker } else { self.enc.defender };
                        let card = self.enc.commit[i];
                        ev.public(|| Event::Revealed { seat, card });
                    }
                    self.step = Step::Window { w: W_AFTER_REVEAL, leaders: true, k: 0 };
                }
                Step::Resolve => {
                    if self.resolve(ev) {
                        self.step = Step::Negotiate;
                        self.pending = Pending::Propose { seat: self.enc.attacker };
                        return;
                    }
                    self.step = Step::Window { w: W_AFTER_RESOLUTION, leaders: true, k: 0 };
                }
                // The talks are driven by `act_truce`, which leaves this step once they end.
                Step::Negotiate => return,
                Step::EndTurn => self.end_turn(ev),
            }
        }
    }

    /// Does a task still need a decision? (A player with no crowns on the sheet cannot allocate, p. 11.)
    pub fn task_open(&self, t: Task) -> bool {
        match t {
            Task::Alloc { seat, left, .. } => left > 0 && self.can_allocate(seat),
            Task::Discard { seat, left, .. } => left > 0 && !self.seats[usize::from(seat)].hand.is_empty(),
            Task::Take { victims, .. } => (0..self.n()).any(|v| victims & (1 << v) != 0 && self.has_source(v)),
            Task::Upgrade { options, .. } => options != 0,
        }
    }

    /// Can anything be taken from `v` as a hostage (p. 9 "Ostatici": deck top, hand, or their hostages)?
    pub fn has_source(&self, v: Player) -> bool {
        self.seats.get(usize::from(v)).is_some_and(|s| {
            !s.deck.is_empty() || !s.discard.is_empty() || !s.hand.is_empty() || !s.hostages.is_empty()
        })
    }

    /// Value of a committed card in a hostility total: character cards (and no card) count 0 (p. 6).
    pub fn commit_value(&self, side: usize) -> u8 {
        match self.enc.commit.get(side).copied() {
            Some(c) if c != NONE && c != NO_CARD => match card_kind(c) {
                CardKind::Hostility(v) => v,
                _ => 0,
            },
            _ => 0,
        }
    }

    pub fn commit_is_truce(&self, side: usize) -> bool {
        matches!(self.enc.commit.get(side).copied(), Some(c) if c != NONE && c != NO_CARD && card_kind(c) == CardKind::Truce)
    }

    /// Bonuses of one side (1 attacker's, 2 defender's) from the seats still taking part: a withdrawn player's
    /// cards are discarded (p. 9 "Retragere"), so what they added no longer counts; a per-supporter bonus
    /// counts the supporters taking part now.
    pub fn side_bonus(&self, side: u8) -> u8 {
        let members = (0..self.n()).filter(|&q| self.enc.side_of(q) == side);
        let supporters = members.clone().filter(|&q| q != self.enc.attacker && q != self.enc.defender).count() as u8;
        members.fold(0u8, |t, q| {
            let q = usize::from(q);
            t.saturating_add(self.enc.bonus_by[q])
                .saturating_add(self.enc.support_bonus_by[q].saturating_mul(supporters))
        })
    }

    /// Side total in a hostility: card + bonuses + crowns on every participating character of that side (p. 6).
    pub fn side_total(&self, side: u8) -> u8 {
        let mut t = self.commit_value(usize::from(side - 1)).saturating_add(self.side_bonus(side));
        for p in 0..self.n() {
            if self.enc.side_of(p) == side {
                let c = self.enc.chars[usize::from(p)];
                let s = &self.seats[usize::from(p)];
                if s.is_alive(c) {
                    t = t.saturating_add(s.crowns[usize::from(c)]);
                }
            }
        }
        t
    }
}
