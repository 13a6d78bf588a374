//! Signing in from a page, and the guards of every page: the session cookie out of the
//! scripts' reach, forms refused from other sites, a strict Content-Security-Policy.

use super::hall;
use arbitre_tests::browser::{Browser, LAPTOP};
use arbitre_tests::TestService;
use fantoccini::Locator;
use serde_json::json;

#[tokio::test]
async fn an_organizer_signs_in_with_a_token_and_the_cookie_stays_out_of_scripts() {
    let service = TestService::start().await;
    let hall = hall(&service).await;
    let browser = Browser::open(&service.base_url, LAPTOP).await;
    browser.visit("/sign-in").await;
    browser.check("sign-in").await;
    browser.screenshot("sign-in-laptop").await;
    browser
        .client
        .find(Locator::Id("token"))
        .await
        .unwrap()
        .send_keys(&hall.organizer)
        .await
        .unwrap();
    browser
        .client
        .find(Locator::Css("main form button"))
        .await
        .unwrap()
        .click()
        .await
        .unwrap();
    browser
        .wait_until("document.querySelector('.who') !== null", 10)
        .await;
    assert_eq!(browser.text(".who").await, "Signed in as test (organizer)");
    let cookies = browser
        .client
        .execute("return document.cookie;", vec![])
        .await
        .unwrap();
    assert_eq!(cookies, json!(""), "the session cookie is HttpOnly");
    browser.check("home, signed in").await;
    // Signing out removes it.
    browser
        .client
        .find(Locator::Css("header form button"))
        .await
        .unwrap()
        .click()
        .await
        .unwrap();
    browser
        .wait_until("document.querySelector('.who') === null", 10)
        .await;
}

#[tokio::test]
async fn a_form_from_another_site_is_refused_and_every_page_has_a_strict_policy() {
    let service = TestService::start().await;
    let hall = hall(&service).await;
    for origin in [None, Some("http://evil.example")] {
        let mut request = service
            .post("/sign-in", None)
            .form(&[("token", &hall.organizer)]);
        if let Some(origin) = origin {
            request = request.header("Origin", origin);
        }
        let response = request.send().await.unwrap();
        assert_eq!(response.status(), 403, "Origin {origin:?}");
        assert!(response.headers().get("set-cookie").is_none());
    }
    let from_here = service
        .post("/sign-in", None)
        .header("Origin", &service.base_url)
        .form(&[("token", "arb_not-a-token")])
        .send()
        .await
        .unwrap();
    assert_eq!(from_here.status(), 401);
    assert!(from_here
        .text()
        .await
        .unwrap()
        .contains("This token is not valid"));
    let id = &hall.tournament_id;
    for path in [
        "/".to_string(),
        "/sign-in".to_string(),
        format!("/t/{id}"),
        format!("/t/{id}/standings"),
        "/t/00000000-0000-0000-0000-000000000000".to_string(),
    ] {
        let response = service.get(&path).send().await.unwrap();
        let policy = response
            .headers()
            .get("content-security-policy")
            .unwrap_or_else(|| panic!("{path}: no Content-Security-Policy"))
            .to_str()
            .unwrap()
            .to_string();
        assert!(policy.starts_with("default-src 'self'"), "{path}: {policy}");
        assert!(!policy.contains("unsafe"), "{path}: {policy}");
        assert_eq!(response.headers()["x-frame-options"], "DENY", "{path}");
        let type_ = response.headers()["content-type"]
            .to_str()
            .unwrap()
            .to_string();
        assert!(type_.starts_with("text/html"), "{path}: {type_}");
    }
}

/// The API's docs (Swagger UI, `/docs/`) still work under their Content-Security-Policy:
/// the operations of the document are drawn, and the console has no refusal of the
/// policy (a script or style it blocked).
#[tokio::test]
async fn swagger_ui_draws_the_api_under_its_content_security_policy() {
    let service = TestService::start().await;
    let browser = Browser::open(&service.base_url, LAPTOP).await;
    browser.visit("/docs/").await;
    browser
        .wait_until("document.querySelectorAll('.opblock').length > 10", 20)
        .await;
    let refusals: Vec<_> = browser
        .console()
        .await
        .into_iter()
        .filter(|(_, message)| message.contains("Content Security Policy"))
        .collect();
    assert!(refusals.is_empty(), "{refusals:?}");
}
