//! The composable abilities (`cards/vocab.rs`): which may be used now, and their resolution in the rulebook's order
//! (research §3.1 "framework"; rulebook "Azioni e abilità passive", "Risposte"): play restrictions and limits
//! are checked first (an ability whose costs cannot be paid, or whose required target does not exist, is not
//! offered), then the costs are paid, then the targets chosen, then the effects resolve in order ("then").
//! Lasting effects end with the phase; "cannot" beats "can" (a card that cannot be killed is not killed by any
//! effect or claim).
//! This module offers the actions and resolves an ability step by step; its state is in `state/effect.rs` and `effect_state.rs`, its
//! filters and usability checks in `effect_filters.rs`, its triggers in `effect_fire.rs`, its operations in
//! `effect_ops.rs` and `effect_take.rs`.

use super::super::cards::vocab::{Body, Cost, Op, Per, To, Zone, MAX_ABILITIES};
use super::super::cards::{Kind, Rules};
use super::super::effects::def;
use super::super::state::{AgotCcg, Event, Pending};
use super::actions::*;
use crate::engine::{Action, Events, Player};

pub use super::effect_state::*;

impl AgotCcg {
    pub(super) fn action_now(&self, b: &Body) -> bool {
        b.phase.as_deref().is_some_and(|p| self.playable_now(p))
    }

    pub(super) fn new_resolving(seat: Player, card: u16, ab: usize) -> Resolving {
        Resolving {
            seat,
            card,
            ab: ab as u8,
            src: None,
            host: None,
            zone: None,
            trig: None,
            event: false,
            step: Step::Pay { k: 0 },
            targets: Vec::new(),
            x: 0,
            atts: Vec::new(),
            mode: None,
        }
    }

    /// The composable actions `p` may use in the open window (appended to its legal list).
    pub fn effect_actions(&self, rules: &Rules, p: Player, out: &mut Vec<Action>) {
        let ps = usize::from(p);
        let s = &self.seats[ps];
        // Events and hand cards with a hand action.
        for (i, &c) in s.hand.iter().enumerate() {
            if flags(rules, c) & HAS_ACTION == 0 {
                continue;
            }
            let d = def(rules, c);
            if s.hand[..i].contains(&c) || (d.house_only && d.house != s.house && d.kind == Kind::Event) {
                continue;
            }
            for (k, ab) in d.abilities.iter().enumerate() {
                let Some((b, true)) = body(ab) else { continue };
                if !self.action_now(b) {
                    continue;
                }
                let mut r = Self::new_resolving(p, c, k);
                if d.kind == Kind::Event && matches!(b.from, Zone::Dead | Zone::Discard) {
                    continue;
                }
                if d.kind == Kind::Event {
                    r.event = true;
                    if self.usable(rules, &r, b) {
                        out.push(code(GEN_EVENT, i, k));
                    }
                } else if b.from == Zone::Hand {
                    r.zone = Some(ZONE_HAND);
                    if self.usable(rules, &r, b) {
                        out.push(code(GEN_PILE, usize::from(ZONE_HAND) * 16 + k, i));
                    }
                }
            }
        }
        for (zone, pile) in [(ZONE_DISCARD, &s.discard), (ZONE_DEAD, &s.dead)] {
            for (i, &c) in pile.iter().enumerate() {
                if flags(rules, c) & HAS_ACTION == 0 || pile[..i].contains(&c) {
                    continue;
                }
                for (k, ab) in def(rules, c).abilities.iter().enumerate() {
                    let Some((b, true)) = body(ab) else { continue };
                    if zone_code(b.from) != Some(zone) || !self.action_now(b) {
                        continue;
                    }
                    let mut r = Self::new_resolving(p, c, k);
                    r.zone = Some(zone);
                    if self.usable(rules, &r, b) {
                        out.push(code(GEN_PILE, usize::from(zone) * 16 + k, i));
                    }
                }
            }
        }
        // Attachments on your House card (index i there).
        for (i, &(c, _)) in s.house_attachments.iter().enumerate() {
            if flags(rules, c) & HAS_ACTION == 0 {
                continue;
            }
            for (k, ab) in def(rules, c).abilities.iter().enumerate() {
                let Some((b, true)) = body(ab) else { continue };
                if b.from != Zone::HouseCard || !self.action_now(b) {
                    continue;
                }
                let mut r = Self::new_resolving(p, c, k);
                r.zone = Some(ZONE_HOUSE);
                if self.usable(rules, &r, b) {
                    out.push(code(GEN_PILE, usize::from(ZONE_HOUSE) * 16 + k, i));
                }
            }
        }
        for c in s.play.iter().filter(|c| flags(rules, c.def) & HAS_ACTION != 0) {
            for (k, ab) in self.abilities(rules, c).iter().enumerate() {
                let Some((b, true)) = body(ab) else { continue };
                if b.from != Zone::Play || !self.action_now(b) {
                    continue;
                }
                let mut r = Self::new_resolving(p, c.def, k);
                r.src = Some(c.uid);
                if self.usable(rules, &r, b) {
                    out.push(code(GEN_USE, k, usize::from(c.uid)));
                }
            }
        }
        for other in &self.seats {
            for host in &other.play {
                for (j, &(a, o)) in host.attachments.iter().enumerate() {
                    if o != p || j >= MAX_ABILITIES || flags(rules, a) & HAS_ACTION == 0 {
                        continue;
                    }
                    if self.lasting_has(host.uid, Lasts::Blank) {
                        continue;
                    }
                    for (k, ab) in def(rules, a).abilities.iter().enumerate().take(MAX_ABILITIES) {
                        let Some((b, true)) = body(ab) else { continue };
                        if !self.action_now(b) {
                            continue;
                        }
                        let mut r = Self::new_resolving(p, a, k);
                        r.host = Some(host.uid);
                        if self.usable(rules, &r, b) {
                            out.push(code(GEN_ATT, j * 16 + k, usize::from(host.uid)));
                        }
                    }
                }
            }
        }
    }

    /// After an action the opportunity passes clockwise (as `window.rs` does for events).
    pub(super) fn effect_acted(&mut self, p: Player) {
        let order = self.order();
        let me = order.iter().position(|&q| q == p).unwrap_or(0);
        if let Some(w) = self.window.as_mut() {
            w.pos = ((me + 1) % order.len().max(1)) as u8;
            w.passes = 0;
        }
    }

    /// The body of the ability a resolution names.
    pub fn body_of<'r>(&self, rules: &'r Rules, r: &Resolving) -> Option<&'r Body> {
        def(rules, r.card).abilities.get(usize::from(r.ab)).and_then(body).map(|(b, _)| b)
    }

    /// Perform one of the composable abilities' decisions (kinds GEN_*).
    pub fn perform_effect(&mut self, rules: &Rules, p: Player, kind: u32, x: usize, y: usize, ev: &mut Events<Event>) {
        let ps = usize::from(p);
        match kind {
            GEN_EVENT => {
                let Some(&card) = self.seats[ps].hand.get(x) else { return };
                self.seats[ps].hand.remove(x);
                ev.public(|| Event::EventPlayed { seat: p, card, target: u16::MAX });
                // A played event is placed in its owner's discard pile (deathbound: dead pile) as it resolves.
                self.to_discard(rules, p, card, ev);
                self.effect_acted(p);
                let mut r = Self::new_resolving(p, card, y);
                r.event = true;
                self.start(rules, r);
            }
            GEN_USE => {
                let Some((s, i)) = self.locate(y as u16) else { return };
                let card = self.seats[s].play[i].def;
                ev.public(|| Event::AbilityUsed { seat: p, card, target: u16::MAX });
                self.effect_acted(p);
                let mut r = Self::new_resolving(p, card, x);
                r.src = Some(y as u16);
                self.start(rules, r);
            }
            GEN_ATT => {
                let Some((s, i)) = self.locate(y as u16) else { return };
                let Some(&(card, _)) = self.seats[s].play[i].attachments.get(x / 16) else { return };
                ev.public(|| Event::AbilityUsed { seat: p, card, target: u16::MAX });
                self.effect_acted(p);
                let mut r = Self::new_resolving(p, card, x % 16);
                r.host = Some(y as u16);
                self.start(rules, r);
            }
            GEN_PILE => {
                let zone = (x / 16) as u8;
                let s = &self.seats[ps];
                let card = match zone {
                    ZONE_HAND => s.hand.get(y).copied(),
                    ZONE_DISCARD => s.discard.get(y).copied(),
                    ZONE_HOUSE => s.house_attachments.get(y).map(|a| a.0),
                    _ => s.dead.get(y).copied(),
                };
                let Some(card) = card else { return };
                ev.public(|| Event::AbilityUsed { seat: p, card, target: u16::MAX });
                self.effect_acted(p);
                let mut r = Self::new_resolving(p, card, x % 16);
                r.zone = Some(zone);
                self.start(rules, r);
            }
            GEN_YES => {
                let Some(Pending::Effect(r)) = self.pending.first_mut() else { return };
                r.step = Step::Pay { k: 0 };
                let r = r.clone();
                // A response played from hand is an event: it leaves the hand for the discard pile now.
                if r.event {
                    if let Some(i) = self.seats[ps].hand.iter().position(|&c| c == r.card) {
                        self.seats[ps].hand.remove(i);
                        ev.public(|| Event::EventPlayed { seat: p, card: r.card, target: u16::MAX });
                        self.to_discard(rules, p, r.card, ev);
                    } else {
                        self.pending.remove(0);
                        return;
                    }
                }
                self.count_use(rules, &r);
            }
            GEN_TARGET | GEN_TARGET_ATT => {
                let att = (kind == GEN_TARGET_ATT).then(|| {
                    let (s, i) = self.locate(y as u16)?;
                    self.seats[s].play[i].attachments.get(x.wrapping_sub(1)).map(|&(a, o)| (y as u16, a, o))
                });
                let Some(Pending::Effect(r)) = self.pending.first_mut() else { return };
                match att {
                    Some(Some(a)) => r.atts.push(a),
                    Some(None) => return,
                    None => r.targets.push(y as u16),
                }
                let want = def(rules, r.card).abilities.get(usize::from(r.ab)).and_then(body).map_or(1, |b| {
                    if b.0.targets_x {
                        r.x.max(1)
                    } else {
                        b.0.targets
                    }
                });
                if r.targets.len() + r.atts.len() >= usize::from(want) {
                    r.step = Step::Run { op: 0 };
                }
            }
            GEN_INF => {
                let Some((s, i)) = self.locate(y as u16) else { return };
                let c = &mut self.seats[s].play[i];
                c.kneeling = true;
                let (paid, card) = (def(rules, c.def).influence, c.def);
                ev.public(|| Event::Knelt { seat: p, card });
                if let Some(Pending::Effect(r)) = self.pending.first_mut() {
                    if let Step::Influence { k, left: X_OPEN } = r.step {
                        // "Kneel X influence": X grows with every provider knelt until the player stops (DONE).
                        r.x = r.x.saturating_add(paid);
                        r.step = Step::Influence { k, left: X_OPEN };
                    } else if let Step::Influence { k, left } = r.step {
                        let left = left.saturating_sub(paid);
                        r.step = if left == 0 { Step::Pay { k: k + 1 } } else { Step::Influence { k, left } };
                    }
                }
            }
            GEN_PICK => self.pick(rules, p, y, ev),
            GEN_MODE => {
                let Some(Pending::Effect(r)) = self.pending.first_mut() else { return };
                if let Step::Mode { op } = r.step {
                    r.mode = Some(y as u8);
                    r.step = Step::Run { op };
                }
            }
            _ => {}
        }
    }

    pub(super) fn count_use(&mut self, rules: &Rules, r: &Resolving) {
        if let Some(l) = self.body_of(rules, r).and_then(|b| b.limit) {
            self.uses.push(Use { card: r.card, ab: r.ab, src: r.src.unwrap_or(u16::MAX), round: l.per == Per::Round });
        }
    }

    /// An action was chosen: its use counts against its limit and it resolves before anything else.
    pub(super) fn start(&mut self, rules: &Rules, r: Resolving) {
        self.count_use(rules, &r);
        self.pending.insert(0, Pending::Effect(r));
    }

    /// DONE on a resolution: decline the optional ability, stop choosing targets, or stop taking cards.
    pub fn effect_done(&mut self, rules: &Rules, ev: &mut Events<Event>) -> bool {
        let Some(Pending::Effect(r)) = self.pending.first_mut() else { return false };
        match r.step.clone() {
            Step::Target => r.step = Step::Run { op: 0 },
            Step::Influence { k, left: X_OPEN } => r.step = Step::Pay { k: k + 1 },
            Step::Pick { op, looked, .. } => {
                r.step = Step::Run { op: op + 1 };
                let r = r.clone();
                self.finish_pick(rules, &r, op, looked, ev);
            }
            _ => {
                self.pending.remove(0);
            }
        }
        true
    }

    /// The legal decisions of a resolution waiting for a choice.
    pub fn effect_pending_actions(&self, rules: &Rules, r: &Resolving, out: &mut Vec<Action>) {
        match &r.step {
            Step::Ask => out.extend([code(GEN_YES, 0, 0), code(DONE, 0, 0)]),
            Step::Influence { left, .. } => {
                let providers = self.influence_providers(rules, usize::from(r.seat));
                out.extend(providers.into_iter().map(|u| code(GEN_INF, 0, usize::from(u))));
                if *left == X_OPEN && r.x > 0 {
                    out.push(code(DONE, 0, 0));
                }
            }
            Step::Target => {
                if let Some(f) = self.body_of(rules, r).and_then(|b| b.target.as_ref()) {
                    out.extend(
                        self.effect_targets(rules, r, f).into_iter().map(|u| code(GEN_TARGET, 0, usize::from(u))),
                    );
                    out.extend(
                        self.attachment_targets(rules, r, f)
                            .into_iter()
                            .map(|(h, j)| code(GEN_TARGET_ATT, j + 1, usize::from(h))),
                    );
                }
                if !r.targets.is_empty() || !r.atts.is_empty() {
                    out.push(code(DONE, 0, 0));
                }
            }
            Step::Pick { choices, op, .. } => {
                out.extend((0..choices.len()).map(|i| code(GEN_PICK, 0, i)));
                // A pick that must be made (a swap) cannot be declined while something is offered.
                let must = matches!(
                    self.body_of(rules, r).and_then(|b| b.effect.get(usize::from(*op))),
                    Some(Op::Take { must: true, .. })
                );
                if !must || choices.is_empty() {
                    out.push(code(DONE, 0, 0));
                }
            }
            Step::Mode { op } => {
                if let Some(Op::Choose { options }) =
                    self.body_of(rules, r).and_then(|b| b.effect.get(usize::from(*op)))
                {
                    out.extend((0..options.len()).map(|y| code(GEN_MODE, 0, y)));
                }
            }
            // A player or a paying card to choose.
            Step::Player { .. }
            | Step::PayWith { .. }
            | Step::Attachment { .. }
            | Step::OwnDiscard { .. }
            | Step::Replot { .. }
            | Step::SwapPlot { .. } => self.pool_pending_actions(rules, r, out),
            Step::PowerFrom { k } => {
                if let Some(super::super::cards::vocab::Cost::DiscardPowerFromYours { n }) =
                    self.body_of(rules, r).and_then(|b| b.cost.get(usize::from(*k)))
                {
                    out.extend(
                        self.power_payers(rules, r.seat, *n).into_iter().map(|u| code(GEN_POWER, 0, usize::from(u))),
                    );
                }
            }
            // Automatic steps are run by `auto_effect` before anyone is asked.
            Step::Pay { .. } | Step::Run { .. } => {}
        }
    }

    /// Run the automatic steps of the first pending resolution; true if something was done.
    pub fn auto_effect(&mut self, rules: &Rules, ev: &mut Events<Event>) -> bool {
        if !self.house_claims.is_empty() {
            for seat in std::mem::take(&mut self.house_claims) {
                self.fire(rules, Fired::HousePower { seat }, ev);
            }
            return true;
        }
        let Some(Pending::Effect(r)) = self.pending.first() else { return false };
        let mut r = r.clone();
        let Some(b) = self.body_of(rules, &r) else {
            self.pending.remove(0);
            return true;
        };
        match r.step {
            Step::Pay { k: 0 } if r.x == 0 && b.x_used_plots.is_some() => {
                r.x = self.used_plots_with(rules, r.seat, b.x_used_plots.as_deref().unwrap_or_default());
                self.pending[0] = Pending::Effect(r);
                true
            }
            Step::Pay { k } => {
                let Some(cost) = b.cost.get(usize::from(k)) else {
                    r.step = if b.target.is_some() { Step::Target } else { Step::Run { op: 0 } };
                    self.pending[0] = Pending::Effect(r);
                    return true;
                };
                let ps = usize::from(r.seat);
                let mut next = Step::Pay { k: k + 1 };
                match cost {
                    Cost::KneelSelf | Cost::KneelAttached => {
                        let uid = if *cost == Cost::KneelSelf { r.src } else { r.host };
                        let Some((s, i)) = uid.and_then(|u| self.locate(u)) else {
                            self.pending.remove(0);
                            return true;
                        };
                        if self.seats[s].play[i].kneeling {
                            // A cost that cannot be paid: nothing happens.
                            self.pending.remove(0);
                            return true;
                        }
                        self.seats[s].play[i].kneeling = true;
                        let card = self.seats[s].play[i].def;
                        ev.public(|| Event::Knelt { seat: s as Player, card });
                    }
                    Cost::Influence { n } => {
                        if self.available_influence(rules, ps) < *n {
                            self.pending.remove(0);
                            return true;
                        }
                        next = Step::Influence { k, left: *n };
                    }
                    Cost::KneelHouse => {
                        if !self.kneel_house(ps, ev) {
                            self.pending.remove(0);
                            return true;
                        }
                    }
                    Cost::Sacrifice => {
                        let Some((s, i)) = r.src.and_then(|u| self.locate(u)) else {
                            self.pending.remove(0);
                            return true;
                        };
                        self.remove_from_play(rules, s, i, To::Discard, ev);
                        r.src = None;
                    }
                    Cost::Gold { n } => {
                        if self.seats[ps].gold < *n {
                            self.pending.remove(0);
                            return true;
                        }
                        self.seats[ps].gold -= *n;
                    }
                    Cost::DiscardFromHand { n } => {
                        let n = *n;
                        r.step = next;
                        self.pending[0] = Pending::Effect(r);
                        if n > 0 && !self.seats[ps].hand.is_empty() {
                            let seat = ps as Player;
                            self.pending.insert(0, Pending::DiscardFromHand { seat, left: n });
                        }
                        return true;
                    }
                    Cost::InfluenceX => {
                        if self.available_influence(rules, ps) == 0 {
                            self.pending.remove(0);
                            return true;
                        }
                        next = Step::Influence { k, left: X_OPEN };
                    }
                    Cost::DiscardHand => {
                        let hand = std::mem::take(&mut self.seats[ps].hand);
                        for c in hand {
                            self.to_discard(rules, r.seat, c, ev);
                        }
                    }
                    Cost::DiscardPower { n } => {
                        let Some((s, i)) = r.src.and_then(|u| self.locate(u)) else {
                            self.pending.remove(0);
                            return true;
                        };
                        let c = &mut self.seats[s].play[i];
                        c.power = c.power.saturating_sub(*n);
                        let n = *n;
                        ev.public(|| Event::PowerLost { seat: s as Player, n });
                    }
                    // The payer chooses the card (none left: the cost cannot be paid, nothing happens).
                    Cost::KillYours { .. } | Cost::DiscardYours { .. } => {
                        if self.pay_card_choices(rules, &r, cost).is_empty() {
                            self.pending.remove(0);
                            return true;
                        }
                        next = Step::PayWith { k };
                    }
                    // The player chooses the character (effect_pool.rs); none left: nothing happens.
                    Cost::DiscardPowerFromYours { n } => {
                        if self.power_payers(rules, r.seat, *n).is_empty() {
                            self.pending.remove(0);
                            return true;
                        }
                        next = Step::PowerFrom { k };
                    }
                }
                r.step = next;
                self.pending[0] = Pending::Effect(r);
                true
            }
            // "Kneel X influence" with no provider left standing: X is what was paid.
            Step::Influence { k, left: X_OPEN } if self.influence_providers(rules, usize::from(r.seat)).is_empty() => {
                r.step = Step::Pay { k: k + 1 };
                self.pending[0] = Pending::Effect(r);
                true
            }
            Step::Run { op } => {
                let Some(o) = b.effect.get(usize::from(op)) else {
                    self.pending.remove(0);
                    return true;
                };
                r.step = Step::Run { op: op + 1 };
                self.pending[0] = Pending::Effect(r.clone());
                // An operation may leave play cards, ask a pick (it replaces the step) or trigger responses.
                self.apply_op(rules, &mut r, op, o, ev);
                true
            }
            _ => false,
        }
    }
}
