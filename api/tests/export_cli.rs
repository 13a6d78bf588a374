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

/// The director's choices on the command line: with a result of round 4 not known, the
/// EGD file is refused naming the game, `--after-round complete` writes the rounds complete
/// so far (the file of `--after-round 3`, and says why on standard error), `declared`
/// ranks after the declared rounds; `--by-default equals` is taken, an unknown word is not.
#[test]
fn rounds_and_games_by_default_are_the_directors_choice() {
    let directory = scratch("choices");
    let source = directory.join("in_progress.xml");
    let text = std::fs::read_to_string(golden("juvisy.xml")).unwrap();
    let last_game = text.rfind("<Game ").unwrap();
    let (before, after) = text.split_at(last_game);
    let unknown = after.replacen("RESULT_WHITEWINS", "RESULT_UNKNOWN", 1);
    let unknown = unknown.replacen("RESULT_BLACKWINS", "RESULT_UNKNOWN", 1);
    std::fs::write(&source, format!("{before}{unknown}")).unwrap();
    let source = source.to_str().unwrap();
    let export = |extra: &[&str]| {
        let mut arguments = vec!["export", "-f", "egd", source];
        arguments.extend_from_slice(extra);
        arbitre(&arguments)
    };
    let refused = export(&[]);
    assert!(!refused.status.success());
    assert!(String::from_utf8_lossy(&refused.stderr).contains("round 4: the result of"));
    let complete = export(&["--after-round", "complete"]);
    assert!(complete.status.success());
    assert!(String::from_utf8_lossy(&complete.stderr)
        .contains("after round 3: round 4 has a result not known yet"));
    assert_eq!(complete.stdout, export(&["--after-round", "3"]).stdout);
    assert!(!export(&["--after-round", "declared"]).status.success());
    assert!(export(&["--after-round", "3", "--by-default", "equals"])
        .status
        .success());
    let wrong = export(&["--by-default", "zero"]);
    assert!(
        String::from_utf8_lossy(&wrong.stderr).contains("plus_minus (0+ and 0-) or equals (0=)")
    );
}
