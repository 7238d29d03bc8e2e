//! VectorEnv throughput without Python: `matches` matches of iron-throne (4p) and roll-player (4p) in self-play,
//! random legal actions drawn in Rust from the masks, on 1 and `workers` threads; prints steps/s.
//!
//! Usage: cargo run --release [--features mimalloc] --example vector_env [matches] [workers] [seconds]

use std::path::Path;
use std::time::Instant;

use ravenry_core::engine::dynamic::{DynRuleset, RulesetOf};
use ravenry_core::games::iron_throne::{content as it_content, IronThrone};
use ravenry_core::games::roll_player::RollPlayer;
use ravenry_core::rng::Rng;
use ravenry_core::vector::{StepOut, VecConfig};

macro_rules! data {
    ($f:literal) => {
        include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/../plugins/roll_player/ravenry_roll_player/data/", $f))
    };
}

fn roll_player_content() -> String {
    format!(
        r#"{{"races": {}, "classes": {}, "backstories": {}, "alignments": {}, "market": {}}}"#,
        data!("races.json"),
        data!("classes.json"),
        data!("backstories.json"),
        data!("alignments.json"),
        data!("market.json")
    )
}

fn measure(name: &str, rules: &dyn DynRuleset, players: u8, matches: usize, workers: usize, seconds: f64) {
    let cfg = VecConfig {
        matches,
        players,
        seed: 1,
        opponents: Vec::new(),
        workers,
        score_rewards: false,
        max_decisions: 100_000,
    };
    let mut env = rules.vector_env(cfg).expect("vector env");
    let (o, a) = (env.observation_size(), env.action_size());
    let (mut obs, mut mask) = (vec![0f32; matches * o], vec![0u8; matches * a]);
    let (mut seat, mut rewards, mut done) =
        (vec![0i64; matches], vec![0f32; matches * usize::from(players)], vec![0u8; matches]);
    env.reset(StepOut { obs: &mut obs, mask: &mut mask, seat: &mut seat, rewards: &mut rewards, done: &mut done });
    let mut rng = Rng::new(7);
    let mut actions = vec![0i64; matches];
    let (mut steps, mut in_step) = (0u64, 0f64);
    let start = Instant::now();
    while start.elapsed().as_secs_f64() < seconds {
        for (i, act) in actions.iter_mut().enumerate() {
            let row = &mask[i * a..(i + 1) * a];
            let legal: Vec<usize> = row.iter().enumerate().filter(|(_, m)| **m == 1).map(|(j, _)| j).collect();
            *act = rng.choose(&legal).copied().unwrap_or(0) as i64;
        }
        let t = Instant::now();
        env.step(
            &actions,
            StepOut { obs: &mut obs, mask: &mut mask, seat: &mut seat, rewards: &mut rewards, done: &mut done },
        )
        .expect("legal actions");
        in_step += t.elapsed().as_secs_f64();
        steps += matches as u64;
    }
    println!("{name} {players}p, {workers} worker(s): {:.0} steps/s inside step", steps as f64 / in_step);
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let matches: usize = args.get(1).and_then(|s| s.parse().ok()).unwrap_or(1024);
    let workers: usize = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(2);
    let seconds: f64 = args.get(3).and_then(|s| s.parse().ok()).unwrap_or(2.0);
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let it =
        it_content::load_dir(&root.join("plugins/iron_throne/ravenry_iron_throne/data")).expect("iron-throne data");
    let iron = RulesetOf::<IronThrone>::parse(&it, r#"{"houses": []}"#).expect("iron-throne ruleset");
    let roll = RulesetOf::<RollPlayer>::parse(&roll_player_content(), "{}").expect("roll-player ruleset");
    for w in [1, workers] {
        measure("iron-throne", &iron, 4, matches, w, seconds);
        measure("roll-player", &roll, 4, matches, w, seconds);
    }
}
