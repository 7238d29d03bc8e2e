//! The pool's Greyjoy, Night's Watch, neutral, plot and agenda records: each test names its
//! rulebook section (Italian titles) or the card, and plays the record on a small built state. This file holds
//! the neutral characters and locations (Night's Watch, Wildlings) and the helpers the pool files share; the
//! Greyjoy records are in `pool_greyjoy_tests`, the neutral events and plots in `pool_event_plot_tests`.

use super::helpers::*;
use crate::engine::Events;
use crate::games::agot_ccg::cards::{Rules, MIL};
use crate::games::agot_ccg::rules::actions::*;
use crate::games::agot_ccg::rules::triggered::{Lasting, Lasts};
use crate::games::agot_ccg::state::{AgotCcg, At, Pending, Phase};

pub(super) fn greyjoy_rules() -> Rules {
    rules_with(r#"{"decks": ["stark", "greyjoy"], "round_limit": 30}"#)
}

/// Seat 0 attacks seat 1 in a military challenge with `attackers`; seat 1 defends with `defenders`; the
/// defenders' action window is open.
pub(super) fn to_defenders_window(g: &mut AgotCcg, r: &Rules, attackers: &[u16], defenders: &[u16]) {
    challenge(g, r, 0, MIL, 1, attackers, defenders);
    assert!(g.window.is_some() && g.challenge.as_ref().is_some_and(|c| c.defenders == defenders));
}

/// P6 Ghost: only while it participates together with Jon Snow may it be discarded (it cannot be saved: its
/// duplicate is not offered) to kill a defending character.
#[test]
fn ghost_kills_a_defender_beside_jon_snow() {
    let r = rules();
    let mut g = scenario(&r, Phase::Challenges, ["U224", "U227"]);
    let ghost = put(&mut g, &r, 0, "P6");
    g.seats[0].play[0].dupes.push(id(&r, "P6"));
    let jon = put(&mut g, &r, 0, "R134");
    // Jon Snow has no icon of his own (The Night's Watch agenda gives him military ones).
    let mil = crate::games::agot_ccg::cards::icon_bits("M").unwrap();
    g.lasting.push(Lasting { uid: jon, what: Lasts::GainIcons(mil) });
    let dfd = put(&mut g, &r, 1, "C30");
    to_defenders_window(&mut g, &r, &[ghost, jon], &[dfd]);
    while g.actor() != Some(0) {
        act(&mut g, &r, 1, code(DONE, 0, 0));
    }
    let use_it = code(GEN_USE, 0, usize::from(ghost));
    assert!(legal(&g, &r, 0).contains(&use_it));
    // Jon Snow out of the challenge: not offered.
    g.challenge.as_mut().unwrap().attackers.retain(|&u| u != jon);
    assert!(!legal(&g, &r, 0).contains(&use_it));
    g.challenge.as_mut().unwrap().attackers.push(jon);
    act(&mut g, &r, 0, use_it);
    assert!(g.pending.iter().all(|p| !matches!(p, Pending::Respond { .. })), "no duplicate save");
    assert!(g.locate(ghost).is_none());
    assert_eq!(g.seats[0].discard, vec![id(&r, "P6"), id(&r, "P6")]);
    act(&mut g, &r, 0, code(GEN_TARGET, 0, usize::from(dfd)));
    assert!(g.locate(dfd).is_none() && g.seats[1].dead == vec![id(&r, "C30")]);
}

/// P12 Wildling Elder (Costi: a cost paid with a card of the player's choice; it cannot be saved): kill a Wildling
/// character you control, Kiss of Life on it not offered, to kneel a standing location, or return a kneeling one
/// to its owner's hand.
#[test]
fn wildling_elder_kills_a_wildling_to_kneel_or_return_a_location() {
    let r = greyjoy_rules();
    let mut g = scenario(&r, Phase::Challenges, ["U224", "U224"]);
    let elder = put(&mut g, &r, 0, "P12");
    let scout = put(&mut g, &r, 0, "C152");
    attach(&mut g, &r, scout, "G20", 0);
    let messenger = put(&mut g, &r, 0, "C151");
    put(&mut g, &r, 0, "C11");
    let rush = put(&mut g, &r, 1, "C155");
    window(&mut g, Phase::Challenges, At::Challenges);
    act(&mut g, &r, 0, code(GEN_USE, 0, usize::from(elder)));
    let payers = of_kind(&g, &r, 0, GEN_PAY_CARD);
    let wildlings = [elder, scout, messenger].map(|u| code(GEN_PAY_CARD, 0, usize::from(u)));
    assert_eq!(payers, wildlings.to_vec(), "the Wildlings only");
    act(&mut g, &r, 0, code(GEN_PAY_CARD, 0, usize::from(scout)));
    assert!(g.locate(scout).is_none() && g.seats[0].dead == vec![id(&r, "C152")], "killed, Kiss of Life not asked");
    act(&mut g, &r, 0, code(GEN_TARGET, 0, usize::from(rush)));
    assert!(card(&g, rush).kneeling);
    window(&mut g, Phase::Challenges, At::Challenges);
    act(&mut g, &r, 0, code(GEN_USE, 0, usize::from(elder)));
    act(&mut g, &r, 0, code(GEN_PAY_CARD, 0, usize::from(messenger)));
    act(&mut g, &r, 0, code(GEN_TARGET, 0, usize::from(rush)));
    assert!(g.locate(rush).is_none() && g.seats[1].hand == vec![id(&r, "C155")], "kneeling: back to hand");
}

/// R154 The Wall: kneel 2 influence and discard one of your Night's Watch characters (a cost: no save asked) to
/// choose and discard a character, and that discard opens the save window (Thrice-Drowned Veteran's controller
/// passes: it goes to the discard pile).
#[test]
fn the_wall_discards_a_character() {
    let r = greyjoy_rules();
    let mut g = scenario(&r, Phase::Dominance, ["U224", "U224"]);
    let wall = put(&mut g, &r, 0, "R154");
    influence(&mut g, &r, 0, 2);
    let brother = put(&mut g, &r, 0, "C145");
    attach(&mut g, &r, brother, "G20", 0);
    let vet = put(&mut g, &r, 1, "G12");
    put(&mut g, &r, 1, "G37");
    window(&mut g, Phase::Dominance, At::Dominance);
    act(&mut g, &r, 0, code(GEN_USE, 0, usize::from(wall)));
    pay(&mut g, &r, 0);
    act(&mut g, &r, 0, code(GEN_PAY_CARD, 0, usize::from(brother)));
    assert!(g.locate(brother).is_none() && g.seats[0].discard.contains(&id(&r, "C145")));
    act(&mut g, &r, 0, code(GEN_TARGET, 0, usize::from(vet)));
    assert!(matches!(g.pending.first(), Some(Pending::SaveWindow { seat: 1, kill: false, .. })));
    act(&mut g, &r, 1, code(DONE, 0, 0));
    assert!(g.locate(vet).is_none() && g.seats[1].discard == vec![id(&r, "G12")]);
}

/// C161 Ravaged Coast (passive: "when a player loses an unopposed challenge"): the loser, whoever controls the
/// Coast, must choose and kneel a standing location he controls; a kneeling one is not offered.
#[test]
fn ravaged_coast_makes_the_loser_of_an_unopposed_challenge_kneel_a_location() {
    let r = rules();
    let mut g = scenario(&r, Phase::Challenges, ["U224", "U224"]);
    put(&mut g, &r, 0, "C161");
    let att = put(&mut g, &r, 0, "C11");
    // A second standing character keeps seat 0 deciding on its next challenge afterwards.
    put(&mut g, &r, 0, "C11");
    let rush = put(&mut g, &r, 1, "C155");
    let knelt = put(&mut g, &r, 1, "C160");
    g.seats[1].play[1].kneeling = true;
    challenge(&mut g, &r, 0, MIL, 1, &[att], &[]);
    pass_window(&mut g, &r);
    assert_eq!(of_kind(&g, &r, 1, GEN_TARGET), vec![code(GEN_TARGET, 0, usize::from(rush))], "{:?}", g.pending);
    act(&mut g, &r, 1, code(GEN_TARGET, 0, usize::from(rush)));
    assert!(card(&g, rush).kneeling && card(&g, knelt).kneeling);
}

/// C143 Mammoth Rampager ("Scartare": each player chooses): played from hand, each player, its controller first,
/// chooses and discards from play one character he controls (the Rampager itself may be the one).
#[test]
fn mammoth_rampager_makes_each_player_discard_a_character() {
    let r = rules();
    let mut g = scenario(&r, Phase::Marshal, ["U224", "U224"]);
    let huntress = put(&mut g, &r, 0, "C13");
    let informer = put(&mut g, &r, 1, "C30");
    let elite = put(&mut g, &r, 1, "C11");
    g.seats[0].gold = 10;
    g.seats[0].hand = vec![id(&r, "C143")];
    act(&mut g, &r, 0, code(MARSHAL, 0, 0));
    let rampager = g.seats[0].play.iter().find(|c| c.def == id(&r, "C143")).map(|c| c.uid).unwrap();
    let own = |u: u16| code(GEN_OWN, 0, usize::from(u));
    assert_eq!(legal(&g, &r, 0), vec![own(huntress), own(rampager)], "seat 0 first, its own characters");
    act(&mut g, &r, 0, own(huntress));
    assert_eq!(legal(&g, &r, 1), vec![own(informer), own(elite)]);
    act(&mut g, &r, 1, own(informer));
    assert!(g.locate(huntress).is_none() && g.locate(informer).is_none());
    assert!(g.locate(rampager).is_some() && g.locate(elite).is_some());
    assert!(g.seats[0].discard.contains(&id(&r, "C13")) && g.seats[1].discard.contains(&id(&r, "C30")));
}

/// R138 Mance Rayder ("Penale in oro" chosen, research §3.4 "Optional gold penalty"): while he is in play a
/// Wildling character may be played paying +2 gold; then his response discards a non-limited location of printed
/// cost 3 or less. Without him the Wildling has no such choice.
#[test]
fn mance_rayder_lets_wildlings_pay_a_penalty_to_discard_a_location() {
    let r = rules();
    let mut g = scenario(&r, Phase::Marshal, ["U224", "U224"]);
    g.seats[0].gold = 10;
    g.seats[0].hand = vec![id(&r, "C152")];
    assert!(!legal(&g, &r, 0).contains(&code(MARSHAL_PENALTY, 0, 0)), "no Mance: no penalty to choose");
    put(&mut g, &r, 0, "R138");
    let rush = put(&mut g, &r, 1, "C155");
    let dear = put(&mut g, &r, 1, "U153");
    assert!(legal(&g, &r, 0).contains(&code(MARSHAL_PENALTY, 0, 0)));
    act(&mut g, &r, 0, code(MARSHAL_PENALTY, 0, 0));
    assert_eq!(g.seats[0].gold, 10 - 2 - 2);
    act(&mut g, &r, 0, code(GEN_YES, 0, 0));
    assert_eq!(of_kind(&g, &r, 0, GEN_TARGET), vec![code(GEN_TARGET, 0, usize::from(rush))], "not cost 4 {dear}");
    act(&mut g, &r, 0, code(GEN_TARGET, 0, usize::from(rush)));
    assert!(g.locate(rush).is_none() && g.seats[1].discard == vec![id(&r, "C155")]);
}

/// R133 Benjen Stark (Risposte: after he is killed, from the dead pile): kneel 2 influence to swap a plot of the
/// used pile with one of the plot deck, both chosen by his controller.
#[test]
fn benjen_stark_swaps_a_used_plot_after_he_is_killed() {
    let r = rules();
    let mut g = scenario(&r, Phase::Challenges, ["U224", "U224"]);
    let benjen = put(&mut g, &r, 0, "R133");
    influence(&mut g, &r, 0, 2);
    g.seats[0].used = vec![id(&r, "T49"), id(&r, "G54")];
    let mut ev = Events::new();
    g.kill(&r, benjen, true, &mut ev);
    assert_eq!(legal(&g, &r, 0), vec![code(GEN_YES, 0, 0), code(DONE, 0, 0)]);
    act(&mut g, &r, 0, code(GEN_YES, 0, 0));
    pay(&mut g, &r, 0);
    assert_eq!(of_kind(&g, &r, 0, GEN_SWAP_PLOT), vec![code(GEN_SWAP_PLOT, 0, 0), code(GEN_SWAP_PLOT, 0, 1)]);
    act(&mut g, &r, 0, code(GEN_SWAP_PLOT, 0, 1));
    let deck = g.seats[0].plots.clone();
    act(&mut g, &r, 0, code(GEN_SWAP_PLOT, 1, 0));
    assert_eq!(g.seats[0].used, vec![id(&r, "T49"), deck[0]]);
    assert!(g.seats[0].plots.contains(&id(&r, "G54")) && !g.seats[0].plots.contains(&deck[0]));
    assert_eq!(g.seats[0].dead, vec![id(&r, "R133")]);
}

/// P3 Lady of Riverrun ("Tratti" gained): while she is in play every character has the House Tully trait: a
/// filter for it takes Huntress in the Swamp, one excluding it no longer does; locations gain nothing.
#[test]
fn lady_of_riverrun_gives_every_character_the_house_tully_trait() {
    use crate::games::agot_ccg::cards::vocab::Filter;
    let r = rules();
    let mut g = scenario(&r, Phase::Challenges, ["U224", "U224"]);
    let huntress = put(&mut g, &r, 1, "C13");
    let rush = put(&mut g, &r, 1, "C155");
    let tully = Filter { traits: vec!["House Tully".into()], ..Filter::default() };
    let not_tully = Filter { not_traits: vec!["House Tully".into()], ..Filter::default() };
    let tully_location = Filter { types: vec![crate::games::agot_ccg::cards::Kind::Location], ..tully.clone() };
    assert!(!g.in_play_matches(&r, 0, None, huntress, &tully) && g.in_play_matches(&r, 0, None, huntress, &not_tully));
    put(&mut g, &r, 0, "P3");
    assert!(g.in_play_matches(&r, 0, None, huntress, &tully) && !g.in_play_matches(&r, 0, None, huntress, &not_tully));
    assert!(!g.in_play_matches(&r, 0, None, rush, &tully_location));
}
