//! The real games of `tests/data/real-games` (see its README) replayed by the verifier.

// In a test an unwrap is an assertion: a panic is the failure report.
#![allow(clippy::unwrap_used)]

use arbitre_core::game::IllegalMove;
use arbitre_core::history::{Action, GameRecord, Turn};
use arbitre_core::sgf;
use arbitre_core::verify::{preset_of, verify, VerifyOptions};
use std::path::PathBuf;

fn real_games() -> Vec<(String, GameRecord)> {
    let folder = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data/real-games");
    let mut games: Vec<(String, GameRecord)> = std::fs::read_dir(folder)
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.extension().is_some_and(|extension| extension == "sgf"))
        .map(|path| {
            let record = sgf::parse(&std::fs::read(&path).unwrap()).unwrap();
            (
                path.file_name().unwrap().to_string_lossy().into_owned(),
                record,
            )
        })
        .collect();
    games.sort_by(|a, b| a.0.cmp(&b.0));
    games
}

/// Games played by strong programs and professionals, checked by their servers: every one is
/// legal under the rules it declares. The turn total was counted independently with Python
/// (`len(re.findall(r";\s*[BW]\[", text))` over the files).
#[test]
fn every_real_game_is_legal_under_its_own_rules() {
    let games = real_games();
    assert_eq!(games.len(), 150);
    let mut turns = 0;
    for (name, record) in &games {
        let verdict = verify(record, preset_of(record).rules(), VerifyOptions::default());
        assert_eq!(verdict.error, None, "{name}");
        turns += verdict.turns;
    }
    assert_eq!(turns, 24273);
}

/// A real game with one stone replayed on an occupied point, in the middle of the game:
/// the verifier names that turn, and nothing before it.
#[test]
fn a_tampered_real_game_is_refused_at_the_tampered_turn() {
    for (name, mut record) in real_games().into_iter().take(20) {
        let k = record.turns.len() / 2;
        let Action::Move(point) = record.turns[k].action else {
            continue;
        };
        let other = record.turns[k].color.opponent();
        record.turns.insert(k + 1, Turn::play(other, point));
        let verdict = verify(
            &record,
            preset_of(&record).rules(),
            VerifyOptions::default(),
        );
        let error = verdict.error.unwrap();
        assert_eq!(error.turn as usize, k + 2, "{name}");
        assert_eq!(error.point, Some(point), "{name}");
        assert_eq!(error.reason, IllegalMove::Occupied, "{name}");
    }
}
