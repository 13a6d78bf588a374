//! The route table: every resource, its methods, and a 405 for the others.

pub mod conditional;
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
use crate::http::XML_BODY_LIMIT;
use actix_web::http::Method;
use actix_web::middleware::{from_fn, Compress};
use actix_web::{web, HttpResponse};

/// A resource whose other methods answer 405 with the `Allow` header (RFC 9110 §15.5.6).
fn resource(path: &str, methods: &'static [Method]) -> actix_web::Resource {
    web::resource(path).default_service(web::to(move || async move {
        let allow = methods
            .iter()
            .map(Method::as_str)
            .collect::<Vec<_>>()
            .join(", ");
        Err::<HttpResponse, _>(ApiError::MethodNotAllowed { allow })
    }))
}

const GET: &[Method] = &[Method::GET];
const GET_POST: &[Method] = &[Method::GET, Method::POST];
const GET_POST_PUT: &[Method] = &[Method::GET, Method::POST, Method::PUT];
const GET_DELETE: &[Method] = &[Method::GET, Method::DELETE];
const GET_PATCH_DELETE: &[Method] = &[Method::GET, Method::PATCH, Method::DELETE];
const GET_PUT: &[Method] = &[Method::GET, Method::PUT];
const GET_PUT_DELETE: &[Method] = &[Method::GET, Method::PUT, Method::DELETE];
const POST: &[Method] = &[Method::POST];
const PUT: &[Method] = &[Method::PUT];
const DELETE: &[Method] = &[Method::DELETE];
const PUT_DELETE: &[Method] = &[Method::PUT, Method::DELETE];

pub fn configure(config: &mut web::ServiceConfig) {
    const TOURNAMENT: &str = "/tournaments/{tournament_id}";
    const ROUND: &str = "/tournaments/{tournament_id}/rounds/{number}";
    const PAIRING: &str = "/tournaments/{tournament_id}/rounds/{number}/pairings/{pairing_id}";
    // The router tries the resources in order: the live games' first, the requests of every
    // table's tablet all day, so a turn is matched after a few patterns rather than forty.
    configure_games(config);
    configure_rating_lists(config);
    config
        .service(resource("/health", GET).route(web::get().to(operations::health)))
        .service(resource("/ready", GET).route(web::get().to(operations::ready)))
        .service(resource("/metrics", GET).route(web::get().to(operations::metrics)))
        .service(resource("/me", GET).route(web::get().to(tokens::me)))
        .service(
            resource("/tournaments", GET_POST)
                .route(web::get().to(tournaments::list))
                .route(web::post().to(tournaments::create)),
        )
        .service(
            resource("/tournaments/import", POST)
                .app_data(web::PayloadConfig::new(XML_BODY_LIMIT))
                .route(web::post().to(tournaments::import)),
        )
        .service(
            resource(TOURNAMENT, GET_PATCH_DELETE)
                .route(web::get().to(tournaments::get))
                .route(web::patch().to(tournaments::update))
                .route(web::delete().to(tournaments::delete)),
        )
        .service(
            resource(&format!("{TOURNAMENT}/deletions"), GET).route(web::get().to(deletions::list)),
        )
        .service(
            resource(&format!("{TOURNAMENT}/players"), GET_POST)
                .route(web::get().to(players::list))
                .route(web::post().to(players::create)),
        )
        .service(
            resource(&format!("{TOURNAMENT}/players/copy"), POST)
                .route(web::post().to(player_copies::copy)),
        )
        .service(
            resource(
                &format!("{TOURNAMENT}/players/{{player_id}}"),
                GET_PUT_DELETE,
            )
            .route(web::get().to(players::get))
            .route(web::put().to(players::replace))
            .route(web::delete().to(players::delete)),
        )
        .service(
            resource(&format!("{TOURNAMENT}/tokens"), GET_POST)
                .route(web::get().to(tokens::list))
                .route(web::post().to(tokens::create)),
        )
        .service(
            resource(&format!("{TOURNAMENT}/tokens/{{token_id}}"), DELETE)
                .route(web::delete().to(tokens::revoke)),
        )
        .service(
            resource(&format!("{TOURNAMENT}/rounds"), GET_POST)
                .route(web::get().to(rounds::list))
                .route(web::post().to(rounds::create)),
        )
        .service(
            resource(ROUND, GET_DELETE)
                .route(web::get().to(rounds::get))
                .route(web::delete().to(rounds::delete)),
        )
        .service(resource(&format!("{ROUND}/start"), POST).route(web::post().to(rounds::start)))
        .service(
            resource(&format!("{ROUND}/registrations"), GET)
                .route(web::get().to(rounds::registrations)),
        )
        .service(
            resource(&format!("{ROUND}/registrations/{{player_id}}"), PUT)
                .route(web::put().to(rounds::register)),
        )
        .service(
            resource(&format!("{ROUND}/pairings"), GET_POST_PUT)
                .wrap(from_fn(conditional::revalidate))
                .wrap(Compress::default())
                .route(web::get().to(pairings::list))
                .route(web::post().to(pairings::create))
                .route(web::put().to(pairings::replace_round)),
        )
        .service(
            resource(&format!("{ROUND}/pairings/draft"), POST).route(web::post().to(drafts::draft)),
        )
        .service(
            resource(&format!("{ROUND}/pairings/publish"), POST)
                .route(web::post().to(drafts::publish)),
        )
        .service(
            resource(&format!("{ROUND}/pairings/explain"), GET)
                .route(web::get().to(drafts::explain)),
        )
        .service(
            resource(PAIRING, GET_PUT_DELETE)
                .route(web::get().to(pairings::get))
                .route(web::put().to(pairings::replace))
                .route(web::delete().to(pairings::delete)),
        )
        .service(
            resource(&format!("{PAIRING}/rulings"), GET_POST)
                .route(web::get().to(pairings::rulings))
                .route(web::post().to(pairings::rule)),
        );
    config
        .service(
            resource(&format!("{TOURNAMENT}/standings"), GET)
                .wrap(from_fn(conditional::revalidate))
                .route(web::get().to(standings::get)),
        )
        .service(
            resource(&format!("{TOURNAMENT}/exports/{{format}}"), GET)
                .wrap(from_fn(conditional::revalidate))
                .route(web::get().to(standings::download)),
        )
        .service(
            resource(&format!("{PAIRING}/result"), GET_PUT)
                .route(web::get().to(standings::result))
                .route(web::put().to(standings::record_result)),
        );
}

/// Rating lists: imports, search, the lists a tournament uses, registration from a list,
/// refresh. Before the players' resources, so that `players/from-rating-list` is not read
/// as a player's id.
fn configure_rating_lists(config: &mut web::ServiceConfig) {
    const TOURNAMENT: &str = "/tournaments/{tournament_id}";
    config
        .service(
            resource("/rating-lists", GET_POST)
                .app_data(web::PayloadConfig::new(rating_lists::LIST_BODY_LIMIT))
                .route(web::get().to(rating_lists::list))
                .route(web::post().to(rating_lists::import)),
        )
        .service(resource("/rating-lists/search", GET).route(web::get().to(rating_lists::search)))
        .service(
            resource(&format!("{TOURNAMENT}/rating-lists"), GET)
                .route(web::get().to(rating_lists::in_use)),
        )
        .service(
            resource(&format!("{TOURNAMENT}/rating-lists/{{source}}"), PUT_DELETE)
                .route(web::put().to(rating_lists::pin))
                .route(web::delete().to(rating_lists::unpin)),
        )
        .service(
            resource(&format!("{TOURNAMENT}/players/from-rating-list"), POST)
                .route(web::post().to(rating_lists::register)),
        )
        .service(
            resource(&format!("{TOURNAMENT}/rating-refresh"), GET_POST)
                .route(web::get().to(rating_lists::report))
                .route(web::post().to(rating_lists::apply)),
        );
}

/// Live games: turns, counting, rulings, streams, SGF and the board picture.
fn configure_games(config: &mut web::ServiceConfig) {
    const TOURNAMENT: &str = "/tournaments/{tournament_id}";
    const GAME: &str = "/games/{game_id}";
    config
        .service(resource(&format!("{GAME}/turns"), POST).route(web::post().to(games::play::turn)))
        .service(
            resource(&format!("{TOURNAMENT}/games"), GET_POST)
                .route(web::get().to(games::list))
                .route(web::post().to(games::create)),
        )
        .service(
            resource(&format!("{TOURNAMENT}/games/import"), POST)
                .route(web::post().to(games::sgf::import)),
        )
        .service(
            resource(&format!("{TOURNAMENT}/stream"), GET)
                .route(web::get().to(games::stream::tournament)),
        )
        .service(resource(GAME, GET).route(web::get().to(games::get)))
        .service(resource(&format!("{GAME}/events"), GET).route(web::get().to(games::events)))
        .service(resource(&format!("{GAME}/stream"), GET).route(web::get().to(games::stream::game)))
        .service(
            resource(&format!("{GAME}/counting"), POST)
                .route(web::post().to(games::play::counting)),
        )
        .service(
            resource(&format!("{GAME}/rulings"), GET_POST)
                .route(web::get().to(games::rulings::list))
                .route(web::post().to(games::rulings::rule)),
        )
        .service(resource(&format!("{GAME}/sgf"), GET).route(web::get().to(games::sgf::export)))
        .service(
            resource(&format!("{GAME}/board.svg"), GET).route(web::get().to(games::svg::board)),
        );
}
