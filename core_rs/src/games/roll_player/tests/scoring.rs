//! Sections "Конец игры" (End of the game) and "Итоговый подсчет очков" (Final scoring), with the notes on
//! Jeweled Dagger / Longsword and Tower Shield.

use super::helpers::*;
use crate::engine::Game;
use crate::games::roll_player::content::Goal;
use crate::games::roll_player::rules::actions::*;
use crate::games::roll_player::scoring::{armor_stars, backstory_matches, row_total, score, solo_title};
use crate::games::roll_player::state::Step;

/// End: the round in which every sheet is full is the last; scoring follows its market phase.
#[test]
fn s7_game_ends_after_the_round_that_fills_every_sheet() {
    let r = default_rules();
    let mut g = scenario(&r, 2, &[d("red", 2), d("blue", 3), d("green", 5)]);
    for p in 0..2 {
        fill(&mut g, p, [[3, 3, 3], [3, 3, 3], [3, 3, 3], [3, 3, 3], [3, 3, 3], [3, 3, 0]], "red");
    }
    while g.actor().is_some() && g.round < 3 {
        let l = legal(&g, &r);
        let a = if l.contains(&SKIP) { SKIP } else { l[0] };
        act(&mut g, &r, a);
    }
    assert_eq!(g.step, Step::Over);
    assert!(g.outcome().is_some());
    assert_eq!(g.round, 1, "no further round");
}

/// Attribute goals: an exact number, a range, or N+; row total = dice + race + weapons.
#[test]
fn s7_attribute_goal_kinds() {
    assert!(Goal::Exact(17).met(17) && !Goal::Exact(17).met(18) && !Goal::Exact(17).met(16));
    assert!(Goal::Range(16, 17).met(16) && Goal::Range(16, 17).met(17) && !Goal::Range(16, 17).met(18));
    assert!(Goal::AtLeast(14).met(14) && Goal::AtLeast(14).met(30) && !Goal::AtLeast(14).met(13));
    let r = default_rules();
    let mut g = scenario(&r, 2, &[]);
    g.seats[0].race = race_id(&r, "Orc"); // STR +2, INT -2
    fill(&mut g, 0, [[5, 5, 5], [6, 6, 5], [6, 5, 5], [6, 6, 6], [6, 6, 6], [5, 5, 5]], "red");
    assert_eq!(row_total(&r, &g.seats[0], 0), 17);
    assert_eq!(row_total(&r, &g.seats[0], 3), 16);
    give(&mut g, &r, 0, "Longbow");
    assert_eq!(row_total(&r, &g.seats[0], 1), 19, "weapon adjustment");
}

/// Example: a Cleric (white) with four Chain armour cards scores 7 + 1 (the class-colour set bonus) = 8.
#[test]
fn s7_cleric_with_four_chain_armour_scores_eight() {
    let r = default_rules();
    let mut g = scenario(&r, 2, &[]);
    g.seats[0].class = class_id(&r, "Cleric");
    for name in ["Chain Helm", "Chain Leggings", "Chain Gorget", "Chain Tunic"] {
        give(&mut g, &r, 0, name);
    }
    assert_eq!(armor_stars(&r, &g.seats[0]).0, 8);
    g.seats[0].class = class_id(&r, "Wizard");
    assert_eq!(armor_stars(&r, &g.seats[0]).0, 7, "no bonus for a blue class");
    give(&mut g, &r, 0, "Mystic Cloak");
    assert_eq!(armor_stars(&r, &g.seats[0]).0, 7 + 2 + 1, "each set scores separately, bonus per set");
}

/// Note: Jeweled Dagger — blue 5, gold 6, gold 5 in STR count 18 = 5 + 6 (+1) + 5 (+1) for goals, and the
/// weapon does not count for traits such as Weak or Reckless.
#[test]
fn s8_notes_jeweled_dagger_total_18() {
    let r = default_rules();
    let mut g = scenario(&r, 2, &[]);
    g.seats[0].sheet[0] = [d("blue", 5), d("gold", 6), d("gold", 5)];
    assert_eq!(row_total(&r, &g.seats[0], 0), 16);
    give(&mut g, &r, 0, "Jeweled Dagger");
    assert_eq!(row_total(&r, &g.seats[0], 0), 18);
    // Weak (STR lowest) looks at dice + race only: STR 16 is the lowest row although the dagger makes it 18.
    fill(&mut g, 0, [[0, 0, 0], [6, 6, 5], [6, 6, 5], [6, 6, 5], [6, 6, 5], [6, 6, 5]], "red");
    g.seats[0].sheet[0] = [d("blue", 5), d("gold", 6), d("gold", 5)];
    give(&mut g, &r, 0, "Weak");
    let traits = |g: &crate::games::roll_player::state::RollPlayer| {
        score(&r, &g.seats[0], false).1.iter().find(|(k, _)| k == "traits").unwrap().1
    };
    assert_eq!(row_total(&r, &g.seats[0], 0), 18);
    assert_eq!(traits(&g), 3, "the trait sees STR 16, not the dagger's 18");
}

/// Backstory: 0-1 matches 0 stars, 2-3 1 star, 4-5 3 stars, 6 6 stars.
#[test]
fn s7_backstory_match_table() {
    let r = default_rules();
    let mut g = scenario(&r, 2, &[]);
    let b = r.backstories[usize::from(g.seats[0].backstory)].clone();
    let expect = [0, 0, 1, 1, 3, 3, 6];
    for (n, &want) in expect.iter().enumerate() {
        fill(&mut g, 0, [[1, 1, 1]; 6], "gold");
        for (row, &(colour, col)) in b.marks.iter().enumerate().take(n) {
            g.seats[0].sheet[row][usize::from(col)].color = colour;
        }
        assert_eq!(backstory_matches(&r, &g.seats[0]), n);
        let stars = score(&r, &g.seats[0], false).1.iter().find(|(k, _)| k == "backstory").unwrap().1;
        assert_eq!(stars, want);
    }
}

/// Scoring: class-colour dice 1 star each; the alignment value under the token; traits when their condition holds.
#[test]
fn s7_class_dice_alignment_and_traits() {
    let r = default_rules();
    let mut g = scenario(&r, 2, &[]);
    g.seats[0].class = class_id(&r, "Warrior"); // red
    fill(&mut g, 0, [[1, 1, 1]; 6], "gold");
    g.seats[0].sheet[2] = [d("red", 1), d("red", 1), d("gold", 1)];
    g.seats[0].token = 0;
    let parts = score(&r, &g.seats[0], false).1;
    let get = |k: &str| parts.iter().find(|(n, _)| n == k).unwrap().1;
    assert_eq!(get("class-colour dice"), 2);
    assert_eq!(get("alignment"), i32::from(r.alignments[usize::from(g.seats[0].alignment)].grid[0]));
    give(&mut g, &r, 0, "Honest"); // lawful column
    let t = score(&r, &g.seats[0], false).1.iter().find(|(n, _)| n == "traits").unwrap().1;
    assert_eq!(t, 2);
}

/// Ties: most gold wins, then fewest class-colour dice, then a shared win.
#[test]
fn s7_tie_breaks() {
    let r = default_rules();
    let mut g = scenario(&r, 3, &[]);
    let arbiter = r.alignments.iter().position(|a| a.name == "Arbiter").unwrap() as u8;
    for p in 0..3 {
        g.seats[p].class = class_id(&r, "Warrior");
        g.seats[p].alignment = arbiter; // Good row: 1, 0, -1
        g.seats[p].backstory = 0;
        g.seats[p].token = 1;
        fill(&mut g, p, [[1, 1, 1]; 6], "gold");
        g.seats[p].sheet[5][0] = d("red", 1);
        g.seats[p].gold = 5;
    }
    // Seat 1: one more class die but one star less from alignment; seat 2: less gold.
    g.seats[1].sheet[5][1] = d("red", 1);
    g.seats[1].token = 2;
    g.seats[2].gold = 4;
    let stars: Vec<i32> = (0..3).map(|p| g.stars(&r, p)).collect();
    assert!(stars.windows(2).all(|w| w[0] == w[1]), "{stars:?}");
    let o = g.final_outcome_with(&r);
    assert_eq!(o.ranks, vec![1, 2, 3], "gold, then fewest class dice");
    g.seats[1].sheet[5][1] = d("gold", 1);
    g.seats[1].token = 1;
    let o = g.final_outcome_with(&r);
    assert_eq!(o.ranks, vec![1, 1, 3]);
    assert_eq!(o.winners.len(), 2, "a shared win");
}

/// Note: Tower Shield gives no stars with no armour or only complete sets.
#[test]
fn s8_notes_tower_shield() {
    let r = default_rules();
    let mut g = scenario(&r, 2, &[]);
    give(&mut g, &r, 0, "Tower Shield");
    let weapons = |g: &crate::games::roll_player::state::RollPlayer| {
        score(&r, &g.seats[0], false).1.iter().find(|(k, _)| k == "weapons").map_or(0, |x| x.1)
    };
    assert_eq!(weapons(&g), 0);
    for n in ["Mystic Cloak", "Mystic Cowl", "Mystic Robes"] {
        give(&mut g, &r, 0, n);
    }
    assert_eq!(weapons(&g), 0, "a complete Mystic set");
    give(&mut g, &r, 0, "Leather Boots");
    assert_eq!(weapons(&g), 1);
}

/// Solo rating ladder: 38+ True Hero … 21 or less NPC.
#[test]
fn s10_solo_rating_ladder() {
    assert_eq!(solo_title(40), "True Hero");
    assert_eq!(solo_title(38), "True Hero");
    assert_eq!(solo_title(37), "Clan Leader");
    assert_eq!(solo_title(30), "Luminary");
    assert_eq!(solo_title(29), "Adventurer");
    assert_eq!(solo_title(22), "Mercenary");
    assert_eq!(solo_title(21), "NPC");
    assert_eq!(solo_title(-3), "NPC");
}

/// Note: Longsword — like the dagger, dice may count above 6 for goals (designed: each class-colour die in STR
/// counts 1 more); traits still see the dice.
#[test]
fn s8_notes_longsword_counts_class_dice_above_six() {
    let r = default_rules();
    let mut g = scenario(&r, 2, &[]);
    g.seats[0].class = class_id(&r, "Warrior"); // red
    g.seats[0].sheet[0] = [d("red", 6), d("red", 6), d("blue", 5)];
    assert_eq!(row_total(&r, &g.seats[0], 0), 17 + 1, "Prepared adds 1 to the Warrior's STR");
    give(&mut g, &r, 0, "Longsword");
    assert_eq!(row_total(&r, &g.seats[0], 0), 20, "two red dice count 7 each");
    assert_eq!(crate::games::roll_player::scoring::row_base(&r, &g.seats[0], 0), 17);
}
