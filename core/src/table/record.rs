//! A table from an SGF record, and a record from a table's log.
//!
//! An imported record is one finished game of a pairing: one game tree, at most
//! [`MAX_TURNS`] turns, on a board the service plays, with a result (the record's `RE`,
//! or the staff's word for a record without one). [`Table::from_record`] plays it at a
//! table as the tablet would have, so that an imported game is stored, read, ruled on
//! and exported like a live one. [`Table::record`] goes the other way: a table's log
//! written as the record of its game, each turn with the time its player had left.

use super::{CountingStep, Decision, Input, Ruling, Stage, Table, TableError, TableEvent, Terms};
use crate::clock::{FlagPolicy, SgfMoveTime, TimeControl};
use crate::ending::{ResumptionPolicy, Settings};
use crate::fields::{check_board, FieldIssue};
use crate::game::Start;
use crate::history::{Action, GameRecord, Turn, MAX_TURNS};
use crate::point::Color;
use crate::result::{GameResult, InvalidResult};
use crate::rules::Preset;
use crate::sgf::SgfError;

/// Why an SGF record cannot be imported as one finished game.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum RecordError {
    #[error(transparent)]
    Sgf(#[from] SgfError),
    #[error("the record holds {games} games: import them one by one, each for its pairing")]
    Collection { games: usize },
    #[error("the record has {turns} turns: a game has at most {MAX_TURNS}")]
    TooManyTurns { turns: usize },
    /// `SZ` names a board the service does not play ([`check_board`]).
    #[error("SZ {0}")]
    Board(FieldIssue),
    #[error("the record has no result: give the game's result in `result`")]
    NoResult,
    /// The result (the staff's, or the record's `RE`) is not in SGF's syntax.
    #[error("{field}: {source}")]
    Result {
        field: &'static str,
        #[source]
        source: InvalidResult,
    },
}

impl RecordError {
    /// The stable code: `sgf.invalid`, `sgf.collection`, `sgf.too_many_turns`,
    /// `sgf.board`, `sgf.no_result`.
    pub fn code(&self) -> &'static str {
        match self {
            RecordError::Sgf(_) | RecordError::Result { .. } => "sgf.invalid",
            RecordError::Collection { .. } => "sgf.collection",
            RecordError::TooManyTurns { .. } => "sgf.too_many_turns",
            RecordError::Board(_) => "sgf.board",
            RecordError::NoResult => "sgf.no_result",
        }
    }
}

/// The one game of an SGF collection, refused before anything is replayed when it is
/// not one game, runs beyond [`MAX_TURNS`] or is on a board the service does not play.
pub fn read_one(sgf: &[u8]) -> Result<GameRecord, RecordError> {
    let mut games = crate::sgf::parse_collection(sgf)?;
    if games.len() != 1 {
        return Err(RecordError::Collection { games: games.len() });
    }
    let Some(record) = games.pop() else {
        return Err(RecordError::Collection { games: 0 });
    };
    if record.turns.len() > MAX_TURNS {
        return Err(RecordError::TooManyTurns {
            turns: record.turns.len(),
        });
    }
    check_board(record.size).map_err(RecordError::Board)?;
    Ok(record)
}

/// The result an imported game ends with: the staff's (`given`, SGF `RE` syntax) when
/// they give one, whatever the record says; else the record's `RE`. An imported game is
/// finished, so a record with neither (or `?`, SGF's unknown result) is refused.
pub fn imported_result(
    given: Option<&str>,
    recorded: Option<&str>,
) -> Result<GameResult, RecordError> {
    let (text, field) = match (given, recorded) {
        (Some(text), _) => (text, "result"),
        (None, Some(text)) => (text, "sgf RE"),
        (None, None) => return Err(RecordError::NoResult),
    };
    match text.parse::<GameResult>() {
        Ok(GameResult::Unknown) => Err(RecordError::NoResult),
        Ok(result) => Ok(result),
        Err(source) => Err(RecordError::Result { field, source }),
    }
}

/// The rules a record was played under: its `RU` when the reader knows it, else
/// `default` (the tournament's).
pub fn record_preset(record: &GameRecord, default: Preset) -> Preset {
    record
        .rules
        .as_deref()
        .and_then(Preset::from_sgf_ru)
        .unwrap_or(default)
}

/// The terms of an imported record's game: the record's board, setup, handicap and komi
/// (`default_komi`, the pairing's, when `KM` is missing) under `preset`; the player to
/// move first from `PL`, else from the record's first turn (some servers record White
/// first). No clock: the record's times are not the server's. A count disputed in the
/// record was played on, so a dispute resumes play until the players agree again.
pub fn record_terms(
    record: &GameRecord,
    preset: Preset,
    default_komi: f64,
) -> Result<Terms, super::TermsError> {
    let mut start = Start::of_record(record);
    start.first_player = start
        .first_player
        .or(record.turns.first().map(|turn| turn.color));
    let komi = record.komi.unwrap_or(default_komi);
    let settings = Settings::new(
        preset.rules(),
        start,
        Some(komi),
        ResumptionPolicy::AgreeAgain,
    );
    Terms::new(settings, TimeControl::None {}, FlagPolicy::Lose)
}

/// How an imported record is recorded: the result it ends with, the reason of the ruling
/// that records it, who records it (the ruling's `by`), and the instant of every event.
#[derive(Debug, Clone, PartialEq)]
pub struct Recording {
    pub result: GameResult,
    pub reason: String,
    pub by: String,
    pub at: u64,
}

impl Table {
    /// The table of an imported record, and its log: started at `recording.at`, every
    /// turn of the record played at that instant (imported turns carry no clock presses),
    /// then the result by a ruling that says where it comes from. White's passes between
    /// Black's FFG handicap stones are not played at the table (rule 6 bis: they are
    /// forced); a move after two passes is a dispute of the count (rule 5 bis: play
    /// resumes), and the move is then played.
    pub fn from_record(
        terms: Terms,
        record: &GameRecord,
        recording: Recording,
    ) -> Result<(Table, Vec<TableEvent>), TableError> {
        let Recording {
            result,
            reason,
            by,
            at,
        } = recording;
        let mut table = Table::new(terms)?;
        let mut log = table.handle(Input::Start { at })?;
        for turn in &record.turns {
            let stage = table.stage();
            if matches!(stage, Stage::Placing { .. })
                && turn.color == Color::White
                && turn.action == Action::Pass
            {
                continue;
            }
            if let Some(revision) = table.proposal_revision() {
                let step = CountingStep::Dispute { color: turn.color };
                log.extend(table.handle(Input::Counting { step, revision, at })?);
            }
            let input = Input::Turn {
                color: turn.color,
                action: turn.action,
                at,
            };
            log.extend(table.handle(input)?);
        }
        let ruling = Ruling {
            decision: Decision::ResultCorrection { result },
            reason,
            corrects: None,
        };
        log.extend(table.handle(Input::Ruling { ruling, by, at })?);
        Ok((table, log))
    }

    /// The record of the game `log` folds to, under `terms` (SGF `FF[4]`): its board,
    /// setup, handicap, first player, komi, ruleset (`ruleset`, the `RU` name), time
    /// control (`TM`, `OT`) and result, and each turn with the time its player had left
    /// just after it (`BL`/`WL`, `OB`/`OW`), the clock's own passes included. Who played
    /// and where are the caller's to fill in.
    pub fn record<'a>(
        terms: Terms,
        ruleset: &str,
        log: impl IntoIterator<Item = &'a TableEvent>,
    ) -> Result<GameRecord, TableError> {
        let mut table = Table::new(terms)?;
        let settings = &table.terms().settings;
        let control = table.terms().time_control.clone();
        let mut record = GameRecord::new(settings.start.size);
        record.komi = Some(settings.komi);
        record.handicap = settings.start.handicap;
        record.setup = settings.start.setup.clone();
        record.first_player = settings.start.first_player;
        record.rules = Some(ruleset.to_string());
        let time = control.to_sgf();
        record.info.main_time = time.tm.as_deref().and_then(|seconds| seconds.parse().ok());
        record.info.overtime = time.ot;
        for event in log {
            table.apply(event)?;
            let at = event.at();
            let played: Vec<_> = table.turns().skip(record.turns.len()).collect();
            for (color, action) in played {
                let left =
                    SgfMoveTime::from_player_time(&control, &table.clock().remaining(color, at));
                record.turns.push(Turn {
                    color,
                    action,
                    time_left: left.map(|left| left.time_left_ms as f64 / 1000.0),
                    overtime_left: left.and_then(|left| left.overtime_left),
                });
            }
        }
        record.result = table.result().map(|result| result.to_string());
        Ok(record)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::point::{BoardSize, Point};

    #[test]
    fn a_result_comes_from_the_staff_else_the_record() {
        assert_eq!(
            imported_result(Some("W+R"), Some("B+3.5")),
            Ok("W+R".parse().unwrap())
        );
        assert_eq!(
            imported_result(None, Some("B+3.5")),
            Ok("B+3.5".parse().unwrap())
        );
        assert_eq!(imported_result(None, None), Err(RecordError::NoResult));
        assert_eq!(imported_result(None, Some("?")), Err(RecordError::NoResult));
        let invalid = imported_result(Some("W+1e3x"), Some("B+R")).unwrap_err();
        assert_eq!(invalid.code(), "sgf.invalid");
        assert!(invalid.to_string().starts_with("result: "), "{invalid}");
        let invalid = imported_result(None, Some("nonsense")).unwrap_err();
        assert!(invalid.to_string().starts_with("sgf RE: "), "{invalid}");
    }

    #[test]
    fn one_game_within_the_cap_on_a_board_the_service_plays() {
        let two = b"(;GM[1]FF[4]SZ[9];B[ee])(;GM[1]FF[4]SZ[9];B[dd])";
        assert_eq!(read_one(two), Err(RecordError::Collection { games: 2 }));
        let large = b"(;GM[1]FF[4]SZ[52];B[aa])";
        assert_eq!(
            read_one(large).unwrap_err().code(),
            "sgf.board",
            "52×52 is read, and refused"
        );
        assert_eq!(read_one(b"not sgf").unwrap_err().code(), "sgf.invalid");
        let mut long = String::from("(;GM[1]FF[4]SZ[9]");
        for turn in 0..=MAX_TURNS {
            long.push_str(if turn % 2 == 0 { ";B[]" } else { ";W[]" });
        }
        long.push(')');
        assert_eq!(
            read_one(long.as_bytes()),
            Err(RecordError::TooManyTurns {
                turns: MAX_TURNS + 1
            })
        );
        let record = read_one(b"(;GM[1]FF[4]SZ[9]RE[B+R];B[ee])").unwrap();
        assert_eq!(record.size, BoardSize::square(9).unwrap());
    }

    fn recording(result: &str) -> Recording {
        Recording {
            result: result.parse().unwrap(),
            reason: "imported from an SGF record".to_string(),
            by: "referee".to_string(),
            at: 1_000,
        }
    }

    /// FFG handicap as moves: Black's three stones with White's forced passes written
    /// between them, as other programs record them; the passes are not played.
    #[test]
    fn white_s_passes_between_handicap_stones_are_not_played() {
        let sgf = b"(;GM[1]FF[4]SZ[9]HA[3]KM[0.5]RE[W+R];B[cc];W[];B[gg];W[];B[cg];W[ee])";
        let record = read_one(sgf).unwrap();
        let terms = record_terms(&record, Preset::French, 7.5).unwrap();
        let (table, _) = Table::from_record(terms, &record, recording("W+R")).unwrap();
        assert_eq!(table.game().turns_played(), 4);
        assert_eq!(table.result(), Some("W+R".parse().unwrap()));
        assert_eq!(
            table.game().board().get(Point::new(4, 4)),
            Some(Color::White)
        );
    }

    /// A move after two passes disputes the count (rule 5 bis), and play goes on.
    #[test]
    fn a_move_during_the_count_is_a_dispute() {
        let sgf = b"(;GM[1]FF[4]SZ[9]KM[7.5]RE[B+R];B[ee];W[];B[];W[cc];B[gg])";
        let record = read_one(sgf).unwrap();
        let terms = record_terms(&record, Preset::French, 7.5).unwrap();
        let (table, log) = Table::from_record(terms, &record, recording("B+R")).unwrap();
        let disputes = log
            .iter()
            .filter(|event| {
                matches!(
                    event,
                    TableEvent::Counting {
                        step: CountingStep::Dispute {
                            color: Color::White
                        },
                        ..
                    }
                )
            })
            .count();
        assert_eq!(disputes, 1);
        assert_eq!(table.game().turns_played(), 5);
    }

    /// Without `PL`, the record's first turn says who played first; without `KM`, the
    /// pairing's komi.
    #[test]
    fn the_record_s_terms_fill_in_from_its_turns_and_the_pairing() {
        let record = read_one(b"(;GM[1]FF[4]SZ[9]RU[Japanese]RE[B+R];W[ee];B[cc])").unwrap();
        assert_eq!(record_preset(&record, Preset::French), Preset::Japanese);
        let terms = record_terms(&record, Preset::Japanese, 6.5).unwrap();
        assert_eq!(terms.settings.start.first_player, Some(Color::White));
        assert_eq!(terms.settings.komi, 6.5);
        let unknown = read_one(b"(;GM[1]FF[4]SZ[9]RU[house rules]RE[B+R];B[ee])").unwrap();
        assert_eq!(record_preset(&unknown, Preset::French), Preset::French);
    }
}
