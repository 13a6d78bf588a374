//! The dashboard's players: registering one from the tournament's page, through the
//! route's own registration (its checks, its role).

use super::tournaments::tournament_page;
use super::{caller, check_origin, problems, see_other};
use crate::db::DbPool;
use crate::routes::players::{self as api, PlayerDetails};
use crate::web::page::{secured, PageError};
use crate::web::session::Viewer;
use actix_web::{web, HttpRequest, HttpResponse};
use serde::Deserialize;
use uuid::Uuid;

/// The registration form as typed, kept to show again beside its problems.
#[derive(Debug, Clone, Default, Deserialize)]
pub struct PlayerForm {
    pub surname: String,
    #[serde(default)]
    pub first_name: String,
    pub rank: String,
    #[serde(default)]
    pub club: String,
    #[serde(default)]
    pub country: String,
}

/// An empty optional field is a field left out.
fn given(text: &str) -> Option<String> {
    Some(text.trim().to_string()).filter(|text| !text.is_empty())
}

impl PlayerForm {
    fn details(&self) -> PlayerDetails {
        PlayerDetails {
            surname: self.surname.clone(),
            first_name: self.first_name.clone(),
            rank: self.rank.trim().to_string(),
            rating: None,
            country: given(&self.country),
            club: given(&self.club),
            egd_pin: None,
            ffg_licence: None,
            aga_id: None,
        }
    }
}

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
