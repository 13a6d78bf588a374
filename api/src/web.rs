//! The web pages arbitre serves under `/`, beside the JSON API: server-rendered HTML from
//! templates compiled into the binary (askama, escaped by default), our own CSS and one
//! small ES module, every asset embedded, so that a hall whose network reaches no other
//! host still gets every page.
//!
//! Every page goes through [`page::Page`], which sets the security headers: a strict
//! Content-Security-Policy (`default-src 'self'`, no inline script or style), no framing,
//! no sniffing, no referrer sent elsewhere. A signed-in person holds their token in an
//! `HttpOnly; SameSite=Strict` cookie ([`session`]); a page that changes state refuses a
//! request whose `Origin` is not the server's own, so a form on another site cannot act
//! with that cookie.
//!
//! Pages decide nothing: they read what the JSON routes read and show what the core
//! computes (the standings are [`arbitre_core::standings::compute`]'s).

pub mod assets;
pub mod dashboard;
pub mod language;
mod page;
pub mod public;
pub mod qr;
pub mod session;
pub mod tablet;

use crate::error::{ApiError, FieldError};
use crate::router::Tree;
use actix_web::error::UrlencodedError;
use actix_web::web;

/// The largest page form: a draft's form names the pairs kept and the players left out
/// (some 80 bytes a pair), never the draft itself, and no other form comes near.
pub const FORM_LIMIT: usize = 64 * 1024;

/// The pages' forms: read up to [`FORM_LIMIT`] bytes, and a form refused (too large, or
/// unreadable) answers a page a person can read, as any page's error, never the
/// framework's plain text.
pub fn form_config() -> web::FormConfig {
    web::FormConfig::default()
        .limit(FORM_LIMIT)
        .error_handler(|error, _| {
            let error = match error {
                UrlencodedError::Overflow { limit, .. } => ApiError::BodyTooLarge { limit },
                other => ApiError::InvalidBody(FieldError::new("form", other.to_string())),
            };
            page::PageError(error).into()
        })
}

/// The pages' routes, in the router's tree ([`Tree`]). The JSON API's routes come first in
/// the router; these paths are none of its.
pub fn configure(config: &mut web::ServiceConfig) {
    let mut routes = Tree::default();
    routes
        .route("/", web::get().to(public::home))
        .route("/assets/{name}", web::get().to(assets::get))
        .route("/sign-in", web::get().to(session::form))
        .route("/sign-in", web::post().to(session::sign_in))
        .route("/sign-in/link/{code}", web::get().to(session::link))
        .route("/sign-in/link/{code}", web::post().to(session::use_link))
        .route("/sign-out", web::post().to(session::sign_out))
        .route("/language", web::post().to(language::switch))
        .route("/t/{tournament_id}", web::get().to(public::pairings))
        .route(
            "/t/{tournament_id}/standings",
            web::get().to(public::standings),
        );
    configure_dashboard(&mut routes);
    configure_tablet(&mut routes);
    routes.configure(config);
}

/// The table's tablet (`/table`) and the staff's page of the tables' tablets.
fn configure_tablet(routes: &mut Tree) {
    routes
        .route("/table", web::get().to(tablet::play::page))
        .route("/table/state", web::get().to(tablet::play::state))
        .route("/table/start", web::post().to(tablet::play::start))
        .route(
            "/table/games/{game_id}/turns",
            web::post().to(tablet::play::turn),
        )
        .route(
            "/table/games/{game_id}/counting",
            web::post().to(tablet::play::counting),
        )
        .route(
            "/dashboard/t/{tournament_id}/tablets",
            web::get().to(tablet::links::show),
        )
        .route(
            "/dashboard/t/{tournament_id}/tablets/links",
            web::post().to(tablet::links::links),
        )
        .route(
            "/dashboard/t/{tournament_id}/tablets/link",
            web::post().to(tablet::links::link),
        )
        .route(
            "/dashboard/t/{tournament_id}/tablets/{table}/revoke",
            web::post().to(tablet::links::revoke),
        );
}

/// The organizer's dashboard, under `/dashboard`.
fn configure_dashboard(routes: &mut Tree) {
    const ROUND: &str = "/dashboard/t/{tournament_id}/rounds/{number}";
    routes
        .route("/dashboard", web::get().to(dashboard::tournaments::list))
        .route(
            "/dashboard/tournaments",
            web::post().to(dashboard::tournaments::create),
        )
        .route(
            "/dashboard/time-class",
            web::get().to(dashboard::settings::time_class),
        )
        .route(
            "/dashboard/import",
            web::post().to(dashboard::import::import),
        )
        .route(
            "/dashboard/t/{tournament_id}",
            web::get().to(dashboard::tournament::show),
        )
        .route(
            "/dashboard/t/{tournament_id}/rating-lists",
            web::get().to(dashboard::rating_lists::show),
        )
        .route(
            "/dashboard/t/{tournament_id}/rating-lists/import",
            web::post().to(dashboard::rating_lists::import),
        )
        .route(
            "/dashboard/t/{tournament_id}/rating-lists/pin",
            web::post().to(dashboard::rating_lists::pin),
        )
        .route(
            "/dashboard/t/{tournament_id}/rating-lists/refresh",
            web::get().to(dashboard::rating_lists::report),
        )
        .route(
            "/dashboard/t/{tournament_id}/rating-lists/refresh",
            web::post().to(dashboard::rating_lists::apply),
        )
        .route(
            "/dashboard/t/{tournament_id}/staff",
            web::get().to(dashboard::staff::show),
        )
        .route(
            "/dashboard/t/{tournament_id}/staff",
            web::post().to(dashboard::staff::make),
        )
        .route(
            "/dashboard/t/{tournament_id}/staff/{token_id}/revoke",
            web::post().to(dashboard::staff::revoke),
        )
        .route(
            "/dashboard/t/{tournament_id}/settings",
            web::get().to(dashboard::settings::show),
        )
        .route(
            "/dashboard/t/{tournament_id}/settings",
            web::post().to(dashboard::settings::change),
        )
        .route(
            "/dashboard/t/{tournament_id}/standings",
            web::get().to(dashboard::standings::show),
        )
        .route(
            "/dashboard/t/{tournament_id}/rating-list",
            web::get().to(dashboard::from_list::show),
        )
        .route(
            "/dashboard/t/{tournament_id}/rating-list",
            web::post().to(dashboard::from_list::register),
        )
        .route(
            "/dashboard/t/{tournament_id}/players",
            web::post().to(dashboard::players::register),
        )
        .route(
            "/dashboard/t/{tournament_id}/players/copy",
            web::post().to(dashboard::players::copy),
        )
        .route(
            "/dashboard/t/{tournament_id}/players/{player_id}",
            web::get().to(dashboard::players::show),
        )
        .route(
            "/dashboard/t/{tournament_id}/players/{player_id}",
            web::post().to(dashboard::players::change),
        )
        .route(
            "/dashboard/t/{tournament_id}/players/{player_id}/withdraw",
            web::post().to(dashboard::players::withdraw),
        )
        .route(
            "/dashboard/t/{tournament_id}/hall",
            web::get().to(dashboard::hall::show),
        )
        .route(
            "/dashboard/t/{tournament_id}/hall/games/{game_id}",
            web::get().to(dashboard::hall::table),
        )
        .route(
            "/dashboard/t/{tournament_id}/hall/games/{game_id}/rulings",
            web::post().to(dashboard::hall::rule),
        )
        .route(ROUND, web::get().to(dashboard::rounds::show))
        .route(
            &format!("{ROUND}/participation/{{player_id}}"),
            web::post().to(dashboard::rounds::participation_change),
        )
        .route(
            &format!("{ROUND}/draft"),
            web::post().to(dashboard::rounds::draft),
        )
        .route(
            &format!("{ROUND}/print"),
            web::get().to(dashboard::rounds::print),
        )
        .route(
            &format!("{ROUND}/sheets"),
            web::get().to(dashboard::sheets::show),
        )
        .route(
            &format!("{ROUND}/start"),
            web::post().to(dashboard::rounds::start),
        )
        .route(
            &format!("{ROUND}/pairings/{{pairing_id}}"),
            web::get().to(dashboard::results::show),
        )
        .route(
            &format!("{ROUND}/pairings/{{pairing_id}}"),
            web::post().to(dashboard::results::record),
        );
}
