//! Shared test fixtures: the plugin's real data files, scenario builders and a random-play driver.

use super::super::content::Rules;
use super::super::state::{Die, RollPlayer, Step};
use crate::engine::{Action, Events, Game, Player};
use crate::rng::Rng;

macro_rules! data {
    ($f:literal) => {
        include_str!(concat!("../../../../../plugins/roll_player/ravenry_roll_player/data/", $f))
    };
}

/// The content JSON exactly as the plugin builds it from its data files.
pub fn content_json() -> String {
    format!(
        r#"{{"races": {}, "classes": {}, "backstories": {}, "alignments": {}, "market": {}}}"#,
        data!("races.json"),
        data!("classes.json"),
        data!("backstories.json"),
        data!("alignments.json"),
        data!("market.json")
    )
}

pub fn rules(options: &str) -> Rules {
    RollPlayer::ruleset(&content_json(), options).expect("content parses")
}

pub fn default_rules() -> Rules {
    rules("{}")
}

pub fn card_id(r: &Rules, name: &str) -> u8 {
    r.cards.iter().position(|c| c.name == name).unwrap_or_else(|| panic!("no card {name}")) as u8
}

pub fn class_id(r: &Rules, name: &str) -> u8 {
    r.classes.iter().position(|c| c.name == name).unwrap() as u8
}

pub fn race_id(r: &Rules, name: &str) -> u8 {
    r.races.iter().position(|c| c.name == name).unwrap() as u8
}

pub fn color_id(name: &str) -> u8 {
    super::super::content::COLORS.iter().position(|c| *c == name).unwrap() as u8
}

pub fn d(color: &str, value: u8) -> Die {
    Die::new(color_id(color), value)
}

/// Play random legal actions through setup until the first dice-phase decision.
pub fn through_setup(r: &Rules, players: u8, seed: u64) -> RollPlayer {
    let mut g = RollPlayer::new(r, players, seed).unwrap();
    let mut rng = Rng::new(seed ^ 77);
    let mut ev = Events::disabled();
    let mut buf = Vec::new();
    while matches!(g.step, Step::Race { .. } | Step::Class { .. } | Step::StartDice { .. }) {
        let p = g.actor().unwrap();
        buf.clear();
        g.legal_actions(r, p, &mut buf);
        let a = buf[rng.index(buf.len())];
        g.apply(r, p, a, &mut ev).unwrap();
    }
    g
}

/// Apply, panicking with a description if refused.
pub fn act(g: &mut RollPlayer, r: &Rules, a: Action) {
    let p: Player = g.actor().expect("someone acts");
    let mut ev = Events::new();
    if let Err(e) = g.apply(r, p, a, &mut ev) {
        panic!("refused {a}: {e}");
    }
}

pub fn legal(g: &RollPlayer, r: &Rules) -> Vec<Action> {
    let mut out = Vec::new();
    if let Some(p) = g.actor() {
        g.legal_actions(r, p, &mut out);
    }
    out
}

/// Random play to the end; returns the number of decisions.
pub fn play_random(r: &Rules, players: u8, seed: u64) -> (RollPlayer, u64) {
    let mut g = RollPlayer::new(r, players, seed).unwrap();
    let mut rng = Rng::new(seed.wrapping_mul(31) + 1);
    let mut ev = Events::new();
    let mut buf = Vec::new();
    let mut n = 0;
    while let Some(p) = g.actor() {
        buf.clear();
        g.legal_actions(r, p, &mut buf);
        assert!(!buf.is_empty(), "seat {p} has no action in {:?}", g.step);
        let a = buf[rng.index(buf.len())];
        g.apply(r, p, a, &mut ev).unwrap_or_else(|e| panic!("legal action refused: {e}"));
        g.validate(r).unwrap_or_else(|e| panic!("invalid after {a}: {e}"));
        if n % 7 == 0 {
            let _ = g.view(r, crate::engine::Viewer::Public);
            let _ = g.describe(r, p, a);
        }
        n += 1;
        assert!(n < 20_000, "random play does not terminate");
    }
    (g, n)
}

/// A clean mid-game scenario: setup done, every sheet empty, no cards, no gold, tokens centred, the first
/// player (seat 0) about to take an Initiative card whose dice are `dice`.
pub fn scenario(r: &Rules, players: u8, dice: &[Die]) -> RollPlayer {
    let mut g = through_setup(r, players, 11);
    g.first = 0;
    g.order = None;
    g.skill = None;
    // Fixed classes whose abilities stay out of the way of most scenarios: Paladin, Monk, Warrior, Sorcerer.
    let classes = ["Paladin", "Monk", "Warrior", "Sorcerer"].map(|n| class_id(r, n));
    let human = race_id(r, "Human");
    for (i, s) in g.seats.iter_mut().enumerate() {
        s.class = classes[i];
        s.race = human;
        s.sheet = [[Die::EMPTY; 3]; 6];
        s.cards.clear();
        s.gold = 0;
        s.token = 4;
        s.charisma = 0;
        s.exhausted = 0;
        s.init = super::super::state::NONE;
        s.pool.clear();
    }
    for (k, c) in g.init.iter_mut().enumerate() {
        c.die = dice.get(k).copied();
        c.taken_by = None;
    }
    g.step = Step::DicePick { seat: 0 };
    g
}

/// Fill a seat's sheet row by row from `rows` (values; colour green unless given by `colors`).
pub fn fill(g: &mut RollPlayer, p: usize, rows: [[u8; 3]; 6], color: &str) {
    for (r, row) in rows.iter().enumerate() {
        for (c, &v) in row.iter().enumerate() {
            g.seats[p].sheet[r][c] = if v == 0 { Die::EMPTY } else { d(color, v) };
        }
    }
}

/// Give a seat a card by name, taking it out of wherever it is.
pub fn give(g: &mut RollPlayer, r: &Rules, p: usize, name: &str) -> u8 {
    let id = card_id(r, name);
    for pile in [&mut g.deck, &mut g.discard, &mut g.market, &mut g.trash] {
        pile.retain(|&c| c != id);
    }
    for s in g.seats.iter_mut() {
        s.cards.retain(|&c| c != id);
    }
    g.seats[p].cards.push(id);
    id
}

/// Put named cards in the market (in order), taking them out of wherever they are.
pub fn set_market(g: &mut RollPlayer, r: &Rules, names: &[&str]) {
    let old = std::mem::take(&mut g.market);
    g.deck.extend(old);
    for name in names {
        let id = card_id(r, name);
        g.deck.retain(|&c| c != id);
        g.discard.retain(|&c| c != id);
        g.trash.retain(|&c| c != id);
        for s in g.seats.iter_mut() {
            s.cards.retain(|&c| c != id);
        }
        g.market.push(id);
    }
}
