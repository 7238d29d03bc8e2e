//! A Game of Thrones CCG balance and speed: heuristic bots in every seat (house win shares, 2 and 4 players),
//! heuristic vs random, random-match lengths and how matches end.
//! `cargo run --release --example agot_ccg_balance -- [matches] [workers]`
//! writes `benches/results/agot_ccg_balance.json`.

use ravenry_core::engine::{Events, Game};
use ravenry_core::games::agot_ccg::AgotCcg;
use ravenry_core::rng::Rng;
use ravenry_core::runner::{simulate, SimConfig, SimReport};

fn content() -> String {
    let cards = include_str!("../../plugins/agot_ccg/ravenry_agot_ccg/data/cards.json");
    let decks = include_str!("../../plugins/agot_ccg/ravenry_agot_ccg/data/decks.json");
    let c: serde_json::Value = serde_json::from_str(cards).expect("cards.json");
    let d: serde_json::Value = serde_json::from_str(decks).expect("decks.json");
    serde_json::json!({"cards": c["cards"], "decks": d["decks"]}).to_string()
}

/// Win share per House, its difference to fair (1 / players) and the 95% Wilson interval of that difference, in
/// points.
fn houses(r: &SimReport, players: u8) -> serde_json::Value {
    let fair = 1.0 / f64::from(players);
    r.by_label
        .iter()
        .map(|(k, s)| {
            let n = s.seats as f64;
            let p = s.wins / n;
            let z = 1.96f64;
            let centre = (p + z * z / (2.0 * n)) / (1.0 + z * z / n);
            let half = z * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt() / (1.0 + z * z / n);
            serde_json::json!({"house": k, "seats": s.seats, "win_share": p, "vs_fair_pp": (p - fair) * 100.0,
                               "ci95_pp": [(centre - half - fair) * 100.0, (centre + half - fair) * 100.0]})
        })
        .collect()
}

/// Random play: decisions and rounds per match, and how many stopped unfinished at the safeguard.
fn random_lengths(rules: &<AgotCcg as Game>::Ruleset, players: u8, n: u64) -> serde_json::Value {
    let (mut total, mut max, mut unfinished, mut rounds, mut max_rounds) = (0u64, 0u64, 0u64, 0u64, 0u8);
    let mut buf = Vec::new();
    for seed in 0..n {
        let mut g = AgotCcg::new(rules, players, seed).expect("new");
        let mut rng = Rng::new(seed ^ 0x55);
        let mut ev = Events::disabled();
        while let Some(p) = g.to_act().iter().next() {
            buf.clear();
            g.legal_actions(rules, p, &mut buf);
            let a = buf[rng.index(buf.len())];
            g.apply(rules, p, a, &mut ev).expect("legal");
        }
        total += g.decisions();
        max = max.max(g.decisions());
        rounds += u64::from(g.round);
        max_rounds = max_rounds.max(g.round);
        if g.outcome().is_none() {
            unfinished += 1;
        }
    }
    serde_json::json!({"players": players, "matches": n, "mean_decisions": total as f64 / n as f64,
                       "max_decisions": max, "mean_rounds": rounds as f64 / n as f64, "max_rounds": max_rounds,
                       "unfinished": unfinished})
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let matches: u64 = args.get(1).and_then(|s| s.parse().ok()).unwrap_or(4000);
    let workers: usize = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(2);
    let rules = AgotCcg::ruleset(&content(), r#"{"decks": [], "round_limit": 0}"#).expect("content");
    let cfg =
        |players: u8, matches: u64, bots: &[&str], seed: u64| SimConfig::new(players, matches, bots, seed, workers);
    let joust = simulate::<AgotCcg>(&rules, &cfg(2, matches, &["heuristic"], 1)).expect("sim");
    // As many 4-player matches as 2-player ones: at a quarter of them a 4-player interval was ±2.3 points, too
    // wide to show a House 3 points from fair inside ±5.
    let melee = simulate::<AgotCcg>(&rules, &cfg(4, matches, &["heuristic"], 2)).expect("sim");
    let vs = simulate::<AgotCcg>(&rules, &cfg(2, matches / 4, &["heuristic", "random"], 3)).expect("sim");
    let vs_share = vs.wins[0] / vs.finished.max(1) as f64;
    let vs4 = simulate::<AgotCcg>(&rules, &cfg(4, matches / 8, &["heuristic", "random", "random", "random"], 4))
        .expect("sim");
    let vs4_share = vs4.wins[0] / vs4.finished.max(1) as f64;
    let speed = joust.decisions as f64 / joust.seconds.max(1e-9);
    let out = serde_json::json!({
        "game": "agot-ccg",
        "joust_heuristic": {"matches": joust.finished, "houses": houses(&joust, 2),
                            "mean_decisions": joust.decisions as f64 / joust.finished.max(1) as f64},
        "melee_heuristic": {"matches": melee.finished, "houses": houses(&melee, 4)},
        "heuristic_vs_random_2p": {"matches": vs.finished, "heuristic_win_share": vs_share},
        "heuristic_vs_3_random_4p": {"matches": vs4.finished, "heuristic_win_share": vs4_share},
        "unfinished": {"joust": joust.matches - joust.finished, "melee": melee.matches - melee.finished},
        "random_play": [random_lengths(&rules, 2, 300), random_lengths(&rules, 4, 150)],
        "decisions_per_second": speed,
        "workers": workers,
    });
    println!("{}", serde_json::to_string_pretty(&out).expect("json"));
    std::fs::write("benches/results/agot_ccg_balance.json", serde_json::to_string_pretty(&out).expect("json") + "\n")
        .expect("write");
}
