//! Sections "Фаза рынок" (Market phase) and "Фаза очистки" (Cleanup).

use super::helpers::*;
use crate::games::roll_player::rules::actions::*;
use crate::games::roll_player::state::{Step, NONE};

fn market_scenario(r: &crate::games::roll_player::content::Rules) -> crate::games::roll_player::state::RollPlayer {
    // Three players: Eric (0) took #2, Isaac (1) took #1, Clare (2) took #3.
    let mut g = scenario(r, 3, &[]);
    for (seat, card) in [(0u8, 1usize), (1, 0), (2, 2)] {
        g.init[card].taken_by = Some(seat);
        g.seats[usize::from(seat)].init = card as u8;
    }
    // Nobody is a Druid/Bard/Rogue/Warrior here, so abilities stay out of the example.
    let cleric = class_id(r, "Cleric");
    let ranger = class_id(r, "Ranger");
    let monk = class_id(r, "Monk");
    g.seats[0].class = cleric;
    g.seats[1].class = ranger;
    g.seats[2].class = monk;
    set_market(&mut g, r, &["Reckless", "Leather Gloves", "Quarterstaff", "Chain Helm"]);
    g.step = Step::Market { seat: 1, buys: 0 };
    g
}

/// Market phase, the rulebook example: Isaac (#1) pays Reckless (6 gold) as 5 with a Charisma token and moves
/// his token by its arrow; Eric (#2) discards Leather Gloves for 2 gold; Clare (#3) buys the Quarterstaff.
#[test]
fn s4_market_example_reckless_with_charisma_token() {
    let r = default_rules();
    let mut g = market_scenario(&r);
    g.seats[1].gold = 5;
    g.seats[1].charisma = 1;
    g.seats[2].gold = u16::from(r.cards[usize::from(card_id(&r, "Quarterstaff"))].cost);
    let reckless = card_id(&r, "Reckless");
    assert_eq!(r.cards[usize::from(reckless)].cost, 6);
    assert_eq!(g.actor(), Some(1), "card #1 buys first");
    act(&mut g, &r, BUY);
    assert_eq!(g.seats[1].gold, 0);
    assert_eq!(g.seats[1].charisma, 0);
    assert_eq!(g.seats[1].cards, vec![reckless]);
    assert_eq!(g.seats[1].token, 5, "Reckless's arrow (right) moved the token");
    assert_eq!(g.step, Step::Market { seat: 0, buys: 0 });
    act(&mut g, &r, DISCARD);
    assert_eq!(g.seats[0].gold, 2);
    assert!(g.discard.contains(&card_id(&r, "Leather Gloves")));
    assert_eq!(g.market.len(), 2, "two cards left for Clare");
    let q = g.market.iter().position(|&c| c == card_id(&r, "Quarterstaff")).unwrap();
    act(&mut g, &r, BUY + q as u32);
    assert!(g.seats[2].cards.contains(&card_id(&r, "Quarterstaff")));
}

/// Market phase: a player who cannot buy must discard a card for 2 gold.
#[test]
fn s4_market_must_buy_or_discard() {
    let r = default_rules();
    let g = market_scenario(&r);
    let l = legal(&g, &r);
    assert!(l.iter().all(|&a| (DISCARD..DISCARD + 4).contains(&a)), "no gold: only discards, no pass: {l:?}");
}

/// Weapons: at most two hands; a weapon may be discarded at any time to make room.
#[test]
fn s4_weapons_limited_to_two_hands() {
    let r = default_rules();
    let mut g = market_scenario(&r);
    g.seats[1].gold = 20;
    let bow = give(&mut g, &r, 1, "Longbow");
    let l = legal(&g, &r);
    let q = g.market.iter().position(|&c| c == card_id(&r, "Quarterstaff")).unwrap() as u32;
    assert!(!l.contains(&(BUY + q)), "a second two-handed weapon does not fit");
    assert!(l.contains(&(WEAPON_OFF + u32::from(bow))));
    act(&mut g, &r, WEAPON_OFF + u32::from(bow));
    assert!(g.discard.contains(&bow));
    assert!(legal(&g, &r).contains(&(BUY + q)));
}

/// Traits move the token on purchase if possible; the card is bought either way.
#[test]
fn s4_trait_moves_token_if_possible() {
    let r = default_rules();
    let mut g = market_scenario(&r);
    g.seats[1].gold = 10;
    g.seats[1].token = 5; // right edge: Reckless points right
    act(&mut g, &r, BUY);
    assert_eq!(g.seats[1].token, 5);
    assert_eq!(g.seats[1].cards.len(), 1);
}

/// Cleanup: Charisma tokens are discarded, one skill refreshed, the leftover die returns to the bag, the market
/// is discarded and redealt, coins refilled (max 1 per card), and the bag passes left.
#[test]
fn s5_cleanup() {
    let r = default_rules();
    let mut g = market_scenario(&r);
    g.init[3].die = Some(d("white", 4));
    g.seats[0].charisma = 2;
    let c1 = give(&mut g, &r, 0, "Pickpocket");
    let c2 = give(&mut g, &r, 0, "Negotiate");
    g.seats[0].exhausted = (1u64 << c1) | (1u64 << c2);
    let bag_before: u32 = g.bag.iter().map(|&c| u32::from(c)).sum();
    let old_market = g.market.clone();
    g.init[2].coin = true;
    for _ in 0..3 {
        act(&mut g, &r, DISCARD);
    }
    // Two exhausted skills, one refresh: seat 0 chooses.
    assert_eq!(g.step, Step::Refresh { seat: 0, left: 1 });
    act(&mut g, &r, REFRESH + u32::from(c2));
    assert_eq!(g.seats[0].exhausted, 1u64 << c1);
    assert_eq!(g.seats[0].charisma, 0);
    assert!(old_market.iter().all(|c| g.discard.contains(c)));
    assert_eq!(g.first, 1, "the bag passes left");
    assert_eq!(g.round, 2, "a new round started");
    assert!(g.seats.iter().all(|s| s.init == NONE));
    let bag_after: u32 = g.bag.iter().map(|&c| u32::from(c)).sum();
    assert_eq!(bag_after, bag_before + 1 - 4, "leftover die back, four drawn for the new round");
    assert_eq!(g.market.len(), 4);
}

/// Cleanup: when the market deck runs out, the discard pile (both dot groups) is shuffled into a new deck.
#[test]
fn s5_market_deck_reshuffles_discard_pile() {
    let r = default_rules();
    let mut g = market_scenario(&r);
    let mut rest = std::mem::take(&mut g.deck);
    let keep = rest.split_off(rest.len() - 1);
    g.discard.extend(rest);
    g.deck = keep;
    for _ in 0..3 {
        act(&mut g, &r, DISCARD);
    }
    assert_eq!(g.market.len(), 4);
    assert!(g.deck.len() > 10);
}
