//! `/tournaments`: a tournament's settings, created, listed, changed and deleted by
//! [`crate::services::tournaments`].
//!
//! `/tournaments/import`: an OpenGotha file becomes a tournament
//! ([`crate::services::tournament_import`]).

use crate::auth::Caller;
use crate::db::DbPool;
use crate::error::{ApiError, Problem};
use crate::http::{check_filter, like_pattern, ApiJson, ApiQuery, PageInfo, Window, XmlBody};
use crate::routes::deletions::DeletionQuery;
use crate::services::heavy::Workshop;
use crate::services::live::ServerClock;
use crate::services::opengotha::Imported;
use crate::services::tournament_import;
use crate::services::tournaments::{self as service, NewTournament, Tournament, TournamentChanges};
use crate::store::tournaments::TournamentFilter;
use actix_web::http::header;
use actix_web::{web, HttpRequest, HttpResponse};
use chrono::NaiveDate;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use uuid::Uuid;

/// A page of tournaments.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
pub struct TournamentPage {
    pub items: Vec<Tournament>,
    pub page: PageInfo,
}

/// Filters and pagination of the tournament list.
#[derive(Debug, Deserialize, IntoParams)]
#[serde(deny_unknown_fields)]
#[into_params(parameter_in = Query)]
pub struct TournamentQuery {
    /// Part of the name, any case.
    pub name: Option<String>,
    /// Tournaments starting on or after this date.
    pub from: Option<NaiveDate>,
    /// Tournaments starting on or before this date.
    pub until: Option<NaiveDate>,
    #[param(minimum = 1, maximum = 500)]
    pub limit: Option<u32>,
    #[param(minimum = 0, maximum = 1000000)]
    pub offset: Option<u32>,
}

/// Create a tournament (admins).
#[utoipa::path(
    post, path = "/tournaments", tag = "tournaments",
    request_body = NewTournament,
    responses((status = 201, description = "Created", body = Tournament)),
    security(("bearer" = []))
)]
pub async fn create(
    pool: web::Data<DbPool>,
    caller: Caller,
    body: ApiJson<NewTournament>,
) -> Result<HttpResponse, ApiError> {
    let tournament = service::create(&pool, &caller, body.0).await?;
    Ok(HttpResponse::Created()
        .insert_header((header::LOCATION, format!("/tournaments/{}", tournament.id)))
        .json(tournament))
}

/// List tournaments, oldest first.
#[utoipa::path(
    get, path = "/tournaments", tag = "tournaments",
    params(TournamentQuery),
    responses((status = 200, description = "A page of tournaments", body = TournamentPage))
)]
pub async fn list(
    request: HttpRequest,
    pool: web::Data<DbPool>,
    query: ApiQuery<TournamentQuery>,
) -> Result<HttpResponse, ApiError> {
    let query = query.0;
    let window = Window::new(query.limit, query.offset)?;
    check_filter("name", query.name.as_deref())?;
    let filter = TournamentFilter {
        name_pattern: query.name.as_deref().map(like_pattern),
        starts_from: query.from,
        starts_until: query.until,
    };
    let mut connection = pool.get().await?;
    let (items, total) = service::list(&mut connection, &filter, window).await?;
    let page = PageInfo::new(total, window);
    Ok(page.response(&request).json(TournamentPage { items, page }))
}

/// A tournament.
#[utoipa::path(
    get, path = "/tournaments/{tournament_id}", tag = "tournaments",
    params(("tournament_id" = Uuid, Path)),
    responses((status = 200, description = "The tournament", body = Tournament))
)]
pub async fn get(pool: web::Data<DbPool>, path: web::Path<Uuid>) -> Result<HttpResponse, ApiError> {
    let mut connection = pool.get().await?;
    Ok(HttpResponse::Ok().json(service::load(&mut connection, path.into_inner()).await?))
}

/// Change a tournament's settings (its organizers).
#[utoipa::path(
    patch, path = "/tournaments/{tournament_id}", tag = "tournaments",
    params(("tournament_id" = Uuid, Path)),
    request_body = TournamentChanges,
    responses(
        (status = 200, description = "The changed tournament", body = Tournament),
        (status = 409, description = "`tournament.rounds_exist`: fewer rounds than exist; `tournament.board_size_locked`: another board once a game or result is recorded", body = Problem, content_type = "application/problem+json"),
    ),
    security(("bearer" = []))
)]
pub async fn update(
    pool: web::Data<DbPool>,
    caller: Caller,
    path: web::Path<Uuid>,
    body: ApiJson<TournamentChanges>,
) -> Result<HttpResponse, ApiError> {
    let tournament = service::update(&pool, &caller, path.into_inner(), body.0).await?;
    Ok(HttpResponse::Ok().json(tournament))
}

/// Delete a tournament and everything in it (its organizers). A tournament with recorded
/// games (a game, or a result entered by hand) is deleted only by an admin, with
/// `?delete_recorded_games=true`: its games and results go with it. The deletion is kept,
/// with the tournament as it was, in `GET /tournaments/{id}/deletions`.
#[utoipa::path(
    delete, path = "/tournaments/{tournament_id}", tag = "tournaments",
    params(("tournament_id" = Uuid, Path), DeletionQuery),
    responses(
        (status = 204, description = "Deleted"),
        (status = 409, description = "`tournament.has_games`: recorded games, and no admin's confirmation", body = Problem, content_type = "application/problem+json"),
    ),
    security(("bearer" = []))
)]
pub async fn delete(
    pool: web::Data<DbPool>,
    caller: Caller,
    path: web::Path<Uuid>,
    query: ApiQuery<DeletionQuery>,
) -> Result<HttpResponse, ApiError> {
    let query = query.0;
    let reason = query.reason()?;
    let confirmed = query.delete_recorded_games == Some(true);
    service::delete(&pool, &caller, path.into_inner(), &reason, confirmed).await?;
    Ok(HttpResponse::NoContent().finish())
}

/// Import a tournament from an OpenGotha file (admins), in progress or finished: its
/// settings, players, declared rounds, pairings with their results (unknown ones stay
/// unknown), byes and absences, in one transaction. A file the core's reader refuses is a
/// 422 `opengotha.*` with its `line` (and `column`, for malformed XML); what the service
/// cannot hold (unknown colours) a 422 `validation.failed` naming the element. Nothing is
/// written on any error. What is odd but kept (both players winning or losing, dates out
/// of order) and what is not kept (the director) is listed in `warnings`, element by
/// element.
#[utoipa::path(
    post, path = "/tournaments/import", tag = "tournaments",
    request_body(
        content = String, content_type = "application/xml",
        description = "An OpenGotha tournament file (OpenGotha 3.45 to 3.52, or pairgoth's), at most 8 MiB"
    ),
    responses(
        (status = 201, description = "Imported", body = Imported),
        (status = 422, description = "The file cannot be read or stored", body = Problem, content_type = "application/problem+json")
    ),
    security(("bearer" = []))
)]
pub async fn import(
    pool: web::Data<DbPool>,
    workshop: web::Data<Workshop>,
    clock: web::Data<ServerClock>,
    caller: Caller,
    body: XmlBody,
) -> Result<HttpResponse, ApiError> {
    let imported =
        tournament_import::import((&pool, &workshop), &caller, body.0, clock.now()).await?;
    Ok(HttpResponse::Created()
        .insert_header((
            header::LOCATION,
            format!("/tournaments/{}", imported.tournament_id),
        ))
        .json(imported))
}
