//! Drafted pairings: the engine's pairing of a round, adjusted (games fixed, players left
//! out), explained, published through the hand-made pairings' endpoints, played, and the
//! next round drafted without a rematch unless one is fixed.

use crate::{expect_json, expect_problem};
use arbitre_api::access::Role;
use arbitre_tests::TestService;
use reqwest::Method;
use serde_json::{json, Value};
use std::collections::HashSet;

fn ids(value: &Value) -> [String; 2] {
    [
        value["white_id"].as_str().unwrap().to_string(),
        value["black_id"].as_str().unwrap().to_string(),
    ]
}

/// Every table's players, and the bye, each once: the draft pairs `expected` exactly.
fn assert_pairs_everyone(draft: &Value, expected: &[&String]) {
    let mut seen: Vec<String> = draft["tables"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(ids)
        .collect();
    if let Some(bye) = draft["bye"].as_str() {
        seen.push(bye.to_string());
    }
    seen.sort();
    let mut expected: Vec<String> = expected.iter().map(|id| id.to_string()).collect();
    expected.sort();
    assert_eq!(seen, expected, "{draft:#}");
    let tables: Vec<u64> = draft["tables"]
        .as_array()
        .unwrap()
        .iter()
        .map(|table| table["table"].as_u64().unwrap())
        .collect();
    assert_eq!(tables, (1..=tables.len() as u64).collect::<Vec<_>>());
}

fn same_pair(table: &Value, a: &str, b: &str) -> bool {
    let [white, black] = ids(table);
    (white == a && black == b) || (white == b && black == a)
}

/// Publishes a draft as hand-made pairings are published: the tables with the round's
/// bulk endpoint, the bye as a registration. Returns the stored pairings.
async fn publish(service: &TestService, tournament: &str, round: i32, draft: &Value) -> Value {
    let pairings: Vec<Value> = draft["tables"]
        .as_array()
        .unwrap()
        .iter()
        .map(|table| {
            json!({
                "table": table["table"],
                "white_id": table["white_id"],
                "black_id": table["black_id"],
                "handicap": table["handicap"],
                "komi": table["komi"],
            })
        })
        .collect();
    let stored = expect_json(
        send(
            service,
            Method::PUT,
            &format!("/tournaments/{tournament}/rounds/{round}/pairings"),
            Some(&service.admin_token),
            Some(json!({ "pairings": pairings })),
        )
        .await,
        200,
    )
    .await;
    if let Some(bye) = draft["bye"].as_str() {
        register(service, tournament, round, bye, "bye").await;
    }
    stored
}

async fn register(service: &TestService, tournament: &str, round: i32, player: &str, status: &str) {
    expect_json(
        send(
            service,
            Method::PUT,
            &format!("/tournaments/{tournament}/rounds/{round}/registrations/{player}"),
            Some(&service.admin_token),
            Some(json!({ "status": status })),
        )
        .await,
        200,
    )
    .await;
}

/// Sends a request, with `body` as JSON when given.
async fn send(
    service: &TestService,
    method: Method,
    path: &str,
    token: Option<&str>,
    body: Option<Value>,
) -> reqwest::Response {
    let request = service.request(method, path, token);
    match body {
        Some(body) => request.json(&body),
        None => request,
    }
    .send()
    .await
    .unwrap()
}

/// An organizer's token for another tournament than the one drafted.
async fn stranger(service: &TestService) -> String {
    let other = service.create_tournament(json!({})).await["id"]
        .as_str()
        .unwrap()
        .parse()
        .unwrap();
    service.token(Role::Organizer, Some(other), None).await
}

async fn draft(service: &TestService, path: &str, token: &str, body: Value) -> Value {
    expect_json(
        send(service, Method::POST, path, Some(token), Some(body)).await,
        200,
    )
    .await
}

#[tokio::test]
async fn a_round_is_drafted_adjusted_published_played_and_the_next_avoids_rematches() {
    let service = TestService::start().await;
    let tournament = service.create_tournament(json!({})).await["id"]
        .as_str()
        .unwrap()
        .to_string();
    let tournament_id = tournament.parse().unwrap();
    let mut players = Vec::new();
    for (index, rank) in ["2d", "1k", "3k", "4k", "6k"].iter().enumerate() {
        players.push(
            service
                .create_player(&tournament, &format!("Player{index}"), rank)
                .await,
        );
    }
    service.create_round(&tournament, 1).await;
    service.create_round(&tournament, 2).await;
    let round_1 = format!("/tournaments/{tournament}/rounds/1/pairings/draft");
    let round_2 = format!("/tournaments/{tournament}/rounds/2/pairings/draft");

    // Staff only.
    let anonymous = send(&service, Method::POST, &round_1, None, Some(json!({}))).await;
    expect_problem(anonymous, 401, "auth.missing_token").await;
    let stranger = stranger(&service).await;
    let refused = send(
        &service,
        Method::POST,
        &round_1,
        Some(&stranger),
        Some(json!({})),
    )
    .await;
    expect_problem(refused, 403, "auth.forbidden").await;
    let referee = service
        .token(Role::Referee, Some(tournament_id), None)
        .await;

    // The engine's pairing: five players, two tables and a bye, nothing stored.
    let first = draft(&service, &round_1, &referee, json!({})).await;
    assert_pairs_everyone(&first, &players.iter().collect::<Vec<_>>());
    assert!(first["bye"].is_string());
    assert_eq!(
        first["opengotha"], "3.52",
        "a new tournament follows OpenGotha 3.52's pairing"
    );
    for table in first["tables"].as_array().unwrap() {
        assert_eq!(table["rematch"], false);
        let criteria = table["cost"]["criteria"].as_object().unwrap();
        let sum: i64 = criteria.values().map(|value| value.as_i64().unwrap()).sum();
        assert_eq!(table["cost"]["total"].as_i64().unwrap(), sum + 1);
    }
    let listed = expect_json(
        send(
            &service,
            Method::GET,
            &format!("/tournaments/{tournament}/rounds/1/pairings"),
            None,
            None,
        )
        .await,
        200,
    )
    .await;
    assert_eq!(listed["page"]["total"], 0, "a draft is not stored");

    // Adjusted: the two strongest fixed together, the weakest left out.
    let (fixed_a, fixed_b, left_out) = (&players[0], &players[1], &players[4]);
    let adjusted = draft(
        &service,
        &round_1,
        &service.admin_token,
        json!({"fixed": [[fixed_a, fixed_b]], "exclude": [left_out]}),
    )
    .await;
    assert_pairs_everyone(&adjusted, &players[..4].iter().collect::<Vec<_>>());
    assert!(adjusted["bye"].is_null());
    let fixed_table = adjusted["tables"]
        .as_array()
        .unwrap()
        .iter()
        .find(|table| same_pair(table, fixed_a, fixed_b));
    assert!(
        fixed_table.is_some(),
        "the fixed game is drafted: {adjusted:#}"
    );
    let unknown = send(
        &service,
        Method::POST,
        &round_1,
        Some(&service.admin_token),
        Some(json!({"fixed": [[fixed_a, uuid::Uuid::now_v7()]]})),
    )
    .await;
    let problem = expect_problem(unknown, 422, "validation.failed").await;
    assert_eq!(problem["errors"][0]["field"], "fixed");

    // Explained: the pair's criteria, and a player's candidates, costliest first.
    let explain = format!("/tournaments/{tournament}/rounds/1/pairings/explain");
    let [white, black] = ids(&first["tables"][0]);
    let pair = expect_json(
        send(
            &service,
            Method::GET,
            &format!("{explain}?white={white}&black={black}"),
            Some(&referee),
            None,
        )
        .await,
        200,
    )
    .await;
    assert_eq!(pair["pair"]["cost"], first["tables"][0]["cost"]);
    assert_eq!(pair["pair"]["opponent_id"], black.as_str());
    let candidates = expect_json(
        send(
            &service,
            Method::GET,
            &format!("{explain}?player={white}"),
            Some(&referee),
            None,
        )
        .await,
        200,
    )
    .await;
    let candidates = candidates["candidates"].as_array().unwrap();
    assert_eq!(candidates.len(), 3, "the four others but the bye");
    let totals: Vec<i64> = candidates
        .iter()
        .map(|candidate| candidate["cost"]["total"].as_i64().unwrap())
        .collect();
    assert!(
        totals.windows(2).all(|pair| pair[0] >= pair[1]),
        "{totals:?}"
    );
    let chosen = candidates
        .iter()
        .find(|candidate| candidate["opponent_id"] == black.as_str())
        .expect("the drafted opponent is a candidate");
    assert_eq!(chosen["cost"], first["tables"][0]["cost"]);
    let neither = send(
        &service,
        Method::GET,
        &format!("{explain}?white={white}"),
        Some(&referee),
        None,
    )
    .await;
    expect_problem(neither, 400, "query.invalid").await;
    let anonymous = send(
        &service,
        Method::GET,
        &format!("{explain}?player={white}"),
        None,
        None,
    )
    .await;
    expect_problem(anonymous, 401, "auth.missing_token").await;

    // Published as hand-made pairings are, the player left out registered absent.
    let stored = publish(&service, &tournament, 1, &adjusted).await;
    register(&service, &tournament, 1, left_out, "absent").await;
    let stored = stored["items"].as_array().unwrap();
    assert_eq!(stored.len(), 2);
    for (pairing, table) in stored.iter().zip(adjusted["tables"].as_array().unwrap()) {
        assert_eq!(pairing["table"], table["table"]);
        assert_eq!(ids(pairing), ids(table));
        assert_eq!(pairing["handicap"], table["handicap"]);
        assert_eq!(pairing["komi"], table["komi"]);
    }
    let again = send(
        &service,
        Method::POST,
        &round_1,
        Some(&service.admin_token),
        Some(json!({})),
    )
    .await;
    expect_problem(again, 409, "round.already_paired").await;
    let missing = send(
        &service,
        Method::POST,
        &format!("/tournaments/{tournament}/rounds/3/pairings/draft"),
        Some(&service.admin_token),
        Some(json!({})),
    )
    .await;
    expect_problem(missing, 404, "not_found.round").await;

    // Played: the round starts, White wins every game.
    expect_json(
        send(
            &service,
            Method::POST,
            &format!("/tournaments/{tournament}/rounds/1/start"),
            Some(&service.admin_token),
            None,
        )
        .await,
        200,
    )
    .await;
    let mut met = HashSet::new();
    for pairing in stored {
        let id = pairing["id"].as_str().unwrap();
        expect_json(
            send(
                &service,
                Method::PUT,
                &format!("/tournaments/{tournament}/rounds/1/pairings/{id}/result"),
                Some(&service.admin_token),
                Some(json!({"result": "W+R"})),
            )
            .await,
            200,
        )
        .await;
        let [white, black] = ids(pairing);
        met.insert((white.clone(), black.clone()));
        met.insert((black, white));
    }

    // Round 2: everyone back, no game of round 1 again.
    let second = draft(&service, &round_2, &service.admin_token, json!({})).await;
    assert_pairs_everyone(&second, &players.iter().collect::<Vec<_>>());
    for table in second["tables"].as_array().unwrap() {
        let [white, black] = ids(table);
        assert!(!met.contains(&(white, black)), "a rematch: {table:#}");
        assert_eq!(table["rematch"], false);
    }
    // A rematch forced by the organizer is flagged.
    let forced = draft(
        &service,
        &round_2,
        &service.admin_token,
        json!({"fixed": [[fixed_a, fixed_b]]}),
    )
    .await;
    let forced_table = forced["tables"]
        .as_array()
        .unwrap()
        .iter()
        .find(|table| same_pair(table, fixed_a, fixed_b))
        .expect("the fixed game is drafted");
    assert_eq!(forced_table["rematch"], true);
    for table in forced["tables"].as_array().unwrap() {
        let [white, black] = ids(table);
        assert_eq!(table["rematch"], met.contains(&(white, black)), "{table:#}");
    }

    let published = publish(&service, &tournament, 2, &second).await;
    assert_eq!(
        published["items"].as_array().unwrap().len(),
        second["tables"].as_array().unwrap().len()
    );
    let registrations = expect_json(
        send(
            &service,
            Method::GET,
            &format!("/tournaments/{tournament}/rounds/2/registrations?status=bye"),
            Some(&service.admin_token),
            None,
        )
        .await,
        200,
    )
    .await;
    assert_eq!(registrations["items"][0]["player_id"], second["bye"]);
}

#[tokio::test]
async fn pairing_parameters_are_settings_of_the_tournament() {
    let service = TestService::start().await;
    let tournament = service.create_tournament(json!({})).await;
    assert_eq!(tournament["pairing"]["system"], "mc_mahon");
    assert_eq!(
        tournament["pairing"]["base"]["avoid_duplicate_game"], 500_000_000_000_000i64,
        "OpenGotha's default"
    );
    let id = tournament["id"].as_str().unwrap();
    let mut pairing = tournament["pairing"].clone();
    pairing["system"] = json!("swiss");
    pairing["main"]["seeding"] = json!(7);
    let changed = expect_json(
        send(
            &service,
            Method::PATCH,
            &format!("/tournaments/{id}"),
            Some(&service.admin_token),
            Some(json!({ "pairing": pairing })),
        )
        .await,
        200,
    )
    .await;
    assert_eq!(changed["pairing"], pairing);
    pairing["main"]["seeding"] = json!(-1);
    pairing["concavity"]["denominator"] = json!(0);
    let refused = send(
        &service,
        Method::PATCH,
        &format!("/tournaments/{id}"),
        Some(&service.admin_token),
        Some(json!({ "pairing": pairing })),
    )
    .await;
    let problem = expect_problem(refused, 422, "validation.failed").await;
    let fields: Vec<&str> = problem["errors"]
        .as_array()
        .unwrap()
        .iter()
        .map(|error| error["field"].as_str().unwrap())
        .collect();
    assert_eq!(fields, ["pairing.main.seeding", "pairing.concavity"]);
}

/// One shape in, one shape out (issue 20): a draft names its players beside their ids and
/// is published as it was returned, in one request (tables and bye); a draft made before
/// the round changed is refused with 409, and a draft cannot be published twice.
#[tokio::test]
async fn a_draft_is_published_as_returned_unless_the_round_changed() {
    let service = TestService::start().await;
    let tournament = service
        .create_tournament(json!({"number_of_rounds": 2}))
        .await["id"]
        .as_str()
        .unwrap()
        .to_string();
    let mut players = Vec::new();
    for (index, rank) in ["2d", "1k", "3k", "4k", "6k"].iter().enumerate() {
        players.push(
            service
                .create_player(&tournament, &format!("Joueur{index}"), rank)
                .await,
        );
    }
    let admin = service.admin_token.clone();
    let round_1 = format!("/tournaments/{tournament}/rounds/1/pairings");
    let first = draft(&service, &format!("{round_1}/draft"), &admin, json!({})).await;
    for table in first["tables"].as_array().unwrap() {
        for colour in ["white", "black"] {
            assert_eq!(table[colour]["id"], table[format!("{colour}_id")]);
            assert!(
                table[colour]["name"]
                    .as_str()
                    .unwrap()
                    .starts_with("Joueur"),
                "{first:#}"
            );
            assert!(table[colour]["rank"].is_string(), "{first:#}");
        }
    }
    assert_eq!(first["bye_player"]["id"], first["bye"]);

    // A player withdrawn from the round after the draft: the draft is stale.
    let absent = players
        .iter()
        .find(|player| Some(player.as_str()) != first["bye"].as_str())
        .unwrap();
    register(&service, &tournament, 1, absent, "absent").await;
    // Drafted again, the round is read as it now is, not as the first draft read it.
    let without = draft(&service, &format!("{round_1}/draft"), &admin, json!({})).await;
    assert_ne!(without["state"], first["state"]);
    let others: Vec<&String> = players.iter().filter(|player| *player != absent).collect();
    assert_pairs_everyone(&without, &others);
    let publish_path = format!("{round_1}/publish");
    let stale = send(
        &service,
        Method::POST,
        &publish_path,
        Some(&admin),
        Some(first.clone()),
    )
    .await;
    let problem = expect_problem(stale, 409, "draft.stale").await;
    assert!(
        problem["detail"]
            .as_str()
            .unwrap()
            .contains("draft it again"),
        "{problem}"
    );
    register(&service, &tournament, 1, absent, "present").await;

    // A draft edited so that it no longer holds together is refused with the core's codes,
    // the same as pairings entered one by one: the bye also at a board, a table twice.
    let mut bye_at_a_board = first.clone();
    bye_at_a_board["tables"][0]["black_id"] = first["bye"].clone();
    let refused = send(
        &service,
        Method::POST,
        &publish_path,
        Some(&admin),
        Some(bye_at_a_board),
    )
    .await;
    expect_problem(refused, 409, "pairing.player_has_bye").await;
    let mut one_table_twice = first.clone();
    one_table_twice["tables"][1]["table"] = first["tables"][0]["table"].clone();
    let refused = send(
        &service,
        Method::POST,
        &publish_path,
        Some(&admin),
        Some(one_table_twice),
    )
    .await;
    expect_problem(refused, 409, "pairing.table_taken").await;

    // Published as returned: the tables are the pairings, the bye a registration.
    let again = draft(&service, &format!("{round_1}/draft"), &admin, json!({})).await;
    assert_eq!(
        again["state"], first["state"],
        "the same state drafts the same"
    );
    let published = expect_json(
        send(
            &service,
            Method::POST,
            &publish_path,
            Some(&admin),
            Some(again.clone()),
        )
        .await,
        201,
    )
    .await;
    let stored = expect_json(send(&service, Method::GET, &round_1, None, None).await, 200).await;
    assert_eq!(stored["items"], published["pairings"], "{published:#}");
    let tables = again["tables"].as_array().unwrap();
    assert_eq!(stored["page"]["total"], tables.len());
    for (pairing, table) in stored["items"].as_array().unwrap().iter().zip(tables) {
        for field in [
            "table", "white_id", "black_id", "handicap", "komi", "white", "black",
        ] {
            assert_eq!(pairing[field], table[field], "{field}: {pairing} {table}");
        }
    }
    assert_eq!(published["bye"], again["bye_player"]);
    let byes = expect_json(
        send(
            &service,
            Method::GET,
            &format!("/tournaments/{tournament}/rounds/1/registrations?status=bye"),
            None,
            None,
        )
        .await,
        200,
    )
    .await;
    assert_eq!(byes["items"][0]["player_id"], again["bye"]);

    // Published once.
    let twice = send(
        &service,
        Method::POST,
        &publish_path,
        Some(&admin),
        Some(again),
    )
    .await;
    expect_problem(twice, 409, "round.already_paired").await;
}

/// The heavy-work pool's jobs for the staff so far, as `/metrics` counts them.
async fn staff_jobs(service: &TestService) -> u64 {
    service
        .metric("arbitre_heavy_jobs_total{class=\"staff\"}")
        .await
}

#[tokio::test]
async fn a_redraft_with_nothing_changed_answers_the_draft_made_and_any_change_drafts_afresh() {
    let service = TestService::start().await;
    let tournament = service.create_tournament(json!({})).await["id"]
        .as_str()
        .unwrap()
        .to_string();
    let mut players = Vec::new();
    for index in 0..20 {
        let rank = ["1d", "2k", "5k", "9k"][index % 4];
        players.push(
            service
                .create_player(&tournament, &format!("Player{index}"), rank)
                .await,
        );
    }
    service.create_round(&tournament, 1).await;
    let path = format!("/tournaments/{tournament}/rounds/1/pairings/draft");
    let token = service.admin_token.clone();

    let first = draft(&service, &path, &token, json!({})).await;
    assert_pairs_everyone(&first, &players.iter().collect::<Vec<_>>());
    let jobs = staff_jobs(&service).await;
    assert!(jobs >= 1, "the engine ran on the heavy pool: {jobs} jobs");

    // Nothing changed: the draft made, and no work on the pool, plain or compressed.
    assert_eq!(draft(&service, &path, &token, json!({})).await, first);
    assert_eq!(staff_jobs(&service).await, jobs);
    let compressed = service
        .post(&path, Some(&token))
        .header("Accept-Encoding", "gzip")
        .json(&json!({}))
        .send()
        .await
        .unwrap();
    assert_eq!(compressed.status(), 200);
    assert_eq!(compressed.headers()["content-encoding"], "gzip");
    assert_eq!(&compressed.bytes().await.unwrap()[..2], &[0x1f, 0x8b]);
    assert_eq!(staff_jobs(&service).await, jobs);

    // What is kept is no one else's: a stranger is refused before it is looked up.
    let stranger = stranger(&service).await;
    let refused = send(
        &service,
        Method::POST,
        &path,
        Some(&stranger),
        Some(json!({})),
    )
    .await;
    expect_problem(refused, 403, "auth.forbidden").await;

    // Another request is drafted afresh; the first is still kept beside it.
    let left_out = draft(&service, &path, &token, json!({ "exclude": [players[0]] })).await;
    assert_pairs_everyone(&left_out, &players[1..].iter().collect::<Vec<_>>());
    let jobs = staff_jobs(&service).await;
    assert_eq!(draft(&service, &path, &token, json!({})).await, first);
    assert_eq!(staff_jobs(&service).await, jobs);

    // A change to the tournament (a player registered) is a new draft, with them.
    let newcomer = service.create_player(&tournament, "Newcomer", "3k").await;
    let changed = draft(&service, &path, &token, json!({})).await;
    assert!(staff_jobs(&service).await > jobs);
    assert_ne!(changed["state"], first["state"]);
    let everyone: Vec<&String> = players.iter().chain([&newcomer]).collect();
    assert_pairs_everyone(&changed, &everyone);

    // Once the round is paired, drafting it is refused, not answered from what was kept.
    publish(&service, &tournament, 1, &changed).await;
    let again = send(&service, Method::POST, &path, Some(&token), Some(json!({}))).await;
    expect_problem(again, 409, "round.already_paired").await;
}

#[tokio::test]
async fn drafts_asked_without_pause_wait_their_turn_and_none_is_refused() {
    let service = TestService::start().await;
    let tournament = service.create_tournament(json!({})).await["id"]
        .as_str()
        .unwrap()
        .to_string();
    for index in 0..8 {
        service
            .create_player(&tournament, &format!("Player{index}"), "5k")
            .await;
    }
    service.create_round(&tournament, 1).await;
    let path = format!("/tournaments/{tournament}/rounds/1/pairings/draft");
    let token = service.admin_token.clone();

    // 20 drafts a second and 20 at once: of 30 asked together, the 20 first pass at
    // once and each of the 10 others waits 50 ms more than the one before, the last
    // half a second. Without the pace, the 30 are answered in about 0.1 s.
    let began = std::time::Instant::now();
    let mut asking = tokio::task::JoinSet::new();
    for _ in 0..30 {
        let request = service.post(&path, Some(&token)).json(&json!({}));
        asking.spawn(async move { expect_json(request.send().await.unwrap(), 200).await });
    }
    let drafts = asking.join_all().await;
    let elapsed = began.elapsed();
    assert!(
        drafts
            .iter()
            .all(|answer| answer["tables"] == drafts[0]["tables"]),
        "every draft answered, the same"
    );
    assert!(
        elapsed >= std::time::Duration::from_millis(500),
        "30 drafts answered in {elapsed:?}"
    );
}
