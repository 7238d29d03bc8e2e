//! The automatic steps of challenge resolution ("Risoluzione delle sfide"): strength, the winner, unopposed power,
//! claim, and the responses a win opens.

use super::super::cards::classify;
use super::super::cards::{Ability, Kind, Rules, INT, MIL, POW};
use super::super::effects::def;
use super::super::state::{AgotCcg, At, Event, Pending, Resp, Stage, Why};
use crate::engine::{Events, Player};

impl AgotCcg {
    /// The automatic resolution steps of the current challenge.
    pub(super) fn resolve(&mut self, rules: &Rules, k: u8, ev: &mut Events<Event>) {
        let Some(ch) = self.challenge.clone() else { return };
        let (att, dfd) = (ch.attacker, ch.defender);
        let next = |g: &mut AgotCcg, k: u8| {
            if let Some(c) = g.challenge.as_mut() {
                c.stage = Stage::Resolve(k);
            }
        };
        match k {
            0 => {
                let attack = self.side_strength(rules, att, &ch.attackers);
                let defense = self.side_strength(rules, dfd, &ch.defenders);
                // Ties go to the attacker; nobody wins with STR below 1 or without characters.
                let winner = if !ch.attackers.is_empty() && attack >= defense && attack >= 1 {
                    Some(att)
                } else if !ch.defenders.is_empty() && defense > attack && defense >= 1 {
                    Some(dfd)
                } else {
                    None
                };
                let unopposed = winner == Some(att)
                    && (ch.defenders.is_empty()
                        || defense == 0
                        || self.win_counts_unopposed(rules, att, attack, defense));
                let (kind, a8, d8) = (ch.kind, attack.min(255) as u8, defense.min(255) as u8);
                ev.public(|| Event::ChallengeResolved { kind, attack: a8, defense: d8, winner, unopposed });
                if let Some(c) = self.challenge.as_mut() {
                    c.winner = winner;
                    c.unopposed = unopposed;
                }
                if winner == Some(att) {
                    self.apply_claim(rules, att, dfd, ch.kind, ev);
                }
                next(self, 1);
            }
            1 => {
                if ch.unopposed {
                    if self.claims_unopposed_power(rules, att) {
                        self.claim_house(att, 1, ev);
                    }
                    let lose = self.unopposed_loser_discards(rules);
                    if lose > 0 {
                        let s = &mut self.seats[usize::from(dfd)];
                        let n = lose.min(s.house_power);
                        s.house_power -= n;
                        ev.public(|| Event::PowerLost { seat: dfd, n });
                    }
                }
                next(self, 2);
            }
            2 => {
                // Renown: each participating renown character on the winning side claims 1 power.
                if let Some(w) = ch.winner {
                    let side = if w == att { &ch.attackers } else { &ch.defenders };
                    for &uid in side {
                        let Some((s, i)) = self.locate(uid) else { continue };
                        if self.renowned(rules, s as Player, &self.seats[s].play[i]) {
                            let c = &mut self.seats[s].play[i];
                            c.power = c.power.saturating_add(1);
                            let card = c.def;
                            ev.public(|| Event::PowerClaimed { seat: s as Player, card: Some(card), n: 1 });
                            self.fire(rules, super::triggered::Fired::Renown, ev);
                        }
                    }
                }
                next(self, 3);
            }
            3 => {
                // Deadly: the attacker with more participating deadly characters makes the defender kill one
                // of his defending characters.
                let count = |g: &AgotCcg, seat: Player, side: &[u16]| {
                    side.iter()
                        .filter_map(|&u| g.locate(u))
                        .filter(|&(s, i)| g.deadly(rules, seat, &g.seats[s].play[i]))
                        .count()
                };
                if count(self, att, &ch.attackers) > count(self, dfd, &ch.defenders)
                    && !ch.defenders.is_empty()
                    && self.kills_allowed(rules)
                {
                    self.pending.push(Pending::Kill { seat: dfd, left: 1, why: Why::Deadly, picked: Vec::new() });
                }
                next(self, 4);
            }
            4 => {
                if let Some(w) = ch.winner {
                    for &(p, draw, power) in ch.riders.iter().filter(|r| r.0 == w) {
                        if draw > 0 {
                            self.draw(usize::from(p), draw, true, ev);
                        }
                        if power > 0 {
                            self.claim_house(p, power, ev);
                        }
                    }
                    self.after_win_responses(rules, w, w == dfd);
                    self.participant_win_responses(rules, w, &ch);
                    // The Wildlings' "discard it to …" responses.
                    self.win_sacrifice_responses(rules, w, &ch);
                    self.fire_challenge_result(rules, &ch, ev);
                    // "if you win the challenge" effects.
                    self.pool_challenge_won(w);
                }
                next(self, 5);
            }
            _ => {
                // A challenge whose type an effect changed still uses up the type it was declared as.
                let declared = self.retyped.take().map_or(0, |k| 1u8.checked_shl(u32::from(k)).unwrap_or(0));
                if let Some(s) = self.seats.get_mut(usize::from(att)) {
                    s.challenged |= 1 << ch.kind | declared;
                }
                self.challenge = None;
                // Between this challenge and the next declaration: a window.
                self.open_window(At::Challenges);
            }
        }
    }

    /// Does an unopposed win give `att`'s House the rulebook's 1 power? Not when his plot forbids it.
    pub fn claims_unopposed_power(&self, rules: &Rules, att: Player) -> bool {
        !self.plot_has(rules, att, |a| matches!(a, Ability::PlotNoUnopposedPower))
    }

    /// The power the loser of an unopposed challenge must discard from his House card: the sum over every card
    /// in play that demands it (Bloody Trident) and whose text box is not blank, before it is capped at what he
    /// has.
    pub fn unopposed_loser_discards(&self, rules: &Rules) -> u8 {
        self.seats
            .iter()
            .flat_map(|s| s.play.iter())
            .flat_map(|c| self.abilities(rules, c).iter())
            .map(|a| if let Ability::UnopposedLoserDiscardsPower { n } = a { *n } else { 0 })
            .fold(0u8, |t, n| t.saturating_add(n))
    }

    /// Total STR of a side: participating characters, plus plot bonuses for a side with a participant.
    pub fn side_strength(&self, rules: &Rules, seat: Player, side: &[u16]) -> u32 {
        let mut t: u32 = side
            .iter()
            .filter_map(|&u| self.locate(u))
            .map(|(s, i)| u32::from(self.strength(rules, seat, &self.seats[s].play[i])))
            .sum();
        if !side.is_empty() {
            if let Some(p) = self.seats.get(usize::from(seat)).and_then(|s| s.plot) {
                for a in &def(rules, p).abilities {
                    if let Ability::PlotChallengeBonus { amount } = a {
                        t += u32::from(*amount);
                    }
                }
            }
        }
        t
    }

    /// Claim (rulebook "Sfida militare / di intrigo / di potere").
    fn apply_claim(&mut self, rules: &Rules, att: Player, dfd: Player, kind: u8, ev: &mut Events<Event>) {
        // Please Let It Burn lowers the claim for this challenge.
        let claim = self.claim(rules, att, kind).saturating_sub(self.pool.claim_lowered(att));
        if claim == 0 {
            return;
        }
        match kind {
            MIL if self.kills_allowed(rules) => {
                self.pending.push(Pending::Kill { seat: dfd, left: claim, why: Why::Claim, picked: Vec::new() });
            }
            INT => {
                for _ in 0..claim {
                    let hand_len = self.seats[usize::from(dfd)].hand.len();
                    if hand_len == 0 {
                        break;
                    }
                    let i = self.rng.index(hand_len);
                    let card = self.seats[usize::from(dfd)].hand.remove(i);
                    self.to_discard(rules, dfd, card, ev);
                }
            }
            POW => {
                let n = claim.min(self.seats[usize::from(dfd)].house_power);
                self.seats[usize::from(dfd)].house_power -= n;
                self.seats[usize::from(att)].house_power = self.seats[usize::from(att)].house_power.saturating_add(n);
                ev.public(|| Event::PowerMoved { from: dfd, to: att, n });
            }
            _ => {}
        }
    }

    fn after_win_responses(&mut self, rules: &Rules, w: Player, as_defender: bool) {
        let mut seen = Vec::new();
        for &c in &self.seats[usize::from(w)].hand {
            let d = def(rules, c);
            if d.kind == Kind::Character
                && d.abilities.iter().any(|a| matches!(a, Ability::IntoPlayAfterWin))
                && !seen.contains(&c)
            {
                seen.push(c);
            }
        }
        for c in seen {
            if self.can_enter_unique(rules, usize::from(w), c) {
                self.pending.push(Pending::Respond { seat: w, resp: Resp::IntoPlayFromHand { def: c } });
            }
        }
        if as_defender {
            let castles = self.seats[usize::from(w)]
                .play
                .iter()
                .filter(|c| {
                    self.abilities_in(rules, c, classify::RESPONSES)
                        .iter()
                        .any(|a| matches!(a, Ability::DefenseWinOpponentsKill))
                })
                .count();
            for _ in 0..castles {
                self.pending.push(Pending::Respond { seat: w, resp: Resp::CastleKill });
            }
        }
    }

    /// "After you win a challenge in which it participated": asked of the winner, card by card.
    fn participant_win_responses(&mut self, rules: &Rules, w: Player, ch: &super::super::state::Challenge) {
        let Some(now) = self.challenge.as_ref() else { return };
        let side = if w == ch.attacker { now.attackers.clone() } else { now.defenders.clone() };
        for uid in side {
            let Some((s, i)) = self.locate(uid) else { continue };
            for ab in self.abilities_in(rules, &self.seats[s].play[i], classify::TOTALS) {
                if let Ability::WinClaimsPower { power, unopposed, house } = ab {
                    if *unopposed && !ch.unopposed {
                        continue;
                    }
                    let resp =
                        if *house { Resp::HousePower { n: *power } } else { Resp::ClaimPower { uid, n: *power } };
                    self.pending.push(Pending::Respond { seat: w, resp });
                }
            }
        }
    }
}
