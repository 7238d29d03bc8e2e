//! Win share per leader sheet (five-player matches, every seat the same bot), the tool used to tune content.
//! `cargo run --release --example iron_throne_leaders -- [random|heuristic] [matches]`

use ravenry_core::bots;
use ravenry_core::engine::{Events, Game};
use ravenry_core::games::iron_throne::{content, IronThrone};
use ravenry_core::rng::Rng;
use std::path::Path;
fn main() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let c = content::load_dir(&root.join("plugins/iron_throne/ravenry_iron_throne/data")).unwrap();
    let r = IronThrone::ruleset(&c, r#"{"houses": []}"#).unwrap();
    let bot = std::env::args().nth(1).unwrap_or("heuristic".into());
    let n: u64 = std::env::args().nth(2).and_then(|a| a.parse().ok()).unwrap_or(3000);
    let mut tally = vec![[0.0f64; 2]; 25];
    for seed in 0..n {
        let mut g = IronThrone::new(&r, 5, seed * 7 + 1).unwrap();
        let mut b = bots::make::<IronThrone>(&bot).unwrap();
        let mut rng = Rng::new(seed);
        let mut ev = Events::disabled();
        let mut buf = Vec::new();
        while g.outcome().is_none() {
            let p = g.to_act().iter().next().unwrap();
            buf.clear();
            g.legal_actions(&r, p, &mut buf);
            let a = b.act(&r, &g, p, &buf, &mut rng);
            g.apply(&r, p, a, &mut ev).unwrap();
        }
        let o = g.outcome().unwrap();
        for (p, s) in g.seats.iter().enumerate() {
            let k = usize::from(s.house) * 5 + usize::from(s.leader);
            tally[k][0] += 1.0;
            tally[k][1] += o.win_share(p as u8);
        }
    }
    for (k, t) in tally.iter().enumerate() {
        let h = &r.houses[k / 5];
        println!("{:10} {:22} {:5.1}% ({} seats)", h.name, h.chars[k % 5], 100.0 * t[1] / t[0].max(1.0), t[0]);
    }
}
