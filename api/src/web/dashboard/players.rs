//! The dashboard's players: registering one from the tournament's page, changing one's
//! details or withdrawing them from their own page, copying those of an earlier
//! tournament, each through the route's own function (its checks, its role).

use super::confirm::{Confirmation, Confirmed};
use super::tournament::{tournament_page, PlayerForm};
use super::{caller, problems, see_other};
use crate::db::DbPool;
use crate::error::{ApiError, Resource};
use crate::i18n::Language;
use crate::services::player_copies::{copy_players, CopiedPlayers};
use crate::services::{players, tournaments};
use crate::store::players as store;
use crate::web::dashboard::Problem;
use crate::web::page::{secured, Page, PageError};
use crate::web::session::Signed;
use crate::web::session::Viewer;
use actix_web::{web, HttpResponse};
use askama::Template;
use serde::Deserialize;
use uuid::Uuid;

/// `POST /dashboard/t/{id}/players`: registers the player and shows the tournament's
/// page again, ready for the next one; or the form with its problems.
pub async fn register(
    pool: web::Data<DbPool>,
    viewer: Viewer,
    path: web::Path<Uuid>,
    form: web::Form<PlayerForm>,
) -> Result<HttpResponse, PageError> {
    let id = path.into_inner();
    let form = form.into_inner();
    let registered = match form.details() {
        Ok(details) => players::register(&pool, &caller(&viewer)?, id, details).await,
        Err(error) => Err(error),
    };
    match registered {
        Ok(_) => Ok(see_other(&format!("/dashboard/t/{id}#players"))),
        Err(error) => {
            let refused = problems(error)?;
            let page = tournament_page(&pool, &viewer, id, String::new(), form, refused).await?;
            Ok(secured(HttpResponse::UnprocessableEntity(), page.0))
        }
    }
}

#[derive(Template)]
#[template(path = "dashboard/player.html")]
struct PlayerPage {
    t: Language,
    signed_in: Option<Signed>,
    id: Uuid,
    player_id: Uuid,
    tournament: String,
    player_form: PlayerForm,
    problems: Vec<Problem>,
}

async fn player_page(
    pool: &DbPool,
    viewer: &Viewer,
    (id, player_id): (Uuid, Uuid),
    typed: Option<PlayerForm>,
    problems: Vec<Problem>,
) -> Result<Page, PageError> {
    let mut connection = pool.get().await.map_err(ApiError::from)?;
    let tournament = crate::services::tournaments::load(&mut connection, id).await?;
    let row = store::find(&mut connection, id, player_id)
        .await
        .map_err(ApiError::from)?
        .ok_or(ApiError::NotFound(Resource::Player))?;
    let text = |value: Option<String>| value.unwrap_or_default();
    let ticked = |value: bool| value.then(|| "on".to_string());
    let player_form = typed.unwrap_or(PlayerForm {
        surname: row.surname,
        first_name: row.first_name,
        rank: row.rank,
        club: text(row.club),
        country: text(row.country),
        rating: text(row.rating.map(|rating| rating.to_string())),
        ffg_licence: text(row.ffg_licence),
        egd_pin: text(row.egd_pin),
        aga_id: text(row.aga_id),
        mcmahon_correction: row.mms_correction.to_string(),
        preliminary: ticked(row.preliminary),
        paid: ticked(row.paid),
        comment: text(row.comment),
    });
    Page::render(&PlayerPage {
        t: viewer.language_in(tournament.language),
        signed_in: viewer.describe(),
        id,
        player_id,
        tournament: tournament.name,
        player_form,
        problems,
    })
}

/// `GET /dashboard/t/{id}/players/{player}`: the player's details to change, and their
/// withdrawal.
pub async fn show(
    pool: web::Data<DbPool>,
    viewer: Viewer,
    path: web::Path<(Uuid, Uuid)>,
) -> Result<Page, PageError> {
    player_page(&pool, &viewer, path.into_inner(), None, Vec::new()).await
}

/// `POST` of the same path: the player's new details (the whole of them, as `PUT`).
pub async fn change(
    pool: web::Data<DbPool>,
    viewer: Viewer,
    path: web::Path<(Uuid, Uuid)>,
    form: web::Form<PlayerForm>,
) -> Result<HttpResponse, PageError> {
    let (id, player_id) = path.into_inner();
    let form = form.into_inner();
    let changed = match form.details() {
        Ok(details) => players::change(&pool, &caller(&viewer)?, id, player_id, details).await,
        Err(error) => Err(error),
    };
    match changed {
        Ok(_) => Ok(see_other(&format!("/dashboard/t/{id}#players"))),
        Err(error) => {
            let refused = problems(error)?;
            let page = player_page(&pool, &viewer, (id, player_id), Some(form), refused).await?;
            Ok(secured(HttpResponse::UnprocessableEntity(), page.0))
        }
    }
}

/// `POST …/players/{player}/withdraw`: asks first, naming the player; confirmed,
/// withdraws a player who has not taken part (audited); one who has is kept, and the page
/// says how to leave them out of the later rounds.
pub async fn withdraw(
    pool: web::Data<DbPool>,
    viewer: Viewer,
    path: web::Path<(Uuid, Uuid)>,
    form: web::Form<Confirmed>,
) -> Result<HttpResponse, PageError> {
    let (id, player_id) = path.into_inner();
    let caller = caller(&viewer)?;
    if !form.is_confirmed() {
        let mut connection = pool.get().await.map_err(ApiError::from)?;
        let player = store::find(&mut connection, id, player_id)
            .await
            .map_err(ApiError::from)?
            .ok_or(ApiError::NotFound(Resource::Player))?;
        let name = format!("{} {} ({})", player.surname, player.first_name, player.rank);
        let back = format!("/dashboard/t/{id}/players/{player_id}");
        let mut confirmation = Confirmation::new(&viewer);
        let t = confirmation.t;
        confirmation.title = t.text("confirm-withdraw-title");
        confirmation.question = t.text_with("confirm-withdraw-question", "player", &name);
        confirmation.action = format!("{back}/withdraw");
        confirmation.button = t.text_with("confirm-withdraw-button", "player", &name);
        confirmation.back = back;
        return confirmation.ask();
    }
    match players::withdraw(&pool, &caller, id, player_id).await {
        Ok(()) => Ok(see_other(&format!("/dashboard/t/{id}#players"))),
        Err(error) => {
            let refused = problems(error)?;
            let page = player_page(&pool, &viewer, (id, player_id), None, refused).await?;
            Ok(secured(HttpResponse::Conflict(), page.0))
        }
    }
}

#[derive(Template)]
#[template(path = "dashboard/copied.html")]
struct CopiedPage {
    t: Language,
    signed_in: Option<Signed>,
    id: Uuid,
    tournament: String,
    from: String,
    report: CopiedPlayers,
}

impl CopiedPage {
    /// The catalog's words for why a player was skipped.
    fn reason(&self, reason: &str) -> &'static str {
        match reason {
            "egd_pin" => "copied-same-pin",
            "ffg_licence" => "copied-same-licence",
            _ => "copied-same-name",
        }
    }
}

/// The copy form: the tournament to copy from.
#[derive(Debug, Deserialize)]
pub struct CopyForm {
    from: Uuid,
}

/// `POST /dashboard/t/{id}/players/copy`: registers the players of an earlier tournament
/// through the route's own copy, then shows who was registered and who was skipped.
pub async fn copy(
    pool: web::Data<DbPool>,
    viewer: Viewer,
    path: web::Path<Uuid>,
    form: web::Form<CopyForm>,
) -> Result<HttpResponse, PageError> {
    let id = path.into_inner();
    let from = form.into_inner().from;
    match copy_players(&pool, &caller(&viewer)?, id, from).await {
        Ok(report) => {
            let mut connection = pool.get().await.map_err(ApiError::from)?;
            let tournament = tournaments::load(&mut connection, id).await?;
            let from = tournaments::load(&mut connection, from).await?.name;
            let page = Page::render(&CopiedPage {
                t: viewer.language_in(tournament.language),
                signed_in: viewer.describe(),
                id,
                tournament: tournament.name,
                from,
                report,
            })?;
            Ok(secured(HttpResponse::Ok(), page.0))
        }
        Err(error) => {
            let refused = problems(error)?;
            let page = tournament_page(
                &pool,
                &viewer,
                id,
                String::new(),
                PlayerForm::default(),
                refused,
            )
            .await?;
            Ok(secured(HttpResponse::UnprocessableEntity(), page.0))
        }
    }
}
