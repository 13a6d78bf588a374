//! The staff's audit: each action that takes away or undoes (a credential revoked, a
//! player withdrawn) is recorded in the transaction that does it, with who did it, in
//! words a person reads (the token's label, else its role: never blank), and to whom.

use crate::access::StoredToken;
use crate::db::Connection;
use crate::error::ApiError;
use crate::store::audit::{self as store, AuditRow, NewEntry};
use serde::{Deserialize, Serialize};
use uuid::Uuid;

/// A credential revoked (the action's identifier: the pages write it in their reader's
/// language).
pub const CREDENTIAL_REVOKED: &str = "credential-revoked";
/// A player withdrawn.
pub const PLAYER_WITHDRAWN: &str = "player-withdrawn";
/// A player's record changed; its [`Change`]s are the entry's detail.
pub const PLAYER_CHANGED: &str = "player-changed";
/// A published round's pairings withdrawn (its `tables` the detail).
pub const ROUND_UNPUBLISHED: &str = "round-unpublished";
/// A table's pairing withdrawn.
pub const TABLE_UNPAIRED: &str = "table-unpaired";
/// A table's handicap or komi changed (its `handicap` and `komi` the detail).
pub const TABLE_TERMS_CHANGED: &str = "table-terms-changed";
/// The last round deleted (its `tables` the detail).
pub const ROUND_DELETED: &str = "round-deleted";

/// A field of a record an action changed, with its values before and after (`null`
/// for none), as the entry's detail keeps them (a JSON list): the pages name the field
/// and write the values in their reader's language.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Change {
    /// The field, as the API names it (`ffg_licence`).
    pub field: String,
    pub before: serde_json::Value,
    pub after: serde_json::Value,
}

/// The detail of an entry that lists `changes`.
pub fn detail_of(changes: &[Change]) -> Result<String, ApiError> {
    serde_json::to_string(changes).map_err(ApiError::internal)
}

/// The changes an entry's detail lists; `None` for a detail of another form (the words
/// of entries recorded before the changes were kept as a list).
pub fn changes_in(detail: &str) -> Option<Vec<Change>> {
    serde_json::from_str(detail).ok()
}

/// Who did it, as the audit shows it: the label and the role, or the role alone.
pub fn who(token: &StoredToken) -> String {
    let role = token.role.name();
    if token.label.trim().is_empty() {
        role.to_string()
    } else {
        format!("{} ({role})", token.label)
    }
}

/// Who issued a ruling or recorded a result, never blank (issue 40: the results' "Who"
/// was empty for a credential made without a label): the credential's label, else its
/// role and the end of its id, which tells two unlabelled credentials apart (the start
/// of a UUIDv7 is its creation time, shared by credentials made together). The API
/// writes it in English ([`Issuer`]'s `Display`); a page in its reader's words.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Issuer {
    Labelled(String),
    Unlabelled {
        /// The credential's role as stored (`referee`).
        role: String,
        /// The last eight hexadecimal digits of the credential's id.
        id_end: String,
    },
}

impl Issuer {
    pub fn of(label: &str, role: &str, id: Uuid) -> Issuer {
        if label.trim().is_empty() {
            let id = id.simple().to_string();
            Issuer::Unlabelled {
                role: role.to_string(),
                id_end: id[id.len() - 8..].to_string(),
            }
        } else {
            Issuer::Labelled(label.to_string())
        }
    }
}

/// As the API writes it: the label, or `referee (credential …1a2b3c4d)`.
impl std::fmt::Display for Issuer {
    fn fmt(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Issuer::Labelled(label) => formatter.write_str(label),
            Issuer::Unlabelled { role, id_end } => {
                write!(formatter, "{role} (credential …{id_end})")
            }
        }
    }
}

/// What was done, and to whom or what.
#[derive(Debug, Clone, Copy)]
pub struct Action<'a> {
    pub tournament_id: Uuid,
    /// What was done, by its identifier: [`CREDENTIAL_REVOKED`].
    pub action: &'a str,
    /// To whom or what: `Marie (referee)`.
    pub subject: &'a str,
    pub subject_id: Option<Uuid>,
    /// What changed, when the action changed rather than took away ([`detail_of`]);
    /// empty otherwise.
    pub detail: &'a str,
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
            detail: action.detail,
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
