//! The player-action window of a challenge (rulebook "Azioni e abilità passive", "Risoluzione delle sfide"):
//! after defenders are declared, starting with the first player and going clockwise, each player may play an
//! event or use a character's action, or pass; after an action the others may answer; the window closes
//! when every player has passed in a row. Influence costs are paid by kneeling cards that provide influence
//! (rulebook "Influenza"; excess is lost).

use super::super::content::{
    house_index, icon_bits, Ability, Kind, Rules, IMMUNE_CHAR, IMMUNE_EVENTS, IMMUNE_OPP_CHAR,
};
use super::super::effects::def;
use super::super::state::{AgotCcg, Event, Stage};
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

    /// Kneel influence providers, largest first, until `n` is paid.
    fn pay_influence(&mut self, rules: &Rules, seat: usize, n: u8, ev: &mut Events<Event>) {
        let mut paid = 0u8;
        let mut idx: Vec<usize> = (0..self.seats[seat].play.len())
            .filter(|&i| !self.seats[seat].play[i].kneeling && def(rules, self.seats[seat].play[i].def).influence > 0)
            .collect();
        idx.sort_by_key(|&i| std::cmp::Reverse(def(rules, self.seats[seat].play[i].def).influence));
        for i in idx {
            if paid >= n {
                break;
            }
            let c = &mut self.seats[seat].play[i];
            c.kneeling = true;
            paid = paid.saturating_add(def(rules, c.def).influence);
            let (p, card) = (seat as Player, c.def);
            ev.public(|| Event::Knelt { seat: p, card });
        }
    }

    /// Characters an event ability may choose.
    fn event_targets(&self, rules: &Rules, ab: &Ability) -> Vec<u16> {
        let Some(ch) = &self.challenge else { return Vec::new() };
        let mut out = Vec::new();
        for (q, s) in self.seats.iter().enumerate() {
            for c in &s.play {
                let d = def(rules, c.def);
                if d.kind != Kind::Character || self.keywords(rules, q as Player, c) & IMMUNE_EVENTS != 0 {
                    continue;
                }
                let ok = match ab {
                    Ability::ChallengeBoost { target, house, without_icon, .. } => {
                        let place = match target.as_str() {
                            "attacking" => ch.attackers.contains(&c.uid),
                            "participating" => ch.attackers.contains(&c.uid) || ch.defenders.contains(&c.uid),
                            _ => true,
                        };
                        let h = house.as_deref().is_none_or(|h| house_index(h) == Some(d.house));
                        let icon = without_icon
                            .as_deref()
                            .is_none_or(|i| self.icons(rules, q as Player, c) & icon_bits(i).unwrap_or(0) == 0);
                        place && h && icon
                    }
                    Ability::KillCharacter { .. } => self.kills_allowed(rules),
                    _ => false,
                };
                if ok {
                    out.push(c.uid);
                }
            }
        }
        out
    }

    pub fn window_actions(&self, rules: &Rules, p: Player, out: &mut Vec<Action>) {
        let ps = usize::from(p);
        let s = &self.seats[ps];
        for (i, &c) in s.hand.iter().enumerate() {
            let d = def(rules, c);
            if d.kind != Kind::Event || s.hand[..i].contains(&c) || (d.house_only && d.house != s.house) {
                continue;
            }
            for ab in &d.abilities {
                if let Ability::KillCharacter { influence } = ab {
                    if self.available_influence(rules, ps) < *influence {
                        continue;
                    }
                }
                for t in self.event_targets(rules, ab) {
                    out.push(code(EVENT, i, usize::from(t)));
                }
            }
        }
        for (j, src) in s.play.iter().enumerate() {
            if src.kneeling {
                continue;
            }
            for ab in self.abilities(rules, src) {
                if !matches!(ab, Ability::KneelForStr { .. }) {
                    continue;
                }
                for (q, other) in self.seats.iter().enumerate() {
                    for c in &other.play {
                        let k = self.keywords(rules, q as Player, c);
                        let immune = k & IMMUNE_CHAR != 0 || (k & IMMUNE_OPP_CHAR != 0 && q != ps);
                        if def(rules, c.def).kind == Kind::Character && !immune {
                            out.push(code(USE, j, usize::from(c.uid)));
                        }
                    }
                }
            }
        }
    }

    /// After an action the opportunity passes clockwise and the run of passes starts again.
    fn window_acted(&mut self, p: Player) {
        let order = self.order();
        let me = order.iter().position(|&q| q == p).unwrap_or(0);
        if let Some(ch) = self.challenge.as_mut() {
            ch.stage = Stage::Actions { pos: ((me + 1) % order.len().max(1)) as u8, passes: 0 };
        }
    }

    pub fn window_pass(&mut self) {
        let n = self.order().len().max(1);
        if let Some(ch) = self.challenge.as_mut() {
            if let Stage::Actions { pos, passes } = ch.stage {
                let passes = passes + 1;
                ch.stage = if usize::from(passes) >= n {
                    Stage::Resolve(0)
                } else {
                    Stage::Actions { pos: ((usize::from(pos) + 1) % n) as u8, passes }
                };
            }
        }
    }

    pub fn play_event(&mut self, rules: &Rules, ps: usize, x: usize, target: u16, ev: &mut Events<Event>) {
        let p = ps as Player;
        let card = self.seats[ps].hand.remove(x);
        ev.public(|| Event::EventPlayed { seat: p, card, target });
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
                Ability::KillCharacter { influence } => {
                    self.pay_influence(rules, ps, *influence, ev);
                    self.kill(rules, target, true, ev);
                }
                _ => {}
            }
        }
        // A played event goes to its owner's discard pile (deathbound: the dead pile).
        self.to_discard(rules, p, card, ev);
        self.window_acted(p);
    }

    pub fn use_ability(&mut self, rules: &Rules, ps: usize, j: usize, target: u16, ev: &mut Events<Event>) {
        let p = ps as Player;
        let Some(src) = self.seats[ps].play.get_mut(j) else { return };
        src.kneeling = true;
        let card = src.def;
        ev.public(|| Event::AbilityUsed { seat: p, card, target });
        for ab in &def(rules, card).abilities {
            if let Ability::KneelForStr { amount } = ab {
                self.mods.push((target, *amount));
            }
        }
        self.window_acted(p);
    }
}
