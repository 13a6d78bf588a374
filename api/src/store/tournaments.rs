//! `tournaments`: settings are stored as the JSON the API speaks (and the core reads).

use crate::db::{Committed, Connection};
use crate::error::{ApiError, Resource};
use crate::schema::{games, pairings, rounds, tournaments};
use arbitre_core::standings::{KeyLocale, Rank, Tournament};
use chrono::{DateTime, NaiveDate, Utc};
use diesel::prelude::*;
use diesel_async::RunQueryDsl;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use uuid::Uuid;

#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = tournaments)]
pub struct TournamentRow {
    pub id: Uuid,
    pub name: String,
    pub place: String,
    pub start_date: NaiveDate,
    pub end_date: NaiveDate,
    pub ruleset: String,
    pub komi_policy: serde_json::Value,
    pub time_control: serde_json::Value,
    pub online: bool,
    pub egd_class: String,
    pub handicap_policy: serde_json::Value,
    pub dispute_policy: String,
    pub placement_criteria: serde_json::Value,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
    pub country: String,
    pub standings_settings: serde_json::Value,
    pub pairing_parameters: serde_json::Value,
    pub number_of_rounds: i32,
    pub board_size: i16,
    /// The code of its catalog (`fr`).
    pub language: String,
    /// An IANA time zone name.
    pub time_zone: String,
}

/// Every column a client decides (and the EGD class derived from them).
#[derive(Debug, Clone, Insertable, AsChangeset)]
#[diesel(table_name = tournaments)]
pub struct TournamentRecord {
    pub name: String,
    pub place: String,
    pub start_date: NaiveDate,
    pub end_date: NaiveDate,
    pub ruleset: String,
    pub komi_policy: serde_json::Value,
    pub time_control: serde_json::Value,
    pub online: bool,
    pub egd_class: String,
    pub handicap_policy: serde_json::Value,
    pub dispute_policy: String,
    pub placement_criteria: serde_json::Value,
    pub country: String,
    pub standings_settings: serde_json::Value,
    pub pairing_parameters: serde_json::Value,
    pub number_of_rounds: i32,
    pub board_size: i16,
    /// The code of its catalog (`fr`).
    pub language: String,
    /// An IANA time zone name.
    pub time_zone: String,
}

/// Filters of the tournament list.
#[derive(Debug, Default)]
pub struct TournamentFilter {
    /// An `ILIKE` pattern on the name.
    pub name_pattern: Option<String>,
    pub starts_from: Option<NaiveDate>,
    pub starts_until: Option<NaiveDate>,
}

pub async fn insert(
    connection: &mut Connection,
    record: &TournamentRecord,
) -> QueryResult<TournamentRow> {
    diesel::insert_into(tournaments::table)
        .values((tournaments::id.eq(Uuid::now_v7()), record))
        .returning(TournamentRow::as_returning())
        .committed(connection)
        .await
}

pub async fn find(connection: &mut Connection, id: Uuid) -> QueryResult<Option<TournamentRow>> {
    tournaments::table
        .find(id)
        .select(TournamentRow::as_select())
        .first(connection)
        .await
        .optional()
}

pub async fn exists(connection: &mut Connection, id: Uuid) -> QueryResult<bool> {
    diesel::select(diesel::dsl::exists(tournaments::table.find(id)))
        .get_result(connection)
        .await
}

pub async fn update(
    connection: &mut Connection,
    id: Uuid,
    record: &TournamentRecord,
) -> QueryResult<TournamentRow> {
    diesel::update(tournaments::table.find(id))
        .set((record, tournaments::updated_at.eq(diesel::dsl::now)))
        .returning(TournamentRow::as_returning())
        .committed(connection)
        .await
}

/// Raises the tournament's number of rounds to `number` if it announces fewer: a round
/// added by hand beyond them is announced with it.
pub async fn announce_round(
    connection: &mut Connection,
    id: Uuid,
    number: i32,
) -> QueryResult<usize> {
    diesel::update(tournaments::table.find(id))
        .filter(tournaments::number_of_rounds.lt(number))
        .set((
            tournaments::number_of_rounds.eq(number),
            tournaments::updated_at.eq(diesel::dsl::now),
        ))
        .execute(connection)
        .await
}

/// The tournament announces `count` rounds: after its last round was deleted.
pub async fn set_number_of_rounds(
    connection: &mut Connection,
    id: Uuid,
    count: i32,
) -> QueryResult<usize> {
    diesel::update(tournaments::table.find(id))
        .set((
            tournaments::number_of_rounds.eq(count),
            tournaments::updated_at.eq(diesel::dsl::now),
        ))
        .execute(connection)
        .await
}

/// A page of tournaments in creation order, and the number matching the filter.
pub async fn list(
    connection: &mut Connection,
    filter: &TournamentFilter,
    limit: i64,
    offset: i64,
) -> QueryResult<(Vec<TournamentRow>, i64)> {
    let filtered = || {
        let mut query = tournaments::table.into_boxed();
        if let Some(pattern) = &filter.name_pattern {
            query = query.filter(tournaments::name.ilike(pattern.clone()));
        }
        if let Some(from) = filter.starts_from {
            query = query.filter(tournaments::start_date.ge(from));
        }
        if let Some(until) = filter.starts_until {
            query = query.filter(tournaments::start_date.le(until));
        }
        query
    };
    let total = filtered().count().get_result(connection).await?;
    let rows = filtered()
        .order(tournaments::id)
        .limit(limit)
        .offset(offset)
        .select(TournamentRow::as_select())
        .load(connection)
        .await?;
    Ok((rows, total))
}

/// Whether the tournament holds a recorded game: a game (played or imported), or a
/// result recorded without one (by hand, or from an OpenGotha file). Its board then
/// stays as it is (`arbitre_core::tournament_board`).
pub async fn has_recorded_games(connection: &mut Connection, id: Uuid) -> QueryResult<bool> {
    let game = games::table.filter(games::tournament_id.eq(id));
    let result = pairings::table
        .inner_join(rounds::table)
        .filter(rounds::tournament_id.eq(id))
        .filter(
            pairings::result
                .is_not_null()
                .or(pairings::opengotha_result.is_not_null()),
        );
    diesel::select(
        diesel::dsl::exists(game.select(games::id))
            .or(diesel::dsl::exists(result.select(pairings::id))),
    )
    .get_result(connection)
    .await
}

/// Locks the tournament's row until the transaction ends, so that two requests that
/// register players from what the tournament holds (a copy) do not both add them; 404
/// unless the tournament exists.
pub async fn lock(connection: &mut Connection, id: Uuid) -> Result<(), ApiError> {
    tournaments::table
        .find(id)
        .select(tournaments::id)
        .for_update()
        .first::<Uuid>(connection)
        .await
        .optional()?
        .map(|_| ())
        .ok_or(ApiError::NotFound(Resource::Tournament))
}

/// The seed of the board's advisory lock, whose key is the tournament's id hashed: the
/// board's issue (25), so that another advisory lock of the tournament gets another key.
const BOARD_LOCK_SEED: i64 = 25;

/// How a transaction holds the tournament's board ([`hold_board`]).
#[derive(Debug, Clone, Copy)]
pub enum BoardHold {
    /// The settings change, the board with them: alone.
    Change,
    /// A game starts or a record comes in on the board: beside the others.
    Play,
}

/// Holds the tournament's board until the transaction ends. A change of settings waits
/// for the games being started or imported, and they for it: a game starts on the board
/// the tournament has when it starts, and the board changes only while no game is
/// recorded (`arbitre_core::tournament_board`). Without it, a change could check that no
/// game is recorded while a game was being started on the old board, and both commit.
/// Two changes of settings also follow each other, each on what the other left.
///
/// An advisory lock, not the row's: the turns' log entries take key-share locks on the
/// tournament's row, which a change of settings should neither wait for nor hold back.
pub async fn hold_board(connection: &mut Connection, id: Uuid, hold: BoardHold) -> QueryResult<()> {
    let sql = match hold {
        BoardHold::Change => "SELECT pg_advisory_xact_lock(hashtextextended($1::text, $2))",
        BoardHold::Play => "SELECT pg_advisory_xact_lock_shared(hashtextextended($1::text, $2))",
    };
    diesel::sql_query(sql)
        .bind::<diesel::sql_types::Uuid, _>(id)
        .bind::<diesel::sql_types::BigInt, _>(BOARD_LOCK_SEED)
        .execute(connection)
        .await
        .map(|_| ())
}

/// 404 unless the tournament exists.
pub async fn ensure_exists(connection: &mut Connection, id: Uuid) -> Result<(), ApiError> {
    if exists(connection, id).await? {
        Ok(())
    } else {
        Err(ApiError::NotFound(Resource::Tournament))
    }
}

/// Where PostgreSQL announces each change of a tournament's revision, at the writing
/// transaction's commit: `{"tournament_id": …, "revision": …}`, the revision `null` when the
/// tournament is deleted (see the migration `revision_notices`).
pub const REVISED: &str = "tournament_revised";

/// The tournament's revision (see the migration `tournament_revisions`): it changes with
/// anything its standings, pairings and exports read, and each change is announced on
/// [`REVISED`]. `None`: no such tournament.
pub async fn revision(connection: &mut Connection, id: Uuid) -> QueryResult<Option<i64>> {
    tournaments::table
        .find(id)
        .select(tournaments::revision)
        .first(connection)
        .await
        .optional()
}

/// What an imported OpenGotha file holds that the tournament's settings do not, kept so
/// that the service's OpenGotha file is the file it imported (issue 38): OpenGotha reading
/// it back ranks and pairs as from the original. Empty for a tournament made here.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct OpenGothaKept {
    pub director: String,
    pub short_name: String,
    /// The Breizh groups' lower limits, strongest first (OpenGotha 3.52's `BZHGroup`).
    pub breizh_limits: Vec<Rank>,
    /// The locale the file's player keys were upper-cased in (`İ` under a Turkish one).
    pub key_locale: KeyLocale,
    /// OpenGotha's display settings (`DPParameterSet`), as the file had them.
    pub display: BTreeMap<String, String>,
}

impl OpenGothaKept {
    /// What `tournament`, read from a file, holds beyond the settings.
    pub fn of(tournament: &Tournament) -> OpenGothaKept {
        OpenGothaKept {
            director: tournament.director.trim().to_string(),
            short_name: tournament.short_name.trim().to_string(),
            breizh_limits: tournament.breizh_limits.clone(),
            key_locale: tournament.key_locale,
            display: tournament.display.clone(),
        }
    }

    /// Gives `tournament`, read from the store, what its file had.
    pub fn apply(self, tournament: &mut Tournament) {
        tournament.director = self.director;
        if !self.short_name.is_empty() {
            tournament.short_name = self.short_name;
        }
        tournament.breizh_limits = self.breizh_limits;
        tournament.key_locale = self.key_locale;
        tournament.display = self.display;
    }
}

/// Keeps what tournament `id`'s file held beyond its settings.
pub async fn keep_opengotha(
    connection: &mut Connection,
    id: Uuid,
    kept: &OpenGothaKept,
) -> Result<(), ApiError> {
    let value = serde_json::to_value(kept).map_err(ApiError::internal)?;
    diesel::update(tournaments::table.find(id))
        .set(tournaments::opengotha_kept.eq(value))
        .execute(connection)
        .await?;
    Ok(())
}

/// What tournament `id`'s file held beyond its settings (empty when none or no tournament).
pub async fn opengotha_kept(
    connection: &mut Connection,
    id: Uuid,
) -> Result<OpenGothaKept, ApiError> {
    let value: Option<serde_json::Value> = tournaments::table
        .find(id)
        .select(tournaments::opengotha_kept)
        .first(connection)
        .await
        .optional()?;
    match value {
        None => Ok(OpenGothaKept::default()),
        Some(value) => serde_json::from_value(value)
            .map_err(|error| ApiError::internal(format!("stored opengotha_kept: {error}"))),
    }
}
