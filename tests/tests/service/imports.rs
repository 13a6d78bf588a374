//! `POST /tournaments/{id}/games/import`: one finished game per import. A collection of
//! several games, a record without a result (unless the staff give it), a record beyond
//! the turn cap and a record of another game than its pairing's (unless the staff
//! override it with a reason) are refused, and nothing is stored. A result recorded by
//! hand that an import replaces is kept in a ruling.

use crate::{expect_json, expect_problem};
use arbitre_api::access::Role;
use arbitre_core::history::MAX_TURNS;
use arbitre_tests::TestService;
use serde_json::{json, Value};

struct Setup {
    service: TestService,
    tournament: String,
    pairings: Vec<String>,
    referee: String,
}

async fn setup() -> Setup {
    let service = TestService::start().await;
    let tournament = service.create_tournament(json!({})).await["id"]
        .as_str()
        .unwrap()
        .to_string();
    service.create_round(&tournament, 1).await;
    let mut pairings = Vec::new();
    for table in 1..=2 {
        let black = service
            .create_player(&tournament, &format!("Noir{table}"), "2k")
            .await;
        let white = service
            .create_player(&tournament, &format!("Blanc{table}"), "2k")
            .await;
        let pairing = service
            .create_pairing(&tournament, 1, table, &black, &white)
            .await;
        pairings.push(pairing["id"].as_str().unwrap().to_string());
    }
    let referee = service
        .token(Role::Referee, Some(tournament.parse().unwrap()), None)
        .await;
    Setup {
        service,
        tournament,
        pairings,
        referee,
    }
}

async fn import(setup: &Setup, body: Value) -> reqwest::Response {
    setup
        .service
        .post(
            &format!("/tournaments/{}/games/import", setup.tournament),
            Some(&setup.referee),
        )
        .json(&body)
        .send()
        .await
        .unwrap()
}

/// The games recorded in the tournament.
async fn games(setup: &Setup) -> u64 {
    let list = expect_json(
        setup
            .service
            .get(&format!("/tournaments/{}/games", setup.tournament))
            .send()
            .await
            .unwrap(),
        200,
    )
    .await;
    list["page"]["total"].as_u64().unwrap()
}

/// A 9×9 record of `passes` passes, alternating from Black.
fn passes(passes: usize) -> String {
    let mut sgf = String::from("(;GM[1]FF[4]SZ[19]RE[W+7]");
    for index in 0..passes {
        sgf.push_str(if index % 2 == 0 { ";B[]" } else { ";W[]" });
    }
    sgf.push(')');
    sgf
}

#[tokio::test]
async fn a_collection_of_several_games_is_refused() {
    let setup = setup().await;
    let two = "(;GM[1]FF[4]SZ[19]RE[B+R];B[ee];W[cc])(;GM[1]FF[4]SZ[19]RE[W+R];B[dd])";
    let problem = expect_problem(
        import(&setup, json!({"pairing_id": setup.pairings[0], "sgf": two})).await,
        422,
        "sgf.collection",
    )
    .await;
    assert!(
        problem["detail"].as_str().unwrap().contains("2 games"),
        "{problem}"
    );
    assert_eq!(games(&setup).await, 0);
}

#[tokio::test]
async fn a_record_without_a_result_needs_the_staffs_result() {
    let setup = setup().await;
    for sgf in [
        "(;GM[1]FF[4]SZ[19];B[ee];W[cc])",
        "(;GM[1]FF[4]SZ[19]RE[?];B[ee];W[cc])",
    ] {
        expect_problem(
            import(&setup, json!({"pairing_id": setup.pairings[0], "sgf": sgf})).await,
            422,
            "sgf.no_result",
        )
        .await;
    }
    assert_eq!(games(&setup).await, 0);
    expect_problem(
        import(
            &setup,
            json!({"pairing_id": setup.pairings[0], "sgf": "(;GM[1]FF[4]SZ[19];B[ee])", "result": "W+1e3x"}),
        )
        .await,
        422,
        "sgf.invalid",
    )
    .await;

    // Given by the staff, the result finishes the game, and the pairing has it.
    let imported = expect_json(
        import(
            &setup,
            json!({"pairing_id": setup.pairings[0], "sgf": "(;GM[1]FF[4]SZ[19];B[ee];W[cc])", "result": "W+R"}),
        )
        .await,
        201,
    )
    .await;
    assert_eq!(imported["phase"], "finished", "{imported}");
    assert_eq!(imported["result"], "W+R");
    assert_eq!(imported["turns"], 2);
    // The staff's result stands over the record's.
    let overridden = expect_json(
        import(
            &setup,
            json!({"pairing_id": setup.pairings[1], "sgf": "(;GM[1]FF[4]SZ[19]RE[B+R];B[ee])", "result": "Void"}),
        )
        .await,
        201,
    )
    .await;
    assert_eq!(overridden["result"], "Void");
    let pairing = expect_json(
        setup
            .service
            .get(&format!(
                "/tournaments/{}/rounds/1/pairings/{}",
                setup.tournament, setup.pairings[0]
            ))
            .send()
            .await
            .unwrap(),
        200,
    )
    .await;
    assert_eq!(pairing["result"], "W+R");
}

#[tokio::test]
async fn a_record_beyond_the_turn_cap_is_refused_unreplayed() {
    let setup = setup().await;
    // The 240 KB record of issue 13: 60,000 passes.
    let huge = passes(60_000);
    assert!(huge.len() < arbitre_api::http::BODY_LIMIT);
    let problem = expect_problem(
        import(
            &setup,
            json!({"pairing_id": setup.pairings[0], "sgf": huge}),
        )
        .await,
        422,
        "sgf.too_many_turns",
    )
    .await;
    assert!(
        problem["detail"].as_str().unwrap().contains("60000 turns"),
        "{problem}"
    );
    // One turn beyond the cap is already too many.
    expect_problem(
        import(
            &setup,
            json!({"pairing_id": setup.pairings[0], "sgf": passes(MAX_TURNS + 1)}),
        )
        .await,
        422,
        "sgf.too_many_turns",
    )
    .await;
    assert_eq!(games(&setup).await, 0);
}

/// What reading tolerated is in the import's answer: a record with `HA[7.5]` (the komi
/// written in the handicap's place, as real records have it) is recorded as an even game,
/// and the answer names the value and where it stands in the file.
#[tokio::test]
async fn an_import_answers_with_what_reading_tolerated() {
    let setup = setup().await;
    let sgf = "(;GM[1]FF[4]SZ[19]\nHA[7.5]RE[B+R];B[ee];W[cc])";
    let imported = expect_json(
        import(&setup, json!({"pairing_id": setup.pairings[0], "sgf": sgf})).await,
        201,
    )
    .await;
    assert_eq!(imported["phase"], "finished", "{imported}");
    assert_eq!(
        imported["warnings"],
        json!([{"kind": "invalid_handicap", "value": "7.5", "line": 2, "column": 4}]),
        "{imported}"
    );
    let clean = expect_json(
        import(
            &setup,
            json!({"pairing_id": setup.pairings[1], "sgf": "(;GM[1]FF[4]SZ[19]RE[W+R];B[ee])"}),
        )
        .await,
        201,
    )
    .await;
    assert_eq!(clean["warnings"], json!([]), "{clean}");
}

/// The record of issue 20: other players, komi 6.5 and Chinese rules on a French pairing
/// of komi 7.5: refused naming each property with both values, nothing stored; accepted
/// with the staff's reason, the overridden terms recorded on the game and the reason in
/// its ruling; the result a referee had entered by hand replaced by a ruling on the
/// pairing that keeps it. The same record on a 9×9 board is no game of this 19×19
/// tournament, whatever the reason (issue 25).
#[tokio::test]
async fn a_record_of_another_game_is_refused_unless_the_staff_override_it() {
    let setup = setup().await;
    let service = &setup.service;
    let round = format!("/tournaments/{}/rounds/1", setup.tournament);
    expect_json(
        service
            .post(&format!("{round}/start"), Some(&setup.referee))
            .send()
            .await
            .unwrap(),
        200,
    )
    .await;
    let by_hand = format!("{round}/pairings/{}/result", setup.pairings[0]);
    expect_json(
        service
            .request(reqwest::Method::PUT, &by_hand, Some(&setup.referee))
            .json(&json!({"result": "B+R", "reason": "the players' word"}))
            .send()
            .await
            .unwrap(),
        200,
    )
    .await;

    let other =
        "(;GM[1]FF[4]SZ[19]KM[6.5]RU[Chinese]PB[Dupont Jean]PW[Blanc1 Test]RE[W+R];B[ee];W[cc])";
    let nine = other.replace("SZ[19]", "SZ[9]");
    for reason in [None, Some("the organizer's 9x9 side event")] {
        let problem = expect_problem(
            import(
                &setup,
                json!({"pairing_id": setup.pairings[0], "sgf": nine, "override_reason": reason}),
            )
            .await,
            422,
            "terms.board_size",
        )
        .await;
        assert!(
            problem["detail"].as_str().unwrap().contains("19×19"),
            "{problem}"
        );
    }
    assert_eq!(games(&setup).await, 0);
    let problem = expect_problem(
        import(
            &setup,
            json!({"pairing_id": setup.pairings[0], "sgf": other}),
        )
        .await,
        422,
        "sgf.pairing_mismatch",
    )
    .await;
    let fields: Vec<&str> = problem["errors"]
        .as_array()
        .unwrap()
        .iter()
        .map(|error| error["field"].as_str().unwrap())
        .collect();
    assert_eq!(fields, ["sgf.PB", "sgf.KM", "sgf.RU"], "{problem}");
    let black = &problem["errors"][0]["message"];
    assert!(
        black.as_str().unwrap().contains("Dupont Jean")
            && black.as_str().unwrap().contains("Noir1 Test"),
        "{problem}"
    );
    assert!(
        problem["detail"]
            .as_str()
            .unwrap()
            .contains("override_reason"),
        "{problem}"
    );
    assert_eq!(games(&setup).await, 0);
    // A blank reason is no reason.
    expect_problem(
        import(
            &setup,
            json!({"pairing_id": setup.pairings[0], "sgf": other, "override_reason": " "}),
        )
        .await,
        422,
        "validation.failed",
    )
    .await;

    let reason = "the organizer's side event, entered on this pairing";
    let imported = expect_json(
        import(
            &setup,
            json!({"pairing_id": setup.pairings[0], "sgf": other, "override_reason": reason}),
        )
        .await,
        201,
    )
    .await;
    assert_eq!(imported["result"], "W+R", "{imported}");
    assert_eq!(imported["replaced_result"], "B+R", "{imported}");
    assert_eq!(
        imported["settings"]["overrides"],
        json!(["players", "komi", "ruleset"]),
        "{imported}"
    );
    let source = &imported["result_source"];
    assert_eq!(source["source"], "ruling", "{imported}");
    assert!(
        source["reason"].as_str().unwrap().contains(reason),
        "{imported}"
    );

    // The game's ruling names its author beside the token id.
    let game_rulings = expect_json(
        service
            .get(&format!(
                "/games/{}/rulings",
                imported["id"].as_str().unwrap()
            ))
            .send()
            .await
            .unwrap(),
        200,
    )
    .await;
    assert_eq!(
        game_rulings["items"][0]["issued_by_label"], "test",
        "{game_rulings}"
    );
    assert!(game_rulings["items"][0]["issued_by"].is_string());

    // The hand-entered result is kept: a ruling on the pairing, before and after.
    let rulings = expect_json(
        service
            .get(&format!("{round}/pairings/{}/rulings", setup.pairings[0]))
            .send()
            .await
            .unwrap(),
        200,
    )
    .await;
    let items = rulings["items"].as_array().unwrap();
    assert_eq!(items.len(), 2, "{rulings:#}");
    assert_eq!(items[0]["terms"]["result"], "B+R");
    assert_eq!(items[1]["previous"]["result"], "B+R");
    assert_eq!(items[1]["terms"]["result"], "W+R");

    // The right players, named with other accents, case and order: no override needed.
    let own = "(;GM[1]FF[4]SZ[19]KM[7.5]RU[FFG]PB[TEST noir2]PW[blanc2 test]RE[B+R];B[pd])";
    let clean = expect_json(
        import(&setup, json!({"pairing_id": setup.pairings[1], "sgf": own})).await,
        201,
    )
    .await;
    assert_eq!(clean["settings"]["overrides"], json!([]), "{clean}");
    assert_eq!(clean["replaced_result"], Value::Null);
}
