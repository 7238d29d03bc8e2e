//! A character's state changed by an effect: icons, blanked text, lasting modifiers, standing and kneeling,
//! STR and power.

use super::effect_tests::{hand_card, pending_card};
use super::helpers::*;
use crate::games::agot_ccg::cards::{house_index, INT, MIL};
use crate::games::agot_ccg::rules::actions::*;
use crate::games::agot_ccg::state::{At, Phase};

/// "Icone di sfida" (gained and lost until the end of the phase): Initiate of Poisons makes a character lose its
/// intrigue icon, so it cannot attack in an intrigue challenge; the next phase it has it again.
#[test]
fn icone_lost_until_the_end_of_the_phase() {
    let r = rules();
    let mut g = scenario(&r, Phase::Challenges, ["U224", "U227"]);
    let ini = put(&mut g, &r, 1, "R115");
    influence(&mut g, &r, 1, 1);
    let keeper = put(&mut g, &r, 0, "C14"); // an intrigue character
    window(&mut g, Phase::Challenges, At::Challenges);
    assert!(g.can_attack(&r, 0, keeper, INT));
    act(&mut g, &r, 0, code(DONE, 0, 0));
    act(&mut g, &r, 1, code(GEN_USE, 0, usize::from(ini)));
    pay(&mut g, &r, 1);
    act(&mut g, &r, 1, code(GEN_TARGET, 0, usize::from(keeper)));
    assert!(!g.can_attack(&r, 0, keeper, INT));
    g.expire_phase();
    assert!(g.can_attack(&r, 0, keeper, INT));
}

/// "Alzare" (stand effects): Storm's End stands 2 kneeling characters; only kneeling ones are offered.
#[test]
fn alzare_storms_end_stands_two() {
    let r = rules();
    let mut g = scenario(&r, Phase::Challenges, ["U224", "U227"]);
    let se = put(&mut g, &r, 0, "R58");
    influence(&mut g, &r, 0, 1);
    let a = put(&mut g, &r, 0, "C11");
    let b = put(&mut g, &r, 0, "C13");
    let c = put(&mut g, &r, 0, "C14");
    for u in [a, b] {
        let (s, i) = g.locate(u).unwrap();
        g.seats[s].play[i].kneeling = true;
    }
    window(&mut g, Phase::Challenges, At::Challenges);
    act(&mut g, &r, 0, code(GEN_USE, 0, usize::from(se)));
    pay(&mut g, &r, 0);
    assert!(!of_kind(&g, &r, 0, GEN_TARGET).contains(&code(GEN_TARGET, 0, usize::from(c))));
    act(&mut g, &r, 0, code(GEN_TARGET, 0, usize::from(a)));
    act(&mut g, &r, 0, code(GEN_TARGET, 0, usize::from(b)));
    assert!(!card(&g, a).kneeling && !card(&g, b).kneeling);
}

/// "Testo vuoto" (blanking): Nightmares blanks a character's text box until the end of the phase: its abilities
/// and printed keywords are off.
#[test]
fn testo_vuoto_nightmares() {
    let r = rules();
    let mut g = scenario(&r, Phase::Challenges, ["U224", "U227"]);
    let huntress = put(&mut g, &r, 1, "C13"); // stealth
    window(&mut g, Phase::Challenges, At::Challenges);
    let x = hand_card(&mut g, &r, 0, "C195");
    act(&mut g, &r, 0, code(GEN_EVENT, x, 0));
    act(&mut g, &r, 0, code(GEN_TARGET, 0, usize::from(huntress)));
    assert!(!g.stealthy(&r, 1, card(&g, huntress)));
    g.expire_phase();
    assert!(g.stealthy(&r, 1, card(&g, huntress)));
}

/// "Fase 5: Predominio" actions and "STR 0 kills": Dothraki Sea gives -1 STR to a character without attachments;
/// at STR 0 it is killed.
#[test]
fn predominio_dothraki_sea_kills_at_zero() {
    let r = rules();
    let mut g = scenario(&r, Phase::Dominance, ["U224", "U227"]);
    let sea = put(&mut g, &r, 0, "C101");
    let weak = put(&mut g, &r, 1, "C13"); // STR 1
    window(&mut g, Phase::Dominance, At::Dominance);
    act(&mut g, &r, 0, code(GEN_USE, 0, usize::from(sea)));
    act(&mut g, &r, 0, code(GEN_TARGET, 0, usize::from(weak)));
    assert!(g.locate(weak).is_none() && g.seats[1].dead.contains(&id(&r, "C13")));
}

/// "Effetti duraturi" with a choice: Casterly Rock's pick-one (-2 STR, lose intrigue, lose stealth and renown).
#[test]
fn effetti_duraturi_casterly_rock_pick_one() {
    let r = rules();
    let mut g = scenario(&r, Phase::Challenges, ["U224", "U227"]);
    let rock = put(&mut g, &r, 1, "R37");
    let huntress = put(&mut g, &r, 0, "C13");
    put(&mut g, &r, 0, "C14");
    window(&mut g, Phase::Challenges, At::Challenges);
    act(&mut g, &r, 0, code(DONE, 0, 0));
    act(&mut g, &r, 1, code(GEN_USE, 0, usize::from(rock)));
    act(&mut g, &r, 1, code(GEN_TARGET, 0, usize::from(huntress)));
    assert_eq!(of_kind(&g, &r, 1, GEN_MODE).len(), 3);
    act(&mut g, &r, 1, code(GEN_MODE, 0, 2));
    assert!(!g.stealthy(&r, 0, card(&g, huntress)), "the third option: no stealth");
    assert_eq!(g.strength(&r, 0, card(&g, huntress)), 1, "and no STR change");
}

/// Icons lost and discards per printed icon: The Scorpion's Sting.
#[test]
fn icone_scorpions_sting() {
    let r = rules();
    let mut g = scenario(&r, Phase::Challenges, ["U224", "U227"]);
    g.seats[0].house = house_index("martell").unwrap();
    influence(&mut g, &r, 0, 2);
    let t = put(&mut g, &r, 1, "U25"); // Ser Jaime: two printed icons
    g.seats[1].hand = vec![id(&r, "C30"), id(&r, "C30"), id(&r, "C30")];
    let x = hand_card(&mut g, &r, 0, "U206");
    window(&mut g, Phase::Challenges, At::Challenges);
    act(&mut g, &r, 0, code(GEN_EVENT, x, 0));
    pay(&mut g, &r, 0);
    act(&mut g, &r, 0, code(GEN_TARGET, 0, usize::from(t)));
    assert_eq!(g.icons(&r, 1, card(&g, t)), 0);
    let icons = r.cards[usize::from(id(&r, "U25"))].icons.count_ones() as usize;
    for _ in 0..icons {
        act(&mut g, &r, 1, code(DISCARD, 0, 0));
    }
    assert_eq!(g.seats[1].hand.len(), 3 - icons);
}

/// "Inginocchiare" effects: Personal Guard kneels a non-Army character after it enters play from hand (an Army
/// character is not offered); Banner Ship kneels to give an attacker +1 STR.
#[test]
fn inginocchiare_personal_guard_and_banner_ship() {
    let r = rules();
    let mut g = scenario(&r, Phase::Marshal, ["U224", "U227"]);
    let army = put(&mut g, &r, 1, "C11");
    let other = put(&mut g, &r, 1, "C30");
    g.seats[0].gold = 20;
    hand_card(&mut g, &r, 0, "C11");
    let x = hand_card(&mut g, &r, 0, "P5");
    act(&mut g, &r, 0, code(MARSHAL, x, 0));
    act(&mut g, &r, 0, code(GEN_YES, 0, 0));
    let t = of_kind(&g, &r, 0, GEN_TARGET);
    assert!(!t.contains(&code(GEN_TARGET, 0, usize::from(army))));
    act(&mut g, &r, 0, code(GEN_TARGET, 0, usize::from(other)));
    assert!(card(&g, other).kneeling);
    let mut g = scenario(&r, Phase::Challenges, ["U224", "U227"]);
    let ship = put(&mut g, &r, 0, "G27");
    let a = put(&mut g, &r, 0, "C11");
    put(&mut g, &r, 1, "C30");
    window(&mut g, Phase::Challenges, At::Challenges);
    pass_window(&mut g, &r);
    act(&mut g, &r, 0, code(CHALLENGE, usize::from(MIL), 1));
    attack(&mut g, &r, 0, &[a]);
    let before = g.strength(&r, 0, card(&g, a));
    act(&mut g, &r, 0, code(GEN_USE, 0, usize::from(ship)));
    act(&mut g, &r, 0, code(GEN_TARGET, 0, usize::from(a)));
    assert_eq!(g.strength(&r, 0, card(&g, a)), before + 1);
    assert!(card(&g, ship).kneeling);
}

/// "Ottenere Potere" moved and lost: Too Baseborn to Matter discards the power and attachments of a character
/// without a power icon; Retreat to Dragonstone discards every attachment; Ellaria Sand takes 1 power after a
/// lost challenge.
#[test]
fn potere_discarded_and_moved() {
    let r = rules();
    let mut g = scenario(&r, Phase::Challenges, ["U224", "U227"]);
    let t = put(&mut g, &r, 1, "C14"); // intrigue only
    g.seats[1].play.iter_mut().for_each(|c| c.power = 3);
    attach(&mut g, &r, t, "C22", 1); // not Northman's Grit: that one makes it immune to events
    let x = hand_card(&mut g, &r, 0, "C208");
    window(&mut g, Phase::Challenges, At::Challenges);
    act(&mut g, &r, 0, code(GEN_EVENT, x, 0));
    act(&mut g, &r, 0, code(GEN_TARGET, 0, usize::from(t)));
    assert_eq!((card(&g, t).power, card(&g, t).attachments.len()), (0, 0));
    let mut g = scenario(&r, Phase::Challenges, ["U224", "U227"]);
    g.seats[0].house = house_index("baratheon").unwrap();
    influence(&mut g, &r, 0, 4);
    let a = put(&mut g, &r, 0, "C13");
    let b = put(&mut g, &r, 1, "C30");
    attach(&mut g, &r, a, "C3", 0);
    attach(&mut g, &r, b, "C22", 1);
    let x = hand_card(&mut g, &r, 0, "U199");
    window(&mut g, Phase::Challenges, At::Challenges);
    act(&mut g, &r, 0, code(GEN_EVENT, x, 0));
    pay(&mut g, &r, 0);
    assert!(card(&g, a).attachments.is_empty() && card(&g, b).attachments.is_empty());
    let mut g = scenario(&r, Phase::Challenges, ["U224", "U227"]);
    let att = put(&mut g, &r, 1, "C11");
    let ellaria = put(&mut g, &r, 0, "U110");
    let rich = put(&mut g, &r, 1, "C30");
    g.seats[1].play.iter_mut().for_each(|c| c.power = 2);
    g.first = 1;
    window(&mut g, Phase::Challenges, At::Challenges);
    challenge(&mut g, &r, 1, crate::games::agot_ccg::cards::POW, 0, &[att], &[]);
    for _ in 0..4 {
        if pending_card(&g) == Some(id(&r, "U110")) {
            break;
        }
        let p = g.actor().unwrap();
        pass(&mut g, &r, p);
    }
    act(&mut g, &r, 0, code(GEN_YES, 0, 0));
    act(&mut g, &r, 0, code(GEN_TARGET, 0, usize::from(rich)));
    assert_eq!((card(&g, ellaria).power, card(&g, rich).power), (1, 1));
}

/// The board shows a character as it is in play: Born to Kill (+1 STR, a military icon) on an intrigue character
/// shows one more STR and the military icon beside its printed intrigue icon, in every seat's view.
#[test]
fn icone_the_view_shows_icons_and_str_as_in_play() {
    use crate::engine::{Game, Viewer};
    let r = rules();
    let mut g = scenario(&r, Phase::Challenges, ["U224", "U227"]);
    let keeper = put(&mut g, &r, 0, "C14");
    let shown = |g: &crate::games::agot_ccg::AgotCcg, viewer| {
        let v = g.view(&r, viewer);
        let c = v.seats[0].play.iter().find(|c| c.uid == keeper).cloned().unwrap();
        (c.strength, c.icons)
    };
    let (before, icons) = shown(&g, Viewer::Player(1));
    assert_eq!((before, icons.as_str()), (str_of(&g, &r, keeper), "I"));
    attach(&mut g, &r, keeper, "C128", 0);
    for viewer in [Viewer::Player(0), Viewer::Player(1), Viewer::Public] {
        assert_eq!(shown(&g, viewer), (before + 1, "MI".to_string()));
    }
    assert!(g.can_attack(&r, 0, keeper, MIL));
}
