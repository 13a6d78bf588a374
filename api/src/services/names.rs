//! Players as pairings, drafts and rulings name them: who, beside the id, without a
//! second request.

use crate::db::Connection;
use crate::error::ApiError;
use crate::store::players as store;
use serde::{Deserialize, Serialize};
use std::collections::HashMap;
use utoipa::ToSchema;
use uuid::Uuid;

/// A player as a pairing, a draft or a ruling names them: who, without a second request.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct PlayerName {
    pub id: Uuid,
    /// `Surname First-name`, as the rating exports write it.
    #[schema(example = "Dupont Jean")]
    pub name: String,
    #[schema(example = "3k")]
    pub rank: String,
}

/// The names of some players of a tournament, by id.
pub struct Names(HashMap<Uuid, PlayerName>);

impl Names {
    /// The names of the players `ids` of the tournament.
    pub async fn of(
        connection: &mut Connection,
        tournament_id: Uuid,
        ids: impl IntoIterator<Item = Uuid>,
    ) -> Result<Names, ApiError> {
        let ids: Vec<Uuid> = ids.into_iter().collect();
        let rows = store::names(connection, tournament_id, &ids).await?;
        Ok(Names(
            rows.into_iter()
                .map(|(id, surname, first_name, rank)| {
                    let name = format!("{surname} {first_name}").trim().to_string();
                    (id, PlayerName { id, name, rank })
                })
                .collect(),
        ))
    }

    /// The player `id`; a player a stored pairing names always exists.
    pub fn get(&self, id: Uuid) -> Result<PlayerName, ApiError> {
        self.0
            .get(&id)
            .cloned()
            .ok_or_else(|| ApiError::internal(format!("no player {id} in the tournament")))
    }
}
