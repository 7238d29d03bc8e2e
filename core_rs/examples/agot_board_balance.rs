//! Balance and speed of `agot-board`: house win shares with every seat played by the same bot (random, then
//! heuristic), base game and all Storm of Swords options; heuristic in each seat against random opponents;
//! single-thread speed. Writes `benches/results/agot_board_balance.json`.
//!
//! `cargo run --release --example agot_board_balance -- [matches] [workers]`

use std::path::Path;

use ravenry_core::engine::Game;
use ravenry_core::games::agot_board::{content, AgotBoard, Rules};
use ravenry_core::runner::{simulate, SimConfig, SimReport};

fn table(r: &SimReport) -> serde_json::Value {
    let mut houses = serde_json::Map::new();
    for (h, s) in &r.by_label {
        houses.insert(h.clone(), serde_json::json!({"seats": s.seats, "win_share": s.wins / s.seats.max(1) as f64}));
    }
    serde_json::json!({
        "matches": r.matches, "finished": r.finished,
        "decisions_per_match": r.decisions as f64 / r.matches.max(1) as f64,
        "decisions_per_second": r.decisions as f64 / r.seconds.max(1e-9),
        "by_house": houses,
    })
}

fn rules(content: &str, all: bool) -> Rules {
    let opts = serde_json::json!({
        "sos_house_cards": all, "sos_westeros": all, "tactics": all, "leaders": all,
        "wildling_cards": all, "sos_victory": all, "sos_three_player": all
    });
    AgotBoard::ruleset(content, &opts.to_string()).expect("ruleset")
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let matches: u64 = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(2000);
    let workers: usize = args.get(2).and_then(|a| a.parse().ok()).unwrap_or(2);
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let base = root.join("plugins/agot_board/ravenry_agot_board/data");
    let sos = root.join("plugins/storm_of_swords/ravenry_storm_of_swords/data");
    let mut out = serde_json::Map::new();
    for (name, all) in [("base", false), ("storm_of_swords_all_options", true)] {
        // The base game without the expansion's content, as `agot-board` alone hands it over.
        let content = content::load_dir(&base, all.then_some(sos.as_path())).expect("data files");
        let r = rules(&content, all);
        for players in [3u8, 5] {
            for bot in ["random", "heuristic"] {
                let rep = simulate::<AgotBoard>(&r, &SimConfig::new(players, matches, &[bot], 2026, workers))
                    .expect("simulate");
                println!("{name} {players}p all {bot}: {}", table(&rep));
                out.insert(format!("{name}_{players}p_all_{bot}"), table(&rep));
            }
            // Heuristic in each seat in turn, random elsewhere.
            let mut shares = Vec::new();
            for seat in 0..players {
                let bots: Vec<&str> = (0..players).map(|s| if s == seat { "heuristic" } else { "random" }).collect();
                let rep = simulate::<AgotBoard>(
                    &r,
                    &SimConfig::new(players, matches / 4, &bots, 7 + u64::from(seat), workers),
                )
                .expect("simulate");
                shares.push(rep.wins[usize::from(seat)] / rep.finished.max(1) as f64);
            }
            let mean = shares.iter().sum::<f64>() / shares.len() as f64;
            println!("{name} {players}p heuristic vs random: per-seat {shares:?}, mean {mean:.3}");
            out.insert(
                format!("{name}_{players}p_heuristic_vs_random"),
                serde_json::json!({"per_seat_win_share": shares, "mean": mean, "fair": 1.0 / f64::from(players)}),
            );
        }
    }
    let r = rules(&content::load_dir(&base, None).expect("data files"), false);
    let single = simulate::<AgotBoard>(&r, &SimConfig::new(5, matches, &["random"], 11, 1)).expect("simulate");
    let dps = single.decisions as f64 / single.seconds.max(1e-9);
    println!("single-thread random 5p: {dps:.0} decisions/s");
    out.insert(
        "speed_random_5p_single_thread".into(),
        serde_json::json!({"decisions_per_second": dps,
        "decisions_per_match": single.decisions as f64 / single.matches.max(1) as f64}),
    );
    let path = root.join("benches/results/agot_board_balance.json");
    std::fs::write(&path, serde_json::to_string_pretty(&serde_json::Value::Object(out)).unwrap()).expect("write");
    println!("wrote {}", path.display());
}
