//! The composable operations added for the pool's Greyjoy, Night's Watch, neutral, plot and agenda records:
//! one arm each, as in `effect_ops.rs`; their decisions are `effect_pool_choices.rs`'s.

use super::super::cards::vocab::{Op, To};
use super::super::cards::Rules;
use super::super::effects::def;
use super::super::state::{AgotCcg, Event, Pending};
use super::triggered::{Resolving, Step};
use crate::engine::{Events, Player};

impl AgotCcg {
    /// Resolve one of this module's operations (the others are `effect_ops.rs`'s).
    pub(super) fn apply_choice_op(&mut self, rules: &Rules, r: &mut Resolving, o: &Op, ev: &mut Events<Event>) {
        let me = r.seat;
        match o {
            Op::CannotBeSaved { on } => {
                // No save window and no duplicate until the end of the phase; `no_save` is cleared then.
                for u in self.subjects(rules, r, on) {
                    if !self.no_save.contains(&u) {
                        self.no_save.push(u);
                    }
                }
            }
            Op::SwapPrintedStr => {
                let &[a, b] = r.targets.as_slice() else { return };
                let printed =
                    |g: &Self, u: u16| g.locate(u).map(|(s, i)| i32::from(def(rules, g.seats[s].play[i].def).str));
                let (Some(sa), Some(sb)) = (printed(self, a), printed(self, b)) else { return };
                // Each gets the other's printed STR: the difference as a lasting modifier on top of its own.
                let d = (sb - sa).clamp(-100, 100) as i8;
                self.mods.push((a, d));
                self.mods.push((b, d.saturating_neg()));
            }
            Op::RemoveFromChallenge { on } => {
                let subjects = self.subjects(rules, r, on);
                if let Some(ch) = self.challenge.as_mut() {
                    ch.attackers.retain(|u| !subjects.contains(u));
                    ch.defenders.retain(|u| !subjects.contains(u));
                }
            }
            Op::IfWinChallenge => {
                // The rest waits for the challenge (none: it never happens).
                if let Some(Pending::Effect(p)) = self.pending.first() {
                    if p.card == r.card && p.ab == r.ab && p.seat == me {
                        let waiting = p.clone();
                        self.pending.remove(0);
                        if self.challenge.is_some() {
                            self.pool.if_win.push(waiting);
                        }
                    }
                }
            }
            Op::DiscardAnAttachment { filter } => {
                // Nothing to choose: nothing happens.
                let none = r.atts.is_empty() && self.attachment_choices(rules, filter).is_empty();
                let Some(Pending::Effect(p)) = self.pending.first_mut() else { return };
                if none {
                    return;
                }
                match r.atts.pop() {
                    None => {
                        if let Step::Run { op } = p.step {
                            p.step = Step::Attachment { op: op.saturating_sub(1) };
                        }
                    }
                    Some((host, a, owner)) => {
                        p.atts.clear();
                        let Some((s, i)) = self.locate(host) else { return };
                        let atts = &mut self.seats[s].play[i].attachments;
                        let Some(j) = atts.iter().position(|&x| x == (a, owner)) else { return };
                        atts.remove(j);
                        self.to_discard(rules, owner, a, ev);
                    }
                }
            }
            Op::MillPlayer { .. }
            | Op::DiscardHousePower { .. }
            | Op::RejectHouse { .. }
            | Op::ClaimLower { .. }
            | Op::ShuffleDiscardIntoDeck { .. } => {
                // First the controller chooses the player (Step::Player, kept in `mode`), then it happens.
                let Some(q) = r.mode.take().map(usize::from) else {
                    if let Some(Pending::Effect(p)) = self.pending.first_mut() {
                        if let Step::Run { op } = p.step {
                            p.step = Step::Player { op: op.saturating_sub(1) };
                        }
                    }
                    return;
                };
                if let Some(Pending::Effect(p)) = self.pending.first_mut() {
                    p.mode = None;
                }
                if q < self.n() {
                    self.player_op(rules, o, q, ev);
                }
            }
            Op::EachPlayerDiscardsOne { filter } => {
                // Which effect (and option of a "pick one") this is, for the players' choices.
                let Some(Pending::Effect(p)) = self.pending.first() else { return };
                let Step::Run { op: next } = p.step else { return };
                let at = next.saturating_sub(1);
                let opt = match self.body_of(rules, r).and_then(|b| b.effect.get(usize::from(at))) {
                    Some(Op::Choose { options }) => options.iter().position(|x| x.contains(o)).unwrap_or(0) as u8,
                    _ => 255,
                };
                let mut k = 0;
                for q in self.order_from(me) {
                    if self.own_discard_choices(rules, q, filter).is_empty() {
                        continue;
                    }
                    let mut each = r.clone();
                    each.seat = q;
                    each.step = Step::OwnDiscard { op: at, opt };
                    each.mode = None;
                    self.pending.insert(k, Pending::Effect(each));
                    k += 1;
                }
            }
            Op::BecomesDoomed { on } => {
                for u in self.subjects(rules, r, on) {
                    self.lasting.push(super::triggered::Lasting { uid: u, what: super::triggered::Lasts::Doomed });
                }
            }
            Op::CancelOpponentsPlotEffects => {
                // Not yet resolved: the pending "when revealed" effects of the opponents' plots (composable, and the
                // kneel and naming choices of the older plots).
                let plot_of = |g: &Self, q: Player| g.seats.get(usize::from(q)).and_then(|s| s.plot);
                let before = self.pending.len();
                let pending = std::mem::take(&mut self.pending);
                let keep: Vec<Pending> = pending
                    .into_iter()
                    .filter(|p| match p {
                        Pending::Effect(x) => {
                            x.seat == me || x.src.is_some() || x.zone.is_some() || plot_of(self, x.seat) != Some(x.card)
                        }
                        Pending::NameChallenge { seat } => *seat == me,
                        Pending::KneelTarget { seat, by_char: false, .. } => *seat == me,
                        _ => true,
                    })
                    .collect();
                self.pending = keep;
                if self.pending.len() != before {
                    let card = r.card;
                    ev.public(|| Event::Cancelled { seat: me, by: card, card: u16::MAX });
                }
            }
            Op::OpponentsReplot { forced } => {
                let mut k = 0;
                for q in self.order_from(me).into_iter().skip(1) {
                    if self.seats[usize::from(q)].plots.is_empty() || self.seats[usize::from(q)].plot.is_none() {
                        continue;
                    }
                    let mut each = r.clone();
                    each.seat = q;
                    each.step = Step::Replot { forced: *forced };
                    self.pending.insert(k, Pending::Effect(each));
                    k += 1;
                }
            }
            Op::SwapUsedPlot => {
                let s = &self.seats[usize::from(me)];
                if s.used.is_empty() || s.plots.is_empty() {
                    return;
                }
                if let Some(Pending::Effect(p)) = self.pending.first_mut() {
                    p.step = Step::SwapPlot { used: 255 };
                }
            }
            Op::ReturnToHandAtEndOfPhase { on } => {
                // The same list as a card put into play "until the end of the phase" (`return_at_end_of_phase`).
                let uids = self.subjects(rules, r, on);
                self.returning.extend(uids);
            }
            Op::DiscardThatAttachment => {
                for (host, a, owner) in std::mem::take(&mut r.atts) {
                    let Some((s, i)) = self.locate(host) else { continue };
                    let atts = &mut self.seats[s].play[i].attachments;
                    let Some(j) = atts.iter().position(|&x| x == (a, owner)) else { continue };
                    atts.remove(j);
                    self.to_discard(rules, owner, a, ev);
                }
            }
            Op::TakeControl { on } => {
                for u in self.subjects(rules, r, on) {
                    let Some((s, i)) = self.locate(u) else { continue };
                    if s != usize::from(me) && self.can_enter_unique(rules, usize::from(me), self.seats[s].play[i].def)
                    {
                        self.take_control(rules, u, me, true, ev);
                    }
                }
            }
            Op::KneelOrReturnToHand { on } => {
                for u in self.subjects(rules, r, on) {
                    let Some((s, i)) = self.locate(u) else { continue };
                    if self.seats[s].play[i].kneeling {
                        self.remove_from_play(rules, s, i, To::Hand, ev);
                    } else {
                        self.seats[s].play[i].kneeling = true;
                        let card = self.seats[s].play[i].def;
                        ev.public(|| Event::Knelt { seat: s as Player, card });
                    }
                }
            }
            _ => {}
        }
    }

    /// An operation on the chosen player `q`.
    fn player_op(&mut self, rules: &Rules, o: &Op, q: usize, ev: &mut Events<Event>) {
        let seat = q as Player;
        match o {
            Op::MillPlayer { n, .. } => {
                for _ in 0..*n {
                    let Some(c) = self.seats[q].deck.pop() else { break };
                    self.to_discard(rules, seat, c, ev);
                }
            }
            Op::DiscardHousePower { n, .. } => {
                let s = &mut self.seats[q];
                let k = (*n).min(s.house_power);
                s.house_power -= k;
                ev.public(|| Event::PowerLost { seat, n: k });
            }
            Op::ClaimLower { n, .. } => self.pool.claim_less.push((seat, *n)),
            Op::RejectHouse { .. } => self.reject_house(rules, q, ev),
            Op::ShuffleDiscardIntoDeck { .. } => {
                let pile = std::mem::take(&mut self.seats[q].discard);
                self.seats[q].deck.extend(pile);
                let mut deck = std::mem::take(&mut self.seats[q].deck);
                self.rng.shuffle(&mut deck);
                self.seats[q].deck = deck;
            }
            _ => {}
        }
    }

    /// No Peace in Westeros: `u` has a House affiliation, and the same controller as the targets already chosen and
    /// a House none of them has.
    pub(super) fn fits_chosen_targets(&self, rules: &Rules, r: &Resolving, u: u16) -> bool {
        let Some((s, i)) = self.locate(u) else { return false };
        let house = def(rules, self.seats[s].play[i].def).house;
        house != super::super::cards::NEUTRAL
            && r.targets.iter().all(|&t| {
                self.locate(t).is_some_and(|(ts, ti)| ts == s && def(rules, self.seats[ts].play[ti].def).house != house)
            })
    }

    /// The seats in turn order starting with `me`.
    fn order_from(&self, me: Player) -> Vec<Player> {
        let order = self.order();
        let k = order.iter().position(|&q| q == me).unwrap_or(0);
        (0..order.len()).map(|i| order[(k + i) % order.len()]).collect()
    }

    /// The current challenge was won by `w`: his "if you win the challenge" effects resolve now, in the order
    /// they were played; the others' lapse.
    pub fn pool_challenge_won(&mut self, w: Player) {
        let waiting = std::mem::take(&mut self.pool.if_win);
        for (k, r) in waiting.into_iter().filter(|r| r.seat == w).enumerate() {
            self.pending.insert(k, Pending::Effect(r));
        }
    }

    /// Forged states: the waiting resolutions and lowered claims name cards, abilities and seats that exist.
    pub fn validate_pool(&self, rules: &Rules) -> Result<(), String> {
        let n = self.seats.len();
        if self.pool.if_win.iter().any(|r| !r.valid(rules, n))
            || self.pool.claim_less.iter().any(|c| usize::from(c.0) >= n)
        {
            return Err("a waiting 'if you win' effect or a lowered claim names something outside the match".into());
        }
        Ok(())
    }

    /// Does another player than `seat` control a copy (same title) of this unique card?
    pub(super) fn title_shared(&self, rules: &Rules, seat: usize, card: u16) -> bool {
        let d = def(rules, card);
        d.unique
            && self
                .seats
                .iter()
                .enumerate()
                .any(|(q, s)| q != seat && s.play.iter().any(|c| def(rules, c.def).name == d.name))
    }
}
