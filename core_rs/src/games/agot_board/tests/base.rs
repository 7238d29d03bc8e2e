//! Base-game skeleton (research §3): round structure, planning, raids, marches, battles, supply, mustering,
//! bidding, wildlings, victory.

use super::*;

/// Random matches of every player count end with an outcome within ten rounds.
#[test]
fn r3_1_random_matches_end_after_at_most_ten_rounds() {
    let r = rules();
    for players in 3..=5u8 {
        for seed in 0..5 {
            let mut g = AgotBoard::new(&r, players, seed).unwrap();
            let steps = random_play(&mut g, &r, seed);
            assert!(g.round <= 10 && steps > 10, "{players}p seed {seed}: {steps} steps");
        }
    }
}

/// Every option together still plays to the end, for every player count.
#[test]
fn r3_1_random_matches_with_every_option_end() {
    let r = rules_with(serde_json::json!({
        "sos_house_cards": true, "sos_westeros": true, "tactics": true, "leaders": true,
        "wildling_cards": true, "sos_victory": true, "sos_three_player": true
    }));
    let mut total = 0;
    for players in 3..=5u8 {
        for seed in 0..8 {
            let mut g = AgotBoard::new(&r, players, seed).unwrap();
            total += random_play(&mut g, &r, seed + 100);
        }
    }
    assert!(total / 24 < 3000, "average decisions {}", total / 24);
}

use super::super::content::WKey;
use crate::engine::Viewer;

pub(super) fn card_idx(g: &AgotBoard, r: &Rules, p: Player, name: &str) -> u32 {
    let h = usize::from(g.seats[usize::from(p)].house);
    r.cards[h].iter().position(|c| c.name == name).unwrap_or_else(|| panic!("no card {name}")) as u32
}

/// Answer every pending question of `kind` with the first option.
fn answer_all(g: &mut AgotBoard, r: &Rules, kind: ChoiceKind, pick: impl Fn(&[u16]) -> u16) {
    while let Pending::Choice { seat, kind: k, options } = g.pending.clone() {
        if k != kind {
            return;
        }
        act(g, r, seat, choose(pick(&options)));
    }
}

/// Lannister (seat 1) marches 2 footmen from Stoney Sept into Harrenhal, held by Stark (seat 0) with 2 footmen
/// and a knight; Stark supports from Riverrun (a knight), Lannister from Blackwater (a footman).
pub(super) fn battle(r: &Rules, att_card: &str, def_card: &str, stark_supports: bool) -> AgotBoard {
    let mut g = blank(r, 3);
    let (st, ha, bw, rr) = (area(r, "stoney-sept"), area(r, "harrenhal"), area(r, "blackwater"), area(r, "riverrun"));
    put(&mut g, st, 1, 2, 0, 0);
    g.areas[usize::from(st)].order = 1;
    put(&mut g, ha, 0, 2, 1, 0);
    put(&mut g, rr, 0, 0, 1, 0);
    g.areas[usize::from(rr)].order = 5;
    put(&mut g, bw, 1, 1, 0, 0);
    g.areas[usize::from(bw)].order = 5;
    // Baratheon consolidates later, so the action phase stops there after the battle.
    let ds = area(r, "dragonstone");
    put(&mut g, ds, 2, 1, 0, 0);
    g.areas[usize::from(ds)].order = 9;
    begin(&mut g, r, Phase::March);
    assert_eq!(g.pending, Pending::March(1));
    act(&mut g, r, 1, code(K_MARCH, u32::from(st)));
    act(&mut g, r, 1, code(K_MOVE, u32::from(ha)));
    act(&mut g, r, 1, code(K_MOVE, u32::from(ha)));
    act(&mut g, r, 1, code(K_END, 0));
    assert!(g.combat.is_some());
    while let Pending::Choice { seat, kind: ChoiceKind::Support, .. } = g.pending.clone() {
        act(
            &mut g,
            r,
            seat,
            choose(if seat == 0 {
                if stark_supports {
                    1
                } else {
                    2
                }
            } else {
                0
            }),
        );
    }
    assert_eq!(g.pending, Pending::Cards);
    let (a, d) = (card_idx(&g, r, 1, att_card), card_idx(&g, r, 0, def_card));
    act(&mut g, r, 1, code(K_CARD, a));
    assert_eq!(
        g.make_view(r, Viewer::Player(0)).combat.unwrap().cards[0],
        None,
        "the card is secret until both commit"
    );
    act(&mut g, r, 0, code(K_CARD, d));
    g
}

/// §4.2 The map: 38 land and 12 sea areas, no ports (1E), every border listed from both sides.
#[test]
fn r4_2_map_adjacency_is_symmetric_without_ports() {
    let r = rules();
    assert_eq!(r.areas.len(), 50);
    assert_eq!(r.areas.iter().filter(|a| a.sea).count(), 12);
    for (i, a) in r.areas.iter().enumerate() {
        for &b in &a.adj {
            assert!(r.areas[usize::from(b)].adj.contains(&(i as u8)), "{} / {}", a.key, r.areas[usize::from(b)].key);
            assert_ne!(usize::from(b), i);
        }
        assert!(!a.key.starts_with("port-"));
    }
    assert!(r.adjacent(area(&r, "winterfell"), area(&r, "the-shivering-sea")));
}

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

/// §3.10 (1E) Seven cities and strongholds win at once; after round 10 the most win, ties to land areas.
#[test]
fn r3_10_seven_castles_win_at_once() {
    let r = rules();
    let mut g = blank(&r, 3);
    let castles: Vec<u8> = (0..r.areas.len() as u8)
        .filter(|&a| r.areas[usize::from(a)].castle != super::super::content::Castle::None)
        .collect();
    for &a in &castles[..7] {
        put(&mut g, a, 1, 1, 0, 0);
    }
    begin(&mut g, &r, Phase::Consolidate);
    assert_eq!(g.outcome().unwrap().winners.iter().collect::<Vec<_>>(), vec![1]);
}

/// Snapshots: a forged state with out-of-range ids is refused by `validate`.
#[test]
fn forged_states_are_refused() {
    let r = rules();
    let g = AgotBoard::new(&r, 4, 1).unwrap();
    assert!(g.check(&r).is_ok());
    let mut bad = g.clone();
    bad.areas[0].owner = 9;
    assert!(bad.check(&r).is_err());
    let mut bad = g.clone();
    bad.throne = vec![0, 0, 1, 2];
    assert!(bad.check(&r).is_err());
    let mut bad = g;
    bad.decks[0].push(200);
    assert!(bad.check(&r).is_err());
}

/// Conservation (research/agot_board.md, components: 7 house cards, 10 footmen / 5 knights / 6 ships, the
/// power tokens and 15 order tokens per house): impossible states are refused on load.
#[test]
fn impossible_states_are_refused() {
    let r = rules();
    let g = AgotBoard::new(&r, 4, 1).unwrap();
    let mut bad = g.clone();
    bad.seats[0].discard |= 1;
    assert!(bad.check(&r).unwrap_err().contains("exactly one place"));
    let mut bad = g.clone();
    bad.seats[1].house = bad.seats[0].house;
    assert!(bad.check(&r).unwrap_err().contains("same house"));
    let mut bad = g.clone();
    let home = bad.areas.iter().position(|a| a.owner == 2).unwrap();
    bad.areas[home].foot = 30;
    assert!(bad.check(&r).unwrap_err().contains("footmen"));
    let mut bad = g.clone();
    bad.seats[3].power = r.power_tokens;
    bad.areas[home].token = true;
    bad.areas[home].owner = 3;
    assert!(bad.check(&r).is_err());
    let mut bad = g;
    for a in bad.areas.iter_mut().filter(|a| a.owner == 0) {
        a.order = 0;
    }
    assert!(bad.check(&r).unwrap_err().contains("order tokens"));
}

/// Heuristic bots finish their matches well inside the decision budget.
#[test]
fn heuristic_matches_are_bounded() {
    use crate::bots::Bot;
    let all = rules_with(serde_json::json!({
        "sos_house_cards": true, "sos_westeros": true, "tactics": true, "leaders": true,
        "wildling_cards": true, "sos_victory": true, "sos_three_player": true
    }));
    for (players, r) in [(3u8, rules()), (4, rules()), (5, rules()), (3, all.clone()), (5, all)] {
        let r = &r;
        for seed in 0..6 {
            let mut g = AgotBoard::new(r, players, seed).unwrap();
            let mut rng = crate::rng::Rng::new(seed);
            let mut bot = super::super::bots::Heuristic::default();
            let mut ev = Events::disabled();
            let mut steps = 0;
            while g.outcome().is_none() {
                let p = g.to_act().iter().next().unwrap();
                let l = legal(&g, r, p);
                let a = bot.act(r, &g, p, &l, &mut rng);
                if steps > 3000 {
                    panic!("{players}p seed {seed}: stuck at {:?} round {} legal {:?} act {a}", g.pending, g.round, l);
                }
                g.apply(r, p, a, &mut ev).unwrap();
                steps += 1;
            }
        }
    }
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

/// Views never leak under any option: a determinized copy looks the same to its seat, the resampled state is
/// valid, and snapshots round-trip (random play with every option on).
#[test]
fn determinize_keeps_views_and_validity_under_every_option() {
    let r = rules_with(serde_json::json!({
        "sos_house_cards": true, "sos_westeros": true, "tactics": true, "leaders": true,
        "wildling_cards": true, "sos_victory": true, "sos_three_player": true
    }));
    let mut rng = crate::rng::Rng::new(99);
    for players in 3..=5u8 {
        let mut g = AgotBoard::new(&r, players, u64::from(players)).unwrap();
        let mut ev = Events::disabled();
        let mut step = 0;
        while g.outcome().is_none() && step < 1500 {
            if step % 7 == 0 {
                for p in 0..players {
                    let d = g.determinize(&r, p, &mut rng);
                    assert!(d.check(&r).is_ok(), "{:?}", d.check(&r));
                    let a = serde_json::to_string(&g.view(&r, Viewer::Player(p))).unwrap();
                    let b = serde_json::to_string(&d.view(&r, Viewer::Player(p))).unwrap();
                    assert_eq!(a, b, "view of seat {p} changed by determinize at step {step}");
                    let mut l1 = Vec::new();
                    let mut l2 = Vec::new();
                    g.legal_actions(&r, p, &mut l1);
                    d.legal_actions(&r, p, &mut l2);
                    assert_eq!(l1, l2, "legal actions of the seat to act are what it sees");
                }
                let snap: AgotBoard = serde_json::from_str(&serde_json::to_string(&g).unwrap()).unwrap();
                assert!(snap == g);
            }
            let p = g.to_act().iter().next().unwrap();
            let l = legal(&g, &r, p);
            let a = l[rng.index(l.len())];
            g.apply(&r, p, a, &mut ev).unwrap();
            step += 1;
        }
    }
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
