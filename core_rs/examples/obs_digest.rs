//! A digest of every seat's observation and view over seeded random play: run it before and after a change to
//! the observation path or a view, and the two digests must agree (the tensors and the views people and the
//! network see are unchanged).
//!
//! Usage: cargo run --release --example obs_digest [matches]

use std::collections::hash_map::DefaultHasher;
use std::hash::Hasher;
use std::path::Path;

use ravenry_core::bots::{Bot, RandomBot};
use ravenry_core::engine::observe::observation;
use ravenry_core::engine::{Encode, Events, Game, Viewer};
use ravenry_core::games::iron_throne::{content as it_content, IronThrone};
use ravenry_core::games::roll_player::RollPlayer;
use ravenry_core::rng::Rng;

macro_rules! data {
    ($f:literal) => {
        include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/../plugins/roll_player/ravenry_roll_player/data/", $f))
    };
}

fn digest<G: Encode>(rules: &G::Ruleset, players: u8, matches: u64) -> (u64, u64, u64) {
    let (mut obs_h, mut view_h) = (DefaultHasher::new(), DefaultHasher::new());
    let size = G::observation_size(rules, players);
    let mut out = vec![0f32; size];
    let mut legal = Vec::new();
    let mut decisions = 0;
    for seed in 0..matches {
        let mut g = G::new(rules, players, seed).expect("setup");
        let mut rng = Rng::new(seed ^ 77);
        let mut ev = Events::disabled();
        while let Some(p) = g.to_act().iter().next() {
            for q in 0..players {
                observation(rules, players, &g, q, &mut out);
                out.iter().for_each(|x| obs_h.write_u32(x.to_bits()));
                view_h.write(serde_json::to_string(&g.view(rules, Viewer::Player(q))).unwrap().as_bytes());
            }
            view_h.write(serde_json::to_string(&g.view(rules, Viewer::Public)).unwrap().as_bytes());
            legal.clear();
            g.legal_actions(rules, p, &mut legal);
            let a = <RandomBot as Bot<G>>::act(&mut RandomBot, rules, &g, p, &legal, &mut rng);
            g.apply(rules, p, a, &mut ev).expect("legal");
            decisions += 1;
            if decisions % 50_000 == 0 || g.decisions() > 3000 {
                break;
            }
        }
    }
    (obs_h.finish(), view_h.finish(), decisions)
}

fn main() {
    let matches: u64 = std::env::args().nth(1).and_then(|s| s.parse().ok()).unwrap_or(20);
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let it = it_content::load_dir(&root.join("plugins/iron_throne/ravenry_iron_throne/data")).expect("data");
    let iron = IronThrone::ruleset(&it, r#"{"houses": []}"#).expect("iron-throne ruleset");
    let rp = format!(
        r#"{{"races": {}, "classes": {}, "backstories": {}, "alignments": {}, "market": {}}}"#,
        data!("races.json"),
        data!("classes.json"),
        data!("backstories.json"),
        data!("alignments.json"),
        data!("market.json")
    );
    let roll = RollPlayer::ruleset(&rp, "{}").expect("roll-player ruleset");
    for n in [3, 4, 5] {
        println!("iron-throne {n}p {:x?}", digest::<IronThrone>(&iron, n, matches));
    }
    for n in [1, 2, 4] {
        println!("roll-player {n}p {:x?}", digest::<RollPlayer>(&roll, n, matches));
    }
}
