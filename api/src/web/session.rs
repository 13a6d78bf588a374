//! Signing in on the pages: a person pastes the token the organizer gave them (or opens a
//! one-time link); the server checks it and opens a session ([`start_session`]): its
//! cookie holds a random session id, never the token, that the page's scripts cannot read
//! (`HttpOnly`), that no other site's request carries (`SameSite=Strict`), and that a
//! plain-HTTP hall network can still hold (no `Secure` unless the page came over HTTPS).
//! Signing out ends the session on the server: the cookie opens nothing after it.
//!
//! The caller behind a cookie is read where a bearer token's is ([`crate::auth::Caller`]):
//! a request that changes state with it must come from a page of this server, its
//! `Origin` header (which every browser sends with a form's `POST`) naming this host.

use super::language::Reader;
pub use super::page::Signed;
use super::page::{secured, Page, PageError};
use crate::access::{Role, StoredToken};
use crate::auth::{clock_of, end_session, open_session, token_of_secret, Caller, SESSION_COOKIE};
use crate::db::{Connection, DbPool};
use crate::error::{ApiError, FieldError};
use crate::i18n::Language;
use crate::peer::Origin;
use crate::services::sign_in::{self, CodeState};
use actix_web::cookie::{time::OffsetDateTime, Cookie, SameSite};
use actix_web::dev::Payload;
use actix_web::http::header;
use actix_web::{web, FromRequest, HttpRequest, HttpResponse};
use askama::Template;
use serde::Deserialize;
use std::future::Future;
use std::pin::Pin;

/// The person a page is shown to: signed in (an open session, or a bearer token), or not.
#[derive(Debug, Clone, Default)]
pub struct Viewer(pub Option<StoredToken>, pub Reader);

impl Viewer {
    /// The language of a page without a tournament, for this reader.
    pub fn language(&self) -> Language {
        self.1.language()
    }

    /// The language of a page of a tournament that speaks `tournament` (its setting):
    /// it decides when neither the reader's choice nor their browser does.
    pub fn language_in(&self, tournament: Language) -> Language {
        self.1.in_tournament(tournament)
    }

    /// Whether the person is an admin, whom a page offers what only the admins may do
    /// (creating tournaments, importing rating lists).
    pub fn is_admin(&self) -> bool {
        self.0
            .as_ref()
            .is_some_and(|token| token.role == Role::Admin)
    }

    /// What the page header says of the person: their token's label and role.
    pub fn describe(&self) -> Option<Signed> {
        self.0.as_ref().map(|token| Signed {
            label: token.label.clone(),
            role: token.role,
        })
    }
}

impl FromRequest for Viewer {
    type Error = actix_web::Error;
    type Future = Pin<Box<dyn Future<Output = Result<Viewer, actix_web::Error>>>>;

    fn from_request(request: &HttpRequest, payload: &mut Payload) -> Self::Future {
        let caller = Caller::from_request(request, payload);
        let reader = Reader::of(request);
        Box::pin(async move {
            let token = match caller.await.map_err(PageError)? {
                Caller::Token(token) => Some(token),
                Caller::Anonymous => None,
            };
            Ok(Viewer(token, reader))
        })
    }
}

/// A dashboard page, or the table's page (a tablet opened from a bookmark), visited by a
/// person not signed in: the page's [`crate::router::guard::Access`] refuses them, and
/// they are sent to sign in (303), and from there back to the page (a tablet goes to its
/// table whatever it asked). A form posted without a session is refused (401) as before:
/// sending it again after signing in is the person's choice; the table page's own
/// requests (`/table/state`...) keep their 401 for its script.
#[derive(Debug, thiserror::Error)]
#[error("sign in to see this page")]
pub struct SignInFirst {
    page: String,
}

impl SignInFirst {
    /// The sign-in redirect for `request`, if it asks for such a page.
    pub fn of(request: &HttpRequest) -> Option<SignInFirst> {
        let page = request.uri().path_and_query()?.as_str();
        let shown = page.starts_with("/dashboard") || request.path() == "/table";
        (request.method() == actix_web::http::Method::GET && shown).then(|| SignInFirst {
            page: page.to_string(),
        })
    }
}

impl actix_web::ResponseError for SignInFirst {
    fn status_code(&self) -> actix_web::http::StatusCode {
        actix_web::http::StatusCode::SEE_OTHER
    }

    fn error_response(&self) -> HttpResponse {
        let query = form_urlencoded::Serializer::new(String::new())
            .append_pair("next", &self.page)
            .finish();
        HttpResponse::SeeOther()
            .insert_header((header::LOCATION, format!("/sign-in?{query}")))
            .finish()
    }
}

/// Where a person goes once signed in: the dashboard page they asked for (a path of this
/// server's dashboard, never another host), else the role's first page.
fn next_page(asked: &str, token: &StoredToken) -> String {
    let own = asked.starts_with("/dashboard") && !asked.contains("//") && !asked.contains('\\');
    match token.role {
        Role::Admin | Role::Organizer | Role::Referee if own => asked.to_string(),
        _ => home_of(token).to_string(),
    }
}

#[derive(Template)]
#[template(path = "sign_in.html")]
struct SignInPage {
    t: Language,
    signed_in: Option<Signed>,
    /// The catalog's key of what went wrong.
    problem: Option<&'static str>,
    /// The dashboard page to go on to, if the person was sent here from one.
    next: String,
}

/// What the sign-in form takes from the query string.
#[derive(Debug, Default, Deserialize)]
pub struct SignInQuery {
    #[serde(default)]
    next: String,
}

/// `GET /sign-in`: the form.
pub async fn form(viewer: Viewer, query: web::Query<SignInQuery>) -> Result<Page, PageError> {
    let next = query.into_inner().next;
    checked_next(&next).map_err(ApiError::InvalidQuery)?;
    Page::render(&SignInPage {
        t: viewer.language(),
        signed_in: viewer.describe(),
        problem: None,
        next,
    })
}

/// A `next` page holding a control character (CR/LF, NUL, ...) is refused (400): it
/// could never be a page of this server, and written into the `Location` header it would
/// split the response (OWASP: HTTP response splitting).
fn checked_next(next: &str) -> Result<(), FieldError> {
    if next.chars().any(char::is_control) {
        return Err(FieldError::new(
            "next",
            "must not contain control characters",
        ));
    }
    Ok(())
}

#[derive(Debug, Deserialize)]
pub struct SignIn {
    token: String,
    #[serde(default)]
    next: String,
}

/// `POST /sign-in`: a valid token becomes the session cookie; another shows the form
/// again with the reason.
pub async fn sign_in(
    request: HttpRequest,
    pool: web::Data<DbPool>,
    body: web::Form<SignIn>,
) -> Result<HttpResponse, PageError> {
    checked_next(&body.next).map_err(ApiError::MalformedField)?;
    let secret = body.token.trim();
    match token_of_secret(&pool, secret).await {
        Ok(token) => {
            let mut connection = pool.get().await.map_err(ApiError::from)?;
            let cookie = start_session(&request, &mut connection, &token).await?;
            Ok(signed_in(cookie, &token, &body.next))
        }
        Err(ApiError::InvalidToken) => {
            let page = Page::render(&SignInPage {
                t: Reader::of(&request).language(),
                signed_in: None,
                problem: Some("sign-in-invalid"),
                next: body.next.clone(),
            })?;
            Ok(secured(HttpResponse::Unauthorized(), page.0))
        }
        Err(error) => Err(PageError(error)),
    }
}

/// Where a person goes once signed in: the staff to their dashboard, a table's tablet to
/// its table.
fn home_of(token: &StoredToken) -> &'static str {
    match token.role {
        Role::Admin | Role::Organizer | Role::Referee => "/dashboard",
        Role::Table => "/table",
    }
}

/// Starts a session for `token`, the credential a person just proved they hold (a pasted
/// token, a one-time link): the cookie that carries it, to set on the answer.
pub async fn start_session(
    request: &HttpRequest,
    connection: &mut Connection,
    token: &StoredToken,
) -> Result<Cookie<'static>, PageError> {
    let now = clock_of(request)?.now();
    let (id, expires_at) = open_session(connection, token, now).await?;
    let expires = OffsetDateTime::from_unix_timestamp(expires_at.timestamp())
        .map_err(|error| PageError(ApiError::internal(error)))?;
    Ok(Cookie::build(SESSION_COOKIE, id)
        .path("/")
        .http_only(true)
        .same_site(SameSite::Strict)
        .secure(Origin::of(request).is_https())
        .expires(expires)
        .finish())
}

/// The answer that signs a browser in: the session's `cookie`, and a redirect to the page
/// `asked` for (a dashboard page the person was sent away from), else to the person's home.
fn signed_in(cookie: Cookie<'static>, token: &StoredToken, asked: &str) -> HttpResponse {
    HttpResponse::SeeOther()
        .cookie(cookie)
        .insert_header((header::LOCATION, next_page(asked, token)))
        .finish()
}

#[derive(Template)]
#[template(path = "sign_in_code.html")]
struct CodePage {
    t: Language,
    signed_in: Option<Signed>,
    /// Whom the link signs in, when it still may.
    label: Option<String>,
    /// The catalog's key of what went wrong.
    problem: Option<&'static str>,
}

/// The catalog's key of what is wrong with a link, if anything.
fn code_problem(state: Option<&CodeState>) -> Option<&'static str> {
    match state {
        Some(CodeState::Open { .. }) => None,
        Some(CodeState::Used) => Some("link-used"),
        Some(CodeState::Expired) => Some("link-expired"),
        None => Some("link-invalid"),
    }
}

/// `GET /sign-in/link/{code}`: what the one-time link signs in as, and the button that
/// does it. Opening the link spends nothing (a link preview or a prefetch must not use
/// it up); the button's `POST` does.
pub async fn link(
    request: HttpRequest,
    pool: web::Data<DbPool>,
    viewer: Viewer,
    code: web::Path<String>,
) -> Result<HttpResponse, PageError> {
    let mut connection = pool.get().await.map_err(ApiError::from)?;
    let state = sign_in::state(&mut connection, &code, clock_of(&request)?.now()).await?;
    let label = match &state {
        Some(CodeState::Open { label }) => Some(label.clone()),
        _ => None,
    };
    let page = Page::render(&CodePage {
        t: viewer.language(),
        signed_in: viewer.describe(),
        problem: code_problem(state.as_ref()),
        label,
    })?;
    Ok(match state {
        Some(CodeState::Open { .. }) => secured(HttpResponse::Ok(), page.0),
        Some(_) => secured(HttpResponse::Gone(), page.0),
        None => secured(HttpResponse::NotFound(), page.0),
    })
}

/// `POST /sign-in/link/{code}`: spends the code; the token it issues becomes the
/// session cookie, as a pasted token would.
pub async fn use_link(
    request: HttpRequest,
    pool: web::Data<DbPool>,
    code: web::Path<String>,
) -> Result<HttpResponse, PageError> {
    let now = clock_of(&request)?.now();
    let mut connection = pool.get().await.map_err(ApiError::from)?;
    match sign_in::redeem(&mut connection, &code, now).await? {
        Some(token) => {
            let cookie = start_session(&request, &mut connection, &token).await?;
            Ok(signed_in(cookie, &token, ""))
        }
        None => {
            let state = sign_in::state(&mut connection, &code, now).await?;
            let page = Page::render(&CodePage {
                t: Reader::of(&request).language(),
                signed_in: None,
                problem: code_problem(state.as_ref()),
                label: None,
            })?;
            Ok(secured(HttpResponse::Gone(), page.0))
        }
    }
}

/// `POST /sign-out`: the session ends on the server, and its cookie is removed.
pub async fn sign_out(
    request: HttpRequest,
    pool: web::Data<DbPool>,
) -> Result<HttpResponse, PageError> {
    if let Some(cookie) = request.cookie(SESSION_COOKIE) {
        let mut connection = pool.get().await.map_err(ApiError::from)?;
        end_session(&mut connection, cookie.value(), clock_of(&request)?.now()).await?;
    }
    let mut cookie = Cookie::build(SESSION_COOKIE, "").path("/").finish();
    cookie.make_removal();
    Ok(HttpResponse::SeeOther()
        .cookie(cookie)
        .insert_header((header::LOCATION, "/"))
        .finish())
}
