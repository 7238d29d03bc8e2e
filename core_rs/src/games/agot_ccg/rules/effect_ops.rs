//! The effect operations of composable abilities (`vocab::Op`), one arm each: what happens to the cards they
//! name (rulebook "Uccidere", "Scartare", "Inginocchiare", "Effetti duraturi", "Ricerca").

use super::super::cards::vocab::{On, Op, Pile, To};
use super::super::cards::{icon_bits, keyword_bits, Kind, Rules};
use super::super::effects::def;
use super::super::state::{AgotCcg, Event, InPlay, Pending};
use super::triggered::{Fired, Lasting, Lasts, Resolving, Step};
use crate::engine::{Events, Player};

impl AgotCcg {
    /// The cards in play an operation acts on.
    pub(super) fn subjects(&self, rules: &Rules, r: &Resolving, on: &On) -> Vec<u16> {
        let v = match on {
            On::Target => r.targets.clone(),
            On::This => r.src.into_iter().collect(),
            On::Attached => r.host.into_iter().collect(),
            On::Trigger => r.trig.into_iter().collect(),
            On::Each(f) => self
                .seats
                .iter()
                .flat_map(|s| s.play.iter().map(|c| c.uid))
                .filter(|&u| self.in_play_matches(rules, r.seat, r.src, u, f))
                .collect(),
            On::EachOfMost(f) => {
                let of = |s: &super::super::state::Seat| -> Vec<u16> {
                    s.play.iter().map(|c| c.uid).filter(|&u| self.in_play_matches(rules, r.seat, r.src, u, f)).collect()
                };
                let counts: Vec<usize> = self.seats.iter().map(|s| of(s).len()).collect();
                let most = counts.iter().copied().max().unwrap_or(0);
                match counts.iter().filter(|&&n| n == most).count() {
                    1 if most > 0 => counts.iter().position(|&n| n == most).map_or(Vec::new(), |q| of(&self.seats[q])),
                    _ => Vec::new(),
                }
            }
        };
        v.into_iter().filter(|&u| self.locate(u).is_some()).collect()
    }

    /// The one way a card leaves play (killed, discarded, returned to hand or deck, a player eliminated): its
    /// attachments and duplicates are discarded, its power returns to the pool, it leaves the challenge and its
    /// lasting effects end (rulebook "Carte Equipaggiamento", "Potere e vittoria"; research §3.2 step 6). Saves
    /// and duplicates are offered before this, by `kill` and `discard_from_play`; a card removed as a cost comes
    /// here directly and so cannot be saved. A character discarded to the discard pile fires "killed or
    /// discarded" triggers; `kill` fires the kill's own after placing the card in the dead pile.
    pub fn remove_from_play(&mut self, rules: &Rules, s: usize, i: usize, to: To, ev: &mut Events<Event>) -> InPlay {
        let c = self.seats[s].play.remove(i);
        for &(a, owner) in &c.attachments {
            self.to_discard(rules, owner, a, ev);
        }
        for &d in &c.dupes {
            self.to_discard(rules, c.owner, d, ev);
        }
        if let Some(ch) = self.challenge.as_mut() {
            ch.attackers.retain(|&u| u != c.uid);
            ch.defenders.retain(|&u| u != c.uid);
        }
        self.lasting.retain(|l| l.uid != c.uid);
        if to == To::Dead {
            self.seats[usize::from(c.owner)].dead.push(c.def);
        } else {
            self.place(rules, c.owner, c.def, to, ev);
        }
        if to == To::Discard && def(rules, c.def).kind == Kind::Character {
            self.fire(rules, Fired::Killed { card: c.def, seat: s as Player, discarded: true }, ev);
        }
        c
    }

    /// Put a card that is not in play into one of its owner's zones (play: enters under his control).
    pub fn place(&mut self, rules: &Rules, owner: Player, card: u16, to: To, ev: &mut Events<Event>) {
        let o = usize::from(owner);
        match to {
            To::Hand => self.seats[o].hand.push(card),
            To::DeckTop => self.seats[o].deck.push(card),
            To::DeckBottom => self.seats[o].deck.insert(0, card),
            To::Discard => self.to_discard(rules, owner, card, ev),
            To::Dead => {
                self.seats[o].dead.push(card);
                self.fire(rules, Fired::ToDeadPile, ev);
            }
            To::Play => {
                let kind = def(rules, card).kind;
                if matches!(kind, Kind::Character | Kind::Location) && self.can_enter_unique(rules, o, card) {
                    let uid = self.enter_play(o, card, owner);
                    ev.public(|| Event::Marshalled { seat: owner, card, cost: 0 });
                    self.entered(rules, uid, false, ev);
                } else {
                    // A card that cannot enter play (an attachment without a host, a second unique copy) stays in
                    // its owner's discard pile.
                    self.to_discard(rules, owner, card, ev);
                }
            }
        }
    }

    /// Take the last copy of `card` out of `seat`'s pile with this zone code (hand, discard, dead); false if it
    /// is not there any more.
    fn take_from_zone(&mut self, seat: usize, zone: u8, card: u16) -> bool {
        let s = &mut self.seats[seat];
        let pile = match zone {
            0 => &mut s.hand,
            1 => &mut s.discard,
            _ => &mut s.dead,
        };
        let Some(i) = pile.iter().rposition(|&c| c == card) else { return false };
        pile.remove(i);
        true
    }

    fn last(&mut self, uid: u16, what: Lasts) {
        self.lasting.push(Lasting { uid, what });
    }

    /// Resolve effect number `op` of the resolution `r` (its step already moved on to the next one).
    pub fn apply_op(&mut self, rules: &Rules, r: &mut Resolving, op: u8, o: &Op, ev: &mut Events<Event>) {
        let me = r.seat;
        let ps = usize::from(me);
        match o {
            Op::Kneel { on } | Op::Stand { on } => {
                let kneel = matches!(o, Op::Kneel { .. });
                for u in self.subjects(rules, r, on) {
                    let Some((s, i)) = self.locate(u) else { continue };
                    let c = &mut self.seats[s].play[i];
                    c.kneeling = kneel;
                    let card = c.def;
                    if kneel {
                        ev.public(|| Event::Knelt { seat: s as Player, card });
                    } else {
                        ev.public(|| Event::Stood { seat: s as Player, card });
                    }
                }
            }
            Op::Kill { on } => {
                if self.kills_allowed(rules) {
                    for u in self.subjects(rules, r, on) {
                        self.kill(rules, u, true, ev);
                    }
                }
            }
            Op::Discard { on } | Op::ReturnToHand { on } | Op::ToDeckTop { on } | Op::ToDeckBottom { on } => {
                let to = match o {
                    Op::Discard { .. } => To::Discard,
                    Op::ReturnToHand { .. } => To::Hand,
                    Op::ToDeckTop { .. } => To::DeckTop,
                    _ => To::DeckBottom,
                };
                if *on == On::Target {
                    for (host, a, owner) in std::mem::take(&mut r.atts) {
                        let Some((s, i)) = self.locate(host) else { continue };
                        let atts = &mut self.seats[s].play[i].attachments;
                        let Some(j) = atts.iter().position(|&x| x == (a, owner)) else { continue };
                        atts.remove(j);
                        if to == To::Hand {
                            self.seats[usize::from(owner)].hand.push(a);
                        } else {
                            self.place(rules, owner, a, to, ev);
                        }
                    }
                }
                for u in self.subjects(rules, r, on) {
                    if to == To::Discard {
                        // A discard from play is offered to the duplicates and the save window, as a kill is.
                        self.discard_from_play(rules, u, true, ev);
                    } else if let Some((s, i)) = self.locate(u) {
                        self.remove_from_play(rules, s, i, to, ev);
                    }
                }
            }
            Op::Str { amount, on, per_x } => {
                let amount = if *per_x { amount.saturating_mul(r.x.min(100) as i8) } else { *amount };
                for u in self.subjects(rules, r, on) {
                    self.mods.push((u, amount));
                }
            }
            Op::KillIfZeroStr { on } => {
                for u in self.subjects(rules, r, on) {
                    let Some((s, i)) = self.locate(u) else { continue };
                    if self.strength(rules, s as Player, &self.seats[s].play[i]) == 0 && self.kills_allowed(rules) {
                        self.kill(rules, u, true, ev);
                    }
                }
            }
            Op::GainIcons { icons, on } | Op::LoseIcons { icons, on } => {
                let b = icon_bits(icons).unwrap_or(0);
                let what = if matches!(o, Op::GainIcons { .. }) { Lasts::GainIcons(b) } else { Lasts::LoseIcons(b) };
                for u in self.subjects(rules, r, on) {
                    self.last(u, what);
                }
            }
            Op::GainKeywords { keywords, on } | Op::LoseKeywords { keywords, on } => {
                let b = keyword_bits(keywords).unwrap_or(0);
                let what =
                    if matches!(o, Op::GainKeywords { .. }) { Lasts::GainKeywords(b) } else { Lasts::LoseKeywords(b) };
                for u in self.subjects(rules, r, on) {
                    self.last(u, what);
                }
            }
            Op::Blank { on }
            | Op::CannotBeKilled { on }
            | Op::CannotBeDeclared { on }
            | Op::NoKneelToDeclare { on } => {
                let what = match o {
                    Op::Blank { .. } => Lasts::Blank,
                    Op::CannotBeKilled { .. } => Lasts::CannotBeKilled,
                    Op::CannotBeDeclared { .. } => Lasts::CannotBeDeclared,
                    _ => Lasts::NoKneel,
                };
                for u in self.subjects(rules, r, on) {
                    self.last(u, what);
                    if what == Lasts::NoKneel {
                        self.no_kneel_defend.push(u);
                    }
                }
            }
            Op::ClaimPower { n, on, per_x } => {
                let n = &if *per_x { n.saturating_mul(r.x) } else { *n };
                for u in self.subjects(rules, r, on) {
                    let Some((s, i)) = self.locate(u) else { continue };
                    let c = &mut self.seats[s].play[i];
                    c.power = c.power.saturating_add(*n);
                    let (card, n) = (c.def, *n);
                    ev.public(|| Event::PowerClaimed { seat: s as Player, card: Some(card), n });
                }
            }
            Op::DiscardPower { n, on } => {
                for u in self.subjects(rules, r, on) {
                    let Some((s, i)) = self.locate(u) else { continue };
                    let c = &mut self.seats[s].play[i];
                    let k = (*n).min(c.power);
                    c.power -= k;
                    ev.public(|| Event::PowerLost { seat: s as Player, n: k });
                }
            }
            Op::TakePower { on, n } => {
                let Some((ts, ti)) = r.src.and_then(|u| self.locate(u)) else { return };
                let mut got = 0u8;
                for u in self.subjects(rules, r, on) {
                    if Some(u) == r.src {
                        continue;
                    }
                    let Some((s, i)) = self.locate(u) else { continue };
                    let c = &mut self.seats[s].play[i];
                    let k = if *n == 0 { c.power } else { (*n).min(c.power) };
                    c.power -= k;
                    got = got.saturating_add(k);
                }
                let c = &mut self.seats[ts].play[ti];
                c.power = c.power.saturating_add(got);
            }
            Op::DiscardAttachments { on } => {
                for u in self.subjects(rules, r, on) {
                    let Some((s, i)) = self.locate(u) else { continue };
                    let atts = std::mem::take(&mut self.seats[s].play[i].attachments);
                    for (a, owner) in atts {
                        self.to_discard(rules, owner, a, ev);
                    }
                }
            }
            Op::MoveThisAttachment => {
                let (Some(host), Some(&to)) = (r.host, r.targets.first()) else { return };
                if host == to || !self.takes_attachments(rules, to) {
                    return;
                }
                let Some((s, i)) = self.locate(host) else { return };
                let atts = &mut self.seats[s].play[i].attachments;
                let Some(j) = atts.iter().position(|&(a, o)| a == r.card && o == me) else { return };
                let moved = atts.remove(j);
                if let Some((s2, i2)) = self.locate(to) {
                    self.seats[s2].play[i2].attachments.push(moved);
                    let host_def = self.seats[s2].play[i2].def;
                    ev.public(|| Event::Attached { seat: me, card: r.card, host: host_def });
                    r.host = Some(to);
                }
            }
            Op::HousePower { n } => self.claim_house(me, *n, ev),
            Op::Draw { n } => self.draw(ps, *n, true, ev),
            Op::Gold { n } => self.seats[ps].gold = self.seats[ps].gold.saturating_add(*n),
            Op::UnlessControllerKneels { n, per_house_attachment } => {
                let Some((q, _)) = r.targets.first().and_then(|&u| self.locate(u)) else { return };
                let x = self.plus_house_attachments(ps, *n, *per_house_attachment).min(255) as u8;
                if q != ps && x > 0 && self.available_influence(rules, q) >= x {
                    self.pending.insert(0, Pending::Prevent { seat: q as Player, left: x });
                }
            }
            Op::NextCostsLess { of, n, per_house_attachment, pay_with_influence } => {
                let Some(marker) = super::super::cards::classify::next_of(*of) else { return };
                let k = self.plus_house_attachments(ps, *n, *per_house_attachment).min(32);
                let s = &mut self.seats[ps];
                s.reductions.extend(std::iter::repeat_n(marker, k));
                if *pay_with_influence {
                    s.influence_pays.push(marker);
                }
            }
            Op::MillOpponents { n, draw_per_doomed } => {
                let mut doomed = 0u8;
                for q in self.order() {
                    if q == me {
                        continue;
                    }
                    for _ in 0..*n {
                        let Some(c) = self.seats[usize::from(q)].deck.pop() else { break };
                        doomed += u8::from(def(rules, c).doomed);
                        self.to_discard(rules, q, c, ev);
                    }
                }
                if *draw_per_doomed && doomed > 0 {
                    self.draw(ps, doomed, true, ev);
                }
            }
            Op::Move { to } => {
                let Some(zone) = r.zone else { return };
                if !self.take_from_zone(ps, zone, r.card) {
                    return;
                }
                if *to == To::Play {
                    let card = r.card;
                    if self.can_enter_unique(rules, ps, card) {
                        let uid = self.enter_play(ps, card, me);
                        ev.public(|| Event::Marshalled { seat: me, card, cost: 0 });
                        r.src = Some(uid);
                        r.zone = None;
                        self.entered(rules, uid, zone == 0, ev);
                        self.set_src(r);
                        return;
                    }
                }
                self.place(rules, me, r.card, *to, ev);
            }
            Op::Take { from, count, top, .. } => {
                let looked = if *from == Pile::Deck { (*top).min(self.seats[ps].deck.len() as u8) } else { 0 };
                let choices = self.take_choices(rules, r, op, looked, None);
                if choices.is_empty() {
                    self.finish_pick(rules, r, op, looked, ev);
                    return;
                }
                if let Some(Pending::Effect(p)) = self.pending.first_mut() {
                    p.step = Step::Pick { op, choices, left: *count, looked, first: None };
                }
            }
            Op::Choose { options } => match r.mode.take() {
                None => {
                    if let Some(Pending::Effect(p)) = self.pending.first_mut() {
                        p.step = Step::Mode { op };
                    }
                }
                Some(m) => {
                    for sub in options.get(usize::from(m)).into_iter().flatten() {
                        self.apply_op(rules, r, op, sub, ev);
                    }
                    if let Some(Pending::Effect(p)) = self.pending.first_mut() {
                        p.mode = None;
                    }
                }
            },
            _ => self.apply_more_op(rules, r, o, ev),
        }
    }

    /// A card that moved into play becomes the resolution's source for the rest of its effects.
    fn set_src(&mut self, r: &Resolving) {
        if let Some(Pending::Effect(p)) = self.pending.first_mut() {
            if p.card == r.card && p.ab == r.ab {
                p.src = r.src;
                p.zone = None;
            }
        }
    }
}

impl AgotCcg {
    /// The operations that act on piles and every player rather than on the cards an ability names.
    fn apply_more_op(&mut self, rules: &Rules, r: &mut Resolving, o: &Op, ev: &mut Events<Event>) {
        let me = r.seat;
        let ps = usize::from(me);
        match o {
            Op::TopToHand { n } => {
                for _ in 0..*n {
                    let Some(c) = self.seats[ps].deck.pop() else { break };
                    self.seats[ps].hand.push(c);
                }
            }
            Op::EachPlayerDraws { n, hand_max } => {
                for q in self.order() {
                    if self.seats[usize::from(q)].hand.len() <= usize::from(*hand_max) {
                        self.draw(usize::from(q), *n, true, ev);
                    }
                }
            }
            Op::AllFromDeadPiles { filter } => {
                for q in self.order() {
                    let qs = usize::from(q);
                    let dead = std::mem::take(&mut self.seats[qs].dead);
                    let mut keep = Vec::new();
                    let mut back = Vec::new();
                    for c in dead {
                        if self.def_matches(rules, c, filter) {
                            back.push(c);
                        } else {
                            keep.push(c);
                        }
                    }
                    self.seats[qs].dead = keep;
                    for c in back {
                        // A unique card whose copy is still in the dead pile, or already in play, stays dead.
                        if self.can_enter_unique(rules, qs, c) {
                            let uid = self.enter_play(qs, c, q);
                            ev.public(|| Event::Marshalled { seat: q, card: c, cost: 0 });
                            self.entered(rules, uid, false, ev);
                        } else {
                            self.seats[qs].dead.push(c);
                        }
                    }
                }
            }
            Op::ChallengeType { challenge } => {
                let Some(k) = super::super::cards::challenge_index(challenge) else { return };
                if let Some(ch) = self.challenge.as_mut() {
                    if ch.kind != k {
                        self.retyped = self.retyped.or(Some(ch.kind));
                        ch.kind = k;
                    }
                }
            }
            Op::ControllerDiscardsPerPrintedIcon { on } => {
                for u in self.subjects(rules, r, on) {
                    let Some((s, i)) = self.locate(u) else { continue };
                    let n = def(rules, self.seats[s].play[i].def).icons.count_ones() as u8;
                    if n > 0 && !self.seats[s].hand.is_empty() {
                        self.pending.insert(0, Pending::DiscardFromHand { seat: s as Player, left: n });
                    }
                }
            }
            Op::AttachThis => {
                let (Some(zone), Some(&to)) = (r.zone, r.targets.first()) else { return };
                if !self.takes_attachments(rules, to) {
                    return;
                }
                if !self.take_from_zone(ps, zone, r.card) {
                    return;
                }
                if let Some((s2, i2)) = self.locate(to) {
                    self.seats[s2].play[i2].attachments.push((r.card, me));
                    let host = self.seats[s2].play[i2].def;
                    ev.public(|| Event::Attached { seat: me, card: r.card, host });
                }
            }
            // The House pool records' operations (`effect_pool.rs`).
            Op::BecomeAttachment { .. }
            | Op::ReturnThisToHand
            | Op::DuplicateOnto { .. }
            | Op::OpponentsCannotTrigger { .. }
            | Op::DiscardIfPowerAtLeast { .. }
            | Op::MustParticipateNext { .. } => self.apply_pool_op(rules, r, o, ev),
            // The operations of rules/effect_pool_ops.rs.
            _ => self.apply_choice_op(rules, r, o, ev),
        }
    }
}
