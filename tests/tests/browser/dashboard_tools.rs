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
