//! The tournaments' revisions pushed by PostgreSQL's notices: every change of a revision is
//! announced at its commit, and each instance's listener updates that one tournament's
//! revision, which its anonymous readers are answered (`ETag`, 304) without asking the
//! store. Two instances on one database, as behind a load balancer.

use crate::games::{play, setup, start_game};
use arbitre_tests::TestService;
use serde_json::json;
use std::time::{Duration, Instant};

/// `path` read by `reader` with `If-None-Match: tag`: its status and `ETag`.
async fn revalidate(
    service: &TestService,
    path: &str,
    tag: &str,
    token: Option<&str>,
) -> (u16, String) {
    let response = service
        .request(reqwest::Method::GET, path, token)
        .header("If-None-Match", tag)
        .send()
        .await
        .unwrap();
    let etag = response.headers()["etag"].to_str().unwrap().to_string();
    (response.status().as_u16(), etag)
}

/// The status and `ETag` once `path` no longer answers 304 to `tag`, polled until a
/// deadline (a notice takes a moment to arrive).
async fn changed(service: &TestService, path: &str, tag: &str) -> (u16, String) {
    let deadline = Instant::now() + Duration::from_secs(10);
    loop {
        let (status, etag) = revalidate(service, path, tag, None).await;
        if status != 304 || Instant::now() > deadline {
            return (status, etag);
        }
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
}

/// Polls `path` as an anonymous reader until it is answered with `tag`, or fails at a
/// deadline.
async fn seen(service: &TestService, path: &str, tag: &str) {
    let deadline = Instant::now() + Duration::from_secs(10);
    loop {
        let response = service.get(path).send().await.unwrap();
        if response.headers()["etag"] == tag {
            return;
        }
        assert!(Instant::now() < deadline, "{path} never answered {tag}");
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
}

/// The `ETag` of `path` read by `token`.
async fn tag_of(service: &TestService, path: &str, token: Option<&str>) -> String {
    let response = service
        .request(reqwest::Method::GET, path, token)
        .send()
        .await
        .unwrap();
    response.headers()["etag"].to_str().unwrap().to_string()
}

/// Polls `/metrics` until `name` is `value`, or fails at a deadline.
async fn wait_for_metric(service: &TestService, name: &str, value: u64) {
    let deadline = Instant::now() + Duration::from_secs(10);
    while service.metric(name).await != value {
        assert!(Instant::now() < deadline, "{name} never reached {value}");
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
}

#[tokio::test]
async fn a_write_through_one_instance_reaches_the_anonymous_readers_of_another() {
    let first = TestService::start().await;
    let setup = setup(&first, json!({}), 2).await;
    let tournament = &setup.tournament_id;
    let second = first.beside().await;
    wait_for_metric(&second, "arbitre_revisions_listening", 1).await;
    let path = format!("/tournaments/{tournament}/standings");
    let tag = {
        let response = second.get(&path).send().await.unwrap();
        assert_eq!(response.status(), 200);
        response.headers()["etag"].to_str().unwrap().to_string()
    };
    // The second instance knows the revision now: its anonymous readers are answered
    // from memory, and only a notice can change what they are answered.
    assert_eq!(second.metric("arbitre_revisions_known").await, 1);
    assert_eq!(revalidate(&second, &path, &tag, None).await.0, 304);
    first.create_player(tournament, "Nouveau", "5k").await;
    let (status, new_tag) = changed(&second, &path, &tag).await;
    assert_eq!(status, 200, "the second instance never heard of the write");
    assert_ne!(new_tag, tag);
    assert_eq!(revalidate(&second, &path, &new_tag, None).await.0, 304);
    assert_eq!(second.metric("arbitre_revisions_known").await, 1);
}

#[tokio::test]
async fn a_turn_leaves_the_revision_and_a_result_by_hand_or_by_resignation_changes_it() {
    let service = TestService::start().await;
    let setup = setup(&service, json!({}), 2).await;
    let tournament = &setup.tournament_id;
    let other = service.beside().await;
    wait_for_metric(&other, "arbitre_revisions_listening", 1).await;
    let path = format!("/tournaments/{tournament}/standings");
    let staff = Some(setup.referee.as_str());
    let referee = service.api().with_token(&setup.referee);
    referee.start_round(tournament, 1).await;
    // A game started, as the store has it (a staff read asks the store), and as the
    // other instance's anonymous readers are answered it.
    let game = start_game(&service, &setup, 0, json!({})).await;
    let tag = tag_of(&service, &path, staff).await;
    seen(&other, &path, &tag).await;
    // A move: the same revision.
    play(&service, &setup.tables[0], &game, 1, "ee").await;
    assert_eq!(revalidate(&service, &path, &tag, staff).await.0, 304);
    assert_eq!(revalidate(&other, &path, &tag, None).await.0, 304);
    // A result by hand on the other pairing: a new revision, on both instances.
    referee
        .record_result(tournament, 1, &setup.pairings[1], "B+R")
        .await;
    let (status, by_hand) = revalidate(&service, &path, &tag, staff).await;
    assert_eq!(status, 200);
    let (status, seen) = changed(&other, &path, &tag).await;
    assert_eq!((status, &seen), (200, &by_hand));
    // A resignation ends the game: a new revision again.
    service
        .api()
        .with_token(&setup.tables[0])
        .resign(&game, 2)
        .await;
    let (status, resigned) = revalidate(&service, &path, &by_hand, staff).await;
    assert_eq!(status, 200);
    let (status, seen) = changed(&other, &path, &by_hand).await;
    assert_eq!((status, &seen), (200, &resigned));
}
