//! Rules tests, one per rule, named after the rulebook section (`sos_*` for the Storm of Swords text, the law)
//! or the research section (`r3_*` for the base-game skeleton). Scenarios are built directly on plain state.

mod base;
mod battles;
mod cards;
mod designed;
mod orders;
mod sos;
mod sos_house_cards;
mod westeros;

use super::content::{self, Rules, NONE};
use super::rules::*;
use super::state::*;
use super::AgotBoard;
use crate::engine::{Action, Events, Game, Player};

const DATA: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../plugins/agot_board/ravenry_agot_board/data");
const SOS_DATA: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../plugins/storm_of_swords/ravenry_storm_of_swords/data");

/// The content with the Storm of Swords plugin's part (as the host hands it over when an SoS option is on).
pub fn content_json() -> String {
    content::load_dir(std::path::Path::new(DATA), Some(std::path::Path::new(SOS_DATA))).expect("plugin data files")
}

/// The agot-board plugin's content alone (the Storm of Swords plugin not installed).
pub fn base_content_json() -> String {
    content::load_dir(std::path::Path::new(DATA), None).expect("plugin data files")
}

pub fn rules_with(opts: serde_json::Value) -> Rules {
    let mut all = serde_json::json!({
        "sos_house_cards": false, "sos_westeros": false, "tactics": false, "leaders": false,
        "wildling_cards": false, "sos_victory": false, "sos_three_player": false
    });
    if let (Some(a), Some(b)) = (all.as_object_mut(), opts.as_object()) {
        for (k, v) in b {
            a.insert(k.clone(), v.clone());
        }
    }
    AgotBoard::ruleset(&content_json(), &all.to_string()).expect("ruleset")
}

pub fn rules() -> Rules {
    rules_with(serde_json::json!({}))
}

pub fn legal(g: &AgotBoard, r: &Rules, p: Player) -> Vec<Action> {
    let mut v = Vec::new();
    g.legal_actions(r, p, &mut v);
    v
}

pub fn act(g: &mut AgotBoard, r: &Rules, p: Player, a: Action) {
    let mut ev = Events::new();
    if let Err(e) = g.apply(r, p, a, &mut ev) {
        panic!("{e} pending={:?} legal={:?}", g.pending, legal(g, r, p));
    }
}

pub fn area(r: &Rules, key: &str) -> u8 {
    r.areas.iter().position(|a| a.key == key).expect("area") as u8
}

pub fn choose(o: u16) -> Action {
    code(K_CHOOSE, u32::from(o))
}

/// Clear the board: no units, tokens, orders or neutral forces anywhere.
pub fn empty_board(g: &mut AgotBoard) {
    for a in &mut g.areas {
        *a = Area::EMPTY;
    }
}

pub fn put(g: &mut AgotBoard, a: u8, p: Player, f: u8, k: u8, s: u8) {
    let x = &mut g.areas[usize::from(a)];
    x.owner = p;
    x.foot = f;
    x.knight = k;
    x.ship = s;
}

/// Play random legal actions until the game ends; returns the number of decisions.
pub fn random_play(g: &mut AgotBoard, r: &Rules, seed: u64) -> u64 {
    let mut rng = crate::rng::Rng::new(seed);
    let mut ev = Events::disabled();
    let mut steps = 0;
    while g.outcome().is_none() {
        let who = g.to_act();
        let p = who.iter().next().expect("someone acts");
        let l = legal(g, r, p);
        assert!(!l.is_empty(), "no legal action for {p} in {:?}", g.pending);
        let a = l[rng.index(l.len())];
        let before = g.clone();
        g.apply(r, p, a, &mut ev).expect("legal action applies");
        assert!(g.check(r).is_ok(), "{:?} after {a} from {:?}", g.check(r), before.pending);
        steps += 1;
        assert!(steps < 20_000, "match too long");
    }
    steps
}

pub fn wcard(r: &Rules, key: super::content::WKey) -> u8 {
    r.wcards.iter().position(|w| w.key == key).expect("westeros card") as u8
}

pub fn seat_of(g: &AgotBoard, r: &Rules, house: &str) -> Player {
    g.seats.iter().position(|s| r.houses[usize::from(s.house)].key == house).expect("house seated") as Player
}

/// Start a Westeros phase with these three cards on top of decks I, II, III.
pub fn westeros_with(g: &mut AgotBoard, r: &Rules, top: [u8; 3]) {
    g.phase = Phase::Westeros;
    g.drawn.clear();
    g.resolved = 0;
    for (d, &c) in top.iter().enumerate() {
        g.decks[d].insert(0, c);
    }
    for s in &mut g.seats {
        s.locked = true;
    }
    g.pending = Pending::Auto;
    g.advance(r, &mut Events::disabled());
}

/// Every seat bids (seat order); ties are ordered by the Iron Throne holder's first option.
pub fn bid_all(g: &mut AgotBoard, r: &Rules, bids: &[u8]) {
    for (p, &b) in bids.iter().enumerate() {
        act(g, r, p as Player, code(K_BID, u32::from(b)));
    }
    settle_ties(g, r);
}

pub fn settle_ties(g: &mut AgotBoard, r: &Rules) {
    while let Pending::Choice { seat, kind: ChoiceKind::TieOrder, options } = g.pending.clone() {
        act(g, r, seat, choose(options[0]));
    }
}

/// A match in its first action phase with an empty board (orders placed by hand).
pub fn blank(r: &Rules, players: u8) -> AgotBoard {
    let mut g = AgotBoard::new(r, players, 7).unwrap();
    empty_board(&mut g);
    g.orders_hidden = false;
    for s in &mut g.seats {
        s.locked = true;
    }
    g
}

/// Begin the given action step (Raid / March / Consolidate) from the first seat on the Iron Throne track.
pub fn begin(g: &mut AgotBoard, r: &Rules, phase: Phase) {
    g.phase = phase;
    g.turn = 0;
    g.pending = Pending::Auto;
    g.advance(r, &mut Events::disabled());
}
