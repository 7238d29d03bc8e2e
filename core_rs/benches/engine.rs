//! Criterion benches of the engine's hot paths: a random playout, a mid-game clone and a snapshot round trip.
//! `cargo bench -p ravenry-core`; the cross-game, cross-peer table is `ravenry bench` and benches/throughput.py.

use criterion::{criterion_group, criterion_main, Criterion};
use ravenry_core::bots::{Bot, RandomBot};
use ravenry_core::engine::{snapshot, Events, Game};
use ravenry_core::games::fixture::Fixture;
use ravenry_core::rng::Rng;

const CONTENT: &str = r#"{"deck": [1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16], "hand_size": 3}"#;

fn playout(c: &mut Criterion) {
    let rules = Fixture::ruleset(CONTENT, "{}").expect("fixture content");
    let mut seed = 0u64;
    let mut buf = Vec::new();
    c.bench_function("fixture/4p random playout", |b| {
        b.iter(|| {
            seed += 1;
            let mut g = Fixture::new(&rules, 4, seed).expect("setup");
            let mut rng = Rng::new(seed);
            let mut ev = Events::disabled();
            while !g.to_act().is_empty() {
                for p in g.to_act().iter() {
                    buf.clear();
                    g.legal_actions(&rules, p, &mut buf);
                    let a = <RandomBot as Bot<Fixture>>::act(&mut RandomBot, &rules, &g, p, &buf, &mut rng);
                    let _ = g.apply(&rules, p, a, &mut ev);
                }
            }
            g.decisions()
        })
    });
    let mid = Fixture::new(&rules, 4, 7).expect("setup");
    c.bench_function("fixture/4p clone", |b| b.iter(|| mid.clone()));
    c.bench_function("fixture/4p snapshot round trip", |b| {
        b.iter(|| snapshot::decode::<Fixture>("fixture", &snapshot::encode(&mid)).map(|g| g.decisions()))
    });
}

criterion_group!(benches, playout);
criterion_main!(benches);
