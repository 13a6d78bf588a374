//! The live table as a referee judges it: handicap games in both forms played to the
//! count, the pairing's result always the game's, a result entered by hand on a running
//! game refused and never overwritten by the clock, every result change in the audit trail.

use crate::games::{counting, log, play, post_turn, setup, start_game, state};
use crate::{expect_json, expect_problem};
use arbitre_tests::TestService;
use reqwest::Method;
use serde_json::{json, Value};
use std::time::Duration;

/// The pairing's result, as the standings read it.
async fn pairing_result(service: &TestService, tournament: &str, pairing: &str) -> Value {
    let path = format!("/tournaments/{tournament}/rounds/1/pairings/{pairing}/result");
    expect_json(service.get(&path).send().await.unwrap(), 200).await["result"].clone()
}

/// Handicap games of 2 and 4 stones on 9×9, in the FFG form (Black plays the stones) and
/// with fixed stones (White starts), each played to the end and counted by agreement.
#[tokio::test]
async fn handicap_games_in_both_forms_are_counted_and_the_pairing_has_their_result() {
    let service = TestService::start().await;
    let setup = setup(&service, json!({}), 4).await;
    let stones = ["gc", "cg", "gg", "cc"];
    let games = [(2, "moves"), (4, "moves"), (2, "fixed"), (4, "fixed")];
    for (index, (handicap, form)) in games.into_iter().enumerate() {
        let table = &setup.tables[index];
        let extra = json!({"handicap": handicap, "handicap_form": form});
        let game = start_game(&service, &setup, index, extra).await;
        let mut turn = 1;
        if form == "moves" {
            for (placed, point) in stones[..handicap].iter().enumerate() {
                let before = state(&service, &game).await;
                assert_eq!(before["phase"], "placing", "{before}");
                assert_eq!(before["to_move"], "B");
                assert_eq!(before["clocks"]["status"], "running");
                assert_eq!(before["clocks"]["black"]["running"], true, "stone {placed}");
                play(&service, table, &game, turn, point).await;
                turn += 1;
            }
        } else {
            let start = state(&service, &game).await;
            for point in &stones[..handicap] {
                let row = point.as_bytes()[1] - b'a';
                let column = usize::from(point.as_bytes()[0] - b'a');
                let line = start["board"][usize::from(row)].as_str().unwrap();
                assert_eq!(&line[column..=column], "X", "{point}: {start}");
            }
        }
        let playing = state(&service, &game).await;
        assert_eq!(playing["phase"], "playing", "{playing}");
        assert_eq!(playing["to_move"], "W");
        assert_eq!(playing["clocks"]["white"]["running"], true, "{playing}");
        for point in ["ee", "pass", "pass"] {
            play(&service, table, &game, turn, point).await;
            turn += 1;
        }
        assert_eq!(state(&service, &game).await["phase"], "counting");
        for color in ["B", "W"] {
            let step = json!({"action": "accept", "color": color});
            expect_json(counting(&service, table, &game, step).await, 200).await;
        }
        let counted = state(&service, &game).await;
        assert_eq!(counted["phase"], "finished", "{counted}");
        assert_eq!(counted["result_source"]["source"], "count");
        assert_eq!(counted["result_source"]["basis"], "agreement");
        assert_eq!(counted["clocks"]["status"], "stopped");
        let result = counted["result"].clone();
        assert!(result.is_string());
        // The entry that ended the game says its result: the stream sends it.
        let entries = log(&service, &game).await;
        let last = entries.last().unwrap();
        assert_eq!(last["kind"], "counting");
        assert_eq!(last["result"], result);
        assert_eq!(
            pairing_result(&service, &setup.tournament_id, &setup.pairings[index]).await,
            result,
            "{handicap} stones, {form}"
        );
    }
}

/// A result entered by hand while the game runs is refused; a referee's ruling ends the
/// game with it, and the flag that falls later changes nothing. Every change of the
/// result is in the game's audit trail, with who, when, the previous result and why.
#[tokio::test]
async fn a_hand_result_on_a_running_game_is_refused_and_the_flag_never_overwrites_a_ruling() {
    let service = TestService::start().await;
    let setup = setup(
        &service,
        json!({"time_control": {"system": "absolute", "main_time_ms": 60_000}}),
        1,
    )
    .await;
    let game = start_game(&service, &setup, 0, json!({})).await;
    let table = &setup.tables[0];
    play(&service, table, &game, 1, "ee").await;
    let result_path = format!(
        "/tournaments/{}/rounds/1/pairings/{}/result",
        setup.tournament_id, setup.pairings[0]
    );
    // The game started the round.
    let round = format!("/tournaments/{}/rounds/1", setup.tournament_id);
    let round = expect_json(service.get(&round).send().await.unwrap(), 200).await;
    assert!(round["started_at"].is_string(), "{round}");
    let put = |body: Value| {
        service
            .request(Method::PUT, &result_path, Some(&setup.referee))
            .json(&body)
            .send()
    };
    let running = expect_problem(
        put(json!({"result": "B+R"})).await.unwrap(),
        409,
        "game.running",
    )
    .await;
    assert_eq!(running["state"]["phase"], "playing");
    assert_eq!(
        pairing_result(&service, &setup.tournament_id, &setup.pairings[0]).await,
        Value::Null
    );
    // The referee rules on the game: it ends with the result.
    let ruling = json!({"kind": "result_correction", "reason": "White resigned at the table", "result": "B+R"});
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
    assert_eq!(ruled["phase"], "finished");
    assert_eq!(ruled["result"], "B+R");
    assert_eq!(ruled["clocks"]["status"], "stopped");
    // White's flag would have fallen by now: a sweep finds nothing to settle, nothing
    // changes, nothing is recorded.
    let entries_before = log(&service, &game).await.len();
    service.advance(Duration::from_secs(61));
    assert_eq!(service.sweep().await, 0);
    let later = state(&service, &game).await;
    assert_eq!(later["result"], "B+R", "{later}");
    assert_eq!(later["result_source"]["source"], "ruling");
    assert_eq!(
        later["result_source"]["reason"],
        "White resigned at the table"
    );
    assert_eq!(log(&service, &game).await.len(), entries_before);
    assert_eq!(
        pairing_result(&service, &setup.tournament_id, &setup.pairings[0]).await,
        "B+R"
    );
    // A finished game's result is changed by hand through a ruling on the game.
    let corrected = expect_json(
        put(json!({"result": "W+R", "reason": "the referee saw Black resign"}))
            .await
            .unwrap(),
        200,
    )
    .await;
    assert_eq!(corrected["result"], "W+R");
    assert_eq!(state(&service, &game).await["result"], "W+R");
    for impossible in ["W+3.25", "W+3"] {
        expect_problem(
            put(json!({"result": impossible})).await.unwrap(),
            422,
            "result.margin",
        )
        .await;
    }
    expect_problem(
        put(json!({"result": "W+1e3"})).await.unwrap(),
        422,
        "validation.failed",
    )
    .await;
    expect_problem(put(json!({})).await.unwrap(), 422, "validation.failed").await;
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
    assert_eq!(items.len(), 2, "{rulings}");
    let first = &items[0]["ruling"];
    assert_eq!(first["previous_result"], Value::Null);
    assert_eq!(first["new_result"], "B+R");
    assert_eq!(first["reason"], "White resigned at the table");
    assert!(first["by"].is_string() && first["at"].is_u64());
    let second = &items[1]["ruling"];
    assert_eq!(second["previous_result"], "B+R");
    assert_eq!(second["new_result"], "W+R");
    assert_eq!(second["reason"], "the referee saw Black resign");
    assert_eq!(items[1]["result"], "W+R");
    // A turn after the end is refused with the state.
    expect_problem(
        post_turn(&service, table, &game, 2, "cc").await,
        409,
        "game.finished",
    )
    .await;
}

/// A game's terms are the pairing's and the tournament's: the players' tablet starts its
/// game on them and may set no other (komi −50, nine stones, no clock…); the staff may,
/// and the game records which terms they set. The board is no one's to change: a game
/// on another board than the tournament's is refused, whoever asks. The first game of a
/// round starts the round.
#[tokio::test]
async fn the_tablet_plays_the_pairings_terms_and_only_the_staff_override_them() {
    let service = TestService::start().await;
    let setup = setup(&service, json!({}), 2).await;
    let tournament = &setup.tournament_id;
    let create = format!("/tournaments/{tournament}/games");
    let round = format!("/tournaments/{tournament}/rounds/1");
    let started_at = |round: Value| round["started_at"].clone();
    let before = expect_json(service.get(&round).send().await.unwrap(), 200).await;
    assert_eq!(started_at(before), Value::Null);

    let pairing = &setup.pairings[0];
    for overriding in [
        json!({"komi": -50}),
        json!({"handicap": 9}),
        json!({"handicap_form": "fixed"}),
        json!({"ruleset": "japanese"}),
        json!({"time_control": {"system": "none"}}),
        json!({"flag_policy": "auto-pass"}),
    ] {
        let mut body = json!({"pairing_id": pairing});
        arbitre_tests::merge(&mut body, overriding.clone());
        let refused = crate::send(
            &service,
            Method::POST,
            &create,
            &setup.tables[0],
            Some(&body),
        );
        expect_problem(refused.await, 403, "auth.forbidden").await;
    }
    // The tournament is played on 9×9 boards: a game on another is none of its games.
    for token in [&setup.tables[0], &setup.referee] {
        let other_board = json!({"pairing_id": pairing, "board_size": 5});
        let refused = crate::send(&service, Method::POST, &create, token, Some(&other_board));
        let problem = expect_problem(refused.await, 422, "terms.board_size").await;
        assert!(
            problem["detail"].as_str().unwrap().contains("9×9"),
            "{problem}"
        );
    }
    // Nothing was started by the refusals.
    let still = expect_json(service.get(&round).send().await.unwrap(), 200).await;
    assert_eq!(started_at(still), Value::Null);

    // The tablet starts its own game on the pairing's terms (restating them is no override).
    let pairing_row = expect_json(
        service
            .get(&format!("{round}/pairings/{pairing}"))
            .send()
            .await
            .unwrap(),
        200,
    )
    .await;
    let own = json!({"pairing_id": pairing, "komi": pairing_row["komi"], "board_size": 9});
    let sent = crate::send(
        &service,
        Method::POST,
        &create,
        &setup.tables[0],
        Some(&own),
    );
    let game = expect_json(sent.await, 201).await;
    assert_eq!(game["settings"]["width"], 9);
    assert_eq!(game["settings"]["komi"], pairing_row["komi"]);
    assert_eq!(game["settings"]["overrides"], json!([]));
    let after = expect_json(service.get(&round).send().await.unwrap(), 200).await;
    assert!(
        started_at(after).is_string(),
        "the first game starts the round"
    );

    // Another table's tablet cannot start this pairing's game.
    let other = json!({"pairing_id": &setup.pairings[1]});
    let sent = crate::send(
        &service,
        Method::POST,
        &create,
        &setup.tables[0],
        Some(&other),
    );
    expect_problem(sent.await, 403, "auth.forbidden").await;

    // The referee may set other terms; the game says which.
    let overridden =
        json!({"pairing_id": &setup.pairings[1], "komi": 0.5, "flag_policy": "auto-pass"});
    let sent = crate::send(
        &service,
        Method::POST,
        &create,
        &setup.referee,
        Some(&overridden),
    );
    let game = expect_json(sent.await, 201).await;
    assert_eq!(
        game["settings"]["overrides"],
        json!(["komi", "flag_policy"])
    );
    let read = expect_json(
        service
            .get(&format!("/games/{}", game["id"].as_str().unwrap()))
            .send()
            .await
            .unwrap(),
        200,
    )
    .await;
    assert_eq!(
        read["settings"]["overrides"],
        json!(["komi", "flag_policy"])
    );
}
