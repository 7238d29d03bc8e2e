//! The round in rulebook order ("Sequenza del turno"): plot, draw, marshalling, challenges, dominance,
//! standing; the automatic steps of challenge resolution are `challenge_resolution.rs`'s.

use super::super::cards::classify;
use super::super::cards::{Ability, Rules};
use super::super::effects::def;
use super::super::state::{AgotCcg, At, Event, Pending, Phase, Resp, Stage, Window};
use crate::engine::{Events, Player};

/// Cards in the setup hand and the opening hand; gold for setup cards (rulebook "Prepararsi a giocare").
pub const HAND: usize = 7;
pub const SETUP_GOLD: u8 = 5;
/// Cards drawn in the draw phase.
pub const DRAW: u8 = 2;
/// A safeguard, not a rule: the plain game has no round limit, and a match still going after this many rounds
/// (far beyond any measured match: docs/games/agot_ccg.md) stops unfinished.
pub const SAFEGUARD_ROUNDS: u8 = 250;

impl AgotCcg {
    /// Run every automatic step until a player must decide or the match ends.
    pub fn advance(&mut self, rules: &Rules, ev: &mut Events<Event>) {
        let mut buf = Vec::new();
        for _ in 0..10_000 {
            self.check_end(rules, ev);
            if self.phase == Phase::Over {
                return;
            }
            // Band of Free Folk: "discard it from play when…" holds at once (when some deck holds such a card).
            if rules.deck_classes & classify::STATE_CHECK != 0 && self.state_discards(rules, ev) {
                continue;
            }
            // The automatic steps of a composable ability (costs, effects) run first.
            if self.auto_effect(rules, ev) {
                continue;
            }
            // A pending choice nobody can make (no legal target left) lapses.
            if let Some(p) = self.pending.first() {
                buf.clear();
                self.pending_actions(rules, p, &mut buf);
                if buf.is_empty() {
                    self.pending.remove(0);
                    continue;
                }
                return;
            }
            if self.forced_pass(rules, &mut buf) {
                self.perform(rules, self.actor().unwrap_or(0), super::actions::code(super::actions::DONE, 0, 0), ev);
                continue;
            }
            if !self.step(rules, ev) {
                return;
            }
        }
    }

    /// A seat whose only legal action is to pass (nothing to place, marshal, challenge, defend with or play in
    /// an action window) passes without being asked: there is no decision to make.
    fn forced_pass(&self, rules: &Rules, buf: &mut Vec<crate::engine::Action>) -> bool {
        if self.window.is_none() && !matches!(self.phase, Phase::Setup | Phase::Marshal | Phase::Challenges) {
            return false;
        }
        let Some(p) = self.actor() else { return false };
        buf.clear();
        // `advance` lapses pending choices before it asks, so an open window's list is its actions and the pass:
        // stop at the first action found rather than build the whole list (the seat's own ask builds it).
        if let Some(w) = self.window {
            self.open_window_actions(rules, p, w.at, buf, true);
            return buf.is_empty();
        }
        self.legal(rules, p, buf);
        buf.len() == 1 && super::actions::split(buf[0]).0 == super::actions::DONE
    }

    /// One automatic step; false when a player must act. Each phase's framework step is done by the transition
    /// that closes the previous window (`window_closed`); the arms here only recover a state without its window.
    fn step(&mut self, rules: &Rules, ev: &mut Events<Event>) -> bool {
        if self.window.is_some() {
            return false;
        }
        match self.phase {
            Phase::Setup | Phase::Plot | Phase::FirstPlayer | Phase::Over => false,
            Phase::Draw => {
                self.begin_marshal(rules, ev);
                true
            }
            Phase::Marshal => {
                if usize::from(self.turn) >= self.order().len() {
                    self.begin_challenges();
                } else {
                    self.open_window(At::Marshal);
                }
                true
            }
            Phase::Challenges => {
                if usize::from(self.turn) >= self.order().len() {
                    self.dominance(rules, ev);
                    return true;
                }
                match self.challenge.as_ref().map(|c| c.stage) {
                    Some(Stage::Resolve(k)) => {
                        self.resolve(rules, k, ev);
                        true
                    }
                    _ => false,
                }
            }
            Phase::Dominance => {
                self.begin_standing(ev);
                true
            }
            Phase::Standing => {
                self.end_round(rules, ev);
                false
            }
        }
    }

    /// A window closed with every seat passing in a row: the framework goes on from where it was opened.
    pub fn window_closed(&mut self, rules: &Rules, at: At, ev: &mut Events<Event>) {
        self.window = None;
        match at {
            At::Plot => self.begin_draw(rules, ev),
            At::Draw => self.begin_marshal(rules, ev),
            At::Marshal => self.end_marshal_turn(rules, ev),
            // The active player now declares a challenge or ends his challenges.
            At::Challenges => {}
            At::Attackers => {
                // Stealth targets are chosen after the window, just before defenders are declared.
                // Unbowed, Unbent, Unbroken: the defender's plot forbids stealth against his characters.
                let users: Vec<u16> = self.challenge.as_ref().map_or(Vec::new(), |ch| {
                    if self.plot_has(rules, ch.defender, |a| matches!(a, Ability::PlotOpponentsNoStealth)) {
                        return Vec::new();
                    }
                    ch.attackers
                        .iter()
                        .copied()
                        .filter(|&u| {
                            self.locate(u)
                                .is_some_and(|(s, i)| self.stealthy(rules, ch.attacker, &self.seats[s].play[i]))
                        })
                        .collect()
                });
                if let Some(ch) = self.challenge.as_mut() {
                    ch.stage = Stage::Defenders;
                    if !users.is_empty() {
                        let seat = ch.attacker;
                        self.pending.push(Pending::Stealth { seat, left: users.len() as u8, users });
                    }
                }
            }
            At::Defenders => {
                if let Some(ch) = self.challenge.as_mut() {
                    ch.stage = Stage::Resolve(0);
                }
            }
            At::Dominance => self.begin_standing(ev),
            At::Standing => self.end_round(rules, ev),
        }
    }

    /// Open a window: the first player acts first (rulebook "Azioni e abilità passive"), except in marshalling,
    /// where the active player's turn is the window and he opens it.
    pub fn open_window(&mut self, at: At) {
        let pos = if at == At::Marshal { self.turn } else { 0 };
        self.window = Some(Window { at, pos, passes: 0 });
    }

    /// "Until the end of the phase" effects expire.
    fn end_phase(&mut self) {
        self.mods.clear();
        self.no_kneel_defend.clear();
        // Control taken "until the end of the phase" goes back.
        if !self.borrowed.is_empty() {
            self.return_borrowed();
        }
        self.no_save.clear();
        self.pool.new_challenge();
        // Cards put into play until the end of the phase (Winterfell Barracks), or told to go back then (Swift
        // Reinforcements), return to their owners' hands.
        if !self.returning.is_empty() {
            self.return_at_end_of_phase();
        }
        self.expire_phase();
    }

    /// Fase 2: every player draws 2 (Fase 1's window has closed), then the draw phase's window.
    fn begin_draw(&mut self, rules: &Rules, ev: &mut Events<Event>) {
        self.end_phase();
        self.phase = Phase::Draw;
        for p in self.order() {
            if !self.plot_has(rules, p, |a| matches!(a, Ability::PlotSkipDraw)) {
                self.draw(usize::from(p), DRAW, false, ev);
            }
        }
        self.open_window(At::Draw);
    }

    /// Fase 6: every card stands, then the standing phase's window.
    fn begin_standing(&mut self, ev: &mut Events<Event>) {
        self.end_phase();
        self.phase = Phase::Standing;
        for s in self.seats.iter_mut() {
            for c in s.play.iter_mut() {
                c.kneeling = false;
            }
            s.house_kneeling = false;
        }
        let _ = ev;
        self.open_window(At::Standing);
    }

    /// The round is over: the tournament time limit, the safeguard, or the next round.
    fn end_round(&mut self, rules: &Rules, ev: &mut Events<Event>) {
        self.end_phase();
        let round = self.round;
        if rules.round_limit > 0 && round >= rules.round_limit {
            // The tournament time limit ("vittoria modificata"): the most power wins, equal power shares it.
            ev.public(|| Event::RoundLimit { round });
            let alive: Vec<usize> = (0..self.n()).filter(|&s| !self.seats[s].eliminated).collect();
            let best = alive.iter().map(|&s| self.power(s)).max().unwrap_or(0);
            let w = alive.into_iter().filter(|&s| self.power(s) == best).map(|s| s as Player).collect();
            self.ended_at_limit = true;
            return self.finish(w, ev);
        }
        if round >= SAFEGUARD_ROUNDS {
            // Not a rule: the plain game has no round limit. A match this long (none measured comes near) stops
            // and is reported unfinished: nobody wins on power.
            ev.public(|| Event::Unfinished { round });
            return self.finish(Vec::new(), ev);
        }
        self.round += 1;
        self.begin_plot();
    }

    pub fn begin_plot(&mut self) {
        self.phase = Phase::Plot;
        self.window = None;
        for s in self.seats.iter_mut() {
            s.commit = None;
            s.limited_played = 0;
            s.extra_drawn = 0;
            s.challenged = 0;
        }
        self.expire_round();
    }

    /// All plots are chosen: reveal them together, count initiative and find who picks the first player
    /// (rulebook "Fase 1: Trama"): highest initiative; a tie goes to the lower power, then to chance.
    pub fn reveal_plots(&mut self, rules: &Rules, ev: &mut Events<Event>) {
        for s in 0..self.n() {
            let seat = &mut self.seats[s];
            let Some(k) = seat.commit.take() else { continue };
            let k = usize::from(k).min(seat.plots.len().saturating_sub(1));
            if seat.plots.is_empty() {
                continue;
            }
            let plot = seat.plots.remove(k);
            if let Some(old) = seat.plot.replace(plot) {
                seat.used.push(old);
            }
            // Revealing the last plot returns the used ones to the plot deck.
            if seat.plots.is_empty() {
                seat.plots = std::mem::take(&mut seat.used);
                seat.plots.sort_unstable();
            }
        }
        for s in 0..self.n() {
            self.seats[s].initiative = self.initiative(rules, s);
            let (seat, plot, initiative) = (s as Player, self.seats[s].plot.unwrap_or(0), self.seats[s].initiative);
            if !self.seats[s].eliminated {
                ev.public(|| Event::PlotRevealed { seat, plot, initiative });
            }
        }
        let alive: Vec<usize> = (0..self.n()).filter(|&s| !self.seats[s].eliminated).collect();
        let top = alive.iter().map(|&s| self.seats[s].initiative).max().unwrap_or(0);
        let tied: Vec<usize> = alive.iter().copied().filter(|&s| self.seats[s].initiative == top).collect();
        let low = tied.iter().map(|&s| self.power(s)).min().unwrap_or(0);
        let tied: Vec<usize> = tied.into_iter().filter(|&s| self.power(s) == low).collect();
        let winner = if tied.len() > 1 { tied[self.rng.index(tied.len())] } else { tied.first().copied().unwrap_or(0) };
        self.first = winner as Player;
        // Passive "when you reveal a plot" abilities.
        for s in alive {
            let n: u8 = self.seats[s]
                .play
                .iter()
                .flat_map(|c| self.abilities_in(rules, c, classify::TOTALS).iter())
                .map(|a| if let Ability::DrawOnPlotReveal { n } = a { *n } else { 0 })
                .sum();
            if n > 0 {
                self.draw(s, n, true, ev);
            }
        }
        self.phase = Phase::FirstPlayer;
    }

    /// The first player is chosen; "when revealed" effects resolve in turn order, then the draw phase.
    pub fn choose_first(&mut self, rules: &Rules, first: Player, ev: &mut Events<Event>) {
        let chooser = self.first;
        self.first = first;
        ev.public(|| Event::FirstPlayer { seat: first, chooser });
        for p in self.order() {
            if self.plot_has(rules, p, |a| matches!(a, Ability::PlotRevealKneelChar)) {
                self.pending.push(Pending::KneelTarget { seat: p, optional: false, by_char: false });
            }
        }
        // Naming and kill-all plots.
        self.when_revealed_interrupts(rules, ev);
        self.plot_revealed_effects(rules, ev);
        // Back in the plot phase proper: the "when revealed" choices, then the plot phase's window.
        self.phase = Phase::Plot;
        self.open_window(At::Plot);
    }

    fn begin_marshal(&mut self, rules: &Rules, ev: &mut Events<Event>) {
        self.end_phase();
        self.phase = Phase::Marshal;
        self.turn = 0;
        self.start_marshal_turn(rules, ev);
    }

    /// Income is counted when the seat's marshalling begins (rulebook "Fase 3"); his turn is an action window
    /// in which only he may marshal and every player may play what the marshalling phase allows.
    fn start_marshal_turn(&mut self, rules: &Rules, ev: &mut Events<Event>) {
        let Some(&p) = self.order().get(usize::from(self.turn)) else {
            return self.begin_challenges();
        };
        let gold = self.income(rules, usize::from(p));
        self.seats[usize::from(p)].gold = gold;
        ev.public(|| Event::Income { seat: p, gold });
        self.open_window(At::Marshal);
    }

    /// The active seat ends its marshalling; unspent gold is lost.
    pub fn end_marshal_turn(&mut self, rules: &Rules, ev: &mut Events<Event>) {
        if let Some(&p) = self.order().get(usize::from(self.turn)) {
            let s = &mut self.seats[usize::from(p)];
            s.gold = 0;
            s.reductions.clear();
            s.influence_pays.clear();
        }
        self.turn += 1;
        self.start_marshal_turn(rules, ev);
    }

    /// Fase 4 begins with a window: cards may be played before each challenge is declared.
    fn begin_challenges(&mut self) {
        self.end_phase();
        self.phase = Phase::Challenges;
        self.turn = 0;
        self.challenge = None;
        self.open_window(At::Challenges);
    }

    /// Rulebook "Fase 5: Predominio": the highest total STR of standing characters claims 1 power; ties: nobody.
    fn dominance(&mut self, rules: &Rules, ev: &mut Events<Event>) {
        self.end_phase();
        let totals: Vec<(usize, u32)> = (0..self.n())
            .filter(|&s| !self.seats[s].eliminated)
            .map(|s| {
                let t = self.seats[s]
                    .play
                    .iter()
                    .filter(|c| !c.kneeling)
                    .map(|c| u32::from(self.strength(rules, s as Player, c)))
                    .sum();
                (s, t)
            })
            .collect();
        let best = totals.iter().map(|t| t.1).max().unwrap_or(0);
        let top: Vec<usize> = totals.iter().filter(|t| t.1 == best).map(|t| t.0).collect();
        let winner = (top.len() == 1 && best > 0).then(|| top[0] as Player);
        ev.public(|| Event::Dominance { seat: winner });
        if let Some(w) = winner {
            self.claim_house(w, 1, ev);
            let manses = self.seats[usize::from(w)]
                .play
                .iter()
                .filter(|c| {
                    self.abilities_in(rules, c, classify::TOTALS).iter().any(|a| matches!(a, Ability::DominanceBonus))
                })
                .count();
            for _ in 0..manses {
                self.pending.push(Pending::Respond { seat: w, resp: Resp::DominanceBonus });
            }
        }
        // No action comes before dominance is counted (research §3.1); the window follows its responses.
        self.phase = Phase::Dominance;
        self.open_window(At::Dominance);
    }

    pub fn claim_house(&mut self, seat: Player, n: u8, ev: &mut Events<Event>) {
        if let Some(s) = self.seats.get_mut(usize::from(seat)) {
            s.house_power = s.house_power.saturating_add(n);
            ev.public(|| Event::PowerClaimed { seat, card: None, n });
            // Asked by the next automatic step, which has the rules at hand (`auto_effect`).
            self.house_claims.push(seat);
        }
    }

    /// Uniqueness (rulebook "Carte uniche"): no second copy under your control, none if a copy is in your dead pile.
    pub fn can_enter_unique(&self, rules: &Rules, seat: usize, card: u16) -> bool {
        let d = def(rules, card);
        if !d.unique {
            return true;
        }
        let s = &self.seats[seat];
        !s.play.iter().any(|c| def(rules, c.def).name == d.name)
            && !s.dead.iter().any(|&c| def(rules, c).name == d.name)
    }
}
