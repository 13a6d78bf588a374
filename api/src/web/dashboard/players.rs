//! The dashboard's players: registering one from the tournament's page, through the
//! route's own registration (its checks, its role).

use super::tournament::{tournament_page, PlayerForm};
use super::{caller, check_origin, problems, see_other};
use crate::db::DbPool;
use crate::routes::players as api;
use crate::web::page::{secured, PageError};
use crate::web::session::Viewer;
use actix_web::{web, HttpRequest, HttpResponse};
use uuid::Uuid;

/// `POST /dashboard/t/{id}/players`: registers the player and shows the tournament's
/// page again, ready for the next one; or the form with its problems.
pub async fn register(
    request: HttpRequest,
    pool: web::Data<DbPool>,
    viewer: Viewer,
    path: web::Path<Uuid>,
    form: web::Form<PlayerForm>,
) -> Result<HttpResponse, PageError> {
    check_origin(&request)?;
    let id = path.into_inner();
    let form = form.into_inner();
    match api::register(&pool, &caller(&viewer)?, id, form.details()).await {
        Ok(_) => Ok(see_other(&format!("/dashboard/t/{id}#players"))),
        Err(error) => {
            let refused = problems(error)?;
            let page = tournament_page(&pool, &viewer, id, String::new(), form, refused).await?;
            Ok(secured(HttpResponse::UnprocessableEntity(), page.0))
        }
    }
}
