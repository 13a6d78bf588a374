//! The event streams under a hall's load: one feed per tournament whatever the number of
//! streams, and a stream whose client has gone releases what it held.

use crate::games::{play, setup, start_game};
use arbitre_api::routes::games::PairingEvent;
use arbitre_tests::api::{fields, problem};
use arbitre_tests::TestService;
use diesel::sql_types::BigInt;
use diesel::QueryableByName;
use diesel_async::{AsyncConnection, AsyncPgConnection, RunQueryDsl};
use serde_json::json;
use std::time::{Duration, Instant};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

/// Waits up to `seconds` for `name` to read `value`.
async fn wait_for_metric(service: &TestService, name: &str, value: u64, seconds: u64) {
    let deadline = Instant::now() + Duration::from_secs(seconds);
    loop {
        let now = service.metric(name).await;
        if now == value {
            return;
        }
        assert!(
            Instant::now() < deadline,
            "{name} is {now}, not {value}, after {seconds} s"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// A stream opened on a raw connection, and what has been read of it and not yet taken.
struct Raw {
    connection: TcpStream,
    received: Vec<u8>,
}

/// A stream opened on a raw connection, its response head and first line read.
async fn open_raw(base_url: &str, path: &str) -> Raw {
    let address = base_url.trim_start_matches("http://");
    let mut connection = TcpStream::connect(address).await.unwrap();
    connection
        .write_all(format!("GET {path} HTTP/1.1\r\nHost: {address}\r\n\r\n").as_bytes())
        .await
        .unwrap();
    let mut stream = Raw {
        connection,
        received: Vec::new(),
    };
    let head = read_until(&mut stream, "retry: 1000\n\n").await;
    assert!(head.starts_with("HTTP/1.1 200"), "{head}");
    stream
}

/// Reads `stream` until `needle` comes (30 s at most): what was read up to its end.
async fn read_until(stream: &mut Raw, needle: &str) -> String {
    let mut buffer = [0u8; 4096];
    let deadline = Instant::now() + Duration::from_secs(30);
    loop {
        if let Some(at) = String::from_utf8_lossy(&stream.received).find(needle) {
            let taken: Vec<u8> = stream.received.drain(..at + needle.len()).collect();
            return String::from_utf8_lossy(&taken).into_owned();
        }
        let left = deadline.saturating_duration_since(Instant::now());
        let read = tokio::time::timeout(left, stream.connection.read(&mut buffer))
            .await
            .unwrap_or_else(|_| panic!("no {needle} within 30 s"))
            .unwrap();
        assert!(read > 0, "the stream ended before {needle}");
        stream.received.extend_from_slice(&buffer[..read]);
    }
}

/// The ids and kinds of the events in a stream's text, in order.
fn events(text: &str) -> Vec<(i64, String)> {
    text.split("\n\n")
        .filter_map(|event| {
            let field = |name: &str| {
                event
                    .lines()
                    .find_map(|line| line.strip_prefix(name).map(str::to_string))
            };
            Some((field("id: ")?.parse().ok()?, field("event: ")?))
        })
        .collect()
}

#[tokio::test]
async fn a_stream_closed_by_its_client_releases_its_feed_and_its_work() {
    let service = TestService::start().await;
    let setup = setup(&service, json!({}), 2).await;
    let game = start_game(&service, &setup, 0, json!({})).await;
    let marker = start_game(&service, &setup, 1, json!({})).await;
    let tournament_path = format!("/tournaments/{}/stream", setup.tournament_id);
    let tournament_stream = open_raw(&service.base_url, &tournament_path).await;
    let game_stream = open_raw(&service.base_url, &format!("/games/{game}/stream")).await;
    assert_eq!(service.metric("arbitre_event_streams").await, 2);
    assert_eq!(service.metric("arbitre_event_feeds").await, 2);
    drop(tournament_stream);
    drop(game_stream);
    // Closed by the client: gone within seconds, its feed with it.
    wait_for_metric(&service, "arbitre_event_streams", 0, 5).await;
    wait_for_metric(&service, "arbitre_event_feeds", 0, 5).await;
    // And its work: a turn costs no read of the log any more. A turn on another game,
    // followed anew, marks when the first turn's notice has been heard (one listener
    // hears the notices in commit order): by then the reads are the new feed's only, its
    // first and the one its turn's notice asks for.
    let reads = service.metric("arbitre_event_feed_reads_total").await;
    play(&service, &setup.tables[0], &game, 1, "cc").await;
    let mut marker_stream = open_raw(&service.base_url, &format!("/games/{marker}/stream")).await;
    read_until(&mut marker_stream, "event: start").await;
    wait_for_metric(&service, "arbitre_event_feed_reads_total", reads + 1, 5).await;
    play(&service, &setup.tables[1], &marker, 1, "cc").await;
    read_until(&mut marker_stream, "event: turn").await;
    assert_eq!(
        service.metric("arbitre_event_feed_reads_total").await,
        reads + 2
    );
}

#[derive(QueryableByName)]
struct Count {
    #[diesel(sql_type = BigInt)]
    count: i64,
}

#[tokio::test]
async fn a_thousand_streams_on_one_tournament_cost_the_database_one_listener_and_one_feed() {
    const STREAMS: usize = 1000;
    const TURNS: u32 = 4;
    let service = TestService::start().await;
    let setup = setup(&service, json!({}), 1).await;
    let game = start_game(&service, &setup, 0, json!({})).await;
    let path = format!("/tournaments/{}/stream", setup.tournament_id);
    let mut opening = tokio::task::JoinSet::new();
    for _ in 0..STREAMS {
        let (base, path) = (service.base_url.clone(), path.clone());
        opening.spawn(async move { open_raw(&base, &path).await });
    }
    let mut streams = opening.join_all().await;
    assert_eq!(
        service.metric("arbitre_event_streams").await,
        STREAMS as u64
    );
    assert_eq!(service.metric("arbitre_event_feeds").await, 1);
    let reads = service.metric("arbitre_event_feed_reads_total").await;
    for (turn, point) in (1..=TURNS).zip(["cc", "gg", "cg", "gc"]) {
        play(&service, &setup.tables[0], &game, turn, point).await;
    }
    // Every stream gets every turn...
    let mut reading = tokio::task::JoinSet::new();
    for mut stream in streams.drain(..) {
        reading.spawn(async move {
            read_until(&mut stream, &format!("\"turn_number\":{TURNS}")).await;
            stream
        });
    }
    let streams = reading.join_all().await;
    // ... from one feed that read the log about once per notice, not once per stream.
    let feed_reads = service.metric("arbitre_event_feed_reads_total").await - reads;
    assert!(
        feed_reads <= 3 * u64::from(TURNS),
        "{feed_reads} reads of the log for {TURNS} turns"
    );
    let mut connection = AsyncPgConnection::establish(&service.database_url)
        .await
        .unwrap();
    let listeners: Count = diesel::sql_query(
        "SELECT count(*) AS count FROM pg_stat_activity \
         WHERE datname = current_database() AND query ILIKE 'LISTEN%'",
    )
    .get_result(&mut connection)
    .await
    .unwrap();
    assert_eq!(listeners.count, 1);
    drop(streams);
    wait_for_metric(&service, "arbitre_event_streams", 0, 10).await;
    assert_eq!(service.metric("arbitre_event_feeds").await, 0);
}

#[tokio::test]
async fn a_stream_of_some_kinds_sends_those_alone_live_and_on_a_resume() {
    let service = TestService::start().await;
    let setup = setup(&service, json!({}), 1).await;
    let table = &setup.tables[0];
    let stream = format!("/tournaments/{}/stream", setup.tournament_id);
    let mut everything = open_raw(&service.base_url, &stream).await;
    let mut results = open_raw(&service.base_url, &format!("{stream}?kinds=result")).await;
    // Whatever kinds they follow, a tournament's streams share its one feed.
    assert_eq!(service.metric("arbitre_event_feeds").await, 1);
    let game = start_game(&service, &setup, 0, json!({})).await;
    play(&service, table, &game, 1, "ee").await;
    play(&service, table, &game, 2, "cc").await;
    let resigned = service.api().with_token(table).resign(&game, 3).await;
    assert_eq!(resigned.result.as_deref(), Some("W+R"));
    let all = events(&read_until(&mut everything, "event: result").await);
    let kinds: Vec<&str> = all.iter().map(|(_, kind)| kind.as_str()).collect();
    assert_eq!(kinds, ["start", "turn", "turn", "result"]);
    let result = all[3].clone();
    // Live, from the feed: the result alone, under the id every stream gives it.
    assert_eq!(
        events(&read_until(&mut results, "event: result").await),
        std::slice::from_ref(&result)
    );
    // On a resume from the start, from the log: the same.
    let mut resumed = open_raw(&service.base_url, &format!("{stream}?kinds=result&after=0")).await;
    assert_eq!(
        events(&read_until(&mut resumed, "event: result").await),
        std::slice::from_ref(&result)
    );
    // Two kinds: both, in the log's order.
    let mut starts = open_raw(
        &service.base_url,
        &format!("{stream}?kinds=start,result&after=0"),
    )
    .await;
    let both = events(&read_until(&mut starts, "event: result").await);
    assert_eq!(both, [all[0].clone(), result]);
    // A kind the log does not have is refused, naming the field.
    let refused = service
        .get(&format!("{stream}?kinds=result,moves"))
        .send()
        .await
        .unwrap();
    let refused = problem(refused, 422, "validation.failed").await;
    assert_eq!(fields(&refused)[0], "kinds", "{refused:?}");
}

/// A result recorded by hand on a pairing without a game (a paper result) goes out on the
/// tournament's stream as a game's result does, live and on a resume, so that the live
/// pages show it.
#[tokio::test]
async fn a_result_recorded_by_hand_reaches_the_tournament_stream() {
    let service = TestService::start().await;
    let setup = setup(&service, json!({}), 1).await;
    let tournament = &setup.tournament_id;
    let referee = service.api().with_token(&setup.referee);
    referee.start_round(tournament, 1).await;
    let stream = format!("/tournaments/{tournament}/stream");
    let mut phone = open_raw(&service.base_url, &format!("{stream}?kinds=result")).await;
    let pairing = &setup.pairings[0];
    referee.record_result(tournament, 1, pairing, "B+R").await;
    let mut live = read_until(&mut phone, "event: result").await;
    live.push_str(&read_until(&mut phone, "\n\n").await);
    let sent = events(&live);
    assert_eq!(sent.len(), 1, "{live}");
    assert_eq!(sent[0].1, "result");
    let data: PairingEvent = serde_json::from_str(
        live.lines()
            .find_map(|line| line.strip_prefix("data: "))
            .unwrap(),
    )
    .unwrap();
    assert_eq!(data.pairing_id.to_string(), *pairing, "{data:?}");
    assert_eq!(data.result.as_deref(), Some("B+R"), "{data:?}");
    // A client resuming from the start reads it from the log, under the same id.
    let mut resumed = open_raw(&service.base_url, &format!("{stream}?after=0")).await;
    assert_eq!(
        events(&read_until(&mut resumed, "event: result").await),
        sent
    );
}
