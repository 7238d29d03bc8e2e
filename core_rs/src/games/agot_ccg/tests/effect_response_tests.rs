//! "Risposte", "Rinomanza" responses and "Quando rivelata": abilities that answer an event (a kill, a win, a
//! renown claim, a revealed plot).

use super::effect_tests::{hand_card, pending_card};
use super::helpers::*;
use crate::engine::{Events, Player};
use crate::games::agot_ccg::cards::MIL;
use crate::games::agot_ccg::rules::actions::*;
use crate::games::agot_ccg::state::{AgotCcg, At, Pending, Phase};

/// "Risposte" / "Limite": Tommen Baratheon (after a character is killed, kneel 1 influence: he claims 1 power,
/// limit 3 per phase) is asked after each kill, optional, and no more than three times in a phase.
#[test]
fn risposte_tommen_claims_after_kills_up_to_his_limit() {
    let r = rules();
    let mut g = scenario(&r, Phase::Challenges, ["U224", "U227"]);
    let tommen = put(&mut g, &r, 1, "R26");
    influence(&mut g, &r, 1, 8);
    let mut ev = Events::new();
    for k in 0..4 {
        let v = put(&mut g, &r, 0, "C13");
        g.kill(&r, v, true, &mut ev);
        g.advance(&r, &mut ev);
        if k < 3 {
            assert!(matches!(g.pending.first(), Some(Pending::Effect(_))), "kill {k}: Tommen may respond");
            act(&mut g, &r, 1, code(GEN_YES, 0, 0));
            pay(&mut g, &r, 1);
        } else {
            assert!(g.pending.is_empty(), "the fourth kill of the phase: limit reached");
        }
    }
    assert_eq!(card(&g, tommen).power, 3);
    g.expire_phase();
    let v = put(&mut g, &r, 0, "C13");
    g.kill(&r, v, true, &mut ev);
    g.advance(&r, &mut ev);
    assert!(matches!(g.pending.first(), Some(Pending::Effect(_))), "a new phase: the limit starts again");
    pass(&mut g, &r, 1);
    assert_eq!(card(&g, tommen).power, 3, "declined: nothing happens");
}

/// "Risposte" from the hand: Forever Stalwart (after you win a challenge as defender, claim 1 power for your House)
/// is offered to the defending winner, played from the hand and placed in its (dead) pile.
#[test]
fn risposte_event_from_hand_after_a_defence() {
    let r = rules();
    let mut g = scenario(&r, Phase::Challenges, ["U224", "U227"]);
    let att = put(&mut g, &r, 1, "C30");
    let dfd = put(&mut g, &r, 0, "C11");
    hand_card(&mut g, &r, 0, "U176");
    g.first = 1;
    window(&mut g, Phase::Challenges, At::Challenges);
    pass_window(&mut g, &r);
    challenge(&mut g, &r, 1, MIL, 0, &[att], &[dfd]);
    assert!(matches!(g.pending.first(), Some(Pending::Effect(_))), "{:?}", g.pending);
    let before = g.seats[0].house_power;
    act(&mut g, &r, 0, code(GEN_YES, 0, 0));
    assert_eq!(g.seats[0].house_power, before + 1);
    assert!(g.seats[0].hand.is_empty() && g.seats[0].dead.contains(&id(&r, "U176")), "deathbound: dead pile");
}

/// "Ritornare in mano" / "Quando rivelata": Fire and Blood returns a character its player controls to his hand,
/// asked (optional) after the first player is chosen.
#[test]
fn quando_rivelata_fire_and_blood_returns_to_hand() {
    let r = rules();
    let mut g = scenario(&r, Phase::Plot, ["U224", "U227"]);
    g.seats[0].plots = vec![id(&r, "U222")];
    g.seats[1].plots = vec![id(&r, "T49")];
    let mine = put(&mut g, &r, 0, "C13");
    act(&mut g, &r, 0, code(PLOT, 0, 0));
    act(&mut g, &r, 1, code(PLOT, 0, 0));
    let chooser = g.actor().unwrap();
    act(&mut g, &r, chooser, code(FIRST, 0, 0));
    assert!(matches!(g.pending.first(), Some(Pending::Effect(_))));
    act(&mut g, &r, 0, code(GEN_YES, 0, 0));
    act(&mut g, &r, 0, code(GEN_TARGET, 0, usize::from(mine)));
    assert!(g.locate(mine).is_none() && g.seats[0].hand.contains(&id(&r, "C13")));
}

/// "Risposte" after a win (total STR): Make an Example claims 3 House power after a win with 8 or more STR only.
#[test]
fn risposte_make_an_example_needs_eight_str() {
    let r = rules();
    let mut g = scenario(&r, Phase::Challenges, ["U224", "U227"]);
    let a = put(&mut g, &r, 0, "C11");
    let b = put(&mut g, &r, 0, "U16");
    hand_card(&mut g, &r, 0, "R192");
    window(&mut g, Phase::Challenges, At::Challenges);
    pass_window(&mut g, &r);
    challenge(&mut g, &r, 0, MIL, 1, &[a, b], &[]);
    let asked = g.pending.iter().any(|p| matches!(p, Pending::Effect(x) if x.card == id(&r, "R192")));
    assert!(asked, "4 + 4 STR: eight");
    let mut g2 = scenario(&r, Phase::Challenges, ["U224", "U227"]);
    let a = put(&mut g2, &r, 0, "C11");
    hand_card(&mut g2, &r, 0, "R192");
    window(&mut g2, Phase::Challenges, At::Challenges);
    pass_window(&mut g2, &r);
    challenge(&mut g2, &r, 0, MIL, 1, &[a], &[]);
    assert!(!g2.pending.iter().any(|p| matches!(p, Pending::Effect(_))), "4 STR is not enough");
}

/// "Quando rivelata" on the player with the most: The Sack of Winterfell kneels every location of the one player who
/// controls more locations than each opponent, whoever revealed it; on a tie for the most, nobody kneels.
#[test]
fn quando_rivelata_sack_of_winterfell_kneels_the_most_locations() {
    let r = rules();
    let reveal = |g: &mut AgotCcg| {
        g.seats[0].plots = vec![id(&r, "G49")];
        g.seats[1].plots = vec![id(&r, "T49")];
        act(g, &r, 0, code(PLOT, 0, 0));
        act(g, &r, 1, code(PLOT, 0, 0));
        let chooser = g.actor().unwrap();
        act(g, &r, chooser, code(FIRST, 0, 0));
    };
    let mut g = scenario(&r, Phase::Plot, ["U224", "U227"]);
    let mine = put(&mut g, &r, 0, "C157");
    let theirs = [put(&mut g, &r, 1, "C157"), put(&mut g, &r, 1, "C160")];
    let keeper = put(&mut g, &r, 1, "C14");
    reveal(&mut g);
    assert!(theirs.iter().all(|&u| card(&g, u).kneeling), "the opponent has the most locations: all knelt");
    assert!(!card(&g, mine).kneeling && !card(&g, keeper).kneeling, "only that player's locations");

    let mut g = scenario(&r, Phase::Plot, ["U224", "U227"]);
    let tied = [put(&mut g, &r, 0, "C157"), put(&mut g, &r, 1, "C160")];
    reveal(&mut g);
    assert!(tied.iter().all(|&u| !card(&g, u).kneeling), "a tie for the most: nobody kneels");
}

/// "Rinomanza" responses: Melisandre claims 1 power after a character claims power for renown.
#[test]
fn rinomanza_melisandre() {
    let r = rules();
    let mut g = scenario(&r, Phase::Challenges, ["U224", "U227"]);
    let eddard = put(&mut g, &r, 0, "U6"); // renown
    let mel = put(&mut g, &r, 1, "R45");
    window(&mut g, Phase::Challenges, At::Challenges);
    pass_window(&mut g, &r);
    challenge(&mut g, &r, 0, crate::games::agot_ccg::cards::POW, 1, &[eddard], &[]);
    for _ in 0..4 {
        if pending_card(&g) == Some(id(&r, "R45")) {
            break;
        }
        let p = g.actor().unwrap();
        pass(&mut g, &r, p);
    }
    assert_eq!(pending_card(&g), Some(id(&r, "R45")));
    act(&mut g, &r, 1, code(GEN_YES, 0, 0));
    assert_eq!(card(&g, mel).power, 1);
}

/// "Risposte" to a Wildling leaving play: Skirling Berserker after a Wildling is killed.
#[test]
fn risposte_skirling_berserker() {
    let r = rules();
    let mut g = scenario(&r, Phase::Challenges, ["U224", "U227"]);
    put(&mut g, &r, 0, "P1");
    let wild = put(&mut g, &r, 0, "P1");
    let weak = put(&mut g, &r, 1, "C30");
    let mut ev = Events::new();
    g.kill(&r, wild, true, &mut ev);
    g.advance(&r, &mut ev);
    assert_eq!(pending_card(&g), Some(id(&r, "P1")));
    act(&mut g, &r, 0, code(GEN_YES, 0, 0));
    let before = g.strength(&r, 1, card(&g, weak));
    act(&mut g, &r, 0, code(GEN_TARGET, 0, usize::from(weak)));
    assert!(g.locate(weak).is_none_or(|(s, i)| g.strength(&r, s as Player, &g.seats[s].play[i]) + 1 == before));
}
