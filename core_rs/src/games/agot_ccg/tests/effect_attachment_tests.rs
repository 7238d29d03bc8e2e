//! "Carte Equipaggiamento": attachments moved, targeted, attached from the discard pile and restricted.

use super::effect_tests::hand_card;
use super::helpers::*;
use crate::games::agot_ccg::rules::actions::*;
use crate::games::agot_ccg::state::{At, Phase};

/// "Carte Equipaggiamento" (moving attachments): Poisoned Wine (-2 STR) moves to another character for 1 influence.
#[test]
fn equipaggiamenti_poisoned_wine_moves() {
    let r = rules();
    let mut g = scenario(&r, Phase::Challenges, ["U224", "U227"]);
    influence(&mut g, &r, 0, 1);
    let a = put(&mut g, &r, 1, "C11");
    let b = put(&mut g, &r, 1, "C30");
    attach(&mut g, &r, a, "T23", 0);
    assert_eq!(g.strength(&r, 1, card(&g, a)), 1, "4, -2, and -1 for Hear Me Roar");
    window(&mut g, Phase::Challenges, At::Challenges);
    act(&mut g, &r, 0, code(GEN_ATT, 1, usize::from(a))); // attachment 0, ability 1
    pay(&mut g, &r, 0);
    assert!(!of_kind(&g, &r, 0, GEN_TARGET).contains(&code(GEN_TARGET, 0, usize::from(a))), "another character");
    act(&mut g, &r, 0, code(GEN_TARGET, 0, usize::from(b)));
    assert!(card(&g, a).attachments.is_empty() && card(&g, b).attachments == vec![(id(&r, "T23"), 0)]);
    assert_eq!(g.strength(&r, 1, card(&g, a)), 3);
}

/// "Carte Equipaggiamento" as targets: Ser Jorah Mormont, after he enters play, discards an attachment on an
/// opponent's character (only those are offered).
#[test]
fn equipaggiamenti_as_targets_ser_jorah() {
    let r = rules();
    let mut g = scenario(&r, Phase::Marshal, ["U224", "U227"]);
    let theirs = put(&mut g, &r, 1, "C30");
    let mine = put(&mut g, &r, 0, "C11");
    attach(&mut g, &r, theirs, "C3", 1);
    attach(&mut g, &r, mine, "C3", 0);
    g.seats[0].gold = 20;
    let x = hand_card(&mut g, &r, 0, "U90");
    act(&mut g, &r, 0, code(MARSHAL, x, 0));
    act(&mut g, &r, 0, code(GEN_YES, 0, 0));
    let t = of_kind(&g, &r, 0, GEN_TARGET_ATT);
    assert_eq!(t, vec![code(GEN_TARGET_ATT, 1, usize::from(theirs))]);
    act(&mut g, &r, 0, t[0]);
    assert!(card(&g, theirs).attachments.is_empty() && g.seats[1].discard.contains(&id(&r, "C3")));
    assert_eq!(card(&g, mine).attachments.len(), 1);
}

/// Attaching from the discard pile: Old Bear's Crow attaches itself to a character its owner controls.
#[test]
fn equipaggiamenti_old_bears_crow_from_the_discard_pile() {
    let r = rules();
    let mut g = scenario(&r, Phase::Dominance, ["U224", "U227"]);
    influence(&mut g, &r, 0, 2);
    let mine = put(&mut g, &r, 0, "C13");
    put(&mut g, &r, 0, "C11"); // no attachments: not offered
    put(&mut g, &r, 1, "C30");
    g.seats[0].discard = vec![id(&r, "P8")];
    window(&mut g, Phase::Dominance, At::Dominance);
    act(&mut g, &r, 0, code(GEN_PILE, 16 + 2, 0));
    pay(&mut g, &r, 0);
    assert_eq!(of_kind(&g, &r, 0, GEN_TARGET), vec![code(GEN_TARGET, 0, usize::from(mine))], "a character you control");
    act(&mut g, &r, 0, code(GEN_TARGET, 0, usize::from(mine)));
    assert!(g.seats[0].discard.is_empty() && g.renowned(&r, 0, card(&g, mine)));
}

/// "Carte Equipaggiamento" restrictions: King-Beyond-the-Wall is offered only onto Wildling characters.
#[test]
fn equipaggiamenti_wildling_only() {
    let r = rules();
    let mut g = scenario(&r, Phase::Marshal, ["U224", "U227"]);
    let wildling = put(&mut g, &r, 0, "U137");
    let other = put(&mut g, &r, 0, "C14");
    g.seats[0].gold = 10;
    let x = hand_card(&mut g, &r, 0, "R127");
    let l = of_kind(&g, &r, 0, MARSHAL);
    assert!(l.contains(&code(MARSHAL, x, usize::from(wildling))) && !l.contains(&code(MARSHAL, x, usize::from(other))));
}
