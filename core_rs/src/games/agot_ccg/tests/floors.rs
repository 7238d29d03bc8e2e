//! The folder's floors: cards ← state ← effects ← rules ← bots and faces (describe, view, observe, factored, hidden,
//! tally).
//!
//! A file may import from its own floor or a lower one, never from a higher one, so the data model can be read
//! (and changed) without the rules, and the rules without the heuristic. This test reads every `.rs` file of
//! the folder, resolves each path that starts with `super::`, `self::` or `crate::games::agot_ccg::` (in `use`
//! lines and inline) to the folder's file it names, and fails with the file and the line when the target's
//! floor is higher than the file's own.

use std::fs;
use std::path::{Path, PathBuf};

const CARDS: u8 = 0;
const STATE: u8 = 1;
const EFFECTS: u8 = 2;
const RULES: u8 = 3;
const TOP: u8 = 4;

fn floor_name(f: u8) -> &'static str {
    ["cards", "state", "effects", "rules", "bots and faces"][usize::from(f)]
}

/// The floor of a module path inside the folder (its segments after `agot_ccg`), or `None` when the first
/// segment names no module this test knows (a new top-level module must be given a floor here).
fn floor_of(segments: &[&str]) -> Option<u8> {
    match segments {
        [] => Some(TOP),
        // The `impl Game` in `rules/mod.rs` forwards to the heuristic, the view and the observation: it is the
        // folder's face, above the rules proper (which live in `rules/`'s other files).
        ["rules"] => Some(TOP),
        [first, ..] => match *first {
            "cards" => Some(CARDS),
            "state" => Some(STATE),
            "effects" => Some(EFFECTS),
            "rules" => Some(RULES),
            "bots" | "describe" | "view" | "observe" | "factored" | "hidden" | "tally" | "tests" => Some(TOP),
            _ => None,
        },
    }
}

/// The module path of a file relative to the folder: `rules/flow.rs` → `["rules", "flow"]`, `rules/mod.rs` →
/// `["rules"]`, `mod.rs` → `[]`.
fn module_of(rel: &Path) -> Vec<String> {
    let mut parts: Vec<String> = rel.iter().map(|p| p.to_string_lossy().into_owned()).collect();
    if let Some(last) = parts.pop() {
        let stem = last.trim_end_matches(".rs");
        if stem != "mod" {
            parts.push(stem.to_string());
        }
    }
    parts
}

fn files(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<PathBuf> =
        fs::read_dir(dir).expect("read the folder").map(|e| e.expect("entry").path()).collect();
    entries.sort();
    for p in entries {
        if p.is_dir() {
            files(&p, out);
        } else if p.extension().is_some_and(|e| e == "rs") {
            out.push(p);
        }
    }
}

/// Expands a `use` tree (`a::{b, c::{d}}`) into its paths, each as segments.
fn expand(tree: &str) -> Vec<Vec<String>> {
    let tree = tree.trim();
    let Some(open) = tree.find('{') else {
        return vec![tree.split("::").map(|s| s.trim().to_string()).filter(|s| !s.is_empty()).collect()];
    };
    let prefix: Vec<String> =
        tree[..open].split("::").map(|s| s.trim().to_string()).filter(|s| !s.is_empty()).collect();
    let inner = &tree[open + 1..tree.rfind('}').unwrap_or(tree.len())];
    let mut parts = Vec::new();
    let (mut depth, mut start) = (0, 0);
    for (i, ch) in inner.char_indices() {
        match ch {
            '{' => depth += 1,
            '}' => depth -= 1,
            ',' if depth == 0 => {
                parts.push(&inner[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    parts.push(&inner[start..]);
    let mut out = Vec::new();
    for part in parts.into_iter().filter(|p| !p.trim().is_empty()) {
        for tail in expand(part) {
            let mut path = prefix.clone();
            path.extend(tail);
            out.push(path);
        }
    }
    out
}

/// Resolves a path written in the file whose module is `here` to segments inside the folder, or `None` when it
/// leaves the folder (`crate::engine`, `std`, a local name).
fn resolve(here: &[String], path: &[String]) -> Option<Vec<String>> {
    let mut base: Vec<String> = here.to_vec();
    // `super` in `a/b.rs` (module a::b) is `a`; in `a/mod.rs` (module a) it is the folder root.
    let mut rest = path;
    match rest.first().map(String::as_str) {
        Some("crate") => {
            let tail = rest.get(1..3)?;
            if tail != ["games", "agot_ccg"] {
                return None;
            }
            base.clear();
            rest = &rest[3..];
        }
        Some("self") => rest = &rest[1..],
        Some("super") => {}
        _ => return None,
    }
    while rest.first().map(String::as_str) == Some("super") {
        base.pop()?;
        rest = &rest[1..];
    }
    base.extend(rest.iter().filter(|s| s.as_str() != "self").cloned());
    Some(base)
}

/// The longest prefix of `path` that names a module of the folder (a file), so an item imported from a
/// module is charged to that module's floor.
fn module_prefix<'a>(path: &'a [String], modules: &[Vec<String>]) -> &'a [String] {
    (0..=path.len()).rev().map(|n| &path[..n]).find(|p| modules.iter().any(|m| m.as_slice() == *p)).unwrap_or(&[])
}

/// Drops `//` comments (doc comments included) so prose naming a path is not an import.
fn code_of(text: &str) -> String {
    text.lines().map(|l| l.split("//").next().unwrap_or("")).collect::<Vec<_>>().join("\n")
}

#[test]
fn every_file_imports_only_from_its_floor_or_lower() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/games/agot_ccg");
    let mut all = Vec::new();
    files(&root, &mut all);
    assert!(all.len() > 10, "the folder was not found at {}", root.display());
    let modules: Vec<Vec<String>> = all.iter().map(|p| module_of(p.strip_prefix(&root).expect("inside"))).collect();
    let mut problems = Vec::new();
    for (file, here) in all.iter().zip(&modules) {
        let rel = file.strip_prefix(&root).expect("inside").display().to_string();
        let segs: Vec<&str> = here.iter().map(String::as_str).collect();
        let Some(own) = floor_of(&segs) else {
            problems.push(format!("{rel}: module `{}` has no floor (give it one in tests/floors.rs)", here.join("::")));
            continue;
        };
        let text = fs::read_to_string(file).expect("read a source file");
        let code = code_of(&text);
        let mut found: Vec<(String, Vec<String>)> = Vec::new();
        // `use` statements, which may span lines and group paths in braces.
        let mut offset = 0;
        for raw in code.split_inclusive('\n') {
            let start = offset;
            offset += raw.len();
            let line = raw.trim_start();
            let Some(rest) =
                ["use ", "pub use ", "pub(crate) use ", "pub(super) use "].iter().find_map(|k| line.strip_prefix(k))
            else {
                continue;
            };
            let from = start + (raw.len() - line.len()) + (line.len() - rest.len());
            let Some(end) = code[from..].find(';') else { continue };
            let stmt = &code[from..from + end];
            let shown = stmt.split_whitespace().collect::<Vec<_>>().join(" ");
            for p in expand(stmt) {
                found.push((format!("use {shown};"), p));
            }
        }
        // Inline paths (`super::rules::triggered::Lasting` in a type or an expression).
        for raw in code.lines() {
            let line = raw.trim();
            if line.starts_with("use ") || line.starts_with("pub use ") || line.starts_with("pub(crate) use ") {
                continue;
            }
            for key in ["super::", "crate::games::agot_ccg::", "self::"] {
                let mut from = 0;
                while let Some(i) = line[from..].find(key) {
                    let s = from + i;
                    from = s + key.len();
                    let prev = line[..s].chars().next_back();
                    if prev.is_some_and(|c| c.is_alphanumeric() || c == '_' || c == ':') {
                        continue;
                    }
                    let tail: String =
                        line[s..].chars().take_while(|c| c.is_alphanumeric() || *c == '_' || *c == ':').collect();
                    let p: Vec<String> = tail.split("::").filter(|s| !s.is_empty()).map(str::to_string).collect();
                    found.push((line.to_string(), p));
                }
            }
        }
        for (line, path) in found {
            let Some(abs) = resolve(here, &path) else { continue };
            let target = module_prefix(&abs, &modules);
            let tsegs: Vec<&str> = target.iter().map(String::as_str).collect();
            let Some(theirs) = floor_of(&tsegs) else { continue };
            if theirs > own {
                problems.push(format!(
                    "{rel} ({}) imports {} ({}): {line}",
                    floor_name(own),
                    if target.is_empty() { "the folder root".to_string() } else { target.join("::") },
                    floor_name(theirs)
                ));
            }
        }
    }
    problems.sort();
    problems.dedup();
    assert!(problems.is_empty(), "{} imports against the floors:\n{}", problems.len(), problems.join("\n"));
}
