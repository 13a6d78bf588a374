//! Issuing tokens: what a token may be bound to, checked before it is stored. The routes
//! of `/tournaments/{id}/tokens` and `arbitre token create` both issue through [`issue`].

use crate::access::{generate_secret, Binding, NewToken, Role, StoredToken};
use crate::db::Connection;
use crate::error::{ApiError, FieldError, Resource};
use crate::store::tokens as store;
use crate::store::{pairings, tournaments::ensure_exists};
use uuid::Uuid;

/// Issues a token after checking what it is bound to: an admin token to nothing, an
/// organizer or referee token to an existing tournament, a table token to a pairing (of
/// the tournament, when one is given) or to a table number of a tournament.
pub async fn issue(
    connection: &mut Connection,
    role: Role,
    tournament_id: Option<Uuid>,
    binding: Binding,
    label: String,
) -> Result<(String, StoredToken), ApiError> {
    let invalid =
        |field: &str, message: &str| ApiError::Validation(vec![FieldError::new(field, message)]);
    let Binding {
        pairing_id,
        table_number,
    } = binding;
    if role != Role::Table && table_number.is_some() {
        return Err(invalid(
            "table_number",
            "only a table token is bound to a table",
        ));
    }
    let tournament_id = match role {
        Role::Admin => {
            if tournament_id.is_some() || pairing_id.is_some() {
                return Err(invalid(
                    "role",
                    "an admin token is bound to no tournament and no game",
                ));
            }
            None
        }
        Role::Organizer | Role::Referee => {
            if pairing_id.is_some() {
                return Err(invalid(
                    "pairing_id",
                    "only a table token is bound to a game",
                ));
            }
            let tournament_id =
                tournament_id.ok_or_else(|| invalid("tournament_id", "required for this role"))?;
            ensure_exists(connection, tournament_id).await?;
            Some(tournament_id)
        }
        Role::Table if table_number.is_some() => {
            if pairing_id.is_some() {
                return Err(invalid(
                    "table_number",
                    "a table token is bound to a game or to a table, not both",
                ));
            }
            if table_number.is_some_and(|table| !(1..=10_000).contains(&table)) {
                return Err(invalid("table_number", "must be between 1 and 10000"));
            }
            let tournament_id = tournament_id
                .ok_or_else(|| invalid("tournament_id", "a table is a tournament's"))?;
            ensure_exists(connection, tournament_id).await?;
            Some(tournament_id)
        }
        Role::Table => {
            let pairing_id = pairing_id.ok_or_else(|| {
                invalid(
                    "pairing_id",
                    "a table token is bound to one game or to a table_number",
                )
            })?;
            let owner = pairings::tournament_of(connection, pairing_id)
                .await?
                .ok_or(ApiError::NotFound(Resource::Pairing))?;
            if tournament_id.is_some_and(|tournament_id| tournament_id != owner) {
                return Err(ApiError::NotFound(Resource::Pairing));
            }
            Some(owner)
        }
    };
    let (secret, hash) = generate_secret().map_err(ApiError::internal)?;
    let token = NewToken {
        role,
        tournament_id,
        pairing_id,
        table_number,
        label,
    };
    let stored = store::insert(connection, &token, &hash).await?;
    Ok((secret, stored))
}

/// A request to issue a token that carries an `Idempotency-Key`.
pub struct Keyed<'a> {
    /// The caller's token and its secret (as the request presented it).
    pub caller: Uuid,
    pub caller_secret: &'a str,
    pub key: &'a str,
    /// What makes a retry the same request (method, path, body).
    pub fingerprint: Vec<u8>,
}

/// Issues a token once per `Idempotency-Key`: the first request issues it and keeps its
/// answer in the same transaction; a retry (the same key for the same request) gets the
/// same token and secret rather than a second token; the key used for another request is
/// refused. The secret is kept sealed with the caller's own secret, which the database
/// never holds (it keeps its hash): the kept answer alone does not give the token away.
/// Returns the answer (the token's fields and `secret`).
pub async fn issue_once(
    connection: &mut Connection,
    keyed: Keyed<'_>,
    role: Role,
    tournament_id: Option<Uuid>,
    binding: Binding,
    label: String,
) -> Result<serde_json::Value, ApiError> {
    use diesel_async::AsyncConnection;
    connection
        .transaction::<_, ApiError, _>(async |connection| {
            if let Some(kept) =
                crate::store::games::find_response(connection, keyed.caller, keyed.key).await?
            {
                if kept.fingerprint != keyed.fingerprint {
                    return Err(ApiError::Validation(vec![FieldError::new(
                        "Idempotency-Key",
                        "this Idempotency-Key was used for another request",
                    )]));
                }
                return reopen(kept.body, &keyed);
            }
            let (secret, token) = issue(connection, role, tournament_id, binding, label).await?;
            let answer = serde_json::to_value(&token).map_err(ApiError::internal)?;
            let kept = serde_json::json!({
                "token": answer,
                "sealed_secret": seal(secret.as_bytes(), &keyed),
            });
            crate::store::games::keep_response(
                connection,
                keyed.caller,
                keyed.key,
                &keyed.fingerprint,
                201,
                &kept,
            )
            .await?;
            with_secret(answer, secret)
        })
        .await
}

fn with_secret(answer: serde_json::Value, secret: String) -> Result<serde_json::Value, ApiError> {
    match answer {
        serde_json::Value::Object(mut fields) => {
            fields.insert("secret".to_string(), secret.into());
            Ok(serde_json::Value::Object(fields))
        }
        other => Err(ApiError::internal(format!(
            "a token is not an object: {other}"
        ))),
    }
}

/// The first answer again, its secret unsealed.
fn reopen(kept: serde_json::Value, keyed: &Keyed<'_>) -> Result<serde_json::Value, ApiError> {
    let sealed = kept["sealed_secret"]
        .as_str()
        .and_then(|hex| {
            (0..hex.len())
                .step_by(2)
                .map(|at| u8::from_str_radix(hex.get(at..at + 2)?, 16).ok())
                .collect::<Option<Vec<u8>>>()
        })
        .ok_or_else(|| ApiError::internal("a kept token answer without its sealed secret"))?;
    let secret = String::from_utf8(keystream_xor(&sealed, keyed))
        .map_err(|_| ApiError::internal("a kept token secret does not unseal"))?;
    with_secret(kept["token"].clone(), secret)
}

/// `secret` sealed for `keyed`, in hex.
fn seal(secret: &[u8], keyed: &Keyed<'_>) -> String {
    keystream_xor(secret, keyed)
        .iter()
        .map(|byte| format!("{byte:02x}"))
        .collect()
}

/// XOR with a keystream of SHA-256 blocks of the caller's secret and the key: one
/// stream per caller and key, used for one secret only.
fn keystream_xor(bytes: &[u8], keyed: &Keyed<'_>) -> Vec<u8> {
    use sha2::{Digest, Sha256};
    bytes
        .chunks(32)
        .enumerate()
        .flat_map(|(block, chunk)| {
            let mut hasher = Sha256::new();
            hasher.update(b"arbitre idempotent token\0");
            hasher.update(keyed.caller_secret.as_bytes());
            hasher.update([0]);
            hasher.update(keyed.key.as_bytes());
            hasher.update(u32::try_from(block).unwrap_or(u32::MAX).to_be_bytes());
            let pad = hasher.finalize();
            chunk
                .iter()
                .zip(pad)
                .map(|(byte, pad)| byte ^ pad)
                .collect::<Vec<_>>()
        })
        .collect()
}
