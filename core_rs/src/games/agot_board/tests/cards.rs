//! House-card texts (research §5.1 first-edition set, §5.2 Storm of Swords set; the SoS set is variant 1).
//! The battle of `base::battle`: Lannister attacks Harrenhal from Stoney Sept, Stark defends.

use super::base::{battle, card_idx};
use super::*;
use crate::engine::Viewer;

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

/// The same battlefield with any two seats of a 5-player game: `att` marches 2 footmen and a knight from
/// Stoney Sept into Harrenhal, held by `def` with 2 footmen and a knight; `def` may be supported from Riverrun
/// (a knight), `att` always is from Blackwater (a footman). A third seat consolidates later (a stopper).
fn fight(r: &Rules, att: Player, def: Player, att_card: &str, def_card: &str, def_support: bool) -> AgotBoard {
    let mut g = blank(r, 5);
    let (st, ha, bw, rr) = (area(r, "stoney-sept"), area(r, "harrenhal"), area(r, "blackwater"), area(r, "riverrun"));
    put(&mut g, st, att, 2, 1, 0);
    g.areas[usize::from(st)].order = 1;
    put(&mut g, ha, def, 2, 1, 0);
    put(&mut g, rr, def, 0, 1, 0);
    g.areas[usize::from(rr)].order = 5;
    put(&mut g, bw, att, 1, 0, 0);
    g.areas[usize::from(bw)].order = 5;
    let other = (0..5).find(|&s| s != att && s != def).unwrap();
    let ds = area(r, "the-eyrie");
    put(&mut g, ds, other, 1, 0, 0);
    g.areas[usize::from(ds)].order = 9;
    for s in &mut g.seats {
        s.supply = 6;
    }
    // The defender heads Fiefdoms (wins ties, holds the Blade): its Blade question pauses before the totals.
    g.fief.retain(|&x| x != def);
    g.fief.insert(0, def);
    begin(&mut g, r, Phase::March);
    act(&mut g, r, att, code(K_MARCH, u32::from(st)));
    act(&mut g, r, att, code(K_MOVE, u32::from(ha)));
    act(&mut g, r, att, code(K_MOVE, u32::from(ha)));
    act(&mut g, r, att, code(K_MOVE, 1 << 8 | u32::from(ha)));
    act(&mut g, r, att, code(K_END, 0));
    while let Pending::Choice { seat, kind: ChoiceKind::Support, .. } = g.pending.clone() {
        let side = if seat == att {
            0
        } else if def_support {
            1
        } else {
            2
        };
        act(&mut g, r, seat, choose(side));
    }
    let (a, d) = (card_idx(&g, r, att, att_card), card_idx(&g, r, def, def_card));
    act(&mut g, r, att, code(K_CARD, a));
    act(&mut g, r, def, code(K_CARD, d));
    g
}

/// Answer the Blade question, if asked, with "keep it".
fn no_blade(g: &mut AgotBoard, r: &Rules) {
    if let Pending::Choice { seat, kind: ChoiceKind::Blade, .. } = g.pending.clone() {
        act(g, r, seat, choose(0));
    }
}

fn seat(g: &AgotBoard, r: &Rules, h: &str) -> Player {
    seat_of(g, r, h)
}

/// §5.1 Balon Greyjoy (1E): the opponent's house card counts 0.
#[test]
fn r5_1_balon_zeroes_the_opponent_card() {
    let r = rules();
    let g0 = blank(&r, 5);
    let (gj, la) = (seat(&g0, &r, "greyjoy"), seat(&g0, &r, "lannister"));
    let g = fight(&r, la, gj, "Tywin Lannister", "Balon Greyjoy", false);
    let c = g.combat.clone().unwrap();
    assert_eq!(g.strength(&r, &c, 0), 4 + 1, "Tywin's 3 do not count");
}

/// §5.1 Robb Stark (1E): attacking knights count 3.
#[test]
fn r5_1_robb_attacking_knights_count_three() {
    let r = rules();
    let g0 = blank(&r, 5);
    let (st, la) = (seat(&g0, &r, "stark"), seat(&g0, &r, "lannister"));
    let g = fight(&r, st, la, "Robb Stark", "Cersei Lannister", false);
    let c = g.combat.clone().unwrap();
    assert_eq!(g.strength(&r, &c, 0), 2 + 3 + 1 + 2);
}

/// §5.1 Jaime Lannister (1E): +2 power on a win; §5.1 Cersei (1E): on a win remove one of the loser's orders.
#[test]
fn r5_1_jaime_gains_power_and_cersei_removes_an_order() {
    let r = rules();
    let g0 = blank(&r, 5);
    let (gj, la) = (seat(&g0, &r, "greyjoy"), seat(&g0, &r, "lannister"));
    let mut g = fight(&r, la, gj, "Jaime Lannister", "Aeron Damphair", false);
    no_blade(&mut g, &r);
    let p = g.seats[usize::from(la)].power;
    // 2 + 2 + 1 + 2 = 7 against 4 + 1: Jaime wins, no swords; Greyjoy retreats.
    let Pending::Choice { seat: s, kind: ChoiceKind::Retreat, options } = g.pending.clone() else {
        panic!("{:?}", g.pending)
    };
    act(&mut g, &r, s, choose(options[0]));
    assert_eq!(g.seats[usize::from(la)].power, p + 2);
    let mut g = fight(&r, la, gj, "Cersei Lannister", "Balon Greyjoy", false);
    no_blade(&mut g, &r);
    let Pending::Choice { seat: s, kind: ChoiceKind::Retreat, options } = g.pending.clone() else {
        panic!("{:?}", g.pending)
    };
    act(&mut g, &r, s, choose(options[0]));
    let rr = area(&r, "riverrun");
    let Pending::Choice { seat: s, kind: ChoiceKind::RemoveOrder, options } = g.pending.clone() else {
        panic!("{:?}", g.pending)
    };
    assert_eq!(s, la);
    assert!(options.contains(&u16::from(rr)));
    act(&mut g, &r, s, choose(u16::from(rr)));
    assert_eq!(g.areas[usize::from(rr)].order, NONE);
}

/// §5.1 Loras Tyrell (1E): at once kill one opposing footman; killing the last unit ends the battle.
#[test]
fn r5_1_loras_kills_a_footman_and_can_end_the_battle() {
    let r = rules();
    let g0 = blank(&r, 5);
    let (ty, st) = (seat(&g0, &r, "tyrell"), seat(&g0, &r, "stark"));
    let ha = usize::from(area(&r, "harrenhal"));
    let g = fight(&r, ty, st, "Loras Tyrell", "Lord Mormont", false);
    assert_eq!(g.areas[ha].foot, 1, "one of the two defending footmen died at once");
    // A lone defending footman: Loras kills it and the battle ends without totals.
    let mut h = g.clone();
    h.areas[ha].foot = 1;
    h.areas[ha].knight = 0;
    let c = h.combat.clone().unwrap();
    h.combat = Some(Combat { stage: CStage::Immediate, done: [false, false], ..c });
    h.pending = Pending::Auto;
    h.advance(&r, &mut Events::disabled());
    assert!(h.combat.is_none());
    assert_eq!(h.areas[ha].owner, ty, "Tyrell takes the area");
}

/// §5.1 Brienne of Tarth: at once discard the opponent's Defense order in the battle area.
#[test]
fn r5_1_brienne_discards_the_defense_order() {
    let r = rules();
    let g0 = blank(&r, 5);
    let (ty, st) = (seat(&g0, &r, "tyrell"), seat(&g0, &r, "stark"));
    let g = fight(&r, ty, st, "Brienne of Tarth", "Lord Mormont", false);
    let ha = usize::from(area(&r, "harrenhal"));
    let mut h = g.clone();
    h.areas[ha].order = 3;
    let c = h.combat.clone().unwrap();
    h.combat = Some(Combat { stage: CStage::Immediate, done: [false, false], ..c });
    h.pending = Pending::Auto;
    h.advance(&r, &mut Events::disabled());
    assert_eq!(h.areas[ha].order, NONE);
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

/// Play a fight to its end, answering every remaining question with its first option (the Blade kept).
fn finish(g: &mut AgotBoard, r: &Rules) {
    while let Pending::Choice { seat, kind, options } = g.pending.clone() {
        let o = if kind == ChoiceKind::Blade { 0 } else { options[0] };
        act(g, r, seat, choose(o));
    }
}

/// §5.1 Renly Baratheon (1E): on a win one of his footmen in the battle *may* be upgraded to a knight: offered
/// as a choice (take it or not), never applied on its own.
#[test]
fn r5_1_renly_may_upgrade_a_footman() {
    let r = rules();
    let g0 = blank(&r, 5);
    let (ba, gj) = (seat(&g0, &r, "baratheon"), seat(&g0, &r, "greyjoy"));
    let mut g = fight(&r, ba, gj, "Renly Baratheon", "Balon Greyjoy", false);
    // 2 + 2 + 1 + 0 (Balon zeroes Renly) = 5 against 4 + 0; answer everything up to Renly's question.
    loop {
        let Pending::Choice { seat, kind, options } = g.pending.clone() else { panic!("{:?}", g.pending) };
        if kind == ChoiceKind::Renly {
            assert_eq!((seat, options), (ba, vec![0, 1]));
            break;
        }
        act(&mut g, &r, seat, choose(if kind == ChoiceKind::Blade { 0 } else { options[0] }));
    }
    let ha = usize::from(area(&r, "harrenhal"));
    let mut yes = g.clone();
    act(&mut yes, &r, ba, choose(1));
    finish(&mut yes, &r);
    assert_eq!((yes.areas[ha].owner, yes.areas[ha].foot, yes.areas[ha].knight), (ba, 1, 2));
    let mut no = g;
    act(&mut no, &r, ba, choose(0));
    finish(&mut no, &r);
    assert_eq!((no.areas[ha].owner, no.areas[ha].foot, no.areas[ha].knight), (ba, 2, 1));
}

/// §5.1 Melisandre (1E): on a win pay 1 power to discard a card of choice from the loser's hand.
#[test]
fn r5_1_melisandre_discards_from_the_losers_hand() {
    let r = rules();
    let g0 = blank(&r, 5);
    let (ba, gj) = (seat(&g0, &r, "baratheon"), seat(&g0, &r, "greyjoy"));
    let mut g = fight(&r, ba, gj, "Melisandre of Asshai", "Balon Greyjoy", false);
    act(&mut g, &r, gj, choose(0));
    let Pending::Choice { seat: s, kind: ChoiceKind::Retreat, options } = g.pending.clone() else {
        panic!("{:?}", g.pending)
    };
    act(&mut g, &r, s, choose(options[0]));
    let Pending::Choice { seat: s, kind: ChoiceKind::MelisandreDiscard, options } = g.pending.clone() else {
        panic!("{:?}", g.pending)
    };
    assert_eq!(s, ba);
    assert_eq!(options.len(), 6 + 1, "six other cards or decline");
    let p = g.seats[usize::from(ba)].power;
    let euron = card_idx(&g, &r, gj, "Euron Crow's Eye") as u16;
    act(&mut g, &r, ba, choose(euron));
    assert_eq!(g.seats[usize::from(ba)].power, p - 1);
    assert!(g.seats[usize::from(gj)].discard & (1 << euron) != 0);
}

/// §5.1 Maester Luwin: on a win take a discarded card back. §5.1 Asha (1E): on a win remove an adjacent
/// Support or Consolidate Power order.
#[test]
fn r5_1_luwin_takes_back_and_asha_removes_an_adjacent_order() {
    let r = rules();
    let g0 = blank(&r, 5);
    let (st, gj, la) = (seat(&g0, &r, "stark"), seat(&g0, &r, "greyjoy"), seat(&g0, &r, "lannister"));
    let mut g = fight(&r, st, la, "Maester Luwin", "Vargo Hoat", false);
    let eddard = card_idx(&g, &r, st, "Eddard Stark") as u16;
    g.seats[usize::from(st)].hand &= !(1 << eddard);
    g.seats[usize::from(st)].discard |= 1 << eddard;
    act(&mut g, &r, la, choose(0)); // 2 + 2 + 1 + 0 = 5 against 4 + 0
    let Pending::Choice { seat: s, kind: ChoiceKind::Retreat, options } = g.pending.clone() else {
        panic!("{:?}", g.pending)
    };
    act(&mut g, &r, s, choose(options[0]));
    let Pending::Choice { seat: s, kind: ChoiceKind::TakeBack, options } = g.pending.clone() else {
        panic!("{:?}", g.pending)
    };
    assert_eq!((s, options), (st, vec![eddard]));
    act(&mut g, &r, st, choose(eddard));
    assert!(g.seats[usize::from(st)].hand & (1 << eddard) != 0);
    let mut g = fight(&r, gj, la, "Asha Greyjoy", "Vargo Hoat", false);
    act(&mut g, &r, la, choose(0));
    let Pending::Choice { seat: s, kind: ChoiceKind::Retreat, options } = g.pending.clone() else {
        panic!("{:?}", g.pending)
    };
    act(&mut g, &r, s, choose(options[0]));
    let Pending::Choice { seat: s, kind: ChoiceKind::RemoveOrder, options } = g.pending.clone() else {
        panic!("{:?}", g.pending)
    };
    assert_eq!(s, gj);
    let rr = area(&r, "riverrun");
    assert_eq!(options, vec![u16::from(rr), u16::from(NONE)], "Lannister's support at Riverrun, or nothing");
    act(&mut g, &r, gj, choose(u16::from(rr)));
    assert_eq!(g.areas[usize::from(rr)].order, NONE);
}

/// §5.1 Victarion (1E): attacking ships count 2; Salladhor Saan (1E): ships supporting the opponent count 0.
#[test]
fn r5_1_victarion_and_salladhor_ships() {
    let r = rules();
    let g0 = blank(&r, 5);
    let (gj, ba) = (seat(&g0, &r, "greyjoy"), seat(&g0, &r, "baratheon"));
    let mut g = fight(&r, gj, ba, "Victarion Greyjoy", "Salladhor Saan", false);
    let mut c = g.combat.clone().unwrap();
    c.att = [0, 0, 2];
    assert_eq!(g.strength(&r, &c, 0), 4 + 1, "two ships at 2 each, one supporting footman");
    // A Greyjoy ship supporting from Blackwater would count nothing against Salladhor.
    let bw = usize::from(area(&r, "blackwater"));
    g.areas[bw].foot = 0;
    g.areas[bw].ship = 1;
    assert_eq!(g.strength(&r, &c, 0), 4);
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

/// §3.5 step 2 (research): a side's strength part by part, as the view's combat preview shows it. The parts
/// add up to the strength; before both cards are in, the view counts no card, ability or tactic.
#[test]
fn r3_5_strength_parts_add_up_and_hide_cards_before_the_reveal() {
    let r = rules();
    let g = battle(&r, "Vargo Hoat", "Catelyn Stark", false);
    let c = g.combat.clone().unwrap();
    let full = g.strength_parts(&r, &c, 0, true);
    assert_eq!(full.total(), g.strength(&r, &c, 0));
    assert_eq!((full.units, full.support), (2 * 2, 1), "Vargo's footmen at 2 each, one supporting footman");
    let known = g.strength_parts(&r, &c, 0, false);
    assert_eq!((known.units, known.card, known.ability, known.tactic), (2, 0, 0, 0), "no card text before the reveal");
    for viewer in [Viewer::Public, Viewer::Player(1)] {
        let parts = g.make_view(&r, viewer).combat.map(|v| v.parts);
        let both_in = !c.cards.contains(&NONE);
        let want = if both_in { full } else { known };
        assert_eq!(parts.map(|p| p[0]), Some(want));
    }
}
