//! Control change (research §3.3 "Control", rulebook "Carte uniche"), naming (King's Landing names a House,
//! Caution to the Wind a challenge type), Endless recursion from the dead pile (research §3.4) and the other
//! actions and "when revealed" effects of the cards that use them.

use super::super::cards::classify;
use super::super::cards::{house_index, Ability, Kind, Rules, HOUSES, NEUTRAL};
use super::super::effects::def;
use super::super::state::{AgotCcg, At, Event, Interrupted, Pending, Then};
use super::actions::*;
use crate::engine::{Action, Events, Player};

impl AgotCcg {
    /// Take control of `uid` for `to`: it moves to his play area with what is on it; a character changing control
    /// mid-challenge leaves the challenge (FAQ 3.30). `until_end_of_phase`: it goes back when the phase ends.
    pub fn take_control(
        &mut self,
        rules: &Rules,
        uid: u16,
        to: Player,
        until_end_of_phase: bool,
        ev: &mut Events<Event>,
    ) {
        let Some((s, i)) = self.locate(uid) else { return };
        let t = usize::from(to);
        if s == t || t >= self.n() || self.seats[t].eliminated {
            return;
        }
        if let Some(ch) = self.challenge.as_mut() {
            ch.attackers.retain(|&u| u != uid);
            ch.defenders.retain(|&u| u != uid);
        }
        let c = self.seats[s].play.remove(i);
        let card = c.def;
        self.seats[t].play.push(c);
        if until_end_of_phase {
            self.borrowed.push((uid, s as Player));
        }
        let _ = rules;
        ev.public(|| Event::ControlTaken { seat: to, card });
    }

    /// "Until the end of the phase" control changes end (called where the phase's lasting effects expire).
    pub fn return_borrowed(&mut self) {
        for (uid, back) in std::mem::take(&mut self.borrowed) {
            let Some((s, i)) = self.locate(uid) else { continue };
            let b = usize::from(back);
            if s == b || b >= self.n() || self.seats[b].eliminated {
                continue;
            }
            if let Some(ch) = self.challenge.as_mut() {
                ch.attackers.retain(|&u| u != uid);
                ch.defenders.retain(|&u| u != uid);
            }
            let c = self.seats[s].play.remove(i);
            self.seats[b].play.push(c);
        }
    }

    /// May `seat` take control of the card in play `c`? Not his own, and not a unique card he already has in play
    /// or in his dead pile (rulebook "Carte uniche").
    fn can_take(&self, rules: &Rules, seat: usize, uid: u16) -> bool {
        self.locate(uid)
            .is_some_and(|(s, i)| s != seat && self.can_enter_unique(rules, seat, self.seats[s].play[i].def))
    }

    /// Ygritte: the characters with trait `tr` that `seat` may take control of (or decline).
    pub fn control_targets(&self, rules: &Rules, seat: Player, tr: &str, out: &mut Vec<Action>) {
        let ps = usize::from(seat);
        for s in &self.seats {
            for c in &s.play {
                let d = def(rules, c.def);
                if d.kind == Kind::Character && d.has_trait(tr) && self.can_take(rules, ps, c.uid) {
                    out.push(code(TAKE_CONTROL, 0, usize::from(c.uid)));
                }
            }
        }
        if !out.is_empty() {
            out.push(code(DONE, 0, 0));
        }
    }

    /// Responses to a card played from hand that this module adds (Ygritte).
    pub fn on_played_control(&mut self, rules: &Rules, p: Player, card: u16) {
        for ab in &def(rules, card).abilities {
            if let Ability::OnPlayedTakeControl { tr } = ab {
                self.pending.push(Pending::ChooseControl { seat: p, tr: tr.clone() });
            }
        }
    }

    /// Could Caution to the Wind's named type stop `p` declaring attackers or defenders in a challenge of `kind`?
    pub fn challenge_allowed(&self, p: Player, kind: u8) -> bool {
        self.named_challenge.is_empty() || self.named_challenge.iter().all(|&(s, k)| s != p || k == kind)
    }

    /// "When revealed" effects of this module, resolved with the others after the first player is chosen.
    pub fn when_revealed_interrupts(&mut self, rules: &Rules, ev: &mut Events<Event>) {
        self.named_challenge.clear();
        for p in self.order() {
            let Some(plot) = self.seats[usize::from(p)].plot else { continue };
            for ab in &def(rules, plot).abilities {
                match ab {
                    Ability::PlotNameChallenge => self.pending.push(Pending::NameChallenge { seat: p }),
                    Ability::PlotKillAllIfUsed { tr, used } => {
                        let n =
                            self.seats[usize::from(p)].used.iter().filter(|&&u| def(rules, u).has_trait(tr)).count();
                        if n >= usize::from(*used) && self.kills_allowed(rules) {
                            let all: Vec<u16> = self
                                .seats
                                .iter()
                                .flat_map(|s| s.play.iter())
                                .filter(|c| def(rules, c.def).kind == Kind::Character)
                                .map(|c| c.uid)
                                .collect();
                            for uid in all {
                                self.unsaved.push(uid);
                                self.kill(rules, uid, false, ev);
                            }
                        }
                    }
                    _ => {}
                }
            }
        }
    }

    /// NAME: a challenge type for Caution to the Wind, or a House for King's Landing (`src` its uid).
    pub fn name(&mut self, rules: &Rules, p: Player, x: usize, src: u16, ev: &mut Events<Event>) {
        if matches!(self.pending.first(), Some(Pending::NameChallenge { .. })) {
            self.pending.remove(0);
            self.named_challenge.push((p, x.min(2) as u8));
            let what = super::super::cards::CHALLENGES[x.min(2)].to_string();
            ev.public(|| Event::Named { seat: p, what });
            return;
        }
        let Some((s, i)) = self.locate(src) else { return };
        let card = self.seats[s].play[i].def;
        let influence = def(rules, card)
            .abilities
            .iter()
            .find_map(|a| match a {
                Ability::NameHouseStr { influence, .. } => Some(*influence),
                _ => None,
            })
            .unwrap_or(0);
        ev.public(|| Event::AbilityUsed { seat: p, card, target: x as u16 });
        self.window_acted(p);
        let what = Interrupted::Ability { player: p, source: src, card, target: x as u16 };
        if influence > 0 {
            self.pending.insert(0, Pending::PayFor { seat: p, left: influence, then: Then::Ability { what } });
        } else if !self.open_cancel_window(rules, what) {
            self.ability_effect(rules, what, ev);
        }
    }

    /// ENDLESS: a card of `p`'s dead pile with Endless is used (its influence cost asked next).
    pub fn endless_use(&mut self, rules: &Rules, p: Player, x: usize, ev: &mut Events<Event>) {
        let Some(&card) = self.seats[usize::from(p)].dead.get(x) else { return };
        let Some((influence, into_play)) = def(rules, card).abilities.iter().find_map(|a| match a {
            Ability::Endless { influence, into_play } => Some((*influence, *into_play)),
            _ => None,
        }) else {
            return;
        };
        ev.public(|| Event::AbilityUsed { seat: p, card, target: u16::MAX });
        self.window_acted(p);
        let then = Then::Endless { card, into_play };
        if influence == 0 {
            self.endless_return(p, card, into_play, ev);
        } else {
            self.pending.insert(0, Pending::PayFor { seat: p, left: influence, then });
        }
    }

    pub fn endless_return(&mut self, p: Player, card: u16, into_play: bool, ev: &mut Events<Event>) {
        let ps = usize::from(p);
        let Some(i) = self.seats[ps].dead.iter().position(|&c| c == card) else { return };
        self.seats[ps].dead.remove(i);
        if into_play {
            self.enter_play(ps, card, p);
            ev.public(|| Event::Marshalled { seat: p, card, cost: 0 });
        } else {
            self.seats[ps].hand.push(card);
        }
    }

    /// The window actions this module adds: its events (EVENT codes), King's Landing (NAME) and Endless cards.
    pub fn interrupt_window_actions(&self, rules: &Rules, p: Player, out: &mut Vec<Action>) {
        let ps = usize::from(p);
        let s = &self.seats[ps];
        let Some(at) = self.window.map(|w| w.at) else { return };
        // Most windows offer none of these: look at the printed cards first, so the common case costs no
        // influence count and no per-card ability lookup (a window is asked at nearly every decision).
        let printed = |c: u16, f: fn(&Ability) -> bool| def(rules, c).abilities.iter().any(f);
        let names = |a: &Ability| matches!(a, Ability::NameHouseStr { .. });
        let endless = |a: &Ability| matches!(a, Ability::Endless { .. });
        let any_event = s.hand.iter().any(|&c| def(rules, c).kind == Kind::Event);
        let class = |c: u16, bits: u32| classify::classes_of(rules, c) & bits != 0;
        let any_name = s.play.iter().any(|c| class(c.def, classify::RESPONSES) && printed(c.def, names));
        let any_endless = at == At::Dominance && s.dead.iter().any(|&c| printed(c, endless));
        if !(any_event || any_name || any_endless) {
            return;
        }
        let now = |ph: &str| self.playable_now(ph);
        let inf = self.available_influence(rules, ps);
        for (i, &c) in s.hand.iter().enumerate().take(255) {
            let d = def(rules, c);
            if d.kind != Kind::Event || s.hand[..i].contains(&c) || (d.house_only && d.house != s.house) {
                continue;
            }
            for ab in &d.abilities {
                match ab {
                    Ability::TakeControl { influence, max_str, phase } if now(phase) && inf >= *influence => {
                        for (q, o) in self.seats.iter().enumerate() {
                            for t in &o.play {
                                if def(rules, t.def).kind == Kind::Character
                                    && self.strength(rules, q as Player, t) <= *max_str
                                    && !super::effect_pool::immune_to_event_of(
                                        self.keywords(rules, q as Player, t),
                                        q,
                                        ps,
                                    )
                                    && self.can_take(rules, ps, t.uid)
                                {
                                    out.push(code(EVENT, i, usize::from(t.uid)));
                                }
                            }
                        }
                    }
                    Ability::NoSaveUntilEndOfPhase { phase } if now(phase) => {
                        for (q, o) in self.seats.iter().enumerate() {
                            for t in &o.play {
                                if def(rules, t.def).kind == Kind::Character
                                    && !super::effect_pool::immune_to_event_of(
                                        self.keywords(rules, q as Player, t),
                                        q,
                                        ps,
                                    )
                                {
                                    out.push(code(EVENT, i, usize::from(t.uid)));
                                }
                            }
                        }
                    }
                    Ability::DiscardLocation { influence, phase, .. } if now(phase) && inf >= *influence => {
                        for (q, o) in self.seats.iter().enumerate() {
                            for t in &o.play {
                                if def(rules, t.def).kind == Kind::Location
                                    && !super::effect_pool::immune_to_event_of(
                                        self.keywords(rules, q as Player, t),
                                        q,
                                        ps,
                                    )
                                {
                                    out.push(code(EVENT, i, usize::from(t.uid)));
                                }
                            }
                        }
                    }
                    _ => {}
                }
            }
        }
        for c in s.play.iter().filter(|c| any_name && printed(c.def, names)) {
            if c.uid == u16::MAX {
                continue;
            }
            for ab in self.abilities_in(rules, c, classify::RESPONSES) {
                if let Ability::NameHouseStr { influence, phase, .. } = ab {
                    if now(phase) && inf >= *influence {
                        out.extend((1..HOUSES.len()).map(|h| code(NAME, h, usize::from(c.uid))));
                    }
                }
            }
        }
        if at == At::Dominance {
            for (x, &c) in s.dead.iter().enumerate().take(255) {
                if s.dead[..x].contains(&c) {
                    continue;
                }
                let ok = def(rules, c).abilities.iter().any(|a| match a {
                    Ability::Endless { influence, into_play } => {
                        inf >= *influence && (!into_play || self.can_enter_unique_from_dead(rules, ps, c))
                    }
                    _ => false,
                });
                if ok {
                    out.push(code(ENDLESS, x, 0));
                }
            }
        }
        let _ = (house_index, NEUTRAL);
    }

    /// Setup keyword (rulebook "Preparazione", research §3.4): an attachment with setup may be placed among the
    /// setup cards (within the 5 gold) when a character is among them to take it.
    pub fn setup_attachment_actions(&self, rules: &Rules, ps: usize, spent: u8, limited: bool, out: &mut Vec<Action>) {
        let s = &self.seats[ps];
        if !s.setup.iter().any(|&c| def(rules, c).kind == Kind::Character) {
            return;
        }
        for (i, &c) in s.hand.iter().enumerate().take(255) {
            let d = def(rules, c);
            if d.kind != Kind::Attachment
                || d.keywords & super::super::cards::SETUP == 0
                || s.hand[..i].contains(&c)
                || spent.saturating_add(self.setup_cost(rules, ps, c)) > super::flow::SETUP_GOLD
                || (limited && d.keywords & super::super::cards::LIMITED != 0)
            {
                continue;
            }
            out.push(code(SETUP_PLACE, i, 0));
        }
    }

    /// After the reveal, each seat with setup attachments attaches them, first player then clockwise.
    pub fn setup_attachments_pending(&mut self) {
        for p in self.order() {
            if !self.seats[usize::from(p)].setup.is_empty() {
                self.pending.push(Pending::AttachSetup { seat: p });
            }
        }
    }

    pub fn setup_attach_actions(&self, rules: &Rules, seat: Player, out: &mut Vec<Action>) {
        let s = &self.seats[usize::from(seat)];
        for (x, &a) in s.setup.iter().enumerate().take(255) {
            if s.setup[..x].contains(&a) {
                continue;
            }
            for c in &s.play {
                if def(rules, c.def).kind == Kind::Character
                    && !self.has_kw(rules, seat, c, super::super::cards::NO_ATTACH)
                {
                    out.push(code(ATTACH_SETUP, x, usize::from(c.uid)));
                }
            }
        }
    }

    /// ATTACH_SETUP: the setup attachment goes on the character; the choice stays open while more are left.
    pub fn attach_setup(&mut self, p: Player, x: usize, host: u16, ev: &mut Events<Event>) {
        let ps = usize::from(p);
        if x >= self.seats[ps].setup.len() {
            return;
        }
        let Some((s, i)) = self.locate(host) else { return };
        let card = self.seats[ps].setup.remove(x);
        self.seats[s].play[i].attachments.push((card, p));
        let host_def = self.seats[s].play[i].def;
        ev.public(|| Event::Attached { seat: p, card, host: host_def });
        if self.seats[ps].setup.is_empty() && matches!(self.pending.first(), Some(Pending::AttachSetup { .. })) {
            self.pending.remove(0);
        }
    }

    /// A card leaving the dead pile into play: uniqueness counts the other copies (this one is leaving the pile).
    fn can_enter_unique_from_dead(&self, rules: &Rules, seat: usize, card: u16) -> bool {
        let d = def(rules, card);
        if !d.unique {
            return true;
        }
        let s = &self.seats[seat];
        !s.play.iter().any(|c| def(rules, c.def).name == d.name)
            && s.dead.iter().filter(|&&c| def(rules, c).name == d.name).count() <= 1
    }
}

impl AgotCcg {
    /// Cards `seat` may choose for `target` (a character ability: immune cards cannot be chosen).
    pub fn target_actions(
        &self,
        rules: &Rules,
        seat: Player,
        target: super::super::state::Target,
        out: &mut Vec<Action>,
    ) {
        use super::super::state::Target;
        for (q, s) in self.seats.iter().enumerate() {
            for c in &s.play {
                let k = self.keywords(rules, q as Player, c);
                if super::effect_pool::immune_to_character_ability_of(k, q, usize::from(seat)) {
                    continue;
                }
                let d = def(rules, c.def);
                let ok = match target {
                    Target::Kill { max_str, except } => {
                        d.kind == Kind::Character
                            && c.uid != except
                            && self.strength(rules, q as Player, c) <= max_str
                            && self.kills_allowed(rules)
                    }
                    Target::DiscardLocation { max_cost } => d.kind == Kind::Location && d.cost <= max_cost,
                };
                if ok {
                    out.push(code(TARGET, 0, usize::from(c.uid)));
                }
            }
        }
    }

    pub fn has_target(&self, rules: &Rules, seat: Player, target: super::super::state::Target) -> bool {
        let mut buf = Vec::new();
        self.target_actions(rules, seat, target, &mut buf);
        !buf.is_empty()
    }

    /// TARGET: the chosen card is killed or discarded (the save window may answer: it is not a cost).
    pub fn choose_target(&mut self, rules: &Rules, uid: u16, ev: &mut Events<Event>) {
        use super::super::state::Target;
        let Some(Pending::ChooseTarget { target, .. }) = self.pending.first().cloned() else { return };
        self.pending.remove(0);
        match target {
            Target::Kill { .. } => self.kill(rules, uid, true, ev),
            Target::DiscardLocation { .. } => self.discard_from_play(rules, uid, true, ev),
        }
    }

    /// The Wildlings: "after you win a challenge of this type in which it participated, discard it from play".
    pub fn win_sacrifice_responses(&mut self, rules: &Rules, w: Player, ch: &super::super::state::Challenge) {
        let side = if w == ch.attacker { &ch.attackers } else { &ch.defenders };
        let mut asks = Vec::new();
        for &uid in side {
            let Some((s, i)) = self.locate(uid) else { continue };
            for ab in self.abilities_in(rules, &self.seats[s].play[i], classify::RESPONSES) {
                if let Ability::WinSacrifice { challenge, .. } = ab {
                    if super::super::cards::challenge_index(challenge) == Some(ch.kind) {
                        asks.push(Pending::Respond { seat: w, resp: super::super::state::Resp::Sacrifice { uid } });
                    }
                }
            }
        }
        self.pending.extend(asks);
    }

    /// The effect could resolve (research §3.3: triggering needs that): cards to draw, or a legal target.
    pub fn sacrifice_possible(&self, rules: &Rules, p: Player, uid: u16) -> bool {
        use super::super::state::Target;
        let Some((s, i)) = self.locate(uid) else { return false };
        def(rules, self.seats[s].play[i].def).abilities.iter().any(|a| match a {
            Ability::WinSacrifice { draw, kill_max_str, location_max_cost, .. } => {
                (*draw > 0 && !self.seats[usize::from(p)].deck.is_empty())
                    || kill_max_str.is_some_and(|m| self.has_target(rules, p, Target::Kill { max_str: m, except: uid }))
                    || location_max_cost
                        .is_some_and(|m| self.has_target(rules, p, Target::DiscardLocation { max_cost: m }))
            }
            _ => false,
        })
    }

    /// Resp::Sacrifice: the card is discarded (it cannot be saved), then its effect.
    pub fn sacrifice(&mut self, rules: &Rules, p: Player, uid: u16, ev: &mut Events<Event>) {
        use super::super::state::Target;
        let Some((s, i)) = self.locate(uid) else { return };
        let Some((draw, kill, loc)) = def(rules, self.seats[s].play[i].def).abilities.iter().find_map(|a| match a {
            Ability::WinSacrifice { draw, kill_max_str, location_max_cost, .. } => {
                Some((*draw, *kill_max_str, *location_max_cost))
            }
            _ => None,
        }) else {
            return;
        };
        self.unsaved.push(uid);
        self.discard_from_play(rules, uid, false, ev);
        if draw > 0 {
            self.draw(usize::from(p), draw, true, ev);
        }
        let target = match (kill, loc) {
            (Some(max_str), _) => Some(Target::Kill { max_str, except: u16::MAX }),
            (None, Some(max_cost)) => Some(Target::DiscardLocation { max_cost }),
            _ => None,
        };
        if let Some(target) = target.filter(|&t| self.has_target(rules, p, t)) {
            self.pending.insert(0, Pending::ChooseTarget { seat: p, target });
        }
    }

    /// Terrorize the Shores' search: the attachments of every discard pile that could go on `host`.
    pub fn attach_from_discard_actions(&self, rules: &Rules, host: u16, out: &mut Vec<Action>) {
        let Some((hs, hi)) = self.locate(host) else { return };
        let h = &self.seats[hs].play[hi];
        if def(rules, h.def).kind != Kind::Character
            || self.has_kw(rules, hs as Player, h, super::super::cards::NO_ATTACH)
        {
            return;
        }
        for (q, s) in self.seats.iter().enumerate() {
            for (y, &c) in s.discard.iter().enumerate() {
                if def(rules, c).kind == Kind::Attachment && !s.discard[..y].contains(&c) {
                    out.push(code(ATTACH_DISCARD, q, y));
                }
            }
        }
    }

    /// ATTACH_DISCARD: the attachment leaves its owner's discard pile for the searched-for character.
    pub fn attach_from_discard(&mut self, x: usize, y: usize, ev: &mut Events<Event>) {
        let Some(Pending::AttachFromDiscard { seat, host }) = self.pending.first().cloned() else { return };
        self.pending.remove(0);
        let Some((hs, hi)) = self.locate(host) else { return };
        if y >= self.seats.get(x).map_or(0, |s| s.discard.len()) {
            return;
        }
        let card = self.seats[x].discard.remove(y);
        self.seats[hs].play[hi].attachments.push((card, x as Player));
        let host_def = self.seats[hs].play[hi].def;
        ev.public(|| Event::Attached { seat, card, host: host_def });
    }
}
