//! The public pages: a player finds their board on a phone, results arrive live, the
//! standings show the tournament's criteria. The phone's journey and the standings run
//! in English and in French (issue 41), each pictured in its language.

use super::{hall, result_arrives_live, start_game};
use arbitre_tests::browser::{Browser, Tongue, LAPTOP, PHONE};
use arbitre_tests::TestService;
use fantoccini::Locator;
use reqwest::Method;
use serde_json::json;

/// A player finds their board by name on a phone, in `tongue`.
async fn a_player_finds_their_table_by_name_on_a_phone(tongue: Tongue) {
    let service = TestService::start().await;
    let hall = hall(&service).await;
    let browser = Browser::open(&service.base_url, PHONE).await;
    browser.visit(&format!("/t/{}", hall.tournament_id)).await;
    if tongue == Tongue::French {
        browser.switch_language("fr").await;
    }
    assert_eq!(
        browser.client.title().await.unwrap(),
        tongue.says("Round 1 · Open de Lyon", "Ronde 1 · Open de Lyon")
    );
    assert_eq!(
        browser.text("#find").await,
        tongue.says("Find your board", "Trouver sa table")
    );
    browser.check_in(tongue, "pairings, phone").await;
    browser
        .screenshot(&tongue.picture("public-pairings-phone"))
        .await;
    // Typed without the accent and in lower case, as on a phone keyboard.
    let field = browser.client.find(Locator::Id("name")).await.unwrap();
    field.send_keys("emile").await.unwrap();
    browser.click(".search button").await;
    browser
        .wait_until("document.location.search.includes('name=emile')", 10)
        .await;
    let found = browser
        .client
        .find_all(Locator::Css("#by-name li"))
        .await
        .unwrap();
    assert_eq!(found.len(), 1, "one player matches");
    let line = found[0].text().await.unwrap();
    assert!(line.contains("Lefèvre Émile (2d)"), "{line}");
    assert!(
        line.contains(tongue.says(
            "table 1, White, against Martin Anne (1d)",
            "table 1, Blanc, contre Martin Anne (1d)"
        )),
        "{line}"
    );
    browser.check_in(tongue, "pairings, one name").await;
}

#[tokio::test]
async fn a_player_finds_their_table_by_name_on_a_phone_in_english() {
    a_player_finds_their_table_by_name_on_a_phone(Tongue::English).await;
}

#[tokio::test]
async fn a_player_finds_their_table_by_name_on_a_phone_in_french() {
    a_player_finds_their_table_by_name_on_a_phone(Tongue::French).await;
}

#[tokio::test]
async fn a_result_arrives_on_the_public_page_without_a_reload() {
    let service = TestService::start().await;
    let hall = hall(&service).await;
    let (game, tablet) = start_game(&service, &hall, 1).await;
    let browser = Browser::open(&service.base_url, LAPTOP).await;
    browser.visit(&format!("/t/{}", hall.tournament_id)).await;
    // Black (Moreau) resigns at table 2: White wins.
    let cell = "#tables-section tbody tr:nth-child(2) .result";
    result_arrives_live(&service, &browser, (&game, &tablet), cell, "").await;
    browser.check("pairings, live result").await;
    browser.screenshot("public-pairings-laptop").await;
}

/// A result arrives on an open public page as its table's line alone (issue 42): the
/// tournament's stream says the result's round and table, and the page fetches that line
/// rather than itself, whether the result comes from a game or from the referee's hand.
#[tokio::test]
async fn a_result_replaces_its_tables_line_alone_on_an_open_page() {
    let service = TestService::start().await;
    let hall = hall(&service).await;
    let (game, tablet) = start_game(&service, &hall, 1).await;
    let browser = Browser::open(&service.base_url, PHONE).await;
    browser.visit(&format!("/t/{}", hall.tournament_id)).await;
    // A mark on table 1's line: fetching the page again would replace the section of the
    // tables, and the mark with it.
    browser
        .client
        .execute(
            "document.querySelector('#tables-section tbody tr:nth-child(1)').dataset.mark = 'kept'; return null;",
            vec![],
        )
        .await
        .unwrap();
    let kept =
        "document.querySelector('#tables-section tbody tr:nth-child(1)').dataset.mark === 'kept'";
    let lines = "document.body.dataset.lines";
    let whole = "document.body.dataset.refreshed === undefined";
    // Black (Moreau) resigns at table 2: White wins.
    let cell = "#tables-section tbody tr:nth-child(2) .result";
    result_arrives_live(&service, &browser, (&game, &tablet), cell, "").await;
    browser
        .wait_until(&format!("{lines} === '1' && {kept} && {whole}"), 10)
        .await;
    // The referee enters table 3's result from its paper sheet.
    let path = format!(
        "/tournaments/{}/rounds/1/pairings/{}/result",
        hall.tournament_id, hall.pairings[2]
    );
    let response = service
        .request(Method::PUT, &path, Some(&hall.referee))
        .json(&json!({"result": "B+R"}))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 200, "{}", response.text().await.unwrap());
    let third =
        "document.querySelector('#tables-section tbody tr:nth-child(3) .result').textContent";
    browser
        .wait_until(&format!("{third} === 'Black wins'"), 10)
        .await;
    browser
        .wait_until(&format!("{lines} === '2' && {kept} && {whole}"), 10)
        .await;
    let same = browser
        .client
        .execute("return window.stillTheSamePage === true;", vec![])
        .await
        .unwrap();
    assert_eq!(same, json!(true), "the page was reloaded");
    browser.check("pairings, lines updated").await;
}

/// The standings, in `tongue`: the tournament's criteria as its columns.
async fn the_standings_show_the_tournaments_criteria(tongue: Tongue) {
    let service = TestService::start().await;
    let hall = hall(&service).await;
    let browser = Browser::open(&service.base_url, LAPTOP).await;
    browser
        .visit(&format!("/t/{}/standings", hall.tournament_id))
        .await;
    if tongue == Tongue::French {
        browser.switch_language("fr").await;
    }
    assert_eq!(
        browser.text("#standings").await,
        tongue.says("Standings after round 1", "Classement après la ronde 1")
    );
    let header = browser.text(".standings thead").await;
    assert!(
        header.starts_with(tongue.says("Place Player Club", "Place Joueur Club")),
        "{header}"
    );
    let rows = browser
        .client
        .find_all(Locator::Css(".standings tbody tr"))
        .await
        .unwrap();
    assert_eq!(rows.len(), 6);
    // Before any result the strongest player leads on McMahon score.
    let first = rows[0].text().await.unwrap();
    assert!(first.contains("Lefèvre Émile (2d)"), "{first}");
    browser.check_in(tongue, "standings").await;
    browser
        .screenshot(&tongue.picture("public-standings-laptop"))
        .await;
}

#[tokio::test]
async fn the_standings_show_the_tournaments_criteria_in_english() {
    the_standings_show_the_tournaments_criteria(Tongue::English).await;
}

#[tokio::test]
async fn the_standings_show_the_tournaments_criteria_in_french() {
    the_standings_show_the_tournaments_criteria(Tongue::French).await;
}
