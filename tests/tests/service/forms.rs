//! The pages' forms as a browser sends them (the session's cookie, the server's own
//! `Origin`), for the tests of what the dashboard does.

use arbitre_api::access::Role;
use arbitre_tests::TestService;
use serde_json::json;

pub fn no_redirects() -> reqwest::Client {
    reqwest::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .unwrap()
}

/// An organizer of a new tournament, labelled `Jeanne`: the tournament's id and the
/// organizer's secret.
pub async fn organizer(service: &TestService) -> (String, String) {
    let api = service.api();
    let id = api.create_tournament(json!({})).await.id;
    let issued = api.issue_token(id, Role::Organizer, "Jeanne").await;
    (id.to_string(), issued.secret)
}

pub async fn page(service: &TestService, secret: &str, path: &str) -> (u16, String) {
    let response = service
        .get(path)
        .header("Cookie", service.session_cookie(secret).await)
        .send()
        .await
        .unwrap();
    (response.status().as_u16(), response.text().await.unwrap())
}

pub async fn post_form(
    service: &TestService,
    secret: &str,
    path: &str,
    form: &[(&str, &str)],
) -> reqwest::Response {
    no_redirects()
        .post(format!("{}{path}", service.base_url))
        .header("Cookie", service.session_cookie(secret).await)
        .header("Origin", &service.base_url)
        .form(form)
        .send()
        .await
        .unwrap()
}
