//! What every page answer shares: its security headers, and errors shown as pages.

use crate::access::Role;
use crate::error::{cause_chain, ApiError};
use crate::i18n::Language;
use crate::services::audit::Issuer;
use actix_web::body::BoxBody;
use actix_web::http::{header, StatusCode};
use actix_web::{HttpRequest, HttpResponse, Responder, ResponseError};
use askama::Template;

/// The policy of every page: scripts, styles, images and connections from this server
/// only, no inline script or style, no plugin, no framing, forms posted here only.
pub const CONTENT_SECURITY_POLICY: &str = "default-src 'self'; script-src 'self'; \
     style-src 'self'; img-src 'self' data:; connect-src 'self'; object-src 'none'; \
     base-uri 'none'; frame-ancestors 'none'; form-action 'self'";

/// A rendered page.
pub struct Page(pub String);

impl Page {
    /// `template` rendered, or the error page of a template that failed (a bug: askama
    /// checks templates at compile time, so only a `Display` of ours can fail).
    pub fn render(template: &impl Template) -> Result<Page, PageError> {
        template
            .render()
            .map(Page)
            .map_err(|error| PageError(ApiError::internal(error)))
    }
}

/// The headers every page carries.
pub fn secured(mut response: actix_web::HttpResponseBuilder, body: String) -> HttpResponse {
    response
        .insert_header((header::CONTENT_SECURITY_POLICY, CONTENT_SECURITY_POLICY))
        .insert_header((header::X_CONTENT_TYPE_OPTIONS, "nosniff"))
        .insert_header((header::REFERRER_POLICY, "same-origin"))
        .insert_header((header::X_FRAME_OPTIONS, "DENY"))
        .insert_header((header::CACHE_CONTROL, "no-cache"))
        .content_type("text/html; charset=utf-8")
        .body(body)
}

impl Responder for Page {
    type Body = BoxBody;

    fn respond_to(self, _: &HttpRequest) -> HttpResponse {
        secured(HttpResponse::Ok(), self.0)
    }
}

/// An error met by a page, shown as a page with the API's status and message.
#[derive(Debug, thiserror::Error)]
#[error(transparent)]
pub struct PageError(#[from] pub ApiError);

#[derive(Template)]
#[template(path = "error.html")]
pub struct ErrorPage {
    t: Language,
    title: String,
    message: String,
    signed_in: Option<Signed>,
}

/// The catalog's message for a problem's code: `problem-` and the code, `.` and `_` as
/// `-` (`not_found.tournament` as `problem-not-found-tournament`).
pub fn problem_key(code: &str) -> String {
    format!("problem-{}", code.replace(['.', '_'], "-"))
}

impl ErrorPage {
    /// The error page of `error`, in `language`: the problem's own words when the catalog
    /// has them (`problem-` and its code, `not_found.tournament` as
    /// `problem-not-found-tournament`), else the API's detail.
    pub fn response(error: &PageError, language: Language) -> HttpResponse {
        ErrorPage::saying(error, language, None)
    }

    /// As [`ErrorPage::response`], the problem's words already written where they are
    /// (a form's fields, said with their labels).
    pub fn saying(error: &PageError, language: Language, said: Option<String>) -> HttpResponse {
        let status = error.status_code();
        let message = if status.is_server_error() {
            language.text("error-server")
        } else if let Some(said) = said {
            said
        } else {
            let key = problem_key(&error.0.code());
            if language.has(&key) {
                language.text(&key)
            } else {
                error.0.to_string()
            }
        };
        let page = ErrorPage {
            t: language,
            title: language.text_with("error-title", "status", status.as_u16()),
            message,
            signed_in: None,
        };
        let body = page
            .render()
            .unwrap_or_else(|_| "<!doctype html><title>arbitre</title>".to_string());
        secured(HttpResponse::build(status), body)
    }
}

impl ResponseError for PageError {
    fn status_code(&self) -> StatusCode {
        self.0.status_code()
    }

    /// In the fallback language: [`super::translate_page_errors`] writes it
    /// again in the reader's.
    fn error_response(&self) -> HttpResponse {
        if self.status_code().is_server_error() {
            // The cause is logged with the request's id, never shown.
            tracing::error!(cause = %cause_chain(&self.0), "page failed");
        }
        ErrorPage::response(self, Language::default())
    }
}

/// A signed-in person as the page header names them.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Signed {
    pub(super) label: String,
    pub(super) role: Role,
}

impl Signed {
    /// "Alice (referee)", or the role alone for a token without a label, in `language`.
    pub fn describe(&self, language: &Language) -> String {
        let role = language.text(role_key(self.role));
        if self.label.is_empty() {
            role
        } else {
            language
                .message("signed-in-label-role")
                .arg("label", &self.label)
                .arg("role", role)
                .to_string()
        }
    }
}

/// The catalog's word for a role.
pub fn role_key(role: Role) -> &'static str {
    match role {
        Role::Admin => "role-admin",
        Role::Organizer => "role-organizer",
        Role::Referee => "role-referee",
        Role::Table => "role-table",
    }
}

/// Who issued a ruling or recorded a result, in `language`: the credential's label, or
/// its role in the reader's words and the end of its id.
pub fn issuer_words(language: Language, issuer: &Issuer) -> String {
    match issuer {
        Issuer::Labelled(label) => label.clone(),
        Issuer::Unlabelled { role, id_end } => {
            let role = role
                .parse::<Role>()
                .map_or_else(|_| role.clone(), |role| language.text(role_key(role)));
            language
                .message("issuer-unlabelled")
                .arg("role", role)
                .arg("end", id_end)
                .to_string()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_unlabelled_issuer_is_named_by_its_role_in_the_readers_words() {
        let id = uuid::Uuid::parse_str("0193a0b2-0000-7000-8000-00001a2b3c4d").unwrap();
        let issuer = Issuer::of(" ", "referee", id);
        assert_eq!(issuer.to_string(), "referee (credential …1a2b3c4d)");
        let french = Language::of_code("fr").unwrap();
        assert_eq!(issuer_words(french, &issuer), "arbitre (accès …1a2b3c4d)");
        let labelled = Issuer::of("Marie", "referee", id);
        assert_eq!(issuer_words(french, &labelled), "Marie");
    }
}
