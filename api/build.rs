//! Re-embeds the migrations when a migration folder is added or removed, and embeds the
//! pages' catalogs: every `locales/<language>.ftl` is a language the pages speak, so that
//! adding a language is adding one file.

use std::fmt::Write as _;
use std::path::Path;

fn main() {
    println!("cargo:rerun-if-changed=../migrations");
    println!("cargo:rerun-if-changed=locales");
    let folder = Path::new(env!("CARGO_MANIFEST_DIR")).join("locales");
    let mut catalogs: Vec<(String, String)> = std::fs::read_dir(&folder)
        .map(|entries| {
            entries
                .filter_map(Result::ok)
                .map(|entry| entry.path())
                .filter(|path| path.extension().is_some_and(|ext| ext == "ftl"))
                .filter_map(|path| {
                    let code = path.file_stem()?.to_str()?.to_string();
                    Some((code, path.display().to_string()))
                })
                .collect()
        })
        .unwrap_or_default();
    catalogs.sort();
    let mut source = String::from("&[\n");
    for (code, path) in &catalogs {
        println!("cargo:rerun-if-changed={path}");
        let _ = writeln!(source, "    ({code:?}, include_str!({path:?})),");
    }
    source.push(']');
    let out = std::env::var("OUT_DIR").unwrap_or_default();
    if let Err(error) = std::fs::write(Path::new(&out).join("catalogs.rs"), source) {
        eprintln!("cannot write the catalogs' list: {error}");
        std::process::exit(1);
    }
}
