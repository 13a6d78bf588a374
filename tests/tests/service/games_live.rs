//! Live games across processes: event streams resumed with `Last-Event-ID`, two
//! `arbitre serve` on one database (an SSE client of one sees the turns posted to the
//! other), and kill -9 and SIGTERM in the middle of a stream of turns.

use crate::games::{play, post_turn, setup, start_game, turn_body};
use arbitre_api::routes::games::{GameEvent, GameEventList};
use arbitre_api::services::live::view::GameState;
use arbitre_api::services::opengotha::Imported;
use arbitre_core::history::Action;
use arbitre_core::table::TableEvent;
use arbitre_tests::api::{game_problem, problem, read, table_event};
use arbitre_tests::served::Served;
use arbitre_tests::TestService;
use serde_json::json;
use std::process::Command;
use std::time::{Duration, Instant};

/// A server-sent event: its id, its kind and the log entry it carries.
type Sent = (String, String, GameEvent);

/// Reads server-sent events from `response` until `enough` says so (or 20 s pass);
/// returns the events as (id, event, data).
async fn read_events(
    response: &mut reqwest::Response,
    enough: impl Fn(&[Sent]) -> bool,
) -> Vec<Sent> {
    let deadline = Instant::now() + Duration::from_secs(20);
    let mut buffer = String::new();
    let mut events = Vec::new();
    while !enough(&events) {
        let left = deadline.saturating_duration_since(Instant::now());
        assert!(!left.is_zero(), "not enough events within 20 s: {events:?}");
        let Ok(Ok(Some(chunk))) = tokio::time::timeout(left, response.chunk()).await else {
            panic!("the stream ended or stalled: {events:?}");
        };
        buffer.push_str(&String::from_utf8_lossy(&chunk));
        while let Some(end) = buffer.find("\n\n") {
            let block: String = buffer.drain(..end + 2).collect();
            let (mut id, mut event, mut data) = (String::new(), String::new(), None);
            for line in block.lines() {
                if let Some(value) = line.strip_prefix("id: ") {
                    id = value.to_string();
                } else if let Some(value) = line.strip_prefix("event: ") {
                    event = value.to_string();
                } else if let Some(value) = line.strip_prefix("data: ") {
                    data = Some(serde_json::from_str(value).unwrap_or_else(|error| {
                        panic!("the data is not a log entry: {error}: {value}")
                    }));
                }
            }
            if let Some(data) = data {
                events.push((id, event, data));
            }
        }
    }
    events
}

fn turns(events: &[Sent]) -> usize {
    events.iter().filter(|(_, kind, _)| kind == "turn").count()
}

/// The points of the turns among `entries`, in SGF (`cc`), in order: each placed a stone.
fn moves<'a>(entries: impl IntoIterator<Item = &'a GameEvent>) -> Vec<String> {
    entries
        .into_iter()
        .filter(|entry| entry.kind == "turn")
        .map(|entry| match table_event(entry) {
            TableEvent::Turn {
                action: Action::Move(point),
                ..
            } => point.to_sgf(),
            other => panic!("not a move: {other:?}"),
        })
        .collect()
}

#[tokio::test]
async fn game_and_tournament_streams_resume_from_the_last_event_id() {
    let service = TestService::start().await;
    let setup = setup(&service, json!({}), 1).await;
    let game = start_game(&service, &setup, 0, json!({})).await;
    let mut tournament_stream = service
        .get(&format!("/tournaments/{}/stream", setup.tournament_id))
        .send()
        .await
        .unwrap();
    assert_eq!(
        tournament_stream.headers()["content-type"],
        "text/event-stream"
    );
    for (index, point) in ["cc", "gg", "cg"].iter().enumerate() {
        play(&service, &setup.tables[0], &game, index as u32 + 1, point).await;
    }
    let mut stream = service
        .get(&format!("/games/{game}/stream"))
        .send()
        .await
        .unwrap();
    let events = read_events(&mut stream, |events| turns(events) >= 3).await;
    assert_eq!(events[0].1, "start");
    let ids: Vec<i64> = events
        .iter()
        .map(|(id, _, _)| id.parse().unwrap())
        .collect();
    assert_eq!(ids, (1..=ids.len() as i64).collect::<Vec<_>>());
    // Resumed after the second entry: the rest only, then what comes next.
    let mut resumed = service
        .get(&format!("/games/{game}/stream"))
        .header("Last-Event-ID", "2")
        .send()
        .await
        .unwrap();
    play(&service, &setup.tables[0], &game, 4, "gc").await;
    let events = read_events(&mut resumed, |events| turns(events) >= 3).await;
    assert_eq!(events[0].0, "3");
    assert_eq!(events.last().unwrap().2.turn_number, Some(4));
    // The tournament stream (opened before the turns) saw all four.
    let events = read_events(&mut tournament_stream, |events| turns(events) >= 4).await;
    assert!(events
        .iter()
        .all(|(_, _, data)| data.game_id.to_string() == game));
}

#[tokio::test]
async fn an_sse_client_of_one_instance_sees_turns_posted_to_another() {
    let service = TestService::start().await;
    let setup = setup(&service, json!({}), 1).await;
    let game = start_game(&service, &setup, 0, json!({})).await;
    let first = Served::start(&service.database_url).await;
    let second = Served::start(&service.database_url).await;
    let client = arbitre_tests::client();
    let mut stream = client
        .get(format!("{}/games/{game}/stream", first.base))
        .send()
        .await
        .unwrap();
    assert_eq!(stream.status(), 200);
    let mut tournament = client
        .get(format!(
            "{}/tournaments/{}/stream",
            first.base, setup.tournament_id
        ))
        .send()
        .await
        .unwrap();
    // The game's stream has caught up with the log (its start) before the turns are
    // posted elsewhere; the tournament's follows from its opening.
    let caught_up = read_events(&mut stream, |events| !events.is_empty()).await;
    assert_eq!(caught_up[0].1, "start");
    let posted = Instant::now();
    for (index, point) in ["cc", "gg", "cg", "gc"].iter().enumerate() {
        let response = client
            .post(format!("{}/games/{game}/turns", second.base))
            .bearer_auth(&setup.tables[0])
            .json(&turn_body(index as u32 + 1, point))
            .send()
            .await
            .unwrap();
        let _: GameState = read(response, 201).await;
    }
    let events = read_events(&mut stream, |events| turns(events) >= 4).await;
    // Woken by the notification, not by the keepalive's re-read 15 s later.
    assert!(
        posted.elapsed() < Duration::from_secs(5),
        "{:?}",
        posted.elapsed()
    );
    let points = moves(events.iter().map(|(_, _, data)| data));
    assert_eq!(points, ["cc", "gg", "cg", "gc"]);
    let events = read_events(&mut tournament, |events| turns(events) >= 4).await;
    assert_eq!(turns(&events), 4);
    drop(second);
}

#[tokio::test]
async fn an_instance_whose_kept_game_is_behind_another_instances_turns_judges_on_the_stored_game() {
    let service = TestService::start().await;
    let setup = setup(&service, json!({}), 1).await;
    let game = start_game(&service, &setup, 0, json!({})).await;
    let other = Served::start(&service.database_url).await;
    let client = arbitre_tests::client();
    let table = &setup.tables[0];
    let post_to_other = |turn: u32, point: &'static str| {
        client
            .post(format!("{}/games/{game}/turns", other.base))
            .bearer_auth(table)
            .json(&turn_body(turn, point))
            .send()
    };
    // This instance keeps the game after turn 1; the other records turns 2 and 3.
    play(&service, table, &game, 1, "cc").await;
    let _: GameState = read(post_to_other(2, "gg").await.unwrap(), 201).await;
    let _: GameState = read(post_to_other(3, "cg").await.unwrap(), 201).await;
    // Turn 2 again, valid on the kept game but stale on the stored one: 409, no turn
    // stored (the refusal is kept in the log for the referee).
    let stale = game_problem(
        post_turn(&service, table, &game, 2, "ee").await,
        409,
        "game.stale_turn",
    )
    .await;
    assert_eq!(stale.state.as_ref().unwrap().turns, 3, "{stale:?}");
    // Turn 4, stale on the kept game but next on the stored one: recorded.
    let state = play(&service, table, &game, 4, "gc").await;
    assert_eq!(state.turns, 4, "{state:?}");
    // Occupied on the stored game only (by the other instance's turn 5): refused as illegal.
    let _: GameState = read(post_to_other(5, "ee").await.unwrap(), 201).await;
    problem(
        post_turn(&service, table, &game, 6, "ee").await,
        422,
        "illegal_move.occupied",
    )
    .await;
    let events = service.api().anonymous().game_events(&game).await;
    assert_eq!(moves(&events), ["cc", "gg", "cg", "gc", "ee"]);
}

/// A game whose turns were being streamed to an `arbitre serve` when it got a signal.
struct Interrupted {
    service: TestService,
    table: String,
    game: String,
    /// The turns streamed, in order.
    points: Vec<String>,
    /// The turns answered 201 before the server went away.
    acknowledged: usize,
    exit: std::process::ExitStatus,
}

impl Interrupted {
    /// Streams turns to a server and sends it `signal` in the middle of the stream.
    async fn stream_then_signal(signal: &str) -> Interrupted {
        let service = TestService::start().await;
        let setup = setup(
            &service,
            json!({"time_control": {"system": "none"}, "board_size": 19}),
            1,
        )
        .await;
        let game = start_game(&service, &setup, 0, json!({})).await;
        let served = Served::start(&service.database_url).await;
        // Every other point of every other row: no captures, no suicide.
        let points: Vec<String> = (0..19u8)
            .step_by(2)
            .flat_map(|y| {
                (0..19u8)
                    .step_by(2)
                    .map(move |x| format!("{}{}", (b'a' + x) as char, (b'a' + y) as char))
            })
            .collect();
        let client = arbitre_tests::client();
        let base = served.base.clone();
        let table = setup.tables[0].clone();
        let (game_id, sent, token) = (game.clone(), points.clone(), table.clone());
        // The streamer pauses after its 20th acknowledged turn until the signal is under way,
        // so it lands in the middle of the stream however fast the machine is.
        let (reached, paused) = tokio::sync::oneshot::channel::<()>();
        let (resume, resumed) = tokio::sync::oneshot::channel::<()>();
        // Turns are streamed until the server goes away; each answered 201 is acknowledged.
        let streamer = tokio::spawn(async move {
            let mut acknowledged = 0;
            let mut pause = Some((reached, resumed));
            for (index, point) in sent.iter().enumerate() {
                let response = client
                    .post(format!("{base}/games/{game_id}/turns"))
                    .bearer_auth(&token)
                    .header("Idempotency-Key", format!("turn-{}", index + 1))
                    .json(&turn_body(index as u32 + 1, point))
                    .send()
                    .await;
                match response {
                    Ok(response) if response.status() == 201 => acknowledged += 1,
                    _ => break,
                }
                if acknowledged == 20 {
                    if let Some((reached, resumed)) = pause.take() {
                        reached.send(()).unwrap();
                        resumed.await.unwrap();
                    }
                }
            }
            acknowledged
        });
        paused.await.unwrap();
        resume.send(()).unwrap();
        // Let the next turn get under way on the other worker, then signal the server under it.
        tokio::time::sleep(Duration::from_millis(1)).await;
        let exit = served.signal(signal);
        let acknowledged = streamer.await.unwrap();
        assert!(
            acknowledged >= 20 && acknowledged < points.len(),
            "{acknowledged} turns acknowledged"
        );
        Interrupted {
            service,
            table,
            game,
            points,
            acknowledged,
            exit,
        }
    }

    /// The turns stored, read back through a new server: their number and the moves.
    async fn stored(&self, served: &Served) -> (usize, Vec<String>) {
        let client = arbitre_tests::client();
        let state: GameState = read(
            client
                .get(format!("{}/games/{}", served.base, self.game))
                .send()
                .await
                .unwrap(),
            200,
        )
        .await;
        let log: GameEventList = read(
            client
                .get(format!("{}/games/{}/events", served.base, self.game))
                .send()
                .await
                .unwrap(),
            200,
        )
        .await;
        (state.turns as usize, moves(&log.items))
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn after_kill_9_every_acknowledged_turn_is_there_and_nothing_else() {
    let interrupted = Interrupted::stream_then_signal("KILL").await;
    let acknowledged = interrupted.acknowledged;
    let restarted = Served::start(&interrupted.service.database_url).await;
    let (stored, moves) = interrupted.stored(&restarted).await;
    // The turn in flight at the kill may have committed unacknowledged; nothing more.
    assert!(
        stored == acknowledged || stored == acknowledged + 1,
        "{stored} stored, {acknowledged} acknowledged"
    );
    assert_eq!(moves, interrupted.points[..stored]);
    // The retry of the turn in flight, with its key, records it once (or answers the first response).
    let retry = arbitre_tests::client()
        .post(format!(
            "{}/games/{}/turns",
            restarted.base, interrupted.game
        ))
        .bearer_auth(&interrupted.table)
        .header("Idempotency-Key", format!("turn-{}", acknowledged + 1))
        .json(&turn_body(
            acknowledged as u32 + 1,
            &interrupted.points[acknowledged],
        ))
        .send()
        .await
        .unwrap();
    let after: GameState = read(retry, 201).await;
    assert_eq!(after.turns as usize, acknowledged + 1);
}

/// SIGTERM (a deployment, `docker stop`): the server stops taking requests, answers the ones
/// it has, and exits 0; exactly the acknowledged turns are stored.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn after_sigterm_the_turn_in_flight_is_answered_and_the_server_exits_cleanly() {
    let interrupted = Interrupted::stream_then_signal("TERM").await;
    assert!(
        interrupted.exit.success(),
        "arbitre serve exited with {}",
        interrupted.exit
    );
    let restarted = Served::start(&interrupted.service.database_url).await;
    let (stored, moves) = interrupted.stored(&restarted).await;
    assert_eq!(
        stored, interrupted.acknowledged,
        "a turn stored is a turn answered"
    );
    assert_eq!(moves, interrupted.points[..stored]);
}

#[tokio::test]
async fn a_tournament_stream_gets_every_turn_of_concurrent_games_once() {
    let service = std::sync::Arc::new(TestService::start().await);
    let setup = setup(&service, json!({}), 8).await;
    let mut games = Vec::new();
    for index in 0..8 {
        games.push(start_game(&service, &setup, index, json!({})).await);
    }
    let mut stream = service
        .get(&format!("/tournaments/{}/stream", setup.tournament_id))
        .send()
        .await
        .unwrap();
    let points = ["aa", "ca", "ea", "ga", "ia", "ac", "cc", "ec", "gc", "ic"];
    let mut tablets = Vec::new();
    for (index, game) in games.iter().enumerate() {
        let (service, game, table) = (service.clone(), game.clone(), setup.tables[index].clone());
        tablets.push(tokio::spawn(async move {
            for (turn, point) in points.iter().enumerate() {
                play(&service, &table, &game, turn as u32 + 1, point).await;
            }
        }));
    }
    for tablet in tablets {
        tablet.await.unwrap();
    }
    let events = read_events(&mut stream, |events| turns(events) >= 80).await;
    let mut seen: Vec<(uuid::Uuid, i32)> = events
        .iter()
        .filter(|(_, kind, _)| kind == "turn")
        .map(|(_, _, data)| (data.game_id, data.turn_number.unwrap()))
        .collect();
    let count = seen.len();
    seen.sort();
    seen.dedup();
    assert_eq!((count, seen.len()), (80, 80), "every turn once");
}

/// Ids are drawn at insert and commit in any order: a tournament's stream holds back what
/// follows an id still uncommitted, then sends both in the order of their ids, so a client
/// resuming after an id has missed nothing below it.
#[tokio::test]
async fn a_tournament_stream_waits_for_an_uncommitted_id_and_sends_ids_in_order() {
    use diesel::sql_types::Uuid as SqlUuid;
    use diesel_async::{AsyncConnection, AsyncPgConnection, RunQueryDsl};
    let service = TestService::start().await;
    let setup = setup(&service, json!({}), 2).await;
    let game = start_game(&service, &setup, 0, json!({})).await;
    let other = start_game(&service, &setup, 1, json!({})).await;
    play(&service, &setup.tables[0], &game, 1, "cc").await;
    // A transaction on the other game draws the next id and holds it, uncommitted (on the
    // same game it would hold the game's lock, which the next turn waits for).
    let mut held = AsyncPgConnection::establish(&service.database_url)
        .await
        .unwrap();
    diesel::sql_query("BEGIN").execute(&mut held).await.unwrap();
    diesel::sql_query(
        "INSERT INTO game_events (game_id, seq, tournament_id, kind, ruling, at_ms) \
         VALUES ($1, 1000, $2, 'ruling', '{\"kind\": \"warning\", \"reason\": \"held\"}', 0)",
    )
    .bind::<SqlUuid, _>(other.parse::<uuid::Uuid>().unwrap())
    .bind::<SqlUuid, _>(setup.tournament_id.parse::<uuid::Uuid>().unwrap())
    .execute(&mut held)
    .await
    .unwrap();
    // A later turn commits with a higher id.
    play(&service, &setup.tables[0], &game, 2, "gg").await;
    let mut stream = service
        .get(&format!("/tournaments/{}/stream", setup.tournament_id))
        .header("Last-Event-ID", "0")
        .send()
        .await
        .unwrap();
    let before = read_events(&mut stream, |events| turns(events) >= 1).await;
    assert_eq!(
        before
            .iter()
            .map(|(_, kind, _)| kind.as_str())
            .collect::<Vec<_>>(),
        ["start", "start", "turn"]
    );
    // While an id below turn 2 is missing, the stream catching up from id 0 reads the log
    // again every few milliseconds: once it has read it twice more, turn 2 would be out
    // had it not been held back. Nothing is on the stream then (bytes already sent arrive on the loopback
    // within the short read below), and the order read after the commit shows the same.
    const CATCH_UP_READS: &str = "arbitre_event_catch_up_reads_total";
    let reads = service.metric(CATCH_UP_READS).await;
    let deadline = Instant::now() + Duration::from_secs(10);
    while service.metric(CATCH_UP_READS).await < reads + 2 {
        assert!(
            Instant::now() < deadline,
            "the stream did not read the log again while an id was missing"
        );
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    let early = tokio::time::timeout(Duration::from_millis(100), stream.chunk()).await;
    assert!(
        early.is_err(),
        "turn 2 was sent while a lower id was uncommitted: {early:?}"
    );
    diesel::sql_query("COMMIT")
        .execute(&mut held)
        .await
        .unwrap();
    let after = read_events(&mut stream, |events| turns(events) >= 1).await;
    let kinds: Vec<&str> = after.iter().map(|(_, kind, _)| kind.as_str()).collect();
    assert_eq!(kinds, ["ruling", "turn"], "{after:?}");
    let ids: Vec<i64> = before
        .iter()
        .chain(&after)
        .map(|(id, _, _)| id.parse().unwrap())
        .collect();
    assert!(
        ids.windows(2).all(|pair| pair[0] < pair[1]),
        "ids in order: {ids:?}"
    );
    assert_eq!(after[1].2.turn_number, Some(2));
}

/// SIGTERM with a client on an event stream: the stream ends at once (the client
/// reconnects elsewhere with `Last-Event-ID`) and the server exits well before its grace
/// period for requests in flight.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sigterm_ends_open_streams_and_the_server_exits_at_once() {
    let service = TestService::start().await;
    let tournament = service.api().create_tournament(json!({})).await;
    let mut served = Served::start(&service.database_url).await;
    let mut stream = arbitre_tests::client()
        .get(format!(
            "{}/tournaments/{}/stream",
            served.base, tournament.id
        ))
        .send()
        .await
        .unwrap();
    assert_eq!(stream.status(), 200);
    let first = stream.chunk().await.unwrap().unwrap();
    assert!(first.starts_with(b"retry:"), "{first:?}");
    let signalled = Instant::now();
    let status = Command::new("kill")
        .args(["-TERM", &served.child.id().to_string()])
        .status()
        .unwrap();
    assert!(status.success());
    let ended = tokio::time::timeout(Duration::from_secs(5), async {
        while let Ok(Some(_)) = stream.chunk().await {}
    })
    .await;
    assert!(ended.is_ok(), "the stream stayed open after SIGTERM");
    let exit = loop {
        if let Some(exit) = served.child.try_wait().unwrap() {
            break exit;
        }
        assert!(
            signalled.elapsed() < Duration::from_secs(5),
            "arbitre serve still runs 5 s after SIGTERM"
        );
        tokio::time::sleep(Duration::from_millis(10)).await;
    };
    let took = signalled.elapsed();
    assert!(exit.success(), "arbitre serve exited with {exit}");
    assert!(
        took < Duration::from_secs(2),
        "exited {took:?} after SIGTERM"
    );
}

#[tokio::test]
async fn sigterm_stops_the_server_at_once_while_a_large_round_is_drafted() {
    let service = TestService::start().await;
    let mut served = Served::start(&service.database_url).await;
    let client = arbitre_tests::client();
    // 3,000 players, none paired yet: drafting their first round takes far longer than a
    // stop may.
    let mut xml = String::from(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<Tournament dataVersion=\"201\">\n<Players>\n",
    );
    for index in 0..3000 {
        xml.push_str(&format!(
            "<Player firstName=\"F{index}\" name=\"N{index}\" rank=\"{}K\" registeringStatus=\"FIN\"/>\n",
            1 + index % 20
        ));
    }
    xml.push_str(
        "</Players>\n<TournamentParameterSet>\n\
         <GeneralParameterSet beginDate=\"2026-11-21\" endDate=\"2026-11-22\" komi=\"7.5\" location=\"Lyon\" name=\"Grand\" numberOfRounds=\"5\" shortName=\"G\"/>\n\
         <HandicapParameterSet hdCorrection=\"1\"/>\n<PlacementParameterSet>\n<PlacementCriteria>\n\
         <PlacementCriterion name=\"MMS\" number=\"1\"/>\n</PlacementCriteria>\n</PlacementParameterSet>\n\
         </TournamentParameterSet>\n</Tournament>\n",
    );
    let imported = client
        .post(format!("{}/tournaments/import", served.base))
        .bearer_auth(&service.admin_token)
        .header("content-type", "application/xml")
        .body(xml)
        .send()
        .await
        .unwrap();
    let imported: Imported = read(imported, 201).await;
    let draft = client
        .post(format!(
            "{}/tournaments/{}/rounds/1/pairings/draft",
            served.base, imported.tournament_id
        ))
        .bearer_auth(&service.admin_token)
        .json(&json!({}))
        .send();
    const STAFF_JOBS: &str = "arbitre_heavy_jobs_total{class=\"staff\"}";
    let jobs_before = served.metric(STAFF_JOBS).await;
    let draft = tokio::spawn(draft);
    // The signal comes once the draft is under way on the heavy pool.
    let deadline = Instant::now() + Duration::from_secs(30);
    while served.metric(STAFF_JOBS).await == jobs_before {
        assert!(Instant::now() < deadline, "the draft never started");
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    let signalled = Instant::now();
    let status = Command::new("kill")
        .args(["-TERM", &served.child.id().to_string()])
        .status()
        .unwrap();
    assert!(status.success());
    // The draft in flight is answered at once, and the server exits.
    let answer = tokio::time::timeout(Duration::from_secs(10), draft)
        .await
        .expect("the draft is answered after SIGTERM")
        .unwrap()
        .unwrap();
    problem(answer, 503, "service.stopping").await;
    let exit = loop {
        if let Some(exit) = served.child.try_wait().unwrap() {
            break exit;
        }
        assert!(
            signalled.elapsed() < Duration::from_secs(10),
            "arbitre serve still runs 10 s after SIGTERM, with a draft in flight"
        );
        tokio::time::sleep(Duration::from_millis(10)).await;
    };
    assert!(exit.success(), "arbitre serve exited with {exit}");
}
