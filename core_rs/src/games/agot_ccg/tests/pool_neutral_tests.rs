//! The pool's Greyjoy, Night's Watch, neutral, plot and agenda records: each test names its
//! rulebook section (Italian titles) or the card, and plays the record on a small built state.

use super::helpers::*;
use crate::engine::{Events, Player};
use crate::games::agot_ccg::cards::{Rules, MIL};
use crate::games::agot_ccg::rules::actions::*;
use crate::games::agot_ccg::rules::triggered::{Lasting, Lasts};
use crate::games::agot_ccg::state::{AgotCcg, At, Pending, Phase};

fn greyjoy_rules() -> Rules {
    rules_with(r#"{"decks": ["stark", "greyjoy"], "round_limit": 30}"#)
}

/// Seat 0 attacks seat 1 in a military challenge with `attackers`; seat 1 defends with `defenders`; the
/// defenders' action window is open.
fn to_defenders_window(g: &mut AgotCcg, r: &Rules, attackers: &[u16], defenders: &[u16]) {
    challenge(g, r, 0, MIL, 1, attackers, defenders);
    assert!(g.window.is_some() && g.challenge.as_ref().is_some_and(|c| c.defenders == defenders));
}

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

/// U198 Purge the Traitors (Carte uniche; "Scartare", cannot be saved): every unique card of which two players
/// control a copy is discarded, duplicates not asked; a unique card one player alone controls stays.
#[test]
fn purge_the_traitors_discards_shared_unique_cards() {
    let r = rules();
    let mut g = scenario(&r, Phase::Dominance, ["U224", "U227"]);
    influence(&mut g, &r, 0, 2);
    let mine = put(&mut g, &r, 0, "R159");
    let theirs = put(&mut g, &r, 1, "R159");
    g.seats[1].play[0].dupes.push(id(&r, "R159"));
    let alone = put(&mut g, &r, 1, "G37");
    g.seats[0].hand = vec![id(&r, "U198")];
    window(&mut g, Phase::Dominance, At::Dominance);
    act(&mut g, &r, 0, code(GEN_EVENT, 0, 0));
    pay(&mut g, &r, 0);
    assert!(g.pending.is_empty(), "nothing asked: {:?}", g.pending);
    assert!(g.locate(mine).is_none() && g.locate(theirs).is_none());
    assert!(g.locate(alone).is_some());
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

fn card_stand(g: &mut AgotCcg, uid: u16) {
    let (s, i) = g.locate(uid).unwrap();
    g.seats[s].play[i].kneeling = false;
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

/// Seat `att` declares a military challenge against `dfd` with `attackers`; the attackers' window is open.
fn declare(g: &mut AgotCcg, r: &Rules, att: Player, dfd: Player, attackers: &[u16]) {
    g.phase = Phase::Challenges;
    act(g, r, att, code(CHALLENGE, usize::from(MIL), usize::from(dfd)));
    attack(g, r, att, attackers);
    assert!(matches!(g.window, Some(w) if w.at == At::Attackers));
}

/// Seat 0 plays the composable event `event` (ability 0, in its hand) in the open window, with `target` if any.
fn play_event(g: &mut AgotCcg, r: &Rules, event: &str, target: Option<u16>) {
    while g.actor() != Some(0) {
        act(g, r, 1, code(DONE, 0, 0));
    }
    let x = g.seats[0].hand.iter().position(|&c| c == id(r, event)).unwrap();
    act(g, r, 0, code(GEN_EVENT, x, 0));
    if let Some(t) = target {
        act(g, r, 0, code(GEN_TARGET, 0, usize::from(t)));
    }
}

/// Pass every window and declare `defenders` for seat 1 when asked; a military claim on seat 1 kills `claimed`.
fn resolve(g: &mut AgotCcg, r: &Rules, defenders: &[u16], claimed: u16) {
    pass_window(g, r);
    if matches!(g.challenge.as_ref().map(|c| c.stage), Some(crate::games::agot_ccg::state::Stage::Defenders)) {
        defend(g, r, 1, defenders);
    }
    pass_window(g, r);
    if matches!(g.pending.first(), Some(Pending::Kill { seat: 1, .. })) {
        act(g, r, 1, code(KILL, 0, usize::from(claimed)));
    }
}

/// C194 Night Favors the Silent ("if you win the challenge", research §3.3 "Then"): the attacking Martell
/// character gains stealth at once; the shuffle waits for the result: won, a chosen player's discard pile goes into
/// his deck; lost, nothing.
#[test]
fn night_favors_the_silent_shuffles_only_if_won() {
    let r = rules();
    for win in [true, false] {
        let mut g = scenario(&r, Phase::Challenges, ["U224", "U224"]);
        let knight = put(&mut g, &r, 0, "U116");
        let dfd = put(&mut g, &r, 1, "C11");
        if win {
            g.seats[1].play[0].kneeling = true;
        }
        g.seats[1].discard = vec![id(&r, "C13"), id(&r, "C30")];
        let deck = g.seats[1].deck.len();
        g.seats[0].hand = vec![id(&r, "C194")];
        declare(&mut g, &r, 0, 1, &[knight]);
        play_event(&mut g, &r, "C194", Some(knight));
        assert!(g.lasting.iter().any(|l| l.uid == knight), "stealth until the end of the phase");
        assert_eq!(g.pool.if_win.len(), 1, "the rest waits for the result");
        while matches!(g.pending.first(), Some(Pending::Stealth { .. })) {
            act(&mut g, &r, 0, code(DONE, 0, 0));
        }
        resolve(&mut g, &r, &[dfd], dfd);
        if win {
            assert_eq!(legal(&g, &r, 0), vec![code(GEN_PLAYER, 0, 0), code(GEN_PLAYER, 0, 1)]);
            act(&mut g, &r, 0, code(GEN_PLAYER, 0, 1));
            assert!(g.seats[1].discard.is_empty() && g.seats[1].deck.len() == deck + 2);
        } else {
            assert!(of_kind(&g, &r, 0, GEN_PLAYER).is_empty() && g.seats[1].discard.len() == 2);
        }
        assert!(g.pool.if_win.is_empty());
    }
}

/// C203 Spinning Slash: +2 STR to an attacking Targaryen character; if you win the challenge, choose and discard
/// an attachment from play.
#[test]
fn spinning_slash_discards_an_attachment_after_a_win() {
    let r = rules();
    let mut g = scenario(&r, Phase::Challenges, ["U224", "U224"]);
    let servitors = put(&mut g, &r, 0, "C98");
    let dfd = put(&mut g, &r, 1, "C30");
    let other = put(&mut g, &r, 1, "C13");
    attach(&mut g, &r, other, "C131", 1);
    g.seats[0].hand = vec![id(&r, "C203")];
    declare(&mut g, &r, 0, 1, &[servitors]);
    play_event(&mut g, &r, "C203", Some(servitors));
    assert_eq!(str_of(&g, &r, servitors), 3 + 1 + 2);
    resolve(&mut g, &r, &[dfd], dfd);
    assert_eq!(of_kind(&g, &r, 0, GEN_ATTACHMENT), vec![code(GEN_ATTACHMENT, 1, usize::from(other))]);
    act(&mut g, &r, 0, code(GEN_ATTACHMENT, 1, usize::from(other)));
    assert!(g.seats[1].discard.contains(&id(&r, "C131")) && card(&g, other).attachments.is_empty());
}

/// C197 Please Let It Burn ("Sfida militare": the claim): played while seat 1 attacks, it lowers seat 1's claim by
/// 1 for this challenge: an unopposed military win with claim 1 kills nothing; the next challenge claims again.
#[test]
fn please_let_it_burn_lowers_the_claim_for_one_challenge() {
    let r = rules();
    let mut g = scenario(&r, Phase::Challenges, ["U224", "U224"]);
    g.turn = 1;
    let att = put(&mut g, &r, 1, "C11");
    let mine = put(&mut g, &r, 0, "C13");
    g.seats[0].play[0].kneeling = true;
    g.seats[0].hand = vec![id(&r, "C197")];
    declare(&mut g, &r, 1, 0, &[att]);
    play_event(&mut g, &r, "C197", None);
    assert_eq!(legal(&g, &r, 0), vec![code(GEN_PLAYER, 0, 1)], "an opponent");
    // Nobody has anything more to do: the challenge resolves at once, claiming nothing.
    act(&mut g, &r, 0, code(GEN_PLAYER, 0, 1));
    assert!(!g.pending.iter().any(|p| matches!(p, Pending::Kill { .. })), "claim 0: {:?}", g.pending);
    assert!(g.locate(mine).is_some() && g.seats[0].dead.is_empty());
    assert_eq!(g.pool.claim_lowered(1), 0, "for one challenge only");

    // Without it, the same challenge kills Huntress in the Swamp.
    let mut g = scenario(&r, Phase::Challenges, ["U224", "U224"]);
    g.turn = 1;
    let att = put(&mut g, &r, 1, "C11");
    put(&mut g, &r, 0, "C13");
    g.seats[0].play[0].kneeling = true;
    challenge(&mut g, &r, 1, MIL, 0, &[att], &[]);
    pass_window(&mut g, &r);
    assert!(matches!(g.pending.first(), Some(Pending::Kill { seat: 0, .. })));
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

/// U237 Whose Name May Not Be Spoken ("Quando rivelata", a choice then each player): "location" is chosen; each
/// player with a location discards one of his; a player without one is not asked.
#[test]
fn whose_name_may_not_be_spoken_each_player_discards_a_location() {
    let r = rules();
    let mut g = scenario(&r, Phase::Plot, ["U224", "U224"]);
    g.seats[0].plots = vec![id(&r, "U237")];
    g.seats[1].plots = vec![id(&r, "T49")];
    let rush = put(&mut g, &r, 1, "C155");
    let fief = put(&mut g, &r, 1, "C160");
    let host = put(&mut g, &r, 0, "C13");
    attach(&mut g, &r, host, "C131", 0);
    act(&mut g, &r, 0, code(PLOT, 0, 0));
    act(&mut g, &r, 1, code(PLOT, 0, 0));
    let chooser = g.actor().unwrap();
    act(&mut g, &r, chooser, code(FIRST, 0, 0));
    assert_eq!(legal(&g, &r, 0), vec![code(GEN_MODE, 0, 0), code(GEN_MODE, 0, 1)]);
    act(&mut g, &r, 0, code(GEN_MODE, 0, 1));
    assert_eq!(legal(&g, &r, 1), vec![code(GEN_OWN, 0, usize::from(rush)), code(GEN_OWN, 0, usize::from(fief))]);
    act(&mut g, &r, 1, code(GEN_OWN, 0, usize::from(fief)));
    assert!(g.locate(fief).is_none() && g.locate(rush).is_some());
    assert_eq!(card(&g, host).attachments.len(), 1, "attachments were not chosen");

    // "attachment": seat 0 discards its own Risen to Power.
    let mut g = scenario(&r, Phase::Plot, ["U224", "U224"]);
    g.seats[0].plots = vec![id(&r, "U237")];
    g.seats[1].plots = vec![id(&r, "T49")];
    let host = put(&mut g, &r, 0, "C13");
    attach(&mut g, &r, host, "C131", 0);
    act(&mut g, &r, 0, code(PLOT, 0, 0));
    act(&mut g, &r, 1, code(PLOT, 0, 0));
    let chooser = g.actor().unwrap();
    act(&mut g, &r, chooser, code(FIRST, 0, 0));
    act(&mut g, &r, 0, code(GEN_MODE, 0, 0));
    assert_eq!(legal(&g, &r, 0), vec![code(GEN_OWN, 1, usize::from(host))]);
    act(&mut g, &r, 0, code(GEN_OWN, 1, usize::from(host)));
    assert!(card(&g, host).attachments.is_empty() && g.seats[0].discard == vec![id(&r, "C131")]);
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

/// P9 No Peace in Westeros ("Uccidere"; two targets, research §3.3 "choose"): 2 characters of one player with
/// different House affiliations: after a Lannister one, only that player's non-Lannister, non-neutral characters.
#[test]
fn no_peace_in_westeros_kills_two_of_one_player_of_different_houses() {
    let r = rules();
    let mut g = scenario(&r, Phase::Dominance, ["U224", "U224"]);
    influence(&mut g, &r, 0, 2);
    let informer = put(&mut g, &r, 1, "C30");
    let elite = put(&mut g, &r, 1, "C11");
    let second_informer = put(&mut g, &r, 1, "C30");
    let neutral = put(&mut g, &r, 1, "C145");
    let mine = put(&mut g, &r, 0, "C13");
    g.seats[0].hand = vec![id(&r, "P9")];
    window(&mut g, Phase::Dominance, At::Dominance);
    act(&mut g, &r, 0, code(GEN_EVENT, 0, 0));
    pay(&mut g, &r, 0);
    let t = |u: u16| code(GEN_TARGET, 0, usize::from(u));
    let first = of_kind(&g, &r, 0, GEN_TARGET);
    assert!(first.contains(&t(informer)) && first.contains(&t(mine)) && !first.contains(&t(neutral)));
    act(&mut g, &r, 0, t(informer));
    assert_eq!(of_kind(&g, &r, 0, GEN_TARGET), vec![t(elite)], "same player, another House ({second_informer})");
    act(&mut g, &r, 0, t(elite));
    assert!(g.locate(informer).is_none() && g.locate(elite).is_none() && g.locate(second_informer).is_some());
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

/// Seat 0 reveals `mine`, seat 1 the first of `theirs` (the rest stay in its plot deck); seat 0 is first player.
fn reveal(g: &mut AgotCcg, r: &Rules, mine: &str, theirs: &[&str]) {
    g.seats[0].plots = vec![id(r, mine)];
    g.seats[1].plots = theirs.iter().map(|c| id(r, c)).collect();
    let first = g.seats[1].plots[0];
    g.seats[1].plots.sort_unstable();
    let k = g.seats[1].plots.iter().position(|&c| c == first).unwrap();
    act(g, r, 0, code(PLOT, 0, 0));
    act(g, r, 1, code(PLOT, k, 0));
    let chooser = g.actor().unwrap();
    act(g, r, chooser, code(FIRST, 0, 0));
}

/// R233 The Gathering Storm ("Fase 1: Trama", when revealed): each opponent may return his revealed plot to his
/// plot deck and reveal another; the new one's "when revealed" resolves (Filthy Accusations: kneel a character).
#[test]
fn the_gathering_storm_lets_an_opponent_reveal_another_plot() {
    let r = rules();
    let mut g = scenario(&r, Phase::Plot, ["U224", "U224"]);
    let mine = put(&mut g, &r, 0, "C13");
    reveal(&mut g, &r, "R233", &["T49", "G54"]);
    let deck = g.seats[1].plots.clone();
    assert_eq!(deck, vec![id(&r, "G54")]);
    assert_eq!(legal(&g, &r, 1), vec![code(GEN_PLOT, 0, 0), code(DONE, 0, 0)], "he may");
    act(&mut g, &r, 1, code(GEN_PLOT, 0, 0));
    assert_eq!((g.seats[1].plot, g.seats[1].plots.clone()), (Some(id(&r, "G54")), vec![id(&r, "T49")]));
    assert!(matches!(g.pending.first(), Some(Pending::KneelTarget { seat: 1, .. })), "{:?}", g.pending);
    act(&mut g, &r, 1, code(KNEEL, 0, usize::from(mine)));
    assert!(card(&g, mine).kneeling);
}

/// R229 Outmaneuver ("Fase 1: Trama"; a cancel, research §3.2): the opponent's plot's "when revealed" (Whose Name
/// May Not Be Spoken's choice) is cancelled, then he must reveal another plot (no pass).
#[test]
fn outmaneuver_cancels_and_forces_another_plot() {
    let r = rules();
    let mut g = scenario(&r, Phase::Plot, ["U224", "U224"]);
    put(&mut g, &r, 1, "C155");
    reveal(&mut g, &r, "R229", &["U237", "T49"]);
    assert_eq!(legal(&g, &r, 1), vec![code(GEN_PLOT, 0, 0)], "he must: {:?}", g.pending);
    act(&mut g, &r, 1, code(GEN_PLOT, 0, 0));
    assert_eq!(g.seats[1].plot, Some(id(&r, "T49")));
    assert!(g.seats[1].plots.contains(&id(&r, "U237")));
    assert!(!g.pending.iter().any(|p| matches!(p, Pending::Effect(_))), "its choice was cancelled: {:?}", g.pending);
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

/// R232 Superior Numbers (a plot's restriction): its player may marshal characters only and may not trigger card
/// effects (an event, a card's action); his opponent still may.
#[test]
fn superior_numbers_allows_only_characters_and_no_triggered_effects() {
    let r = rules();
    let mut g = scenario(&r, Phase::Marshal, ["R232", "U224"]);
    g.seats[0].gold = 10;
    g.seats[0].hand = vec![id(&r, "C11"), id(&r, "C155")];
    let l = legal(&g, &r, 0);
    assert!(l.contains(&code(MARSHAL, 0, 0)) && !l.contains(&code(MARSHAL, 1, 0)), "{l:?}");
    let mut g = scenario(&r, Phase::Dominance, ["R232", "U224"]);
    influence(&mut g, &r, 0, 4);
    influence(&mut g, &r, 1, 4);
    let hh = put(&mut g, &r, 0, "U153");
    put(&mut g, &r, 1, "C11");
    g.seats[0].hand = vec![id(&r, "R212")];
    g.seats[1].hand = vec![id(&r, "R212")];
    window(&mut g, Phase::Dominance, At::Dominance);
    assert_eq!(legal(&g, &r, 0), vec![code(DONE, 0, 0)], "no event, no Harrenhal ({hh})");
    act(&mut g, &r, 0, code(DONE, 0, 0));
    assert!(legal(&g, &r, 1).contains(&code(GEN_EVENT, 0, 0)), "the opponent still may");
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

/// P2 The Doom that Came ("Maledizione": doomed cards counted): only on a character whose controller has a printed
/// doomed card in his dead pile; attached, it counts as one more there (4 + 1 = 5 eliminates him).
#[test]
fn the_doom_that_came_counts_one_more_doomed_card() {
    let r = rules();
    let mut g = scenario(&r, Phase::Marshal, ["U224", "U224"]);
    g.seats[0].gold = 10;
    g.seats[0].hand = vec![id(&r, "P2")];
    let theirs = put(&mut g, &r, 1, "C30");
    assert!(!legal(&g, &r, 0).contains(&code(MARSHAL, 0, usize::from(theirs))), "no doomed card in his dead pile");
    let doomed = r.cards.iter().position(|c| c.doomed && c.kind == crate::games::agot_ccg::cards::Kind::Character);
    let doomed = doomed.unwrap() as u16;
    let other = put(&mut g, &r, 1, "C13");
    attach(&mut g, &r, other, "P2", 0);
    g.seats[1].dead = vec![doomed; 3];
    assert_eq!(g.doomed_count(&r, 1), 3 + 1);
    assert!(!g.seats[1].eliminated);
    act(&mut g, &r, 0, code(MARSHAL, 0, usize::from(theirs)));
    assert!(g.seats[1].eliminated, "the curse: 3 + 2 doomed cards");
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
