//! The decisions of the save and cancel windows and of the other interrupt mechanisms (control change, naming, Endless) (legal lists, passes and the
//! actions of kinds 40–59), and the checks a snapshot's interrupts must pass. The mechanisms themselves are in
//! `interrupts.rs` (saves, cancels), `interrupt_costs.rs` (their costs) and `control.rs` (control, naming, Endless,
//! setup attachments, targets).

use super::super::cards::Rules;
use super::super::state::{AgotCcg, Event, Interrupted, Pending, Then};
use super::actions::*;
use super::interrupts::what_card;
use crate::engine::{Action, Events, Player};

impl AgotCcg {
    pub fn interrupt_pending_actions(&self, rules: &Rules, pend: &Pending, out: &mut Vec<Action>) {
        match pend {
            Pending::SaveWindow { seat, uid, .. } => {
                self.save_options(rules, *seat, *uid, out);
                out.push(code(DONE, 0, 0));
            }
            Pending::CancelWindow { seat, what, .. } => {
                self.cancel_options(rules, *seat, what, out);
                out.push(code(DONE, 0, 0));
            }
            Pending::PayFor { seat, .. } => {
                out.extend(
                    self.influence_providers(rules, usize::from(*seat))
                        .into_iter()
                        .map(|u| code(PAY, 0, usize::from(u))),
                );
            }
            Pending::Unless { seat, .. } | Pending::Prevent { seat, .. } => {
                out.extend(
                    self.influence_providers(rules, usize::from(*seat))
                        .into_iter()
                        .map(|u| code(PAY, 0, usize::from(u))),
                );
                out.push(code(DONE, 0, 0));
            }
            Pending::ChooseControl { seat, tr } => self.control_targets(rules, *seat, tr, out),
            Pending::AttachSetup { seat } => self.setup_attach_actions(rules, *seat, out),
            Pending::ChooseTarget { seat, target } => self.target_actions(rules, *seat, *target, out),
            Pending::AttachFromDiscard { host, .. } => {
                self.attach_from_discard_actions(rules, *host, out);
                out.push(code(DONE, 0, 0));
            }
            Pending::NameChallenge { .. } => out.extend((0..3).map(|k| code(NAME, k, NAMED_BY_PLOT))),
            _ => {}
        }
    }

    /// DONE on one of this module's decisions (already removed from the pending list): the next seat is asked,
    /// or the window closes and what it held resolves.
    pub fn interrupt_declined(&mut self, rules: &Rules, pend: Pending, ev: &mut Events<Event>) {
        match pend {
            Pending::SaveWindow { uid, kill, mut next, .. } => {
                if next.is_empty() {
                    self.unsaved.push(uid);
                    if kill {
                        self.kill(rules, uid, false, ev);
                    } else {
                        self.discard_from_play(rules, uid, false, ev);
                    }
                } else {
                    let seat = next.remove(0);
                    self.pending.insert(0, Pending::SaveWindow { seat, uid, kill, next });
                }
            }
            Pending::CancelWindow { what, mut next, .. } => {
                if next.is_empty() {
                    self.execute(rules, what, ev);
                } else {
                    let seat = next.remove(0);
                    self.pending.insert(0, Pending::CancelWindow { seat, what, next });
                }
            }
            Pending::Unless { seat, what, .. } => {
                // The cancel goes through: the card that cancelled is Tywin's kind, with no "then".
                ev.public(|| Event::Cancelled { seat, by: u16::MAX, card: what_card(&what) });
                if let Interrupted::Event { player, card, .. } = what {
                    self.to_discard(rules, player, card, ev);
                }
            }
            _ => {}
        }
    }

    /// The actions of kinds 40–59.
    pub fn interrupt_perform(&mut self, rules: &Rules, p: Player, a: Action, ev: &mut Events<Event>) {
        let (kind, x, y) = split(a);
        match kind {
            SAVE_CARD | SAVE_ATTACHMENT | SAVE_EVENT => self.save(rules, p, kind, x, y, ev),
            CANCEL_CARD | CANCEL_EVENT => self.cancel_action(rules, p, kind, x, y, ev),
            PAY => self.pay(rules, y as u16, ev),
            TAKE_CONTROL => {
                if matches!(self.pending.first(), Some(Pending::ChooseControl { .. })) {
                    self.pending.remove(0);
                }
                self.take_control(rules, y as u16, p, false, ev);
            }
            NAME => self.name(rules, p, x, y as u16, ev),
            ENDLESS => self.endless_use(rules, p, x, ev),
            ATTACH_SETUP => self.attach_setup(p, x, y as u16, ev),
            TARGET => self.choose_target(rules, y as u16, ev),
            ATTACH_DISCARD => self.attach_from_discard(x, y, ev),
            // The decisions of rules/effect_pool_choices.rs.
            GEN_PLAYER..=POOL_LAST => self.perform_pool(rules, p, kind, x, y, ev),
            _ => {}
        }
    }

    /// Events held in a cancel window: out of the hand, not yet in a pile (for the conservation check).
    pub fn held_events(&self) -> Vec<(Player, u16)> {
        let mut out = Vec::new();
        for p in &self.pending {
            let what = match p {
                Pending::CancelWindow { what, .. } | Pending::Unless { what, .. } => what,
                Pending::PayFor { then: Then::Cancel { what, .. } | Then::Uncancel { what }, .. } => what,
                _ => continue,
            };
            if let Interrupted::Event { player, card, .. } = what {
                out.push((*player, *card));
            }
        }
        out
    }

    /// A forged snapshot's interrupts name cards of the content.
    pub fn validate_interrupts(&self, rules: &Rules) -> Result<(), String> {
        let nc = rules.cards.len();
        let bad = |c: u16| usize::from(c) >= nc;
        let what_bad = |w: &Interrupted| match w {
            Interrupted::Event { card, .. } | Interrupted::Ability { card, .. } => bad(*card),
        };
        for p in &self.pending {
            let wrong = match p {
                Pending::CancelWindow { what, .. } | Pending::Unless { what, .. } => what_bad(what),
                Pending::PayFor { then, .. } => match then {
                    Then::Cancel { what, by, .. } => what_bad(what) || bad(*by),
                    Then::Uncancel { what } | Then::Ability { what } => what_bad(what),
                    Then::Endless { card, .. } => bad(*card),
                    Then::Save { by, .. } => bad(*by),
                    Then::Choose { .. } | Then::Paid => false,
                },
                _ => false,
            };
            if wrong {
                return Err("a pending interrupt names a card outside the content".into());
            }
        }
        let n = self.seats.len();
        if self.borrowed.iter().any(|&(_, s)| usize::from(s) >= n)
            || self.named_challenge.iter().any(|&(s, k)| usize::from(s) >= n || k > 2)
        {
            return Err("a control change or named challenge is out of range".into());
        }
        Ok(())
    }
}
