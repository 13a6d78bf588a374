//! `POST /games/{id}/turns` and `POST /games/{id}/counting`: what the table's tablet
//! records, parsed and answered here, judged by `services::live::play`.

use crate::auth::Caller;
use crate::db::DbPool;
use crate::error::GameError;
use crate::http::ApiJson;
use crate::services::live::cache::GameCache;
use crate::services::live::idempotency::{fingerprint_of, IdempotencyKey};
use crate::services::live::play::{self, CountingStep, NewTurn};
use crate::services::live::view::GameState;
use crate::services::live::write::respond;
use crate::services::revisions::Revisions;
use actix_web::{web, HttpRequest, HttpResponse};
use uuid::Uuid;

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
    let fingerprint = fingerprint_of(&request, &body.0)?;
    let revisions = request.app_data::<web::Data<Revisions>>();
    let answer = play::turn(
        (&pool, &cache),
        &caller,
        (key, fingerprint),
        path.into_inner(),
        body.0,
        revisions.map(|revisions| revisions.get_ref()),
    )
    .await?;
    respond(answer)
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
    let fingerprint = fingerprint_of(&request, &body.0)?;
    let answer = play::counting(
        (&pool, &cache),
        &caller,
        (key, fingerprint),
        path.into_inner(),
        body.0,
    )
    .await?;
    respond(answer)
}
