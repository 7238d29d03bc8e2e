//! The keywords (Mortale, Maledizione, Immunità, Limitata, Fama, Furtività, ...), the draw limit and lasting
//! effects.

use super::helpers::*;
use crate::engine::Events;
use crate::games::agot_ccg::cards::{MIL, POW};
use crate::games::agot_ccg::rules::actions::*;
use crate::games::agot_ccg::state::{Pending, Phase};

/// "Mortale" (deadly): more deadly attackers than deadly defenders: the defender kills one defending character.
#[test]
fn mortale_defender_kills_a_defender() {
    let r = rules();
    let mut g = scenario(&r, Phase::Challenges, ["U224", "U224"]);
    let a = put(&mut g, &r, 0, "C11"); // deadly
    let d1 = put(&mut g, &r, 1, "C30");
    let d2 = put(&mut g, &r, 1, "C32"); // deadly, 4 + 1
    let other = put(&mut g, &r, 1, "U35");
    challenge(&mut g, &r, 0, MIL, 1, &[a], &[d1]);
    // Defender won? 5 vs 3: attacker wins, claim 1 first.
    act(&mut g, &r, 1, code(KILL, 0, usize::from(other)));
    let l = of_kind(&g, &r, 1, KILL);
    assert_eq!(l, vec![code(KILL, 0, usize::from(d1))], "deadly: a defending character");
    act(&mut g, &r, 1, l[0]);
    assert!(g.locate(d1).is_none() && g.locate(d2).is_some());
    // Equal deadly counts (1 against 1): no deadly kill; the tie goes to the attacker (power claim).
    let mut g = scenario(&r, Phase::Challenges, ["U224", "U224"]);
    let a = put(&mut g, &r, 0, "C11");
    let d = put(&mut g, &r, 1, "C32");
    challenge(&mut g, &r, 0, POW, 1, &[a], &[d]);
    assert!(g.pending.is_empty() && g.locate(d).is_some());
}

/// "Vincolo mortale" (deathbound): a card that would go to the discard pile goes to the dead pile.
#[test]
fn vincolo_mortale_discard_goes_to_dead_pile() {
    let r = rules();
    let mut g = scenario(&r, Phase::Challenges, ["U224", "U227"]);
    let mut ev = Events::new();
    g.to_discard(&r, 0, id(&r, "C19"), &mut ev);
    g.to_discard(&r, 0, id(&r, "C20"), &mut ev);
    assert_eq!(g.seats[0].dead, vec![id(&r, "C19")]);
    assert_eq!(g.seats[0].discard, vec![id(&r, "C20")]);
}

/// "Maledizione" (curse): five cursed cards in your dead pile eliminate you; the last player left wins;
/// everybody at once is a draw.
#[test]
fn maledizione_five_cursed_cards_eliminate() {
    let r = rules();
    let mut g = scenario(&r, Phase::Marshal, ["U224", "U227"]);
    g.seats[0].dead = vec![id(&r, "C19"); 4];
    let mut ev = Events::new();
    g.check_end(&r, &mut ev);
    assert_eq!(g.phase, Phase::Marshal);
    // Great Pyramid of Meereen: each opponent counts one more.
    put(&mut g, &r, 1, "R99");
    g.check_end(&r, &mut ev);
    assert_eq!(g.phase, Phase::Over);
    assert_eq!(g.winners, vec![1]);
    let mut g = scenario(&r, Phase::Marshal, ["U224", "U227"]);
    g.seats[0].dead = vec![id(&r, "C19"); 5];
    g.seats[1].dead = vec![id(&r, "C39"); 6];
    g.check_end(&r, &mut ev);
    assert_eq!(g.winners, vec![0, 1], "a draw");
}

/// "Immunità": an immune card cannot be chosen by what it is immune to (Jaime vs an opponent's character).
#[test]
fn immunita_cannot_be_chosen() {
    let r = rules();
    let mut g = scenario(&r, Phase::Marshal, ["U224", "U227"]);
    let jaime = put(&mut g, &r, 0, "U25");
    let serv = put(&mut g, &r, 0, "C98");
    let ned = put(&mut g, &r, 0, "U6");
    g.first = 1;
    g.seats[1].gold = 5;
    g.seats[1].hand = vec![id(&r, "C30")];
    act(&mut g, &r, 1, code(MARSHAL, 0, 0));
    let l = of_kind(&g, &r, 1, KNEEL);
    assert!(l.contains(&code(KNEEL, 0, usize::from(ned))));
    assert!(!l.contains(&code(KNEEL, 0, usize::from(jaime))), "immune to opponents' character abilities");
    assert!(!l.contains(&code(KNEEL, 0, usize::from(serv))), "immune to character abilities");
}

/// "Limitata": one Limited card per round (Taxation: one more limited location).
#[test]
fn limitata_one_per_round() {
    let r = rules();
    let mut g = scenario(&r, Phase::Marshal, ["U224", "U227"]);
    g.seats[0].gold = 9;
    g.seats[0].hand = vec![id(&r, "C20"), id(&r, "T35")];
    act(&mut g, &r, 0, code(MARSHAL, 0, 0));
    assert!(of_kind(&g, &r, 0, MARSHAL).is_empty());
    let mut g = scenario(&r, Phase::Marshal, ["T55", "U227"]);
    g.seats[0].gold = 9;
    g.seats[0].hand = vec![id(&r, "C20"), id(&r, "T35")];
    act(&mut g, &r, 0, code(MARSHAL, 0, 0));
    assert_eq!(of_kind(&g, &r, 0, MARSHAL).len(), 1, "Taxation: a second limited location");
}

/// "Nessun equipaggiamento": no attachment can go on such a card; duplicates still can.
#[test]
fn nessun_equipaggiamento() {
    let r = rules();
    let mut g = scenario(&r, Phase::Marshal, ["U224", "U227"]);
    let dog = put(&mut g, &r, 0, "R9");
    let hunt = put(&mut g, &r, 0, "C13");
    g.seats[0].gold = 5;
    g.seats[0].hand = vec![id(&r, "C128"), id(&r, "R9")];
    let l = of_kind(&g, &r, 0, MARSHAL);
    assert!(l.contains(&code(MARSHAL, 0, usize::from(hunt))));
    assert!(!l.contains(&code(MARSHAL, 0, usize::from(dog))));
    assert_eq!(of_kind(&g, &r, 0, DUPE).len(), 1);
}

/// "Fama" (renown): each participating renown character of the winner claims 1 power, defenders too.
#[test]
fn fama_winning_defender_claims() {
    let r = rules();
    let mut g = scenario(&r, Phase::Challenges, ["U224", "U224"]);
    g.first = 1;
    let a = put(&mut g, &r, 1, "C36");
    let ned = put(&mut g, &r, 0, "U6");
    challenge(&mut g, &r, 1, POW, 0, &[a], &[ned]);
    assert_eq!(card(&g, ned).power, 1);
}

/// "Furtività" (stealth): each stealth attacker makes one non-stealth character unable to defend.
#[test]
fn furtivita_bypasses_a_defender() {
    let r = rules();
    let mut g = scenario(&r, Phase::Challenges, ["U224", "U224"]);
    let a = put(&mut g, &r, 0, "C13");
    let d = put(&mut g, &r, 1, "C30");
    let s = put(&mut g, &r, 1, "C96");
    attach(&mut g, &r, s, "C132", 1); // Eastern Mercenary with an attachment has stealth
    act(&mut g, &r, 0, code(CHALLENGE, usize::from(MIL), 1));
    attack(&mut g, &r, 0, &[a]);
    let l = of_kind(&g, &r, 0, STEALTH);
    assert_eq!(l, vec![code(STEALTH, 0, usize::from(d))], "stealth characters cannot be chosen");
    act(&mut g, &r, 0, l[0]);
    assert!(!g.eligible_defenders(&r, 1).contains(&d));
}

/// "Limite di acquisizione di tre carte": at most 3 cards drawn by effects per round.
#[test]
fn limite_di_acquisizione_three_extra_cards() {
    let r = rules();
    let mut g = scenario(&r, Phase::Marshal, ["U224", "U227"]);
    let mut ev = Events::new();
    g.draw(0, 2, true, &mut ev);
    g.draw(0, 2, true, &mut ev);
    assert_eq!(g.seats[0].hand.len(), 3);
    g.draw(0, 2, false, &mut ev);
    assert_eq!(g.seats[0].hand.len(), 5, "the draw phase is not limited");
}

/// "Effetti duraturi" worked example: a STR 1 character with a -1 and a +1 lasting effect has STR 1; below 0
/// counts as 0.
#[test]
fn effetti_duraturi_sum_and_floor() {
    let r = rules();
    let mut g = scenario(&r, Phase::Challenges, ["U224", "U227"]);
    let h = put(&mut g, &r, 0, "C13"); // STR 1, no intrigue icon: +1 For Love of Duty, -1 Hear Me Roar
    assert_eq!(g.strength(&r, 0, card(&g, h)), 1);
    let mut g = scenario(&r, Phase::Challenges, ["R234", "U227"]);
    let h = put(&mut g, &r, 0, "C13"); // 1 - 2 - 1
    assert_eq!(g.strength(&r, 0, card(&g, h)), 0);
}

/// "Furtività": the choice comes just before defenders are declared, with no window between, so only characters
/// that could defend are offered: not a kneeling one, nor one without the challenge's icon. Dornish Lancer's draw
/// after a use is what bypassing any other gives, so with a Lancer attacking every non-stealth one is offered.
#[test]
fn furtivita_offers_only_characters_that_could_defend() {
    let r = rules();
    for (stealthy, all) in [("C13", false), ("C114", true)] {
        let mut g = scenario(&r, Phase::Challenges, ["U224", "U224"]);
        let a = put(&mut g, &r, 0, stealthy);
        let standing = put(&mut g, &r, 1, "C30");
        let kneeling = put(&mut g, &r, 1, "C30");
        let no_icon = put(&mut g, &r, 1, "C36");
        g.seats[1].play.iter_mut().find(|c| c.uid == kneeling).unwrap().kneeling = true;
        act(&mut g, &r, 0, code(CHALLENGE, usize::from(MIL), 1));
        attack(&mut g, &r, 0, &[a]);
        pass_window(&mut g, &r);
        let offered: Vec<usize> = of_kind(&g, &r, 0, STEALTH).into_iter().map(|x| split(x).2).collect();
        let want: Vec<u16> = if all { vec![standing, kneeling, no_icon] } else { vec![standing] };
        assert_eq!(offered, want.iter().map(|&u| usize::from(u)).collect::<Vec<_>>(), "{stealthy}");
    }
    // Nothing that could defend: no stealth question at all.
    let mut g = scenario(&r, Phase::Challenges, ["U224", "U224"]);
    let a = put(&mut g, &r, 0, "C13");
    put(&mut g, &r, 1, "C36");
    act(&mut g, &r, 0, code(CHALLENGE, usize::from(MIL), 1));
    attack(&mut g, &r, 0, &[a]);
    pass_window(&mut g, &r);
    assert!(!matches!(g.pending.first(), Some(Pending::Stealth { .. })), "no stealth choice");
}
