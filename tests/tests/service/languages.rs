//! The pages' language (issue 41): the reader's choice (a cookie), else the browser's
//! `Accept-Language`, else English for a page without a tournament.

use arbitre_tests::TestService;
use reqwest::header::{ACCEPT_LANGUAGE, COOKIE, LOCATION, ORIGIN, REFERER, SET_COOKIE};
use reqwest::StatusCode;

async fn page(
    service: &TestService,
    path: &str,
    headers: &[(reqwest::header::HeaderName, &str)],
) -> (StatusCode, String) {
    let mut request = service.get(path);
    for (name, value) in headers {
        request = request.header(name, *value);
    }
    let response = request.send().await.unwrap();
    (response.status(), response.text().await.unwrap())
}

#[tokio::test]
async fn a_page_follows_the_browsers_languages_then_english() {
    let service = TestService::start().await;
    let (_, french) = page(
        &service,
        "/",
        &[(ACCEPT_LANGUAGE, "fr-FR,fr;q=0.9,en;q=0.8")],
    )
    .await;
    assert!(french.contains("<html lang=\"fr\">"), "{french}");
    assert!(french.contains("<h1>Tournois</h1>"), "{french}");
    let (_, german) = page(&service, "/", &[(ACCEPT_LANGUAGE, "ko, de;q=0.5")]).await;
    assert!(german.contains("<html lang=\"de\">"), "{german}");
    let (_, nothing_said) = page(&service, "/", &[]).await;
    assert!(
        nothing_said.contains("<html lang=\"en\">"),
        "{nothing_said}"
    );
    assert!(nothing_said.contains("<h1>Tournaments</h1>"));
    let (_, none_spoken) = page(&service, "/", &[(ACCEPT_LANGUAGE, "ko, ja")]).await;
    assert!(none_spoken.contains("<html lang=\"en\">"));
}

#[tokio::test]
async fn the_readers_choice_outweighs_the_browsers_languages() {
    let service = TestService::start().await;
    let (_, italian) = page(
        &service,
        "/",
        &[(ACCEPT_LANGUAGE, "fr"), (COOKIE, "arbitre_language=it")],
    )
    .await;
    assert!(italian.contains("<html lang=\"it\">"), "{italian}");
    assert!(italian.contains("<h1>Tornei</h1>"));
}

#[tokio::test]
async fn the_switch_keeps_the_choice_and_shows_the_same_page_again() {
    let service = TestService::start().await;
    let client = reqwest::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .unwrap();
    let url = format!("{}/language", service.base_url);
    let response = client
        .post(&url)
        .header(ORIGIN, &service.base_url)
        .header(
            REFERER,
            format!("{}/sign-in?next=%2Fdashboard", service.base_url),
        )
        .form(&[("language", "de")])
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::SEE_OTHER);
    assert_eq!(response.headers()[LOCATION], "/sign-in?next=%2Fdashboard");
    let cookie = response.headers()[SET_COOKIE].to_str().unwrap();
    assert!(cookie.starts_with("arbitre_language=de;"), "{cookie}");
    // Another site's page is not shown again, nor may another site switch.
    let elsewhere = client
        .post(&url)
        .header(ORIGIN, &service.base_url)
        .header(REFERER, "http://example.invalid/page")
        .form(&[("language", "fr")])
        .send()
        .await
        .unwrap();
    assert_eq!(elsewhere.headers()[LOCATION], "/");
    let forged = client
        .post(&url)
        .header(ORIGIN, "http://example.invalid")
        .form(&[("language", "fr")])
        .send()
        .await
        .unwrap();
    assert_eq!(forged.status(), StatusCode::FORBIDDEN);
    assert!(forged.headers().get(SET_COOKIE).is_none());
}

#[tokio::test]
async fn an_error_page_is_written_in_the_readers_language() {
    let service = TestService::start().await;
    let path = "/t/00000000-0000-7000-8000-000000000000";
    let (status, french) = page(&service, path, &[(ACCEPT_LANGUAGE, "fr")]).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert!(french.contains("<html lang=\"fr\">"), "{french}");
    assert!(french.contains("<h1>Introuvable</h1>"), "{french}");
    assert!(french.contains("Aucun tournoi"), "{french}");
    let (_, english) = page(&service, path, &[]).await;
    assert!(english.contains("<h1>Not found</h1>"), "{english}");
}

#[tokio::test]
async fn a_kept_public_page_is_kept_once_per_language() {
    let service = TestService::start().await;
    let tournament = service.create_tournament(serde_json::json!({})).await;
    let path = format!("/t/{}", tournament["id"].as_str().unwrap());
    let (_, english) = page(&service, &path, &[]).await;
    assert!(english.contains("Find your board"), "{english}");
    let (_, french) = page(&service, &path, &[(ACCEPT_LANGUAGE, "fr")]).await;
    assert!(french.contains("Trouver sa table"), "{french}");
    let (_, english_again) = page(&service, &path, &[]).await;
    assert_eq!(english_again, english);
}
