//! Balance and speed of `iron-throne` (issue 3): houses dealt uniformly at random, every seat played by the
//! same bot, ≥100,000 five-player matches per bot; plus heuristic vs random in 4-player matches.
//! Writes `benches/results/iron_throne_balance.json`.
//!
//! `cargo run --release --example iron_throne_balance -- [matches] [workers]`

use std::path::Path;

use ravenry_core::engine::Game;
use ravenry_core::games::iron_throne::{content, IronThrone};
use ravenry_core::runner::{simulate, SimConfig, SimReport};

fn table(r: &SimReport) -> serde_json::Value {
    let mut houses = serde_json::Map::new();
    let mut worst: f64 = 0.0;
    for (h, s) in &r.by_label {
        let share = s.wins / s.seats as f64;
        worst = worst.max((share - 0.2).abs());
        houses.insert(
            h.clone(),
            serde_json::json!({"seats": s.seats, "wins": s.wins, "win_share": share,
            "share_of_wins": s.wins / r.finished as f64}),
        );
    }
    serde_json::json!({
        "matches": r.matches, "finished": r.finished, "decisions": r.decisions, "seconds": r.seconds,
        "decisions_per_second": r.decisions as f64 / r.seconds.max(1e-9),
        "by_house": houses,
        "max_deviation_from_20pct_pp": 100.0 * worst,
        "within_3pp": worst <= 0.03,
    })
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let matches: u64 = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(100_000);
    let workers: usize = args.get(2).and_then(|a| a.parse().ok()).unwrap_or(2);
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let data = root.join("plugins/iron_throne/ravenry_iron_throne/data");
    let content = content::load_dir(&data).expect("plugin data files");
    let rules = IronThrone::ruleset(&content, r#"{"houses": []}"#).expect("ruleset");
    let mut out = serde_json::Map::new();
    for bot in ["random", "heuristic"] {
        let r = simulate::<IronThrone>(&rules, &SimConfig::new(5, matches, &[bot], 2026, workers)).expect("simulate");
        println!("5p {bot}: {}", table(&r));
        out.insert(format!("five_player_{bot}"), table(&r));
    }
    let vs = (matches / 5).max(1000);
    let r = simulate::<IronThrone>(
        &rules,
        &SimConfig::new(4, vs, &["heuristic", "random", "random", "random"], 7, workers),
    )
    .expect("simulate");
    let share = r.wins[0] / r.finished as f64;
    println!("4p heuristic seat 0 vs 3 random: win share {share:.3} (fair 0.25)");
    out.insert(
        "four_player_heuristic_vs_random".into(),
        serde_json::json!({"matches": r.matches, "finished": r.finished, "heuristic_win_share": share,
            "fair_share": 0.25, "wins_by_seat": r.wins}),
    );
    let single = simulate::<IronThrone>(&rules, &SimConfig::new(5, 20_000, &["random"], 11, 1)).expect("simulate");
    out.insert(
        "speed_random_single_thread".into(),
        serde_json::json!({"matches": single.matches, "decisions": single.decisions, "seconds": single.seconds,
            "decisions_per_second": single.decisions as f64 / single.seconds.max(1e-9)}),
    );
    println!("single-thread random: {:.0} decisions/s", single.decisions as f64 / single.seconds.max(1e-9));
    let path = root.join("benches/results/iron_throne_balance.json");
    std::fs::write(&path, serde_json::to_string_pretty(&serde_json::Value::Object(out)).unwrap()).expect("write");
    println!("wrote {}", path.display());
}
