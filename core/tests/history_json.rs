//! The JSON form of a move history: what the API accepts and returns for a game record.

// In a test an unwrap is an assertion: a panic is the failure report.
#![allow(clippy::unwrap_used)]

use arbitre_core::history::{Action, GameRecord};
use arbitre_core::sgf;
use arbitre_core::{BoardSize, Color, Point};
use serde_json::json;

#[test]
fn a_history_reads_as_points_colours_and_passes() {
    let record: GameRecord = serde_json::from_value(json!({
        "size": {"width": 9, "height": 9},
        "komi": 5.5,
        "handicap": 2,
        "setup": {"black": ["cc", "gg"]},
        "rules": "French",
        "turns": [
            {"color": "W", "action": {"move": "ee"}, "time_left": 598.5},
            {"color": "B", "action": "pass"}
        ]
    }))
    .unwrap();
    assert_eq!(record.size, BoardSize::new(9, 9).unwrap());
    assert_eq!(
        record.setup.black,
        vec![
            Point::from_sgf("cc").unwrap(),
            Point::from_sgf("gg").unwrap()
        ]
    );
    assert_eq!(record.turns[0].color, Color::White);
    assert_eq!(
        record.turns[0].action,
        Action::Move(Point::from_sgf("ee").unwrap())
    );
    assert_eq!(record.turns[0].time_left, Some(598.5));
    assert_eq!(record.turns[1].action, Action::Pass);
}

#[test]
fn malformed_histories_are_refused_with_the_reason() {
    let refused = |value: serde_json::Value| {
        serde_json::from_value::<GameRecord>(value)
            .unwrap_err()
            .to_string()
    };
    assert!(refused(json!({"size": {"width": 0, "height": 9}, "turns": []})).contains("1 to 52"));
    assert!(refused(json!({"size": {"width": 53, "height": 19}, "turns": []})).contains("1 to 52"));
    assert!(refused(json!({"size": {"width": 19, "height": 19}, "turns": [{"color": "B", "action": {"move": "z!"}}]}))
        .contains("invalid SGF point"));
    assert!(
        refused(json!({"size": {"width": 19, "height": 19}, "turns": [], "moves": []}))
            .contains("unknown field")
    );
    assert!(refused(
        json!({"size": {"width": 19, "height": 19}, "turns": [{"color": "X", "action": "pass"}]})
    )
    .contains("unknown variant"));
}

/// Every real game survives SGF → JSON → history unchanged.
#[test]
fn real_games_round_trip_through_json() {
    let folder = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data/real-games");
    let mut checked = 0;
    for entry in std::fs::read_dir(folder).unwrap() {
        let path = entry.unwrap().path();
        let record = sgf::parse(&std::fs::read(&path).unwrap()).unwrap();
        let text = serde_json::to_string(&record).unwrap();
        assert_eq!(
            serde_json::from_str::<GameRecord>(&text).unwrap(),
            record,
            "{}",
            path.display()
        );
        checked += 1;
    }
    assert_eq!(checked, 150);
}
