//! One set of field checks on every way a player comes in (issue 42): the API, the
//! organizer's pages, a rating list's entry and an OpenGotha file are each fed the same
//! hostile values (a name of 10,000 characters or more, control characters, a McMahon
//! correction of 2³¹−1, a rank `99Q`), and each refuses them, naming the field where it
//! names one, and stores nothing.

use crate::opengotha_import::{tournament_count, FILE};
use crate::player_copies::players;
use crate::rating_lists::upload;
use arbitre_api::access::Role;
use arbitre_api::routes::rating_lists::ImportedList;
use arbitre_tests::api::{fields, problem, read};
use arbitre_tests::TestService;
use proptest::prelude::*;
use proptest::test_runner::{Config, TestRunner};
use reqwest::Method;
use serde_json::json;
use std::sync::atomic::{AtomicU32, Ordering};

/// A name no path may store: too long, or holding a control character (not a tab or a
/// line break, which end a rating list's field or line before any check sees them).
fn hostile_name() -> impl Strategy<Value = String> {
    let control = prop::sample::select(vec!['\0', '\u{7}', '\u{1b}', '\u{7f}', '\u{85}', '\u{9b}']);
    prop_oneof![
        (10_000usize..=12_000).prop_map(|length| "x".repeat(length)),
        (101usize..=400).prop_map(|length| "é".repeat(length)),
        ("[a-zA-Z]{1,8}", control, "[a-zA-Z]{1,8}")
            .prop_map(|(before, control, after)| format!("{before}{control}{after}")),
    ]
}

/// A tournament's registered players.
async fn player_count(service: &TestService, tournament: &str) -> usize {
    players(service, tournament).await.len()
}

/// The four ways in, each fed `first_name`: each refuses it (422) and stores nothing.
async fn every_path_refuses(service: &TestService, tournament: &str, first_name: &str, id: u32) {
    let organizer = service
        .token(Role::Organizer, Some(tournament.parse().unwrap()), None)
        .await;
    let before = player_count(service, tournament).await;

    // The API.
    let refused = problem(
        service
            .post(
                &format!("/tournaments/{tournament}/players"),
                Some(&organizer),
            )
            .json(&json!({"surname": "Dupont", "first_name": first_name, "rank": "3k"}))
            .send()
            .await
            .unwrap(),
        422,
        "validation.failed",
    )
    .await;
    assert_eq!(fields(&refused), ["first_name"], "the API");

    // The organizer's page.
    let cookie = service.session_cookie(&organizer).await;
    let page = service
        .request(
            Method::POST,
            &format!("/dashboard/t/{tournament}/players"),
            None,
        )
        .header("Cookie", cookie)
        .header("Origin", &service.base_url)
        .form(&[
            ("surname", "Dupont"),
            ("first_name", first_name),
            ("rank", "3k"),
        ])
        .send()
        .await
        .unwrap();
    assert_eq!(page.status(), 422, "the organizer's page");

    // A rating list's entry: the list reads it, the registration refuses it.
    let line =
        format!("Dupont, {first_name}\t{id}\tFull\t-3.5\t7/2/2030\tLIGC\tNY\t1.0\t8/1/2025\r\n");
    let uploaded = upload(service, "aga", line.into_bytes()).await;
    if uploaded.status() == 422 {
        // A NUL byte: the list itself is refused as binary, before any entry is read.
        problem(uploaded, 422, "rating_list.binary").await;
    } else {
        let imported: ImportedList = read(uploaded, 201).await;
        let registered = service
            .post(
                &format!("/tournaments/{tournament}/players/from-rating-list"),
                Some(&organizer),
            )
            .json(&json!({"rating_list_id": imported.rating_list.id, "line": 1}))
            .send()
            .await
            .unwrap();
        let refused = problem(registered, 422, "validation.failed").await;
        assert_eq!(fields(&refused), ["first_name"], "a rating list");
    }
    assert_eq!(player_count(service, tournament).await, before);

    // An OpenGotha file.
    let escaped = first_name.replace('&', "&amp;");
    let file = FILE.replace("firstName=\"Claire\"", &format!("firstName=\"{escaped}\""));
    let tournaments = tournament_count(service).await;
    let response = service
        .post("/tournaments/import", Some(&service.admin_token))
        .header("content-type", "application/xml")
        .body(file)
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 422, "an OpenGotha file");
    assert_eq!(tournament_count(service).await, tournaments);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_path_refuses_the_same_hostile_names() {
    let service = TestService::start().await;
    let tournament = service
        .api()
        .create_tournament(json!({}))
        .await
        .id
        .to_string();
    let runtime = tokio::runtime::Handle::current();
    let ids = AtomicU32::new(90_000);
    let mut runner = TestRunner::new(Config {
        cases: 24,
        ..Config::default()
    });
    tokio::task::block_in_place(|| {
        runner
            .run(&hostile_name(), |name| {
                let id = ids.fetch_add(1, Ordering::Relaxed);
                runtime.block_on(every_path_refuses(&service, &tournament, &name, id));
                Ok(())
            })
            .unwrap();
    });
}

/// A McMahon correction of 2³¹−1 and a rank `99Q` are refused by the OpenGotha import as
/// by the API (whose player has no correction: the core's bound is the one the import
/// checks).
#[tokio::test]
async fn a_huge_mcmahon_correction_and_an_unknown_rank_letter_are_refused() {
    let service = TestService::start().await;
    let tournaments = tournament_count(&service).await;
    for (from, to, code) in [
        (
            "smmsCorrection=\"1\"",
            "smmsCorrection=\"2147483647\"",
            "opengotha.invalid_text",
        ),
        ("rank=\"2D\"", "rank=\"99Q\"", "opengotha.invalid_attribute"),
    ] {
        assert!(FILE.contains(from), "{from}");
        let response = service
            .post("/tournaments/import", Some(&service.admin_token))
            .header("content-type", "application/xml")
            .body(FILE.replacen(from, to, 1))
            .send()
            .await
            .unwrap();
        let refused = problem(response, 422, code).await;
        let detail = &refused.detail;
        let attribute = to.split('=').next().unwrap();
        assert!(detail.contains(attribute), "{detail}");
    }
    assert_eq!(tournament_count(&service).await, tournaments);
    let tournament = service.api().create_tournament(json!({})).await.id;
    let refused = problem(
        service
            .post(
                &format!("/tournaments/{tournament}/players"),
                Some(&service.admin_token),
            )
            .json(&json!({"surname": "Dupont", "first_name": "Jean", "rank": "99Q"}))
            .send()
            .await
            .unwrap(),
        422,
        "validation.failed",
    )
    .await;
    assert_eq!(fields(&refused), ["rank"]);
}
