//! A round at the size of a real open, drafted, edited and published from the dashboard:
//! the page's forms name the draft the service keeps and the one change asked, never
//! carry the draft (a draft of 500 tables is some 400 KB, far over any form's limit).

use super::dashboard::sign_in;
use arbitre_tests::browser::{Browser, LAPTOP};
use arbitre_tests::TestService;
use serde_json::{json, Value};

/// An OpenGotha file of `players` players of every rank from 5d to 30k, in ten clubs, and
/// five rounds not yet paired.
fn open_of(players: usize) -> String {
    let lines: String = (0..players)
        .map(|index| {
            let strength = 35 - (index * 35 / players) as i32;
            let rank = if strength > 30 {
                format!("{}D", strength - 30)
            } else {
                format!("{}K", 31 - strength)
            };
            format!(
                "<Player club=\"C{club}\" country=\"FR\" firstName=\"Joueur\" name=\"Nom{index:04}\" \
                 rank=\"{rank}\" registeringStatus=\"FIN\"/>\n",
                club = index % 10
            )
        })
        .collect();
    opengotha_file(&lines)
}

/// An OpenGotha file of the `<Player>` elements `lines` and five rounds not yet paired.
pub fn opengotha_file(lines: &str) -> String {
    format!(
        r#"<?xml version="1.0" encoding="UTF-8"?>
<Tournament dataVersion="201" gothaVersion="352">
<Players>
{lines}</Players>
<TournamentParameterSet>
<GeneralParameterSet basicTime="40" beginDate="2026-11-21" endDate="2026-11-22" komi="7.5" location="Lyon" name="Grand open" numberOfRounds="5" shortName="Open"/>
<HandicapParameterSet hdCorrection="1"/>
<PlacementParameterSet>
<PlacementCriteria>
<PlacementCriterion name="MMS" number="1"/>
</PlacementCriteria>
</PlacementParameterSet>
</TournamentParameterSet>
</Tournament>
"#
    )
}

/// Imports [`open_of`] `players`: the tournament's id.
async fn imported(service: &TestService, players: usize) -> String {
    let response = service
        .post("/tournaments/import", Some(&service.admin_token))
        .header("content-type", "application/xml")
        .body(open_of(players))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 201, "{}", response.text().await.unwrap());
    let imported: Value = response.json().await.unwrap();
    imported["tournament_id"].as_str().unwrap().to_string()
}

/// The draft shown, table by table: White's and Black's names.
pub async fn shown(browser: &Browser) -> Vec<(String, String)> {
    let tables = browser
        .client
        .execute(
            "return [...document.querySelectorAll('table.draft tbody tr')]
                 .map(row => [row.cells[1].textContent, row.cells[2].textContent]);",
            vec![],
        )
        .await
        .unwrap();
    serde_json::from_value(tables).unwrap()
}

/// Marks the page shown, clicks `css`, and waits for the next page to be shown.
pub async fn submit(browser: &Browser, css: &str) {
    browser
        .client
        .execute("window.before = true; return null;", vec![])
        .await
        .unwrap();
    browser.click(css).await;
    browser
        .wait_until(
            "window.before === undefined && document.readyState === 'complete' \
             && document.querySelector('main') !== null",
            120,
        )
        .await;
}

/// Picks the option of the list `id` whose label starts with `label`.
pub async fn pick(browser: &Browser, id: &str, label: &str) {
    browser
        .client
        .execute(
            "const select = document.getElementById(arguments[0]);
             select.value = [...select.options].find(o => o.text.startsWith(arguments[1])).value;
             return null;",
            vec![json!(id), json!(label)],
        )
        .await
        .unwrap();
}

#[tokio::test]
async fn a_round_of_a_thousand_players_is_drafted_edited_and_published_from_the_dashboard() {
    let service = TestService::start().await;
    let id = imported(&service, 1000).await;
    let browser = Browser::open(&service.base_url, LAPTOP).await;
    sign_in(&browser, &service.admin_token).await;
    browser.visit(&format!("/dashboard/t/{id}/rounds/1")).await;
    submit(&browser, "button[value='draft']").await;
    let engine = shown(&browser).await;
    assert_eq!(engine.len(), 500, "a thousand players at 500 tables");
    // Why each pair was made, in words: never the engine's raw cost.
    let report = browser.text("#table-1 .report").await;
    assert!(report.contains("a first meeting"), "{report}");
    assert!(!browser.text("table.draft").await.contains("cost"));
    // Swap the colours of table 400: its two players change places, nothing else.
    submit(&browser, "button[value='swap-400']").await;
    let swapped = shown(&browser).await;
    assert_eq!(
        swapped[399],
        (engine[399].1.clone(), engine[399].0.clone()),
        "{}",
        browser.text("main").await
    );
    assert_eq!(swapped[..399], engine[..399]);
    assert!(browser
        .text("#table-400 .report")
        .await
        .contains("colours swapped by hand"));
    // Move table 450's game to table 2: the two games change tables.
    pick(&browser, "from", "450:").await;
    browser.fill("to", "2").await;
    submit(&browser, "button[value='move']").await;
    let moved = shown(&browser).await;
    assert_eq!(moved[1], engine[449]);
    assert_eq!(moved[449], engine[1]);
    assert_eq!(moved[399], swapped[399], "the swap is kept");
    // Exchange table 1's White with table 3's White: the engine drafts again around
    // the two new games.
    let first = engine[0].0.clone();
    let third = engine[2].0.clone();
    pick(&browser, "first", &first).await;
    pick(&browser, "second", &third).await;
    submit(&browser, "button[value='exchange']").await;
    let exchanged = shown(&browser).await;
    assert_eq!(exchanged.len(), 500);
    assert!(
        exchanged.contains(&(third.clone(), engine[0].1.clone()))
            || exchanged.contains(&(engine[0].1.clone(), third.clone())),
        "{:?}",
        &exchanged[..5]
    );
    assert!(browser.text("#kept").await.contains("Pairs kept"));
    // Publish in one click: the round's 500 tables are the draft's.
    submit(&browser, "button[value='publish']").await;
    assert!(
        browser
            .client
            .current_url()
            .await
            .unwrap()
            .path()
            .ends_with("/rounds/1"),
        "{}",
        browser.text("main").await
    );
    let pairings: Value = service
        .get(&format!("/tournaments/{id}/rounds/1/pairings?limit=500"))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let published: Vec<(String, String)> = pairings["items"]
        .as_array()
        .unwrap()
        .iter()
        .map(|pairing| {
            let name = |colour: &str| {
                format!(
                    "{} ({})",
                    pairing[colour]["name"].as_str().unwrap(),
                    pairing[colour]["rank"].as_str().unwrap()
                )
            };
            (name("white"), name("black"))
        })
        .collect();
    assert_eq!(published, exchanged);
    // Published, not started: no table reads "playing" beside the round's start.
    let results = browser
        .client
        .execute(
            "return [...document.querySelectorAll('#overview td.result')].map(c => c.textContent);",
            vec![],
        )
        .await
        .unwrap();
    let results: Vec<String> = serde_json::from_value(results).unwrap();
    assert_eq!(results.len(), 500);
    assert!(
        results.iter().all(|result| result == "not started"),
        "{:?}",
        &results[..3]
    );
    assert!(browser
        .text("main")
        .await
        .contains("Round 1 has not started"));
    browser.check("a published round of 500 tables").await;
    // Round 2, while round 1 has no result: the page says so before any draft.
    browser.visit(&format!("/dashboard/t/{id}/rounds/2")).await;
    let warning = browser.text("#unfinished").await;
    assert!(
        warning.starts_with("Round 1 has 500 tables without a result"),
        "{warning}"
    );
    submit(&browser, "button[value='draft']").await;
    assert!(browser
        .text("#unfinished")
        .await
        .starts_with("Round 1 has 500 tables without a result"));
}

#[tokio::test]
async fn a_page_form_over_its_limit_answers_a_page_a_person_can_read() {
    let service = TestService::start().await;
    let id = imported(&service, 6).await;
    let browser = Browser::open(&service.base_url, LAPTOP).await;
    sign_in(&browser, &service.admin_token).await;
    browser.visit(&format!("/dashboard/t/{id}/rounds/1")).await;
    // A form over any page form's limit, sent from the page itself.
    let answer = browser
        .client
        .execute_async(
            "const done = arguments[1];
             const body = new URLSearchParams({action: 'draft', fixed: 'x'.repeat(100000)});
             fetch(arguments[0], {method: 'POST', body})
                 .then(async r => done([r.status, r.headers.get('content-type'), await r.text()]));",
            vec![json!(format!("/dashboard/t/{id}/rounds/1/draft"))],
        )
        .await
        .unwrap();
    assert_eq!(answer[0], json!(413), "{answer}");
    assert!(
        answer[1].as_str().unwrap().starts_with("text/html"),
        "{answer}"
    );
    let page = answer[2].as_str().unwrap();
    assert!(page.contains("<main"), "{page}");
    assert!(page.contains("larger than the limit"), "{page}");
}
