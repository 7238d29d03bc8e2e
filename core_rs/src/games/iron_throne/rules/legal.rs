//! Every decision as an action: the legal list (`legal`) and its effect (`act`). `act` runs only on actions
//! `legal` listed (see `IronThrone::play`), so it never meets a bad value.

use super::super::content::Rules;
use super::super::state::{
    card_kind, hostage_card, hostage_owner, CardKind, Event, IronThrone, Pending, Step, Task, DECK_SIZE, NONE, NO_CARD,
};
use super::*;
use crate::engine::{Action, Events, Player};

/// Distinct cards of a hand, ascending. The 4 truces, and the two copies of a character card, are different
/// cards but the choice between them is no choice: only the lowest index of each kind is offered.
pub fn distinct_hand(hand: &[u8]) -> impl Iterator<Item = u8> + '_ {
    // The hand as a bit set of card indices (0..25), so each card is tested once, not searched for.
    let held = hand.iter().filter(|&&c| c < DECK_SIZE).fold(0u32, |m, &c| m | (1 << c));
    (0..DECK_SIZE).filter(move |&c| {
        let has = |t: u8| held & (1 << t) != 0;
        let twin_below = match card_kind(c) {
            CardKind::Truce => held & ((1 << c) - 1) != 0,
            CardKind::Character(_) => c % 2 == 1 && has(c - 1),
            CardKind::Hostility(_) => false,
        };
        has(c) && !twin_below
    })
}

impl IronThrone {
    pub fn legal(&self, rules: &Rules, p: Player, out: &mut Vec<Action>) {
        if !self.who_acts().contains(p) {
            return;
        }
        let Some(me) = self.seats.get(usize::from(p)) else { return };
        match self.pending {
            Pending::Over => {}
            Pending::Leaders => out.extend([LEADER, LEADER + 1]),
            Pending::Hostages { .. } => {
                for (i, &h) in me.hostages.iter().enumerate().take(64) {
                    let i = i as Action;
                    out.push(FREE + i);
                    let owner = &self.seats[usize::from(hostage_owner(h))];
                    match card_kind(hostage_card(h)) {
                        CardKind::Character(_) => out.push(TORTURE + i * 8 + Action::from(NO_TARGET)),
                        _ => {
                            let before = out.len();
                            out.extend(
                                (0..5u8).filter(|c| owner.is_alive(*c)).map(|c| TORTURE + i * 8 + Action::from(c)),
                            );
                            if out.len() == before {
                                out.push(TORTURE + i * 8 + Action::from(NO_TARGET));
                            }
                        }
                    }
                }
                out.push(DONE);
            }
            Pending::UseLeader { .. } => {
                self.leader_actions(rules, p, out);
                out.push(DONE);
            }
            Pending::PlayCards { .. } => {
                self.card_actions(rules, p, out);
                out.push(DONE);
            }
            Pending::Task => match self.tasks.first().copied() {
                Some(Task::Alloc { optional, .. }) => {
                    out.extend((0..5u8).filter(|c| me.is_alive(*c)).map(|c| ALLOC + Action::from(c)));
                    if optional {
                        out.push(DONE);
                    }
                }
                Some(Task::Discard { .. }) => out.extend(distinct_hand(&me.hand).map(|c| DISCARD + Action::from(c))),
                Some(Task::Take { victims, .. }) => {
                    for v in 0..self.n() {
                        if victims & (1 << v) == 0 {
                            continue;
                        }
                        let s = &self.seats[usize::from(v)];
                        let base = TAKE + Action::from(v) * 64;
                        if !s.deck.is_empty() || !s.discard.is_empty() {
                            out.push(base);
                        }
                        if !s.hand.is_empty() {
                            out.push(base + 1);
                        }
                        out.extend((0..s.hostages.len().min(62) as Action).map(|i| base + 2 + i));
                    }
                }
                Some(Task::Upgrade { options, .. }) => {
                    out.extend((0..DECK_SIZE).filter(|c| options & (1 << c) != 0).map(|c| UPGRADE + Action::from(c)))
                }
                None => {}
            },
            Pending::Defender => out.extend(
                (0..self.n()).filter(|q| self.enc.candidates & (1 << q) != 0).map(|q| DEFENDER + Action::from(q)),
            ),
            Pending::Choose { .. } => {
                out.extend((0..5u8).filter(|c| me.is_alive(*c)).map(|c| CHOOSE + Action::from(c)))
            }
            Pending::Force { target, .. } => {
                let t = &self.seats[usize::from(target)];
                out.extend((0..5u8).filter(|c| t.is_alive(*c)).map(|c| FORCE + Action::from(c)));
                out.push(DONE);
            }
            Pending::Offer { .. } => {
                for side in 0..2 {
                    out.extend((0..5u8).filter(|c| me.is_alive(*c)).map(|c| OFFER + side * 8 + Action::from(c)));
                }
                out.push(DONE);
            }
            Pending::Answer { .. } => out.extend([ACCEPT, REFUSE]),
            Pending::Commit => {
                if me.hand.is_empty() {
                    out.push(COMMIT_TOP);
                } else {
                    out.extend(distinct_hand(&me.hand).map(|c| COMMIT + Action::from(c)));
                }
            }
            Pending::Propose { .. } => {
                self.proposals(p, PROPOSE, out);
                out.push(DONE);
            }
            Pending::Respond { .. } => {
                out.extend([DEAL_ACCEPT, DEAL_REJECT]);
                let me_side = usize::from(p != self.enc.attacker);
                if self.enc.proposals[me_side] < 3 {
                    self.proposals(p, COUNTER, out);
                }
            }
        }
    }

    pub fn act(&mut self, rules: &Rules, p: Player, a: Action, ev: &mut Events<Event>) {
        let arg = |base: Action| (a - base) as u8;
        match self.pending {
            Pending::Over => {}
            Pending::Leaders => {
                let s = &mut self.seats[usize::from(p)];
                s.leader = s.offers[usize::from(a == LEADER + 1)];
                ev.public(|| Event::LeaderPicked { seat: p });
                if self.seats.iter().all(|s| s.leader != NONE) {
                    self.reveal_leaders(ev);
                }
            }
            Pending::Hostages { .. } => match a {
                DONE => {
                    if let Step::Hostages { k } = self.step {
                        self.step = Step::Hostages { k: k.saturating_add(1) };
                    }
                }
                _ if a < TORTURE => self.free_hostage(p, arg(FREE), ev),
                _ => {
                    let x = a - TORTURE;
                    self.torture(p, (x / 8) as u8, (x % 8) as u8, ev);
                }
            },
            Pending::UseLeader { .. } => {
                self.enc.leader_used |= 1 << p;
                if a != DONE {
                    self.use_leader(rules, p, arg(USE_LEADER), ev);
                }
                self.next_in_window();
            }
            Pending::PlayCards { .. } => {
                if a == DONE {
                    self.next_in_window();
                } else {
                    let x = a - PLAY_CARD;
                    self.play_card(rules, p, (x / 8) as u8, (x % 8) as u8, ev);
                }
            }
            Pending::Task => self.act_task(p, a, ev),
            Pending::Defender => {
                self.set_defender(arg(DEFENDER), ev);
                self.step = Step::Prepare;
            }
            Pending::Choose { .. } => {
                let c = arg(CHOOSE);
                self.enc.chars[usize::from(p)] = c;
                let side = self.enc.side[usize::from(p)];
                ev.public(|| Event::CharacterChosen { seat: p, ch: c, side });
            }
            Pending::Force { target, .. } => {
                if let Step::Support { k, .. } = self.step {
                    if a == DONE {
                        self.step = Step::Support { k, asked: true };
                    } else {
                        // p. 2 Cersei "Influentă": that character must support you.
                        let c = arg(FORCE);
                        let t = usize::from(target);
                        self.enc.chars[t] = c;
                        self.enc.side[t] = self.enc.side[usize::from(p)];
                        self.enc.offered |= 1 << target;
                        ev.public(|| Event::SupportForced { by: p, seat: target, ch: c });
                        self.step = Step::Support { k: k.saturating_add(1), asked: false };
                    }
                }
            }
            Pending::Offer { .. } => {
                self.enc.offered |= 1 << p;
                if a == DONE {
                    ev.public(|| Event::SupportDeclined { seat: p });
                    self.next_supporter();
                } else {
                    let x = arg(OFFER);
                    let (side, c) = (x / 8 + 1, x % 8);
                    self.enc.offer = [p, c, side];
                    ev.public(|| Event::SupportOffered { seat: p, ch: c, side });
                    let to = if side == 1 { self.enc.attacker } else { self.enc.defender };
                    self.pending = Pending::Answer { seat: to };
                }
            }
            Pending::Answer { .. } => {
                let [q, c, side] = self.enc.offer;
                if a == ACCEPT {
                    self.enc.chars[usize::from(q)] = c;
                    self.enc.side[usize::from(q)] = side;
                    ev.public(|| Event::SupportAccepted { seat: q });
                } else {
                    ev.public(|| Event::SupportRefused { seat: q });
                }
                self.enc.offer = [NONE; 3];
                self.next_supporter();
            }
            Pending::Commit => {
                let side = usize::from(p != self.enc.attacker);
                let card = if a == COMMIT_TOP {
                    self.pop_top(p, ev).unwrap_or(NO_CARD)
                } else {
                    let c = arg(COMMIT);
                    let hand = &mut self.seats[usize::from(p)].hand;
                    if let Some(i) = hand.iter().position(|x| *x == c) {
                        hand.remove(i);
                    }
                    c
                };
                self.enc.commit[side] = card;
                if self.enc.face_up == side as u8 {
                    ev.public(|| Event::CommittedFaceUp { seat: p, card });
                } else {
                    ev.public(|| Event::Committed { seat: p });
                }
            }
            Pending::Propose { .. } | Pending::Respond { .. } => self.act_truce(p, a, ev),
        }
    }

    fn next_supporter(&mut self) {
        if let Step::Support { k, .. } = self.step {
            self.step = Step::Support { k: k.saturating_add(1), asked: false };
        }
    }

    fn next_in_window(&mut self) {
        if let Step::Window { w, leaders, k } = self.step {
            self.step = Step::Window { w, leaders, k: k.saturating_add(1) };
        }
    }

    fn act_task(&mut self, p: Player, a: Action, ev: &mut Events<Event>) {
        let Some(t) = self.tasks.first_mut() else { return };
        match t {
            Task::Alloc { left, optional, .. } => {
                if a == DONE && *optional {
                    *left = 0;
                } else {
                    *left = left.saturating_sub(1);
                    self.place_crown(p, (a - ALLOC) as u8, ev);
                }
            }
            Task::Discard { left, .. } => {
                *left = left.saturating_sub(1);
                let c = (a - DISCARD) as u8;
                let s = &mut self.seats[usize::from(p)];
                if let Some(i) = s.hand.iter().position(|x| *x == c) {
                    s.hand.remove(i);
                    s.discard.push(c);
                }
                ev.public(|| Event::Discarded { seat: p, card: c });
            }
            Task::Take { .. } => {
                self.tasks.remove(0);
                let x = a - TAKE;
                self.take_hostage(p, (x / 64) as u8, (x % 64) as u8, ev);
            }
            Task::Upgrade { target, .. } => {
                let target = *target;
                self.tasks.remove(0);
                self.swap_in(target, (a - UPGRADE) as u8, ev);
            }
        }
    }
}
