//! The Storm of Swords house cards (research §5.2, variant 1), fought in the battle of `base::battle`.

use super::base::{battle, card_idx};
use super::cards::{fight, finish, no_blade, seat};
use super::*;

fn sos() -> Rules {
    rules_with(serde_json::json!({"sos_house_cards": true}))
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

/// §5.2 Stannis Baratheon (SoS): against the Iron Throne holder he *may* take the token (until the next Clash of
/// Kings) and then gains a sword: offered as a choice, never applied on its own.
#[test]
fn r5_2_stannis_may_take_the_iron_throne() {
    let r = sos();
    let g0 = blank(&r, 5);
    let (ba, la) = (seat(&g0, &r, "baratheon"), seat(&g0, &r, "lannister"));
    let g = fight(&r, ba, la, "Stannis Baratheon", "Joffrey Lannister", false);
    assert_eq!(g.throne_holder(), ba, "Baratheon holds the throne at the start: nothing to take");
    assert_eq!(g.throne_override, NONE);
    assert!(!matches!(g.pending, Pending::Choice { kind: ChoiceKind::Stannis, .. }));
    let h = fight_with_throne(&r, ba, la, la);
    let Pending::Choice { seat: s, kind: ChoiceKind::Stannis, options } = h.pending.clone() else {
        panic!("Stannis's text is a choice, got {:?}", h.pending)
    };
    assert_eq!((s, options), (ba, vec![0, 1]));
    assert_eq!(h.throne_override, NONE, "nothing happens before the choice");
    let mut take = h.clone();
    act(&mut take, &r, ba, choose(1));
    assert_eq!((take.throne_override, take.throne_holder()), (ba, ba));
    assert_eq!(take.combat.as_ref().unwrap().swords[0], 1);
    let mut leave = h;
    act(&mut leave, &r, ba, choose(0));
    assert_eq!((leave.throne_override, leave.throne_holder()), (NONE, la));
    assert_eq!(leave.combat.as_ref().unwrap().swords[0], 0);
}

fn fight_with_throne(r: &Rules, att: Player, def: Player, holder: Player) -> AgotBoard {
    let mut g = fight(r, att, def, "Stannis Baratheon", "Joffrey Lannister", false);
    // Rewind to the reveal with `holder` on the throne.
    let mut c = g.combat.clone().unwrap();
    g.throne.retain(|&x| x != holder);
    g.throne.insert(0, holder);
    c.stage = CStage::Immediate;
    c.done = [false, false];
    c.swords = [0, 0];
    g.combat = Some(c);
    g.throne_override = NONE;
    g.pending = Pending::Auto;
    g.advance(r, &mut Events::disabled());
    g
}

/// §5.2 Melisandre (SoS): power equal to the opponent card's strength; Salladhor Saan: +2 / −2 power on a win.
#[test]
fn r5_2_melisandre_and_salladhor_move_power() {
    let r = sos();
    let g0 = blank(&r, 5);
    let (ba, la) = (seat(&g0, &r, "baratheon"), seat(&g0, &r, "lannister"));
    let p = g0.seats[usize::from(ba)].power;
    let g = fight(&r, ba, la, "Melisandre of Asshai", "Joffrey Lannister", false);
    assert_eq!(g.seats[usize::from(ba)].power, p + 2);
    let mut g = fight(&r, ba, la, "Salladhar Saan", "Cersei Lannister", false);
    no_blade(&mut g, &r);
    // 2 + 2 + 1 + 1 = 6 against 4 + 1 = 5: Baratheon wins; Cersei still drains 2.
    while let Pending::Choice { seat: s, options, .. } = g.pending.clone() {
        act(&mut g, &r, s, choose(options[0]));
    }
    let (pb, pl) = (g0.seats[usize::from(ba)].power, g0.seats[usize::from(la)].power);
    assert_eq!(g.seats[usize::from(ba)].power, pb + 2 - 2);
    assert_eq!(g.seats[usize::from(la)].power, pl - 2);
}

/// §5.2 Willas Tyrell: +2 when defending; Catelyn Stark (SoS): supported, +2 and a fortification.
#[test]
fn r5_2_willas_and_catelyn_bonuses() {
    let r = sos();
    let g0 = blank(&r, 5);
    let (ty, st, la) = (seat(&g0, &r, "tyrell"), seat(&g0, &r, "stark"), seat(&g0, &r, "lannister"));
    let g = fight(&r, la, ty, "Joffrey Lannister", "Willas Tyrell", false);
    let c = g.combat.clone().unwrap();
    assert_eq!(g.strength(&r, &c, 1), 4 + 1 + 2);
    let g = fight(&r, la, st, "Joffrey Lannister", "Catelyn Stark", true);
    let c = g.combat.clone().unwrap();
    assert_eq!(g.strength(&r, &c, 1), 4 + 2 + 1 + 2);
    let g = fight(&r, la, st, "Joffrey Lannister", "Catelyn Stark", false);
    let c = g.combat.clone().unwrap();
    assert_eq!(g.strength(&r, &c, 1), 4 + 1);
}

/// §5.2 Aeron Damphair (SoS): pay 2 power, discard Aeron and play another card at −1.
#[test]
fn r5_2_aeron_swaps_for_two_power() {
    let r = sos();
    let g0 = blank(&r, 5);
    let (gj, la) = (seat(&g0, &r, "greyjoy"), seat(&g0, &r, "lannister"));
    let mut g = fight(&r, gj, la, "Aeron Damphair", "Joffrey Lannister", false);
    let p = g.seats[usize::from(gj)].power;
    let Pending::Choice { seat: s, kind: ChoiceKind::Aeron, .. } = g.pending.clone() else { panic!("{:?}", g.pending) };
    act(&mut g, &r, s, choose(1));
    assert_eq!(g.pending, Pending::Cards);
    let balon = card_idx(&g, &r, gj, "Balon Greyjoy");
    act(&mut g, &r, gj, code(K_CARD, balon));
    assert_eq!(g.seats[usize::from(gj)].power, p - 2);
    let c = g.combat.clone().unwrap();
    assert_eq!(g.strength(&r, &c, 0), 4 + 1 + 4 - 1);
}

/// §5.2 Balon Greyjoy (SoS): on a win gain the difference of the totals. §5.2 Asha (SoS): supported, 2 swords.
#[test]
fn r5_2_balon_difference_and_asha_supported_swords() {
    let r = sos();
    let g0 = blank(&r, 5);
    let (gj, la) = (seat(&g0, &r, "greyjoy"), seat(&g0, &r, "lannister"));
    let mut g = fight(&r, gj, la, "Balon Greyjoy", "Tyrion Lannister", false);
    if let Pending::Choice { seat: s, kind: ChoiceKind::Tyrion, .. } = g.pending.clone() {
        act(&mut g, &r, s, choose(0));
    }
    let p = g.seats[usize::from(gj)].power;
    finish(&mut g, &r); // 2 + 2 + 1 + 4 = 9 against 4 + 0
    assert_eq!(g.seats[usize::from(gj)].power, p + 5);
    let mut g = fight(&r, gj, la, "Asha Greyjoy", "Joffrey Lannister", false);
    act(&mut g, &r, la, choose(0)); // 2 + 2 + 1 + 2 = 7 against 4 + 2 = 6; 2 swords
    let mut losses = 0;
    while let Pending::Choice { seat: s, kind: ChoiceKind::Casualty, options } = g.pending.clone() {
        act(&mut g, &r, s, choose(options[0]));
        losses += 1;
    }
    assert_eq!(losses, 2);
}

/// §5.2 Ser Davos (SoS): on a loss no rout, and 2 power buys a fortification.
#[test]
fn r5_2_davos_no_rout_and_a_bought_fortification() {
    let r = sos();
    let g0 = blank(&r, 5);
    let (ba, la) = (seat(&g0, &r, "baratheon"), seat(&g0, &r, "lannister"));
    let mut g = fight(&r, la, ba, "Joffrey Lannister", "Ser Davos Seaworth", false);
    act(&mut g, &r, ba, choose(0)); // 7 against 4: Baratheon loses
    let Pending::Choice { seat: s, kind: ChoiceKind::Davos, .. } = g.pending.clone() else { panic!("{:?}", g.pending) };
    let p = g.seats[usize::from(ba)].power;
    act(&mut g, &r, s, choose(1));
    assert_eq!(g.seats[usize::from(ba)].power, p - 2);
    // Joffrey's single sword is cancelled by the bought fortification: straight to the retreat.
    let Pending::Choice { seat: s, kind: ChoiceKind::Retreat, options } = g.pending.clone() else {
        panic!("{:?}", g.pending)
    };
    act(&mut g, &r, s, choose(options[0]));
    let dest = &g.areas[usize::from(options[0])];
    assert!(dest.routed == [0; 3] && dest.owner == ba);
}

/// §5.2 Maege Mormont: on a win she picks the loser's retreat.
#[test]
fn r5_2_maege_picks_the_retreat() {
    let r = sos();
    let g0 = blank(&r, 5);
    let (st, la) = (seat(&g0, &r, "stark"), seat(&g0, &r, "lannister"));
    let mut g = fight(&r, st, la, "Maege Mormont", "Cersei Lannister", false);
    act(&mut g, &r, la, choose(0)); // 2 + 2 + 1 + 1 = 6 against 4 + 1
    let Pending::Choice { seat: s, kind: ChoiceKind::RetreatFor, options } = g.pending.clone() else {
        panic!("{:?}", g.pending)
    };
    assert_eq!(s, st, "the winner chooses");
    let last = *options.last().unwrap();
    act(&mut g, &r, st, choose(last));
    assert_eq!(g.areas[usize::from(last)].owner, la);
}

/// §5.2 Mace Tyrell (SoS): on a win put a non-special Support or Defense order into the battle area.
/// §5.2 Queen of Thorns (SoS): at once remove an opponent order in or next to the battle area.
#[test]
fn r5_2_mace_places_an_order_and_queen_of_thorns_removes_one() {
    let r = sos();
    let g0 = blank(&r, 5);
    let (ty, la) = (seat(&g0, &r, "tyrell"), seat(&g0, &r, "lannister"));
    let mut g = fight(&r, ty, la, "Mace Tyrell", "Cersei Lannister", false);
    act(&mut g, &r, la, choose(0));
    let Pending::Choice { seat: s, kind: ChoiceKind::Retreat, options } = g.pending.clone() else {
        panic!("{:?}", g.pending)
    };
    act(&mut g, &r, s, choose(options[0]));
    let Pending::Choice { seat: s, kind: ChoiceKind::PlaceOrder, options } = g.pending.clone() else {
        panic!("{:?}", g.pending)
    };
    assert_eq!((s, options), (ty, vec![3, 5, u16::from(NONE)]));
    act(&mut g, &r, ty, choose(3));
    assert_eq!(g.areas[usize::from(area(&r, "harrenhal"))].order, 3);
    let mut g = fight(&r, ty, la, "Queen of Thorns", "Cersei Lannister", false);
    let Pending::Choice { seat: s, kind: ChoiceKind::RemoveOrder, options } = g.pending.clone() else {
        panic!("{:?}", g.pending)
    };
    let rr = area(&r, "riverrun");
    assert_eq!((s, options), (ty, vec![u16::from(rr)]));
    act(&mut g, &r, ty, choose(u16::from(rr)));
    assert_eq!(g.areas[usize::from(rr)].order, NONE);
}

/// §5.2 Victarion (SoS): +1 and a fortification only when the battle area borders a sea (Harrenhal does not).
#[test]
fn r5_2_victarion_needs_a_coast() {
    let r = sos();
    let g0 = blank(&r, 5);
    let (gj, la) = (seat(&g0, &r, "greyjoy"), seat(&g0, &r, "lannister"));
    let g = fight(&r, la, gj, "Joffrey Lannister", "Victarion Greyjoy", false);
    let c = g.combat.clone().unwrap();
    assert_eq!(g.strength(&r, &c, 1), 4 + 1);
    let mut c2 = c.clone();
    c2.area = area(&r, "riverrun");
    let mut h = g.clone();
    h.areas[usize::from(c2.area)] = h.areas[usize::from(c.area)].clone();
    assert_eq!(h.strength(&r, &c2, 1), 4 + 1 + 1, "Riverrun borders Ironman's Bay");
}

/// §5.2 Maege Mormont (SoS) defending: when her house defends and wins she picks the beaten attacker's retreat
/// too, among the legal areas where it loses the fewest units to supply; only the units beyond the limit die.
#[test]
fn r5_2_maege_defending_picks_the_attackers_retreat_with_the_fewest_losses() {
    let r = sos();
    let g0 = blank(&r, 5);
    let (st, la) = (seat(&g0, &r, "stark"), seat(&g0, &r, "lannister"));
    let mut g = fight(&r, la, st, "Cersei Lannister", "Maege Mormont", true);
    // Lannister's army of 3 is at supply 0 (2, 2) when it has to retreat.
    g.seats[usize::from(la)].supply = 0;
    act(&mut g, &r, st, choose(0)); // keep the Blade: 4 + 1 + 2 = 7 against 4 + 1 + 1 = 6
    let (stoney, cc, bw) = (area(&r, "stoney-sept"), area(&r, "crackclaw-point"), area(&r, "blackwater"));
    let Pending::Choice { seat: s, kind: ChoiceKind::RetreatFor, options } = g.pending.clone() else {
        panic!("Maege's house picks the attacker's retreat, got {:?}", g.pending)
    };
    assert_eq!(s, st);
    // Crackclaw Point or the empty origin cost one unit; Blackwater (a Lannister footman) would cost two.
    let mut want = vec![u16::from(cc), u16::from(stoney)];
    want.sort_unstable();
    assert_eq!(options, want);
    assert!(!options.contains(&u16::from(bw)));
    act(&mut g, &r, st, choose(u16::from(cc)));
    let Pending::Choice { seat: s, kind: ChoiceKind::Casualty, .. } = g.pending.clone() else {
        panic!("the loser picks the unit it loses to supply, got {:?}", g.pending)
    };
    assert_eq!(s, la);
    act(&mut g, &r, la, choose(0));
    finish(&mut g, &r);
    let x = &g.areas[usize::from(cc)];
    assert_eq!((x.owner, x.foot, x.knight, x.routed), (la, 1, 1, [1, 1, 0]));
    assert_eq!(g.areas[usize::from(stoney)].units(), 0, "not back to the origin: Maege chose");
}

/// §5.2 Mace Tyrell (SoS): the order he puts into the battle area replaces the one there, so that token counts
/// as available: with both Defense +1 tokens on the board (one of them here) Defense +1 is still offered.
#[test]
fn r5_2_mace_counts_the_replaced_token_as_available() {
    let r = sos();
    let g0 = blank(&r, 5);
    let (ty, la) = (seat(&g0, &r, "tyrell"), seat(&g0, &r, "lannister"));
    let mut g = fight(&r, la, ty, "Cersei Lannister", "Mace Tyrell", false);
    let (ha, hg) = (area(&r, "harrenhal"), area(&r, "highgarden"));
    g.areas[usize::from(ha)].order = 3;
    put(&mut g, hg, ty, 1, 0, 0);
    g.areas[usize::from(hg)].order = 3;
    act(&mut g, &r, ty, choose(0)); // keep the Blade: 4 + 2 + 1 (Defense) = 7 against 4 + 1 + 1 = 6
    loop {
        let Pending::Choice { seat, kind, options } = g.pending.clone() else { panic!("{:?}", g.pending) };
        if kind == ChoiceKind::PlaceOrder {
            assert_eq!((seat, options), (ty, vec![3, 5, u16::from(NONE)]));
            break;
        }
        act(&mut g, &r, seat, choose(options[0]));
    }
    act(&mut g, &r, ty, choose(5));
    assert_eq!(g.areas[usize::from(ha)].order, 5, "Support +0 replaces the Defense +1");
}
