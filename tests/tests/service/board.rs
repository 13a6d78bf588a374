//! The tournament's board (issue 25): a setting the tournament is created with, its games
//! are played on, and every export names; a game or a record on another board is no game
//! of the tournament, and the board stays once a game is recorded.

use crate::send;
use arbitre_api::access::Role;
use arbitre_api::routes::games::sgf::ImportedGame;
use arbitre_api::services::live::view::GameState;
use arbitre_api::services::opengotha::Imported;
use arbitre_api::services::tournaments::Tournament;
use arbitre_tests::api::{fields, problem, read};
use arbitre_tests::TestService;
use reqwest::Method;
use serde_json::{json, Value};

async fn get(service: &TestService, path: &str) -> (u16, String) {
    let response = service.get(path).send().await.unwrap();
    (response.status().as_u16(), response.text().await.unwrap())
}

async fn patch(service: &TestService, tournament: &str, body: Value) -> reqwest::Response {
    send(
        service,
        Method::PATCH,
        &format!("/tournaments/{tournament}"),
        &service.admin_token,
        Some(&body),
    )
    .await
}

/// The side is the core's field check: 2 to 25, a 422 naming `board_size` otherwise.
#[tokio::test]
async fn the_board_size_is_a_setting_checked_like_any_other() {
    let service = TestService::start().await;
    let default = service.api().create_tournament(json!({})).await;
    assert_eq!(default.board_size, 19, "{default:?}");
    let id = default.id.to_string();
    for side in [1, 26] {
        let response = service.post_tournament(json!({"board_size": side})).await;
        let refused = problem(response, 422, "validation.failed").await;
        assert_eq!(fields(&refused)[0], "board_size", "{refused:?}");
        let refused = problem(
            patch(&service, &id, json!({"board_size": side})).await,
            422,
            "validation.failed",
        )
        .await;
        assert_eq!(fields(&refused)[0], "board_size", "{refused:?}");
    }
    // Nothing recorded yet: the board changes freely.
    let changed: Tournament =
        read(patch(&service, &id, json!({"board_size": 13})).await, 200).await;
    assert_eq!(changed.board_size, 13);
    assert_eq!(
        service.api().anonymous().tournament(&id).await.board_size,
        13
    );
}

/// The acceptance test of issue 25: a 9×9 tournament, its players, a round and its
/// results; every export that names a board names 9×9 (OpenGotha `size`, FFG `;size=`,
/// each game's SGF `SZ`), and the OpenGotha file imports back as a 9×9 tournament.
#[tokio::test]
async fn a_9x9_tournament_is_exported_as_9x9() {
    let service = TestService::start().await;
    let created = service
        .api()
        .create_tournament(json!({"board_size": 9}))
        .await;
    let tournament = created.id.to_string();
    assert_eq!(created.board_size, 9);
    let mut players = Vec::new();
    for (surname, rank) in [
        ("Dupont", "2d"),
        ("Martin", "1d"),
        ("Petit", "1k"),
        ("Nowak", "2k"),
    ] {
        players.push(service.create_player(&tournament, surname, rank).await);
    }
    service.create_round(&tournament, 1).await;
    let mut pairings = Vec::new();
    for table in 0..2 {
        let pairing = service
            .api()
            .create_pairing(
                &tournament,
                1,
                table as i32 + 1,
                &players[2 * table],
                &players[2 * table + 1],
            )
            .await;
        pairings.push(pairing.id.to_string());
    }
    let referee = service
        .token(Role::Referee, Some(tournament.parse().unwrap()), None)
        .await;
    let games = format!("/tournaments/{tournament}/games");
    let import = format!("{games}/import");

    // A game or a record on another board is none of this tournament's games.
    let nineteen = json!({"pairing_id": pairings[0], "board_size": 19});
    let refused = problem(
        send(&service, Method::POST, &games, &referee, Some(&nineteen)).await,
        422,
        "terms.board_size",
    )
    .await;
    assert!(refused.detail.contains("9×9"), "{refused:?}");
    let record = "(;GM[1]FF[4]SZ[19]KM[7.5]RU[french]PB[Dupont Test]PW[Martin Test]RE[B+R];B[pd])";
    let body = json!({"pairing_id": pairings[0], "sgf": record, "override_reason": "a side event"});
    problem(
        send(&service, Method::POST, &import, &referee, Some(&body)).await,
        422,
        "terms.board_size",
    )
    .await;

    // Table 1's game comes as a 9×9 record; table 2's is started on the tournament's
    // board without naming it, and Black resigns.
    let record =
        "(;GM[1]FF[4]SZ[9]KM[7.5]RU[french]PB[Dupont Test]PW[Martin Test]RE[B+R];B[ee];W[cc])";
    let body = json!({"pairing_id": pairings[0], "sgf": record});
    let staff = service.api().with_token(&referee);
    let ImportedGame { game: imported, .. } = staff.post(&import, &body, 201).await;
    let started: GameState = staff
        .post(&games, &json!({"pairing_id": pairings[1]}), 201)
        .await;
    assert_eq!(
        (started.settings.width, started.settings.height),
        (9, 9),
        "{started:?}"
    );
    assert!(started.settings.overrides.is_empty(), "{started:?}");
    let table = service
        .token(
            Role::Table,
            Some(tournament.parse().unwrap()),
            Some(pairings[1].parse().unwrap()),
        )
        .await;
    let resigned: GameState = service
        .api()
        .with_token(&table)
        .post(
            &format!("/games/{}/turns", started.id),
            &json!({"turn": 1, "action": "resign"}),
            201,
        )
        .await;
    assert_eq!(resigned.result.as_deref(), Some("W+R"));

    for game in [imported.id, started.id] {
        let (status, sgf) = get(&service, &format!("/games/{game}/sgf")).await;
        assert_eq!(status, 200, "{sgf}");
        assert!(sgf.contains("SZ[9]"), "{sgf}");
    }
    let exports = format!("/tournaments/{tournament}/exports");
    let (status, tou) = get(&service, &format!("{exports}/ffg")).await;
    assert_eq!(status, 200, "{tou}");
    assert!(tou.lines().any(|line| line == ";size=9"), "{tou}");
    let (status, xml) = get(&service, &format!("{exports}/opengotha")).await;
    assert_eq!(status, 200, "{xml}");
    assert!(xml.contains(" size=\"9\""), "{xml}");
    assert!(!xml.contains(" size=\"19\""), "{xml}");
    // The EGD table names no board: it exports as before.
    let (status, h9) = get(&service, &format!("{exports}/egd")).await;
    assert_eq!(status, 200, "{h9}");

    // Games are recorded: the board stays 9×9 (restating it is no change).
    let refused = problem(
        patch(&service, &tournament, json!({"board_size": 19})).await,
        409,
        "tournament.board_size_locked",
    )
    .await;
    assert!(refused.detail.contains("9×9"), "{refused:?}");
    let kept: Tournament = read(
        patch(
            &service,
            &tournament,
            json!({"board_size": 9, "place": "Lyon"}),
        )
        .await,
        200,
    )
    .await;
    assert_eq!((kept.board_size, kept.place.as_str()), (9, "Lyon"));

    // OpenGotha's file brings the board back: 9×9 imports as 9×9, a board the service
    // does not play is refused naming the attribute.
    let response = service
        .post("/tournaments/import", Some(&service.admin_token))
        .header("content-type", "application/xml")
        .body(xml.clone())
        .send()
        .await
        .unwrap();
    let again: Imported = read(response, 201).await;
    let anyone = service.api().anonymous();
    assert_eq!(anyone.tournament(again.tournament_id).await.board_size, 9);
    let response = service
        .post("/tournaments/import", Some(&service.admin_token))
        .header("content-type", "application/xml")
        .body(xml.replace(" size=\"9\"", " size=\"52\""))
        .send()
        .await
        .unwrap();
    let refused = problem(response, 422, "validation.failed").await;
    assert_eq!(
        fields(&refused)[0],
        "GeneralParameterSet.size",
        "{refused:?}"
    );
}

/// A change of board and a game's start sent at once: whichever the service takes first,
/// the other follows it. The game starts on the board the tournament has when it starts,
/// or is refused; the board changes before any game is recorded, or is refused. Never a
/// game left on a board the tournament no longer has.
#[tokio::test]
async fn a_board_change_and_a_game_start_at_once_leave_no_game_on_another_board() {
    let service = TestService::start().await;
    for attempt in 0..16 {
        let setup = crate::games::setup(&service, json!({}), 1).await;
        let tournament = &setup.tournament_id;
        let (games, game) = (
            format!("/tournaments/{tournament}/games"),
            json!({"pairing_id": setup.pairings[0]}),
        );
        let start = send(&service, Method::POST, &games, &setup.referee, Some(&game));
        let change = patch(&service, tournament, json!({"board_size": 13}));
        let (started, changed) = tokio::join!(start, change);
        let (started_status, changed_status) =
            (started.status().as_u16(), changed.status().as_u16());
        let board = service
            .api()
            .anonymous()
            .tournament(tournament)
            .await
            .board_size;
        if started_status == 201 {
            let game: GameState = read(started, 201).await;
            let side = u8::try_from(game.board.len()).unwrap();
            assert_eq!(
                side, board,
                "attempt {attempt}: a game on {side}×{side} in a tournament on {board}×{board} \
                 (the change answered {changed_status})"
            );
        } else {
            assert_eq!(
                (started_status, changed_status, board),
                (422, 200, 13),
                "attempt {attempt}"
            );
        }
    }
}
