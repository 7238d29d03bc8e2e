//! The costs of save and cancel responses ("do X to do Y", research §3.3), paid before the effect: kneel the card,
//! discard or kill a card (which cannot be saved) and kneel influence, the providers chosen by the player.

use super::super::cards::{Ability, InterruptCost, Kind, Rules};
use super::super::effects::def;
use super::super::state::{AgotCcg, Event, Pending, Then};
use crate::engine::{Events, Player};

/// Where a save or cancel response comes from.
#[derive(Clone, Copy)]
pub(super) enum Source {
    /// A card in play (uid).
    Card(u16),
    /// An attachment (index) on the character `host`.
    Attachment { host: u16, k: usize },
    /// An event from hand (already in its pile).
    Hand,
}

/// A response's cost with where it comes from: `victim` is the play index of the character killed as the cost,
/// `x` the influence cost of the event being cancelled.
pub(super) struct Paying<'a> {
    pub(super) src: Source,
    pub(super) cost: &'a InterruptCost,
    pub(super) victim: Option<usize>,
    pub(super) x: u8,
}

impl AgotCcg {
    /// Can `seat` pay `cost` for a response of `src` (a uid in play, if any), `x` being the cancelled event's
    /// influence cost?
    pub(super) fn can_pay(
        &self,
        rules: &Rules,
        seat: usize,
        src: Option<u16>,
        cost: &InterruptCost,
        x: u8,
        avoid: u16,
    ) -> bool {
        let card = src.and_then(|u| self.locate(u)).map(|(s, i)| &self.seats[s].play[i]);
        if cost.kneel_self && card.is_none_or(|c| c.kneeling) {
            return false;
        }
        let need = if cost.influence_x { cost.influence.max(x) } else { cost.influence };
        if need > 0 {
            let mut have = self.available_influence(rules, seat);
            // A card knelt as a cost cannot also be knelt for influence.
            if let Some(c) = card.filter(|c| cost.kneel_self && !c.kneeling) {
                have = have.saturating_sub(def(rules, c.def).influence);
            }
            if have < need {
                return false;
            }
        }
        cost.kill_trait.as_ref().is_none_or(|t| !self.kill_cost_victims(rules, seat, src, t, avoid).is_empty())
    }

    /// Other characters with trait `t` that `seat` could kill as a cost (play indices).
    pub(super) fn kill_cost_victims(
        &self,
        rules: &Rules,
        seat: usize,
        src: Option<u16>,
        t: &str,
        avoid: u16,
    ) -> Vec<usize> {
        self.seats[seat]
            .play
            .iter()
            .enumerate()
            .filter(|(j, c)| {
                *j < 255
                    && Some(c.uid) != src
                    && c.uid != avoid
                    && def(rules, c.def).kind == Kind::Character
                    && def(rules, c.def).has_trait(t)
            })
            .map(|(j, _)| j)
            .collect()
    }

    /// Pay the costs paid at once (kneel, discard, kill); the influence part is asked as a `PayFor` before `then`.
    pub(super) fn pay_costs(
        &mut self,
        rules: &Rules,
        seat: Player,
        pay: Paying<'_>,
        then: Then,
        ev: &mut Events<Event>,
    ) {
        let Paying { src, cost, victim, x } = pay;
        let ps = usize::from(seat);
        if cost.kneel_self {
            if let Source::Card(u) = src {
                if let Some((s, i)) = self.locate(u) {
                    self.seats[s].play[i].kneeling = true;
                    let card = self.seats[s].play[i].def;
                    ev.public(|| Event::Knelt { seat, card });
                }
            }
        }
        if let Some(uid) = victim.and_then(|j| self.seats[ps].play.get(j)).map(|c| c.uid) {
            self.unsaved.push(uid);
            self.kill(rules, uid, false, ev);
        }
        if cost.discard_self {
            match src {
                Source::Card(u) => {
                    self.unsaved.push(u);
                    self.discard_from_play(rules, u, false, ev);
                }
                Source::Attachment { host, k } => {
                    if let Some((s, i)) = self.locate(host) {
                        if k < self.seats[s].play[i].attachments.len() {
                            let (a, owner) = self.seats[s].play[i].attachments.remove(k);
                            self.to_discard(rules, owner, a, ev);
                        }
                    }
                }
                Source::Hand => {}
            }
        }
        let need = if cost.influence_x { cost.influence.max(x) } else { cost.influence };
        if need > 0 {
            self.pending.insert(0, Pending::PayFor { seat, left: need, then });
        } else {
            self.apply_then(rules, seat, then, ev);
        }
    }

    /// PAY: kneel the chosen influence provider; once the cost is paid, what it was paid for happens.
    pub(super) fn pay(&mut self, rules: &Rules, uid: u16, ev: &mut Events<Event>) {
        let Some((s, i)) = self.locate(uid) else { return };
        let c = &mut self.seats[s].play[i];
        c.kneeling = true;
        let (paid, knelt) = (def(rules, c.def).influence, c.def);
        let seat = s as Player;
        ev.public(|| Event::Knelt { seat, card: knelt });
        self.knelt_for_influence(rules, uid, ev);
        match self.pending.first_mut() {
            Some(Pending::PayFor { left, then, seat }) => {
                *left = left.saturating_sub(paid);
                if *left == 0 {
                    let (then, seat) = (*then, *seat);
                    self.pending.remove(0);
                    self.apply_then(rules, seat, then, ev);
                }
            }
            Some(Pending::Prevent { left, .. }) => {
                *left = left.saturating_sub(paid);
                if *left == 0 {
                    // Paid: the ability it answers stops here.
                    self.pending.remove(0);
                    if let Some(k) = self.pending.iter().position(|p| matches!(p, Pending::Effect(_))) {
                        self.pending.remove(k);
                    }
                }
            }
            Some(Pending::Unless { left, what, .. }) => {
                *left = left.saturating_sub(paid);
                if *left == 0 {
                    let what = *what;
                    self.pending.remove(0);
                    self.execute(rules, what, ev);
                }
            }
            _ => {}
        }
    }

    /// Robert's Deathbed: knelt to pay an influence cost, it is discarded from play (it cannot be saved).
    pub fn knelt_for_influence(&mut self, rules: &Rules, uid: u16, ev: &mut Events<Event>) {
        let Some((s, i)) = self.locate(uid) else { return };
        if self
            .abilities(rules, &self.seats[s].play[i])
            .iter()
            .any(|a| matches!(a, Ability::DiscardWhenKneltForInfluence))
        {
            self.unsaved.push(uid);
            self.discard_from_play(rules, uid, false, ev);
        }
    }

    fn apply_then(&mut self, rules: &Rules, seat: Player, then: Then, ev: &mut Events<Event>) {
        match then {
            Then::Save { uid, kill, by } => self.saved(rules, seat, uid, (kill, by), ev),
            Then::Cancel { what, by, source } => self.cancel(rules, seat, what, by, source, ev),
            Then::Uncancel { what } => self.execute(rules, what, ev),
            Then::Ability { what } => {
                if !self.open_cancel_window(rules, what) {
                    self.ability_effect(rules, what, ev);
                }
            }
            Then::Endless { card, into_play } => self.endless_return(seat, card, into_play, ev),
            Then::Choose { target } => {
                if self.has_target(rules, seat, target) {
                    self.pending.insert(0, Pending::ChooseTarget { seat, target });
                }
            }
            Then::Paid => {}
        }
    }
}
