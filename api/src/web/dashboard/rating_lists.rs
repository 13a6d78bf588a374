//! `/dashboard/t/{id}/rating-lists`: the federations' lists a tournament uses, from the
//! pages: an admin uploads a list's file as downloaded (the EGD's `allworld_lp.html` or
//! its `.zip`, the FFG's `ech_ffg_V3.txt`, the AGA's `TDListA.txt`); the organizers pin
//! the snapshot the tournament uses for each source (else the newest), and refresh the
//! registered players from it: the report of what the list would change, then all of it
//! applied, each change recorded. The reading, matching and comparing are the core's;
//! these pages call the services the API's routes call.

use super::{caller, problems, see_other, upload};
use crate::auth::clock_of;
use crate::db::{Connection, DbPool};
use crate::error::{ApiError, FieldError, Resource};
use crate::i18n::Language;
use crate::services::rating_lists::{self as service, Indexes, Selection};
use crate::store::rating_lists::{self as store, SnapshotRow};
use crate::store::tournaments;
use crate::web::dashboard::Problem;
use crate::web::page::{secured, Page, PageError};
use crate::web::session::Signed;
use crate::web::session::Viewer;
use actix_multipart::Multipart;
use actix_web::{web, HttpRequest, HttpResponse};
use arbitre_core::rating_list::refresh::{Field, Found};
use arbitre_core::rating_list::Source;
use askama::Template;
use chrono::NaiveDate;
use serde::Deserialize;
use uuid::Uuid;

/// A snapshot as the page names it.
pub struct SnapshotLine {
    pub id: Uuid,
    pub list_date: String,
    pub entries: i32,
}

impl SnapshotLine {
    /// The snapshot `row`, its date in `language`.
    fn of(row: &SnapshotRow, language: Language) -> SnapshotLine {
        SnapshotLine {
            id: row.id,
            list_date: language.date(row.list_date),
            entries: row.entries,
        }
    }
}

/// A source's lists: the one in use (pinned or the newest) and every stored snapshot.
pub struct SourceLine {
    pub source: &'static str,
    pub title: String,
    pub in_use: Option<SnapshotLine>,
    pub pinned: bool,
    pub snapshots: Vec<SnapshotLine>,
}

#[derive(Template)]
#[template(path = "dashboard/rating_lists.html")]
struct ListsPage {
    t: Language,
    signed_in: Option<Signed>,
    tournament_id: Uuid,
    name: String,
    sources: Vec<SourceLine>,
    may_import: bool,
    notice: Option<String>,
    problems: Vec<Problem>,
}

/// One player's changes, as the refresh report shows them.
pub struct RefreshLine {
    pub player: String,
    pub found: String,
    pub changes: Vec<String>,
}

#[derive(Template)]
#[template(path = "dashboard/rating_refresh.html")]
struct RefreshPage {
    t: Language,
    signed_in: Option<Signed>,
    tournament_id: Uuid,
    name: String,
    source: &'static str,
    title: String,
    list: SnapshotLine,
    lines: Vec<RefreshLine>,
    changes: usize,
    not_found: usize,
}

/// A federation's name, as a director reads it.
fn title(source: Source, language: Language) -> String {
    language.text(match source {
        Source::Egd => "list-egd",
        Source::Ffg => "list-ffg",
        Source::Aga => "list-aga",
    })
}

/// A source's name as its federation writes it: `EGD`.
fn acronym(source: Source) -> String {
    source.name().to_uppercase()
}

fn parse_source(text: &str) -> Result<Source, ApiError> {
    text.parse().map_err(|_| {
        ApiError::Validation(vec![FieldError::new(
            "source",
            "choose the EGD, the FFG or the AGA",
        )])
    })
}

async fn tournament_name(connection: &mut Connection, id: Uuid) -> Result<String, ApiError> {
    tournaments::find(connection, id)
        .await?
        .map(|row| row.name)
        .ok_or(ApiError::NotFound(Resource::Tournament))
}

async fn lists_page(
    pool: &DbPool,
    viewer: &Viewer,
    tournament_id: Uuid,
    notice: Option<String>,
    problems: Vec<Problem>,
) -> Result<Page, PageError> {
    let mut connection = pool.get().await.map_err(ApiError::from)?;
    let name = tournament_name(&mut connection, tournament_id).await?;
    let language = viewer.language();
    let used = service::in_use(&mut connection, Some(tournament_id)).await?;
    let stored = store::list(&mut connection).await.map_err(ApiError::from)?;
    let sources = Source::ALL
        .into_iter()
        .map(|source| {
            let in_use = used.iter().find(|(row, _)| row.source == source.name());
            SourceLine {
                source: source.name(),
                title: title(source, language),
                in_use: in_use.map(|(row, _)| SnapshotLine::of(row, language)),
                pinned: in_use.is_some_and(|(_, pinned)| *pinned),
                snapshots: stored
                    .iter()
                    .filter(|row| row.source == source.name())
                    .map(|row| SnapshotLine::of(row, language))
                    .collect(),
            }
        })
        .collect();
    Page::render(&ListsPage {
        t: language,
        signed_in: viewer.describe(),
        tournament_id,
        name,
        sources,
        may_import: viewer.is_admin(),
        notice,
        problems,
    })
}

/// `GET /dashboard/t/{id}/rating-lists`.
pub async fn show(
    pool: web::Data<DbPool>,
    viewer: Viewer,
    path: web::Path<Uuid>,
) -> Result<Page, PageError> {
    lists_page(&pool, &viewer, path.into_inner(), None, vec![]).await
}

/// Imports the uploaded list (admins), as `POST /rating-lists` does.
async fn import_upload(
    connection: &mut Connection,
    indexes: &Indexes,
    (form, today): (Multipart, NaiveDate),
    language: Language,
) -> Result<String, ApiError> {
    let upload = upload::read(
        form,
        service::LIST_BODY_LIMIT,
        "choose the list's file to import",
    )
    .await?;
    let source = parse_source(upload.field("source").unwrap_or_default())?;
    let list = (source, upload.file.to_vec());
    let imported = service::import(connection, Some(indexes), list, today).await?;
    let snapshot = &imported.snapshot;
    let said = if imported.created {
        "lists-imported"
    } else {
        "lists-imported-already"
    };
    Ok(language
        .message(said)
        .arg("source", acronym(source))
        .arg("date", language.date(snapshot.list_date))
        .arg("count", snapshot.entries)
        .to_string())
}

/// `POST /dashboard/t/{id}/rating-lists/import`: the list's file, uploaded; the page
/// again with what was imported, or with why the file was refused (its line).
pub async fn import(
    request: HttpRequest,
    pool: web::Data<DbPool>,
    indexes: web::Data<Indexes>,
    viewer: Viewer,
    path: web::Path<Uuid>,
    form: Multipart,
) -> Result<HttpResponse, PageError> {
    let today = clock_of(&request)?.now().date_naive();
    let tournament_id = path.into_inner();
    let mut connection = pool.get().await.map_err(ApiError::from)?;
    let upload = (form, today);
    let outcome = import_upload(&mut connection, &indexes, upload, viewer.language()).await;
    drop(connection);
    match outcome {
        Ok(notice) => {
            let page = lists_page(&pool, &viewer, tournament_id, Some(notice), vec![]).await?;
            Ok(secured(HttpResponse::Created(), page.0))
        }
        Err(error @ ApiError::RatingList(_)) => {
            let refused = vec![Problem::refusal(&error)];
            let page = lists_page(&pool, &viewer, tournament_id, None, refused).await?;
            Ok(secured(HttpResponse::UnprocessableEntity(), page.0))
        }
        Err(error) => {
            let refused = problems(error)?;
            let page = lists_page(&pool, &viewer, tournament_id, None, refused).await?;
            Ok(secured(HttpResponse::UnprocessableEntity(), page.0))
        }
    }
}

/// The list to use for a source: a snapshot's id, or empty for the newest.
#[derive(Debug, Deserialize)]
pub struct PinForm {
    source: String,
    #[serde(default)]
    rating_list_id: String,
}

/// `POST /dashboard/t/{id}/rating-lists/pin`: pins the chosen snapshot, or, with none
/// chosen, unpins the source (the tournament uses the newest again).
pub async fn pin(
    pool: web::Data<DbPool>,
    path: web::Path<Uuid>,
    form: web::Form<PinForm>,
) -> Result<HttpResponse, PageError> {
    let tournament_id = path.into_inner();
    let source = parse_source(&form.source)?;
    let mut connection = pool.get().await.map_err(ApiError::from)?;
    tournaments::ensure_exists(&mut connection, tournament_id).await?;
    match form.rating_list_id.trim() {
        "" => store::unpin(&mut connection, tournament_id, source.name())
            .await
            .map(|_| ())
            .map_err(ApiError::from)?,
        id => {
            let id: Uuid = id.parse().map_err(|_| {
                ApiError::Validation(vec![FieldError::new("rating_list_id", "choose a list")])
            })?;
            service::pin(&mut connection, tournament_id, source, id)
                .await
                .map(|_| ())?
        }
    }
    Ok(see_other(&format!(
        "/dashboard/t/{tournament_id}/rating-lists"
    )))
}

/// The source of a refresh.
#[derive(Debug, Deserialize)]
pub struct SourceForm {
    source: String,
}

/// `GET /dashboard/t/{id}/rating-lists/refresh?source=egd`: what the tournament's list
/// of the source would change in its registered players.
pub async fn report(
    pool: web::Data<DbPool>,
    indexes: web::Data<Indexes>,
    viewer: Viewer,
    path: web::Path<Uuid>,
    query: web::Query<SourceForm>,
) -> Result<Page, PageError> {
    let tournament_id = path.into_inner();
    let source = parse_source(&query.source)?;
    let mut connection = pool.get().await.map_err(ApiError::from)?;
    let name = tournament_name(&mut connection, tournament_id).await?;
    let language = viewer.language();
    let (snapshot, proposals) =
        service::report(&mut connection, &indexes, tournament_id, source).await?;
    let not_found = proposals
        .iter()
        .filter(|proposal| proposal.entry.is_none())
        .count();
    let changes = proposals
        .iter()
        .map(|proposal| proposal.changes.len())
        .sum();
    let lines = proposals
        .iter()
        .filter(|proposal| !proposal.changes.is_empty() || proposal.entry.is_none())
        .map(|proposal| RefreshLine {
            player: format!("{} {}", proposal.player.surname, proposal.player.first_name)
                .trim()
                .to_string(),
            found: found_words(proposal.found, language),
            changes: proposal
                .changes
                .iter()
                .map(|change| {
                    format!(
                        "{}: {} → {}",
                        field_words(change.field, language),
                        change
                            .from
                            .clone()
                            .unwrap_or_else(|| language.text("refresh-none")),
                        change.to
                    )
                })
                .collect(),
        })
        .collect();
    Page::render(&RefreshPage {
        t: language,
        signed_in: viewer.describe(),
        tournament_id,
        name,
        source: source.name(),
        title: title(source, language),
        list: SnapshotLine::of(&snapshot, language),
        lines,
        changes,
        not_found,
    })
}

/// How the list found a player, in words.
fn found_words(found: Found, language: Language) -> String {
    language.text(match found {
        Found::ById => "found-by-id",
        Found::ByName => "found-by-name",
        Found::NotFound => "found-not",
        Found::Ambiguous => "found-ambiguous",
        Found::IdNotInList => "found-id-not-in-list",
    })
}

/// A field of a player's record a list changes, in words.
fn field_words(field: Field, language: Language) -> String {
    language.text(match field {
        Field::Rating => "refresh-field-rating",
        Field::Rank => "refresh-field-rank",
        Field::Club => "refresh-field-club",
        Field::LicenceStatus => "refresh-field-licence-status",
        Field::EgdPin => "refresh-field-egd-pin",
        Field::FfgLicence => "refresh-field-ffg-licence",
        Field::AgaId => "refresh-field-aga-id",
    })
}

/// `POST /dashboard/t/{id}/rating-lists/refresh`: applies every change the report
/// proposes, each recorded with the list and who applied it.
pub async fn apply(
    pool: web::Data<DbPool>,
    indexes: web::Data<Indexes>,
    viewer: Viewer,
    path: web::Path<Uuid>,
    form: web::Form<SourceForm>,
) -> Result<HttpResponse, PageError> {
    let tournament_id = path.into_inner();
    let caller = caller(&viewer)?;
    let source = parse_source(&form.source)?;
    let applied_by = caller.token_id().ok_or(ApiError::MissingToken)?;
    let mut connection = pool.get().await.map_err(ApiError::from)?;
    let applied = service::apply(
        &mut connection,
        &indexes,
        tournament_id,
        source,
        Selection::All,
        applied_by,
    )
    .await?;
    drop(connection);
    let notice = viewer
        .language()
        .message("lists-applied")
        .arg("count", applied.len())
        .arg("source", acronym(source))
        .to_string();
    let page = lists_page(&pool, &viewer, tournament_id, Some(notice), vec![]).await?;
    Ok(secured(HttpResponse::Ok(), page.0))
}
