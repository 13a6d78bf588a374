//! `/tournaments/{id}/players/copy`: the players of an earlier tournament registered in
//! this one, in one transaction; those already registered (the core's rule,
//! [`arbitre_core::roster`]: the same EGD PIN or FFG licence, else the same name) are
//! skipped and reported.

use crate::auth::Caller;
use crate::db::DbPool;
use crate::error::{ApiError, FieldError};
use crate::services::players::Player;
use crate::store::players::{self as store, PlayerFilter, PlayerRecord, PlayerRow};
use crate::store::tournaments::{ensure_exists, lock};
use arbitre_core::fields::TOURNAMENT_PLAYERS;
use arbitre_core::roster::{self, Identity};
use diesel_async::AsyncConnection;
use serde::{Deserialize, Serialize};
use std::borrow::Cow;
use utoipa::ToSchema;
use uuid::Uuid;

/// The tournament whose players to copy.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct CopyRequest {
    /// Another tournament; the caller must be staff of it (or an admin).
    pub from: Uuid,
}

/// A player of the earlier tournament not copied: who they are in this one, and why.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
pub struct SkippedPlayer {
    /// The player of the earlier tournament.
    pub from_id: Uuid,
    #[schema(example = "Dupont Jean")]
    pub name: String,
    /// The player of this tournament they already are.
    pub registered_id: Uuid,
    /// `egd_pin`, `ffg_licence` or `name`: what they share.
    #[schema(example = "egd_pin", value_type = String)]
    pub reason: Cow<'static, str>,
}

/// What a copy did.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
pub struct CopiedPlayers {
    /// The players registered, in the earlier tournament's registration order.
    pub copied: Vec<Player>,
    pub skipped: Vec<SkippedPlayer>,
}

fn identity(row: &PlayerRow) -> Identity<'_> {
    Identity {
        surname: &row.surname,
        first_name: &row.first_name,
        egd_pin: row.egd_pin.as_deref(),
        ffg_licence: row.ffg_licence.as_deref(),
    }
}

fn record(row: &PlayerRow) -> PlayerRecord {
    PlayerRecord {
        surname: row.surname.clone(),
        first_name: row.first_name.clone(),
        rank: row.rank.clone(),
        rating: row.rating,
        country: row.country.clone(),
        club: row.club.clone(),
        egd_pin: row.egd_pin.clone(),
        ffg_licence: row.ffg_licence.clone(),
        aga_id: row.aga_id.clone(),
        // What the organizers of the earlier tournament decided (a correction, the fee,
        // their comment) was theirs: the copy starts without it.
        mms_correction: 0,
        preliminary: false,
        paid: false,
        comment: None,
    }
}

/// Copies the players of `from` into `tournament_id`, for this route and the organizer's
/// pages alike.
pub async fn copy_players(
    pool: &DbPool,
    caller: &Caller,
    tournament_id: Uuid,
    from: Uuid,
) -> Result<CopiedPlayers, ApiError> {
    caller.require_organizer(tournament_id, "register players in this tournament")?;
    caller.require_staff(from, "see the players of the tournament to copy")?;
    if from == tournament_id {
        return Err(ApiError::Validation(vec![FieldError::new(
            "from",
            "must be another tournament than this one",
        )]));
    }
    let mut connection = pool.get().await?;
    let everyone = PlayerFilter::default();
    let limit = i64::try_from(TOURNAMENT_PLAYERS).map_err(ApiError::internal)?;
    connection
        .transaction::<_, ApiError, _>(async |connection| {
            lock(connection, tournament_id).await?;
            ensure_exists(connection, from).await?;
            let (registered, _) =
                store::list(connection, tournament_id, &everyone, limit, 0).await?;
            let (candidates, _) = store::list(connection, from, &everyone, limit, 0).await?;
            let found = roster::already_registered(
                &registered.iter().map(identity).collect::<Vec<_>>(),
                &candidates.iter().map(identity).collect::<Vec<_>>(),
            );
            let mut skipped = Vec::new();
            let mut to_copy = Vec::new();
            // The candidates copied so far, by their place after the registered players.
            let mut copied_ids = Vec::new();
            for (candidate, found) in candidates.iter().zip(found) {
                match found {
                    Some((index, why)) => {
                        let registered_id = match registered.get(index) {
                            Some(player) => player.id,
                            None => *copied_ids
                                .get(index - registered.len())
                                .ok_or_else(|| ApiError::internal("a copy found no player"))?,
                        };
                        skipped.push(SkippedPlayer {
                            from_id: candidate.id,
                            name: format!("{} {}", candidate.surname, candidate.first_name),
                            registered_id,
                            reason: Cow::Borrowed(why.name()),
                        });
                    }
                    None => {
                        let id = Uuid::now_v7();
                        copied_ids.push(id);
                        to_copy.push((id, record(candidate)));
                    }
                }
            }
            if registered.len() + to_copy.len() > TOURNAMENT_PLAYERS {
                return Err(ApiError::Conflict {
                    code: "tournament.full",
                    detail: format!(
                        "the copy would give the tournament {} players, more than the {TOURNAMENT_PLAYERS} a tournament may have",
                        registered.len() + to_copy.len()
                    ),
                });
            }
            store::insert_all(connection, tournament_id, &to_copy).await?;
            let (now, _) = store::list(connection, tournament_id, &everyone, limit, 0).await?;
            let copied = now
                .into_iter()
                .filter(|row| copied_ids.contains(&row.id))
                .map(Player::from)
                .collect();
            Ok(CopiedPlayers { copied, skipped })
        })
        .await
}
