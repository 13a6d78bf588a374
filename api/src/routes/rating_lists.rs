//! `/rating-lists`: the federations' rating lists (EGD, FFG, AGA) imported from the files
//! the organizer downloaded (admins), and the search of the registration desk.
//! `/tournaments/{id}/rating-lists`: the snapshot a tournament uses per source (pinned,
//! else the newest); `…/players/from-rating-list`: a player registered from an entry;
//! `…/rating-refresh`: what the list would change in the registered players, and
//! applying it. The reading, matching and comparing are the core's
//! (`arbitre_core::rating_list`); `services::rating_lists` stores and caches.

use crate::auth::Caller;
use crate::db::DbPool;
use crate::error::{ApiError, FieldError, Problem};
use crate::http::{body, media_type, ApiJson, ApiQuery};
use crate::routes::players::Player;
use crate::services::live::ServerClock;
use crate::services::rating_lists::{self as service, Indexes, Listed, Selection};
use crate::services::registration_desk::{
    register_from_list, search_lists, ListEntry, RegistrationFromList, SearchQuery, SearchResult,
};
use crate::store::rating_lists::{self as store, SnapshotRow, UpdateRow};
use crate::store::tournaments::ensure_exists;
use actix_web::dev::Payload;
use actix_web::{mime, web, FromRequest, HttpRequest, HttpResponse};
use arbitre_core::rating_list::refresh::{Field, Found};
use arbitre_core::rating_list::Source;
use chrono::{DateTime, NaiveDate, Utc};
use serde::{Deserialize, Serialize};
use std::future::Future;
use std::pin::Pin;
use utoipa::{IntoParams, ToSchema};
use uuid::Uuid;

pub use crate::services::rating_lists::LIST_BODY_LIMIT;

/// A list file's bytes, as downloaded: `text/html`, `text/plain`, `application/zip` or
/// `application/octet-stream`, at most [`LIST_BODY_LIMIT`].
#[derive(Debug)]
pub struct ListBody(pub web::Bytes);

impl FromRequest for ListBody {
    type Error = ApiError;
    type Future = Pin<Box<dyn Future<Output = Result<ListBody, ApiError>>>>;

    fn from_request(request: &HttpRequest, payload: &mut Payload) -> Self::Future {
        let is_file = media_type(request).is_some_and(|mime| {
            mime.type_() == mime::TEXT
                || mime.essence_str() == "application/octet-stream"
                || mime.essence_str() == "application/zip"
                || mime.essence_str() == "application/x-zip-compressed"
        });
        let bytes = body(
            request,
            payload,
            LIST_BODY_LIMIT,
            (is_file, "application/octet-stream"),
            |error| ApiError::InvalidBody(FieldError::new("body", error)),
        );
        Box::pin(async move { Ok(ListBody(bytes.await?)) })
    }
}

/// A stored snapshot of a federation's list.
#[derive(Debug, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct RatingListSnapshot {
    pub id: Uuid,
    pub source: Source,
    /// The list's own date (the AGA's list has none: its newest "last rated" date).
    pub list_date: NaiveDate,
    /// Players read from it.
    pub entries: i32,
    pub imported_at: DateTime<Utc>,
}

impl TryFrom<SnapshotRow> for RatingListSnapshot {
    type Error = ApiError;

    fn try_from(row: SnapshotRow) -> Result<RatingListSnapshot, ApiError> {
        Ok(RatingListSnapshot {
            source: service::source_of(&row)?,
            id: row.id,
            list_date: row.list_date,
            entries: row.entries,
            imported_at: row.imported_at,
        })
    }
}

/// An import's outcome.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
pub struct ImportedList {
    pub rating_list: RatingListSnapshot,
    /// `false`: the same list was already imported, nothing changed.
    pub created: bool,
    /// Placeholder lines left out (the EGD's `(undefined)` and `Anonymous`).
    pub placeholders: usize,
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(deny_unknown_fields)]
#[into_params(parameter_in = Query)]
pub struct ImportQuery {
    /// Whose list the file is: `egd`, `ffg` or `aga`.
    pub source: Source,
}

/// Import a federation's rating list from its file (admins): the EGD's
/// `allworld_lp.html` or `.zip`, the FFG's `ech_ffg_V3.txt`, the AGA's `TDListA.txt`.
/// The same list again changes nothing (200, `created: false`). A file the reader refuses
/// is a 422 `rating_list.*` with its `line` (and `column`); nothing is stored then.
#[utoipa::path(
    post, path = "/rating-lists", tag = "rating lists",
    params(ImportQuery),
    request_body(
        content = String, content_type = "application/octet-stream",
        description = "The list's file as downloaded, at most 32 MiB"
    ),
    responses(
        (status = 201, description = "Imported", body = ImportedList),
        (status = 200, description = "Already imported: nothing changed", body = ImportedList),
        (status = 422, description = "The file is not a readable list", body = Problem, content_type = "application/problem+json")
    ),
    security(("bearer" = []))
)]
pub async fn import(
    pool: web::Data<DbPool>,
    indexes: web::Data<Indexes>,
    clock: web::Data<ServerClock>,
    query: ApiQuery<ImportQuery>,
    file: ListBody,
) -> Result<HttpResponse, ApiError> {
    let mut connection = pool.get().await?;
    let imported = service::import(
        &mut connection,
        Some(&indexes),
        (query.0.source, file.0.to_vec()),
        clock.now().date_naive(),
    )
    .await?;
    let body = ImportedList {
        rating_list: imported.snapshot.try_into()?,
        created: imported.created,
        placeholders: imported.placeholders,
    };
    Ok(if imported.created {
        HttpResponse::Created().json(body)
    } else {
        HttpResponse::Ok().json(body)
    })
}

/// The imported lists, newest first within each source.
#[utoipa::path(
    get, path = "/rating-lists", tag = "rating lists",
    responses((status = 200, description = "The snapshots", body = Vec<RatingListSnapshot>))
)]
pub async fn list(pool: web::Data<DbPool>) -> Result<HttpResponse, ApiError> {
    let mut connection = pool.get().await?;
    let rows = store::list(&mut connection).await?;
    let snapshots = rows
        .into_iter()
        .map(RatingListSnapshot::try_from)
        .collect::<Result<Vec<_>, _>>()?;
    Ok(HttpResponse::Ok().json(snapshots))
}

/// Search the lists for a player to register: best matches first, each with its list and
/// the list's date.
#[utoipa::path(
    get, path = "/rating-lists/search", tag = "rating lists",
    params(SearchQuery),
    responses((status = 200, description = "The best matches", body = Vec<SearchResult>))
)]
pub async fn search(
    pool: web::Data<DbPool>,
    indexes: web::Data<Indexes>,
    query: ApiQuery<SearchQuery>,
) -> Result<HttpResponse, ApiError> {
    Ok(HttpResponse::Ok().json(search_lists(&pool, &indexes, query.0).await?))
}

/// The list a tournament uses for a source.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
pub struct ListInUse {
    pub rating_list: RatingListSnapshot,
    /// Pinned by the tournament (its freeze date); else the newest list of the source.
    pub pinned: bool,
}

/// The lists a tournament uses, one per source imported.
#[utoipa::path(
    get, path = "/tournaments/{tournament_id}/rating-lists", tag = "rating lists",
    params(("tournament_id" = Uuid, Path)),
    responses((status = 200, description = "The lists in use", body = Vec<ListInUse>))
)]
pub async fn in_use(
    pool: web::Data<DbPool>,
    path: web::Path<Uuid>,
) -> Result<HttpResponse, ApiError> {
    let tournament_id = path.into_inner();
    let mut connection = pool.get().await?;
    ensure_exists(&mut connection, tournament_id).await?;
    let used = service::in_use(&mut connection, Some(tournament_id))
        .await?
        .into_iter()
        .map(|(row, pinned)| {
            Ok(ListInUse {
                rating_list: row.try_into()?,
                pinned,
            })
        })
        .collect::<Result<Vec<_>, ApiError>>()?;
    Ok(HttpResponse::Ok().json(used))
}

/// The snapshot to pin.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct PinRequest {
    pub rating_list_id: Uuid,
}

/// Pin a list for its source (organizers): the tournament uses it, not a newer one.
#[utoipa::path(
    put, path = "/tournaments/{tournament_id}/rating-lists/{source}", tag = "rating lists",
    params(("tournament_id" = Uuid, Path), ("source" = Source, Path)),
    request_body = PinRequest,
    responses((status = 200, description = "Pinned", body = ListInUse)),
    security(("bearer" = []))
)]
pub async fn pin(
    pool: web::Data<DbPool>,
    path: web::Path<(Uuid, Source)>,
    body: ApiJson<PinRequest>,
) -> Result<HttpResponse, ApiError> {
    let (tournament_id, source) = path.into_inner();
    let mut connection = pool.get().await?;
    ensure_exists(&mut connection, tournament_id).await?;
    let row = service::pin(
        &mut connection,
        tournament_id,
        source,
        body.0.rating_list_id,
    )
    .await?;
    Ok(HttpResponse::Ok().json(ListInUse {
        rating_list: row.try_into()?,
        pinned: true,
    }))
}

/// Unpin a source's list (organizers): the tournament uses the newest again.
#[utoipa::path(
    delete, path = "/tournaments/{tournament_id}/rating-lists/{source}", tag = "rating lists",
    params(("tournament_id" = Uuid, Path), ("source" = Source, Path)),
    responses((status = 204, description = "Unpinned")),
    security(("bearer" = []))
)]
pub async fn unpin(
    pool: web::Data<DbPool>,
    path: web::Path<(Uuid, Source)>,
) -> Result<HttpResponse, ApiError> {
    let (tournament_id, source) = path.into_inner();
    let mut connection = pool.get().await?;
    ensure_exists(&mut connection, tournament_id).await?;
    store::unpin(&mut connection, tournament_id, source.name()).await?;
    Ok(HttpResponse::NoContent().finish())
}

/// Register a player from a list's entry (organizers): names, rank, rating, club, country
/// and ids, completed from the same person in the other list (EGD ↔ FFG).
#[utoipa::path(
    post, path = "/tournaments/{tournament_id}/players/from-rating-list", tag = "rating lists",
    params(("tournament_id" = Uuid, Path)),
    request_body = RegistrationFromList,
    responses((status = 201, description = "Registered", body = Player)),
    security(("bearer" = []))
)]
pub async fn register(
    pool: web::Data<DbPool>,
    indexes: web::Data<Indexes>,
    caller: Caller,
    path: web::Path<Uuid>,
    body: ApiJson<RegistrationFromList>,
) -> Result<HttpResponse, ApiError> {
    let player = register_from_list(&pool, &indexes, &caller, path.into_inner(), body.0).await?;
    Ok(HttpResponse::Created().json(player))
}

/// One change a refresh would make.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
pub struct ProposedChange {
    pub field: Field,
    /// The value now (`null` when none).
    pub from: Option<String>,
    /// The list's value.
    pub to: String,
}

/// What a refresh says of one registered player.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
pub struct PlayerRefresh {
    pub player_id: Uuid,
    pub surname: String,
    pub first_name: String,
    pub found: Found,
    /// The player in the list.
    pub entry: Option<ListEntry>,
    pub changes: Vec<ProposedChange>,
    /// The registered rank is above the rank the list's rating gives.
    pub declared_rank_above_rating: bool,
}

/// A tournament's players against a list.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
pub struct RefreshReport {
    pub rating_list: RatingListSnapshot,
    pub players: Vec<PlayerRefresh>,
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(deny_unknown_fields)]
#[into_params(parameter_in = Query)]
pub struct RefreshQuery {
    /// The list to compare with: `egd`, `ffg` or `aga`.
    pub source: Source,
}

/// What the tournament's list of `source` (pinned, else the newest) would change in its
/// registered players: rating, rank, club, FFG licence status, the id of a player found
/// by name; players not found; ranks declared above the rating.
#[utoipa::path(
    get, path = "/tournaments/{tournament_id}/rating-refresh", tag = "rating lists",
    params(("tournament_id" = Uuid, Path), RefreshQuery),
    responses((status = 200, description = "The report", body = RefreshReport))
)]
pub async fn report(
    pool: web::Data<DbPool>,
    indexes: web::Data<Indexes>,
    path: web::Path<Uuid>,
    query: ApiQuery<RefreshQuery>,
) -> Result<HttpResponse, ApiError> {
    let tournament_id = path.into_inner();
    let mut connection = pool.get().await?;
    ensure_exists(&mut connection, tournament_id).await?;
    let (snapshot, proposals) =
        service::report(&mut connection, &indexes, tournament_id, query.0.source).await?;
    let players = proposals
        .iter()
        .map(|proposal| PlayerRefresh {
            player_id: proposal.player.id,
            surname: proposal.player.surname.clone(),
            first_name: proposal.player.first_name.clone(),
            found: proposal.found,
            entry: proposal.entry.as_ref().map(|entry| {
                ListEntry::from(&Listed {
                    snapshot: snapshot.clone(),
                    entry: entry.clone(),
                })
            }),
            changes: proposal
                .changes
                .iter()
                .map(|change| ProposedChange {
                    field: change.field,
                    from: change.from.clone(),
                    to: change.to.clone(),
                })
                .collect(),
            declared_rank_above_rating: proposal.declared_above_rating,
        })
        .collect();
    Ok(HttpResponse::Ok().json(RefreshReport {
        rating_list: snapshot.try_into()?,
        players,
    }))
}

/// A change chosen from the report.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct ChosenChange {
    pub player_id: Uuid,
    pub field: Field,
}

/// The changes to apply: all the report proposes, or those listed.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct RefreshRequest {
    pub source: Source,
    /// Apply every proposed change.
    #[serde(default)]
    pub all: bool,
    /// The changes to apply, when not `all`.
    #[serde(default)]
    pub changes: Vec<ChosenChange>,
}

/// A change applied to a player, recorded.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
pub struct AppliedChange {
    pub id: Uuid,
    pub player_id: Uuid,
    pub rating_list_id: Uuid,
    pub field: String,
    pub previous: Option<String>,
    pub value: String,
    /// The token that applied it.
    pub applied_by: Uuid,
    pub applied_at: DateTime<Utc>,
}

impl From<UpdateRow> for AppliedChange {
    fn from(row: UpdateRow) -> AppliedChange {
        AppliedChange {
            id: row.id,
            player_id: row.player_id,
            rating_list_id: row.rating_list_id,
            field: row.field,
            previous: row.previous,
            value: row.value,
            applied_by: row.applied_by,
            applied_at: row.applied_at,
        }
    }
}

/// Apply a refresh's changes (organizers), all or those chosen, each recorded; in one
/// transaction. A chosen change the report no longer proposes is refused (409
/// `rating_refresh.not_proposed`) and nothing is applied.
#[utoipa::path(
    post, path = "/tournaments/{tournament_id}/rating-refresh", tag = "rating lists",
    params(("tournament_id" = Uuid, Path)),
    request_body = RefreshRequest,
    responses((status = 200, description = "The changes applied", body = Vec<AppliedChange>)),
    security(("bearer" = []))
)]
pub async fn apply(
    pool: web::Data<DbPool>,
    indexes: web::Data<Indexes>,
    caller: Caller,
    path: web::Path<Uuid>,
    body: ApiJson<RefreshRequest>,
) -> Result<HttpResponse, ApiError> {
    let tournament_id = path.into_inner();
    let applied_by = caller.token_id().ok_or(ApiError::MissingToken)?;
    let body = body.0;
    let selection = match (body.all, body.changes.is_empty()) {
        (true, true) => Selection::All,
        (false, false) => Selection::Chosen(
            body.changes
                .iter()
                .map(|change| (change.player_id, change.field))
                .collect(),
        ),
        (true, false) => {
            return Err(ApiError::Validation(vec![FieldError::new(
                "changes",
                "give either `all` or the changes, not both",
            )]))
        }
        (false, true) => {
            return Err(ApiError::Validation(vec![FieldError::new(
                "changes",
                "give `all: true` or at least one change",
            )]))
        }
    };
    let mut connection = pool.get().await?;
    ensure_exists(&mut connection, tournament_id).await?;
    let applied = service::apply(
        &mut connection,
        &indexes,
        tournament_id,
        body.source,
        selection,
        applied_by,
    )
    .await?;
    let applied: Vec<AppliedChange> = applied.into_iter().map(AppliedChange::from).collect();
    Ok(HttpResponse::Ok().json(applied))
}
