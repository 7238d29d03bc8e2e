//! House-card texts (research §5.1 first-edition set, §5.2 Storm of Swords set; the SoS set is variant 1).
//! The battle of `base::battle`: Lannister attacks Harrenhal from Stoney Sept, Stark defends. This file holds the
//! first-edition cards and the battle helpers; the Storm of Swords set is in `sos_house_cards`.

use super::base::{battle, card_idx};
use super::*;
use crate::engine::Viewer;

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

/// The same battlefield with any two seats of a 5-player game: `att` marches 2 footmen and a knight from
/// Stoney Sept into Harrenhal, held by `def` with 2 footmen and a knight; `def` may be supported from Riverrun
/// (a knight), `att` always is from Blackwater (a footman). A third seat consolidates later (a stopper).
pub(super) fn fight(
    r: &Rules,
    att: Player,
    def: Player,
    att_card: &str,
    def_card: &str,
    def_support: bool,
) -> AgotBoard {
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
pub(super) fn no_blade(g: &mut AgotBoard, r: &Rules) {
    if let Pending::Choice { seat, kind: ChoiceKind::Blade, .. } = g.pending.clone() {
        act(g, r, seat, choose(0));
    }
}

pub(super) fn seat(g: &AgotBoard, r: &Rules, h: &str) -> Player {
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

/// Play a fight to its end, answering every remaining question with its first option (the Blade kept).
pub(super) fn finish(g: &mut AgotBoard, r: &Rules) {
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
