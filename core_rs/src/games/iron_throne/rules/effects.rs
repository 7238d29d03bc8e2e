//! Leader abilities and character cards (p. 8): when each may be used, on whom, and what it does.
//! Using a leader ability is always optional (p. 8); a character card works only while the character it shows
//! takes part in the encounter (or, for the leader's own cards, any of the player's characters) and is alive
//! (p. 9–10 "Moartea personajelor").

use super::super::content::{Ability, Rules};
use super::super::state::{card_kind, CardKind, Event, IronThrone, Step, Task, NONE};
use super::flow::window_of;
use super::legal::distinct_hand;
use super::*;
use crate::engine::{Action, Events, Player};

const NT: u16 = 1 << NO_TARGET;

impl IronThrone {
    fn is_active(&self, p: Player) -> bool {
        p == self.enc.attacker || p == self.enc.defender
    }

    /// The other active player, seen from a participant's side.
    pub fn opposing_active(&self, p: Player) -> Player {
        if self.enc.side_of(p) == 1 {
            self.enc.defender
        } else {
            self.enc.attacker
        }
    }

    pub fn won(&self, p: Player) -> bool {
        let s = self.enc.side_of(p);
        s != 0 && self.enc.winner == s
    }

    pub fn lost(&self, p: Player) -> bool {
        let s = self.enc.side_of(p);
        s != 0 && (self.enc.winner == 3 || (matches!(self.enc.winner, 1 | 2) && self.enc.winner != s))
    }

    /// Both revealed cards count as hostility and no truce conversion is pending.
    pub fn is_hostility(&self) -> bool {
        self.enc.revealed && !self.enc.as_truce && !self.commit_is_truce(0) && !self.commit_is_truce(1)
    }

    fn supporters(&self, side: u8) -> impl Iterator<Item = Player> + '_ {
        (0..self.n()).filter(move |&q| !self.is_active(q) && self.enc.side_of(q) == side)
    }

    /// Victims an extra hostage may come from: losing-side participants not shielded from losses (p. 11).
    pub fn losing_victims(&self, p: Player) -> u16 {
        let mut v = 0;
        for q in 0..self.n() {
            if q != p && self.lost(q) && self.enc.protected & (1 << q) == 0 && self.has_source(q) {
                v |= 1 << q;
            }
        }
        v
    }

    /// Legal targets of ability `ab` for `p` now, as a bit set (bit 7 = no target needed); 0 = not usable.
    pub fn targets(&self, p: Player, ab: Ability, leader: bool) -> u16 {
        let me = &self.seats[usize::from(p)];
        let affordable = |cost: u8| !leader || me.sheet >= cost;
        let side = self.enc.side_of(p);
        let opp = self.opposing_active(p);
        let opp_char = |o: Player| {
            let c = self.enc.chars[usize::from(o)];
            let s = &self.seats[usize::from(o)];
            if s.is_alive(c) {
                s.crowns[usize::from(c)]
            } else {
                0
            }
        };
        let yes = |b: bool| if b { NT } else { 0 };
        match ab {
            Ability::DiscardDraw { .. } => yes(!me.hand.is_empty()),
            Ability::Distribute { .. } | Ability::Heal { .. } => yes(self.can_allocate(p)),
            Ability::Tax { .. } => (0..self.n())
                .filter(|&q| q != p && me.influence[usize::from(q)] > 0 && self.seats[usize::from(q)].sheet > 0)
                .fold(0, |m, q| m | (1 << q)),
            Ability::ForceSupport => 0,
            Ability::Clairvoyance { cost } => {
                yes(self.is_active(p) && affordable(cost) && me.sheet >= cost && self.enc.face_up == NONE)
            }
            Ability::HonourTruce => yes(self.is_active(p)
                && self.enc.revealed
                && !self.enc.as_truce
                && self.commit_is_truce(0) != self.commit_is_truce(1)),
            Ability::Upgrade => {
                // Any active player who revealed a hostility card is a target; whether a higher card sits in
                // their hand is found out only when the card resolves (the chooser cannot see that hand).
                let mut m = 0;
                for i in 0..2 {
                    let a = if i == 0 { self.enc.attacker } else { self.enc.defender };
                    if self.enc.revealed && !self.commit_is_truce(i) {
                        m |= 1 << a;
                    }
                }
                m
            }
            Ability::Bonus { cost, .. } => yes(self.is_hostility() && affordable(cost)),
            Ability::SupportBonus { .. } => yes(self.is_hostility() && self.supporters(side).next().is_some()),
            Ability::Withdraw { cost } => {
                if !affordable(cost) {
                    return 0;
                }
                (0..self.n())
                    .filter(|&q| !self.is_active(q) && self.enc.takes_part(q) && self.enc.side_of(q) != side)
                    .fold(0, |m, q| m | (1 << q))
            }
            Ability::Shield { cost } => yes(affordable(cost) && self.enc.protected & (1 << p) == 0),
            Ability::Vengeance { .. } => {
                let other = 3 - side;
                yes(self.lost(p) && self.supporters(other).any(|q| opp_char(q) > 0))
            }
            Ability::TheList => yes(self.lost(p) && opp_char(opp) > 1),
            Ability::Recycle { .. } | Ability::Draw { .. } | Ability::Patronage { .. } => NT,
            Ability::Wound { .. } => yes(self.won(p) && opp_char(opp) > 0),
            Ability::ExtraHostage => {
                yes(self.won(p) && self.enc.no_rewards & (1 << p) == 0 && self.losing_victims(p) != 0)
            }
            Ability::Plunder { .. } => yes(self.won(p) && self.seats[usize::from(opp)].sheet > 0),
        }
    }

    fn leader_ability(&self, rules: &Rules, p: Player) -> Option<Ability> {
        let s = self.seats.get(usize::from(p))?;
        rules.houses.get(usize::from(s.house))?.leader.get(usize::from(s.leader)).copied()
    }

    fn current_window(&self) -> u8 {
        match self.step {
            Step::Window { w, .. } => w,
            _ => NONE,
        }
    }

    pub fn leader_targets(&self, rules: &Rules, p: Player, w: u8) -> u16 {
        match self.leader_ability(rules, p) {
            Some(ab) if ab.window() == window_of(w) => self.targets(p, ab, true),
            _ => 0,
        }
    }

    pub fn leader_open(&self, rules: &Rules, p: Player, w: u8) -> bool {
        self.leader_targets(rules, p, w) != 0
    }

    pub fn leader_actions(&self, rules: &Rules, p: Player, out: &mut Vec<Action>) {
        let m = self.leader_targets(rules, p, self.current_window());
        out.extend((0..8).filter(|t| m & (1 << t) != 0).map(|t| USE_LEADER + t));
    }

    /// The ability of character card `c` if `p` may play it now (p. 8 "Cărțile de personaje").
    fn card_ability(&self, rules: &Rules, p: Player, c: u8, w: u8) -> Option<Ability> {
        let CardKind::Character(ch) = card_kind(c) else { return None };
        let s = &self.seats[usize::from(p)];
        if !self.enc.takes_part(p) {
            return None;
        }
        let mine = self.enc.chars[usize::from(p)];
        let usable = ch == s.leader || (ch == mine && s.is_alive(ch));
        let ab = rules.houses.get(usize::from(s.house))?.card.get(usize::from(ch)).copied()?;
        (usable && ab.window() == window_of(w)).then_some(ab)
    }

    pub fn card_actions(&self, rules: &Rules, p: Player, out: &mut Vec<Action>) {
        let w = self.current_window();
        for c in distinct_hand(&self.seats[usize::from(p)].hand) {
            if let Some(ab) = self.card_ability(rules, p, c, w) {
                let m = self.targets(p, ab, false);
                out.extend((0..8).filter(|t| m & (1 << t) != 0).map(|t| PLAY_CARD + Action::from(c) * 8 + t));
            }
        }
    }

    /// The active player with a forced-support leader (Cersei) who may claim `p`'s support now.
    pub fn forcer(&self, rules: &Rules, p: Player) -> Option<Player> {
        [self.enc.attacker, self.enc.defender].into_iter().find(|&a| {
            self.leader_ability(rules, a) == Some(Ability::ForceSupport)
                && self.seats[usize::from(a)].influence[usize::from(p)] > 0
                && self.seats[usize::from(p)].alive != 0
        })
    }

    pub fn use_leader(&mut self, rules: &Rules, p: Player, target: u8, ev: &mut Events<Event>) {
        let Some(ab) = self.leader_ability(rules, p) else { return };
        let cost = match ab {
            Ability::Clairvoyance { cost }
            | Ability::Bonus { cost, .. }
            | Ability::Withdraw { cost }
            | Ability::Shield { cost } => cost,
            _ => 0,
        };
        ev.public(|| Event::LeaderUsed { seat: p, target });
        self.sheet_to_box(p, cost, ev);
        self.resolve_ability(p, ab, target, ev);
    }

    pub fn play_card(&mut self, rules: &Rules, p: Player, c: u8, target: u8, ev: &mut Events<Event>) {
        let w = self.current_window();
        let Some(ab) = self.card_ability(rules, p, c, w) else { return };
        let s = &mut self.seats[usize::from(p)];
        // The card stays on the table until the end of the turn (p. 7 "Sfârșitul unei ture").
        if let Some(i) = s.hand.iter().position(|x| *x == c) {
            s.hand.remove(i);
        }
        self.enc.played.push((p, c));
        ev.public(|| Event::CardPlayed { seat: p, card: c, target });
        self.resolve_ability(p, ab, target, ev);
    }

    fn resolve_ability(&mut self, p: Player, ab: Ability, t: u8, ev: &mut Events<Event>) {
        let side = self.enc.side_of(p);
        let opp = self.opposing_active(p);
        match ab {
            Ability::DiscardDraw { discard, draw } => {
                let left = discard.min(self.seats[usize::from(p)].hand.len() as u8);
                self.tasks.push(Task::Discard { seat: p, left, draw });
            }
            Ability::Distribute { n } | Ability::Heal { n } => {
                self.tasks.push(Task::Alloc { seat: p, left: n, optional: true })
            }
            Ability::Tax { n } | Ability::Plunder { n } => {
                let from = if matches!(ab, Ability::Tax { .. }) { t } else { opp };
                if let Some(src) = self.seats.get_mut(usize::from(from)) {
                    let k = n.min(src.sheet);
                    src.sheet -= k;
                    let me = &mut self.seats[usize::from(p)];
                    me.sheet = me.sheet.saturating_add(k);
                    ev.public(|| Event::CrownsTaken { from, to: p, n: k });
                }
            }
            Ability::ForceSupport => {}
            Ability::Clairvoyance { .. } => {
                self.enc.face_up = u8::from(p == self.enc.attacker);
            }
            Ability::HonourTruce => {
                self.enc.as_truce = true;
                ev.public(|| Event::BetrayalAsTruce { seat: p });
            }
            Ability::Upgrade => {
                // "Instinct politic": if the target holds a higher hostility card, it replaces the revealed
                // one; with several, the player who used the card chooses which (the target shows them).
                let cur = self.commit_value(usize::from(t != self.enc.attacker));
                let Some(s) = self.seats.get(usize::from(t)) else { return };
                let higher: Vec<u8> = s
                    .hand
                    .iter()
                    .copied()
                    .filter(|&c| matches!(card_kind(c), CardKind::Hostility(v) if v > cur))
                    .collect();
                match higher[..] {
                    [] => {}
                    [only] => self.swap_in(t, only, ev),
                    _ => {
                        let options = higher.iter().fold(0u32, |m, &c| m | (1 << c));
                        let mut cards = higher;
                        cards.sort_unstable();
                        ev.public(|| Event::HigherCardsShown { seat: t, cards });
                        self.tasks.push(Task::Upgrade { seat: p, target: t, options });
                    }
                }
            }
            Ability::Bonus { n, .. } => self.add_bonus(p, side, n, ev),
            Ability::SupportBonus { n } => {
                // Counted when the totals are made, over the supporters still taking part then.
                let k = self.supporters(side).count() as u8;
                let q = usize::from(p).min(4);
                self.enc.support_bonus_by[q] = self.enc.support_bonus_by[q].saturating_add(n);
                ev.public(|| Event::BonusAdded { side, n: n.saturating_mul(k) });
            }
            Ability::Withdraw { .. } => {
                // p. 9 "Retragere": the supporter leaves the encounter, neither rewarded nor harmed, and discards
                // every card it played (so their bonuses no longer count: see `side_bonus`).
                self.enc.withdrawn |= 1 << t;
                ev.public(|| Event::Withdrew { seat: t });
                let mut kept = Vec::with_capacity(self.enc.played.len());
                for (q, c) in std::mem::take(&mut self.enc.played) {
                    if q == t {
                        self.seats[usize::from(q)].discard.push(c);
                        ev.public(|| Event::Discarded { seat: q, card: c });
                    } else {
                        kept.push((q, c));
                    }
                }
                self.enc.played = kept;
            }
            Ability::Shield { .. } => {
                self.enc.protected |= 1 << p;
                ev.public(|| Event::Shielded { seat: p });
            }
            Ability::Vengeance { n } => {
                let victims: Vec<Player> = self.supporters(3 - side).collect();
                for q in victims {
                    let c = self.enc.chars[usize::from(q)];
                    self.remove_crowns(q, c, n, ev);
                }
            }
            Ability::TheList => {
                let c = self.enc.chars[usize::from(opp)];
                let k = self.seats[usize::from(opp)].crowns.get(usize::from(c)).copied().unwrap_or(0);
                self.remove_crowns(opp, c, k.saturating_sub(1), ev);
            }
            Ability::Recycle { draw } => {
                let s = &mut self.seats[usize::from(p)];
                let mut pile = std::mem::take(&mut s.discard);
                s.deck.append(&mut pile);
                self.rng.shuffle(&mut self.seats[usize::from(p)].deck);
                ev.public(|| Event::Reshuffled { seat: p });
                self.draw(p, draw, ev);
            }
            Ability::Wound { n } => {
                let c = self.enc.chars[usize::from(opp)];
                self.remove_crowns(opp, c, n, ev);
            }
            Ability::ExtraHostage => {
                let victims = self.losing_victims(p);
                self.tasks.push(Task::Take { taker: p, victims });
            }
            Ability::Draw { n } => self.draw(p, n, ev),
            Ability::Patronage { n } => {
                let mine: Vec<Player> = (0..self.n()).filter(|&q| self.enc.side_of(q) == side).collect();
                for q in mine {
                    self.draw(q, n, ev);
                }
            }
        }
    }

    fn add_bonus(&mut self, p: Player, side: u8, n: u8, ev: &mut Events<Event>) {
        if let Some(b) = self.enc.bonus_by.get_mut(usize::from(p)) {
            *b = b.saturating_add(n);
            ev.public(|| Event::BonusAdded { side, n });
        }
    }

    /// Political Instinct's swap: `card` from `t`'s hand replaces its revealed card, which is discarded.
    pub fn swap_in(&mut self, t: Player, card: u8, ev: &mut Events<Event>) {
        let i = usize::from(t != self.enc.attacker);
        let Some(s) = self.seats.get_mut(usize::from(t)) else { return };
        let Some(pos) = s.hand.iter().position(|x| *x == card) else { return };
        s.hand.remove(pos);
        let old = self.enc.commit[i];
        if old < super::super::state::DECK_SIZE {
            s.discard.push(old);
        }
        self.enc.commit[i] = card;
        ev.public(|| Event::Replaced { seat: t, old, new: card });
    }
}
