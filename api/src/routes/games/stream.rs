//! Server-sent events: `GET /games/{id}/stream` and `GET /tournaments/{id}/stream`.
//!
//! Each event is one entry of a game's log (`event:` its kind, `data:` the entry as the
//! log endpoint gives it). Its `id:` is the entry's `seq` on a game's stream and its
//! tournament-wide `id` on a tournament's, so a client reconnecting with `Last-Event-ID`
//! (or `?after=`) resumes where it stopped. The stream reads the log itself; the
//! PostgreSQL notifications (see [`crate::services::live::notify`]) only wake it, so every
//! instance streams every change whichever instance recorded it.

use super::GameEvent;
use crate::db::DbPool;
use crate::error::GameError;
use crate::error::{ApiError, FieldError};
use crate::http::ApiQuery;
use crate::services::live::notify::Hub;
use crate::store::games as store;
use actix_web::body::{BodySize, MessageBody};
use actix_web::http::header;
use actix_web::web::Bytes;
use actix_web::{web, HttpRequest, HttpResponse};
use serde::Deserialize;
use std::pin::Pin;
use std::task::{Context, Poll};
use std::time::{Duration, Instant};
use tokio::sync::{broadcast, mpsc};
use uuid::Uuid;

/// A comment line every so often keeps proxies from closing an idle stream.
const KEEPALIVE: Duration = Duration::from_secs(15);
/// Entries read per query.
const BATCH: i64 = 500;
/// How long a transaction may take between recording an entry and committing it. Ids are
/// drawn at insert, not at commit, so an entry can become visible after one with a higher
/// id: a tournament's stream waits this long for a missing id before passing over it (its
/// transaction rolled back).
const LATE_COMMIT_SECONDS: i32 = 3;
/// How often a tournament's stream looks again while it waits for a missing id.
const MISSING_POLL: Duration = Duration::from_millis(10);

/// Where to resume.
#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[serde(deny_unknown_fields)]
#[into_params(parameter_in = Query)]
pub struct StreamQuery {
    /// Resume after this event id (as `Last-Event-ID`, which takes precedence). Default:
    /// from the start of the game; for a tournament, from now.
    #[param(minimum = 0)]
    pub after: Option<i64>,
}

/// The body of an event stream: what the producing task sends.
struct EventStream(mpsc::Receiver<Bytes>);

impl MessageBody for EventStream {
    type Error = std::convert::Infallible;

    fn size(&self) -> BodySize {
        BodySize::Stream
    }

    fn poll_next(
        mut self: Pin<&mut Self>,
        context: &mut Context<'_>,
    ) -> Poll<Option<Result<Bytes, Self::Error>>> {
        self.0.poll_recv(context).map(|chunk| chunk.map(Ok))
    }
}

fn last_event_id(request: &HttpRequest, query: &StreamQuery) -> Result<Option<i64>, ApiError> {
    match request.headers().get("last-event-id") {
        Some(value) => value
            .to_str()
            .ok()
            .and_then(|text| text.trim().parse::<i64>().ok())
            .filter(|id| *id >= 0)
            .map(Some)
            .ok_or_else(|| {
                ApiError::Validation(vec![FieldError::new(
                    "Last-Event-ID",
                    "must be an event id",
                )])
            }),
        None => Ok(query.after.filter(|id| *id >= 0)),
    }
}

fn frame(id: i64, row: store::EventRow) -> Bytes {
    let kind = row.kind.clone();
    let data = serde_json::to_string(&GameEvent::from(row)).unwrap_or_default();
    Bytes::from(format!("id: {id}\nevent: {kind}\ndata: {data}\n\n"))
}

/// What a stream follows.
#[derive(Debug, Clone, Copy)]
enum Subject {
    Game(Uuid),
    Tournament(Uuid),
}

impl Subject {
    fn concerns(self, notice: &crate::services::live::notify::Notice) -> bool {
        match self {
            Subject::Game(id) => notice.game_id == id,
            Subject::Tournament(id) => notice.tournament_id == id,
        }
    }

    /// The entries after `cursor`, up to the id `up_to` for a tournament.
    async fn after(
        self,
        pool: &DbPool,
        cursor: i64,
        up_to: i64,
    ) -> Result<Vec<(i64, store::EventRow)>, ApiError> {
        let mut connection = pool.get().await?;
        Ok(match self {
            Subject::Game(id) => {
                let after = i32::try_from(cursor).unwrap_or(i32::MAX);
                store::events_after(&mut connection, id, after, BATCH)
                    .await?
                    .into_iter()
                    .map(|row| (i64::from(row.seq), row))
                    .collect()
            }
            Subject::Tournament(id) => {
                store::tournament_events_after(&mut connection, id, (cursor, up_to), BATCH)
                    .await?
                    .into_iter()
                    .map(|row| (row.id, row))
                    .collect()
            }
        })
    }
}

/// How far a tournament's stream may read, so that it sends entries in the order of their
/// ids and a client resuming after an id has missed nothing below it. A game's entries are
/// numbered under the game's lock and commit in order; a tournament's ids are drawn at
/// insert by concurrent transactions, so an id can still be missing while a higher one is
/// visible. The stream reads up to the first missing id until it shows up or is given up
/// on: missing for [`LATE_COMMIT_SECONDS`] since this stream first saw the gap, or the
/// entry after it recorded more than twice that long ago (the missing id was drawn before
/// that entry's transaction committed).
#[derive(Default)]
struct Horizon {
    /// The first missing id and when this stream first found it missing.
    missing: Option<(i64, Instant)>,
}

impl Horizon {
    /// The settled horizon from `from` on, and whether an id below the next entries is
    /// still missing.
    async fn advance(&mut self, pool: &DbPool, from: i64) -> Result<(i64, bool), ApiError> {
        let mut connection = pool.get().await?;
        let patience = Duration::from_secs(LATE_COMMIT_SECONDS.unsigned_abs().into());
        let mut horizon = from;
        loop {
            let ids =
                store::event_ids_after(&mut connection, horizon, 2 * LATE_COMMIT_SECONDS, BATCH)
                    .await?;
            let full = ids.len() as i64 == BATCH;
            for (id, old) in ids {
                if id > horizon + 1 && !old {
                    let since = match self.missing {
                        Some((missing, since)) if missing == horizon + 1 => since,
                        _ => self.missing.insert((horizon + 1, Instant::now())).1,
                    };
                    if since.elapsed() < patience {
                        return Ok((horizon, true));
                    }
                }
                horizon = id;
            }
            if !full {
                self.missing = None;
                return Ok((horizon, false));
            }
        }
    }
}

fn open(pool: DbPool, hub: &Hub, subject: Subject, mut cursor: i64) -> HttpResponse {
    let (sender, receiver) = mpsc::channel::<Bytes>(64);
    // Subscribed before the first read, so nothing committed meanwhile is missed.
    let mut notices = hub.subscribe();
    let stopped = hub.stopped();
    let produce = async move {
        if sender
            .send(Bytes::from_static(b"retry: 1000\n\n"))
            .await
            .is_err()
        {
            return;
        }
        let mut horizon = Horizon::default();
        loop {
            let (up_to, waiting) = match subject {
                Subject::Game(_) => (i64::MAX, false),
                Subject::Tournament(_) => match horizon.advance(&pool, cursor).await {
                    Ok(settled) => settled,
                    Err(error) => {
                        // Nothing is read past the cursor; the next notice or keepalive retries.
                        tracing::warn!(%error, "event stream: reading the log failed");
                        (cursor, false)
                    }
                },
            };
            match subject.after(&pool, cursor, up_to).await {
                Ok(rows) => {
                    let full = rows.len() as i64 == BATCH;
                    for (id, row) in rows {
                        cursor = id;
                        if sender.send(frame(id, row)).await.is_err() {
                            return;
                        }
                    }
                    if full {
                        continue;
                    }
                    if matches!(subject, Subject::Tournament(_)) {
                        // Every id up to the horizon is settled: the next read starts there.
                        cursor = cursor.max(up_to);
                    }
                }
                Err(error) => tracing::warn!(%error, "event stream: reading the log failed"),
            }
            // Wait for a notice about this subject, or the keepalive; while an id is missing,
            // look again soon: the transaction holding it may be another tournament's.
            let woken =
                tokio::time::timeout(if waiting { MISSING_POLL } else { KEEPALIVE }, async {
                    loop {
                        match notices.recv().await {
                            Ok(notice) if subject.concerns(&notice) => return true,
                            Ok(_) => {}
                            Err(broadcast::error::RecvError::Lagged(_)) => return true,
                            Err(broadcast::error::RecvError::Closed) => return false,
                        }
                    }
                })
                .await;
            match woken {
                Ok(true) => {}
                Ok(false) => return,
                Err(_) if waiting => {}
                Err(_) => {
                    if sender
                        .send(Bytes::from_static(b": keepalive\n\n"))
                        .await
                        .is_err()
                    {
                        return;
                    }
                }
            }
        }
    };
    // Dropping the producer drops the sender: the body ends, and so does the response.
    actix_web::rt::spawn(async move {
        tokio::select! {
            () = stopped => {}
            () = produce => {}
        }
    });
    HttpResponse::Ok()
        .insert_header((header::CONTENT_TYPE, "text/event-stream"))
        .insert_header((header::CACHE_CONTROL, "no-cache"))
        .insert_header(("x-accel-buffering", "no"))
        .body(EventStream(receiver))
}

/// The live log of a game as server-sent events, resumable with `Last-Event-ID` (a `seq`).
#[utoipa::path(
    get, path = "/games/{game_id}/stream", tag = "games",
    params(("game_id" = Uuid, Path), StreamQuery, ("Last-Event-ID" = Option<String>, Header, description = "Resume after this seq")),
    responses((status = 200, description = "text/event-stream of the game's log entries", content_type = "text/event-stream", body = String))
)]
pub async fn game(
    pool: web::Data<DbPool>,
    hub: web::Data<Hub>,
    request: HttpRequest,
    path: web::Path<Uuid>,
    query: ApiQuery<StreamQuery>,
) -> Result<HttpResponse, GameError> {
    let game_id = path.into_inner();
    let cursor = last_event_id(&request, &query.0)?.unwrap_or(0);
    let mut connection = pool.get().await?;
    store::find(&mut connection, game_id)
        .await?
        .ok_or(GameError::NotFound)?;
    drop(connection);
    Ok(open(
        pool.get_ref().clone(),
        &hub,
        Subject::Game(game_id),
        cursor,
    ))
}

/// The live log of every game of a tournament as server-sent events, resumable with
/// `Last-Event-ID` (a tournament-wide event id).
#[utoipa::path(
    get, path = "/tournaments/{tournament_id}/stream", tag = "games",
    params(("tournament_id" = Uuid, Path), StreamQuery, ("Last-Event-ID" = Option<String>, Header, description = "Resume after this event id")),
    responses((status = 200, description = "text/event-stream of the log entries of the tournament's games", content_type = "text/event-stream", body = String))
)]
pub async fn tournament(
    pool: web::Data<DbPool>,
    hub: web::Data<Hub>,
    request: HttpRequest,
    path: web::Path<Uuid>,
    query: ApiQuery<StreamQuery>,
) -> Result<HttpResponse, GameError> {
    let tournament_id = path.into_inner();
    let requested = last_event_id(&request, &query.0)?;
    let mut connection = pool.get().await?;
    crate::store::tournaments::ensure_exists(&mut connection, tournament_id).await?;
    let cursor = match requested {
        Some(cursor) => cursor,
        None => store::last_event_id(&mut connection, tournament_id).await?,
    };
    drop(connection);
    Ok(open(
        pool.get_ref().clone(),
        &hub,
        Subject::Tournament(tournament_id),
        cursor,
    ))
}
