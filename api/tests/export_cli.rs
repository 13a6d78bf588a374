//! `arbitre export` end to end: an OpenGotha file in, the rating files out, byte for byte
//! the golden files of the core's export tests (sources in core/tests/golden/SOURCES.md).

#![allow(clippy::unwrap_used, clippy::expect_used)] // a failed unwrap is a failed test

use std::path::PathBuf;
use std::process::{Command, Output};

fn golden(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../core/tests/golden")
        .join(name)
}

/// A directory of its own for each test, in the scratch directory Cargo gives
/// integration tests (no dependency needed for temporary files).
fn scratch(test: &str) -> PathBuf {
    let directory = PathBuf::from(env!("CARGO_TARGET_TMPDIR"))
        .join("export_cli")
        .join(test);
    std::fs::create_dir_all(&directory).unwrap();
    directory
}

fn arbitre(arguments: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_arbitre"))
        .args(arguments)
        .output()
        .unwrap()
}

/// Converts `juvisy.xml` to `format` in a fresh directory and returns the file written.
fn convert(format: &str) -> Vec<u8> {
    let output = scratch(format).join("out");
    let _ = std::fs::remove_file(&output);
    let source = golden("juvisy.xml");
    let run = arbitre(&[
        "export",
        "--format",
        format,
        source.to_str().unwrap(),
        "-o",
        output.to_str().unwrap(),
    ]);
    assert!(
        run.status.success(),
        "{}",
        String::from_utf8_lossy(&run.stderr)
    );
    assert!(
        run.stdout.is_empty(),
        "the file goes to -o, not to standard output"
    );
    std::fs::read(output).unwrap()
}

#[test]
fn opengotha_file_to_h9() {
    assert_eq!(convert("egd"), std::fs::read(golden("juvisy.h9")).unwrap());
}

#[test]
fn opengotha_file_to_tou() {
    assert_eq!(convert("ffg"), std::fs::read(golden("juvisy.tou")).unwrap());
}

#[test]
fn without_output_the_file_goes_to_standard_output() {
    let source = golden("juvisy.xml");
    let run = arbitre(&["export", "-f", "csv", source.to_str().unwrap()]);
    assert!(run.status.success());
    assert_eq!(run.stdout, std::fs::read(golden("juvisy.csv")).unwrap());
}

#[test]
fn bad_sources_fail_with_a_message() {
    let broken = scratch("bad_sources").join("broken.xml");
    std::fs::write(&broken, "<Tournament>\n<Players>\n</Games>").unwrap();
    for (source, message) in [
        (broken.to_str().unwrap(), "line 3, column 1"),
        ("missing.xml", "no such file"),
        ("42", "looks like a tournament id"),
    ] {
        let run = arbitre(&["export", "--format", "egd", source]);
        assert!(!run.status.success());
        let stderr = String::from_utf8_lossy(&run.stderr);
        assert!(stderr.contains(message), "{source}: {stderr}");
    }
}
