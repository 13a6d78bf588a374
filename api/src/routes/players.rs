//! `/tournaments/{id}/players`: the players registered in a tournament.

use crate::auth::Caller;
use crate::db::DbPool;
use crate::error::{ApiError, Resource, Violations};
use crate::http::{check_filter, like_pattern, ApiJson, ApiQuery, PageInfo, Window};
pub use crate::services::names::{Names, PlayerName};
use crate::services::players::check_record;
use crate::store::players::{self as store, PlayerFilter, PlayerRecord, PlayerRow};
use crate::store::tournaments::ensure_exists;
use actix_web::{web, HttpRequest, HttpResponse};
use arbitre_core::standings::Rank;
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use uuid::Uuid;

/// A registered player.
#[derive(Debug, Serialize, ToSchema)]
pub struct Player {
    pub id: Uuid,
    pub tournament_id: Uuid,
    pub surname: String,
    pub first_name: String,
    /// `30k`..`1k`, `1d`..`9d`, `1p`..`9p`.
    #[schema(example = "3d")]
    pub rank: String,
    /// EGD-style rating (2100 = 1d).
    pub rating: Option<i32>,
    /// Two-letter country code.
    pub country: Option<String>,
    pub club: Option<String>,
    pub egd_pin: Option<String>,
    pub ffg_licence: Option<String>,
    pub aga_id: Option<String>,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

impl From<PlayerRow> for Player {
    fn from(row: PlayerRow) -> Player {
        Player {
            id: row.id,
            tournament_id: row.tournament_id,
            surname: row.surname,
            first_name: row.first_name,
            rank: row.rank,
            rating: row.rating,
            country: row.country,
            club: row.club,
            egd_pin: row.egd_pin,
            ffg_licence: row.ffg_licence,
            aga_id: row.aga_id,
            created_at: row.created_at,
            updated_at: row.updated_at,
        }
    }
}

/// A player's details: a new player, or the whole replacement of one.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct PlayerDetails {
    #[schema(
        example = "Dupont",
        min_length = 1,
        max_length = 100,
        pattern = r"^[^\x00-\x1f\x7f-\x9f]*[^\s\x00-\x1f\x7f-\x9f][^\x00-\x1f\x7f-\x9f]*$"
    )]
    pub surname: String,
    #[schema(
        example = "Marie",
        max_length = 100,
        pattern = r"^[^\x00-\x1f\x7f-\x9f]*$"
    )]
    pub first_name: String,
    /// `12k`, `3d`, `1p` (any case).
    #[schema(example = "3d", pattern = r"^(([1-9]|[1-4][0-9]|50)[kK]|[1-9][dDpP])$")]
    pub rank: String,
    /// EGD-style rating, -900 to 3200.
    #[schema(minimum = -900, maximum = 3200)]
    pub rating: Option<i32>,
    /// Two-letter country code (`FR`).
    #[schema(example = "FR", pattern = r"^[A-Za-z]{2}$")]
    pub country: Option<String>,
    #[schema(
        min_length = 1,
        max_length = 100,
        pattern = r"^[^\x00-\x1f\x7f-\x9f]*[^\s\x00-\x1f\x7f-\x9f][^\x00-\x1f\x7f-\x9f]*$"
    )]
    pub club: Option<String>,
    /// EGD PIN: 8 digits.
    #[schema(example = "12345678", pattern = r"^[0-9]{8}$")]
    pub egd_pin: Option<String>,
    /// FFG licence: 7 digits or capital letters.
    #[schema(example = "1500104", pattern = r"^[0-9A-Z]{7}$")]
    pub ffg_licence: Option<String>,
    /// AGA membership id.
    #[schema(pattern = r"^[0-9]{1,12}$")]
    pub aga_id: Option<String>,
}

fn record(details: PlayerDetails) -> Result<PlayerRecord, ApiError> {
    let mut violations = Violations::new();
    let rank = match details.rank.parse::<Rank>() {
        Ok(rank) => rank.to_string(),
        Err(error) => {
            violations.add("rank", error.to_string());
            String::new()
        }
    };
    // Checked as stored (the names and the club trimmed, the country in capitals), by the
    // core's one set of checks.
    let record = PlayerRecord {
        surname: details.surname.trim().to_string(),
        first_name: details.first_name.trim().to_string(),
        rank,
        rating: details.rating,
        country: details
            .country
            .map(|country| country.trim().to_ascii_uppercase()),
        club: details.club.map(|club| club.trim().to_string()),
        egd_pin: details.egd_pin,
        ffg_licence: details.ffg_licence,
        aga_id: details.aga_id,
    };
    check_record(&mut violations, "", &record, 0);
    violations.into_result()?;
    Ok(record)
}

/// A page of players.
#[derive(Debug, Serialize, ToSchema)]
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
    let player = register(&pool, &caller, path.into_inner(), body.0).await?;
    Ok(HttpResponse::Created().json(player))
}

/// Registers a player, for this route and the organizer's pages alike.
pub async fn register(
    pool: &DbPool,
    caller: &Caller,
    tournament_id: Uuid,
    details: PlayerDetails,
) -> Result<Player, ApiError> {
    caller.require_organizer(tournament_id, "register players in this tournament")?;
    let record = record(details)?;
    let mut connection = pool.get().await?;
    ensure_exists(&mut connection, tournament_id).await?;
    let bound = arbitre_core::fields::TOURNAMENT_PLAYERS;
    if usize::try_from(store::count(&mut connection, tournament_id).await?)
        .is_ok_and(|registered| registered >= bound)
    {
        return Err(ApiError::Conflict {
            code: "tournament.full",
            detail: format!("the tournament has {bound} players, the most a tournament may have"),
        });
    }
    Ok(Player::from(
        store::insert(&mut connection, tournament_id, &record).await?,
    ))
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
    let player = change(&pool, &caller, tournament_id, player_id, body.0).await?;
    Ok(HttpResponse::Ok().json(player))
}

/// Replaces a player's details, for this route and the organizer's pages alike.
pub async fn change(
    pool: &DbPool,
    caller: &Caller,
    tournament_id: Uuid,
    player_id: Uuid,
    details: PlayerDetails,
) -> Result<Player, ApiError> {
    caller.require_organizer(tournament_id, "change players of this tournament")?;
    let record = record(details)?;
    let mut connection = pool.get().await?;
    store::find(&mut connection, tournament_id, player_id)
        .await?
        .ok_or(ApiError::NotFound(Resource::Player))?;
    Ok(Player::from(
        store::update(&mut connection, player_id, &record).await?,
    ))
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
    crate::services::players::withdraw(&pool, &caller, tournament_id, player_id).await?;
    Ok(HttpResponse::NoContent().finish())
}
