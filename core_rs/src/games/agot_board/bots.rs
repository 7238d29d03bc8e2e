//! `heuristic`: a greedy house. Orders: march toward the richest reachable area it can take, consolidate or
//! defend elsewhere, support at sea. Battles: support its own side, play its strongest card, use the Blade.
//! Westeros: moderate bids, muster knights first. No lookahead.

use super::content::{Castle, Rules, NONE};
use super::rules::*;
use super::state::*;
use crate::bots::Bot;
use crate::engine::{Action, Player};
use crate::rng::Rng;

#[derive(Default)]
pub struct Heuristic {
    /// (round, from, dest) of a march this bot had to take back: do not try that target again this round.
    avoid: Vec<(u8, u8, u8)>,
}

fn has(legal: &[Action], a: Action) -> bool {
    legal.contains(&a)
}

impl Heuristic {
    /// Value of taking area `d` (castles first, then barrels and crowns).
    fn value(r: &Rules, d: u8) -> i32 {
        let a = &r.areas[usize::from(d)];
        1 + match a.castle {
            Castle::Stronghold => 6,
            Castle::City => 4,
            Castle::None => 0,
        } + i32::from(a.supply) * 2
            + i32::from(a.power) * 2
    }

    fn strength_of(a: &Area) -> i32 {
        i32::from(a.foot) + 2 * i32::from(a.knight) + i32::from(a.ship)
    }

    /// The best area the units in `from` could take with a march, if any.
    fn target(r: &Rules, g: &AgotBoard, p: Player, from: u8, power: i32, avoid: &[(u8, u8, u8)]) -> Option<u8> {
        let land = !r.areas[usize::from(from)].sea;
        let cands = if land { g.land_reach(r, p, from) } else { r.areas[usize::from(from)].adj.clone() };
        cands
            .into_iter()
            .filter(|&d| {
                let t = &g.areas[usize::from(d)];
                r.areas[usize::from(d)].sea != land
                    && !avoid.contains(&(g.round, from, d))
                    && !t.closed
                    && t.owner != p
                    && i32::from(t.neutral) <= power
                    && (t.units() == 0 || Self::strength_of(t) < power)
            })
            .max_by_key(|&d| (Self::value(r, d), std::cmp::Reverse(d)))
    }

    /// Is a stronger enemy army next to (or one sea away from) area `a`?
    fn threatened(r: &Rules, g: &AgotBoard, p: Player, a: u8) -> bool {
        let mine = Self::strength_of(&g.areas[usize::from(a)]);
        r.areas[usize::from(a)].adj.iter().any(|&b| {
            let x = &g.areas[usize::from(b)];
            x.owner != p && x.owner != NONE && Self::strength_of(x) >= mine
        })
    }

    fn plan(r: &Rules, g: &AgotBoard, p: Player, legal: &[Action]) -> Action {
        for (i, a) in g.areas.iter().enumerate() {
            let places: Vec<Action> =
                legal.iter().copied().filter(|&x| x >> 16 == K_PLACE && (x & 0xFFFF) >> 4 == i as u32).collect();
            if places.is_empty() {
                continue;
            }
            let power = Self::strength_of(a) + 1;
            let sea = r.areas[i].sea;
            let home =
                r.houses.get(usize::from(g.seats[usize::from(p)].house)).is_some_and(|h| usize::from(h.home) == i);
            let prefs: &[u32] = if home && Self::threatened(r, g, p, i as u8) {
                &[4, 3, 10, 9, 5]
            } else if Self::target(r, g, p, i as u8, power, &[]).is_some() {
                &[2, 1, 0, 9, 3]
            } else if sea {
                &[6, 5, 8, 7, 3]
            } else if r.areas[i].castle != Castle::None {
                &[10, 9, 4, 3, 5]
            } else {
                &[9, 10, 5, 3, 7]
            };
            for &k in prefs {
                let c = code(K_PLACE, (i as u32) << 4 | k);
                if has(&places, c) {
                    return c;
                }
            }
            return places[0];
        }
        if g.seats[usize::from(p)].tactic != NONE || !legal.contains(&PASS) {
            if let Some(t) = legal.iter().copied().find(|&x| x >> 16 == K_TACTIC) {
                if g.seats[usize::from(p)].tactic == NONE {
                    return t;
                }
            }
        }
        PASS
    }

    fn moving(&mut self, r: &Rules, g: &AgotBoard, p: Player, legal: &[Action]) -> Action {
        let Some(m) = &g.march else { return legal[0] };
        if has(legal, code(K_RESET, 0)) {
            // The move so far cannot end (a neutral force too strong): add units, else take it back for good.
            if let Some(&mv) = legal.iter().find(|&&x| x >> 16 == K_MOVE && (x & 0xFF) as u8 == m.attack) {
                return mv;
            }
            // Leaders must follow their army out of an emptied area.
            if let Some(&mv) = legal.iter().find(|&&x| x >> 16 == K_MOVE && (x & 0xFFFF) >> 8 >= LEADER_UNIT) {
                return mv;
            }
            self.avoid.retain(|x| x.0 == g.round);
            self.avoid.push((g.round, m.from, m.attack));
            return code(K_RESET, 0);
        }
        let left = &g.areas[usize::from(m.from)];
        let power = i32::from(m.left[0]) + 2 * i32::from(m.left[1]) + i32::from(m.left[2]) + i32::from(m.modifier);
        let dest = m.moves.first().map(|(d, _)| *d).or_else(|| Self::target(r, g, p, m.from, power, &self.avoid));
        if let Some(d) = dest {
            if let Some(&mv) = legal.iter().find(|&&x| x >> 16 == K_MOVE && (x & 0xFF) as u8 == d) {
                return mv;
            }
        }
        let _ = left;
        let token = code(K_END, 1);
        if has(legal, token) && g.seats[usize::from(p)].power >= 3 {
            return token;
        }
        code(K_END, 0)
    }

    fn choice(g: &AgotBoard, r: &Rules, p: Player, kind: ChoiceKind, options: &[u16]) -> u16 {
        let first = options.first().copied().unwrap_or(0);
        let pick = |v: u16| if options.contains(&v) { v } else { first };
        let house = g.seats[usize::from(p)].house;
        let strength = |i: u16| r.card(house, i as u8).map_or(-1, |c| i32::from(c.strength + c.swords));
        match kind {
            ChoiceKind::Support => match &g.combat {
                Some(c) if c.seats[0] == p => 0,
                Some(c) if c.seats[1] == p => 1,
                _ => 2,
            },
            ChoiceKind::TieOrder => pick(u16::from(p)),
            ChoiceKind::ThroneOfBlades | ChoiceKind::DarkWings => pick(1),
            ChoiceKind::Reconcile | ChoiceKind::Sacrifice => *options
                .iter()
                .min_by_key(|&&o| match o & 3 {
                    0 => 0,
                    2 => 1,
                    _ => 2,
                })
                .unwrap_or(&first),
            ChoiceKind::TakeBack => *options.iter().max_by_key(|&&o| strength(o)).unwrap_or(&first),
            ChoiceKind::Tyrion
            | ChoiceKind::Aeron
            | ChoiceKind::Davos
            | ChoiceKind::Blade
            | ChoiceKind::Stannis
            | ChoiceKind::Renly => pick(1),
            ChoiceKind::Casualty => *options
                .iter()
                .min_by_key(|&&o| match o {
                    0 => 0,
                    2 => 1,
                    _ => 2,
                })
                .unwrap_or(&first),
            ChoiceKind::PlaceOrder => pick(3),
            ChoiceKind::Execute => first,
            _ => first,
        }
    }
}

impl Bot<AgotBoard> for Heuristic {
    fn act(&mut self, r: &Rules, g: &AgotBoard, p: Player, legal: &[Action], _rng: &mut Rng) -> Action {
        let Some(&fallback) = legal.first() else { return PASS };
        let a = match &g.pending {
            Pending::Orders => Self::plan(r, g, p, legal),
            Pending::Raven(_) => PASS,
            Pending::Raid(_) => {
                let targets: Vec<Action> = legal.iter().copied().filter(|&x| (x & 0xFF) as u8 != NONE).collect();
                let cp = targets
                    .iter()
                    .copied()
                    .find(|&x| matches!(okind(g.areas[(x & 0xFF) as usize].order), Some(OKind::Consolidate)));
                cp.or(targets.first().copied()).unwrap_or(fallback)
            }
            Pending::March(_) => fallback,
            Pending::Moving(_) => self.moving(r, g, p, legal),
            Pending::Consolidate(_) => legal.iter().copied().find(|&x| x & 1 == 1).unwrap_or(fallback),
            Pending::Muster(_) => {
                for want in [1u32, 0, 2] {
                    if let Some(&x) = legal.iter().find(|&&x| x >> 16 == K_MUSTER && x & 0xFF == want) {
                        return x;
                    }
                }
                legal.iter().copied().find(|&x| x >> 16 == K_MUSTER).unwrap_or(PASS)
            }
            Pending::Bids => {
                let power = u32::from(g.seats[usize::from(p)].power);
                let track = g.bidding.as_ref().map_or(0, |b| b.track);
                let bid = if track == 3 { (u32::from(g.threat) / u32::from(g.n()) + 1).min(power) } else { power / 3 };
                code(K_BID, bid)
            }
            Pending::Cards => {
                let house = g.seats[usize::from(p)].house;
                *legal
                    .iter()
                    .max_by_key(|&&x| {
                        r.card(house, (x & 0xFF) as u8).map_or(0, |c| i32::from(c.strength) * 2 + i32::from(c.swords))
                    })
                    .unwrap_or(&fallback)
            }
            Pending::Choice { kind, options, .. } => code(K_CHOOSE, u32::from(Self::choice(g, r, p, *kind, options))),
            Pending::Auto | Pending::Over => fallback,
        };
        if legal.contains(&a) {
            a
        } else {
            fallback
        }
    }
}
