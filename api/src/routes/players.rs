//! `/tournaments/{id}/players`: the players registered in a tournament.

use crate::auth::Caller;
use crate::db::DbPool;
use crate::error::{ApiError, Resource};
use crate::http::{check_filter, like_pattern, ApiJson, ApiQuery, PageInfo, Window};
pub use crate::services::names::{Names, PlayerName};
use crate::services::players;
pub use crate::services::players::{Player, PlayerDetails};
use crate::store::players::{self as store, PlayerFilter};
use crate::store::tournaments::ensure_exists;
use actix_web::{web, HttpRequest, HttpResponse};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use uuid::Uuid;

/// A page of players.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
pub struct PlayerPage {
    pub items: Vec<Player>,
    pub page: PageInfo,
}

/// Filters and pagination of the player list.
#[derive(Debug, Deserialize, IntoParams)]
#[serde(deny_unknown_fields)]
#[into_params(parameter_in = Query)]
pub struct PlayerQuery {
    /// Part of the surname, any case.
    pub surname: Option<String>,
    /// Two-letter country code.
    pub country: Option<String>,
    pub club: Option<String>,
    #[param(minimum = 1, maximum = 500)]
    pub limit: Option<u32>,
    #[param(minimum = 0, maximum = 1000000)]
    pub offset: Option<u32>,
}

/// Register a player (organizers).
#[utoipa::path(
    post, path = "/tournaments/{tournament_id}/players", tag = "players",
    params(("tournament_id" = Uuid, Path)),
    request_body = PlayerDetails,
    responses((status = 201, description = "Registered", body = Player)),
    security(("bearer" = []))
)]
pub async fn create(
    pool: web::Data<DbPool>,
    caller: Caller,
    path: web::Path<Uuid>,
    body: ApiJson<PlayerDetails>,
) -> Result<HttpResponse, ApiError> {
    let player = players::register(&pool, &caller, path.into_inner(), body.0).await?;
    Ok(HttpResponse::Created().json(player))
}

/// List a tournament's players, in registration order.
#[utoipa::path(
    get, path = "/tournaments/{tournament_id}/players", tag = "players",
    params(("tournament_id" = Uuid, Path), PlayerQuery),
    responses((status = 200, description = "A page of players", body = PlayerPage))
)]
pub async fn list(
    request: HttpRequest,
    pool: web::Data<DbPool>,
    path: web::Path<Uuid>,
    query: ApiQuery<PlayerQuery>,
) -> Result<HttpResponse, ApiError> {
    let tournament_id = path.into_inner();
    let query = query.0;
    let window = Window::new(query.limit, query.offset)?;
    check_filter("surname", query.surname.as_deref())?;
    check_filter("country", query.country.as_deref())?;
    check_filter("club", query.club.as_deref())?;
    let filter = PlayerFilter {
        surname_pattern: query.surname.as_deref().map(like_pattern),
        country: query.country.map(|country| country.to_ascii_uppercase()),
        club: query.club,
    };
    let mut connection = pool.get().await?;
    ensure_exists(&mut connection, tournament_id).await?;
    let (rows, total) = store::list(
        &mut connection,
        tournament_id,
        &filter,
        window.limit,
        window.offset,
    )
    .await?;
    let items = rows.into_iter().map(Player::from).collect();
    let page = PageInfo::new(total, window);
    Ok(page.response(&request).json(PlayerPage { items, page }))
}

/// A player.
#[utoipa::path(
    get, path = "/tournaments/{tournament_id}/players/{player_id}", tag = "players",
    params(("tournament_id" = Uuid, Path), ("player_id" = Uuid, Path)),
    responses((status = 200, description = "The player", body = Player))
)]
pub async fn get(
    pool: web::Data<DbPool>,
    path: web::Path<(Uuid, Uuid)>,
) -> Result<HttpResponse, ApiError> {
    let (tournament_id, player_id) = path.into_inner();
    let mut connection = pool.get().await?;
    let row = store::find(&mut connection, tournament_id, player_id)
        .await?
        .ok_or(ApiError::NotFound(Resource::Player))?;
    Ok(HttpResponse::Ok().json(Player::from(row)))
}

/// Replace a player's details (organizers).
#[utoipa::path(
    put, path = "/tournaments/{tournament_id}/players/{player_id}", tag = "players",
    params(("tournament_id" = Uuid, Path), ("player_id" = Uuid, Path)),
    request_body = PlayerDetails,
    responses((status = 200, description = "The player", body = Player)),
    security(("bearer" = []))
)]
pub async fn replace(
    pool: web::Data<DbPool>,
    caller: Caller,
    path: web::Path<(Uuid, Uuid)>,
    body: ApiJson<PlayerDetails>,
) -> Result<HttpResponse, ApiError> {
    let (tournament_id, player_id) = path.into_inner();
    let player = players::change(&pool, &caller, tournament_id, player_id, body.0).await?;
    Ok(HttpResponse::Ok().json(player))
}

/// Withdraw a player who has no pairing, bye or absence yet (organizers). A player who
/// has taken part stays: 409 `player.has_played`, whose detail names the rounds and the
/// way out (mark them absent in the later rounds).
#[utoipa::path(
    delete, path = "/tournaments/{tournament_id}/players/{player_id}", tag = "players",
    params(("tournament_id" = Uuid, Path), ("player_id" = Uuid, Path)),
    responses(
        (status = 204, description = "Withdrawn"),
        (status = 409, description = "`player.has_played`: paired or registered in a round", body = crate::error::Problem, content_type = "application/problem+json"),
    ),
    security(("bearer" = []))
)]
pub async fn delete(
    pool: web::Data<DbPool>,
    caller: Caller,
    path: web::Path<(Uuid, Uuid)>,
) -> Result<HttpResponse, ApiError> {
    let (tournament_id, player_id) = path.into_inner();
    players::withdraw(&pool, &caller, tournament_id, player_id).await?;
    Ok(HttpResponse::NoContent().finish())
}
