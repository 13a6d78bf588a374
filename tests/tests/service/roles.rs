//! The role matrix, generated from the route tables (`arbitre_api::routes::table` and the
//! pages' `arbitre_api::web::table`): every operation and every page route is called as
//! every kind of caller, with a bearer token for the API and a session cookie for the
//! pages. A caller its declared [`Access`] refuses gets 401 (anonymous) or 403, a person
//! not signed in who asks for a staff page is sent to sign in, and nothing changes; a
//! caller it lets through is not refused (neither 401 nor 403) by the router or by the
//! handler, nor answered a 500. A new route is in the matrix as soon as it is in a table.

use arbitre_api::access::Role;
use arbitre_api::router::guard::Access;
use arbitre_api::routes::table;
use arbitre_api::services::live::view::GameState;
use arbitre_api::services::live::write::Actor;
use arbitre_tests::api::problem;
use arbitre_tests::TestService;
use reqwest::Method;
use serde_json::{json, Value};
use std::collections::HashMap;
use uuid::Uuid;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
enum Caller {
    Anonymous,
    Admin,
    Organizer,
    Referee,
    /// The tablet of the tournament's game.
    Table,
    /// Organizer of another tournament.
    OtherOrganizer,
    /// Referee of another tournament.
    OtherReferee,
}

const CALLERS: [Caller; 7] = [
    Caller::Anonymous,
    Caller::Admin,
    Caller::Organizer,
    Caller::Referee,
    Caller::Table,
    Caller::OtherOrganizer,
    Caller::OtherReferee,
];

/// Whether `access` lets `caller` through, as docs/api.md's roles say: written here from
/// the roles' meaning, not from the service's code.
fn lets_through(access: Access, caller: Caller) -> bool {
    match (access, caller) {
        (Access::Public, _) => true,
        (_, Caller::Anonymous) => false,
        (Access::Tablet(_), caller) => caller == Caller::Table,
        (Access::Roles(roles, _), caller) => {
            caller == Caller::Admin || role_of(caller).is_some_and(|role| roles.contains(&role))
        }
        (Access::Token, _) | (_, Caller::Admin) => true,
        (Access::Admin(_), _) => false,
        (Access::Tournament(roles, _), Caller::Organizer) => roles.contains(&Role::Organizer),
        (Access::Tournament(roles, _), Caller::Referee) => roles.contains(&Role::Referee),
        (Access::Tournament(roles, _), Caller::Table) => roles.contains(&Role::Table),
        (Access::Game(Actor::Table), Caller::Organizer | Caller::Referee | Caller::Table) => true,
        (Access::Game(Actor::Referee), Caller::Referee) => true,
        (Access::Tournament(..) | Access::Game(_), _) => false,
    }
}

/// The role of a caller's token.
fn role_of(caller: Caller) -> Option<Role> {
    match caller {
        Caller::Anonymous => None,
        Caller::Admin => Some(Role::Admin),
        Caller::Organizer | Caller::OtherOrganizer => Some(Role::Organizer),
        Caller::Referee | Caller::OtherReferee => Some(Role::Referee),
        Caller::Table => Some(Role::Table),
    }
}

/// A tournament with two players, round 1, their pairing (and its game when `with_game`),
/// and a token of each caller.
struct Fixture {
    tournament: String,
    black: String,
    white: String,
    pairing: String,
    game: String,
    tokens: HashMap<Caller, String>,
}

async fn fixture(
    service: &TestService,
    others: &HashMap<Caller, String>,
    with_game: bool,
) -> Fixture {
    let admin = service.api();
    let tournament = admin.create_tournament(json!({})).await.id.to_string();
    let black = service.create_player(&tournament, "Black", "1d").await;
    let white = service.create_player(&tournament, "White", "2d").await;
    service.create_round(&tournament, 1).await;
    let pairing = admin
        .create_pairing(&tournament, 1, 1, &black, &white)
        .await
        .id
        .to_string();
    let mut game = String::new();
    if with_game {
        let started: GameState = admin
            .post(
                &format!("/tournaments/{tournament}/games"),
                &json!({ "pairing_id": pairing }),
                201,
            )
            .await;
        game = started.id.to_string();
    }
    let tournament_id: Uuid = tournament.parse().unwrap();
    let mut tokens = others.clone();
    tokens.insert(Caller::Admin, service.admin_token.clone());
    tokens.insert(
        Caller::Organizer,
        service
            .token(Role::Organizer, Some(tournament_id), None)
            .await,
    );
    tokens.insert(
        Caller::Referee,
        service
            .token(Role::Referee, Some(tournament_id), None)
            .await,
    );
    tokens.insert(
        Caller::Table,
        service
            .token(
                Role::Table,
                Some(tournament_id),
                Some(pairing.parse().unwrap()),
            )
            .await,
    );
    Fixture {
        tournament,
        black,
        white,
        pairing,
        game,
        tokens,
    }
}

/// `template` with the fixture's records for its parameters.
fn concrete(template: &str, fixture: &Fixture) -> String {
    template
        .split('/')
        .map(|segment| match segment {
            "{tournament_id}" => fixture.tournament.clone(),
            "{number}" => "1".to_string(),
            "{pairing_id}" => fixture.pairing.clone(),
            "{player_id}" => fixture.black.clone(),
            "{game_id}" => fixture.game.clone(),
            "{token_id}" => Uuid::now_v7().to_string(),
            "{source}" | "{format}" => "egd".to_string(),
            "{table}" => "1".to_string(),
            "{name}" => "arbitre.css".to_string(),
            "{code}" => "no-such-link".to_string(),
            other if other.starts_with('{') => {
                panic!("the role matrix has no value for {other} in {template}: give it one")
            }
            other => other.to_string(),
        })
        .collect::<Vec<_>>()
        .join("/")
}

/// A body the operation reads (it needs only to be well formed): the handler is reached
/// and refuses or lets through on its own.
fn sample(method: &Method, template: &str, fixture: &Fixture) -> Option<Value> {
    let player = json!({"surname": "S", "first_name": "F", "rank": "1k"});
    let pairing = json!({"table": 1, "black_id": fixture.black, "white_id": fixture.white});
    let path = template
        .strip_prefix("/tournaments/{tournament_id}")
        .unwrap_or(template);
    Some(match (method.as_str(), path) {
        ("POST", "/games/{game_id}/turns") => json!({"turn": 99, "action": "pass"}),
        ("POST", "/games/{game_id}/counting") => {
            json!({"action": "accept", "color": "B", "revision": 0})
        }
        ("POST", "/games/{game_id}/rulings") => json!({"kind": "warning", "reason": "noise"}),
        ("POST", "/games") => json!({"pairing_id": fixture.pairing}),
        ("POST", "/games/import") => {
            json!({"pairing_id": fixture.pairing, "sgf": "(;GM[1]SZ[19])"})
        }
        ("PUT", "/rating-lists/{source}") => json!({"rating_list_id": Uuid::now_v7()}),
        ("POST", "/players/from-rating-list") => {
            json!({"rating_list_id": Uuid::now_v7(), "line": 1})
        }
        ("POST", "/rating-refresh") => json!({"source": "egd", "all": true}),
        ("POST", "/tournaments") => arbitre_tests::sample_tournament(),
        ("PATCH", "") => json!({"name": "Renamed"}),
        ("POST", "/players") | ("PUT", "/players/{player_id}") => player,
        ("POST", "/players/copy") => json!({"from": fixture.tournament}),
        ("POST", "/tokens") => json!({"role": "referee"}),
        ("POST", "/rounds") => json!({"number": 2}),
        ("PUT", "/rounds/{number}/registrations/{player_id}") => json!({"status": "bye"}),
        ("POST", "/rounds/{number}/pairings")
        | ("PUT", "/rounds/{number}/pairings/{pairing_id}") => pairing,
        ("PUT", "/rounds/{number}/pairings") => json!({"pairings": [pairing]}),
        ("POST", "/rounds/{number}/pairings/draft") => json!({}),
        ("POST", "/rounds/{number}/pairings/publish") => json!({"round": 1, "tables": []}),
        ("POST", "/rounds/{number}/pairings/{pairing_id}/rulings") => {
            json!({"reason": "r", "table": 3})
        }
        ("PUT", "/rounds/{number}/pairings/{pairing_id}/result") => json!({"result": "B+R"}),
        ("PATCH", "/rounds/{number}/pairings/{pairing_id}") => {
            json!({"handicap": 0, "komi": 7.5})
        }
        _ => return None,
    })
}

/// Sends `method path` as `caller`, with `body` when there is one.
async fn call(
    service: &TestService,
    method: &Method,
    path: &str,
    body: Option<&Value>,
    token: Option<&str>,
) -> reqwest::Response {
    let mut request = service.request(method.clone(), path, token);
    if let Some(body) = body {
        request = request.json(body);
    }
    request.send().await.unwrap()
}

/// The organizer and the referee of another tournament.
async fn other_tournaments_staff(service: &TestService) -> HashMap<Caller, String> {
    let other = service
        .api()
        .create_tournament(json!({"name": "Other"}))
        .await
        .id;
    HashMap::from([
        (
            Caller::OtherOrganizer,
            service.token(Role::Organizer, Some(other), None).await,
        ),
        (
            Caller::OtherReferee,
            service.token(Role::Referee, Some(other), None).await,
        ),
    ])
}

/// The refusals changed nothing: the shared records are all there, the game as `before`.
async fn unchanged(service: &TestService, shared: &Fixture, before: &GameState) {
    for path in [
        format!("/tournaments/{}", shared.tournament),
        format!(
            "/tournaments/{}/players/{}",
            shared.tournament, shared.black
        ),
        format!(
            "/tournaments/{}/rounds/1/pairings/{}",
            shared.tournament, shared.pairing
        ),
    ] {
        let response = service.get(&path).send().await.unwrap();
        assert_eq!(response.status(), 200, "{path}");
    }
    let after = service.api().anonymous().game(&shared.game).await;
    assert_eq!(after.seq, before.seq, "{after:#?}");
}

#[tokio::test]
async fn every_operation_answers_each_caller_as_its_declared_access_says() {
    let service = TestService::start().await;
    let others = other_tournaments_staff(&service).await;
    let shared = fixture(&service, &others, true).await;
    let before = service.api().anonymous().game(&shared.game).await;
    let document = arbitre_api::openapi::document_value();
    let (mut refused, mut let_through, mut secured) = (0, 0, 0);
    for resource in table() {
        for operation in &resource.operations {
            let method = Method::from_bytes(operation.method.as_str().as_bytes()).unwrap();
            let reads_a_body = document["paths"][resource.path]
                [operation.method.as_str().to_lowercase()]
            .get("requestBody")
            .is_some();
            let needs_sample = reads_a_body
                && CALLERS.iter().any(|caller| {
                    *caller != Caller::Admin && lets_through(operation.access, *caller)
                });
            assert!(
                !needs_sample || sample(&method, resource.path, &shared).is_some(),
                "{method} {}: the role matrix needs a sample body for it, so that the callers it \
                 lets through reach its handler",
                resource.path
            );
            secured += usize::from(operation.access != Access::Public);
            for caller in CALLERS {
                let context = format!("{method} {} as {caller:?}", resource.path);
                if lets_through(operation.access, caller) {
                    // A read is tried on the shared records; a write on records of its own,
                    // with a game only when the path names one: deleting a tournament with
                    // recorded games is the admins' (see `Access::Tournament`).
                    let own;
                    let records = if method == Method::GET {
                        &shared
                    } else {
                        let with_game = resource.path.contains("{game_id}");
                        own = fixture(&service, &others, with_game).await;
                        &own
                    };
                    let path = concrete(resource.path, records);
                    let body = sample(&method, resource.path, records);
                    let token = records.tokens.get(&caller).map(String::as_str);
                    let response = call(&service, &method, &path, body.as_ref(), token).await;
                    let status = response.status().as_u16();
                    assert!(
                        status != 401 && status != 403,
                        "{context}: {status} {}",
                        response.text().await.unwrap()
                    );
                    let_through += 1;
                } else {
                    let path = concrete(resource.path, &shared);
                    let body = sample(&method, resource.path, &shared);
                    let token = shared.tokens.get(&caller).map(String::as_str);
                    let response = call(&service, &method, &path, body.as_ref(), token).await;
                    if caller == Caller::Anonymous {
                        assert_eq!(
                            response
                                .headers()
                                .get("www-authenticate")
                                .map(|v| v.to_str().unwrap()),
                            Some("Bearer"),
                            "{context}"
                        );
                        problem(response, 401, "auth.missing_token").await;
                    } else {
                        assert_eq!(response.status(), 403, "{context}");
                        problem(response, 403, "auth.forbidden").await;
                    }
                    refused += 1;
                }
            }
        }
    }
    println!(
        "{secured} secured operations: {refused} refusals and {let_through} callers let through"
    );
    assert!(secured >= 35, "{secured} secured operations");
    unchanged(&service, &shared, &before).await;
}

/// The session cookie of each caller of `fixture` that holds a token, signed in afresh.
async fn sessions(service: &TestService, fixture: &Fixture) -> HashMap<Caller, String> {
    let mut sessions = HashMap::new();
    for (caller, token) in &fixture.tokens {
        sessions.insert(*caller, service.session_cookie(token).await);
    }
    sessions
}

/// Sends the page route `method path` as the holder of `cookie` (none: anonymous), from a
/// page of this server (its `Origin`), read in French; a form's body is empty: a caller let
/// through reaches the handler, which may refuse the form (4xx) but neither refuse the
/// caller nor fail.
async fn call_page(
    service: &TestService,
    method: &Method,
    path: &str,
    cookie: Option<&str>,
) -> reqwest::Response {
    let client = reqwest::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .unwrap();
    let mut request = client
        .request(method.clone(), format!("{}{path}", service.base_url))
        .header("Origin", &service.base_url)
        .header("Accept-Language", "fr");
    if let Some(cookie) = cookie {
        request = request.header("Cookie", cookie);
    }
    if *method == Method::POST {
        request = request
            .header("Content-Type", "application/x-www-form-urlencoded")
            .body("");
    }
    request.send().await.unwrap()
}

#[tokio::test]
async fn every_page_route_answers_each_caller_as_its_declared_access_says() {
    let service = TestService::start().await;
    let others = other_tournaments_staff(&service).await;
    let shared = fixture(&service, &others, true).await;
    let shared_sessions = sessions(&service, &shared).await;
    let before = service.api().anonymous().game(&shared.game).await;
    let (mut refused, mut let_through, mut secured) = (0, 0, 0);
    for route in arbitre_api::web::table() {
        let method = Method::from_bytes(route.method.as_str().as_bytes()).unwrap();
        // The table page's script reads its refusals as the API's problems.
        let script = route.path.starts_with("/table/");
        secured += usize::from(route.access != Access::Public);
        for caller in CALLERS {
            let context = format!("{method} {} as {caller:?}", route.path);
            if lets_through(route.access, caller) {
                // A read on the shared records; a write on records of its own (signing
                // out ends the session it is sent with).
                let (own, own_sessions);
                let (records, cookies) = if method == Method::GET {
                    (&shared, &shared_sessions)
                } else {
                    own = fixture(&service, &others, route.path.contains("{game_id}")).await;
                    own_sessions = sessions(&service, &own).await;
                    (&own, &own_sessions)
                };
                let path = concrete(&route.path, records);
                let cookie = cookies.get(&caller).map(String::as_str);
                let response = call_page(&service, &method, &path, cookie).await;
                let status = response.status().as_u16();
                let location = response
                    .headers()
                    .get("location")
                    .map(|value| value.to_str().unwrap().to_string())
                    .unwrap_or_default();
                assert!(
                    status != 401
                        && status != 403
                        && status < 500
                        && !location.starts_with("/sign-in"),
                    "{context}: {status} {location} {}",
                    response.text().await.unwrap()
                );
                let_through += 1;
            } else {
                let path = concrete(&route.path, &shared);
                let cookie = shared_sessions.get(&caller).map(String::as_str);
                let response = call_page(&service, &method, &path, cookie).await;
                let status = response.status().as_u16();
                let shown = method == Method::GET
                    && (route.path.starts_with("/dashboard") || route.path == "/table");
                if caller == Caller::Anonymous && shown {
                    assert_eq!(status, 303, "{context}");
                    let location = response.headers()["location"].to_str().unwrap();
                    let sign_in =
                        reqwest::Url::parse_with_params("http://x/sign-in", [("next", &path)])
                            .unwrap();
                    let expected = format!("/sign-in?{}", sign_in.query().unwrap());
                    assert_eq!(location, expected, "{context}");
                } else {
                    let expected = if caller == Caller::Anonymous {
                        401
                    } else {
                        403
                    };
                    assert_eq!(status, expected, "{context}");
                    let content_type = response.headers()["content-type"].to_str().unwrap();
                    if script {
                        assert_eq!(content_type, "application/problem+json", "{context}");
                    } else {
                        assert_eq!(content_type, "text/html; charset=utf-8", "{context}");
                        let page = response.text().await.unwrap();
                        assert!(page.contains(r#"<html lang="fr""#), "{context}: {page}");
                    }
                }
                refused += 1;
            }
        }
    }
    println!(
        "{secured} secured page routes: {refused} refusals and {let_through} callers let through"
    );
    assert!(secured >= 45, "{secured} secured page routes");
    unchanged(&service, &shared, &before).await;
}

#[tokio::test]
async fn unknown_and_malformed_tokens_are_401() {
    let service = TestService::start().await;
    for token in ["arb_not-a-real-token", "no-prefix"] {
        let response = service
            .post("/tournaments", Some(token))
            .json(&arbitre_tests::sample_tournament())
            .send()
            .await
            .unwrap();
        problem(response, 401, "auth.invalid_token").await;
    }
    let response = service
        .request(Method::POST, "/tournaments", None)
        .header("authorization", "Basic dXNlcjpwYXNz")
        .json(&arbitre_tests::sample_tournament())
        .send()
        .await
        .unwrap();
    problem(response, 401, "auth.invalid_token").await;
}

/// The caller is known before the body is read: an anonymous caller or an unknown token
/// gets 401 whatever the body (malformed JSON, another media type, too large), and before
/// the game or the pairing is looked up (an unknown game is not revealed as 404).
#[tokio::test]
async fn anonymous_callers_get_401_before_their_body_is_read() {
    let service = TestService::start().await;
    let tournament = service.api().create_tournament(json!({})).await.id;
    let t = format!("/tournaments/{tournament}");
    let game = format!("/games/{}", Uuid::now_v7());
    let pairing = format!("{t}/rounds/1/pairings/{}", Uuid::now_v7());
    let routes = [
        (Method::POST, "/tournaments".to_string()),
        (Method::PATCH, t.clone()),
        (Method::POST, format!("{t}/players")),
        (Method::POST, format!("{t}/tokens")),
        (Method::POST, format!("{t}/rounds")),
        (
            Method::PUT,
            format!("{t}/rounds/1/registrations/{}", Uuid::now_v7()),
        ),
        (Method::PUT, format!("{t}/rounds/1/pairings")),
        (Method::PUT, pairing.clone()),
        (Method::POST, format!("{pairing}/rulings")),
        (Method::PUT, format!("{pairing}/result")),
        (Method::POST, format!("{t}/games")),
        (Method::POST, format!("{t}/games/import")),
        (Method::POST, format!("{game}/turns")),
        (Method::POST, format!("{game}/counting")),
        (Method::POST, format!("{game}/rulings")),
    ];
    let bodies: [(&str, Vec<u8>); 3] = [
        ("application/json", b"{\"name\": ".to_vec()),
        ("text/plain", b"hello".to_vec()),
        (
            "application/json",
            vec![b' '; arbitre_api::http::BODY_LIMIT + 1],
        ),
    ];
    for (method, path) in &routes {
        for (content_type, body) in &bodies {
            for (token, code) in [
                (None, "auth.missing_token"),
                (Some("arb_unknown"), "auth.invalid_token"),
            ] {
                let response = service
                    .request(method.clone(), path, token)
                    .header("content-type", *content_type)
                    .body(body.clone())
                    .send()
                    .await
                    .unwrap();
                let refused = problem(response, 401, code).await;
                assert!(!refused.detail.is_empty(), "{method} {path}: {refused:?}");
            }
        }
    }
}
