//! The dashboard's results: a pairing's result entered or corrected through the route's
//! audited path (`PUT …/pairings/{id}/result`), and that audit shown: each change with
//! who made it, when, why, and the result before.

use super::{caller, check_origin, problems, see_other};
use crate::db::DbPool;
use crate::error::{ApiError, GameError, Resource};
use crate::i18n::Language;
use crate::routes::pairings::Ruling;
use crate::routes::standings::{self as api, ResultChange};
use crate::services::live::cache::GameCache;
use crate::services::names::Names;
use crate::store::pairings as pairing_store;
use crate::store::rounds as round_store;
use crate::store::standings as standings_store;
use crate::web::page::{secured, Page, PageError};
use crate::web::session::Signed;
use crate::web::session::Viewer;
use actix_web::{web, HttpRequest, HttpResponse};
use askama::Template;
use serde::Deserialize;
use uuid::Uuid;

/// How many changes of one result the page lists.
const AUDIT_LISTED: i64 = 100;

/// The results the form offers, in SGF `RE` (the route reads them), and what they mean.
const RESULTS: [(&str, &str); 11] = [
    ("B+R", "result-choice-black-resignation"),
    ("W+R", "result-choice-white-resignation"),
    ("B+", "result-black-wins"),
    ("W+", "result-white-wins"),
    ("B+T", "result-choice-black-time"),
    ("W+T", "result-choice-white-time"),
    ("B+F", "result-black-wins-by-default"),
    ("W+F", "result-white-wins-by-default"),
    ("0", "result-jigo"),
    ("Void", "result-void"),
    ("?", "result-choice-none"),
];

/// One change of the result, as the audit shows it.
struct AuditLine {
    who: String,
    when: String,
    why: String,
    before: String,
    after: String,
}

#[derive(Template)]
#[template(path = "dashboard/result.html")]
struct ResultPage {
    t: Language,
    signed_in: Option<Signed>,
    id: Uuid,
    name: String,
    number: i32,
    table: i32,
    white: String,
    black: String,
    result: String,
    results: [(&'static str, &'static str); 11],
    audit: Vec<AuditLine>,
    problems: Vec<String>,
}

fn shown(result: Option<&str>) -> String {
    result.unwrap_or("none").to_string()
}

async fn result_page(
    pool: &DbPool,
    viewer: &Viewer,
    (id, number, pairing_id): (Uuid, i32, Uuid),
    problems: Vec<String>,
) -> Result<Page, PageError> {
    caller(viewer)?.require_staff(id, "see this tournament's results")?;
    let mut connection = pool.get().await.map_err(ApiError::from)?;
    let tournament = crate::services::tournaments::load(&mut connection, id).await?;
    let language = viewer.language_in(tournament.language);
    let round = round_store::find(&mut connection, id, number)
        .await
        .map_err(ApiError::from)?
        .ok_or(ApiError::NotFound(Resource::Round))?;
    let pairing = pairing_store::find(&mut connection, round.id, pairing_id)
        .await
        .map_err(ApiError::from)?
        .ok_or(ApiError::NotFound(Resource::Pairing))?;
    let names = Names::of(&mut connection, id, [pairing.white_id, pairing.black_id]).await?;
    let result = standings_store::result(&mut connection, pairing_id)
        .await
        .map_err(ApiError::from)?;
    let (rows, _) = pairing_store::list_rulings(&mut connection, pairing_id, AUDIT_LISTED, 0)
        .await
        .map_err(ApiError::from)?;
    let audit = Ruling::named(&mut connection, id, rows)
        .await?
        .into_iter()
        .map(|ruling| AuditLine {
            who: ruling.issued_by_label,
            when: language.moment(ruling.issued_at, tournament.time_zone),
            why: ruling.reason,
            before: shown(ruling.previous.result.as_deref()),
            after: shown(ruling.terms.result.as_deref()),
        })
        .collect();
    let label = |player: Uuid| {
        names
            .get(player)
            .map(|name| format!("{} ({})", name.name, name.rank))
    };
    Page::render(&ResultPage {
        t: language,
        signed_in: viewer.describe(),
        id,
        name: tournament.name,
        number,
        table: pairing.table_number,
        white: label(pairing.white_id)?,
        black: label(pairing.black_id)?,
        result: shown(result.as_deref()),
        results: RESULTS,
        audit,
        problems,
    })
}

/// `GET /dashboard/t/{id}/rounds/{number}/pairings/{pairing}`: the result and its audit.
pub async fn show(
    pool: web::Data<DbPool>,
    viewer: Viewer,
    path: web::Path<(Uuid, i32, Uuid)>,
) -> Result<Page, PageError> {
    result_page(&pool, &viewer, path.into_inner(), Vec::new()).await
}

/// The result form.
#[derive(Debug, Deserialize)]
pub struct ResultForm {
    result: String,
    #[serde(default)]
    reason: String,
}

/// What a refused result shows above the form.
pub fn game_problems(error: GameError) -> Result<Vec<String>, PageError> {
    match error {
        GameError::Api(error) => problems(error),
        other => Ok(vec![other.to_string()]),
    }
}

/// `POST` of the same path: records the result, then shows the page again with it.
pub async fn record(
    request: HttpRequest,
    pool: web::Data<DbPool>,
    cache: web::Data<GameCache>,
    viewer: Viewer,
    path: web::Path<(Uuid, i32, Uuid)>,
    form: web::Form<ResultForm>,
) -> Result<HttpResponse, PageError> {
    check_origin(&request)?;
    let at = path.into_inner();
    let form = form.into_inner();
    let change = ResultChange {
        result: Some(form.result),
        reason: Some(form.reason.trim().to_string()).filter(|reason| !reason.is_empty()),
    };
    match api::record(&pool, &cache, &caller(&viewer)?, &request, at, change).await {
        Ok(_) => {
            let (id, number, pairing) = at;
            Ok(see_other(&format!(
                "/dashboard/t/{id}/rounds/{number}/pairings/{pairing}"
            )))
        }
        Err(error) => {
            let refused = game_problems(error)?;
            let page = result_page(&pool, &viewer, at, refused).await?;
            Ok(secured(HttpResponse::UnprocessableEntity(), page.0))
        }
    }
}
