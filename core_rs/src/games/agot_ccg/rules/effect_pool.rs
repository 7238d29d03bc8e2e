//! Operations and checks added for the House records of the Winter Edition pool:
//! "cannot be saved" discards, X counted from the current challenge, and the Dragons: a character that becomes a
//! Condition attachment and comes back to hand, Hatchlings that become a Dragon's duplicates.

use super::super::cards::vocab::{Body, Cost, Filter, Op, Pile, To};
use super::super::cards::{
    icon_bits, keyword_bits, Ability, Cond, Kind, Rules, IMMUNE_CHAR, IMMUNE_EVENTS, IMMUNE_OPP_CHAR, IMMUNE_OPP_EVENTS,
};
use super::super::effects::{def, on_attached};
use super::super::state::{AgotCcg, Challenge, Event, InPlay, Pending, Resp, Stage};
use super::actions::{code, split, ATTACK, ATTACK_SET, DEFEND, DEFEND_SET, DONE};
use super::triggered::{flags, Lasts, Resolving, Step, HAS_POOL};
use crate::engine::{Action, Events, Player};

/// A trigger bar for the whole phase (not only during some challenge types).
pub const BAR_WHOLE_PHASE: u8 = 0x80;

/// Is a card whose keywords are `k`, controlled by seat `owner`, immune to an event `player` plays? ("Immune to
/// events", or The Good Masters' "immune to opponents' events".)
pub fn immune_to_event_of(k: u16, owner: usize, player: usize) -> bool {
    k & IMMUNE_EVENTS != 0 || (k & IMMUNE_OPP_EVENTS != 0 && owner != player)
}

/// The same for a character ability of a card `player` controls ("immune to character abilities", or "to
/// opponents' character abilities").
pub fn immune_to_character_ability_of(k: u16, owner: usize, player: usize) -> bool {
    k & IMMUNE_CHAR != 0 || (k & IMMUNE_OPP_CHAR != 0 && owner != player)
}

/// Does this card definition carry one of the House pool records' constant abilities (per-card bit `HAS_POOL`)?
pub fn has_pool_bit(rules: &Rules, card: u16) -> bool {
    flags(rules, card) & HAS_POOL != 0
}

impl AgotCcg {
    /// How many characters participate in the current challenge (0 outside one).
    pub fn participants(&self) -> usize {
        self.challenge.as_ref().map_or(0, |ch| ch.attackers.len() + ch.defenders.len())
    }

    /// Does `seat`'s pile hold a card matching the filter (a play restriction)?
    pub(super) fn pile_has(&self, rules: &Rules, seat: usize, pile: Pile, f: &Filter) -> bool {
        let Some(s) = self.seats.get(seat) else { return false };
        let cards = match pile {
            Pile::Hand => &s.hand,
            Pile::Deck => &s.deck,
            Pile::Discard => &s.discard,
            Pile::Dead => &s.dead,
        };
        cards.iter().any(|&c| self.def_matches(rules, c, f))
    }

    /// Does `c` have more attachments than every other character in play (Ruler of Meereen)?
    pub fn most_attachments(&self, c: &InPlay) -> bool {
        let n = c.attachments.len();
        n > 0 && self.seats.iter().flat_map(|s| &s.play).all(|o| o.uid == c.uid || o.attachments.len() < n)
    }

    /// Does a character other than `c` have this keyword (Renly Baratheon)? Read from the other characters'
    /// printed keywords, their attachments and lasting gains and losses, not from their own "while" abilities,
    /// so two such characters cannot make each other's condition (and the lookup) go round in circles.
    pub fn another_has_keyword(&self, rules: &Rules, c: &InPlay, keyword: &str) -> bool {
        let Ok(bit) = keyword_bits(&[keyword.to_owned()]) else { return false };
        let seated = self.seats.iter().enumerate().flat_map(|(q, s)| s.play.iter().map(move |o| (q as Player, o)));
        seated.into_iter().any(|(q, o)| {
            let d = def(rules, o.def);
            if o.uid == c.uid || d.kind != Kind::Character {
                return false;
            }
            let mut k = if self.text_blank(rules, o) { 0 } else { d.keywords };
            for &(a, _) in &o.attachments {
                for ab in def(rules, a).abilities.iter().filter_map(on_attached) {
                    let on = ab
                        .when
                        .as_ref()
                        .is_none_or(|x| !matches!(x, Cond::AnotherCharHasKeyword { .. }) && self.cond(rules, q, o, x));
                    if on {
                        k |= keyword_bits(&ab.gets.keywords).unwrap_or(0);
                    }
                }
            }
            self.lasting_keywords(o.uid, k) & bit != 0
        })
    }

    /// The margin `loser`'s Sunspear (in play now) asks for, if any.
    fn bar_margin(&self, rules: &Rules, loser: Player) -> Option<u8> {
        let s = self.seats.get(usize::from(loser))?;
        s.play.iter().filter(|c| has_pool_bit(rules, c.def)).find_map(|c| {
            self.abilities(rules, c).iter().find_map(|a| match a {
                Ability::BarsChallengesAfterWinBy { by } => Some(*by),
                _ => None,
            })
        })
    }

    /// After a challenge: remember a win by the margin the loser's Sunspear names (research §5 R121).
    pub(super) fn note_beaten(&mut self, rules: &Rules, ch: &Challenge, winner: Player, loser: Player) {
        let Some(by) = self.bar_margin(rules, loser) else { return };
        let att = self.side_strength(rules, ch.attacker, &ch.attackers);
        let dfd = self.side_strength(rules, ch.defender, &ch.defenders);
        let (won, lost) = if winner == ch.attacker { (att, dfd) } else { (dfd, att) };
        if won >= lost + u32::from(by) && !self.beaten.contains(&(winner, loser)) {
            self.beaten.push((winner, loser));
        }
    }

    /// May `p` not initiate a challenge against `q` (q's Sunspear, after p beat q by its margin this phase)?
    pub fn challenges_barred(&self, rules: &Rules, p: Player, q: Player) -> bool {
        self.beaten.contains(&(p, q)) && self.bar_margin(rules, q).is_some()
    }

    /// "Cannot be killed" beats "can" (rulebook "Restrizioni"): a lasting effect, or an attachment saying so.
    pub fn cannot_be_killed(&self, rules: &Rules, uid: u16) -> bool {
        if self.lasting_has(uid, Lasts::CannotBeKilled) {
            return true;
        }
        let Some((s, i)) = self.locate(uid) else { return false };
        let c = &self.seats[s].play[i];
        // Band of Free Folk: its own "cannot be killed while".
        if flags(rules, c.def) & HAS_POOL != 0
            && self.own_gets(rules, s as Player, c, self.abilities(rules, c)).any(|g| g.cannot_be_killed)
        {
            return true;
        }
        c.attachments.iter().any(|&(a, _)| {
            flags(rules, a) & HAS_POOL != 0
                && def(rules, a)
                    .abilities
                    .iter()
                    .filter_map(on_attached)
                    .any(|k| k.gets.cannot_be_killed && self.holds(rules, s as Player, c, k))
        })
    }

    /// The House pool operations' own play restrictions: an ability turning this character into an attachment
    /// needs it in play as a character.
    pub(super) fn pool_usable(&self, r: &Resolving, b: &Body) -> bool {
        let becomes = b.effect.iter().any(|o| matches!(o, Op::BecomeAttachment { .. } | Op::DuplicateOnto { .. }));
        !becomes || r.src.is_some_and(|u| self.locate(u).is_some())
    }

    /// Take the character `uid` out of play without placing it anywhere: its attachments and duplicates are
    /// discarded (unless `keep_dupes`, when they are returned), its power returns to the pool, it leaves the
    /// challenge and its lasting effects end.
    fn lift_out_of_play(
        &mut self,
        rules: &Rules,
        uid: u16,
        keep_dupes: bool,
        ev: &mut Events<Event>,
    ) -> Option<(InPlay, Vec<u16>)> {
        let (s, i) = self.locate(uid)?;
        let mut c = self.seats[s].play.remove(i);
        for &(a, owner) in &c.attachments {
            self.to_discard(rules, owner, a, ev);
        }
        let dupes = std::mem::take(&mut c.dupes);
        let kept = if keep_dupes {
            dupes
        } else {
            for &d in &dupes {
                self.to_discard(rules, c.owner, d, ev);
            }
            Vec::new()
        };
        if let Some(ch) = self.challenge.as_mut() {
            ch.attackers.retain(|&u| u != uid);
            ch.defenders.retain(|&u| u != uid);
        }
        self.lasting.retain(|l| l.uid != uid);
        Some((c, kept))
    }

    /// Resolve one of the operations this module adds (called from `apply_op`).
    pub(super) fn apply_pool_op(&mut self, rules: &Rules, r: &mut Resolving, o: &Op, ev: &mut Events<Event>) {
        let me = r.seat;
        match o {
            Op::BecomeAttachment { .. } => {
                let (Some(src), Some(&to)) = (r.src, r.targets.first()) else { return };
                if src == to || !self.takes_attachments(rules, to) {
                    return;
                }
                let Some((c, _)) = self.lift_out_of_play(rules, src, false, ev) else { return };
                let Some((s2, i2)) = self.locate(to) else {
                    self.to_discard(rules, c.owner, c.def, ev);
                    return;
                };
                self.seats[s2].play[i2].attachments.push((c.def, c.owner));
                let host = self.seats[s2].play[i2].def;
                ev.public(|| Event::Attached { seat: me, card: c.def, host });
                r.src = None;
                r.host = Some(to);
            }
            Op::ReturnThisToHand => {
                if let Some((s, i)) = r.src.and_then(|u| self.locate(u)) {
                    self.remove_from_play(rules, s, i, To::Hand, ev);
                    r.src = None;
                } else if let Some((s, i)) = r.host.and_then(|u| self.locate(u)) {
                    let atts = &mut self.seats[s].play[i].attachments;
                    let Some(j) = atts.iter().position(|&(a, _)| a == r.card) else { return };
                    let (card, owner) = atts.remove(j);
                    self.seats[usize::from(owner)].hand.push(card);
                    r.host = None;
                }
            }
            Op::DuplicateOnto { names } => {
                let Some(src) = r.src else { return };
                let ps = usize::from(me);
                let Some(onto) = self.seats[ps]
                    .play
                    .iter()
                    .find(|c| c.uid != src && names.contains(&def(rules, c.def).name))
                    .map(|c| c.uid)
                else {
                    return;
                };
                let Some((c, mut dupes)) = self.lift_out_of_play(rules, src, true, ev) else { return };
                dupes.push(c.def);
                if let Some((s2, i2)) = self.locate(onto) {
                    self.seats[s2].play[i2].dupes.extend(dupes);
                    let host = self.seats[s2].play[i2].def;
                    ev.public(|| Event::Attached { seat: me, card: c.def, host });
                }
                r.src = None;
            }
            Op::DiscardIfPowerAtLeast { n } => {
                let Some((s, i)) = r.src.and_then(|u| self.locate(u)) else { return };
                if self.seats[s].play[i].power >= *n {
                    let (card, owner) = (self.seats[s].play[i].def, self.seats[s].play[i].owner);
                    ev.public(|| Event::Discarded { seat: owner, card, dead: false });
                    self.remove_from_play(rules, s, i, To::Discard, ev);
                }
            }
            Op::MustParticipateNext { on } => {
                let declared = self.challenges_declared();
                if self.must_participate.is_empty() || self.must_after != declared {
                    self.must_participate.clear();
                    self.must_after = declared;
                }
                for u in self.subjects(rules, r, on) {
                    if !self.must_participate.contains(&u) {
                        self.must_participate.push(u);
                    }
                }
            }
            Op::OpponentsCannotTrigger { during } => {
                let mask = during.as_deref().map_or(BAR_WHOLE_PHASE, |d| icon_bits(d).unwrap_or(0));
                for q in self.order() {
                    if q != me && !self.trigger_bars.contains(&(q, mask)) {
                        self.trigger_bars.push((q, mask));
                    }
                }
            }
            _ => {}
        }
    }

    /// Does the card `uid` say it cannot be saved (a printed constant; per-card bit first)?
    pub fn never_saved(&self, rules: &Rules, uid: u16) -> bool {
        self.locate(uid).is_some_and(|(s, i)| {
            let c = &self.seats[s].play[i];
            has_pool_bit(rules, c.def)
                && self.own_gets(rules, s as Player, c, self.abilities(rules, c)).any(|g| g.cannot_be_saved)
        })
    }

    /// The end of the phase: every card still in play that was put into play "until the end of the phase", or told
    /// to go back then, returns to its owner's hand; its attachments go to their owners' discard piles and its
    /// duplicates to its owner's.
    pub(super) fn return_at_end_of_phase(&mut self) {
        for uid in std::mem::take(&mut self.returning) {
            let Some((s, i)) = self.locate(uid) else { continue };
            let c = self.seats[s].play.remove(i);
            if let Some(ch) = self.challenge.as_mut() {
                ch.attackers.retain(|&u| u != uid);
                ch.defenders.retain(|&u| u != uid);
            }
            for (a, owner) in c.attachments {
                if let Some(o) = self.seats.get_mut(usize::from(owner)) {
                    o.discard.push(a);
                }
            }
            let Some(o) = self.seats.get_mut(usize::from(c.owner)) else { continue };
            o.discard.extend(c.dupes);
            o.hand.push(c.def);
        }
    }

    /// The characters `seat` controls with at least `n` power (a cost paid with power of the player's choice).
    pub fn power_payers(&self, rules: &Rules, seat: Player, n: u8) -> Vec<u16> {
        let Some(s) = self.seats.get(usize::from(seat)) else { return Vec::new() };
        s.play
            .iter()
            .filter(|c| def(rules, c.def).kind == Kind::Character && c.power >= n.max(1))
            .map(|c| c.uid)
            .collect()
    }

    /// GEN_POWER: discard the cost's power from the chosen character, then the next cost.
    pub(super) fn pay_power_from(&mut self, rules: &Rules, p: Player, uid: u16, ev: &mut Events<Event>) {
        let Some(Pending::Effect(r)) = self.pending.first() else { return };
        let Step::PowerFrom { k } = r.step else { return };
        let Some(Cost::DiscardPowerFromYours { n }) = self.body_of(rules, r).and_then(|b| b.cost.get(usize::from(k)))
        else {
            return;
        };
        let n = *n;
        if !self.power_payers(rules, p, n).contains(&uid) {
            return;
        }
        let Some((s, i)) = self.locate(uid) else { return };
        let c = &mut self.seats[s].play[i];
        c.power = c.power.saturating_sub(n);
        ev.public(|| Event::PowerLost { seat: p, n });
        if let Some(Pending::Effect(r)) = self.pending.first_mut() {
            r.step = Step::Pay { k: k + 1 };
        }
    }

    /// How many challenges have been declared this phase (every player's).
    fn challenges_declared(&self) -> u8 {
        let done: u8 = self.seats.iter().map(|s| s.challenged.count_ones() as u8).sum();
        // The challenge being declared or resolved counts once its type is marked used, or now.
        let current = self.challenge.as_ref().is_some_and(|ch| {
            let kind = 1u8.checked_shl(u32::from(ch.kind)).unwrap_or(0);
            self.seats.get(usize::from(ch.attacker)).is_some_and(|s| s.challenged & kind == 0)
        });
        done.saturating_add(u8::from(current))
    }

    /// "Must participate in the next challenge, if able" (Love is Poison): when declaring attackers or defenders
    /// of that challenge, only the declarations including the most of those characters that can be declared are
    /// legal (a set that leaves one out, or stopping before all are declared, is not). The list is forgotten once
    /// that challenge is past.
    pub(super) fn force_participants(&self, rules: &Rules, p: Player, out: &mut Vec<Action>) {
        let Some(ch) = &self.challenge else { return };
        // The challenge now being declared was counted: it is the next one if one more has been declared since.
        if self.challenges_declared() != self.must_after.saturating_add(1) {
            return;
        }
        let el = match ch.stage {
            Stage::Attackers if ch.attacker == p => self.eligible_attackers(rules, p),
            Stage::Defenders if ch.defender == p => self.eligible_defenders(rules, p),
            _ => return,
        };
        let forced: usize =
            el.iter().enumerate().filter(|(_, u)| self.must_participate.contains(u)).map(|(i, _)| 1usize << i).sum();
        if forced == 0 {
            return;
        }
        let set = |a: Action| matches!(split(a).0, ATTACK_SET | DEFEND_SET);
        if out.iter().any(|&a| set(a)) {
            let cover = |a: Action| if set(a) { (split(a).2 & forced).count_ones() } else { 0 };
            let best = out.iter().map(|&a| cover(a)).max().unwrap_or(0);
            out.retain(|&a| cover(a) == best);
        } else if out.iter().any(|&a| matches!(split(a).0, ATTACK | DEFEND)) {
            // One at a time: not done while a character that must participate can still be declared.
            out.retain(|&a| split(a).0 != DONE);
        }
    }

    /// May `p` not trigger effects or abilities now? A bar until the end of the phase (for the current challenge's
    /// type, if it names types), or a participating character of an opponent's carrying a Dothraki Whip. Both are
    /// skipped at once when no bar exists and no participant has an attachment with the `HAS_POOL` bit.
    pub fn trigger_barred(&self, rules: &Rules, p: Player) -> bool {
        let kind = self.challenge.as_ref().map(|ch| ch.kind);
        let by_bar = self.trigger_bars.iter().any(|&(q, mask)| {
            q == p && (mask == BAR_WHOLE_PHASE || kind.is_some_and(|k| k < 8 && mask & (1 << k) != 0))
        });
        if by_bar {
            return true;
        }
        let Some(ch) = &self.challenge else { return false };
        ch.attackers.iter().chain(&ch.defenders).any(|&u| {
            self.locate(u).is_some_and(|(s, i)| {
                s != usize::from(p)
                    && self.seats[s].play[i].attachments.iter().any(|&(a, _)| {
                        has_pool_bit(rules, a)
                            && def(rules, a)
                                .abilities
                                .iter()
                                .any(|x| matches!(x, Ability::AttachedBarsOpponentsTriggers))
                    })
            })
        })
    }

    /// For a player who cannot trigger effects: what is left of a pending response (None: not a response, or
    /// not barred). A response lapses (nothing to choose); a save or cancel window offers only its pass; the
    /// duplicate save (a rule of the game, not a card's ability) stays.
    pub fn barred_pending(&self, rules: &Rules, pend: &Pending) -> Option<Vec<Action>> {
        let response = match pend {
            Pending::Effect(r) => r.step == Step::Ask,
            Pending::Respond { resp, .. } => !matches!(resp, Resp::SaveWithDupe { .. }),
            Pending::SaveWindow { .. } | Pending::CancelWindow { .. } => true,
            _ => false,
        };
        if !response || !self.trigger_barred(rules, pend.seat()) {
            return None;
        }
        Some(match pend {
            Pending::SaveWindow { .. } | Pending::CancelWindow { .. } => vec![code(DONE, 0, 0)],
            _ => Vec::new(),
        })
    }
}
