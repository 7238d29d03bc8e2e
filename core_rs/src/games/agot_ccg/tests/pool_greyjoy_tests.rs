//! The Greyjoy records of the pool: Iron Islands locations, Warships and Ironborn characters.

use super::helpers::*;
use super::pool_neutral_tests::{greyjoy_rules, to_defenders_window};
use crate::engine::Events;
use crate::games::agot_ccg::cards::MIL;
use crate::games::agot_ccg::rules::actions::*;
use crate::games::agot_ccg::state::{AgotCcg, At, Phase};

/// U84 Ten Towers Battlements (Effetti duraturi): kneel it to choose 2 characters; they swap their printed STR
/// until the end of the phase (Greatjon's Elite 4 and Huntress in the Swamp 1, For Love of Duty's +1 on seat 0's
/// characters on top).
#[test]
fn ten_towers_battlements_swaps_printed_str() {
    let r = rules();
    let mut g = scenario(&r, Phase::Challenges, ["U224", "U224"]);
    let towers = put(&mut g, &r, 0, "U84");
    let elite = put(&mut g, &r, 0, "C11");
    let huntress = put(&mut g, &r, 1, "C13");
    window(&mut g, Phase::Challenges, At::Challenges);
    act(&mut g, &r, 0, code(GEN_USE, 0, usize::from(towers)));
    act(&mut g, &r, 0, code(GEN_TARGET, 0, usize::from(elite)));
    assert!(g.locate(elite).is_some() && str_of(&g, &r, elite) == 5, "nothing yet: one target of two");
    act(&mut g, &r, 0, code(GEN_TARGET, 0, usize::from(huntress)));
    assert!(card(&g, towers).kneeling);
    assert_eq!((str_of(&g, &r, elite), str_of(&g, &r, huntress)), (1 + 1, 4 + 1));
    g.mods.clear();
    assert_eq!((str_of(&g, &r, elite), str_of(&g, &r, huntress)), (5, 2), "the phase ends: back to printed");
}

/// G47 Marauding Longship ("Sfide": a character removed from the challenge): kneel 1 influence and discard it
/// from play (a cost: it cannot be saved) to remove a defending character from the challenge; it stays in play.
#[test]
fn marauding_longship_removes_a_defender() {
    let r = greyjoy_rules();
    let mut g = scenario(&r, Phase::Challenges, ["U224", "U224"]);
    let att = put(&mut g, &r, 0, "C11");
    let ship = put(&mut g, &r, 1, "G47");
    influence(&mut g, &r, 1, 2);
    let dfd = put(&mut g, &r, 1, "U72");
    to_defenders_window(&mut g, &r, &[att], &[dfd]);
    let use_it = code(GEN_USE, 0, usize::from(ship));
    while g.actor() != Some(1) {
        act(&mut g, &r, 0, code(DONE, 0, 0));
    }
    act(&mut g, &r, 1, use_it);
    pay(&mut g, &r, 1);
    assert!(g.locate(ship).is_none() && g.seats[1].discard.contains(&id(&r, "G47")), "sacrificed: no save asked");
    act(&mut g, &r, 1, code(GEN_TARGET, 0, usize::from(dfd)));
    assert!(g.challenge.as_ref().is_some_and(|c| c.defenders.is_empty()), "no longer defending");
    assert!(g.locate(dfd).is_some(), "still in play");
}

/// R81 Blazewater Coast (Risposte: after a character is saved): Thrice-Drowned Veteran saves itself; Blazewater
/// Coast's controller may then choose a player, who discards the top 2 cards of his deck; at most twice a phase.
#[test]
fn blazewater_coast_mills_after_a_save() {
    let r = greyjoy_rules();
    let mut g = scenario(&r, Phase::Challenges, ["U224", "U224"]);
    let coast = put(&mut g, &r, 1, "R81");
    let vet = put(&mut g, &r, 1, "G12");
    let keep = put(&mut g, &r, 1, "G37");
    let deck = g.seats[0].deck.clone();
    let mut ev = Events::new();
    g.kill(&r, vet, true, &mut ev);
    act(&mut g, &r, 1, code(SAVE_CARD, 0, usize::from(vet)));
    act(&mut g, &r, 1, code(PAY, 0, usize::from(keep)));
    assert!(g.locate(vet).is_some());
    assert_eq!(legal(&g, &r, 1), vec![code(GEN_YES, 0, 0), code(DONE, 0, 0)]);
    act(&mut g, &r, 1, code(GEN_YES, 0, 0));
    assert_eq!(legal(&g, &r, 1), vec![code(GEN_PLAYER, 0, 0), code(GEN_PLAYER, 0, 1)]);
    act(&mut g, &r, 1, code(GEN_PLAYER, 0, 0));
    assert_eq!(g.seats[0].deck[..], deck[..deck.len() - 2]);
    assert_eq!(g.seats[0].discard.len(), 2);
    assert!(g.locate(coast).is_some() && g.pending.is_empty());
}

/// G18 Scurvy Cutthroat (Risposte: after an opponent plays an attachment): discard it from play (it cannot be
/// saved) to discard that attachment; its own controller's attachments do not trigger it.
#[test]
fn scurvy_cutthroat_discards_an_opponents_attachment() {
    let r = greyjoy_rules();
    let mut g = scenario(&r, Phase::Marshal, ["U224", "U224"]);
    let cut = put(&mut g, &r, 1, "G18");
    let host = put(&mut g, &r, 0, "C13");
    g.seats[0].gold = 10;
    g.seats[0].hand = vec![id(&r, "G20")];
    act(&mut g, &r, 0, code(MARSHAL, 0, usize::from(host)));
    assert!(!card(&g, host).attachments.is_empty());
    assert_eq!(legal(&g, &r, 1), vec![code(GEN_YES, 0, 0), code(DONE, 0, 0)]);
    act(&mut g, &r, 1, code(GEN_YES, 0, 0));
    assert!(card(&g, host).attachments.is_empty() && g.seats[0].discard == vec![id(&r, "G20")]);
    assert!(g.locate(cut).is_none() && g.seats[1].discard == vec![id(&r, "G18")]);
}

fn card_stand(g: &mut AgotCcg, uid: u16) {
    let (s, i) = g.locate(uid).unwrap();
    g.seats[s].play[i].kneeling = false;
}

/// R65 Aeron Damphair (Ottenere potere: power discarded): kneel him and 2 influence to discard up to 2 power from a
/// character with power, or from a player's House card.
#[test]
fn aeron_damphair_discards_power() {
    let r = greyjoy_rules();
    let mut g = scenario(&r, Phase::Challenges, ["U224", "U224"]);
    let aeron = put(&mut g, &r, 1, "R65");
    influence(&mut g, &r, 1, 4);
    let poor = put(&mut g, &r, 0, "C13");
    let rich = put(&mut g, &r, 0, "C11");
    g.seats[0].play[1].power = 3;
    g.seats[0].house_power = 1;
    window(&mut g, Phase::Challenges, At::Challenges);
    act(&mut g, &r, 0, code(DONE, 0, 0));
    act(&mut g, &r, 1, code(GEN_USE, 0, usize::from(aeron)));
    pay(&mut g, &r, 1);
    let targets = of_kind(&g, &r, 1, GEN_TARGET);
    assert!(targets.contains(&code(GEN_TARGET, 0, usize::from(rich))));
    assert!(!targets.contains(&code(GEN_TARGET, 0, usize::from(poor))), "no power on it: not a target");
    act(&mut g, &r, 1, code(GEN_TARGET, 0, usize::from(rich)));
    assert_eq!(card(&g, rich).power, 1);
    card_stand(&mut g, aeron);
    for u in g.seats[1].play.iter_mut() {
        u.kneeling = false;
    }
    window(&mut g, Phase::Challenges, At::Challenges);
    act(&mut g, &r, 0, code(DONE, 0, 0));
    act(&mut g, &r, 1, code(GEN_USE, 1, usize::from(aeron)));
    pay(&mut g, &r, 1);
    act(&mut g, &r, 1, code(GEN_PLAYER, 0, 0));
    assert_eq!(g.seats[0].house_power, 0, "up to 2: the 1 there");
}

/// G10 Dagmer Cleftjaw (Carte uniche / control): played from hand, he takes control of an opponent's non-unique
/// location until the end of the phase; his action returns him to his owner's hand.
#[test]
fn dagmer_cleftjaw_takes_a_location_for_the_phase() {
    let r = greyjoy_rules();
    let mut g = scenario(&r, Phase::Marshal, ["U224", "U224"]);
    let rush = put(&mut g, &r, 1, "C155");
    let keep = put(&mut g, &r, 1, "G37");
    g.seats[0].gold = 10;
    g.seats[0].hand = vec![id(&r, "G10")];
    act(&mut g, &r, 0, code(MARSHAL, 0, 0));
    act(&mut g, &r, 0, code(GEN_YES, 0, 0));
    let targets = of_kind(&g, &r, 0, GEN_TARGET);
    assert_eq!(targets, vec![code(GEN_TARGET, 0, usize::from(rush))], "not the unique Red Keep {keep}");
    act(&mut g, &r, 0, code(GEN_TARGET, 0, usize::from(rush)));
    assert_eq!(g.locate(rush).map(|l| l.0), Some(0));
    g.return_borrowed();
    assert_eq!(g.locate(rush).map(|l| l.0), Some(1), "back when the phase ends");
    let dagmer = g.seats[0].play.iter().find(|c| c.def == id(&r, "G10")).map(|c| c.uid).unwrap();
    window(&mut g, Phase::Challenges, At::Challenges);
    act(&mut g, &r, 0, code(GEN_USE, 1, usize::from(dagmer)));
    assert!(g.locate(dagmer).is_none() && g.seats[0].hand == vec![id(&r, "G10")]);
}

/// U74 Prophet of the Waves ("Maledetto" / doomed, until the end of the phase): kneel it to make a location
/// doomed; a "doomed" filter now takes it, a "not doomed" one no longer does, until the phase ends.
#[test]
fn prophet_of_the_waves_makes_a_location_doomed_for_the_phase() {
    use crate::games::agot_ccg::cards::vocab::Filter;
    let r = greyjoy_rules();
    let mut g = scenario(&r, Phase::Challenges, ["U224", "U224"]);
    let prophet = put(&mut g, &r, 1, "U74");
    let rush = put(&mut g, &r, 0, "C155");
    // Seat 0's own Prophet keeps the window open after seat 1's action.
    put(&mut g, &r, 0, "U74");
    let doomed =
        Filter { types: vec![crate::games::agot_ccg::cards::Kind::Location], doomed: Some(true), ..Filter::default() };
    let not_doomed = Filter { doomed: Some(false), ..doomed.clone() };
    assert!(!g.in_play_matches(&r, 1, None, rush, &doomed) && g.in_play_matches(&r, 1, None, rush, &not_doomed));
    window(&mut g, Phase::Challenges, At::Challenges);
    act(&mut g, &r, 0, code(DONE, 0, 0));
    act(&mut g, &r, 1, code(GEN_USE, 0, usize::from(prophet)));
    act(&mut g, &r, 1, code(GEN_TARGET, 0, usize::from(rush)));
    assert!(card(&g, prophet).kneeling);
    assert!(g.in_play_matches(&r, 1, None, rush, &doomed) && !g.in_play_matches(&r, 1, None, rush, &not_doomed));
    g.expire_phase();
    assert!(!g.in_play_matches(&r, 1, None, rush, &doomed), "until the end of the phase");
}

/// G13 Andrik the Unsmiling (Dichiarare attaccanti e difensori): never declared together with a Knight: no set
/// holding both is offered, and one by one, the second of the two is not offered once the first is declared.
#[test]
fn andrik_is_never_declared_beside_a_knight() {
    let r = rules();
    let mut g = scenario(&r, Phase::Challenges, ["U224", "U224"]);
    let andrik = put(&mut g, &r, 0, "G13");
    let knight = put(&mut g, &r, 0, "C56");
    let elite = put(&mut g, &r, 0, "C11");
    g.phase = Phase::Challenges;
    act(&mut g, &r, 0, code(CHALLENGE, usize::from(MIL), 1));
    let el = g.eligible_attackers(&r, 0);
    assert_eq!(el, vec![andrik, knight, elite]);
    let sets: Vec<usize> = of_kind(&g, &r, 0, ATTACK_SET).into_iter().map(|a| split(a).2).collect();
    assert_eq!(sets, vec![0b001, 0b010, 0b100, 0b101, 0b110], "no set with both Andrik (1) and the Knight (2)");

    // Seven eligible characters: declared one by one.
    let mut g = scenario(&r, Phase::Challenges, ["U224", "U224"]);
    let andrik = put(&mut g, &r, 0, "G13");
    let knight = put(&mut g, &r, 0, "C56");
    for _ in 0..5 {
        put(&mut g, &r, 0, "C11");
    }
    g.phase = Phase::Challenges;
    act(&mut g, &r, 0, code(CHALLENGE, usize::from(MIL), 1));
    assert!(legal(&g, &r, 0).contains(&code(ATTACK, 0, usize::from(knight))));
    act(&mut g, &r, 0, code(ATTACK, 0, usize::from(andrik)));
    assert!(!legal(&g, &r, 0).contains(&code(ATTACK, 0, usize::from(knight))));
}

/// G26 Island Transport: its reducer lowers the next Greyjoy card's cost by 1; it is discarded when its controller
/// gets a character of another House (a neutral one does not count), or enters play beside one.
#[test]
fn island_transport_reduces_and_leaves_beside_another_house() {
    let r = greyjoy_rules();
    let mut g = scenario(&r, Phase::Marshal, ["U224", "U224"]);
    g.seats[0].house = crate::games::agot_ccg::cards::house_index("greyjoy").unwrap();
    let transport = put(&mut g, &r, 0, "G26");
    g.seats[0].gold = 10;
    g.seats[0].hand = vec![id(&r, "U72"), id(&r, "C145"), id(&r, "C13")];
    act(&mut g, &r, 0, code(REDUCER, 0, usize::from(transport)));
    act(&mut g, &r, 0, code(MARSHAL, 0, 0));
    assert_eq!(g.seats[0].gold, 10 - (2 - 1), "Deadly Axeman for 1");
    act(&mut g, &r, 0, code(MARSHAL, 0, 0));
    assert!(g.locate(transport).is_some(), "a neutral character: it stays");
    act(&mut g, &r, 0, code(MARSHAL, 0, 0));
    assert!(g.locate(transport).is_none() && g.seats[0].discard.contains(&id(&r, "G26")), "a Stark character");

    let mut g = scenario(&r, Phase::Marshal, ["U224", "U224"]);
    put(&mut g, &r, 0, "C13");
    g.seats[0].gold = 10;
    g.seats[0].hand = vec![id(&r, "G26")];
    act(&mut g, &r, 0, code(MARSHAL, 0, 0));
    assert!(g.seats[0].discard.contains(&id(&r, "G26")), "it enters beside a Stark character and leaves");
}

/// G28 Swift Reinforcements: while it stands its controller's characters get +1 STR (not while it kneels); its
/// action puts it into play from hand for 2 influence, and when the phase ends it goes back to its owner's hand.
#[test]
fn swift_reinforcements_come_for_the_phase_and_go_back() {
    let r = greyjoy_rules();
    let mut g = scenario(&r, Phase::Challenges, ["U224", "U224"]);
    let elite = put(&mut g, &r, 0, "C11");
    let theirs = put(&mut g, &r, 1, "C13");
    let ships = put(&mut g, &r, 0, "G28");
    assert_eq!((str_of(&g, &r, elite), str_of(&g, &r, theirs)), (4 + 1 + 1, 1 + 1));
    g.seats[0].play[1].kneeling = true;
    assert_eq!(str_of(&g, &r, elite), 4 + 1, "kneeling: no bonus");
    let _ = ships;

    let mut g = scenario(&r, Phase::Challenges, ["U224", "U224"]);
    influence(&mut g, &r, 0, 2);
    // A standing character keeps seat 0 deciding on a challenge after the window.
    let elite = put(&mut g, &r, 0, "C11");
    g.seats[0].hand = vec![id(&r, "G28")];
    window(&mut g, Phase::Challenges, At::Challenges);
    act(&mut g, &r, 0, code(GEN_PILE, 0, 0));
    pay(&mut g, &r, 0);
    assert!(g.seats[0].play.iter().any(|c| c.def == id(&r, "G28")) && g.seats[0].hand.is_empty());
    assert_eq!(str_of(&g, &r, elite), 4 + 1 + 1);
    assert_eq!(g.phase, Phase::Challenges);
    // Everyone passes: the challenges phase ends and it is back in hand.
    for _ in 0..40 {
        if g.phase != Phase::Challenges {
            break;
        }
        let Some(p) = g.actor() else { break };
        act(&mut g, &r, p, code(DONE, 0, 0));
    }
    assert_ne!(g.phase, Phase::Challenges);
    assert!(g.seats[0].hand.contains(&id(&r, "G28")) && !g.seats[0].play.iter().any(|c| c.def == id(&r, "G28")));
}
