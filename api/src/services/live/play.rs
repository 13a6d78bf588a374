//! What the table's tablet records, for the routes (`POST /games/{id}/turns` and
//! `/counting`) and the tablet's page alike. Each turn states the number it expects to
//! have; the core judges it before anything is stored, and times it: by the table's
//! account of it when the tablet gives one (within what the server can check), else by
//! the server's clock. A counting step names the proposal it answers (rule 5 bis).

use crate::auth::Caller;
use crate::db::DbPool;
use crate::error::{ApiError, FieldError, GameError, Issue};
use crate::services::live::cache::GameCache;
use crate::services::live::idempotency::IdempotencyKey;
use crate::services::live::view::refused;
use crate::services::live::write::{write_game, Actor, Answer, Retry, Write};
use crate::services::live::LoadedGame;
use crate::services::revisions::Revisions;
use actix_web::http::StatusCode;
use arbitre_core::history::Action;
use arbitre_core::table::{Asked, CountingStep as Step, Input, TableError};
use arbitre_core::{Color, Point};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use uuid::Uuid;

/// What a player did.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum TurnAction {
    Move,
    Pass,
    Resign,
}

/// A turn.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct NewTurn {
    /// The number this turn has (the game's `next_turn`); another number gets 409 with
    /// the current state.
    #[schema(minimum = 1)]
    pub turn: u32,
    pub action: TurnAction,
    /// For a move: the point in SGF coordinates (`dd`; `aa` is the top left corner).
    #[schema(example = "dd")]
    pub point: Option<String>,
    /// The player (default: the player to move). A resignation may come from either.
    pub color: Option<Color>,
    /// The table's account of a move or a pass: without it, the turn is charged when it
    /// arrives.
    pub table_time: Option<TableTime>,
}

/// How long a turn took at the table (issue 43), as the tablet measured it on its
/// monotonic clock: the turn is charged at that instant, as a physical clock on the table
/// would charge it, however late it arrives (a hall's network down for minutes), held
/// between the game's last entry and the turn's arrival (the entry's `recorded_at`).
#[derive(Debug, Clone, Copy, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct TableTime {
    /// The log's entry (`seq`) the tablet had acknowledged last when the turn began.
    pub since: u32,
    /// Milliseconds from then to the turn, at the table.
    pub elapsed_ms: u64,
}

pub fn parse_point(field: &str, text: &str) -> Result<Point, ApiError> {
    Point::from_sgf(text).ok_or_else(|| {
        ApiError::Validation(vec![FieldError::of_issue(
            field,
            Issue::NotAPoint(text.to_string()),
            "must be two letters a-z or A-Z (SGF coordinates)",
        )])
    })
}

/// Records `turn` on the game `game_id` for `caller` (the table's tablet), once for its
/// `Idempotency-Key` (`retry`: the key and the request's fingerprint). A turn that ends the
/// game records its result, which changes the standings: `revisions` forgets its
/// tournament's revision.
pub async fn turn(
    (pool, cache): (&DbPool, &GameCache),
    caller: &Caller,
    (key, fingerprint): (IdempotencyKey, Vec<u8>),
    game_id: Uuid,
    turn: NewTurn,
    revisions: Option<&Revisions>,
) -> Result<Answer, GameError> {
    let point = match (turn.action, &turn.point) {
        (TurnAction::Move, Some(text)) => Some(parse_point("point", text)?),
        (TurnAction::Move, None) => {
            return Err(ApiError::Validation(vec![FieldError::new(
                "point",
                "a move needs its point",
            )])
            .into())
        }
        (_, Some(_)) => {
            return Err(ApiError::Validation(vec![FieldError::new(
                "point",
                "only a move has a point",
            )])
            .into())
        }
        (_, None) => None,
    };
    let answer = write_game(
        (pool, cache),
        caller,
        Actor::Table,
        game_id,
        Retry {
            key,
            fingerprint,
            unrepeatable: true,
        },
        StatusCode::CREATED,
        move |write: Write<'_>| {
            let Write { game, at, token_id } = write;
            let asked = match (turn.action, point) {
                (TurnAction::Resign, _) => Asked::Resign,
                (TurnAction::Move, Some(point)) => Asked::Turn {
                    turn: turn.turn,
                    action: Action::Move(point),
                },
                _ => Asked::Turn {
                    turn: turn.turn,
                    action: Action::Pass,
                },
            };
            // The turn number is the request's protocol: a stale one is answered with the
            // state (and kept for the referee), unless the game is over, which the table
            // says itself.
            if let Err(error) = game.table.check_turn_number(turn.turn) {
                return Err(refuse(game, (turn.color, asked), error, (at, token_id)));
            }
            let color = turn.color.or(game.table.to_move()).unwrap_or(Color::Black);
            let charged = match turn.table_time {
                Some(TableTime { since, elapsed_ms }) => {
                    game.table.table_instant(since, Some(elapsed_ms), at)
                }
                None => at,
            };
            let input = match (turn.action, point) {
                (TurnAction::Resign, _) => Input::Resign { color, at },
                (TurnAction::Move, Some(point)) => Input::Turn {
                    color,
                    action: Action::Move(point),
                    at: charged,
                },
                _ => Input::Turn {
                    color,
                    action: Action::Pass,
                    at: charged,
                },
            };
            game.handle(input, Some(token_id))
                .map_err(|error| refuse(game, (Some(color), asked), error, (at, token_id)))
        },
    )
    .await?;
    // A turn's path names no tournament (`http::conditional::forget_written`): its
    // tournament's revision is forgotten here when the game ended.
    let ended_in = answer.1["tournament_id"]
        .as_str()
        .filter(|_| !answer.1["result"].is_null())
        .and_then(|id| Uuid::parse_str(id).ok());
    if let (Some(revisions), Some(tournament_id)) = (revisions, ended_in) {
        revisions.forget(tournament_id);
    }
    Ok(answer)
}

/// The answer to `step` (by `color`, when the request said), refused with `error` at
/// `at`: a step refused because the game had moved on is also kept in the game's log for
/// the referee, by the token `token_id` (issue 43, `Table::refusal`), stored with the
/// refusal by `write_game`.
fn refuse(
    game: &mut LoadedGame,
    (color, step): (Option<Color>, Asked),
    error: TableError,
    (at, token_id): (u64, Uuid),
) -> GameError {
    if let Some(entry) = game.table.refusal(color, step, &error, at) {
        if let Err(defect) = game.adopt(vec![entry], Some(token_id)) {
            return refused(defect, game);
        }
    }
    refused(error, game)
}

/// A step of the counting phase (rule 5 bis).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum CountingAction {
    /// Propose the chains through `dead` as dead (replaces the proposal on the table).
    Propose,
    /// Accept the proposal on the table; when both have, the game is counted (rule 6).
    Accept,
    /// Disagree: play resumes, the player who passed first moves.
    Dispute,
}

#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct CountingStep {
    pub action: CountingAction,
    /// The player taking the step.
    pub color: Color,
    /// For a proposal: a point of each dead chain, SGF coordinates.
    #[serde(default)]
    pub dead: Vec<String>,
    /// The proposal this step answers: the state's `counting.revision` as the player saw
    /// it. A step on a proposal replaced since is refused (409 `counting.superseded`, with
    /// the new proposal in `state`): both players agree on the same dead stones (FFG
    /// rule 5 bis).
    pub revision: u32,
}

/// Takes `step` of the count of the game `game_id` for `caller` (the table's tablet), once
/// for its `Idempotency-Key` (`retry`: the key and the request's fingerprint).
pub async fn counting(
    (pool, cache): (&DbPool, &GameCache),
    caller: &Caller,
    (key, fingerprint): (IdempotencyKey, Vec<u8>),
    game_id: Uuid,
    step: CountingStep,
) -> Result<Answer, GameError> {
    if step.dead.len() > 2704 {
        return Err(ApiError::Validation(vec![FieldError::new("dead", "too many points")]).into());
    }
    let dead = step
        .dead
        .iter()
        .enumerate()
        .map(|(index, text)| parse_point(&format!("dead[{index}]"), text))
        .collect::<Result<Vec<_>, _>>()?;
    write_game(
        (pool, cache),
        caller,
        Actor::Table,
        game_id,
        Retry {
            key,
            fingerprint,
            unrepeatable: false,
        },
        StatusCode::OK,
        move |write: Write<'_>| {
            let Write { game, at, token_id } = write;
            let color = step.color;
            let revision = step.revision;
            let step = match step.action {
                CountingAction::Propose => Step::Propose {
                    color,
                    dead: dead.clone(),
                },
                CountingAction::Accept => Step::Accept { color },
                CountingAction::Dispute => Step::Dispute { color },
            };
            let asked = Asked::Counting {
                step: step.clone(),
                revision,
            };
            game.handle(Input::Counting { step, revision, at }, Some(token_id))
                .map_err(|error| refuse(game, (Some(color), asked), error, (at, token_id)))
        },
    )
    .await
}
