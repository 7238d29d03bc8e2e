//! Quick balance check while tuning content: win share per house, five-player matches, random and heuristic.
//! `cargo run --release --example iron_throne_quick_balance -- [matches]`

use ravenry_core::engine::Game;
use ravenry_core::games::iron_throne::{content, IronThrone};
use ravenry_core::runner::{simulate, SimConfig};
use std::path::Path;
fn main() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let c = content::load_dir(&root.join("plugins/iron_throne/ravenry_iron_throne/data")).unwrap();
    let r = IronThrone::ruleset(&c, r#"{"houses": []}"#).unwrap();
    let n: u64 = std::env::args().nth(1).and_then(|a| a.parse().ok()).unwrap_or(10000);
    for (bot, m) in [("random", n), ("heuristic", n / 2)] {
        let cfg = SimConfig {
            players: 5,
            first: 0,
            matches: m,
            seed: 99,
            bots: vec![bot.into()],
            workers: 2,
            max_decisions: 1_000_000,
            detail: false,
        };
        let rep = simulate::<IronThrone>(&r, &cfg).unwrap();
        let s: Vec<String> =
            rep.by_label.iter().map(|(h, x)| format!("{h} {:.1}", 100.0 * x.wins / x.seats as f64)).collect();
        println!("{bot:9} fin {}/{}: {}", rep.finished, rep.matches, s.join("  "));
    }
}
