//! Live games over HTTP: turns judged by the core, the ko fight, stale turns and retries,
//! the flag sweep, the counting phase (rule 5 bis), referee rulings, SGF.

use crate::{expect_json, expect_problem};
use arbitre_api::access::Role;
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
    let tournament = service.create_tournament(settings).await;
    let tournament_id = tournament["id"].as_str().unwrap().to_string();
    service.create_round(&tournament_id, 1).await;
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
            .create_pairing(&tournament_id, 1, table as i32 + 1, &black, &white)
            .await;
        let pairing_id = pairing["id"].as_str().unwrap().to_string();
        let tournament_uuid = Uuid::parse_str(&tournament_id).unwrap();
        tables.push(
            service
                .token(
                    Role::Table,
                    Some(tournament_uuid),
                    Some(Uuid::parse_str(&pairing_id).unwrap()),
                )
                .await,
        );
        ids.push(pairing_id);
    }
    let referee = service
        .token(
            Role::Referee,
            Some(Uuid::parse_str(&tournament_id).unwrap()),
            None,
        )
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
    let response = service
        .post(
            &format!("/tournaments/{}/games", setup.tournament_id),
            Some(&setup.referee),
        )
        .json(&body)
        .send()
        .await
        .unwrap();
    let game = expect_json(response, 201).await;
    game["id"].as_str().unwrap().to_string()
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

pub async fn play(service: &TestService, token: &str, game: &str, turn: u32, point: &str) -> Value {
    expect_json(post_turn(service, token, game, turn, point).await, 201).await
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
        let shown = state(service, game).await;
        body["revision"] = json!(shown["counting"]["revision"].as_u64().unwrap_or(0));
    }
    service
        .post(&format!("/games/{game}/counting"), Some(token))
        .json(&body)
        .send()
        .await
        .unwrap()
}

pub async fn state(service: &TestService, game: &str) -> Value {
    expect_json(
        service.get(&format!("/games/{game}")).send().await.unwrap(),
        200,
    )
    .await
}

/// The game's state once a flag sweep has settled it (`settled` holds): a sweep runs now,
/// at the service's clock; one the server's own sweep is settling at the same moment is
/// read again until that one has committed (within 5 s).
pub async fn swept(service: &TestService, game: &str, settled: impl Fn(&Value) -> bool) -> Value {
    for _ in 0..500 {
        service.sweep().await;
        let now = state(service, game).await;
        if settled(&now) {
            return now;
        }
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    panic!(
        "no sweep settled game {game}: {}",
        state(service, game).await
    );
}

pub async fn log(service: &TestService, game: &str) -> Vec<Value> {
    let list = expect_json(
        service
            .get(&format!("/games/{game}/events"))
            .send()
            .await
            .unwrap(),
        200,
    )
    .await;
    list["items"].as_array().unwrap().clone()
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
    let problem = expect_problem(
        post_turn(&service, table, &game, 10, "bb").await,
        422,
        "illegal_move.superko",
    )
    .await;
    assert_eq!(problem["repeats_turn"], 8);
    // A ko threat and its answer, then White retakes legally.
    play(&service, table, &game, 10, "gc").await;
    play(&service, table, &game, 11, "gd").await;
    let after = play(&service, table, &game, 12, "bb").await;
    // One stone each taken in the ko.
    assert_eq!(after["white_prisoners"], 1);
    assert_eq!(after["black_prisoners"], 1);
    let problem = expect_problem(
        post_turn(&service, table, &game, 13, "cb").await,
        422,
        "illegal_move.superko",
    )
    .await;
    assert_eq!(problem["repeats_turn"], 11);
    play(&service, table, &game, 13, "hh").await;
    play(&service, table, &game, 14, "cb").await;
    play(&service, table, &game, 15, "pass").await;
    let paused = play(&service, table, &game, 16, "pass").await;
    assert_eq!(paused["phase"], "counting");
    assert_eq!(paused["clocks"]["status"], "paused");
    let proposed = expect_json(
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
    assert_eq!(proposed["phase"], "counting");
    let counted = expect_json(
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
    assert_eq!(counted["phase"], "finished");
    let count = &counted["count"];
    assert_eq!(count["basis"], "agreement");
    assert!(
        count["breakdown"]["black"]["stones"].as_u64().unwrap() > 0,
        "{count}"
    );
    assert!(
        counted["result"].as_str().unwrap().starts_with("W+")
            || counted["result"].as_str().unwrap().starts_with("B+")
    );
    // The log holds every turn once, in order, and nothing of the refused ones.
    let entries = log(&service, &game).await;
    let turns: Vec<i64> = entries
        .iter()
        .filter(|entry| entry["kind"] == "turn")
        .map(|entry| entry["turn_number"].as_i64().unwrap())
        .collect();
    assert_eq!(turns, (1..=16).collect::<Vec<_>>());
    let seqs: Vec<i64> = entries
        .iter()
        .map(|entry| entry["seq"].as_i64().unwrap())
        .collect();
    assert_eq!(seqs, (1..=seqs.len() as i64).collect::<Vec<_>>());
    // Finished: no more turns.
    expect_problem(
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
    let problem = expect_problem(
        post_turn(&service, table, &game, 10, "bb").await,
        422,
        "illegal_move.superko",
    )
    .await;
    assert_eq!(problem["repeats_turn"], 8);
    assert_eq!(problem["turn"], 10);
    expect_problem(
        post_turn(&service, table, &game, 10, "cb").await,
        422,
        "illegal_move.occupied",
    )
    .await;
    expect_problem(
        post_turn(&service, table, &game, 10, "zz").await,
        422,
        "illegal_move.off_board",
    )
    .await;
    assert_eq!(log(&service, &game).await.len(), before);
    assert_eq!(state(&service, &game).await["next_turn"], 10);
    // No token: refused.
    expect_problem(
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
    expect_problem(
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
    expect_problem(response, 403, "auth.forbidden").await;
    expect_problem(
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
    let turns = log(&service, &game)
        .await
        .into_iter()
        .filter(|entry| entry["kind"] == "turn")
        .count();
    assert_eq!(turns, 1);
    // A stale turn gets the current state.
    let problem = expect_problem(
        post_turn(&service, &setup.tables[0], &game, 1, "ff").await,
        409,
        "game.stale_turn",
    )
    .await;
    assert_eq!(problem["state"]["next_turn"], 2);
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
    let turns = log(&service, &game)
        .await
        .into_iter()
        .filter(|entry| entry["kind"] == "turn")
        .count();
    assert_eq!(turns, 2);
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
    let finished = swept(&service, &game, |state| state["phase"] != "playing").await;
    assert_eq!(finished["phase"], "finished", "{finished}");
    assert_eq!(finished["result"], "B+T");
    assert_eq!(finished["clocks"]["white"]["out_of_time"], true);
    let entries = log(&service, &game).await;
    // The flag's entry carries the result it gave the game.
    let loss = entries
        .iter()
        .find(|entry| entry["result"] == "B+T")
        .unwrap();
    assert_eq!(loss["kind"], "clock");
    assert_eq!(loss["event"]["event"], "flag");
    assert_eq!(loss["event"]["color"], "W");
    assert!(loss["issued_by"].is_null(), "recorded by the sweep");
    assert_eq!(finished["result_source"]["source"], "clock");
    let listed = expect_json(
        service
            .get(&format!("/tournaments/{}/games", setup.tournament_id))
            .send()
            .await
            .unwrap(),
        200,
    )
    .await;
    assert_eq!(listed["items"][0]["result"], "B+T");
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
    assert_eq!(state(&service, &game).await["phase"], "counting");
    // Black says White's gg is dead; White disagrees: play resumes, Black (who passed first) moves.
    let proposed = counting(
        &service,
        table,
        &game,
        json!({"action": "propose", "color": "B", "dead": ["gg"]}),
    )
    .await;
    let proposed = expect_json(proposed, 200).await;
    let svg = service
        .get(&format!("/games/{game}/board.svg"))
        .send()
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    assert!(svg.contains("class=\"dead\""), "{svg}");
    assert_eq!(proposed["phase"], "counting");
    let resumed = expect_json(
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
    assert_eq!(resumed["phase"], "playing");
    assert_eq!(resumed["to_move"], "B");
    assert_eq!(resumed["clocks"]["status"], "running");
    // Counting steps are refused while playing.
    expect_problem(
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
    assert_eq!(counted["phase"], "finished", "{counted}");
    assert_eq!(counted["count"]["basis"], "strict");
    assert!(counted["count"]["dead"].as_array().unwrap().is_empty());
    assert!(counted["result"].is_string());
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
    let shown_offline = state(&service, &game).await;
    let seen = shown_offline["counting"]["revision"].clone();
    assert_eq!(seen, shown_offline["seq"], "{shown_offline}");
    let proposed = expect_json(
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
    let current = proposed["counting"]["revision"].clone();
    assert_eq!(current, proposed["seq"]);
    assert_ne!(current, seen);
    let entries = log(&service, &game).await.len();
    let problem = expect_problem(
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
    assert_eq!(
        problem["state"]["counting"]["revision"], current,
        "{problem}"
    );
    assert_eq!(problem["state"]["counting"]["proposal"], json!(["ee"]));
    assert_eq!(
        problem["state"]["counting"]["accepted"],
        json!([false, true])
    );
    // Nothing of the count changed; the refused step is kept for the referee (issue 43),
    // and the state answered is the log's with it.
    let after = log(&service, &game).await;
    assert_eq!(after.len(), entries + 1);
    let kept = &after[entries];
    assert_eq!(kept["kind"], "refused", "{kept}");
    assert_eq!(
        kept["event"]["refusal"],
        json!({"color": "B", "code": "counting.superseded",
               "asked": {"counting": {"step": {"step": "accept", "color": "B"}, "revision": seen}}}),
        "{kept}"
    );
    assert_eq!(problem["state"]["seq"], kept["seq"]);
    assert_eq!(state(&service, &game).await["phase"], "counting");
    // Shown the new proposal, Black disputes it: play resumes, Black to move.
    let resumed = expect_json(
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
    assert_eq!(resumed["phase"], "playing");
    assert!(resumed["counting"].is_null());
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
    let started = log(&service, &game).await[0]["at_ms"].as_i64().unwrap();
    // The hall's network is down for a minute: Black thought 4 s, White 7 s.
    service.advance(Duration::from_secs(60));
    for (turn, point, since, elapsed_ms) in [(1, "ee", 1, 4_000), (2, "cc", 2, 7_000)] {
        let mut body = turn_body(turn, point);
        body["table_time"] = json!({"since": since, "elapsed_ms": elapsed_ms});
        let response = service
            .post(&format!("/games/{game}/turns"), Some(table))
            .json(&body)
            .send()
            .await
            .unwrap();
        expect_json(response, 201).await;
    }
    let entries = log(&service, &game).await;
    let instants: Vec<i64> = entries
        .iter()
        .map(|entry| entry["at_ms"].as_i64().unwrap())
        .collect();
    assert_eq!(instants, [started, started + 4_000, started + 11_000]);
    let shown = state(&service, &game).await;
    assert_eq!(
        shown["clocks"]["white"]["main_ms"],
        600_000 - 7_000,
        "{shown}"
    );
    // An account longer than the wall time since the last entry is held to the arrival.
    let mut body = turn_body(3, "gg");
    body["table_time"] = json!({"since": 3, "elapsed_ms": 10_000_000});
    expect_json(
        service
            .post(&format!("/games/{game}/turns"), Some(table))
            .json(&body)
            .send()
            .await
            .unwrap(),
        201,
    )
    .await;
    let arrived = log(&service, &game).await[3]["at_ms"].as_i64().unwrap();
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
    let resigned = expect_json(
        service
            .post(&format!("/games/{game}/turns"), Some(table))
            .json(&json!({"turn": 2, "action": "resign"}))
            .send()
            .await
            .unwrap(),
        201,
    )
    .await;
    assert_eq!(resigned["result"], "B+R");
    let resign_seq = resigned["seq"].as_i64().unwrap();
    // The tablet recorded the resignation of the wrong player: the referee corrects it.
    let ruling = json!({"kind": "result_correction", "reason": "Black resigned, not White", "result": "W+R", "corrects": resign_seq});
    let ruled = expect_json(
        service
            .post(&format!("/games/{game}/rulings"), Some(&setup.referee))
            .json(&ruling)
            .send()
            .await
            .unwrap(),
        201,
    )
    .await;
    assert_eq!(ruled["result"], "W+R");
    let warning = json!({"kind": "warning", "reason": "talking during the game", "color": "B"});
    expect_json(
        service
            .post(&format!("/games/{game}/rulings"), Some(&setup.referee))
            .json(&warning)
            .send()
            .await
            .unwrap(),
        201,
    )
    .await;
    // The audit trail: both rulings, in order, with who and when; the resignation is still there.
    let rulings = expect_json(
        service
            .get(&format!("/games/{game}/rulings"))
            .send()
            .await
            .unwrap(),
        200,
    )
    .await;
    let items = rulings["items"].as_array().unwrap();
    assert_eq!(items.len(), 2);
    assert_eq!(items[0]["ruling"]["kind"], "result_correction");
    assert_eq!(items[0]["ruling"]["previous_result"], "B+R");
    assert_eq!(items[0]["ruling"]["result"], "W+R");
    assert_eq!(items[0]["ruling"]["corrects"], resign_seq);
    assert!(items[0]["issued_by"].is_string());
    assert!(items[0]["recorded_at"].is_string());
    assert_eq!(items[1]["ruling"]["kind"], "warning");
    let entries = log(&service, &game).await;
    assert!(entries
        .iter()
        .any(|entry| entry["event"]["event"] == "resign"));
    let listed = expect_json(
        service
            .get(&format!("/tournaments/{}/games", setup.tournament_id))
            .send()
            .await
            .unwrap(),
        200,
    )
    .await;
    assert_eq!(listed["items"][0]["result"], "W+R");
    // The pairing's result, which the standings read, follows the ruling.
    let pairing_result = format!(
        "/tournaments/{}/rounds/1/pairings/{}/result",
        setup.tournament_id, setup.pairings[0]
    );
    let recorded = expect_json(service.get(&pairing_result).send().await.unwrap(), 200).await;
    assert_eq!(recorded["result"], "W+R", "{recorded}");
    // Bad rulings are refused.
    let bad = json!({"kind": "result_correction", "reason": "x", "result": "nonsense"});
    let response = service
        .post(&format!("/games/{game}/rulings"), Some(&setup.referee))
        .json(&bad)
        .send()
        .await
        .unwrap();
    expect_problem(response, 422, "validation.failed").await;
}

#[tokio::test]
async fn a_referee_pauses_and_resumes_the_clocks() {
    let service = TestService::start().await;
    let setup = setup(&service, json!({}), 1).await;
    let game = start_game(&service, &setup, 0, json!({})).await;
    let pause = json!({"kind": "pause", "reason": "a player is ill"});
    let paused = expect_json(
        service
            .post(&format!("/games/{game}/rulings"), Some(&setup.referee))
            .json(&pause)
            .send()
            .await
            .unwrap(),
        201,
    )
    .await;
    assert_eq!(paused["clocks"]["status"], "paused");
    assert_eq!(paused["clocks"]["paused_by_referee"], true);
    expect_problem(
        post_turn(&service, &setup.tables[0], &game, 1, "ee").await,
        409,
        "game.paused",
    )
    .await;
    // The refused move is kept in the log for the referee (issue 43): whose, what, why,
    // and the table's token that sent it; nothing was played.
    let entries = log(&service, &game).await;
    let kept = entries.last().unwrap();
    assert_eq!(kept["kind"], "refused", "{kept}");
    assert_eq!(
        kept["event"]["refusal"],
        json!({"color": "B", "code": "game.paused",
               "asked": {"turn": {"turn": 1, "action": {"move": "ee"}}}}),
        "{kept}"
    );
    assert!(kept["issued_by"].is_string(), "{kept}");
    assert!(kept["turn_number"].is_null(), "{kept}");
    // The same request again (a retry whose answer was lost): refused, kept once.
    expect_problem(
        post_turn(&service, &setup.tables[0], &game, 1, "ee").await,
        409,
        "game.paused",
    )
    .await;
    assert_eq!(log(&service, &game).await.len(), entries.len());
    let resume = json!({"kind": "resume", "reason": "better"});
    let resumed = expect_json(
        service
            .post(&format!("/games/{game}/rulings"), Some(&setup.referee))
            .json(&resume)
            .send()
            .await
            .unwrap(),
        201,
    )
    .await;
    assert_eq!(resumed["clocks"]["status"], "running");
    let adjust = json!({"kind": "time_adjustment", "reason": "clock fault", "color": "W", "delta_ms": 60000});
    let adjusted = expect_json(
        service
            .post(&format!("/games/{game}/rulings"), Some(&setup.referee))
            .json(&adjust)
            .send()
            .await
            .unwrap(),
        201,
    )
    .await;
    assert!(
        adjusted["clocks"]["white"]["main_ms"].as_u64().unwrap()
            > adjusted["clocks"]["black"]["main_ms"].as_u64().unwrap()
    );
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
    expect_json(
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
    let original = expect_json(
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
        sgf.contains(&format!("RE[{}]", original["result"].as_str().unwrap())),
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
    let response = service
        .post(
            &format!("/tournaments/{}/games/import", setup.tournament_id),
            Some(&setup.referee),
        )
        .json(&import)
        .send()
        .await
        .unwrap();
    let imported = expect_json(response, 201).await;
    assert_eq!(imported["board"], original["board"]);
    assert_eq!(imported["turns"], original["turns"]);
    assert_eq!(imported["result"], original["result"]);
    assert_eq!(imported["black_prisoners"], original["black_prisoners"]);
    assert_eq!(imported["settings"]["overrides"], json!(["players"]));
    // An illegal record is refused with the turn and the reason.
    let illegal = "(;GM[1]FF[4]SZ[9]RU[french];B[aa];W[ab];B[aa])";
    let import = json!({"pairing_id": setup.pairings[1], "sgf": illegal});
    let response = service
        .post(
            &format!("/tournaments/{}/games/import", setup.tournament_id),
            Some(&setup.referee),
        )
        .json(&import)
        .send()
        .await
        .unwrap();
    let problem = expect_problem(response, 422, "illegal_move.occupied").await;
    assert_eq!(problem["turn"], 3);
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
    let paused = swept(&service, &game, |state| state["phase"] != "playing").await;
    assert_eq!(paused["phase"], "counting", "{paused}");
    assert_eq!(paused["turns"], 3);
    // Each pass is the flag of its player, recorded by the sweep.
    let flags: Vec<Value> = log(&service, &game)
        .await
        .into_iter()
        .filter(|entry| entry["kind"] == "clock" && entry["event"]["event"] == "flag")
        .collect();
    assert_eq!(flags.len(), 2);
    assert_eq!(flags[0]["event"]["color"], "W");
    assert_eq!(flags[1]["event"]["color"], "B");
    assert!(flags.iter().all(|entry| entry["issued_by"].is_null()));
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
    assert_eq!(state(&service, &game).await["turns"], 0);
}
