//! `audit_entries`: what the staff took away or undid from the pages, with who and whom.

use crate::db::Connection;
use crate::schema::audit_entries;
use chrono::{DateTime, Utc};
use diesel::prelude::*;
use diesel_async::RunQueryDsl;
use uuid::Uuid;

#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = audit_entries)]
pub struct AuditRow {
    pub id: Uuid,
    pub action: String,
    pub subject: String,
    pub subject_id: Option<Uuid>,
    pub by_token: Uuid,
    pub by_label: String,
    pub at: DateTime<Utc>,
    pub detail: String,
}

/// An entry to record.
#[derive(Debug, Clone, Insertable)]
#[diesel(table_name = audit_entries)]
pub struct NewEntry<'a> {
    pub tournament_id: Uuid,
    pub action: &'a str,
    pub subject: &'a str,
    pub subject_id: Option<Uuid>,
    pub by_token: Uuid,
    pub by_label: &'a str,
    pub detail: &'a str,
}

pub async fn insert(connection: &mut Connection, entry: &NewEntry<'_>) -> QueryResult<AuditRow> {
    diesel::insert_into(audit_entries::table)
        .values((audit_entries::id.eq(Uuid::now_v7()), entry))
        .returning(AuditRow::as_returning())
        .get_result(connection)
        .await
}

/// The tournament's latest `limit` entries, newest first.
pub async fn latest(
    connection: &mut Connection,
    tournament_id: Uuid,
    limit: i64,
) -> QueryResult<Vec<AuditRow>> {
    audit_entries::table
        .filter(audit_entries::tournament_id.eq(tournament_id))
        .order(audit_entries::id.desc())
        .limit(limit)
        .select(AuditRow::as_select())
        .load(connection)
        .await
}
