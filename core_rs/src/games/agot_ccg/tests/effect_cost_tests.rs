//! "Azioni", "Influenza" and play restrictions: what an ability costs (X costs, optional penalties) and when it
//! may be offered at all ("Bersagli", "Restrizioni").

use super::effect_tests::{hand_card, pending_card};
use super::helpers::*;
use crate::engine::Events;
use crate::games::agot_ccg::cards::{house_index, INT, MIL};
use crate::games::agot_ccg::rules::actions::*;
use crate::games::agot_ccg::state::{At, Phase};

/// "Azioni" / "Influenza" / "Uccidere": Harrenhal (Dominance: kneel it and 3 influence to kill a character) is offered
/// only in the dominance window, is paid first (kneel, then influence of the player's choice), then its target is
/// chosen, then the character is killed.
#[test]
fn azioni_harrenhal_kneels_pays_then_kills() {
    let r = rules();
    let mut g = scenario(&r, Phase::Challenges, ["U224", "U227"]);
    let hh = put(&mut g, &r, 0, "U153");
    influence(&mut g, &r, 0, 4);
    let victim = put(&mut g, &r, 1, "C30");
    window(&mut g, Phase::Challenges, At::Challenges);
    assert!(of_kind(&g, &r, 0, GEN_USE).is_empty(), "a dominance action is not offered in the challenges phase");
    window(&mut g, Phase::Dominance, At::Dominance);
    let use_it = code(GEN_USE, 0, usize::from(hh));
    assert!(legal(&g, &r, 0).contains(&use_it));
    act(&mut g, &r, 0, use_it);
    assert!(card(&g, hh).kneeling, "the kneel cost is paid before anything else");
    pay(&mut g, &r, 0);
    let targets = of_kind(&g, &r, 0, GEN_TARGET);
    assert!(targets.contains(&code(GEN_TARGET, 0, usize::from(victim))));
    act(&mut g, &r, 0, code(GEN_TARGET, 0, usize::from(victim)));
    assert!(g.locate(victim).is_none());
    assert_eq!(g.seats[1].dead, vec![id(&r, "C30")]);
    // Kneeling: it cannot be used again; with no influence left nothing is offered.
    assert!(!legal(&g, &r, 0).contains(&use_it));
}

/// "Bersagli" (research §3.1, play restrictions): an ability whose required target does not exist is not offered,
/// so a target choice is never asked with an empty list.
#[test]
fn azioni_no_target_no_action() {
    let r = rules();
    let mut g = scenario(&r, Phase::Dominance, ["U224", "U227"]);
    let hh = put(&mut g, &r, 0, "U153");
    influence(&mut g, &r, 0, 4);
    window(&mut g, Phase::Dominance, At::Dominance);
    // Only seat 0's own Harrenhal-less board: the Blackwater Rushes are locations, no character anywhere.
    assert!(!legal(&g, &r, 0).contains(&code(GEN_USE, 0, usize::from(hh))));
}

/// "Restrizioni" ("cannot" beats "can"): after Like the Seas a Greyjoy defender cannot be killed, not even by the
/// military claim (it is not offered), and Too Blind to See stops a character from being declared.
#[test]
fn restrizioni_cannot_be_killed_or_declared() {
    let r = rules();
    let mut g = scenario(&r, Phase::Challenges, ["U224", "U227"]);
    let blind = put(&mut g, &r, 1, "C11");
    put(&mut g, &r, 0, "C14"); // seat 0 has a challenge to declare: the phase goes on
    window(&mut g, Phase::Challenges, At::Challenges);
    let x = hand_card(&mut g, &r, 0, "C209");
    act(&mut g, &r, 0, code(GEN_EVENT, x, 0));
    act(&mut g, &r, 0, code(GEN_TARGET, 0, usize::from(blind)));
    assert!(!g.can_attack(&r, 1, blind, MIL), "it cannot attack until the end of the phase");
    let mut ev = Events::new();
    g.lasting.push(super::super::rules::triggered::Lasting {
        uid: blind,
        what: super::super::rules::triggered::Lasts::CannotBeKilled,
    });
    g.kill(&r, blind, true, &mut ev);
    assert!(g.locate(blind).is_some(), "cannot be killed");
}

/// "Influenza" (X costs): Blood Magic kneels influence providers until the player stops; X is the influence paid,
/// and the target gets -X STR (killed at 0).
#[test]
fn influenza_x_blood_magic() {
    let r = rules();
    let mut g = scenario(&r, Phase::Challenges, ["U224", "U227"]);
    influence(&mut g, &r, 0, 4);
    g.seats[0].house = house_index("targaryen").unwrap(); // House Targaryen only
    let big = put(&mut g, &r, 1, "C11"); // 4 STR, -1 for Hear Me Roar: 3
    let x = hand_card(&mut g, &r, 0, "C184");
    window(&mut g, Phase::Challenges, At::Challenges);
    act(&mut g, &r, 0, code(GEN_EVENT, x, 0));
    assert!(!legal(&g, &r, 0).contains(&code(DONE, 0, 0)), "X is at least 1");
    let first = of_kind(&g, &r, 0, GEN_INF)[0];
    act(&mut g, &r, 0, first);
    act(&mut g, &r, 0, code(DONE, 0, 0)); // X = 2
    act(&mut g, &r, 0, code(GEN_TARGET, 0, usize::from(big)));
    assert_eq!(g.strength(&r, 1, card(&g, big)), 1, "3 - X(2)");
    let mut g2 = scenario(&r, Phase::Challenges, ["U224", "U227"]);
    influence(&mut g2, &r, 0, 4);
    g2.seats[0].house = house_index("targaryen").unwrap();
    let big = put(&mut g2, &r, 1, "C11");
    let x = hand_card(&mut g2, &r, 0, "C184");
    window(&mut g2, Phase::Challenges, At::Challenges);
    act(&mut g2, &r, 0, code(GEN_EVENT, x, 0));
    pay(&mut g2, &r, 0); // both providers: X = 4, and nothing left to kneel: the payment ends by itself
    act(&mut g2, &r, 0, code(GEN_TARGET, 0, usize::from(big)));
    assert!(g2.locate(big).is_none(), "STR 0: killed");
}

/// Play restrictions (research §3.1 "play restrictions, costs, then effects"): An Enemy Disgraced may be played only
/// after winning an intrigue and a power challenge this phase; Called by the Gods searches only with at most one
/// Kingdom plot in the used pile.
#[test]
fn restrizioni_di_gioco_won_challenges_and_used_plots() {
    let r = rules();
    let mut g = scenario(&r, Phase::Challenges, ["U224", "U227"]);
    let x = hand_card(&mut g, &r, 0, "T41");
    window(&mut g, Phase::Challenges, At::Challenges);
    assert!(!legal(&g, &r, 0).contains(&code(GEN_EVENT, x, 0)));
    g.wins = vec![(0, INT)];
    assert!(!legal(&g, &r, 0).contains(&code(GEN_EVENT, x, 0)), "an intrigue win is not enough");
    g.wins.push((0, crate::games::agot_ccg::cards::POW));
    assert!(legal(&g, &r, 0).contains(&code(GEN_EVENT, x, 0)));
    let before = g.seats[0].deck.len();
    act(&mut g, &r, 0, code(GEN_EVENT, x, 0));
    assert_eq!(g.seats[0].deck.len(), before - 3);
    // Called by the Gods with two Kingdom plots used: nothing is asked.
    let plot = id(&r, "U217");
    let mut g = scenario(&r, Phase::Plot, ["U224", "U227"]);
    g.seats[0].plots = vec![plot, id(&r, "R231")]; // not the last plot: the used pile stays
    g.seats[1].plots = vec![id(&r, "T49")];
    g.seats[0].used = vec![id(&r, "R214")];
    act(&mut g, &r, 0, code(PLOT, 0, 0));
    act(&mut g, &r, 1, code(PLOT, 0, 0));
    let chooser = g.actor().unwrap();
    act(&mut g, &r, chooser, code(FIRST, 0, 0));
    assert!(pending_card(&g) != Some(plot), "two Kingdom plots used (R214, and U224 before it)");
    let mut g = scenario(&r, Phase::Plot, ["U224", "U227"]);
    g.seats[0].plots = vec![plot, id(&r, "R231")];
    g.seats[1].plots = vec![id(&r, "T49")];
    g.seats[0].plot = None;
    act(&mut g, &r, 0, code(PLOT, 0, 0));
    act(&mut g, &r, 1, code(PLOT, 0, 0));
    let chooser = g.actor().unwrap();
    act(&mut g, &r, chooser, code(FIRST, 0, 0));
    assert_eq!(pending_card(&g), Some(plot), "no Kingdom plot used: the search is offered");
}

/// Optional gold penalty (research §3.4): Roving Pillagers' response needs the penalty paid; with it, a non-limited
/// location is discarded.
#[test]
fn penale_opzionale_roving_pillagers() {
    let r = rules();
    let mut g = scenario(&r, Phase::Marshal, ["U224", "U227"]);
    let loc = put(&mut g, &r, 1, "C155");
    g.seats[0].gold = 20;
    hand_card(&mut g, &r, 0, "C11");
    let x = hand_card(&mut g, &r, 0, "C144");
    act(&mut g, &r, 0, code(MARSHAL, x, 0));
    assert!(pending_card(&g).is_none(), "without the penalty: no response");
    let x = hand_card(&mut g, &r, 0, "C144");
    act(&mut g, &r, 0, code(MARSHAL_PENALTY, x, 0));
    act(&mut g, &r, 0, code(GEN_YES, 0, 0));
    act(&mut g, &r, 0, code(GEN_TARGET, 0, usize::from(loc)));
    assert!(g.locate(loc).is_none());
}
