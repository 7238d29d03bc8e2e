//! House-card texts (research §5.1 first-edition set, §5.2 Storm of Swords set; the SoS set is variant 1).
//! The battle of `base::battle`: Lannister attacks Harrenhal from Stoney Sept, Stark defends.

use super::base::{battle, card_idx};
use super::*;

fn sos() -> Rules {
    rules_with(serde_json::json!({"sos_house_cards": true}))
}

/// §5.1 Vargo Hoat: the attacking footmen count 2 each.
#[test]
fn r5_1_vargo_hoat_attacking_footmen_count_two() {
    let r = rules();
    let g = battle(&r, "Vargo Hoat", "Catelyn Stark", false);
    let c = g.combat.clone().unwrap();
    assert_eq!(g.strength(&r, &c, 0), 2 * 2 + 1, "two footmen at 2 each, one supporting footman");
}

/// §5.1 Catelyn Stark (1E): the Defense order's bonus is doubled.
#[test]
fn r5_1_catelyn_doubles_the_defense_order() {
    let r = rules();
    let mut g = battle(&r, "Tywin Lannister", "Catelyn Stark", false);
    g.areas[usize::from(area(&r, "harrenhal"))].order = 3;
    let c = g.combat.clone().unwrap();
    assert_eq!(g.strength(&r, &c, 1), 4 + 2);
}

/// §5.1 Queen of Thorns (1E): the opponent's card text is cancelled (Vargo's footmen count 1 again).
#[test]
fn r5_1_queen_of_thorns_cancels_text() {
    let r = rules();
    let g = battle(&r, "Vargo Hoat", "Catelyn Stark", false);
    let mut c = g.combat.clone().unwrap();
    c.cancelled[0] = true;
    assert_eq!(g.strength(&r, &c, 0), 2 + 1);
}

/// §5.2 Tyrion Lannister (SoS): he may send the opponent's card back; the opponent must play another.
#[test]
fn r5_2_tyrion_sends_the_card_back() {
    let r = sos();
    let mut g = battle(&r, "Tyrion Lannister", "Robb Stark", false);
    let Pending::Choice { seat: 1, kind: ChoiceKind::Tyrion, .. } = g.pending.clone() else {
        panic!("{:?}", g.pending)
    };
    act(&mut g, &r, 1, choose(1));
    assert_eq!(g.pending, Pending::Cards);
    let robb = card_idx(&g, &r, 0, "Robb Stark");
    let l = legal(&g, &r, 0);
    assert!(!l.contains(&code(K_CARD, robb)) && l.len() == 6, "Robb may not be played again");
    let bran = card_idx(&g, &r, 0, "Bran Stark");
    act(&mut g, &r, 0, code(K_CARD, bran));
    assert_eq!(g.seats[0].hand.count_ones(), 7, "Robb is still in hand");
}

/// §5.2 Eddard Stark (SoS): no casualties from swords for his side.
#[test]
fn r5_2_eddard_takes_no_casualties() {
    let r = sos();
    let mut g = battle(&r, "Ser Jaime Lannister", "Eddard Stark", false);
    act(&mut g, &r, 0, choose(0)); // keep the Blade; 2 + 1 + 4 = 7 against 4 + 2 = 6
    let Pending::Choice { seat: 0, kind: ChoiceKind::Retreat, .. } = g.pending.clone() else {
        panic!("{:?}", g.pending)
    };
    let ha = &g.areas[usize::from(area(&r, "harrenhal"))];
    assert_eq!((ha.foot, ha.knight), (2, 1), "Jaime's sword killed nobody");
}

/// §5.2 Ser Ilyn Payne (SoS): on a win the opponent suffers a casualty whatever his fortifications.
#[test]
fn r5_2_ilyn_payne_one_casualty_regardless() {
    let r = sos();
    let mut g = battle(&r, "Ser Ilyn Payne", "Bran Stark", false);
    let ha = usize::from(area(&r, "harrenhal"));
    g.areas[ha].foot = 1;
    g.areas[ha].knight = 0;
    act(&mut g, &r, 0, choose(0)); // 2 + 1 + 1 = 4 against 1 + 0
    let Pending::Choice { seat: 0, kind: ChoiceKind::Casualty, options } = g.pending.clone() else {
        panic!("{:?}", g.pending)
    };
    act(&mut g, &r, 0, choose(options[0]));
    // Bran would offer a discarded card back, but Stark's discard pile is still empty.
    assert_eq!(g.areas[ha].owner, 1, "Lannister takes Harrenhal");
}

/// §5.2 Ser Gregor Clegane (SoS): swords equal to 3 minus the opponent card's strength.
#[test]
fn r5_2_gregor_swords_three_minus_opponent() {
    let r = sos();
    let mut g = battle(&r, "Ser Gregor Clegane", "Bran Stark", false);
    act(&mut g, &r, 0, choose(0)); // 2 + 1 + 3 = 6 against 4 + 0: three swords
    let mut losses = 0;
    while let Pending::Choice { seat: 0, kind: ChoiceKind::Casualty, options } = g.pending.clone() {
        act(&mut g, &r, 0, choose(options[0]));
        losses += 1;
    }
    assert_eq!(losses, 3);
}
