//! `/health`, `/ready`, `/metrics`, the docs page, unknown routes and methods.

use arbitre_api::routes::operations::Status;
use arbitre_api::services::tournaments::Tournament;
use arbitre_tests::api::{problem, read};
use arbitre_tests::TestService;
use reqwest::Method;

#[tokio::test]
async fn health_and_ready_answer_with_a_request_id() {
    let service = TestService::start().await;
    let health = service.get("/health").send().await.unwrap();
    assert!(health.headers().contains_key("x-request-id"));
    let health: Status = read(health, 200).await;
    assert_eq!(health.status, "ok");
    let ready: Status = service.api().anonymous().get("/ready").await;
    assert_eq!(ready.status, "ready");
}

#[tokio::test]
async fn metrics_count_requests_by_route_and_status() {
    let service = TestService::start().await;
    service.get("/health").send().await.unwrap();
    service.get("/no/such/route").send().await.unwrap();
    let metrics = service.metrics_text().await;
    assert!(
        metrics.contains(
            r#"arbitre_http_requests_total{method="GET",route="/health",status="200"} 1"#
        ),
        "{metrics}"
    );
    assert!(
        metrics.contains(r#"route="unmatched",status="404""#),
        "{metrics}"
    );
    assert!(
        metrics.contains("arbitre_http_request_duration_seconds_bucket{le=\"+Inf\"}"),
        "{metrics}"
    );
}

#[tokio::test]
async fn unknown_routes_and_methods_are_problems() {
    let service = TestService::start().await;
    problem(
        service.get("/no/such/route").send().await.unwrap(),
        404,
        "not_found.route",
    )
    .await;
    let response = service
        .request(Method::DELETE, "/tournaments", None)
        .send()
        .await
        .unwrap();
    assert_eq!(response.headers()["allow"], "GET, POST");
    problem(response, 405, "method_not_allowed").await;
}

#[tokio::test]
async fn docs_are_served_offline() {
    let service = TestService::start().await;
    let page = service.get("/docs/").send().await.unwrap();
    assert_eq!(page.status(), 200);
    // Never framed by another site; its scripts from this server only.
    assert_eq!(page.headers()["x-frame-options"], "DENY");
    let policy = page.headers()["content-security-policy"].to_str().unwrap();
    assert!(policy.contains("frame-ancestors 'none'"), "{policy}");
    assert!(policy.contains("script-src 'self';"), "{policy}");
    assert!(page.text().await.unwrap().contains("swagger"));
    // The OpenAPI document, read as the JSON it is.
    let document: serde_json::Value =
        read(service.get("/openapi.json").send().await.unwrap(), 200).await;
    assert_eq!(document["info"]["title"], "arbitre");
}

/// A request whose database session ends while it waits (`pg_terminate_backend`, as a
/// failover or a restart of PostgreSQL would end it) is a 503 `database.unavailable` with
/// `Retry-After`, not a 500; the next request gets a new connection and succeeds.
#[tokio::test]
async fn a_connection_lost_mid_request_is_503_and_the_next_request_succeeds() {
    use diesel_async::{AsyncConnection, AsyncPgConnection, RunQueryDsl};
    use std::time::{Duration, Instant};

    let service = TestService::start().await;
    let tournament = service.api().create_tournament(serde_json::json!({})).await;
    let path = format!("/tournaments/{}", tournament.id);
    // The request's query waits on this lock, so its session is ended mid-request.
    let mut holder = AsyncPgConnection::establish(&service.database_url)
        .await
        .unwrap();
    diesel::sql_query("BEGIN")
        .execute(&mut holder)
        .await
        .unwrap();
    diesel::sql_query("LOCK TABLE tournaments IN ACCESS EXCLUSIVE MODE")
        .execute(&mut holder)
        .await
        .unwrap();
    let request = tokio::spawn(service.get(&path).send());
    let mut killer = AsyncPgConnection::establish(&service.database_url)
        .await
        .unwrap();
    let deadline = Instant::now() + Duration::from_secs(20);
    loop {
        let terminated = diesel::sql_query(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity \
             WHERE datname = current_database() AND wait_event_type = 'Lock' \
             AND pid <> pg_backend_pid()",
        )
        .execute(&mut killer)
        .await
        .unwrap();
        if terminated == 1 {
            break;
        }
        assert!(
            Instant::now() < deadline,
            "the request never waited on the lock"
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    let response = request.await.unwrap().unwrap();
    assert_eq!(
        response
            .headers()
            .get("retry-after")
            .map(|value| value.to_str().unwrap()),
        Some("1")
    );
    problem(response, 503, "database.unavailable").await;
    diesel::sql_query("ROLLBACK")
        .execute(&mut holder)
        .await
        .unwrap();
    let again = service.get(&path).send().await.unwrap();
    let again: Tournament = read(again, 200).await;
    assert_eq!(again.id, tournament.id);
}

/// Made-up methods are counted under `method="other"`: 300 of them, each a new name, add a
/// line or two to `/metrics`, not a series each.
#[tokio::test]
async fn made_up_methods_do_not_grow_the_metrics() {
    let service = TestService::start().await;
    let before = service.metrics_text().await;
    for index in 0..300 {
        let method = Method::from_bytes(format!("MADEUP{index}").as_bytes()).unwrap();
        let response = service
            .request(method, "/health", None)
            .send()
            .await
            .unwrap();
        assert_eq!(response.status(), 405);
    }
    let after = service.metrics_text().await;
    assert!(
        after.len() < before.len() + 10 * 1024,
        "/metrics grew from {} to {} bytes",
        before.len(),
        after.len()
    );
    assert!(
        after.contains(
            r#"arbitre_http_requests_total{method="other",route="/health",status="405"} 300"#
        ),
        "{after}"
    );
}
