//! The layer rule of `core_rs/src`, read from the source's `crate::` paths (docs/architecture.md "Rust layout").
//!
//! - `engine/` is the ground floor: no file in it names a module above it (`bots`, `runner`, `vector`, `games`,
//!   `erased`, the old `engine::dynamic`, or any `py_*`).
//! - The top-level modules (`engine`, `bots`, `runner`, `vector`, `erased`, `testing`, `rng`, `durable`, each
//!   `py_*` file, `games/mod.rs` and each game folder) import each other without a cycle; a cycle fails with its
//!   path. Edges inside one node are not looked at: a game folder's files may still use each other in circles.
//!   Test code is left out of this one (inline `#[cfg(test)] mod` blocks, `tests.rs`, `tests/` folders): a
//!   generic layer's tests play a real game, as a dev-dependency may, and no shipped code follows that arrow.
//! - The files of `engine/` import each other without a cycle either (`super::x` and `crate::engine::x` paths;
//!   `mod.rs` is the folder's front door and is left out).
//!
//! Only paths are read, so a re-export does not hide an arrow: `use crate::engine::Foo` is an arrow into
//! `engine` whatever `Foo` is.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

/// Modules the engine must never name.
const ABOVE_ENGINE: &[&str] = &["bots", "runner", "vector", "games", "erased", "dynamic", "py_"];

struct Source {
    /// Path under `src`, with `/` separators (`engine/game.rs`).
    rel: String,
    /// The text with `//` comments removed.
    code: String,
}

impl Source {
    /// Whether the whole file is test code: a `tests.rs` or a file under a `tests/` folder.
    fn is_test(&self) -> bool {
        self.rel.split('/').any(|part| part == "tests" || part == "tests.rs")
    }

    /// The code without its inline `#[cfg(test)] mod … { … }` blocks.
    fn shipped(&self) -> String {
        let mut out = String::new();
        let mut rest = self.code.as_str();
        while let Some(at) = rest.find("#[cfg(test)]") {
            out.push_str(&rest[..at]);
            let after = &rest[at + "#[cfg(test)]".len()..];
            let item = after.trim_start();
            let block = item.strip_prefix("mod ").and_then(|m| {
                let open = m.find(['{', ';'])?;
                (m.as_bytes()[open] == b'{').then(|| &m[open..])
            });
            let Some(block) = block else {
                rest = after;
                continue;
            };
            let mut depth = 0usize;
            let mut end = block.len();
            for (i, c) in block.char_indices() {
                match c {
                    '{' => depth += 1,
                    '}' => {
                        depth -= 1;
                        if depth == 0 {
                            end = i + 1;
                            break;
                        }
                    }
                    _ => {}
                }
            }
            rest = &block[end..];
        }
        out.push_str(rest);
        out
    }
}

fn sources() -> Vec<Source> {
    fn walk(dir: &Path, root: &Path, out: &mut Vec<Source>) {
        let mut entries: Vec<PathBuf> =
            fs::read_dir(dir).expect("src is readable").map(|e| e.expect("a directory entry").path()).collect();
        entries.sort();
        for path in entries {
            if path.is_dir() {
                walk(&path, root, out);
            } else if path.extension().is_some_and(|e| e == "rs") {
                let text = fs::read_to_string(&path).expect("a source file is UTF-8");
                let code = text.lines().map(|l| l.split("//").next().unwrap_or("")).collect::<Vec<_>>().join("\n");
                let rel = path.strip_prefix(root).expect("under src").to_string_lossy().replace('\\', "/");
                out.push(Source { rel, code });
            }
        }
    }
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut out = Vec::new();
    walk(&root, &root, &mut out);
    assert!(out.len() > 50, "the walk found only {} files under {}", out.len(), root.display());
    out
}

/// Every path that follows `prefix` in `code`, as its `::`-separated identifiers (`crate::engine::game::Game`
/// gives `["engine", "game", "Game"]`). A brace group ends the path: `crate::engine::{A, B}` gives `["engine"]`.
fn paths_after(code: &str, prefix: &str) -> Vec<Vec<String>> {
    let mut out = Vec::new();
    for (at, _) in code.match_indices(prefix) {
        let before = code[..at].chars().next_back();
        if before.is_some_and(|c| c.is_alphanumeric() || c == '_') {
            continue;
        }
        let mut parts = Vec::new();
        let mut rest = &code[at + prefix.len()..];
        loop {
            let end = rest.find(|c: char| !(c.is_alphanumeric() || c == '_')).unwrap_or(rest.len());
            if end == 0 {
                break;
            }
            parts.push(rest[..end].to_owned());
            match rest[end..].strip_prefix("::") {
                Some(more) => rest = more,
                None => break,
            }
        }
        if !parts.is_empty() {
            out.push(parts);
        }
    }
    out
}

/// The identifiers a `super::` path names, including each head of a `super::{a, b::c}` group: the sibling
/// files it may reach.
fn super_names(code: &str) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    for (at, _) in code.match_indices("super::") {
        let rest = &code[at + "super::".len()..];
        if let Some(group) = rest.strip_prefix('{') {
            let group = &group[..group.find('}').unwrap_or(group.len())];
            for item in group.split(',') {
                let head = item.trim().split("::").next().unwrap_or("").trim();
                out.insert(head.to_owned());
            }
        } else {
            let end = rest.find(|c: char| !(c.is_alphanumeric() || c == '_')).unwrap_or(rest.len());
            out.insert(rest[..end].to_owned());
        }
    }
    out
}

/// The top-level node a file belongs to: its folder or file stem, and each game folder on its own.
fn node_of_file(rel: &str) -> Option<String> {
    let parts: Vec<&str> = rel.split('/').collect();
    match parts.as_slice() {
        ["lib.rs"] => None,
        [file] => Some(file.trim_end_matches(".rs").to_owned()),
        ["games", "mod.rs"] => Some("games".to_owned()),
        ["games", game, ..] => Some(format!("games/{}", game.trim_end_matches(".rs"))),
        [folder, ..] => Some((*folder).to_owned()),
        [] => None,
    }
}

/// The top-level node a `crate::` path points into.
fn node_of_path(path: &[String], game_folders: &BTreeSet<String>) -> String {
    match path {
        [games, game, ..] if games == "games" && game_folders.contains(game) => format!("games/{game}"),
        [first, ..] => first.clone(),
        [] => String::new(),
    }
}

type Graph = BTreeMap<String, BTreeMap<String, String>>;

/// The first cycle found in `graph`, as its path of nodes (first node repeated at the end), each edge with the
/// file that makes it.
fn find_cycle(graph: &Graph) -> Option<Vec<(String, String)>> {
    fn visit(
        node: &str,
        graph: &Graph,
        done: &mut BTreeSet<String>,
        stack: &mut Vec<(String, String)>,
    ) -> Option<Vec<(String, String)>> {
        if let Some(at) = stack.iter().position(|(n, _)| n == node) {
            let mut cycle = stack[at..].to_vec();
            cycle.push((node.to_owned(), String::new()));
            return Some(cycle);
        }
        if done.contains(node) {
            return None;
        }
        for (next, file) in graph.get(node).into_iter().flatten() {
            stack.push((node.to_owned(), file.clone()));
            if let Some(c) = visit(next, graph, done, stack) {
                return Some(c);
            }
            stack.pop();
        }
        done.insert(node.to_owned());
        None
    }
    let mut done = BTreeSet::new();
    for node in graph.keys() {
        if let Some(c) = visit(node, graph, &mut done, &mut Vec::new()) {
            return Some(c);
        }
    }
    None
}

fn show(cycle: &[(String, String)]) -> String {
    cycle
        .iter()
        .map(|(n, file)| if file.is_empty() { n.clone() } else { format!("{n} ({file}) ->") })
        .collect::<Vec<_>>()
        .join(" ")
}

/// Every edge of `graph` that lies on some cycle, as `from -> to`.
fn edges_on_cycles(graph: &Graph) -> BTreeSet<String> {
    let reaches = |from: &str, to: &str| {
        let mut seen = BTreeSet::new();
        let mut todo = vec![from.to_owned()];
        while let Some(n) = todo.pop() {
            if n == to {
                return true;
            }
            if seen.insert(n.clone()) {
                todo.extend(graph.get(&n).into_iter().flatten().map(|(m, _)| m.clone()));
            }
        }
        false
    };
    let mut out = BTreeSet::new();
    for (from, tos) in graph {
        for to in tos.keys() {
            if reaches(to, from) {
                out.insert(format!("{from} -> {to}"));
            }
        }
    }
    out
}

fn module_graph(sources: &[Source]) -> Graph {
    let game_folders: BTreeSet<String> = sources
        .iter()
        .filter_map(|s| s.rel.strip_prefix("games/")?.split_once('/').map(|(g, _)| g.to_owned()))
        .collect();
    let mut graph = Graph::new();
    for s in sources.iter().filter(|s| !s.is_test()) {
        let Some(from) = node_of_file(&s.rel) else { continue };
        let edges = graph.entry(from.clone()).or_default();
        for path in paths_after(&s.shipped(), "crate::") {
            let to = node_of_path(&path, &game_folders);
            if to != from && !to.is_empty() {
                edges.entry(to).or_insert_with(|| s.rel.clone());
            }
        }
    }
    graph
}

fn engine_file_graph(sources: &[Source]) -> Graph {
    let stems: BTreeSet<String> = sources
        .iter()
        .filter_map(|s| s.rel.strip_prefix("engine/")?.strip_suffix(".rs").map(str::to_owned))
        .filter(|s| s != "mod" && !s.contains('/'))
        .collect();
    let mut graph = Graph::new();
    for s in sources {
        let Some(from) = s.rel.strip_prefix("engine/").and_then(|r| r.strip_suffix(".rs")) else { continue };
        if !stems.contains(from) {
            continue;
        }
        let mut names = super_names(&s.code);
        for path in paths_after(&s.code, "crate::") {
            if let [engine, file, ..] = path.as_slice() {
                if engine == "engine" {
                    names.insert(file.clone());
                }
            }
        }
        let edges = graph.entry(from.to_owned()).or_default();
        for name in names.into_iter().filter(|n| stems.contains(n) && n != from) {
            edges.entry(name).or_insert_with(|| s.rel.clone());
        }
    }
    graph
}

/// Breaks of the rule that the tree still has, each to be removed from its list by the change that mends it; the
/// checks fail on any break not listed, and on a listed one that is gone, so the lists only shrink.
const KNOWN_ABOVE_ENGINE: &[&str] = &[];
const KNOWN_MODULE_CYCLE_EDGES: &[&str] = &[];
const KNOWN_ENGINE_CYCLE_EDGES: &[&str] = &[];

fn ratchet(found: &BTreeSet<String>, known: &[&str], what: &str, detail: &str) {
    let known: BTreeSet<String> = known.iter().map(|k| (*k).to_owned()).collect();
    let new: Vec<&String> = found.difference(&known).collect();
    let gone: Vec<&String> = known.difference(found).collect();
    assert!(new.is_empty(), "{what}:\n{}\n{detail}", new.iter().map(|s| s.as_str()).collect::<Vec<_>>().join("\n"));
    assert!(gone.is_empty(), "mended, so take these off the known list: {gone:?}");
}

#[test]
fn engine_names_nothing_above_it() {
    let mut wrong = BTreeSet::new();
    for s in sources().iter().filter(|s| s.rel.starts_with("engine/")) {
        for path in paths_after(&s.code, "crate::") {
            let above = |p: &String| ABOVE_ENGINE.iter().any(|a| p == a || (a.ends_with('_') && p.starts_with(a)));
            if path.iter().any(above) {
                wrong.insert(format!("{} names crate::{}", s.rel, path.join("::")));
            }
        }
        for name in super_names(&s.code) {
            if ABOVE_ENGINE.contains(&name.as_str()) {
                wrong.insert(format!("{} names super::{name}", s.rel));
            }
        }
    }
    ratchet(&wrong, KNOWN_ABOVE_ENGINE, "the engine is the ground floor, but", "");
}

#[test]
fn top_level_modules_import_without_a_cycle() {
    let graph = module_graph(&sources());
    assert!(graph.contains_key("engine") && graph.contains_key("games/hearts"), "nodes: {:?}", graph.keys());
    let detail = find_cycle(&graph).map(|c| format!("for example: {}", show(&c))).unwrap_or_default();
    ratchet(&edges_on_cycles(&graph), KNOWN_MODULE_CYCLE_EDGES, "import cycles between top-level modules", &detail);
}

#[test]
fn engine_files_import_without_a_cycle() {
    let graph = engine_file_graph(&sources());
    assert!(graph.contains_key("game"), "the engine's files were not found: {:?}", graph.keys());
    let detail = find_cycle(&graph).map(|c| format!("for example: {}", show(&c))).unwrap_or_default();
    ratchet(&edges_on_cycles(&graph), KNOWN_ENGINE_CYCLE_EDGES, "import cycles inside engine/", &detail);
}

#[test]
fn the_reader_sees_paths_and_cycles() {
    let test =
        Source { rel: "x.rs".into(), code: "use a;\n#[cfg(test)]\nmod tests {\n fn f() { if x {} }\n}\nuse b;".into() };
    assert_eq!(test.shipped(), "use a;\n\nuse b;");
    let code =
        "use crate::engine::{Game, Player};\nlet b = crate::bots::make::<G>(s);\nuse super::{observe, game::Game};";
    assert_eq!(paths_after(code, "crate::"), vec![vec!["engine".to_owned()], vec!["bots".into(), "make".into()]]);
    assert_eq!(super_names(code), ["game", "observe"].map(str::to_owned).into_iter().collect());
    let mut graph = Graph::new();
    graph.entry("a".into()).or_default().insert("b".into(), "a.rs".into());
    graph.entry("b".into()).or_default().insert("c".into(), "b.rs".into());
    assert_eq!(find_cycle(&graph), None);
    graph.entry("c".into()).or_default().insert("a".into(), "c/x.rs".into());
    assert_eq!(show(&find_cycle(&graph).expect("a -> b -> c -> a")), "a (a.rs) -> b (b.rs) -> c (c/x.rs) -> a");
    assert_eq!(edges_on_cycles(&graph).len(), 3);
}
