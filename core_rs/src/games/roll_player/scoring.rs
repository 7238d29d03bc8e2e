//! Final scoring ("Итоговый подсчет очков"): attribute goals, class-colour dice, alignment, backstory, armour
//! sets, traits (and designed weapon stars); solo adds 1 star per 8 gold and the rating ladder. Ties: most
//! gold, then fewest class-colour dice, then a shared win.

use super::content::{Ability, CardKind, Condition, Rules, WeaponEffect, CHA, DEX, GOLD, INT, STR, WIS};
use super::state::{Event, RollPlayer, Seat};
use crate::engine::{Events, Outcome, Player, PlayerSet};

/// The rating ladder of the solo rules, best first: (minimum stars, title).
pub const SOLO_LADDER: [(i32, &str); 6] = [
    (38, "True Hero"),
    (34, "Clan Leader"),
    (30, "Luminary"),
    (26, "Adventurer"),
    (22, "Mercenary"),
    (i32::MIN, "NPC"),
];

pub fn solo_title(stars: i32) -> &'static str {
    SOLO_LADDER.iter().find(|(min, _)| stars >= *min).map_or("NPC", |(_, t)| t)
}

/// Dice plus race modifier: what Trait cards look at (weapons never count there).
pub fn row_base(rules: &Rules, s: &Seat, row: usize) -> i32 {
    let dice: i32 = s.sheet.get(row).map_or(0, |r| r.iter().map(|d| i32::from(d.value)).sum());
    let race = rules.races.get(usize::from(s.race)).map_or(0, |r| i32::from(r.mods.get(row).copied().unwrap_or(0)));
    dice + race
}

/// The attribute total checked against class goals: dice + race + weapon adjustments.
pub fn row_total(rules: &Rules, s: &Seat, row: usize) -> i32 {
    let mut total = row_base(rules, s, row) + class_row_bonus(rules, s, row);
    let class_color = rules.class_color(s.class);
    for &c in &s.cards {
        let Some(CardKind::Weapon { effects, .. }) = rules.card(c).map(|k| &k.kind) else { continue };
        for e in effects {
            let dice = s.sheet.get(row).into_iter().flatten();
            total += match *e {
                WeaponEffect::RowBonus { attr, amount } if usize::from(attr.0) == row => i32::from(amount),
                WeaponEffect::GoldDieBonus { attr } if usize::from(attr.0) == row => {
                    dice.filter(|d| !d.is_empty() && d.color == GOLD).count() as i32
                }
                WeaponEffect::ClassDieBonus { attr } if usize::from(attr.0) == row => {
                    dice.filter(|d| !d.is_empty() && d.color == class_color).count() as i32
                }
                _ => 0,
            };
        }
    }
    total
}

/// Designed class abilities that add 1 to attribute totals for goals (see `classes.json` for each text).
pub fn class_row_bonus(rules: &Rules, s: &Seat, row: usize) -> i32 {
    let ability = rules.classes.get(usize::from(s.class)).map(|c| c.ability);
    let rows: &[usize] = match ability {
        Some(Ability::Mysterious) => &[INT],
        Some(Ability::Charitable) => &[WIS],
        Some(Ability::Enigmatic) => &[DEX],
        Some(Ability::Powerful) => &[STR],
        Some(Ability::Prepared) => &[STR],
        Some(Ability::Enlightened) => &[STR, DEX],
        Some(Ability::Shrewd) => &[CHA],
        _ => &[],
    };
    i32::from(rows.contains(&row))
}

/// The six row totals (`row_total`).
pub fn row_totals(rules: &Rules, s: &Seat) -> [i32; 6] {
    std::array::from_fn(|r| row_total(rules, s, r))
}

pub fn goals_met(rules: &Rules, s: &Seat) -> Vec<bool> {
    goals_met_of(rules, s, &row_totals(rules, s)).to_vec()
}

/// Whether each class goal is met, from the row totals already computed.
pub fn goals_met_of(rules: &Rules, s: &Seat, totals: &[i32; 6]) -> [bool; 6] {
    let Some(class) = rules.classes.get(usize::from(s.class)) else { return [false; 6] };
    std::array::from_fn(|r| class.goals[r].0.met(totals[r]))
}

pub fn class_dice(rules: &Rules, s: &Seat) -> i32 {
    let color = rules.class_color(s.class);
    s.sheet.iter().flatten().filter(|d| !d.is_empty() && d.color == color).count() as i32
}

pub fn backstory_matches(rules: &Rules, s: &Seat) -> usize {
    let Some(b) = rules.backstories.get(usize::from(s.backstory)) else { return 0 };
    (0..6)
        .filter(|&r| {
            let (color, col) = b.marks[r];
            s.sheet[r].get(usize::from(col)).is_some_and(|d| !d.is_empty() && d.color == color)
        })
        .count()
}

/// (stars from sets, sets that are incomplete) for the armour owned.
pub fn armor_stars(rules: &Rules, s: &Seat) -> (i32, i32) {
    let class_color = rules.class_color(s.class);
    let mut stars = 0;
    let mut incomplete = 0;
    for (i, set) in rules.armor_sets.iter().enumerate() {
        let count = s
            .cards
            .iter()
            .filter(
                |&&c| matches!(rules.card(c).map(|k| &k.kind), Some(CardKind::Armor { set }) if usize::from(*set) == i),
            )
            .count();
        if count == 0 {
            continue;
        }
        let idx = count.min(set.stars.len()).saturating_sub(1);
        stars += i32::from(set.stars.get(idx).copied().unwrap_or(0));
        // The class-colour bonus is per set, not per card.
        if set.colors.contains(&class_color) {
            stars += 1;
        }
        let full =
            rules.cards.iter().filter(|c| matches!(c.kind, CardKind::Armor { set } if usize::from(set) == i)).count();
        if count < full {
            incomplete += 1;
        }
    }
    (stars, incomplete)
}

fn condition_holds(rules: &Rules, s: &Seat, goals: &[bool; 6], cond: Condition) -> bool {
    let base: [i32; 6] = std::array::from_fn(|r| row_base(rules, s, r));
    let at = |a: u8| base.get(usize::from(a)).copied().unwrap_or(0);
    match cond {
        Condition::Lowest { attr } => base.iter().all(|&v| at(attr.0) <= v),
        Condition::Highest { attr } => base.iter().all(|&v| at(attr.0) >= v),
        Condition::AtLeast { attr, value } => at(attr.0) >= value,
        Condition::AlignRow { index } => s.token / 3 == index,
        Condition::AlignCol { index } => s.token % 3 == index,
        Condition::AlignCell { index } => s.token == index,
        Condition::GoalsMet { count } => goals.iter().filter(|m| **m).count() >= usize::from(count),
        Condition::ClassDice { count } => class_dice(rules, s) >= i32::from(count),
        Condition::GoldAtLeast { value } => s.gold >= value,
    }
}

/// Total stars and the breakdown by category.
pub fn score(rules: &Rules, s: &Seat, solo: bool) -> (i32, Vec<(String, i32)>) {
    let mut parts: Vec<(String, i32)> = Vec::with_capacity(8);
    let goals = goals_met_of(rules, s, &row_totals(rules, s));
    score_parts(rules, s, solo, &goals, |name, v| parts.push((name.into(), v)));
    (parts.iter().map(|p| p.1).sum(), parts)
}

/// `score(..).0` without the breakdown's strings, from the goals already checked (`goals_met_of`).
pub fn stars(rules: &Rules, s: &Seat, solo: bool, goals: &[bool; 6]) -> i32 {
    let mut total = 0;
    score_parts(rules, s, solo, goals, |_, v| total += v);
    total
}

/// Each scoring category's stars, in the breakdown's order (weapons only when they score).
fn score_parts(rules: &Rules, s: &Seat, solo: bool, goals_met: &[bool; 6], mut part: impl FnMut(&'static str, i32)) {
    let goals = rules
        .classes
        .get(usize::from(s.class))
        .map_or(0, |class| goals_met.iter().zip(&class.goals).filter(|(m, _)| **m).map(|(_, g)| i32::from(g.1)).sum());
    part("attribute goals", goals);
    part("class-colour dice", class_dice(rules, s));
    let align =
        rules.alignments.get(usize::from(s.alignment)).map_or(0, |a| i32::from(a.grid[usize::from(s.token % 9)]));
    part("alignment", align);
    let m = backstory_matches(rules, s);
    part("backstory", i32::from(rules.backstory_stars[m.min(6)]));
    let (armor, incomplete) = armor_stars(rules, s);
    part("armour", armor);
    let mut traits = 0;
    let mut weapons = 0;
    for &c in &s.cards {
        match rules.card(c).map(|k| &k.kind) {
            Some(CardKind::Trait { condition, stars }) if condition_holds(rules, s, goals_met, *condition) => {
                traits += i32::from(*stars)
            }
            Some(CardKind::Weapon { effects, .. }) if effects.contains(&WeaponEffect::IncompleteArmorStars) => {
                weapons += incomplete;
            }
            _ => {}
        }
    }
    part("traits", traits);
    if weapons != 0 {
        part("weapons", weapons);
    }
    if solo {
        part("gold (1 per 8)", i32::from(s.gold / 8));
    }
}

impl RollPlayer {
    pub fn stars(&self, rules: &Rules, p: Player) -> i32 {
        self.seat(p).map_or(0, |s| score(rules, s, self.solo()).0)
    }

    pub fn final_outcome_with(&self, rules: &Rules) -> Outcome {
        let keys: Vec<(i32, u16, i32)> =
            self.seats.iter().map(|s| (score(rules, s, self.solo()).0, s.gold, -class_dice(rules, s))).collect();
        let ranks: Vec<u8> = keys.iter().map(|k| 1 + keys.iter().filter(|o| *o > k).count() as u8).collect();
        let mut winners = PlayerSet::EMPTY;
        for (p, r) in ranks.iter().enumerate() {
            if *r == 1 {
                winners.insert(p as Player);
            }
        }
        Outcome { scores: keys.iter().map(|k| f64::from(k.0)).collect(), ranks, winners }
    }

    pub fn announce_scores(&mut self, rules: &Rules, ev: &mut Events<Event>) {
        self.final_scores = self.seats.iter().map(|s| score(rules, s, self.solo()).0).collect();
        let outcome = self.final_outcome_with(rules);
        self.final_ranks = outcome.ranks.clone();
        for (p, s) in self.seats.iter().enumerate() {
            ev.public(|| {
                let (stars, detail) = score(rules, s, self.solo());
                Event::FinalScore { seat: p as Player, stars, gold: s.gold, detail }
            });
        }
        if self.solo() {
            let stars = self.final_scores.first().copied().unwrap_or(0);
            ev.public(|| Event::SoloRating { stars, title: solo_title(stars).to_string() });
        }
    }

    /// The outcome from the scores fixed at the end (outcome() has no access to the rules).
    pub fn final_outcome(&self) -> Outcome {
        let mut winners = PlayerSet::EMPTY;
        for (p, r) in self.final_ranks.iter().enumerate() {
            if *r == 1 {
                winners.insert(p as Player);
            }
        }
        Outcome {
            scores: self.final_scores.iter().map(|&s| f64::from(s)).collect(),
            ranks: self.final_ranks.clone(),
            winners,
        }
    }
}
