//! What a balance study reads of a CCG match: the phase of a decision and the card a decision puts into play.

use super::super::rules::actions::{code, DONE, MARSHAL, PLOT};
use super::super::state::{AgotCcg, Phase};
use super::helpers::{id, rules, scenario};
use crate::engine::{Game, Tally};
use crate::runner::{play_jobs, MatchJob, SimConfig};

#[test]
fn each_phase_has_a_name_a_designer_reads() {
    let r = rules();
    let names = AgotCcg::phase_names();
    for (phase, name) in [(Phase::Plot, "plot"), (Phase::Marshal, "marshalling"), (Phase::Challenges, "challenges")] {
        let g = scenario(&r, phase, ["U224", "U224"]);
        assert_eq!(names[usize::from(g.phase())], name);
    }
    let g = AgotCcg::new(&r, 2, 3).unwrap();
    assert_eq!(names[usize::from(g.phase())], "setup");
}

#[test]
fn marshalling_plays_the_card_at_that_place_in_hand_and_passing_plays_none() {
    let r = rules();
    let mut g = scenario(&r, Phase::Marshal, ["U224", "U224"]);
    let card = id(&r, "U6");
    g.seats[0].hand = vec![id(&r, "U4"), card];
    assert_eq!(g.played_card(&r, 0, code(MARSHAL, 1, 0)), Some(u32::from(card)));
    assert_eq!(AgotCcg::card_names(&r)[usize::from(card)], r.cards[usize::from(card)].name);
    assert_eq!(g.played_card(&r, 0, code(DONE, 0, 0)), None);
    // A hand index past the hand names no card (and never panics).
    assert_eq!(g.played_card(&r, 0, code(MARSHAL, 9, 0)), None);
    assert_eq!(g.played_card(&r, 7, code(MARSHAL, 0, 0)), None);
}

#[test]
fn a_plot_chosen_is_the_plot_at_that_place() {
    let r = rules();
    let g = AgotCcg::new(&r, 2, 3).unwrap();
    let plot = g.seats[1].plots[2];
    assert_eq!(g.played_card(&r, 1, code(PLOT, 2, 0)), Some(u32::from(plot)));
}

#[test]
fn a_seat_owns_its_own_deck_and_plots_only() {
    let r = rules();
    let g = AgotCcg::new(&r, 2, 3).unwrap();
    let mut own = Vec::new();
    g.owned_cards(&r, 0, &mut own);
    let deck = &r.decks[usize::from(g.seats[0].deck_index)];
    assert_eq!(own.len(), deck.cards.len() + deck.plots.len());
    assert!(g.seats[0].hand.iter().all(|c| own.contains(&u32::from(*c))));
    let mut other = Vec::new();
    g.owned_cards(&r, 1, &mut other);
    assert!(g.seats[1].hand.iter().all(|c| other.contains(&u32::from(*c))));
    let mut none = Vec::new();
    g.owned_cards(&r, 5, &mut none);
    assert!(none.is_empty());
}

/// The runner's detail agrees with its totals, and every card a seat played is one it owned.
#[test]
fn a_detailed_record_adds_up() {
    let r = rules();
    let jobs: Vec<MatchJob> = (0..2).map(|deal| MatchJob { deal, seats: vec![0, 0] }).collect();
    let mut cfg = SimConfig::new(2, 0, &["random"], 5, 1);
    cfg.detail = true;
    for rec in play_jobs::<AgotCcg>(&r, &cfg, &jobs).unwrap() {
        let d = rec.detail.expect("asked for");
        assert_eq!(d.phases.iter().map(|c| c.decisions).sum::<u64>(), rec.decisions);
        assert_eq!(d.phases.iter().map(|c| c.forced).sum::<u64>(), rec.forced);
        assert!(d.phases.len() <= AgotCcg::phase_names().len());
        assert!(d.played.iter().flatten().count() > 0, "cards were played");
        for (seat, cards) in d.played.iter().enumerate() {
            assert!(cards.iter().all(|(c, _)| d.owned[seat].binary_search(c).is_ok()), "seat {seat}: {cards:?}");
        }
        assert!(d.lead_changes.is_some());
    }
}
