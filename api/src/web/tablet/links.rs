//! `/dashboard/t/{id}/tablets`: the tablets of a tournament's tables, for its organizers.
//! One form makes a one-time sign-in link for every table at once, printed with its QR
//! code (drawn on the server as SVG: no script, no other host), one card per table;
//! another makes the link of one table alone (a broken tablet replaced); each table's
//! tablets can be revoked (a revoked tablet is signed out at its next request).

use crate::access::Role;
use crate::db::DbPool;
use crate::error::{ApiError, FieldError, Issue};
use crate::i18n::Language;
use crate::services::sign_in::{self, CodeFor};
use crate::services::tournaments;
use crate::store::{pairings, players, tokens};
use crate::web::dashboard::{caller, see_other};
use crate::web::page::{secured, Page, PageError};
use crate::web::qr::qr_svg;
use crate::web::session::Signed;
use crate::web::session::Viewer;
use crate::web::tablet::reach::{unreachable, Unreachable};
use actix_web::{web, HttpRequest, HttpResponse};
use askama::Template;
use serde::Deserialize;
use std::ops::RangeInclusive;
use uuid::Uuid;

/// The most tables one form makes links for.
const MOST_TABLES: i32 = 1000;

/// A table in the list: its number and how many tablets are signed in for it.
pub struct TableLine {
    pub number: i32,
    pub tablets: i64,
}

#[derive(Template)]
#[template(path = "tablet/tablets.html")]
struct TabletsPage {
    t: Language,
    signed_in: Option<Signed>,
    tournament_id: Uuid,
    name: String,
    tables: Vec<TableLine>,
    count: i32,
    hours: i64,
    unreachable: Option<Unreachable>,
}

/// A table's sign-in link, to print.
pub struct Card {
    pub number: i32,
    pub url: String,
    pub qr: String,
}

#[derive(Template)]
#[template(path = "tablet/links.html")]
struct LinksPage {
    t: Language,
    signed_in: Option<Signed>,
    tournament_id: Uuid,
    name: String,
    cards: Vec<Card>,
    expires: String,
}

/// How many tables the tournament needs: its pairings' highest table, or one per two
/// players, or the highest table with a tablet.
async fn table_count(
    connection: &mut crate::db::Connection,
    tournament_id: Uuid,
    lines: &[TableLine],
) -> Result<i32, ApiError> {
    let paired = pairings::highest_table(connection, tournament_id).await?;
    let players = players::count(connection, tournament_id).await?;
    let halves = i32::try_from(players.div_euclid(2) + players.rem_euclid(2)).unwrap_or(0);
    let with_tablet = lines.iter().map(|line| line.number).max().unwrap_or(0);
    Ok(paired.max(halves).max(with_tablet).clamp(1, MOST_TABLES))
}

/// `GET /dashboard/t/{id}/tablets`.
pub async fn show(
    request: HttpRequest,
    pool: web::Data<DbPool>,
    viewer: Viewer,
    path: web::Path<Uuid>,
) -> Result<Page, PageError> {
    let tournament_id = path.into_inner();
    let mut connection = pool.get().await.map_err(ApiError::from)?;
    let tournament = tournaments::load(&mut connection, tournament_id).await?;
    let tables: Vec<TableLine> = tokens::tablets_per_table(&mut connection, tournament_id)
        .await
        .map_err(ApiError::from)?
        .into_iter()
        .map(|(number, tablets)| TableLine { number, tablets })
        .collect();
    let count = table_count(&mut connection, tournament_id, &tables).await?;
    Page::render(&TabletsPage {
        t: viewer.language_in(tournament.language),
        signed_in: viewer.describe(),
        tournament_id,
        name: tournament.name,
        tables,
        count,
        hours: sign_in::LIFETIME_HOURS,
        unreachable: unreachable(&request, &format!("/dashboard/t/{tournament_id}/tablets")),
    })
}

#[derive(Debug, Deserialize)]
pub struct LinksForm {
    tables: i32,
}

/// `POST /dashboard/t/{id}/tablets/links`: a one-time sign-in link for each table from 1
/// to `tables`, shown once, to print. Each signs in a tablet bound to its table.
pub async fn links(
    request: HttpRequest,
    pool: web::Data<DbPool>,
    viewer: Viewer,
    path: web::Path<Uuid>,
    form: web::Form<LinksForm>,
) -> Result<HttpResponse, PageError> {
    let tables = (1..=form.tables, "tables");
    print(&request, &pool, &viewer, path.into_inner(), tables).await
}

#[derive(Debug, Deserialize)]
pub struct LinkForm {
    table: i32,
}

/// `POST /dashboard/t/{id}/tablets/link`: the link of one table alone, to sign in the
/// tablet that replaces a broken one; the other tables' links and tablets are untouched.
pub async fn link(
    request: HttpRequest,
    pool: web::Data<DbPool>,
    viewer: Viewer,
    path: web::Path<Uuid>,
    form: web::Form<LinkForm>,
) -> Result<HttpResponse, PageError> {
    let table = (form.table..=form.table, "table");
    print(&request, &pool, &viewer, path.into_inner(), table).await
}

/// The page of the one-time sign-in links of the tables `numbers` (named `field` in the
/// form that asked), shown once, to print.
async fn print(
    request: &HttpRequest,
    pool: &DbPool,
    viewer: &Viewer,
    tournament_id: Uuid,
    (numbers, field): (RangeInclusive<i32>, &str),
) -> Result<HttpResponse, PageError> {
    let caller = caller(viewer)?;
    let valid = 1..=MOST_TABLES;
    if numbers.is_empty() || !valid.contains(numbers.start()) || !valid.contains(numbers.end()) {
        return Err(PageError(ApiError::Validation(vec![FieldError::of_issue(
            field,
            Issue::OutOfRange {
                min: 1,
                max: i64::from(MOST_TABLES),
            },
            format!("must be between 1 and {MOST_TABLES}"),
        )])));
    }
    let mut connection = pool.get().await.map_err(ApiError::from)?;
    let tournament = tournaments::load(&mut connection, tournament_id).await?;
    let codes: Vec<CodeFor> = numbers
        .clone()
        .map(|number| CodeFor {
            role: Role::Table,
            tournament_id,
            table_number: Some(number),
            label: format!("Table {number}"),
        })
        .collect();
    let issuer = caller.token_id().ok_or(ApiError::MissingToken)?;
    let now = crate::auth::clock_of(request)?.now();
    let (secrets, expires_at) = sign_in::create(&mut connection, issuer, &codes, now).await?;
    let origin = crate::peer::Origin::of(request).serialized();
    let cards = numbers
        .zip(secrets)
        .map(|(number, code)| {
            let url = format!("{origin}/sign-in/link/{code}");
            let qr = qr_svg(&url)?;
            Ok(Card { number, url, qr })
        })
        .collect::<Result<Vec<_>, ApiError>>()?;
    let page = Page::render(&LinksPage {
        t: viewer.language_in(tournament.language),
        signed_in: viewer.describe(),
        tournament_id,
        name: tournament.name,
        cards,
        expires: viewer
            .language_in(tournament.language)
            .moment(expires_at, tournament.time_zone),
    })?;
    // The links sign tablets in: no cache keeps them.
    let mut response = secured(HttpResponse::Ok(), page.0);
    response.headers_mut().insert(
        actix_web::http::header::CACHE_CONTROL,
        actix_web::http::header::HeaderValue::from_static("no-store"),
    );
    Ok(response)
}

/// `POST /dashboard/t/{id}/tablets/{table}/revoke`: signs out every tablet of the table.
pub async fn revoke(
    pool: web::Data<DbPool>,
    path: web::Path<(Uuid, i32)>,
) -> Result<HttpResponse, PageError> {
    let (tournament_id, table) = path.into_inner();
    let mut connection = pool.get().await.map_err(ApiError::from)?;
    tokens::revoke_table(&mut connection, tournament_id, table)
        .await
        .map_err(ApiError::from)?;
    Ok(see_other(&format!("/dashboard/t/{tournament_id}/tablets")))
}
