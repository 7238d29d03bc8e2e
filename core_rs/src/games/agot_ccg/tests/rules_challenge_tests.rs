//! Resolving a challenge ("Risoluzione"), the three claims, the defender's win, unopposed challenges and
//! "Potere e vittoria".

use super::helpers::*;
use crate::engine::{Events, Game};
use crate::games::agot_ccg::cards::{INT, MIL, POW};
use crate::games::agot_ccg::rules::actions::*;
use crate::games::agot_ccg::state::{Pending, Phase};

/// "Risoluzione delle sfide, 3": a tie goes to the attacker.
#[test]
fn risoluzione_tie_goes_to_attacker() {
    let r = rules();
    let mut g = scenario(&r, Phase::Challenges, ["U224", "U224"]);
    let a = put(&mut g, &r, 0, "C56"); // 2 + 1
    let d = put(&mut g, &r, 1, "C30"); // 2 + 1
    challenge(&mut g, &r, 0, MIL, 1, &[a], &[d]);
    assert!(matches!(g.pending.first(), Some(Pending::Kill { seat: 1, left: 1, .. })), "attacker won: claim");
}

/// "Risoluzione delle sfide, 3": no side wins with total STR below 1.
#[test]
fn risoluzione_no_winner_below_one_strength() {
    let r = rules();
    let mut g = scenario(&r, Phase::Challenges, ["R234", "U227"]); // The Wraiths Appear: -2
    let a = put(&mut g, &r, 0, "C13"); // 1 - 2 -> 0
    challenge(&mut g, &r, 0, MIL, 1, &[a], &[]);
    assert!(g.pending.is_empty() && g.seats[0].house_power == 0, "STR 0 wins nothing, not even unopposed");
}

/// "Sfida militare": the loser kills as many characters as the claim; "Sfide militari con un alto valore di
/// Rivendicazione": different characters.
#[test]
fn sfida_militare_claim_kills_different_characters() {
    let r = rules();
    let mut g = scenario(&r, Phase::Challenges, ["U240", "U227"]); // Winter is Coming: claim 2
    let a = put(&mut g, &r, 0, "C11");
    let v1 = put(&mut g, &r, 1, "U25");
    let v2 = put(&mut g, &r, 1, "C36");
    g.seats[1].play[1].kneeling = true;
    g.seats[1].play[0].dupes.push(id(&r, "U25"));
    challenge(&mut g, &r, 0, MIL, 1, &[a], &[]);
    assert_eq!(of_kind(&g, &r, 1, KILL).len(), 2, "not necessarily participants");
    act(&mut g, &r, 1, code(KILL, 0, usize::from(v1)));
    act(&mut g, &r, 1, code(YES, 0, 0)); // Jaime saved by his duplicate
    let l = of_kind(&g, &r, 1, KILL);
    assert_eq!(l, vec![code(KILL, 0, usize::from(v2))], "Jaime cannot be picked twice");
    act(&mut g, &r, 1, l[0]);
    assert!(g.locate(v2).is_none() && g.locate(v1).is_some());
}

/// "Sfida di intrigo": the loser discards claim cards from hand at random.
#[test]
fn sfida_di_intrigo_random_discard() {
    let r = rules();
    let mut g = scenario(&r, Phase::Challenges, ["U224", "U227"]);
    let a = put(&mut g, &r, 1, "C36");
    g.seats[0].hand = vec![id(&r, "C13"), id(&r, "C15"), id(&r, "C11")];
    g.first = 1;
    challenge(&mut g, &r, 1, INT, 0, &[a], &[]);
    assert_eq!(g.seats[0].hand.len(), 2);
    assert_eq!(g.seats[0].discard.len(), 1);
}

/// "Sfida di potere": the loser moves claim power from his House card to the winner's.
#[test]
fn sfida_di_potere_moves_house_power() {
    let r = rules();
    let mut g = scenario(&r, Phase::Challenges, ["U216", "U227"]); // Break Their Defense: claim 2, no unopposed
    let a = put(&mut g, &r, 0, "C11");
    g.seats[1].house_power = 3;
    challenge(&mut g, &r, 0, POW, 1, &[a], &[]);
    assert_eq!((g.seats[0].house_power, g.seats[1].house_power), (2, 1));
}

/// "E se vince il difensore?": nothing happens when the defender wins.
#[test]
fn vince_il_difensore_nothing_happens() {
    let r = rules();
    let mut g = scenario(&r, Phase::Challenges, ["U224", "U224"]);
    let a = put(&mut g, &r, 0, "C13");
    let d = put(&mut g, &r, 1, "C32");
    g.seats[1].house_power = 2;
    challenge(&mut g, &r, 0, MIL, 1, &[a], &[d]);
    assert!(g.pending.is_empty());
    assert_eq!((g.seats[0].house_power, g.seats[1].house_power), (0, 2));
}

/// "Sfide incontrastate": no defender (or defending STR 0): the attacker claims 1 more power.
#[test]
fn sfide_incontrastate_one_more_power() {
    let r = rules();
    let mut g = scenario(&r, Phase::Challenges, ["U224", "R234"]); // Wraiths: all characters -2
    let a = put(&mut g, &r, 0, "C11");
    let d = put(&mut g, &r, 1, "C30");
    challenge(&mut g, &r, 0, MIL, 1, &[a], &[d]);
    let kill = of_kind(&g, &r, 1, KILL)[0];
    act(&mut g, &r, 1, kill);
    assert_eq!(g.seats[0].house_power, 1, "defending STR 0 counts as unopposed");
}

/// "Potere e vittoria": 15 power (House plus characters) wins at once; power on a character leaving play is lost.
#[test]
fn potere_e_vittoria_fifteen_wins_and_character_power_is_lost() {
    let r = rules();
    let mut g = scenario(&r, Phase::Challenges, ["U224", "U227"]);
    let ned = put(&mut g, &r, 0, "U6");
    g.seats[0].house_power = 10;
    g.seats[0].play[0].power = 3;
    let mut ev = Events::new();
    g.kill(&r, ned, true, &mut ev);
    assert_eq!(g.power(0), 10, "Eddard's power returned to the pool");
    g.seats[0].house_power = 14;
    let a = put(&mut g, &r, 0, "C11");
    challenge(&mut g, &r, 0, POW, 1, &[a], &[]);
    assert_eq!(g.phase, Phase::Over);
    assert_eq!(g.outcome().unwrap().winners.iter().collect::<Vec<_>>(), vec![0]);
}
