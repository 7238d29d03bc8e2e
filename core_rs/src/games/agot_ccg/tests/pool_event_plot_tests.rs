//! The neutral events, plots and The Doom that Came of the pool, with the helpers that declare a challenge,
//! play an event and reveal a plot.

use super::helpers::*;
use crate::engine::Player;
use crate::games::agot_ccg::cards::{Rules, MIL};
use crate::games::agot_ccg::rules::actions::*;
use crate::games::agot_ccg::state::{AgotCcg, At, Pending, Phase};

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
