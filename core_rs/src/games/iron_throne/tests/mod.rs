//! Rulebook scenario tests, one module per rulebook part. Test names cite the section.

mod conservation;
mod effects;
mod flow;
mod hostages;
mod play;
mod resolution;
mod setup;
mod truce;

use super::content::{self, Rules};
use super::rules::*;
use super::state::{IronThrone, Pending, Step};
use crate::engine::{Action, Events, Game, Player};

const DATA: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../plugins/iron_throne/ravenry_iron_throne/data");

pub fn content_json() -> String {
    content::load_dir(std::path::Path::new(DATA)).expect("plugin data files")
}

pub fn rules_with(houses: &[&str]) -> Rules {
    let opts = serde_json::json!({ "houses": houses }).to_string();
    IronThrone::ruleset(&content_json(), &opts).expect("ruleset")
}

pub fn rules() -> Rules {
    rules_with(&[])
}

pub fn legal(g: &IronThrone, r: &Rules, p: Player) -> Vec<Action> {
    let mut v = Vec::new();
    g.legal_actions(r, p, &mut v);
    v
}

pub fn act(g: &mut IronThrone, r: &Rules, p: Player, a: Action) {
    let mut ev = Events::new();
    if let Err(e) = g.apply(r, p, a, &mut ev) {
        panic!("{e} legal={:?}", legal(g, r, p));
    }
    auto_pass(g, r, &mut ev);
}

/// Answer "pass" wherever a participant is asked about character cards but holds none it could play (every
/// participant is asked, so that the question reveals nothing about hands).
pub fn auto_pass(g: &mut IronThrone, r: &Rules, ev: &mut Events<super::state::Event>) {
    while let Pending::PlayCards { seat } = g.pending {
        if legal(g, r, seat) != vec![DONE] {
            return;
        }
        g.apply(r, seat, DONE, ev).unwrap();
    }
}

/// A match past leader choice: every seat keeps its first dealt leader sheet.
pub fn started(r: &Rules, players: u8, seed: u64) -> IronThrone {
    let mut g = IronThrone::new(r, players, seed).unwrap();
    for p in 0..players {
        act(&mut g, r, p, LEADER);
    }
    g
}

/// A hand-built encounter: Stark (seat 0, attacker), Lannister (1, defender), Baratheon (2), with given leaders,
/// standing at the commit step with the given characters taking part. Hands are emptied so tests set them.
pub fn scenario(r: &Rules, leaders: [u8; 3]) -> IronThrone {
    let mut g = started(r, 3, 1);
    for (p, l) in leaders.into_iter().enumerate() {
        let s = &mut g.seats[p];
        s.house = p as u8;
        s.leader = l;
        s.alive = 0b1_1111 & !(1 << l);
        s.dead = 0;
        s.crowns = [4; 5];
        s.crowns[usize::from(l)] = 0;
        s.sheet = 4;
        s.hand.clear();
        s.hostages.clear();
        s.influence = [0; 5];
    }
    g.enc = super::state::Encounter::new(0);
    g.tasks.clear();
    g
}

/// Put the scenario at the commit step with attacker 0 vs defender 1 using characters `ca`, `cd`.
pub fn at_commit(g: &mut IronThrone, ca: u8, cd: u8) {
    g.enc.defender = 1;
    g.enc.side[0] = 1;
    g.enc.side[1] = 2;
    g.enc.chars[0] = ca;
    g.enc.chars[1] = cd;
    g.enc.offered = 0b11;
    g.step = Step::Commit;
    g.pending = Pending::Commit;
}

/// Seat `p` supports `side` (1 attacker, 2 defender) with character `c`.
pub fn support(g: &mut IronThrone, p: Player, side: u8, c: u8) {
    g.enc.side[usize::from(p)] = side;
    g.enc.chars[usize::from(p)] = c;
    g.enc.offered |= 1 << p;
}
