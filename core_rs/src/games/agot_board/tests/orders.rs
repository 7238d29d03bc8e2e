//! Planning and the action phase (research §3.3, §3.4): secret and special orders, the raven, raids, marches,
//! neutral forces and consolidating power.

use super::*;
use crate::engine::Viewer;

/// §3.3 Orders are placed face down: another house sees only that an order lies there until every house locks.
#[test]
fn r3_3_orders_are_secret_until_every_house_locks() {
    let r = rules();
    let mut g = AgotBoard::new(&r, 3, 1).unwrap();
    let wf = area(&r, "winterfell");
    let stark = seat_of(&g, &r, "stark");
    act(&mut g, &r, stark, code(K_PLACE, u32::from(wf) << 4 | 9));
    let other = (stark + 1) % 3;
    let seen = |g: &AgotBoard, v: Player| {
        g.make_view(&r, Viewer::Player(v)).areas.into_iter().find(|a| a.id == wf).unwrap().order
    };
    assert_eq!(seen(&g, other).as_deref(), Some("hidden"));
    assert_eq!(seen(&g, stark).as_deref(), Some("Consolidate Power"));
    for p in 0..3 {
        act(&mut g, &r, p, PASS);
    }
    assert_eq!(seen(&g, other).as_deref(), Some("Consolidate Power"));
}

/// §3.3 Special (★) orders are limited by the King's Court position (last place: none).
#[test]
fn r3_3_special_orders_limited_by_kings_court() {
    let r = rules();
    let g = AgotBoard::new(&r, 5, 1).unwrap();
    let last = *g.court.last().unwrap();
    let first = g.court[0];
    let special =
        |p: Player| legal(&g, &r, p).iter().filter(|&&a| a >> 16 == K_PLACE && SPECIAL[(a & 15) as usize]).count();
    assert_eq!(special(last), 0);
    assert!(special(first) > 0);
    assert_eq!(g.special_limit(&r, first), 3);
}

/// §3.3 The Messenger Raven: after the reveal its holder may swap one order for an unused token.
#[test]
fn r3_3_raven_holder_may_swap_one_order() {
    let r = rules();
    let mut g = AgotBoard::new(&r, 3, 1).unwrap();
    let holder = g.court[0];
    let home = r.houses[usize::from(g.seats[usize::from(holder)].house)].home;
    act(&mut g, &r, holder, code(K_PLACE, u32::from(home) << 4 | 3));
    for p in 0..3 {
        act(&mut g, &r, p, PASS);
    }
    assert_eq!(g.pending, Pending::Raven(holder));
    act(&mut g, &r, holder, code(K_RAVEN, u32::from(home) << 4 | 9));
    assert_eq!(g.areas[usize::from(home)].order, 9);
    assert_ne!(g.phase, Phase::Raven);
}

/// §3.4 Raid: removes an adjacent enemy Support/Raid/Consolidate order; raiding Consolidate Power moves one
/// power from the victim to the raider. Land units cannot raid at sea.
#[test]
fn r3_4_raid_removes_adjacent_order_and_takes_power() {
    let r = rules();
    let mut g = blank(&r, 3);
    let (st, ha, gs) = (area(&r, "stoney-sept"), area(&r, "harrenhal"), area(&r, "the-golden-sound"));
    let ls = area(&r, "lannisport");
    put(&mut g, st, 1, 1, 0, 0);
    g.areas[usize::from(st)].order = 7;
    put(&mut g, ha, 0, 1, 0, 0);
    g.areas[usize::from(ha)].order = 9;
    put(&mut g, ls, 1, 1, 0, 0);
    g.areas[usize::from(ls)].order = 7;
    put(&mut g, gs, 2, 0, 0, 1);
    g.areas[usize::from(gs)].order = 5;
    begin(&mut g, &r, Phase::Raid);
    assert_eq!(g.pending, Pending::Raid(1));
    let l = legal(&g, &r, 1);
    assert!(!l.contains(&code(K_RAID, u32::from(ls) << 8 | u32::from(gs))), "land units cannot raid a sea area");
    let (p0, p1) = (g.seats[0].power, g.seats[1].power);
    act(&mut g, &r, 1, code(K_RAID, u32::from(st) << 8 | u32::from(ha)));
    assert_eq!(g.areas[usize::from(ha)].order, NONE);
    assert_eq!((g.seats[0].power, g.seats[1].power), (p0 - 1, p1 + 1));
}

/// §3.4 March: units move into adjacent areas (ship transport too); leaving an area empty may leave a power
/// token to keep it; at most one destination may start a battle.
#[test]
fn r3_4_march_moves_keeps_control_with_token_one_battle_only() {
    let r = rules();
    let mut g = blank(&r, 3);
    let (wf, ss, ww, kh, ca) = (
        area(&r, "winterfell"),
        area(&r, "the-shivering-sea"),
        area(&r, "widows-watch"),
        area(&r, "karhold"),
        area(&r, "castle-black"),
    );
    put(&mut g, wf, 0, 2, 1, 0);
    g.areas[usize::from(wf)].order = 1;
    put(&mut g, ss, 0, 0, 0, 1);
    put(&mut g, kh, 1, 1, 0, 0);
    put(&mut g, ca, 2, 1, 0, 0);
    begin(&mut g, &r, Phase::March);
    act(&mut g, &r, 0, code(K_MARCH, u32::from(wf)));
    let dests: Vec<u8> = legal(&g, &r, 0).iter().filter(|&&a| a >> 16 == K_MOVE).map(|&a| (a & 0xFF) as u8).collect();
    assert!(dests.contains(&ww), "Widow's Watch by ship across the Shivering Sea");
    act(&mut g, &r, 0, code(K_MOVE, u32::from(kh)));
    assert!(!legal(&g, &r, 0).contains(&code(K_MOVE, u32::from(ca))), "a second battle is not allowed");
    // Send the rest away, leaving Winterfell empty behind a power token.
    act(&mut g, &r, 0, code(K_MOVE, 1 << 8 | u32::from(kh)));
    act(&mut g, &r, 0, code(K_MOVE, u32::from(ww)));
    let power = g.seats[0].power;
    act(&mut g, &r, 0, code(K_END, 1));
    let w = &g.areas[usize::from(wf)];
    assert!(w.token && w.owner == 0 && w.units() == 0);
    assert_eq!(g.seats[0].power, power - 1);
    assert_eq!(g.areas[usize::from(ww)].owner, 0);
    assert!(g.combat.is_some(), "the attack on Karhold is a battle");
}

/// Seat 1 marches from Blackwater (2 footmen, 1 knight) toward King's Landing, held by a neutral force of 5.
fn march_on_a_neutral_kings_landing() -> (Rules, AgotBoard, u8, u8) {
    let r = rules();
    let mut g = blank(&r, 3);
    let (bw, kl) = (area(&r, "blackwater"), area(&r, "kings-landing"));
    g.areas[usize::from(kl)].neutral = 5;
    put(&mut g, bw, 1, 2, 1, 0);
    g.areas[usize::from(bw)].order = 2;
    begin(&mut g, &r, Phase::March);
    act(&mut g, &r, 1, code(K_MARCH, u32::from(bw)));
    (r, g, bw, kl)
}

/// §3.4 A neutral force is beaten only by at least its strength; otherwise the march cannot end that way.
#[test]
fn r3_4_neutral_force_needs_equal_strength() {
    let (r, mut g, _, kl) = march_on_a_neutral_kings_landing();
    act(&mut g, &r, 1, code(K_MOVE, u32::from(kl)));
    act(&mut g, &r, 1, code(K_MOVE, 1 << 8 | u32::from(kl)));
    assert!(!legal(&g, &r, 1).contains(&code(K_END, 0)), "3 + 1 < 5");
    assert!(legal(&g, &r, 1).contains(&code(K_RESET, 0)));
    act(&mut g, &r, 1, code(K_MOVE, u32::from(kl)));
    act(&mut g, &r, 1, code(K_END, 0));
    assert_eq!(g.areas[usize::from(kl)].owner, 1);
    assert_eq!(g.areas[usize::from(kl)].neutral, 0);
}

/// §3.4 (designed, the interface's take-back): a march that cannot end may take its moves back, and the areas
/// they went to are closed to that march, so taking back cannot repeat for ever and the march still ends.
#[test]
fn r3_4_taking_a_march_back_closes_its_areas_to_that_march() {
    let (r, mut g, bw, kl) = march_on_a_neutral_kings_landing();
    act(&mut g, &r, 1, code(K_MOVE, u32::from(kl)));
    act(&mut g, &r, 1, code(K_RESET, 0));
    let after = legal(&g, &r, 1);
    assert!(after.iter().all(|&a| a >> 16 != K_MOVE || (a & 0xFF) as u8 != kl), "King's Landing is closed");
    assert!(after.contains(&code(K_END, 0)), "with every unit home the march can end");
    act(&mut g, &r, 1, code(K_END, 0));
    assert_eq!(g.areas[usize::from(bw)].units(), 3);
    assert!(g.march.is_none());
}

/// §3.4 Consolidate Power: 1 power plus one per crown in the area; ★ may muster instead in a castle area.
#[test]
fn r3_4_consolidate_power_gains_one_plus_crowns() {
    let r = rules();
    let mut g = blank(&r, 3);
    let (ha, wf) = (area(&r, "harrenhal"), area(&r, "winterfell"));
    put(&mut g, ha, 0, 1, 0, 0);
    g.areas[usize::from(ha)].order = 9;
    put(&mut g, wf, 0, 1, 0, 0);
    g.areas[usize::from(wf)].order = 10;
    let p = g.seats[0].power;
    begin(&mut g, &r, Phase::Consolidate);
    act(&mut g, &r, 0, code(K_CP, u32::from(ha) << 1));
    assert_eq!(g.seats[0].power, p + 2, "Harrenhal has one crown");
    act(&mut g, &r, 0, code(K_CP, u32::from(wf) << 1 | 1));
    assert_eq!(g.pending, Pending::Muster(0));
    act(&mut g, &r, 0, code(K_MUSTER, u32::from(wf) << 8 | 1));
    assert_eq!(g.areas[usize::from(wf)].knight, 1, "a stronghold gives 2 mustering points: a knight");
}

/// §3.4 Consolidate Power at sea: the order may be placed there but gives no power (no crowns at sea; the 2E
/// reference grants nothing for a sea area), and Tax Collectors adds nothing to it.
#[test]
fn r3_4_consolidate_power_at_sea_gives_nothing() {
    let r = rules();
    let mut g = blank(&r, 3);
    let sea = area(&r, "the-shivering-sea");
    put(&mut g, sea, 0, 0, 0, 1);
    g.areas[usize::from(sea)].order = 9;
    let p = g.seats[0].power;
    begin(&mut g, &r, Phase::Consolidate);
    assert_eq!(g.pending, Pending::Consolidate(0));
    act(&mut g, &r, 0, code(K_CP, u32::from(sea) << 1));
    assert_eq!(g.seats[0].power, p, "no power from a sea area");
    assert_eq!(g.areas[usize::from(sea)].order, NONE, "the order is spent");
}
