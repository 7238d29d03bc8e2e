//! Criterion benches of what search copies: each game's state clone and its whole match clone (state, shared
//! history and event log), at the first decision and after 200 random decisions; and ISMCTS iterations at the
//! first decision. `cargo bench -p ravenry-core --bench clone`.

use std::path::Path;

use criterion::{criterion_group, criterion_main, Criterion};
use ravenry_core::bots::{Bot, Ismcts, IsmctsParams};
use ravenry_core::engine::{Events, Game};
use ravenry_core::erased::{DynMatch, DynRuleset, Hosted, RulesetOf};
use ravenry_core::games::{agot_board, agot_ccg, fixture, iron_throne, roll_player};
use ravenry_core::rng::Rng;

fn root() -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

fn read(rel: &str) -> String {
    std::fs::read_to_string(root().join(rel)).expect("plugin data file")
}

fn ccg_content() -> String {
    let c: serde_json::Value =
        serde_json::from_str(&read("plugins/agot_ccg/ravenry_agot_ccg/data/cards.json")).unwrap();
    let d: serde_json::Value =
        serde_json::from_str(&read("plugins/agot_ccg/ravenry_agot_ccg/data/decks.json")).unwrap();
    serde_json::json!({"cards": c["cards"], "decks": d["decks"]}).to_string()
}

fn roll_content() -> String {
    let f = |n: &str| read(&format!("plugins/roll_player/ravenry_roll_player/data/{n}.json"));
    format!(
        r#"{{"races": {}, "classes": {}, "backstories": {}, "alignments": {}, "market": {}}}"#,
        f("races"),
        f("classes"),
        f("backstories"),
        f("alignments"),
        f("market")
    )
}

/// A state of `G` after `steps` random decisions (or the end, if sooner).
fn after<G: Game>(rules: &G::Ruleset, players: u8, steps: u32) -> G {
    let mut g = G::new(rules, players, 7).expect("setup");
    let mut rng = Rng::new(3);
    let mut ev = Events::disabled();
    let mut buf = Vec::new();
    for _ in 0..steps {
        let Some(p) = g.to_act().iter().next() else { break };
        buf.clear();
        g.legal_actions(rules, p, &mut buf);
        let a = buf[rng.index(buf.len())];
        g.apply(rules, p, a, &mut ev).expect("legal");
    }
    g
}

fn dyn_after(rs: &dyn DynRuleset, players: u8, steps: u32) -> Box<dyn DynMatch> {
    let mut m = rs.new_match(players, 7).expect("setup");
    let mut rng = Rng::new(3);
    let mut buf = Vec::new();
    for _ in 0..steps {
        let Some(p) = m.to_act().iter().next() else { break };
        buf.clear();
        m.legal_actions(p, &mut buf);
        let a = buf[rng.index(buf.len())];
        m.apply(p, a).expect("legal");
    }
    m
}

fn game<G: Hosted>(c: &mut Criterion, content: &str, options: &str, players: u8) {
    let rs = RulesetOf::<G>::parse(content, options).expect("content");
    let rules: &G::Ruleset = rs.rules();
    for steps in [0, 200] {
        let s: G = after(rules, players, steps);
        c.bench_function(&format!("{}/{players}p state clone @{steps}", G::ID), |b| b.iter(|| s.clone()));
        let m = dyn_after(&rs, players, steps);
        c.bench_function(&format!("{}/{players}p match clone @{steps}", G::ID), |b| b.iter(|| m.clone_box()));
    }
    let s: G = after(rules, players, 0);
    let p = s.to_act().iter().next().unwrap_or(0);
    let mut legal = Vec::new();
    s.legal_actions(rules, p, &mut legal);
    let params = IsmctsParams::parse("", "ismcts:iterations=100,rollout=random", false).expect("params");
    let mut bot = Ismcts::new(params).expect("bot");
    let mut rng = Rng::new(1);
    c.bench_function(&format!("{}/{players}p ismcts 100 iterations (random rollouts)", G::ID), |b| {
        b.iter(|| bot.act(rules, &s, p, &legal, &mut rng))
    });
}

fn all(c: &mut Criterion) {
    let fixture = r#"{"deck": [1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16], "hand_size": 3}"#;
    game::<fixture::Fixture>(c, fixture, "{}", 4);
    let it = iron_throne::content::load_dir(&root().join("plugins/iron_throne/ravenry_iron_throne/data")).unwrap();
    game::<iron_throne::IronThrone>(c, &it, r#"{"houses": []}"#, 4);
    let ab = agot_board::content::load_dir(&root().join("plugins/agot_board/ravenry_agot_board/data"), None).unwrap();
    game::<agot_board::AgotBoard>(c, &ab, "{}", 3);
    game::<agot_ccg::AgotCcg>(c, &ccg_content(), r#"{"decks": [], "round_limit": 0}"#, 2);
    game::<roll_player::RollPlayer>(c, &roll_content(), "{}", 2);
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(20).warm_up_time(std::time::Duration::from_millis(300)).measurement_time(std::time::Duration::from_secs(1));
    targets = all
}
criterion_main!(benches);
