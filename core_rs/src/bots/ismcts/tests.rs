//! The search's tests: parameters, budgets and determinism, trees that do not branch on hidden commits, the
//! heuristic prior, and rewards.

use super::*;
use crate::bots;
use crate::engine::{Events, Game};
use crate::games::fixture::rules::COMMITTED;
use crate::games::fixture::Fixture;

const CONTENT: &str = r#"{"deck": [1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16], "hand_size": 3}"#;

fn rules() -> <Fixture as Game>::Ruleset {
    Fixture::ruleset(CONTENT, r#"{"doubling": true}"#).unwrap()
}

#[test]
fn parameters_parse_over_game_defaults_and_bad_ones_list_the_valid() {
    let p = Params::parse("iterations=300,cut=40", "ismcts:c=0.5,workers=2", true).unwrap();
    assert_eq!((p.iterations, p.cut, p.c, p.workers, p.trees), (300, 40, 0.5, 2, 2));
    assert_eq!(p.rollout, Rollout::Heuristic);
    let timed = Params::parse("iterations=300", "ismcts:seconds=0.5", false).unwrap();
    assert_eq!((timed.iterations, timed.seconds, timed.rollout), (u64::MAX, Some(0.5), Rollout::Random));
    let err = Params::parse("", "ismcts:depth=3", true).unwrap_err().to_string();
    assert!(PARAMS.iter().all(|k| err.contains(k)), "{err}");
    for bad in ["iterations=0", "c=-1", "rollout=greedy", "workers=x", "seconds=nan", "cut=1e9"] {
        assert!(Params::parse("", &format!("ismcts:{bad}"), true).is_err(), "{bad}");
    }
    assert!(Params::parse("", "ismcts:rollout=heuristic", false).is_err(), "no heuristic to roll out with");
    assert_eq!(Params::parse("", "ismcts:prior=8", true).unwrap().prior, 8);
    assert!(Params::parse("", "ismcts:prior=8", false).is_err(), "no heuristic to take a prior from");
    assert_eq!(Params::parse("", "ismcts:prior=0", false).unwrap().prior, 0);
    assert!(bots::make::<Fixture>("random:c=1").is_err(), "random takes no parameters");
    assert!(bots::make::<Fixture>("ismcts:iterations=5").is_ok());
    assert!(bots::check::<Fixture>("ismcts:workers=300").is_err() && bots::check::<Fixture>("nobody").is_err());
    assert!(bots::check::<Fixture>("ismcts:workers=97").is_ok());
    assert!(!pool_made(97), "checking a spec makes no thread pool");
}

#[test]
fn ms_is_a_clock_in_milliseconds() {
    let timed = Params::parse("iterations=300", "ismcts:ms=200", false).unwrap();
    assert_eq!((timed.iterations, timed.seconds), (u64::MAX, Some(0.2)), "the clock alone: no iteration cap");
    let both = Params::parse("iterations=300", "ismcts:ms=50,iterations=20", false).unwrap();
    assert_eq!((both.iterations, both.seconds), (20, Some(0.05)));
    for bad in ["ms=0", "ms=1.5", "ms=-3", "ms=99999999"] {
        assert!(Params::parse("", &format!("ismcts:{bad}"), false).is_err(), "{bad}");
    }
}

#[test]
fn max_seconds_caps_the_clock_and_keeps_the_iteration_budget() {
    let capped = Params::parse("iterations=300", "ismcts:max_seconds=0.5", false).unwrap();
    assert_eq!((capped.iterations, capped.seconds, capped.max_seconds), (300, None, Some(0.5)));
    let r = rules();
    let g = Fixture::new(&r, 3, 11).unwrap();
    let p = g.to_act().iter().next().unwrap();
    let mut legal = Vec::new();
    g.legal_actions(&r, p, &mut legal);
    assert!(legal.len() > 1);
    let bot = Ismcts::new(Params::parse("", "ismcts:iterations=100000000,max_seconds=0.02", false).unwrap());
    let (_, done) = bot.unwrap().search(&r, &g, p, &legal, &mut Rng::new(1));
    assert!(done > 0 && done < 100_000_000, "the cap stopped the search early ({done} iterations)");
}

#[test]
fn iterations_budget_is_deterministic_and_independent_of_workers() {
    let r = rules();
    let mut g = Fixture::new(&r, 3, 11).unwrap();
    let mut ev = Events::disabled();
    let mut legal = Vec::new();
    let mut chosen = Vec::new();
    for step in 0..6 {
        let Some(p) = g.to_act().iter().next() else { break };
        legal.clear();
        g.legal_actions(&r, p, &mut legal);
        let pick = |spec: &str| {
            let mut bot = bots::make::<Fixture>(spec).unwrap();
            bot.act(&r, &g, p, &legal, &mut Rng::new(step))
        };
        let a = pick("ismcts:iterations=400,trees=3,workers=1");
        assert_eq!(a, pick("ismcts:iterations=400,trees=3,workers=3"), "step {step}");
        assert_eq!(a, pick("ismcts:iterations=400,trees=3,workers=1"), "step {step}");
        let mast = pick("ismcts:iterations=400,trees=3,workers=1,rollout=mast");
        assert_eq!(mast, pick("ismcts:iterations=400,trees=3,workers=3,rollout=mast"), "step {step}");
        chosen.push(a);
        g.apply(&r, p, a, &mut ev).unwrap();
    }
    assert!(chosen.len() >= 4);
}

#[test]
fn a_seat_s_tree_does_not_branch_on_commits_it_cannot_see() {
    // Seat 1 commits before seat 0 decides: seat 0's tree must hold one child for "a commit", not one per card.
    let r = Fixture::ruleset(CONTENT, "{}").unwrap();
    let g = Fixture::new(&r, 2, 5).unwrap();
    let params = Params::parse("", "ismcts:iterations=300", false).unwrap();
    let mut s = Search::<Fixture>::new(&r, &params, 1, 2, Rng::new(1));
    s.run(&g, 300, None);
    let seen: Vec<u64> = s.trees[0].nodes[0].iter().map(|e| e.key).collect();
    assert_eq!(seen, vec![key(1, COMMITTED)], "seat 0 sees seat 1's commit only as a commit");
    // Seat 1's own tree branches on its own cards, one child per card it holds.
    assert_eq!(s.trees[1].nodes[0].len(), g.hands[1].len());
}

/// Hearts' decisions from a few seeds, each with the heuristic's move and the legal list.
fn hearts_decisions() -> Vec<(crate::games::hearts::Hearts, Player, Vec<Action>, Action)> {
    use crate::games::hearts::Hearts;
    let r = Hearts::ruleset("{}", "{}").unwrap();
    let mut out = Vec::new();
    for seed in 0..4 {
        let mut g = Hearts::new(&r, 4, seed).unwrap();
        let mut ev = Events::disabled();
        let mut legal = Vec::new();
        let mut heuristic = crate::bots::own::<Hearts>("heuristic").unwrap();
        for step in 0..40 {
            let Some(p) = g.to_act().iter().next() else { break };
            legal.clear();
            g.legal_actions(&r, p, &mut legal);
            let h = heuristic.act(&r, &g, p, &legal, &mut Rng::new(step));
            if legal.len() > 2 && step % 5 == 0 {
                out.push((g.clone(), p, legal.clone(), h));
            }
            g.apply(&r, p, h, &mut ev).unwrap();
        }
    }
    out
}

#[test]
fn a_large_prior_keeps_the_heuristic_s_move_and_none_leaves_it_to_the_playouts() {
    use crate::games::hearts::Hearts;
    let r = Hearts::ruleset("{}", "{}").unwrap();
    let decisions = hearts_decisions();
    assert!(decisions.len() >= 8, "{} decisions", decisions.len());
    let choose = |spec: &str, g: &Hearts, p: Player, legal: &[Action], seed: u64| {
        bots::make::<Hearts>(spec).unwrap().act(&r, g, p, legal, &mut Rng::new(seed))
    };
    let (mut kept, mut differed) = (0, 0);
    for (i, (g, p, legal, h)) in decisions.iter().enumerate() {
        // 1000 virtual visits outweigh 20 real ones: the heuristic's move stays the most visited.
        kept += usize::from(choose("ismcts:iterations=20,prior=1000", g, *p, legal, i as u64) == *h);
        differed += usize::from(choose("ismcts:iterations=20", g, *p, legal, i as u64) != *h);
    }
    assert_eq!(kept, decisions.len());
    assert!(differed > 0, "without a prior some choice must come from the playouts, not the heuristic");
}

#[test]
fn rewards_from_standings_and_outcomes() {
    assert_eq!(standing_reward(&[3.0, 1.0, 3.0], 3, Goal::Win), vec![0.75, 0.0, 0.75]);
    assert_eq!(standing_reward(&[7.0], 1, Goal::Win), vec![7.0]);
    let o = Outcome::from_scores(vec![2.0, 2.0, 1.0]);
    assert_eq!(outcome_reward(&o, 3, Goal::Win), vec![0.5, 0.5, 0.0]);
    // With the score as the goal, the margin counts: a seat one point behind is worth more than one far behind.
    assert_eq!(standing_reward(&[3.0, 1.0, 3.0], 3, Goal::Score), vec![3.0, 1.0, 3.0]);
    assert_eq!(outcome_reward(&Outcome::from_scores(vec![9.0, 26.0, 22.0]), 3, Goal::Score), vec![9.0, 26.0, 22.0]);
}

#[test]
fn the_goal_parses_and_a_bad_one_is_refused() {
    assert_eq!(Params::parse("", "ismcts", true).unwrap().goal, Goal::Win);
    assert_eq!(Params::parse("", "ismcts:goal=score", true).unwrap().goal, Goal::Score);
    let err = Params::parse("", "ismcts:goal=points", true).unwrap_err().to_string();
    assert!(err.contains("win or score"), "{err}");
}

#[test]
fn observers_and_inference_parse_and_bad_values_are_refused() {
    let p = Params::parse("", "ismcts", true).unwrap();
    assert_eq!((p.observers, p.infer), (Observers::Multiple, true), "the defaults: a tree per seat, inference on");
    let p = Params::parse("", "ismcts:observers=single,infer=off", true).unwrap();
    assert_eq!((p.observers, p.infer), (Observers::Single, false));
    let err = Params::parse("", "ismcts:observers=two", true).unwrap_err().to_string();
    assert!(err.contains("multiple or single"), "{err}");
    let err = Params::parse("", "ismcts:infer=yes", true).unwrap_err().to_string();
    assert!(err.contains("on or off"), "{err}");
}

#[test]
fn a_single_observer_tree_branches_on_the_moves_themselves() {
    // The baseline the per-seat trees are measured against: one tree, in which seat 0's replies hang under
    // each card seat 1 committed (what a seat-0 tree of its own never does; see the test above).
    let r = Fixture::ruleset(CONTENT, "{}").unwrap();
    let g = Fixture::new(&r, 2, 5).unwrap();
    let params = Params::parse("", "ismcts:iterations=300,observers=single", false).unwrap();
    let mut s = Search::<Fixture>::new(&r, &params, 1, 2, Rng::new(1));
    s.run(&g, 300, None);
    assert_eq!(s.trees.len(), 1);
    let root = &s.trees[0].nodes[0];
    assert_eq!(root.len(), g.hands[1].len(), "seat 1's own cards at the root");
    assert!(root.iter().all(|e| e.key >> 56 == 1 && e.key & ((1 << 56) - 1) != COMMITTED));
    let replies: Vec<u64> = root.iter().flat_map(|e| s.trees[0].nodes[e.to as usize].iter().map(|r| r.key)).collect();
    assert!(!replies.is_empty() && replies.iter().all(|k| k >> 56 == 0), "seat 0's moves under seat 1's cards");
}

#[test]
fn the_baselines_are_deterministic_for_an_iteration_budget() {
    use crate::games::hearts::Hearts;
    let r = Hearts::ruleset("{}", "{}").unwrap();
    for (i, (g, p, legal, _)) in hearts_decisions().iter().enumerate() {
        for spec in ["ismcts:iterations=200,observers=single", "ismcts:iterations=200,infer=off"] {
            let pick = |workers: u32| {
                let spec = format!("{spec},trees=2,workers={workers}");
                bots::make::<Hearts>(&spec).unwrap().act(&r, g, *p, legal, &mut Rng::new(i as u64))
            };
            assert_eq!(pick(1), pick(2), "{spec}, decision {i}");
        }
    }
}

#[test]
fn where_every_move_is_public_one_tree_and_a_tree_per_seat_choose_alike() {
    // Roll Player's moves are all made in the open, so each seat's observation of a move is the move itself and
    // the per-seat trees hold exactly the statistics of the single tree: the two searches must agree move for
    // move. (Where moves are hidden they differ; that difference is what `observers` measures.)
    use crate::games::roll_player::RollPlayer;
    let r = crate::games::roll_player::tests::helpers::rules("{}");
    let mut g = RollPlayer::new(&r, 3, 2).unwrap();
    let (mut ev, mut legal, mut compared) = (Events::disabled(), Vec::new(), 0);
    for step in 0..20 {
        let Some(p) = g.to_act().iter().next() else { break };
        legal.clear();
        g.legal_actions(&r, p, &mut legal);
        let pick = |spec: &str| bots::make::<RollPlayer>(spec).unwrap().act(&r, &g, p, &legal, &mut Rng::new(step));
        let a = pick("ismcts:iterations=100,rollout=random,cut=12");
        assert_eq!(a, pick("ismcts:iterations=100,rollout=random,cut=12,observers=single"), "step {step}");
        compared += usize::from(legal.len() > 1);
        g.apply(&r, p, a, &mut ev).unwrap();
    }
    assert!(compared >= 10, "{compared} real choices compared");
}
