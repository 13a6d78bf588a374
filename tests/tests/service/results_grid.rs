//! The results grid (issue 40): a round's paper sheets typed with the keyboard alone, one
//! line a table (`12b`, Enter), no result by default, both lose and both win, a margin
//! when known; each line through the audited path, its "who" never blank.

use super::forms::{organizer, page, post_form};
use arbitre_api::access::Role;
use arbitre_tests::api::SentRulings;
use arbitre_tests::TestService;
use uuid::Uuid;

/// A started round 1 of four tables (a komi of 6.5, so margins are half points): the
/// tournament's id, the organizer's secret, and the pairings' ids by table.
async fn started_round(service: &TestService) -> (String, String, Vec<Uuid>) {
    let (tournament, jeanne) = organizer(service).await;
    let mut players = Vec::new();
    for (surname, rank) in [
        ("Arnaud", "1d"),
        ("Blanc", "1k"),
        ("Colin", "2k"),
        ("Dumas", "3k"),
        ("Espinasse", "4k"),
        ("Faure", "5k"),
        ("Girard", "6k"),
        ("Henry", "7k"),
    ] {
        players.push(service.create_player(&tournament, surname, rank).await);
    }
    service.create_round(&tournament, 1).await;
    let mut pairings = Vec::new();
    for table in 0..4 {
        let pairing = service
            .api()
            .create_pairing(
                &tournament,
                1,
                table as i32 + 1,
                &players[2 * table + 1],
                &players[2 * table],
            )
            .await;
        pairings.push(pairing.id);
    }
    service
        .api()
        .with_token(&jeanne)
        .start_round(&tournament, 1)
        .await;
    (tournament, jeanne, pairings)
}

async fn stored_result(service: &TestService, tournament: &str, pairing: Uuid) -> Option<String> {
    let pairings = service.api().anonymous().pairings(tournament, 1).await;
    pairings
        .into_iter()
        .find(|item| item.id == pairing)
        .unwrap()
        .result
}

#[tokio::test]
async fn a_round_is_typed_line_by_line_and_every_line_is_audited() {
    let service = TestService::start().await;
    let (tournament, jeanne, pairings) = started_round(&service).await;
    let grid = format!("/dashboard/t/{tournament}/rounds/1/results");
    let (status, shown) = page(&service, &jeanne, &grid).await;
    assert_eq!(status, 200);
    assert!(shown.contains("4 tables without a result."), "{shown}");
    assert!(shown.contains(r#"id="entry" name="entry" value="""#));

    for (line, table) in [("1b", 1), ("2 w3.5", 2), ("3 0", 3), ("4#", 4)] {
        let entered = post_form(&service, &jeanne, &grid, &[("entry", line)]).await;
        assert_eq!(entered.status(), 303, "{line}");
        let location = entered.headers()["location"].to_str().unwrap().to_string();
        assert_eq!(
            location,
            format!("/dashboard/t/{tournament}/rounds/1/results?last={table}#entry")
        );
    }
    assert_eq!(
        stored_result(&service, &tournament, pairings[0])
            .await
            .as_deref(),
        Some("B+")
    );
    assert_eq!(
        stored_result(&service, &tournament, pairings[1])
            .await
            .as_deref(),
        Some("W+3.5")
    );
    let (_, shown) = page(&service, &jeanne, &format!("{grid}?last=3")).await;
    assert!(shown.contains("Every table has its result."), "{shown}");
    assert!(
        shown.contains("Table 3 (Faure Test (5k) against Espinasse Test (4k)): Both lose"),
        "{shown}"
    );
    assert!(shown.contains("Both win"));
    assert!(shown.contains("White wins by 3.5 points"), "{shown}");

    // Both lose and both win count in the standings as OpenGotha counts them.
    let standings = service
        .api()
        .anonymous()
        .standings(&tournament, "after_round=1")
        .await;
    let wins = |surname: &str| {
        standings
            .items
            .iter()
            .find(|line| line.surname == surname)
            .map(|line| line.wins)
            .unwrap_or_else(|| panic!("{surname} in {standings:#?}"))
    };
    assert_eq!(wins("Espinasse"), 0.0, "both lose");
    assert_eq!(wins("Faure"), 0.0, "both lose");
    assert_eq!(wins("Girard"), 1.0, "both win");
    assert_eq!(wins("Henry"), 1.0, "both win");

    // A correction is a line typed again: the result's page lists both, with who.
    let corrected = post_form(&service, &jeanne, &grid, &[("entry", "1 wr")]).await;
    assert_eq!(corrected.status(), 303);
    let (_, history) = page(
        &service,
        &jeanne,
        &format!(
            "/dashboard/t/{tournament}/rounds/1/pairings/{}",
            pairings[0]
        ),
    )
    .await;
    assert!(history.contains("White wins by resignation"), "{history}");
    assert_eq!(history.matches("<td>Jeanne</td>").count(), 2, "{history}");
}

#[tokio::test]
async fn nothing_is_recorded_by_default_and_a_refused_line_comes_back_as_typed() {
    let service = TestService::start().await;
    let (tournament, jeanne, pairings) = started_round(&service).await;
    let grid = format!("/dashboard/t/{tournament}/rounds/1/results");
    for (line, why) in [
        ("2", "Give the result after the table&#39;s number"),
        ("", "Start with the table&#39;s number"),
        ("2 q", "“q” is not a result"),
        ("9b", "Round has no table 9."),
        ("2 b3.25", "result"),
    ] {
        let refused = post_form(&service, &jeanne, &grid, &[("entry", line)]).await;
        assert_eq!(refused.status(), 422, "{line}");
        let refused = refused.text().await.unwrap();
        assert!(refused.contains(why), "{line}: {refused}");
        assert!(
            refused.contains(&format!(r#"name="entry" value="{line}""#)),
            "{line}"
        );
    }
    for pairing in &pairings {
        assert_eq!(stored_result(&service, &tournament, *pairing).await, None);
    }
    // The result's own page chooses nothing either.
    let (_, single) = page(
        &service,
        &jeanne,
        &format!(
            "/dashboard/t/{tournament}/rounds/1/pairings/{}",
            pairings[0]
        ),
    )
    .await;
    assert!(single.contains(r#"<select id="result" name="result" required>"#));
    assert!(single.contains(r#"<option value="">Choose the result</option>"#));
}

#[tokio::test]
async fn who_recorded_a_result_is_never_blank() {
    let service = TestService::start().await;
    let (tournament, _, pairings) = started_round(&service).await;
    let unlabelled = service
        .api()
        .issue_token(&tournament, Role::Referee, "")
        .await;
    let secret = unlabelled.secret.as_str();
    let id = unlabelled.token.id.simple().to_string();
    let grid = format!("/dashboard/t/{tournament}/rounds/1/results");
    let entered = post_form(&service, secret, &grid, &[("entry", "2b")]).await;
    assert_eq!(entered.status(), 303);
    let expected = format!("referee (credential …{})", &id[id.len() - 8..]);
    let rulings: SentRulings = service
        .api()
        .anonymous()
        .get(&format!(
            "/tournaments/{tournament}/rounds/1/pairings/{}/rulings",
            pairings[1]
        ))
        .await;
    assert_eq!(rulings.items[0].issued_by_label, expected);
    let history_path = format!(
        "/dashboard/t/{tournament}/rounds/1/pairings/{}",
        pairings[1]
    );
    let (_, history) = page(&service, secret, &history_path).await;
    assert!(
        history.contains(&format!("<td>{expected}</td>")),
        "{history}"
    );
    // Issue 41: the role in the reader's words, the end of the id kept.
    let french = service
        .get(&history_path)
        .header("Cookie", service.session_cookie(secret).await)
        .header("Accept-Language", "fr")
        .send()
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    let said = format!("<td>arbitre (accès …{})</td>", &id[id.len() - 8..]);
    assert!(french.contains(&said), "{french}");
}
