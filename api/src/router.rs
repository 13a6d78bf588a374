//! The router's tree: resources registered under nested scopes, one for each path segment
//! that several of them share, so that a request is matched segment by segment.
//!
//! actix's router tries the services of a level one after another, and a pattern with a
//! `{name}` segment is a regular expression run with captures. Forty-odd resources in a
//! flat list made a reader of the standings run some forty of them on every request, a
//! seventh of the service's CPU beside a hall's readers. In the tree, a request meets a
//! handful of literal prefixes and one pattern for each `{name}` it holds.
//!
//! At each level the literal segments are tried before the one `{name}` segment, so that
//! `players/copy` is never read as a player's id whatever the order of the list. A level
//! holds at most one `{name}` segment: a scope of one would hide every path below the
//! other (see [`Tree::configure`]).

pub mod guard;

use actix_web::web::{self, ServiceConfig};
use std::collections::HashMap;

/// What registers one path's resource, given the path relative to its scope.
pub type Register<'a> = Box<dyn FnOnce(&mut ServiceConfig, &str) + 'a>;

/// The paths to register, in the order given.
#[derive(Default)]
pub struct Tree<'a> {
    entries: Vec<(Vec<String>, Register<'a>)>,
}

impl<'a> Tree<'a> {
    /// Adds `path` (`/`, or `/a/{b}/c` without a trailing slash), which `register`
    /// registers when the tree is configured.
    pub fn add(&mut self, path: &str, register: impl FnOnce(&mut ServiceConfig, &str) + 'a) {
        let segments = path
            .split('/')
            .skip(1)
            .filter(|segment| !segment.is_empty())
            .map(str::to_owned)
            .collect();
        self.entries.push((segments, Box::new(register)));
    }

    /// Adds `route` at `path`, as [`ServiceConfig::route`] does: a resource of its own, which
    /// only the requests its guards (its method) admit reach.
    pub fn route(&mut self, path: &str, route: actix_web::Route) -> &mut Self {
        self.add(path, move |config, path| {
            config.route(path, route);
        });
        self
    }

    /// Registers every path: a segment that several paths share becomes a scope, a path
    /// alone under its segment is registered whole (relative to the scope it is in).
    ///
    /// # Panics
    /// When a level holds two different `{name}` segments: a mistake in the list, which
    /// the router could not serve as written.
    pub fn configure(self, config: &mut ServiceConfig) {
        level(config, self.entries, "/");
    }
}

fn is_variable(segment: &str) -> bool {
    segment.contains('{')
}

/// Registers `entries` on one level: those of no more segments at `own` (the scope's own
/// path, `/` at the root).
fn level<'a>(config: &mut ServiceConfig, entries: Vec<(Vec<String>, Register<'a>)>, own: &str) {
    let mut here = Vec::new();
    let mut keys: Vec<String> = Vec::new();
    let mut groups: HashMap<String, Vec<(Vec<String>, Register<'a>)>> = HashMap::new();
    for (mut segments, register) in entries {
        if segments.is_empty() {
            here.push(register);
            continue;
        }
        let key = segments.remove(0);
        if !groups.contains_key(&key) {
            keys.push(key.clone());
        }
        groups.entry(key).or_default().push((segments, register));
    }
    // A literal segment before the variable one: `{name}` would match it too.
    keys.sort_by_key(|key| is_variable(key));
    let variables = keys.iter().filter(|key| is_variable(key)).count();
    assert!(
        variables <= 1,
        "one level of the router holds {variables} variable segments: {keys:?}"
    );
    for register in here {
        register(config, own);
    }
    for key in keys {
        let mut group = groups.remove(&key).unwrap_or_default();
        if group.len() == 1 {
            let (segments, register) = group.remove(0);
            let mut path = format!("/{key}");
            for segment in &segments {
                path.push('/');
                path.push_str(segment);
            }
            register(config, &path);
        } else {
            config
                .service(web::scope(&format!("/{key}")).configure(|scope| level(scope, group, "")));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use actix_web::test::{call_service, init_service, read_body, TestRequest};
    use actix_web::{App, HttpRequest, HttpResponse};

    /// A tree of `paths`, each answering its own pattern and what it captured.
    fn tree(paths: &[&'static str]) -> Tree<'static> {
        let mut tree = Tree::default();
        for &pattern in paths {
            tree.add(pattern, move |config, relative| {
                config.service(web::resource(relative).to(
                    move |request: HttpRequest| async move {
                        let captured: Vec<String> = request
                            .match_info()
                            .iter()
                            .map(|(name, value)| format!("{name}={value}"))
                            .collect();
                        HttpResponse::Ok().body(format!(
                            "{pattern} {} {}",
                            request.match_pattern().unwrap_or_default(),
                            captured.join(",")
                        ))
                    },
                ));
            });
        }
        tree
    }

    #[actix_web::test]
    async fn every_path_is_served_by_its_own_resource_with_its_whole_pattern_and_its_segments() {
        let paths = [
            "/",
            "/games/{game_id}/turns",
            "/tournaments/{tournament_id}/players/{player_id}",
            "/health",
            "/tournaments",
            "/tournaments/{tournament_id}",
            "/tournaments/import",
            "/games/{game_id}",
            "/tournaments/{tournament_id}/players/copy",
            "/tournaments/{tournament_id}/players",
        ];
        let app = init_service(
            App::new()
                .configure(|config| tree(&paths).configure(config))
                .default_service(web::to(HttpResponse::NotFound)),
        )
        .await;
        let cases = [
            ("/", "/ / "),
            ("/games/7/turns", "/games/{game_id}/turns /games/{game_id}/turns game_id=7"),
            ("/games/7", "/games/{game_id} /games/{game_id} game_id=7"),
            ("/health", "/health /health "),
            ("/tournaments", "/tournaments /tournaments "),
            ("/tournaments/import", "/tournaments/import /tournaments/import "),
            (
                "/tournaments/t1",
                "/tournaments/{tournament_id} /tournaments/{tournament_id} tournament_id=t1",
            ),
            (
                "/tournaments/t1/players",
                "/tournaments/{tournament_id}/players /tournaments/{tournament_id}/players tournament_id=t1",
            ),
            (
                "/tournaments/t1/players/copy",
                "/tournaments/{tournament_id}/players/copy /tournaments/{tournament_id}/players/copy tournament_id=t1",
            ),
            (
                "/tournaments/t1/players/p2",
                "/tournaments/{tournament_id}/players/{player_id} /tournaments/{tournament_id}/players/{player_id} tournament_id=t1,player_id=p2",
            ),
        ];
        for (uri, expected) in cases {
            let response = call_service(&app, TestRequest::get().uri(uri).to_request()).await;
            assert_eq!(response.status(), 200, "{uri}");
            assert_eq!(read_body(response).await, expected.as_bytes(), "{uri}");
        }
        for uri in [
            "/games",
            "/games/7/moves",
            "/tournaments/",
            "/tournaments/t1/players/p2/x",
            "/healthz",
        ] {
            let response = call_service(&app, TestRequest::get().uri(uri).to_request()).await;
            assert_eq!(response.status(), 404, "{uri}");
        }
    }

    #[test]
    #[should_panic(expected = "2 variable segments")]
    fn two_variable_segments_on_one_level_are_refused() {
        let _ = App::new().configure(|config| {
            tree(&["/games/{game_id}/turns", "/games/{id}/events"]).configure(config)
        });
    }
}
