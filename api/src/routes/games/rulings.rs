//! `/games/{id}/rulings`: the referee's decisions, each a record in the game's log with
//! the referee, the instant, the kind and the reason. Append-only: a correction is a new
//! ruling pointing (`corrects`) at the entry it corrects. A ruling that changes the result
//! changes the game's `result`, which the standings read.

use super::GameEvent;
use crate::auth::Caller;
use crate::db::DbPool;
use crate::error::GameError;
use crate::http::ApiJson;
use crate::services::live::cache::GameCache;
use crate::services::live::idempotency::fingerprint_of;
use crate::services::live::idempotency::IdempotencyKey;
use crate::services::live::rulings::{issue, NewGameRuling};
use crate::services::live::view::GameState;
use crate::services::live::write::respond;
use crate::services::live::write::Retry;
use crate::store::games as store;
use crate::store::tokens;
use actix_web::{web, HttpRequest, HttpResponse};
use serde::{Deserialize, Serialize};
use std::collections::HashMap;
use utoipa::ToSchema;
use uuid::Uuid;

/// A game's rulings, oldest first: the audit trail.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
pub struct GameRulingList {
    pub items: Vec<GameRulingEntry>,
}

/// A ruling of the log, with its author's label beside the token id.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
pub struct GameRulingEntry {
    #[serde(flatten)]
    pub entry: GameEvent,
    /// The label of the token that issued it (`Marie (referee)`).
    pub issued_by_label: Option<String>,
}

/// Issue a ruling (the tournament's referees).
#[utoipa::path(
    post, path = "/games/{game_id}/rulings", tag = "games",
    params(("game_id" = Uuid, Path), ("Idempotency-Key" = Option<String>, Header, description = "A retry with the same key returns the first response")),
    request_body = NewGameRuling,
    responses(
        (status = 201, description = "Recorded; the game after it", body = GameState),
        (status = 409, description = "Not possible in the game's state, or `game.contended`: the game changed under the request too often, send it again", body = crate::error::Problem, content_type = "application/problem+json"),
    ),
    security(("bearer" = []))
)]
pub async fn rule(
    pool: web::Data<DbPool>,
    cache: web::Data<GameCache>,
    caller: Caller,
    request: HttpRequest,
    key: IdempotencyKey,
    path: web::Path<Uuid>,
    body: ApiJson<NewGameRuling>,
) -> Result<HttpResponse, GameError> {
    let fingerprint = fingerprint_of(&request, &body.0)?;
    let retry = Retry {
        key,
        fingerprint,
        unrepeatable: false,
    };
    issue((&pool, &cache), &caller, path.into_inner(), body.0, retry)
        .await
        .and_then(respond)
}

/// The rulings of a game, oldest first, with who issued each and when.
#[utoipa::path(
    get, path = "/games/{game_id}/rulings", tag = "games",
    params(("game_id" = Uuid, Path)),
    responses((status = 200, description = "The audit trail", body = GameRulingList))
)]
pub async fn list(
    pool: web::Data<DbPool>,
    path: web::Path<Uuid>,
) -> Result<HttpResponse, GameError> {
    let game_id = path.into_inner();
    let mut connection = pool.get().await?;
    store::find(&mut connection, game_id)
        .await?
        .ok_or(GameError::NotFound)?;
    let rows = store::rulings(&mut connection, game_id).await?;
    let ids: Vec<Uuid> = rows.iter().filter_map(|row| row.issued_by).collect();
    let labels: HashMap<Uuid, String> = tokens::labels(&mut connection, &ids)
        .await?
        .into_iter()
        .collect();
    let items = rows
        .into_iter()
        .map(|row| GameRulingEntry {
            issued_by_label: row.issued_by.and_then(|id| labels.get(&id).cloned()),
            entry: GameEvent::from(row),
        })
        .collect();
    Ok(HttpResponse::Ok().json(GameRulingList { items }))
}
