//! The Stark, Lannister, Baratheon, Targaryen and Martell records of the pool:
//! each test names the rulebook section (Italian titles) or the research section of the mechanism, and the
//! records it covers, and plays them on a small built state. The tests live in `pool_targaryen_tests`,
//! `pool_baratheon_martell_tests` and `pool_stark_lannister_tests`; this file holds their shared helpers and the
//! random and heuristic matches with every House record.

use super::helpers::*;
use crate::engine::Events;
use crate::games::agot_ccg::cards::Rules;
use crate::games::agot_ccg::rules::actions::*;
use crate::games::agot_ccg::state::{AgotCcg, Pending};

/// Pass every decision until the current challenge is over.
pub(super) fn finish_challenge(g: &mut AgotCcg, r: &Rules) {
    for _ in 0..16 {
        if g.challenge.is_none() || matches!(g.pending.first(), Some(Pending::Effect(_))) {
            return;
        }
        let Some(p) = g.actor() else { return };
        pass(g, r, p);
    }
}

/// The offered cards of the pending pick (definitions), in the order GEN_PICK numbers them, with their seats.
pub(super) fn picks(g: &AgotCcg) -> Vec<(u16, u16)> {
    match g.pending.first() {
        Some(Pending::Effect(e)) => match &e.step {
            crate::games::agot_ccg::rules::triggered::Step::Pick { choices, .. } => {
                choices.iter().map(|c| (c % 8192 / 2048, c % 2048)).collect()
            }
            s => panic!("not a pick: {s:?}"),
        },
        p => panic!("no resolution: {p:?}"),
    }
}

/// Is Plaza of Punishment's action (seat 1's) offered in the open window?
pub(super) fn plaza_offered(g: &AgotCcg, r: &Rules, plaza: u16) -> bool {
    legal(g, r, 1).contains(&code(GEN_USE, 0, usize::from(plaza)))
}

/// The engine contract with every House record of this file in every deck (2 and 3 players): random and heuristic
/// matches play to their end or the decision cap, the state valid after every decision, every offered code in the
/// dense action space, and the records' decisions (kind 32 too) are used.
#[test]
fn house_records_in_random_and_heuristic_matches() {
    use crate::engine::Game;
    use crate::games::agot_ccg::state::Phase;
    const RECORDS: [&str; 25] = [
        "R126", "R104", "T45", "U88", "R60", "R87", "R89", "R91", "T14", "T15", "T17", "R85", "T19", "U46", "R121",
        "U196", "R185", "T18", "T30", "U205", "T22", "R21", "U92", "U191", "U48",
    ];
    let base = rules();
    let mine: Vec<u16> = RECORDS.iter().map(|c| id(&base, c)).collect();
    let mut rng = crate::rng::Rng::new(9);
    let mut bot = crate::games::agot_ccg::bots::Heuristic;
    let mut used = 0;
    for (seed, players) in [(0u64, 2u8), (1, 2), (2, 3), (3, 2), (4, 3), (5, 2)] {
        let mut r = if players == 2 {
            rules_with(r#"{"decks": ["targaryen", "martell"], "round_limit": 12}"#)
        } else {
            rules_with(r#"{"decks": ["stark", "lannister", "baratheon"], "round_limit": 12}"#)
        };
        for d in r.decks.iter_mut() {
            d.cards.truncate(60 - mine.len());
            d.cards.extend(mine.iter().copied());
        }
        let space: std::collections::HashSet<u32> =
            <AgotCcg as crate::engine::Encode>::action_codes(&r, players).into_iter().collect();
        let mut g = AgotCcg::new(&r, players, seed).unwrap();
        let mut ev = Events::disabled();
        for _ in 0..3000 {
            if g.outcome().is_some() || g.phase == Phase::Over {
                break;
            }
            let Some(p) = (0..players).find(|&p| g.to_act().contains(p)) else { break };
            let l = legal(&g, &r, p);
            assert!(!l.is_empty(), "seed {seed}: seat {p} to act with no legal action: {:?}", g.pending.first());
            assert!(l.iter().all(|a| space.contains(a)), "seed {seed}: a code outside the action space: {l:?}");
            let a = if seed % 2 == 0 {
                l[rng.index(l.len())]
            } else {
                crate::bots::Bot::act(&mut bot, &r, &g, p, &l, &mut rng)
            };
            used += usize::from(matches!(split(a).0, GEN_EVENT..=GEN_MODE | GEN_POWER));
            g.apply(&r, p, a, &mut ev).unwrap();
            g.validate(&r).unwrap_or_else(|e| panic!("seed {seed}: {e}"));
        }
    }
    assert!(used >= 30, "the records' decisions were used {used} times");
}
