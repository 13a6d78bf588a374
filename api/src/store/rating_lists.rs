//! `rating_lists` and what hangs on them: the snapshots of the federations' lists, the
//! snapshot each tournament pins per source, players' FFG licence statuses, and the
//! changes a refresh applied to players.

use crate::db::Connection;
use crate::schema::{
    player_licence_statuses, player_rating_updates, players, rating_lists, tournament_rating_lists,
};
use crate::store::players::PlayerRow;
use chrono::{DateTime, NaiveDate, Utc};
use diesel::prelude::*;
use diesel_async::RunQueryDsl;
use uuid::Uuid;

/// A snapshot without its content.
#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = rating_lists)]
pub struct SnapshotRow {
    pub id: Uuid,
    pub source: String,
    pub list_date: NaiveDate,
    pub entries: i32,
    pub imported_at: DateTime<Utc>,
}

#[derive(Debug, Clone, Insertable)]
#[diesel(table_name = rating_lists)]
pub struct NewSnapshot<'a> {
    pub id: Uuid,
    pub source: &'a str,
    pub list_date: NaiveDate,
    pub sha256: &'a [u8],
    pub content: &'a [u8],
    pub entries: i32,
}

/// Stores a snapshot; `None` when the same list (source and hash) is already stored.
pub async fn insert(
    connection: &mut Connection,
    snapshot: &NewSnapshot<'_>,
) -> QueryResult<Option<SnapshotRow>> {
    diesel::insert_into(rating_lists::table)
        .values(snapshot)
        .on_conflict_do_nothing()
        .returning(SnapshotRow::as_returning())
        .load(connection)
        .await
        .map(|rows| rows.into_iter().next())
}

pub async fn find_by_hash(
    connection: &mut Connection,
    source: &str,
    sha256: &[u8],
) -> QueryResult<Option<SnapshotRow>> {
    rating_lists::table
        .filter(rating_lists::source.eq(source))
        .filter(rating_lists::sha256.eq(sha256))
        .select(SnapshotRow::as_select())
        .first(connection)
        .await
        .optional()
}

pub async fn find(connection: &mut Connection, id: Uuid) -> QueryResult<Option<SnapshotRow>> {
    rating_lists::table
        .find(id)
        .select(SnapshotRow::as_select())
        .first(connection)
        .await
        .optional()
}

/// The list as published.
pub async fn content(connection: &mut Connection, id: Uuid) -> QueryResult<Option<Vec<u8>>> {
    rating_lists::table
        .find(id)
        .select(rating_lists::content)
        .first(connection)
        .await
        .optional()
}

/// Every snapshot, newest list first within each source.
pub async fn list(connection: &mut Connection) -> QueryResult<Vec<SnapshotRow>> {
    rating_lists::table
        .order((
            rating_lists::source,
            rating_lists::list_date.desc(),
            rating_lists::imported_at.desc(),
        ))
        .select(SnapshotRow::as_select())
        .load(connection)
        .await
}

/// The newest snapshot of each source (the list's date, then the import's).
pub async fn newest(connection: &mut Connection) -> QueryResult<Vec<SnapshotRow>> {
    rating_lists::table
        .distinct_on(rating_lists::source)
        .order((
            rating_lists::source,
            rating_lists::list_date.desc(),
            rating_lists::imported_at.desc(),
        ))
        .select(SnapshotRow::as_select())
        .load(connection)
        .await
}

/// The snapshots a tournament pinned.
pub async fn pinned(
    connection: &mut Connection,
    tournament_id: Uuid,
) -> QueryResult<Vec<SnapshotRow>> {
    tournament_rating_lists::table
        .inner_join(rating_lists::table)
        .filter(tournament_rating_lists::tournament_id.eq(tournament_id))
        .order(rating_lists::source)
        .select(SnapshotRow::as_select())
        .load(connection)
        .await
}

/// Pins a snapshot for its source (replacing the one pinned before).
pub async fn pin(
    connection: &mut Connection,
    tournament_id: Uuid,
    source: &str,
    rating_list_id: Uuid,
) -> QueryResult<usize> {
    diesel::insert_into(tournament_rating_lists::table)
        .values((
            tournament_rating_lists::tournament_id.eq(tournament_id),
            tournament_rating_lists::source.eq(source),
            tournament_rating_lists::rating_list_id.eq(rating_list_id),
        ))
        .on_conflict((
            tournament_rating_lists::tournament_id,
            tournament_rating_lists::source,
        ))
        .do_update()
        .set((
            tournament_rating_lists::rating_list_id.eq(rating_list_id),
            tournament_rating_lists::pinned_at.eq(diesel::dsl::now),
        ))
        .execute(connection)
        .await
}

pub async fn unpin(
    connection: &mut Connection,
    tournament_id: Uuid,
    source: &str,
) -> QueryResult<usize> {
    diesel::delete(
        tournament_rating_lists::table
            .filter(tournament_rating_lists::tournament_id.eq(tournament_id))
            .filter(tournament_rating_lists::source.eq(source)),
    )
    .execute(connection)
    .await
}

/// The FFG licence status of each player of a tournament that has one.
pub async fn licence_statuses(
    connection: &mut Connection,
    tournament_id: Uuid,
) -> QueryResult<Vec<(Uuid, String)>> {
    player_licence_statuses::table
        .inner_join(players::table)
        .filter(players::tournament_id.eq(tournament_id))
        .select((
            player_licence_statuses::player_id,
            player_licence_statuses::ffg_licence_status,
        ))
        .load(connection)
        .await
}

pub async fn set_licence_status(
    connection: &mut Connection,
    player_id: Uuid,
    status: &str,
) -> QueryResult<usize> {
    diesel::insert_into(player_licence_statuses::table)
        .values((
            player_licence_statuses::player_id.eq(player_id),
            player_licence_statuses::ffg_licence_status.eq(status),
        ))
        .on_conflict(player_licence_statuses::player_id)
        .do_update()
        .set((
            player_licence_statuses::ffg_licence_status.eq(status),
            player_licence_statuses::updated_at.eq(diesel::dsl::now),
        ))
        .execute(connection)
        .await
}

/// A player of the tournament already registered with this id of a list (the EGD PIN's
/// uniqueness is the database's; the others are checked here).
pub async fn player_with_id(
    connection: &mut Connection,
    tournament_id: Uuid,
    ffg_licence: Option<&str>,
    aga_id: Option<&str>,
) -> QueryResult<Option<Uuid>> {
    let mut query = players::table
        .filter(players::tournament_id.eq(tournament_id))
        .into_boxed();
    query = match (ffg_licence, aga_id) {
        (Some(licence), Some(aga_id)) => query.filter(
            players::ffg_licence
                .eq(licence.to_string())
                .or(players::aga_id.eq(aga_id.to_string())),
        ),
        (Some(licence), None) => query.filter(players::ffg_licence.eq(licence.to_string())),
        (None, Some(aga_id)) => query.filter(players::aga_id.eq(aga_id.to_string())),
        (None, None) => return Ok(None),
    };
    query.select(players::id).first(connection).await.optional()
}

/// Every player of a tournament, in registration order.
pub async fn players(
    connection: &mut Connection,
    tournament_id: Uuid,
) -> QueryResult<Vec<PlayerRow>> {
    players::table
        .filter(players::tournament_id.eq(tournament_id))
        .order(players::id)
        .select(PlayerRow::as_select())
        .load(connection)
        .await
}

/// One change a refresh applied.
#[derive(Debug, Clone, Insertable)]
#[diesel(table_name = player_rating_updates)]
pub struct NewUpdate {
    pub id: Uuid,
    pub player_id: Uuid,
    pub rating_list_id: Uuid,
    pub field: String,
    pub previous: Option<String>,
    pub value: String,
    pub applied_by: Uuid,
}

#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = player_rating_updates)]
pub struct UpdateRow {
    pub id: Uuid,
    pub player_id: Uuid,
    pub rating_list_id: Uuid,
    pub field: String,
    pub previous: Option<String>,
    pub value: String,
    pub applied_by: Uuid,
    pub applied_at: DateTime<Utc>,
}

pub async fn record_updates(
    connection: &mut Connection,
    updates: &[NewUpdate],
) -> QueryResult<Vec<UpdateRow>> {
    if updates.is_empty() {
        return Ok(Vec::new());
    }
    diesel::insert_into(player_rating_updates::table)
        .values(updates)
        .returning(UpdateRow::as_returning())
        .load(connection)
        .await
}

/// The columns of a player a refresh changes; `None` leaves a column as it is.
#[derive(Debug, Default, Clone, AsChangeset)]
#[diesel(table_name = players)]
pub struct PlayerRefresh {
    pub rating: Option<i32>,
    pub rank: Option<String>,
    pub club: Option<String>,
    pub egd_pin: Option<String>,
    pub ffg_licence: Option<String>,
    pub aga_id: Option<String>,
}

pub async fn refresh_player(
    connection: &mut Connection,
    player_id: Uuid,
    refresh: &PlayerRefresh,
) -> QueryResult<usize> {
    diesel::update(players::table.find(player_id))
        .set((refresh, players::updated_at.eq(diesel::dsl::now)))
        .execute(connection)
        .await
}
