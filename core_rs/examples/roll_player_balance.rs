//! Roll Player balance and speed: heuristic bots in every seat (class win shares), heuristic vs random,
//! the heuristic's mean solo score, and snapshot / decision throughput.
//! `cargo run --release --example roll_player_balance -- [matches] [workers]`
//! writes `benches/results/roll_player_balance.json`.

use std::time::Instant;

use ravenry_core::bots::{self, Bot};
use ravenry_core::engine::{snapshot, Events, Game, Tally};
use ravenry_core::games::roll_player::RollPlayer;
use ravenry_core::rng::Rng;
use ravenry_core::runner::{simulate, SimConfig};

macro_rules! data {
    ($f:literal) => {
        include_str!(concat!("../../plugins/roll_player/ravenry_roll_player/data/", $f))
    };
}

fn content() -> String {
    format!(
        r#"{{"races": {}, "classes": {}, "backstories": {}, "alignments": {}, "market": {}}}"#,
        data!("races.json"),
        data!("classes.json"),
        data!("backstories.json"),
        data!("alignments.json"),
        data!("market.json")
    )
}

type Rules = <RollPlayer as Game>::Ruleset;

/// One match from `seed` with `bot` in every seat, the bot's choices drawn from `Rng::new(bot_seed)`.
fn play_out(
    rules: &Rules,
    players: u8,
    seed: u64,
    bot_seed: u64,
    bot: &mut dyn Bot<RollPlayer>,
    buf: &mut Vec<u32>,
) -> RollPlayer {
    let mut g = RollPlayer::new(rules, players, seed).expect("new");
    let mut rng = Rng::new(bot_seed);
    let mut ev = Events::disabled();
    while let Some(p) = g.actor() {
        buf.clear();
        g.legal_actions(rules, p, buf);
        let a = bot.act(rules, &g, p, buf, &mut rng);
        g.apply(rules, p, a, &mut ev).expect("legal");
    }
    g
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let matches: u64 = args.get(1).and_then(|s| s.parse().ok()).unwrap_or(100_000);
    let workers: usize = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(2);
    let rules = RollPlayer::ruleset(&content(), "{}").expect("content");
    let cfg =
        |players: u8, matches: u64, bots: &[&str], seed: u64| SimConfig::new(players, matches, bots, seed, workers);

    let heur = simulate::<RollPlayer>(&rules, &cfg(4, matches, &["heuristic"], 1)).expect("sim");
    if args.get(3).map(String::as_str) == Some("classes") {
        let mean: f64 =
            heur.by_label.values().map(|s| s.wins / s.seats as f64).sum::<f64>() / heur.by_label.len() as f64;
        for (k, s) in &heur.by_label {
            println!("{k:10} {:.3} {:+.1}", s.wins / s.seats as f64, (s.wins / s.seats as f64 - mean) * 100.0);
        }
        println!("{} matches in {:.1}s", heur.finished, heur.seconds);
        // Mean stars by category per class over a few thousand matches (diagnostics for tuning).
        let mut acc = std::collections::BTreeMap::<String, (u64, std::collections::BTreeMap<String, i64>)>::new();
        let mut bot = bots::own::<RollPlayer>("heuristic").expect("bot");
        let mut buf = Vec::new();
        for i in 0..3000u64 {
            let g = play_out(&rules, 4, 777 + i, i, &mut *bot, &mut buf);
            for p in 0..4u8 {
                let label = g.seat_label(&rules, p).unwrap_or_default();
                let s = &g.seats[usize::from(p)];
                let (total, parts) = ravenry_core::games::roll_player::scoring::score(&rules, s, false);
                let e = acc.entry(label).or_default();
                e.0 += 1;
                *e.1.entry("total".into()).or_default() += i64::from(total);
                *e.1.entry("cards".into()).or_default() += s.cards.len() as i64;
                *e.1.entry("gold".into()).or_default() += i64::from(s.gold);
                for (k, v) in parts {
                    *e.1.entry(k).or_default() += i64::from(v);
                }
            }
        }
        for (k, (n, m)) in &acc {
            let line: Vec<String> = m.iter().map(|(c, v)| format!("{c} {:.1}", *v as f64 / *n as f64)).collect();
            println!("{k:10} {}", line.join(" | "));
        }
        return;
    }
    let mean: f64 = heur.by_label.values().map(|s| s.wins / s.seats as f64).sum::<f64>() / heur.by_label.len() as f64;
    let classes: Vec<serde_json::Value> = heur
        .by_label
        .iter()
        .map(|(k, s)| {
            let share = s.wins / s.seats as f64;
            serde_json::json!({"class": k, "seats": s.seats, "wins": s.wins, "win_share": share,
                               "delta_pp": (share - mean) * 100.0})
        })
        .collect();

    let vs_n = (matches / 10).max(1000);
    let vs =
        simulate::<RollPlayer>(&rules, &cfg(4, vs_n, &["heuristic", "random", "random", "random"], 2)).expect("sim");
    let vs_share = vs.wins.first().copied().unwrap_or(0.0) / vs.finished.max(1) as f64;

    // Mean solo score of the heuristic (the runner counts wins, so score solo games here).
    let solo_n = 2000u64;
    let mut bot = bots::own::<RollPlayer>("heuristic").expect("bot");
    let mut total = 0.0;
    let mut ladder = std::collections::BTreeMap::<String, u64>::new();
    let mut buf = Vec::new();
    for i in 0..solo_n {
        let g = play_out(&rules, 1, 10_000 + i, i, &mut *bot, &mut buf);
        let stars = g.outcome().map_or(0.0, |o| o.scores[0]);
        total += stars;
        *ladder.entry(ravenry_core::games::roll_player::scoring::solo_title(stars as i32).to_string()).or_default() +=
            1;
    }
    let solo_mean = total / solo_n as f64;

    // Snapshot round trips of a mid-game state.
    let mut g = RollPlayer::new(&rules, 4, 5).expect("new");
    let mut rng = Rng::new(5);
    let mut ev = Events::disabled();
    for _ in 0..150 {
        let Some(p) = g.actor() else { break };
        buf.clear();
        g.legal_actions(&rules, p, &mut buf);
        let a = bot.act(&rules, &g, p, &buf, &mut rng);
        g.apply(&rules, p, a, &mut ev).expect("legal");
    }
    let bytes = snapshot::encode(&g);
    let n = 200_000;
    let t = Instant::now();
    for _ in 0..n {
        let b = snapshot::encode(&g);
        let back: RollPlayer = snapshot::decode("roll-player", &b).expect("decode");
        std::hint::black_box(back);
    }
    let trips = n as f64 / t.elapsed().as_secs_f64();
    let rnd = simulate::<RollPlayer>(&rules, &cfg(4, 20_000, &["random"], 3)).expect("sim");

    let out = serde_json::json!({
        "game": "roll-player",
        "matches": heur.matches, "finished": heur.finished, "players": 4, "bots": "heuristic x4",
        "mean_win_share": mean,
        "classes": classes,
        "heuristic_decisions_per_second": heur.decisions as f64 / heur.seconds,
        "heuristic_vs_random": {"matches": vs.finished, "heuristic_win_share": vs_share, "fair_share": 0.25},
        "solo": {"games": solo_n, "mean_stars": solo_mean, "ladder": ladder,
                 "ladder_thresholds": "True Hero 38+, Clan Leader 34-37, Luminary 30-33, Adventurer 26-29, Mercenary 22-25, NPC <=21"},
        "speed": {"snapshot_bytes_mid_game": bytes.len(), "snapshot_round_trips_per_second": trips,
                  "random_decisions_per_second": rnd.decisions as f64 / rnd.seconds, "workers": workers},
    });
    let text = serde_json::to_string_pretty(&out).expect("json");
    println!("{text}");
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../benches/results/roll_player_balance.json");
    std::fs::write(path, text + "\n").expect("write results");
}
