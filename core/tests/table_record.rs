//! A table and its SGF record go round without loss (issue 25): a table played at random
//! on the terms an imported record gets (no clock, a dispute resuming play) is written as
//! its record, the record as SGF text and read back; the terms come back from the
//! record, the record played at a table gives the same table and the same log, and that
//! table's record is the record again.

// In a test an unwrap is an assertion: a panic is the failure report.
#![allow(clippy::unwrap_used)]

use arbitre_core::clock::{FlagPolicy, TimeControl};
use arbitre_core::ending::{ResumptionPolicy, Settings};
use arbitre_core::game::Start;
use arbitre_core::history::{Action, Setup};
use arbitre_core::result::GameResult;
use arbitre_core::table::{
    fixed_handicap, imported_result, record_preset, record_terms, CountingStep, Decision, Input,
    Recording, Ruling, Stage, Table, TableEvent, Terms,
};
use arbitre_core::{BoardSize, Point, Preset};
use proptest::prelude::*;

/// The one instant of an imported game's events.
const AT: u64 = 5_000;
const REASON: &str = "imported from an SGF record";
const BY: &str = "referee";

/// The terms of a random game as an import makes them: a 5×5 to 9×9 board, even or with
/// two to four stones (placed as FFG moves, or set up on the standard points from 7×7),
/// a komi with a half point, one of the presets.
fn terms() -> impl Strategy<Value = (Preset, Terms)> {
    (
        5u8..=9,
        prop_oneof![Just(0u32), 2u32..=4],
        any::<bool>(),
        prop::sample::select(vec![0.5, 6.5, 7.5]),
        prop::sample::select(Preset::ALL.to_vec()),
    )
        .prop_map(|(side, handicap, fixed, komi, preset)| {
            let size = BoardSize::square(side).unwrap();
            let setup = match fixed && side >= 7 && handicap >= 2 {
                true => Setup {
                    black: fixed_handicap(size, handicap).unwrap(),
                    white: Vec::new(),
                },
                false => Setup::default(),
            };
            let start = Start {
                size,
                setup,
                handicap,
                first_player: None,
            };
            let settings = Settings::new(
                preset.rules(),
                start,
                Some(komi),
                ResumptionPolicy::AgreeAgain,
            );
            let terms = Terms::new(settings, TimeControl::None {}, FlagPolicy::Lose).unwrap();
            (preset, terms)
        })
}

/// A result the ruling may set on a game of `komi`: a resignation, a loss on time or by
/// default, a void game, or a win by a margin the count can give.
fn result(komi: f64, pick: u8, margin: u8) -> GameResult {
    let text = match pick % 6 {
        0 => "B+R".to_string(),
        1 => "W+R".to_string(),
        2 => "W+T".to_string(),
        3 => "B+F".to_string(),
        4 => "Void".to_string(),
        _ => format!("B+{}", f64::from(margin % 20) + komi.fract()),
    };
    text.parse().unwrap()
}

/// Plays `moves` at a table of `terms` as a tablet would, all at [`AT`]: an illegal move
/// is refused and skipped; a move after two passes first disputes the count (rule 5
/// bis), and a refused move after a dispute is a pass. The referee's ruling sets the
/// result. Returns the table and its log.
fn play(terms: Terms, moves: &[(u8, u8, bool)], result: GameResult) -> (Table, Vec<TableEvent>) {
    let mut table = Table::new(terms).unwrap();
    let mut log = table.handle(Input::Start { at: AT }).unwrap();
    for &(x, y, pass) in moves {
        let Some(color) = table.to_move() else { break };
        let action = match pass {
            true => Action::Pass,
            false => Action::Move(Point::new(x, y)),
        };
        let turn = |action| Input::Turn {
            color,
            action,
            at: AT,
        };
        if let Stage::Counting { .. } = table.stage() {
            let step = CountingStep::Dispute { color };
            let revision = table.proposal_revision().unwrap();
            log.extend(
                table
                    .handle(Input::Counting {
                        step,
                        revision,
                        at: AT,
                    })
                    .unwrap(),
            );
            match table.handle(turn(action)) {
                Ok(events) => log.extend(events),
                Err(_) => log.extend(table.handle(turn(Action::Pass)).unwrap()),
            }
        } else if let Ok(events) = table.handle(turn(action)) {
            log.extend(events);
        }
    }
    let ruling = Ruling {
        decision: Decision::ResultCorrection { result },
        reason: REASON.to_string(),
        corrects: None,
    };
    let by = BY.to_string();
    log.extend(table.handle(Input::Ruling { ruling, by, at: AT }).unwrap());
    (table, log)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn a_table_and_its_record_go_round_without_loss(
        (preset, terms) in terms(),
        moves in prop::collection::vec((0u8..9, 0u8..9, prop::bool::weighted(0.15)), 0..80),
        pick in any::<u8>(),
        margin in any::<u8>(),
    ) {
        let size = terms.settings.start.size;
        let moves: Vec<_> = moves
            .into_iter()
            .map(|(x, y, pass)| (x % size.width, y % size.height, pass))
            .collect();
        let result = result(terms.settings.komi, pick, margin);
        let (table, log) = play(terms.clone(), &moves, result);

        let record = Table::record(terms.clone(), preset.name(), &log).unwrap();
        let played: Vec<_> = table.turns().collect();
        let recorded: Vec<_> = record.turns.iter().map(|turn| (turn.color, turn.action)).collect();
        prop_assert_eq!(&recorded, &played);
        prop_assert_eq!(record.result.clone(), Some(result.to_string()));

        // Through the SGF text, as an export and an import see it.
        let text = arbitre_core::sgf::write(&record);
        let read = arbitre_core::sgf::parse(text.as_bytes()).unwrap();
        prop_assert_eq!(&read, &record, "{}", text);

        // The record carries the terms: neither the default komi nor the default rules
        // are needed.
        let read_preset = record_preset(&read, Preset::TrompTaylor);
        prop_assert_eq!(read_preset, preset);
        let read_terms = record_terms(&read, read_preset, 99.5).unwrap();
        prop_assert_eq!(&read_terms, &terms);
        let read_result = imported_result(None, read.result.as_deref()).unwrap();
        prop_assert_eq!(read_result, result);

        let recording = Recording {
            result: read_result,
            reason: REASON.to_string(),
            by: BY.to_string(),
            at: AT,
        };
        let (again, again_log) = Table::from_record(read_terms.clone(), &read, recording).unwrap();
        prop_assert_eq!(&again_log, &log);
        prop_assert!(again == table, "{:?} against {:?}", again, table);
        let record_again = Table::record(read_terms, preset.name(), &again_log).unwrap();
        prop_assert_eq!(&record_again, &record);
    }
}
