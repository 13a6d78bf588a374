//! The whole of a player's record (issue 40): licence, PIN, AGA id, rating, McMahon
//! correction, preliminary or final, paid, comment, kept by the API and changed from the
//! player's page, each field checked by the core's checks whichever way it comes in, each
//! change in the staff's audit.

use super::forms::{organizer, page, post_form};
use super::send;
use arbitre_api::routes::drafts::Draft;
use arbitre_api::services::players::Player;
use arbitre_tests::api::{fields, problem, read};
use arbitre_tests::TestService;
use reqwest::Method;
use serde_json::json;
use uuid::Uuid;

/// The fields of the record beyond the name, rank, club and country.
const RECORD: [&str; 8] = [
    "rating",
    "ffg_licence",
    "egd_pin",
    "aga_id",
    "mcmahon_correction",
    "preliminary",
    "paid",
    "comment",
];

#[tokio::test]
async fn the_whole_record_is_kept_and_checked_by_the_api() {
    let service = TestService::start().await;
    let (tournament, jeanne) = organizer(&service).await;
    let players = format!("/tournaments/{tournament}/players");
    let record = json!({
        "surname": "Dupont", "first_name": "Marie", "rank": "2k", "rating": 1850,
        "ffg_licence": "1500104", "egd_pin": "12345678", "aga_id": "20345",
        "mcmahon_correction": 2, "preliminary": true, "paid": true, "comment": "paid at the door"
    });
    let player: Player = read(
        send(&service, Method::POST, &players, &jeanne, Some(&record)).await,
        201,
    )
    .await;
    assert_eq!(player.rating, Some(1850));
    assert_eq!(player.ffg_licence.as_deref(), Some("1500104"));
    assert_eq!(player.egd_pin.as_deref(), Some("12345678"));
    assert_eq!(player.aga_id.as_deref(), Some("20345"));
    assert_eq!(player.mcmahon_correction, 2);
    assert!(player.preliminary);
    assert!(player.paid);
    assert_eq!(player.comment.as_deref(), Some("paid at the door"));
    // A client that does not know the new fields registers a final, unpaid player with
    // no correction.
    let plain: Player = read(
        send(
            &service,
            Method::POST,
            &players,
            &jeanne,
            Some(&json!({"surname": "Martin", "first_name": "Léa", "rank": "5k"})),
        )
        .await,
        201,
    )
    .await;
    assert_eq!(plain.mcmahon_correction, 0);
    assert!(!plain.preliminary);
    assert!(!plain.paid);
    assert_eq!(plain.comment, None);

    let wrong = json!({
        "surname": "Dupont", "first_name": "Marie", "rank": "2k", "rating": 4000,
        "aga_id": "20a45", "mcmahon_correction": 51, "comment": "a\u{1b}[31m"
    });
    let refused = problem(
        send(&service, Method::POST, &players, &jeanne, Some(&wrong)).await,
        422,
        "validation.failed",
    )
    .await;
    assert_eq!(
        fields(&refused),
        ["rating", "aga_id", "mcmahon_correction", "comment"]
    );
    assert_eq!(
        refused.errors[2].message, "must be between -1 and 2",
        "{refused:?}"
    );
}

#[tokio::test]
async fn the_record_is_changed_from_the_player_s_page_and_the_audit_says_what_changed() {
    let service = TestService::start().await;
    let (tournament, jeanne) = organizer(&service).await;
    let player = service.create_player(&tournament, "Muller", "5k").await;
    let path = format!("/dashboard/t/{tournament}/players/{player}");
    let (status, shown) = page(&service, &jeanne, &path).await;
    assert_eq!(status, 200);
    for field in RECORD {
        assert!(shown.contains(&format!("name=\"{field}\"")), "{field}");
    }

    let form = [
        ("surname", "Muller"),
        ("first_name", "Test"),
        ("rank", "4k"),
        ("club", "Lyon"),
        ("country", "fr"),
        ("rating", "1720"),
        ("ffg_licence", "1500104"),
        ("egd_pin", "12345678"),
        ("aga_id", ""),
        ("mcmahon_correction", "-1"),
        ("paid", "on"),
        ("comment", "arrives Saturday"),
    ];
    let saved = post_form(&service, &jeanne, &path, &form).await;
    assert_eq!(saved.status(), 303, "{}", saved.text().await.unwrap());
    let stored = service.api().anonymous().player(&tournament, &player).await;
    assert_eq!(stored.rank, "4k");
    assert_eq!(stored.rating, Some(1720));
    assert_eq!(stored.ffg_licence.as_deref(), Some("1500104"));
    assert_eq!(stored.egd_pin.as_deref(), Some("12345678"));
    assert_eq!(stored.aga_id, None);
    assert_eq!(stored.mcmahon_correction, -1);
    assert!(!stored.preliminary);
    assert!(stored.paid);
    assert_eq!(stored.comment.as_deref(), Some("arrives Saturday"));
    let (_, staff) = page(
        &service,
        &jeanne,
        &format!("/dashboard/t/{tournament}/staff"),
    )
    .await;
    for change in [
        "rank 5k → 4k",
        "FFG licence — → 1500104",
        "McMahon correction 0 → -1",
        "paid no → yes",
    ] {
        assert!(staff.contains(change), "{change} in {staff}");
    }
    assert!(staff.contains("<td>Jeanne (organizer)</td>"), "{staff}");

    // The core's checks, on the page as in the API: the form comes back as typed, each
    // field at fault named by its label, and nothing is changed.
    let mut wrong = form.to_vec();
    wrong.retain(|(field, _)| !["ffg_licence", "mcmahon_correction"].contains(field));
    wrong.push(("ffg_licence", "-------"));
    wrong.push(("mcmahon_correction", "3"));
    let refused = post_form(&service, &jeanne, &path, &wrong).await;
    assert_eq!(refused.status(), 422);
    let refused = refused.text().await.unwrap();
    assert!(
        refused.contains("FFG licence: must be an FFG licence: 7 digits or capital letters"),
        "{refused}"
    );
    assert!(refused.contains(
        "McMahon correction (points added to the start score): must be between -1 and 2"
    ));
    assert!(refused.contains(r#"value="-------""#), "typed value kept");
    let not_a_number = post_form(
        &service,
        &jeanne,
        &path,
        &[("surname", "Muller"), ("rank", "4k"), ("rating", "strong")],
    )
    .await;
    assert_eq!(not_a_number.status(), 422);
    assert!(not_a_number
        .text()
        .await
        .unwrap()
        .contains("Rating (EGD scale: 2100 is 1d): must be a whole number"));
    let unchanged = service.api().anonymous().player(&tournament, &player).await;
    assert_eq!(unchanged.ffg_licence.as_deref(), Some("1500104"));
}

#[tokio::test]
async fn a_preliminary_player_is_not_paired_until_confirmed() {
    let service = TestService::start().await;
    let (tournament, jeanne) = organizer(&service).await;
    for (surname, rank) in [
        ("Arnaud", "1d"),
        ("Blanc", "1k"),
        ("Colin", "2k"),
        ("Dumas", "3k"),
    ] {
        service.create_player(&tournament, surname, rank).await;
    }
    let late: Player = read(
        send(
            &service,
            Method::POST,
            &format!("/tournaments/{tournament}/players"),
            &jeanne,
            Some(&json!({"surname": "Tardif", "first_name": "Paul", "rank": "4k", "preliminary": true})),
        )
        .await,
        201,
    )
    .await;
    service.create_round(&tournament, 1).await;
    let draft: Draft = service
        .api()
        .with_token(&jeanne)
        .post(
            &format!("/tournaments/{tournament}/rounds/1/pairings/draft"),
            &json!({}),
            200,
        )
        .await;
    let drafted: Vec<Uuid> = draft
        .tables
        .iter()
        .flat_map(|table| [table.white_id, table.black_id])
        .chain(draft.bye)
        .collect();
    assert!(
        !drafted.contains(&late.id),
        "a preliminary player is left out of the draft: {draft:#?}"
    );
    assert_eq!(draft.tables.len(), 2, "{draft:#?}");
    assert_eq!(draft.bye, None, "{draft:#?}");
}
