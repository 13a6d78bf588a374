//! `/table`: the table's page, for a signed-in tablet, and the requests its script sends.
//!
//! The page is a frame; `tablet.js` draws the board and the clocks from the game's state
//! (`GET /games/{id}`, public) and follows its event stream (`GET /games/{id}/stream`).
//! What the tablet records (the start of its game, a turn, a counting step) goes to the
//! JSON API's own routes (`POST /tournaments/{id}/games`, `/games/{id}/turns`,
//! `/games/{id}/counting`): the session cookie stands there for the bearer token the
//! script cannot read (`HttpOnly`), from this server's pages only (their `Origin`; see
//! [`crate::auth::Caller`]). Which game the tablet may act on is the token's, resolved in
//! [`crate::auth::token_of_secret`]. The tablet also reports every few seconds
//! ([`contact`]), for the referee's hall.

use crate::access::StoredToken;
use crate::db::DbPool;
use crate::error::{ApiError, GameError};
use crate::http::parse_json;
use crate::i18n::Language;
use crate::services::contacts::Contacts;
use crate::services::live::cache::GameCache;
use crate::services::tournaments;
use crate::store::{games as game_store, pairings, players};
use crate::web::page::{Page, PageError};
use crate::web::session::Viewer;
use actix_web::{web, HttpResponse};
use arbitre_core::hall::Contact;
use askama::Template;
use serde::{Deserialize, Serialize};
use uuid::Uuid;

#[derive(Template)]
#[template(path = "tablet/table.html")]
struct TablePage {
    t: Language,
    label: String,
    /// The words `tablet.js` shows, in the page's language (JSON).
    words: String,
}

/// The tablet's token: its routes' [`crate::router::guard::Access::Tablet`] let no other
/// caller in.
fn tablet(viewer: &Viewer) -> Result<StoredToken, ApiError> {
    viewer.0.clone().ok_or(ApiError::MissingToken)
}

/// `GET /table`: the page (a browser without a session never gets here: it is sent to
/// sign in first, see [`crate::web::session::SignInFirst`]).
pub async fn page(pool: web::Data<DbPool>, viewer: Viewer) -> Result<Page, PageError> {
    let token = tablet(&viewer)?;
    let language = match token.tournament_id {
        Some(id) => crate::web::public::page_language(&pool, &viewer, id).await?,
        None => viewer.language(),
    };
    let label = if token.label.is_empty() {
        language.text("tablet-title")
    } else {
        token.label
    };
    Page::render(&TablePage {
        t: language,
        label,
        words: language.script_words(&["tablet-", "clock-", "result-"]),
    })
}

/// A player of the game at the table.
#[derive(Debug, Serialize, Deserialize)]
pub struct Seat {
    pub name: String,
    pub rank: String,
}

/// What is at the table now.
#[derive(Debug, Serialize, Deserialize)]
pub struct TableState {
    pub tournament_id: Option<Uuid>,
    pub tournament: String,
    /// The tablet's table number (a tablet bound to one game: that pairing's).
    pub table_number: Option<i32>,
    pub label: String,
    /// The round of the pairing at the table; none while no published round uses it.
    pub round: Option<i32>,
    pub pairing_id: Option<Uuid>,
    pub black: Option<Seat>,
    pub white: Option<Seat>,
    pub handicap: Option<i16>,
    pub komi: Option<f64>,
    /// The pairing's result entered by the staff, when there is no game to show it.
    pub result: Option<String>,
    /// The pairing's game, once started.
    pub game_id: Option<Uuid>,
}

/// `GET /table/state`: the pairing and game the tablet acts on now, as JSON.
pub async fn state(pool: web::Data<DbPool>, viewer: Viewer) -> Result<HttpResponse, GameError> {
    let token = tablet(&viewer)?;
    let mut connection = pool.get().await?;
    let tournament = match token.tournament_id {
        Some(id) => tournaments::load(&mut connection, id).await?.name,
        None => String::new(),
    };
    let mut answer = TableState {
        tournament_id: token.tournament_id,
        tournament,
        table_number: token.table_number,
        label: token.label.clone(),
        round: None,
        pairing_id: token.pairing_id,
        black: None,
        white: None,
        handicap: None,
        komi: None,
        result: None,
        game_id: None,
    };
    if let Some(pairing_id) = token.pairing_id {
        if let Some((pairing, tournament_id)) =
            game_store::pairing(&mut connection, pairing_id).await?
        {
            let table = pairing.table_number;
            answer.table_number = Some(table);
            answer.round = pairings::at_table(&mut connection, tournament_id, table)
                .await?
                .into_iter()
                .find(|(_, id, _)| *id == pairing_id)
                .map(|(round, _, _)| round);
            let names = players::names(
                &mut connection,
                tournament_id,
                &[pairing.black_id, pairing.white_id],
            )
            .await?;
            let seat = |id: Uuid| {
                names.iter().find(|(player, ..)| *player == id).map(
                    |(_, surname, first_name, rank)| Seat {
                        name: format!("{surname} {first_name}").trim().to_string(),
                        rank: rank.clone(),
                    },
                )
            };
            answer.black = seat(pairing.black_id);
            answer.white = seat(pairing.white_id);
            answer.handicap = Some(pairing.handicap);
            answer.komi = Some(pairing.komi);
            answer.result = pairing.result.clone();
            answer.game_id = game_store::find_by_pairing(&mut connection, pairing_id)
                .await?
                .map(|game| game.id);
        }
    }
    Ok(HttpResponse::Ok()
        .insert_header((actix_web::http::header::CACHE_CONTROL, "no-store"))
        .json(answer))
}

/// What a tablet reports of itself.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Report {
    /// The steps waiting in its outbox.
    waiting: u32,
}

/// `POST /table/contact`: the tablet is there, with `waiting` steps in its outbox (issue
/// 43). It reports every few seconds: the referee's hall marks a silent table offline.
pub async fn contact(
    cache: web::Data<GameCache>,
    contacts: web::Data<Contacts>,
    viewer: Viewer,
    body: web::Bytes,
) -> Result<HttpResponse, GameError> {
    let report = parse_json::<Report>(&body)?;
    if let StoredToken {
        tournament_id: Some(tournament),
        table_number: Some(table),
        ..
    } = tablet(&viewer)?
    {
        let at = cache.clock().now_ms();
        contacts.heard(
            tournament,
            table,
            Contact {
                at,
                waiting: report.waiting,
            },
        );
    }
    Ok(HttpResponse::NoContent().finish())
}
