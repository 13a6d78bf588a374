//! A live game as the API shows it: the state its log replays to, with both clocks read
//! at the instant of the answer. A write keeps this answer with its `Idempotency-Key`, so
//! the service renders it, and a conflict carries it.

use crate::error::{ApiError, GameError};
use crate::services::live::LoadedGame;
use arbitre_core::clock::{FlagPolicy, PlayerTime, TimeControl};
use arbitre_core::counting::DeadStones;
use arbitre_core::ending::{Count, ResumptionPolicy};
use arbitre_core::table::{ClockState, ResultSource, TableError};
use arbitre_core::{Color, Point};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use uuid::Uuid;

/// A player's clock at the instant of the response.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
pub struct PlayerClock {
    /// Time until the flag falls if the clock ran from now; absent without time limit.
    pub total_ms: Option<u64>,
    pub main_ms: u64,
    pub periods_left: u32,
    pub period_ms_left: u64,
    pub stones_left: u32,
    pub in_overtime: bool,
    pub running: bool,
    pub out_of_time: bool,
}

impl From<PlayerTime> for PlayerClock {
    fn from(time: PlayerTime) -> PlayerClock {
        PlayerClock {
            total_ms: time.total_ms,
            main_ms: time.main_ms,
            periods_left: time.periods_left,
            period_ms_left: time.period_ms_left,
            stones_left: time.stones_left,
            in_overtime: time.in_overtime,
            running: time.running,
            out_of_time: time.out_of_time,
        }
    }
}

/// Both clocks, read by the server at `at_ms` (milliseconds since the Unix epoch).
#[derive(Debug, Serialize, Deserialize, ToSchema)]
pub struct Clocks {
    pub at_ms: u64,
    /// `not-started`, `running`, `paused` (for counting, or by the referee), `stopped`
    /// (the game is over).
    pub status: String,
    pub black: PlayerClock,
    pub white: PlayerClock,
    /// A referee paused the game.
    pub paused_by_referee: bool,
}

/// A game as it stands: the state its log replays to.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
pub struct GameState {
    pub id: Uuid,
    pub tournament_id: Uuid,
    pub pairing_id: Uuid,
    /// The last entry of the log (`seq`): the version of the game.
    pub seq: i32,
    /// Turns played.
    pub turns: u32,
    /// The number the next turn must state.
    pub next_turn: u32,
    /// `B` or `W` until the game is over (during counting: who moves if play resumes).
    pub to_move: Option<Color>,
    /// `placing` (FFG handicap stones), `playing`, `counting` (rule 5 bis), `paused` (by
    /// the referee) or `finished`.
    pub phase: String,
    /// SGF `RE` once finished (`B+7.5`, `W+R`, `B+T`, `Void`).
    pub result: Option<String>,
    /// Where the result comes from: `{"source": "play"}`, `{"source": "count", "basis"}`,
    /// `{"source": "clock", "loser", "deadline"}` or `{"source": "ruling", "event", "by",
    /// "at", "reason", "previous"}`.
    pub result_source: Option<ResultSource>,
    /// The board, top row first: `.` empty, `X` black, `O` white.
    pub board: Vec<String>,
    /// The point of the last turn (SGF) when it was a move, the stone a board marks; none
    /// before the first turn and after a pass.
    #[schema(value_type = Option<String>)]
    pub last_move: Option<Point>,
    pub black_prisoners: u32,
    pub white_prisoners: u32,
    /// During counting: the proposal on the table, its revision and who accepted it.
    pub counting: Option<CountingProposal>,
    /// Once counted: the basis, the dead stones, and the rule 6 / 6 bis breakdown.
    pub count: Option<Count>,
    pub clocks: Clocks,
    pub settings: GameSettings,
}

/// The dead stones proposed in the counting phase of rule 5 bis.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[schema(as = CountingAgreement)]
pub struct CountingProposal {
    /// The log's number (`seq`) of the entry that put this proposal on the table: a
    /// counting step names it, so that both players agree on the same dead stones.
    pub revision: u32,
    /// The dead stones (whole chains), SGF points.
    pub proposal: DeadStones,
    /// Black's acceptance, then White's.
    #[schema(min_items = 2, max_items = 2)]
    pub accepted: [bool; 2],
}

/// The conditions of a game.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
pub struct GameSettings {
    pub ruleset: String,
    pub width: u8,
    pub height: u8,
    pub komi: f64,
    pub handicap: u32,
    /// What a dispute leads to.
    pub resumption: ResumptionPolicy,
    pub time_control: TimeControl,
    pub flag_policy: FlagPolicy,
    /// The terms the staff set in place of the pairing's and the tournament's when the game
    /// started (`komi`, `handicap`, `handicap_form`, `ruleset`, `time_control`,
    /// `flag_policy`; `players` for an imported record naming others); empty when the game
    /// plays the pairing's terms. Never the board: a game is on its tournament's.
    pub overrides: Vec<String>,
}

pub fn board_rows(game: &LoadedGame) -> Vec<String> {
    let board = game.table.game().board();
    let size = board.size();
    (0..size.height)
        .map(|y| {
            (0..size.width)
                .map(|x| match board.get(Point::new(x, y)) {
                    None => '.',
                    Some(Color::Black) => 'X',
                    Some(Color::White) => 'O',
                })
                .collect()
        })
        .collect()
}

impl GameState {
    /// The state of `game`; the core's values that do not serialize are a defect.
    pub fn of(game: &LoadedGame) -> Result<GameState, ApiError> {
        let at = game.instant();
        let table = &game.table;
        let core = table.game();
        let settings = &table.terms().settings;
        let status = match table.clock_state() {
            ClockState::NotStarted => "not-started",
            ClockState::Running { .. } => "running",
            ClockState::Paused { .. } => "paused",
            ClockState::Stopped => "stopped",
        };
        Ok(GameState {
            id: game.row.id,
            tournament_id: game.row.tournament_id,
            pairing_id: game.row.pairing_id,
            seq: game.next_seq() - 1,
            turns: core.turns_played(),
            next_turn: table.next_turn(),
            to_move: table.to_move(),
            phase: table.stage().name().to_string(),
            result: game.result(),
            result_source: table.outcome().map(|outcome| outcome.source.clone()),
            board: board_rows(game),
            last_move: table.last_move(),
            black_prisoners: core.prisoners(Color::Black),
            white_prisoners: core.prisoners(Color::White),
            counting: table.agreement().zip(table.proposal_revision()).map(
                |(agreement, revision)| CountingProposal {
                    revision,
                    proposal: agreement.proposal().clone(),
                    accepted: [Color::Black, Color::White]
                        .map(|color| agreement.accepted_by(color)),
                },
            ),
            count: table.count().cloned(),
            clocks: Clocks {
                at_ms: at,
                status: status.to_string(),
                black: table.clock().remaining(Color::Black, at).into(),
                white: table.clock().remaining(Color::White, at).into(),
                paused_by_referee: table.referee_paused(),
            },
            settings: GameSettings {
                ruleset: game.ruleset.clone(),
                width: settings.start.size.width,
                height: settings.start.size.height,
                komi: settings.komi,
                handicap: settings.start.handicap,
                resumption: settings.resumption,
                time_control: table.terms().time_control.clone(),
                flag_policy: table.terms().flag_policy,
                overrides: game.overrides.clone(),
            },
        })
    }
}

/// The game as it stands, as the JSON of a conflict or a kept answer.
pub fn state_of(game: &LoadedGame) -> Result<serde_json::Value, ApiError> {
    serde_json::to_value(GameState::of(game)?).map_err(ApiError::internal)
}

/// A refusal of the table, on `game` as it stands.
pub fn refused(refusal: TableError, game: &LoadedGame) -> GameError {
    let height = game.table.terms().settings.start.size.height;
    GameError::refused(refusal, (game.table.next_turn(), height), || state_of(game))
}

/// A request made against another state of `game` (409, with the state it has).
pub fn conflict(code: &'static str, detail: impl Into<String>, game: &LoadedGame) -> GameError {
    GameError::conflict(code, detail, state_of(game))
}
