//! A tournament's players, as the routes and the pages change them.

use crate::access::Role;
use crate::auth::Caller;
use crate::db::DbPool;
use crate::error::{ApiError, Resource, Violations};
use crate::services::audit::{self, Action};
use crate::store::players::{self as store, PlayerRecord};
use diesel_async::AsyncConnection;
use uuid::Uuid;

/// The core's checks of a player's fields ([`PlayerRecord::fields`]), as violations named
/// `prefix` + the field: every way a player comes in (the API, the pages, a rating list,
/// an OpenGotha file) refuses the same values.
pub fn check_record(
    violations: &mut Violations,
    prefix: &str,
    record: &PlayerRecord,
    mcmahon_correction: i32,
) {
    for (field, issue) in record.fields(mcmahon_correction).issues() {
        violations.add(format!("{prefix}{field}"), issue.to_string());
    }
}

/// The audit's words for a withdrawal.
const WITHDREW: &str = "withdrew the player";

/// Withdraws a player who has not taken part (their registration is deleted), recorded in
/// the audit with who did it, in one transaction. A player paired or registered in a
/// round is refused (`player.has_played`): their games stay in the standings, and the
/// later rounds mark them absent instead.
pub async fn withdraw(
    pool: &DbPool,
    caller: &Caller,
    tournament_id: Uuid,
    player_id: Uuid,
) -> Result<(), ApiError> {
    let by = caller.require(
        &[Role::Organizer],
        Some(tournament_id),
        "withdraw players of this tournament",
    )?;
    let mut connection = pool.get().await?;
    connection
        .transaction::<_, ApiError, _>(async |connection| {
            let player = store::find(connection, tournament_id, player_id)
                .await?
                .ok_or(ApiError::NotFound(Resource::Player))?;
            let rounds = store::rounds_taken_part(connection, player_id).await?;
            if let Some(&last) = rounds.last() {
                let list: Vec<String> = rounds.iter().map(ToString::to_string).collect();
                return Err(ApiError::Conflict {
                    code: "player.has_played",
                    detail: format!(
                        "the player takes part in round(s) {}: their games stay in the \
                         standings; to withdraw them, mark them absent in each later round \
                         (PUT /tournaments/{tournament_id}/rounds/{{number}}/registrations/\
                         {player_id} with {{\"status\": \"absent\"}}, from round {})",
                        list.join(", "),
                        last + 1
                    ),
                });
            }
            store::delete(connection, player_id).await?;
            let whom = format!("{} {} ({})", player.surname, player.first_name, player.rank);
            audit::record(
                connection,
                by,
                Action {
                    tournament_id,
                    action: WITHDREW,
                    subject: &whom,
                    subject_id: Some(player_id),
                },
            )
            .await?;
            Ok(())
        })
        .await
}
