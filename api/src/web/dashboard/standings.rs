//! The standings on the dashboard, after any round, with the tournament's own criteria
//! (the public page's table, [`public::standings_table`]), and every export the rating
//! bodies read, each with what stops it after the same round ([`exports`]).

use super::exports::{self, Section};
use crate::db::DbPool;
use crate::error::{ApiError, FieldError};
use crate::i18n::Language;
use crate::services::heavy::{Class, Workshop};
use crate::web::page::{Page, PageError};
use crate::web::public::{self, Pages, StandingsTable};
use crate::web::session::Signed;
use crate::web::session::Viewer;
use actix_web::{web, HttpRequest};
use arbitre_core::export::wall_chart::{wall_chart, WallChart};
use askama::Template;
use serde::Deserialize;
use uuid::Uuid;

/// What the page takes from the query string.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StandingsQuery {
    /// The round counted up to (default: the last with a game or a bye).
    round: Option<u32>,
}

#[derive(Template)]
#[template(path = "dashboard/standings.html")]
struct StandingsPage {
    t: Language,
    signed_in: Option<Signed>,
    id: Uuid,
    name: String,
    rounds: Vec<u32>,
    table: StandingsTable,
    exports: Section,
}

/// `GET /dashboard/t/{id}/standings?round=N`: the standings after round N, and the exports.
pub async fn show(
    request: HttpRequest,
    pool: web::Data<DbPool>,
    reads: web::Data<Pages>,
    workshop: web::Data<Workshop>,
    viewer: Viewer,
    path: web::Path<Uuid>,
    query: web::Query<StandingsQuery>,
) -> Result<Page, PageError> {
    let id = path.into_inner();
    public::kept_page(&request, &pool, &reads, id, &viewer, || async {
        let tournament = public::tournament(&pool, id).await?;
        let language = public::page_language(&pool, &viewer, id).await?;
        let round = public::round_shown(&tournament, query.round)?;
        let pairings = exports::pairings(&pool, id).await?;
        let (tournament, exports) = workshop
            .run(Class::Staff, move || {
                let section = exports::section(&tournament, id, round, &pairings, &language);
                (tournament, section)
            })
            .await?;
        let (tournament, table) =
            public::standings_table(&workshop, Class::Staff, tournament, round, language).await?;
        Page::render(&StandingsPage {
            t: language,
            signed_in: viewer.describe(),
            id,
            name: tournament.name.clone(),
            rounds: (1..=tournament.rounds).collect(),
            table,
            exports,
        })
    })
    .await
}

#[derive(Template)]
#[template(path = "dashboard/wall_chart.html")]
struct WallChartPage {
    t: Language,
    signed_in: Option<Signed>,
    id: Uuid,
    name: String,
    rounds: Vec<u32>,
    chart: WallChart,
}

/// `GET /dashboard/t/{id}/wall-chart?round=N`: the wall chart after round N (the core's
/// [`wall_chart`], computed on the heavy-work pool), to read on screen or on a phone and
/// to print on A4 or A3 in landscape.
pub async fn wall(
    pool: web::Data<DbPool>,
    workshop: web::Data<Workshop>,
    viewer: Viewer,
    path: web::Path<Uuid>,
    query: web::Query<StandingsQuery>,
) -> Result<Page, PageError> {
    let id = path.into_inner();
    let tournament = public::tournament(&pool, id).await?;
    let language = public::page_language(&pool, &viewer, id).await?;
    let round = public::round_shown(&tournament, query.round)?;
    let (tournament, chart) = workshop
        .run(Class::Staff, move || {
            let chart = wall_chart(&tournament, round);
            (tournament, chart)
        })
        .await?;
    let chart = chart.map_err(|error| {
        ApiError::Validation(vec![FieldError::new("standings", error.to_string())])
    })?;
    Page::render(&WallChartPage {
        t: language,
        signed_in: viewer.describe(),
        id,
        name: tournament.name.clone(),
        rounds: (1..=tournament.rounds).collect(),
        chart,
    })
}
