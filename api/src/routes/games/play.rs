//! `POST /games/{id}/turns` and `POST /games/{id}/counting`: what the table's tablet
//! records. Each turn states the number it expects to have; the core judges it before
//! anything is stored, and times it: by the table's account of it when the tablet gives
//! one (within what the server can check), else by the server's clock.

use super::{fingerprint_of, respond};
use crate::auth::Caller;
use crate::db::DbPool;
use crate::error::GameError;
use crate::error::{ApiError, FieldError};
use crate::http::ApiJson;
use crate::services::live::cache::GameCache;
use crate::services::live::idempotency::IdempotencyKey;
use crate::services::live::view::{conflict, refused, GameState};
use crate::services::live::write::{write_game, Actor, Retry, Write};
use crate::services::revisions::Revisions;
use actix_web::http::StatusCode;
use actix_web::{web, HttpRequest, HttpResponse};
use arbitre_core::history::Action;
use arbitre_core::table::{CountingStep as Step, Input};
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
        ApiError::Validation(vec![FieldError::new(
            field,
            "must be two letters a-z or A-Z (SGF coordinates)",
        )])
    })
}

/// Record a turn: a move, a pass or a resignation (the table's tablet).
#[utoipa::path(
    post, path = "/games/{game_id}/turns", tag = "games",
    params(("game_id" = Uuid, Path), ("Idempotency-Key" = Option<String>, Header, description = "A retry with the same key returns the first response")),
    request_body = NewTurn,
    responses(
        (status = 201, description = "Recorded (after commit)", body = GameState),
        (status = 409, description = "Stale turn number, game paused or over: the current state is in `state`; or `game.contended`, the game changed under the request too often: send it again", body = crate::error::Problem, content_type = "application/problem+json"),
        (status = 422, description = "Illegal (`illegal_move.superko` with `repeats_turn`, ...): nothing stored", body = crate::error::Problem, content_type = "application/problem+json"),
    ),
    security(("bearer" = []))
)]
pub async fn turn(
    pool: web::Data<DbPool>,
    cache: web::Data<GameCache>,
    caller: Caller,
    request: HttpRequest,
    key: IdempotencyKey,
    path: web::Path<Uuid>,
    body: ApiJson<NewTurn>,
) -> Result<HttpResponse, GameError> {
    let turn = body.0;
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
    let fingerprint = fingerprint_of(&request, &turn)?;
    write_game(
        (&pool, &cache),
        &caller,
        Actor::Table,
        path.into_inner(),
        Retry {
            key,
            fingerprint,
            unrepeatable: true,
        },
        StatusCode::CREATED,
        move |write: Write<'_>| {
            let Write { game, at, token_id } = write;
            let next_turn = game.table.next_turn();
            // The turn number is the request's protocol: a stale one is answered with the
            // state, unless the game is over, which the table says itself.
            if turn.turn != next_turn && !game.table.is_finished() {
                let detail = format!("turn {next_turn} was expected, not {}", turn.turn);
                return Err(conflict("game.stale_turn", detail, game));
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
                .map_err(|refusal| refused(refusal, game))
        },
    )
    .await
    .and_then(|answer| {
        // A turn that ends the game (a resignation, a flag) records its result, which
        // changes the standings (`routes::conditional::forget_after_writes` leaves turns to
        // this handler).
        if !answer.1["result"].is_null() {
            if let Some(revisions) = request.app_data::<web::Data<Revisions>>() {
                revisions.forget();
            }
        }
        respond(answer)
    })
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

/// Take a step of the counting phase (the table's tablet).
#[utoipa::path(
    post, path = "/games/{game_id}/counting", tag = "games",
    params(("game_id" = Uuid, Path), ("Idempotency-Key" = Option<String>, Header, description = "A retry with the same key returns the first response")),
    request_body = CountingStep,
    responses(
        (status = 200, description = "Recorded; when both accepted, `count` holds the rule 6 and 6 bis breakdown", body = GameState),
        (status = 409, description = "The game is not paused for counting; `counting.superseded`, the step answers a proposal replaced since (the new one is in `state`); or `game.contended`, the game changed under the request too often: send it again", body = crate::error::Problem, content_type = "application/problem+json"),
    ),
    security(("bearer" = []))
)]
pub async fn counting(
    pool: web::Data<DbPool>,
    cache: web::Data<GameCache>,
    caller: Caller,
    request: HttpRequest,
    key: IdempotencyKey,
    path: web::Path<Uuid>,
    body: ApiJson<CountingStep>,
) -> Result<HttpResponse, GameError> {
    let step = body.0;
    if step.dead.len() > 2704 {
        return Err(ApiError::Validation(vec![FieldError::new("dead", "too many points")]).into());
    }
    let dead = step
        .dead
        .iter()
        .enumerate()
        .map(|(index, text)| parse_point(&format!("dead[{index}]"), text))
        .collect::<Result<Vec<_>, _>>()?;
    let fingerprint = fingerprint_of(&request, &step)?;
    write_game(
        (&pool, &cache),
        &caller,
        Actor::Table,
        path.into_inner(),
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
            game.handle(Input::Counting { step, revision, at }, Some(token_id))
                .map_err(|refusal| refused(refusal, game))
        },
    )
    .await
    .and_then(respond)
}
