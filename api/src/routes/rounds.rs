//! `/tournaments/{id}/rounds`: rounds, their start, and who plays in each (registrations).

use crate::auth::Caller;
use crate::db::{Connection, DbPool};
use crate::error::{ApiError, Resource, Violations};
use crate::http::{ApiJson, ApiQuery, PageInfo, PageQuery, Window};
use crate::routes::deletions::DeletionQuery;
use crate::services::rounds::{
    register_for_round, start_round, Registration, RegistrationStatus, Round,
};
use crate::services::undo;
use crate::store::rounds::{self as store, RoundRow};
use crate::store::tournaments::{self, ensure_exists};
use actix_web::{web, HttpRequest, HttpResponse};
use chrono::{DateTime, Datelike, Utc};
use diesel_async::AsyncConnection;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use uuid::Uuid;

/// A new round.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct NewRound {
    /// 1 to 100, unique in the tournament.
    #[schema(minimum = 1, maximum = 100)]
    pub number: i32,
    pub scheduled_at: Option<DateTime<Utc>>,
}

/// A page of rounds.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
pub struct RoundPage {
    pub items: Vec<Round>,
    pub page: PageInfo,
}

/// The status to record.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct RegistrationChange {
    pub status: RegistrationStatus,
}

/// A page of registrations.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
pub struct RegistrationPage {
    pub items: Vec<Registration>,
    pub page: PageInfo,
}

/// Filter and pagination of the registrations.
#[derive(Debug, Deserialize, IntoParams)]
#[serde(deny_unknown_fields)]
#[into_params(parameter_in = Query)]
pub struct RegistrationQuery {
    pub status: Option<RegistrationStatus>,
    #[param(minimum = 1, maximum = 500)]
    pub limit: Option<u32>,
    #[param(minimum = 0, maximum = 1000000)]
    pub offset: Option<u32>,
}

/// The round, or 404.
pub async fn load(
    connection: &mut Connection,
    tournament_id: Uuid,
    number: i32,
) -> Result<RoundRow, ApiError> {
    store::find(connection, tournament_id, number)
        .await?
        .ok_or(ApiError::NotFound(Resource::Round))
}

fn check_schedule(violations: &mut Violations, scheduled_at: Option<DateTime<Utc>>) {
    if scheduled_at.is_some_and(|instant| !(1900..=2200).contains(&instant.year())) {
        violations.add("scheduled_at", "must be between the years 1900 and 2200");
    }
}

/// Add a round (organizers). A round beyond the tournament's `number_of_rounds` raises it:
/// the pairing and the standings count the rounds announced.
#[utoipa::path(
    post, path = "/tournaments/{tournament_id}/rounds", tag = "rounds",
    params(("tournament_id" = Uuid, Path)),
    request_body = NewRound,
    responses((status = 201, description = "Created", body = Round)),
    security(("bearer" = []))
)]
pub async fn create(
    pool: web::Data<DbPool>,
    path: web::Path<Uuid>,
    body: ApiJson<NewRound>,
) -> Result<HttpResponse, ApiError> {
    let tournament_id = path.into_inner();
    let round = body.0;
    let mut violations = Violations::new();
    if !(1..=100).contains(&round.number) {
        violations.add("number", "must be between 1 and 100");
    }
    check_schedule(&mut violations, round.scheduled_at);
    violations.into_result()?;
    let mut connection = pool.get().await?;
    ensure_exists(&mut connection, tournament_id).await?;
    let row = connection
        .transaction::<_, ApiError, _>(async |connection| {
            let row =
                store::insert(connection, tournament_id, round.number, round.scheduled_at).await?;
            tournaments::announce_round(connection, tournament_id, round.number).await?;
            Ok(row)
        })
        .await?;
    Ok(HttpResponse::Created().json(Round::from(row)))
}

/// List a tournament's rounds by number.
#[utoipa::path(
    get, path = "/tournaments/{tournament_id}/rounds", tag = "rounds",
    params(("tournament_id" = Uuid, Path), PageQuery),
    responses((status = 200, description = "A page of rounds", body = RoundPage))
)]
pub async fn list(
    request: HttpRequest,
    pool: web::Data<DbPool>,
    path: web::Path<Uuid>,
    query: ApiQuery<PageQuery>,
) -> Result<HttpResponse, ApiError> {
    let tournament_id = path.into_inner();
    let window = query.0.window()?;
    let mut connection = pool.get().await?;
    ensure_exists(&mut connection, tournament_id).await?;
    let (rows, total) =
        store::list(&mut connection, tournament_id, window.limit, window.offset).await?;
    let items = rows.into_iter().map(Round::from).collect();
    let page = PageInfo::new(total, window);
    Ok(page.response(&request).json(RoundPage { items, page }))
}

/// A round.
#[utoipa::path(
    get, path = "/tournaments/{tournament_id}/rounds/{number}", tag = "rounds",
    params(("tournament_id" = Uuid, Path), ("number" = i32, Path)),
    responses((status = 200, description = "The round", body = Round))
)]
pub async fn get(
    pool: web::Data<DbPool>,
    path: web::Path<(Uuid, i32)>,
) -> Result<HttpResponse, ApiError> {
    let (tournament_id, number) = path.into_inner();
    let mut connection = pool.get().await?;
    Ok(HttpResponse::Ok().json(Round::from(
        load(&mut connection, tournament_id, number).await?,
    )))
}

/// Start a round (organizers and referees): from now on its pairings change only by a
/// referee ruling.
#[utoipa::path(
    post, path = "/tournaments/{tournament_id}/rounds/{number}/start", tag = "rounds",
    params(("tournament_id" = Uuid, Path), ("number" = i32, Path)),
    responses((status = 200, description = "The started round", body = Round)),
    security(("bearer" = []))
)]
pub async fn start(
    pool: web::Data<DbPool>,
    caller: Caller,
    path: web::Path<(Uuid, i32)>,
) -> Result<HttpResponse, ApiError> {
    let (tournament_id, number) = path.into_inner();
    let round = start_round(&pool, &caller, tournament_id, number).await?;
    Ok(HttpResponse::Ok().json(round))
}

/// Delete a round without games (organizers): a round added by mistake. Its pairings
/// (with any rulings) and registrations go with it, and the tournament announces one round
/// fewer. Only the last round is deleted (409 `round.not_last`), and a round with a game
/// or a result is kept (409 `round.has_games`). The deletion is kept, with the round's
/// pairings, in `GET /tournaments/{id}/deletions`, and the staff's audit says who did it.
#[utoipa::path(
    delete, path = "/tournaments/{tournament_id}/rounds/{number}", tag = "rounds",
    params(("tournament_id" = Uuid, Path), ("number" = i32, Path), DeletionQuery),
    responses((status = 204, description = "Deleted")),
    security(("bearer" = []))
)]
pub async fn delete(
    pool: web::Data<DbPool>,
    caller: Caller,
    path: web::Path<(Uuid, i32)>,
    query: ApiQuery<DeletionQuery>,
) -> Result<HttpResponse, ApiError> {
    let (tournament_id, number) = path.into_inner();
    let reason = query.0.reason()?;
    undo::delete_last_round(&pool, &caller, tournament_id, number, &reason).await?;
    Ok(HttpResponse::NoContent().finish())
}

/// Record whether a player plays a round (organizers and referees).
#[utoipa::path(
    put, path = "/tournaments/{tournament_id}/rounds/{number}/registrations/{player_id}", tag = "rounds",
    params(("tournament_id" = Uuid, Path), ("number" = i32, Path), ("player_id" = Uuid, Path)),
    request_body = RegistrationChange,
    responses((status = 200, description = "The registration", body = Registration)),
    security(("bearer" = []))
)]
pub async fn register(
    pool: web::Data<DbPool>,
    caller: Caller,
    path: web::Path<(Uuid, i32, Uuid)>,
    body: ApiJson<RegistrationChange>,
) -> Result<HttpResponse, ApiError> {
    let (tournament_id, number, player_id) = path.into_inner();
    let at = (tournament_id, number, player_id);
    let registration = register_for_round(&pool, &caller, at, body.0.status).await?;
    Ok(HttpResponse::Ok().json(registration))
}

/// The registrations of a round.
#[utoipa::path(
    get, path = "/tournaments/{tournament_id}/rounds/{number}/registrations", tag = "rounds",
    params(("tournament_id" = Uuid, Path), ("number" = i32, Path), RegistrationQuery),
    responses((status = 200, description = "A page of registrations", body = RegistrationPage))
)]
pub async fn registrations(
    request: HttpRequest,
    pool: web::Data<DbPool>,
    path: web::Path<(Uuid, i32)>,
    query: ApiQuery<RegistrationQuery>,
) -> Result<HttpResponse, ApiError> {
    let (tournament_id, number) = path.into_inner();
    let query = query.0;
    let window = Window::new(query.limit, query.offset)?;
    let mut connection = pool.get().await?;
    let round = load(&mut connection, tournament_id, number).await?;
    let status = query.status.map(RegistrationStatus::name);
    let (rows, total) = store::list_registrations(
        &mut connection,
        round.id,
        status,
        window.limit,
        window.offset,
    )
    .await?;
    let items = rows
        .into_iter()
        .map(Registration::try_from)
        .collect::<Result<_, _>>()?;
    let page = PageInfo::new(total, window);
    Ok(page
        .response(&request)
        .json(RegistrationPage { items, page }))
}
