//! The modules of `api/src` import one way: no cycle between modules of a crate, and no
//! module imports one of a higher layer. Layers, top to bottom:
//!
//! `commands` → `server` → `routes`, `openapi`, `web` → `services`, `auth`, `http`, `router` → `store` →
//! `schema`, `db`, `access`, `config`, `metrics`, `postgres` → `error`.
//!
//! The graph is read from the sources: every `crate::…` and `super::…` path (in `use`
//! declarations, brace groups expanded, and inline), each resolved to the longest module
//! path it names, one module per file. A module and its ancestors are one unit (a parent
//! declares its children and may use them by relative paths, which are not read), so an
//! import of an ancestor is not an edge. Comment lines are skipped, intra-doc links with
//! them. `cargo test -p arbitre-api --test modules -- --nocapture` prints the listing.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::Path;

/// The layer of a module of the library, by its first path segment: higher imports lower.
fn layer(top: &str) -> usize {
    match top {
        "error" => 0,
        "schema" | "db" | "access" | "config" | "peer" | "i18n" | "metrics" | "postgres" => 1,
        "store" => 2,
        "services" | "auth" | "http" | "router" => 3,
        "routes" | "openapi" | "web" => 4,
        "server" => 5,
        "commands" => 6,
        other => panic!("module {other} has no layer: give it one in this test"),
    }
}

type Module = Vec<String>;

/// A source file: its module and its text.
type Source = (Module, String);

/// The module of a source file, `routes/games/play.rs` → `routes::games::play`.
fn module_of(relative: &Path) -> Module {
    let mut parts: Module = relative
        .iter()
        .map(|part| part.to_string_lossy().into_owned())
        .collect();
    if let Some(last) = parts.last_mut() {
        *last = last.trim_end_matches(".rs").to_string();
    }
    parts
}

fn sources(root: &Path, directory: &Path, files: &mut Vec<Source>) {
    for entry in fs::read_dir(directory).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            sources(root, &path, files);
        } else if path.extension().is_some_and(|extension| extension == "rs") {
            let module = module_of(path.strip_prefix(root).unwrap());
            files.push((module, fs::read_to_string(&path).unwrap()));
        }
    }
}

fn is_ident(byte: u8) -> bool {
    byte.is_ascii_alphanumeric() || byte == b'_'
}

fn skip_space(text: &[u8], mut at: usize) -> usize {
    while at < text.len() && text[at].is_ascii_whitespace() {
        at += 1;
    }
    at
}

fn ident(text: &[u8], at: usize) -> (String, usize) {
    let mut end = at;
    while end < text.len() && is_ident(text[end]) {
        end += 1;
    }
    (String::from_utf8_lossy(&text[at..end]).into_owned(), end)
}

/// Reads the path (or brace tree of paths) at `at`, after `prefix`; pushes each path.
fn read_paths(text: &[u8], at: usize, prefix: Module, paths: &mut Vec<Module>) -> usize {
    let mut at = skip_space(text, at);
    let mut prefix = prefix;
    loop {
        match text.get(at) {
            Some(b'{') => {
                at += 1;
                loop {
                    at = skip_space(text, at);
                    match text.get(at) {
                        Some(b'}') => return at + 1,
                        Some(b',') => at += 1,
                        None => return at,
                        _ => at = read_paths(text, at, prefix.clone(), paths),
                    }
                }
            }
            Some(b'*') => {
                paths.push(prefix);
                return at + 1;
            }
            _ => {}
        }
        let (name, end) = ident(text, at);
        if name.is_empty() {
            paths.push(prefix);
            return at;
        }
        if name != "self" {
            prefix.push(name);
        }
        at = skip_space(text, end);
        if text[at..].starts_with(b"::") && text.get(at + 2) != Some(&b'<') {
            at = skip_space(text, at + 2);
            continue;
        }
        paths.push(prefix);
        let (word, after) = ident(text, at);
        if word == "as" {
            let (_, after) = ident(text, skip_space(text, after));
            return after;
        }
        return at;
    }
}

/// The module paths a file names: `crate::…` from the root, `super::…` from its parent
/// (from itself inside its `mod tests`).
fn named_paths(module: &Module, source: &str) -> Vec<Module> {
    let code: String = source
        .lines()
        .filter(|line| !line.trim_start().starts_with("//"))
        .collect::<Vec<_>>()
        .join("\n");
    let text = code.as_bytes();
    let tests_start = code.find("mod tests {").unwrap_or(code.len());
    let mut paths = Vec::new();
    for (keyword, base) in [("crate::", None), ("super::", Some(()))] {
        for (at, _) in code.match_indices(keyword) {
            if at > 0 && is_ident(text[at - 1]) {
                continue;
            }
            let prefix = match base {
                None => Vec::new(),
                Some(()) if at > tests_start => module.clone(),
                Some(()) => module[..module.len() - 1].to_vec(),
            };
            read_paths(text, at + keyword.len(), prefix, &mut paths);
        }
    }
    paths
}

/// The import graph of one crate: each module and the modules it imports.
fn graph(files: &[Source]) -> BTreeMap<String, BTreeSet<String>> {
    let modules: BTreeSet<Module> = files.iter().map(|(module, _)| module.clone()).collect();
    let mut edges = BTreeMap::new();
    for (module, source) in files {
        let mut targets = BTreeSet::new();
        for path in named_paths(module, source) {
            let Some(target) = (1..=path.len())
                .rev()
                .map(|length| path[..length].to_vec())
                .find(|prefix| modules.contains(prefix))
            else {
                continue;
            };
            // The module itself or one of its ancestors: the same unit.
            if module.starts_with(&target) {
                continue;
            }
            targets.insert(target.join("::"));
        }
        edges.insert(module.join("::"), targets);
    }
    edges
}

/// A cycle of the graph, if there is one.
fn cycle(edges: &BTreeMap<String, BTreeSet<String>>) -> Option<Vec<String>> {
    fn visit(
        node: &str,
        edges: &BTreeMap<String, BTreeSet<String>>,
        done: &mut BTreeSet<String>,
        path: &mut Vec<String>,
    ) -> Option<Vec<String>> {
        if let Some(start) = path.iter().position(|seen| seen == node) {
            let mut found = path[start..].to_vec();
            found.push(node.to_string());
            return Some(found);
        }
        if done.contains(node) {
            return None;
        }
        path.push(node.to_string());
        for next in edges.get(node).into_iter().flatten() {
            if let Some(found) = visit(next, edges, done, path) {
                return Some(found);
            }
        }
        path.pop();
        done.insert(node.to_string());
        None
    }
    let mut done = BTreeSet::new();
    edges
        .keys()
        .find_map(|node| visit(node, edges, &mut done, &mut Vec::new()))
}

/// The library's files (the binary's, `main.rs` and `cli`, are another crate).
fn crates() -> (Vec<Source>, Vec<Source>) {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    sources(&root, &root, &mut files);
    files.retain(|(module, _)| module != &["lib"]);
    files
        .into_iter()
        .partition(|(module, _)| module[0] != "main" && module[0] != "cli")
}

fn print(name: &str, edges: &BTreeMap<String, BTreeSet<String>>) {
    println!("{name}:");
    for (module, targets) in edges {
        let targets: Vec<&str> = targets.iter().map(String::as_str).collect();
        println!("  {module} -> {}", targets.join(", "));
    }
}

#[test]
fn the_modules_of_each_crate_import_without_cycle() {
    let (library, binary) = crates();
    for (name, files) in [("arbitre_api", library), ("arbitre (binary)", binary)] {
        let edges = graph(&files);
        print(name, &edges);
        assert!(edges.len() > 1, "{name}: no modules read");
        if let Some(cycle) = cycle(&edges) {
            panic!("{name}: import cycle {}", cycle.join(" -> "));
        }
    }
}

#[test]
fn no_module_imports_a_higher_layer() {
    let (library, _) = crates();
    let edges = graph(&library);
    let top = |module: &str| module.split("::").next().unwrap_or_default().to_string();
    let upward: Vec<String> = edges
        .iter()
        .flat_map(|(module, targets)| targets.iter().map(move |target| (module, target)))
        .filter(|(module, target)| layer(&top(target)) > layer(&top(module)))
        .map(|(module, target)| format!("{module} -> {target}"))
        .collect();
    assert!(upward.is_empty(), "imports of a higher layer: {upward:#?}");
}

/// The pages and the routes are thin over one service layer: a page that needs what a
/// route does calls the service the route calls, never the route (its extractors, its
/// JSON answer). Same layer, so `no_module_imports_a_higher_layer` does not see it.
#[test]
fn no_page_imports_a_route_module() {
    let (library, _) = crates();
    let edges = graph(&library);
    let top = |module: &str| module.split("::").next().unwrap_or_default().to_string();
    let reaching: Vec<String> = edges
        .iter()
        .filter(|(module, _)| top(module) == "web")
        .flat_map(|(module, targets)| targets.iter().map(move |target| (module, target)))
        .filter(|(_, target)| top(target) == "routes")
        .map(|(module, target)| format!("{module} -> {target}"))
        .collect();
    assert!(reaching.is_empty(), "pages importing routes: {reaching:#?}");
}

/// Every "now" of the service is its clock's (`services::live::instant`), which a test
/// moves forward to expire a session or make a flag fall without waiting: no other module
/// reads the system's calendar clock.
#[test]
fn only_the_service_clock_reads_the_system_clock() {
    let (library, binary) = crates();
    let readers: Vec<String> = library
        .iter()
        .chain(&binary)
        .filter(|(module, _)| module.join("::") != "services::live::instant")
        .filter(|(_, source)| {
            source.lines().any(|line| {
                let code = line.split("//").next().unwrap_or_default();
                ["Utc::now(", "Local::now(", "SystemTime::now("]
                    .iter()
                    .any(|call| code.contains(call))
            })
        })
        .map(|(module, _)| module.join("::"))
        .collect();
    assert!(readers.is_empty(), "the system clock read by {readers:#?}");
}

#[test]
fn the_reader_sees_use_trees_inline_paths_and_super() {
    let source = "use crate::{db, store::{self as s, games::{Row, X}}};\n\
                  // crate::routes is a comment\n\
                  fn f() { crate::error::ApiError::internal(1); }\n\
                  use super::sibling::Item;\n\
                  mod tests { use super::*; }\n";
    let module: Module = vec!["services".into(), "live".into()];
    let paths: BTreeSet<String> = named_paths(&module, source)
        .into_iter()
        .map(|path| path.join("::"))
        .collect();
    let expected: BTreeSet<String> = [
        "db",
        "store",
        "store::games::Row",
        "store::games::X",
        "error::ApiError::internal",
        "services::sibling::Item",
        "services::live",
    ]
    .into_iter()
    .map(String::from)
    .collect();
    assert_eq!(paths, expected);
    let files = vec![
        (vec!["a".to_string()], "use crate::b::Thing;".to_string()),
        (
            vec!["b".to_string()],
            "fn g() { crate::a::f() }".to_string(),
        ),
    ];
    assert_eq!(
        cycle(&graph(&files)),
        Some(vec!["a".into(), "b".into(), "a".into()])
    );
}
