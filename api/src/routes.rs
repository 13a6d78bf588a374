//! The route table: every operation of the JSON API, declared once with its method, its
//! path, its handler and who may call it ([`Access`], checked by [`guard`] as for the
//! pages). The router is built from it, the OpenAPI document lists its handlers, the role
//! matrix test calls every operation as every kind of caller, and a test holds the
//! document's operations to it.

pub mod deletions;
pub mod drafts;
pub mod games;
pub mod operations;
pub mod pairings;
pub mod player_copies;
pub mod players;
pub mod rating_lists;
pub mod rounds;
pub mod standings;
pub mod tokens;
pub mod tournaments;

use crate::error::ApiError;
use crate::http::{conditional, XML_BODY_LIMIT};
use crate::router::guard::{
    admins, guard, organizers, referees, refuse_with_problem, staff, Access,
};
use crate::router::Tree;
use crate::services::live::write::Actor;
use actix_web::http::Method;
use actix_web::middleware::{from_fn, Compress};
use actix_web::{web, HttpResponse};

/// How a resource is served beyond its operations.
#[derive(Debug, Clone, Copy)]
enum Serving {
    Plain,
    /// Bodies up to this many bytes (the service's default is [`crate::http::BODY_LIMIT`]).
    BodyLimit(usize),
    /// Conditional requests answered from the representation's validator.
    Revalidated,
    /// Conditional requests, and compressed answers (a round's pairings are long).
    RevalidatedCompressed,
}

/// One operation of a resource.
pub struct Operation {
    pub method: Method,
    pub access: Access,
    handler: fn() -> actix_web::Route,
}

impl Operation {
    /// The operation's route: its handler behind its method and the check of its
    /// [`Access`] ([`guard`]), which refuses with the API's problem.
    fn route(&self) -> actix_web::Route {
        guard(
            (self.handler)().method(self.method.clone()),
            self.access,
            refuse_with_problem,
        )
    }
}

/// A resource of the API: its path and its operations.
pub struct Resource {
    pub path: &'static str,
    serving: Serving,
    pub operations: Vec<Operation>,
}

impl Resource {
    /// Registers the resource at `path` (its own, relative to the scope it is in); its
    /// other methods answer 405 with the `Allow` header (RFC 9110 §15.5.6).
    fn register(&self, config: &mut web::ServiceConfig, path: &str) {
        let allow = self
            .operations
            .iter()
            .map(|operation| operation.method.as_str())
            .collect::<Vec<_>>()
            .join(", ");
        let mut resource = web::resource(path).default_service(web::to(move || {
            let allow = allow.clone();
            async move { Err::<HttpResponse, _>(ApiError::MethodNotAllowed { allow }) }
        }));
        for operation in &self.operations {
            resource = resource.route(operation.route());
        }
        match self.serving {
            Serving::Plain => config.service(resource),
            Serving::BodyLimit(limit) => {
                config.service(resource.app_data(web::PayloadConfig::new(limit)))
            }
            Serving::Revalidated => config.service(resource.wrap(from_fn(conditional::revalidate))),
            Serving::RevalidatedCompressed => config.service(
                resource
                    .wrap(from_fn(conditional::revalidate))
                    .wrap(Compress::default()),
            ),
        };
    }
}

/// The route table, and the document's list of its handlers ([`Paths`]), from one list.
macro_rules! routes {
    (@serving) => { Serving::Plain };
    (@serving $serving:expr) => { $serving };
    ($(
        $path:literal $([$serving:expr])? {
            $($method:ident $access:expr => $($handler:ident)::+),+ $(,)?
        }
    )+) => {
        /// Every resource of the JSON API, the live games' first.
        pub fn table() -> Vec<Resource> {
            vec![$(
                Resource {
                    path: $path,
                    serving: routes!(@serving $($serving)?),
                    operations: vec![$(
                        Operation {
                            method: Method::$method,
                            access: $access,
                            handler: || web::to($($handler)::+),
                        },
                    )+],
                },
            )+]
        }

        /// The operations of the table, for the OpenAPI document ([`crate::openapi`]).
        #[derive(utoipa::OpenApi)]
        #[openapi(paths($($($($handler)::+),+),+))]
        pub struct Paths;
    };
}

use Access::{Game, Public, Token};

// The router matches these paths segment by segment ([`Tree`]), a literal segment before a
// `{name}` one (`players/from-rating-list` is not a player's id), whatever their order
// here: they are listed by what they serve, the live games first.
routes! {
    // Live games: turns, counting, rulings, streams, SGF and the board picture.
    "/games/{game_id}/turns" {
        POST Game(Actor::Table) => games::play::turn,
    }
    "/tournaments/{tournament_id}/games" {
        GET Public => games::list,
        POST Game(Actor::Table) => games::create,
    }
    "/tournaments/{tournament_id}/games/import" {
        POST staff("import games in this tournament") => games::sgf::import,
    }
    "/tournaments/{tournament_id}/stream" {
        GET Public => games::stream::tournament,
    }
    "/games/{game_id}" {
        GET Public => games::get,
    }
    "/games/{game_id}/events" {
        GET Public => games::events,
    }
    "/games/{game_id}/stream" {
        GET Public => games::stream::game,
    }
    "/games/{game_id}/counting" {
        POST Game(Actor::Table) => games::play::counting,
    }
    "/games/{game_id}/rulings" {
        GET Public => games::rulings::list,
        POST Game(Actor::Referee) => games::rulings::rule,
    }
    "/games/{game_id}/sgf" {
        GET Public => games::sgf::export,
    }
    "/games/{game_id}/board.svg" {
        GET Public => games::svg::board,
    }
    // Rating lists: imports, search, the lists a tournament uses, registration from a
    // list, refresh.
    "/rating-lists" [Serving::BodyLimit(rating_lists::LIST_BODY_LIMIT)] {
        GET Public => rating_lists::list,
        POST admins("import rating lists") => rating_lists::import,
    }
    "/rating-lists/search" {
        GET Public => rating_lists::search,
    }
    "/tournaments/{tournament_id}/rating-lists" {
        GET Public => rating_lists::in_use,
    }
    "/tournaments/{tournament_id}/rating-lists/{source}" {
        PUT organizers("pin the rating lists of this tournament") => rating_lists::pin,
        DELETE organizers("pin the rating lists of this tournament") => rating_lists::unpin,
    }
    "/tournaments/{tournament_id}/players/from-rating-list" {
        POST organizers("register players in this tournament") => rating_lists::register,
    }
    "/tournaments/{tournament_id}/rating-refresh" {
        GET Public => rating_lists::report,
        POST organizers("refresh the ratings of this tournament") => rating_lists::apply,
    }
    // Operations, tournaments, players, tokens, rounds, pairings.
    "/health" {
        GET Public => operations::health,
    }
    "/ready" {
        GET Public => operations::ready,
    }
    "/metrics" {
        GET Public => operations::metrics,
    }
    "/me" {
        GET Token => tokens::me,
    }
    "/tournaments" {
        GET Public => tournaments::list,
        POST admins("create tournaments") => tournaments::create,
    }
    "/tournaments/import" [Serving::BodyLimit(XML_BODY_LIMIT)] {
        POST admins("import tournaments") => tournaments::import,
    }
    "/tournaments/{tournament_id}" {
        GET Public => tournaments::get,
        PATCH organizers("change this tournament") => tournaments::update,
        DELETE organizers("delete this tournament") => tournaments::delete,
    }
    "/tournaments/{tournament_id}/deletions" {
        GET Public => deletions::list,
    }
    "/tournaments/{tournament_id}/players" {
        GET Public => players::list,
        POST organizers("register players in this tournament") => players::create,
    }
    "/tournaments/{tournament_id}/players/copy" {
        POST organizers("register players in this tournament") => player_copies::copy,
    }
    "/tournaments/{tournament_id}/players/{player_id}" {
        GET Public => players::get,
        PUT organizers("change players of this tournament") => players::replace,
        DELETE organizers("withdraw players of this tournament") => players::delete,
    }
    "/tournaments/{tournament_id}/tokens" {
        GET organizers("see the tokens of this tournament") => tokens::list,
        POST organizers("issue tokens of this tournament") => tokens::create,
    }
    "/tournaments/{tournament_id}/tokens/{token_id}" {
        DELETE organizers("revoke tokens of this tournament") => tokens::revoke,
    }
    "/tournaments/{tournament_id}/rounds" {
        GET Public => rounds::list,
        POST organizers("add rounds to this tournament") => rounds::create,
    }
    "/tournaments/{tournament_id}/rounds/{number}" {
        GET Public => rounds::get,
        DELETE organizers("delete rounds of this tournament") => rounds::delete,
    }
    "/tournaments/{tournament_id}/rounds/{number}/start" {
        POST staff("start rounds of this tournament") => rounds::start,
    }
    "/tournaments/{tournament_id}/rounds/{number}/registrations" {
        GET Public => rounds::registrations,
    }
    "/tournaments/{tournament_id}/rounds/{number}/registrations/{player_id}" {
        PUT staff("register players for rounds of this tournament") => rounds::register,
    }
    "/tournaments/{tournament_id}/rounds/{number}/pairings" [Serving::RevalidatedCompressed] {
        GET Public => pairings::list,
        POST organizers("pair rounds of this tournament") => pairings::create,
        PUT organizers("pair rounds of this tournament") => pairings::replace_round,
        DELETE organizers("withdraw the pairings of this tournament") => pairings::unpublish,
    }
    "/tournaments/{tournament_id}/rounds/{number}/pairings/draft" {
        POST staff("draft pairings of this tournament") => drafts::draft,
    }
    "/tournaments/{tournament_id}/rounds/{number}/pairings/publish" {
        POST organizers("publish pairings of this tournament") => drafts::publish,
    }
    "/tournaments/{tournament_id}/rounds/{number}/pairings/explain" {
        GET staff("explain pairings of this tournament") => drafts::explain,
    }
    "/tournaments/{tournament_id}/rounds/{number}/pairings/{pairing_id}" {
        GET Public => pairings::get,
        PUT organizers("pair rounds of this tournament") => pairings::replace,
        PATCH organizers("pair rounds of this tournament") => pairings::change_terms,
        DELETE organizers("pair rounds of this tournament") => pairings::delete,
    }
    "/tournaments/{tournament_id}/rounds/{number}/pairings/{pairing_id}/rulings" {
        GET Public => pairings::rulings,
        POST referees("issue rulings in this tournament") => pairings::rule,
    }
    // Standings, exports and results.
    "/tournaments/{tournament_id}/standings" [Serving::Revalidated] {
        GET Public => standings::get,
    }
    "/tournaments/{tournament_id}/exports/{format}" [Serving::Revalidated] {
        GET Public => standings::download,
    }
    "/tournaments/{tournament_id}/rounds/{number}/pairings/{pairing_id}/result" {
        GET Public => standings::result,
        PUT staff("record results in this tournament") => standings::record_result,
    }
}

/// Registers every resource of [`table`], in the router's tree ([`Tree`]).
pub fn configure(config: &mut web::ServiceConfig) {
    let mut tree = Tree::default();
    for resource in table() {
        tree.add(resource.path, move |config, path| {
            resource.register(config, path)
        });
    }
    tree.configure(config);
}
