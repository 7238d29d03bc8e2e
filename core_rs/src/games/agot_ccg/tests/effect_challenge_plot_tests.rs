//! "Difendere", "Sfide" and plot constants: effects that change who may defend, the challenge type and the
//! plots' rules.

use super::helpers::*;
use crate::games::agot_ccg::cards::{INT, MIL};
use crate::games::agot_ccg::rules::actions::*;
use crate::games::agot_ccg::state::{At, Pending, Phase};

/// "Difendere" restrictions: Northern Heir does not kneel to defend; Balon Greyjoy attacking bars non-unique
/// defenders; Southron Heiress cannot be chosen as a stealth target.
#[test]
fn difendere_restrictions_heir_balon_heiress() {
    let r = rules();
    let mut g = scenario(&r, Phase::Challenges, ["U224", "U227"]);
    let balon = put(&mut g, &r, 1, "G16");
    put(&mut g, &r, 0, "R10"); // non-unique: barred
    let eddard = put(&mut g, &r, 0, "U6");
    g.first = 1;
    window(&mut g, Phase::Challenges, At::Challenges);
    pass_window(&mut g, &r);
    act(&mut g, &r, 1, code(CHALLENGE, usize::from(MIL), 0));
    attack(&mut g, &r, 1, &[balon]);
    pass_window(&mut g, &r);
    while matches!(g.pending.first(), Some(Pending::Stealth { .. })) {
        act(&mut g, &r, 1, code(DONE, 0, 0));
    }
    assert_eq!(g.eligible_defenders(&r, 0), vec![eddard], "the non-unique Heir cannot defend against Balon");
    let mut g = scenario(&r, Phase::Challenges, ["U224", "U227"]);
    let att = put(&mut g, &r, 1, "C30");
    let heir = put(&mut g, &r, 0, "R10");
    g.first = 1;
    window(&mut g, Phase::Challenges, At::Challenges);
    challenge(&mut g, &r, 1, MIL, 0, &[att], &[heir]);
    assert!(g.locate(heir).is_none_or(|(s, i)| !g.seats[s].play[i].kneeling), "it did not kneel to defend");
    let mut g = scenario(&r, Phase::Challenges, ["U224", "U227"]);
    let sneak = put(&mut g, &r, 0, "C13");
    let heiress = put(&mut g, &r, 1, "R112");
    let other = put(&mut g, &r, 1, "C30");
    window(&mut g, Phase::Challenges, At::Challenges);
    pass_window(&mut g, &r);
    act(&mut g, &r, 0, code(CHALLENGE, usize::from(MIL), 1));
    attack(&mut g, &r, 0, &[sneak]);
    pass_window(&mut g, &r);
    let st = of_kind(&g, &r, 0, STEALTH);
    assert!(
        st.contains(&code(STEALTH, 0, usize::from(other))) && !st.contains(&code(STEALTH, 0, usize::from(heiress)))
    );
}

/// "Sfida di intrigo" by an effect: Tyrion, while participating, turns the challenge into an intrigue challenge
/// (its claim is then the intrigue claim), and the military challenge it was declared as stays used.
#[test]
fn sfide_tyrion_turns_the_challenge_into_intrigue() {
    let r = rules();
    let mut g = scenario(&r, Phase::Challenges, ["U224", "U227"]);
    let tyrion = put(&mut g, &r, 1, "U27");
    let other = put(&mut g, &r, 1, "C30");
    put(&mut g, &r, 0, "U5"); // intrigue and power: seat 0 has a defender to declare
    influence(&mut g, &r, 1, 2);
    g.seats[0].hand = vec![id(&r, "C11"), id(&r, "C13")];
    g.first = 1;
    window(&mut g, Phase::Challenges, At::Challenges);
    assert!(of_kind(&g, &r, 1, GEN_USE).is_empty(), "not participating: no action");
    pass_window(&mut g, &r);
    act(&mut g, &r, 1, code(CHALLENGE, usize::from(crate::games::agot_ccg::cards::POW), 0));
    attack(&mut g, &r, 1, &[tyrion]);
    let _ = other;
    act(&mut g, &r, 1, code(GEN_USE, 0, usize::from(tyrion)));
    pay(&mut g, &r, 1);
    assert_eq!(g.challenge.as_ref().unwrap().kind, INT);
    for _ in 0..8 {
        if g.challenge.is_none() {
            break;
        }
        let Some(p) = g.actor() else { break };
        pass(&mut g, &r, p);
    }
    assert_eq!(g.seats[1].challenged & 0b110, 0b110, "power (declared) and intrigue are both used");
    assert!(g.seats[0].hand.len() < 2, "the intrigue claim discarded from the defender's hand");
}

/// Plot constants: We Do Not Sow (a win by 4+ counts as unopposed), Beggar King and Errant Captain (cheaper),
/// Foe I was Born to Fight (no defenders for a player with a The Others plot).
#[test]
fn trame_we_do_not_sow_beggar_king_foe() {
    let r = rules();
    for (plot, unopposed) in [("U236", true), ("U224", false)] {
        let mut g = scenario(&r, Phase::Challenges, [plot, "T49"]);
        let a = put(&mut g, &r, 0, "C11");
        let b = put(&mut g, &r, 0, "U16");
        let d = put(&mut g, &r, 1, "C13"); // STR 1: the challenge is opposed
        window(&mut g, Phase::Challenges, At::Challenges);
        challenge(&mut g, &r, 0, MIL, 1, &[a, b], &[d]);
        assert_eq!(g.challenge.as_ref().map(|c| c.unopposed), Some(unopposed), "{plot}: won by 4+");
    }
    // Beggar King: attachments cost 1 less; Errant Captain: 1 less per Warship.
    let cheap = scenario(&r, Phase::Marshal, ["T53", "U227"]);
    let plain = scenario(&r, Phase::Marshal, ["U224", "U227"]);
    let grit = id(&r, "C3"); // a Stark attachment of cost 1
    assert_eq!((cheap.marshal_cost(&r, 0, grit, 0), plain.marshal_cost(&r, 0, grit, 0)), (0, 1));
    let mut g = scenario(&r, Phase::Marshal, ["U224", "U227"]);
    let captain = id(&r, "G17");
    let base = g.marshal_cost(&r, 0, captain, 0);
    put(&mut g, &r, 0, "G27"); // Banner Ship: a Warship
    assert_eq!(g.marshal_cost(&r, 0, captain, 0) + 1, base, "Errant Captain: 1 less per Warship");
    // Foe I was Born to Fight against a player with a The Others plot revealed.
    let others = r.cards.iter().position(|c| c.kind == super::super::cards::Kind::Plot && c.has_trait("The Others"));
    let mut g = scenario(&r, Phase::Challenges, ["R223", "U227"]);
    g.seats[1].plot = others.map(|i| i as u16);
    let a = put(&mut g, &r, 0, "C11");
    let d = put(&mut g, &r, 1, "C30");
    window(&mut g, Phase::Challenges, At::Challenges);
    pass_window(&mut g, &r);
    act(&mut g, &r, 0, code(CHALLENGE, usize::from(MIL), 1));
    attack(&mut g, &r, 0, &[a]);
    pass_window(&mut g, &r);
    assert!(!g.can_defend(&r, 1, d));
}
