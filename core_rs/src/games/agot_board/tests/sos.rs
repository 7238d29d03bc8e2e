//! The Storm of Swords options text (the law): three-player game, victory by claims, hostage execution and
//! the five variants for the original board.

use super::super::content::{WKey, WildKey};
use super::*;
use crate::engine::{SetupError, Viewer};

fn all_sos() -> Rules {
    rules_with(serde_json::json!({"sos_house_cards": true, "sos_westeros": true, "leaders": true}))
}

fn leader_index(g: &AgotBoard, r: &Rules, seat: Player, name: &str) -> usize {
    let house = g.seats[usize::from(seat)].house;
    g.leaders
        .iter()
        .position(|l| l.seat == seat && r.card(house, l.card).is_some_and(|c| c.name == name))
        .expect("leader")
}

/// «Казнь Заложников», worked example: Lannister is the only player with a hostage (Eddard Stark) when Swing
/// the Sword is drawn; he executes Eddard; Eddard's leader token and house card leave the game, and Stark has
/// one house card fewer for the rest of the game.
#[test]
fn sos_hostage_execution_worked_example_lannister_executes_eddard() {
    let r = all_sos();
    let mut g = AgotBoard::new(&r, 5, 3).unwrap();
    let (lan, stark) = (seat_of(&g, &r, "lannister"), seat_of(&g, &r, "stark"));
    let ed = leader_index(&g, &r, stark, "Eddard Stark");
    g.leaders[ed].area = NONE;
    g.leaders[ed].captor = lan;
    let last = wcard(&r, WKey::LastDays);
    westeros_with(&mut g, &r, [last, last, wcard(&r, WKey::SwingTheSword)]);
    let Pending::Choice { seat, kind: ChoiceKind::Execute, options } = g.pending.clone() else {
        panic!("expected the execution question, got {:?}", g.pending)
    };
    assert_eq!(seat, lan, "only the Lannister player holds a hostage");
    assert_eq!(options, vec![ed as u16, u16::from(NONE)]);
    act(&mut g, &r, lan, choose(ed as u16));
    let card = g.leaders[ed].card;
    assert!(g.leaders[ed].dead && g.leaders[ed].captor == NONE && g.leaders[ed].area == NONE);
    let s = &g.seats[usize::from(stark)];
    assert!(s.removed & (1 << card) != 0 && s.hand & (1 << card) == 0 && s.discard & (1 << card) == 0);
    assert_eq!((s.hand | s.discard).count_ones(), 6, "Stark has one house card fewer");
    assert_eq!(g.phase, Phase::Planning, "the Westeros phase goes on");
    // For the rest of the game: the card never comes back, not even when the hand is refilled.
    let mut g2 = g.clone();
    g2.seats[usize::from(stark)].discard = 0x7F & !(1 << card);
    g2.seats[usize::from(stark)].hand = 0;
    g2.kill_leader(&r, ed, &mut Events::disabled());
    assert_eq!(g2.seats[usize::from(stark)].hand & (1 << card), 0);
}

/// «Казнь Заложников»: each player, in turn, may execute one hostage in his prison (or spare them).
#[test]
fn sos_hostage_execution_each_player_in_turn_may_execute_one() {
    let r = all_sos();
    let mut g = AgotBoard::new(&r, 4, 5).unwrap();
    let (lan, stark, bar) = (seat_of(&g, &r, "lannister"), seat_of(&g, &r, "stark"), seat_of(&g, &r, "baratheon"));
    let robb = leader_index(&g, &r, stark, "Robb Stark");
    let ed = leader_index(&g, &r, stark, "Eddard Stark");
    let jaime = leader_index(&g, &r, lan, "Ser Jaime Lannister");
    for (l, c) in [(robb, lan), (ed, lan), (jaime, bar)] {
        g.leaders[l].area = NONE;
        g.leaders[l].captor = c;
    }
    let last = wcard(&r, WKey::LastDays);
    westeros_with(&mut g, &r, [last, last, wcard(&r, WKey::SwingTheSword)]);
    // Iron Throne order: Baratheon before Lannister (2E start order).
    let Pending::Choice { seat, .. } = g.pending.clone() else { panic!() };
    assert_eq!(seat, bar);
    act(&mut g, &r, bar, choose(u16::from(NONE)));
    let Pending::Choice { seat, options, .. } = g.pending.clone() else { panic!() };
    assert_eq!(seat, lan);
    assert_eq!(options.len(), 3, "two hostages or spare");
    act(&mut g, &r, lan, choose(robb as u16));
    assert!(g.leaders[robb].dead && !g.leaders[ed].dead && !g.leaders[jaime].dead);
    assert_eq!(g.leaders[ed].captor, lan, "only one execution per player");
    assert_eq!(g.phase, Phase::Planning);
}

/// «Победа в игре»: a player with 8 claims wins at once.
#[test]
fn sos_victory_eight_claims_wins_at_once() {
    let r = rules_with(serde_json::json!({"sos_victory": true}));
    let mut g = blank(&r, 4);
    let castles: Vec<u8> = (0..r.areas.len() as u8)
        .filter(|&a| r.areas[usize::from(a)].castle != super::super::content::Castle::None)
        .take(7)
        .collect();
    for &a in &castles[..6] {
        put(&mut g, a, 2, 1, 0, 0);
    }
    g.throne = vec![0, 1, 2, 3];
    g.court = vec![2, 0, 1, 3];
    g.fief = vec![2, 0, 1, 3];
    assert_eq!(g.claims_of(&r, 2), 8);
    begin(&mut g, &r, Phase::Consolidate);
    let out = g.outcome().expect("over at once");
    assert_eq!(out.winners.iter().collect::<Vec<_>>(), vec![2]);
}

/// «Победа в игре»: after round 10 the most claims win; ties go to cities and strongholds, then the Supply
/// track, then available power; a full tie is a draw.
#[test]
fn sos_victory_most_claims_after_round_ten_with_tie_breaks() {
    let r = rules_with(serde_json::json!({"sos_victory": true}));
    let city = |i: usize| {
        (0..r.areas.len() as u8)
            .filter(|&a| r.areas[usize::from(a)].castle != super::super::content::Castle::None)
            .nth(i)
            .unwrap()
    };
    let finish = |g: &mut AgotBoard| {
        g.round = 10;
        begin(g, &r, Phase::Consolidate);
        g.outcome().expect("game over after round 10")
    };
    // Seat 0: 2 castles + the Iron Throne = 3 claims; seat 1: 3 castles = 3 claims -> castles decide.
    let mut g = blank(&r, 3);
    g.throne = vec![0, 2, 1];
    g.fief = vec![2, 0, 1];
    g.court = vec![2, 0, 1];
    put(&mut g, city(0), 0, 1, 0, 0);
    put(&mut g, city(1), 0, 1, 0, 0);
    for i in 2..5 {
        put(&mut g, city(i), 1, 1, 0, 0);
    }
    put(&mut g, city(5), 2, 1, 0, 0);
    // seat 2: 1 castle + 2 tokens = 3 claims, fewest castles
    let out = finish(&mut g.clone());
    assert_eq!(out.winners.iter().collect::<Vec<_>>(), vec![1]);
    // The score a player reads is the claims; the tie-breaks only order the seats.
    assert_eq!(out.scores, vec![3.0, 3.0, 3.0]);
    assert_eq!(out.ranks, vec![2, 1, 3]);
    // Equal claims and castles: supply decides, then power, then a draw.
    let mut g = blank(&r, 3);
    g.throne = vec![0, 1, 2];
    g.fief = vec![1, 0, 2];
    g.court = vec![2, 0, 1];
    put(&mut g, city(0), 0, 1, 0, 0);
    put(&mut g, city(1), 1, 1, 0, 0);
    g.seats[0].supply = 2;
    g.seats[1].supply = 1;
    assert_eq!(finish(&mut g.clone()).winners.iter().collect::<Vec<_>>(), vec![0]);
    g.seats[1].supply = 2;
    g.seats[0].power = 3;
    g.seats[1].power = 4;
    g.seats[2].power = 0;
    assert_eq!(finish(&mut g.clone()).winners.iter().collect::<Vec<_>>(), vec![1]);
    g.seats[0].power = 4;
    let out = finish(&mut g.clone());
    assert_eq!(out.winners.iter().collect::<Vec<_>>(), vec![0, 1], "a draw");
}

/// «Игра с тремя игроками»: Greyjoy is out; its starting units stand as neutral forces with one more footman
/// in each of its areas; Pyke and Flint's Finger may never be entered (not even by ship transport).
#[test]
fn sos_three_player_greyjoy_start_becomes_neutral_and_pyke_is_closed() {
    let r = rules_with(serde_json::json!({"sos_three_player": true}));
    let g = AgotBoard::new(&r, 3, 1).unwrap();
    assert!(g.seats.iter().all(|s| r.houses[usize::from(s.house)].key != "greyjoy"));
    assert_eq!(g.areas[usize::from(area(&r, "greywater-watch"))].neutral, 2, "1 footman + 1");
    assert_eq!(g.areas[usize::from(area(&r, "ironmans-bay"))].neutral, 1, "the ship stays, as a neutral force");
    assert!(g.areas[usize::from(area(&r, "pyke"))].closed && g.areas[usize::from(area(&r, "flints-finger"))].closed);
    // A Stark army next to Flint's Finger, with a ship to carry it, still cannot go there.
    let mut g = g;
    let stark = seat_of(&g, &r, "stark");
    let (sg, bay) = (area(&r, "the-stony-shore"), area(&r, "bay-of-ice"));
    put(&mut g, sg, stark, 2, 0, 0);
    put(&mut g, bay, stark, 0, 0, 1);
    g.areas[usize::from(sg)].order = 1;
    g.orders_hidden = false;
    for s in &mut g.seats {
        s.locked = true;
    }
    begin(&mut g, &r, Phase::March);
    while g.pending != Pending::Moving(stark) {
        let Pending::March(p) = g.pending.clone() else { panic!("{:?}", g.pending) };
        if p == stark {
            act(&mut g, &r, stark, code(K_MARCH, u32::from(sg)));
        } else {
            let a = legal(&g, &r, p)[0];
            act(&mut g, &r, p, a);
            while let Pending::Moving(q) = g.pending.clone() {
                act(&mut g, &r, q, code(K_END, 0));
            }
        }
    }
    let dests: Vec<u8> =
        legal(&g, &r, stark).iter().filter(|&&a| a >> 16 == K_MOVE).map(|&a| (a & 0xFF) as u8).collect();
    assert!(dests.contains(&area(&r, "winterfell")), "ordinary moves still work");
    assert!(dests.contains(&area(&r, "greywater-watch")), "transport across the Bay of Ice works");
    assert!(!dests.contains(&area(&r, "flints-finger")) && !dests.contains(&area(&r, "pyke")));
}

/// «Игра с тремя игроками»: the other houses close up on the influence tracks, so Stark heads the Fiefdoms
/// track and holds the Valyrian Steel Blade; Greyjoy is on no track.
#[test]
fn sos_three_player_tracks_close_up_stark_holds_the_blade() {
    let r = rules_with(serde_json::json!({"sos_three_player": true}));
    let g = AgotBoard::new(&r, 3, 1).unwrap();
    let stark = seat_of(&g, &r, "stark");
    assert_eq!(g.fief[0], stark);
    assert_eq!(g.fief.len(), 3);
    assert_eq!(g.throne.len(), 3);
    assert_eq!(g.court.len(), 3);
}

/// Variant 1 «Новые Карты Домов»: the seven SoS cards per house replace the original set entirely (no mixing),
/// with strengths 0–4.
#[test]
fn sos_variant1_new_house_cards_replace_the_original_set() {
    let base = rules();
    let sos = rules_with(serde_json::json!({"sos_house_cards": true}));
    for h in 0..5 {
        assert_eq!(sos.cards[h].len(), 7);
        let mut s: Vec<u8> = sos.cards[h].iter().map(|c| c.strength).collect();
        s.sort_unstable();
        assert_eq!(s, vec![0, 1, 1, 2, 2, 3, 4]);
        let mut b: Vec<u8> = base.cards[h].iter().map(|c| c.strength).collect();
        b.sort_unstable();
        assert_eq!(b, vec![0, 0, 1, 1, 2, 2, 3]);
    }
    let stark = base.houses.iter().position(|h| h.key == "stark").unwrap();
    assert!(sos.cards[stark].iter().any(|c| c.name == "Bran Stark"));
    assert!(!sos.cards[stark].iter().any(|c| c.name == "Maester Luwin"), "sets are never mixed");
}

/// Variant 2 «Новая Колода Вестероса»: the SoS decks replace the originals (deck III with the throne symbol,
/// holding Swing the Sword); decks are never mixed.
#[test]
fn sos_variant2_new_westeros_decks_replace_the_originals() {
    let base = rules();
    let sos = rules_with(serde_json::json!({"sos_westeros": true}));
    let keys = |r: &Rules, d: usize| r.decks[d].iter().map(|&c| r.wcards[usize::from(c)].key).collect::<Vec<_>>();
    assert!(keys(&sos, 2).contains(&WKey::SwingTheSword));
    assert!(!keys(&sos, 2).contains(&WKey::RainsFootmen));
    assert!(keys(&base, 2).contains(&WKey::RainsFootmen));
    assert!(!keys(&base, 2).contains(&WKey::SwingTheSword));
    for d in 0..3 {
        assert_eq!(sos.decks[d].len(), 10);
        assert_eq!(base.decks[d].len(), 10);
    }
}

/// Variant 3 «Карты Тактики»: six tactics per player; one is picked in secret with the orders (designed use).
#[test]
fn sos_variant3_tactics_six_per_player_picked_in_secret() {
    let r = rules_with(serde_json::json!({"tactics": true}));
    let mut g = AgotBoard::new(&r, 3, 2).unwrap();
    assert_eq!(r.tactics.len(), 6);
    assert!(g.seats.iter().all(|s| s.tactics.count_ones() == 6));
    assert!(!legal(&g, &r, 0).contains(&PASS), "a tactic must be picked before locking");
    act(&mut g, &r, 0, code(K_TACTIC, 2));
    assert!(legal(&g, &r, 0).contains(&PASS));
    let v = g.make_view(&r, Viewer::Player(1));
    assert!(v.seats[0].tactic.is_none(), "hidden from the others before the reveal");
    assert!(g.make_view(&r, Viewer::Player(0)).seats[0].tactic.is_some());
    for p in 0..3 {
        if legal(&g, &r, p).contains(&code(K_TACTIC, 0)) && g.seats[usize::from(p)].tactic == NONE {
            act(&mut g, &r, p, code(K_TACTIC, 0));
        }
        act(&mut g, &r, p, PASS);
    }
    assert!(g.make_view(&r, Viewer::Player(1)).seats[0].tactic.is_some(), "revealed with the orders");
}

/// Variant 4 «Лидеры и Тюрьмы»: both leaders start in the house's home area; the Eyrie, King's Landing and
/// Sunspear neutral tokens are 1 stronger; the SoS house cards are required.
#[test]
fn sos_variant4_leaders_start_at_home_and_neutrals_are_stronger() {
    let r = all_sos();
    let plain = rules();
    let g = AgotBoard::new(&r, 5, 1).unwrap();
    let g0 = AgotBoard::new(&plain, 5, 1).unwrap();
    assert_eq!(g.leaders.len(), 10);
    for l in &g.leaders {
        assert_eq!(l.area, r.houses[usize::from(g.seats[usize::from(l.seat)].house)].home);
    }
    for key in ["the-eyrie", "kings-landing", "sunspear"] {
        let a = usize::from(area(&r, key));
        assert_eq!(g.areas[a].neutral, g0.areas[a].neutral + 1, "{key}");
    }
    let opts = r#"{"sos_house_cards": false, "sos_westeros": true, "tactics": false, "leaders": true,
        "wildling_cards": false, "sos_victory": false, "sos_three_player": false}"#;
    assert!(matches!(AgotBoard::ruleset(&content_json(), opts), Err(SetupError::Option { .. })));
    // With the original Westeros decks hostages cannot be executed: there is no Swing the Sword.
    let orig = rules_with(serde_json::json!({"sos_house_cards": true, "leaders": true}));
    assert!(orig.wcards.iter().all(|w| w.key != WKey::SwingTheSword));
}

/// Variant 4, last point: a leader whose every unit is removed by a wildling attack is destroyed (as if
/// executed): token and house card leave the game.
#[test]
fn sos_variant4_leader_wiped_out_by_wildlings_is_executed() {
    let r = all_sos();
    let mut g = AgotBoard::new(&r, 3, 4).unwrap();
    let stark = seat_of(&g, &r, "stark");
    let robb = leader_index(&g, &r, stark, "Robb Stark");
    // Stark keeps one footman at Winterfell with both leaders, nothing else.
    for a in &mut g.areas {
        if a.owner == stark {
            *a = Area { neutral: a.neutral, closed: a.closed, ..Area::EMPTY };
        }
    }
    let wf = area(&r, "winterfell");
    put(&mut g, wf, stark, 1, 0, 0);
    g.threat = 12;
    let last = wcard(&r, WKey::LastDays);
    westeros_with(&mut g, &r, [last, last, wcard(&r, WKey::WildlingsAttack)]);
    bid_all(&mut g, &r, &[0, 0, 0]);
    // 1E results: everyone sacrifices units; Stark must give up its last footman.
    while let Pending::Choice { seat, kind: ChoiceKind::Sacrifice, options } = g.pending.clone() {
        act(&mut g, &r, seat, choose(options[0]));
    }
    assert!(g.leaders[robb].dead, "the leader died with his army");
    let card = g.leaders[robb].card;
    assert!(g.seats[usize::from(stark)].removed & (1 << card) != 0);
}

/// Variant 5 «Карты Одичалых», worked example: 5 players, threat 5; Last Days of Summer (I), Clash of Kings
/// (II) and Wildlings Attack (III) are revealed, so the top wildling card is revealed too. Last Days' wildling
/// icon raises the threat to 6; the players bid for the tracks, then against the wildlings: Baratheon,
/// Greyjoy, Stark and Tyrell bid 1 each, Lannister nothing — 4 < 6, the wildlings win. Lannister (lowest)
/// discards his strongest house card; the others discard a random card each. The threat returns to 0 and the
/// revealed Westeros and wildling cards go face down under their decks.
#[test]
fn sos_variant5_worked_example_wildling_victory() {
    let r = rules_with(serde_json::json!({"wildling_cards": true}));
    let mut g = AgotBoard::new(&r, 5, 9).unwrap();
    g.threat = 5;
    let strongest = r.wild.iter().position(|w| w.0 == WildKey::DiscardStrongest).unwrap() as u8;
    g.wild_deck.retain(|&c| c != strongest);
    g.wild_deck.insert(0, strongest);
    let (last, clash, attack) = (wcard(&r, WKey::LastDays), wcard(&r, WKey::Clash), wcard(&r, WKey::WildlingsAttack));
    westeros_with(&mut g, &r, [last, clash, attack]);
    assert_eq!(g.wild_card, strongest, "the wildling card is revealed with the Wildlings Attack");
    assert_eq!(g.threat, 6, "Last Days of Summer carries a wildling icon");
    // Clash of Kings: three tracks, everyone bids nothing.
    for _ in 0..3 {
        bid_all(&mut g, &r, &[0, 0, 0, 0, 0]);
    }
    let lan = seat_of(&g, &r, "lannister");
    let hands: Vec<u8> = g.seats.iter().map(|s| s.hand).collect();
    let bids: Vec<u8> = (0..5).map(|p| u8::from(p != lan)).collect();
    bid_all(&mut g, &r, &bids);
    let Pending::Choice { seat, kind: ChoiceKind::DiscardStrongest, options } = g.pending.clone() else {
        panic!("{:?}", g.pending)
    };
    assert_eq!(seat, lan);
    let house = g.seats[usize::from(lan)].house;
    let top = r.cards[usize::from(house)].iter().map(|c| c.strength).max().unwrap();
    assert!(options.iter().all(|&o| r.cards[usize::from(house)][usize::from(o)].strength == top));
    act(&mut g, &r, lan, choose(options[0]));
    for (p, s) in g.seats.iter().enumerate() {
        assert_eq!(s.hand.count_ones(), hands[p].count_ones() - 1, "seat {p} discarded one card");
    }
    assert_eq!(g.seats[usize::from(lan)].discard, 1 << options[0]);
    assert_eq!(g.threat, 0);
    assert_eq!(*g.wild_deck.last().unwrap(), strongest, "the wildling card goes under its deck");
    assert_eq!(g.decks[0].last(), Some(&last));
    assert_eq!(g.decks[1].last(), Some(&clash));
    assert_eq!(g.decks[2].last(), Some(&attack));
    assert_eq!(g.phase, Phase::Planning);
}

/// Variant 5: with the Night's Watch winning, the wildling card's highest-bidder result applies (here the
/// rulebook card: nothing happens) and nobody loses a card.
#[test]
fn sos_variant5_nights_watch_victory_uses_the_card() {
    let r = rules_with(serde_json::json!({"wildling_cards": true}));
    let mut g = AgotBoard::new(&r, 3, 9).unwrap();
    g.threat = 2;
    let strongest = r.wild.iter().position(|w| w.0 == WildKey::DiscardStrongest).unwrap() as u8;
    g.wild_deck.retain(|&c| c != strongest);
    g.wild_deck.insert(0, strongest);
    let last = wcard(&r, WKey::Supply);
    westeros_with(&mut g, &r, [last, wcard(&r, WKey::GameOfThrones), wcard(&r, WKey::WildlingsAttack)]);
    let hands: Vec<u8> = g.seats.iter().map(|s| s.hand).collect();
    bid_all(&mut g, &r, &[1, 1, 1]);
    assert_eq!(g.seats.iter().map(|s| s.hand).collect::<Vec<_>>(), hands);
    assert_eq!(g.threat, 0);
}

/// «Игра с тремя игроками»: "Стартовые отряды для Грейджой выставляются на поле как обычно, с добавлением 1
/// дополнительного Воина в каждой области под контролем Грейджой. Эти отряды действуют как нейтральные силы": the
/// extra footman goes into each land area; Greyjoy's ship in Ironman's Bay stays as a neutral force of strength 1
/// (a footman cannot stand at sea, so none is added there).
#[test]
fn sos_three_player_extra_footman_goes_to_land_areas_only() {
    let r = rules_with(serde_json::json!({"sos_three_player": true}));
    let g = AgotBoard::new(&r, 3, 2).unwrap();
    let greyjoy = r.houses.iter().find(|h| h.key == "greyjoy").unwrap();
    for &(a, f, k, _) in &greyjoy.units {
        let x = &g.areas[usize::from(a)];
        if r.areas[usize::from(a)].sea {
            let ships = greyjoy.units.iter().find(|u| u.0 == a).map_or(0, |u| u.3);
            assert_eq!((x.neutral, x.closed, x.units()), (ships, false, 0), "{}: the ships, neutral", r.area_name(a));
        } else if !x.closed {
            assert_eq!(x.neutral, f + 2 * k + 1, "{}: the start units plus one footman", r.area_name(a));
        }
    }
    let at_sea: Vec<u8> = (0..g.areas.len() as u8)
        .filter(|&a| r.areas[usize::from(a)].sea && g.areas[usize::from(a)].neutral > 0)
        .collect();
    assert_eq!(at_sea, vec![area(&r, "ironmans-bay")], "the only neutral force at sea is Greyjoy's ship");
}

/// The expansion is its own plugin: the agot-board content alone is the base game (no options needed, all off),
/// and each Storm of Swords option without the expansion's content is refused by name, saying what to install.
#[test]
fn sos_options_need_the_storm_of_swords_content() {
    let base = base_content_json();
    let r = AgotBoard::ruleset(&base, "{}").expect("the base game needs no options");
    assert!(r.tactics.is_empty() && r.wild.is_empty() && r.leader_bonus_areas.is_empty());
    assert_eq!(r.cards[0][0].name, rules().cards[0][0].name, "the original house cards");
    let mut g = AgotBoard::new(&r, 3, 9).unwrap();
    assert!(random_play(&mut g, &r, 9) > 10);
    for name in
        ["sos_house_cards", "sos_westeros", "tactics", "leaders", "wildling_cards", "sos_victory", "sos_three_player"]
    {
        let opts = serde_json::json!({ name: true, "sos_house_cards": true }).to_string();
        let opts = if name == "leaders" { opts } else { serde_json::json!({ name: true }).to_string() };
        match AgotBoard::ruleset(&base, &opts) {
            Err(SetupError::Option { name: n, reason }) => {
                assert!(reason.contains("ravenry-storm-of-swords"), "{reason}");
                assert!(n == name || (name == "leaders" && n == "sos_house_cards"), "{n} for {name}");
            }
            other => panic!("{name} without the SoS content: {other:?}"),
        }
        assert!(AgotBoard::ruleset(&content_json(), &opts).is_ok(), "{name} with it");
    }
}
