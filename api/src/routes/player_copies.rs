//! `/tournaments/{id}/players/copy`: the players of an earlier tournament registered in
//! this one, in one transaction; those already registered (the core's rule,
//! [`arbitre_core::roster`]: the same EGD PIN or FFG licence, else the same name) are
//! skipped and reported.

use crate::auth::Caller;
use crate::db::DbPool;
use crate::error::ApiError;
use crate::http::ApiJson;
use crate::services::player_copies::{copy_players, CopiedPlayers, CopyRequest};
use actix_web::{web, HttpResponse};
use uuid::Uuid;

/// Copy the players of an earlier tournament (organizers of this one who are staff of the
/// other, or admins): each is registered with their details (rank, rating, club, country,
/// ids), unless already registered here (the same EGD PIN or FFG licence, else the same
/// name), in one transaction. Refused with 409 `tournament.full` when the copies would
/// pass the most players a tournament may have.
#[utoipa::path(
    post, path = "/tournaments/{tournament_id}/players/copy", tag = "players",
    params(("tournament_id" = Uuid, Path)),
    request_body = CopyRequest,
    responses((status = 201, description = "The players copied and those skipped", body = CopiedPlayers)),
    security(("bearer" = []))
)]
pub async fn copy(
    pool: web::Data<DbPool>,
    caller: Caller,
    path: web::Path<Uuid>,
    body: ApiJson<CopyRequest>,
) -> Result<HttpResponse, ApiError> {
    let copied = copy_players(&pool, &caller, path.into_inner(), body.0.from).await?;
    Ok(HttpResponse::Created().json(copied))
}
