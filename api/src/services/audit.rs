//! The staff's audit: each action that takes away or undoes (a credential revoked, a
//! player withdrawn) is recorded in the transaction that does it, with who did it, in
//! words a person reads (the token's label, else its role: never blank), and to whom.

use crate::access::StoredToken;
use crate::db::Connection;
use crate::error::ApiError;
use crate::store::audit::{self as store, AuditRow, NewEntry};
use uuid::Uuid;

/// Who did it, as the audit shows it: the label and the role, or the role alone.
pub fn who(token: &StoredToken) -> String {
    let role = token.role.name();
    if token.label.trim().is_empty() {
        role.to_string()
    } else {
        format!("{} ({role})", token.label)
    }
}

/// What was done, and to whom or what.
#[derive(Debug, Clone, Copy)]
pub struct Action<'a> {
    pub tournament_id: Uuid,
    /// What was done, in words: `revoked the credential`.
    pub action: &'a str,
    /// To whom or what: `Marie (referee)`.
    pub subject: &'a str,
    pub subject_id: Option<Uuid>,
}

/// Records `action`, done by `by`, in the caller's transaction.
pub async fn record(
    connection: &mut Connection,
    by: &StoredToken,
    action: Action<'_>,
) -> Result<AuditRow, ApiError> {
    let by_label = who(by);
    Ok(store::insert(
        connection,
        &NewEntry {
            tournament_id: action.tournament_id,
            action: action.action,
            subject: action.subject,
            subject_id: action.subject_id,
            by_token: by.id,
            by_label: &by_label,
        },
    )
    .await?)
}

/// The tournament's latest `limit` entries, newest first.
pub async fn latest(
    connection: &mut Connection,
    tournament_id: Uuid,
    limit: i64,
) -> Result<Vec<AuditRow>, ApiError> {
    Ok(store::latest(connection, tournament_id, limit).await?)
}
