//! `pairings` and `pairing_rulings`: who plays whom, and the referee rulings that
//! changed a pairing after its round started (append-only).

use crate::db::{Committed, Connection, ROWS_PER_INSERT};
use crate::schema::{api_tokens, games, pairing_rulings, pairings, rounds};
use chrono::{DateTime, Utc};
use diesel::prelude::*;
use diesel_async::RunQueryDsl;
use uuid::Uuid;

#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = pairings)]
pub struct PairingRow {
    pub id: Uuid,
    pub round_id: Uuid,
    pub table_number: i32,
    pub black_id: Uuid,
    pub white_id: Uuid,
    pub handicap: i16,
    pub komi: f64,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
    pub result: Option<String>,
    /// A result of an imported OpenGotha file that SGF cannot spell (`RESULT_BOTHWIN`...).
    pub opengotha_result: Option<String>,
}

/// The terms of a pairing.
#[derive(Debug, Clone, PartialEq, Insertable, AsChangeset, serde::Serialize)]
#[diesel(table_name = pairings)]
pub struct PairingTerms {
    pub table_number: i32,
    pub black_id: Uuid,
    pub white_id: Uuid,
    pub handicap: i16,
    pub komi: f64,
}

impl PairingRow {
    pub fn terms(&self) -> PairingTerms {
        PairingTerms {
            table_number: self.table_number,
            black_id: self.black_id,
            white_id: self.white_id,
            handicap: self.handicap,
            komi: self.komi,
        }
    }
}

pub async fn insert(
    connection: &mut Connection,
    round_id: Uuid,
    terms: &PairingTerms,
) -> QueryResult<PairingRow> {
    diesel::insert_into(pairings::table)
        .values((
            pairings::id.eq(Uuid::now_v7()),
            pairings::round_id.eq(round_id),
            terms,
        ))
        .returning(PairingRow::as_returning())
        .committed(connection)
        .await
}

/// A round's pairings, in as few statements as PostgreSQL allows (in the caller's
/// transaction: a round of 1,000 players is one statement, not 500 round trips). The
/// rows stored, in no particular order.
pub async fn insert_round(
    connection: &mut Connection,
    round_id: Uuid,
    round: &[PairingTerms],
) -> QueryResult<Vec<PairingRow>> {
    let mut stored = Vec::with_capacity(round.len());
    for chunk in round.chunks(ROWS_PER_INSERT) {
        let rows: Vec<_> = chunk
            .iter()
            .map(|terms| {
                (
                    pairings::id.eq(Uuid::now_v7()),
                    pairings::round_id.eq(round_id),
                    terms,
                )
            })
            .collect();
        stored.extend(
            diesel::insert_into(pairings::table)
                .values(rows)
                .returning(PairingRow::as_returning())
                .load(connection)
                .await?,
        );
    }
    Ok(stored)
}

/// A pairing of an imported tournament: its round, terms and result (SGF `RE`, `None`
/// while unknown, or OpenGotha's name of a result SGF cannot spell).
#[derive(Debug, Clone)]
pub struct ImportedPairing {
    pub round_id: Uuid,
    pub terms: PairingTerms,
    pub result: Option<String>,
    pub opengotha_result: Option<String>,
}

/// Pairings of an imported tournament, in as few statements as PostgreSQL allows (in the
/// caller's transaction).
pub async fn insert_all(
    connection: &mut Connection,
    pairings: &[ImportedPairing],
) -> QueryResult<usize> {
    let mut inserted = 0;
    for chunk in pairings.chunks(ROWS_PER_INSERT) {
        let rows: Vec<_> = chunk
            .iter()
            .map(|pairing| {
                (
                    pairings::id.eq(Uuid::now_v7()),
                    pairings::round_id.eq(pairing.round_id),
                    &pairing.terms,
                    pairings::result.eq(pairing.result.as_deref()),
                    pairings::opengotha_result.eq(pairing.opengotha_result.as_deref()),
                )
            })
            .collect();
        inserted += diesel::insert_into(pairings::table)
            .values(rows)
            .execute(connection)
            .await?;
    }
    Ok(inserted)
}

pub async fn find(
    connection: &mut Connection,
    round_id: Uuid,
    id: Uuid,
) -> QueryResult<Option<PairingRow>> {
    pairings::table
        .filter(pairings::round_id.eq(round_id))
        .filter(pairings::id.eq(id))
        .select(PairingRow::as_select())
        .first(connection)
        .await
        .optional()
}

/// The tournament of a pairing (what a table token is bound to).
pub async fn tournament_of(connection: &mut Connection, id: Uuid) -> QueryResult<Option<Uuid>> {
    pairings::table
        .inner_join(rounds::table)
        .filter(pairings::id.eq(id))
        .select(rounds::tournament_id)
        .first(connection)
        .await
        .optional()
}

pub async fn all_of_round(
    connection: &mut Connection,
    round_id: Uuid,
) -> QueryResult<Vec<PairingRow>> {
    pairings::table
        .filter(pairings::round_id.eq(round_id))
        .order(pairings::table_number)
        .select(PairingRow::as_select())
        .load(connection)
        .await
}

/// Whether the player plays one of the round's pairings.
pub async fn is_paired(
    connection: &mut Connection,
    round_id: Uuid,
    player_id: Uuid,
) -> QueryResult<bool> {
    diesel::select(diesel::dsl::exists(
        pairings::table
            .filter(pairings::round_id.eq(round_id))
            .filter(
                pairings::black_id
                    .eq(player_id)
                    .or(pairings::white_id.eq(player_id)),
            ),
    ))
    .get_result(connection)
    .await
}

/// The first of the pairings `ids` that has a game, if any.
pub async fn first_with_game(
    connection: &mut Connection,
    ids: &[Uuid],
) -> QueryResult<Option<Uuid>> {
    games::table
        .filter(games::pairing_id.eq_any(ids))
        .order(games::pairing_id)
        .select(games::pairing_id)
        .first(connection)
        .await
        .optional()
}

pub async fn list(
    connection: &mut Connection,
    round_id: Uuid,
    player_id: Option<Uuid>,
    limit: i64,
    offset: i64,
) -> QueryResult<(Vec<PairingRow>, i64)> {
    let filtered = || {
        let mut query = pairings::table
            .filter(pairings::round_id.eq(round_id))
            .into_boxed();
        if let Some(player) = player_id {
            query = query.filter(
                pairings::black_id
                    .eq(player)
                    .or(pairings::white_id.eq(player)),
            );
        }
        query
    };
    let total = filtered().count().get_result(connection).await?;
    let rows = filtered()
        .order(pairings::table_number)
        .limit(limit)
        .offset(offset)
        .select(PairingRow::as_select())
        .load(connection)
        .await?;
    Ok((rows, total))
}

pub async fn update(
    connection: &mut Connection,
    id: Uuid,
    terms: &PairingTerms,
) -> QueryResult<PairingRow> {
    diesel::update(pairings::table.find(id))
        .set((terms, pairings::updated_at.eq(diesel::dsl::now)))
        .returning(PairingRow::as_returning())
        .committed(connection)
        .await
}

pub async fn delete_round(connection: &mut Connection, round_id: Uuid) -> QueryResult<usize> {
    diesel::delete(pairings::table.filter(pairings::round_id.eq(round_id)))
        .execute(connection)
        .await
}

#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = pairing_rulings)]
pub struct RulingRow {
    pub id: Uuid,
    pub pairing_id: Uuid,
    pub issued_by: Uuid,
    pub reason: String,
    pub previous: serde_json::Value,
    pub changes: serde_json::Value,
    pub issued_at: DateTime<Utc>,
}

pub async fn insert_ruling(
    connection: &mut Connection,
    pairing_id: Uuid,
    issued_by: Uuid,
    reason: &str,
    previous: serde_json::Value,
    changes: serde_json::Value,
) -> QueryResult<RulingRow> {
    diesel::insert_into(pairing_rulings::table)
        .values((
            pairing_rulings::id.eq(Uuid::now_v7()),
            pairing_rulings::pairing_id.eq(pairing_id),
            pairing_rulings::issued_by.eq(issued_by),
            pairing_rulings::reason.eq(reason),
            pairing_rulings::previous.eq(previous),
            pairing_rulings::changes.eq(changes),
        ))
        .returning(RulingRow::as_returning())
        .committed(connection)
        .await
}

/// A page of a pairing's rulings, oldest first, each with its token's label, and their
/// number.
pub async fn list_rulings(
    connection: &mut Connection,
    pairing_id: Uuid,
    limit: i64,
    offset: i64,
) -> QueryResult<(Vec<(RulingRow, String, String)>, i64)> {
    let total = pairing_rulings::table
        .filter(pairing_rulings::pairing_id.eq(pairing_id))
        .count()
        .get_result(connection)
        .await?;
    let rows = pairing_rulings::table
        .inner_join(api_tokens::table)
        .filter(pairing_rulings::pairing_id.eq(pairing_id))
        .order(pairing_rulings::id)
        .limit(limit)
        .offset(offset)
        .select((RulingRow::as_select(), api_tokens::label, api_tokens::role))
        .load(connection)
        .await?;
    Ok((rows, total))
}

/// The pairings at table `table_number` in the tournament's published rounds: each with
/// its round's number and whether it has its result (entered, or its game's).
pub async fn at_table(
    connection: &mut Connection,
    tournament_id: Uuid,
    table_number: i32,
) -> QueryResult<Vec<(i32, Uuid, bool)>> {
    let rows: Vec<(i32, Uuid, bool)> = pairings::table
        .inner_join(rounds::table)
        .filter(rounds::tournament_id.eq(tournament_id))
        .filter(pairings::table_number.eq(table_number))
        .select((rounds::number, pairings::id, pairings::result.is_not_null()))
        .load(connection)
        .await?;
    let ids: Vec<Uuid> = rows.iter().map(|(_, id, _)| *id).collect();
    let finished: Vec<Uuid> = games::table
        .filter(games::pairing_id.eq_any(&ids))
        .filter(games::result.is_not_null())
        .select(games::pairing_id)
        .load(connection)
        .await?;
    Ok(rows
        .into_iter()
        .map(|(round, id, decided)| (round, id, decided || finished.contains(&id)))
        .collect())
}

/// The highest table number of the tournament's pairings (0 when none).
pub async fn highest_table(connection: &mut Connection, tournament_id: Uuid) -> QueryResult<i32> {
    pairings::table
        .inner_join(rounds::table)
        .filter(rounds::tournament_id.eq(tournament_id))
        .select(diesel::dsl::max(pairings::table_number))
        .first::<Option<i32>>(connection)
        .await
        .map(Option::unwrap_or_default)
}

/// Every pairing of the tournament by its round's number and its table: how a page links
/// a game the core names by round and table to the pairing's own page.
pub async fn by_table(
    connection: &mut Connection,
    tournament_id: Uuid,
) -> QueryResult<Vec<(i32, i32, Uuid)>> {
    pairings::table
        .inner_join(rounds::table)
        .filter(rounds::tournament_id.eq(tournament_id))
        .select((rounds::number, pairings::table_number, pairings::id))
        .load(connection)
        .await
}
