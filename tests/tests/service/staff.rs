//! The staff's credentials from the pages (`/dashboard/t/{id}/staff`): made with a label,
//! handed over as a secret or a one-time link; revoked only after a confirmation page,
//! and each revocation in the audit with who did it and to whom. And the tablets' page
//! warns when the tablets could not reach the service at its address.

use super::forms::{organizer, page, post_form};
use arbitre_api::access::Role;
use arbitre_tests::api::problem;
use arbitre_tests::TestService;
use reqwest::Method;

#[tokio::test]
async fn a_credential_is_made_with_a_label_and_revoked_after_a_confirmation_into_the_audit() {
    let service = TestService::start().await;
    let (tournament, jeanne) = organizer(&service).await;
    let staff = format!("/dashboard/t/{tournament}/staff");

    let made = post_form(
        &service,
        &jeanne,
        &staff,
        &[
            ("role", "referee"),
            ("label", "Marie"),
            ("handover", "secret"),
        ],
    )
    .await;
    assert_eq!(made.status(), 201);
    assert_eq!(made.headers()["cache-control"], "no-store");
    let made = made.text().await.unwrap();
    let start = made.find("arb_").expect("the secret is shown once");
    let marie: String = made[start..]
        .chars()
        .take_while(|c| c.is_ascii_alphanumeric() || *c == '_' || *c == '-')
        .collect();
    let token = service.api().with_token(&marie).me().await;
    assert_eq!(token.role, Role::Referee);
    assert_eq!(token.label, "Marie");

    let link = post_form(
        &service,
        &jeanne,
        &staff,
        &[
            ("role", "table"),
            ("label", "Table 4"),
            ("table", "4"),
            ("handover", "link"),
        ],
    )
    .await;
    assert_eq!(link.status(), 201);
    assert!(link.text().await.unwrap().contains("/sign-in/link/"));

    let refused = post_form(
        &service,
        &jeanne,
        &staff,
        &[
            ("role", "table"),
            ("label", "Table ?"),
            ("handover", "link"),
        ],
    )
    .await;
    assert_eq!(refused.status(), 422);
    let refused = refused.text().await.unwrap();
    assert!(
        refused.contains("Table: must be between 1 and 10000"),
        "{refused}"
    );
    let unlabelled = post_form(
        &service,
        &jeanne,
        &staff,
        &[("role", "referee"), ("label", " ")],
    )
    .await;
    assert_eq!(unlabelled.status(), 422);

    let (status, listed) = page(&service, &jeanne, &staff).await;
    assert_eq!(status, 200);
    assert!(listed.contains("<td>Marie</td>"), "{listed}");
    assert!(listed.contains("Nothing taken away or undone yet."));

    // The first post asks; nothing is revoked yet.
    let marie_id = token.id;
    let revoke = format!("{staff}/{marie_id}/revoke");
    let asked = post_form(&service, &jeanne, &revoke, &[]).await;
    assert_eq!(asked.status(), 200);
    let asked = asked.text().await.unwrap();
    assert!(
        asked.contains("Revoke the credential of Marie (referee)?"),
        "{asked}"
    );
    assert!(asked.contains(r#"name="confirmed" value="yes""#));
    assert!(asked.contains(&format!(r#"action="{revoke}""#)));
    // Asking revokes nothing: Marie's token still answers.
    service.api().with_token(&marie).me().await;

    let done = post_form(&service, &jeanne, &revoke, &[("confirmed", "yes")]).await;
    assert_eq!(done.status(), 303);
    assert_eq!(done.headers()["location"], staff.as_str());
    let revoked = service
        .api()
        .with_token(&marie)
        .send(Method::GET, "/me", None)
        .await;
    problem(revoked, 401, "auth.invalid_token").await;

    let (_, listed) = page(&service, &jeanne, &staff).await;
    let audit = &listed[listed.find(r#"id="audit-list""#).expect("an audit")..];
    assert!(
        audit.contains(
            "<td>Jeanne (organizer)</td><td>revoked the credential</td><td>Marie (referee)</td>"
        ),
        "{audit}"
    );
    assert!(!listed.contains("<td>Marie</td>"), "no longer listed");

    // Revoked already: a second confirmation finds nothing to revoke.
    let again = post_form(&service, &jeanne, &revoke, &[("confirmed", "yes")]).await;
    assert_eq!(again.status(), 404);
}

#[tokio::test]
async fn a_referee_may_not_see_or_make_credentials() {
    let service = TestService::start().await;
    let (tournament, jeanne) = organizer(&service).await;
    let staff = format!("/dashboard/t/{tournament}/staff");
    let made = post_form(
        &service,
        &jeanne,
        &staff,
        &[
            ("role", "referee"),
            ("label", "Marie"),
            ("handover", "secret"),
        ],
    )
    .await
    .text()
    .await
    .unwrap();
    let start = made.find("arb_").unwrap();
    let marie: String = made[start..]
        .chars()
        .take_while(|c| c.is_ascii_alphanumeric() || *c == '_' || *c == '-')
        .collect();
    assert_eq!(page(&service, &marie, &staff).await.0, 403);
    let refused = post_form(
        &service,
        &marie,
        &staff,
        &[
            ("role", "organizer"),
            ("label", "Me"),
            ("handover", "secret"),
        ],
    )
    .await;
    assert_eq!(refused.status(), 403);
}

#[tokio::test]
async fn the_tablets_page_warns_that_a_loopback_address_reaches_no_tablet() {
    // The test service listens on 127.0.0.1, as `arbitre serve` does by default.
    let service = TestService::start().await;
    let (tournament, jeanne) = organizer(&service).await;
    let (status, tablets) = page(
        &service,
        &jeanne,
        &format!("/dashboard/t/{tournament}/tablets"),
    )
    .await;
    assert_eq!(status, 200);
    assert!(tablets.contains(r#"id="loopback-warning""#), "{tablets}");
    let port = service.base_url.rsplit(':').next().unwrap();
    assert!(
        tablets.contains(&format!("ARBITRE_BIND=0.0.0.0:{port}")),
        "{tablets}"
    );
    assert!(tablets.contains("No tablet can reach this service"));
}

#[tokio::test]
async fn a_player_is_withdrawn_from_the_pages_after_a_confirmation_into_the_audit() {
    let service = TestService::start().await;
    let (tournament, jeanne) = organizer(&service).await;
    let player = service.create_player(&tournament, "Muller", "5k").await;
    let withdraw = format!("/dashboard/t/{tournament}/players/{player}/withdraw");

    let asked = post_form(&service, &jeanne, &withdraw, &[]).await;
    assert_eq!(asked.status(), 200);
    let asked = asked.text().await.unwrap();
    assert!(
        asked.contains("Withdraw Muller Test (5k) from the tournament?"),
        "{asked}"
    );
    assert!(asked.contains(r#"name="confirmed" value="yes""#));
    let still = service
        .get(&format!("/tournaments/{tournament}/players/{player}"))
        .send()
        .await
        .unwrap();
    assert_eq!(still.status(), 200, "asking withdraws nobody");

    let done = post_form(&service, &jeanne, &withdraw, &[("confirmed", "yes")]).await;
    assert_eq!(done.status(), 303);
    let gone = service
        .get(&format!("/tournaments/{tournament}/players/{player}"))
        .send()
        .await
        .unwrap();
    assert_eq!(gone.status(), 404);
    let (_, staff) = page(
        &service,
        &jeanne,
        &format!("/dashboard/t/{tournament}/staff"),
    )
    .await;
    assert!(
        staff.contains(
            "<td>Jeanne (organizer)</td><td>withdrew the player</td><td>Muller Test (5k)</td>"
        ),
        "{staff}"
    );
}
