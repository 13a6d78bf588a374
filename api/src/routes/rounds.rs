//! `/tournaments/{id}/rounds`: rounds, their start, and who plays in each (registrations).

use crate::auth::Caller;
use crate::db::{Connection, DbPool};
use crate::error::{ApiError, Resource, Violations};
use crate::http::{ApiJson, ApiQuery, PageInfo, PageQuery, Window};
use crate::routes::deletions::DeletionQuery;
use crate::services::undo;
use crate::store::rounds::{self as store, RegistrationRow, RoundRow};
use crate::store::tournaments::{self, ensure_exists};
use crate::store::{pairings, players};
use actix_web::{web, HttpRequest, HttpResponse};
use arbitre_core::round::RoundAction;
use chrono::{DateTime, Datelike, Utc};
use diesel_async::AsyncConnection;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use uuid::Uuid;

/// A round. Once started, its pairings change only by a referee ruling.
#[derive(Debug, Serialize, ToSchema)]
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
#[derive(Debug, Serialize, ToSchema)]
pub struct RoundPage {
    pub items: Vec<Round>,
    pub page: PageInfo,
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
#[derive(Debug, Serialize, ToSchema)]
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

/// The status to record.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct RegistrationChange {
    pub status: RegistrationStatus,
}

/// A page of registrations.
#[derive(Debug, Serialize, ToSchema)]
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

/// Starts a round, for this route and the organizer's pages alike.
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
            let paired = !crate::store::pairings::all_of_round(connection, round.id)
                .await?
                .is_empty();
            round.allows(paired, RoundAction::Start, String::new)?;
            Ok(store::mark_started(connection, round.id).await?)
        })
        .await?;
    Ok(Round::from(row))
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

/// Records whether the player `at` (tournament, round, player) plays the round, for this
/// route and the organizer's pages alike.
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
