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
