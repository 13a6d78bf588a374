//! A tablet belongs to a table (issue 23): a table token bound to a table number acts on
//! the game the published rounds put at that table, and on no other; one-time sign-in
//! links sign a browser in once, within their lifetime.

use arbitre_api::access::{Role, StoredToken};
use arbitre_api::db;
use arbitre_api::routes::tokens::IssuedToken;
use arbitre_api::services::live::view::GameState;
use arbitre_api::services::sign_in::{self, CodeFor};
use arbitre_api::web::tablet::play::TableState;
use arbitre_tests::api::read;
use arbitre_tests::TestService;
use diesel_async::{AsyncConnection, RunQueryDsl};
use reqwest::Method;
use serde_json::{json, Value};
use uuid::Uuid;

struct Hall {
    tournament: String,
    players: Vec<String>,
}

async fn hall(service: &TestService) -> Hall {
    let tournament = service.api().create_tournament(json!({})).await;
    let id = tournament.id.to_string();
    service.create_round(&id, 1).await;
    service.create_round(&id, 2).await;
    let mut players = Vec::new();
    for surname in ["A", "B", "C", "D"] {
        players.push(service.create_player(&id, surname, "1k").await);
    }
    Hall {
        tournament: id,
        players,
    }
}

async fn pair(
    service: &TestService,
    hall: &Hall,
    round: u32,
    table: i32,
    black: usize,
    white: usize,
) -> Uuid {
    service
        .api()
        .create_pairing(
            &hall.tournament,
            round,
            table,
            &hall.players[black],
            &hall.players[white],
        )
        .await
        .id
}

/// The pairing the tablet acts on now, as `GET /me` says.
async fn pairing_of(service: &TestService, tablet: &str) -> Option<Uuid> {
    service.api().with_token(tablet).me().await.pairing_id
}

async fn start(
    service: &TestService,
    hall: &Hall,
    token: &str,
    pairing: Uuid,
) -> reqwest::Response {
    let body = json!({"pairing_id": pairing});
    let path = format!("/tournaments/{}/games", hall.tournament);
    service
        .api()
        .with_token(token)
        .send(Method::POST, &path, Some(&body))
        .await
}

async fn resign(service: &TestService, token: &str, game: &str) -> u16 {
    service
        .post(&format!("/games/{game}/turns"), Some(token))
        .json(&json!({"turn": 1, "action": "resign", "color": "B"}))
        .send()
        .await
        .unwrap()
        .status()
        .as_u16()
}

#[tokio::test]
async fn a_tablet_of_a_table_acts_on_the_game_the_published_rounds_put_there_and_no_other() {
    let service = TestService::start().await;
    let hall = hall(&service).await;
    let t = &hall.tournament;
    let organizer = service
        .token(Role::Organizer, Some(t.parse().unwrap()), None)
        .await;
    let referee = service
        .token(Role::Referee, Some(t.parse().unwrap()), None)
        .await;

    // Issued by the organizers, bound to a table number.
    let issued: IssuedToken = service
        .api()
        .with_token(&organizer)
        .post(
            &format!("/tournaments/{t}/tokens"),
            &json!({"role": "table", "table_number": 1, "label": "Table 1"}),
            201,
        )
        .await;
    assert_eq!(issued.token.table_number, Some(1));
    let tablet = issued.secret.clone();
    // No published round uses the table yet.
    assert_eq!(pairing_of(&service, &tablet).await, None);

    let first = pair(&service, &hall, 1, 1, 0, 1).await;
    let other_table = pair(&service, &hall, 1, 2, 2, 3).await;
    assert_eq!(pairing_of(&service, &tablet).await, Some(first));
    // It starts its own table's game, not another table's.
    let refused = start(&service, &hall, &tablet, other_table).await;
    assert_eq!(refused.status(), 403);
    let game: GameState = read(start(&service, &hall, &tablet, first).await, 201).await;
    let game = game.id.to_string();
    let other_game: GameState =
        read(start(&service, &hall, &referee, other_table).await, 201).await;
    assert_eq!(
        resign(&service, &tablet, &other_game.id.to_string()).await,
        403
    );

    // Round 2 is published while round 1's game is still in play at the table: the
    // tablet stays with that game until it has its result.
    let second = pair(&service, &hall, 2, 1, 2, 0).await;
    assert_eq!(pairing_of(&service, &tablet).await, Some(first));
    assert_eq!(resign(&service, &tablet, &game).await, 201);
    assert_eq!(pairing_of(&service, &tablet).await, Some(second));
    // Round 1's game is no longer the tablet's.
    assert_eq!(resign(&service, &tablet, &game).await, 403);
    let _: GameState = read(start(&service, &hall, &tablet, second).await, 201).await;

    // Revoked: signed out.
    let revoked = service
        .request(
            Method::DELETE,
            &format!("/tournaments/{t}/tokens/{}", issued.token.id),
            Some(&organizer),
        )
        .send()
        .await
        .unwrap();
    assert_eq!(revoked.status(), 204);
    let signed_out = service
        .api()
        .with_token(&tablet)
        .send(Method::GET, "/me", None)
        .await;
    assert_eq!(signed_out.status(), 401);
}

#[tokio::test]
async fn a_table_number_binds_a_table_token_only() {
    let service = TestService::start().await;
    let hall = hall(&service).await;
    let t = &hall.tournament;
    let pairing = pair(&service, &hall, 1, 1, 0, 1).await;
    for body in [
        json!({"role": "referee", "table_number": 1}),
        json!({"role": "table", "table_number": 0}),
        json!({"role": "table", "table_number": 1, "pairing_id": pairing}),
        json!({"role": "table"}),
    ] {
        let response = service
            .post(
                &format!("/tournaments/{t}/tokens"),
                Some(&service.admin_token),
            )
            .json(&body)
            .send()
            .await
            .unwrap();
        assert_eq!(response.status(), 422, "{body}");
    }
}

/// A client that shows redirects rather than following them.
fn no_redirects() -> reqwest::Client {
    reqwest::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .unwrap()
}

async fn codes(service: &TestService, table: i32) -> String {
    let mut connection = db::Connection::establish(&service.database_url)
        .await
        .unwrap();
    let tournament_id = service.api().create_tournament(json!({})).await.id;
    let (_, issuer) = arbitre_api::services::tokens::issue(
        &mut connection,
        Role::Organizer,
        Some(tournament_id),
        arbitre_api::access::Binding::default(),
        "organizer".to_string(),
    )
    .await
    .unwrap();
    let (codes, _) = sign_in::create(
        &mut connection,
        issuer.id,
        &[CodeFor {
            role: Role::Table,
            tournament_id,
            table_number: Some(table),
            label: format!("Table {table}"),
        }],
        service.clock.now(),
    )
    .await
    .unwrap();
    codes[0].clone()
}

#[tokio::test]
async fn a_sign_in_link_signs_a_browser_in_once_with_the_session_cookie() {
    let service = TestService::start().await;
    let code = codes(&service, 3).await;
    let path = format!("/sign-in/link/{code}");
    // Opening the link spends nothing.
    let page = service.get(&path).send().await.unwrap();
    assert_eq!(page.status(), 200);
    assert!(page.text().await.unwrap().contains("Sign in as Table 3"));
    let client = no_redirects();
    let url = format!("{}{path}", service.base_url);
    let from_elsewhere = client
        .post(&url)
        .header("Origin", "http://evil.example")
        .send()
        .await
        .unwrap();
    assert_eq!(from_elsewhere.status(), 403);
    let used = client
        .post(&url)
        .header("Origin", &service.base_url)
        .send()
        .await
        .unwrap();
    assert_eq!(used.status(), 303);
    assert_eq!(used.headers()["location"], "/table");
    let cookie = used.headers()["set-cookie"].to_str().unwrap().to_string();
    assert!(cookie.contains("HttpOnly"), "{cookie}");
    assert!(cookie.contains("SameSite=Strict"), "{cookie}");
    let session = cookie.split(';').next().unwrap();
    let response = service
        .get("/me")
        .header("Cookie", session)
        .send()
        .await
        .unwrap();
    let token: StoredToken = read(response, 200).await;
    assert_eq!(token.role, Role::Table);
    assert_eq!(token.table_number, Some(3));
    assert_eq!(token.label, "Table 3");
    // Once only.
    let again = client
        .post(&url)
        .header("Origin", &service.base_url)
        .send()
        .await
        .unwrap();
    assert_eq!(again.status(), 410);
    assert!(again.headers().get("set-cookie").is_none());
    assert_eq!(service.get(&path).send().await.unwrap().status(), 410);
    assert_eq!(
        service
            .get("/sign-in/link/not-a-code")
            .send()
            .await
            .unwrap()
            .status(),
        404
    );
}

#[tokio::test]
async fn a_sign_in_link_past_its_lifetime_signs_nobody_in() {
    let service = TestService::start().await;
    let code = codes(&service, 1).await;
    let mut connection = db::Connection::establish(&service.database_url)
        .await
        .unwrap();
    diesel::sql_query("UPDATE sign_in_codes SET expires_at = now() - interval '1 second'")
        .execute(&mut connection)
        .await
        .unwrap();
    let used = no_redirects()
        .post(format!("{}/sign-in/link/{code}", service.base_url))
        .header("Origin", &service.base_url)
        .send()
        .await
        .unwrap();
    assert_eq!(used.status(), 410);
    assert!(used.headers().get("set-cookie").is_none());
    assert!(used.text().await.unwrap().contains("expired"));
}

#[tokio::test]
async fn the_table_page_acts_with_its_session_cookie_from_its_own_pages_only() {
    let service = TestService::start().await;
    let hall = hall(&service).await;
    let t = &hall.tournament;
    let pairing = pair(&service, &hall, 1, 1, 0, 1).await;
    let issued: IssuedToken = service
        .api()
        .post(
            &format!("/tournaments/{t}/tokens"),
            &json!({"role": "table", "table_number": 1, "label": "Table 1"}),
            201,
        )
        .await;
    let tablet = issued.secret;
    let cookie = service.session_cookie(&tablet).await;
    let send = |path: &str, origin: Option<&str>, body: Option<Value>| {
        let mut request = service
            .post(path, None)
            .header("Cookie", &cookie)
            .header("Idempotency-Key", "k1");
        if let Some(origin) = origin {
            request = request.header("Origin", origin);
        }
        if let Some(body) = body {
            request = request.json(&body);
        }
        request.send()
    };
    let state: TableState = read(
        service
            .get("/table/state")
            .header("Cookie", &cookie)
            .send()
            .await
            .unwrap(),
        200,
    )
    .await;
    assert_eq!(state.pairing_id, Some(pairing));
    assert_eq!(state.round, Some(1));
    assert_eq!(state.black.unwrap().name, "A Test");
    assert_eq!(state.game_id, None);
    // The tablet starts its game, and plays, on the JSON API's own routes; from another
    // site: refused, as problem+json.
    let games = format!("/tournaments/{t}/games");
    let start = json!({"pairing_id": pairing});
    let refused = send(&games, Some("http://evil.example"), Some(start.clone()))
        .await
        .unwrap();
    assert_eq!(refused.status(), 403);
    assert_eq!(
        refused.headers()["content-type"],
        "application/problem+json"
    );
    let started = send(&games, Some(&service.base_url), Some(start))
        .await
        .unwrap();
    let game: GameState = read(started, 201).await;
    let turns = format!("/games/{}/turns", game.id);
    let malformed = send(
        &turns,
        Some(&service.base_url),
        Some(json!({"turn": "one"})),
    )
    .await
    .unwrap();
    assert_eq!(malformed.status(), 422);
    let body = json!({"turn": 1, "action": "move", "point": "dd"});
    for _ in 0..2 {
        // A retry with the same key is answered as the first time, and plays nothing more.
        let played = send(&turns, Some(&service.base_url), Some(body.clone()))
            .await
            .unwrap();
        assert_eq!(played.status(), 201);
    }
    let game = service.api().anonymous().game(game.id).await;
    assert_eq!(game.turns, 1);
    // The page is the tablets'.
    let referee = service
        .token(Role::Referee, Some(t.parse().unwrap()), None)
        .await;
    let page = service
        .get("/table")
        .header("Cookie", service.session_cookie(&referee).await)
        .send()
        .await
        .unwrap();
    assert_eq!(page.status(), 403);
}
