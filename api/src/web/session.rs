//! Signing in on the pages: a person pastes the token the organizer gave them; the
//! server checks it and keeps it in a cookie the page's scripts cannot read
//! (`HttpOnly`), that no other site's request carries (`SameSite=Strict`), and that a
//! plain-HTTP hall network can still hold (no `Secure` unless the page came over HTTPS).
//!
//! A request that changes state from a page must come from a page of this server: its
//! `Origin` header (which every browser sends with a form's `POST`) must name this host.

use super::page::{secured, Page, PageError};
use crate::access::{Role, StoredToken};
use crate::auth::token_of_secret;
use crate::db::DbPool;
use crate::error::ApiError;
use actix_web::cookie::{time::Duration, Cookie, SameSite};
use actix_web::dev::Payload;
use actix_web::http::header;
use actix_web::{web, FromRequest, HttpRequest, HttpResponse};
use askama::Template;
use serde::Deserialize;
use std::future::Future;
use std::pin::Pin;

/// The cookie that holds a signed-in person's token.
pub const COOKIE: &str = "arbitre_session";

/// How long a browser keeps the session: a tournament's days, not more.
const SESSION_DAYS: i64 = 7;

/// The person a page is shown to: signed in with a valid token, or not.
#[derive(Debug, Clone, Default)]
pub struct Viewer(pub Option<StoredToken>);

impl Viewer {
    /// What the page header says of the person: their token's label and role.
    pub fn describe(&self) -> Option<String> {
        self.0.as_ref().map(|token| {
            let role = match token.role {
                Role::Admin => "admin",
                Role::Organizer => "organizer",
                Role::Referee => "referee",
                Role::Table => "table",
            };
            if token.label.is_empty() {
                role.to_string()
            } else {
                format!("{} ({role})", token.label)
            }
        })
    }
}

impl FromRequest for Viewer {
    type Error = PageError;
    type Future = Pin<Box<dyn Future<Output = Result<Viewer, PageError>>>>;

    fn from_request(request: &HttpRequest, _: &mut Payload) -> Self::Future {
        let secret = request
            .cookie(COOKIE)
            .map(|cookie| cookie.value().to_string());
        let pool = request.app_data::<web::Data<DbPool>>().cloned();
        Box::pin(async move {
            let (Some(secret), Some(pool)) = (secret, pool) else {
                return Ok(Viewer(None));
            };
            match token_of_secret(&pool, &secret).await {
                Ok(token) => Ok(Viewer(Some(token))),
                // A revoked or unknown token signs the person out, it is no error.
                Err(ApiError::InvalidToken) => Ok(Viewer(None)),
                Err(error) => Err(PageError(error)),
            }
        })
    }
}

/// Refuses a state-changing request that no page of this server sent.
pub fn check_origin(request: &HttpRequest) -> Result<(), PageError> {
    let info = request.connection_info();
    let expected = format!("{}://{}", info.scheme(), info.host());
    let origin = request
        .headers()
        .get(header::ORIGIN)
        .and_then(|value| value.to_str().ok());
    if origin == Some(expected.as_str()) {
        Ok(())
    } else {
        Err(PageError(ApiError::Forbidden(
            "send this form from a page of this server",
        )))
    }
}

#[derive(Template)]
#[template(path = "sign_in.html")]
struct SignInPage {
    signed_in: Option<String>,
    problem: Option<&'static str>,
}

/// `GET /sign-in`: the form.
pub async fn form(viewer: Viewer) -> Result<Page, PageError> {
    Page::render(&SignInPage {
        signed_in: viewer.describe(),
        problem: None,
    })
}

#[derive(Debug, Deserialize)]
pub struct SignIn {
    token: String,
}

/// `POST /sign-in`: a valid token becomes the session cookie; another shows the form
/// again with the reason.
pub async fn sign_in(
    request: HttpRequest,
    pool: web::Data<DbPool>,
    body: web::Form<SignIn>,
) -> Result<HttpResponse, PageError> {
    check_origin(&request)?;
    let secret = body.token.trim();
    match token_of_secret(&pool, secret).await {
        Ok(token) => {
            // The staff go on to their dashboard; a table's tablet to the tournaments.
            let next = match token.role {
                Role::Admin | Role::Organizer | Role::Referee => "/dashboard",
                Role::Table => "/",
            };
            let cookie = Cookie::build(COOKIE, secret.to_string())
                .path("/")
                .http_only(true)
                .same_site(SameSite::Strict)
                .secure(request.connection_info().scheme() == "https")
                .max_age(Duration::days(SESSION_DAYS))
                .finish();
            Ok(HttpResponse::SeeOther()
                .cookie(cookie)
                .insert_header((header::LOCATION, next))
                .finish())
        }
        Err(ApiError::InvalidToken) => {
            let page = Page::render(&SignInPage {
                signed_in: None,
                problem: Some("This token is not valid: check it with the organizer."),
            })?;
            Ok(secured(HttpResponse::Unauthorized(), page.0))
        }
        Err(error) => Err(PageError(error)),
    }
}

/// `POST /sign-out`: the cookie is removed.
pub async fn sign_out(request: HttpRequest) -> Result<HttpResponse, PageError> {
    check_origin(&request)?;
    let mut cookie = Cookie::build(COOKIE, "").path("/").finish();
    cookie.make_removal();
    Ok(HttpResponse::SeeOther()
        .cookie(cookie)
        .insert_header((header::LOCATION, "/"))
        .finish())
}
