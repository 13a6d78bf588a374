//! `/health`, `/ready`, `/metrics`, the docs page, unknown routes and methods.

use crate::{expect_json, expect_problem};
use arbitre_tests::TestService;
use reqwest::Method;

#[tokio::test]
async fn health_and_ready_answer_with_a_request_id() {
    let service = TestService::start().await;
    let health = service.get("/health").send().await.unwrap();
    assert!(health.headers().contains_key("x-request-id"));
    assert_eq!(expect_json(health, 200).await["status"], "ok");
    assert_eq!(
        expect_json(service.get("/ready").send().await.unwrap(), 200).await["status"],
        "ready"
    );
}

#[tokio::test]
async fn metrics_count_requests_by_route_and_status() {
    let service = TestService::start().await;
    service.get("/health").send().await.unwrap();
    service.get("/no/such/route").send().await.unwrap();
    let metrics = service
        .get("/metrics")
        .send()
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
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
    expect_problem(
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
    expect_problem(response, 405, "method_not_allowed").await;
}

#[tokio::test]
async fn docs_are_served_offline() {
    let service = TestService::start().await;
    let page = service.get("/docs/").send().await.unwrap();
    assert_eq!(page.status(), 200);
    assert!(page.text().await.unwrap().contains("swagger"));
    let document = expect_json(service.get("/openapi.json").send().await.unwrap(), 200).await;
    assert_eq!(document["info"]["title"], "arbitre");
}
