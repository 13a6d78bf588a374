//! A tournament's shape (issue 20): its number of rounds is a setting whose rounds exist
//! from the start, exported as OpenGotha's `numberOfRounds`; a tournament, its last round
//! without games and a pairing without a game are deleted by the staff, a tournament with
//! recorded games only by an admin who confirms it, and every deletion is kept.

use arbitre_api::access::Role;
use arbitre_api::services::tournaments::Tournament;
use arbitre_api::services::undo::TableSnapshot;
use arbitre_tests::api::{kept, problem, KeptRound, KeptTournament};
use arbitre_tests::TestService;
use reqwest::Method;
use serde_json::json;

#[tokio::test]
async fn the_rounds_announced_exist_and_grow_with_an_added_round() {
    let service = TestService::start().await;
    let admin = service.api();
    let tournament = admin
        .create_tournament(json!({"number_of_rounds": 3}))
        .await;
    assert_eq!(tournament.number_of_rounds, 3);
    let id = tournament.id;
    let rounds = service.api().anonymous().rounds(id).await;
    assert_eq!(rounds.page.total, 3, "{rounds:?}");
    let numbers: Vec<i32> = rounds.items.iter().map(|round| round.number).collect();
    assert_eq!(numbers, [1, 2, 3]);

    // A round added beyond them is announced with them; the export says so.
    service.create_round(&id.to_string(), 4).await;
    let shown = service.api().anonymous().tournament(id).await;
    assert_eq!(shown.number_of_rounds, 4);
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
    let path = format!("/tournaments/{id}");
    let raised: Tournament = admin.patch(&path, &json!({"number_of_rounds": 6})).await;
    assert_eq!(raised.number_of_rounds, 6);
    let rounds = service.api().anonymous().rounds(id).await;
    assert_eq!(rounds.page.total, 6);
    let lowered = admin
        .send(Method::PATCH, &path, Some(&json!({"number_of_rounds": 2})))
        .await;
    let refused = problem(lowered, 409, "tournament.rounds_exist").await;
    assert!(
        refused.detail.contains("delete the rounds after round 2"),
        "{refused:?}"
    );
}

#[tokio::test]
async fn the_last_round_without_games_and_a_pairing_are_deleted_and_kept() {
    let service = TestService::start().await;
    let admin = service.api();
    let id = admin
        .create_tournament(json!({"number_of_rounds": 3}))
        .await
        .id;
    let organizer_token = service.token(Role::Organizer, Some(id), None).await;
    let organizer = service.api().with_token(&organizer_token);
    let referee_token = service.token(Role::Referee, Some(id), None).await;
    let referee = service.api().with_token(&referee_token);
    let black = service.create_player(&id.to_string(), "Noir", "3k").await;
    let white = service.create_player(&id.to_string(), "Blanc", "3k").await;

    // A pairing without a game, deleted with a reason.
    let pairing = admin.create_pairing(id, 3, 1, &black, &white).await;
    let pairing_path = format!("/tournaments/{id}/rounds/3/pairings/{}", pairing.id);
    let response = organizer
        .delete(&format!("{pairing_path}?reason=wrong%20players"))
        .await;
    assert_eq!(response.status(), 204);
    let gone = service
        .api()
        .anonymous()
        .send(Method::GET, &pairing_path, None)
        .await;
    problem(gone, 404, "not_found.pairing").await;

    // Only the last round, and not by a referee.
    let round_2 = format!("/tournaments/{id}/rounds/2");
    problem(organizer.delete(&round_2).await, 409, "round.not_last").await;
    let round_3 = format!("/tournaments/{id}/rounds/3");
    problem(referee.delete(&round_3).await, 403, "auth.forbidden").await;
    admin.create_pairing(id, 3, 1, &black, &white).await;
    let response = organizer.delete(&round_3).await;
    assert_eq!(response.status(), 204);
    let gone = service
        .api()
        .anonymous()
        .send(Method::GET, &round_3, None)
        .await;
    problem(gone, 404, "not_found.round").await;
    let shown = service.api().anonymous().tournament(id).await;
    assert_eq!(shown.number_of_rounds, 2);

    let kept_deletions = service.api().anonymous().deletions(id).await.items;
    assert_eq!(kept_deletions.len(), 2, "{kept_deletions:#?}");
    let (deleted_pairing, deleted_round) = (&kept_deletions[0], &kept_deletions[1]);
    assert_eq!(deleted_pairing.subject, "pairing");
    assert_eq!(deleted_pairing.subject_id, pairing.id);
    assert_eq!(deleted_pairing.reason, "wrong players");
    assert_eq!(deleted_pairing.issued_by_label, "test");
    let table: TableSnapshot = kept(deleted_pairing);
    assert_eq!(table.black_id.to_string(), black);
    assert_eq!(deleted_round.subject, "round");
    let round: KeptRound = kept(deleted_round);
    assert_eq!(round.round.number, 3);
    assert_eq!(round.pairings.len(), 1);

    // A round with a game is kept.
    let pairing = admin.create_pairing(id, 2, 1, &black, &white).await;
    let record = "(;GM[1]FF[4]SZ[19]KM[7.5]RE[B+R];B[pd];W[dp])";
    let imported = organizer
        .send(
            Method::POST,
            &format!("/tournaments/{id}/games/import"),
            Some(&json!({"pairing_id": pairing.id, "sgf": record})),
        )
        .await;
    assert_eq!(imported.status(), 201, "{}", imported.text().await.unwrap());
    problem(organizer.delete(&round_2).await, 409, "round.has_games").await;
}

#[tokio::test]
async fn a_tournament_with_recorded_games_is_deleted_only_by_an_admin_who_confirms() {
    let service = TestService::start().await;
    let admin = service.api();

    // Without games: its organizer deletes it.
    let empty = admin
        .create_tournament(json!({"number_of_rounds": 2}))
        .await
        .id;
    let organizer_token = service.token(Role::Organizer, Some(empty), None).await;
    service
        .create_player(&empty.to_string(), "Seul", "1d")
        .await;
    let response = service
        .api()
        .with_token(&organizer_token)
        .delete(&format!("/tournaments/{empty}"))
        .await;
    assert_eq!(response.status(), 204);
    let gone = service
        .api()
        .anonymous()
        .send(Method::GET, &format!("/tournaments/{empty}"), None)
        .await;
    problem(gone, 404, "not_found.tournament").await;

    // With a result entered by hand: an admin, with the confirmation.
    let id = admin
        .create_tournament(json!({"number_of_rounds": 1}))
        .await
        .id;
    let organizer_token = service.token(Role::Organizer, Some(id), None).await;
    let organizer = service.api().with_token(&organizer_token);
    let black = service.create_player(&id.to_string(), "Noir", "3k").await;
    let white = service.create_player(&id.to_string(), "Blanc", "3k").await;
    let pairing = admin.create_pairing(id, 1, 1, &black, &white).await;
    admin.start_round(id, 1).await;
    admin.record_result(id, 1, pairing.id, "W+R").await;
    let path = format!("/tournaments/{id}");
    problem(organizer.delete(&path).await, 403, "auth.forbidden").await;
    let refused = problem(admin.delete(&path).await, 409, "tournament.has_games").await;
    assert!(
        refused.detail.contains("delete_recorded_games=true"),
        "{refused:?}"
    );
    service.api().anonymous().tournament(id).await;
    let response = admin
        .delete(&format!(
            "{path}?delete_recorded_games=true&reason=test%20import"
        ))
        .await;
    assert_eq!(response.status(), 204);
    let gone = service
        .api()
        .anonymous()
        .send(Method::GET, &path, None)
        .await;
    problem(gone, 404, "not_found.tournament").await;
    let kept_deletions = service.api().anonymous().deletions(id).await.items;
    assert_eq!(kept_deletions.len(), 1);
    let deleted = &kept_deletions[0];
    assert_eq!(deleted.subject, "tournament");
    assert_eq!(deleted.reason, "test import");
    let snapshot: KeptTournament = kept(deleted);
    assert_eq!(snapshot.recorded_games, 1);
    assert_eq!(snapshot.tournament.name, "Tournoi de Paris");
}
