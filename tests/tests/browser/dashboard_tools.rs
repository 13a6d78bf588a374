//! The organizer's tools beyond the round: the standings after any round with their
//! exports, and signing in on the way to a dashboard page.

use super::dashboard::{pictured, sign_in};
use super::hall;
use arbitre_tests::browser::{Browser, LAPTOP};
use arbitre_tests::TestService;
use fantoccini::Locator;
use serde_json::json;

#[tokio::test]
async fn the_standings_after_a_round_and_every_export_are_on_the_dashboard() {
    let service = TestService::start().await;
    let hall = hall(&service).await;
    let browser = Browser::open(&service.base_url, LAPTOP).await;
    sign_in(&browser, &hall.organizer).await;
    browser
        .visit(&format!("/dashboard/t/{}", hall.tournament_id))
        .await;
    browser.click("#standings-link").await;
    browser
        .wait_until("document.querySelector('table.standings') !== null", 10)
        .await;
    assert_eq!(browser.text("#standings").await, "Standings after round 1");
    let rows = browser
        .client
        .find_all(Locator::Css(".standings tbody tr"))
        .await
        .unwrap();
    assert_eq!(rows.len(), 6);
    // The tournament's own criteria are the columns, as on the public page.
    let header = browser.text(".standings thead").await;
    assert!(header.starts_with("Place Player Club MMS"), "{header}");
    let links = browser
        .client
        .find_all(Locator::Css(".exports a[download]"))
        .await
        .unwrap();
    let mut formats = Vec::new();
    for link in &links {
        formats.push(link.attr("data-format").await.unwrap().unwrap());
    }
    assert_eq!(formats, ["egd", "ffg", "aga", "csv", "opengotha"]);
    // The links are the API's exports after the round shown: the spreadsheet downloads.
    let answer = browser
        .client
        .execute_async(
            "const done = arguments[0];
             const link = document.querySelector(\".exports a[data-format='csv']\");
             fetch(link.href).then(async r => done([r.status,
                 r.headers.get('content-disposition'), (await r.text()).length]));",
            vec![],
        )
        .await
        .unwrap();
    assert_eq!(answer[0], json!(200), "{answer}");
    assert!(
        answer[1].as_str().unwrap().starts_with("attachment"),
        "{answer}"
    );
    assert!(answer[2].as_u64().unwrap() > 0, "{answer}");
    let href = links[3].attr("href").await.unwrap().unwrap();
    assert!(href.ends_with("/exports/csv?after_round=1"), "{href}");
    pictured(&browser, "dashboard-standings").await;
}

/// A client that shows redirects instead of following them.
fn not_following() -> reqwest::Client {
    reqwest::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .unwrap()
}

#[tokio::test]
async fn a_dashboard_page_sends_a_visitor_to_sign_in_and_back_and_the_api_still_answers_401() {
    let service = TestService::start().await;
    let hall = hall(&service).await;
    let page = format!("/dashboard/t/{}/standings?round=1", hall.tournament_id);
    let visit = not_following()
        .get(format!("{}{page}", service.base_url))
        .send()
        .await
        .unwrap();
    assert_eq!(visit.status(), 303);
    let location = visit.headers()["location"].to_str().unwrap().to_string();
    assert!(
        location.starts_with("/sign-in?next=%2Fdashboard%2Ft%2F"),
        "{location}"
    );
    // The JSON API keeps its problem+json 401.
    let api = not_following()
        .post(format!("{}/tournaments", service.base_url))
        .json(&json!({"name": "Open"}))
        .send()
        .await
        .unwrap();
    assert_eq!(api.status(), 401);
    assert_eq!(api.headers()["content-type"], "application/problem+json");
    // In the browser: the page, the sign-in form, and back to the page.
    let browser = Browser::open(&service.base_url, LAPTOP).await;
    browser.visit(&page).await;
    browser
        .wait_until("document.location.pathname === '/sign-in'", 10)
        .await;
    browser.check("sign in on the way").await;
    browser.fill("token", &hall.organizer).await;
    browser.click("main form button").await;
    browser
        .wait_until(
            "document.location.pathname.endsWith('/standings') \
             && document.location.search === '?round=1'",
            10,
        )
        .await;
    assert_eq!(browser.text("#standings").await, "Standings after round 1");
    // A way back that leaves the dashboard leads to the dashboard instead.
    let elsewhere = not_following()
        .post(format!("{}/sign-in", service.base_url))
        .header("Origin", &service.base_url)
        .form(&[
            ("token", hall.organizer.as_str()),
            ("next", "//evil.example/dashboard"),
        ])
        .send()
        .await
        .unwrap();
    assert_eq!(elsewhere.status(), 303);
    assert_eq!(elsewhere.headers()["location"], "/dashboard");
}
