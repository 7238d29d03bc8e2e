//! `heuristic`: one-step greedy scoring of each legal action by its kind (no lookahead).

use super::cards::{Kind, Rules};
use super::effects::def;
use super::rules::actions::*;
use super::state::{AgotCcg, Pending, Stage};
use crate::bots::Bot;
use crate::engine::{Action, Player};
use crate::rng::Rng;

pub mod effect_play;
pub mod interrupts;
pub mod pool;
pub mod pool_play;

pub struct Heuristic;

impl AgotCcg {
    /// Standing STR `seat` could commit to a challenge of `kind` (not yet participating); none when its plot
    /// (Caution to the Wind) lets it declare only in another type.
    fn potential(&self, rules: &Rules, seat: Player, kind: u8) -> u32 {
        if !self.challenge_allowed(seat, kind) {
            return 0;
        }
        let ch = self.challenge.as_ref();
        self.seats[usize::from(seat)]
            .play
            .iter()
            .filter(|c| {
                def(rules, c.def).kind == Kind::Character
                    && !c.kneeling
                    && self.has_icon(rules, seat, c, kind)
                    && !ch.is_some_and(|h| h.bypassed.contains(&c.uid))
            })
            .map(|c| u32::from(self.strength(rules, seat, c)))
            .sum()
    }

    /// Is the attacker's unopposed power worth a losing defender? When he is near the win, it is a power
    /// challenge, or an unopposed win is worth two power or more to him; and no deadly attacker would kill the
    /// defender for it.
    fn unopposed_costly(&self, rules: &Rules, p: Player, ch: &super::state::Challenge) -> bool {
        let deadly = ch
            .attackers
            .iter()
            .filter_map(|&u| self.locate(u))
            .any(|(s, i)| self.deadly(rules, s as Player, &self.seats[s].play[i]));
        let near = self.power(usize::from(ch.attacker)) >= 10;
        let pressed = (near || ch.kind == super::cards::POW) && self.seats[usize::from(p)].house_power > 0;
        !deadly && (pressed || self.unopposed_stake(rules, p, ch) >= 2)
    }

    /// The power an unopposed win of `ch` would swing, from what is face up: the rulebook's 1 for the attacker's
    /// House (unless his plot forbids it), what participating attackers claim only when unopposed (Asha
    /// Greyjoy, Bannermen to the Kraken), the attacker's in-play responses to an unopposed win (Longship
    /// "Silence") and what the defender must discard for losing one (Bloody Trident).
    fn unopposed_stake(&self, rules: &Rules, p: Player, ch: &super::state::Challenge) -> u32 {
        use super::cards::vocab::Trigger;
        use super::cards::Ability;
        let att = ch.attacker;
        let mut stake = u32::from(self.claims_unopposed_power(rules, att));
        for (s, i) in ch.attackers.iter().filter_map(|&u| self.locate(u)) {
            for a in self.abilities(rules, &self.seats[s].play[i]) {
                if let Ability::WinClaimsPower { power, unopposed: true, .. } = a {
                    stake += u32::from(*power);
                }
            }
        }
        let responses = self.seats[usize::from(att)]
            .play
            .iter()
            .flat_map(|c| self.abilities(rules, c))
            .filter(
                |a| matches!(a, Ability::Triggered(b) if matches!(b.when, Some(Trigger::Won { unopposed: true, .. }))),
            )
            .count();
        stake += responses as u32;
        let lose = self.unopposed_loser_discards(rules).min(self.seats[usize::from(p)].house_power);
        stake + u32::from(lose)
    }

    /// The STR each side of `ch` counts on: the attackers, and the defenders, or before they are declared every
    /// character that could still defend (what an event played then must beat or reach).
    fn sides(&self, rules: &Rules, ch: &super::state::Challenge) -> (i32, i32) {
        let att = self.side_strength(rules, ch.attacker, &ch.attackers) as i32;
        let dfd = if ch.stage == Stage::Attackers {
            self.potential(rules, ch.defender, ch.kind)
        } else {
            self.side_strength(rules, ch.defender, &ch.defenders)
        };
        (att, dfd as i32)
    }

    /// Is `uid` on `seat`'s side of `ch`: an attacker, a defender, or before defenders one that could defend.
    fn on_side(&self, rules: &Rules, ch: &super::state::Challenge, seat: Player, uid: u16) -> bool {
        if seat == ch.attacker {
            ch.attackers.contains(&uid)
        } else if seat != ch.defender {
            false
        } else if ch.stage == Stage::Attackers {
            self.can_defend(rules, seat, uid)
        } else {
            ch.defenders.contains(&uid)
        }
    }

    /// Legal moves a search leaves out (`Bots::worth_searching`): an attachment that helps its host put on an
    /// opponent's character or one that hurts it on one's own, and a challenge with no STR to commit and nothing
    /// to add any (nobody wins below 1 STR). Its own hand and the table are all it reads.
    pub fn worth_searching(&self, rules: &Rules, p: Player, a: Action) -> bool {
        let ps = usize::from(p);
        let (kind, x, y) = split(a);
        match kind {
            MARSHAL | MARSHAL_PENALTY => {
                let Some(&c) = self.seats.get(ps).and_then(|s| s.hand.get(x)) else { return true };
                if def(rules, c).kind != Kind::Attachment {
                    return true;
                }
                self.locate(y as u16).is_none_or(|(owner, _)| (owner == ps) != effect_play::attachment_hurts(rules, c))
            }
            // Unless an event in hand or a standing card's ability could still lift a 0-STR attacker.
            CHALLENGE => {
                let Some(seat) = self.seats.get(ps) else { return true };
                self.potential(rules, p, x as u8) > 0
                    || seat.hand.iter().any(|&c| def(rules, c).kind == Kind::Event)
                    || seat.play.iter().any(|c| {
                        !c.kneeling
                            && def(rules, c.def).kind != Kind::Character
                            && !def(rules, c.def).abilities.is_empty()
                    })
            }
            _ => true,
        }
    }

    fn uid_str(&self, rules: &Rules, uid: usize) -> (usize, i32) {
        self.locate(uid as u16).map_or((0, 0), |(s, i)| {
            let c = &self.seats[s].play[i];
            (s, i32::from(self.strength(rules, s as Player, c)))
        })
    }

    fn score(&self, rules: &Rules, p: Player, a: Action) -> i32 {
        // Saves, cancels, control, naming and Endless (bots/interrupts.rs); None for every other decision.
        if let Some(s) = self.interrupt_score(rules, p, a) {
            return s;
        }
        // The House pool records' decisions (bots/pool.rs); None for every other decision.
        if let Some(s) = self.pool_score(rules, p, a) {
            return s;
        }
        let ps = usize::from(p);
        let (kind, x, y) = split(a);
        let hand = |i: usize| self.seats[ps].hand.get(i).map(|&c| def(rules, c));
        match kind {
            PLOT => self.seats[ps].plots.get(x).map_or(0, |&c| {
                let d = def(rules, c);
                let hungry = self.seats[ps].hand.len() as i32;
                i32::from(d.gold) * (2 + hungry / 3) + i32::from(d.claim) * 3 + i32::from(d.initiative)
            }),
            FIRST => i32::from(y == ps) * 10,
            SETUP_PLACE => hand(x).map_or(0, |d| {
                10 + i32::from(d.cost) * 3 + i32::from(d.kind == Kind::Character) * 5 + i32::from(d.str)
            }),
            MARSHAL | MARSHAL_PENALTY => hand(x).map_or(0, |d| {
                if d.kind == Kind::Attachment {
                    // A gift on our own characters, a curse on an opponent's (the search's reading too), the
                    // strongest first.
                    if !self.worth_searching(rules, p, a) {
                        return -100;
                    }
                    return 8 + self.uid_str(rules, y).1;
                }
                let base = 10 + i32::from(d.cost) * 3 + i32::from(d.str) * 2 + i32::from(d.gold) * 6;
                // An optional penalty only when it buys something: otherwise it is gold thrown away.
                let pays = kind == MARSHAL_PENALTY
                    && self.seats[ps].hand.get(x).is_some_and(|&c| self.penalty_pays(rules, p, c));
                base + match (kind == MARSHAL_PENALTY, pays) {
                    (false, _) => 0,
                    (true, true) => 6,
                    (true, false) => -6,
                }
            }),
            // An attachment on the House card: its gold, or its action.
            MARSHAL_HOUSE => hand(x).map_or(0, |d| 12 + i32::from(d.gold) * 6),
            DUPE => 50,
            REDUCER => {
                let gold = self.seats[ps].gold;
                let dearer = self.seats[ps].hand.iter().any(|&c| def(rules, c).cost > gold);
                if dearer {
                    40
                } else {
                    -1
                }
            }
            CHALLENGE => {
                let k = x as u8;
                let mine = self.potential(rules, p, k) as i32;
                let theirs = self.potential(rules, y as Player, k) as i32;
                let lead = self.power(y) as i32;
                // Never with nothing to commit: a challenge at 0 STR cannot be won (not even unopposed).
                if mine > theirs {
                    30 + (mine - theirs) + lead + [6, 2, 4][usize::from(k.min(2))]
                } else {
                    -5
                }
            }
            ATTACK => {
                let Some(ch) = &self.challenge else { return 0 };
                let have = self.side_strength(rules, p, &ch.attackers) as i32;
                let need = self.potential(rules, ch.defender, ch.kind) as i32;
                if have > need {
                    -3
                } else {
                    20 + self.uid_str(rules, y).1
                }
            }
            DEFEND => {
                let Some(ch) = &self.challenge else { return 0 };
                let att = self.side_strength(rules, ch.attacker, &ch.attackers) as i32;
                let have = self.side_strength(rules, p, &ch.defenders) as i32;
                let can = have + self.potential(rules, p, ch.kind) as i32 + 1;
                if have > att || can <= att {
                    -3
                } else {
                    20 + self.uid_str(rules, y).1
                }
            }
            ATTACK_SET | DEFEND_SET => {
                let Some(ch) = &self.challenge else { return 0 };
                let el = if kind == ATTACK_SET {
                    self.eligible_attackers(rules, p)
                } else {
                    self.eligible_defenders(rules, p)
                };
                let picked: Vec<u16> =
                    el.iter().enumerate().filter(|(i, _)| y >> i & 1 == 1).map(|(_, &u)| u).collect();
                let mine = self.side_strength(rules, p, &picked) as i32;
                let n = picked.len() as i32;
                if kind == ATTACK_SET {
                    let need = self.potential(rules, ch.defender, ch.kind) as i32;
                    if mine > need {
                        40 - n * 3
                    } else {
                        mine - need
                    }
                } else {
                    let att = self.side_strength(rules, ch.attacker, &ch.attackers) as i32;
                    if mine > att {
                        // Win with the fewest and least wasted characters.
                        40 - n * 3 - (mine - att) / 3
                    } else if n == 1
                        && mine > 0
                        && !self.win_counts_unopposed(rules, ch.attacker, att as u32, mine as u32)
                        && self.unopposed_costly(rules, p, ch)
                    {
                        // A lost defence still denies the unopposed power: one cheap character is worth it.
                        6 - mine / 2
                    } else {
                        -5
                    }
                }
            }
            // The strongest that could defend (a Dornish Lancer may be offered others, for its draw).
            STEALTH => {
                let dfd = self.challenge.as_ref().map_or(0, |c| c.defender);
                10 + self.uid_str(rules, y).1 + i32::from(self.can_defend(rules, dfd, y as u16)) * 20
            }
            KILL => self.locate(y as u16).map_or(0, |(s, i)| {
                let c = &self.seats[s].play[i];
                100 - i32::from(def(rules, c.def).cost) * 5 - i32::from(c.power) * 5 - c.attachments.len() as i32 * 3
            }),
            KNEEL => {
                let (owner, s) = self.uid_str(rules, y);
                if owner == ps {
                    -20
                } else {
                    10 + s
                }
            }
            DISCARD => hand(x).map_or(0, |d| 50 - i32::from(d.cost)),
            // Pay influence with the provider that wastes the least of it.
            INFLUENCE => {
                let left = match self.pending.first() {
                    Some(Pending::PayInfluence { left, .. }) => i32::from(*left),
                    _ => 0,
                };
                let inf = self
                    .locate(y as u16)
                    .map_or(0, |(s, i)| i32::from(def(rules, self.seats[s].play[i].def).influence));
                20 - (inf - left).abs() * 2
            }
            EVENT | USE => {
                let Some(ch) = &self.challenge else { return -5 };
                let (owner, _) = self.uid_str(rules, y);
                let amount = if kind == EVENT {
                    self.seats[ps].hand.get(x).map_or(0, |&c| {
                        def(rules, c)
                            .abilities
                            .iter()
                            .find_map(|ab| match ab {
                                super::cards::Ability::ChallengeBoost { amount, .. } => Some(i32::from(*amount)),
                                super::cards::Ability::KillCharacter { .. } => Some(-100),
                                _ => None,
                            })
                            .unwrap_or(0)
                    })
                } else {
                    2
                };
                if amount == -100 {
                    return if owner == ps { -50 } else { 15 + self.uid_str(rules, y).1 };
                }
                let (att, dfd) = self.sides(rules, ch);
                let mine_attacking = ch.attacker == p;
                let involved = ch.attacker == p || ch.defender == p;
                let losing = if mine_attacking { att < dfd } else { dfd <= att };
                let on_my_side = owner == ps && self.on_side(rules, ch, p, y as u16);
                let on_their_side = owner != ps && self.on_side(rules, ch, owner as Player, y as u16);
                let swing =
                    (mine_attacking && att + amount.abs() >= dfd) || (!mine_attacking && dfd + amount.abs() > att);
                if involved && losing && swing && ((amount > 0 && on_my_side) || (amount < 0 && on_their_side)) {
                    20
                } else {
                    -5
                }
            }
            YES => 10,
            GEN_EVENT..=GEN_MODE => self.score_effect(rules, p, a),
            GEN_PLAYER..=POOL_LAST => self.score_pool(rules, p, a),
            DONE => match (self.pending.first(), self.challenge.as_ref().map(|c| c.stage)) {
                (Some(Pending::KneelTarget { .. }), _) => 5,
                (Some(_), _) => 0,
                (None, Some(Stage::Attackers)) => 0,
                _ => 0,
            },
            _ => 0,
        }
    }
}

impl Bot<AgotCcg> for Heuristic {
    fn act(&mut self, rules: &Rules, state: &AgotCcg, p: Player, legal: &[Action], rng: &mut Rng) -> Action {
        let mut best = legal[0];
        let mut best_score = i32::MIN;
        for &a in legal {
            // A little noise breaks ties without always taking the first listed action.
            let s = state.score(rules, p, a) * 4 + rng.below(3) as i32;
            if s > best_score {
                best_score = s;
                best = a;
            }
        }
        best
    }
}
