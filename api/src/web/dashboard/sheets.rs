//! The result sheets of a round, to print: one per table, with both players and their
//! ranks, the handicap and komi the pairing set, a place to circle the winner and the
//! players' signatures, for a hall where results are carried on paper.

use crate::db::DbPool;
use crate::error::{ApiError, Resource};
use crate::i18n::Language;
use crate::store::pairings as pairing_store;
use crate::store::rounds as round_store;
use crate::web::page::{Page, PageError};
use crate::web::public::{page_language, round_lines, tournament, TableLine};
use crate::web::session::Signed;
use crate::web::session::Viewer;
use actix_web::web;
use askama::Template;
use std::collections::HashMap;
use uuid::Uuid;

#[derive(Template)]
#[template(path = "dashboard/sheets.html")]
struct SheetsPage {
    t: Language,
    signed_in: Option<Signed>,
    id: Uuid,
    name: String,
    number: u32,
    tables: Vec<TableLine>,
}

/// `GET /dashboard/t/{id}/rounds/{number}/sheets`: the round's result sheets.
pub async fn show(
    pool: web::Data<DbPool>,
    viewer: Viewer,
    path: web::Path<(Uuid, u32)>,
) -> Result<Page, PageError> {
    let (id, number) = path.into_inner();
    let tournament = tournament(&pool, id).await?;
    let language = page_language(&pool, &viewer, id).await?;
    if !(1..=tournament.rounds).contains(&number) {
        return Err(PageError(ApiError::NotFound(Resource::Round)));
    }
    // The komi each pairing holds (the standings' view of a game leaves it out).
    let mut connection = pool.get().await.map_err(ApiError::from)?;
    let round = round_store::find(&mut connection, id, i32::try_from(number).unwrap_or(0))
        .await
        .map_err(ApiError::from)?
        .ok_or(ApiError::NotFound(Resource::Round))?;
    let komi: HashMap<String, f64> = pairing_store::all_of_round(&mut connection, round.id)
        .await
        .map_err(ApiError::from)?
        .into_iter()
        .map(|pairing| (pairing.table_number.to_string(), pairing.komi))
        .collect();
    let mut tables = round_lines(&tournament, number, "", language).tables;
    for line in &mut tables {
        line.komi = komi.get(&line.table).copied().or(line.komi);
    }
    Page::render(&SheetsPage {
        t: language,
        signed_in: viewer.describe(),
        id,
        name: tournament.name.clone(),
        number,
        tables,
    })
}
