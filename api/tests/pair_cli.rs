//! `arbitre pair` end to end on the Juvisy tournament file (core/tests/golden/juvisy.xml,
//! sources in core/tests/golden/SOURCES.md): the tab-separated listing, the JSON with the
//! costs, the bye line, and a precise error for a round the tournament does not have.

#![allow(clippy::unwrap_used, clippy::expect_used)] // a failed unwrap is a failed test

use std::collections::HashMap;
use std::path::PathBuf;
use std::process::{Command, Output};

fn juvisy() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../core/tests/golden/juvisy.xml")
}

fn arbitre(arguments: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_arbitre"))
        .args(arguments)
        .output()
        .unwrap()
}

/// The file's players as `name firstName`, with their participation flags.
fn players(xml: &str) -> HashMap<String, String> {
    xml.split("<Player ")
        .skip(1)
        .map(|element| {
            let attribute = |name: &str| {
                let start = element.find(&format!(" {name}=\"")).unwrap() + name.len() + 3;
                element[start..].split('"').next().unwrap().to_string()
            };
            (
                format!("{} {}", attribute("name"), attribute("firstName")),
                attribute("participating"),
            )
        })
        .collect()
}

fn pair(file: &str, round: &str, json: bool) -> String {
    let mut arguments = vec!["pair", file, "--round", round];
    if json {
        arguments.push("--json");
    }
    let run = arbitre(&arguments);
    assert!(
        run.status.success(),
        "{}",
        String::from_utf8_lossy(&run.stderr)
    );
    assert!(run.stderr.is_empty());
    String::from_utf8(run.stdout).unwrap()
}

#[test]
fn a_round_is_listed_table_by_table_with_every_present_player_once() {
    let file = juvisy();
    let xml = std::fs::read_to_string(&file).unwrap();
    let players = players(&xml);
    let listing = pair(file.to_str().unwrap(), "2", false);
    let mut lines = listing.lines();
    assert_eq!(lines.next(), Some("table\twhite\tblack\thandicap"));
    let mut seen = Vec::new();
    for (table, line) in (1..).zip(lines) {
        let fields: Vec<&str> = line.split('\t').collect();
        assert_eq!(fields.len(), 4, "{line}");
        assert_eq!(fields[0], table.to_string(), "tables in order: {line}");
        let handicap: u32 = fields[3].parse().unwrap();
        assert!(handicap <= 9, "the ceiling is 9: {line}");
        seen.push(fields[1].to_string());
        seen.push(fields[2].to_string());
    }
    seen.sort();
    // Round 2: everyone but Daguenet (participating "1000…").
    let mut present: Vec<String> = players
        .iter()
        .filter(|(_, participating)| participating.as_bytes()[1] == b'1')
        .map(|(name, _)| name.clone())
        .collect();
    present.sort();
    assert_eq!(seen, present);
    assert!(listing.ends_with('\n'));
}

#[test]
fn json_gives_each_pair_its_cost_criterion_by_criterion() {
    let file = juvisy();
    let listing = pair(file.to_str().unwrap(), "2", false);
    let json: serde_json::Value =
        serde_json::from_str(&pair(file.to_str().unwrap(), "2", true)).unwrap();
    assert_eq!(json["round"], 2);
    assert_eq!(json["bye"], serde_json::Value::Null);
    let games = json["games"].as_array().unwrap();
    assert_eq!(games.len(), listing.lines().count() - 1);
    for (game, line) in games.iter().zip(listing.lines().skip(1)) {
        let fields: Vec<&str> = line.split('\t').collect();
        assert_eq!(game["table"].to_string(), fields[0]);
        assert_eq!(game["white"], fields[1]);
        assert_eq!(game["black"], fields[2]);
        assert_eq!(game["handicap"].to_string(), fields[3]);
        let cost = game["cost"].as_object().unwrap();
        let criteria: i64 = cost
            .iter()
            .filter(|(name, _)| name.as_str() != "total")
            .map(|(_, value)| value.as_i64().unwrap())
            .sum();
        assert_eq!(cost["total"].as_i64().unwrap(), criteria + 1);
        assert_eq!(
            cost["duplicate_game"], 500_000_000_000_000i64,
            "no rematch in round 2"
        );
        assert_eq!(game["rematch"], false);
    }
}

#[test]
fn an_odd_field_ends_with_the_bye_line() {
    // Daguenet only pre-registered: 17 players in round 1 (Vargas is absent).
    let xml = std::fs::read_to_string(juvisy()).unwrap().replacen(
        r#"name="Daguenet" participating="10001111111111111111" rank="3D" registeringStatus="FIN""#,
        r#"name="Daguenet" participating="10001111111111111111" rank="3D" registeringStatus="PRE""#,
        1,
    );
    assert!(xml.contains(r#"registeringStatus="PRE""#));
    let directory = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("pair_cli");
    std::fs::create_dir_all(&directory).unwrap();
    let file = directory.join("juvisy-odd.xml");
    std::fs::write(&file, xml).unwrap();
    let listing = pair(file.to_str().unwrap(), "1", false);
    let lines: Vec<&str> = listing.lines().collect();
    assert_eq!(lines.len(), 1 + 8 + 1);
    let bye: Vec<&str> = lines[9].split('\t').collect();
    assert_eq!(bye.len(), 4);
    assert_eq!((bye[0], bye[2], bye[3]), ("BYE", "", ""));
    assert!(
        !listing.contains("Daguenet"),
        "a pre-registered player is not paired"
    );
}

#[test]
fn a_round_beyond_the_tournament_is_refused() {
    let run = arbitre(&["pair", juvisy().to_str().unwrap(), "--round", "5"]);
    assert!(!run.status.success());
    assert!(run.stdout.is_empty());
    let message = String::from_utf8(run.stderr).unwrap();
    assert!(
        message.contains("round 5 is not a round of this tournament (1 to 4)"),
        "{message}"
    );
}
