//! The heuristic's scores for the decisions of saves, cancels, control, naming and Endless (kinds 40–59 and the
//! events of those cards), additive to `bots/mod.rs`: every decision that exists without these cards is scored there,
//! unchanged. It saves its own characters when the character is worth more than the cost, and cancels an
//! opponent's effect that would kill, take or discard its cards or swing a challenge it is in.

use super::super::cards::{Ability, InterruptCost, Kind, Rules};
use super::super::effects::{def, on_attached};
use super::super::rules::actions::*;
use super::super::state::{AgotCcg, Interrupted, Pending, Resp, Target};
use crate::engine::{Action, Player};

impl AgotCcg {
    /// What keeping this card in play is worth to its controller.
    fn keep_value(&self, rules: &Rules, uid: u16) -> i32 {
        self.locate(uid).map_or(0, |(s, i)| {
            let c = &self.seats[s].play[i];
            i32::from(def(rules, c.def).cost) * 4 + i32::from(c.power) * 6 + c.attachments.len() as i32 * 3
        })
    }

    fn cost_value(cost: &InterruptCost) -> i32 {
        i32::from(cost.influence) * 2 + i32::from(cost.kneel_self) * 2 + i32::from(cost.discard_self) * 10
    }

    /// Is `uid` controlled by `p`?
    fn mine(&self, p: Player, uid: u16) -> bool {
        self.locate(uid).is_some_and(|(s, _)| s == usize::from(p))
    }

    /// How much the effect `what` would hurt `p` if it resolved.
    fn harm(&self, rules: &Rules, p: Player, what: &Interrupted) -> i32 {
        let ch = self.challenge.as_ref().filter(|c| c.attacker == p || c.defender == p);
        let opposing = |uid: u16| {
            ch.is_some_and(|c| (c.attackers.contains(&uid) || c.defenders.contains(&uid)) && !self.mine(p, uid))
        };
        let (card, target) = match *what {
            Interrupted::Event { card, target, .. } | Interrupted::Ability { card, target, .. } => (card, target),
        };
        let mut harm = 0;
        for ab in &def(rules, card).abilities {
            harm += match ab {
                Ability::KillCharacter { .. } if self.mine(p, target) => 40 + self.keep_value(rules, target),
                Ability::TakeControl { .. } if self.mine(p, target) => 30,
                Ability::DiscardLocation { .. } if self.mine(p, target) => 25,
                Ability::ChallengeBoost { amount, .. } | Ability::KneelForStr { amount, .. }
                    if (*amount > 0 && opposing(target)) || (*amount < 0 && self.mine(p, target) && ch.is_some()) =>
                {
                    25
                }
                Ability::NameHouseStr { .. } if ch.is_some() => 10,
                _ => 0,
            };
        }
        harm
    }

    /// Some(score) for the decisions this module adds; None for every other decision.
    pub fn interrupt_score(&self, rules: &Rules, p: Player, a: Action) -> Option<i32> {
        let ps = usize::from(p);
        let (kind, x, y) = split(a);
        match kind {
            SAVE_CARD | SAVE_ATTACHMENT | SAVE_EVENT => {
                let Some(Pending::SaveWindow { uid, .. }) = self.pending.first() else { return Some(0) };
                if !self.mine(p, *uid) {
                    return Some(-50);
                }
                let cost = match kind {
                    SAVE_CARD => {
                        let victim = x.checked_sub(1).and_then(|j| self.seats[ps].play.get(j)).map(|c| c.uid);
                        let abil = self.locate(y as u16).and_then(|(s, i)| {
                            self.abilities(rules, &self.seats[s].play[i]).iter().find_map(|ab| match ab {
                                Ability::Save { cost, .. } => Some(Self::cost_value(cost)),
                                _ => None,
                            })
                        });
                        abil.unwrap_or(0) + victim.map_or(0, |v| self.keep_value(rules, v) + 10)
                    }
                    SAVE_ATTACHMENT => 4,
                    _ => 2,
                };
                Some(30 + self.keep_value(rules, *uid) - cost)
            }
            CANCEL_CARD | CANCEL_EVENT => {
                let Some(Pending::CancelWindow { what, .. }) = self.pending.first() else { return Some(0) };
                if what.player() == p {
                    return Some(-50);
                }
                let cost = if kind == CANCEL_CARD {
                    self.locate(y as u16).map_or(0, |(s, i)| {
                        self.abilities(rules, &self.seats[s].play[i])
                            .iter()
                            .find_map(|ab| match ab {
                                Ability::Cancel { cost, .. } => Some(Self::cost_value(cost)),
                                _ => None,
                            })
                            .unwrap_or(0)
                    })
                } else {
                    5
                };
                let harm = self.harm(rules, p, what);
                Some(if harm > 0 { harm - cost } else { -10 })
            }
            PAY => {
                let left = match self.pending.first() {
                    Some(
                        Pending::PayFor { left, .. } | Pending::Unless { left, .. } | Pending::Prevent { left, .. },
                    ) => i32::from(*left),
                    _ => 0,
                };
                let inf = self
                    .locate(y as u16)
                    .map_or(0, |(s, i)| i32::from(def(rules, self.seats[s].play[i].def).influence));
                Some(20 - (inf - left).abs() * 2)
            }
            TAKE_CONTROL => Some(
                20 + self
                    .locate(y as u16)
                    .map_or(0, |(s, i)| i32::from(self.strength(rules, s as Player, &self.seats[s].play[i]))),
            ),
            NAME if y == NAMED_BY_PLOT => Some(self.challenge_potential(rules, p, x as u8)),
            NAME => {
                // King's Landing: worth it in a challenge p is in, for a House with more of his participants.
                let Some(ch) = self.challenge.as_ref().filter(|c| c.attacker == p || c.defender == p) else {
                    return Some(-5);
                };
                let mut net = 0;
                for &u in ch.attackers.iter().chain(&ch.defenders) {
                    if self.locate(u).is_some_and(|(s, i)| def(rules, self.seats[s].play[i].def).house == x as u8) {
                        net += if self.mine(p, u) { 1 } else { -1 };
                    }
                }
                Some(if net > 0 { 10 + net } else { -5 })
            }
            ENDLESS => Some(25),
            // The strongest attachment found (a weakening one is left in the pile).
            ATTACH_DISCARD => {
                let c = *self.seats.get(x)?.discard.get(y)?;
                let str: i32 =
                    def(rules, c).abilities.iter().filter_map(on_attached).map(|k| i32::from(k.gets.str)).sum();
                Some(if str < 0 { -10 } else { 10 + str * 2 })
            }
            TARGET => Some(if self.mine(p, y as u16) { -50 } else { 20 + self.keep_value(rules, y as u16) }),
            YES => match self.pending.first() {
                // Worth it only with an opponent's card to hit (or cards to draw).
                Some(Pending::Respond { resp: Resp::Sacrifice { uid }, .. }) => {
                    let draws = self.locate(*uid).is_some_and(|(s, i)| {
                        def(rules, self.seats[s].play[i].def)
                            .abilities
                            .iter()
                            .any(|a| matches!(a, Ability::WinSacrifice { draw, .. } if *draw > 0))
                    });
                    Some(if draws || self.opponent_target(rules, p, *uid) { 10 } else { -5 })
                }
                Some(Pending::Respond { resp: Resp::KillWeaker { saved, max_str, .. }, .. }) => {
                    let t = Target::Kill { max_str: *max_str, except: *saved };
                    Some(if self.opponent_in(rules, p, t) { 10 } else { -5 })
                }
                _ => None,
            },
            ATTACH_SETUP => Some(
                10 + self
                    .locate(y as u16)
                    .map_or(0, |(s, i)| i32::from(self.strength(rules, s as Player, &self.seats[s].play[i]))),
            ),
            EVENT => {
                let d = def(rules, *self.seats[ps].hand.get(x)?);
                let target = y as u16;
                d.abilities.iter().find_map(|ab| match ab {
                    Ability::TakeControl { .. } => {
                        let ch = self.challenge.as_ref().filter(|c| c.attacker == p || c.defender == p);
                        let opposing =
                            ch.is_some_and(|c| c.attackers.contains(&target) || c.defenders.contains(&target));
                        Some(if !self.mine(p, target) && opposing { 25 + self.keep_value(rules, target) } else { -5 })
                    }
                    // Worth it only on an opponent's character that a duplicate would save.
                    Ability::NoSaveUntilEndOfPhase { .. } => Some(
                        if !self.mine(p, target)
                            && self.locate(target).is_some_and(|(s, i)| !self.seats[s].play[i].dupes.is_empty())
                        {
                            8
                        } else {
                            -5
                        },
                    ),
                    Ability::DiscardLocation { .. } => Some(if self.mine(p, target) {
                        -50
                    } else {
                        12 + self.locate(target).map_or(0, |(s, i)| {
                            let c = &self.seats[s].play[i];
                            i32::from(def(rules, c.def).cost) + i32::from(def(rules, c.def).kind == Kind::Location)
                        })
                    }),
                    _ => None,
                })
            }
            _ => None,
        }
    }

    /// Does the effect of sacrificing `uid` have an opponent's card to hit?
    fn opponent_target(&self, rules: &Rules, p: Player, uid: u16) -> bool {
        let Some((s, i)) = self.locate(uid) else { return false };
        def(rules, self.seats[s].play[i].def).abilities.iter().any(|a| match a {
            Ability::WinSacrifice { kill_max_str: Some(m), .. } => {
                self.opponent_in(rules, p, Target::Kill { max_str: *m, except: uid })
            }
            Ability::WinSacrifice { location_max_cost: Some(m), .. } => {
                self.opponent_in(rules, p, Target::DiscardLocation { max_cost: *m })
            }
            _ => false,
        })
    }

    fn opponent_in(&self, rules: &Rules, p: Player, t: Target) -> bool {
        let mut buf = Vec::new();
        self.target_actions(rules, p, t, &mut buf);
        buf.iter().any(|&a| !self.mine(p, split(a).2 as u16))
    }

    /// Standing STR `p` could bring to a challenge of `kind` (Caution to the Wind's choice).
    fn challenge_potential(&self, rules: &Rules, p: Player, kind: u8) -> i32 {
        self.seats[usize::from(p)]
            .play
            .iter()
            .filter(|c| def(rules, c.def).kind == Kind::Character && self.has_icon(rules, p, c, kind))
            .map(|c| i32::from(self.strength(rules, p, c)))
            .sum()
    }
}
