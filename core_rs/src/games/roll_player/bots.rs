//! The `heuristic` bot: aims at its class goals and backstory, buys what scores and uses attribute actions
//! well. It scores every legal action with a cheap estimate of final stars (no cloning of the state): rows
//! are valued by the chance that the dice still to come land the total in the goal.

use super::content::{CardKind, CardType, Condition, Goal, Rules, SkillKind, WeaponEffect, GOLD};
use super::rules::actions::*;
use super::rules::{arrow_dir, step_token};
use super::state::{Die, RollPlayer, Seat, Step, NONE};
use crate::bots::Bot;
use crate::engine::{Action, Player};
use crate::rng::Rng;

pub struct Heuristic;

/// Ways for k dice (k = 0..3) to sum to s.
const fn sum_table() -> [[u16; 19]; 4] {
    let mut t = [[0u16; 19]; 4];
    t[0][0] = 1;
    let mut k = 1;
    while k < 4 {
        let mut s = 0;
        while s < 19 {
            let mut f = 1;
            while f <= 6 {
                if s >= f {
                    t[k][s] += t[k - 1][s - f];
                }
                f += 1;
            }
            s += 1;
        }
        k += 1;
    }
    t
}
const SUMS: [[u16; 19]; 4] = sum_table();
const WAYS: [f32; 4] = [1.0, 6.0, 36.0, 216.0];

/// Chance that k more dice bring `total` into [lo, hi].
fn chance(k: usize, total: i32, lo: i32, hi: i32) -> f32 {
    let k = k.min(3);
    let (a, b) = ((lo - total).max(0), (hi - total).min(18));
    if a > b {
        return 0.0;
    }
    let ways: u16 = (a..=b).map(|s| SUMS[k][s as usize]).sum();
    f32::from(ways) / WAYS[k]
}

struct Ctx {
    mods: [i32; 6],
    goals: [(Goal, u8); 6],
    class_color: u8,
    marks: [(u8, u8); 6],
    bs_stars: [u8; 7],
    grid: [i8; 9],
    flat: [i32; 6],
    gold_bonus: [bool; 6],
    class_bonus: [bool; 6],
    /// Value of one gold now (falls as the game nears its end).
    gold_value: f32,
}

impl Ctx {
    fn new(rules: &Rules, g: &RollPlayer, s: &Seat) -> Ctx {
        let class = rules.classes.get(usize::from(s.class));
        let mut flat = [0; 6];
        let mut gold_bonus = [false; 6];
        let mut class_bonus = [false; 6];
        for &c in &s.cards {
            if let Some(CardKind::Weapon { effects, .. }) = rules.card(c).map(|k| &k.kind) {
                for e in effects {
                    match *e {
                        WeaponEffect::RowBonus { attr, amount } => flat[usize::from(attr.0) % 6] += i32::from(amount),
                        WeaponEffect::GoldDieBonus { attr } => gold_bonus[usize::from(attr.0) % 6] = true,
                        WeaponEffect::ClassDieBonus { attr } => class_bonus[usize::from(attr.0) % 6] = true,
                        _ => {}
                    }
                }
            }
        }
        let left = 18usize.saturating_sub(s.dice()) as f32;
        for (r, f) in flat.iter_mut().enumerate() {
            *f += super::scoring::class_row_bonus(rules, s, r);
        }
        Ctx {
            mods: rules.races.get(usize::from(s.race)).map_or([0; 6], |r| r.mods.map(i32::from)),
            goals: class.map_or([(Goal::AtLeast(99), 0); 6], |c| c.goals),
            class_color: class.map_or(NONE, |c| c.color),
            marks: rules.backstories.get(usize::from(s.backstory)).map_or([(NONE, 0); 6], |b| b.marks),
            bs_stars: rules.backstory_stars,
            grid: rules.alignments.get(usize::from(s.alignment)).map_or([0; 9], |a| a.grid),
            flat,
            gold_bonus,
            class_bonus,
            gold_value: if g.solo() { 0.15 + 0.15 * (left / 12.0) } else { 0.04 + 0.22 * (left / 10.0).min(1.0) },
        }
    }

    fn row_total(&self, row: &[Die; 3], r: usize) -> (i32, usize) {
        let mut t = self.mods[r] + self.flat[r];
        let mut n = 0;
        for d in row.iter().filter(|d| !d.is_empty()) {
            n += 1;
            t += i32::from(d.value);
            if self.gold_bonus[r] && d.color == GOLD {
                t += 1;
            }
            if self.class_bonus[r] && d.color == self.class_color {
                t += 1;
            }
        }
        (t, n)
    }

    fn sheet_value(&self, sheet: &[[Die; 3]; 6], token: u8) -> f32 {
        let mut v = 0.0;
        let mut matches = 0;
        let mut open = 0;
        for (r, row) in sheet.iter().enumerate() {
            let (total, n) = self.row_total(row, r);
            let (goal, stars) = self.goals[r];
            let (lo, hi) = match goal {
                Goal::Exact(x) => (i32::from(x), i32::from(x)),
                Goal::Range(a, b) => (i32::from(a), i32::from(b)),
                Goal::AtLeast(x) => (i32::from(x), 99),
            };
            let p = if n == 3 {
                f32::from(u8::from((lo..=hi).contains(&total)))
            } else {
                // Attribute actions can still fix a near miss: widen the target a little.
                (chance(3 - n, total, lo - 1, hi + 1) * 0.6 + chance(3 - n, total, lo, hi) * 0.4).min(1.0) * 0.9
            };
            v += p * f32::from(stars);
            for d in row.iter().filter(|d| !d.is_empty()) {
                if d.color == self.class_color {
                    v += 1.0;
                }
            }
            let (mc, col) = self.marks[r];
            match row.get(usize::from(col)) {
                Some(d) if !d.is_empty() && d.color == mc => matches += 1,
                Some(d) if d.is_empty() => open += 1,
                _ => {}
            }
        }
        let bs = f32::from(self.bs_stars[matches.min(6)]);
        let reach = f32::from(self.bs_stars[(matches + open).min(6)]);
        v += bs + (reach - bs) * 0.15;
        v + f32::from(self.grid[usize::from(token % 9)])
    }
}

fn place(sheet: &mut [[Die; 3]; 6], r: usize, d: Die) -> bool {
    let Some(row) = sheet.get_mut(r) else { return false };
    match row.iter_mut().find(|x| x.is_empty()) {
        Some(slot) => {
            *slot = d;
            true
        }
        None => false,
    }
}

fn slot_mut(sheet: &mut [[Die; 3]; 6], slot: usize) -> Option<&mut Die> {
    sheet.get_mut(slot / 3).and_then(|r| r.get_mut(slot % 3))
}

impl Heuristic {
    /// Best value of placing `d` anywhere, with the gold it brings.
    fn best_place(c: &Ctx, s: &Seat, d: Die) -> f32 {
        let mut best = f32::MIN;
        for r in 0..6 {
            let mut sh = s.sheet;
            let filled = s.filled(r);
            if place(&mut sh, r, d) {
                let gold = f32::from(u8::from(filled == 2)) + if d.color == GOLD { 2.0 } else { 0.0 };
                best = best.max(c.sheet_value(&sh, s.token) + gold * c.gold_value);
            }
        }
        best
    }

    fn card_value(rules: &Rules, g: &RollPlayer, c: &Ctx, s: &Seat, card: u8) -> f32 {
        let Some(k) = rules.card(card) else { return 0.0 };
        let token = match k.card_type() {
            CardType::Trait => arrow_dir(k.arrow).and_then(|d| step_token(s.token, d)).unwrap_or(s.token),
            _ => s.token,
        };
        let align = f32::from(c.grid[usize::from(token)]) - f32::from(c.grid[usize::from(s.token)]);
        let left = 18usize.saturating_sub(s.dice()) as f32;
        let v = match &k.kind {
            CardKind::Armor { set } => {
                let set = usize::from(*set);
                let have = s
                    .cards
                    .iter()
                    .filter(|&&x| matches!(rules.card(x).map(|k| &k.kind), Some(CardKind::Armor { set: o }) if usize::from(*o) == set))
                    .count();
                let scale = rules.armor_sets.get(set).map_or(&[][..], |a| &a.stars[..]);
                let at = |n: usize| {
                    if n == 0 {
                        0.0
                    } else {
                        f32::from(scale.get(n.min(scale.len()) - 1).copied().unwrap_or(0))
                    }
                };
                let bonus = if have == 0 && rules.armor_sets.get(set).is_some_and(|a| a.colors.contains(&c.class_color))
                {
                    1.0
                } else {
                    0.0
                };
                // Sets pay off as they grow: value a card at least at the set's average per card.
                let avg = at(scale.len()) / scale.len().max(1) as f32;
                (at(have + 1) - at(have)).max(avg * 0.9) + bonus
            }
            CardKind::Trait { condition, stars } => {
                let st = f32::from(*stars);
                let proj: Vec<f32> = (0..6)
                    .map(|r| {
                        let (t, n) = c.row_total(&s.sheet[r], r);
                        t as f32 - c.flat[r] as f32 + 3.5 * (3 - n) as f32
                    })
                    .collect();
                let p = match *condition {
                    Condition::Lowest { attr } => {
                        let a = proj[usize::from(attr.0) % 6];
                        if proj.iter().all(|&x| a <= x) {
                            0.8
                        } else if proj.iter().filter(|&&x| x < a).count() == 1 {
                            0.35
                        } else {
                            0.1
                        }
                    }
                    Condition::Highest { attr } => {
                        let a = proj[usize::from(attr.0) % 6];
                        if proj.iter().all(|&x| a >= x) {
                            0.8
                        } else if proj.iter().filter(|&&x| x > a).count() == 1 {
                            0.35
                        } else {
                            0.1
                        }
                    }
                    Condition::AtLeast { attr, value } => {
                        let r = usize::from(attr.0) % 6;
                        let (t, n) = c.row_total(&s.sheet[r], r);
                        chance(3 - n, t - c.flat[r], value - 1, 99).max(0.05)
                    }
                    Condition::AlignRow { index } => {
                        if token / 3 == index {
                            0.8
                        } else {
                            0.3
                        }
                    }
                    Condition::AlignCol { index } => {
                        if token % 3 == index {
                            0.8
                        } else {
                            0.3
                        }
                    }
                    Condition::AlignCell { index } => {
                        if token == index {
                            0.75
                        } else if step_token(token, 0) == Some(index) || step_token(token, 2) == Some(index) {
                            0.35
                        } else {
                            0.1
                        }
                    }
                    Condition::GoalsMet { count } => {
                        if count <= 3 {
                            0.7
                        } else {
                            0.4
                        }
                    }
                    Condition::ClassDice { count } => {
                        let have =
                            s.sheet.iter().flatten().filter(|d| !d.is_empty() && d.color == c.class_color).count()
                                as f32;
                        ((have + left * 0.2) / f32::from(count)).min(1.0) * 0.8
                    }
                    Condition::GoldAtLeast { value } => {
                        if s.gold >= value {
                            0.5
                        } else {
                            0.2
                        }
                    }
                };
                st * p
            }
            CardKind::Weapon { hands, effects } => {
                let mut c2 = Ctx { flat: c.flat, gold_bonus: c.gold_bonus, class_bonus: c.class_bonus, ..*c };
                let mut extra = 0.0;
                for e in effects {
                    match *e {
                        WeaponEffect::RowBonus { attr, amount } => {
                            c2.flat[usize::from(attr.0) % 6] += i32::from(amount)
                        }
                        WeaponEffect::GoldDieBonus { attr } => c2.gold_bonus[usize::from(attr.0) % 6] = true,
                        WeaponEffect::ClassDieBonus { attr } => c2.class_bonus[usize::from(attr.0) % 6] = true,
                        WeaponEffect::Discount { amount } => extra += f32::from(amount) * left / 4.0 * c.gold_value,
                        WeaponEffect::IncompleteArmorStars => extra += 0.8,
                    }
                }
                let delta = c2.sheet_value(&s.sheet, s.token) - c.sheet_value(&s.sheet, s.token);
                let room = if g.hands_used(rules, g_seat(g, s)) + hands <= 2 { 1.0 } else { 0.4 };
                (delta + extra) * room
            }
            CardKind::Skill(kind) => match kind {
                SkillKind::Pickpocket => 2.0 * c.gold_value * (left / 3.0).min(3.0),
                SkillKind::Knowledge | SkillKind::CureWounds | SkillKind::Acrobatics => 0.5 * (left / 3.0).min(2.5),
                _ => 0.3,
            },
        };
        v + align
    }

    fn score(rules: &Rules, g: &RollPlayer, p: Player, a: Action) -> f32 {
        let Some(s) = g.seat(p) else { return 0.0 };
        let c = Ctx::new(rules, g, s);
        let base = c.sheet_value(&s.sheet, s.token);
        match a {
            _ if a < RACE => {
                // Class: prefer goals that the race modifiers help.
                rules.classes.get(a as usize).map_or(0.0, |k| {
                    let mods = rules.races.get(usize::from(s.race)).map_or([0; 6], |r| r.mods);
                    (0..6).map(|r| f32::from(k.goals[r].1) * f32::from(mods[r]) * goal_height(k.goals[r].0)).sum()
                })
            }
            _ if a < ORDER => 0.0,
            _ if a < INIT => 0.0,
            _ if a < ROW => {
                let k = (a - INIT) as usize;
                let card = g.init.get(k).copied().unwrap_or_default();
                let d = card.die.unwrap_or_default();
                let order_bonus = (g.init.len() - k) as f32 * 0.25;
                Self::best_place(&c, s, d) + f32::from(u8::from(card.coin)) * c.gold_value + order_bonus
            }
            _ if a < START => {
                let Step::DicePlace { die, .. } = g.step else { return 0.0 };
                let r = (a - ROW) as usize;
                let mut sh = s.sheet;
                let filled = s.filled(r);
                place(&mut sh, r, die);
                let gold = f32::from(u8::from(filled == 2)) + if die.color == GOLD { 2.0 } else { 0.0 };
                c.sheet_value(&sh, s.token) + gold * c.gold_value + row_action_bonus(r)
            }
            _ if a < FLIP => {
                let (i, r) = (((a - START) / 6) as usize, ((a - START) % 6) as usize);
                let d = s.pool.get(i).copied().unwrap_or_default();
                let mut sh = s.sheet;
                place(&mut sh, r, d);
                c.sheet_value(&sh, s.token)
            }
            _ if a < INC => {
                let mut sh = s.sheet;
                if let Some(d) = slot_mut(&mut sh, (a - FLIP) as usize) {
                    d.value = 7 - d.value;
                }
                c.sheet_value(&sh, s.token) - base
            }
            _ if a < REROLL => {
                let (slot, up) = if a < DEC { ((a - INC) as usize, true) } else { ((a - DEC) as usize, false) };
                let mut sh = s.sheet;
                if let Some(d) = slot_mut(&mut sh, slot) {
                    d.value = if up { d.value + 1 } else { d.value - 1 };
                }
                c.sheet_value(&sh, s.token) - base
            }
            _ if a < KEEP_NEW => {
                let slot = (a - REROLL) as usize;
                let mut sum = 0.0;
                for v in 1..=6u8 {
                    let mut sh = s.sheet;
                    if let Some(d) = slot_mut(&mut sh, slot) {
                        d.value = v;
                    }
                    sum += (c.sheet_value(&sh, s.token) - base).max(0.0);
                }
                sum / 6.0 - 0.05
            }
            KEEP_NEW | KEEP_OLD => {
                let Step::IntKeep { slot, old, new, .. } = g.step else { return 0.0 };
                let mut sh = s.sheet;
                if let Some(d) = slot_mut(&mut sh, usize::from(slot)) {
                    d.value = if a == KEEP_NEW { new } else { old };
                }
                c.sheet_value(&sh, s.token)
            }
            REROLL_AGAIN => {
                let Step::IntKeep { slot, old, .. } = g.step else { return 0.0 };
                let at = |v: u8| {
                    let mut sh = s.sheet;
                    if let Some(d) = slot_mut(&mut sh, usize::from(slot)) {
                        d.value = v;
                    }
                    c.sheet_value(&sh, s.token)
                };
                let keep = at(old);
                (1..=6u8).map(|v| at(v).max(keep)).sum::<f32>() / 6.0
            }
            _ if (MOVE..MOVE + 4).contains(&a) => {
                let t = step_token(s.token, (a - MOVE) as u8).unwrap_or(s.token);
                f32::from(c.grid[usize::from(t)]) - f32::from(c.grid[usize::from(s.token)])
                    + align_trait_bonus(rules, s, t)
                    - align_trait_bonus(rules, s, s.token)
            }
            CHARISMA => 0.4,
            APPLY => 0.3,
            SKIP => match g.step {
                Step::Market { .. } => 0.0,
                _ => 0.05,
            },
            _ if (SWAP..BUY).contains(&a) => {
                let (x, y) = (((a - SWAP) / 18) as usize, ((a - SWAP) % 18) as usize);
                let mut sh = s.sheet;
                let (Some(dx), Some(dy)) = (slot_mut(&mut sh, x).copied(), slot_mut(&mut sh, y).copied()) else {
                    return 0.0;
                };
                if let Some(t) = slot_mut(&mut sh, x) {
                    *t = dy;
                }
                if let Some(t) = slot_mut(&mut sh, y) {
                    *t = dx;
                }
                c.sheet_value(&sh, s.token) - base
            }
            _ if (BUY..DISCARD).contains(&a) => {
                let Some(&card) = g.market.get((a - BUY) as usize) else { return 0.0 };
                let (paid, _) = g.price(rules, p, card, true);
                Self::card_value(rules, g, &c, s, card) - f32::from(paid) * c.gold_value
            }
            _ if (DISCARD..BUY_DISCARD).contains(&a) => {
                // Discard for gold; deny the card most worth to the table (here: the dearest).
                let card = g.market.get((a - DISCARD) as usize).copied().unwrap_or(0);
                2.0 * c.gold_value + f32::from(rules.card(card).map_or(0, |k| k.cost)) * 0.01
            }
            _ if (BUY_DISCARD..USE).contains(&a) => {
                let card = (a - BUY_DISCARD) as u8;
                let (paid, _) = g.price(rules, p, card, true);
                Self::card_value(rules, g, &c, s, card) - f32::from(paid) * c.gold_value
            }
            _ if (USE..WEAPON_OFF).contains(&a) => {
                let card = (a - USE) as u8;
                let kind = rules.card(card).and_then(|k| k.skill());
                let t = rules
                    .card(card)
                    .and_then(|k| arrow_dir(k.arrow))
                    .and_then(|d| step_token(s.token, d))
                    .unwrap_or(s.token);
                let align = f32::from(c.grid[usize::from(t)]) - f32::from(c.grid[usize::from(s.token)]);
                let gain = match kind {
                    Some(SkillKind::Pickpocket) => 2.0 * c.gold_value,
                    Some(SkillKind::Negotiate) => 0.5,
                    Some(SkillKind::Knowledge) => best_delta(g, p, &c, FLIP),
                    Some(SkillKind::CureWounds) => best_delta(g, p, &c, INC),
                    _ => -1.0,
                };
                gain + align - 0.2
            }
            _ if (WEAPON_OFF..ATTUNE).contains(&a) => -5.0,
            _ if (ATTUNE..REFRESH).contains(&a) => {
                // The added card is offered to everyone: worth it when this seat shops first.
                let card = (a - ATTUNE) as u8;
                let (paid, _) = g.price(rules, p, card, true);
                let first = g.init.iter().find_map(|c| c.taken_by) == Some(p);
                let v = Self::card_value(rules, g, &c, s, card) - f32::from(paid) * c.gold_value;
                // Measured: adding cards others may buy costs the Druid more than it gains, unless it shops first
                // and the card is clearly worth it.
                if first && v > 2.0 {
                    v
                } else {
                    -1.0
                }
            }
            _ if (REFRESH..TARGET).contains(&a) => 0.0,
            BUY_REVEALED => {
                let card = g.skill.map_or(NONE, |k| k.revealed);
                let (paid, _) = g.price(rules, p, card, false);
                Self::card_value(rules, g, &c, s, card) - f32::from(paid) * c.gold_value
            }
            _ if (SLEIGHT..INIT_DIE).contains(&a) => -0.5,
            _ => -0.5,
        }
    }
}

fn g_seat(g: &RollPlayer, s: &Seat) -> Player {
    g.seats.iter().position(|x| std::ptr::eq(x, s)).unwrap_or(0) as Player
}

/// Higher goals want a positive modifier: +1 for high goals, -1 for low.
fn goal_height(goal: Goal) -> f32 {
    let mid = match goal {
        Goal::Exact(x) | Goal::AtLeast(x) => f32::from(x),
        Goal::Range(a, b) => (f32::from(a) + f32::from(b)) / 2.0,
    };
    (mid - 15.5) / 2.0
}

/// A small preference for rows whose attribute action is usually worth having.
fn row_action_bonus(r: usize) -> f32 {
    [0.15, 0.2, 0.2, 0.15, 0.05, 0.1][r % 6]
}

fn align_trait_bonus(rules: &Rules, s: &Seat, token: u8) -> f32 {
    let mut v = 0.0;
    for &c in &s.cards {
        if let Some(CardKind::Trait { condition, stars }) = rules.card(c).map(|k| &k.kind) {
            let holds = match *condition {
                Condition::AlignRow { index } => token / 3 == index,
                Condition::AlignCol { index } => token % 3 == index,
                Condition::AlignCell { index } => token == index,
                _ => continue,
            };
            if holds {
                v += f32::from(*stars) * 0.8;
            }
        }
    }
    v
}

fn best_delta(g: &RollPlayer, p: Player, c: &Ctx, kind: Action) -> f32 {
    let Some(s) = g.seat(p) else { return 0.0 };
    let base = c.sheet_value(&s.sheet, s.token);
    let mut best = 0.0f32;
    for slot in 0..18 {
        let Some(d) = s.die_at(slot) else { continue };
        let vals: &[u8] =
            if kind == FLIP { &[7 - d.value] } else { &[d.value.saturating_sub(1).max(1), (d.value + 1).min(6)] };
        for &v in vals {
            let mut sh = s.sheet;
            if let Some(x) = slot_mut(&mut sh, slot) {
                x.value = v;
            }
            best = best.max(c.sheet_value(&sh, s.token) - base);
        }
    }
    best
}

impl Bot<RollPlayer> for Heuristic {
    fn act(&mut self, rules: &Rules, g: &RollPlayer, p: Player, legal: &[Action], rng: &mut Rng) -> Action {
        let mut best = legal.first().copied().unwrap_or(SKIP);
        let mut best_v = f32::MIN;
        for &a in legal {
            // A tiny random jitter breaks ties without a fixed bias towards low action codes.
            let v = Self::score(rules, g, p, a) + (rng.below(1000) as f32) * 1e-6;
            if v > best_v {
                best_v = v;
                best = a;
            }
        }
        best
    }
}
