//! Designed rules (no source has them; see docs/games/agot_board.md "Designed"): tactics texts, leader capture,
//! the four designed wildling cards, claims counting.

use super::base::battle;
use super::*;
use crate::engine::Viewer;

fn with_tactic(g: &mut AgotBoard, r: &Rules, p: Player, t: super::super::content::Tactic) {
    g.seats[usize::from(p)].tactic = r.tactics.iter().position(|x| x.0 == t).unwrap() as u8;
}

/// Designed tactics: Hold the Line +1 defending, Control Westeros +1 attacking a castle area, Rally the Banners
/// +1 per support order, Manage Troops one supply step more.
#[test]
fn designed_tactics_change_strength_and_supply() {
    use super::super::content::Tactic::*;
    let r = rules_with(serde_json::json!({"tactics": true}));
    let g = battle(&r, "Tywin Lannister", "Catelyn Stark", true);
    let c = g.combat.clone().unwrap();
    let (a0, d0) = (g.strength(&r, &c, 0), g.strength(&r, &c, 1));
    let mut h = g.clone();
    with_tactic(&mut h, &r, 0, HoldTheLine);
    with_tactic(&mut h, &r, 1, ControlWesteros);
    assert_eq!((h.strength(&r, &c, 0), h.strength(&r, &c, 1)), (a0 + 1, d0 + 1), "Harrenhal is a city");
    let mut h = g.clone();
    with_tactic(&mut h, &r, 1, RallyBanners);
    assert_eq!(h.strength(&r, &c, 0), a0 + 1);
    let mut h = blank(&r, 3);
    let (wf, kh) = (area(&r, "winterfell"), area(&r, "karhold"));
    h.seats[0].supply = 0;
    put(&mut h, wf, 0, 3, 0, 0);
    put(&mut h, kh, 0, 2, 0, 0);
    assert!(!h.supply_ok(&r, 0, &[]));
    with_tactic(&mut h, &r, 0, ManageTroops);
    assert!(h.supply_ok(&r, 0, &[]));
}

/// Designed tactics: Tax Collectors +1 power per Consolidate Power; Raiding Parties lets a plain Raid remove a
/// Defense order.
#[test]
fn designed_tactics_tax_and_raids() {
    use super::super::content::Tactic::*;
    let r = rules_with(serde_json::json!({"tactics": true}));
    let mut g = blank(&r, 3);
    let (st, ha) = (area(&r, "stoney-sept"), area(&r, "harrenhal"));
    put(&mut g, st, 1, 1, 0, 0);
    g.areas[usize::from(st)].order = 7;
    put(&mut g, ha, 0, 1, 0, 0);
    g.areas[usize::from(ha)].order = 3;
    begin(&mut g, &r, Phase::Raid);
    assert!(!legal(&g, &r, 1).contains(&code(K_RAID, u32::from(st) << 8 | u32::from(ha))));
    with_tactic(&mut g, &r, 1, RaidingParties);
    assert!(legal(&g, &r, 1).contains(&code(K_RAID, u32::from(st) << 8 | u32::from(ha))));
    let mut g = blank(&r, 3);
    put(&mut g, ha, 0, 1, 0, 0);
    g.areas[usize::from(ha)].order = 9;
    with_tactic(&mut g, &r, 0, TaxCollectors);
    let p = g.seats[0].power;
    begin(&mut g, &r, Phase::Consolidate);
    act(&mut g, &r, 0, code(K_CP, u32::from(ha) << 1));
    assert_eq!(g.seats[0].power, p + 3);
}

/// Designed capture (variant 4): a leader whose army in a battle is wiped out becomes the winner's hostage; a
/// leader in a beaten army that can retreat goes with it; leaders add 1 strength.
#[test]
fn designed_leaders_fight_retreat_and_are_captured() {
    let r = rules_with(serde_json::json!({"sos_house_cards": true, "leaders": true}));
    let mut g = battle(&r, "Tywin Lannister", "Bran Stark", false);
    let ha = area(&r, "harrenhal");
    let robb = g.leaders.iter().position(|l| l.seat == 0).unwrap();
    g.leaders[robb].area = ha;
    let c = g.combat.clone().unwrap();
    let without = {
        let mut h = g.clone();
        h.leaders[robb].area = NONE;
        h.strength(&r, &c, 1)
    };
    assert_eq!(g.strength(&r, &c, 1), without + 1);
    // Make Stark lose: one footman and Robb (1 + 0 + 1) against 2 + 1 + 2 (Tywin, SoS).
    g.areas[usize::from(ha)].knight = 0;
    g.areas[usize::from(ha)].foot = 1;
    act(&mut g, &r, 0, choose(0));
    // Tywin has no swords: Stark's footman survives and retreats with Robb.
    let Pending::Choice { seat: 0, kind: ChoiceKind::Retreat, options } = g.pending.clone() else {
        panic!("{:?}", g.pending)
    };
    act(&mut g, &r, 0, choose(options[0]));
    assert_eq!(g.leaders[robb].area, options[0] as u8);
    // Now the same with Jaime's sword: the lone footman dies and Robb is taken.
    let mut g = battle(&r, "Ser Jaime Lannister", "Bran Stark", false);
    g.leaders[robb].area = ha;
    g.areas[usize::from(ha)].knight = 0;
    g.areas[usize::from(ha)].foot = 1;
    act(&mut g, &r, 0, choose(0));
    if let Pending::Choice { seat: 0, kind: ChoiceKind::Casualty, .. } = g.pending.clone() {
        act(&mut g, &r, 0, choose(0));
    }
    assert_eq!(g.leaders[robb].captor, 1);
    assert_eq!(g.leaders[robb].area, NONE);
    let v = g.make_view(&r, Viewer::Public);
    assert!(v.leaders.iter().any(|l| l.prisoner_of.as_deref() == Some("Lannister")));
}

/// Designed wildling cards: Skinchanger's Whisper (power) and Crows Fall Silent (King's Court).
#[test]
fn designed_wildling_cards_power_and_court() {
    use super::super::content::{WKey, WildKey};
    let r = rules_with(serde_json::json!({"wildling_cards": true}));
    let top = |g: &mut AgotBoard, k: WildKey| {
        let i = r.wild.iter().position(|w| w.0 == k).unwrap() as u8;
        g.wild_deck.retain(|&c| c != i);
        g.wild_deck.insert(0, i);
    };
    let cards = [wcard(&r, WKey::Supply), wcard(&r, WKey::GameOfThrones), wcard(&r, WKey::WildlingsAttack)];
    let mut g = AgotBoard::new(&r, 3, 2).unwrap();
    g.threat = 12;
    top(&mut g, WildKey::LosePower);
    westeros_with(&mut g, &r, cards);
    let before: Vec<u8> = g.seats.iter().map(|s| s.power).collect();
    bid_all(&mut g, &r, &[1, 0, 2]);
    assert_eq!(g.seats[1].power, 0, "lowest bidder loses everything");
    assert_eq!(g.seats[0].power, before[0] - 1 - 2);
    assert_eq!(g.seats[2].power, before[2] - 2 - 2);
    let mut g = AgotBoard::new(&r, 3, 2).unwrap();
    g.threat = 1;
    top(&mut g, WildKey::CourtBottom);
    westeros_with(&mut g, &r, cards);
    let last = *g.court.last().unwrap();
    let mut bids = [0u8; 3];
    bids[usize::from(last)] = 2;
    bid_all(&mut g, &r, &bids);
    assert_eq!(g.court[0], last, "the highest bidder moves to the top of King's Court");
}
