//! A tournament's shape (issue 20): its number of rounds is a setting whose rounds exist
//! from the start, exported as OpenGotha's `numberOfRounds`; a tournament, its last round
//! without games and a pairing without a game are deleted by the staff, a tournament with
//! recorded games only by an admin who confirms it, and every deletion is kept.

use crate::{expect_json, expect_problem, send};
use arbitre_api::access::Role;
use arbitre_tests::TestService;
use reqwest::Method;
use serde_json::{json, Value};

async fn get(service: &TestService, path: &str) -> Value {
    expect_json(service.get(path).send().await.unwrap(), 200).await
}

async fn delete(service: &TestService, path: &str, token: &str) -> reqwest::Response {
    send(service, Method::DELETE, path, token, None).await
}

async fn deletions(service: &TestService, tournament: &str) -> Vec<Value> {
    get(service, &format!("/tournaments/{tournament}/deletions")).await["items"]
        .as_array()
        .unwrap()
        .clone()
}

#[tokio::test]
async fn the_rounds_announced_exist_and_grow_with_an_added_round() {
    let service = TestService::start().await;
    let tournament = service
        .create_tournament(json!({"number_of_rounds": 3}))
        .await;
    assert_eq!(tournament["number_of_rounds"], 3);
    let id = tournament["id"].as_str().unwrap().to_string();
    let rounds = get(&service, &format!("/tournaments/{id}/rounds")).await;
    assert_eq!(rounds["page"]["total"], 3, "{rounds}");
    let numbers: Vec<i64> = rounds["items"]
        .as_array()
        .unwrap()
        .iter()
        .map(|round| round["number"].as_i64().unwrap())
        .collect();
    assert_eq!(numbers, [1, 2, 3]);

    // A round added beyond them is announced with them; the export says so.
    service.create_round(&id, 4).await;
    let shown = get(&service, &format!("/tournaments/{id}")).await;
    assert_eq!(shown["number_of_rounds"], 4);
    let exported = service
        .get(&format!("/tournaments/{id}/exports/opengotha"))
        .send()
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    assert!(exported.contains(r#"numberOfRounds="4""#), "{exported}");

    // Raised: the new rounds exist. Lowered below an existing round: refused, the way out named.
    let admin = service.admin_token.clone();
    let path = format!("/tournaments/{id}");
    let raised = expect_json(
        send(
            &service,
            Method::PATCH,
            &path,
            &admin,
            Some(&json!({"number_of_rounds": 6})),
        )
        .await,
        200,
    )
    .await;
    assert_eq!(raised["number_of_rounds"], 6);
    let rounds = get(&service, &format!("/tournaments/{id}/rounds")).await;
    assert_eq!(rounds["page"]["total"], 6);
    let problem = expect_problem(
        send(
            &service,
            Method::PATCH,
            &path,
            &admin,
            Some(&json!({"number_of_rounds": 2})),
        )
        .await,
        409,
        "tournament.rounds_exist",
    )
    .await;
    assert!(
        problem["detail"]
            .as_str()
            .unwrap()
            .contains("delete the rounds after round 2"),
        "{problem}"
    );
}

#[tokio::test]
async fn the_last_round_without_games_and_a_pairing_are_deleted_and_kept() {
    let service = TestService::start().await;
    let id = service
        .create_tournament(json!({"number_of_rounds": 3}))
        .await["id"]
        .as_str()
        .unwrap()
        .to_string();
    let organizer = service
        .token(Role::Organizer, Some(id.parse().unwrap()), None)
        .await;
    let referee = service
        .token(Role::Referee, Some(id.parse().unwrap()), None)
        .await;
    let black = service.create_player(&id, "Noir", "3k").await;
    let white = service.create_player(&id, "Blanc", "3k").await;

    // A pairing without a game, deleted with a reason.
    let pairing = service.create_pairing(&id, 3, 1, &black, &white).await;
    let pairing_id = pairing["id"].as_str().unwrap();
    let pairing_path = format!("/tournaments/{id}/rounds/3/pairings/{pairing_id}");
    let response = delete(
        &service,
        &format!("{pairing_path}?reason=wrong%20players"),
        &organizer,
    )
    .await;
    assert_eq!(response.status(), 204);
    expect_problem(
        service.get(&pairing_path).send().await.unwrap(),
        404,
        "not_found.pairing",
    )
    .await;

    // Only the last round, and not by a referee.
    let round_2 = format!("/tournaments/{id}/rounds/2");
    expect_problem(
        delete(&service, &round_2, &organizer).await,
        409,
        "round.not_last",
    )
    .await;
    let round_3 = format!("/tournaments/{id}/rounds/3");
    expect_problem(
        delete(&service, &round_3, &referee).await,
        403,
        "auth.forbidden",
    )
    .await;
    service.create_pairing(&id, 3, 1, &black, &white).await;
    let response = delete(&service, &round_3, &organizer).await;
    assert_eq!(response.status(), 204);
    expect_problem(
        service.get(&round_3).send().await.unwrap(),
        404,
        "not_found.round",
    )
    .await;
    let shown = get(&service, &format!("/tournaments/{id}")).await;
    assert_eq!(shown["number_of_rounds"], 2);

    let kept = deletions(&service, &id).await;
    assert_eq!(kept.len(), 2, "{kept:#?}");
    assert_eq!(kept[0]["subject"], "pairing");
    assert_eq!(kept[0]["subject_id"], pairing_id);
    assert_eq!(kept[0]["reason"], "wrong players");
    assert_eq!(kept[0]["issued_by_label"], "test");
    assert_eq!(kept[0]["snapshot"]["black_id"], black.as_str());
    assert_eq!(kept[1]["subject"], "round");
    assert_eq!(kept[1]["snapshot"]["round"]["number"], 3);
    assert_eq!(kept[1]["snapshot"]["pairings"].as_array().unwrap().len(), 1);

    // A round with a game is kept.
    let pairing = service.create_pairing(&id, 2, 1, &black, &white).await;
    let record = "(;GM[1]FF[4]SZ[19]KM[7.5]RE[B+R];B[pd];W[dp])";
    expect_json(
        send(
            &service,
            Method::POST,
            &format!("/tournaments/{id}/games/import"),
            &organizer,
            Some(&json!({"pairing_id": pairing["id"], "sgf": record})),
        )
        .await,
        201,
    )
    .await;
    expect_problem(
        delete(&service, &round_2, &organizer).await,
        409,
        "round.has_games",
    )
    .await;
}

#[tokio::test]
async fn a_tournament_with_recorded_games_is_deleted_only_by_an_admin_who_confirms() {
    let service = TestService::start().await;
    let admin = service.admin_token.clone();

    // Without games: its organizer deletes it.
    let empty = service
        .create_tournament(json!({"number_of_rounds": 2}))
        .await["id"]
        .as_str()
        .unwrap()
        .to_string();
    let organizer = service
        .token(Role::Organizer, Some(empty.parse().unwrap()), None)
        .await;
    service.create_player(&empty, "Seul", "1d").await;
    let response = delete(&service, &format!("/tournaments/{empty}"), &organizer).await;
    assert_eq!(response.status(), 204);
    expect_problem(
        service
            .get(&format!("/tournaments/{empty}"))
            .send()
            .await
            .unwrap(),
        404,
        "not_found.tournament",
    )
    .await;

    // With a result entered by hand: an admin, with the confirmation.
    let id = service
        .create_tournament(json!({"number_of_rounds": 1}))
        .await["id"]
        .as_str()
        .unwrap()
        .to_string();
    let organizer = service
        .token(Role::Organizer, Some(id.parse().unwrap()), None)
        .await;
    let black = service.create_player(&id, "Noir", "3k").await;
    let white = service.create_player(&id, "Blanc", "3k").await;
    let pairing = service.create_pairing(&id, 1, 1, &black, &white).await;
    let round = format!("/tournaments/{id}/rounds/1");
    expect_json(
        send(
            &service,
            Method::POST,
            &format!("{round}/start"),
            &admin,
            None,
        )
        .await,
        200,
    )
    .await;
    expect_json(
        send(
            &service,
            Method::PUT,
            &format!(
                "{round}/pairings/{}/result",
                pairing["id"].as_str().unwrap()
            ),
            &admin,
            Some(&json!({"result": "W+R"})),
        )
        .await,
        200,
    )
    .await;
    let path = format!("/tournaments/{id}");
    expect_problem(
        delete(&service, &path, &organizer).await,
        403,
        "auth.forbidden",
    )
    .await;
    let problem = expect_problem(
        delete(&service, &path, &admin).await,
        409,
        "tournament.has_games",
    )
    .await;
    assert!(
        problem["detail"]
            .as_str()
            .unwrap()
            .contains("delete_recorded_games=true"),
        "{problem}"
    );
    get(&service, &path).await;
    let response = delete(
        &service,
        &format!("{path}?delete_recorded_games=true&reason=test%20import"),
        &admin,
    )
    .await;
    assert_eq!(response.status(), 204);
    expect_problem(
        service.get(&path).send().await.unwrap(),
        404,
        "not_found.tournament",
    )
    .await;
    let kept = deletions(&service, &id).await;
    assert_eq!(kept.len(), 1);
    assert_eq!(kept[0]["subject"], "tournament");
    assert_eq!(kept[0]["reason"], "test import");
    assert_eq!(kept[0]["snapshot"]["recorded_games"], 1);
    assert_eq!(
        kept[0]["snapshot"]["tournament"]["name"],
        "Tournoi de Paris"
    );
}
