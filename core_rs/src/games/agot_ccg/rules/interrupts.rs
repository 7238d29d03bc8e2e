//! Save and cancel responses (rulebook "Risposte Salva/Cancella"; research §3.2 step 2). A save interrupts a
//! kill or a discard from play and replaces it with nothing; a cancel interrupts an event or a card ability after
//! its costs are paid and stops its effects (the costs stay paid). Each is a window asked seat by seat, in turn
//! order, and it opens only when some seat could answer as far as the others can tell (an answer in play, or one
//! its deck list holds and its hand might: `could_hold_answer`), so a match whose decks hold no such card plays
//! exactly as before and a window never tells the others what a hand holds. Duplicates (rulebook "Duplicati")
//! keep their own yes/no save, asked of the controller first.
//!
//! The costs of the responses are paid before the effect (`interrupt_costs.rs`).

use super::super::cards::{house_index, Ability, InterruptCost, Kind, Rules};
use super::super::effects::def;
use super::super::state::{AgotCcg, Event, Interrupted, Pending, Resp, Then};
use super::actions::*;
use super::interrupt_costs::{Paying, Source};
use super::zones::Dest;
use crate::engine::{Action, Events, Player};

impl AgotCcg {
    // ----- saves

    /// Whether `seat` must be asked in a window although it may hold no answer: its hand is not empty and an
    /// event of its deck list that is not yet in a public zone (its draw deck and hand together) could answer now.
    /// Deck lists are public (the plots' and the determinizations' premise), the split between deck and hand is
    /// not: asking on this, rather than on the hand, keeps a window from telling the others what the hand holds.
    fn could_hold_answer(&self, rules: &Rules, seat: usize, answers: impl Fn(&Ability) -> bool) -> bool {
        let s = &self.seats[seat];
        !s.hand.is_empty()
            && s.deck.iter().chain(&s.hand).any(|&c| {
                let d = def(rules, c);
                d.kind == Kind::Event && !(d.house_only && d.house != s.house) && d.abilities.iter().any(&answers)
            })
    }

    /// The save responses `seat` could use now for `uid` about to be killed or discarded.
    pub fn save_options(&self, rules: &Rules, seat: Player, uid: u16, out: &mut Vec<Action>) {
        let ps = usize::from(seat);
        let Some((ts, ti)) = self.locate(uid) else { return };
        let target = &self.seats[ts].play[ti];
        for c in &self.seats[ps].play {
            for ab in self.abilities(rules, c) {
                let Ability::Save { cost, whom, .. } = ab else { continue };
                if whom != "self" || c.uid != uid || !self.can_pay(rules, ps, Some(c.uid), cost, 0, uid) {
                    continue;
                }
                match &cost.kill_trait {
                    Some(t) => out.extend(
                        self.kill_cost_victims(rules, ps, Some(c.uid), t, uid)
                            .into_iter()
                            .map(|j| code(SAVE_CARD, j + 1, usize::from(c.uid))),
                    ),
                    None => out.push(code(SAVE_CARD, 0, usize::from(c.uid))),
                }
            }
        }
        if self.saving_attachment(rules, seat, uid).is_some() {
            out.push(code(SAVE_ATTACHMENT, 0, usize::from(uid)));
        }
        let hand = &self.seats[ps].hand;
        let th = def(rules, target.def).house;
        // An event saves "a <House> character" (Terrorize the Shores): never a location or attachment.
        let character = def(rules, target.def).kind == Kind::Character;
        for (i, &c) in hand.iter().enumerate().take(255) {
            let d = def(rules, c);
            if !character
                || d.kind != Kind::Event
                || hand[..i].contains(&c)
                || (d.house_only && d.house != self.seats[ps].house)
            {
                continue;
            }
            for ab in &d.abilities {
                if let Ability::Save { cost, whom, .. } = ab {
                    if house_index(whom) == Some(th) && self.can_pay(rules, ps, None, cost, 0, uid) {
                        out.push(code(SAVE_EVENT, i, 0));
                    }
                }
            }
        }
    }

    /// The first attachment `seat` owns on `uid` that could save it (Kiss of Life): its index and cost. Saving
    /// attachments on one character are interchangeable, so the action names the character only.
    fn saving_attachment(&self, rules: &Rules, seat: Player, uid: u16) -> Option<(usize, InterruptCost)> {
        let (s, i) = self.locate(uid)?;
        self.seats[s].play[i].attachments.iter().enumerate().filter(|(_, a)| a.1 == seat).find_map(|(k, &(a, _))| {
            def(rules, a).abilities.iter().find_map(|ab| match ab {
                Ability::Save { whom, cost, .. }
                    if whom == "attached" && self.can_pay(rules, usize::from(seat), None, cost, 0, uid) =>
                {
                    Some((k, cost.clone()))
                }
                _ => None,
            })
        })
    }

    /// Called before a kill or a discard from play: true when a save window opened (the kill waits for it).
    /// An entry of `unsaved` lets this one kill or discard through and is used up.
    pub fn save_gate(&mut self, rules: &Rules, uid: u16, kill: bool) -> bool {
        if let Some(k) = self.unsaved.iter().position(|&u| u == uid) {
            self.unsaved.remove(k);
            return false;
        }
        if self.no_save.contains(&uid) || self.never_saved(rules, uid) {
            return false;
        }
        // The House of the card about to leave play, if it is a character (events save characters only).
        let th = self
            .locate(uid)
            .map(|(s, i)| def(rules, self.seats[s].play[i].def))
            .filter(|d| d.kind == Kind::Character)
            .map(|d| d.house);
        let mut buf = Vec::new();
        let mut seats = Vec::new();
        for q in self.order() {
            buf.clear();
            self.save_options(rules, q, uid, &mut buf);
            let event_could = |ab: &Ability| match ab {
                Ability::Save { cost, whom, .. } => {
                    th.is_some() && house_index(whom) == th && self.can_pay(rules, usize::from(q), None, cost, 0, uid)
                }
                _ => false,
            };
            if !buf.is_empty() || self.could_hold_answer(rules, usize::from(q), event_could) {
                seats.push(q);
            }
        }
        if seats.is_empty() {
            return false;
        }
        let seat = seats.remove(0);
        self.pending.insert(0, Pending::SaveWindow { seat, uid, kill, next: seats });
        true
    }

    /// Discard a card from play to its owner's discard pile (its duplicates may save it first, then the save
    /// window). `offer_dupe`: false once the duplicate save was declined.
    pub fn discard_from_play(&mut self, rules: &Rules, uid: u16, offer_dupe: bool, ev: &mut Events<Event>) {
        let Some((s, i)) = self.locate(uid) else { return };
        let unsaveable = self.unsaved.contains(&uid) || self.no_save.contains(&uid) || self.never_saved(rules, uid);
        if offer_dupe && !unsaveable && !self.seats[s].play[i].dupes.is_empty() {
            self.pending
                .insert(0, Pending::Respond { seat: s as Player, resp: Resp::SaveWithDupe { uid, kill: false } });
            return;
        }
        if self.save_gate(rules, uid, false) {
            return;
        }
        self.leave_play(rules, s, i, Dest::Discard, ev);
    }

    /// The card is saved: the kill or discard does not happen; "after a character is saved" responses follow.
    /// `saver` paid for the save of `uid` with the card definition `by` (`kill`: from being killed).
    pub fn saved(&mut self, rules: &Rules, saver: Player, uid: u16, (kill, by): (bool, u16), ev: &mut Events<Event>) {
        let Some((s, i)) = self.locate(uid) else { return };
        let card = self.seats[s].play[i].def;
        ev.public(|| Event::SavedBy { seat: s as Player, card, by });
        let _ = kill;
        self.after_saved(rules, uid);
        // Composable "after a character is saved" responses (Blazewater Coast).
        self.fire(rules, super::triggered::Fired::Saved { uid }, ev);
        // Terrorize the Shores: "then search any player's discard pile for an attachment and attach it".
        let then = def(rules, by)
            .abilities
            .iter()
            .any(|a| matches!(a, Ability::Save { then: Some(t), .. } if t == "attach_from_discard"));
        if then {
            let mut buf = Vec::new();
            self.attach_from_discard_actions(rules, uid, &mut buf);
            if !buf.is_empty() {
                self.pending.insert(0, Pending::AttachFromDiscard { seat: saver, host: uid });
            }
        }
    }

    /// Gorold's Avenger and Jaqen H'ghar: "after a character is saved", asked of their controllers.
    pub fn after_saved(&mut self, rules: &Rules, saved: u16) {
        let max_str = self.locate(saved).map_or(0, |(s, i)| self.strength(rules, s as Player, &self.seats[s].play[i]));
        let mut asks = Vec::new();
        for (q, seat) in self.seats.iter().enumerate() {
            for c in &seat.play {
                for ab in self.abilities(rules, c) {
                    match ab {
                        Ability::AfterSaveStand { str } => asks.push(Pending::Respond {
                            seat: q as Player,
                            resp: Resp::StandWithStr { uid: c.uid, str: *str },
                        }),
                        Ability::AfterSaveKill { influence } => asks.push(Pending::Respond {
                            seat: q as Player,
                            resp: Resp::KillWeaker { saved, max_str, influence: *influence },
                        }),
                        _ => {}
                    }
                }
            }
        }
        for (k, a) in asks.into_iter().enumerate() {
            self.pending.insert(k, a);
        }
    }

    /// A SAVE action in the save window at the head of the pending list.
    pub(super) fn save(&mut self, rules: &Rules, p: Player, kind: u32, x: usize, y: usize, ev: &mut Events<Event>) {
        let Some(Pending::SaveWindow { uid, kill, .. }) = self.pending.first().cloned() else { return };
        self.pending.remove(0);
        let then = |by: u16| Then::Save { uid, kill, by };
        let ps = usize::from(p);
        match kind {
            SAVE_CARD => {
                let by = self.locate(y as u16).map_or(0, |(s, i)| self.seats[s].play[i].def);
                let Some(cost) = self.locate(y as u16).and_then(|(s, i)| {
                    self.abilities(rules, &self.seats[s].play[i]).iter().find_map(|a| match a {
                        Ability::Save { cost, .. } => Some(cost.clone()),
                        _ => None,
                    })
                }) else {
                    return;
                };
                let victim = x.checked_sub(1);
                let pay = Paying { src: Source::Card(y as u16), cost: &cost, victim, x: 0 };
                self.pay_costs(rules, p, pay, then(by), ev);
            }
            SAVE_ATTACHMENT => {
                let Some((k, cost)) = self.saving_attachment(rules, p, y as u16) else { return };
                let by = self
                    .locate(y as u16)
                    .and_then(|(s, i)| self.seats[s].play[i].attachments.get(k))
                    .map_or(0, |a| a.0);
                let pay = Paying { src: Source::Attachment { host: y as u16, k }, cost: &cost, victim: None, x: 0 };
                self.pay_costs(rules, p, pay, then(by), ev);
            }
            _ => {
                let Some(card) = self.seats[ps].hand.get(x).copied() else { return };
                self.seats[ps].hand.remove(x);
                ev.public(|| Event::EventPlayed { seat: p, card, target: uid });
                self.to_discard(rules, p, card, ev);
                let cost = def(rules, card).abilities.iter().find_map(|a| match a {
                    Ability::Save { cost, .. } => Some(cost.clone()),
                    _ => None,
                });
                let pay = Paying { src: Source::Hand, cost: &cost.unwrap_or_default(), victim: None, x: 0 };
                self.pay_costs(rules, p, pay, then(card), ev);
            }
        }
    }

    // ----- cancels

    /// The influence cost of an event (X for Longship "Black Wind").
    fn event_influence(&self, rules: &Rules, card: u16) -> u8 {
        def(rules, card)
            .abilities
            .iter()
            .map(|a| match a {
                Ability::KillCharacter { influence, .. }
                | Ability::TakeControl { influence, .. }
                | Ability::DiscardLocation { influence, .. } => *influence,
                _ => 0,
            })
            .max()
            .unwrap_or(0)
    }

    fn cancels(&self, rules: &Rules, what: &Interrupted, kind: &str) -> bool {
        match what {
            Interrupted::Event { .. } => kind == "event" || kind == "triggered",
            Interrupted::Ability { card, .. } => {
                let by_char = def(rules, *card).kind == Kind::Character;
                kind == "card" || kind == "triggered" || (kind == "character" && by_char)
            }
        }
    }

    /// The cancel responses `seat` could use now on `what`.
    pub fn cancel_options(&self, rules: &Rules, seat: Player, what: &Interrupted, out: &mut Vec<Action>) {
        let ps = usize::from(seat);
        let x = match what {
            Interrupted::Event { card, .. } => self.event_influence(rules, *card),
            Interrupted::Ability { .. } => 0,
        };
        for c in &self.seats[ps].play {
            for ab in self.abilities(rules, c) {
                if let Ability::Cancel { cost, what: kind, .. } = ab {
                    if self.cancels(rules, what, kind) && self.can_pay(rules, ps, Some(c.uid), cost, x, u16::MAX) {
                        out.push(code(CANCEL_CARD, 0, usize::from(c.uid)));
                    }
                }
            }
        }
        let hand = &self.seats[ps].hand;
        for (i, &c) in hand.iter().enumerate().take(255) {
            let d = def(rules, c);
            if d.kind != Kind::Event || hand[..i].contains(&c) || (d.house_only && d.house != self.seats[ps].house) {
                continue;
            }
            for ab in &d.abilities {
                if let Ability::Cancel { cost, what: kind, .. } = ab {
                    if self.cancels(rules, what, kind) && self.can_pay(rules, ps, None, cost, x, u16::MAX) {
                        out.push(code(CANCEL_EVENT, i, 0));
                    }
                }
            }
        }
    }

    /// Open the cancel window on `what` if some seat could cancel it, asked clockwise from the seat left of the
    /// one who initiated it (research §3.2). False: nobody could, the effect resolves now.
    pub fn open_cancel_window(&mut self, rules: &Rules, what: Interrupted) -> bool {
        let order = self.order();
        let me = order.iter().position(|&q| q == what.player()).unwrap_or(0);
        let mut buf = Vec::new();
        let mut seats = Vec::new();
        for k in 1..=order.len() {
            let q = order[(me + k) % order.len()];
            buf.clear();
            self.cancel_options(rules, q, &what, &mut buf);
            let x = match &what {
                Interrupted::Event { card, .. } => self.event_influence(rules, *card),
                Interrupted::Ability { .. } => 0,
            };
            let event_could = |ab: &Ability| match ab {
                Ability::Cancel { cost, what: kind, .. } => {
                    self.cancels(rules, &what, kind) && self.can_pay(rules, usize::from(q), None, cost, x, u16::MAX)
                }
                _ => false,
            };
            if !buf.is_empty() || self.could_hold_answer(rules, usize::from(q), event_could) {
                seats.push(q);
            }
        }
        if seats.is_empty() {
            return false;
        }
        let seat = seats.remove(0);
        self.pending.insert(0, Pending::CancelWindow { seat, what, next: seats });
        true
    }

    /// A CANCEL action in the cancel window at the head of the pending list.
    pub(super) fn cancel_action(
        &mut self,
        rules: &Rules,
        p: Player,
        kind: u32,
        x: usize,
        y: usize,
        ev: &mut Events<Event>,
    ) {
        let Some(Pending::CancelWindow { what, .. }) = self.pending.first().cloned() else { return };
        self.pending.remove(0);
        let ps = usize::from(p);
        let ex = match what {
            Interrupted::Event { card, .. } => self.event_influence(rules, card),
            Interrupted::Ability { .. } => 0,
        };
        let find = |abs: &[Ability]| {
            abs.iter().find_map(|a| match a {
                Ability::Cancel { cost, .. } => Some(cost.clone()),
                _ => None,
            })
        };
        if kind == CANCEL_CARD {
            let Some((s, i)) = self.locate(y as u16) else { return };
            let by = self.seats[s].play[i].def;
            let Some(cost) = find(self.abilities(rules, &self.seats[s].play[i])) else { return };
            let then = Then::Cancel { what, by, source: y as u16 };
            self.pay_costs(
                rules,
                p,
                Paying { src: Source::Card(y as u16), cost: &cost, victim: None, x: ex },
                then,
                ev,
            );
        } else {
            let Some(by) = self.seats[ps].hand.get(x).copied() else { return };
            self.seats[ps].hand.remove(x);
            ev.public(|| Event::EventPlayed { seat: p, card: by, target: u16::MAX });
            self.to_discard(rules, p, by, ev);
            let cost = find(&def(rules, by).abilities).unwrap_or_default();
            let then = Then::Cancel { what, by, source: u16::MAX };
            self.pay_costs(rules, p, Paying { src: Source::Hand, cost: &cost, victim: None, x: ex }, then, ev);
        }
    }

    /// The cancel's cost is paid: the effects of `what` do not happen (Tywin's cancel first lets its player kneel
    /// influence to keep them), then the cancel's "then" part.
    pub(super) fn cancel(
        &mut self,
        rules: &Rules,
        p: Player,
        what: Interrupted,
        by: u16,
        source: u16,
        ev: &mut Events<Event>,
    ) {
        let (unless, then) = def(rules, by)
            .abilities
            .iter()
            .find_map(|a| match a {
                Ability::Cancel { unless_influence, then, .. } => Some((*unless_influence, then.clone())),
                _ => None,
            })
            .unwrap_or((0, None));
        let victim = what.player();
        if unless > 0 && self.available_influence(rules, usize::from(victim)) >= unless {
            self.pending.insert(0, Pending::Unless { seat: victim, left: unless, what });
            return;
        }
        ev.public(|| Event::Cancelled { seat: p, by, card: what_card(&what) });
        if let Interrupted::Event { player, card, .. } = what {
            // A cancelled event still counts as played: its costs stay paid, the card goes to its pile.
            self.to_discard(rules, player, card, ev);
        }
        let _ = source;
        match (then.as_deref(), what) {
            (Some("kneel_source"), Interrupted::Ability { source: src, .. }) => {
                if let Some((s, i)) = self.locate(src) {
                    self.seats[s].play[i].kneeling = true;
                    let card = self.seats[s].play[i].def;
                    ev.public(|| Event::Knelt { seat: s as Player, card });
                }
            }
            (Some("controller_discards"), Interrupted::Ability { source: src, .. }) => {
                if let Some((s, _)) = self.locate(src) {
                    if !self.seats[s].hand.is_empty() {
                        self.pending.insert(0, Pending::DiscardFromHand { seat: s as Player, left: 1 });
                    }
                }
            }
            _ => {}
        }
    }

    /// Every seat passed the cancel window (or the cancel failed): the effect resolves.
    pub(super) fn execute(&mut self, rules: &Rules, what: Interrupted, ev: &mut Events<Event>) {
        match what {
            Interrupted::Event { player, card, target } => {
                self.cancel_passed = true;
                self.resolve_event(rules, usize::from(player), card, target, ev);
            }
            Interrupted::Ability { .. } => self.ability_effect(rules, what, ev),
        }
    }

    /// The effect of a card ability once its cancel window is passed.
    pub fn ability_effect(&mut self, rules: &Rules, what: Interrupted, ev: &mut Events<Event>) {
        let Interrupted::Ability { player, card, target, .. } = what else { return };
        for ab in &def(rules, card).abilities {
            match ab {
                Ability::KneelForStr { amount, .. } => self.mods.push((target, *amount)),
                Ability::NameHouseStr { amount, .. } => {
                    let house = target as u8;
                    let uids: Vec<u16> = self
                        .seats
                        .iter()
                        .flat_map(|s| s.play.iter())
                        .filter(|c| def(rules, c.def).kind == Kind::Character && def(rules, c.def).house == house)
                        .map(|c| c.uid)
                        .collect();
                    self.mods.extend(uids.into_iter().map(|u| (u, *amount)));
                    let what = super::super::cards::HOUSES.get(usize::from(house)).unwrap_or(&"?").to_string();
                    ev.public(|| Event::Named { seat: player, what });
                }
                _ => {}
            }
        }
    }
}

pub(super) fn what_card(w: &Interrupted) -> u16 {
    match w {
        Interrupted::Event { card, .. } | Interrupted::Ability { card, .. } => *card,
    }
}
