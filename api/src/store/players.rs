//! `players`: the people registered in a tournament.

use crate::db::{Committed, Connection, ROWS_PER_INSERT};
use crate::schema::{pairings, players, registrations, rounds};
use arbitre_core::fields::PlayerFields;
use chrono::{DateTime, Utc};
use diesel::prelude::*;
use diesel_async::RunQueryDsl;
use uuid::Uuid;

#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = players)]
pub struct PlayerRow {
    pub id: Uuid,
    pub tournament_id: Uuid,
    pub surname: String,
    pub first_name: String,
    pub rank: String,
    pub rating: Option<i32>,
    pub country: Option<String>,
    pub club: Option<String>,
    pub egd_pin: Option<String>,
    pub ffg_licence: Option<String>,
    pub aga_id: Option<String>,
    pub mms_correction: i32,
    pub preliminary: bool,
    pub paid: bool,
    pub comment: Option<String>,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

/// Every column a client decides; `None` is stored as NULL.
#[derive(Debug, Clone, Insertable, AsChangeset)]
#[diesel(table_name = players, treat_none_as_null = true)]
pub struct PlayerRecord {
    pub surname: String,
    pub first_name: String,
    pub rank: String,
    pub rating: Option<i32>,
    pub country: Option<String>,
    pub club: Option<String>,
    pub egd_pin: Option<String>,
    pub ffg_licence: Option<String>,
    pub aga_id: Option<String>,
    /// Added to the McMahon start score (OpenGotha's `smmsCorrection`).
    pub mms_correction: i32,
    /// Registered provisionally: in the standings, not paired (OpenGotha's `PRE`).
    pub preliminary: bool,
    pub paid: bool,
    pub comment: Option<String>,
}

impl PlayerRecord {
    /// The fields the core checks, whichever way the record came in
    /// ([`arbitre_core::fields::PlayerFields`]).
    pub fn fields(&self) -> PlayerFields<'_> {
        PlayerFields {
            surname: &self.surname,
            first_name: &self.first_name,
            rating: self.rating,
            country: self.country.as_deref(),
            club: self.club.as_deref(),
            egd_pin: self.egd_pin.as_deref(),
            ffg_licence: self.ffg_licence.as_deref(),
            aga_id: self.aga_id.as_deref(),
            mcmahon_correction: self.mms_correction,
        }
    }
}

#[derive(Debug, Default)]
pub struct PlayerFilter {
    /// An `ILIKE` pattern on the surname.
    pub surname_pattern: Option<String>,
    pub country: Option<String>,
    pub club: Option<String>,
}

pub async fn insert(
    connection: &mut Connection,
    tournament_id: Uuid,
    record: &PlayerRecord,
) -> QueryResult<PlayerRow> {
    diesel::insert_into(players::table)
        .values((
            players::id.eq(Uuid::now_v7()),
            players::tournament_id.eq(tournament_id),
            record,
        ))
        .returning(PlayerRow::as_returning())
        .committed(connection)
        .await
}

/// How many players the tournament has registered.
pub async fn count(connection: &mut Connection, tournament_id: Uuid) -> QueryResult<i64> {
    players::table
        .filter(players::tournament_id.eq(tournament_id))
        .count()
        .get_result(connection)
        .await
}

/// Players of an imported tournament, each with the id chosen for it, in as few
/// statements as PostgreSQL allows (in the caller's transaction).
pub async fn insert_all(
    connection: &mut Connection,
    tournament_id: Uuid,
    players: &[(Uuid, PlayerRecord)],
) -> QueryResult<usize> {
    let mut inserted = 0;
    for chunk in players.chunks(ROWS_PER_INSERT) {
        let rows: Vec<_> = chunk
            .iter()
            .map(|(id, record)| {
                (
                    players::id.eq(*id),
                    players::tournament_id.eq(tournament_id),
                    record,
                )
            })
            .collect();
        inserted += diesel::insert_into(players::table)
            .values(rows)
            .execute(connection)
            .await?;
    }
    Ok(inserted)
}

pub async fn find(
    connection: &mut Connection,
    tournament_id: Uuid,
    id: Uuid,
) -> QueryResult<Option<PlayerRow>> {
    players::table
        .filter(players::tournament_id.eq(tournament_id))
        .filter(players::id.eq(id))
        .select(PlayerRow::as_select())
        .first(connection)
        .await
        .optional()
}

/// The names and ranks of the players `ids` of the tournament: `(id, surname,
/// first_name, rank)`.
pub async fn names(
    connection: &mut Connection,
    tournament_id: Uuid,
    ids: &[Uuid],
) -> QueryResult<Vec<(Uuid, String, String, String)>> {
    players::table
        .filter(players::tournament_id.eq(tournament_id))
        .filter(players::id.eq_any(ids))
        .select((
            players::id,
            players::surname,
            players::first_name,
            players::rank,
        ))
        .load(connection)
        .await
}

/// The rounds in which the player is paired or registered (absent, bye), by number.
pub async fn rounds_taken_part(
    connection: &mut Connection,
    player_id: Uuid,
) -> QueryResult<Vec<i32>> {
    let mut numbers: Vec<i32> = pairings::table
        .inner_join(rounds::table)
        .filter(
            pairings::black_id
                .eq(player_id)
                .or(pairings::white_id.eq(player_id)),
        )
        .select(rounds::number)
        .load(connection)
        .await?;
    numbers.extend(
        registrations::table
            .inner_join(rounds::table)
            .filter(registrations::player_id.eq(player_id))
            .filter(registrations::status.ne("present"))
            .select(rounds::number)
            .load::<i32>(connection)
            .await?,
    );
    numbers.sort_unstable();
    numbers.dedup();
    Ok(numbers)
}

/// Which of `ids` are players of the tournament.
pub async fn existing_ids(
    connection: &mut Connection,
    tournament_id: Uuid,
    ids: &[Uuid],
) -> QueryResult<Vec<Uuid>> {
    players::table
        .filter(players::tournament_id.eq(tournament_id))
        .filter(players::id.eq_any(ids))
        .select(players::id)
        .load(connection)
        .await
}

pub async fn update(
    connection: &mut Connection,
    id: Uuid,
    record: &PlayerRecord,
) -> QueryResult<PlayerRow> {
    diesel::update(players::table.find(id))
        .set((record, players::updated_at.eq(diesel::dsl::now)))
        .returning(PlayerRow::as_returning())
        .committed(connection)
        .await
}

pub async fn delete(connection: &mut Connection, id: Uuid) -> QueryResult<usize> {
    diesel::delete(players::table.find(id))
        .execute(connection)
        .await
}

pub async fn list(
    connection: &mut Connection,
    tournament_id: Uuid,
    filter: &PlayerFilter,
    limit: i64,
    offset: i64,
) -> QueryResult<(Vec<PlayerRow>, i64)> {
    let filtered = || {
        let mut query = players::table
            .filter(players::tournament_id.eq(tournament_id))
            .into_boxed();
        if let Some(pattern) = &filter.surname_pattern {
            query = query.filter(players::surname.ilike(pattern.clone()));
        }
        if let Some(country) = &filter.country {
            query = query.filter(players::country.eq(country.clone()));
        }
        if let Some(club) = &filter.club {
            query = query.filter(players::club.eq(club.clone()));
        }
        query
    };
    let total = filtered().count().get_result(connection).await?;
    let rows = filtered()
        .order(players::id)
        .limit(limit)
        .offset(offset)
        .select(PlayerRow::as_select())
        .load(connection)
        .await?;
    Ok((rows, total))
}
