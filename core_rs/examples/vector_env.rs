//! VectorEnv throughput without Python: `matches` matches of iron-throne (4p) and roll-player (4p) in self-play,
//! random legal actions drawn in Rust from the masks, on 1 and `workers` threads; prints steps/s.
//!
//! Then, per game, where one step's time goes: the observation, the legal actions, the mask and the apply,
//! each timed alone over the same random mid-game states.
//!
//! Usage: cargo run --release [--features mimalloc] --example vector_env [matches] [workers] [seconds] [game]

use std::path::Path;
use std::time::Instant;

use ravenry_core::bots::{Bot, RandomBot};
use ravenry_core::engine::observe::{observation_with, FactsOf};
use ravenry_core::engine::{ActionSpace, Encode, Events, Game};
use ravenry_core::erased::{DynRuleset, RulesetOf};
use ravenry_core::games::iron_throne::{content as it_content, IronThrone};
use ravenry_core::games::roll_player::RollPlayer;
use ravenry_core::rng::Rng;
use ravenry_core::vector::{Actions, StepOut, VecConfig};

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

#[repr(C)]
struct Timespec {
    sec: i64,
    nsec: i64,
}

extern "C" {
    fn clock_gettime(clock: i32, ts: *mut Timespec) -> i32;
}

/// CPU seconds used so far by the whole process (`CLOCK_PROCESS_CPUTIME_ID`) or this thread
/// (`CLOCK_THREAD_CPUTIME_ID`): on a shared machine, throughput per CPU-second is what a quiet machine would show.
fn cpu_seconds(clock: i32) -> f64 {
    let mut ts = Timespec { sec: 0, nsec: 0 };
    // SAFETY: a plain libc call writing into the struct given.
    if unsafe { clock_gettime(clock, &mut ts) } != 0 {
        return 0.0;
    }
    ts.sec as f64 + ts.nsec as f64 * 1e-9
}
const PROCESS: i32 = 2;
const THREAD: i32 = 3;

fn measure(name: &str, rules: &dyn DynRuleset, players: u8, matches: usize, workers: usize, seconds: f64) {
    let cfg = VecConfig {
        matches,
        players,
        seed: 1,
        opponents: Vec::new(),
        workers,
        score_rewards: false,
        max_decisions: 100_000,
        actions: Actions::Dense,
    };
    let mut env = rules.vector_env(cfg).expect("vector env");
    let (o, a) = (env.observation_size(), env.action_size());
    let (mut obs, mut mask) = (vec![0f32; matches * o], vec![0u8; matches * a]);
    let (mut seat, mut rewards, mut done) =
        (vec![0i64; matches], vec![0f32; matches * usize::from(players)], vec![0u8; matches]);
    env.reset(StepOut { obs: &mut obs, mask: &mut mask, seat: &mut seat, rewards: &mut rewards, done: &mut done });
    let mut rng = Rng::new(7);
    let mut actions = vec![0i64; matches];
    let (mut steps, mut in_step, mut cpu_in_step) = (0u64, 0f64, 0f64);
    let start = Instant::now();
    while start.elapsed().as_secs_f64() < seconds {
        for (i, act) in actions.iter_mut().enumerate() {
            let row = &mask[i * a..(i + 1) * a];
            let legal: Vec<usize> = row.iter().enumerate().filter(|(_, m)| **m == 1).map(|(j, _)| j).collect();
            *act = rng.choose(&legal).copied().unwrap_or(0) as i64;
        }
        let (t, c) = (Instant::now(), cpu_seconds(PROCESS));
        env.step(
            &actions,
            StepOut { obs: &mut obs, mask: &mut mask, seat: &mut seat, rewards: &mut rewards, done: &mut done },
        )
        .expect("legal actions");
        in_step += t.elapsed().as_secs_f64();
        cpu_in_step += cpu_seconds(PROCESS) - c;
        steps += matches as u64;
    }
    println!(
        "{name} {players}p, {workers} worker(s): {:.0} steps/s inside step ({:.0} per CPU-second)",
        steps as f64 / in_step,
        steps as f64 / cpu_in_step
    );
}

/// Time each part of a step alone over `states` random mid-game states of `G` (ns per state).
fn breakdown<G: Encode>(name: &str, rules: &G::Ruleset, players: u8, states: usize) {
    let mut rng = Rng::new(3);
    let mut pool: Vec<(G, u8)> = Vec::with_capacity(states);
    let mut legal = Vec::new();
    let mut ev = Events::disabled();
    let mut seed = 0;
    while pool.len() < states {
        let mut g = G::new(rules, players, seed).expect("setup");
        seed += 1;
        while let Some(p) = g.to_act().iter().next() {
            legal.clear();
            g.legal_actions(rules, p, &mut legal);
            if rng.below(4) == 0 && pool.len() < states {
                pool.push((g.clone(), p));
            }
            let a = <RandomBot as Bot<G>>::act(&mut RandomBot, rules, &g, p, &legal, &mut rng);
            g.apply(rules, p, a, &mut ev).expect("legal");
        }
    }
    let space = ActionSpace::of::<G>(rules, players);
    let mut obs = vec![0f32; G::observation_size(rules, players)];
    let mut mask = vec![0u8; space.size()];
    let mut facts = FactsOf::<G>::default();
    let time = |f: &mut dyn FnMut()| {
        let t = cpu_seconds(THREAD);
        f();
        (cpu_seconds(THREAD) - t) * 1e9 / states as f64
    };
    let o = time(&mut || {
        pool.iter().for_each(|(g, p)| {
            observation_with(rules, players, g, *p, &mut facts, &mut obs);
        })
    });
    let f = time(&mut || pool.iter().for_each(|(g, p)| G::facts(rules, g, *p, &mut facts)));
    let l = time(&mut || {
        pool.iter().for_each(|(g, p)| {
            legal.clear();
            g.legal_actions(rules, *p, &mut legal)
        })
    });
    let mut total_legal = 0;
    let m = time(&mut || {
        pool.iter().for_each(|(g, p)| {
            legal.clear();
            g.legal_actions(rules, *p, &mut legal);
            mask.fill(0);
            space.fill_mask(&legal, &mut mask);
            total_legal += legal.len();
        })
    });
    let c = time(&mut || pool.iter().for_each(|(g, _)| drop(std::hint::black_box(g.clone()))));
    let a = time(&mut || {
        pool.iter().for_each(|(g, p)| {
            let mut h = g.clone();
            legal.clear();
            h.legal_actions(rules, *p, &mut legal);
            let _ = h.apply(rules, *p, legal[0], &mut ev);
        })
    });
    println!(
        "{name} {players}p per state (CPU ns): observation {o:.0} ns (facts {f:.0}), legal {l:.0}, legal+mask {m:.0} \
         ({:.1} legal, {} actions, {} floats), clone {c:.0}, clone+legal+apply {a:.0}",
        total_legal as f64 / states as f64,
        space.size(),
        obs.len()
    );
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
    let only = args.get(4).cloned().unwrap_or_default();
    for w in [1, workers] {
        if only.is_empty() || only == "iron-throne" {
            measure("iron-throne", &iron, 4, matches, w, seconds);
        }
        if only.is_empty() || only == "roll-player" {
            measure("roll-player", &roll, 4, matches, w, seconds);
        }
    }
    let it = IronThrone::ruleset(&it, r#"{"houses": []}"#).expect("iron-throne rules");
    breakdown::<IronThrone>("iron-throne", &it, 4, 20_000);
    let rp = RollPlayer::ruleset(&roll_player_content(), "{}").expect("roll-player rules");
    breakdown::<RollPlayer>("roll-player", &rp, 4, 20_000);
}
