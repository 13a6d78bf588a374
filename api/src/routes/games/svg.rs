//! `GET /games/{id}/board.svg`: the position as a picture ([`board_svg::render`]), for
//! the dashboard and for disputes.

use crate::db::DbPool;
use crate::error::GameError;
use crate::services::board_svg;
use crate::services::live::cache::GameCache;
use crate::services::live::write::load;
use actix_web::http::header;
use actix_web::{web, HttpResponse};
use uuid::Uuid;

/// The board as SVG: stones, and during counting the proposed dead stones and territory.
#[utoipa::path(
    get, path = "/games/{game_id}/board.svg", tag = "games",
    params(("game_id" = Uuid, Path)),
    responses((status = 200, description = "The position", content_type = "image/svg+xml", body = String))
)]
pub async fn board(
    pool: web::Data<DbPool>,
    cache: web::Data<GameCache>,
    path: web::Path<Uuid>,
) -> Result<HttpResponse, GameError> {
    let mut connection = pool.get().await?;
    let game = load(&mut connection, &cache, path.into_inner()).await?;
    Ok(HttpResponse::Ok()
        .insert_header((header::CONTENT_TYPE, "image/svg+xml"))
        .body(board_svg::render(&game)?))
}
