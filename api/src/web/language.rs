//! Which language a page is written in, and the switch on every page.
//!
//! The reader's own choice comes first (the switch, kept in a cookie for a year: a
//! tablet switched once stays switched for the players who sit at it next); else the
//! first language of the browser's `Accept-Language` that a catalog speaks; else, on a
//! tournament's pages, the tournament's language; else English, the language a visitor
//! from anywhere is likeliest to read.

use super::page::{problem_key, PageError};
use crate::error::ApiError;
use crate::i18n::Language;
use actix_web::body::MessageBody;
use actix_web::cookie::{time::Duration, Cookie, SameSite};
use actix_web::dev::{Payload, ServiceRequest, ServiceResponse};
use actix_web::http::header;
use actix_web::middleware::Next;
use actix_web::{web, FromRequest, HttpRequest, HttpResponse};
use serde::Deserialize;
use std::future::{ready, Ready};

/// The cookie that keeps the reader's choice.
pub const COOKIE: &str = "arbitre_language";

/// How long a browser keeps the choice.
const CHOICE_DAYS: i64 = 365;

/// What the request says of its reader's languages.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct Reader {
    /// The language picked with the switch.
    chosen: Option<Language>,
    /// The browser's most wanted language that a catalog speaks.
    accepted: Option<Language>,
}

impl Reader {
    pub fn of(request: &HttpRequest) -> Reader {
        Reader {
            chosen: request
                .cookie(COOKIE)
                .and_then(|cookie| Language::of_code(cookie.value())),
            accepted: request
                .headers()
                .get(header::ACCEPT_LANGUAGE)
                .and_then(|value| value.to_str().ok())
                .and_then(accepted),
        }
    }

    /// The language of a page without a tournament.
    pub fn language(&self) -> Language {
        self.chosen.or(self.accepted).unwrap_or_default()
    }

    /// The language of a tournament's page, whose tournament speaks `tournament`.
    pub fn in_tournament(&self, tournament: Language) -> Language {
        self.chosen.or(self.accepted).unwrap_or(tournament)
    }
}

impl FromRequest for Reader {
    type Error = actix_web::Error;
    type Future = Ready<Result<Reader, actix_web::Error>>;

    fn from_request(request: &HttpRequest, _: &mut Payload) -> Self::Future {
        ready(Ok(Reader::of(request)))
    }
}

/// The first language of an `Accept-Language` header (RFC 9110 §12.5.4: tags weighted by
/// `q`, the first of equal weights first, `q=0` meaning "not this one") that a catalog
/// speaks.
fn accepted(header: &str) -> Option<Language> {
    let mut wanted: Vec<(f32, Language)> = header
        .split(',')
        .filter_map(|item| {
            let mut parts = item.split(';');
            let tag = parts.next()?.trim();
            let weight = parts
                .find_map(|part| part.trim().strip_prefix("q="))
                .map_or(Some(1.0), |q| q.trim().parse::<f32>().ok())?;
            (weight > 0.0).then_some(())?;
            Some((weight, Language::of_code(tag)?))
        })
        .collect();
    wanted.sort_by(|a, b| b.0.total_cmp(&a.0));
    wanted.first().map(|(_, language)| *language)
}

/// The switch's form.
#[derive(Debug, Deserialize)]
pub struct Switch {
    language: String,
}

/// `POST /language`: keeps the reader's choice and shows the page they switched on again
/// (the `Referer` of this server's page; the home page otherwise).
pub async fn switch(
    request: HttpRequest,
    form: web::Form<Switch>,
) -> Result<HttpResponse, PageError> {
    let mut answer = HttpResponse::SeeOther();
    if let Some(language) = Language::of_code(&form.language) {
        answer.cookie(
            Cookie::build(COOKIE, language.code())
                .path("/")
                .same_site(SameSite::Lax)
                .max_age(Duration::days(CHOICE_DAYS))
                .finish(),
        );
    }
    Ok(answer
        .insert_header((header::LOCATION, back(&request)))
        .finish())
}

/// The path of the page the switch was on, when it is one of this server's.
fn back(request: &HttpRequest) -> String {
    let info = request.connection_info();
    let own = format!("{}://{}", info.scheme(), info.host());
    request
        .headers()
        .get(header::REFERER)
        .and_then(|value| value.to_str().ok())
        .and_then(|referer| referer.strip_prefix(&own))
        .filter(|path| path.starts_with('/') && !path.starts_with("//"))
        .unwrap_or("/")
        .to_string()
}

/// The JSON API's problems with their `detail` in the reader's language, where the
/// catalog has the problem's own words (`problem-not-found-tournament`) and the reader
/// asks for a language other than English; the `code` and the `title` stay the API's
/// stable English (a machine contract).
pub async fn translate_problems(
    request: ServiceRequest,
    next: Next<impl MessageBody + 'static>,
) -> Result<ServiceResponse<impl MessageBody>, actix_web::Error> {
    let language = Reader::of(request.request()).language();
    let response = next.call(request).await?;
    let translated = response
        .response()
        .error()
        .and_then(|error| error.as_error::<ApiError>())
        .filter(|_| language != Language::default())
        .and_then(|error| {
            let key = problem_key(&error.code());
            language.has(&key).then(|| {
                let mut problem = error.problem();
                problem.detail = language.text(&key);
                error.respond(problem)
            })
        });
    Ok(match translated {
        Some(problem) => response.into_response(problem),
        None => response.map_into_boxed_body(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn code(header: &str) -> Option<&'static str> {
        accepted(header).map(Language::code)
    }

    #[test]
    fn the_most_wanted_language_spoken_is_taken() {
        assert_eq!(code("fr-FR,fr;q=0.9,en;q=0.8"), Some("fr"));
        assert_eq!(code("en;q=0.5, it"), Some("it"));
        assert_eq!(code("ko, de;q=0.3"), Some("de"));
        assert_eq!(code("fr;q=0, en"), Some("en"));
        assert_eq!(code("ko, ja"), None);
        assert_eq!(code(""), None);
        assert_eq!(code("*"), None);
    }
}
