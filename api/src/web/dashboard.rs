//! The organizer's dashboard under `/dashboard`: tournaments, players, rounds and their
//! pairing, for the organizers, referees and admins.
//!
//! A page acts as the signed-in person's token: it calls the very functions the JSON
//! routes call, with a [`Caller`] made of that token, so each role may do on a page
//! exactly what it may do over the API, and every rule stays the core's. A form that
//! changes state is refused unless its `Origin` is this server (the router checks it for
//! every page form); the session cookie is `SameSite=Strict`, so another site's form does
//! not carry it either.

pub mod confirm;
pub mod exports;
pub mod from_list;
pub mod hall;
pub mod import;
pub mod parameters;
pub mod players;
mod problem;
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
use crate::error::ApiError;
use actix_web::http::header;
use actix_web::HttpResponse;

pub use problem::{field_words, game_problems, problems, Problem};

/// The signed-in person as the API's caller; a person not signed in is sent to sign in
/// (401, the error page links there).
pub fn caller(viewer: &Viewer) -> Result<Caller, PageError> {
    viewer
        .0
        .clone()
        .map(Caller::Token)
        .ok_or(PageError(ApiError::MissingToken))
}

/// After a form that changed something: the page to show next (POST/redirect/GET, so a
/// reload does not send the form again).
pub fn see_other(location: &str) -> HttpResponse {
    HttpResponse::SeeOther()
        .insert_header((header::LOCATION, location.to_string()))
        .finish()
}
