//! Live games over HTTP: turns judged by the core, the ko fight, stale turns and retries,
//! the flag sweep, the counting phase (rule 5 bis), referee rulings, SGF.

use arbitre_api::access::Role;
use arbitre_api::routes::games::rulings::GameRulingList;
use arbitre_api::routes::games::sgf::ImportedGame;
use arbitre_api::routes::games::GameEvent;
use arbitre_api::services::live::view::GameState;
use arbitre_core::ending::CountBasis;
use arbitre_core::history::Action;
use arbitre_core::table::{Asked, CountingStep, Decision, Refusal, ResultSource, TableEvent};
use arbitre_core::{Color, Point};
use arbitre_tests::api::{applied_ruling, game_problem, problem, read, table_event};
use arbitre_tests::{arbitre_binary, TestService};
use serde_json::{json, Value};
use std::time::Duration;
use uuid::Uuid;

/// A tournament with `pairings` games in round 1, and the tokens to play and rule them.
/// It is played on 9×9 boards (its games are short) unless `changes` say otherwise.
pub struct Setup {
    pub tournament_id: String,
    pub pairings: Vec<String>,
    pub tables: Vec<String>,
    pub referee: String,
}

pub async fn setup(service: &TestService, changes: Value, pairings: usize) -> Setup {
    let mut settings = json!({"board_size": 9});
    arbitre_tests::merge(&mut settings, changes);
    let tournament_id = service
        .api()
        .create_tournament(settings)
        .await
        .id
        .to_string();
    service.create_round(&tournament_id, 1).await;
    let tournament_uuid = Uuid::parse_str(&tournament_id).unwrap();
    let mut ids = Vec::new();
    let mut tables = Vec::new();
    for table in 0..pairings {
        let black = service
            .create_player(&tournament_id, &format!("Noir{table}"), "3k")
            .await;
        let white = service
            .create_player(&tournament_id, &format!("Blanc{table}"), "3k")
            .await;
        let pairing = service
            .api()
            .create_pairing(&tournament_id, 1, table as i32 + 1, &black, &white)
            .await;
        tables.push(
            service
                .token(Role::Table, Some(tournament_uuid), Some(pairing.id))
                .await,
        );
        ids.push(pairing.id.to_string());
    }
    let referee = service
        .token(Role::Referee, Some(tournament_uuid), None)
        .await;
    Setup {
        tournament_id,
        pairings: ids,
        tables,
        referee,
    }
}

/// Starts the game of pairing `index` on the tournament's board, with the terms of
/// `extra`; returns its id.
pub async fn start_game(
    service: &TestService,
    setup: &Setup,
    index: usize,
    extra: Value,
) -> String {
    let mut body = json!({"pairing_id": setup.pairings[index]});
    arbitre_tests::merge(&mut body, extra);
    // A term other than the pairing's is the staff's to set: the referee starts it.
    let game: GameState = service
        .api()
        .with_token(&setup.referee)
        .post(
            &format!("/tournaments/{}/games", setup.tournament_id),
            &body,
            201,
        )
        .await;
    game.id.to_string()
}

pub fn turn_body(turn: u32, point: &str) -> Value {
    if point == "pass" {
        json!({"turn": turn, "action": "pass"})
    } else {
        json!({"turn": turn, "action": "move", "point": point})
    }
}

pub async fn post_turn(
    service: &TestService,
    token: &str,
    game: &str,
    turn: u32,
    point: &str,
) -> reqwest::Response {
    service
        .post(&format!("/games/{game}/turns"), Some(token))
        .json(&turn_body(turn, point))
        .send()
        .await
        .unwrap()
}

pub async fn play(
    service: &TestService,
    token: &str,
    game: &str,
    turn: u32,
    point: &str,
) -> GameState {
    read(post_turn(service, token, game, turn, point).await, 201).await
}

/// A counting step as a tablet showing the game now sends it: answering the proposal on
/// the table (its `counting.revision`), unless `body` names another.
pub async fn counting(
    service: &TestService,
    token: &str,
    game: &str,
    mut body: Value,
) -> reqwest::Response {
    if body.get("revision").is_none() {
        let shown = game_state(service, game).await;
        let revision = shown.counting.map_or(0, |counting| counting.revision);
        arbitre_tests::merge(&mut body, json!({ "revision": revision }));
    }
    service
        .post(&format!("/games/{game}/counting"), Some(token))
        .json(&body)
        .send()
        .await
        .unwrap()
}

/// The game as anyone reads it.
pub async fn game_state(service: &TestService, game: &str) -> GameState {
    service.api().anonymous().game(game).await
}

/// The game's state once a flag sweep has settled it (`settled` holds): a sweep runs now,
/// at the service's clock; one the server's own sweep is settling at the same moment is
/// read again until that one has committed (within 5 s).
pub async fn swept(
    service: &TestService,
    game: &str,
    settled: impl Fn(&GameState) -> bool,
) -> GameState {
    for _ in 0..500 {
        service.sweep().await;
        let now = game_state(service, game).await;
        if settled(&now) {
            return now;
        }
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    panic!(
        "no sweep settled game {game}: {:?}",
        game_state(service, game).await
    );
}

pub async fn log(service: &TestService, game: &str) -> Vec<GameEvent> {
    service.api().anonymous().game_events(game).await
}

/// The log's entries of `kind` (`turn`, `clock`, `refused`, ...).
fn entries_of<'a>(entries: &'a [GameEvent], kind: &str) -> Vec<&'a GameEvent> {
    entries.iter().filter(|entry| entry.kind == kind).collect()
}

/// An SGF point, `ee`.
fn point(sgf: &str) -> Point {
    Point::from_sgf(sgf).unwrap()
}

/// Turns 1–8 set up a ko at the top left; Black's 9 at `cb` takes it.
const KO_SETUP: [&str; 9] = ["ba", "ca", "ab", "bb", "bc", "db", "gg", "cc", "cb"];

#[tokio::test]
async fn a_full_game_with_a_ko_fight_is_counted() {
    let service = TestService::start().await;
    let setup = setup(&service, json!({}), 1).await;
    let table = &setup.tables[0];
    let game = start_game(&service, &setup, 0, json!({})).await;
    for (index, point) in KO_SETUP.iter().enumerate() {
        play(&service, table, &game, index as u32 + 1, point).await;
    }
    // White retakes at once: the position after turn 8 comes back (FFG rule 4).
    let refused = game_problem(
        post_turn(&service, table, &game, 10, "bb").await,
        422,
        "illegal_move.superko",
    )
    .await;
    assert_eq!(refused.repeats_turn, Some(8));
    // A ko threat and its answer, then White retakes legally.
    play(&service, table, &game, 10, "gc").await;
    play(&service, table, &game, 11, "gd").await;
    let after = play(&service, table, &game, 12, "bb").await;
    // One stone each taken in the ko.
    assert_eq!(after.white_prisoners, 1);
    assert_eq!(after.black_prisoners, 1);
    let refused = game_problem(
        post_turn(&service, table, &game, 13, "cb").await,
        422,
        "illegal_move.superko",
    )
    .await;
    assert_eq!(refused.repeats_turn, Some(11));
    play(&service, table, &game, 13, "hh").await;
    play(&service, table, &game, 14, "cb").await;
    play(&service, table, &game, 15, "pass").await;
    let paused = play(&service, table, &game, 16, "pass").await;
    assert_eq!(paused.phase, "counting");
    assert_eq!(paused.clocks.status, "paused");
    let proposed: GameState = read(
        counting(
            &service,
            table,
            &game,
            json!({"action": "propose", "color": "B", "dead": []}),
        )
        .await,
        200,
    )
    .await;
    assert_eq!(proposed.phase, "counting");
    let counted: GameState = read(
        counting(
            &service,
            table,
            &game,
            json!({"action": "accept", "color": "W"}),
        )
        .await,
        200,
    )
    .await;
    assert_eq!(counted.phase, "finished");
    let count = counted.count.as_ref().unwrap();
    assert_eq!(count.basis, CountBasis::Agreement);
    assert!(count.breakdown.black.stones > 0, "{count:?}");
    let result = counted.result.as_deref().unwrap();
    assert!(result.starts_with("W+") || result.starts_with("B+"));
    // The log holds every turn once, in order, and nothing of the refused ones.
    let entries = log(&service, &game).await;
    let turns: Vec<i32> = entries_of(&entries, "turn")
        .iter()
        .map(|entry| entry.turn_number.unwrap())
        .collect();
    assert_eq!(turns, (1..=16).collect::<Vec<_>>());
    let seqs: Vec<i32> = entries.iter().map(|entry| entry.seq).collect();
    assert_eq!(seqs, (1..=seqs.len() as i32).collect::<Vec<_>>());
    // Finished: no more turns.
    problem(
        post_turn(&service, table, &game, 17, "ee").await,
        409,
        "game.finished",
    )
    .await;
    // The board picture marks nothing dead here, but draws the stones.
    let svg = service
        .get(&format!("/games/{game}/board.svg"))
        .send()
        .await
        .unwrap();
    assert_eq!(svg.headers()["content-type"], "image/svg+xml");
    assert!(svg.text().await.unwrap().contains("<circle"));
}

#[tokio::test]
async fn an_illegal_superko_is_refused_with_the_repeated_turn_and_nothing_stored() {
    let service = TestService::start().await;
    let setup = setup(&service, json!({}), 1).await;
    let table = &setup.tables[0];
    let game = start_game(&service, &setup, 0, json!({})).await;
    for (index, point) in KO_SETUP.iter().enumerate() {
        play(&service, table, &game, index as u32 + 1, point).await;
    }
    let before = log(&service, &game).await.len();
    let refused = game_problem(
        post_turn(&service, table, &game, 10, "bb").await,
        422,
        "illegal_move.superko",
    )
    .await;
    assert_eq!(refused.repeats_turn, Some(8));
    assert_eq!(refused.turn, Some(10));
    problem(
        post_turn(&service, table, &game, 10, "cb").await,
        422,
        "illegal_move.occupied",
    )
    .await;
    problem(
        post_turn(&service, table, &game, 10, "zz").await,
        422,
        "illegal_move.off_board",
    )
    .await;
    assert_eq!(log(&service, &game).await.len(), before);
    assert_eq!(game_state(&service, &game).await.next_turn, 10);
    // No token: refused.
    problem(
        service
            .post(&format!("/games/{game}/turns"), None)
            .json(&turn_body(10, "gc"))
            .send()
            .await
            .unwrap(),
        401,
        "auth.missing_token",
    )
    .await;
}

#[tokio::test]
async fn a_table_token_acts_only_on_its_own_game() {
    let service = TestService::start().await;
    let setup = setup(&service, json!({}), 2).await;
    let game = start_game(&service, &setup, 0, json!({})).await;
    problem(
        post_turn(&service, &setup.tables[1], &game, 1, "dd").await,
        403,
        "auth.forbidden",
    )
    .await;
    let ruling = json!({"kind": "warning", "reason": "noise"});
    let response = service
        .post(&format!("/games/{game}/rulings"), Some(&setup.tables[0]))
        .json(&ruling)
        .send()
        .await
        .unwrap();
    problem(response, 403, "auth.forbidden").await;
    problem(
        service
            .get(&format!("/games/{}", Uuid::now_v7()))
            .send()
            .await
            .unwrap(),
        404,
        "not_found.game",
    )
    .await;
}

#[tokio::test]
async fn twenty_clients_submitting_the_same_turn_record_it_once() {
    let service = std::sync::Arc::new(TestService::start().await);
    let setup = setup(&service, json!({}), 1).await;
    let game = start_game(&service, &setup, 0, json!({})).await;
    let mut tasks = Vec::new();
    for _ in 0..20 {
        let service = service.clone();
        let (table, game) = (setup.tables[0].clone(), game.clone());
        tasks.push(tokio::spawn(async move {
            post_turn(&service, &table, &game, 1, "ee")
                .await
                .status()
                .as_u16()
        }));
    }
    let mut statuses = Vec::new();
    for task in tasks {
        statuses.push(task.await.unwrap());
    }
    assert_eq!(
        statuses.iter().filter(|status| **status == 201).count(),
        1,
        "{statuses:?}"
    );
    assert_eq!(
        statuses.iter().filter(|status| **status == 409).count(),
        19,
        "{statuses:?}"
    );
    let entries = log(&service, &game).await;
    assert_eq!(entries_of(&entries, "turn").len(), 1);
    // A stale turn gets the current state.
    let refused = game_problem(
        post_turn(&service, &setup.tables[0], &game, 1, "ff").await,
        409,
        "game.stale_turn",
    )
    .await;
    assert_eq!(refused.state.unwrap().next_turn, 2);
}

#[tokio::test]
async fn retries_with_the_same_idempotency_key_never_duplicate() {
    let service = std::sync::Arc::new(TestService::start().await);
    let setup = setup(&service, json!({}), 1).await;
    let game = start_game(&service, &setup, 0, json!({})).await;
    let send = |service: std::sync::Arc<TestService>,
                token: String,
                game: String,
                key: &'static str,
                turn: u32,
                point: &'static str| async move {
        let response = service
            .post(&format!("/games/{game}/turns"), Some(&token))
            .header("Idempotency-Key", key)
            .json(&turn_body(turn, point))
            .send()
            .await
            .unwrap();
        (response.status().as_u16(), response.text().await.unwrap())
    };
    let mut tasks = Vec::new();
    for _ in 0..8 {
        tasks.push(tokio::spawn(send(
            service.clone(),
            setup.tables[0].clone(),
            game.clone(),
            "key-1",
            1,
            "ee",
        )));
    }
    let mut bodies = Vec::new();
    for task in tasks {
        let (status, body) = task.await.unwrap();
        assert_eq!(status, 201, "{body}");
        bodies.push(body);
    }
    assert!(
        bodies.windows(2).all(|pair| pair[0] == pair[1]),
        "every retry answers the first response"
    );
    // Later retries too, after another turn.
    let (status, _) = send(
        service.clone(),
        setup.tables[0].clone(),
        game.clone(),
        "key-2",
        2,
        "cc",
    )
    .await;
    assert_eq!(status, 201);
    let (status, body) = send(
        service.clone(),
        setup.tables[0].clone(),
        game.clone(),
        "key-1",
        1,
        "ee",
    )
    .await;
    assert_eq!((status, &body), (201, &bodies[0]));
    // The same key for another request is refused.
    let (status, body) = send(
        service.clone(),
        setup.tables[0].clone(),
        game.clone(),
        "key-1",
        3,
        "gg",
    )
    .await;
    assert_eq!(status, 422, "{body}");
    let entries = log(&service, &game).await;
    assert_eq!(entries_of(&entries, "turn").len(), 2);
}

#[tokio::test]
async fn a_loss_on_time_is_found_by_the_sweep() {
    let service = TestService::start().await;
    let setup = setup(
        &service,
        json!({"time_control": {"system": "absolute", "main_time_ms": 3_600_000}}),
        1,
    )
    .await;
    let game = start_game(&service, &setup, 0, json!({})).await;
    play(&service, &setup.tables[0], &game, 1, "ee").await;
    // An hour for each: White's runs out (the service's clock moved an hour on, not
    // waited for); nobody calls.
    service.advance(Duration::from_secs(3601));
    let finished = swept(&service, &game, |state| state.phase != "playing").await;
    assert_eq!(finished.phase, "finished", "{finished:?}");
    assert_eq!(finished.result.as_deref(), Some("B+T"));
    assert!(finished.clocks.white.out_of_time);
    let entries = log(&service, &game).await;
    // The flag's entry carries the result it gave the game.
    let loss = entries
        .iter()
        .find(|entry| entry.result.as_deref() == Some("B+T"))
        .unwrap();
    assert_eq!(loss.kind, "clock");
    assert!(
        matches!(
            table_event(loss),
            TableEvent::Flag {
                color: Color::White,
                ..
            }
        ),
        "{loss:?}"
    );
    assert_eq!(loss.issued_by, None, "recorded by the sweep");
    assert!(
        matches!(finished.result_source, Some(ResultSource::Clock { .. })),
        "{finished:?}"
    );
    let listed = service.api().anonymous().games(&setup.tournament_id).await;
    assert_eq!(listed.items[0].result.as_deref(), Some("B+T"));
}

#[tokio::test]
async fn a_dispute_resumes_play_and_ends_in_a_strict_count() {
    let service = TestService::start().await;
    let setup = setup(&service, json!({"dispute_policy": "strict"}), 1).await;
    let table = &setup.tables[0];
    let game = start_game(&service, &setup, 0, json!({})).await;
    for (index, point) in ["cc", "gg", "cg", "gc", "pass", "pass"].iter().enumerate() {
        play(&service, table, &game, index as u32 + 1, point).await;
    }
    assert_eq!(game_state(&service, &game).await.phase, "counting");
    // Black says White's gg is dead; White disagrees: play resumes, Black (who passed first) moves.
    let proposed = counting(
        &service,
        table,
        &game,
        json!({"action": "propose", "color": "B", "dead": ["gg"]}),
    )
    .await;
    let proposed: GameState = read(proposed, 200).await;
    let svg = service
        .get(&format!("/games/{game}/board.svg"))
        .send()
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    assert!(svg.contains("class=\"dead\""), "{svg}");
    assert_eq!(proposed.phase, "counting");
    let resumed: GameState = read(
        counting(
            &service,
            table,
            &game,
            json!({"action": "dispute", "color": "W"}),
        )
        .await,
        200,
    )
    .await;
    assert_eq!(resumed.phase, "playing");
    assert_eq!(resumed.to_move, Some(Color::Black));
    assert_eq!(resumed.clocks.status, "running");
    // Counting steps are refused while playing.
    problem(
        counting(
            &service,
            table,
            &game,
            json!({"action": "accept", "color": "W"}),
        )
        .await,
        409,
        "game.not_counting",
    )
    .await;
    play(&service, table, &game, 7, "ee").await;
    play(&service, table, &game, 8, "pass").await;
    let counted = play(&service, table, &game, 9, "pass").await;
    assert_eq!(counted.phase, "finished", "{counted:?}");
    let count = counted.count.as_ref().unwrap();
    assert_eq!(count.basis, CountBasis::Strict);
    assert!(count.dead.points().is_empty());
    assert!(counted.result.is_some());
}

/// FFG rule 5 bis: both players agree on the same dead stones. Two tablets at one table:
/// Black's acceptance, sent from the one that was offline, answers the proposal it showed
/// (none dead); White proposed Black's stone dead on the other meanwhile. The acceptance
/// is refused with the new proposal, nothing is stored, and Black answers the new one.
#[tokio::test]
async fn an_acceptance_of_a_replaced_proposal_is_refused_with_the_new_one() {
    let service = TestService::start().await;
    let setup = setup(&service, json!({}), 1).await;
    let table = &setup.tables[0];
    let game = start_game(&service, &setup, 0, json!({})).await;
    for (index, point) in ["ee", "cc", "pass", "pass"].iter().enumerate() {
        play(&service, table, &game, index as u32 + 1, point).await;
    }
    let shown_offline = game_state(&service, &game).await;
    let seen = shown_offline.counting.as_ref().unwrap().revision;
    assert_eq!(seen as i32, shown_offline.seq, "{shown_offline:?}");
    let proposed: GameState = read(
        counting(
            &service,
            table,
            &game,
            json!({"action": "propose", "color": "W", "dead": ["ee"], "revision": seen}),
        )
        .await,
        200,
    )
    .await;
    let current = proposed.counting.as_ref().unwrap().revision;
    assert_eq!(current as i32, proposed.seq);
    assert_ne!(current, seen);
    let entries = log(&service, &game).await.len();
    let refused = game_problem(
        counting(
            &service,
            table,
            &game,
            json!({"action": "accept", "color": "B", "revision": seen}),
        )
        .await,
        409,
        "counting.superseded",
    )
    .await;
    let answered = refused.state.as_ref().unwrap();
    let on_the_table = answered.counting.as_ref().unwrap();
    assert_eq!(on_the_table.revision, current, "{refused:?}");
    assert_eq!(on_the_table.proposal.points(), [point("ee")]);
    assert_eq!(on_the_table.accepted, [false, true]);
    // Nothing of the count changed; the refused step is kept for the referee (issue 43),
    // and the state answered is the log's with it.
    let after = log(&service, &game).await;
    assert_eq!(after.len(), entries + 1);
    let kept = &after[entries];
    assert_eq!(kept.kind, "refused", "{kept:?}");
    let TableEvent::Refused { refusal, .. } = table_event(kept) else {
        panic!("{kept:?}");
    };
    assert_eq!(
        refusal,
        Refusal {
            color: Color::Black,
            code: "counting.superseded".to_string(),
            asked: Asked::Counting {
                step: CountingStep::Accept {
                    color: Color::Black
                },
                revision: seen
            }
        },
        "{kept:?}"
    );
    assert_eq!(answered.seq, kept.seq);
    assert_eq!(game_state(&service, &game).await.phase, "counting");
    // Shown the new proposal, Black disputes it: play resumes, Black to move.
    let resumed: GameState = read(
        counting(
            &service,
            table,
            &game,
            json!({"action": "dispute", "color": "B", "revision": current}),
        )
        .await,
        200,
    )
    .await;
    assert_eq!(resumed.phase, "playing");
    assert!(resumed.counting.is_none());
}

/// Time as the table saw it (issue 43): turns that reach the service a minute late, in a
/// burst, are charged as the table's account says (the time each took there), never
/// before the game's last entry nor after their arrival, and the log keeps both instants.
#[tokio::test]
async fn turns_arriving_late_are_charged_the_time_they_took_at_the_table() {
    let service = TestService::start().await;
    let setup = setup(
        &service,
        json!({"time_control": {"system": "absolute", "main_time_ms": 600_000}}),
        1,
    )
    .await;
    let table = &setup.tables[0];
    let game = start_game(&service, &setup, 0, json!({})).await;
    let started = log(&service, &game).await[0].at_ms;
    // The hall's network is down for a minute: Black thought 4 s, White 7 s.
    service.advance(Duration::from_secs(60));
    let api = service.api().with_token(table);
    let turns = format!("/games/{game}/turns");
    for (turn, point, since, elapsed_ms) in [(1, "ee", 1, 4_000), (2, "cc", 2, 7_000)] {
        let body = json!({"turn": turn, "action": "move", "point": point,
                          "table_time": {"since": since, "elapsed_ms": elapsed_ms}});
        let _: GameState = api.post(&turns, &body, 201).await;
    }
    let entries = log(&service, &game).await;
    let instants: Vec<i64> = entries.iter().map(|entry| entry.at_ms).collect();
    assert_eq!(instants, [started, started + 4_000, started + 11_000]);
    let shown = game_state(&service, &game).await;
    assert_eq!(shown.clocks.white.main_ms, 600_000 - 7_000, "{shown:?}");
    // An account longer than the wall time since the last entry is held to the arrival.
    let body = json!({"turn": 3, "action": "move", "point": "gg",
                      "table_time": {"since": 3, "elapsed_ms": 10_000_000}});
    let _: GameState = api.post(&turns, &body, 201).await;
    let arrived = log(&service, &game).await[3].at_ms;
    assert!(
        arrived >= started + 60_000 && arrived < started + 10_000_000,
        "{arrived}"
    );
}

#[tokio::test]
async fn a_referee_ruling_changes_the_result_and_the_audit_trail_stays() {
    let service = TestService::start().await;
    let setup = setup(&service, json!({}), 1).await;
    let table = &setup.tables[0];
    let game = start_game(&service, &setup, 0, json!({})).await;
    play(&service, table, &game, 1, "ee").await;
    let resigned: GameState = service
        .api()
        .with_token(table)
        .post(
            &format!("/games/{game}/turns"),
            &json!({"turn": 2, "action": "resign"}),
            201,
        )
        .await;
    assert_eq!(resigned.result.as_deref(), Some("B+R"));
    let resign_seq = u32::try_from(resigned.seq).unwrap();
    // The tablet recorded the resignation of the wrong player: the referee corrects it.
    let referee = service.api().with_token(&setup.referee);
    let rulings = format!("/games/{game}/rulings");
    let ruling = json!({"kind": "result_correction", "reason": "Black resigned, not White", "result": "W+R", "corrects": resign_seq});
    let ruled: GameState = referee.post(&rulings, &ruling, 201).await;
    assert_eq!(ruled.result.as_deref(), Some("W+R"));
    let warning = json!({"kind": "warning", "reason": "talking during the game", "color": "B"});
    let _: GameState = referee.post(&rulings, &warning, 201).await;
    // The audit trail: both rulings, in order, with who and when (its `recorded_at`, which
    // the entry cannot be read without); the resignation is still there.
    let GameRulingList { items } = service.api().anonymous().game_rulings(&game).await;
    assert_eq!(items.len(), 2);
    let correction = applied_ruling(&items[0].entry).unwrap();
    assert_eq!(
        correction.ruling.decision,
        Decision::ResultCorrection {
            result: "W+R".parse().unwrap()
        }
    );
    assert_eq!(correction.previous_result, Some("B+R".parse().unwrap()));
    assert_eq!(correction.ruling.corrects, Some(resign_seq));
    assert!(items[0].entry.issued_by.is_some());
    let warned = applied_ruling(&items[1].entry).unwrap();
    assert_eq!(warned.ruling.decision.kind(), "warning");
    let entries = log(&service, &game).await;
    assert!(entries
        .iter()
        .any(|entry| matches!(table_event(entry), TableEvent::Resigned { .. })));
    let listed = service.api().anonymous().games(&setup.tournament_id).await;
    assert_eq!(listed.items[0].result.as_deref(), Some("W+R"));
    // The pairing's result, which the standings read, follows the ruling.
    let recorded = service
        .api()
        .anonymous()
        .pairing_result(&setup.tournament_id, 1, &setup.pairings[0])
        .await;
    assert_eq!(recorded.result.as_deref(), Some("W+R"), "{recorded:?}");
    // Bad rulings are refused.
    let bad = json!({"kind": "result_correction", "reason": "x", "result": "nonsense"});
    let response = service
        .post(&format!("/games/{game}/rulings"), Some(&setup.referee))
        .json(&bad)
        .send()
        .await
        .unwrap();
    problem(response, 422, "validation.failed").await;
}

#[tokio::test]
async fn a_referee_pauses_and_resumes_the_clocks() {
    let service = TestService::start().await;
    let setup = setup(&service, json!({}), 1).await;
    let game = start_game(&service, &setup, 0, json!({})).await;
    let referee = service.api().with_token(&setup.referee);
    let rulings = format!("/games/{game}/rulings");
    let pause = json!({"kind": "pause", "reason": "a player is ill"});
    let paused: GameState = referee.post(&rulings, &pause, 201).await;
    assert_eq!(paused.clocks.status, "paused");
    assert!(paused.clocks.paused_by_referee);
    problem(
        post_turn(&service, &setup.tables[0], &game, 1, "ee").await,
        409,
        "game.paused",
    )
    .await;
    // The refused move is kept in the log for the referee (issue 43): whose, what, why,
    // and the table's token that sent it; nothing was played.
    let entries = log(&service, &game).await;
    let kept = entries.last().unwrap();
    assert_eq!(kept.kind, "refused", "{kept:?}");
    let TableEvent::Refused { refusal, .. } = table_event(kept) else {
        panic!("{kept:?}");
    };
    assert_eq!(
        refusal,
        Refusal {
            color: Color::Black,
            code: "game.paused".to_string(),
            asked: Asked::Turn {
                turn: 1,
                action: Action::Move(point("ee"))
            }
        },
        "{kept:?}"
    );
    assert!(kept.issued_by.is_some(), "{kept:?}");
    assert!(kept.turn_number.is_none(), "{kept:?}");
    // The same request again (a retry whose answer was lost): refused, kept once.
    problem(
        post_turn(&service, &setup.tables[0], &game, 1, "ee").await,
        409,
        "game.paused",
    )
    .await;
    assert_eq!(log(&service, &game).await.len(), entries.len());
    let resume = json!({"kind": "resume", "reason": "better"});
    let resumed: GameState = referee.post(&rulings, &resume, 201).await;
    assert_eq!(resumed.clocks.status, "running");
    let adjust = json!({"kind": "time_adjustment", "reason": "clock fault", "color": "W", "delta_ms": 60000});
    let adjusted: GameState = referee.post(&rulings, &adjust, 201).await;
    assert!(adjusted.clocks.white.main_ms > adjusted.clocks.black.main_ms);
    play(&service, &setup.tables[0], &game, 1, "ee").await;
}

#[tokio::test]
async fn an_exported_sgf_verifies_and_reimports_to_the_same_game() {
    let service = TestService::start().await;
    let setup = setup(&service, json!({}), 2).await;
    let table = &setup.tables[0];
    let game = start_game(&service, &setup, 0, json!({})).await;
    for (index, point) in KO_SETUP
        .iter()
        .chain(["gc", "gd", "bb", "hh", "cb", "pass", "pass"].iter())
        .enumerate()
    {
        play(&service, table, &game, index as u32 + 1, point).await;
    }
    let _: GameState = read(
        counting(
            &service,
            table,
            &game,
            json!({"action": "propose", "color": "W", "dead": []}),
        )
        .await,
        200,
    )
    .await;
    let original: GameState = read(
        counting(
            &service,
            table,
            &game,
            json!({"action": "accept", "color": "B"}),
        )
        .await,
        200,
    )
    .await;
    let response = service
        .get(&format!("/games/{game}/sgf"))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 200);
    let sgf = response.text().await.unwrap();
    assert!(sgf.contains("BL[") && sgf.contains("WL["), "{sgf}");
    assert!(
        sgf.contains("PB[Noir0")
            && sgf.contains("EV[")
            && sgf.contains("RU[french]")
            && sgf.contains("KM["),
        "{sgf}"
    );
    assert!(
        sgf.contains(&format!("RE[{}]", original.result.as_deref().unwrap())),
        "{sgf}"
    );
    let folder = tempfile::tempdir().unwrap();
    let file = folder.path().join("game.sgf");
    std::fs::write(&file, &sgf).unwrap();
    let output = std::process::Command::new(arbitre_binary())
        .arg("verify")
        .arg(&file)
        .output()
        .unwrap();
    assert!(
        output.status.success(),
        "arbitre verify: {}{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
    // Re-imported on the other pairing, whose players it does not name (the staff say
    // why), on the tournament's 9×9 board: the same position, turns and result.
    let import = json!({"pairing_id": setup.pairings[1], "sgf": sgf,
                        "override_reason": "the same game again, to compare"});
    let referee = service.api().with_token(&setup.referee);
    let import_path = format!("/tournaments/{}/games/import", setup.tournament_id);
    let ImportedGame { game: imported, .. } = referee.post(&import_path, &import, 201).await;
    assert_eq!(imported.board, original.board);
    assert_eq!(imported.turns, original.turns);
    assert_eq!(imported.result, original.result);
    assert_eq!(imported.black_prisoners, original.black_prisoners);
    assert_eq!(imported.settings.overrides, ["players"]);
    // An illegal record is refused with the turn and the reason.
    let illegal = "(;GM[1]FF[4]SZ[9]RU[french];B[aa];W[ab];B[aa])";
    let import = json!({"pairing_id": setup.pairings[1], "sgf": illegal});
    let refused = game_problem(
        referee
            .send(reqwest::Method::POST, &import_path, Some(&import))
            .await,
        422,
        "illegal_move.occupied",
    )
    .await;
    assert_eq!(refused.turn, Some(3));
}

#[tokio::test]
async fn under_auto_pass_a_player_out_of_time_passes() {
    let service = TestService::start().await;
    let setup = setup(
        &service,
        json!({"time_control": {"system": "absolute", "main_time_ms": 3_600_000}}),
        1,
    )
    .await;
    let game = start_game(&service, &setup, 0, json!({"flag_policy": "auto-pass"})).await;
    play(&service, &setup.tables[0], &game, 1, "ee").await;
    // White runs out and passes; then Black does: two passes pause the game (rule 5 bis).
    service.advance(Duration::from_secs(3 * 3600));
    let paused = swept(&service, &game, |state| state.phase != "playing").await;
    assert_eq!(paused.phase, "counting", "{paused:?}");
    assert_eq!(paused.turns, 3);
    // Each pass is the flag of its player, recorded by the sweep.
    let entries = log(&service, &game).await;
    let flags: Vec<Color> = entries_of(&entries, "clock")
        .into_iter()
        .filter_map(|entry| match table_event(entry) {
            TableEvent::Flag { color, .. } => Some(color),
            _ => None,
        })
        .collect();
    assert_eq!(flags, [Color::White, Color::Black]);
    assert!(entries_of(&entries, "clock")
        .iter()
        .all(|entry| entry.issued_by.is_none()));
}

#[tokio::test]
async fn bad_input_to_the_game_routes_is_a_problem_never_a_500() {
    let service = TestService::start().await;
    let setup = setup(&service, json!({"time_control": {"system": "none"}}), 2).await;
    let table = setup.tables[0].clone();
    let game = start_game(&service, &setup, 0, json!({})).await;
    let tournament = setup.tournament_id.clone();
    let turns = format!("/games/{game}/turns");
    let counting_path = format!("/games/{game}/counting");
    let rulings = format!("/games/{game}/rulings");
    let import = format!("/tournaments/{tournament}/games/import");
    let create = format!("/tournaments/{tournament}/games");
    let cases: Vec<(String, String, Value)> = vec![
        (
            turns.clone(),
            table.clone(),
            json!({"turn": 1, "action": "move"}),
        ),
        (
            turns.clone(),
            table.clone(),
            json!({"turn": 1, "action": "move", "point": "d"}),
        ),
        (
            turns.clone(),
            table.clone(),
            json!({"turn": 1, "action": "move", "point": "ZZ"}),
        ),
        (
            turns.clone(),
            table.clone(),
            json!({"turn": 1, "action": "pass", "point": "dd"}),
        ),
        (
            turns.clone(),
            table.clone(),
            json!({"turn": -1, "action": "pass"}),
        ),
        (
            turns.clone(),
            table.clone(),
            json!({"turn": 4294967295u64, "action": "pass"}),
        ),
        (
            turns.clone(),
            table.clone(),
            json!({"turn": 1, "action": "jump"}),
        ),
        (
            turns.clone(),
            table.clone(),
            json!({"turn": 1, "action": "move", "point": "dd", "color": "W"}),
        ),
        (
            turns.clone(),
            table.clone(),
            json!({"turn": 1, "action": "move", "point": "\u{0}\u{0}"}),
        ),
        (
            counting_path.clone(),
            table.clone(),
            json!({"action": "accept", "color": "B"}),
        ),
        (
            counting_path.clone(),
            table.clone(),
            json!({"action": "accept", "color": "B", "revision": -1}),
        ),
        (
            counting_path.clone(),
            table.clone(),
            json!({"action": "propose", "color": "B", "dead": ["zz", "aa"]}),
        ),
        (
            counting_path.clone(),
            table.clone(),
            json!({"action": "propose", "color": "X"}),
        ),
        (
            rulings.clone(),
            setup.referee.clone(),
            json!({"kind": "time_adjustment", "reason": "x", "color": "B", "delta_ms": 5}),
        ),
        (
            rulings.clone(),
            setup.referee.clone(),
            json!({"kind": "time_adjustment", "reason": "x", "color": "B", "delta_ms": -9223372036854775807i64}),
        ),
        (
            rulings.clone(),
            setup.referee.clone(),
            json!({"kind": "dead_stones", "reason": "x", "dead": ["aa"]}),
        ),
        (
            rulings.clone(),
            setup.referee.clone(),
            json!({"kind": "resume", "reason": "x"}),
        ),
        (
            rulings.clone(),
            setup.referee.clone(),
            json!({"kind": "warning", "reason": ""}),
        ),
        (
            rulings.clone(),
            setup.referee.clone(),
            json!({"kind": "warning", "reason": "x", "corrects": 999}),
        ),
        (
            rulings.clone(),
            setup.referee.clone(),
            json!({"kind": "result_correction", "reason": "x", "result": "?"}),
        ),
        (
            rulings.clone(),
            setup.referee.clone(),
            json!({"kind": "forfeit", "reason": "x"}),
        ),
        (
            import.clone(),
            setup.referee.clone(),
            json!({"pairing_id": setup.pairings[1], "sgf": "not sgf"}),
        ),
        (
            import.clone(),
            setup.referee.clone(),
            json!({"pairing_id": setup.pairings[1], "sgf": "(;GM[1]FF[4]SZ[52]KM[1e400];B[zz])"}),
        ),
        (
            import.clone(),
            setup.referee.clone(),
            json!({"pairing_id": setup.pairings[1], "sgf": "(;GM[1]FF[4]SZ[9]RE[nonsense];B[aa])"}),
        ),
        (
            import.clone(),
            setup.referee.clone(),
            json!({"pairing_id": setup.pairings[0], "sgf": "(;GM[1]FF[4]SZ[9];B[aa])"}),
        ),
        (
            create.clone(),
            setup.referee.clone(),
            json!({"pairing_id": setup.pairings[0]}),
        ),
        (
            create.clone(),
            setup.referee.clone(),
            json!({"pairing_id": setup.pairings[1], "board_size": 1}),
        ),
        (
            create.clone(),
            setup.referee.clone(),
            json!({"pairing_id": setup.pairings[1], "komi": 1e300}),
        ),
        (
            create.clone(),
            setup.referee.clone(),
            json!({"pairing_id": setup.pairings[1], "flag_policy": "never"}),
        ),
        (
            create.clone(),
            setup.referee.clone(),
            json!({"pairing_id": setup.pairings[1], "time_control": {"system": "absolute", "main_time_ms": 0}}),
        ),
        (
            create.clone(),
            setup.referee.clone(),
            json!({"pairing_id": Uuid::now_v7()}),
        ),
    ];
    for (path, token, body) in cases {
        let response = service
            .post(&path, Some(&token))
            .json(&body)
            .send()
            .await
            .unwrap();
        let status = response.status().as_u16();
        let content_type = response
            .headers()
            .get("content-type")
            .map(|value| value.to_str().unwrap().to_string());
        let text = response.text().await.unwrap();
        assert!(
            (400..500).contains(&status),
            "{path} {body}: {status} {text}"
        );
        assert_eq!(
            content_type.as_deref(),
            Some("application/problem+json"),
            "{path} {body}: {text}"
        );
    }
    for path in [
        format!("/games/{game}/events?after=-5&limit=0"),
        format!("/games/{game}/events?after=x"),
        format!("/games/{game}/stream?after=x"),
        "/games/not-a-uuid/sgf".to_string(),
        format!("/games/{}/board.svg", Uuid::now_v7()),
        format!("/tournaments/{}/stream", Uuid::now_v7()),
    ] {
        let response = service.get(&path).send().await.unwrap();
        let status = response.status().as_u16();
        assert!(
            (400..500).contains(&status),
            "{path}: {status} {}",
            response.text().await.unwrap()
        );
    }
    let response = service
        .get(&format!("/games/{game}/stream"))
        .header("Last-Event-ID", "nope")
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 422);
    // The game is untouched by all of it.
    assert_eq!(game_state(&service, &game).await.turns, 0);
}
