//! Battles (research §3.5): ties, casualties and retreats, the Valyrian Blade, house cards coming back and
//! routed units.

use super::base::{battle, card_idx};
use super::*;

/// §3.5 Battle: supports, secret house cards, totals; a tie goes to the house higher on Fiefdoms; the beaten
/// attacker falls back, routed, to the area it came from.
#[test]
fn r3_5_battle_tie_goes_to_fiefdoms_and_attacker_falls_back() {
    let r = rules();
    let mut g = battle(&r, "Tywin Lannister", "Catelyn Stark", true);
    // Stark heads the Fiefdoms track and holds the Blade: keep it this time.
    assert_eq!(g.fief[0], 0);
    act(&mut g, &r, 0, choose(0));
    let c = g.combat.clone();
    assert!(c.is_none(), "battle over");
    let (st, ha) = (area(&r, "stoney-sept"), area(&r, "harrenhal"));
    assert_eq!(g.areas[usize::from(ha)].owner, 0);
    let back = &g.areas[usize::from(st)];
    assert!(back.owner == 1 && back.foot == 2 && back.routed == [2, 0, 0]);
    // 2 + 1 (support) + 3 (Tywin) = 6 against 4 + 2 (support) + 0 (Catelyn, no Defense order) = 6.
}

/// §3.5 Casualties: the winner's swords minus the loser's fortifications; the loser chooses which units die
/// and retreats the rest (routed) to an adjacent own or empty area, not where the attack came from.
#[test]
fn r3_5_casualties_and_retreat() {
    let r = rules();
    let mut g = battle(&r, "Tywin Lannister", "Catelyn Stark", false);
    act(&mut g, &r, 0, choose(0)); // keep the Blade
                                   // 6 against 4: Lannister wins; Tywin's 2 swords kill 2.
    let Pending::Choice { seat: 0, kind: ChoiceKind::Casualty, options } = g.pending.clone() else {
        panic!("{:?}", g.pending)
    };
    assert_eq!(options, vec![0, 1]);
    act(&mut g, &r, 0, choose(0));
    act(&mut g, &r, 0, choose(0));
    let Pending::Choice { seat: 0, kind: ChoiceKind::Retreat, options } = g.pending.clone() else {
        panic!("{:?}", g.pending)
    };
    assert!(!options.contains(&u16::from(area(&r, "stoney-sept"))));
    assert!(!options.contains(&u16::from(area(&r, "blackwater"))), "held by the enemy");
    let cc = area(&r, "crackclaw-point");
    assert!(options.contains(&u16::from(cc)));
    act(&mut g, &r, 0, choose(u16::from(cc)));
    let ha = &g.areas[usize::from(area(&r, "harrenhal"))];
    assert!(ha.owner == 1 && ha.foot == 2);
    let c = &g.areas[usize::from(cc)];
    assert!(c.owner == 0 && c.knight == 1 && c.routed == [0, 1, 0]);
}

/// §3.5 The Valyrian Steel Blade: its holder adds 1 to a battle it fights, once per round.
#[test]
fn r3_5_valyrian_blade_adds_one_once_per_round() {
    let r = rules();
    let mut g = battle(&r, "Tywin Lannister", "Sir Rodrik Cassel", false);
    act(&mut g, &r, 0, choose(1));
    assert!(g.blade_used);
    // 6 against 4 + 1 (Rodrik) + 1: a tie, which Stark wins on Fiefdoms.
    assert!(g.combat.is_none());
    assert_eq!(g.areas[usize::from(area(&r, "harrenhal"))].owner, 0);
}

/// §3.5 House cards: a played card is discarded; after the seventh, all but the last come back.
#[test]
fn r3_5_house_cards_come_back_after_all_seven() {
    let r = rules();
    let mut g = battle(&r, "Tywin Lannister", "Catelyn Stark", true);
    assert_eq!(g.seats[1].hand.count_ones(), 7);
    g.seats[1].hand = 1 << card_idx(&g, &r, 1, "Tywin Lannister");
    g.seats[1].discard = 0x7F & !g.seats[1].hand;
    act(&mut g, &r, 0, choose(1));
    let tywin = 1u8 << card_idx(&g, &r, 1, "Tywin Lannister");
    assert_eq!(g.seats[1].discard, tywin);
    assert_eq!(g.seats[1].hand, 0x7F & !tywin);
}

/// §3.5 step 7 Routing: retreating units are routed, not the units already standing where they arrive; routed
/// units add no strength or support, stay put when their area marches, and are destroyed when attacked again
/// (standing units there still fight).
#[test]
fn r3_5_routed_units_are_tracked_per_unit() {
    let r = rules();
    let mut g = battle(&r, "Tywin Lannister", "Catelyn Stark", true);
    act(&mut g, &r, 0, choose(0));
    // The beaten attacker (2 footmen) fell back to Stoney Sept; add a standing knight there.
    let st = usize::from(area(&r, "stoney-sept"));
    g.areas[st].knight = 1;
    assert_eq!(g.areas[st].routed, [2, 0, 0]);
    assert_eq!(g.areas[st].standing(), [0, 1, 0]);
    // A march from there moves only the knight.
    g.areas[st].order = 1;
    g.phase = Phase::March;
    g.turn = 0;
    g.pending = Pending::Auto;
    g.combat = None;
    g.advance(&r, &mut Events::disabled());
    assert_eq!(g.pending, Pending::March(1));
    act(&mut g, &r, 1, code(K_MARCH, st as u32));
    let moves: Vec<Action> = legal(&g, &r, 1).into_iter().filter(|&a| a >> 16 == K_MOVE).collect();
    assert!(moves.iter().all(|&a| (a & 0xFFFF) >> 8 == 1), "only the knight may move");
    act(&mut g, &r, 1, code(K_END, 0));
    // Stark attacks Stoney Sept: the routed footmen die at once, the knight fights alone.
    let ha = area(&r, "harrenhal");
    g.areas[usize::from(ha)].order = 1;
    g.phase = Phase::March;
    g.pending = Pending::Auto;
    g.advance(&r, &mut Events::disabled());
    act(&mut g, &r, 0, code(K_MARCH, u32::from(ha)));
    act(&mut g, &r, 0, code(K_MOVE, 1 << 8 | st as u32));
    act(&mut g, &r, 0, code(K_END, 0));
    let a = &g.areas[st];
    assert_eq!((a.foot, a.knight, a.routed), (0, 1, [0, 0, 0]));
    assert!(g.combat.is_some(), "the standing knight defends");
}

/// §3.5 step 7 (retreat) with supply: a retreat that would put the army beyond its supply limit costs only the
/// units beyond the limit (the loser picks them), in the area where it loses the fewest; the army is not
/// destroyed whole.
#[test]
fn r3_5_retreat_beyond_supply_loses_only_the_units_beyond_the_limit() {
    let r = rules();
    let mut g = battle(&r, "Jaime Lannister", "Catelyn Stark", false);
    // Stark (3 units in Harrenhal, a knight in Riverrun) is at supply 0: armies of 2 and 2.
    g.seats[0].supply = 0;
    act(&mut g, &r, 0, choose(0)); // keep the Blade: 2 + 1 + 2 = 5 against 4 + 0
    let (ha, cc, rr) = (area(&r, "harrenhal"), area(&r, "crackclaw-point"), area(&r, "riverrun"));
    let Pending::Choice { seat: 0, kind: ChoiceKind::Retreat, options } = g.pending.clone() else {
        panic!("Stark must be offered a retreat, got {:?}", g.pending)
    };
    // Crackclaw Point costs one unit (3 -> 2); Riverrun (with the knight) would cost two; Stoney Sept is the
    // attacker's origin.
    assert_eq!(options, vec![u16::from(cc)]);
    act(&mut g, &r, 0, choose(u16::from(cc)));
    let Pending::Choice { seat: 0, kind: ChoiceKind::Casualty, options } = g.pending.clone() else {
        panic!("Stark picks the unit it loses to supply, got {:?}", g.pending)
    };
    assert_eq!(options, vec![0, 1]);
    act(&mut g, &r, 0, choose(0));
    let x = &g.areas[usize::from(cc)];
    assert_eq!((x.owner, x.foot, x.knight, x.routed), (0, 1, 1, [1, 1, 0]), "two units retreat, routed");
    assert_eq!(g.areas[usize::from(ha)].owner, 1);
    assert_eq!(g.areas[usize::from(rr)].knight, 1);
    assert!(g.supply_ok(&r, 0, &[]));
}
