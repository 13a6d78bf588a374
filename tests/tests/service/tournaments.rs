//! Tournaments and players: create, read, change, list with pagination and filters.

use crate::send;
use arbitre_api::access::Role;
use arbitre_api::routes::tokens::TokenPage;
use arbitre_api::services::players::Player;
use arbitre_api::services::tournaments::Tournament;
use arbitre_core::clock::EgdClass;
use arbitre_core::ending::ResumptionPolicy;
use arbitre_core::rules::KomiPolicy;
use arbitre_core::standings::{Basis, Criterion};
use arbitre_tests::api::{fields, problem, read};
use arbitre_tests::TestService;
use reqwest::Method;
use serde_json::{json, Value};

#[tokio::test]
async fn a_tournament_is_created_read_and_changed_with_its_egd_class_computed() {
    let service = TestService::start().await;
    let tournament = service.api().create_tournament(json!({})).await;
    assert_eq!(
        tournament.egd_class,
        EgdClass::A,
        "60 min + 5×30 s byo-yomi: {tournament:?}"
    );
    assert_eq!(tournament.adjusted_time_minutes, 82);
    assert_eq!(tournament.komi_policy, KomiPolicy::Ruleset {});
    assert_eq!(tournament.dispute_policy, ResumptionPolicy::Strict);
    assert_eq!(
        tournament.placement_criteria,
        [
            Criterion::Mms,
            Criterion::Sos(Basis::Mms),
            Criterion::Sosos(Basis::Mms)
        ]
    );
    let id = tournament.id;
    assert_eq!(id.get_version_num(), 7);

    let read_back = service.api().anonymous().tournament(id).await;
    assert_eq!(read_back, tournament);

    let organizer = service.token(Role::Organizer, Some(id), None).await;
    let changes = json!({
        "time_control": {"system": "fischer", "main_time_ms": 1200000, "increment_ms": 10000},
        "dispute_policy": "four-passes",
        "handicap_policy": {"reduction": 2, "ceiling": 5, "based_on_mms": false, "no_handicap_from": "3D"}
    });
    let response = service
        .request(
            Method::PATCH,
            &format!("/tournaments/{id}"),
            Some(&organizer),
        )
        .json(&changes)
        .send()
        .await
        .unwrap();
    let changed: Tournament = read(response, 200).await;
    assert_eq!(
        changed.egd_class,
        EgdClass::C,
        "20 min + 10 s Fischer: {changed:?}"
    );
    assert_eq!(changed.dispute_policy, ResumptionPolicy::FourPasses);
    assert_eq!(changed.handicap_policy.no_handicap_from.to_string(), "3d");
    assert_eq!(changed.name, tournament.name);
}

#[tokio::test]
async fn validation_errors_name_the_fields() {
    let service = TestService::start().await;
    let response = service
        .post_tournament(json!({"end_date": "2026-04-01", "name": " ", "time_control": {"system": "byo-yomi", "main_time_ms": 0, "periods": 0, "period_ms": 1}}))
        .await;
    let problem = problem(response, 422, "validation.failed").await;
    assert_eq!(fields(&problem), ["name", "end_date", "time_control"]);
}

#[tokio::test]
async fn tournament_lists_page_and_filter() {
    let service = TestService::start().await;
    for (name, date) in [
        ("Paris", "2026-01-10"),
        ("Lyon", "2026-02-10"),
        ("Paris Pair Go", "2026-03-10"),
    ] {
        service
            .api()
            .create_tournament(json!({"name": name, "start_date": date, "end_date": date}))
            .await;
    }
    let api = service.api().anonymous();
    let page = api.tournaments("limit=2").await;
    assert_eq!(
        (page.page.total, page.page.limit, page.page.offset),
        (3, 2, 0)
    );
    let names: Vec<&str> = page.items.iter().map(|item| item.name.as_str()).collect();
    assert_eq!(names[..2], ["Paris", "Lyon"]);
    let rest = api.tournaments("limit=2&offset=2").await;
    assert_eq!(rest.items[0].name, "Paris Pair Go");
    let paris = api.tournaments("name=paris").await;
    assert_eq!(paris.page.total, 2);
    let spring = api.tournaments("from=2026-02-01&until=2026-12-31").await;
    assert_eq!(spring.page.total, 2);
    let literal = api.tournaments("name=%25").await;
    assert_eq!(literal.page.total, 0, "% is taken literally");
}

#[tokio::test]
async fn players_are_registered_listed_replaced_and_withdrawn() {
    let service = TestService::start().await;
    let tournament = service.api().create_tournament(json!({})).await;
    let id = tournament.id;
    let body = json!({
        "surname": "Dupont", "first_name": "Marie", "rank": "3D", "rating": 2320, "country": "fr",
        "club": "Paris-Go", "egd_pin": "12345678", "ffg_licence": "1234567", "aga_id": "9999"
    });
    let player: Player = read(
        service
            .post(
                &format!("/tournaments/{id}/players"),
                Some(&service.admin_token),
            )
            .json(&body)
            .send()
            .await
            .unwrap(),
        201,
    )
    .await;
    assert_eq!(player.rank, "3d");
    assert_eq!(player.country.as_deref(), Some("FR"));
    let same_pin = service
        .post(
            &format!("/tournaments/{id}/players"),
            Some(&service.admin_token),
        )
        .json(&body)
        .send()
        .await
        .unwrap();
    problem(same_pin, 409, "player.duplicate_egd_pin").await;
    service
        .create_player(&id.to_string(), "Martin", "12k")
        .await;
    let api = service.api().anonymous();
    let french = api.players(id, "country=FR").await;
    assert_eq!(french.page.total, 1);
    let by_name = api.players(id, "surname=mart").await;
    assert_eq!(by_name.items[0].surname, "Martin");

    let player_path = format!("/tournaments/{id}/players/{}", player.id);
    let replacement = json!({"surname": "Dupont", "first_name": "Marie", "rank": "4d"});
    let replaced: Player = read(
        service
            .request(Method::PUT, &player_path, Some(&service.admin_token))
            .json(&replacement)
            .send()
            .await
            .unwrap(),
        200,
    )
    .await;
    assert_eq!(replaced.rank, "4d");
    assert_eq!(replaced.egd_pin, None);
    let withdrawn = service
        .request(Method::DELETE, &player_path, Some(&service.admin_token))
        .send()
        .await
        .unwrap();
    assert_eq!(withdrawn.status(), 204);
    problem(
        service.get(&player_path).send().await.unwrap(),
        404,
        "not_found.player",
    )
    .await;
}

/// An EGD PIN or FFG licence of the wrong length made the EGD or FFG export fail on the
/// last day (issue 25): registration refuses it, with the exports' own rule.
#[tokio::test]
async fn a_pin_or_licence_the_exports_would_refuse_is_refused_at_registration() {
    let service = TestService::start().await;
    let tournament = service.api().create_tournament(json!({})).await;
    let id = tournament.id;
    let path = format!("/tournaments/{id}/players");
    let (service, path) = (&service, path.as_str());
    let register = |body: serde_json::Value| async move {
        send(
            service,
            Method::POST,
            path,
            &service.admin_token,
            Some(&body),
        )
        .await
    };
    let short = json!({
        "surname": "Dupont", "first_name": "Marie", "rank": "3d", "egd_pin": "1234567", "ffg_licence": "123456"
    });
    let refused = problem(register(short).await, 422, "validation.failed").await;
    assert_eq!(fields(&refused), ["egd_pin", "ffg_licence"], "{refused:?}");
    let long =
        json!({"surname": "Dupont", "first_name": "Marie", "rank": "3d", "egd_pin": "123456789"});
    problem(register(long).await, 422, "validation.failed").await;
    // The FFG's own licences with a letter are licences.
    let valid = json!({
        "surname": "Dupont", "first_name": "Marie", "rank": "3d", "egd_pin": "12345678", "ffg_licence": "99A0007"
    });
    let player: Player = read(register(valid).await, 201).await;
    assert_eq!(player.ffg_licence.as_deref(), Some("99A0007"));
}

#[tokio::test]
async fn tokens_are_issued_listed_and_revoked_by_organizers() {
    let service = TestService::start().await;
    let id = service.api().create_tournament(json!({})).await.id;
    let organizer_token = service.token(Role::Organizer, Some(id), None).await;
    let organizer = service.api().with_token(&organizer_token);
    let issued = organizer.issue_token(id, Role::Referee, "Marie").await;
    let referee = issued.secret.clone();
    assert!(referee.starts_with("arb_"));
    let me = service.api().with_token(&referee).me().await;
    assert_eq!(me.role, Role::Referee);
    assert_eq!(me.tournament_id, Some(id));
    // Read as sent: a listed token's secret is a field absent on the wire.
    let listed: Value = organizer.get(&format!("/tournaments/{id}/tokens")).await;
    let items = listed["items"].as_array().unwrap();
    assert!(
        items.iter().all(|token| token.get("secret").is_none()),
        "{listed}"
    );
    let list: TokenPage = serde_json::from_value(listed).unwrap();
    assert_eq!(list.page.total, 2);
    let revoke = organizer
        .delete(&format!("/tournaments/{id}/tokens/{}", issued.token.id))
        .await;
    assert_eq!(revoke.status(), 204);
    let me = service
        .api()
        .with_token(&referee)
        .send(Method::GET, "/me", None)
        .await;
    problem(me, 401, "auth.invalid_token").await;
    let table_without_game = organizer
        .send(
            Method::POST,
            &format!("/tournaments/{id}/tokens"),
            Some(&json!({"role": "table"})),
        )
        .await;
    problem(table_without_game, 422, "validation.failed").await;
}
