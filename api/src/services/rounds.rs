//! A tournament's rounds: a round started, and whether a player plays it (registrations),
//! for the API's routes and the organizer's pages alike.

use crate::auth::Caller;
use crate::db::DbPool;
use crate::error::{ApiError, Resource};
use crate::store::rounds::{self as store, RegistrationRow, RoundRow};
use crate::store::{pairings, players};
use arbitre_core::round::RoundAction;
use chrono::{DateTime, Utc};
use diesel_async::AsyncConnection;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use uuid::Uuid;

/// A round. Once started, its pairings change only by a referee ruling.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
pub struct Round {
    pub id: Uuid,
    pub tournament_id: Uuid,
    /// 1-based.
    pub number: i32,
    pub scheduled_at: Option<DateTime<Utc>>,
    pub started_at: Option<DateTime<Utc>>,
    pub created_at: DateTime<Utc>,
}

impl From<RoundRow> for Round {
    fn from(row: RoundRow) -> Round {
        Round {
            id: row.id,
            tournament_id: row.tournament_id,
            number: row.number,
            scheduled_at: row.scheduled_at,
            started_at: row.started_at,
            created_at: row.created_at,
        }
    }
}

/// Whether a player plays a round.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum RegistrationStatus {
    /// Plays: to be paired.
    Present,
    /// Present without an opponent: scores the tournament's bye credit.
    Bye,
    /// Not playing this round.
    Absent,
}

impl RegistrationStatus {
    pub fn name(self) -> &'static str {
        match self {
            RegistrationStatus::Present => "present",
            RegistrationStatus::Bye => "bye",
            RegistrationStatus::Absent => "absent",
        }
    }
}

/// A player's status for a round.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
pub struct Registration {
    pub round_id: Uuid,
    pub player_id: Uuid,
    pub status: RegistrationStatus,
    pub updated_at: DateTime<Utc>,
}

impl TryFrom<RegistrationRow> for Registration {
    type Error = ApiError;

    fn try_from(row: RegistrationRow) -> Result<Registration, ApiError> {
        Ok(Registration {
            round_id: row.round_id,
            player_id: row.player_id,
            status: serde_json::from_value(serde_json::Value::String(row.status))
                .map_err(ApiError::internal)?,
            updated_at: row.updated_at,
        })
    }
}

/// Starts a round (organizers and referees): from now on its pairings change only by a
/// referee ruling.
pub async fn start_round(
    pool: &DbPool,
    caller: &Caller,
    tournament_id: Uuid,
    number: i32,
) -> Result<Round, ApiError> {
    caller.require_staff(tournament_id, "start rounds of this tournament")?;
    let mut connection = pool.get().await?;
    let row = connection
        .transaction::<_, ApiError, _>(async move |connection| {
            let round = store::find_for_update(connection, tournament_id, number)
                .await?
                .ok_or(ApiError::NotFound(Resource::Round))?;
            let paired = !pairings::all_of_round(connection, round.id)
                .await?
                .is_empty();
            round.allows(paired, RoundAction::Start, String::new)?;
            Ok(store::mark_started(connection, round.id).await?)
        })
        .await?;
    Ok(Round::from(row))
}

/// Records whether the player `at` (tournament, round, player) plays the round.
pub async fn register_for_round(
    pool: &DbPool,
    caller: &Caller,
    (tournament_id, number, player_id): (Uuid, i32, Uuid),
    status: RegistrationStatus,
) -> Result<Registration, ApiError> {
    caller.require_staff(
        tournament_id,
        "register players for rounds of this tournament",
    )?;
    let mut connection = pool.get().await?;
    let row = connection
        .transaction::<_, ApiError, _>(async move |connection| {
            // The round's lock orders this write with the pairings' writes, which take it too.
            let round = store::find_for_update(connection, tournament_id, number)
                .await?
                .ok_or(ApiError::NotFound(Resource::Round))?;
            players::find(connection, tournament_id, player_id)
                .await?
                .ok_or(ApiError::NotFound(Resource::Player))?;
            if status == RegistrationStatus::Bye
                && pairings::is_paired(connection, round.id, player_id).await?
            {
                return Err(ApiError::Conflict {
                    code: "registration.player_paired",
                    detail: format!(
                        "player {player_id} is paired in round {number}: remove the pairing \
                         before giving a bye"
                    ),
                });
            }
            Ok(store::upsert_registration(connection, round.id, player_id, status.name()).await?)
        })
        .await?;
    Registration::try_from(row)
}
