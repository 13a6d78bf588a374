//! `games`, `game_events` and `idempotency_keys`: live games, their append-only logs,
//! and the responses of keyed requests.
//!
//! A game's state is its log replayed through the core; the `games` row is the
//! projection the sweep, the lists and the standings read, rewritten in the same
//! transaction as every appended event.

use crate::db::{Committed, Connection};
use crate::schema::{game_events, games, idempotency_keys, pairing_events, pairings, rounds};
use crate::store::pairings::PairingRow;
use arbitre_core::table::{AppliedRuling, TableEvent};
use chrono::{DateTime, Utc};
use diesel::prelude::*;
use diesel_async::RunQueryDsl;
use uuid::Uuid;

/// The PostgreSQL channel every appended event is announced on (`LISTEN arbitre_game_events`).
pub const CHANNEL: &str = "arbitre_game_events";

#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = games)]
pub struct GameRow {
    pub id: Uuid,
    pub tournament_id: Uuid,
    pub pairing_id: Uuid,
    pub settings: serde_json::Value,
    pub time_control: serde_json::Value,
    pub flag_policy: String,
    pub last_seq: i32,
    pub turns: i32,
    pub phase: String,
    pub result: Option<String>,
    pub flag_at: Option<DateTime<Utc>>,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

/// A new game.
#[derive(Debug, Insertable)]
#[diesel(table_name = games)]
pub struct NewGame {
    pub id: Uuid,
    pub tournament_id: Uuid,
    pub pairing_id: Uuid,
    pub settings: serde_json::Value,
    pub time_control: serde_json::Value,
    pub flag_policy: String,
    pub phase: String,
}

/// What the log says now: written to the `games` row after each append.
#[derive(Debug, Clone, AsChangeset, serde::Serialize)]
#[diesel(table_name = games, treat_none_as_null = true)]
pub struct Projection {
    pub last_seq: i32,
    pub turns: i32,
    pub phase: String,
    pub result: Option<String>,
    pub flag_at: Option<DateTime<Utc>>,
}

#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = game_events)]
pub struct EventRow {
    pub id: i64,
    pub game_id: Uuid,
    pub seq: i32,
    pub tournament_id: Uuid,
    pub kind: String,
    pub turn_number: Option<i32>,
    pub event: Option<serde_json::Value>,
    pub ruling: Option<serde_json::Value>,
    pub issued_by: Option<Uuid>,
    pub at_ms: i64,
    pub recorded_at: DateTime<Utc>,
    pub result: Option<String>,
}

/// A result recorded by hand on a pairing without a game: an entry of its tournament's
/// log, numbered in the games' entries' order (migration `pairing_events`).
#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = pairing_events)]
pub struct PairingEventRow {
    pub id: i64,
    pub pairing_id: Uuid,
    pub tournament_id: Uuid,
    pub result: Option<String>,
    pub issued_by: Uuid,
    pub recorded_at: DateTime<Utc>,
}

/// Where a pairing is played: its round and its table. A tournament's log says it of each
/// entry, so that a page showing the round updates that table's line alone (issue 42).
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
pub struct Place {
    pub round: i32,
    pub table: i32,
}

/// An entry of a tournament's log: a game's, or a pairing's result recorded by hand.
#[derive(Debug, Clone)]
pub enum LogEntry {
    /// A game's entry, with its game's place when read from the tournament's log.
    Game(EventRow, Option<Place>),
    Pairing(PairingEventRow, Place),
}

impl LogEntry {
    /// Its id in the tournament's log.
    pub fn id(&self) -> i64 {
        match self {
            LogEntry::Game(row, _) => row.id,
            LogEntry::Pairing(row, _) => row.id,
        }
    }

    /// Its kind: a game entry's own, `result` for a pairing's.
    pub fn kind(&self) -> &str {
        match self {
            LogEntry::Game(row, _) => &row.kind,
            LogEntry::Pairing(..) => "result",
        }
    }
}

/// The first `limit` of two lists each in order of their key: the merged list's first
/// `limit` are among each list's first `limit`.
fn merged<T>(mut first: Vec<T>, second: Vec<T>, key: impl Fn(&T) -> i64, limit: i64) -> Vec<T> {
    first.extend(second);
    first.sort_by_key(key);
    first.truncate(usize::try_from(limit).unwrap_or(usize::MAX));
    first
}

/// One entry to append to a game's log (written as JSON rows, see [`append`]).
#[derive(Debug, Clone, serde::Serialize)]
pub struct NewEvent {
    pub game_id: Uuid,
    pub seq: i32,
    pub tournament_id: Uuid,
    pub kind: String,
    pub turn_number: Option<i32>,
    /// The table's event (arbitre_core::table::TableEvent).
    pub event: TableEvent,
    /// For a ruling: the ruling as the table applied it, with the result before and after.
    pub ruling: Option<AppliedRuling>,
    /// The game's result after this entry, when this entry set or changed it.
    pub result: Option<String>,
    pub issued_by: Option<Uuid>,
    pub at_ms: i64,
}

pub async fn insert(connection: &mut Connection, game: &NewGame) -> QueryResult<GameRow> {
    diesel::insert_into(games::table)
        .values(game)
        .returning(GameRow::as_returning())
        .committed(connection)
        .await
}

pub async fn find(connection: &mut Connection, id: Uuid) -> QueryResult<Option<GameRow>> {
    games::table
        .find(id)
        .select(GameRow::as_select())
        .first(connection)
        .await
        .optional()
}

pub async fn find_by_pairing(
    connection: &mut Connection,
    pairing_id: Uuid,
) -> QueryResult<Option<GameRow>> {
    games::table
        .filter(games::pairing_id.eq(pairing_id))
        .select(GameRow::as_select())
        .first(connection)
        .await
        .optional()
}

/// The games of the pairings `pairing_ids` (a pairing has one at most).
pub async fn of_pairings(
    connection: &mut Connection,
    pairing_ids: &[Uuid],
) -> QueryResult<Vec<GameRow>> {
    games::table
        .filter(games::pairing_id.eq_any(pairing_ids))
        .select(GameRow::as_select())
        .load(connection)
        .await
}

pub async fn list(
    connection: &mut Connection,
    tournament_id: Uuid,
    limit: i64,
    offset: i64,
) -> QueryResult<(Vec<GameRow>, i64)> {
    let total = games::table
        .filter(games::tournament_id.eq(tournament_id))
        .count()
        .get_result(connection)
        .await?;
    let rows = games::table
        .filter(games::tournament_id.eq(tournament_id))
        .order(games::id)
        .limit(limit)
        .offset(offset)
        .select(GameRow::as_select())
        .load(connection)
        .await?;
    Ok((rows, total))
}

/// The whole log of a game, in order.
pub async fn events(connection: &mut Connection, game_id: Uuid) -> QueryResult<Vec<EventRow>> {
    game_events::table
        .filter(game_events::game_id.eq(game_id))
        .order(game_events::seq)
        .select(EventRow::as_select())
        .load(connection)
        .await
}

/// The log of a game after `after_seq`, in order, at most `limit` entries.
pub async fn events_after(
    connection: &mut Connection,
    game_id: Uuid,
    after_seq: i32,
    limit: i64,
) -> QueryResult<Vec<EventRow>> {
    game_events::table
        .filter(game_events::game_id.eq(game_id))
        .filter(game_events::seq.gt(after_seq))
        .order(game_events::seq)
        .limit(limit)
        .select(EventRow::as_select())
        .load(connection)
        .await
}

/// The rulings of a game, in order.
pub async fn rulings(connection: &mut Connection, game_id: Uuid) -> QueryResult<Vec<EventRow>> {
    game_events::table
        .filter(game_events::game_id.eq(game_id))
        .filter(game_events::kind.eq("ruling"))
        .order(game_events::seq)
        .select(EventRow::as_select())
        .load(connection)
        .await
}

/// The log of a tournament after the event `after_id` up to `up_to`, in order of `id`: its
/// games' entries and its pairings' results recorded by hand.
pub async fn tournament_events_after(
    connection: &mut Connection,
    tournament_id: Uuid,
    (after_id, up_to): (i64, i64),
    limit: i64,
) -> QueryResult<Vec<LogEntry>> {
    let place = || (rounds::number, pairings::table_number);
    let games: Vec<(EventRow, (i32, i32))> = game_events::table
        .inner_join(games::table.inner_join(pairings::table.inner_join(rounds::table)))
        .filter(game_events::tournament_id.eq(tournament_id))
        .filter(game_events::id.gt(after_id))
        .filter(game_events::id.le(up_to))
        .order(game_events::id)
        .limit(limit)
        .select((EventRow::as_select(), place()))
        .load(connection)
        .await?;
    let by_hand: Vec<(PairingEventRow, (i32, i32))> = pairing_events::table
        .inner_join(pairings::table.inner_join(rounds::table))
        .filter(pairing_events::tournament_id.eq(tournament_id))
        .filter(pairing_events::id.gt(after_id))
        .filter(pairing_events::id.le(up_to))
        .order(pairing_events::id)
        .limit(limit)
        .select((PairingEventRow::as_select(), place()))
        .load(connection)
        .await?;
    let placed = |(round, table)| Place { round, table };
    Ok(merged(
        games
            .into_iter()
            .map(|(row, at)| LogEntry::Game(row, Some(placed(at))))
            .collect(),
        by_hand
            .into_iter()
            .map(|(row, at)| LogEntry::Pairing(row, placed(at)))
            .collect(),
        LogEntry::id,
        limit,
    ))
}

/// Records that `pairing_id` (of the tournament `tournament_id`, without a game) now has
/// `result`, by hand, on the tournament's log, and announces it on [`CHANNEL`] when the
/// caller's transaction commits.
pub async fn record_pairing_result(
    connection: &mut Connection,
    tournament_id: Uuid,
    pairing_id: Uuid,
    result: Option<&str>,
    issued_by: Uuid,
) -> QueryResult<()> {
    diesel::insert_into(pairing_events::table)
        .values((
            pairing_events::pairing_id.eq(pairing_id),
            pairing_events::tournament_id.eq(tournament_id),
            pairing_events::result.eq(result),
            pairing_events::issued_by.eq(issued_by),
        ))
        .execute(connection)
        .await?;
    let notice = serde_json::json!({"tournament_id": tournament_id});
    diesel::select(pg_notify(CHANNEL, notice.to_string()))
        .execute(connection)
        .await?;
    Ok(())
}

/// One write to a game: the entries it appends, the projection after them, and the
/// response kept for the request's `Idempotency-Key`.
pub struct Append<'a> {
    pub game_id: Uuid,
    pub pairing_id: Uuid,
    /// The `last_seq` the entries follow: the write happens only while the row still has it.
    pub after_seq: i32,
    pub entries: &'a [NewEvent],
    pub projection: Projection,
    pub kept: Option<KeptResponse<'a>>,
}

/// The response of a keyed request, stored with the write it answers.
pub struct KeptResponse<'a> {
    pub token_id: Uuid,
    pub key: &'a str,
    pub response: &'a IdempotentResponse,
}

/// The constraint a reused `Idempotency-Key` violates.
pub const KEY_CONSTRAINT: &str = "idempotency_keys_pkey";

/// PostgreSQL's `void`, what `pg_notify` returns (its OID in `pg_type`).
#[derive(diesel::sql_types::SqlType, diesel::query_builder::QueryId)]
#[diesel(postgres_type(oid = 2278, array_oid = 0))]
pub struct Void;

diesel::define_sql_function! {
    /// The durable write of [`append`] (see the migration `live_games`). Called through
    /// diesel's query builder, not `sql_query`, so that the statement is prepared once per
    /// connection: `sql_query` prepares again at every call, one more round trip per write.
    fn append_game_entries(write: diesel::sql_types::Jsonb) -> diesel::sql_types::Bool;
}

diesel::define_sql_function! {
    /// Queues `payload` for the listeners of `channel`, delivered when the transaction commits.
    fn pg_notify(channel: diesel::sql_types::Text, payload: diesel::sql_types::Text) -> Void;
}

/// Appends the entries to the log, writes the projection (and a finished game's result to
/// its pairing, which the standings read) and keeps the response: one call of the function
/// `append_game_entries` (see its migration), in autocommit one durable commit. Then
/// announces the last new entry on [`CHANNEL`] (`{"tournament_id", "game_id", "seq"}`, what
/// [`Notice`](crate::services::live::notify::Notice) reads).
///
/// The notice is a statement of its own, sent right behind the call without waiting for
/// its answer (pipelined: one round trip for both). In autocommit it is its own
/// transaction, which writes nothing: it takes the lock of PostgreSQL's notification queue
/// only while it is queued, after the write has committed, rather than through the write's
/// flush to disk, which made every write wait for the flush of the one before (issue 16,
/// see the migration `live_games`). Inside a transaction (the flag sweep, a game's creation
/// or import) it is delivered at that transaction's commit, as before. A notice only wakes
/// the streams, which read the log itself: one sent for a write that did not happen
/// (another came first) makes them read nothing new. An instance that dies between the
/// commit and the notice leaves the entry unannounced: the streams of other instances read
/// it at the next notice that wakes them, and a stream resumed (`Last-Event-ID`) reads it
/// from the log.
///
/// Nothing is written unless the game's row is still at `after_seq`: returns `false` when
/// another write got there first (the caller judges the request again on the stored game).
/// The row's lock, taken by the function's `UPDATE`, serialises the writes to one game.
pub async fn append(connection: &mut Connection, append: &Append<'_>) -> QueryResult<bool> {
    /// The argument of `append_game_entries`, as its migration describes it.
    #[derive(serde::Serialize)]
    struct Write<'a> {
        game: Uuid,
        after_seq: i32,
        pairing: Uuid,
        sets_result: bool,
        projection: &'a Projection,
        entries: &'a [NewEvent],
        kept: Option<Kept<'a>>,
    }
    #[derive(serde::Serialize)]
    struct Kept<'a> {
        token_id: Uuid,
        key: &'a str,
        /// bytea travels in JSON as hex (`decode(..., 'hex')`).
        fingerprint: String,
        status: i16,
        body: &'a serde_json::Value,
    }
    let kept = append.kept.as_ref().map(|kept| Kept {
        token_id: kept.token_id,
        key: kept.key,
        fingerprint: kept
            .response
            .fingerprint
            .iter()
            .map(|byte| format!("{byte:02x}"))
            .collect(),
        status: kept.response.status,
        body: &kept.response.body,
    });
    let sets_result = append.projection.result.is_some() && !append.entries.is_empty();
    let write = serde_json::to_value(Write {
        game: append.game_id,
        after_seq: append.after_seq,
        pairing: append.pairing_id,
        sets_result,
        projection: &append.projection,
        entries: append.entries,
        kept,
    })
    .map_err(|error| diesel::result::Error::SerializationError(error.into()))?;
    // Pipelining takes the connection shared (`&mut &AsyncPgConnection`, see diesel-async).
    let shared: &Connection = connection;
    // Read to its end, the ready-for-query after the commit (see [`Committed`]).
    let written = diesel::select(append_game_entries(write)).load::<bool>(&mut &*shared);
    let Some(last) = append.entries.last() else {
        return Ok(written.await?.contains(&true));
    };
    let notice = serde_json::json!({
        "tournament_id": last.tournament_id,
        "game_id": last.game_id,
        "seq": last.seq,
    });
    let notified = diesel::select(pg_notify(CHANNEL, notice.to_string())).execute(&mut &*shared);
    let (written, notified) = futures_util::future::join(written, notified).await;
    let written = written?.contains(&true);
    notified?;
    Ok(written)
}

/// The `last_seq` of a game's row, as committed now.
pub async fn last_seq(connection: &mut Connection, game_id: Uuid) -> QueryResult<Option<i32>> {
    games::table
        .find(game_id)
        .select(games::last_seq)
        .first(connection)
        .await
        .optional()
}

/// Games whose flag may have fallen by now, locked for this transaction; games another
/// instance's sweep holds are skipped, so no flag is applied twice.
pub async fn due_for_flag_check(
    connection: &mut Connection,
    now: chrono::DateTime<chrono::Utc>,
    limit: i64,
) -> QueryResult<Vec<Uuid>> {
    games::table
        .filter(games::flag_at.le(now))
        .order(games::flag_at)
        .limit(limit)
        .for_update()
        .skip_locked()
        .select(games::id)
        .load(connection)
        .await
}

#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = idempotency_keys)]
pub struct IdempotentResponse {
    pub fingerprint: Vec<u8>,
    pub status: i16,
    pub body: serde_json::Value,
}

pub async fn find_response(
    connection: &mut Connection,
    token_id: Uuid,
    key: &str,
) -> QueryResult<Option<IdempotentResponse>> {
    idempotency_keys::table
        .find((token_id, key))
        .select(IdempotentResponse::as_select())
        .first(connection)
        .await
        .optional()
}

/// A pairing and its tournament.
pub async fn pairing(
    connection: &mut Connection,
    id: Uuid,
) -> QueryResult<Option<(PairingRow, Uuid)>> {
    pairings::table
        .inner_join(rounds::table)
        .filter(pairings::id.eq(id))
        .select((PairingRow::as_select(), rounds::tournament_id))
        .first(connection)
        .await
        .optional()
}

/// A pairing of the tournament `tournament_id`, and its round's number.
pub async fn pairing_in_round(
    connection: &mut Connection,
    tournament_id: Uuid,
    id: Uuid,
) -> QueryResult<Option<(PairingRow, i32)>> {
    pairings::table
        .inner_join(rounds::table)
        .filter(pairings::id.eq(id))
        .filter(rounds::tournament_id.eq(tournament_id))
        .select((PairingRow::as_select(), rounds::number))
        .first(connection)
        .await
        .optional()
}

/// The id of the last entry of the log, every tournament's (0 when none).
pub async fn last_event_id(connection: &mut Connection) -> QueryResult<i64> {
    let games = game_events::table
        .select(diesel::dsl::max(game_events::id))
        .first::<Option<i64>>(connection)
        .await?;
    let pairings = pairing_events::table
        .select(diesel::dsl::max(pairing_events::id))
        .first::<Option<i64>>(connection)
        .await?;
    Ok(games.max(pairings).unwrap_or(0))
}

/// The ids of the log after `after`, every tournament's, in order, each with whether its
/// entry was recorded more than `seconds` ago by the database's clock: a tournament's
/// stream reads them to find the ids still held by transactions that have not committed.
pub async fn event_ids_after(
    connection: &mut Connection,
    after: i64,
    seconds: i32,
    limit: i64,
) -> QueryResult<Vec<(i64, bool)>> {
    // `now()` of the database, the clock of `recorded_at`; `seconds` is a number, not text.
    let old = diesel::dsl::sql::<diesel::sql_types::Bool>(&format!(
        "recorded_at < now() - interval '{seconds} seconds'"
    ));
    let games = game_events::table
        .filter(game_events::id.gt(after))
        .order(game_events::id)
        .limit(limit)
        .select((game_events::id, old.clone()))
        .load(connection)
        .await?;
    let pairings = pairing_events::table
        .filter(pairing_events::id.gt(after))
        .order(pairing_events::id)
        .limit(limit)
        .select((pairing_events::id, old))
        .load(connection)
        .await?;
    Ok(merged(games, pairings, |(id, _)| *id, limit))
}

/// Keeps the response of a keyed request that is not a write to a game (a token issued),
/// in the caller's transaction.
pub async fn keep_response(
    connection: &mut Connection,
    token_id: Uuid,
    key: &str,
    fingerprint: &[u8],
    status: i16,
    body: &serde_json::Value,
) -> QueryResult<usize> {
    diesel::insert_into(idempotency_keys::table)
        .values((
            idempotency_keys::token_id.eq(token_id),
            idempotency_keys::key.eq(key),
            idempotency_keys::fingerprint.eq(fingerprint),
            idempotency_keys::status.eq(status),
            idempotency_keys::body.eq(body),
        ))
        .execute(connection)
        .await
}
