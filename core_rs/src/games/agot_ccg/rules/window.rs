//! Player-action windows (rulebook "Azioni e abilità passive", "Giocatore attivo e primo giocatore",
//! "Risoluzione delle sfide"): one in every phase, one before each challenge is declared, one after attackers and
//! one after defenders. Starting with the first player (in marshalling: the active player) and going clockwise,
//! each player may play an event or use a card's action of that phase ("Qualunque fase": any phase), or pass;
//! after an action the next player clockwise may answer; the window closes when every player has passed in a
//! row. Influence costs are paid by kneeling the providers the player chooses (rulebook "Influenza"; excess is
//! lost).

use super::super::cards::classify;
use super::super::cards::{house_index, icon_bits, Ability, Kind, Rules};
use super::super::effects::def;
use super::super::state::{AgotCcg, At, Event, Pending, Phase};
use super::actions::*;
use crate::engine::{Action, Events, Player};

impl AgotCcg {
    /// Influence `seat` could pay now: standing cards it controls that provide influence.
    pub fn available_influence(&self, rules: &Rules, seat: usize) -> u8 {
        self.seats[seat]
            .play
            .iter()
            .filter(|c| !c.kneeling)
            .fold(0u8, |acc, c| acc.saturating_add(def(rules, c.def).influence))
    }

    /// The standing influence providers `seat` may kneel to pay an influence cost.
    pub fn influence_providers(&self, rules: &Rules, seat: usize) -> Vec<u16> {
        self.seats[seat].play.iter().filter(|c| !c.kneeling && def(rules, c.def).influence > 0).map(|c| c.uid).collect()
    }

    /// INFLUENCE: kneel the chosen provider; once the cost is paid the event resolves.
    pub fn pay_influence(&mut self, rules: &Rules, uid: u16, ev: &mut Events<Event>) {
        let Some(Pending::PayInfluence { seat, left, card, target }) = self.pending.first().cloned() else { return };
        let Some((s, i)) = self.locate(uid) else { return };
        let c = &mut self.seats[s].play[i];
        c.kneeling = true;
        let (paid, knelt) = (def(rules, c.def).influence, c.def);
        ev.public(|| Event::Knelt { seat, card: knelt });
        // Robert's Deathbed leaves play when knelt for influence.
        self.knelt_for_influence(rules, uid, ev);
        let left = left.saturating_sub(paid);
        if left > 0 {
            if let Some(Pending::PayInfluence { left: l, .. }) = self.pending.first_mut() {
                *l = left;
            }
            return;
        }
        self.pending.remove(0);
        self.resolve_event(rules, usize::from(seat), card, target, ev);
    }

    /// The phase word an action may be played under in the open window.
    pub(super) fn window_phase(&self) -> Option<&'static str> {
        Some(match self.window?.at {
            At::Plot => "plot",
            At::Draw => "draw",
            At::Marshal => "marshalling",
            At::Challenges | At::Attackers | At::Defenders => "challenges",
            At::Dominance => "dominance",
            At::Standing => "standing",
        })
    }

    pub(super) fn playable_now(&self, phase: &str) -> bool {
        phase == "any" || self.window_phase() == Some(phase)
    }

    /// The seat whose turn it is in the open window.
    pub fn window_actor(&self) -> Option<Player> {
        let w = self.window?;
        let order = self.order();
        order.get(usize::from(w.pos) % order.len().max(1)).copied()
    }

    /// Characters an event ability may choose.
    fn event_targets(&self, rules: &Rules, ab: &Ability, player: usize) -> Vec<u16> {
        // Only these two choose characters; the other abilities of an event in hand choose none here.
        if !matches!(ab, Ability::ChallengeBoost { .. } | Ability::KillCharacter { .. }) {
            return Vec::new();
        }
        let ch = self.challenge.as_ref().filter(|_| self.phase == Phase::Challenges);
        let (attackers, defenders) = ch.map_or((&[][..], &[][..]), |c| (&c.attackers[..], &c.defenders[..]));
        let mut out = Vec::new();
        for (q, s) in self.seats.iter().enumerate() {
            for c in &s.play {
                let d = def(rules, c.def);
                if d.kind != Kind::Character {
                    continue;
                }
                let ok = match ab {
                    Ability::ChallengeBoost { target, house, without_icon, .. } => {
                        let place = match target.as_str() {
                            "attacking" => attackers.contains(&c.uid),
                            "participating" => attackers.contains(&c.uid) || defenders.contains(&c.uid),
                            _ => true,
                        };
                        let h = house.as_deref().is_none_or(|h| house_index(h) == Some(d.house));
                        place
                            && h
                            && without_icon
                                .as_deref()
                                .is_none_or(|i| self.icons(rules, q as Player, c) & icon_bits(i).unwrap_or(0) == 0)
                    }
                    Ability::KillCharacter { .. } => self.kills_allowed(rules),
                    _ => false,
                };
                // Immunity last: a card's keywords are the costly part of this test, asked in every window.
                if ok && !super::effect_pool::immune_to_event_of(self.keywords(rules, q as Player, c), q, player) {
                    out.push(c.uid);
                }
            }
        }
        out
    }

    pub fn window_actions(&self, rules: &Rules, p: Player, out: &mut Vec<Action>) {
        self.window_actions_until(rules, p, out, false);
    }

    /// `window_actions`; with `first_only` it may stop after the first group that offers anything, for the
    /// question "can this seat do anything but pass?" (asked at nearly every step: `flow::forced_pass`).
    pub fn window_actions_until(&self, rules: &Rules, p: Player, out: &mut Vec<Action>, first_only: bool) {
        let ps = usize::from(p);
        let s = &self.seats[ps];
        for (i, &c) in s.hand.iter().enumerate() {
            let d = def(rules, c);
            if d.kind != Kind::Event || s.hand[..i].contains(&c) || (d.house_only && d.house != s.house) {
                continue;
            }
            for ab in &d.abilities {
                match ab {
                    Ability::KillCharacter { influence, phase }
                        if self.available_influence(rules, ps) < *influence || !self.playable_now(phase) =>
                    {
                        continue
                    }
                    Ability::ChallengeBoost { phase, .. } if !self.playable_now(phase) => continue,
                    _ => {}
                }
                for t in self.event_targets(rules, ab, ps) {
                    out.push(code(EVENT, i, usize::from(t)));
                }
            }
        }
        if first_only && !out.is_empty() {
            return;
        }
        for (j, src) in s.play.iter().enumerate() {
            if src.kneeling {
                continue;
            }
            for ab in self.abilities_in(rules, src, classify::RESPONSES) {
                let Ability::KneelForStr { phase, target, .. } = ab else { continue };
                if !self.playable_now(phase) {
                    continue;
                }
                let attackers = self.challenge.as_ref().map_or(&[][..], |ch| &ch.attackers[..]);
                // A character ability's target may be immune; a location's (Reserve Fleet) only to its kind.
                let by_char = def(rules, src.def).kind == Kind::Character;
                for (q, other) in self.seats.iter().enumerate() {
                    for c in &other.play {
                        let placed = target.is_none() || attackers.contains(&c.uid);
                        if def(rules, c.def).kind != Kind::Character || !placed {
                            continue;
                        }
                        // Keywords only where immunity can matter: they are the costly part (hot in every window).
                        let immune = by_char && {
                            let k = self.keywords(rules, q as Player, c);
                            super::effect_pool::immune_to_character_ability_of(k, q, ps)
                        };
                        if !immune {
                            out.push(code(USE, j, usize::from(c.uid)));
                        }
                    }
                }
            }
        }
        if first_only && !out.is_empty() {
            return;
        }
        // Events and card actions of save/cancel, control and naming cards.
        self.interrupt_window_actions(rules, p, out);
        if first_only && !out.is_empty() {
            return;
        }
        self.effect_actions(rules, p, out);
    }

    /// After an action the opportunity passes clockwise and the run of passes starts again.
    pub fn window_acted(&mut self, p: Player) {
        let order = self.order();
        let me = order.iter().position(|&q| q == p).unwrap_or(0);
        if let Some(w) = self.window.as_mut() {
            w.pos = ((me + 1) % order.len().max(1)) as u8;
            w.passes = 0;
        }
    }

    /// A pass in the open window; the last of a full run of passes closes it.
    pub fn window_pass(&mut self, rules: &Rules, ev: &mut Events<Event>) {
        let n = self.order().len().max(1);
        let Some(w) = self.window.as_mut() else { return };
        w.passes += 1;
        w.pos = ((usize::from(w.pos) + 1) % n) as u8;
        if usize::from(w.passes) >= n {
            let at = w.at;
            self.window_closed(rules, at, ev);
        }
    }

    /// EVENT: the card is revealed and leaves the hand; an influence cost is paid first, then it resolves.
    pub fn play_event(&mut self, rules: &Rules, ps: usize, x: usize, target: u16, ev: &mut Events<Event>) {
        let p = ps as Player;
        let card = self.seats[ps].hand.remove(x);
        ev.public(|| Event::EventPlayed { seat: p, card, target });
        self.window_acted(p);
        let cost = def(rules, card).abilities.iter().find_map(|ab| match ab {
            Ability::KillCharacter { influence, .. } => Some(*influence),
            Ability::TakeControl { influence, .. } | Ability::DiscardLocation { influence, .. } => Some(*influence),
            _ => None,
        });
        match cost {
            Some(left) if left > 0 => self.pending.insert(0, Pending::PayInfluence { seat: p, left, card, target }),
            _ => self.resolve_event(rules, ps, card, target, ev),
        }
    }

    pub fn resolve_event(&mut self, rules: &Rules, ps: usize, card: u16, target: u16, ev: &mut Events<Event>) {
        let p = ps as Player;
        // The cancel window after the costs are paid (rulebook "Risposte Salva/Cancella").
        if !std::mem::take(&mut self.cancel_passed)
            && self.open_cancel_window(rules, super::super::state::Interrupted::Event { player: p, card, target })
        {
            return;
        }
        for ab in &def(rules, card).abilities {
            match ab {
                Ability::ChallengeBoost { amount, win_draw, win_power, no_kneel_defend, .. } => {
                    self.mods.push((target, *amount));
                    if *no_kneel_defend {
                        self.no_kneel_defend.push(target);
                    }
                    if *win_draw > 0 || *win_power > 0 {
                        // "If you win": the controller of the chosen character.
                        let owner = self.locate(target).map_or(p, |(s, _)| s as Player);
                        if let Some(ch) = self.challenge.as_mut() {
                            ch.riders.push((owner, *win_draw, *win_power));
                        }
                    }
                }
                Ability::KillCharacter { .. } => self.kill(rules, target, true, ev),
                Ability::TakeControl { .. } => self.take_control(rules, target, p, true, ev),
                Ability::NoSaveUntilEndOfPhase { .. } => self.no_save.push(target),
                Ability::DiscardLocation { unsaveable, .. } => {
                    if *unsaveable {
                        self.unsaved.push(target);
                    }
                    self.discard_from_play(rules, target, true, ev);
                }
                _ => {}
            }
        }
        // A played event goes to its owner's discard pile (deathbound: the dead pile).
        self.to_discard(rules, p, card, ev);
    }

    pub fn use_ability(&mut self, rules: &Rules, ps: usize, j: usize, target: u16, ev: &mut Events<Event>) {
        let p = ps as Player;
        let Some(src) = self.seats[ps].play.get_mut(j) else { return };
        src.kneeling = true;
        let card = src.def;
        let source = src.uid;
        ev.public(|| Event::AbilityUsed { seat: p, card, target });
        self.window_acted(p);
        // A cancel window on the ability, its cost (kneeling the card) paid.
        let what = super::super::state::Interrupted::Ability { player: p, source, card, target };
        if self.open_cancel_window(rules, what) {
            return;
        }
        for ab in &def(rules, card).abilities {
            if let Ability::KneelForStr { amount, .. } = ab {
                self.mods.push((target, *amount));
            }
        }
    }
}
