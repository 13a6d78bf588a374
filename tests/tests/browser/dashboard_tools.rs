//! The organizer's tools beyond the round: the standings after any round with their
//! exports, and signing in on the way to a dashboard page.

use super::dashboard::{pictured, refused, sign_in};
use super::{egd_list, hall, register_players};
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
    // Round 1 has no result yet: only the files that hold an unknown result download (the
    // others list what stops them: tests/tests/browser/exports.rs).
    assert_eq!(formats, ["csv", "opengotha"]);
    // The links are the exports after the round shown: the spreadsheet downloads.
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
    let href = links[0].attr("href").await.unwrap().unwrap();
    assert!(href.ends_with("/exports/csv?after_round=1"), "{href}");
    pictured(&browser, "dashboard-standings").await;
}

/// A client that shows redirects instead of following them.
pub fn not_following() -> reqwest::Client {
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

/// Picks `value` in the list `id`, as a person would (an `input` event follows).
async fn choose(browser: &Browser, id: &str, value: &str) {
    browser
        .client
        .execute(
            "const select = document.getElementById(arguments[0]);
             select.value = arguments[1];
             select.dispatchEvent(new Event('input', {bubbles: true}));
             return select.value;",
            vec![json!(id), json!(value)],
        )
        .await
        .unwrap();
}

#[tokio::test]
async fn the_settings_show_the_egf_class_as_typed_and_change_komi_criteria_and_pairing_parameters()
{
    let service = TestService::start().await;
    let tournament = service
        .create_tournament(json!({"name": "Open de Nantes", "number_of_rounds": 4}))
        .await;
    let id = tournament["id"].as_str().unwrap().to_string();
    let browser = Browser::open(&service.base_url, LAPTOP).await;
    sign_in(&browser, &service.admin_token).await;
    browser.visit(&format!("/dashboard/t/{id}/settings")).await;
    // The class the tournament has, as the API computed it.
    let kept = format!(
        "EGF class {}, adjusted time {} minutes",
        tournament["egd_class"].as_str().unwrap(),
        tournament["adjusted_time_minutes"]
    );
    assert_eq!(browser.text("#t-class").await, kept);
    // A new time control: the class follows the typing, computed by the core.
    choose(&browser, "t-system", "byo-yomi").await;
    browser.fill("t-main", "90").await;
    browser.fill("t-periods", "5").await;
    browser.fill("t-period", "30").await;
    browser
        .wait_until(
            "document.getElementById('t-class').textContent.includes('adjusted time 112 minutes')",
            10,
        )
        .await;
    let shown = browser.text("#t-class").await;
    // The pairing parameters carry OpenGotha's names and defaults.
    let labels = browser.text("fieldset.parameters").await;
    assert!(labels.contains("paiMaSeedSystem1"), "{labels}");
    assert!(
        labels.contains("paiBaAvoidDuplGame (OpenGotha: 500000000000000)"),
        "{labels}"
    );
    pictured(&browser, "dashboard-settings-more").await;
    // A weight that is not a number is refused with OpenGotha's name, nothing stored.
    browser.fill("t-pairing.base.random", "some").await;
    browser.click("form.settings > button").await;
    browser
        .wait_until("document.querySelector('.problem') !== null", 10)
        .await;
    assert!(browser.text(".problem").await.contains("paiBaRandom"));
    browser.fill("t-pairing.base.random", "0").await;
    choose(&browser, "t-komi-kind", "fixed").await;
    browser.fill("t-komi", "6.5").await;
    choose(&browser, "t-dispute", "four-passes").await;
    choose(&browser, "t-criterion_2", "SOSW").await;
    choose(&browser, "t-criterion_3", "NULL").await;
    choose(&browser, "t-pairing.main.seed_system_1", "split_and_fold").await;
    browser.fill("t-pairing.main.seeding", "4000000").await;
    browser.click("form.settings > button").await;
    browser
        .wait_until("document.querySelector('.settings-list') !== null", 10)
        .await;
    let stored: serde_json::Value = service
        .get(&format!("/tournaments/{id}"))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    assert_eq!(
        shown,
        format!(
            "EGF class {}, adjusted time {} minutes",
            stored["egd_class"].as_str().unwrap(),
            stored["adjusted_time_minutes"]
        )
    );
    assert_eq!(stored["komi_policy"], json!({"kind": "fixed", "komi": 6.5}));
    assert_eq!(stored["dispute_policy"], "four-passes");
    let criteria = &tournament["placement_criteria"];
    assert_eq!(
        stored["placement_criteria"],
        json!([criteria[0], {"sos": "wins"}]),
        "slot 3 emptied, the slots after it were empty"
    );
    let mut pairing = tournament["pairing"].clone();
    pairing["main"]["seed_system_1"] = json!("split_and_fold");
    pairing["main"]["seeding"] = json!(4_000_000);
    assert_eq!(stored["pairing"], pairing, "the other parameters are kept");
}

#[tokio::test]
async fn a_round_prints_one_result_sheet_per_table_four_to_a_page() {
    let service = TestService::start().await;
    let hall = hall(&service).await;
    let browser = Browser::open(&service.base_url, LAPTOP).await;
    sign_in(&browser, &hall.referee).await;
    browser
        .visit(&format!("/dashboard/t/{}/rounds/1", hall.tournament_id))
        .await;
    browser.click("#sheets-link").await;
    browser
        .wait_until("document.querySelector('.sheet') !== null", 10)
        .await;
    let sheets = browser
        .client
        .find_all(Locator::Css(".sheet"))
        .await
        .unwrap();
    assert_eq!(sheets.len(), 3, "one sheet per table");
    let pairings: serde_json::Value = service
        .get(&format!(
            "/tournaments/{}/rounds/1/pairings",
            hall.tournament_id
        ))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let first = &pairings["items"][0];
    let sheet = sheets[0].text().await.unwrap();
    // Table 1: Lefèvre (White) against Martin (Black), as the hall paired them.
    assert!(sheet.contains("round 1 · table 1"), "{sheet}");
    assert!(sheet.contains("White\nLefèvre Émile (2d)"), "{sheet}");
    assert!(sheet.contains("Black\nMartin Anne (1d)"), "{sheet}");
    assert!(
        sheet.contains(&format!("Komi\n{}", first["komi"])),
        "{sheet} {first}"
    );
    assert!(sheet.contains("Circle the winner"), "{sheet}");
    // On paper, four to an A4 page (as pairgoth prints them): the three tables on one.
    assert_eq!(browser.printed_pages().await, 1, "three sheets on one page");
    pictured(&browser, "dashboard-sheets").await;
}

/// The names at the tables of the draft shown, White then Black, table by table.
async fn drafted(browser: &Browser) -> Vec<(String, String)> {
    let rows = browser
        .client
        .find_all(Locator::Css("table.draft tbody tr"))
        .await
        .unwrap();
    let mut tables = Vec::new();
    for row in rows {
        let cells = row.find_all(Locator::Css("td")).await.unwrap();
        tables.push((
            cells[1].text().await.unwrap(),
            cells[2].text().await.unwrap(),
        ));
    }
    tables
}

/// Picks the option of the list `id` whose label starts with `name`.
async fn pick(browser: &Browser, id: &str, name: &str) {
    browser
        .client
        .execute(
            "const select = document.getElementById(arguments[0]);
             select.value = [...select.options].find(o => o.text.startsWith(arguments[1])).value;
             return null;",
            vec![json!(id), json!(name)],
        )
        .await
        .unwrap();
}

/// A one-round tournament `name` of the six players, and an admin's browser showing the
/// engine's draft of its round: the tournament's id and the browser.
async fn draft_shown(service: &TestService, name: &str) -> (String, Browser) {
    let tournament = service
        .create_tournament(json!({"name": name, "number_of_rounds": 1}))
        .await;
    let id = tournament["id"].as_str().unwrap().to_string();
    register_players(service, &id).await;
    let browser = Browser::open(&service.base_url, LAPTOP).await;
    sign_in(&browser, &service.admin_token).await;
    browser.visit(&format!("/dashboard/t/{id}/rounds/1")).await;
    browser.click("button[value='draft']").await;
    browser
        .wait_until("document.querySelector('table.draft') !== null", 30)
        .await;
    (id, browser)
}

#[tokio::test]
async fn a_pair_is_fixed_and_a_player_left_out_of_one_draft() {
    let service = TestService::start().await;
    let (id, browser) = draft_shown(&service, "Open de Lille").await;
    assert_eq!(drafted(&browser).await.len(), 3);
    // The strongest and the weakest, whom the engine would not pair, play each other.
    pick(&browser, "first", "Lefèvre Émile").await;
    pick(&browser, "second", "Garnier Léa").await;
    browser.click("button[value='fix']").await;
    browser
        .wait_until("document.querySelector('#kept') !== null", 30)
        .await;
    let tables = drafted(&browser).await;
    let together = |tables: &[(String, String)], a: &str, b: &str| {
        tables.iter().any(|(white, black)| {
            (white.starts_with(a) && black.starts_with(b))
                || (white.starts_with(b) && black.starts_with(a))
        })
    };
    assert!(together(&tables, "Lefèvre", "Garnier"), "{tables:?}");
    // Leave Dubois out of this draft: two tables and a bye, the kept pair still there.
    pick(&browser, "leave-out", "Dubois Paul").await;
    browser.click("button[value='leave-out']").await;
    browser
        .wait_until("document.querySelector('#left-out') !== null", 30)
        .await;
    let tables = drafted(&browser).await;
    assert_eq!(tables.len(), 2, "{tables:?}");
    assert!(tables
        .iter()
        .all(|(white, black)| !white.starts_with("Dubois") && !black.starts_with("Dubois")));
    assert!(together(&tables, "Lefèvre", "Garnier"), "{tables:?}");
    assert!(browser.text("#left-out").await.contains("Dubois Paul (1k)"));
    pictured(&browser, "dashboard-draft-tools").await;
    // Published as shown; Dubois's registration is untouched.
    browser.click("button[value='publish']").await;
    browser
        .wait_until("document.querySelector('#overview') !== null", 10)
        .await;
    let overview = browser.text("#overview").await;
    assert!(!overview.contains("Dubois"), "{overview}");
    let players: serde_json::Value = service
        .get(&format!("/tournaments/{id}/players"))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    assert_eq!(players["items"].as_array().unwrap().len(), 6);
}

#[tokio::test]
async fn a_player_is_registered_from_a_rating_list_found_by_name() {
    let service = TestService::start().await;
    let hall = hall(&service).await;
    let list = egd_list(&[
        " 10537560  Aaij Rene                             NL  Gron    4d   --   2369    99  T190112F",
        " 10234567  Vannier Remi                          FR  35Re    2d   --   2157    40  T251101A",
    ]);
    let uploaded = service
        .post("/rating-lists?source=egd", Some(&service.admin_token))
        .header("content-type", "text/plain")
        .body(list)
        .send()
        .await
        .unwrap();
    assert_eq!(uploaded.status(), 201, "{}", uploaded.text().await.unwrap());
    let browser = Browser::open(&service.base_url, LAPTOP).await;
    sign_in(&browser, &hall.organizer).await;
    browser
        .visit(&format!("/dashboard/t/{}", hall.tournament_id))
        .await;
    // Typed without the accent and in lower case: the list's search forgives both.
    browser.fill("list-search", "vannier").await;
    browser.click("form[action$='/rating-list'] button").await;
    browser
        .wait_until("document.querySelector('#found') !== null", 10)
        .await;
    let found = browser.text("#found tbody").await;
    assert!(
        found.starts_with("Vannier Remi 2d 2157 35Re FR EGD 27 December 2025"),
        "{found}"
    );
    pictured(&browser, "dashboard-rating-list").await;
    browser.click("#found tbody tr:first-child button").await;
    browser
        .wait_until("document.querySelector('#player-list') !== null", 10)
        .await;
    assert_eq!(browser.text("#players").await, "Players (7)");
    let players: serde_json::Value = service
        .get(&format!(
            "/tournaments/{}/players?surname=vannier",
            hall.tournament_id
        ))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let vannier = &players["items"][0];
    assert_eq!(vannier["rank"], "2d", "{vannier}");
    assert_eq!(vannier["egd_pin"], "10234567", "{vannier}");
}

#[tokio::test]
async fn a_draft_s_tables_are_moved_renumbered_and_explained_then_published() {
    let service = TestService::start().await;
    let (id, browser) = draft_shown(&service, "Open de Nancy").await;
    let engine = drafted(&browser).await;
    assert_eq!(engine.len(), 3);
    // Table 3's game goes to table 1; table 1's takes table 3.
    pick(&browser, "from", "3:").await;
    browser.fill("to", "1").await;
    browser.click("button[value='move']").await;
    browser
        .wait_until("document.querySelector('#to').value === ''", 10)
        .await;
    let moved = drafted(&browser).await;
    assert_eq!(
        moved,
        [engine[2].clone(), engine[1].clone(), engine[0].clone()]
    );
    // A table number out of range is refused on the page, the draft as it was.
    pick(&browser, "from", "2:").await;
    browser.fill("to", "0").await;
    browser.click("button[value='move']").await;
    refused(&browser).await;
    let problem = browser.text(".problem").await;
    assert!(
        problem.contains("Table 0 is not a table number"),
        "{problem}"
    );
    assert_eq!(drafted(&browser).await, moved);
    // Renumbered by best score order: the engine's own numbering again.
    browser.click("button[value='renumber']").await;
    browser
        .wait_until("document.querySelector('.problem') === null", 10)
        .await;
    assert_eq!(drafted(&browser).await, engine);
    // Why table 1: its cost criterion by criterion, under OpenGotha's names.
    browser.click("button[value='explain-1']").await;
    browser
        .wait_until("document.querySelector('#explanation') !== null", 30)
        .await;
    let why = browser.text("#explanation").await;
    let (white, black) = &engine[0];
    let name = |line: &str| line.split(" (").next().unwrap().to_string();
    assert!(
        why.contains(&format!("Why table 1: {white} against {black}")),
        "{why}"
    );
    for criterion in [
        "Avoid pairing same pair twice",
        "Minimize score difference",
        "Seeding system",
        "Avoid intra-country and intra-clubs/groups pairing",
    ] {
        assert!(why.contains(criterion), "{criterion}: {why}");
    }
    pictured(&browser, "dashboard-draft-tables").await;
    // Moved again, then published as shown: the round's tables are the draft's.
    pick(&browser, "from", "1:").await;
    browser.fill("to", "2").await;
    browser.click("button[value='move']").await;
    browser
        .wait_until("document.querySelector('#explanation') === null", 10)
        .await;
    let published = drafted(&browser).await;
    assert_eq!(published[1], engine[0]);
    browser.click("button[value='publish']").await;
    browser
        .wait_until("document.querySelector('#overview') !== null", 10)
        .await;
    let pairings: serde_json::Value = service
        .get(&format!("/tournaments/{id}/rounds/1/pairings"))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let tables: Vec<(i64, String)> = pairings["items"]
        .as_array()
        .unwrap()
        .iter()
        .map(|pairing| {
            (
                pairing["table"].as_i64().unwrap(),
                pairing["white"]["name"].as_str().unwrap().to_string(),
            )
        })
        .collect();
    let expected: Vec<(i64, String)> = (1..)
        .zip(&published)
        .map(|(table, (white, _))| (table, name(white)))
        .collect();
    assert_eq!(tables, expected);
}

#[tokio::test]
async fn the_players_of_an_earlier_tournament_are_copied_and_those_registered_skipped() {
    let service = TestService::start().await;
    let earlier = service
        .create_tournament(json!({"name": "Open de Lyon 2025"}))
        .await;
    let earlier = earlier["id"].as_str().unwrap().to_string();
    register_players(&service, &earlier).await;
    let new = service
        .create_tournament(json!({"name": "Open de Lyon 2026"}))
        .await;
    let new = new["id"].as_str().unwrap().to_string();
    // One of the six is registered already, under the same name.
    let response = service
        .post(
            &format!("/tournaments/{new}/players"),
            Some(&service.admin_token),
        )
        .json(&json!({"surname": "Dubois", "first_name": "Paul", "rank": "1k"}))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 201);
    let browser = Browser::open(&service.base_url, LAPTOP).await;
    sign_in(&browser, &service.admin_token).await;
    browser.visit(&format!("/dashboard/t/{new}")).await;
    browser
        .check("the tournament's page with the copy form")
        .await;
    pick(&browser, "copy-from", "Open de Lyon 2025").await;
    browser.click("#copy ~ form button[type='submit']").await;
    browser
        .wait_until("document.querySelector('#copied') !== null", 10)
        .await;
    let copied = browser.text("#copied").await;
    assert_eq!(copied.lines().count(), 5, "{copied}");
    assert!(!copied.contains("Dubois"), "{copied}");
    assert_eq!(browser.text("#skipped").await, "Dubois Paul: the same name");
    pictured(&browser, "dashboard-players-copied").await;
    browser.click("#back").await;
    browser
        .wait_until("document.querySelector('#player-list') !== null", 10)
        .await;
    let players = browser.text("#player-list tbody").await;
    assert_eq!(players.lines().count(), 6, "{players}");
}
