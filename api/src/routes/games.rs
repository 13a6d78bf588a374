//! Live games: started from a pairing, played turn by turn from the table's tablet,
//! timed by the server, counted by rule 5 bis, ruled on by the referee, streamed live.
//! The routes parse and answer; every write goes through `services::live::write`.

pub mod play;
pub mod rulings;
pub mod sgf;
pub mod stream;
pub mod svg;

use crate::auth::Caller;
use crate::db::DbPool;
use crate::error::{ApiError, FieldError, GameError};
use crate::http::{ApiJson, ApiQuery, PageInfo, PageQuery};
use crate::services::live::cache::GameCache;
use crate::services::live::start::{start_game, NewGameRequest};
use crate::services::live::view::GameState;
use crate::services::live::write::current;
use crate::store::games::{self as store, EventRow, GameRow, PairingEventRow};
use actix_web::{web, HttpRequest, HttpResponse};
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use std::borrow::Cow;
use utoipa::ToSchema;
use uuid::Uuid;

/// One entry of a game's log.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
pub struct GameEvent {
    /// Order in the tournament's stream.
    pub id: i64,
    pub game_id: Uuid,
    /// Order in the game: 1, 2, 3...
    pub seq: i32,
    /// `start`, `turn`, `clock`, `counting`, `ruling`, `result`, or `refused`: a step
    /// of the table's tablet refused on arrival because the game had moved on (a pause,
    /// a ruling, the other tablet's turn, a new proposal of dead stones), kept for the
    /// referee (`{"event": "refused", "refusal": {"color", "asked", "code"}, "at"}`).
    pub kind: String,
    pub turn_number: Option<i32>,
    /// The table's event (`{"event": "turn", "color": "B", "action": {"move": "dd"}, "at": ...}`).
    #[schema(value_type = Option<Object>)]
    pub event: Option<serde_json::Value>,
    /// A ruling as the table applied it: `{"event", "ruling": {"kind", "reason",
    /// "corrects", ...}, "by", "at", "previous", "result"}` (the result before and after).
    #[schema(value_type = Option<Object>)]
    pub ruling: Option<serde_json::Value>,
    /// The game's result after this entry, when this entry set or changed it: the entry
    /// that ends a game (a count accepted, a resignation, a flag, a ruling) carries it.
    pub result: Option<String>,
    /// The token that caused it (none for the flag sweep).
    pub issued_by: Option<Uuid>,
    pub at_ms: i64,
    pub recorded_at: DateTime<Utc>,
}

impl From<EventRow> for GameEvent {
    fn from(row: EventRow) -> GameEvent {
        GameEvent {
            id: row.id,
            game_id: row.game_id,
            seq: row.seq,
            kind: row.kind,
            turn_number: row.turn_number,
            event: row.event,
            ruling: row.ruling,
            result: row.result,
            issued_by: row.issued_by,
            at_ms: row.at_ms,
            recorded_at: row.recorded_at,
        }
    }
}

/// A result recorded by hand on a pairing without a game (a paper result), as a
/// tournament's stream sends it (`event: result`).
#[derive(Debug, Serialize, Deserialize)]
pub struct PairingEvent {
    /// Order in the tournament's stream, with the games' entries.
    pub id: i64,
    pub pairing_id: Uuid,
    /// `result` (a `Cow`, so that a client reading the stream decodes it).
    pub kind: Cow<'static, str>,
    /// The pairing's result now, SGF `RE` (none: cleared).
    pub result: Option<String>,
    /// The token that recorded it.
    pub issued_by: Uuid,
    pub recorded_at: DateTime<Utc>,
}

impl From<PairingEventRow> for PairingEvent {
    fn from(row: PairingEventRow) -> PairingEvent {
        PairingEvent {
            id: row.id,
            pairing_id: row.pairing_id,
            kind: Cow::Borrowed("result"),
            result: row.result,
            issued_by: row.issued_by,
            recorded_at: row.recorded_at,
        }
    }
}

/// A game's log, oldest first.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
pub struct GameEventList {
    pub items: Vec<GameEvent>,
}

/// A game in a list.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
pub struct GameSummary {
    pub id: Uuid,
    pub pairing_id: Uuid,
    pub seq: i32,
    pub turns: i32,
    pub phase: String,
    pub result: Option<String>,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

impl From<GameRow> for GameSummary {
    fn from(row: GameRow) -> GameSummary {
        GameSummary {
            id: row.id,
            pairing_id: row.pairing_id,
            seq: row.last_seq,
            turns: row.turns,
            phase: row.phase,
            result: row.result,
            created_at: row.created_at,
            updated_at: row.updated_at,
        }
    }
}

#[derive(Debug, Serialize, Deserialize, ToSchema)]
pub struct GamePage {
    pub items: Vec<GameSummary>,
    pub page: PageInfo,
}

/// Start the game of a pairing (its table's tablet, or the tournament's staff).
#[utoipa::path(
    post, path = "/tournaments/{tournament_id}/games", tag = "games",
    params(("tournament_id" = Uuid, Path)),
    request_body = NewGameRequest,
    responses(
        (status = 201, description = "Started: the clock of the first player runs", body = GameState),
        (status = 422, description = "Terms the game cannot be played on: `terms.board_size` (another board than the tournament's), `terms.handicap`, `validation.failed`", body = crate::error::Problem, content_type = "application/problem+json"),
    ),
    security(("bearer" = []))
)]
pub async fn create(
    pool: web::Data<DbPool>,
    cache: web::Data<GameCache>,
    caller: Caller,
    path: web::Path<Uuid>,
    body: ApiJson<NewGameRequest>,
) -> Result<HttpResponse, GameError> {
    let game = start_game((&pool, &cache), &caller, path.into_inner(), body.0).await?;
    Ok(HttpResponse::Created().json(game))
}

/// The games of a tournament.
#[utoipa::path(
    get, path = "/tournaments/{tournament_id}/games", tag = "games",
    params(("tournament_id" = Uuid, Path), PageQuery),
    responses((status = 200, description = "A page of games", body = GamePage))
)]
pub async fn list(
    request: HttpRequest,
    pool: web::Data<DbPool>,
    path: web::Path<Uuid>,
    query: ApiQuery<PageQuery>,
) -> Result<HttpResponse, GameError> {
    let tournament_id = path.into_inner();
    let window = query.0.window()?;
    let mut connection = pool.get().await?;
    crate::store::tournaments::ensure_exists(&mut connection, tournament_id).await?;
    let (rows, total) =
        store::list(&mut connection, tournament_id, window.limit, window.offset).await?;
    let items = rows.into_iter().map(GameSummary::from).collect();
    let page = PageInfo::new(total, window);
    Ok(page.response(&request).json(GamePage { items, page }))
}

/// A game as it stands, with both clocks read now.
#[utoipa::path(
    get, path = "/games/{game_id}", tag = "games",
    params(("game_id" = Uuid, Path)),
    responses((status = 200, description = "The game", body = GameState))
)]
pub async fn get(
    pool: web::Data<DbPool>,
    cache: web::Data<GameCache>,
    path: web::Path<Uuid>,
) -> Result<HttpResponse, GameError> {
    let mut connection = pool.get().await?;
    let state = current(&mut connection, &cache, path.into_inner()).await?;
    Ok(HttpResponse::Ok().json(state))
}

/// Where to start reading a log.
#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[serde(deny_unknown_fields)]
#[into_params(parameter_in = Query)]
pub struct EventQuery {
    /// Only the entries after this `seq` (default 0: all).
    #[param(minimum = 0)]
    pub after: Option<i32>,
    /// At most this many entries, 1 to 5000 (default 1000).
    #[param(minimum = 1, maximum = 5000)]
    pub limit: Option<i64>,
}

/// The whole history of a game in order: turns, clock events, counting, rulings, and the
/// steps refused because the game had moved on.
#[utoipa::path(
    get, path = "/games/{game_id}/events", tag = "games",
    params(("game_id" = Uuid, Path), EventQuery),
    responses((status = 200, description = "The log, oldest first", body = GameEventList))
)]
pub async fn events(
    pool: web::Data<DbPool>,
    path: web::Path<Uuid>,
    query: ApiQuery<EventQuery>,
) -> Result<HttpResponse, GameError> {
    let game_id = path.into_inner();
    let limit = query.0.limit.unwrap_or(1000);
    if !(1..=5000).contains(&limit) {
        return Err(GameError::Api(ApiError::InvalidQuery(FieldError::new(
            "limit",
            "must be between 1 and 5000",
        ))));
    }
    let after = query.0.after.unwrap_or(0).max(0);
    let mut connection = pool.get().await?;
    store::find(&mut connection, game_id)
        .await?
        .ok_or(GameError::NotFound)?;
    let rows = store::events_after(&mut connection, game_id, after, limit).await?;
    Ok(HttpResponse::Ok().json(GameEventList {
        items: rows.into_iter().map(GameEvent::from).collect(),
    }))
}
