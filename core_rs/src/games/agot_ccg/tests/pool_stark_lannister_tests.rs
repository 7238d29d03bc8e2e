//! The Stark and Lannister records of the pool (The Hand's Judgement, Winterfell Barracks, Love is Poison).

use super::helpers::*;
use super::pool_houses_tests::{finish_challenge, picks, plaza_offered};
use crate::games::agot_ccg::cards::MIL;
use crate::games::agot_ccg::rules::actions::*;
use crate::games::agot_ccg::state::{At, Pending, Phase};

/// "Azioni e abilità passive" with a player who cannot trigger effects (research §5 U205 The Hand's Judgement):
/// after it, its opponent plays no action and answers no response during military and power challenges this
/// phase, and acts again in an intrigue challenge.
#[test]
fn azioni_the_hands_judgement_bars_military_and_power_challenges() {
    use crate::games::agot_ccg::cards::INT;
    let r = rules();
    let mut g = scenario(&r, Phase::Challenges, ["U224", "U224"]);
    let plaza = put(&mut g, &r, 1, "R104");
    put(&mut g, &r, 1, "R126"); // Ruins in the Sand: a response after losing a challenge
    let a = put(&mut g, &r, 0, "C11"); // military and power
    let b = put(&mut g, &r, 0, "C30"); // military and intrigue
    let d = put(&mut g, &r, 1, "C15"); // military only
    g.seats[0].hand = vec![id(&r, "U205")];
    window(&mut g, Phase::Challenges, At::Challenges);
    act(&mut g, &r, 0, code(GEN_EVENT, 0, 0));
    assert_eq!(g.trigger_bars.len(), 1);
    challenge(&mut g, &r, 0, MIL, 1, &[a], &[d]);
    // The window after defenders: seat 1's Plaza would have a target (Greatjon's Elite has no attachment).
    assert!(!plaza_offered(&g, &r, plaza));
    finish_challenge(&mut g, &r);
    assert!(!matches!(g.pending.first(), Some(Pending::Effect(e)) if e.seat == 1), "Ruins not offered after the loss");
    for _ in 0..8 {
        if g.challenge.is_none() && g.pending.is_empty() {
            break;
        }
        let Some(p) = g.actor() else { break };
        if matches!(g.pending.first(), Some(Pending::Kill { .. })) {
            let k = of_kind(&g, &r, p, KILL)[0];
            act(&mut g, &r, p, k);
            continue;
        }
        pass(&mut g, &r, p);
    }
    assert!(g.seats[1].play.iter().any(|c| c.def == id(&r, "R126")), "Ruins stayed in play");
    let d2 = put(&mut g, &r, 1, "C36"); // intrigue
    challenge(&mut g, &r, 0, INT, 1, &[b], &[d2]);
    assert!(plaza_offered(&g, &r, plaza), "an intrigue challenge: not barred");
}

/// "Ricerca nel mazzo" and "until the end of the phase" (research §5 R21 Winterfell Barracks): it is discarded
/// from play to put a character found in the deck into play; when the phase ends that character returns to its
/// owner's hand.
#[test]
fn ricerca_winterfell_barracks_until_the_end_of_the_phase() {
    let r = rules();
    let mut g = scenario(&r, Phase::Challenges, ["U224", "U227"]);
    let barracks = put(&mut g, &r, 0, "R21");
    g.seats[0].deck = vec![id(&r, "C3"), id(&r, "C11"), id(&r, "C20")];
    window(&mut g, Phase::Challenges, At::Challenges);
    act(&mut g, &r, 0, code(GEN_USE, 0, usize::from(barracks)));
    assert!(g.seats[0].discard.contains(&id(&r, "R21")));
    assert_eq!(picks(&g), vec![(0, id(&r, "C11"))], "only the character");
    act(&mut g, &r, 0, code(GEN_PICK, 0, 0));
    let elite = g.seats[0].play.iter().find(|c| c.def == id(&r, "C11")).map(|c| c.uid).unwrap();
    assert_eq!(g.seats[0].deck.len(), 2);
    // Everyone passes until the challenges phase is over.
    for _ in 0..32 {
        if g.phase != Phase::Challenges {
            break;
        }
        let Some(p) = g.actor() else { break };
        pass(&mut g, &r, p);
    }
    assert_ne!(g.phase, Phase::Challenges);
    assert!(g.locate(elite).is_none(), "back out of play");
    assert!(g.seats[0].hand.contains(&id(&r, "C11")), "to its owner's hand");
}

/// "Dichiarare attaccanti e difensori" with characters that must participate (research §5 U191 Love is Poison):
/// after it, the chosen characters able to do so must be declared in the next challenge (as attackers by their
/// controller, as defenders by his opponent); a set leaving one out is not offered; the challenge after is free.
#[test]
fn dichiarare_love_is_poison_forces_the_next_challenge() {
    use crate::games::agot_ccg::cards::{INT, POW};
    let r = rules();
    let mut g = scenario(&r, Phase::Challenges, ["U224", "U224"]);
    g.seats[1].hand = vec![id(&r, "U191")];
    influence(&mut g, &r, 1, 4);
    let a = put(&mut g, &r, 0, "C11"); // military and power
    let b = put(&mut g, &r, 0, "C30"); // military and intrigue: cannot attack in a power challenge
    let spare = put(&mut g, &r, 0, "C36"); // intrigue and power, not chosen
    let forced = put(&mut g, &r, 1, "C36"); // intrigue and power
    let free = put(&mut g, &r, 1, "U5"); // intrigue and power
    window(&mut g, Phase::Challenges, At::Challenges);
    pass(&mut g, &r, 0);
    act(&mut g, &r, 1, code(GEN_EVENT, 0, 0));
    pay(&mut g, &r, 1); // X = 4 (two Blackwater Rushes)
    for u in [forced, a, b, free] {
        act(&mut g, &r, 1, code(GEN_TARGET, 0, usize::from(u)));
    }
    assert_eq!(g.must_participate, vec![forced, a, b, free]);
    pass_window(&mut g, &r);
    act(&mut g, &r, 0, code(CHALLENGE, usize::from(POW), 1));
    // Seat 0 attacks: Greatjon's Elite must be among the attackers (Enemy Informer has no power icon).
    let sets = of_kind(&g, &r, 0, ATTACK_SET);
    assert!(!sets.is_empty());
    let el = g.eligible_attackers(&r, 0);
    let ai = el.iter().position(|&u| u == a).unwrap();
    assert!(sets.iter().all(|&s| split(s).2 >> ai & 1 == 1), "every offered set holds it: {sets:?}");
    let _ = b;
    attack(&mut g, &r, 0, &[a]);
    pass_window(&mut g, &r);
    while matches!(g.pending.first(), Some(Pending::Stealth { .. })) {
        act(&mut g, &r, 0, code(DONE, 0, 0));
    }
    // Seat 1 defends: both the Courtesan and Catelyn must defend; neither nobody nor one of them is offered.
    assert_eq!(legal(&g, &r, 1).len(), 1, "only the set of both: {:?}", legal(&g, &r, 1));
    defend(&mut g, &r, 1, &[forced, free]);
    finish_challenge(&mut g, &r);
    for _ in 0..8 {
        if g.challenge.is_none() && g.pending.is_empty() {
            break;
        }
        let Some(p) = g.actor() else { break };
        if let Some(&k) = of_kind(&g, &r, p, KILL).first() {
            act(&mut g, &r, p, k); // Greatjon's Elite is deadly
            continue;
        }
        pass(&mut g, &r, p);
    }
    // The challenge after is free again: Enemy Informer (chosen, unable to attack in the power challenge) need
    // not attack in seat 0's intrigue challenge.
    assert_eq!((g.phase, g.actor()), (Phase::Challenges, Some(0)), "{:?}", g.pending);
    act(&mut g, &r, 0, code(CHALLENGE, usize::from(INT), 1));
    let el = g.eligible_attackers(&r, 0);
    let bi = el.iter().position(|&u| u == b).unwrap();
    assert!(el.contains(&spare));
    let sets = of_kind(&g, &r, 0, ATTACK_SET);
    assert!(sets.iter().any(|&s| split(s).2 >> bi & 1 == 0), "a set without it: {sets:?}");
}
