//! The `heuristic` bot: card choice by expected totals, support for the likely winner, truces that favour it,
//! hostages taken where they hurt most, hostages tortured with purpose.

use super::content::{Ability, Rules};
use super::rules::resolve::{split_deal, Terms};
use super::rules::*;
use super::state::{card_kind, hostage_card, hostage_owner, CardKind, IronThrone, Pending, Step, Task, NONE};
use crate::bots::Bot;
use crate::engine::{Action, Player};
use crate::rng::Rng;

pub struct Heuristic;

/// How much a leader sheet is worth to this bot (used to keep the better of the two dealt).
fn leader_score(a: Ability) -> i32 {
    match a {
        Ability::Bonus { n, .. } => 2 * i32::from(n),
        Ability::Wound { n } | Ability::Plunder { n } => 3 * i32::from(n),
        Ability::HonourTruce | Ability::Clairvoyance { .. } | Ability::Shield { .. } => 6,
        Ability::ForceSupport | Ability::ExtraHostage | Ability::Withdraw { .. } => 7,
        Ability::SupportBonus { n } => 3 * i32::from(n),
        Ability::Distribute { n } | Ability::Heal { n } | Ability::Tax { n } => 3 * i32::from(n),
        _ => 5,
    }
}

impl IronThrone {
    fn char_crowns(&self, p: Player) -> u8 {
        let c = self.enc.chars.get(usize::from(p)).copied().unwrap_or(NONE);
        let s = &self.seats[usize::from(p)];
        if s.is_alive(c) {
            s.crowns[usize::from(c)]
        } else {
            0
        }
    }

    /// Crowns on each side's participating characters (no cards).
    fn side_crowns(&self, side: u8) -> i32 {
        (0..self.n()).filter(|&q| self.enc.side_of(q) == side).map(|q| i32::from(self.char_crowns(q))).sum()
    }

    fn best_char(&self, p: Player) -> Option<u8> {
        let s = &self.seats[usize::from(p)];
        (0..5u8).filter(|c| s.is_alive(*c)).max_by_key(|c| s.crowns[usize::from(*c)])
    }

    fn max_hostility(&self, p: Player) -> Option<u8> {
        self.seats[usize::from(p)]
            .hand
            .iter()
            .filter_map(|&c| match card_kind(c) {
                CardKind::Hostility(v) => Some(v),
                _ => None,
            })
            .max()
    }
}

fn terms_value(g: &IronThrone, me: Player, other: Player, t: Terms) -> f32 {
    let mut v = 0.0;
    if t.influence && g.seats[usize::from(me)].tokens_left() > 0 {
        v += 8.0;
    }
    v += 1.5 * f32::from(t.hostages);
    if t.crowns {
        v += f32::from(3.min(g.seats[usize::from(other)].sheet));
    }
    v
}

/// (value to `p`, value to the other active player) of deal `x`.
fn deal_values(g: &IronThrone, p: Player, x: u8) -> (f32, f32) {
    let (a, d) = (g.enc.attacker, g.enc.defender);
    let (ta, td) = split_deal(x);
    let va = terms_value(g, a, d, ta);
    let vd = terms_value(g, d, a, td);
    if p == a {
        (va, vd)
    } else {
        (vd, va)
    }
}

/// What `p` loses if the talks fail: half its character's crowns, more if it would die.
fn no_deal_cost(g: &IronThrone, p: Player) -> f32 {
    let c = f32::from(g.char_crowns(p));
    let lost = (c / 2.0).ceil();
    if lost >= c {
        lost + 4.0
    } else {
        lost
    }
}

fn acceptable(g: &IronThrone, p: Player, x: u8) -> bool {
    let (mine, theirs) = deal_values(g, p, x);
    mine - theirs >= -no_deal_cost(g, p)
}

impl Bot<IronThrone> for Heuristic {
    fn act(&mut self, rules: &Rules, g: &IronThrone, p: Player, legal: &[Action], rng: &mut Rng) -> Action {
        let pick = choose(rules, g, p, legal);
        match pick {
            Some(a) if legal.contains(&a) => a,
            _ => legal.get(rng.index(legal.len())).copied().unwrap_or(DONE),
        }
    }
}

fn best_by<F: Fn(Action) -> i32>(legal: &[Action], f: F) -> Option<Action> {
    legal.iter().copied().max_by_key(|a| f(*a))
}

fn choose(rules: &Rules, g: &IronThrone, p: Player, legal: &[Action]) -> Option<Action> {
    let me = &g.seats[usize::from(p)];
    let house = rules.houses.get(usize::from(me.house))?;
    let my_side = g.enc.side_of(p);
    let leading = g.seats.iter().map(|s| s.spread()).max().unwrap_or(0) == me.spread();
    match g.pending {
        Pending::Leaders => best_by(legal, |a| leader_score(house.leader[usize::from(me.offers[usize::from(a == 1)])])),
        Pending::Hostages { .. } => {
            // Torture what hurts (it weakens the owner; a hostility/truce card pays a crown): strip the weakest
            // character (a kill) when ahead, the strongest otherwise. Free dead characters' cards for a draw.
            best_by(legal, |a| {
                if (FREE..TORTURE).contains(&a) {
                    // Freeing a dead character's card costs its owner nothing useful and draws us a card.
                    let Some(&h) = me.hostages.get((a - FREE) as usize) else { return 0 };
                    let o = &g.seats[usize::from(hostage_owner(h))];
                    return match card_kind(hostage_card(h)) {
                        CardKind::Character(ch) if !o.is_alive(ch) && ch != o.leader => 25,
                        _ => -1,
                    };
                }
                if !(TORTURE..DEFENDER).contains(&a) {
                    return 0;
                }
                let x = a - TORTURE;
                let (i, c) = ((x / 8) as usize, (x % 8) as u8);
                let Some(&h) = me.hostages.get(i) else { return 0 };
                let o = &g.seats[usize::from(hostage_owner(h))];
                match card_kind(hostage_card(h)) {
                    CardKind::Character(ch) if o.is_alive(ch) || ch == o.leader => 20,
                    CardKind::Character(_) => 5,
                    _ if c < 5 => {
                        let k = i32::from(o.crowns[usize::from(c)]);
                        if leading {
                            15 - k
                        } else {
                            5 + k
                        }
                    }
                    _ => 1,
                }
            })
        }
        Pending::UseLeader { .. } | Pending::PlayCards { .. } => {
            let w = match g.step {
                Step::Window { w, .. } => w,
                _ => 0,
            };
            let mut best = (0, DONE);
            for &a in legal {
                let (ab, t, cost) = if (USE_LEADER..FREE).contains(&a) {
                    let ab = house.leader[usize::from(me.leader.min(4))];
                    (ab, (a - USE_LEADER) as u8, true)
                } else if (PLAY_CARD..DEAL_ACCEPT).contains(&a) {
                    let x = a - PLAY_CARD;
                    let CardKind::Character(ch) = card_kind((x / 8) as u8) else { continue };
                    (house.card[usize::from(ch)], (x % 8) as u8, false)
                } else {
                    continue;
                };
                let s = ability_score(g, p, my_side, ab, t, cost, w);
                if s > best.0 {
                    best = (s, a);
                }
            }
            Some(best.1)
        }
        Pending::Task => match g.tasks.first().copied()? {
            Task::Alloc { .. } => {
                let mine = g.enc.chars[usize::from(p)];
                if my_side != 0 && me.is_alive(mine) && g.enc.winner == 0 {
                    return Some(ALLOC + Action::from(mine));
                }
                // Shore up the weakest living character so it does not die.
                best_by(legal, |a| if a == DONE { -100 } else { -i32::from(me.crowns[((a - ALLOC) as usize).min(4)]) })
            }
            Task::Discard { .. } => best_by(legal, |a| {
                let c = (a - DISCARD) as u8;
                match card_kind(c) {
                    CardKind::Hostility(v) => -i32::from(v),
                    CardKind::Truce => -6,
                    CardKind::Character(_) => 0,
                }
            }),
            Task::Upgrade { target, .. } => {
                // Political Instinct: the highest card for my own side, the lowest higher one for the other.
                let mine = g.enc.side_of(target) == my_side;
                best_by(legal, |a| if mine { (a - UPGRADE) as i32 } else { -((a - UPGRADE) as i32) })
            }
            Task::Take { .. } => best_by(legal, |a| {
                let x = a - TAKE;
                let (v, src) = ((x / 64) as u8, x % 64);
                let vs = &g.seats[usize::from(v)];
                let base = i32::from(vs.spread()) * 10;
                base + match src {
                    1 => 5,
                    0 => 2,
                    i => {
                        let h = vs.hostages.get((i - 2) as usize).copied().unwrap_or(0);
                        if hostage_owner(h) == p {
                            4
                        } else {
                            1
                        }
                    }
                }
            }),
        },
        Pending::Defender => best_by(legal, |a| {
            let q = (a - DEFENDER) as u8;
            let strongest =
                g.best_char(q).map(|c| i32::from(g.seats[usize::from(q)].crowns[usize::from(c)])).unwrap_or(0);
            2 * i32::from(g.seats[usize::from(q)].spread()) - strongest
        }),
        Pending::Choose { .. } => best_by(legal, |a| i32::from(me.crowns[((a - CHOOSE) as usize).min(4)])),
        Pending::Force { target, .. } => {
            let t = &g.seats[usize::from(target)];
            best_by(legal, |a| if a == DONE { 0 } else { 1 + i32::from(t.crowns[((a - FORCE) as usize).min(4)]) })
        }
        Pending::Offer { .. } => {
            let att = g.side_crowns(1) + 4;
            let def = g.side_crowns(2) + 4;
            let side: Action = if att > def { 0 } else { 1 };
            let c = g.best_char(p)?;
            // Do not feed a rival who is about to win.
            let active = if side == 0 { g.enc.attacker } else { g.enc.defender };
            if side == 0 && g.seats[usize::from(active)].spread() >= 4 && !leading {
                return Some(OFFER + 8 + Action::from(c));
            }
            Some(OFFER + side * 8 + Action::from(c))
        }
        Pending::Answer { .. } => {
            let q = g.enc.offer[0];
            let dangerous = g.enc.offer[2] == 1 && g.seats.get(usize::from(q)).is_some_and(|s| s.spread() >= 4);
            Some(if dangerous { REFUSE } else { ACCEPT })
        }
        Pending::Commit => {
            let side = if p == g.enc.attacker { 1 } else { 2 };
            let mine = g.side_crowns(side);
            let theirs = g.side_crowns(3 - side);
            let opp = if side == 1 { g.enc.defender } else { g.enc.attacker };
            let face_up = g.enc.face_up;
            let known =
                (face_up < 2 && g.enc.commit[usize::from(face_up)] != NONE).then(|| g.enc.commit[usize::from(face_up)]);
            let truce = legal.iter().copied().find(|a| (COMMIT..COMMIT + 4).contains(a));
            let hostile = |v: i32| mine + v;
            let maxv = i32::from(g.max_hostility(p).unwrap_or(0));
            if let Some(k) = known {
                // Clairvoyance: answer the card we see.
                let opp_total = theirs
                    + i32::from(match card_kind(k) {
                        CardKind::Hostility(v) => v,
                        _ => 0,
                    });
                if card_kind(k) == CardKind::Truce {
                    // Betray only if it is cheap; else truce.
                    return Some(smallest_hostility(legal).or(truce).unwrap_or(legal[0]));
                }
                if hostile(maxv) > opp_total {
                    return smallest_winning(legal, mine, opp_total);
                }
                return Some(truce.unwrap_or_else(|| smallest_hostility(legal).unwrap_or(legal[0])));
            }
            let _ = opp;
            if hostile(maxv) + 4 < theirs {
                if let Some(t) = truce {
                    return Some(t);
                }
            }
            best_by(legal, |a| match a {
                COMMIT_TOP => 0,
                _ => match card_kind((a - COMMIT) as u8) {
                    CardKind::Hostility(v) => 10 + i32::from(v),
                    CardKind::Character(_) => 5,
                    CardKind::Truce => 1,
                },
            })
        }
        Pending::Propose { .. } => {
            let best = legal
                .iter()
                .copied()
                .filter(|a| (PROPOSE..COUNTER).contains(a))
                .filter(|a| acceptable(g, other_active(g, p), (a - PROPOSE) as u8))
                .max_by(|a, b| margin(g, p, (a - PROPOSE) as u8).total_cmp(&margin(g, p, (b - PROPOSE) as u8)));
            Some(best.unwrap_or(DONE))
        }
        Pending::Respond { .. } => {
            if acceptable(g, p, g.enc.deal) {
                return Some(DEAL_ACCEPT);
            }
            let counter = legal
                .iter()
                .copied()
                .filter(|a| *a >= COUNTER && *a < TAKE)
                .filter(|a| acceptable(g, other_active(g, p), (a - COUNTER) as u8))
                .max_by(|a, b| margin(g, p, (a - COUNTER) as u8).total_cmp(&margin(g, p, (b - COUNTER) as u8)));
            Some(counter.unwrap_or(DEAL_REJECT))
        }
        Pending::Over => None,
    }
}

fn other_active(g: &IronThrone, p: Player) -> Player {
    if p == g.enc.attacker {
        g.enc.defender
    } else {
        g.enc.attacker
    }
}

fn margin(g: &IronThrone, p: Player, x: u8) -> f32 {
    let (m, t) = deal_values(g, p, x);
    m - t
}

fn smallest_hostility(legal: &[Action]) -> Option<Action> {
    legal
        .iter()
        .copied()
        .filter(|a| (COMMIT..PLAY_CARD).contains(a) && matches!(card_kind((a - COMMIT) as u8), CardKind::Hostility(_)))
        .min()
}

/// The cheapest hostility card that still beats `target`.
fn smallest_winning(legal: &[Action], mine: i32, target: i32) -> Option<Action> {
    legal
        .iter()
        .copied()
        .filter(|a| (COMMIT..PLAY_CARD).contains(a))
        .filter_map(|a| match card_kind((a - COMMIT) as u8) {
            CardKind::Hostility(v) if mine + i32::from(v) > target => Some((v, a)),
            _ => None,
        })
        .min()
        .map(|(_, a)| a)
}

/// Value of using ability `ab` on target `t` now (0 = do not).
fn ability_score(g: &IronThrone, p: Player, side: u8, ab: Ability, t: u8, leader: bool, _w: u8) -> i32 {
    let margin = if g.enc.revealed && side != 0 {
        let mine = i32::from(g.side_total(side));
        let theirs = i32::from(g.side_total(3 - side));
        mine - theirs
    } else {
        0
    };
    match ab {
        Ability::Bonus { n, cost } => {
            let swing = margin <= 0 && margin + i32::from(n) > 0;
            if swing || (margin <= 0 && (!leader || cost == 0)) {
                10
            } else {
                0
            }
        }
        Ability::SupportBonus { .. } => i32::from(margin <= 0) * 10,
        Ability::Withdraw { .. } => {
            let c = i32::from(g.char_crowns(t));
            if margin <= 0 && margin + c > 0 {
                10
            } else {
                0
            }
        }
        Ability::Upgrade => i32::from(g.enc.side_of(t) == side && margin <= 0) * 10,
        Ability::HonourTruce => {
            let mine = if p == g.enc.attacker { 0 } else { 1 };
            i32::from(g.commit_is_truce(mine)) * 10
        }
        Ability::Shield { .. } => i32::from(margin < 0 || g.char_crowns(p) <= 2) * 8,
        Ability::Clairvoyance { .. } => i32::from(g.seats[usize::from(p)].sheet >= 2) * 8,
        Ability::DiscardDraw { .. } => {
            let weak = g.seats[usize::from(p)]
                .hand
                .iter()
                .filter(|&&c| matches!(card_kind(c), CardKind::Hostility(v) if v < 5))
                .count();
            i32::from(weak >= 3) * 5
        }
        _ => 5,
    }
}
