//! The organizer's dashboard under `/dashboard`: tournaments, players, rounds and their
//! pairing, for the organizers, referees and admins.
//!
//! A page acts as the signed-in person's token: it calls the very functions the JSON
//! routes call, with a [`Caller`] made of that token, so each role may do on a page
//! exactly what it may do over the API, and every rule stays the core's. A form that
//! changes state is refused unless its `Origin` is this server ([`check_origin`]); the
//! session cookie is `SameSite=Strict`, so another site's form does not carry it either.

pub mod confirm;
pub mod exports;
pub mod from_list;
pub mod hall;
pub mod import;
pub mod parameters;
pub mod players;
pub mod rating_lists;
pub mod results;
pub mod rounds;
pub mod settings;
pub mod sheets;
pub mod staff;
pub mod standings;
pub mod tournament;
pub mod tournaments;
pub mod undo;
pub mod upload;

use super::page::PageError;
use super::session::Viewer;
use crate::auth::Caller;
use crate::error::{ApiError, FieldError, Issue};
use crate::i18n::Language;
use actix_web::http::header;
use actix_web::HttpResponse;
use arbitre_core::fields::FieldIssue;

pub use super::session::check_origin;

/// The signed-in person as the API's caller; a person not signed in is sent to sign in
/// (401, the error page links there).
pub fn caller(viewer: &Viewer) -> Result<Caller, PageError> {
    viewer
        .0
        .clone()
        .map(Caller::Token)
        .ok_or(PageError(ApiError::MissingToken))
}

/// One problem a refused form shows above it: a field check's, typed, which the page
/// says in its reader's language with the field's name; or a sentence already written
/// (a conflict's detail, a file's line at fault).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Problem {
    Field(FieldError),
    Said(String),
}

impl From<String> for Problem {
    fn from(text: String) -> Problem {
        Problem::Said(text)
    }
}

impl Problem {
    /// The problem in `language`: a field whose name and issue the catalogs hold is said
    /// in their words ("Rang : « 3 dan » n'est pas un rang"); any other, as the API
    /// says it.
    pub fn text(&self, language: &Language) -> String {
        match self {
            Problem::Field(error) => {
                let said = error.issue.as_ref().and_then(|issue| {
                    let name = field_name(&error.field)?;
                    let issue = issue_text(*language, issue)?;
                    Some(
                        language
                            .message("form-field-problem")
                            .arg("field", language.text(name))
                            .arg("problem", issue)
                            .to_string(),
                    )
                });
                said.unwrap_or_else(|| format!("{}: {}", error.field, error.message))
            }
            Problem::Said(text) => text.clone(),
        }
    }
}

/// The catalog's name of a field the field checks name (the form's own label).
fn field_name(field: &str) -> Option<&'static str> {
    Some(match field {
        "surname" => "player-surname",
        "first_name" => "player-first-name",
        "rank" => "player-rank",
        "club" => "column-club",
        "country" => "field-country",
        "rating" => "player-rating",
        "ffg_licence" => "player-ffg-licence",
        "egd_pin" => "player-egd-pin",
        "aga_id" => "player-aga-id",
        "mcmahon_correction" => "player-mms-correction",
        "comment" => "player-comment",
        _ => return None,
    })
}

/// A field check's issue in `language`, where the catalogs have its words.
fn issue_text(language: Language, issue: &Issue) -> Option<String> {
    let id = match issue {
        Issue::NotARank(value) => {
            return Some(language.text_with("issue-not-a-rank", "value", value.as_str()))
        }
        Issue::Check(FieldIssue::TooLong(max)) => {
            return Some(language.text_with("issue-too-long", "max", *max))
        }
        Issue::Check(FieldIssue::Empty) => "issue-empty",
        Issue::Check(FieldIssue::ControlCharacter) => "issue-control-character",
        Issue::Check(FieldIssue::EgdPin) => "issue-egd-pin",
        Issue::Check(FieldIssue::FfgLicence) => "issue-ffg-licence",
        Issue::Check(FieldIssue::Rating) => "issue-rating",
        Issue::Check(FieldIssue::Country) => "issue-country",
        Issue::Check(FieldIssue::AgaId) => "issue-aga-id",
        Issue::Check(FieldIssue::McMahonCorrection) => "issue-mcmahon-correction",
        Issue::Check(_) => return None,
    };
    Some(language.text(id))
}

/// What a refused form shows above it: each field at fault, or the conflict's detail.
/// Other errors are the error page's.
pub fn problems(error: ApiError) -> Result<Vec<Problem>, PageError> {
    match error {
        ApiError::Validation(errors) => Ok(errors.into_iter().map(Problem::Field).collect()),
        ApiError::InvalidBody(error) => Ok(vec![Problem::Field(error)]),
        ApiError::Conflict { detail, .. } => Ok(vec![Problem::Said(detail)]),
        // A file that is not OpenGotha's, with the line and column at fault.
        error @ ApiError::OpenGotha(_) => Ok(vec![Problem::Said(error.to_string())]),
        other => Err(PageError(other)),
    }
}

/// After a form that changed something: the page to show next (POST/redirect/GET, so a
/// reload does not send the form again).
pub fn see_other(location: &str) -> HttpResponse {
    HttpResponse::SeeOther()
        .insert_header((header::LOCATION, location.to_string()))
        .finish()
}
