//! The dashboard's results: the grid of a whole round, typed from the paper sheets with
//! the keyboard alone (`12b`, Enter), and a pairing's result entered or corrected on its
//! own page, both through the service's audited path (the API's `PUT …/result`), and
//! that audit shown: each change with who made it, when, why, and the result before.

use super::{caller, game_problems, see_other};
use crate::db::DbPool;
use crate::error::{ApiError, Resource};
use crate::i18n::{vocabulary, Language};
use crate::services::live::cache::GameCache;
use crate::services::names::Names;
use crate::services::results::{self, EntryRefused, ResultChange};
use crate::services::rulings;
use crate::store::pairings as pairing_store;
use crate::store::rounds as round_store;
use crate::web::dashboard::Problem;
use crate::web::page::{issuer_words, secured, Page, PageError};
use crate::web::session::Signed;
use crate::web::session::Viewer;
use actix_web::{web, HttpRequest, HttpResponse};
use arbitre_core::standings::EntryError;
use askama::Template;
use serde::Deserialize;
use uuid::Uuid;

/// How many changes of one result the page lists.
const AUDIT_LISTED: i64 = 100;

/// The results the form offers, as the service reads them (SGF `RE`, or OpenGotha's
/// names of both win and both lose); none is chosen until the person chooses.
const RESULTS: [&str; 13] = [
    "B+",
    "W+",
    "B+R",
    "W+R",
    "B+T",
    "W+T",
    "B+F",
    "W+F",
    "0",
    "RESULT_BOTHWIN",
    "RESULT_BOTHLOSE",
    "Void",
    "?",
];

/// A recorded result in the reader's words ("White wins by resignation", "Both lose");
/// "no result yet" while there is none.
fn in_words(t: Language, result: Option<&str>) -> String {
    match result {
        None | Some("?") => t.text("result-none-yet"),
        Some("RESULT_BOTHWIN") => t.text("result-both-win"),
        Some("RESULT_BOTHLOSE") => t.text("result-both-lose"),
        Some(text) => vocabulary::record_result(t, text),
    }
}

/// One change of the result, as the audit shows it.
struct AuditLine {
    who: String,
    /// When, on the tournament's clock.
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
    results: Vec<(&'static str, String)>,
    audit: Vec<AuditLine>,
    problems: Vec<Problem>,
}

async fn result_page(
    pool: &DbPool,
    viewer: &Viewer,
    (id, number, pairing_id): (Uuid, i32, Uuid),
    problems: Vec<Problem>,
) -> Result<Page, PageError> {
    let mut connection = pool.get().await.map_err(ApiError::from)?;
    let tournament = crate::services::tournaments::load(&mut connection, id).await?;
    let t = viewer.language_in(tournament.language);
    let round = round_store::find(&mut connection, id, number)
        .await
        .map_err(ApiError::from)?
        .ok_or(ApiError::NotFound(Resource::Round))?;
    let pairing = pairing_store::find(&mut connection, round.id, pairing_id)
        .await
        .map_err(ApiError::from)?
        .ok_or(ApiError::NotFound(Resource::Pairing))?;
    let names = Names::of(&mut connection, id, [pairing.white_id, pairing.black_id]).await?;
    let result = pairing.result.clone().or(pairing.opengotha_result.clone());
    let (rulings, _) = rulings::list(&mut connection, id, pairing_id, AUDIT_LISTED, 0).await?;
    let audit = rulings
        .into_iter()
        .map(|ruling| AuditLine {
            who: issuer_words(t, &ruling.issuer),
            when: t.moment(ruling.issued_at, tournament.time_zone),
            why: ruling.reason,
            before: in_words(t, ruling.previous.result.as_deref()),
            after: in_words(t, ruling.terms.result.as_deref()),
        })
        .collect();
    let label = |player: Uuid| {
        names
            .get(player)
            .map(|name| format!("{} ({})", name.name, name.rank))
    };
    Page::render(&ResultPage {
        t,
        signed_in: viewer.describe(),
        id,
        name: tournament.name,
        number,
        table: pairing.table_number,
        white: label(pairing.white_id)?,
        black: label(pairing.black_id)?,
        result: in_words(t, result.as_deref()),
        results: RESULTS
            .into_iter()
            .map(|value| (value, in_words(t, Some(value))))
            .collect(),
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

/// `POST` of the same path: records the result, then shows the page again with it.
pub async fn record(
    request: HttpRequest,
    pool: web::Data<DbPool>,
    cache: web::Data<GameCache>,
    viewer: Viewer,
    path: web::Path<(Uuid, i32, Uuid)>,
    form: web::Form<ResultForm>,
) -> Result<HttpResponse, PageError> {
    let at = path.into_inner();
    let form = form.into_inner();
    let change = ResultChange {
        result: Some(form.result),
        reason: Some(form.reason.trim().to_string()).filter(|reason| !reason.is_empty()),
    };
    match results::record(&pool, &cache, &caller(&viewer)?, &request, at, change).await {
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

/// A table of the grid: its players and its result in words.
struct GridLine {
    table: i32,
    pairing_id: Uuid,
    black: String,
    white: String,
    handicap: i16,
    result: String,
    missing: bool,
}

#[derive(Template)]
#[template(path = "dashboard/results_grid.html")]
struct GridPage {
    t: Language,
    signed_in: Option<Signed>,
    id: Uuid,
    name: String,
    number: i32,
    lines: Vec<GridLine>,
    missing: usize,
    /// The table the last line recorded, and its result now, in words.
    last: Option<(i32, String, String)>,
    /// The line as typed, when it was refused.
    typed: String,
    problems: Vec<Problem>,
}

/// What the grid's address may say: the table the last line recorded.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GridQuery {
    last: Option<i32>,
}

async fn grid_page(
    pool: &DbPool,
    viewer: &Viewer,
    (id, number): (Uuid, i32),
    last: Option<i32>,
    (typed, problems): (String, Vec<Problem>),
) -> Result<Page, PageError> {
    let mut connection = pool.get().await.map_err(ApiError::from)?;
    let tournament = crate::services::tournaments::load(&mut connection, id).await?;
    let t = viewer.language_in(tournament.language);
    let round = round_store::find(&mut connection, id, number)
        .await
        .map_err(ApiError::from)?
        .ok_or(ApiError::NotFound(Resource::Round))?;
    let pairings = pairing_store::all_of_round(&mut connection, round.id)
        .await
        .map_err(ApiError::from)?;
    let names = Names::of(
        &mut connection,
        id,
        pairings
            .iter()
            .flat_map(|pairing| [pairing.black_id, pairing.white_id]),
    )
    .await?;
    let label = |player: Uuid| {
        names
            .get(player)
            .map(|name| format!("{} ({})", name.name, name.rank))
    };
    let mut lines = Vec::with_capacity(pairings.len());
    for pairing in pairings {
        let result = pairing.result.or(pairing.opengotha_result);
        lines.push(GridLine {
            table: pairing.table_number,
            pairing_id: pairing.id,
            black: label(pairing.black_id)?,
            white: label(pairing.white_id)?,
            handicap: pairing.handicap,
            missing: result.is_none(),
            result: in_words(t, result.as_deref()),
        });
    }
    let missing = lines.iter().filter(|line| line.missing).count();
    let last = last.and_then(|table| {
        let line = lines.iter().find(|line| line.table == table)?;
        let players = t
            .message("results-grid-players")
            .arg("black", line.black.clone())
            .arg("white", line.white.clone())
            .to_string();
        Some((table, players, line.result.clone()))
    });
    Page::render(&GridPage {
        t,
        signed_in: viewer.describe(),
        id,
        name: tournament.name,
        number,
        lines,
        missing,
        last,
        typed,
        problems,
    })
}

/// `GET /dashboard/t/{id}/rounds/{number}/results`: the round's results grid, the entry
/// line ready for the next sheet.
pub async fn grid(
    pool: web::Data<DbPool>,
    viewer: Viewer,
    path: web::Path<(Uuid, i32)>,
    query: web::Query<GridQuery>,
) -> Result<Page, PageError> {
    let last = query.into_inner().last;
    grid_page(&pool, &viewer, path.into_inner(), last, Default::default()).await
}

/// The grid's one line: a table and its result.
#[derive(Debug, Deserialize)]
pub struct GridForm {
    #[serde(default)]
    entry: String,
}

/// `POST` of the same path: records the line (`12b`), then shows the grid again with
/// what was recorded and the line empty for the next sheet; a line refused comes back as
/// typed, with why.
pub async fn enter(
    request: HttpRequest,
    pool: web::Data<DbPool>,
    cache: web::Data<GameCache>,
    viewer: Viewer,
    path: web::Path<(Uuid, i32)>,
    form: web::Form<GridForm>,
) -> Result<HttpResponse, PageError> {
    let (id, number) = path.into_inner();
    let line = form.into_inner().entry;
    let entered = results::enter(
        &pool,
        &cache,
        &caller(&viewer)?,
        &request,
        (id, number),
        &line,
    )
    .await;
    let t = viewer.language();
    let refused = match entered {
        Ok(entered) => {
            return Ok(see_other(&format!(
                "/dashboard/t/{id}/rounds/{number}/results?last={}#entry",
                entered.table
            )))
        }
        Err(EntryRefused::Unread(EntryError::NoTable)) => {
            vec![Problem::Said(t.text("results-grid-no-number"))]
        }
        Err(EntryRefused::Unread(EntryError::NoResult)) => {
            vec![Problem::Said(t.text("results-grid-no-result"))]
        }
        Err(EntryRefused::Unread(EntryError::Unknown(keys))) => {
            vec![Problem::Said(t.text_with(
                "results-grid-unknown",
                "keys",
                keys,
            ))]
        }
        Err(EntryRefused::NoTable(table)) => {
            vec![Problem::Said(t.text_with(
                "results-grid-no-table",
                "table",
                table,
            ))]
        }
        Err(EntryRefused::Refused(error)) => game_problems(error)?,
    };
    let page = grid_page(&pool, &viewer, (id, number), None, (line, refused)).await?;
    Ok(secured(HttpResponse::UnprocessableEntity(), page.0))
}
