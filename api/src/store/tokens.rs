//! `api_tokens`: the hashes of the bearer tokens and what they are bound to.

use crate::access::{NewToken, StoredToken};
use crate::db::{Committed, Connection};
use crate::schema::api_tokens;
use chrono::{DateTime, Utc};
use diesel::prelude::*;
use diesel_async::RunQueryDsl;
use uuid::Uuid;

#[derive(Queryable, Selectable)]
#[diesel(table_name = api_tokens)]
pub(super) struct TokenRow {
    id: Uuid,
    role: String,
    tournament_id: Option<Uuid>,
    pairing_id: Option<Uuid>,
    table_number: Option<i32>,
    label: String,
    created_at: DateTime<Utc>,
}

impl TokenRow {
    pub(super) fn into_token(self) -> QueryResult<StoredToken> {
        let role = self
            .role
            .parse()
            .map_err(|error: String| diesel::result::Error::DeserializationError(error.into()))?;
        Ok(StoredToken {
            id: self.id,
            role,
            tournament_id: self.tournament_id,
            pairing_id: self.pairing_id,
            table_number: self.table_number,
            label: self.label,
            created_at: self.created_at,
        })
    }
}

pub async fn insert(
    connection: &mut Connection,
    token: &NewToken,
    secret_sha256: &[u8; 32],
) -> QueryResult<StoredToken> {
    diesel::insert_into(api_tokens::table)
        .values((
            api_tokens::id.eq(Uuid::now_v7()),
            api_tokens::secret_sha256.eq(secret_sha256.as_slice()),
            api_tokens::role.eq(token.role.name()),
            api_tokens::tournament_id.eq(token.tournament_id),
            api_tokens::pairing_id.eq(token.pairing_id),
            api_tokens::table_number.eq(token.table_number),
            api_tokens::label.eq(&token.label),
        ))
        .returning(TokenRow::as_returning())
        .committed(connection)
        .await?
        .into_token()
}

pub async fn find_active_by_hash(
    connection: &mut Connection,
    secret_sha256: &[u8; 32],
) -> QueryResult<Option<StoredToken>> {
    api_tokens::table
        .filter(api_tokens::secret_sha256.eq(secret_sha256.as_slice()))
        .filter(api_tokens::revoked_at.is_null())
        .select(TokenRow::as_select())
        .first(connection)
        .await
        .optional()?
        .map(TokenRow::into_token)
        .transpose()
}

/// The active tokens of a tournament, oldest first, and how many there are.
pub async fn list_for_tournament(
    connection: &mut Connection,
    tournament_id: Uuid,
    limit: i64,
    offset: i64,
) -> QueryResult<(Vec<StoredToken>, i64)> {
    let active = api_tokens::tournament_id
        .eq(tournament_id)
        .and(api_tokens::revoked_at.is_null());
    let total = api_tokens::table
        .filter(active)
        .count()
        .get_result(connection)
        .await?;
    let rows: Vec<TokenRow> = api_tokens::table
        .filter(active)
        .order(api_tokens::id)
        .limit(limit)
        .offset(offset)
        .select(TokenRow::as_select())
        .load(connection)
        .await?;
    let tokens = rows
        .into_iter()
        .map(TokenRow::into_token)
        .collect::<QueryResult<_>>()?;
    Ok((tokens, total))
}

/// Whether any admin token is active: without one, `arbitre serve` prints the first
/// admin's sign-in link.
pub async fn admin_exists(connection: &mut Connection) -> QueryResult<bool> {
    diesel::select(diesel::dsl::exists(
        api_tokens::table
            .filter(api_tokens::role.eq("admin"))
            .filter(api_tokens::revoked_at.is_null()),
    ))
    .get_result(connection)
    .await
}

/// The active token `token_id` of the tournament.
pub async fn find_active(
    connection: &mut Connection,
    tournament_id: Uuid,
    token_id: Uuid,
) -> QueryResult<Option<StoredToken>> {
    api_tokens::table
        .filter(api_tokens::id.eq(token_id))
        .filter(api_tokens::tournament_id.eq(tournament_id))
        .filter(api_tokens::revoked_at.is_null())
        .select(TokenRow::as_select())
        .first(connection)
        .await
        .optional()?
        .map(TokenRow::into_token)
        .transpose()
}

/// Revokes a token of the tournament; false when there is no such active token.
pub async fn revoke(
    connection: &mut Connection,
    tournament_id: Uuid,
    token_id: Uuid,
) -> QueryResult<bool> {
    let revoked = diesel::update(api_tokens::table)
        .filter(api_tokens::id.eq(token_id))
        .filter(api_tokens::tournament_id.eq(tournament_id))
        .filter(api_tokens::revoked_at.is_null())
        .set(api_tokens::revoked_at.eq(diesel::dsl::now))
        .execute(connection)
        .await?;
    Ok(revoked == 1)
}

/// The labels of the tokens `ids` (revoked ones included: a ruling keeps its author).
pub async fn labels(connection: &mut Connection, ids: &[Uuid]) -> QueryResult<Vec<(Uuid, String)>> {
    api_tokens::table
        .filter(api_tokens::id.eq_any(ids))
        .select((api_tokens::id, api_tokens::label))
        .load(connection)
        .await
}

/// The tokens `ids` as a log names who acted: id, label and role.
pub async fn issuers(
    connection: &mut Connection,
    ids: &[Uuid],
) -> QueryResult<Vec<(Uuid, String, String)>> {
    api_tokens::table
        .filter(api_tokens::id.eq_any(ids))
        .select((api_tokens::id, api_tokens::label, api_tokens::role))
        .load(connection)
        .await
}

/// Revokes every active tablet of table `table_number` of the tournament; how many.
pub async fn revoke_table(
    connection: &mut Connection,
    tournament_id: Uuid,
    table_number: i32,
) -> QueryResult<usize> {
    diesel::update(api_tokens::table)
        .filter(api_tokens::tournament_id.eq(tournament_id))
        .filter(api_tokens::table_number.eq(table_number))
        .filter(api_tokens::revoked_at.is_null())
        .set(api_tokens::revoked_at.eq(diesel::dsl::now))
        .execute(connection)
        .await
}

/// How many active tablets each table number of the tournament has.
pub async fn tablets_per_table(
    connection: &mut Connection,
    tournament_id: Uuid,
) -> QueryResult<Vec<(i32, i64)>> {
    let rows: Vec<Option<i32>> = api_tokens::table
        .filter(api_tokens::tournament_id.eq(tournament_id))
        .filter(api_tokens::table_number.is_not_null())
        .filter(api_tokens::revoked_at.is_null())
        .select(api_tokens::table_number)
        .load(connection)
        .await?;
    let mut counts = std::collections::BTreeMap::<i32, i64>::new();
    for table in rows.into_iter().flatten() {
        *counts.entry(table).or_default() += 1;
    }
    Ok(counts.into_iter().collect())
}
