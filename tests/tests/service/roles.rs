//! The role matrix: every endpoint that needs a token refuses anonymous callers (401) and
//! every role without the right (403).

use crate::expect_problem;
use arbitre_api::access::Role;
use arbitre_tests::TestService;
use reqwest::Method;
use serde_json::{json, Value};
use uuid::Uuid;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
enum Caller {
    Anonymous,
    Admin,
    Organizer,
    Referee,
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

#[tokio::test]
async fn every_protected_endpoint_refuses_anonymous_callers_and_wrong_roles() {
    let service = TestService::start().await;
    let tournament = service.create_tournament(json!({})).await["id"]
        .as_str()
        .unwrap()
        .to_string();
    let other = service.create_tournament(json!({"name": "Other"})).await["id"]
        .as_str()
        .unwrap()
        .to_string();
    let black = service.create_player(&tournament, "Black", "1d").await;
    let white = service.create_player(&tournament, "White", "2d").await;
    service.create_round(&tournament, 1).await;
    let pairing = service
        .create_pairing(&tournament, 1, 1, &black, &white)
        .await["id"]
        .as_str()
        .unwrap()
        .to_string();
    let tournament_id: Uuid = tournament.parse().unwrap();
    let other_id: Uuid = other.parse().unwrap();
    let mut tokens = std::collections::HashMap::new();
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
            .token(Role::Table, None, Some(pairing.parse().unwrap()))
            .await,
    );
    tokens.insert(
        Caller::OtherOrganizer,
        service.token(Role::Organizer, Some(other_id), None).await,
    );
    tokens.insert(
        Caller::OtherReferee,
        service.token(Role::Referee, Some(other_id), None).await,
    );

    let t = format!("/tournaments/{tournament}");
    let pairing_path = format!("{t}/rounds/1/pairings/{pairing}");
    let pairing_body = json!({"table": 1, "black_id": black, "white_id": white});
    let player_body = json!({"surname": "S", "first_name": "F", "rank": "1k"});
    use Caller::{Admin, Organizer, Referee};
    let endpoints: Vec<(Method, String, Option<Value>, &[Caller])> = vec![
        (
            Method::POST,
            "/tournaments".to_string(),
            Some(arbitre_tests::sample_tournament()),
            &[Admin],
        ),
        (
            Method::PATCH,
            t.clone(),
            Some(json!({"name": "Renamed"})),
            &[Admin, Organizer],
        ),
        (
            Method::POST,
            format!("{t}/players"),
            Some(player_body.clone()),
            &[Admin, Organizer],
        ),
        (
            Method::PUT,
            format!("{t}/players/{black}"),
            Some(player_body),
            &[Admin, Organizer],
        ),
        (
            Method::DELETE,
            format!("{t}/players/{black}"),
            None,
            &[Admin, Organizer],
        ),
        (
            Method::GET,
            format!("{t}/tokens"),
            None,
            &[Admin, Organizer],
        ),
        (
            Method::POST,
            format!("{t}/tokens"),
            Some(json!({"role": "referee"})),
            &[Admin, Organizer],
        ),
        (
            Method::DELETE,
            format!("{t}/tokens/{}", Uuid::now_v7()),
            None,
            &[Admin, Organizer],
        ),
        (
            Method::POST,
            format!("{t}/rounds"),
            Some(json!({"number": 2})),
            &[Admin, Organizer],
        ),
        (
            Method::POST,
            format!("{t}/rounds/1/start"),
            None,
            &[Admin, Organizer, Referee],
        ),
        (
            Method::PUT,
            format!("{t}/rounds/1/registrations/{black}"),
            Some(json!({"status": "bye"})),
            &[Admin, Organizer, Referee],
        ),
        (
            Method::POST,
            format!("{t}/rounds/1/pairings"),
            Some(pairing_body.clone()),
            &[Admin, Organizer],
        ),
        (
            Method::PUT,
            format!("{t}/rounds/1/pairings"),
            Some(json!({"pairings": [pairing_body.clone()]})),
            &[Admin, Organizer],
        ),
        (
            Method::PUT,
            pairing_path.clone(),
            Some(pairing_body),
            &[Admin, Organizer],
        ),
        (
            Method::DELETE,
            pairing_path.clone(),
            None,
            &[Admin, Organizer],
        ),
        (
            Method::POST,
            format!("{pairing_path}/rulings"),
            Some(json!({"reason": "r", "table": 3})),
            &[Admin, Referee],
        ),
    ];
    let mut checked = 0;
    for (method, path, body, allowed) in &endpoints {
        for caller in CALLERS {
            if allowed.contains(&caller) {
                continue;
            }
            let mut request = service.request(
                method.clone(),
                path,
                tokens.get(&caller).map(String::as_str),
            );
            if let Some(body) = body {
                request = request.json(body);
            }
            let response = request.send().await.unwrap();
            let context = format!("{method} {path} as {caller:?}");
            match caller {
                Caller::Anonymous => {
                    assert_eq!(
                        response
                            .headers()
                            .get("www-authenticate")
                            .map(|v| v.to_str().unwrap()),
                        Some("Bearer"),
                        "{context}"
                    );
                    expect_problem(response, 401, "auth.missing_token").await;
                }
                _ => {
                    assert_eq!(response.status(), 403, "{context}");
                    expect_problem(response, 403, "auth.forbidden").await;
                }
            }
            checked += 1;
        }
    }
    assert_eq!(
        checked,
        16 * 7
            - endpoints
                .iter()
                .map(|(_, _, _, allowed)| allowed.len())
                .sum::<usize>()
    );
    // The rights were refused, not the records: the pairing is untouched.
    let unchanged = service.get(&pairing_path).send().await.unwrap();
    assert_eq!(unchanged.status(), 200);
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
        expect_problem(response, 401, "auth.invalid_token").await;
    }
    let response = service
        .request(Method::POST, "/tournaments", None)
        .header("authorization", "Basic dXNlcjpwYXNz")
        .json(&arbitre_tests::sample_tournament())
        .send()
        .await
        .unwrap();
    expect_problem(response, 401, "auth.invalid_token").await;
}

/// The caller is known before the body is read: an anonymous caller or an unknown token
/// gets 401 whatever the body (malformed JSON, another media type, too large), and before
/// the game or the pairing is looked up (an unknown game is not revealed as 404).
#[tokio::test]
async fn anonymous_callers_get_401_before_their_body_is_read() {
    let service = TestService::start().await;
    let tournament = service.create_tournament(json!({})).await["id"]
        .as_str()
        .unwrap()
        .to_string();
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
                let problem = expect_problem(response, 401, code).await;
                assert!(problem["detail"].is_string(), "{method} {path}: {problem}");
            }
        }
    }
}
