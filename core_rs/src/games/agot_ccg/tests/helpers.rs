//! Scenario builders: a real match from the plugin's data, then the state edited directly (it is plain data).

use super::super::cards::Rules;
use super::super::rules::actions::{split, GEN_INF};
use super::super::state::{AgotCcg, At, Phase};
use crate::engine::{Action, Events, Game, Player};

pub fn content() -> String {
    let cards = include_str!("../../../../../plugins/agot_ccg/ravenry_agot_ccg/data/cards.json");
    let decks = include_str!("../../../../../plugins/agot_ccg/ravenry_agot_ccg/data/decks.json");
    let c: serde_json::Value = serde_json::from_str(cards).unwrap();
    let d: serde_json::Value = serde_json::from_str(decks).unwrap();
    serde_json::json!({"cards": c["cards"], "decks": d["decks"]}).to_string()
}

pub fn rules_with(options: &str) -> Rules {
    AgotCcg::ruleset(&content(), options).unwrap()
}

pub fn rules() -> Rules {
    rules_with(r#"{"decks": ["stark", "lannister"], "round_limit": 30}"#)
}

pub fn id(r: &Rules, code: &str) -> u16 {
    r.cards.iter().position(|c| c.code == code).unwrap_or_else(|| panic!("no card {code}")) as u16
}

/// A 2-player match (seat 0 Stark, seat 1 Lannister) after setup with empty play areas, both plots revealed,
/// seat 0 first player, in the phase asked.
pub fn scenario(r: &Rules, phase: Phase, plots: [&str; 2]) -> AgotCcg {
    let mut g = AgotCcg::new(r, 2, 11).unwrap();
    for (seat, plot) in g.seats.iter_mut().zip(plots) {
        seat.deck.append(&mut seat.hand);
        seat.plot = Some(id(r, plot));
        seat.plots.retain(|&p| p != id(r, plot));
        seat.initiative = g_initiative(r, plot);
    }
    g.first = 0;
    g.turn = 0;
    g.round = 1;
    g.phase = phase;
    // Marshalling is the active player's window; Standing starts at the framework step (everything stands).
    match phase {
        Phase::Marshal => g.open_window(At::Marshal),
        Phase::Standing => g.phase = Phase::Dominance,
        _ => {}
    }
    g
}

/// Every seat passes in the open action window until it closes (or a pending choice comes first).
pub fn pass_window(g: &mut AgotCcg, r: &Rules) {
    let done = super::super::rules::actions::code(super::super::rules::actions::DONE, 0, 0);
    for _ in 0..16 {
        if g.window.is_none() || !g.pending.is_empty() {
            return;
        }
        let p = g.actor().unwrap();
        act(g, r, p, done);
    }
}

fn g_initiative(r: &Rules, code: &str) -> u8 {
    r.cards[usize::from(id(r, code))].initiative
}

/// Put a card into play for `seat` (owned by it) and return its uid.
pub fn put(g: &mut AgotCcg, r: &Rules, seat: usize, code: &str) -> u16 {
    g.enter_play(seat, id(r, code), seat as Player)
}

pub fn attach(g: &mut AgotCcg, r: &Rules, host: u16, code: &str, owner: Player) {
    let (s, i) = g.locate(host).unwrap();
    g.seats[s].play[i].attachments.push((id(r, code), owner));
}

pub fn card(g: &AgotCcg, uid: u16) -> &super::super::state::InPlay {
    let (s, i) = g.locate(uid).unwrap();
    &g.seats[s].play[i]
}

pub fn legal(g: &AgotCcg, r: &Rules, p: Player) -> Vec<Action> {
    let mut v = Vec::new();
    g.legal_actions(r, p, &mut v);
    v
}

pub fn of_kind(g: &AgotCcg, r: &Rules, p: Player, kind: u32) -> Vec<Action> {
    legal(g, r, p).into_iter().filter(|&a| split(a).0 == kind).collect()
}

pub fn act(g: &mut AgotCcg, r: &Rules, p: Player, a: Action) {
    let mut ev = Events::new();
    g.apply(r, p, a, &mut ev).unwrap_or_else(|e| panic!("{e}: legal {:?}", legal(g, r, p)));
}

/// Pass (DONE) if that is still a decision for `p`; a seat with nothing else to do passes automatically.
pub fn pass(g: &mut AgotCcg, r: &Rules, p: Player) {
    let done = super::super::rules::actions::code(super::super::rules::actions::DONE, 0, 0);
    if legal(g, r, p).contains(&done) {
        act(g, r, p, done);
    }
}

/// Declare exactly these attackers (one set action, or one at a time when there are many eligible).
pub fn attack(g: &mut AgotCcg, r: &Rules, p: Player, uids: &[u16]) {
    use super::super::rules::actions::*;
    let el = g.eligible_attackers(r, p);
    let mask: usize = el.iter().enumerate().filter(|(_, u)| uids.contains(u)).map(|(i, _)| 1 << i).sum();
    if legal(g, r, p).contains(&code(ATTACK_SET, 0, mask)) {
        return act(g, r, p, code(ATTACK_SET, 0, mask));
    }
    for &u in uids {
        act(g, r, p, code(ATTACK, 0, usize::from(u)));
    }
    if g.window.is_none()
        && matches!(g.challenge.as_ref().map(|c| c.stage), Some(super::super::state::Stage::Attackers))
    {
        act(g, r, p, code(DONE, 0, 0));
    }
}

/// Declare exactly these defenders (none: pass).
pub fn defend(g: &mut AgotCcg, r: &Rules, p: Player, uids: &[u16]) {
    use super::super::rules::actions::*;
    let el = g.eligible_defenders(r, p);
    let mask: usize = el.iter().enumerate().filter(|(_, u)| uids.contains(u)).map(|(i, _)| 1 << i).sum();
    if !uids.is_empty() && legal(g, r, p).contains(&code(DEFEND_SET, 0, mask)) {
        return act(g, r, p, code(DEFEND_SET, 0, mask));
    }
    for &u in uids {
        act(g, r, p, code(DEFEND, 0, usize::from(u)));
    }
    if matches!(g.challenge.as_ref().map(|c| c.stage), Some(super::super::state::Stage::Defenders)) {
        act(g, r, p, code(DONE, 0, 0));
    }
}

/// Run a whole challenge: declare `kind` against `defender` with `attackers`, then `defenders`, then resolve.
pub fn challenge(g: &mut AgotCcg, r: &Rules, att: Player, kind: u8, dfd: Player, attackers: &[u16], defenders: &[u16]) {
    use super::super::rules::actions::*;
    g.phase = Phase::Challenges;
    pass_window(g, r);
    act(g, r, att, code(CHALLENGE, usize::from(kind), usize::from(dfd)));
    attack(g, r, att, attackers);
    pass_window(g, r);
    // Decline stealth unless the test handles it.
    while matches!(g.pending.first(), Some(super::super::state::Pending::Stealth { .. })) {
        act(g, r, att, code(DONE, 0, 0));
    }
    if matches!(g.challenge.as_ref().map(|c| c.stage), Some(super::super::state::Stage::Defenders)) {
        defend(g, r, dfd, defenders);
    }
}

/// Open the action window `at` in `phase`.
pub fn window(g: &mut AgotCcg, phase: Phase, at: At) {
    g.phase = phase;
    g.open_window(at);
}

/// Give `seat` `inf` influence in Blackwater Rush locations (2 each).
pub fn influence(g: &mut AgotCcg, r: &Rules, seat: usize, inf: u8) -> Vec<u16> {
    (0..inf.div_ceil(2)).map(|_| put(g, r, seat, "C155")).collect()
}

/// Pay every pending influence cost with the first provider offered.
pub fn pay(g: &mut AgotCcg, r: &Rules, p: Player) {
    for _ in 0..8 {
        let Some(&a) = of_kind(g, r, p, GEN_INF).first() else { return };
        act(g, r, p, a);
    }
}

/// A card's STR now, under its controller.
pub fn str_of(g: &AgotCcg, r: &Rules, uid: u16) -> u8 {
    let (s, _) = g.locate(uid).unwrap();
    g.strength(r, s as Player, card(g, uid))
}
