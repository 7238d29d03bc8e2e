//! Scenario tests, named after the rule sections of docs/games/hearts.md (OpenSpiel's `hearts.cc` rules).

use super::bots::Heuristic;
use super::rules::parse_rules;
use super::state::*;
use crate::bots::{Bot, RandomBot};
use crate::engine::{check_players, snapshot, Action, Events, Game, PlayerSet, Viewer};
use crate::rng::Rng;

fn rules(options: &str) -> Rules {
    parse_rules("{}", options).unwrap()
}

fn card(name: &str) -> Card {
    let b = name.as_bytes();
    let rank = RANK_CHARS.iter().position(|&r| r == b[0]).unwrap() as u8;
    let suit = SUIT_CHARS.iter().position(|&s| s == b[1]).unwrap() as u8;
    suit * RANKS + rank
}

fn mask(names: &str) -> u64 {
    names.split_whitespace().fold(0, |m, n| m | bit(card(n)))
}

fn names(m: u64) -> String {
    cards_of(m).into_iter().map(card_name).collect::<Vec<_>>().join(" ")
}

/// A play-phase table where the seats hold `hands`, the trick so far is `trick` led by `leader`, and every
/// other card was played in earlier tricks (taken by seat 0, scoring nothing), so that the state validates.
fn table(r: &Rules, hands: [&str; 4], leader: u8, trick: &[&str], hearts_broken: bool) -> Hearts {
    let mut g = Hearts::new(r, 4, 1).unwrap();
    g.phase = Phase::Play;
    g.pass_direction = PassDirection::None;
    g.passed = [0; SEATS];
    g.hands = hands.map(mask);
    g.trick_len = trick.len() as u8;
    for (i, n) in trick.iter().enumerate() {
        g.trick[i] = card(n);
    }
    g.leader = leader;
    g.turn = (leader + g.trick_len) % 4;
    let in_trick: u64 = trick.iter().fold(0, |m, n| m | bit(card(n)));
    let gone = ALL_CARDS & !g.hands.iter().fold(in_trick, |a, m| a | m);
    g.won = [gone, 0, 0, 0];
    g.cards_played = (gone | in_trick).count_ones() as u8;
    g.played_by = [0; SEATS];
    // Earlier plays spread so each seat has played 13 minus what it holds now.
    let mut rest = cards_of(gone).into_iter();
    for q in 0..SEATS {
        let own_in_trick = (0..g.trick_len)
            .filter(|i| (leader + i) % 4 == q as u8)
            .map(|i| bit(g.trick[usize::from(i)]))
            .fold(0, |a, b| a | b);
        let need = 13 - g.hands[q].count_ones() - own_in_trick.count_ones();
        g.played_by[q] = rest.by_ref().take(need as usize).fold(own_in_trick, |m, c| m | bit(c));
    }
    g.tricks_won = [(gone.count_ones() / 4) as u8, 0, 0, 0];
    g.hearts_broken = hearts_broken;
    g.voids = [0; SEATS];
    g
}

fn legal(r: &Rules, g: &Hearts, p: u8) -> String {
    names(g.legal_mask(r, p))
}

fn apply(r: &Rules, g: &mut Hearts, p: u8, name: &str) {
    g.apply(r, p, Action::from(card(name)), &mut Events::new()).unwrap();
}

/// §1 Deal: each seat gets 13 of the 52 cards, hidden from the others.
#[test]
fn s1_deal_gives_each_seat_thirteen_hidden_cards() {
    let r = rules("{}");
    let g = Hearts::new(&r, 4, 7).unwrap();
    assert!(g.hands.iter().all(|h| h.count_ones() == 13));
    assert_eq!(g.hands.iter().fold(0, |a, h| a | h), ALL_CARDS);
    assert!(g.validate(&r).is_ok());
    let v = g.view(&r, Viewer::Player(2));
    assert!(v.hands[2].is_some() && v.hands[0].is_none() && v.hands[1].is_none() && v.hands[3].is_none());
    assert!(g.view(&r, Viewer::Public).hands.iter().all(Option::is_none));
    assert!(check_players::<Hearts>(&r, 3).is_err(), "hearts is for four players");
}

/// §1 The first hand's pass direction is drawn uniformly among the four, like OpenSpiel's first chance node.
#[test]
fn s1_random_first_direction_takes_all_four_values() {
    let r = rules("{}");
    let mut seen = [0u32; 4];
    for seed in 0..400 {
        seen[usize::from(Hearts::new(&r, 4, seed).unwrap().pass_direction.offset())] += 1;
    }
    assert!(seen.iter().all(|&n| n > 60), "{seen:?}");
    let no_pass = rules(r#"{"pass_cards": false}"#);
    assert!((0..50).all(|s| Hearts::new(&no_pass, 4, s).unwrap().pass_direction == PassDirection::None));
}

/// §2 The pass: all four seats commit at once, one card per action, and nobody sees another's cards until
/// all twelve are down; then each seat's three go to the seat the direction names.
#[test]
fn s2_pass_is_a_secret_simultaneous_commit() {
    let r = rules(r#"{"pass_direction": "left"}"#);
    let mut g = Hearts::new(&r, 4, 3).unwrap();
    assert_eq!(g.phase, Phase::Pass);
    assert_eq!(g.to_act(), PlayerSet::first(4));
    let dealt = g.hands;
    let mut chosen = [0u64; 4];
    for round in 0..3 {
        for p in 0..4u8 {
            let c = cards_of(g.hands[usize::from(p)])[round];
            chosen[usize::from(p)] |= bit(c);
            g.apply(&r, p, Action::from(c), &mut Events::new()).unwrap();
            if round < 2 {
                assert!(g.to_act().contains(p), "a seat stays to act until it has passed three");
            }
            let other = g.view(&r, Viewer::Player((p + 1) % 4));
            if g.phase == Phase::Pass {
                assert_eq!(other.passed[usize::from(p)], None, "another seat's pass is face down");
                assert_eq!(other.pass_counts[usize::from(p)], round as u8 + 1);
                assert_eq!(other.received, None);
            }
        }
    }
    assert_eq!(g.phase, Phase::Play);
    for p in 0..4 {
        let from = (p + 3) % 4;
        assert_eq!(g.hands[p], dealt[p] & !chosen[p] | chosen[from], "left: seat {p} receives from seat {from}");
        let v = g.view(&r, Viewer::Player(p as u8));
        assert_eq!(v.received, Some(cards_of(chosen[from])));
        assert_eq!(v.passed[from], Some(cards_of(chosen[from])), "the receiver now knows what it got");
        assert_eq!(v.passed[(p + 2) % 4], None, "a pass between two others stays secret");
    }
    assert_eq!(g.to_act(), PlayerSet::single(g.turn));
    assert_ne!(g.hands[usize::from(g.turn)] & bit(TWO_OF_CLUBS), 0);
}

/// §2 Directions: left gives to seat + 1, across to seat + 2, right to seat + 3; "none" skips the pass.
#[test]
fn s2_pass_directions() {
    assert_eq!(PassDirection::Left.receiver(3), 0);
    assert_eq!(PassDirection::Across.receiver(1), 3);
    assert_eq!(PassDirection::Right.receiver(0), 3);
    assert_eq!(PassDirection::Right.passer_to(3), 0);
    let g = Hearts::new(&rules(r#"{"pass_direction": "none"}"#), 4, 1).unwrap();
    assert_eq!(g.phase, Phase::Play);
    assert!(parse_rules("{}", r#"{"pass_cards": false, "pass_direction": "left"}"#).is_err());
    assert!(parse_rules("{}", r#"{"pass_direction": "sideways"}"#).is_err());
}

/// §2 A seat passes only cards it holds, and never more than three.
#[test]
fn s2_pass_only_own_cards_and_only_three() {
    let r = rules(r#"{"pass_direction": "across"}"#);
    let mut g = Hearts::new(&r, 4, 5).unwrap();
    let foreign = cards_of(g.hands[1])[0];
    let before = snapshot::encode(&g);
    assert!(g.apply(&r, 0, Action::from(foreign), &mut Events::new()).is_err());
    assert_eq!(snapshot::encode(&g), before);
    for c in cards_of(g.hands[0]).into_iter().take(3) {
        g.apply(&r, 0, Action::from(c), &mut Events::new()).unwrap();
    }
    assert!(!g.to_act().contains(0));
    let c = cards_of(g.hands[0])[0];
    assert!(g.apply(&r, 0, Action::from(c), &mut Events::new()).is_err(), "a fourth card is refused");
}

/// §3.1 The holder of the two of clubs leads it; with `can_lead_any_club`, any club.
#[test]
fn s3_1_two_of_clubs_leads() {
    let hands = [
        "2C 5C AH KH QH JH TH 9H 8H 7H 6H 5H 4H",
        "3C 4C 6C 7C 8C 9C TC JC QC KC AC 3H 2H",
        "2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD",
        "2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS",
    ];
    let r = rules("{}");
    let g = table(&r, hands, 0, &[], false);
    assert!(g.validate(&r).is_ok(), "{:?}", g.validate(&r));
    assert_eq!(legal(&r, &g, 0), "2C");
    let any = rules(r#"{"can_lead_any_club": true}"#);
    assert_eq!(legal(&any, &g, 0), "2C 5C");
    assert_eq!(legal(&r, &g, 1), "", "not seat 1's turn");
}

/// §3.2 Follow the led suit when you can; otherwise any card (subject to §3.3).
#[test]
fn s3_2_follow_suit() {
    let r = rules("{}");
    let g = table(&r, ["AD AH AS", "3C 4D 5H", "6D 7D 8S", "9S TS JS"], 0, &["2D"], true);
    assert_eq!(legal(&r, &g, 1), "4D");
    let mut g = g;
    apply(&r, &mut g, 1, "4D");
    assert_eq!(legal(&r, &g, 2), "6D 7D");
    apply(&r, &mut g, 2, "7D");
    assert_eq!(legal(&r, &g, 3), "9S TS JS", "void in diamonds: anything");
    apply(&r, &mut g, 3, "9S");
    assert_eq!(g.voids[3], 1 << DIAMONDS, "not following shows a void");
}

/// §3.3 No hearts and no queen of spades on the first trick, unless the hand holds nothing else.
#[test]
fn s3_3_no_points_on_the_first_trick() {
    let hands = [
        "3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC 2D",
        "2C 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD",
        "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH QS",
        "AH 2S 3S 4S 5S 6S 7S 8S 9S TS JS KS AS",
    ];
    let r = rules("{}");
    let mut g = table(&r, hands, 1, &[], false);
    assert!(g.validate(&r).is_ok());
    apply(&r, &mut g, 1, "2C");
    // Seat 2 holds no club and nothing but points: it may play any of them.
    assert_eq!(legal(&r, &g, 2), "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH QS");
    apply(&r, &mut g, 2, "2H");
    // Seat 3 holds no club: spades yes, but not its heart.
    assert_eq!(legal(&r, &g, 3), "2S 3S 4S 5S 6S 7S 8S 9S TS JS KS AS");
    let lax = rules(r#"{"no_pts_on_first_trick": false}"#);
    assert!(legal(&lax, &g, 3).contains("AH"));
}

/// §3.4 Hearts may not be led until broken, unless the leader holds only hearts; a heart played breaks them,
/// and so does the queen of spades with `qs_breaks_hearts` (on by default).
#[test]
fn s3_4_no_heart_lead_until_broken() {
    let r = rules("{}");
    let g = table(&r, ["2H 3H 4D", "5D 6D 7D", "8D 9D TD", "JD QD KD"], 0, &[], false);
    assert_eq!(legal(&r, &g, 0), "4D");
    let g = table(&r, ["2H 3H 4H", "5D 6D 7D", "8D 9D TD", "JD QD KD"], 0, &[], false);
    assert_eq!(legal(&r, &g, 0), "2H 3H 4H", "only hearts left: lead one");
    let mut g = table(&r, ["2H 3H 4D", "5D 6H 7D", "8D 9D TD", "JD QS"], 3, &["KD"], false);
    apply(&r, &mut g, 0, "4D");
    apply(&r, &mut g, 1, "5D");
    apply(&r, &mut g, 2, "8D");
    assert!(!g.hearts_broken);
    let mut g = table(&r, ["2H 3H 4D", "5D 6H 7D", "9D TD", "JS QS KS"], 2, &["8D"], false);
    apply(&r, &mut g, 3, "QS");
    assert!(g.hearts_broken, "the queen of spades breaks hearts by default");
    let strict = rules(r#"{"qs_breaks_hearts": false}"#);
    let mut g = table(&strict, ["2H 3H 4D", "5D 6H 7D", "9D TD", "JS QS KS"], 2, &["8D"], false);
    apply(&strict, &mut g, 3, "QS");
    assert!(!g.hearts_broken);
    let free = rules(r#"{"must_break_hearts": false}"#);
    let g = Hearts::new(&free, 4, 2).unwrap();
    assert!(g.hearts_broken, "without must_break_hearts hearts start broken");
}

/// §3.5 `can_lead_hearts_instead_of_qs`: a leader left with the queen of spades and hearts may lead a heart.
#[test]
fn s3_5_lead_hearts_instead_of_the_queen() {
    let hands = ["QS 2H 3H", "5D 6D 7D", "8D 9D TD", "JD QD KD"];
    let r = rules("{}");
    let g = table(&r, hands, 0, &[], false);
    assert_eq!(legal(&r, &g, 0), "QS", "by default the queen must be led");
    let opt = rules(r#"{"can_lead_hearts_instead_of_qs": true}"#);
    assert_eq!(legal(&opt, &g, 0), "2H 3H QS", "with the option any card may be led");
}

/// §4 The highest card of the led suit takes the trick and leads next; the trick's points go to its taker.
#[test]
fn s4_highest_of_the_led_suit_takes_the_trick() {
    let r = rules("{}");
    let mut g = table(&r, ["2D 2S", "AH 3S", "KD 4S", "QS 5S"], 0, &[], true);
    apply(&r, &mut g, 0, "2D");
    apply(&r, &mut g, 1, "AH");
    apply(&r, &mut g, 2, "KD");
    apply(&r, &mut g, 3, "QS");
    assert_eq!(g.turn, 2, "the king of diamonds wins; the ace of hearts is off-suit");
    assert_eq!(g.points[2], 14);
    assert_eq!(g.last_trick.unwrap().winner, 2);
    assert_eq!(g.to_act(), PlayerSet::single(2));
}

fn scored(r: &Rules, point_tricks: [u8; 4], points: [i16; 4], tricks_won: [u8; 4]) -> Hearts {
    let mut g = table(r, ["", "", "", ""], 0, &[], true);
    g.point_tricks = point_tricks;
    g.points = points;
    g.tricks_won = tricks_won;
    g.score_hand(r, &mut Events::new());
    g
}

/// §5.1 Returns are 26 minus the hand's points (OpenSpiel `Returns`); the highest return wins.
#[test]
fn s5_1_returns_are_26_minus_points() {
    let r = rules("{}");
    let g = scored(&r, [3, 1, 2, 0], [5, 13, 8, 0], [4, 3, 3, 3]);
    assert_eq!(g.phase, Phase::Over);
    assert_eq!(g.totals, [21, 13, 18, 26]);
    let o = g.outcome().unwrap();
    assert_eq!(o.scores, vec![21.0, 13.0, 18.0, 26.0]);
    assert!(o.winners.contains(3) && o.winners.len() == 1);
}

/// §5.2 Shooting the moon: one seat takes every scoring trick: it scores 0 and everyone else 26.
#[test]
fn s5_2_shooting_the_moon() {
    let r = rules("{}");
    let g = scored(&r, [0, 9, 0, 0], [0, 26, 0, 0], [2, 7, 2, 2]);
    assert_eq!(g.points, [26, 0, 26, 26]);
    assert_eq!(g.totals, [0, 26, 0, 0]);
    assert_eq!(g.moon_shooter, Some(1));
}

/// §5.3 `jd_bonus`: the jack of diamonds is worth -10, and is not needed to shoot the moon.
#[test]
fn s5_3_jack_of_diamonds_bonus() {
    let r = rules(r#"{"jd_bonus": true}"#);
    let mut g = table(&r, ["JD 5S", "2D 6S", "3D 7S", "4D 8S"], 1, &[], true);
    apply(&r, &mut g, 1, "2D");
    apply(&r, &mut g, 2, "3D");
    apply(&r, &mut g, 3, "4D");
    apply(&r, &mut g, 0, "JD");
    assert_eq!(g.points[0], -10);
    assert_eq!(g.point_tricks[0], 0, "a trick of the jack alone is not a scoring trick for the moon");
    // The moon with the jack taken by someone else: the shooter's 26 become 0, the jack's taker 26 - 10.
    let g = scored(&r, [0, 9, 0, 0], [-10, 26, 0, 0], [2, 7, 2, 2]);
    assert_eq!(g.points, [16, 0, 26, 26]);
    assert_eq!(g.totals, [10, 26, 0, 0]);
}

/// §5.4 `avoid_all_tricks_bonus`: -5 points to each seat that took no trick, unless someone shot the moon.
#[test]
fn s5_4_avoid_all_tricks_bonus() {
    let r = rules(r#"{"avoid_all_tricks_bonus": true}"#);
    let g = scored(&r, [3, 1, 2, 0], [5, 13, 8, 0], [5, 4, 4, 0]);
    assert_eq!(g.points, [5, 13, 8, -5]);
    assert_eq!(g.totals[3], 31);
    let g = scored(&r, [0, 9, 0, 0], [0, 26, 0, 0], [0, 13, 0, 0]);
    assert_eq!(g.points, [26, 0, 26, 26], "no avoid bonus on a moon");
    let off = rules("{}");
    assert_eq!(scored(&off, [3, 1, 2, 0], [5, 13, 8, 0], [5, 4, 4, 0]).points[3], 0);
}

/// §6 A match is one hand by default (OpenSpiel's game); with `hands` it goes on, the pass direction cycling
/// left, right, across, none, and the returns add up.
#[test]
fn s6_several_hands_cycle_the_pass_direction() {
    let r = rules(r#"{"hands": 5, "pass_direction": "left"}"#);
    let mut g = Hearts::new(&r, 4, 9).unwrap();
    let mut rng = Rng::new(1);
    let mut dirs = vec![g.pass_direction];
    let mut legal = Vec::new();
    let mut sums = 0;
    while !g.to_act().is_empty() {
        let p = g.to_act().iter().next().unwrap();
        legal.clear();
        g.legal_actions(&r, p, &mut legal);
        let hand = g.hand_number;
        let a = <RandomBot as Bot<Hearts>>::act(&mut RandomBot, &r, &g, p, &legal, &mut rng);
        g.apply(&r, p, a, &mut Events::new()).unwrap();
        if g.hand_number != hand {
            sums += 1;
            if g.phase != Phase::Over {
                dirs.push(g.pass_direction);
                assert!(g.validate(&r).is_ok());
            }
        }
    }
    use PassDirection::*;
    assert_eq!(dirs, vec![Left, Right, Across, None, Left]);
    assert_eq!(sums, 5);
    // Per hand the four returns sum to 4 * 26 minus the points dealt out: 104 - 26, or 104 - 78 on a moon.
    let total: i32 = g.totals.iter().sum();
    assert_eq!(total % 26, 0, "{:?}", g.totals);
    assert!(parse_rules("{}", r#"{"hands": 0}"#).is_err());
}

/// The heuristic bot passes the queen of spades, and when void dumps it.
#[test]
fn heuristic_passes_and_dumps_the_queen() {
    let r = rules(r#"{"pass_direction": "left"}"#);
    let g = Hearts::new(&r, 4, 1).unwrap();
    let holder = (0..4).find(|&q| g.hands[q] & bit(QUEEN_OF_SPADES) != 0).unwrap() as u8;
    let mut legal = Vec::new();
    g.legal_actions(&r, holder, &mut legal);
    let a = Heuristic.act(&r, &g, holder, &legal, &mut Rng::new(1));
    assert_eq!(a, Action::from(QUEEN_OF_SPADES));
    let g = table(&r, ["2D 3D", "QS 2H", "4D 5D", "6D 7D"], 0, &["8D"], false);
    legal.clear();
    g.legal_actions(&r, 1, &mut legal);
    assert_eq!(Heuristic.act(&r, &g, 1, &legal, &mut Rng::new(1)), Action::from(QUEEN_OF_SPADES));
}

/// The heuristic bot is honest: from any determinization for its seat it makes the same choice.
#[test]
fn heuristic_reads_only_its_own_view() {
    let r = rules("{}");
    let mut rng = Rng::new(4);
    let mut legal = Vec::new();
    for seed in 0..30 {
        let mut g = Hearts::new(&r, 4, seed).unwrap();
        while !g.to_act().is_empty() {
            let p = g.to_act().iter().next().unwrap();
            legal.clear();
            g.legal_actions(&r, p, &mut legal);
            let a = Heuristic.act(&r, &g, p, &legal, &mut Rng::new(seed));
            for _ in 0..2 {
                let d = g.determinize(&r, p, &mut rng);
                let mut dl = Vec::new();
                d.legal_actions(&r, p, &mut dl);
                assert_eq!(dl, legal);
                assert_eq!(Heuristic.act(&r, &d, p, &dl, &mut Rng::new(seed)), a);
            }
            g.apply(&r, p, a, &mut Events::disabled()).unwrap();
        }
    }
}

/// The heuristic bot plays better than random: it wins far more of 400 seeded hands than a random seat.
#[test]
fn heuristic_wins_more_than_random() {
    let r = rules("{}");
    let cfg = crate::runner::SimConfig::new(4, 400, &["heuristic", "random", "random", "random"], 1, 1);
    let report = crate::runner::simulate::<Hearts>(&r, &cfg).unwrap();
    assert_eq!(report.finished, 400);
    assert!(report.wins[0] > report.wins[1] * 1.5, "{:?}", report.wins);
}

/// Determinization keeps what the seat knows: its hand, its pass, the receiver's copy of it, and every void.
#[test]
fn determinize_respects_what_the_seat_knows() {
    let right = rules(r#"{"pass_direction": "right"}"#);
    let none = rules(r#"{"pass_direction": "none"}"#);
    let mut rng = Rng::new(3);
    let mut legal = Vec::new();
    for seed in 0..60 {
        let r = if seed % 2 == 0 { &right } else { &none };
        let mut g = Hearts::new(r, 4, seed).unwrap();
        let mut steps = 0;
        while !g.to_act().is_empty() {
            if steps % 5 == 0 || steps == 12 {
                for p in 0..4u8 {
                    let d = g.determinize(r, p, &mut rng);
                    assert!(d.validate(r).is_ok(), "{:?}", d.validate(r));
                    let q = usize::from(p);
                    assert_eq!(d.hands[q], g.hands[q]);
                    assert_eq!(d.passed[q], g.passed[q]);
                    if g.phase == Phase::Play {
                        let to = usize::from(g.pass_direction.receiver(p));
                        assert_eq!(d.hands[to] & g.passed[q], g.hands[to] & g.passed[q]);
                        for s in 0..4 {
                            if s != q {
                                assert_eq!(d.hands[s].count_ones(), g.hands[s].count_ones());
                                for suit in 0..4 {
                                    if g.voids[s] & (1 << suit) != 0 {
                                        assert_eq!(d.hands[s] & suit_mask(suit), 0);
                                    }
                                }
                            }
                        }
                    }
                    let view = |s: &Hearts| snapshot::encode(&s.view(r, Viewer::Player(p)));
                    assert_eq!(view(&d), view(&g));
                }
            }
            let p = g.to_act().iter().next().unwrap();
            legal.clear();
            g.legal_actions(r, p, &mut legal);
            let a = legal[rng.index(legal.len())];
            g.apply(r, p, a, &mut Events::disabled()).unwrap();
            steps += 1;
        }
    }
}

/// validate: every card in exactly one place.
#[test]
fn validate_checks_card_conservation() {
    let r = rules("{}");
    let g = Hearts::new(&r, 4, 2).unwrap();
    let mut twice = g.clone();
    twice.hands[1] |= g.hands[0] & (g.hands[0].wrapping_neg());
    assert!(twice.validate(&r).unwrap_err().contains("two places"));
    let mut lost = g.clone();
    lost.hands[2] &= lost.hands[2] - 1;
    assert!(lost.validate(&r).is_err());
    let mut past = g.clone();
    past.hands[3] |= 1 << 60;
    assert!(past.validate(&r).is_err());
    // After a pass, a seat's passed cards must be with the seat it passed to.
    let r = rules(r#"{"pass_direction": "left"}"#);
    let mut g = Hearts::new(&r, 4, 2).unwrap();
    for p in 0..4u8 {
        for _ in 0..3 {
            let c = cards_of(g.hands[usize::from(p)])[0];
            g.apply(&r, p, Action::from(c), &mut Events::disabled()).unwrap();
        }
    }
    assert!(g.validate(&r).is_ok());
    let mut moved = g.clone();
    let c = g.passed[0] & g.passed[0].wrapping_neg();
    moved.hands[1] &= !c;
    let other = g.hands[2] & g.hands[2].wrapping_neg();
    moved.hands[2] = (moved.hands[2] & !other) | c;
    moved.hands[1] |= other;
    assert!(moved.validate(&r).unwrap_err().contains("passed cards"));
}

#[test]
fn describe_names_the_card() {
    let r = rules(r#"{"pass_direction": "left"}"#);
    let g = Hearts::new(&r, 4, 2).unwrap();
    let d = g.describe(&r, 0, Action::from(QUEEN_OF_SPADES));
    assert_eq!(d.kind, "pass");
    assert!(d.label.contains("Q♠"), "{}", d.label);
    assert_eq!(d.fields["name"], crate::engine::Field::Str("QS".into()));
    assert_eq!(g.describe(&r, 0, 52).kind, "unknown");
}

#[test]
fn options_are_checked() {
    assert!(parse_rules("{}", r#"{"pass_cards": 1}"#).is_err());
    assert!(parse_rules("{}", r#"{"speed": 1}"#).is_err());
    assert!(parse_rules(r#"{"deck": []}"#, "{}").is_err());
    assert!(parse_rules("{}", "{}").is_ok());
}

#[test]
fn conformance_random_play() {
    for opts in ["{}", r#"{"hands": 3, "jd_bonus": true, "avoid_all_tricks_bonus": true}"#, r#"{"pass_cards": false}"#]
    {
        assert!(crate::testing::check_random_play::<Hearts>(&rules(opts), 4, 60, 10_000) > 0);
    }
}

proptest::proptest! {
    #[test]
    fn forged_states_never_panic(bytes in proptest::collection::vec(proptest::num::u8::ANY, 0..600)) {
        crate::testing::check_forged_state::<Hearts>(&rules("{}"), &bytes);
    }

    #[test]
    fn mutated_real_states_never_panic(seed in 0u64..1000, flips in proptest::collection::vec((0usize..800, proptest::num::u8::ANY), 1..6)) {
        let r = rules("{}");
        let g = Hearts::new(&r, 4, seed).unwrap();
        let mut bytes = snapshot::encode(&g);
        for (i, b) in flips {
            let n = bytes.len();
            bytes[i % n] = b;
        }
        crate::testing::check_forged_state::<Hearts>(&r, &bytes);
    }
}

/// Determinization is canonical: it depends only on what the seat knows, so resampling a resampled state with
/// the same RNG draws the same world.
#[test]
fn determinize_depends_only_on_the_seats_information() {
    let r = rules(r#"{"pass_direction": "across"}"#);
    let mut rng = Rng::new(8);
    let mut legal = Vec::new();
    for seed in 0..20 {
        let mut g = Hearts::new(&r, 4, seed).unwrap();
        while !g.to_act().is_empty() {
            for p in 0..4u8 {
                let d = g.determinize(&r, p, &mut Rng::new(seed));
                let again = d.determinize(&r, p, &mut Rng::new(99));
                let twice = again.determinize(&r, p, &mut Rng::new(7));
                assert_eq!(g.determinize(&r, p, &mut Rng::new(7)), twice, "seed {seed}, seat {p}");
            }
            let p = g.to_act().iter().next().unwrap();
            legal.clear();
            g.legal_actions(&r, p, &mut legal);
            let a = legal[rng.index(legal.len())];
            g.apply(&r, p, a, &mut Events::disabled()).unwrap();
        }
    }
}
