//! Sections "Фаза ролл" (Roll phase) and "Фаза кубики" (Dice phase).

use super::helpers::*;
use crate::engine::Events;
use crate::games::roll_player::rules::actions::*;
use crate::games::roll_player::state::{OrderCtx, Step};

/// Roll phase, the rulebook example: 3 players, Eric rolls green 6, red 1, gold 4, purple 6; red 1 goes on
/// #1, gold 4 on #2, and Eric decides the tie: purple 6 on #3, green 6 on #4.
#[test]
fn s2_roll_phase_example_three_players() {
    let r = default_rules();
    let mut g = scenario(&r, 3, &[]);
    g.order = Some(OrderCtx {
        by: 0,
        pool: vec![d("green", 6), d("red", 1), d("gold", 4), d("purple", 6)],
        cards: vec![0, 1, 2, 3],
    });
    g.settle_order(&mut Events::new());
    assert_eq!(g.init[0].die, Some(d("red", 1)));
    assert_eq!(g.init[1].die, Some(d("gold", 4)));
    assert_eq!(g.actor(), Some(0), "the first player orders the tie");
    let l = legal(&g, &r);
    assert_eq!(l.len(), 2);
    let purple = l.iter().copied().find(|&a| g.order.as_ref().unwrap().pool[(a - ORDER) as usize] == d("purple", 6));
    act(&mut g, &r, purple.unwrap());
    assert_eq!(g.init[2].die, Some(d("purple", 6)));
    assert_eq!(g.init[3].die, Some(d("green", 6)));
    assert!(g.order.is_none());
    assert_eq!(g.init.iter().map(|c| c.coin).collect::<Vec<_>>(), vec![false, true, true, false]);
}

/// Roll phase: one die per Initiative card, lowest to highest; identical dice need no choice.
#[test]
fn s2_roll_phase_draws_one_die_per_card_in_order() {
    let r = default_rules();
    for seed in 0..30 {
        let mut g = through_setup(&r, 4, seed);
        while g.order.is_some() {
            let a = legal(&g, &r)[0];
            act(&mut g, &r, a);
        }
        let vals: Vec<u8> = g.init.iter().map(|c| c.die.unwrap().value).collect();
        assert_eq!(vals.len(), 5);
        assert!(vals.windows(2).all(|w| w[0] <= w[1]), "{vals:?}");
        assert_eq!(g.bag.iter().map(|&c| u32::from(c)).sum::<u32>(), 73 - 4 * 8 - 5);
    }
}

/// Dice phase, the rulebook example: Eric takes #2 (its coin), places the gold 4 in the second STR space
/// (+2 gold for a gold die) and uses the STR action to flip the blue 1 in CON to 6.
#[test]
fn s3_dice_phase_example_gold_die_and_strength_flip() {
    let r = default_rules();
    let mut g = scenario(&r, 3, &[d("red", 1), d("gold", 4), d("purple", 6), d("green", 6)]);
    g.init[1].coin = true;
    g.seats[0].sheet[0][0] = d("white", 3);
    g.seats[0].sheet[2][0] = d("blue", 1);
    act(&mut g, &r, INIT + 1);
    assert_eq!(g.seats[0].gold, 1, "the coin on card #2");
    act(&mut g, &r, ROW);
    assert_eq!(g.seats[0].sheet[0][1], d("gold", 4));
    assert_eq!(g.seats[0].gold, 3, "+2 for the gold die");
    assert!(matches!(g.step, Step::DiceAction { row: 0, .. }));
    act(&mut g, &r, FLIP + 6); // CON #1
    assert_eq!(g.seats[0].sheet[2][0], d("blue", 6));
    assert_eq!(g.step, Step::DicePick { seat: 1 }, "clockwise; the flip triggers nothing more");
}

/// Dice phase: the die goes in the leftmost empty space; completing a row pays 1 gold.
#[test]
fn s3_dice_phase_leftmost_space_and_row_completion_gold() {
    let r = default_rules();
    let mut g = scenario(&r, 2, &[d("red", 2), d("blue", 3), d("green", 5)]);
    g.seats[0].sheet[3] = [d("red", 1), d("red", 1), crate::games::roll_player::state::Die::EMPTY];
    g.seats[0].sheet[4] = [d("red", 1), d("red", 1), d("red", 1)];
    act(&mut g, &r, INIT);
    assert!(!legal(&g, &r).contains(&(ROW + 4)), "a full row takes no die");
    act(&mut g, &r, ROW + 3);
    assert_eq!(g.seats[0].sheet[3][2], d("red", 2));
    assert_eq!(g.seats[0].gold, 1);
}

/// Attribute actions: STR flips to the opposite face; DEX swaps two placed dice (never into an empty space);
/// CON ±1 without wrapping; INT rerolls and keeps either; WIS moves the token one step; CHA takes a token.
#[test]
fn s3_attribute_actions() {
    let r = default_rules();
    let base = |row: u8| {
        let mut g = scenario(&r, 2, &[d("red", 2), d("blue", 3), d("green", 5)]);
        g.seats[0].sheet[0][0] = d("blue", 6);
        g.seats[0].sheet[1][0] = d("red", 1);
        g.seats[0].sheet[usize::from(row)][1] = d("green", 2);
        g.step = Step::DiceAction { seat: 0, row };
        g
    };
    // STR
    let mut g = base(0);
    assert!(legal(&g, &r).contains(&(FLIP)));
    act(&mut g, &r, FLIP);
    assert_eq!(g.seats[0].sheet[0][0].value, 1);
    // DEX: swaps between filled spaces only
    let g = base(1);
    let l = legal(&g, &r);
    let swaps: Vec<_> = l.iter().filter(|&&a| (SWAP..BUY).contains(&a)).collect();
    assert_eq!(swaps.len(), 3, "three dice, three pairs: {swaps:?}");
    // CON: no wrap-around
    let g = base(2);
    let l = legal(&g, &r);
    assert!(!l.contains(&INC) && l.contains(&DEC), "6 cannot go up");
    assert!(l.contains(&(INC + 3)) && !l.contains(&(DEC + 3)), "1 cannot go down");
    // INT: reroll then keep either
    let mut g = base(3);
    act(&mut g, &r, REROLL);
    let Step::IntKeep { old, .. } = g.step else { panic!() };
    assert_eq!(old, 6);
    act(&mut g, &r, KEEP_OLD);
    assert_eq!(g.seats[0].sheet[0][0].value, 6);
    // WIS
    let mut g = base(4);
    assert_eq!(legal(&g, &r).iter().filter(|&&a| (MOVE..MOVE + 4).contains(&a)).count(), 4);
    act(&mut g, &r, MOVE);
    assert_eq!(g.seats[0].token, 1);
    // CHA
    let mut g = base(5);
    act(&mut g, &r, CHARISMA);
    assert_eq!(g.seats[0].charisma, 1);
    // Optional: passing is always allowed.
    assert!(legal(&base(0), &r).contains(&SKIP));
}

/// Dice phase: clockwise from the first player; one card stays in the centre; then the market phase.
#[test]
fn s3_dice_phase_turn_order_leaves_one_card() {
    let r = default_rules();
    let mut g = scenario(&r, 3, &[d("red", 2), d("blue", 3), d("green", 5), d("white", 6)]);
    g.first = 1;
    g.step = Step::DicePick { seat: 1 };
    let mut order = Vec::new();
    while let Step::DicePick { seat } | Step::DicePlace { seat, .. } | Step::DiceAction { seat, .. } = g.step {
        if matches!(g.step, Step::DicePick { .. }) {
            order.push(seat);
        }
        let l = legal(&g, &r);
        let a = if l.contains(&SKIP) { SKIP } else { l[0] };
        act(&mut g, &r, a);
    }
    assert_eq!(order, vec![1, 2, 0]);
    assert_eq!(g.init.iter().filter(|c| c.taken_by.is_none()).count(), 1);
    assert!(matches!(g.step, Step::Market { .. } | Step::Attune { .. }));
}
