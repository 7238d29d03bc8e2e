//! Section "Использование карт Навыков" (Using Skill cards) and the skill notes.

use super::helpers::*;
use crate::games::roll_player::rules::actions::*;
use crate::games::roll_player::state::{Die, Step};

/// Skills: usable at once; using one moves the token by its arrow, then it is exhausted; a skill whose move
/// is impossible cannot be used.
#[test]
fn s6_skill_moves_token_and_exhausts() {
    let r = default_rules();
    let mut g = scenario(&r, 2, &[d("red", 2), d("blue", 3), d("green", 5)]);
    let pp = give(&mut g, &r, 0, "Pickpocket"); // arrow down
    assert!(legal(&g, &r).contains(&(USE + u32::from(pp))));
    act(&mut g, &r, USE + u32::from(pp));
    assert_eq!(g.seats[0].token, 7);
    assert!(g.seats[0].exhausted & (1u64 << pp) != 0);
    act(&mut g, &r, APPLY);
    assert_eq!(g.seats[0].gold, 2);
    assert!(!legal(&g, &r).contains(&(USE + u32::from(pp))), "exhausted");
    let mut h = scenario(&r, 2, &[d("red", 2), d("blue", 3), d("green", 5)]);
    let pp = give(&mut h, &r, 0, "Pickpocket");
    h.seats[0].token = 7; // bottom row: cannot move down
    assert!(!legal(&h, &r).contains(&(USE + u32::from(pp))));
}

/// Climb / Intimidate affect only dice on Initiative cards not yet taken; the user re-lays them as if first player.
#[test]
fn s8_notes_climb_intimidate_only_unchosen_cards() {
    let r = default_rules();
    let mut g = scenario(&r, 3, &[d("red", 1), d("gold", 4), d("purple", 5), d("green", 6)]);
    g.init[0].taken_by = Some(2);
    g.init[0].die = None;
    g.step = Step::DicePick { seat: 0 };
    let int = give(&mut g, &r, 0, "Intimidate");
    act(&mut g, &r, USE + u32::from(int));
    let l = legal(&g, &r);
    assert!(!l.contains(&INIT_DIE) && l.contains(&(INIT_DIE + 1)), "card #1 is taken: {l:?}");
    act(&mut g, &r, INIT_DIE + 3); // green 6 -> 1, re-laid lowest first
    assert_eq!(g.init[1].die, Some(d("green", 1)));
    assert_eq!(g.init[2].die, Some(d("gold", 4)));
    assert_eq!(g.init[3].die, Some(d("purple", 5)));
    assert!(g.init[0].die.is_none());
    let climb = give(&mut g, &r, 0, "Climb");
    g.seats[0].token = 4;
    act(&mut g, &r, USE + u32::from(climb));
    act(&mut g, &r, APPLY);
    while g.order.is_some() {
        let a = legal(&g, &r)[0];
        act(&mut g, &r, a);
    }
    let vals: Vec<u8> = g.init[1..].iter().map(|c| c.die.unwrap().value).collect();
    assert!(vals.windows(2).all(|w| w[0] <= w[1]));
    let mut colours: Vec<u8> = g.init[1..].iter().map(|c| c.die.unwrap().color).collect();
    colours.sort_unstable();
    assert_eq!(colours, vec![0, 3, 6], "same dice, rerolled");
}

/// Concentrate ("Согласование" in the notes): exchanging for a gold die from an unchosen card pays 2 gold when
/// it is placed; the unchosen cards are re-laid by the roll-phase rules.
#[test]
fn s8_notes_concentrate_gold_die_pays() {
    let r = default_rules();
    let mut g = scenario(&r, 3, &[d("red", 1), d("gold", 4), d("purple", 5), d("green", 6)]);
    let c = give(&mut g, &r, 0, "Concentrate");
    act(&mut g, &r, INIT + 2); // take purple 5
    act(&mut g, &r, USE + u32::from(c));
    act(&mut g, &r, INIT_DIE + 1); // swap with gold 4
    assert_eq!(g.step, Step::DicePlace { seat: 0, die: d("gold", 4) });
    assert_eq!(g.init[0].die, Some(d("red", 1)));
    assert_eq!(g.init[1].die, Some(d("purple", 5)));
    act(&mut g, &r, ROW);
    assert_eq!(g.seats[0].gold, 1 + 2, "card #3's coin and the gold die");
}

/// Search: choose a die from the bag; a gold die placed this way pays 2 gold.
#[test]
fn s8_notes_search_takes_die_from_bag() {
    let r = default_rules();
    let mut g = scenario(&r, 2, &[d("red", 1), d("blue", 4), d("purple", 5)]);
    let s = give(&mut g, &r, 0, "Search");
    act(&mut g, &r, INIT);
    let gold_in_bag = g.bag[6];
    act(&mut g, &r, USE + u32::from(s));
    act(&mut g, &r, SEARCH + 6);
    assert_eq!(g.bag[6], gold_in_bag - 1);
    assert_eq!(g.step, Step::DicePlace { seat: 0, die: d("gold", 1) });
    act(&mut g, &r, ROW + 2);
    assert_eq!(g.seats[0].gold, 2);
}

/// Sleight of Hand: the moved die triggers no action and earns no gold for a last space; gaps close left.
#[test]
fn s8_notes_sleight_of_hand() {
    let r = default_rules();
    let mut g = scenario(&r, 2, &[d("red", 1), d("blue", 4), d("purple", 5)]);
    g.seats[0].sheet[0] = [d("red", 1), d("blue", 2), d("green", 3)];
    g.seats[0].sheet[1] = [d("white", 4), d("white", 5), Die::EMPTY];
    let s = give(&mut g, &r, 0, "Sleight of Hand");
    act(&mut g, &r, USE + u32::from(s));
    act(&mut g, &r, SLEIGHT + 6 + 1); // STR #1 (slot 0)... slot 1 -> DEX
    assert_eq!(g.seats[0].sheet[0], [d("red", 1), d("green", 3), Die::EMPTY]);
    assert_eq!(g.seats[0].sheet[1], [d("white", 4), d("white", 5), d("blue", 2)]);
    assert_eq!(g.seats[0].gold, 0);
    assert_eq!(g.step, Step::DicePick { seat: 0 }, "still before taking a card; no attribute action");
}

/// Open Lock: buy the top card of the market deck with no discounts; a trait bought so moves the token.
#[test]
fn s8_notes_open_lock_no_discounts() {
    let r = default_rules();
    let mut g = scenario(&r, 2, &[]);
    g.init[0].taken_by = Some(0);
    g.seats[0].init = 0;
    let ol = give(&mut g, &r, 0, "Open Lock"); // arrow right
    give(&mut g, &r, 0, "Heavy Crossbow");
    g.seats[0].charisma = 2;
    let honest = card_id(&r, "Honest"); // arrow left
    g.deck.retain(|&c| c != honest);
    g.deck.push(honest);
    g.seats[0].gold = u16::from(r.cards[usize::from(honest)].cost);
    g.step = Step::Market { seat: 0, buys: 0 };
    act(&mut g, &r, USE + u32::from(ol));
    assert_eq!(g.seats[0].token, 5);
    act(&mut g, &r, APPLY);
    assert!(legal(&g, &r).contains(&BUY_REVEALED));
    act(&mut g, &r, BUY_REVEALED);
    assert_eq!(g.seats[0].gold, 0, "full price despite the crossbow and tokens");
    assert_eq!(g.seats[0].token, 4, "Honest moved the token left");
}

/// A weapon may be discarded at any moment ("Фаза рынка"), also while a skill resolves: holding a Longsword,
/// a player whose Open Lock reveals the two-handed Ancient Spear drops the Longsword and buys the Spear.
#[test]
fn s4_market_weapon_discarded_at_any_moment_even_during_open_lock() {
    let r = default_rules();
    let mut g = scenario(&r, 2, &[]);
    g.init[0].taken_by = Some(0);
    g.seats[0].init = 0;
    let ol = give(&mut g, &r, 0, "Open Lock");
    let sword = give(&mut g, &r, 0, "Longsword");
    let spear = card_id(&r, "Ancient Spear");
    g.deck.retain(|&c| c != spear);
    g.deck.push(spear);
    g.seats[0].gold = u16::from(r.cards[usize::from(spear)].cost);
    g.step = Step::Market { seat: 0, buys: 0 };
    act(&mut g, &r, USE + u32::from(ol));
    assert!(legal(&g, &r).contains(&(WEAPON_OFF + u32::from(sword))), "before the reveal too");
    act(&mut g, &r, APPLY);
    let l = legal(&g, &r);
    assert!(!l.contains(&BUY_REVEALED), "the Spear does not fit beside the Longsword: {l:?}");
    assert!(l.contains(&(WEAPON_OFF + u32::from(sword))), "the Longsword may be dropped mid-skill: {l:?}");
    act(&mut g, &r, WEAPON_OFF + u32::from(sword));
    assert!(g.discard.contains(&sword));
    assert!(g.skill.is_some(), "Open Lock is still resolving");
    act(&mut g, &r, BUY_REVEALED);
    assert!(g.seats[0].cards.contains(&spear));
    assert!(!g.seats[0].cards.contains(&sword));
    assert_eq!(g.seats[0].gold, 0);
}

/// The sibling rule: weapons may be dropped at every decision of their owner, not only in the dice and market
/// turns (here while choosing which skill to refresh at cleanup).
#[test]
fn s4_market_weapon_discarded_at_cleanup_refresh() {
    let r = default_rules();
    let mut g = scenario(&r, 2, &[]);
    let sword = give(&mut g, &r, 0, "Longsword");
    g.step = Step::Refresh { seat: 0, left: 1 };
    assert!(legal(&g, &r).contains(&(WEAPON_OFF + u32::from(sword))));
    act(&mut g, &r, WEAPON_OFF + u32::from(sword));
    assert_eq!(g.step, Step::Refresh { seat: 0, left: 1 }, "the refresh decision is still pending");
}

/// Move Silently: buy from the discard pile (tokens and the Heavy Crossbow apply) as the purchase; no discard
/// for gold as well.
#[test]
fn s8_notes_move_silently_with_heavy_crossbow() {
    let r = default_rules();
    let mut g = scenario(&r, 2, &[]);
    g.init[0].taken_by = Some(0);
    g.seats[0].init = 0;
    let ms = give(&mut g, &r, 0, "Move Silently");
    give(&mut g, &r, 0, "Heavy Crossbow");
    let helm = card_id(&r, "Chain Helm");
    let cost = u16::from(r.cards[usize::from(helm)].cost);
    g.market.retain(|&c| c != helm);
    g.deck.retain(|&c| c != helm);
    g.discard.push(helm);
    g.seats[0].gold = cost - 2; // the crossbow and one token pay the other 2
    g.seats[0].charisma = 1;
    g.step = Step::Market { seat: 0, buys: 0 };
    act(&mut g, &r, USE + u32::from(ms));
    act(&mut g, &r, BUY_DISCARD + u32::from(helm));
    assert_eq!(g.seats[0].gold, 0);
    assert!(g.seats[0].cards.contains(&helm));
    assert!(!matches!(g.step, Step::Market { seat: 0, .. }), "the purchase ended the turn: {:?}", g.step);
}

/// Diplomacy: only Diplomacy is exhausted, not the target; it may be used just to move the token.
#[test]
fn s8_notes_diplomacy() {
    let r = default_rules();
    let mut g = scenario(&r, 2, &[d("red", 1), d("blue", 4), d("purple", 5)]);
    let dip = give(&mut g, &r, 0, "Diplomacy"); // arrow up
    let pp = give(&mut g, &r, 1, "Pickpocket");
    act(&mut g, &r, USE + u32::from(dip));
    assert_eq!(g.seats[0].token, 1);
    act(&mut g, &r, TARGET + u32::from(pp));
    act(&mut g, &r, APPLY);
    assert_eq!(g.seats[0].gold, 2);
    assert_eq!(g.seats[1].exhausted, 0, "the target is not exhausted");
    assert!(g.seats[0].exhausted & (1u64 << dip) != 0);
    assert_eq!(g.seats[0].token, 1, "no move by the target's arrow");
}

/// Skills: a Skill card bought in the market can be used at once (Pickpocket, in the same market turn).
#[test]
fn s4_skill_bought_is_usable_at_once() {
    let r = default_rules();
    let mut g = scenario(&r, 2, &[]);
    g.init[0].taken_by = Some(0);
    g.seats[0].init = 0;
    set_market(&mut g, &r, &["Pickpocket", "Weak", "Chain Helm"]);
    let pp = card_id(&r, "Pickpocket");
    g.seats[0].gold = u16::from(r.cards[usize::from(pp)].cost);
    g.step = Step::Market { seat: 0, buys: 0 };
    act(&mut g, &r, BUY);
    assert_eq!(g.step, Step::Market { seat: 0, buys: 1 });
    let l = legal(&g, &r);
    assert!(l.contains(&(USE + u32::from(pp))) && l.contains(&SKIP));
    assert!(!l.iter().any(|&a| (BUY..BUY + 10).contains(&a)), "one purchase only");
    act(&mut g, &r, USE + u32::from(pp));
    act(&mut g, &r, APPLY);
    assert_eq!(g.seats[0].gold, 2);
}

/// Dice phase, "take an Initiative card, then place its die" (the die is on the table): every view carries the
/// die held and not yet placed, so the client can show the row total it makes.
#[test]
fn s5_dice_phase_the_held_die_is_in_every_view() {
    let r = default_rules();
    let mut g = scenario(&r, 2, &[d("red", 1), d("blue", 4), d("purple", 5)]);
    act(&mut g, &r, INIT + 1); // take blue 4
    assert_eq!(g.step, Step::DicePlace { seat: 0, die: d("blue", 4) });
    for viewer in [crate::engine::Viewer::Public, crate::engine::Viewer::Player(1)] {
        let v = g.make_view(&r, viewer);
        assert_eq!(v.seats[0].holding, Some(("blue".to_string(), 4)));
        assert_eq!(v.seats[1].holding, None);
    }
    act(&mut g, &r, ROW);
    assert_eq!(g.make_view(&r, crate::engine::Viewer::Public).seats[0].holding, None, "placed");
}
