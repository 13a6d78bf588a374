//! The failures of the game routes: the API's, plus the core's verdicts on a live game,
//! with the game's state.

use super::{ApiError, Problem};
use actix_web::http::StatusCode;
use actix_web::{HttpResponse, ResponseError};
use arbitre_core::game::IllegalMove;
use arbitre_core::table::TableError;
use std::fmt;

/// The failures of the game routes: the API's, plus the core's verdicts, which carry
/// the details a tablet needs (`repeats_turn`, the current state).
#[derive(Debug)]
pub enum GameError {
    Api(ApiError),
    /// No game with this id.
    NotFound,
    /// The core refused the turn (`illegal_move.superko`, ...): nothing was stored.
    IllegalMove {
        reason: IllegalMove,
        turn: u32,
    },
    /// The request was made against another state of the game (409, with the current state).
    Conflict {
        code: &'static str,
        detail: String,
        /// The game as it stands (`GameState`), rendered by whoever judged the request.
        state: Option<Box<serde_json::Value>>,
        /// The table's refusal typed, where the table refused.
        refusal: Option<Box<TableRefusal>>,
    },
    /// A request the game cannot take in any state (422).
    Unprocessable {
        code: &'static str,
        detail: String,
        /// The table's refusal typed, where the table refused.
        refusal: Option<Box<TableRefusal>>,
    },
}

/// The live table's refusal, typed, with the height of its board: the pages say it in
/// their reader's language with its values (a point named as players write it, `D16`,
/// a colour, a move's number); the API says its English `detail`.
#[derive(Debug)]
pub struct TableRefusal {
    pub error: TableError,
    /// The board's height, which names its points (rows count from the bottom).
    pub height: u8,
}

impl fmt::Display for GameError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GameError::Api(error) => error.fmt(f),
            GameError::NotFound => f.write_str("no game with this id"),
            GameError::IllegalMove { reason, turn } => {
                write!(f, "turn {turn} is illegal: {reason}")
            }
            GameError::Conflict { detail, .. } | GameError::Unprocessable { detail, .. } => {
                f.write_str(detail)
            }
        }
    }
}

impl<E: Into<ApiError>> From<E> for GameError {
    fn from(error: E) -> GameError {
        GameError::Api(error.into())
    }
}

impl GameError {
    /// A conflict with the game as it stands (`state`, rendered by the caller); a state
    /// that cannot be rendered is an internal error, not a conflict without it.
    pub fn conflict(
        code: &'static str,
        detail: impl Into<String>,
        state: Result<serde_json::Value, ApiError>,
    ) -> GameError {
        GameError::judged(code, detail, state, None)
    }

    /// A conflict with the game as it stands, with the table's refusal where it refused.
    fn judged(
        code: &'static str,
        detail: impl Into<String>,
        state: Result<serde_json::Value, ApiError>,
        refusal: Option<Box<TableRefusal>>,
    ) -> GameError {
        match state {
            Ok(state) => GameError::Conflict {
                code,
                detail: detail.into(),
                state: Some(Box::new(state)),
                refusal,
            },
            Err(error) => GameError::Api(error),
        }
    }

    /// A refusal of the live table at `turn` on a board `height` high, under the table's
    /// own code and kept typed; `state` renders the game as it stands. A request the game
    /// cannot take in any state is 422; one made against the state the game is in, 409
    /// with that state; a log that does not fold, or a count that does not add up, is a
    /// defect.
    pub fn refused(
        refusal: TableError,
        (turn, height): (u32, u8),
        state: impl FnOnce() -> Result<serde_json::Value, ApiError>,
    ) -> GameError {
        let code = refusal.code();
        let typed = |error: TableError| Some(Box::new(TableRefusal { error, height }));
        match refusal {
            TableError::IllegalMove { reason } => GameError::IllegalMove { reason, turn },
            TableError::Terms(_)
            | TableError::DeadStones(_)
            | TableError::Result(_)
            | TableError::MissingReason
            | TableError::ZeroDelta
            | TableError::UnknownEvent { .. } => GameError::Unprocessable {
                code,
                detail: refusal.to_string(),
                refusal: typed(refusal),
            },
            TableError::Count(_)
            | TableError::TimeWentBackwards { .. }
            | TableError::NoFlag { .. } => GameError::Api(ApiError::internal(refusal)),
            TableError::NotStarted
            | TableError::StaleTurn { .. }
            | TableError::AlreadyStarted
            | TableError::Finished
            | TableError::Paused
            | TableError::NotPlaying
            | TableError::NotCounting
            | TableError::SupersededProposal { .. }
            | TableError::TurnCap { .. }
            | TableError::CountingCap { .. }
            | TableError::FlagDue { .. }
            | TableError::Clock(_)
            | TableError::BothOutOfTime
            | TableError::NotPaused
            | TableError::AlreadyPaused => {
                GameError::judged(code, refusal.to_string(), state(), typed(refusal))
            }
        }
    }
}

impl GameError {
    /// The stable code: the API's, `not_found.game`, `illegal_move.<reason>`, or the
    /// conflict's (`game.finished`, `turn.stale`, ...).
    pub fn code(&self) -> String {
        match self {
            GameError::Api(error) => error.code(),
            GameError::NotFound => "not_found.game".to_string(),
            GameError::IllegalMove { reason, .. } => format!("illegal_move.{}", reason.code()),
            GameError::Conflict { code, .. } | GameError::Unprocessable { code, .. } => {
                (*code).to_string()
            }
        }
    }
}

/// The core's verdicts carry what a tablet needs: the turn and, for ko and superko, the
/// turn whose position would repeat; a conflict carries the game's current state.
impl ResponseError for GameError {
    fn status_code(&self) -> StatusCode {
        match self {
            GameError::Api(error) => error.status_code(),
            GameError::NotFound => StatusCode::NOT_FOUND,
            GameError::IllegalMove { .. } | GameError::Unprocessable { .. } => {
                StatusCode::UNPROCESSABLE_ENTITY
            }
            GameError::Conflict { .. } => StatusCode::CONFLICT,
        }
    }

    fn error_response(&self) -> HttpResponse {
        let title = match self {
            GameError::Api(error) => return error.error_response(),
            GameError::IllegalMove { .. } => "Illegal move",
            GameError::Conflict { .. } => "Conflict",
            GameError::NotFound => "Not found",
            GameError::Unprocessable { .. } => "The request is invalid",
        };
        let mut extensions = serde_json::Map::new();
        match self {
            GameError::IllegalMove { reason, turn } => {
                extensions.insert("turn".to_string(), (*turn).into());
                if let Some(repeats) = reason.repeats_turn() {
                    extensions.insert("repeats_turn".to_string(), repeats.into());
                }
                if let IllegalMove::WrongTurn { expected } = reason {
                    extensions.insert("expected_color".to_string(), expected.to_string().into());
                }
            }
            GameError::Conflict {
                state: Some(state), ..
            } => {
                extensions.insert("state".to_string(), (**state).clone());
            }
            _ => {}
        }
        Problem::new(self.code(), title, self.status_code(), self.to_string()).respond(extensions)
    }
}
