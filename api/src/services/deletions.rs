//! Deletions (issue 20): a tournament, a round without games, a pairing without a game,
//! each kept with who, when, why and what it held, in the deleting transaction.

use crate::auth::Caller;
use crate::db::Connection;
use crate::error::ApiError;
use crate::store::deletions::{self as store, NewDeletion};
use serde::Serialize;
use uuid::Uuid;

/// Records the deletion of `subject` (in the caller's transaction, before the erasure).
pub async fn record(
    connection: &mut Connection,
    caller: &Caller,
    tournament_id: Uuid,
    (subject, subject_id): (&str, Uuid),
    reason: &str,
    snapshot: &impl Serialize,
) -> Result<(), ApiError> {
    let Caller::Token(token) = caller else {
        return Err(ApiError::MissingToken);
    };
    store::record(
        connection,
        &NewDeletion {
            tournament_id,
            subject,
            subject_id,
            reason,
            snapshot: serde_json::to_value(snapshot).map_err(ApiError::internal)?,
            issued_by: token.id,
            issued_by_label: &token.label,
        },
    )
    .await?;
    Ok(())
}
