//! The composable abilities (`cards/vocab.rs`, `rules/triggered.rs`, `rules/effect_ops.rs`): each test names
//! the rulebook section of the mechanism (Italian titles) and plays it on a small built state. The tests are
//! split by mechanism into the `effect_*_tests` files; this one holds their shared helpers and the sweep over
//! every new card.

use super::helpers::*;
use crate::engine::{Events, Game};
use crate::games::agot_ccg::cards::{Ability, Rules};
use crate::games::agot_ccg::rules::actions::*;
use crate::games::agot_ccg::state::{AgotCcg, Pending, Phase};

pub(super) fn hand_card(g: &mut AgotCcg, r: &Rules, seat: usize, code: &str) -> usize {
    g.seats[seat].hand.push(id(r, code));
    g.seats[seat].hand.len() - 1
}

pub(super) fn pending_card(g: &AgotCcg) -> Option<u16> {
    match g.pending.first() {
        Some(Pending::Effect(x)) => Some(x.card),
        _ => None,
    }
}

/// Every record of `cards.json` parses, and a random match with every composable-ability card in both decks plays
/// to its end (or the decision cap) without a panic, the state valid after every decision.
#[test]
fn new_cards_parse_and_random_matches_play_out() {
    let r0 = rules();
    let composable: Vec<u16> = (0..r0.cards.len() as u16)
        .filter(|&c| {
            let d = &r0.cards[usize::from(c)];
            d.abilities.iter().any(|a| matches!(a, Ability::Action(_) | Ability::Triggered(_)))
        })
        .collect();
    assert!(composable.len() >= 50, "{} composable records", composable.len());
    // Every composable card in both decks; seven of the composable plots per match, a different seven each seed.
    let plots: Vec<u16> = composable
        .iter()
        .copied()
        .filter(|&c| r0.cards[usize::from(c)].kind == super::super::cards::Kind::Plot)
        .collect();
    let cards: Vec<u16> = composable
        .iter()
        .copied()
        .filter(|&c| r0.cards[usize::from(c)].kind != super::super::cards::Kind::Plot)
        .collect();
    let rules_for = |seed: u64| {
        let mut r = r0.clone();
        for d in r.decks.iter_mut() {
            d.plots = (0..7).map(|k| plots[(seed as usize * 7 + k) % plots.len()]).collect();
            d.plots.sort_unstable();
            d.plots.dedup();
            d.cards.truncate(60usize.saturating_sub(cards.len()));
            d.cards.extend(cards.iter().copied());
        }
        r
    };
    let mut rng = crate::rng::Rng::new(5);
    let mut used = 0;
    let mut finished = 0;
    // Seeds 0-5: uniform random choices; 6-8: the heuristic in both seats. Every offered code is in the dense
    // action space.
    let mut bot = super::super::bots::Heuristic;
    let space: std::collections::HashSet<u32> =
        <AgotCcg as crate::engine::Encode>::action_codes(&rules_for(0), 2).into_iter().collect();
    for seed in 0..9u64 {
        let r = rules_for(seed);
        let mut g = AgotCcg::new(&r, 2, seed).unwrap();
        let mut ev = Events::disabled();
        for _ in 0..4000 {
            if g.outcome().is_some() || g.phase == Phase::Over {
                break;
            }
            let Some(p) = (0..2).find(|&p| g.to_act().contains(p)) else { break };
            let l = legal(&g, &r, p);
            assert!(!l.is_empty(), "seat {p} to act with no legal action: {:?}", g.pending.first());
            assert!(l.iter().all(|a| space.contains(a)), "a legal code outside the action space: {l:?}");
            let a =
                if seed < 6 { l[rng.index(l.len())] } else { crate::bots::Bot::act(&mut bot, &r, &g, p, &l, &mut rng) };
            used += usize::from((GEN_EVENT..=GEN_MODE).contains(&split(a).0));
            g.apply(&r, p, a, &mut ev).unwrap();
            g.validate(&r).unwrap_or_else(|e| panic!("seed {seed}: {e}"));
        }
        finished += usize::from(g.phase == Phase::Over);
    }
    assert!(used >= 30, "the composable abilities were used {used} times");
    eprintln!("composable decisions: {used}, finished matches: {finished}");
}
