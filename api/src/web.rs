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
use crate::http::conditional;
use crate::router::Tree;
use actix_web::error::UrlencodedError;
use actix_web::http::Method;
use actix_web::middleware::{from_fn, Compress};
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

/// One page route: its method, its path and its handler.
pub struct PageRoute {
    pub method: Method,
    pub path: String,
    handler: actix_web::Route,
}

/// The list of the pages' routes, built by method.
#[derive(Default)]
struct Pages(Vec<PageRoute>);

impl Pages {
    fn add(&mut self, method: Method, path: &str, handler: actix_web::Route) -> &mut Self {
        self.0.push(PageRoute {
            method,
            path: path.to_string(),
            handler,
        });
        self
    }

    fn get(&mut self, path: &str, handler: actix_web::Route) -> &mut Self {
        self.add(Method::GET, path, handler)
    }

    fn post(&mut self, path: &str, handler: actix_web::Route) -> &mut Self {
        self.add(Method::POST, path, handler)
    }
}

/// Every page route, and the requests the pages' scripts send: the tests go through it
/// as they go through the JSON API's route table.
pub fn table() -> Vec<PageRoute> {
    let mut routes = Pages::default();
    routes
        .get("/", web::to(public::home))
        .get("/assets/{name}", web::to(assets::get))
        .get("/sign-in", web::to(session::form))
        .post("/sign-in", web::to(session::sign_in))
        .get("/sign-in/link/{code}", web::to(session::link))
        .post("/sign-in/link/{code}", web::to(session::use_link))
        .post("/sign-out", web::to(session::sign_out))
        .post("/language", web::to(language::switch))
        .get("/t/{tournament_id}", web::to(public::pairings))
        .get("/t/{tournament_id}/standings", web::to(public::standings))
        .get("/t/{tournament_id}/rows", web::to(public::rows));
    configure_dashboard(&mut routes);
    configure_tablet(&mut routes);
    routes.0
}

/// The pages' routes, in the router's tree ([`Tree`]). The JSON API's routes come first in
/// the router; these paths are none of its.
pub fn configure(config: &mut web::ServiceConfig) {
    let mut tree = Tree::default();
    for route in table() {
        let handler = route.handler.method(route.method);
        if REVALIDATED.contains(&route.path.as_str()) {
            tree.add(&route.path, move |config, path| {
                config.service(
                    web::resource(path)
                        .route(handler)
                        .wrap(from_fn(conditional::revalidate))
                        .wrap(Compress::default()),
                );
            });
        } else {
            tree.route(&route.path, handler);
        }
    }
    tree.configure(config);
}

/// The public pages of a tournament, which a hall's phones reload after every result: as
/// cheap as the JSON reads (issue 42), with the JSON reads' `ETag` and `304` on the
/// tournament's revision, the anonymous readers' admission, and gzip; so is the line of a
/// table the pairings page fetches after a result.
const REVALIDATED: [&str; 3] = [
    "/t/{tournament_id}",
    "/t/{tournament_id}/standings",
    "/t/{tournament_id}/rows",
];

/// The table's tablet (`/table`) and the staff's page of the tables' tablets.
fn configure_tablet(routes: &mut Pages) {
    routes
        .get("/table", web::to(tablet::play::page))
        .get("/table/state", web::to(tablet::play::state))
        .post("/table/start", web::to(tablet::play::start))
        .post("/table/contact", web::to(tablet::play::contact))
        .post("/table/games/{game_id}/turns", web::to(tablet::play::turn))
        .post(
            "/table/games/{game_id}/counting",
            web::to(tablet::play::counting),
        )
        .get(
            "/dashboard/t/{tournament_id}/tablets",
            web::to(tablet::links::show),
        )
        .post(
            "/dashboard/t/{tournament_id}/tablets/links",
            web::to(tablet::links::links),
        )
        .post(
            "/dashboard/t/{tournament_id}/tablets/link",
            web::to(tablet::links::link),
        )
        .post(
            "/dashboard/t/{tournament_id}/tablets/{table}/revoke",
            web::to(tablet::links::revoke),
        );
}

/// The organizer's dashboard, under `/dashboard`.
fn configure_dashboard(routes: &mut Pages) {
    const ROUND: &str = "/dashboard/t/{tournament_id}/rounds/{number}";
    routes
        .get("/dashboard", web::to(dashboard::tournaments::list))
        .post(
            "/dashboard/tournaments",
            web::to(dashboard::tournaments::create),
        )
        .get(
            "/dashboard/time-class",
            web::to(dashboard::settings::time_class),
        )
        .post("/dashboard/import", web::to(dashboard::import::import))
        .get(
            "/dashboard/t/{tournament_id}",
            web::to(dashboard::tournament::show),
        )
        .get(
            "/dashboard/t/{tournament_id}/rating-lists",
            web::to(dashboard::rating_lists::show),
        )
        .post(
            "/dashboard/t/{tournament_id}/rating-lists/import",
            web::to(dashboard::rating_lists::import),
        )
        .post(
            "/dashboard/t/{tournament_id}/rating-lists/pin",
            web::to(dashboard::rating_lists::pin),
        )
        .get(
            "/dashboard/t/{tournament_id}/rating-lists/refresh",
            web::to(dashboard::rating_lists::report),
        )
        .post(
            "/dashboard/t/{tournament_id}/rating-lists/refresh",
            web::to(dashboard::rating_lists::apply),
        )
        .get(
            "/dashboard/t/{tournament_id}/wall-chart",
            web::to(dashboard::standings::wall),
        )
        .get(
            "/dashboard/t/{tournament_id}/staff",
            web::to(dashboard::staff::show),
        )
        .post(
            "/dashboard/t/{tournament_id}/staff",
            web::to(dashboard::staff::make),
        )
        .post(
            "/dashboard/t/{tournament_id}/staff/{token_id}/revoke",
            web::to(dashboard::staff::revoke),
        )
        .get(
            "/dashboard/t/{tournament_id}/settings",
            web::to(dashboard::settings::show),
        )
        .post(
            "/dashboard/t/{tournament_id}/settings",
            web::to(dashboard::settings::change),
        )
        .get(
            "/dashboard/t/{tournament_id}/standings",
            web::to(dashboard::standings::show),
        )
        .get(
            "/dashboard/t/{tournament_id}/rating-list",
            web::to(dashboard::from_list::show),
        )
        .post(
            "/dashboard/t/{tournament_id}/rating-list",
            web::to(dashboard::from_list::register),
        )
        .post(
            "/dashboard/t/{tournament_id}/players",
            web::to(dashboard::players::register),
        )
        .post(
            "/dashboard/t/{tournament_id}/players/copy",
            web::to(dashboard::players::copy),
        )
        .get(
            "/dashboard/t/{tournament_id}/players/{player_id}",
            web::to(dashboard::players::show),
        )
        .post(
            "/dashboard/t/{tournament_id}/players/{player_id}",
            web::to(dashboard::players::change),
        )
        .post(
            "/dashboard/t/{tournament_id}/players/{player_id}/withdraw",
            web::to(dashboard::players::withdraw),
        )
        .get(
            "/dashboard/t/{tournament_id}/hall",
            web::to(dashboard::hall::show),
        )
        .get(
            "/dashboard/t/{tournament_id}/hall/games/{game_id}",
            web::to(dashboard::hall::table),
        )
        .post(
            "/dashboard/t/{tournament_id}/hall/games/{game_id}/rulings",
            web::to(dashboard::hall::rule),
        )
        .get(
            "/dashboard/t/{tournament_id}/exports/{format}",
            web::to(dashboard::exports::download),
        )
        .get(ROUND, web::to(dashboard::rounds::show))
        .post(
            &format!("{ROUND}/participation/{{player_id}}"),
            web::to(dashboard::rounds::participation_change),
        )
        .post(&format!("{ROUND}/draft"), web::to(dashboard::rounds::draft))
        .get(&format!("{ROUND}/print"), web::to(dashboard::rounds::print))
        .get(&format!("{ROUND}/sheets"), web::to(dashboard::sheets::show))
        .post(&format!("{ROUND}/start"), web::to(dashboard::rounds::start))
        .post(
            &format!("{ROUND}/unpublish"),
            web::to(dashboard::undo::unpublish),
        )
        .post(
            &format!("{ROUND}/delete"),
            web::to(dashboard::undo::delete_round),
        )
        .post(
            &format!("{ROUND}/pairings/{{pairing_id}}/unpair"),
            web::to(dashboard::undo::unpair),
        )
        .post(
            &format!("{ROUND}/pairings/{{pairing_id}}/terms"),
            web::to(dashboard::undo::change_terms),
        )
        .get(
            &format!("{ROUND}/results"),
            web::to(dashboard::results::grid),
        )
        .post(
            &format!("{ROUND}/results"),
            web::to(dashboard::results::enter),
        )
        .get(
            &format!("{ROUND}/pairings/{{pairing_id}}"),
            web::to(dashboard::results::show),
        )
        .post(
            &format!("{ROUND}/pairings/{{pairing_id}}"),
            web::to(dashboard::results::record),
        );
}
