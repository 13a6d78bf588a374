//! `deletions`: what the staff deleted (a tournament, a round, a pairing), with who, when,
//! why and what it held; and the erasures themselves, each in the caller's transaction.
//!
//! The histories (`pairing_rulings`, `game_events`) are append-only; an erasure sets
//! `arbitre.erasing` for its transaction alone, which their trigger lets delete (migration
//! `rounds_and_deletions`), after the deletion is recorded here.

use crate::db::Connection;
use crate::schema::{
    api_tokens, deletions, game_events, games, idempotency_keys, pairing_events, pairing_rulings,
    pairings, players, registrations, rounds, tournaments,
};
use chrono::{DateTime, Utc};
use diesel::prelude::*;
use diesel_async::RunQueryDsl;
use uuid::Uuid;

#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = deletions)]
pub struct DeletionRow {
    pub id: Uuid,
    pub tournament_id: Uuid,
    pub subject: String,
    pub subject_id: Uuid,
    pub reason: String,
    pub snapshot: serde_json::Value,
    pub issued_by: Uuid,
    pub issued_by_label: String,
    pub deleted_at: DateTime<Utc>,
}

/// A deletion to record.
#[derive(Debug, Clone, Insertable)]
#[diesel(table_name = deletions)]
pub struct NewDeletion<'a> {
    pub tournament_id: Uuid,
    pub subject: &'a str,
    pub subject_id: Uuid,
    pub reason: &'a str,
    pub snapshot: serde_json::Value,
    pub issued_by: Uuid,
    pub issued_by_label: &'a str,
}

/// Records a deletion and opens the histories to erasure for the rest of the transaction.
pub async fn record(
    connection: &mut Connection,
    deletion: &NewDeletion<'_>,
) -> QueryResult<DeletionRow> {
    let row = diesel::insert_into(deletions::table)
        .values((deletions::id.eq(Uuid::now_v7()), deletion))
        .returning(DeletionRow::as_returning())
        .get_result(connection)
        .await?;
    diesel::sql_query("SELECT set_config('arbitre.erasing', 'on', true)")
        .execute(connection)
        .await?;
    Ok(row)
}

/// A page of a tournament's deletions, oldest first, and their number.
pub async fn list(
    connection: &mut Connection,
    tournament_id: Uuid,
    limit: i64,
    offset: i64,
) -> QueryResult<(Vec<DeletionRow>, i64)> {
    let total = deletions::table
        .filter(deletions::tournament_id.eq(tournament_id))
        .count()
        .get_result(connection)
        .await?;
    let rows = deletions::table
        .filter(deletions::tournament_id.eq(tournament_id))
        .order(deletions::id)
        .limit(limit)
        .offset(offset)
        .select(DeletionRow::as_select())
        .load(connection)
        .await?;
    Ok((rows, total))
}

/// The games of a tournament and its pairings with a result but no game: what its
/// deletion would lose.
pub async fn recorded_games(connection: &mut Connection, tournament_id: Uuid) -> QueryResult<i64> {
    let games: i64 = games::table
        .filter(games::tournament_id.eq(tournament_id))
        .count()
        .get_result(connection)
        .await?;
    let with_result: Vec<Uuid> = pairings::table
        .inner_join(rounds::table)
        .filter(rounds::tournament_id.eq(tournament_id))
        .filter(pairings::result.is_not_null())
        .select(pairings::id)
        .load(connection)
        .await?;
    let played: i64 = games::table
        .filter(games::pairing_id.eq_any(&with_result))
        .count()
        .get_result(connection)
        .await?;
    let by_hand = i64::try_from(with_result.len()).unwrap_or(i64::MAX) - played;
    Ok(games + by_hand)
}

/// Erases a pairing without a game: its rulings and results on the stream, its tablet's
/// tokens (by their cascade), itself.
pub async fn erase_pairing(connection: &mut Connection, pairing_id: Uuid) -> QueryResult<()> {
    diesel::delete(pairing_rulings::table.filter(pairing_rulings::pairing_id.eq(pairing_id)))
        .execute(connection)
        .await?;
    diesel::delete(pairing_events::table.filter(pairing_events::pairing_id.eq(pairing_id)))
        .execute(connection)
        .await?;
    diesel::delete(pairings::table.find(pairing_id))
        .execute(connection)
        .await?;
    Ok(())
}

/// Erases a round without games: its pairings (with their rulings and results on the
/// stream), its registrations, itself.
pub async fn erase_round(connection: &mut Connection, round_id: Uuid) -> QueryResult<()> {
    let pairing_ids: Vec<Uuid> = pairings::table
        .filter(pairings::round_id.eq(round_id))
        .select(pairings::id)
        .load(connection)
        .await?;
    diesel::delete(pairing_rulings::table.filter(pairing_rulings::pairing_id.eq_any(&pairing_ids)))
        .execute(connection)
        .await?;
    diesel::delete(pairing_events::table.filter(pairing_events::pairing_id.eq_any(&pairing_ids)))
        .execute(connection)
        .await?;
    diesel::delete(pairings::table.filter(pairings::round_id.eq(round_id)))
        .execute(connection)
        .await?;
    diesel::delete(registrations::table.filter(registrations::round_id.eq(round_id)))
        .execute(connection)
        .await?;
    diesel::delete(rounds::table.find(round_id))
        .execute(connection)
        .await?;
    Ok(())
}

/// Erases a tournament and everything in it: games and their logs, rulings, tokens (and
/// the responses kept for them), registrations, pairings, rounds, players.
pub async fn erase_tournament(connection: &mut Connection, id: Uuid) -> QueryResult<()> {
    let tokens: Vec<Uuid> = api_tokens::table
        .filter(api_tokens::tournament_id.eq(id))
        .select(api_tokens::id)
        .load(connection)
        .await?;
    let round_ids: Vec<Uuid> = rounds::table
        .filter(rounds::tournament_id.eq(id))
        .select(rounds::id)
        .load(connection)
        .await?;
    let pairing_ids: Vec<Uuid> = pairings::table
        .filter(pairings::round_id.eq_any(&round_ids))
        .select(pairings::id)
        .load(connection)
        .await?;
    diesel::delete(game_events::table.filter(game_events::tournament_id.eq(id)))
        .execute(connection)
        .await?;
    diesel::delete(pairing_events::table.filter(pairing_events::tournament_id.eq(id)))
        .execute(connection)
        .await?;
    diesel::delete(games::table.filter(games::tournament_id.eq(id)))
        .execute(connection)
        .await?;
    diesel::delete(pairing_rulings::table.filter(pairing_rulings::pairing_id.eq_any(&pairing_ids)))
        .execute(connection)
        .await?;
    diesel::delete(idempotency_keys::table.filter(idempotency_keys::token_id.eq_any(&tokens)))
        .execute(connection)
        .await?;
    diesel::delete(api_tokens::table.filter(api_tokens::id.eq_any(&tokens)))
        .execute(connection)
        .await?;
    diesel::delete(registrations::table.filter(registrations::round_id.eq_any(&round_ids)))
        .execute(connection)
        .await?;
    diesel::delete(pairings::table.filter(pairings::id.eq_any(&pairing_ids)))
        .execute(connection)
        .await?;
    diesel::delete(rounds::table.filter(rounds::id.eq_any(&round_ids)))
        .execute(connection)
        .await?;
    diesel::delete(players::table.filter(players::tournament_id.eq(id)))
        .execute(connection)
        .await?;
    diesel::delete(tournaments::table.find(id))
        .execute(connection)
        .await?;
    Ok(())
}
