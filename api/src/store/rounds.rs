//! `rounds` and `registrations`: the rounds of a tournament and who plays in each.

use crate::db::{Committed, Connection, ROWS_PER_INSERT};
use crate::error::ApiError;
use crate::schema::{registrations, rounds};
use arbitre_core::round::{RoundAction, RoundRefusal, RoundState};
use chrono::{DateTime, Utc};
use diesel::prelude::*;
use diesel_async::RunQueryDsl;
use uuid::Uuid;

#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = rounds)]
pub struct RoundRow {
    pub id: Uuid,
    pub tournament_id: Uuid,
    pub number: i32,
    pub scheduled_at: Option<DateTime<Utc>>,
    pub started_at: Option<DateTime<Utc>>,
    pub created_at: DateTime<Utc>,
}

impl RoundRow {
    /// Whether the core's rule of a round's lifecycle allows `action` on this round, whose
    /// pairings exist or not (`paired`); refused, the core's reason as an API error, with
    /// `way_out` for a round not started.
    pub fn allows(
        &self,
        paired: bool,
        action: RoundAction,
        way_out: impl FnOnce() -> String,
    ) -> Result<(), ApiError> {
        let state = RoundState {
            paired,
            started: self.started_at.is_some(),
        };
        state.check(action).map_err(|refusal| ApiError::RoundState {
            number: self.number,
            refusal,
            way_out: (refusal == RoundRefusal::NotStarted).then(way_out),
        })
    }
}

pub async fn insert(
    connection: &mut Connection,
    tournament_id: Uuid,
    number: i32,
    scheduled_at: Option<DateTime<Utc>>,
) -> QueryResult<RoundRow> {
    diesel::insert_into(rounds::table)
        .values((
            rounds::id.eq(Uuid::now_v7()),
            rounds::tournament_id.eq(tournament_id),
            rounds::number.eq(number),
            rounds::scheduled_at.eq(scheduled_at),
        ))
        .returning(RoundRow::as_returning())
        .committed(connection)
        .await
}

/// Creates the rounds 1 to `count` the tournament does not have yet (in the caller's
/// transaction): the rounds a tournament announces exist from the start.
pub async fn insert_missing(
    connection: &mut Connection,
    tournament_id: Uuid,
    count: i32,
) -> QueryResult<usize> {
    let rows: Vec<_> = (1..=count)
        .map(|number| {
            (
                rounds::id.eq(Uuid::now_v7()),
                rounds::tournament_id.eq(tournament_id),
                rounds::number.eq(number),
            )
        })
        .collect();
    diesel::insert_into(rounds::table)
        .values(rows)
        .on_conflict((rounds::tournament_id, rounds::number))
        .do_nothing()
        .execute(connection)
        .await
}

/// The highest round number the tournament has, if any.
pub async fn highest(connection: &mut Connection, tournament_id: Uuid) -> QueryResult<Option<i32>> {
    rounds::table
        .filter(rounds::tournament_id.eq(tournament_id))
        .select(diesel::dsl::max(rounds::number))
        .first(connection)
        .await
}

/// Rounds of an imported tournament: each one's id, number and start, if it has started
/// (in the caller's transaction).
pub async fn insert_all(
    connection: &mut Connection,
    tournament_id: Uuid,
    rounds: &[(Uuid, i32, Option<DateTime<Utc>>)],
) -> QueryResult<usize> {
    let rows: Vec<_> = rounds
        .iter()
        .map(|&(id, number, started_at)| {
            (
                rounds::id.eq(id),
                rounds::tournament_id.eq(tournament_id),
                rounds::number.eq(number),
                rounds::started_at.eq(started_at),
            )
        })
        .collect();
    diesel::insert_into(rounds::table)
        .values(rows)
        .execute(connection)
        .await
}

/// Registrations of an imported tournament: round, player and status (in the caller's
/// transaction).
pub async fn insert_registrations(
    connection: &mut Connection,
    entries: &[(Uuid, Uuid, &str)],
) -> QueryResult<usize> {
    let mut inserted = 0;
    for chunk in entries.chunks(ROWS_PER_INSERT) {
        let rows: Vec<_> = chunk
            .iter()
            .map(|&(round_id, player_id, status)| {
                (
                    registrations::round_id.eq(round_id),
                    registrations::player_id.eq(player_id),
                    registrations::status.eq(status),
                )
            })
            .collect();
        inserted += diesel::insert_into(registrations::table)
            .values(rows)
            .execute(connection)
            .await?;
    }
    Ok(inserted)
}

/// The round `number` of the tournament.
pub async fn find(
    connection: &mut Connection,
    tournament_id: Uuid,
    number: i32,
) -> QueryResult<Option<RoundRow>> {
    rounds::table
        .filter(rounds::tournament_id.eq(tournament_id))
        .filter(rounds::number.eq(number))
        .select(RoundRow::as_select())
        .first(connection)
        .await
        .optional()
}

/// As [`find`], locking the round until the transaction ends: pairing edits and the
/// start of the round take turns, so no edit slips in after the start.
pub async fn find_for_update(
    connection: &mut Connection,
    tournament_id: Uuid,
    number: i32,
) -> QueryResult<Option<RoundRow>> {
    rounds::table
        .filter(rounds::tournament_id.eq(tournament_id))
        .filter(rounds::number.eq(number))
        .select(RoundRow::as_select())
        .for_update()
        .first(connection)
        .await
        .optional()
}

pub async fn list(
    connection: &mut Connection,
    tournament_id: Uuid,
    limit: i64,
    offset: i64,
) -> QueryResult<(Vec<RoundRow>, i64)> {
    let total = rounds::table
        .filter(rounds::tournament_id.eq(tournament_id))
        .count()
        .get_result(connection)
        .await?;
    let rows = rounds::table
        .filter(rounds::tournament_id.eq(tournament_id))
        .order(rounds::number)
        .limit(limit)
        .offset(offset)
        .select(RoundRow::as_select())
        .load(connection)
        .await?;
    Ok((rows, total))
}

pub async fn set_schedule(
    connection: &mut Connection,
    id: Uuid,
    scheduled_at: Option<DateTime<Utc>>,
) -> QueryResult<RoundRow> {
    diesel::update(rounds::table.find(id))
        .set(rounds::scheduled_at.eq(scheduled_at))
        .returning(RoundRow::as_returning())
        .committed(connection)
        .await
}

/// Starts round `id` if it has not started yet, in the caller's transaction: the first game
/// of a round starts it (docs/live-games.md).
pub async fn start_if_waiting(connection: &mut Connection, id: Uuid) -> QueryResult<usize> {
    diesel::update(rounds::table.find(id).filter(rounds::started_at.is_null()))
        .set(rounds::started_at.eq(diesel::dsl::now))
        .execute(connection)
        .await
}

pub async fn mark_started(connection: &mut Connection, id: Uuid) -> QueryResult<RoundRow> {
    diesel::update(rounds::table.find(id))
        .set(rounds::started_at.eq(diesel::dsl::now))
        .returning(RoundRow::as_returning())
        .committed(connection)
        .await
}

#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = registrations)]
pub struct RegistrationRow {
    pub round_id: Uuid,
    pub player_id: Uuid,
    pub status: String,
    pub updated_at: DateTime<Utc>,
}

/// Records a player's status for a round, replacing the previous one.
pub async fn upsert_registration(
    connection: &mut Connection,
    round_id: Uuid,
    player_id: Uuid,
    status: &str,
) -> QueryResult<RegistrationRow> {
    diesel::insert_into(registrations::table)
        .values((
            registrations::round_id.eq(round_id),
            registrations::player_id.eq(player_id),
            registrations::status.eq(status),
        ))
        .on_conflict((registrations::round_id, registrations::player_id))
        .do_update()
        .set((
            registrations::status.eq(status),
            registrations::updated_at.eq(diesel::dsl::now),
        ))
        .returning(RegistrationRow::as_returning())
        .committed(connection)
        .await
}

/// The players of `players` registered `bye` for the round: a bye and a pairing in the
/// same round would count the round twice for them.
pub async fn byes_among(
    connection: &mut Connection,
    round_id: Uuid,
    players: &[Uuid],
) -> QueryResult<Vec<Uuid>> {
    registrations::table
        .filter(registrations::round_id.eq(round_id))
        .filter(registrations::player_id.eq_any(players))
        .filter(registrations::status.eq("bye"))
        .order(registrations::player_id)
        .select(registrations::player_id)
        .load(connection)
        .await
}

pub async fn list_registrations(
    connection: &mut Connection,
    round_id: Uuid,
    status: Option<&str>,
    limit: i64,
    offset: i64,
) -> QueryResult<(Vec<RegistrationRow>, i64)> {
    let filtered = || {
        let mut query = registrations::table
            .filter(registrations::round_id.eq(round_id))
            .into_boxed();
        if let Some(status) = status {
            query = query.filter(registrations::status.eq(status.to_string()));
        }
        query
    };
    let total = filtered().count().get_result(connection).await?;
    let rows = filtered()
        .order(registrations::player_id)
        .limit(limit)
        .offset(offset)
        .select(RegistrationRow::as_select())
        .load(connection)
        .await?;
    Ok((rows, total))
}
