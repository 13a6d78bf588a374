//! The web pages arbitre serves under `/`, beside the JSON API: server-rendered HTML from
//! templates compiled into the binary (askama, escaped by default), our own CSS and one
//! small ES module, every asset embedded, so that a hall whose network reaches no other
//! host still gets every page.
//!
//! Every page goes through [`page::Page`], which sets the security headers: a strict
//! Content-Security-Policy (`default-src 'self'`, no inline script or style), no framing,
//! no sniffing, no referrer sent elsewhere. A signed-in person holds their token in an
//! `HttpOnly; SameSite=Strict` cookie ([`session`]); every page form is refused, before
//! its guard and its handler, when its `Origin` is not the server's own ([`same_origin`]),
//! so a form on another site cannot act with that cookie.
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

use crate::access::Role;
use crate::error::{ApiError, FieldError};
use crate::http::conditional;
use crate::peer::{Origin, FOREIGN_FORM};
use crate::router::guard::{
    admins, guard, organizers, refuse_with_problem, staff, Access, Refusal,
};
use crate::router::Tree;
use actix_web::body::{BoxBody, MessageBody};
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::error::UrlencodedError;
use actix_web::http::Method;
use actix_web::middleware::{from_fn, Compress, Next};
use actix_web::{web, HttpRequest};
use page::PageError;
use session::SignInFirst;
use Access::{Public, Token};

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

/// One page route: its method, its path, who may see it ([`Access`], checked by
/// [`guard`] as for the JSON API's routes) and its handler.
pub struct PageRoute {
    pub method: Method,
    pub path: String,
    pub access: Access,
    handler: actix_web::Route,
    kind: Kind,
}

/// What a page route answers, and so how it is refused.
#[derive(Clone, Copy)]
enum Kind {
    /// A page to show.
    Page,
    /// A form a page sends, which changes state: only a page of this server may send it.
    Form,
    /// A request of a page's script, which answers JSON.
    Script,
}

impl Kind {
    fn refusal(self) -> Refusal {
        match self {
            Kind::Page | Kind::Form => refuse_page,
            Kind::Script => refuse_with_problem,
        }
    }
}

/// Refuses a page form that no page of this server sent (its `Origin`, OWASP ASVS 4.0
/// §4.2.2): the session cookie would act for its person whatever site sent the form. The
/// sign-in and language forms act without a cookie and are refused alike (login CSRF).
async fn same_origin(
    request: ServiceRequest,
    next: Next<BoxBody>,
) -> Result<ServiceResponse<BoxBody>, actix_web::Error> {
    if Origin::sent(request.request()) {
        next.call(request).await
    } else {
        let refused = PageError(FOREIGN_FORM);
        Ok(request.error_response(refused))
    }
}

/// A page refused: a person not signed in who asks for a staff page or the table's is
/// sent to sign in ([`SignInFirst`]); any other refusal is a page in the reader's language
/// (401, 403).
fn refuse_page(request: &HttpRequest, error: ApiError) -> actix_web::Error {
    match (error, SignInFirst::of(request)) {
        (ApiError::MissingToken, Some(sign_in_first)) => sign_in_first.into(),
        (error, _) => PageError(error).into(),
    }
}

/// The list of the pages' routes, built by method.
#[derive(Default)]
struct Pages(Vec<PageRoute>);

impl Pages {
    fn add(
        &mut self,
        (method, path): (Method, &str),
        access: Access,
        handler: actix_web::Route,
        kind: Kind,
    ) -> &mut Self {
        self.0.push(PageRoute {
            method,
            path: path.to_string(),
            access,
            handler,
            kind,
        });
        self
    }

    fn get(&mut self, path: &str, access: Access, handler: actix_web::Route) -> &mut Self {
        self.add((Method::GET, path), access, handler, Kind::Page)
    }

    fn post(&mut self, path: &str, access: Access, handler: actix_web::Route) -> &mut Self {
        self.add((Method::POST, path), access, handler, Kind::Form)
    }

    /// A request the table's script sends, which answers JSON.
    fn script(
        &mut self,
        (method, path): (Method, &str),
        access: Access,
        handler: actix_web::Route,
    ) -> &mut Self {
        self.add((method, path), access, handler, Kind::Script)
    }
}

/// Every page route, and the requests the pages' scripts send: the tests go through it
/// as they go through the JSON API's route table.
pub fn table() -> Vec<PageRoute> {
    let mut routes = Pages::default();
    routes
        .get("/", Public, web::to(public::home))
        .get("/assets/{name}", Public, web::to(assets::get))
        .get("/sign-in", Public, web::to(session::form))
        .post("/sign-in", Public, web::to(session::sign_in))
        .get("/sign-in/link/{code}", Public, web::to(session::link))
        .post("/sign-in/link/{code}", Public, web::to(session::use_link))
        .post("/sign-out", Public, web::to(session::sign_out))
        .post("/language", Public, web::to(language::switch))
        .get("/t/{tournament_id}", Public, web::to(public::pairings))
        .get(
            "/t/{tournament_id}/standings",
            Public,
            web::to(public::standings),
        )
        .get("/t/{tournament_id}/rows", Public, web::to(public::rows));
    configure_dashboard(&mut routes);
    configure_tablet(&mut routes);
    routes.0
}

/// The pages' routes, in the router's tree ([`Tree`]). The JSON API's routes come first in
/// the router; these paths are none of its.
pub fn configure(config: &mut web::ServiceConfig) {
    let mut tree = Tree::default();
    for route in table() {
        let mut handler = guard(
            route.handler.method(route.method),
            route.access,
            route.kind.refusal(),
        );
        if let Kind::Form = route.kind {
            handler = handler.wrap(from_fn(same_origin));
        }
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

/// The table's tablet (`/table`) and the staff's page of the tables' tablets. What the
/// tablet records (its game's start, turns, counting) goes to the JSON API's routes, which
/// take the session cookie as they take a bearer token.
fn configure_tablet(routes: &mut Pages) {
    const TABLET: Access = Access::Tablet("open a table's page (sign in as its tablet)");
    routes
        .get("/table", TABLET, web::to(tablet::play::page))
        .script(
            (Method::GET, "/table/state"),
            TABLET,
            web::to(tablet::play::state),
        )
        .script(
            (Method::POST, "/table/contact"),
            TABLET,
            web::to(tablet::play::contact),
        )
        .get(
            "/dashboard/t/{tournament_id}/tablets",
            organizers("see the tablets of this tournament"),
            web::to(tablet::links::show),
        )
        .post(
            "/dashboard/t/{tournament_id}/tablets/links",
            organizers("issue the tablets of this tournament"),
            web::to(tablet::links::links),
        )
        .post(
            "/dashboard/t/{tournament_id}/tablets/link",
            organizers("issue the tablets of this tournament"),
            web::to(tablet::links::link),
        )
        .post(
            "/dashboard/t/{tournament_id}/tablets/{table}/revoke",
            organizers("revoke the tablets of this tournament"),
            web::to(tablet::links::revoke),
        );
}

/// The organizer's dashboard, under `/dashboard`: the staff see the list of their
/// tournaments, a tournament's pages are its staff's, its settings, players, credentials
/// and undoing its organizers'.
fn configure_dashboard(routes: &mut Pages) {
    const ROUND: &str = "/dashboard/t/{tournament_id}/rounds/{number}";
    const SEE: Access = staff("see this tournament's dashboard");
    const RUN: Access = organizers("change this tournament");
    const RATING_LISTS: Access = organizers("choose the rating lists of this tournament");
    const REFRESH: Access = organizers("refresh the players of this tournament");
    const REGISTER: Access = organizers("register players in this tournament");
    const STAFF: Access = organizers("issue the credentials of this tournament");
    const ROUNDS: Access = organizers("change the rounds of this tournament");
    const RESULTS: Access = staff("record results in this tournament");
    routes
        .get(
            "/dashboard",
            Access::Roles(&[Role::Organizer, Role::Referee], "use the dashboard"),
            web::to(dashboard::tournaments::list),
        )
        .post(
            "/dashboard/tournaments",
            admins("create tournaments"),
            web::to(dashboard::tournaments::create),
        )
        .get(
            "/dashboard/time-class",
            Token,
            web::to(dashboard::settings::time_class),
        )
        .post(
            "/dashboard/import",
            admins("import tournaments"),
            web::to(dashboard::import::import),
        )
        .get(
            "/dashboard/t/{tournament_id}",
            SEE,
            web::to(dashboard::tournament::show),
        )
        .get(
            "/dashboard/t/{tournament_id}/rating-lists",
            RATING_LISTS,
            web::to(dashboard::rating_lists::show),
        )
        .post(
            "/dashboard/t/{tournament_id}/rating-lists/import",
            admins("import a rating list"),
            web::to(dashboard::rating_lists::import),
        )
        .post(
            "/dashboard/t/{tournament_id}/rating-lists/pin",
            organizers("pin the rating lists of this tournament"),
            web::to(dashboard::rating_lists::pin),
        )
        .get(
            "/dashboard/t/{tournament_id}/rating-lists/refresh",
            REFRESH,
            web::to(dashboard::rating_lists::report),
        )
        .post(
            "/dashboard/t/{tournament_id}/rating-lists/refresh",
            REFRESH,
            web::to(dashboard::rating_lists::apply),
        )
        .get(
            "/dashboard/t/{tournament_id}/wall-chart",
            SEE,
            web::to(dashboard::standings::wall),
        )
        .get(
            "/dashboard/t/{tournament_id}/staff",
            STAFF,
            web::to(dashboard::staff::show),
        )
        .post(
            "/dashboard/t/{tournament_id}/staff",
            STAFF,
            web::to(dashboard::staff::make),
        )
        .post(
            "/dashboard/t/{tournament_id}/staff/{token_id}/revoke",
            organizers("revoke the credentials of this tournament"),
            web::to(dashboard::staff::revoke),
        )
        .get(
            "/dashboard/t/{tournament_id}/settings",
            RUN,
            web::to(dashboard::settings::show),
        )
        .post(
            "/dashboard/t/{tournament_id}/settings",
            RUN,
            web::to(dashboard::settings::change),
        )
        .get(
            "/dashboard/t/{tournament_id}/standings",
            SEE,
            web::to(dashboard::standings::show),
        )
        .get(
            "/dashboard/t/{tournament_id}/rating-list",
            REGISTER,
            web::to(dashboard::from_list::show),
        )
        .post(
            "/dashboard/t/{tournament_id}/rating-list",
            REGISTER,
            web::to(dashboard::from_list::register),
        )
        .post(
            "/dashboard/t/{tournament_id}/players",
            REGISTER,
            web::to(dashboard::players::register),
        )
        .post(
            "/dashboard/t/{tournament_id}/players/copy",
            REGISTER,
            web::to(dashboard::players::copy),
        )
        .get(
            "/dashboard/t/{tournament_id}/players/{player_id}",
            SEE,
            web::to(dashboard::players::show),
        )
        .post(
            "/dashboard/t/{tournament_id}/players/{player_id}",
            organizers("change players of this tournament"),
            web::to(dashboard::players::change),
        )
        .post(
            "/dashboard/t/{tournament_id}/players/{player_id}/withdraw",
            organizers("withdraw players of this tournament"),
            web::to(dashboard::players::withdraw),
        )
        .get(
            "/dashboard/t/{tournament_id}/hall",
            SEE,
            web::to(dashboard::hall::show),
        )
        .get(
            "/dashboard/t/{tournament_id}/hall/games/{game_id}",
            SEE,
            web::to(dashboard::hall::table),
        )
        .post(
            "/dashboard/t/{tournament_id}/hall/games/{game_id}/rulings",
            staff("rule on this tournament's games"),
            web::to(dashboard::hall::rule),
        )
        .get(
            "/dashboard/t/{tournament_id}/exports/{format}",
            SEE,
            web::to(dashboard::exports::download),
        )
        .get(ROUND, SEE, web::to(dashboard::rounds::show))
        .post(
            &format!("{ROUND}/participation/{{player_id}}"),
            staff("register players for rounds of this tournament"),
            web::to(dashboard::rounds::participation_change),
        )
        .post(
            &format!("{ROUND}/draft"),
            staff("draft pairings of this tournament"),
            web::to(dashboard::rounds::draft),
        )
        .get(
            &format!("{ROUND}/print"),
            SEE,
            web::to(dashboard::rounds::print),
        )
        .get(
            &format!("{ROUND}/sheets"),
            SEE,
            web::to(dashboard::sheets::show),
        )
        .post(
            &format!("{ROUND}/start"),
            staff("start rounds of this tournament"),
            web::to(dashboard::rounds::start),
        )
        .post(
            &format!("{ROUND}/unpublish"),
            ROUNDS,
            web::to(dashboard::undo::unpublish),
        )
        .post(
            &format!("{ROUND}/delete"),
            ROUNDS,
            web::to(dashboard::undo::delete_round),
        )
        .post(
            &format!("{ROUND}/pairings/{{pairing_id}}/unpair"),
            ROUNDS,
            web::to(dashboard::undo::unpair),
        )
        .post(
            &format!("{ROUND}/pairings/{{pairing_id}}/terms"),
            ROUNDS,
            web::to(dashboard::undo::change_terms),
        )
        .get(
            &format!("{ROUND}/results"),
            SEE,
            web::to(dashboard::results::grid),
        )
        .post(
            &format!("{ROUND}/results"),
            RESULTS,
            web::to(dashboard::results::enter),
        )
        .get(
            &format!("{ROUND}/pairings/{{pairing_id}}"),
            SEE,
            web::to(dashboard::results::show),
        )
        .post(
            &format!("{ROUND}/pairings/{{pairing_id}}"),
            RESULTS,
            web::to(dashboard::results::record),
        );
}

/// Writes a page's error page again in its reader's language: a [`PageError`] is turned
/// into a response without its request ([`actix_web::ResponseError`]), so in the fallback
/// language; here the request is known. It lives here, above the pages' modules, because
/// a form's problems are said with the dashboard's field labels.
pub async fn translate_page_errors(
    request: ServiceRequest,
    next: Next<impl MessageBody + 'static>,
) -> Result<ServiceResponse<impl MessageBody>, actix_web::Error> {
    let reader = language::Reader::of(request.request());
    let response = next.call(request).await?;
    let translated = response
        .response()
        .error()
        .and_then(|error| error.as_error::<PageError>())
        .map(|error| {
            let language = reader.language();
            page::ErrorPage::saying(error, language, dashboard::field_words(&error.0, language))
        });
    Ok(match translated {
        Some(page) => response.into_response(page),
        None => response.map_into_boxed_body(),
    })
}
