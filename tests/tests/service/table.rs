//! The live table as a referee judges it: handicap games in both forms played to the
//! count, the pairing's result always the game's, a result entered by hand on a running
//! game refused and never overwritten by the clock, every result change in the audit trail.

use crate::games::{counting, game_state, log, play, post_turn, setup, start_game};
use arbitre_api::routes::games::rulings::GameRulingList;
use arbitre_api::routes::standings::PairingResult;
use arbitre_api::services::live::view::GameState;
use arbitre_api::services::rounds::Round;
use arbitre_core::ending::CountBasis;
use arbitre_core::table::ResultSource;
use arbitre_core::Color;
use arbitre_tests::api::{applied_ruling, game_problem, problem, read};
use arbitre_tests::TestService;
use reqwest::Method;
use serde_json::{json, Value};
use std::time::Duration;

/// The pairing's result, as the standings read it.
async fn pairing_result(service: &TestService, tournament: &str, pairing: &str) -> Option<String> {
    let api = service.api().anonymous();
    api.pairing_result(tournament, 1, pairing).await.result
}

/// Round 1 of `tournament`, as anyone reads it.
async fn round_one(service: &TestService, tournament: &str) -> Round {
    let api = service.api().anonymous();
    api.get(&format!("/tournaments/{tournament}/rounds/1"))
        .await
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
                let before = game_state(&service, &game).await;
                assert_eq!(before.phase, "placing", "{before:?}");
                assert_eq!(before.to_move, Some(Color::Black));
                assert_eq!(before.clocks.status, "running");
                assert!(before.clocks.black.running, "stone {placed}");
                play(&service, table, &game, turn, point).await;
                turn += 1;
            }
        } else {
            let start = game_state(&service, &game).await;
            for point in &stones[..handicap] {
                let row = usize::from(point.as_bytes()[1] - b'a');
                let column = usize::from(point.as_bytes()[0] - b'a');
                let line = &start.board[row];
                assert_eq!(&line[column..=column], "X", "{point}: {start:?}");
            }
        }
        let playing = game_state(&service, &game).await;
        assert_eq!(playing.phase, "playing", "{playing:?}");
        assert_eq!(playing.to_move, Some(Color::White));
        assert!(playing.clocks.white.running, "{playing:?}");
        for point in ["ee", "pass", "pass"] {
            play(&service, table, &game, turn, point).await;
            turn += 1;
        }
        assert_eq!(game_state(&service, &game).await.phase, "counting");
        for color in ["B", "W"] {
            let step = json!({"action": "accept", "color": color});
            let _: GameState = read(counting(&service, table, &game, step).await, 200).await;
        }
        let counted = game_state(&service, &game).await;
        assert_eq!(counted.phase, "finished", "{counted:?}");
        assert_eq!(
            counted.result_source,
            Some(ResultSource::Count {
                basis: CountBasis::Agreement
            })
        );
        assert_eq!(counted.clocks.status, "stopped");
        let result = counted.result;
        assert!(result.is_some());
        // The entry that ended the game says its result: the stream sends it.
        let entries = log(&service, &game).await;
        let last = entries.last().unwrap();
        assert_eq!(last.kind, "counting");
        assert_eq!(last.result, result);
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
    let round = round_one(&service, &setup.tournament_id).await;
    assert!(round.started_at.is_some(), "{round:?}");
    let put = |body: Value| {
        service
            .request(Method::PUT, &result_path, Some(&setup.referee))
            .json(&body)
            .send()
    };
    let running = game_problem(
        put(json!({"result": "B+R"})).await.unwrap(),
        409,
        "game.running",
    )
    .await;
    assert_eq!(running.state.unwrap().phase, "playing");
    assert_eq!(
        pairing_result(&service, &setup.tournament_id, &setup.pairings[0]).await,
        None
    );
    // The referee rules on the game: it ends with the result.
    let ruling = json!({"kind": "result_correction", "reason": "White resigned at the table", "result": "B+R"});
    let ruled: GameState = service
        .api()
        .with_token(&setup.referee)
        .post(&format!("/games/{game}/rulings"), &ruling, 201)
        .await;
    assert_eq!(ruled.phase, "finished");
    assert_eq!(ruled.result.as_deref(), Some("B+R"));
    assert_eq!(ruled.clocks.status, "stopped");
    // White's flag would have fallen by now: a sweep finds nothing to settle, nothing
    // changes, nothing is recorded.
    let entries_before = log(&service, &game).await.len();
    service.advance(Duration::from_secs(61));
    assert_eq!(service.sweep().await, 0);
    let later = game_state(&service, &game).await;
    assert_eq!(later.result.as_deref(), Some("B+R"), "{later:?}");
    let Some(ResultSource::Ruling { reason, .. }) = &later.result_source else {
        panic!("not a ruling's result: {later:?}");
    };
    assert_eq!(reason, "White resigned at the table");
    assert_eq!(log(&service, &game).await.len(), entries_before);
    assert_eq!(
        pairing_result(&service, &setup.tournament_id, &setup.pairings[0])
            .await
            .as_deref(),
        Some("B+R")
    );
    // A finished game's result is changed by hand through a ruling on the game.
    let corrected: PairingResult = read(
        put(json!({"result": "W+R", "reason": "the referee saw Black resign"}))
            .await
            .unwrap(),
        200,
    )
    .await;
    assert_eq!(corrected.result.as_deref(), Some("W+R"));
    assert_eq!(
        game_state(&service, &game).await.result.as_deref(),
        Some("W+R")
    );
    for impossible in ["W+3.25", "W+3"] {
        problem(
            put(json!({"result": impossible})).await.unwrap(),
            422,
            "result.margin",
        )
        .await;
    }
    problem(
        put(json!({"result": "W+1e3"})).await.unwrap(),
        422,
        "validation.failed",
    )
    .await;
    problem(put(json!({})).await.unwrap(), 422, "validation.failed").await;
    let GameRulingList { items } = service.api().anonymous().game_rulings(&game).await;
    assert_eq!(items.len(), 2, "{items:?}");
    // Each says who and when: its `by` and `at`, which it cannot be read without.
    let first = applied_ruling(&items[0].entry).unwrap();
    assert_eq!(first.previous_result, None);
    assert_eq!(first.new_result, Some("B+R".parse().unwrap()));
    assert_eq!(first.ruling.reason, "White resigned at the table");
    let second = applied_ruling(&items[1].entry).unwrap();
    assert_eq!(second.previous_result, Some("B+R".parse().unwrap()));
    assert_eq!(second.new_result, Some("W+R".parse().unwrap()));
    assert_eq!(second.ruling.reason, "the referee saw Black resign");
    assert_eq!(items[1].entry.result.as_deref(), Some("W+R"));
    // A turn after the end is refused with the state.
    problem(
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
    assert_eq!(round_one(&service, tournament).await.started_at, None);

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
        problem(refused.await, 403, "auth.forbidden").await;
    }
    // The tournament is played on 9×9 boards: a game on another is none of its games.
    for token in [&setup.tables[0], &setup.referee] {
        let other_board = json!({"pairing_id": pairing, "board_size": 5});
        let refused = crate::send(&service, Method::POST, &create, token, Some(&other_board));
        let refusal = problem(refused.await, 422, "terms.board_size").await;
        assert!(refusal.detail.contains("9×9"), "{refusal:?}");
    }
    // Nothing was started by the refusals.
    assert_eq!(round_one(&service, tournament).await.started_at, None);

    // The tablet starts its own game on the pairing's terms (restating them is no override).
    let pairing_row = service
        .api()
        .anonymous()
        .pairing(tournament, 1, pairing)
        .await;
    let own = json!({"pairing_id": pairing, "komi": pairing_row.komi, "board_size": 9});
    let sent = crate::send(
        &service,
        Method::POST,
        &create,
        &setup.tables[0],
        Some(&own),
    );
    let game: GameState = read(sent.await, 201).await;
    assert_eq!(game.settings.width, 9);
    assert_eq!(game.settings.komi, pairing_row.komi);
    assert!(game.settings.overrides.is_empty(), "{game:?}");
    assert!(
        round_one(&service, tournament).await.started_at.is_some(),
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
    problem(sent.await, 403, "auth.forbidden").await;

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
    let game: GameState = read(sent.await, 201).await;
    assert_eq!(game.settings.overrides, ["komi", "flag_policy"]);
    let read_back = game_state(&service, &game.id.to_string()).await;
    assert_eq!(read_back.settings.overrides, ["komi", "flag_policy"]);
}
