//! `arbitre score` as a user runs it: a small SGF game in a temporary folder, the
//! binary, its output and its exit status.

// In a test an unwrap is an assertion: a panic is the failure report.
#![allow(clippy::unwrap_used)]

use serde_json::Value;
use std::path::PathBuf;
use std::process::{Command, Output};

/// Black's corner group has a false eye (`ca`) and is dead; White's wall is alive.
const FALSE_EYE: &str =
    "(;FF[4]GM[1]SZ[6:4]KM[0.5]RU[French]AB[ba][da][ab][bb][cb]AW[ea][db][eb][ac][bc][cc][dc][ec]PL[B];B[];W[])";

fn sgf(name: &str, text: &str) -> PathBuf {
    let path = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("score_cli_{name}.sgf"));
    std::fs::write(&path, text).unwrap();
    path
}

fn score(arguments: &[&str], file: &PathBuf) -> Output {
    Command::new(env!("CARGO_BIN_EXE_arbitre"))
        .arg("score")
        .args(arguments)
        .arg(file)
        .output()
        .unwrap()
}

fn json(output: &Output) -> Value {
    assert_eq!(
        output.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    serde_json::from_slice(&output.stdout).unwrap()
}

#[test]
fn json_gives_both_counts_and_the_re_result() {
    let file = sgf("json", FALSE_EYE);
    let value = json(&score(&["--json", "--dead", "ba,da"], &file));
    let expected = serde_json::json!({
        "rules": "french",
        "komi": 0.5,
        "black": {"stones": 0, "territory": 0, "prisoners": 5, "passes": 1, "area": 0, "quick": -6},
        "white": {"stones": 8, "territory": 16, "prisoners": 0, "passes": 1, "area": 24, "quick": 15},
        "dame": 0,
        "area_diff": -24.5,
        "quick_diff": -24.5,
        "result": "W+24.5"
    });
    assert_eq!(value, expected);
}

#[test]
fn rules_and_komi_on_the_command_line_override_the_record() {
    let file = sgf("override", FALSE_EYE);
    let value = json(&score(
        &[
            "--json", "--rules", "japanese", "--komi", "-3", "--dead", "ba,da",
        ],
        &file,
    ));
    assert_eq!(value["rules"], "japanese");
    assert_eq!(value["komi"], -3.0);
    assert_eq!(
        value["result"], "W+18",
        "Japanese: 16 territory + 5 prisoners, komi -3"
    );
    let text = score(&[], &file);
    let stdout = String::from_utf8_lossy(&text.stdout);
    assert!(stdout.contains("result: W+10.5"), "{stdout}");
}

#[test]
fn unreadable_files_illegal_games_and_wrong_dead_stones_exit_2() {
    let missing = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("score_cli_missing.sgf");
    let output = score(&[], &missing);
    assert_eq!(output.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&output.stderr).contains("unreadable"));

    let illegal = sgf("illegal", "(;SZ[5];B[aa];W[aa])");
    let output = score(&[], &illegal);
    assert_eq!(output.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&output.stderr).contains("ILLEGAL turn 2 (W aa): occupied"));

    let file = sgf("empty_dead", FALSE_EYE);
    let output = score(&["--dead", "aa"], &file);
    assert_eq!(output.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&output.stderr).contains("point aa is empty"));
}
