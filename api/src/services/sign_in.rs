//! One-time sign-in links: a short-lived code, shown once (as a link and its QR code), that
//! signs in the browser that opens it, once. Opening it issues a token bound as the code
//! says (through [`crate::services::tokens::issue`], with its checks) and the page keeps
//! that token in its session cookie, as if it had been pasted: nobody types a secret into
//! a tablet, and a code seen after it was used, or late, signs nobody in.
//!
//! Only the code's SHA-256 is stored; the code carries 128 random bits, which no one
//! guesses within its lifetime.

use crate::access::{hash_secret, Binding, Role, StoredToken};
use crate::db::Connection;
use crate::error::{ApiError, FieldError};
use crate::services::tokens::issue;
use crate::store::sign_in_codes::{self as store, NewCode};
use base64::Engine as _;
use chrono::{DateTime, Utc};
use diesel_async::AsyncConnection;
use uuid::Uuid;

/// How long a code may wait to be opened: a morning's set-up of a hall's tablets.
pub const LIFETIME_HOURS: i64 = 4;

/// How long the first admin's link may wait: it is opened on the machine that just
/// started the service, at once; a later start prints a new one.
pub const FIRST_ADMIN_MINUTES: i64 = 60;

/// The label of the first admin's token.
pub const FIRST_ADMIN_LABEL: &str = "First admin";

/// The token a code issues when it is opened.
#[derive(Debug, Clone)]
pub struct CodeFor {
    pub role: Role,
    pub tournament_id: Uuid,
    pub table_number: Option<i32>,
    pub label: String,
}

/// A code's state, as the page that opens it tells.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CodeState {
    /// It may be used: it signs in as `label`.
    Open {
        label: String,
    },
    Used,
    Expired,
}

fn new_code() -> Result<String, ApiError> {
    let mut bytes = [0u8; 16];
    getrandom::fill(&mut bytes).map_err(ApiError::internal)?;
    Ok(base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(bytes))
}

/// Stores one code per entry of `codes`, issued by the token `issued_by`, in one
/// transaction; returns the codes, in order, and when they expire.
pub async fn create(
    connection: &mut Connection,
    issued_by: Uuid,
    codes: &[CodeFor],
    now: DateTime<Utc>,
) -> Result<(Vec<String>, DateTime<Utc>), ApiError> {
    if codes.iter().any(|code| code.role == Role::Admin) {
        return Err(ApiError::Validation(vec![FieldError::new(
            "role",
            "a sign-in link is for an organizer, a referee or a table",
        )]));
    }
    let expires_at = now + chrono::Duration::hours(LIFETIME_HOURS);
    let secrets = codes
        .iter()
        .map(|_| new_code())
        .collect::<Result<Vec<_>, _>>()?;
    connection
        .transaction::<_, ApiError, _>(async |connection| {
            for (code, secret) in codes.iter().zip(&secrets) {
                store::insert(
                    connection,
                    &NewCode {
                        code_sha256: hash_secret(secret),
                        role: code.role.name(),
                        tournament_id: Some(code.tournament_id),
                        table_number: code.table_number,
                        label: &code.label,
                        issued_by: Some(issued_by),
                        expires_at,
                    },
                )
                .await?;
            }
            Ok(())
        })
        .await?;
    Ok((secrets, expires_at))
}

/// The first admin's one-time code, when no admin token is active (a fresh service):
/// `arbitre serve` prints its link on the console, as Jupyter prints its token, so that
/// the person who started the service signs in from the pages with no command to type.
/// Codes of earlier starts not used yet are forgotten; `None` once an admin exists.
pub async fn first_admin(
    connection: &mut Connection,
    now: DateTime<Utc>,
) -> Result<Option<(String, DateTime<Utc>)>, ApiError> {
    let secret = new_code()?;
    let expires_at = now + chrono::Duration::minutes(FIRST_ADMIN_MINUTES);
    connection
        .transaction::<_, ApiError, _>(async |connection| {
            if crate::store::tokens::admin_exists(connection).await? {
                return Ok(None);
            }
            store::forget_unused_admin_codes(connection).await?;
            store::insert(
                connection,
                &NewCode {
                    code_sha256: hash_secret(&secret),
                    role: Role::Admin.name(),
                    tournament_id: None,
                    table_number: None,
                    label: FIRST_ADMIN_LABEL,
                    issued_by: None,
                    expires_at,
                },
            )
            .await?;
            Ok(Some((secret, expires_at)))
        })
        .await
}

/// What opening `code` would do; `None` for a code that never was.
pub async fn state(
    connection: &mut Connection,
    code: &str,
    now: DateTime<Utc>,
) -> Result<Option<CodeState>, ApiError> {
    let row = store::find(connection, &hash_secret(code)).await?;
    Ok(row.map(|row| {
        if row.used_at.is_some() {
            CodeState::Used
        } else if row.expires_at <= now {
            CodeState::Expired
        } else {
            CodeState::Open { label: row.label }
        }
    }))
}

/// Uses `code`: the token it issues, or `None` when the code is unknown, used or
/// expired. The code is spent and the token issued in one transaction. The token's secret
/// is dropped here: the browser holds a session, never the secret, so no one is ever
/// shown it and no caller can leak it.
pub async fn redeem(
    connection: &mut Connection,
    code: &str,
    now: DateTime<Utc>,
) -> Result<Option<StoredToken>, ApiError> {
    connection
        .transaction::<_, ApiError, _>(async |connection| {
            let Some(row) = store::take(connection, &hash_secret(code), now).await? else {
                return Ok(None);
            };
            let role: Role = row.role.parse().map_err(ApiError::internal)?;
            let (_secret, token) = issue(
                connection,
                role,
                row.tournament_id,
                Binding {
                    pairing_id: None,
                    table_number: row.table_number,
                },
                row.label,
            )
            .await?;
            Ok(Some(token))
        })
        .await
}
