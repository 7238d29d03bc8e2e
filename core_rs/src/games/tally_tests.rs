//! Every game's phase of a decision, on positions set by hand: the index names the phase a designer expects.

use crate::engine::{Game, Tally};

fn name<G: Tally>(g: &G) -> &'static str {
    G::phase_names().get(usize::from(g.phase())).copied().unwrap_or("?")
}

#[test]
fn hearts_passes_then_plays_tricks() {
    use super::hearts::{state::Phase, Hearts};
    let r = Hearts::ruleset("{}", "{}").unwrap();
    let mut g = Hearts::new(&r, 4, 1).unwrap();
    assert_eq!(name(&g), "passing");
    g.phase = Phase::Play;
    assert_eq!(name(&g), "tricks");
}

#[test]
fn fixture_doubles_then_commits() {
    use super::fixture::{state::Phase, Fixture};
    let r = Fixture::ruleset(super::fixture::tests::CONTENT, "{}").unwrap();
    let mut g = Fixture::new(&r, 2, 1).unwrap();
    g.phase = Phase::Double;
    assert_eq!(name(&g), "doubling");
    g.phase = Phase::Commit;
    assert_eq!(name(&g), "commit");
}

#[test]
fn iron_throne_names_each_step_of_the_turn() {
    use super::iron_throne::state::Step;
    let r = super::iron_throne::tests::rules();
    let mut g = super::iron_throne::IronThrone::new(&r, 4, 1).unwrap();
    assert_eq!(name(&g), "leader choice");
    for (step, expect) in [(Step::Commit, "commit"), (Step::Negotiate, "negotiation"), (Step::Over, "end of turn")] {
        g.step = step;
        assert_eq!(name(&g), expect);
    }
}

#[test]
fn roll_player_counts_skill_actions_in_the_dice_phase() {
    use super::roll_player::state::Step;
    let r = super::roll_player::tests::helpers::default_rules();
    let mut g = super::roll_player::RollPlayer::new(&r, 2, 1).unwrap();
    assert_eq!(name(&g), "setup");
    for (step, expect) in [
        (Step::BonusFlip { seat: 0 }, "dice"),
        (Step::Market { seat: 1, buys: 0 }, "market"),
        (Step::Refresh { seat: 0, left: 1 }, "cleanup"),
    ] {
        g.step = step;
        assert_eq!(name(&g), expect);
    }
}

#[test]
fn agot_board_tells_combat_from_the_rest_of_the_march() {
    use super::agot_board::state::Phase;
    let r = super::agot_board::tests::rules();
    let mut g = super::agot_board::AgotBoard::new(&r, 3, 1).unwrap();
    g.phase = Phase::Planning;
    assert_eq!(name(&g), "planning");
    g.phase = Phase::March;
    assert_eq!(name(&g), "march orders");
    assert!(g.combat.is_none());
}

#[test]
fn agot_board_plays_a_house_card_of_the_seats_own_house() {
    use super::agot_board::rules::{code, K_CARD, K_PASS};
    use super::agot_board::AgotBoard;
    let r = super::agot_board::tests::rules();
    let g = AgotBoard::new(&r, 3, 1).unwrap();
    let names = AgotBoard::card_names(&r);
    let house = usize::from(g.seats[1].house);
    let card = g.played_card(&r, 1, code(K_CARD, 2)).unwrap();
    assert_eq!(names[card as usize], r.cards[house][2].name);
    let mut own = Vec::new();
    g.owned_cards(&r, 1, &mut own);
    assert_eq!(own.len(), r.cards[house].len());
    assert!(own.contains(&card));
    assert_eq!(g.played_card(&r, 1, code(K_PASS, 0)), None);
    assert_eq!(g.played_card(&r, 1, code(K_CARD, 99)), None);
    assert_eq!(g.played_card(&r, 9, code(K_CARD, 0)), None);
}

#[test]
fn roll_player_buys_the_card_in_that_market_slot() {
    use super::roll_player::rules::actions::{BUY, BUY_DISCARD, SKIP};
    use super::roll_player::RollPlayer;
    let r = super::roll_player::tests::helpers::default_rules();
    let mut g = RollPlayer::new(&r, 2, 1).unwrap();
    g.market = vec![4, 9, 17];
    assert_eq!(g.played_card(&r, 0, BUY + 1), Some(9));
    assert_eq!(g.played_card(&r, 0, BUY + 5), None, "an empty slot buys nothing");
    assert_eq!(g.played_card(&r, 1, BUY_DISCARD + 12), Some(12));
    assert_eq!(g.played_card(&r, 1, SKIP), None);
    assert_eq!(RollPlayer::card_names(&r)[9], r.cards[9].name);
    let mut own = Vec::new();
    g.owned_cards(&r, 0, &mut own);
    assert!(own.is_empty(), "a shared market: no seat owns a card");
}
