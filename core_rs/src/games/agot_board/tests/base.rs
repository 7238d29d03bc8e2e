//! Base-game skeleton (research §3): round structure, planning, raids, marches, battles, supply, mustering,
//! bidding, wildlings, victory. This file holds whole matches, victory, state checks and the battle scenario the
//! card tests share; the orders are in `orders`, the battles in `battles`, the Westeros-phase work in `westeros`.

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

use crate::engine::Viewer;

pub(super) fn card_idx(g: &AgotBoard, r: &Rules, p: Player, name: &str) -> u32 {
    let h = usize::from(g.seats[usize::from(p)].house);
    r.cards[h].iter().position(|c| c.name == name).unwrap_or_else(|| panic!("no card {name}")) as u32
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
