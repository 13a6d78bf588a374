//! The connection budgets (issue 42): one anonymous client opening streams or connections
//! until refused gets 503 with `Retry-After`, and the tablets, the staff and `/health` are
//! served all along.

use crate::expect_problem;
use crate::games::{play, setup, start_game};
use arbitre_api::http::budget::Limits;
use arbitre_tests::TestService;
use serde_json::json;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

/// The budgets of these tests: a process of 20,000 descriptors, a few per client.
fn limits(connections_per_peer: usize, streams_per_peer: usize) -> Limits {
    Limits::from_descriptors(20_000, connections_per_peer, streams_per_peer)
}

async fn start(limits: Limits) -> TestService {
    TestService::start_serving(arbitre_api::server::Capacity {
        budget: limits,
        ..TestService::capacity()
    })
    .await
}

/// Sends `request` (its head, without the blank line) on a new raw connection and reads
/// the response head: its status line and headers.
async fn raw(base_url: &str, request: &str) -> (TcpStream, String) {
    let address = base_url.trim_start_matches("http://");
    let mut connection = TcpStream::connect(address).await.unwrap();
    connection
        .write_all(format!("{request}\r\nHost: {address}\r\n\r\n").as_bytes())
        .await
        .unwrap();
    let mut head = Vec::new();
    let mut byte = [0u8; 1];
    while !head.ends_with(b"\r\n\r\n") {
        let read = connection.read(&mut byte).await.unwrap();
        assert_eq!(read, 1, "the connection closed before the head's end");
        head.push(byte[0]);
    }
    (connection, String::from_utf8(head).unwrap())
}

/// A client opening the tournament's stream again and again is refused at its budget (503,
/// `Retry-After`, `service.too_many_streams`) while the streams it holds stay open; a
/// tablet still plays and follows its game, and `/health` answers.
#[tokio::test]
async fn a_client_opening_streams_until_refused_gets_503_and_the_tablets_play_on() {
    const PER_PEER: usize = 8;
    let service = start(limits(usize::MAX, PER_PEER)).await;
    let setup = setup(&service, json!({}), 1).await;
    let game = start_game(&service, &setup, 0, json!({})).await;
    let stream = format!("/tournaments/{}/stream", setup.tournament_id);
    let mut held = Vec::new();
    let refused = loop {
        let (connection, head) = raw(&service.base_url, &format!("GET {stream} HTTP/1.1")).await;
        if !head.starts_with("HTTP/1.1 200") {
            break head;
        }
        held.push(connection);
        assert!(
            held.len() <= PER_PEER,
            "{} streams and none refused",
            held.len()
        );
    };
    assert_eq!(held.len(), PER_PEER);
    assert!(refused.starts_with("HTTP/1.1 503"), "{refused}");
    let lower = refused.to_ascii_lowercase();
    assert!(lower.contains("retry-after: 10\r\n"), "{refused}");
    assert!(lower.contains("application/problem+json"), "{refused}");
    let again = service.get(&stream).send().await.unwrap();
    expect_problem(again, 503, "service.too_many_streams").await;
    // The tablet plays and follows its game: a signed-in stream is not the phones'.
    play(&service, &setup.tables[0], &game, 1, "cc").await;
    let followed = service
        .request(
            reqwest::Method::GET,
            &format!("/games/{game}/stream"),
            Some(&setup.tables[0]),
        )
        .send()
        .await
        .unwrap();
    assert_eq!(followed.status(), 200);
    play(&service, &setup.tables[0], &game, 2, "gg").await;
    assert_eq!(service.get("/health").send().await.unwrap().status(), 200);
    // A stream closed gives its place back.
    drop(held.pop());
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(10);
    loop {
        let (_connection, head) = raw(&service.base_url, &format!("GET {stream} HTTP/1.1")).await;
        if head.starts_with("HTTP/1.1 200") {
            break;
        }
        assert!(
            std::time::Instant::now() < deadline,
            "no place back: {head}"
        );
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
}

/// A client holding more connections than its budget is refused on the new ones (503,
/// `Retry-After`, the connection closed), and a signed-in request or `/health` on such a
/// connection is served.
#[tokio::test]
async fn connections_beyond_a_clients_budget_are_refused_but_for_the_signed_in_and_health() {
    const PER_PEER: usize = 6;
    let service = start(limits(PER_PEER, usize::MAX)).await;
    let tournament = service.api().create_tournament(json!({})).await.id;
    let standings = format!("/tournaments/{tournament}/standings");
    // Each held connection asks `/health` (served on any connection, and kept open for
    // the next request): it is counted before the next one opens.
    let mut held = Vec::new();
    for _ in 0..PER_PEER {
        let (connection, head) = raw(&service.base_url, "GET /health HTTP/1.1").await;
        assert!(head.starts_with("HTTP/1.1 200"), "{head}");
        held.push(connection);
    }
    let (mut refused, head) = raw(&service.base_url, &format!("GET {standings} HTTP/1.1")).await;
    assert!(head.starts_with("HTTP/1.1 503"), "{head}");
    let lower = head.to_ascii_lowercase();
    assert!(lower.contains("retry-after: 10\r\n"), "{head}");
    assert!(lower.contains("connection: close\r\n"), "{head}");
    let mut rest = Vec::new();
    refused.read_to_end(&mut rest).await.unwrap();
    assert!(
        String::from_utf8_lossy(&rest).contains("service.too_many_connections"),
        "{}",
        String::from_utf8_lossy(&rest)
    );
    let (health, head) = raw(&service.base_url, "GET /health HTTP/1.1").await;
    assert!(head.starts_with("HTTP/1.1 200"), "{head}");
    let (staff, head) = raw(
        &service.base_url,
        &format!(
            "GET {standings} HTTP/1.1\r\nAuthorization: Bearer {}",
            service.admin_token
        ),
    )
    .await;
    assert!(head.starts_with("HTTP/1.1 200"), "{head}");
    // Once the client lets its connections go, it is served again.
    drop((held, health, staff));
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(10);
    loop {
        let (_connection, head) =
            raw(&service.base_url, &format!("GET {standings} HTTP/1.1")).await;
        if head.starts_with("HTTP/1.1 200") {
            break;
        }
        assert!(
            std::time::Instant::now() < deadline,
            "still refused: {head}"
        );
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
}
