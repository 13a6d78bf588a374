//! The rating lists from the pages (`/dashboard/t/{id}/rating-lists`): an admin uploads a
//! list's file with a plain form; the organizers pin the list in use and refresh the
//! registered players from it, through the services the API's routes use.

use crate::rating_lists::egd_list;
use arbitre_api::access::Role;
use arbitre_tests::TestService;
use serde_json::json;
use uuid::Uuid;

const BOUNDARY: &str = "arbitre-test-boundary";

/// A `multipart/form-data` body, as a browser sends the form: the source, then the file.
fn list_form(source: &str, file: &[u8]) -> Vec<u8> {
    let mut body = format!(
        "--{BOUNDARY}\r\nContent-Disposition: form-data; name=\"source\"\r\n\r\n{source}\r\n\
         --{BOUNDARY}\r\nContent-Disposition: form-data; name=\"file\"; filename=\"list.html\"\r\n\
         Content-Type: text/html\r\n\r\n"
    )
    .into_bytes();
    body.extend_from_slice(file);
    body.extend_from_slice(format!("\r\n--{BOUNDARY}--\r\n").as_bytes());
    body
}

fn client() -> reqwest::Client {
    reqwest::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .unwrap()
}

async fn import(
    service: &TestService,
    secret: &str,
    tournament: Uuid,
    form: Vec<u8>,
) -> (u16, String) {
    let response = client()
        .post(format!(
            "{}/dashboard/t/{tournament}/rating-lists/import",
            service.base_url
        ))
        .header("Cookie", service.session_cookie(secret).await)
        .header("Origin", &service.base_url)
        .header(
            "Content-Type",
            format!("multipart/form-data; boundary={BOUNDARY}"),
        )
        .body(form)
        .send()
        .await
        .unwrap();
    (response.status().as_u16(), response.text().await.unwrap())
}

async fn get(service: &TestService, secret: &str, path: &str) -> (u16, String) {
    let response = service
        .get(path)
        .header("Cookie", service.session_cookie(secret).await)
        .send()
        .await
        .unwrap();
    (response.status().as_u16(), response.text().await.unwrap())
}

async fn post(
    service: &TestService,
    secret: &str,
    path: &str,
    form: &[(&str, &str)],
) -> (u16, String) {
    let response = client()
        .post(format!("{}{path}", service.base_url))
        .header("Cookie", service.session_cookie(secret).await)
        .header("Origin", &service.base_url)
        .form(form)
        .send()
        .await
        .unwrap();
    (response.status().as_u16(), response.text().await.unwrap())
}

#[tokio::test]
async fn a_list_is_uploaded_pinned_and_the_players_refreshed_from_the_pages() {
    let service = TestService::start().await;
    let admin = service.admin_token.clone();
    let id = service.api().create_tournament(json!({})).await.id;
    let lists = format!("/dashboard/t/{id}/rating-lists");

    let (status, page) = get(&service, &admin, &lists).await;
    assert_eq!(status, 200);
    assert!(page.contains("No EGD list imported yet."));
    assert!(
        page.contains(r#"id="import-list-button""#),
        "an admin may import"
    );

    let (status, page) = import(&service, &admin, id, list_form("egd", &egd_list())).await;
    assert_eq!(status, 201, "{page}");
    assert!(
        page.contains("Imported the EGD list of 27 December 2025: 4 players."),
        "{page}"
    );
    assert!(page.contains("In use: the list of 27 December 2025, 4 players (the newest)."));
    let (status, page) = import(&service, &admin, id, list_form("egd", &egd_list())).await;
    assert_eq!(status, 201);
    assert!(page.contains("was imported already: nothing changed"));

    // A file that is not a list: the page says why, nothing is stored.
    let (status, page) = import(&service, &admin, id, list_form("ffg", b"\x00\x01binary")).await;
    assert_eq!(status, 422);
    assert!(page.contains("Not done:"), "{page}");
    assert!(page.contains("No FFG list imported yet."));
    let (status, page) = import(&service, &admin, id, list_form("xyz", &egd_list())).await;
    assert_eq!(status, 422);
    assert!(
        page.contains("source: choose the EGD, the FFG or the AGA"),
        "{page}"
    );

    // A newer list is used at once, unless the older one is pinned.
    let newer = String::from_utf8(egd_list())
        .unwrap()
        .replace("(27 Dec 2025)", "(03 Jan 2026)")
        .replace("1850", "1910");
    let (status, _) = import(&service, &admin, id, list_form("egd", newer.as_bytes())).await;
    assert_eq!(status, 201);
    let (_, page) = get(&service, &admin, &lists).await;
    assert!(page.contains("In use: the list of 3 January 2026, 4 players (the newest)."));
    let older = service
        .api()
        .anonymous()
        .rating_lists()
        .await
        .into_iter()
        .find(|snapshot| snapshot.list_date.to_string() == "2025-12-27")
        .unwrap()
        .id
        .to_string();
    let pin = format!("{lists}/pin");
    let (status, _) = post(
        &service,
        &admin,
        &pin,
        &[("source", "egd"), ("rating_list_id", &older)],
    )
    .await;
    assert_eq!(status, 303);
    let (_, page) = get(&service, &admin, &lists).await;
    assert!(
        page.contains("In use: the list of 27 December 2025, 4 players, pinned."),
        "{page}"
    );

    // Refresh: a player typed by hand gets the pinned list's rating.
    let player = service.create_player(&id.to_string(), "Muller", "5k").await;
    let player_body =
        json!({"surname": "Muller", "first_name": "Jurgen", "rank": "5k", "egd_pin": "12345678"});
    let replaced = service
        .request(
            reqwest::Method::PUT,
            &format!("/tournaments/{id}/players/{player}"),
            Some(&admin),
        )
        .json(&player_body)
        .send()
        .await
        .unwrap();
    assert_eq!(replaced.status(), 200, "{}", replaced.text().await.unwrap());
    let (status, report) = get(&service, &admin, &format!("{lists}/refresh?source=egd")).await;
    assert_eq!(status, 200);
    assert!(report.contains("Muller Jurgen"), "{report}");
    assert!(report.contains("rating: none → 1850"), "{report}");
    let (status, done) = post(
        &service,
        &admin,
        &format!("{lists}/refresh"),
        &[("source", "egd")],
    )
    .await;
    assert_eq!(status, 200);
    assert!(done.contains("Applied "), "{done}");
    let read = service.api().anonymous().player(id, &player).await;
    assert_eq!(read.rating, Some(1850));

    // Unpinned: the newest again.
    let (status, _) = post(
        &service,
        &admin,
        &pin,
        &[("source", "egd"), ("rating_list_id", "")],
    )
    .await;
    assert_eq!(status, 303);
    let (_, page) = get(&service, &admin, &lists).await;
    assert!(page.contains("In use: the list of 3 January 2026, 4 players (the newest)."));
}

#[tokio::test]
async fn an_organizer_pins_and_refreshes_but_imports_no_list() {
    let service = TestService::start().await;
    let id = service.api().create_tournament(json!({})).await.id;
    let issued = service
        .api()
        .issue_token(id, Role::Organizer, "Jeanne")
        .await;
    let jeanne = issued.secret.as_str();
    let (status, page) = get(&service, jeanne, &format!("/dashboard/t/{id}/rating-lists")).await;
    assert_eq!(status, 200);
    assert!(!page.contains(r#"id="import-list-button""#));
    assert!(page.contains("imported by an admin"));
    let (status, _) = import(&service, jeanne, id, list_form("egd", &egd_list())).await;
    assert_eq!(status, 403);
}
