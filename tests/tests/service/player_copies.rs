//! `POST /tournaments/{id}/players/copy`: an earlier tournament's players registered in a
//! new one, those already there skipped and reported, in one transaction.

use crate::send;
use arbitre_api::access::Role;
use arbitre_api::services::player_copies::CopiedPlayers;
use arbitre_api::services::players::Player;
use arbitre_tests::api::{fields, problem, read};
use arbitre_tests::TestService;
use reqwest::Method;
use serde_json::{json, Value};
use uuid::Uuid;

async fn register(service: &TestService, tournament: Uuid, player: Value) -> Uuid {
    let path = format!("/tournaments/{tournament}/players");
    let registered: Player = service.api().post(&path, &player, 201).await;
    registered.id
}

pub async fn players(service: &TestService, tournament: impl std::fmt::Display) -> Vec<Player> {
    service
        .api()
        .anonymous()
        .players(tournament, "")
        .await
        .items
}

#[tokio::test]
async fn an_earlier_tournament_s_players_are_copied_and_those_registered_skipped() {
    let service = TestService::start().await;
    let api = service.api();
    let earlier = api.create_tournament(json!({"name": "Open 2025"})).await.id;
    let new = api.create_tournament(json!({"name": "Open 2026"})).await.id;
    for player in [
        json!({"surname": "Dupont", "first_name": "Jean", "rank": "3k", "rating": 1800,
               "club": "Lyon", "country": "FR", "egd_pin": "12345678"}),
        json!({"surname": "Martin", "first_name": "Anne", "rank": "1d"}),
        json!({"surname": "Moreau", "first_name": "Julie", "rank": "2k", "ffg_licence": "1234567"}),
        json!({"surname": "Garnier", "first_name": "Léa", "rank": "5k"}),
    ] {
        register(&service, earlier, player).await;
    }
    // Already here: Dupont by his PIN (another spelling), Martin by name; Moreau has
    // another licence than the Julie Moreau here, a namesake.
    let mut here = Vec::new();
    for player in [
        json!({"surname": "Dupond", "first_name": "J.", "rank": "2k", "egd_pin": "12345678"}),
        json!({"surname": "MARTIN", "first_name": "anne", "rank": "1d"}),
        json!({"surname": "Moreau", "first_name": "Julie", "rank": "2k", "ffg_licence": "7654321"}),
    ] {
        here.push(register(&service, new, player).await);
    }
    let (dupont, martin) = (here[0], here[1]);

    let admin = &service.admin_token;
    let report: CopiedPlayers = read(
        copy(&service, new, admin, json!({"from": earlier})).await,
        201,
    )
    .await;
    let copied: Vec<&str> = report
        .copied
        .iter()
        .map(|player| player.surname.as_str())
        .collect();
    assert_eq!(copied, ["Moreau", "Garnier"], "{report:?}");
    let first = &report.copied[0];
    assert_eq!(first.ffg_licence.as_deref(), Some("1234567"));
    assert_eq!(first.rank, "2k");
    let skipped: Vec<(&str, Uuid, &str)> = report
        .skipped
        .iter()
        .map(|player| {
            (
                player.name.as_str(),
                player.registered_id,
                player.reason.as_ref(),
            )
        })
        .collect();
    assert_eq!(
        skipped,
        [
            ("Dupont Jean", dupont, "egd_pin"),
            ("Martin Anne", martin, "name")
        ]
    );
    assert_eq!(players(&service, new).await.len(), 5);
    // Copied again: everyone is registered now, nothing is added.
    let again: CopiedPlayers = read(
        copy(&service, new, admin, json!({"from": earlier})).await,
        201,
    )
    .await;
    assert!(again.copied.is_empty(), "{again:?}");
    assert_eq!(again.skipped.len(), 4);
    assert_eq!(players(&service, new).await.len(), 5);
    // The earlier tournament is untouched.
    assert_eq!(players(&service, earlier).await.len(), 4);
}

/// Asks for a copy into `new` with `body`, as `token`.
async fn copy(service: &TestService, new: Uuid, token: &str, body: Value) -> reqwest::Response {
    let path = format!("/tournaments/{new}/players/copy");
    send(service, Method::POST, &path, token, Some(&body)).await
}

#[tokio::test]
async fn a_copy_is_refused_from_itself_from_nowhere_and_to_a_stranger() {
    let service = TestService::start().await;
    let earlier = service.api().create_tournament(json!({})).await.id;
    let new = service.api().create_tournament(json!({})).await.id;
    service
        .create_player(&earlier.to_string(), "Dubois", "1k")
        .await;
    let admin = &service.admin_token;

    let itself = copy(&service, new, admin, json!({"from": new})).await;
    let refused = problem(itself, 422, "validation.failed").await;
    assert_eq!(fields(&refused), ["from"]);
    let nowhere = json!({"from": "0190a4e0-0000-7000-8000-000000000000"});
    let response = copy(&service, new, admin, nowhere).await;
    problem(response, 404, "not_found.tournament").await;
    let unknown_field = json!({"from": earlier, "also": 1});
    let response = copy(&service, new, admin, unknown_field).await;
    problem(response, 422, "body.invalid").await;
    // The new tournament's organizer is no staff of the earlier one, nor is the earlier
    // one's organizer an organizer of the new one.
    for tournament in [new, earlier] {
        let organizer = service.token(Role::Organizer, Some(tournament), None).await;
        let response = copy(&service, new, &organizer, json!({"from": earlier})).await;
        problem(response, 403, "auth.forbidden").await;
    }
    assert_eq!(players(&service, new).await.len(), 0);
}
