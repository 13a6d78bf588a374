//! The service's integration tests: one binary, each test on its own fresh database.

#![allow(clippy::unwrap_used, clippy::expect_used)]

mod bad_input;
mod board;
mod budgets;
mod credentials;
mod deletions;
mod drafts;
mod field_checks;
mod first_admin;
mod forms;
mod games;
mod games_live;
mod hall;
mod imports;
mod komi;
mod languages;
mod migrations;
mod openapi;
mod opengotha_import;
mod operations;
mod origin;
mod pairings;
mod player_copies;
mod player_record;
mod rating_list_pages;
mod rating_lists;
mod readme;
mod refused_forms;
mod responses;
mod restart;
mod results_grid;
mod revisions;
mod roles;
mod staff;
mod standings;
mod streams;
mod table;
mod tablets;
mod tournaments;
mod undo;

use arbitre_tests::TestService;
use reqwest::Method;
use serde_json::Value;

/// Sends `method` to `path` with `token` and the JSON `body`, if any.
pub async fn send(
    service: &TestService,
    method: Method,
    path: &str,
    token: &str,
    body: Option<&Value>,
) -> reqwest::Response {
    let mut request = service.request(method, path, Some(token));
    if let Some(body) = body {
        request = request.json(body);
    }
    request.send().await.unwrap()
}

/// Asserts an RFC 9457 problem with `status` and `code`, and returns it.
pub async fn expect_problem(response: reqwest::Response, status: u16, code: &str) -> Value {
    let (_, body) = arbitre_tests::api::problem_and_body(response, status, code).await;
    serde_json::from_str(&body).unwrap()
}

/// Asserts a success `status` and returns the JSON body.
pub async fn expect_json(response: reqwest::Response, status: u16) -> Value {
    arbitre_tests::api::read(response, status).await
}
