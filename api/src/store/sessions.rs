//! `sessions`: the pages' sign-in sessions, by the SHA-256 of the id their cookie holds.

use crate::access::StoredToken;
use crate::db::Connection;
use crate::schema::{api_tokens, sessions};
use crate::store::tokens::TokenRow;
use chrono::{DateTime, Utc};
use diesel::prelude::*;
use diesel_async::RunQueryDsl;
use uuid::Uuid;

/// Stores a session of the token `token_id`, open until `expires_at` at the latest.
pub async fn open(
    connection: &mut Connection,
    id_sha256: &[u8; 32],
    token_id: Uuid,
    expires_at: DateTime<Utc>,
) -> QueryResult<()> {
    diesel::insert_into(sessions::table)
        .values((
            sessions::id_sha256.eq(id_sha256.as_slice()),
            sessions::token_id.eq(token_id),
            sessions::expires_at.eq(expires_at),
        ))
        .execute(connection)
        .await
        .map(|_| ())
}

/// The token of the session whose id hashes to `id_sha256`, and when it was last seen, if
/// the session is open at `now`: not ended, not past its absolute expiry, seen after
/// `idle_since`, its token not revoked.
pub async fn find_open(
    connection: &mut Connection,
    id_sha256: &[u8; 32],
    now: DateTime<Utc>,
    idle_since: DateTime<Utc>,
) -> QueryResult<Option<(StoredToken, DateTime<Utc>)>> {
    let found: Option<(TokenRow, DateTime<Utc>)> = sessions::table
        .inner_join(api_tokens::table)
        .filter(sessions::id_sha256.eq(id_sha256.as_slice()))
        .filter(sessions::ended_at.is_null())
        .filter(sessions::expires_at.gt(now))
        .filter(sessions::last_seen_at.gt(idle_since))
        .filter(api_tokens::revoked_at.is_null())
        .select((TokenRow::as_select(), sessions::last_seen_at))
        .first(connection)
        .await
        .optional()?;
    found
        .map(|(row, last_seen)| Ok((row.into_token()?, last_seen)))
        .transpose()
}

/// Marks the session seen at `now` (its idle expiry starts again).
pub async fn touch(
    connection: &mut Connection,
    id_sha256: &[u8; 32],
    now: DateTime<Utc>,
) -> QueryResult<()> {
    diesel::update(sessions::table.filter(sessions::id_sha256.eq(id_sha256.as_slice())))
        .set(sessions::last_seen_at.eq(now))
        .execute(connection)
        .await
        .map(|_| ())
}

/// Ends the session (signing out): its cookie opens nothing any more.
pub async fn end(
    connection: &mut Connection,
    id_sha256: &[u8; 32],
    now: DateTime<Utc>,
) -> QueryResult<()> {
    diesel::update(
        sessions::table
            .filter(sessions::id_sha256.eq(id_sha256.as_slice()))
            .filter(sessions::ended_at.is_null()),
    )
    .set(sessions::ended_at.eq(now))
    .execute(connection)
    .await
    .map(|_| ())
}
