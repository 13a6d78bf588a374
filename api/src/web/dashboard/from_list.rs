//! Registering a player from a rating list: the search box beside the registration form
//! asks the lists (the API's own search, `GET /rating-lists/search`, limited to the lists
//! the tournament uses) and each player found registers in one tap through the API's
//! registration from a list (`POST …/players/from-rating-list`), which takes the name,
//! club, country, rating, rank and the list's id from the list itself.

use super::{caller, problems, see_other};
use crate::db::DbPool;
use crate::error::ApiError;
use crate::i18n::Language;
use crate::services::rating_lists::Indexes;
use crate::services::registration_desk::{
    register_from_list, search_lists, RegistrationFromList, SearchQuery, SearchResult,
};
use crate::services::tournaments as service;
use crate::web::dashboard::Problem;
use crate::web::page::{secured, Page, PageError};
use crate::web::session::Signed;
use crate::web::session::Viewer;
use actix_web::{web, HttpResponse};
use askama::Template;
use serde::Deserialize;
use uuid::Uuid;

/// How many players a search shows.
const FOUND: u32 = 20;

/// What the page takes from the query string.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ListSearch {
    /// Words of a name, or the start of a PIN, licence or AGA id.
    #[serde(default)]
    q: String,
}

#[derive(Template)]
#[template(path = "dashboard/from_list.html")]
struct FromListPage {
    t: Language,
    signed_in: Option<Signed>,
    id: Uuid,
    name: String,
    search: String,
    found: Vec<SearchResult>,
    problems: Vec<Problem>,
}

async fn from_list_page(
    pool: &DbPool,
    indexes: &Indexes,
    viewer: &Viewer,
    id: Uuid,
    search: String,
    problems_shown: Vec<Problem>,
) -> Result<Page, PageError> {
    let mut connection = pool.get().await.map_err(ApiError::from)?;
    let tournament = service::load(&mut connection, id).await?;
    drop(connection);
    let (found, problems_shown) = if search.trim().is_empty() {
        (Vec::new(), problems_shown)
    } else {
        let query = SearchQuery {
            q: search.clone(),
            country: None,
            source: None,
            tournament_id: Some(id),
            limit: Some(FOUND),
        };
        match search_lists(pool, indexes, query).await {
            Ok(found) => (found, problems_shown),
            Err(ApiError::InvalidQuery(error)) => (Vec::new(), vec![Problem::Field(error)]),
            Err(error) => return Err(PageError(error)),
        }
    };
    Page::render(&FromListPage {
        t: viewer.language_in(tournament.language),
        signed_in: viewer.describe(),
        id,
        name: tournament.name,
        search,
        found,
        problems: problems_shown,
    })
}

/// `GET /dashboard/t/{id}/rating-list?q=…`: the players of the tournament's lists whose
/// name or id matches.
pub async fn show(
    pool: web::Data<DbPool>,
    indexes: web::Data<Indexes>,
    viewer: Viewer,
    path: web::Path<Uuid>,
    query: web::Query<ListSearch>,
) -> Result<Page, PageError> {
    let search = query.into_inner().q;
    from_list_page(
        &pool,
        &indexes,
        &viewer,
        path.into_inner(),
        search,
        Vec::new(),
    )
    .await
}

/// The registration of one player found.
#[derive(Debug, Deserialize)]
pub struct FromListForm {
    rating_list_id: Uuid,
    line: u32,
    /// The search, to show again if the registration is refused.
    #[serde(default)]
    q: String,
}

/// `POST` of the same path: registers the player, then the tournament's players.
pub async fn register(
    pool: web::Data<DbPool>,
    indexes: web::Data<Indexes>,
    viewer: Viewer,
    path: web::Path<Uuid>,
    form: web::Form<FromListForm>,
) -> Result<HttpResponse, PageError> {
    let id = path.into_inner();
    let form = form.into_inner();
    let body = RegistrationFromList {
        rating_list_id: form.rating_list_id,
        line: form.line,
        rank: None,
    };
    match register_from_list(&pool, &indexes, &caller(&viewer)?, id, body).await {
        Ok(_) => Ok(see_other(&format!("/dashboard/t/{id}#players"))),
        Err(error) => {
            let refused = problems(error)?;
            let page = from_list_page(&pool, &indexes, &viewer, id, form.q, refused).await?;
            Ok(secured(HttpResponse::UnprocessableEntity(), page.0))
        }
    }
}
