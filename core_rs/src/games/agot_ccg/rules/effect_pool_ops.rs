//! The composable operations, costs and decisions added for the pool's Greyjoy, Night's Watch, neutral, plot and
//! agenda records (issue 15, ccgb): one arm each, as in `effect_ops.rs`. Decisions: choosing a player for an
//! effect (GEN_PLAYER) and the card a "kill / discard one of your characters" cost is paid with (GEN_PAY_CARD; a
//! card paid as a cost cannot be saved, research §3.2).

use super::super::content::{Kind, Rules};
use super::super::effects::def;
use super::super::state::{AgotCcg, Event, Pending};
use super::super::vocab::{Cost, Op, To, Who};
use super::actions::*;
use super::triggered::{Resolving, Step};
use crate::engine::{Action, Events, Player};

impl AgotCcg {
    /// Resolve one of this module's operations (the others are `effect_ops.rs`'s).
    pub(super) fn apply_pool_op(&mut self, rules: &Rules, r: &mut Resolving, o: &Op, ev: &mut Events<Event>) {
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
            Op::MillPlayer { n, .. } | Op::DiscardHousePower { n, .. } => {
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
                if q >= self.n() {
                    return;
                }
                if let Op::MillPlayer { .. } = o {
                    for _ in 0..*n {
                        let Some(c) = self.seats[q].deck.pop() else { break };
                        self.to_discard(rules, q as Player, c, ev);
                    }
                } else {
                    let s = &mut self.seats[q];
                    let k = (*n).min(s.house_power);
                    s.house_power -= k;
                    ev.public(|| Event::PowerLost { seat: q as Player, n: k });
                }
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

    /// The players an effect may name (`who`, from the ability's controller), not eliminated.
    fn player_choices(&self, r: &Resolving, who: Who) -> Vec<usize> {
        (0..self.n())
            .filter(|&q| !self.seats[q].eliminated)
            .filter(|&q| match who {
                Who::Any => true,
                Who::You => q == usize::from(r.seat),
                Who::Opponent => q != usize::from(r.seat),
            })
            .collect()
    }

    /// The cards in play `r`'s controller may pay `cost` with (a character to kill, a card to discard).
    pub(super) fn pay_card_choices(&self, rules: &Rules, r: &Resolving, cost: &Cost) -> Vec<u16> {
        let (Cost::KillYours { filter } | Cost::DiscardYours { filter }) = cost else { return Vec::new() };
        let kill = matches!(cost, Cost::KillYours { .. });
        let Some(s) = self.seats.get(usize::from(r.seat)) else { return Vec::new() };
        s.play
            .iter()
            .filter(|c| !kill || def(rules, c.def).kind == Kind::Character)
            .filter(|c| !kill || !self.lasting_has(c.uid, super::triggered::Lasts::CannotBeKilled))
            .filter(|c| self.in_play_matches(rules, r.seat, r.src, c.uid, filter))
            .map(|c| c.uid)
            .collect()
    }

    /// The decisions of a resolution choosing a player or a paying card.
    pub(super) fn pool_pending_actions(&self, rules: &Rules, r: &Resolving, out: &mut Vec<Action>) {
        let Some(b) = self.body_of(rules, r) else { return };
        match r.step {
            Step::Player { op } => {
                let who = match b.effect.get(usize::from(op)) {
                    Some(Op::MillPlayer { who, .. } | Op::DiscardHousePower { who, .. }) => *who,
                    _ => return,
                };
                out.extend(self.player_choices(r, who).into_iter().map(|q| code(GEN_PLAYER, 0, q)));
            }
            Step::PayWith { k } => {
                let Some(cost) = b.cost.get(usize::from(k)) else { return };
                out.extend(
                    self.pay_card_choices(rules, r, cost).into_iter().map(|u| code(GEN_PAY_CARD, 0, usize::from(u))),
                );
            }
            _ => {}
        }
    }

    /// GEN_PLAYER / GEN_PAY_CARD on the resolution at the head of the pending list.
    pub(super) fn perform_pool(&mut self, rules: &Rules, p: Player, kind: u32, y: usize, ev: &mut Events<Event>) {
        let Some(Pending::Effect(r)) = self.pending.first() else { return };
        let r = r.clone();
        match (kind, r.step.clone()) {
            (GEN_PLAYER, Step::Player { op }) => {
                if let Some(Pending::Effect(head)) = self.pending.first_mut() {
                    head.mode = Some(y as u8);
                    head.step = Step::Run { op };
                }
            }
            (GEN_PAY_CARD, Step::PayWith { k }) => {
                if let Some(Pending::Effect(head)) = self.pending.first_mut() {
                    head.step = Step::Pay { k: k + 1 };
                }
                let kill = self
                    .body_of(rules, &r)
                    .and_then(|b| b.cost.get(usize::from(k)))
                    .is_some_and(|c| matches!(c, Cost::KillYours { .. }));
                let uid = y as u16;
                // Paid as a cost: it cannot be saved (no window, no duplicate).
                self.unsaved.push(uid);
                if kill {
                    self.kill(rules, uid, false, ev);
                } else {
                    self.discard_from_play(rules, uid, false, ev);
                }
                self.unsaved.retain(|&u| u != uid);
            }
            _ => {}
        }
        let _ = p;
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
