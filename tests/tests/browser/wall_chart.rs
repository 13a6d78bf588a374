//! The wall chart of a real tournament (Tournoi de Juvisy 2019, 19 players, 4 rounds: the
//! OpenGotha file the core's golden exports are checked against): read on a laptop with
//! every round's cell, and on a phone with nothing cut.

use super::dashboard::{pictured, sign_in};
use arbitre_tests::browser::{Browser, LAPTOP, PHONE};
use arbitre_tests::TestService;
use serde_json::{json, Value};

fn juvisy() -> Vec<u8> {
    let path = format!(
        "{}/../core/tests/golden/juvisy.xml",
        env!("CARGO_MANIFEST_DIR")
    );
    std::fs::read(&path).unwrap()
}

#[tokio::test]
async fn the_wall_chart_shows_every_round_and_fits_a_phone() {
    let service = TestService::start().await;
    let imported: Value = service
        .post("/tournaments/import", Some(&service.admin_token))
        .header("content-type", "application/xml")
        .body(juvisy())
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let id = imported["tournament_id"].as_str().unwrap().to_string();
    let browser = Browser::open(&service.base_url, LAPTOP).await;
    sign_in(&browser, &service.admin_token).await;
    browser.visit(&format!("/dashboard/t/{id}/standings")).await;
    browser.click("#wall-chart-link").await;
    browser
        .wait_until("document.querySelector('#wall-chart') !== null", 10)
        .await;
    // The first line as the CSV export writes it: Minieri, MMS 36, every round won.
    let first = browser
        .client
        .execute(
            "return [...document.querySelectorAll('#wall-chart tbody tr:first-child > *')]\
             .map(cell => cell.textContent.trim());",
            vec![],
        )
        .await
        .unwrap();
    assert_eq!(
        first,
        json!([
            "1",
            "1",
            "Minieri Davide",
            "3d",
            "75Ju",
            "4",
            "2+/w0",
            "3+/b0",
            "4+/w0",
            "15+/w4",
            "36",
            "128",
            "503"
        ])
    );
    let lines = browser
        .client
        .execute(
            "return document.querySelectorAll('#wall-chart tbody tr').length;",
            vec![],
        )
        .await
        .unwrap();
    assert_eq!(lines, json!(19));
    pictured(&browser, "dashboard-wall-chart").await;

    // On a phone: no line wider than the screen, every cell within it.
    browser.resize(PHONE).await;
    let overflow = browser
        .client
        .execute(
            "const width = document.documentElement.clientWidth;\
             return [...document.querySelectorAll('#wall-chart td, #wall-chart tbody th')]\
             .filter(cell => cell.getBoundingClientRect().right > width + 0.5)\
             .map(cell => cell.textContent)\
             .concat(document.documentElement.scrollWidth > width ? ['the page scrolls sideways'] : []);",
            vec![],
        )
        .await
        .unwrap();
    assert_eq!(overflow, json!([]), "nothing is cut on a phone");
    let labelled = browser
        .client
        .execute(
            "return getComputedStyle(document.querySelector('#wall-chart td.round'), '::before').content;",
            vec![],
        )
        .await
        .unwrap();
    assert_eq!(labelled, json!("\"R1 \""), "each value says what it is");
}
