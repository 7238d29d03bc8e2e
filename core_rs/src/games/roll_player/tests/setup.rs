//! Section "Первоначальная раскладка" (Setup).

use super::helpers::*;
use crate::engine::{Events, Game};
use crate::games::roll_player::content::GOLD;
use crate::games::roll_player::rules::actions::*;
use crate::games::roll_player::state::{RollPlayer, Step, NONE};

/// Setup: 73 dice in the bag; 5 gold each, +1 for the third and +2 for the fourth player in turn order;
/// Initiative cards 1..players+1 with a coin on every card but the first and the last.
#[test]
fn s1_setup_bag_gold_and_initiative_coins() {
    let r = default_rules();
    for seed in 0..5 {
        let g = RollPlayer::new(&r, 4, seed).unwrap();
        assert_eq!(g.bag.iter().map(|&c| u32::from(c)).sum::<u32>(), 73);
        assert_eq!(g.bag, [10, 10, 10, 10, 10, 10, 13]);
        let f = usize::from(g.first);
        let gold: Vec<u16> = (0..4).map(|i| g.seats[(f + i) % 4].gold).collect();
        assert_eq!(gold, vec![5, 5, 6, 7]);
        assert_eq!(g.init.iter().map(|c| c.coin).collect::<Vec<_>>(), vec![false, true, true, true, false]);
        assert_eq!(g.step, Step::Race { seat: g.first }, "the first player chooses a sheet first");
    }
    let g = RollPlayer::new(&r, 2, 1).unwrap();
    assert_eq!(g.init.iter().map(|c| c.coin).collect::<Vec<_>>(), vec![false, true, false]);
    assert!(g.seats.iter().all(|s| s.gold == 5));
}

/// Setup: the first player is decided by a die roll (every seat can start).
#[test]
fn s1_setup_first_player_by_die_roll() {
    let r = default_rules();
    let firsts: std::collections::BTreeSet<u8> = (0..60).map(|s| RollPlayer::new(&r, 4, s).unwrap().first).collect();
    assert_eq!(firsts.len(), 4);
}

/// Setup: the first-player roll is told to everyone: a hosted match's event log opens with it (the seat that
/// starts and its winning roll), and the narrated setup is the same state as the silent one.
#[test]
fn s1_setup_first_player_roll_in_event_log() {
    use crate::engine::{Logged, Viewer};
    use crate::erased::{DynRuleset, RulesetOf};
    use crate::games::roll_player::state::Event;
    let r = default_rules();
    let rs = RulesetOf::<RollPlayer>::parse(&content_json(), "{}").unwrap();
    for seed in 0..8 {
        let mut ev = Events::new();
        let narrated = RollPlayer::new_narrated(&r, 3, seed, &mut ev).unwrap();
        let silent = RollPlayer::new(&r, 3, seed).unwrap();
        assert_eq!(rmp_serde::to_vec(&narrated).unwrap(), rmp_serde::to_vec(&silent).unwrap());
        let log: Vec<&Logged<Event>> = ev.all();
        assert_eq!(log.len(), 1);
        match &log[0].event {
            Event::FirstPlayer { seat, roll } => {
                assert_eq!(*seat, silent.first);
                assert!((1..=6).contains(roll));
            }
            other => panic!("setup narrated {other:?}"),
        }
        let m = rs.new_match(3, seed).unwrap();
        assert_eq!(m.event_count(), 1, "the match's log starts with the roll");
        let events: serde_json::Value = rmp_serde::from_slice(&m.events_msgpack(0, Viewer::Public)).unwrap();
        assert_eq!(events[0]["event"]["FirstPlayer"]["seat"], u64::from(silent.first), "{events}");
    }
}

/// Setup: class by drawing a die — never gold, never a colour already taken; choose one of the card's two sides.
#[test]
fn s1_setup_class_by_drawn_die_skips_gold_and_taken_colours() {
    let r = default_rules();
    for seed in 0..20 {
        let mut g = RollPlayer::new(&r, 4, seed).unwrap();
        while let Step::Race { .. } = g.step {
            let a = legal(&g, &r)[0];
            act(&mut g, &r, a);
        }
        let mut colours = Vec::new();
        while let Step::Class { color, .. } = g.step {
            assert!(color != GOLD && color != NONE && !colours.contains(&color));
            let l = legal(&g, &r);
            assert_eq!(l.len(), 2, "the two sides of the class card");
            assert!(l.iter().all(|&a| r.classes[a as usize].color == color));
            colours.push(color);
            act(&mut g, &r, l[1]);
        }
        assert_eq!(g.bag.iter().map(|&c| u32::from(c)).sum::<u32>() + 4 * 8, 73, "class dice went back");
    }
}

/// Setup (alternative): classes are chosen in reverse turn order, ending with the first player.
#[test]
fn s1_setup_class_choice_in_reverse_order() {
    let r = rules(r#"{"class_selection": "choose"}"#);
    let mut g = RollPlayer::new(&r, 3, 4).unwrap();
    while let Step::Race { .. } = g.step {
        let a = legal(&g, &r)[0];
        act(&mut g, &r, a);
    }
    let first = g.first;
    let mut order = Vec::new();
    while let Step::Class { seat, .. } = g.step {
        order.push(seat);
        let l = legal(&g, &r);
        assert_eq!(l.len(), 12 - 2 * (order.len() - 1), "taken colour cards are gone");
        act(&mut g, &r, l[0]);
    }
    assert_eq!(order, vec![(first + 2) % 3, (first + 1) % 3, first]);
}

/// Setup: the market deck is the 1-dot stack over the 2-dot stack after discarding 3 (3 players) or 7
/// (2 players) from each; the market holds players + 1 cards.
#[test]
fn s1_setup_market_deck_one_dot_over_two_dot() {
    let r = default_rules();
    for (players, cut) in [(2u8, 7usize), (3, 3), (4, 0)] {
        let g = through_setup(&r, players, 3);
        assert_eq!(g.discard.len(), 2 * cut);
        assert_eq!(g.market.len(), usize::from(players) + 1);
        assert_eq!(g.deck.len() + g.discard.len() + g.market.len(), 53);
        assert!(g.market.iter().all(|&c| r.cards[usize::from(c)].group == 1));
        // Popping from the end: all remaining 1-dot cards come before any 2-dot card.
        let groups: Vec<u8> = g.deck.iter().rev().map(|&c| r.cards[usize::from(c)].group).collect();
        let first_two = groups.iter().position(|&x| x == 2).unwrap();
        assert!(groups[first_two..].iter().all(|&x| x == 2));
        assert_eq!(first_two, 26 - cut - usize::from(players) - 1);
        assert!(g.seats.iter().all(|s| s.token == 4), "tracking token in the centre");
        assert!(g.seats.iter().all(|s| s.backstory != NONE && s.alignment != NONE));
    }
}

/// Setup: players + 4 starting dice, placed leftmost, no attribute actions; +1 gold per filled row and
/// +2 per gold die (Thief +4).
#[test]
fn s1_setup_starting_dice_gold() {
    let r = default_rules();
    let mut g = RollPlayer::new(&r, 3, 8).unwrap();
    while !matches!(g.step, Step::StartDice { .. }) {
        let a = legal(&g, &r)[0];
        act(&mut g, &r, a);
    }
    assert!(g.seats.iter().all(|s| s.pool.len() == 7));
    let p = usize::from(g.first);
    // Forge this seat's roll: three gold dice and four others; it fills STR and DEX completely.
    g.seats[p].pool =
        vec![d("gold", 3), d("gold", 5), d("gold", 1), d("red", 2), d("red", 4), d("blue", 6), d("white", 1)];
    let gold_before = g.seats[p].gold; // gold dice were already paid when drawn; pay ours by hand
    for _ in 0..3 {
        act(&mut g, &r, START); // die 0 into STR
    }
    for _ in 0..3 {
        act(&mut g, &r, START + 1); // die 0 into DEX
    }
    assert!(matches!(g.step, Step::StartDice { seat } if usize::from(seat) == p));
    let l = legal(&g, &r);
    assert_eq!(l.len(), 4, "one die left, four rows with room: {l:?}");
    act(&mut g, &r, START + 5);
    assert_eq!(g.seats[p].gold, gold_before + 2, "two full rows");
    assert_eq!(g.seats[p].sheet[5][0], d("white", 1), "leftmost space");
}

/// Setup: the Thief takes 4 gold per gold starting die instead of 2.
#[test]
fn s1_setup_thief_gets_four_gold_per_gold_die() {
    let r = default_rules();
    let thief = class_id(&r, "Thief");
    let mut found = 0;
    for seed in 0..400 {
        let mut g = RollPlayer::new(&r, 2, seed).unwrap();
        let mut ev = Events::disabled();
        while !matches!(g.step, Step::StartDice { .. }) {
            let p = g.actor().unwrap();
            let l = legal(&g, &r);
            let a = l.iter().copied().find(|&a| a == CLASS + u32::from(thief)).unwrap_or(l[0]);
            g.apply(&r, p, a, &mut ev).unwrap();
        }
        for s in &g.seats {
            let golds = s.pool.iter().filter(|d| d.color == GOLD).count() as u16;
            let per = if s.class == thief { 4 } else { 2 };
            assert_eq!(s.gold, 5 + per * golds);
            if s.class == thief && golds > 0 {
                found += 1;
            }
        }
    }
    assert!(found > 0);
}

/// Setup: everyone rolls, the highest starts; a balance study records that seat as the match's first player
/// (it passes on each round), so its win share can be asked about apart from seat index.
#[test]
fn s1_the_runner_records_the_drawn_first_player() {
    use crate::rng::Rng;
    use crate::runner::{play_jobs, MatchJob, SimConfig};
    let r = default_rules();
    let jobs: Vec<MatchJob> = (0..12).map(|deal| MatchJob { deal, seats: vec![0, 0, 0] }).collect();
    let recs = play_jobs::<RollPlayer>(&r, &SimConfig::new(3, 0, &["random"], 4, 1), &jobs).unwrap();
    let mut starters = std::collections::BTreeSet::new();
    for (job, rec) in jobs.iter().zip(&recs) {
        let game_seed = Rng::derive(4, job.deal).next_u64();
        let drawn = RollPlayer::new(&r, 3, game_seed).unwrap().first;
        assert_eq!(rec.first, Some(drawn), "deal {}", job.deal);
        assert!(rec.forced <= rec.decisions && rec.decisions < rec.choices);
        starters.insert(drawn);
    }
    assert!(starters.len() > 1, "the draw varies from deal to deal: {starters:?}");
}
