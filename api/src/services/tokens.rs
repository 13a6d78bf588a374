//! Issuing tokens: what a token may be bound to, checked before it is stored. The routes
//! of `/tournaments/{id}/tokens` and `arbitre token create` both issue through [`issue`].

use crate::access::{generate_secret, NewToken, Role, StoredToken};
use crate::db::Connection;
use crate::error::{ApiError, FieldError, Resource};
use crate::store::tokens as store;
use crate::store::{pairings, tournaments::ensure_exists};
use uuid::Uuid;

/// Issues a token after checking what it is bound to: an admin token to nothing, an
/// organizer or referee token to an existing tournament, a table token to a pairing (of
/// the tournament, when one is given).
pub async fn issue(
    connection: &mut Connection,
    role: Role,
    tournament_id: Option<Uuid>,
    pairing_id: Option<Uuid>,
    label: String,
) -> Result<(String, StoredToken), ApiError> {
    let invalid =
        |field: &str, message: &str| ApiError::Validation(vec![FieldError::new(field, message)]);
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
        Role::Table => {
            let pairing_id = pairing_id
                .ok_or_else(|| invalid("pairing_id", "a table token is bound to one game"))?;
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
        label,
    };
    let stored = store::insert(connection, &token, &hash).await?;
    Ok((secret, stored))
}
