//! Undo before the games, from the round's page (issue 40): a table's handicap changed,
//! a table unpaired, the round's pairing withdrawn, the last round deleted; each asks
//! first on a page that names what it takes back, and each is in the staff's audit.

use super::dashboard::{pictured, sign_in};
use super::hall;
use arbitre_tests::browser::Browser;
use arbitre_tests::browser::LAPTOP;
use arbitre_tests::TestService;
use fantoccini::Locator;
use serde_json::json;

/// Clicks `css` on the round's page, then waits for the confirmation page: its question.
async fn asked(browser: &Browser, css: &str) -> String {
    browser.click(css).await;
    browser
        .wait_until("document.querySelector('#confirm') !== null", 10)
        .await;
    browser.text("#confirm-question").await
}

/// Confirms, then waits for the page at `path`.
async fn confirmed(browser: &Browser, path: &str) {
    browser.click("#confirm").await;
    browser
        .wait_until(
            &format!("document.location.pathname === '{path}' && document.querySelector('#confirm') === null"),
            10,
        )
        .await;
}

async fn tables(browser: &Browser) -> usize {
    browser
        .client
        .find_all(Locator::Css("#overview tbody tr"))
        .await
        .unwrap()
        .len()
}

#[tokio::test]
async fn each_undo_of_a_round_asks_first_and_is_audited() {
    let service = TestService::start().await;
    let hall = hall(&service).await;
    let id = &hall.tournament_id;
    let round = format!("/dashboard/t/{id}/rounds/1");
    let browser = Browser::open(&service.base_url, LAPTOP).await;
    sign_in(&browser, &hall.organizer).await;
    browser.visit(&round).await;
    assert_eq!(tables(&browser).await, 3);
    pictured(&browser, "dashboard-round-before-start").await;

    // Table 1 gets two handicap stones, the komi by the tournament's rule.
    browser
        .client
        .execute(
            "const form = document.querySelector('#overview tbody tr:nth-child(1) form.terms');\
             form.elements.handicap.value = '2'; form.elements.komi.value = ''; return null;",
            vec![],
        )
        .await
        .unwrap();
    let question = asked(
        &browser,
        "#overview tbody tr:nth-child(1) form.terms button",
    )
    .await;
    assert!(
        question
            .starts_with("Change table 1 (Lefèvre Émile (2d) – Martin Anne (1d)) from handicap 0"),
        "{question}"
    );
    assert!(
        question.ends_with("to handicap 2, komi the tournament's komi for this handicap?"),
        "{question}"
    );
    pictured(&browser, "dashboard-undo-confirmation").await;
    confirmed(&browser, &round).await;
    let handicap = browser
        .text("#overview tbody tr:nth-child(1) td:nth-child(4)")
        .await;
    assert_eq!(handicap, "2");

    // Table 3 unpaired: two tables left.
    let question = asked(
        &browser,
        "#overview tbody tr:nth-child(3) form.unpair button",
    )
    .await;
    assert!(
        question.starts_with("Unpair table 3 (Laurent Hugo (4k) – Garnier Léa (5k))?"),
        "{question}"
    );
    confirmed(&browser, &round).await;
    assert_eq!(tables(&browser).await, 2);

    // The round's pairing withdrawn: the round is drafted again.
    let question = asked(&browser, "#unpublish").await;
    assert!(
        question.starts_with("Withdraw the pairing of round 1?"),
        "{question}"
    );
    confirmed(&browser, &round).await;
    browser
        .wait_until(
            "document.querySelector(\"button[value='draft']\") !== null",
            10,
        )
        .await;

    // The round itself, the tournament's last, deleted.
    let question = asked(&browser, "#delete-round").await;
    assert!(
        question.starts_with("Delete round 1, the tournament's last?"),
        "{question}"
    );
    confirmed(&browser, &format!("/dashboard/t/{id}")).await;
    let shown = service
        .get(&format!("/tournaments/{id}"))
        .send()
        .await
        .unwrap()
        .json::<serde_json::Value>()
        .await
        .unwrap();
    assert_eq!(shown["number_of_rounds"], json!(0));

    // The audit, newest first: who did each, and to what.
    browser.visit(&format!("/dashboard/t/{id}/staff")).await;
    let rows = browser
        .client
        .find_all(Locator::Css("#audit-list tbody tr"))
        .await
        .unwrap();
    let mut lines = Vec::new();
    for row in rows {
        lines.push(row.text().await.unwrap());
    }
    assert_eq!(lines.len(), 4, "{lines:?}");
    for (line, (what, whom)) in lines.iter().zip([
        ("deleted the round", "round 1"),
        (
            "withdrew the pairings of the round: tables 2 → 0",
            "round 1",
        ),
        ("unpaired the table", "round 1, table 3"),
        (
            "changed the handicap or komi: handicap 0 → 2",
            "round 1, table 1",
        ),
    ]) {
        assert!(line.contains("test (organizer)"), "{line}");
        assert!(line.contains(what), "{what} in {line}");
        assert!(line.contains(whom), "{whom} in {line}");
    }
    pictured(&browser, "dashboard-undo-audit").await;
}
