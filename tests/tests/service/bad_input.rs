//! Bad input of every kind is a problem+json with the right status and code, never a 500.

use arbitre_tests::api::{fields, problem};
use arbitre_tests::TestService;
use reqwest::Method;
use serde_json::json;

#[tokio::test]
async fn malformed_json_is_400() {
    let service = TestService::start().await;
    for body in ["{", "{\"name\": }", "{\"name\": \"x\",", "{} trailing", ""] {
        let response = service
            .post("/tournaments", Some(&service.admin_token))
            .header("content-type", "application/json")
            .body(body)
            .send()
            .await
            .unwrap();
        problem(response, 400, "body.malformed_json").await;
    }
}

#[tokio::test]
async fn unknown_fields_and_wrong_types_are_422_naming_the_field() {
    let service = TestService::start().await;
    let response = service.post_tournament(json!({"colour": "black"})).await;
    let refused = problem(response, 422, "body.invalid").await;
    assert!(refused.errors[0].message.contains("colour"), "{refused:?}");

    let response = service
        .post_tournament(json!({"start_date": 20260501}))
        .await;
    let refused = problem(response, 422, "body.invalid").await;
    assert_eq!(fields(&refused)[0], "start_date");

    let response = service
        .post_tournament(json!({"handicap_policy": {"reduction": "one", "ceiling": 9, "based_on_mms": true, "no_handicap_from": "1d"}}))
        .await;
    let refused = problem(response, 422, "body.invalid").await;
    assert_eq!(fields(&refused)[0], "handicap_policy.reduction");

    let response = service
        .post("/tournaments", Some(&service.admin_token))
        .json(&json!([1, 2]))
        .send()
        .await
        .unwrap();
    problem(response, 422, "body.invalid").await;

    let response = service
        .post_tournament(json!({"name": "nul\u{0}byte"}))
        .await;
    problem(response, 422, "validation.failed").await;
}

#[tokio::test]
async fn huge_bodies_are_413_and_other_media_types_415() {
    let service = TestService::start().await;
    let huge = format!("{{\"name\": \"{}\"}}", "x".repeat(1024 * 1024));
    let response = service
        .post("/tournaments", Some(&service.admin_token))
        .header("content-type", "application/json")
        .body(huge)
        .send()
        .await
        .unwrap();
    problem(response, 413, "body.too_large").await;
    let response = service
        .post("/tournaments", Some(&service.admin_token))
        .header("content-type", "text/plain")
        .body("{}")
        .send()
        .await
        .unwrap();
    problem(response, 415, "body.unsupported_media_type").await;
}

#[tokio::test]
async fn bad_path_and_query_parameters_are_400() {
    let service = TestService::start().await;
    problem(
        service.get("/tournaments/not-a-uuid").send().await.unwrap(),
        400,
        "path.invalid",
    )
    .await;
    let id = service.api().create_tournament(json!({})).await.id;
    let response = service
        .get(&format!("/tournaments/{id}/rounds/99999999999"))
        .send()
        .await
        .unwrap();
    problem(response, 400, "path.invalid").await;
    for limit in ["abc", "0"] {
        let response = service
            .get(&format!("/tournaments?limit={limit}"))
            .send()
            .await
            .unwrap();
        let refused = problem(response, 400, "query.invalid").await;
        assert_eq!(fields(&refused)[0], "limit");
    }
    problem(
        service
            .get("/tournaments?colour=black")
            .send()
            .await
            .unwrap(),
        400,
        "query.invalid",
    )
    .await;
    problem(
        service
            .get("/tournaments?from=yesterday")
            .send()
            .await
            .unwrap(),
        400,
        "query.invalid",
    )
    .await;
}

#[tokio::test]
async fn unknown_ids_are_404_naming_the_record() {
    let service = TestService::start().await;
    let unknown = uuid::Uuid::now_v7();
    problem(
        service
            .get(&format!("/tournaments/{unknown}"))
            .send()
            .await
            .unwrap(),
        404,
        "not_found.tournament",
    )
    .await;
    problem(
        service
            .get(&format!("/tournaments/{unknown}/players"))
            .send()
            .await
            .unwrap(),
        404,
        "not_found.tournament",
    )
    .await;
    let id = service
        .api()
        .create_tournament(json!({}))
        .await
        .id
        .to_string();
    problem(
        service
            .get(&format!("/tournaments/{id}/players/{unknown}"))
            .send()
            .await
            .unwrap(),
        404,
        "not_found.player",
    )
    .await;
    problem(
        service
            .get(&format!("/tournaments/{id}/rounds/3"))
            .send()
            .await
            .unwrap(),
        404,
        "not_found.round",
    )
    .await;
    service.create_round(&id, 1).await;
    let response = service
        .get(&format!("/tournaments/{id}/rounds/1/pairings/{unknown}"))
        .send()
        .await
        .unwrap();
    problem(response, 404, "not_found.pairing").await;
    let response = service
        .request(
            Method::PATCH,
            &format!("/tournaments/{unknown}"),
            Some(&service.admin_token),
        )
        .json(&json!({"name": "x"}))
        .send()
        .await
        .unwrap();
    problem(response, 404, "not_found.tournament").await;
}

/// Errors that say what to do (issue 20): a round is named by its number, a result on a
/// round not started says to start it, a player who has played is not withdrawn but
/// marked absent, and a list cut by its limit says so in a `Link` header.
#[tokio::test]
async fn errors_say_what_to_do_and_a_cut_list_says_so() {
    let service = TestService::start().await;
    let admin = service.admin_token.clone();
    let id = service
        .api()
        .create_tournament(json!({"number_of_rounds": 2}))
        .await
        .id
        .to_string();
    let refused = problem(
        service
            .get(&format!("/tournaments/{id}/rounds/7"))
            .send()
            .await
            .unwrap(),
        404,
        "not_found.round",
    )
    .await;
    assert!(
        refused.detail.contains("no round with this number"),
        "{refused:?}"
    );

    let players: Vec<String> = {
        let mut players = Vec::new();
        for surname in ["Martin", "Martel", "Marchand"] {
            players.push(service.create_player(&id, surname, "5k").await);
        }
        players
    };
    let pairing = service
        .api()
        .create_pairing(&id, 1, 1, &players[0], &players[1])
        .await;
    let result = format!("/tournaments/{id}/rounds/1/pairings/{}/result", pairing.id);
    let refused = problem(
        service
            .request(Method::PUT, &result, Some(&admin))
            .json(&json!({"result": "B+R"}))
            .send()
            .await
            .unwrap(),
        409,
        "round.not_started",
    )
    .await;
    assert!(
        refused
            .detail
            .contains(&format!("start it (POST /tournaments/{id}/rounds/1/start)")),
        "{refused:?}"
    );

    let refused = problem(
        service
            .request(
                Method::DELETE,
                &format!("/tournaments/{id}/players/{}", players[0]),
                Some(&admin),
            )
            .send()
            .await
            .unwrap(),
        409,
        "player.has_played",
    )
    .await;
    let detail = &refused.detail;
    assert!(
        detail.contains("round(s) 1")
            && detail.contains("absent")
            && detail.contains("from round 2"),
        "{refused:?}"
    );

    // Three players, two a page: the first page points to the next (its filter kept), the
    // last to the first.
    let list = format!("/tournaments/{id}/players");
    let first = service
        .get(&format!("{list}?limit=2&surname=mar"))
        .send()
        .await
        .unwrap();
    let link = first.headers()["link"].to_str().unwrap().to_string();
    assert_eq!(
        link,
        format!("<{list}?surname=mar&limit=2&offset=2>; rel=\"next\"")
    );
    let last = service
        .get(&format!("{list}?limit=2&offset=2"))
        .send()
        .await
        .unwrap();
    assert_eq!(
        last.headers()["link"].to_str().unwrap(),
        format!("<{list}?limit=2&offset=0>; rel=\"prev\"")
    );
    let whole = service.get(&list).send().await.unwrap();
    assert!(whole.headers().get("link").is_none());
}
