//! Save and cancel responses, control change, naming, Endless and the setup keyword: each
//! test names its rulebook section ("Risposte Salva/Cancella", "Carte uniche", "Preparazione") or the research
//! section the rule comes from. The tests live in `cancel_tests`, `save_tests`, `composable_discard_tests`,
//! `control_and_naming_tests` and `endless_and_setup_tests`; this file holds their shared scenario helpers and
//! the random-match sweep.

use super::helpers::*;
use crate::engine::{Events, Game};
use crate::games::agot_ccg::cards::Rules;
use crate::games::agot_ccg::rules::actions::*;
use crate::games::agot_ccg::state::{AgotCcg, At, Phase};

/// A scenario whose decks hold no events: whether a window opens must not hang on what the designed decks hold (a
/// seat is asked when its deck could hold an answer), so each test puts the answer it means where it means it.
pub(super) fn quiet_scenario(r: &Rules, phase: Phase, plots: [&str; 2]) -> AgotCcg {
    let mut g = scenario(r, phase, plots);
    for s in &mut g.seats {
        s.deck
            .retain(|&c| crate::games::agot_ccg::effects::def(r, c).kind != crate::games::agot_ccg::cards::Kind::Event);
    }
    g
}

pub(super) fn greyjoy_rules() -> Rules {
    rules_with(r#"{"decks": ["stark", "greyjoy"], "round_limit": 30}"#)
}

/// Seat 0 plays Arya's Revenge (kneel 3 influence: kill a character) on `victim`, paying with `keep`.
pub(super) fn play_aryas_revenge(g: &mut AgotCcg, r: &Rules, keep: u16, victim: u16) {
    g.seats[0].hand = vec![id(r, "C182")];
    g.open_window(At::Challenges);
    act(g, r, 0, code(EVENT, 0, usize::from(victim)));
    act(g, r, 0, code(INFLUENCE, 0, usize::from(keep)));
}

/// Every new card in a deck: seeded random matches (and heuristic ones) play to their end without a panic, every
/// step keeping the engine contract (`check_random_play`: legal list, snapshots, views, action space).
#[test]
fn random_matches_with_the_new_cards() {
    let mut r = rules_with(r#"{"decks": [], "round_limit": 12}"#);
    let new = [
        "G12", "G20", "R134", "G46", "U200", "C76", "R77", "G43", "C181", "C31", "U24", "R28", "C202", "R140", "R159",
        "C207", "R29", "R50", "C150", "C151", "C152", "R135", "U174", "R162", "G41",
    ];
    let ids: Vec<u16> = new.iter().map(|c| id(&r, c)).collect();
    for d in r.decks.iter_mut() {
        let copies = (d.cards.len() / ids.len()).min(3);
        for (k, &c) in ids.iter().enumerate() {
            for j in 0..copies {
                d.cards[k * copies + j] = c;
            }
        }
    }
    let (g53, r239) = (id(&r, "G53"), id(&r, "R239"));
    r.decks[4].plots[0] = g53;
    r.decks[1].plots[0] = r239;
    for players in [2, 3] {
        assert!(crate::testing::check_random_play::<AgotCcg>(&r, players, 6, 20_000) > 0);
    }
    // The heuristic in every seat.
    use crate::bots::Bot;
    let mut bot = crate::games::agot_ccg::bots::Heuristic;
    for seed in 0..4 {
        let mut g = AgotCcg::new(&r, 2, seed).unwrap();
        let mut rng = crate::rng::Rng::new(seed);
        let mut ev = Events::disabled();
        let mut legal_now = Vec::new();
        for _ in 0..20_000 {
            let Some(p) = g.to_act().iter().next() else { break };
            legal_now.clear();
            g.legal_actions(&r, p, &mut legal_now);
            let a = bot.act(&r, &g, p, &legal_now, &mut rng);
            g.apply(&r, p, a, &mut ev).unwrap();
        }
        assert!(g.outcome().is_some(), "seed {seed} ended");
        g.validate(&r).unwrap();
    }
}
