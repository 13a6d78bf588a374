//! `sign_in_codes`: the hashes of the one-time sign-in links and the token each issues.

use crate::db::Connection;
use crate::schema::sign_in_codes;
use chrono::{DateTime, Utc};
use diesel::prelude::*;
use diesel_async::RunQueryDsl;
use uuid::Uuid;

/// A code as stored: what the token it issues is bound to, and its lifetime.
#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = sign_in_codes)]
pub struct CodeRow {
    pub role: String,
    /// `None` for the first admin's code, which no tournament bounds.
    pub tournament_id: Option<Uuid>,
    pub table_number: Option<i32>,
    pub label: String,
    pub expires_at: DateTime<Utc>,
    pub used_at: Option<DateTime<Utc>>,
}

/// A code to store.
pub struct NewCode<'a> {
    pub code_sha256: [u8; 32],
    pub role: &'a str,
    pub tournament_id: Option<Uuid>,
    pub table_number: Option<i32>,
    pub label: &'a str,
    /// `None` for the first admin's code: nobody is signed in to issue it.
    pub issued_by: Option<Uuid>,
    pub expires_at: DateTime<Utc>,
}

pub async fn insert(connection: &mut Connection, code: &NewCode<'_>) -> QueryResult<()> {
    diesel::insert_into(sign_in_codes::table)
        .values((
            sign_in_codes::code_sha256.eq(code.code_sha256.as_slice()),
            sign_in_codes::role.eq(code.role),
            sign_in_codes::tournament_id.eq(code.tournament_id),
            sign_in_codes::table_number.eq(code.table_number),
            sign_in_codes::label.eq(code.label),
            sign_in_codes::issued_by.eq(code.issued_by),
            sign_in_codes::expires_at.eq(code.expires_at),
        ))
        .execute(connection)
        .await
        .map(|_| ())
}

/// The code whose hash is `code_sha256`, used or not.
pub async fn find(
    connection: &mut Connection,
    code_sha256: &[u8; 32],
) -> QueryResult<Option<CodeRow>> {
    sign_in_codes::table
        .find(code_sha256.as_slice())
        .select(CodeRow::as_select())
        .first(connection)
        .await
        .optional()
}

/// Marks the code used, if it is unused and not expired: the one request that gets it
/// back is the one that signs in.
pub async fn take(
    connection: &mut Connection,
    code_sha256: &[u8; 32],
    now: DateTime<Utc>,
) -> QueryResult<Option<CodeRow>> {
    diesel::update(sign_in_codes::table.find(code_sha256.as_slice()))
        .filter(sign_in_codes::used_at.is_null())
        .filter(sign_in_codes::expires_at.gt(now))
        .set(sign_in_codes::used_at.eq(now))
        .returning(CodeRow::as_returning())
        .get_result(connection)
        .await
        .optional()
}

/// Forgets the first admin's codes not used yet: a new start prints a new one, and only
/// that one may be used.
pub async fn forget_unused_admin_codes(connection: &mut Connection) -> QueryResult<usize> {
    diesel::delete(sign_in_codes::table)
        .filter(sign_in_codes::role.eq("admin"))
        .filter(sign_in_codes::used_at.is_null())
        .execute(connection)
        .await
}
