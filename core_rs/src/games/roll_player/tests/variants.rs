//! Class abilities (notes on Attuned and Charming; designed ones), the variants ("ВАРИАНТЫ ИГРЫ") and the solo
//! rules ("Правила Пасьянса").

use super::helpers::*;
use crate::engine::Game;
use crate::games::roll_player::content::{SkillKind, GOLD};
use crate::games::roll_player::rules::actions::*;
use crate::games::roll_player::state::{Die, RollPlayer, Step};

fn at_market(r: &crate::games::roll_player::content::Rules, class: &str) -> RollPlayer {
    let mut g = scenario(r, 2, &[]);
    g.seats[0].class = class_id(r, class);
    g.init[0].taken_by = Some(0);
    g.seats[0].init = 0;
    g.init[1].taken_by = Some(1);
    g.seats[1].init = 1;
    set_market(&mut g, r, &["Chain Helm", "Leather Boots", "Weak"]);
    g.step = Step::Market { seat: 0, buys: 0 };
    g
}

/// Note (Druid, Attuned): before the market phase a discard-pile card is added to the market (not replacing).
#[test]
fn s8_notes_attuned_adds_a_card_to_the_market() {
    let r = default_rules();
    let mut g = scenario(&r, 3, &[d("red", 1), d("blue", 2), d("green", 3), d("white", 4)]);
    g.seats[1].class = class_id(&r, "Druid");
    g.discard.push(card_id(&r, "Famous"));
    g.deck.retain(|&c| c != card_id(&r, "Famous"));
    g.market.retain(|&c| c != card_id(&r, "Famous"));
    for _ in 0..3 {
        let a = legal(&g, &r)[0];
        act(&mut g, &r, a);
        act(&mut g, &r, ROW);
        act(&mut g, &r, SKIP);
    }
    assert_eq!(g.step, Step::Attune { seat: 1 });
    act(&mut g, &r, ATTUNE + u32::from(card_id(&r, "Famous")));
    assert_eq!(g.market.len(), 5, "four players' worth plus one in a 3-player game");
}

/// Note (Bard, Charming): two purchases in one market turn; Charisma tokens discount only one; no second discard.
#[test]
fn s8_notes_charming_two_purchases() {
    let r = default_rules();
    let mut g = at_market(&r, "Bard");
    let helm = u16::from(r.cards[usize::from(card_id(&r, "Chain Helm"))].cost);
    let boots = u16::from(r.cards[usize::from(card_id(&r, "Leather Boots"))].cost);
    g.seats[0].gold = helm + boots - 1;
    g.seats[0].charisma = 2;
    act(&mut g, &r, BUY); // tokens pay 2 of the helm
    assert_eq!((g.seats[0].gold, g.seats[0].charisma), (boots + 1, 0));
    assert_eq!(g.step, Step::Market { seat: 0, buys: 1 });
    let l = legal(&g, &r);
    assert!(l.contains(&SKIP) && !l.iter().any(|&a| (DISCARD..DISCARD + 10).contains(&a)));
    act(&mut g, &r, BUY); // the boots at full price
    assert_eq!(g.seats[0].gold, 1);
    assert_eq!(g.seats[0].cards.len(), 2);
}

/// Designed abilities: Warrior and Ranger discounts; Cleric two tokens; Rogue gold on DEX; goal bonuses.
#[test]
fn s8_designed_class_abilities() {
    let r = default_rules();
    let g = at_market(&r, "Warrior");
    let bow = card_id(&r, "Longbow");
    let bow_cost = u16::from(r.cards[usize::from(bow)].cost);
    assert_eq!(g.price(&r, 0, bow, true).0, bow_cost - 1);
    let mut g = at_market(&r, "Ranger");
    let neg = card_id(&r, "Negotiate");
    assert_eq!(g.price(&r, 0, neg, true).0, u16::from(r.cards[usize::from(neg)].cost) - 1);
    let helm = card_id(&r, "Chain Helm");
    assert_eq!(g.price(&r, 0, helm, true).0, u16::from(r.cards[usize::from(helm)].cost));
    g.seats[0].class = class_id(&r, "Sorcerer");
    g.seats[0].sheet[3] = [d("red", 6), d("red", 6), d("red", 5)];
    assert_eq!(crate::games::roll_player::scoring::row_total(&r, &g.seats[0], 3), 18, "Mysterious: INT +1");
    let mut g = scenario(&r, 2, &[d("red", 1), d("blue", 2), d("green", 3)]);
    g.seats[0].class = class_id(&r, "Rogue");
    g.seats[0].sheet[0] = [d("red", 1), d("blue", 2), Die::EMPTY];
    g.step = Step::DiceAction { seat: 0, row: 1 };
    act(&mut g, &r, SWAP + 1);
    assert_eq!(g.seats[0].gold, 1, "Mischievous");
    let mut g = scenario(&r, 2, &[d("red", 1), d("blue", 2), d("green", 3)]);
    g.seats[0].class = class_id(&r, "Cleric");
    g.step = Step::DiceAction { seat: 0, row: 5 };
    act(&mut g, &r, CHARISMA);
    assert_eq!(g.seats[0].charisma, 2);
}

/// Variant "less random setup": one die of each player colour (+1 gold die for 3 players, +2 for 4).
#[test]
fn s9_variant_less_random_setup() {
    let r = rules(r#"{"less_random_setup": true}"#);
    for (players, golds) in [(2u8, 0usize), (3, 1), (4, 2)] {
        let mut g = RollPlayer::new(&r, players, 3).unwrap();
        while !matches!(g.step, Step::StartDice { .. }) {
            let a = legal(&g, &r)[0];
            act(&mut g, &r, a);
        }
        for s in &g.seats {
            let mut colours: Vec<u8> = s.pool.iter().map(|d| d.color).collect();
            colours.sort_unstable();
            let mut expect: Vec<u8> = (0..6).collect();
            expect.extend(std::iter::repeat_n(GOLD, golds));
            assert_eq!(colours, expect);
        }
    }
}

/// Variant "random market deck": the whole deck shuffled together before the setup discards.
#[test]
fn s9_variant_random_market() {
    let r = rules(r#"{"random_market": true}"#);
    let mut mixed = false;
    for seed in 0..10 {
        let g = through_setup(&r, 3, seed);
        assert_eq!(g.discard.len(), 6);
        let groups: Vec<u8> = g.deck.iter().rev().take(15).map(|&c| r.cards[usize::from(c)].group).collect();
        mixed |= groups.contains(&2);
    }
    assert!(mixed, "two-dot cards reach the top of the deck");
}

/// Variant "short game": two more starting dice and no extra starting gold for the 3rd/4th players.
#[test]
fn s9_variant_short_game() {
    let r = rules(r#"{"short_game": true}"#);
    let g = RollPlayer::new(&r, 4, 2).unwrap();
    assert!(g.seats.iter().all(|s| s.gold == 5));
    let g = through_setup(&r, 4, 2);
    assert!(g.seats.iter().all(|s| s.dice() == 10));
    let (g, _) = play_random(&r, 4, 5);
    assert_eq!(g.round, 8);
}

/// Variant "friendly market": taking 2 gold does not discard the card.
#[test]
fn s9_variant_friendly_market() {
    let r = rules(r#"{"friendly_market": true}"#);
    let mut g = at_market(&r, "Rogue");
    let discard = g.discard.len();
    act(&mut g, &r, DISCARD);
    assert_eq!(g.seats[0].gold, 2);
    assert_eq!(g.market.len(), 3);
    assert_eq!(g.discard.len(), discard);
}

/// Solo setup: Diplomacy removed, the deck built as for 2 players, a gold rival die set aside, one card
/// trashed after the market is made, six starting dice.
#[test]
fn s10_solo_setup() {
    let r = default_rules();
    for seed in 0..10 {
        let g = through_setup(&r, 1, seed);
        assert_eq!(g.init.len(), 3);
        assert_eq!(g.market.len(), 3);
        assert_eq!(g.trash.len(), 1);
        assert_eq!(g.discard.len(), 14);
        let all: Vec<u8> = g.deck.iter().chain(&g.discard).chain(&g.market).chain(&g.trash).copied().collect();
        assert_eq!(all.len(), 52);
        assert!(all.iter().all(|&c| r.cards[usize::from(c)].skill() != Some(SkillKind::Diplomacy)));
        assert_eq!(g.seats[0].dice(), 6);
        assert_eq!(g.bag.iter().map(|&c| u32::from(c)).sum::<u32>(), 73 - 1 - 6 - 3, "rival, sheet, pool");
    }
}

/// Solo: the rival die — card #1 no roll; #2: 1 left, 2 middle, 3 right, 4-6 nothing; #3: 1-2 left, 3-4
/// middle, 5-6 right. Market: buy or discard, then the leftmost card to the discard pile, the rest trashed.
#[test]
fn s10_solo_rival_die_and_market() {
    let r = default_rules();
    let mut seen = std::collections::BTreeSet::new();
    for seed in 0..200 {
        for k in 0..3u32 {
            let mut g = scenario(&r, 1, &[d("red", 1), d("blue", 2), d("green", 3)]);
            g.rng = crate::rng::Rng::new(seed);
            let before = g.market.clone();
            act(&mut g, &r, INIT + k);
            let roll = g.rival_roll;
            let gone: Vec<usize> = (0..3).filter(|i| !g.market.contains(&before[*i])).collect();
            let expect: Vec<usize> = match (k, roll) {
                (0, _) => vec![],
                (1, 1) | (2, 1..=2) => vec![0],
                (1, 2) | (2, 3..=4) => vec![1],
                (1, 3) | (2, 5..=6) => vec![2],
                _ => vec![],
            };
            assert_eq!(gone, expect, "card #{} roll {roll}", k + 1);
            seen.insert((k, roll));
            if k == 1 {
                assert_eq!(g.seats[0].gold, 1, "the coin on card #2");
            }
            act(&mut g, &r, ROW);
            act(&mut g, &r, SKIP);
            let market = g.market.clone();
            let trash = g.trash.len();
            act(&mut g, &r, DISCARD);
            assert!(g.discard.contains(&market[0]) && g.discard.contains(&market[1]));
            assert_eq!(g.trash.len(), trash + market.len() - 2);
        }
    }
    assert!(seen.len() > 12);
}

/// Solo scoring: +1 star per 8 gold, and the rating title in the view.
#[test]
fn s10_solo_gold_stars_and_rating() {
    let r = default_rules();
    let (g, _) = play_random(&r, 1, 3);
    let s = &g.seats[0];
    let parts = crate::games::roll_player::scoring::score(&r, s, true).1;
    assert_eq!(parts.iter().find(|(k, _)| k.starts_with("gold")).unwrap().1, i32::from(s.gold / 8));
    let v = g.view(&r, crate::engine::Viewer::Public);
    let stars = g.outcome().unwrap().scores[0] as i32;
    assert_eq!(v.solo_rating.as_deref(), Some(crate::games::roll_player::scoring::solo_title(stars)));
}
