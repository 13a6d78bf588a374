//! The dashboard's import of an OpenGotha file: uploaded with a plain form
//! (`multipart/form-data`, no script needed), read and stored by the route's own import,
//! and what it found shown: the counts, and each warning the director should look at.

use super::tournaments::tournaments_page;
use super::{caller, check_origin, problems};
use crate::db::DbPool;
use crate::error::{ApiError, FieldError};
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
use futures_util::StreamExt as _;

#[derive(Template)]
#[template(path = "dashboard/imported.html")]
struct ImportedPage {
    t: Language,
    signed_in: Option<Signed>,
    imported: Imported,
}

fn too_large() -> ApiError {
    ApiError::InvalidBody(FieldError::new(
        "file",
        format!("must be at most {} MB", XML_BODY_LIMIT / (1024 * 1024)),
    ))
}

/// The bytes of the form's `file` field, at most [`XML_BODY_LIMIT`] of them.
async fn file_of(mut form: Multipart) -> Result<web::Bytes, ApiError> {
    let unreadable = |error: actix_multipart::MultipartError| {
        ApiError::InvalidBody(FieldError::new("file", error.to_string()))
    };
    while let Some(field) = form.next().await {
        let mut field = field.map_err(unreadable)?;
        if field.name() != Some("file") {
            continue;
        }
        let mut bytes = web::BytesMut::new();
        while let Some(chunk) = field.next().await {
            let chunk = chunk.map_err(unreadable)?;
            if bytes.len() + chunk.len() > XML_BODY_LIMIT {
                return Err(too_large());
            }
            bytes.extend_from_slice(&chunk);
        }
        if bytes.is_empty() {
            break;
        }
        return Ok(bytes.freeze());
    }
    Err(ApiError::InvalidBody(FieldError::new(
        "file",
        "choose an OpenGotha file (.xml) to import",
    )))
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
    check_origin(&request)?;
    let caller = caller(&viewer)?;
    let outcome = match file_of(form).await {
        Ok(bytes) => tournament_import::import(&pool, &workshop, &caller, bytes).await,
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
            let page = tournaments_page(&pool, &viewer, Default::default(), refused).await?;
            Ok(secured(HttpResponse::UnprocessableEntity(), page.0))
        }
    }
}
