//! `POST /tournaments/{id}/games/import`: one finished game per import. A collection of
//! several games, a record without a result (unless the staff give it), a record beyond
//! the turn cap and a record of another game than its pairing's (unless the staff
//! override it with a reason) are refused, and nothing is stored. A result recorded by
//! hand that an import replaces is kept in a ruling.

use arbitre_api::access::Role;
use arbitre_api::routes::games::sgf::ImportedGame;
use arbitre_api::routes::standings::PairingResult;
use arbitre_core::history::{ReadWarning, MAX_TURNS};
use arbitre_core::table::ResultSource;
use arbitre_tests::api::{fields, problem, read, SentRulings};
use arbitre_tests::TestService;
use serde_json::{json, Value};
use uuid::Uuid;

struct Setup {
    service: TestService,
    tournament: Uuid,
    pairings: Vec<Uuid>,
    referee: String,
}

async fn setup() -> Setup {
    let service = TestService::start().await;
    let api = service.api();
    let tournament = api.create_tournament(json!({})).await.id;
    service.create_round(&tournament.to_string(), 1).await;
    let mut pairings = Vec::new();
    for table in 1..=2 {
        let black = service
            .create_player(&tournament.to_string(), &format!("Noir{table}"), "2k")
            .await;
        let white = service
            .create_player(&tournament.to_string(), &format!("Blanc{table}"), "2k")
            .await;
        let pairing = api.create_pairing(tournament, 1, table, black, white).await;
        pairings.push(pairing.id);
    }
    let referee = service.token(Role::Referee, Some(tournament), None).await;
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
async fn games(setup: &Setup) -> i64 {
    let api = setup.service.api();
    api.anonymous().games(setup.tournament).await.page.total
}

/// Imports `body`, expecting the game recorded.
async fn imported(setup: &Setup, body: Value) -> ImportedGame {
    read(import(setup, body).await, 201).await
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
    let collection = problem(
        import(&setup, json!({"pairing_id": setup.pairings[0], "sgf": two})).await,
        422,
        "sgf.collection",
    )
    .await;
    assert!(collection.detail.contains("2 games"), "{collection:?}");
    assert_eq!(games(&setup).await, 0);
}

#[tokio::test]
async fn a_record_without_a_result_needs_the_staffs_result() {
    let setup = setup().await;
    for sgf in [
        "(;GM[1]FF[4]SZ[19];B[ee];W[cc])",
        "(;GM[1]FF[4]SZ[19]RE[?];B[ee];W[cc])",
    ] {
        problem(
            import(&setup, json!({"pairing_id": setup.pairings[0], "sgf": sgf})).await,
            422,
            "sgf.no_result",
        )
        .await;
    }
    assert_eq!(games(&setup).await, 0);
    problem(
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
    let game = imported(
        &setup,
        json!({"pairing_id": setup.pairings[0], "sgf": "(;GM[1]FF[4]SZ[19];B[ee];W[cc])", "result": "W+R"}),
    )
    .await
    .game;
    assert_eq!(game.phase, "finished", "{game:?}");
    assert_eq!(game.result.as_deref(), Some("W+R"));
    assert_eq!(game.turns, 2);
    // The staff's result stands over the record's.
    let overridden = imported(
        &setup,
        json!({"pairing_id": setup.pairings[1], "sgf": "(;GM[1]FF[4]SZ[19]RE[B+R];B[ee])", "result": "Void"}),
    )
    .await;
    assert_eq!(overridden.game.result.as_deref(), Some("Void"));
    let pairing = setup
        .service
        .api()
        .anonymous()
        .pairing(setup.tournament, 1, setup.pairings[0])
        .await;
    assert_eq!(pairing.result.as_deref(), Some("W+R"));
}

#[tokio::test]
async fn a_record_beyond_the_turn_cap_is_refused_unreplayed() {
    let setup = setup().await;
    // The 240 KB record of issue 13: 60,000 passes.
    let huge = passes(60_000);
    assert!(huge.len() < arbitre_api::http::BODY_LIMIT);
    let too_many = problem(
        import(
            &setup,
            json!({"pairing_id": setup.pairings[0], "sgf": huge}),
        )
        .await,
        422,
        "sgf.too_many_turns",
    )
    .await;
    assert!(too_many.detail.contains("60000 turns"), "{too_many:?}");
    // One turn beyond the cap is already too many.
    problem(
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
    let tolerated = imported(&setup, json!({"pairing_id": setup.pairings[0], "sgf": sgf})).await;
    assert_eq!(tolerated.game.phase, "finished", "{tolerated:?}");
    assert_eq!(
        tolerated.warnings,
        [ReadWarning::InvalidHandicap {
            value: "7.5".to_string(),
            line: 2,
            column: 4
        }],
        "{tolerated:?}"
    );
    let clean = imported(
        &setup,
        json!({"pairing_id": setup.pairings[1], "sgf": "(;GM[1]FF[4]SZ[19]RE[W+R];B[ee])"}),
    )
    .await;
    assert_eq!(clean.warnings, [], "{clean:?}");
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
    let referee = service.api().with_token(&setup.referee);
    referee.start_round(setup.tournament, 1).await;
    let by_hand = format!("{round}/pairings/{}/result", setup.pairings[0]);
    let _: PairingResult = referee
        .put(
            &by_hand,
            &json!({"result": "B+R", "reason": "the players' word"}),
        )
        .await;

    let other =
        "(;GM[1]FF[4]SZ[19]KM[6.5]RU[Chinese]PB[Dupont Jean]PW[Blanc1 Test]RE[W+R];B[ee];W[cc])";
    let nine = other.replace("SZ[19]", "SZ[9]");
    for reason in [None, Some("the organizer's 9x9 side event")] {
        let board_size = problem(
            import(
                &setup,
                json!({"pairing_id": setup.pairings[0], "sgf": nine, "override_reason": reason}),
            )
            .await,
            422,
            "terms.board_size",
        )
        .await;
        assert!(board_size.detail.contains("19×19"), "{board_size:?}");
    }
    assert_eq!(games(&setup).await, 0);
    let mismatch = problem(
        import(
            &setup,
            json!({"pairing_id": setup.pairings[0], "sgf": other}),
        )
        .await,
        422,
        "sgf.pairing_mismatch",
    )
    .await;
    assert_eq!(
        fields(&mismatch),
        ["sgf.PB", "sgf.KM", "sgf.RU"],
        "{mismatch:?}"
    );
    let black = &mismatch.errors[0].message;
    assert!(
        black.contains("Dupont Jean") && black.contains("Noir1 Test"),
        "{mismatch:?}"
    );
    assert!(mismatch.detail.contains("override_reason"), "{mismatch:?}");
    assert_eq!(games(&setup).await, 0);
    // A blank reason is no reason.
    problem(
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
    let overridden = imported(
        &setup,
        json!({"pairing_id": setup.pairings[0], "sgf": other, "override_reason": reason}),
    )
    .await;
    let game = &overridden.game;
    assert_eq!(game.result.as_deref(), Some("W+R"), "{overridden:?}");
    assert_eq!(
        overridden.replaced_result.as_deref(),
        Some("B+R"),
        "{overridden:?}"
    );
    assert_eq!(
        game.settings.overrides,
        ["players", "komi", "ruleset"],
        "{overridden:?}"
    );
    let Some(ResultSource::Ruling {
        reason: ruled_for, ..
    }) = &game.result_source
    else {
        panic!("a ruling's result: {overridden:?}");
    };
    assert!(ruled_for.contains(reason), "{overridden:?}");

    // The game's ruling names its author beside the token id.
    let game_rulings = service.api().anonymous().game_rulings(game.id).await;
    let first = &game_rulings.items[0];
    assert_eq!(
        first.issued_by_label.as_deref(),
        Some("test"),
        "{game_rulings:?}"
    );
    assert!(first.entry.issued_by.is_some(), "{game_rulings:?}");

    // The hand-entered result is kept: a ruling on the pairing, before and after.
    let rulings: SentRulings = service
        .api()
        .anonymous()
        .get(&format!("{round}/pairings/{}/rulings", setup.pairings[0]))
        .await;
    let items = &rulings.items;
    assert_eq!(items.len(), 2, "{rulings:#?}");
    assert_eq!(items[0].terms.result.as_deref(), Some("B+R"));
    assert_eq!(items[1].previous.result.as_deref(), Some("B+R"));
    assert_eq!(items[1].terms.result.as_deref(), Some("W+R"));

    // The right players, named with other accents, case and order: no override needed.
    let own = "(;GM[1]FF[4]SZ[19]KM[7.5]RU[FFG]PB[TEST noir2]PW[blanc2 test]RE[B+R];B[pd])";
    let clean = imported(&setup, json!({"pairing_id": setup.pairings[1], "sgf": own})).await;
    assert!(clean.game.settings.overrides.is_empty(), "{clean:?}");
    assert_eq!(clean.replaced_result, None);
}
