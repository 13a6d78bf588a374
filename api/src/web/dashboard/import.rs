//! The dashboard's import of an OpenGotha file: uploaded with a plain form
//! (`multipart/form-data`, no script needed), read and stored by the route's own import,
//! and what it found shown: the counts, and each warning the director should look at.

use super::tournaments::{tournaments_page, TournamentForm};
use super::{caller, problems, upload};
use crate::auth::clock_of;
use crate::db::DbPool;
use crate::http::XML_BODY_LIMIT;
use crate::i18n::Language;
use crate::services::heavy::Workshop;
use crate::services::opengotha::Imported;
use crate::services::tournament_import;
use crate::web::page::{secured, Page, PageError};
use crate::web::session::Signed;
use crate::web::session::Viewer;
use actix_multipart::Multipart;
use actix_web::{web, HttpRequest, HttpResponse};
use askama::Template;

#[derive(Template)]
#[template(path = "dashboard/imported.html")]
struct ImportedPage {
    t: Language,
    signed_in: Option<Signed>,
    imported: Imported,
}

/// `POST /dashboard/import`: imports the file and shows what was found, or the list
/// page again with the file's problems (the line and column at fault).
pub async fn import(
    request: HttpRequest,
    pool: web::Data<DbPool>,
    workshop: web::Data<Workshop>,
    viewer: Viewer,
    form: Multipart,
) -> Result<HttpResponse, PageError> {
    let caller = caller(&viewer)?;
    let outcome = match upload::read(
        form,
        XML_BODY_LIMIT,
        "choose an OpenGotha file (.xml) to import",
    )
    .await
    {
        Ok(upload) => {
            let now = clock_of(&request)?.now();
            tournament_import::import((&pool, &workshop), &caller, upload.file, now).await
        }
        Err(error) => Err(error),
    };
    match outcome {
        Ok(imported) => {
            let page = Page::render(&ImportedPage {
                t: viewer.language(),
                signed_in: viewer.describe(),
                imported,
            })?;
            Ok(secured(HttpResponse::Created(), page.0))
        }
        Err(error) => {
            let refused = problems(error)?;
            let form = TournamentForm::new(clock_of(&request)?.now().date_naive());
            let page = tournaments_page(&pool, &viewer, form, refused).await?;
            Ok(secured(HttpResponse::UnprocessableEntity(), page.0))
        }
    }
}
