//! The Westeros phase's work (research §3.6–§3.9, §6.1): supply, mustering, the Clash of Kings bids and the
//! wildlings.

use super::super::content::WKey;
use super::base::battle;
use super::*;

/// Answer every pending question of `kind` with the first option.
fn answer_all(g: &mut AgotBoard, r: &Rules, kind: ChoiceKind, pick: impl Fn(&[u16]) -> u16) {
    while let Pending::Choice { seat, kind: k, options } = g.pending.clone() {
        if k != kind {
            return;
        }
        act(g, r, seat, choose(pick(&options)));
    }
}

/// §3.6 Supply: armies (2+ units) may not outgrow the supply table; the Supply card makes houses destroy units.
#[test]
fn r3_6_supply_limits_armies_and_reconcile() {
    let r = rules();
    let mut g = blank(&r, 3);
    let (wf, kh) = (area(&r, "winterfell"), area(&r, "karhold"));
    g.seats[0].supply = 0;
    put(&mut g, wf, 0, 3, 0, 0);
    put(&mut g, kh, 0, 2, 0, 0);
    assert!(!g.supply_ok(&r, 0, &[]), "supply 0 allows armies of 2 and 2");
    // Winterfell's barrel gives supply 1 (3, 2): the Supply card recounts first, then nothing to destroy.
    let mut g1 = g.clone();
    g1.supply_card(&r);
    assert!(g1.losses.is_none() && g1.seats[0].supply == 1);
    // Without barrels (Winterfell held by a token elsewhere), Stark must destroy one unit.
    let wf2 = area(&r, "the-reach");
    let mut g2 = blank(&r, 3);
    put(&mut g2, wf2, 0, 3, 0, 0);
    put(&mut g2, kh, 0, 3, 0, 0);
    g2.supply_card(&r);
    g2.pending = Pending::Auto;
    g2.advance(&r, &mut Events::disabled());
    let Pending::Choice { seat: 0, kind: ChoiceKind::Reconcile, .. } = g2.pending.clone() else {
        panic!("{:?}", g2.pending)
    };
    answer_all(&mut g2, &r, ChoiceKind::Reconcile, |o| o[0]);
    assert!(g2.supply_ok(&r, 0, &[]));
    let left = g2.areas[usize::from(wf2)].foot + g2.areas[usize::from(kh)].foot;
    assert!((3..=4).contains(&left), "one unit at a time until the armies fit: {left}");
}

/// §3.7 Mustering: a city gives 1 point, a stronghold 2; footman 1, knight 2, upgrade 1, ship 1 (adjacent sea).
#[test]
fn r3_7_mustering_points_by_castle() {
    let r = rules();
    let mut g = blank(&r, 3);
    let (wf, wh) = (area(&r, "winterfell"), area(&r, "white-harbor"));
    put(&mut g, wf, 0, 0, 0, 0);
    g.areas[usize::from(wf)].token = true;
    put(&mut g, wh, 0, 1, 0, 0);
    g.seats[0].supply = 6;
    g.start_muster_all(&r);
    let areas = g.muster_areas(&r, 0);
    g.muster = Some(MusterCtx { queue: vec![0], areas });
    g.pending = Pending::Auto;
    g.advance(&r, &mut Events::disabled());
    assert_eq!(g.pending, Pending::Muster(0));
    let l = legal(&g, &r, 0);
    assert!(l.contains(&code(K_MUSTER, u32::from(wf) << 8 | 1)), "knight at a stronghold");
    assert!(!l.contains(&code(K_MUSTER, u32::from(wh) << 8 | 1)), "no knight at a city");
    assert!(l.contains(&code(K_MUSTER, u32::from(wh) << 8 | 2)), "upgrade at a city");
    act(&mut g, &r, 0, code(K_MUSTER, u32::from(wh) << 8));
    assert!(!legal(&g, &r, 0).iter().any(|&a| a >> 16 == K_MUSTER && (a & 0xFFFF) >> 8 == u32::from(wh)));
}

/// §3.8 Clash of Kings: secret bids on the three tracks in turn; ties are ordered by the Iron Throne holder;
/// bids are paid.
#[test]
fn r3_8_clash_of_kings_bids_and_ties() {
    let r = rules();
    let mut g = AgotBoard::new(&r, 3, 1).unwrap();
    let holder = g.throne_holder();
    let last = wcard(&r, WKey::LastDays);
    westeros_with(&mut g, &r, [last, wcard(&r, WKey::Clash), last]);
    assert_eq!(g.pending, Pending::Bids);
    act(&mut g, &r, 0, code(K_BID, 3));
    act(&mut g, &r, 1, code(K_BID, 1));
    assert_eq!(g.pending, Pending::Bids, "waits for every bid");
    act(&mut g, &r, 2, code(K_BID, 1));
    let Pending::Choice { seat, kind: ChoiceKind::TieOrder, options } = g.pending.clone() else { panic!() };
    assert_eq!(seat, holder);
    assert_eq!(options, vec![1, 2]);
    act(&mut g, &r, seat, choose(2));
    assert_eq!(g.throne, vec![0, 2, 1]);
    assert_eq!(g.seats[0].power, 2);
}

/// §3.9 Wildlings (1E results): below the threat every house sacrifices units worth 2 mustering points, the
/// lowest bidder 4; at or above, the highest bidder takes back a discarded house card. The threat resets.
#[test]
fn r3_9_wildlings_first_edition_results() {
    let r = rules();
    let mut g = AgotBoard::new(&r, 3, 1).unwrap();
    g.threat = 3;
    g.seats[2].discard = 1;
    g.seats[2].hand = 0x7E;
    let last = wcard(&r, WKey::Supply);
    westeros_with(&mut g, &r, [last, wcard(&r, WKey::GameOfThrones), wcard(&r, WKey::WildlingsAttack)]);
    bid_all(&mut g, &r, &[0, 1, 2]);
    let Pending::Choice { seat: 2, kind: ChoiceKind::TakeBack, options } = g.pending.clone() else {
        panic!("{:?}", g.pending)
    };
    act(&mut g, &r, 2, choose(options[0]));
    assert_eq!(g.seats[2].hand, 0x7F);
    assert_eq!(g.threat, 0);
    // Wildlings win: the lowest bidder gives 4 points of units, the others 2.
    let mut g = AgotBoard::new(&r, 3, 1).unwrap();
    g.threat = 10;
    westeros_with(&mut g, &r, [last, wcard(&r, WKey::GameOfThrones), wcard(&r, WKey::WildlingsAttack)]);
    let before: Vec<u8> = (0..3).map(|p| g.units_of(p).iter().sum()).collect();
    bid_all(&mut g, &r, &[1, 0, 2]);
    answer_all(&mut g, &r, ChoiceKind::Sacrifice, |o| *o.iter().find(|&&x| x & 3 == 0).unwrap_or(&o[0]));
    let after: Vec<u8> = (0..3).map(|p| g.units_of(p).iter().sum()).collect();
    assert_eq!(before[1] - after[1], 3, "lowest: 4 points = 2 footmen + 1 more unit, or all he has left");
    assert_eq!(before[0] - after[0], 2);
}

/// §6.1 (Supply card) and §3.6: the Supply track moves only when a Supply card resolves. A house at supply 0 that
/// marches into Winterfell (a barrel) stays at 0, and until the next Supply card its armies are checked against
/// the position the last one set; battles do not move the track either.
#[test]
fn r6_1_supply_track_moves_only_when_a_supply_card_resolves() {
    let r = rules();
    let mut g = blank(&r, 3);
    let stark = seat_of(&g, &r, "stark");
    let (cb, wf) = (area(&r, "castle-black"), area(&r, "winterfell"));
    put(&mut g, cb, stark, 1, 0, 0);
    g.areas[usize::from(cb)].order = 1;
    // A stopper: Baratheon consolidates later, so the round does not run on into the next Westeros phase.
    let ds = area(&r, "dragonstone");
    let bar = seat_of(&g, &r, "baratheon");
    put(&mut g, ds, bar, 1, 0, 0);
    g.areas[usize::from(ds)].order = 9;
    g.seats[usize::from(stark)].supply = 0;
    begin(&mut g, &r, Phase::March);
    assert_eq!(g.pending, Pending::March(stark));
    act(&mut g, &r, stark, code(K_MARCH, u32::from(cb)));
    act(&mut g, &r, stark, code(K_MOVE, u32::from(wf)));
    act(&mut g, &r, stark, code(K_END, 0));
    assert_eq!(g.areas[usize::from(wf)].owner, stark);
    assert_eq!(g.seats[usize::from(stark)].supply, 0, "the march does not move the Supply track");
    assert!(!g.supply_ok(&r, stark, &[(wf, 2)]), "an army of 3 is still beyond supply 0 (2, 2)");
    g.supply_card(&r);
    assert_eq!(g.seats[usize::from(stark)].supply, 1, "the Supply card counts Winterfell's barrel");
    assert!(g.supply_ok(&r, stark, &[(wf, 2)]), "supply 1 allows an army of 3");
    // A battle won into a barrel area (Lannister takes Blackwater's neighbour Harrenhal) leaves the track too.
    let mut b = battle(&r, "Tywin Lannister", "Catelyn Stark", false);
    let before: Vec<u8> = b.seats.iter().map(|s| s.supply).collect();
    act(&mut b, &r, 0, choose(0));
    while let Pending::Choice { seat, options, .. } = b.pending.clone() {
        act(&mut b, &r, seat, choose(options[0]));
    }
    assert!(b.combat.is_none());
    assert_eq!(b.seats.iter().map(|s| s.supply).collect::<Vec<_>>(), before, "battles do not move it");
}
