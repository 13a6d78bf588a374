//! Taking back before the games (issue 40): a published round withdrawn, a table
//! unpaired, a table's handicap or komi changed, the last round deleted; over the API
//! with the core's stable codes, and from the round's page after a confirmation, each in
//! the staff's audit with who did it and to what. What was played is never taken back.

use super::forms::{organizer, page, post_form};
use arbitre_api::routes::pairings::Pairing;
use arbitre_tests::api::problem;
use arbitre_tests::TestService;
use reqwest::Method;
use serde_json::json;

/// A tournament of three rounds and four players, with round 1 paired on two tables (the
/// organizer `Jeanne`'s): the tournament, the organizer's secret, the two pairings.
async fn paired(service: &TestService) -> (String, String, [Pairing; 2]) {
    let (id, jeanne) = organizer(service).await;
    for round in 1..=3 {
        service.create_round(&id, round).await;
    }
    let mut players = Vec::new();
    for (surname, rank) in [
        ("Dupont", "3k"),
        ("Martin", "2k"),
        ("Petit", "5k"),
        ("Roux", "1d"),
    ] {
        players.push(service.create_player(&id, surname, rank).await);
    }
    let api = service.api();
    let first = api
        .create_pairing(&id, 1, 1, &players[0], &players[1])
        .await;
    let second = api
        .create_pairing(&id, 1, 2, &players[2], &players[3])
        .await;
    (id, jeanne, [first, second])
}

async fn pairings(service: &TestService, id: &str, round: u32) -> Vec<Pairing> {
    service.api().anonymous().pairings(id, round).await
}

/// The audit as the staff page lists it, one line per entry, newest first.
async fn audit(service: &TestService, secret: &str, id: &str) -> String {
    let (status, staff) = page(service, secret, &format!("/dashboard/t/{id}/staff")).await;
    assert_eq!(status, 200);
    let start = staff.find(r#"id="audit-list""#).expect("an audit");
    staff[start..].to_string()
}

#[tokio::test]
async fn over_the_api_each_undo_is_done_before_the_games_and_refused_after() {
    let service = TestService::start().await;
    let (id, secret, [first, second]) = paired(&service).await;
    let jeanne = service.api().with_token(&secret);
    let path = |pairing: &Pairing| format!("/tournaments/{id}/rounds/1/pairings/{}", pairing.id);

    // The handicap and komi, changed; the komi follows the tournament's rule when not given.
    let changed: Pairing = jeanne
        .patch(&path(&first), &json!({"handicap": 2, "komi": 0.5}))
        .await;
    assert_eq!((changed.handicap, changed.komi), (2, 0.5));
    let refused = jeanne
        .send(Method::PATCH, &path(&first), Some(&json!({"handicap": 12})))
        .await;
    problem(refused, 422, "validation.failed").await;

    // One table unpaired: the other stays.
    let unpaired = jeanne.delete(&path(&second)).await;
    assert_eq!(unpaired.status(), 204);
    assert_eq!(pairings(&service, &id, 1).await.len(), 1);

    // The round withdrawn whole, then nothing left to withdraw.
    let round = format!("/tournaments/{id}/rounds/1/pairings");
    let withdrawn = jeanne.delete(&round).await;
    assert_eq!(withdrawn.status(), 204);
    assert!(pairings(&service, &id, 1).await.is_empty());
    problem(jeanne.delete(&round).await, 409, "round.not_paired").await;

    // Once the round starts, its pairings stand: a referee's ruling changes them.
    let again = service
        .api()
        .create_pairing(&id, 1, 1, first.black_id, first.white_id)
        .await;
    jeanne.start_round(&id, 1).await;
    for (method, target, body) in [
        (Method::DELETE, round.clone(), None),
        (Method::DELETE, path(&again), None),
        (Method::PATCH, path(&again), Some(json!({"handicap": 0}))),
    ] {
        let refused = jeanne.send(method, &target, body.as_ref()).await;
        let refused = problem(refused, 409, "round.started").await;
        assert!(refused.detail.contains("ruling"), "{refused:?}");
    }
    assert_eq!(pairings(&service, &id, 1).await.len(), 1);

    // Every undo is in the audit, with who and what.
    let audit = audit(&service, &secret, &id).await;
    for line in [
        "<td>Jeanne (organizer)</td><td>withdrew the pairings of the round: tables 1 → 0</td><td>round 1</td>",
        "<td>Jeanne (organizer)</td><td>unpaired the table</td><td>round 1, table 2: Roux Test (1d) – Petit Test (5k)</td>",
        "<td>Jeanne (organizer)</td><td>changed the handicap or komi: handicap 0 → 2; komi 7.5 → 0.5</td><td>round 1, table 1: Martin Test (2k) – Dupont Test (3k)</td>",
    ] {
        assert!(audit.contains(line), "{line} in {audit}");
    }
}

#[tokio::test]
async fn the_last_round_goes_only_without_games_and_its_deletion_is_audited() {
    let service = TestService::start().await;
    let (id, jeanne, [first, _]) = paired(&service).await;
    let organizer = service.api().with_token(&jeanne);
    let rounds = service.api().anonymous().rounds(&id).await;
    let last = rounds.page.total;
    assert_eq!(last, 3, "{rounds:?}");
    let first_round = organizer
        .delete(&format!("/tournaments/{id}/rounds/1"))
        .await;
    problem(first_round, 409, "round.not_last").await;

    // A game on round 1's first table: the round's pairing stands.
    let record = "(;GM[1]FF[4]SZ[19]KM[7.5]RE[B+R];B[pd];W[dp])";
    let imported = organizer
        .send(
            Method::POST,
            &format!("/tournaments/{id}/games/import"),
            Some(&json!({"pairing_id": first.id, "sgf": record})),
        )
        .await;
    assert_eq!(imported.status(), 201, "{}", imported.text().await.unwrap());
    let withdrawn = organizer
        .delete(&format!("/tournaments/{id}/rounds/1/pairings"))
        .await;
    problem(withdrawn, 409, "round.has_games").await;

    // The last round, from its page: asked first, then deleted and audited.
    let action = format!("/dashboard/t/{id}/rounds/{last}/delete");
    let asked = post_form(&service, &jeanne, &action, &[]).await;
    assert_eq!(asked.status(), 200);
    let asked = asked.text().await.unwrap();
    assert!(
        asked.contains(&format!("Delete round {last}, the tournament&#39;s last?")),
        "{asked}"
    );
    let still = service
        .get(&format!("/tournaments/{id}/rounds/{last}"))
        .send()
        .await
        .unwrap();
    assert_eq!(still.status(), 200, "asking deletes nothing");
    let done = post_form(&service, &jeanne, &action, &[("confirmed", "yes")]).await;
    assert_eq!(done.status(), 303);
    let gone = service
        .get(&format!("/tournaments/{id}/rounds/{last}"))
        .send()
        .await
        .unwrap();
    assert_eq!(gone.status(), 404);
    let audit = audit(&service, &jeanne, &id).await;
    assert!(
        audit.contains(&format!(
            "<td>Jeanne (organizer)</td><td>deleted the round</td><td>round {last}</td>"
        )),
        "{audit}"
    );
}

#[tokio::test]
async fn from_the_round_page_each_undo_asks_first_and_a_refusal_is_a_page_in_the_readers_words() {
    let service = TestService::start().await;
    let (id, jeanne, [first, second]) = paired(&service).await;
    let round = format!("/dashboard/t/{id}/rounds/1");
    let (status, shown) = page(&service, &jeanne, &round).await;
    assert_eq!(status, 200);
    for form in ["/unpublish\"", "/unpair\"", "/terms\""] {
        assert!(shown.contains(form), "{form} in {shown}");
    }
    let table = |pairing: &Pairing| format!("{round}/pairings/{}", pairing.id);

    // The handicap and komi: the question names the table and both terms; the confirmed
    // post carries the typed terms.
    let terms = format!("{}/terms", table(&first));
    let typed = [("handicap", "3"), ("komi", "0,5")];
    let asked = post_form(&service, &jeanne, &terms, &typed).await;
    assert_eq!(asked.status(), 200);
    let asked = asked.text().await.unwrap();
    assert!(
        asked.contains("Change table 1 (Martin Test (2k) – Dupont Test (3k)) from handicap 0, komi 7.5 to handicap 3, komi 0.5?"),
        "{asked}"
    );
    assert!(asked.contains(r#"name="komi" value="0,5""#), "{asked}");
    assert_eq!(
        pairings(&service, &id, 1).await[0].handicap,
        0,
        "asking changes nothing"
    );
    let confirmed = [typed[0], typed[1], ("confirmed", "yes")];
    assert_eq!(
        post_form(&service, &jeanne, &terms, &confirmed)
            .await
            .status(),
        303
    );
    assert_eq!(pairings(&service, &id, 1).await[0].handicap, 3);

    // One table unpaired, after its question.
    let unpair = format!("{}/unpair", table(&second));
    let asked = post_form(&service, &jeanne, &unpair, &[])
        .await
        .text()
        .await
        .unwrap();
    assert!(
        asked.contains("Unpair table 2 (Roux Test (1d) – Petit Test (5k))?"),
        "{asked}"
    );
    assert_eq!(
        pairings(&service, &id, 1).await.len(),
        2,
        "asking unpairs nobody"
    );
    let done = post_form(&service, &jeanne, &unpair, &[("confirmed", "yes")]).await;
    assert_eq!(done.status(), 303);
    assert_eq!(pairings(&service, &id, 1).await.len(), 1);

    // The round withdrawn, after its question; withdrawn again: a page that says why, in
    // the reader's language.
    let unpublish = format!("{round}/unpublish");
    let asked = post_form(&service, &jeanne, &unpublish, &[])
        .await
        .text()
        .await
        .unwrap();
    assert!(
        asked.contains("Withdraw the pairing of round 1?"),
        "{asked}"
    );
    let done = post_form(&service, &jeanne, &unpublish, &[("confirmed", "yes")]).await;
    assert_eq!(done.status(), 303);
    assert!(pairings(&service, &id, 1).await.is_empty());
    let refused = no_redirects_french(&service, &jeanne, &unpublish).await;
    assert_eq!(refused.0, 409);
    assert!(
        refused
            .1
            .contains("Cette ronde n&#39;a pas d&#39;appariement à retirer."),
        "{}",
        refused.1
    );

    let audit = audit(&service, &jeanne, &id).await;
    for action in [
        "changed the handicap or komi: handicap 0 → 3; komi 7.5 → 0.5",
        "unpaired the table",
        "withdrew the pairings of the round: tables 1 → 0",
    ] {
        assert!(audit.contains(action), "{action} in {audit}");
    }
}

/// `form` posted confirmed by a reader of French: the status and the page.
async fn no_redirects_french(service: &TestService, secret: &str, path: &str) -> (u16, String) {
    let response = super::forms::no_redirects()
        .post(format!("{}{path}", service.base_url))
        .header("Cookie", service.session_cookie(secret).await)
        .header("Origin", &service.base_url)
        .header("Accept-Language", "fr")
        .form(&[("confirmed", "yes")])
        .send()
        .await
        .unwrap();
    (response.status().as_u16(), response.text().await.unwrap())
}
