//! Standings of OpenGotha files equal to OpenGotha's own, value for value.
//!
//! Each `tests/golden/opengotha-standings/NAME.xml` is a tournament file in the shape
//! OpenGotha 3.51 writes, full of the cases that decide standings: byes, absences with
//! and without credit, players left unpaired, unknown results, games won by default,
//! jigo, "both win" and "both lose", handicaps, McMahon corrections, categories,
//! `genRoundDownNBWMMS`, `genCountNotPlayedGamesAsHalfPoint` and most placement
//! criteria. Beside it, `NAME.rN.tsv` is the table OpenGotha 3.51.02 itself computed
//! after round N (every player, in its order: number, place, name, rank, one column per
//! criterion). How they were made: `tests/golden/SOURCES.md`.

#![allow(clippy::unwrap_used)] // a failed unwrap is a failed test

use arbitre_core::export::opengotha;
use arbitre_core::standings::{compute, Criterion, Tournament};
use std::path::{Path, PathBuf};

fn directory() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/golden/opengotha-standings")
}

/// Every tournament file with the rounds OpenGotha's tables were recorded after.
fn cases() -> Vec<(String, Vec<u32>)> {
    let mut cases: Vec<(String, Vec<u32>)> = Vec::new();
    let mut names: Vec<String> = std::fs::read_dir(directory())
        .unwrap()
        .map(|entry| entry.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    for name in &names {
        let Some(stem) = name.strip_suffix(".xml") else {
            continue;
        };
        let rounds: Vec<u32> = names
            .iter()
            .filter_map(|other| {
                let round = other.strip_prefix(&format!("{stem}.r"))?;
                round.strip_suffix(".tsv")?.parse().ok()
            })
            .collect();
        cases.push((stem.to_string(), rounds));
    }
    cases
}

/// OpenGotha's number: `12`, `-3`, `10½`, `1¾`, in quarter points.
fn quarters(text: &str) -> i64 {
    let (sign, digits) = match text.strip_prefix('-') {
        Some(rest) => (-1, rest),
        None => (1, text),
    };
    let fraction = match digits.chars().last() {
        Some('¼') => 1,
        Some('½') => 2,
        Some('¾') => 3,
        _ => 0,
    };
    let whole = digits.trim_end_matches(['¼', '½', '¾']);
    let whole: i64 = if whole.is_empty() {
        0
    } else {
        whole.parse().unwrap()
    };
    sign * (4 * whole + fraction)
}

/// A standings line as OpenGotha prints it: name, place and the criteria's values in
/// quarter points.
type Line = (String, u32, Vec<i64>);

/// arbitre's table after `round` in OpenGotha's layout: name, place and the criteria's
/// values in quarter points (the category as OpenGotha numbers it, from 1).
fn arbitre_table(tournament: &Tournament, round: u32) -> Vec<Line> {
    compute(tournament, round)
        .unwrap()
        .into_iter()
        .map(|standing| {
            let player = tournament.player(&standing.player).unwrap();
            let values = tournament
                .criteria
                .iter()
                .zip(&standing.criteria)
                .map(|(criterion, value)| match criterion {
                    Criterion::Category => 4 - value.quarters(),
                    _ => value.quarters(),
                })
                .collect();
            (
                format!("{} {}", player.surname, player.first_name),
                standing.place,
                values,
            )
        })
        .collect()
}

/// OpenGotha's recorded table, in the same layout, and its criteria's column titles.
fn opengotha_table(path: &Path) -> (Vec<String>, Vec<Line>) {
    let text = std::fs::read_to_string(path).unwrap();
    let mut lines = text.lines();
    let titles = lines
        .next()
        .unwrap()
        .split('\t')
        .skip(4)
        .map(String::from)
        .collect();
    let rows = lines
        .map(|line| {
            let fields: Vec<&str> = line.split('\t').collect();
            let values = fields[4..].iter().map(|value| quarters(value)).collect();
            (fields[2].to_string(), fields[1].parse().unwrap(), values)
        })
        .collect();
    (titles, rows)
}

fn import(name: &str) -> Tournament {
    let bytes = std::fs::read(directory().join(format!("{name}.xml"))).unwrap();
    opengotha::import(&bytes).unwrap()
}

fn assert_same_as_opengotha(tournament: &Tournament, name: &str, round: u32) {
    let path = directory().join(format!("{name}.r{round}.tsv"));
    let (titles, expected) = opengotha_table(&path);
    let criteria: Vec<&str> = tournament.criteria.iter().map(|c| c.short_name()).collect();
    assert_eq!(criteria, titles, "{name} round {round}: criteria");
    let actual = arbitre_table(tournament, round);
    for (row, (ours, theirs)) in actual.iter().zip(&expected).enumerate() {
        assert_eq!(ours, theirs, "{name} round {round}, row {}", row + 1);
    }
    assert_eq!(
        actual.len(),
        expected.len(),
        "{name} round {round}: players"
    );
}

#[test]
fn standings_equal_opengotha_on_every_recorded_round() {
    let cases = cases();
    assert!(cases.len() >= 20, "the golden files are missing");
    for (name, rounds) in &cases {
        assert!(!rounds.is_empty(), "{name}: no recorded table");
        let tournament = import(name);
        for &round in rounds {
            assert_same_as_opengotha(&tournament, name, round);
        }
    }
}

/// Writing back: arbitre's OpenGotha export, read again, gives the very standings
/// OpenGotha computed from the original file, and OpenGotha's own tables of that export
/// (`NAME.export.rN.tsv`, recorded from the file `opengotha::export` writes) are those
/// of the original.
#[test]
fn the_export_keeps_opengotha_standings() {
    for (name, rounds) in &cases() {
        let written = opengotha::export(&import(name)).unwrap();
        let reread = opengotha::import(written.as_bytes()).unwrap();
        for &round in rounds {
            assert_same_as_opengotha(&reread, name, round);
            let original = directory().join(format!("{name}.r{round}.tsv"));
            let exported = directory().join(format!("{name}.export.r{round}.tsv"));
            assert_eq!(
                std::fs::read_to_string(&exported).unwrap(),
                std::fs::read_to_string(&original).unwrap(),
                "{name} round {round}: OpenGotha's standings of arbitre's export"
            );
        }
    }
}
