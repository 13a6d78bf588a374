//! Server-sent events: `GET /games/{id}/stream` and `GET /tournaments/{id}/stream`.
//!
//! Each event is one entry of a game's log (`event:` its kind, `data:` the entry as the
//! log endpoint gives it). Its `id:` is the entry's `seq` on a game's stream and its
//! tournament-wide `id` on a tournament's, so a client reconnecting with `Last-Event-ID`
//! (or `?after=`) resumes where it stopped. The streams of one game or tournament share
//! one feed (see [`crate::services::live::feed`]), which reads the log once per
//! PostgreSQL notification (see [`crate::services::live::notify`]), so every instance
//! streams every change whichever instance recorded it, at the same cost to the database
//! for one stream or a thousand.

use super::{GameEvent, PairingEvent};
use crate::db::DbPool;
use crate::error::GameError;
use crate::error::{cause_chain, ApiError, FieldError};
use crate::http::{budget, ApiQuery};
use crate::routes::conditional;
use crate::services::live::feed::{Feed, Horizon, Kinds, Since, Subject, BATCH, MISSING_POLL};
use crate::services::live::notify::{Following, Hub};
use crate::store::games as store;
use actix_web::body::{BodySize, MessageBody};
use actix_web::http::header;
use actix_web::web::Bytes;
use actix_web::{web, HttpRequest, HttpResponse};
use serde::{Deserialize, Serialize};
use std::pin::Pin;
use std::sync::atomic::Ordering;
use std::task::{Context, Poll};
use std::time::Duration;
use tokio::sync::mpsc;
use tokio::time::Instant;
use uuid::Uuid;

/// A comment line every so often keeps proxies from closing an idle stream, and finds a
/// client gone without a word (the write fails) within seconds.
const KEEPALIVE: Duration = Duration::from_secs(5);
/// Chunks waiting to be written to one client: a stream whose client does not read them
/// ends there (see [`open`]).
const BUFFER: usize = 32;
/// How long a stream waits after a failed read of the log before reading again.
const RETRY_AFTER_ERROR: Duration = Duration::from_secs(1);
/// The least time between two writes to an anonymous stream (a phone following the
/// tournament): what arrives meanwhile goes out in one chunk. A thousand phones then cost
/// ten writes a second each however busy the tournament, while a signed-in stream (a
/// tablet, the referee's view) is written as soon as its feed has read an event.
const PHONE_PACE: Duration = Duration::from_millis(100);

/// When a phone's stream writes: at the moments of its own grid of [`PHONE_PACE`],
/// shifted from its neighbours' by the golden ratio of the period. The streams of a feed
/// all wake on the same read of the log; written at once, a thousand of them would hold
/// the request workers for milliseconds in one go, every period, and the tablets' turns
/// that arrive meanwhile with them. On their grids they are written a few at a time,
/// spread evenly over the period, and stay so whatever the pace of the events.
struct Pace {
    origin: Instant,
}

impl Pace {
    /// The grid of the stream at `place` among its feed's, opened at `opened`.
    fn new(place: usize, opened: Instant) -> Pace {
        const GOLDEN: f64 = 0.618_033_988_749_895;
        let shift = (place as f64 * GOLDEN).fract();
        Pace {
            origin: opened + PHONE_PACE.mul_f64(shift),
        }
    }

    /// The first moment of the grid after `now`.
    fn next(&self, now: Instant) -> Instant {
        let Some(elapsed) = now.checked_duration_since(self.origin) else {
            return self.origin;
        };
        let periods = elapsed.as_nanos() / PHONE_PACE.as_nanos() + 1;
        self.origin + PHONE_PACE * u32::try_from(periods).unwrap_or(u32::MAX)
    }
}

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

/// Where to resume, and which entries to send.
#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[serde(deny_unknown_fields)]
#[into_params(parameter_in = Query)]
pub struct TournamentStreamQuery {
    /// Resume after this event id (as `Last-Event-ID`, which takes precedence). Default:
    /// from now.
    #[param(minimum = 0)]
    pub after: Option<i64>,
    /// The kinds of entry to send, separated by commas (`start`, `turn`, `result`,
    /// `clock`, `counting`, `ruling`); default every kind. The public pages follow
    /// `result,clock,counting,ruling`, the entries that can carry a result.
    #[param(example = "result,clock,counting,ruling")]
    pub kinds: Option<String>,
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

fn last_event_id(request: &HttpRequest, after: Option<i64>) -> Result<Option<i64>, ApiError> {
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
        None => Ok(after.filter(|id| *id >= 0)),
    }
}

/// An entry as a tournament's stream sends it: with the round and the table of its
/// pairing (`"round"`, `"table"`), so that a page showing that round updates that line
/// alone rather than fetch itself again (issue 42).
#[derive(Serialize)]
struct Placed<T> {
    #[serde(flatten)]
    entry: T,
    #[serde(flatten)]
    place: Option<store::Place>,
}

fn frame(id: i64, entry: store::LogEntry) -> Bytes {
    let kind = entry.kind().to_string();
    let data = match entry {
        store::LogEntry::Game(row, place) => serde_json::to_string(&Placed {
            entry: GameEvent::from(row),
            place,
        }),
        store::LogEntry::Pairing(row, place) => serde_json::to_string(&Placed {
            entry: PairingEvent::from(row),
            place: Some(place),
        }),
    }
    .unwrap_or_default();
    Bytes::from(format!("id: {id}\nevent: {kind}\ndata: {data}\n\n"))
}

/// A stream reading `following`'s feed after `cursor`: the log up to the feed's ring
/// first if the cursor is older (a client resuming), then the ring as it grows. Its task
/// ends, and its feed with it if it was the last stream, when the client goes (its body
/// is dropped), when the client does not read what is sent (its buffer full: it resumes
/// after the last id it received, without holding back the others), or when the
/// instance stops.
fn open(
    hub: &Hub,
    (following, held): (Following, budget::Stream),
    mut cursor: i64,
    kinds: Kinds,
    paced: bool,
) -> HttpResponse {
    let pace = paced.then(|| Pace::new(following.place, Instant::now()));
    let (sender, receiver) = mpsc::channel::<Bytes>(BUFFER);
    let stopped = hub.stopped();
    let hub = hub.clone();
    let produce = async move {
        let feed = &following.feed;
        if sender
            .try_send(Bytes::from_static(b"retry: 1000\n\n"))
            .is_err()
        {
            return;
        }
        let mut head = feed.watch(kinds);
        let mut live = false;
        let mut waited = false;
        let mut horizon = Horizon::default();
        loop {
            head.seen();
            match feed.since(cursor, kinds) {
                Since::Events {
                    to,
                    chunk: Some(chunk),
                } => {
                    live = true;
                    if let Some(pace) = &pace {
                        if !waited {
                            // What arrives until the stream's moment goes out with this.
                            waited = true;
                            tokio::time::sleep_until(pace.next(Instant::now())).await;
                            continue;
                        }
                        waited = false;
                    }
                    if sender.try_send(chunk).is_err() {
                        return;
                    }
                    cursor = to;
                    continue;
                }
                Since::Events { to, chunk: None } => {
                    live = true;
                    cursor = to;
                }
                // Fell behind the ring while following: a slow reader ends here.
                Since::Behind { .. } if live => return,
                Since::Behind { base } => {
                    hub.counters().catch_ups.fetch_add(1, Ordering::Relaxed);
                    match catch_up(hub.pool(), feed, &mut horizon, (cursor, base), kinds).await {
                        Ok((read_to, chunk, waiting)) => {
                            if !chunk.is_empty() && sender.try_send(chunk).is_err() {
                                return;
                            }
                            if read_to == cursor && waiting {
                                tokio::time::sleep(MISSING_POLL).await;
                            }
                            cursor = read_to;
                        }
                        Err(error) => {
                            tracing::warn!(cause = %cause_chain(&error), "event stream: reading the log failed");
                            tokio::time::sleep(RETRY_AFTER_ERROR).await;
                        }
                    }
                    continue;
                }
            }
            tokio::select! {
                changed = head.changed() => {
                    if changed.is_err() {
                        return;
                    }
                }
                () = sender.closed() => return,
                () = tokio::time::sleep(KEEPALIVE) => {
                    if sender.try_send(Bytes::from_static(b": keepalive\n\n")).is_err() {
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
        // The stream is over: its client's budget has it back.
        drop(held);
    });
    HttpResponse::Ok()
        .insert_header((header::CONTENT_TYPE, "text/event-stream"))
        .insert_header((header::CACHE_CONTROL, "no-cache"))
        .insert_header(("x-accel-buffering", "no"))
        .body(EventStream(receiver))
}

/// The log of `feed`'s subject after `cursor`, up to the ring's `base` and the settled
/// horizon: where the stream now stands, the events of `kinds` read, and whether an id
/// is missing.
async fn catch_up(
    pool: &DbPool,
    feed: &Feed,
    horizon: &mut Horizon,
    (cursor, base): (i64, i64),
    kinds: Kinds,
) -> Result<(i64, Bytes, bool), ApiError> {
    let (settled, waiting) = feed.subject.settled(pool, horizon, cursor).await?;
    let up_to = settled.min(base);
    let rows = feed.subject.after(pool, cursor, up_to).await?;
    let full = rows.len() as i64 == BATCH;
    let mut chunk = Vec::new();
    let mut read_to = cursor;
    for (id, row) in rows {
        if kinds.holds(row.kind()) {
            chunk.extend_from_slice(&feed.encode(id, row));
        }
        read_to = id;
    }
    if !full {
        // Every id up to there is settled: nothing below it is left to read.
        read_to = read_to.max(up_to);
    }
    Ok((read_to, Bytes::from(chunk), waiting))
}

/// Whether the stream is a phone's, paced ([`Pace`]): an anonymous one.
fn paced(request: &HttpRequest) -> bool {
    conditional::anonymous(request)
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
    let cursor = last_event_id(&request, query.0.after)?.unwrap_or(0);
    let held = budget::of(&request)?.stream(&request)?;
    let mut connection = pool.get().await?;
    let row = store::find(&mut connection, game_id)
        .await?
        .ok_or(GameError::NotFound)?;
    drop(connection);
    let following = hub
        .follow(Subject::Game(game_id), i64::from(row.last_seq), frame)
        .ok_or_else(|| ApiError::internal("the feeds' lock is poisoned"))?;
    Ok(open(
        &hub,
        (following, held),
        cursor,
        Kinds::ALL,
        paced(&request),
    ))
}

/// The live log of every game of a tournament as server-sent events, resumable with
/// `Last-Event-ID` (a tournament-wide event id), of every kind of entry or of the kinds
/// asked for.
#[utoipa::path(
    get, path = "/tournaments/{tournament_id}/stream", tag = "games",
    params(("tournament_id" = Uuid, Path), TournamentStreamQuery, ("Last-Event-ID" = Option<String>, Header, description = "Resume after this event id")),
    responses((status = 200, description = "text/event-stream of the log entries of the tournament's games", content_type = "text/event-stream", body = String))
)]
pub async fn tournament(
    pool: web::Data<DbPool>,
    hub: web::Data<Hub>,
    request: HttpRequest,
    path: web::Path<Uuid>,
    query: ApiQuery<TournamentStreamQuery>,
) -> Result<HttpResponse, GameError> {
    let tournament_id = path.into_inner();
    let requested = last_event_id(&request, query.0.after)?;
    let kinds = match &query.0.kinds {
        Some(kinds) => kinds.parse().map_err(|message: String| {
            ApiError::Validation(vec![FieldError::new("kinds", message)])
        })?,
        None => Kinds::ALL,
    };
    let held = budget::of(&request)?.stream(&request)?;
    let subject = Subject::Tournament(tournament_id);
    let mut connection = pool.get().await?;
    crate::store::tournaments::ensure_exists(&mut connection, tournament_id).await?;
    // A new feed starts from now: the last id of the log (every tournament's).
    let start = match hub.running(subject) {
        Some(feed) => feed.head(),
        None => store::last_event_id(&mut connection).await?,
    };
    drop(connection);
    let following = hub
        .follow(subject, start, frame)
        .ok_or_else(|| ApiError::internal("the feeds' lock is poisoned"))?;
    let cursor = requested.unwrap_or_else(|| following.feed.head());
    Ok(open(
        &hub,
        (following, held),
        cursor,
        kinds,
        paced(&request),
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_phone_writes_on_its_own_grid_at_most_once_a_period() {
        let opened = Instant::now();
        let pace = Pace::new(7, opened);
        for millis in [0, 1, 99, 100, 101, 250, 10_000] {
            let now = opened + Duration::from_millis(millis);
            let next = pace.next(now);
            assert!(
                next > now && next - now <= PHONE_PACE,
                "at {millis} ms: {:?}",
                next - now
            );
            assert_eq!(pace.next(next), next + PHONE_PACE, "at {millis} ms");
        }
    }

    #[test]
    fn the_phones_of_a_feed_are_written_spread_over_the_period_not_at_once() {
        let opened = Instant::now();
        let mut slots = [0_usize; 10];
        for place in 0..1000 {
            let first = Pace::new(place, opened).next(opened) - opened;
            let slot = first.as_nanos() * 10 / PHONE_PACE.as_nanos();
            slots[usize::try_from(slot).unwrap_or(usize::MAX).min(9)] += 1;
        }
        // A tenth of the period holds about a tenth of the thousand phones.
        assert!(
            slots.iter().all(|count| (95..=105).contains(count)),
            "{slots:?}"
        );
    }
}
