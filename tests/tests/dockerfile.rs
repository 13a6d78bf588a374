//! The Dockerfile builds what the manifests declare (issue 20), checked without a Docker
//! daemon (CI has none): its build stage copies the whole build context (`COPY . .`, no
//! manifest copied alone, no stub), and that context, the repository less what
//! `.dockerignore` leaves out, holds every crate, binary, bench, test and example the
//! manifests declare: cargo reads it to the same targets as the repository. A crate, a
//! binary or a bench added where the context would not have it fails here.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::path::{Path, PathBuf};
use std::process::Command;

fn workspace() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .unwrap()
        .to_path_buf()
}

/// A `.dockerignore` line, of the two forms the file uses: a path (a file, or a folder
/// and all it holds) and `**/*suffix` (any file whose name ends so).
#[derive(Debug)]
enum Pattern {
    Path(String),
    Suffix(String),
}

fn patterns(text: &str) -> Vec<Pattern> {
    text.lines()
        .map(str::trim)
        .filter(|line| !line.is_empty() && !line.starts_with('#'))
        .map(|line| {
            if let Some(suffix) = line.strip_prefix("**/*") {
                assert!(
                    !suffix.contains(['*', '?', '[']),
                    "{line}: extend this test's matcher"
                );
                return Pattern::Suffix(suffix.to_string());
            }
            assert!(
                !line.contains(['*', '?', '[', '!']),
                "{line}: a pattern this test does not read; extend its matcher"
            );
            Pattern::Path(line.trim_matches('/').to_string())
        })
        .collect()
}

fn ignored(patterns: &[Pattern], relative: &str) -> bool {
    patterns.iter().any(|pattern| match pattern {
        Pattern::Path(path) => relative == path || relative.starts_with(&format!("{path}/")),
        Pattern::Suffix(suffix) => relative.ends_with(suffix.as_str()),
    })
}

/// Copies the build context of `root` (every file `.dockerignore`, read as `patterns`,
/// leaves in) into `to`.
fn copy_context(root: &Path, patterns: &[Pattern], from: &Path, to: &Path) {
    for entry in std::fs::read_dir(from).unwrap() {
        let entry = entry.unwrap();
        let path = entry.path();
        let relative = path
            .strip_prefix(root)
            .unwrap()
            .to_str()
            .unwrap()
            .to_string();
        if ignored(patterns, &relative) {
            continue;
        }
        let target = to.join(&relative);
        let kind = entry.file_type().unwrap();
        if kind.is_dir() {
            std::fs::create_dir_all(&target).unwrap();
            copy_context(root, patterns, &path, to);
        } else if kind.is_file() {
            std::fs::copy(&path, &target).unwrap();
        }
    }
}

/// Every package's targets as cargo reads the workspace at `root`, or cargo's complaint
/// (a declared bench whose file is missing, a member that is not there...).
fn targets(root: &Path) -> Result<Vec<String>, String> {
    let output = Command::new(env!("CARGO"))
        .args([
            "metadata",
            "--format-version",
            "1",
            "--no-deps",
            "--offline",
        ])
        .arg("--manifest-path")
        .arg(root.join("Cargo.toml"))
        .output()
        .unwrap();
    if !output.status.success() {
        return Err(String::from_utf8_lossy(&output.stderr).into_owned());
    }
    let metadata: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    let mut targets: Vec<String> = metadata["packages"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|package| {
            let name = package["name"].as_str().unwrap().to_string();
            package["targets"]
                .as_array()
                .unwrap()
                .iter()
                .map(move |target| {
                    format!(
                        "{name}: {} {}",
                        target["kind"][0].as_str().unwrap(),
                        target["name"].as_str().unwrap()
                    )
                })
        })
        .collect();
    targets.sort();
    Ok(targets)
}

/// The targets cargo reads from the build context that `dockerignore` leaves.
fn context_targets(dockerignore: &str) -> Result<Vec<String>, String> {
    let root = workspace();
    let context = tempfile::tempdir().unwrap();
    copy_context(&root, &patterns(dockerignore), &root, context.path());
    targets(context.path())
}

/// The build stage of the Dockerfile: its lines from the first `FROM` to the next.
fn build_stage(dockerfile: &str) -> Vec<String> {
    let mut lines = Vec::new();
    let mut logical = String::new();
    for line in dockerfile.lines() {
        let line = line.trim();
        if line.starts_with('#') && logical.is_empty() {
            continue;
        }
        match line.strip_suffix('\\') {
            Some(part) => logical.push_str(part),
            None => {
                logical.push_str(line);
                if !logical.is_empty() {
                    lines.push(std::mem::take(&mut logical));
                }
            }
        }
    }
    let start = lines
        .iter()
        .position(|line| line.starts_with("FROM "))
        .unwrap();
    let end = lines[start + 1..]
        .iter()
        .position(|line| line.starts_with("FROM "))
        .map_or(lines.len(), |end| start + 1 + end);
    lines[start..end].to_vec()
}

#[test]
fn the_build_stage_copies_the_whole_context_before_building() {
    let dockerfile = std::fs::read_to_string(workspace().join("Dockerfile")).unwrap();
    let stage = build_stage(&dockerfile);
    let copies: Vec<&String> = stage
        .iter()
        .filter(|line| line.starts_with("COPY "))
        .collect();
    assert_eq!(copies, ["COPY . ."], "{stage:#?}");
    let copy = stage.iter().position(|line| line == "COPY . .").unwrap();
    let build = stage
        .iter()
        .position(|line| line.contains("cargo build"))
        .expect("the build stage runs cargo build");
    assert!(copy < build, "{stage:#?}");
    for line in &stage[..copy] {
        assert!(
            !line.starts_with("RUN "),
            "nothing is built before the sources are in: {line}"
        );
    }
    // What it builds is declared.
    let command = &stage[build];
    let all = targets(&workspace()).unwrap();
    assert!(
        command.contains("-p arbitre-api --bin arbitre")
            && all.contains(&"arbitre-api: bin arbitre".to_string()),
        "{command}"
    );
}

#[test]
fn the_build_context_holds_every_target_the_manifests_declare() {
    let dockerignore = std::fs::read_to_string(workspace().join(".dockerignore")).unwrap();
    let declared = targets(&workspace()).unwrap();
    assert!(declared.iter().any(|target| target.contains("bench pair")));
    assert_eq!(context_targets(&dockerignore), Ok(declared));
}

/// The check fails as it should: a context without the core's benches (one ignore line
/// more) is not the workspace cargo reads.
#[test]
fn a_context_that_leaves_out_a_bench_is_caught() {
    let dockerignore = std::fs::read_to_string(workspace().join(".dockerignore")).unwrap();
    let declared = targets(&workspace()).unwrap();
    let without_benches = format!("{dockerignore}\ncore/benches\n");
    assert_ne!(context_targets(&without_benches), Ok(declared));
}
