//! Rounds, registrations and pairings: recorded one by one or a whole round at once,
//! edited until the round starts, then changed only by a referee ruling.

use crate::send;
use arbitre_api::access::Role;
use arbitre_api::routes::games::sgf::ImportedGame;
use arbitre_api::routes::pairings::{Pairing, PairingList, PairingPage};
use arbitre_api::routes::rounds::RegistrationPage;
use arbitre_api::routes::standings::PairingResult;
use arbitre_api::services::players::Player;
use arbitre_api::services::rounds::{Registration, RegistrationStatus, Round};
use arbitre_tests::api::{fields, problem, read, SentRuling, SentRulings};
use arbitre_tests::TestService;
use reqwest::Method;
use serde_json::json;

struct Setup {
    service: TestService,
    tournament: String,
    players: Vec<String>,
}

async fn setup(players: usize) -> Setup {
    let service = TestService::start().await;
    let tournament = service
        .api()
        .create_tournament(json!({}))
        .await
        .id
        .to_string();
    let mut ids = Vec::new();
    for index in 0..players {
        ids.push(
            service
                .create_player(&tournament, &format!("Player{index}"), "5k")
                .await,
        );
    }
    service.create_round(&tournament, 1).await;
    Setup {
        service,
        tournament,
        players: ids,
    }
}

#[tokio::test]
async fn pairings_take_the_komi_of_the_ruleset_unless_given() {
    let Setup {
        service,
        tournament,
        players,
    } = setup(4).await;
    let path = format!("/tournaments/{tournament}/rounds/1/pairings");
    let handicap =
        json!({"table": 1, "black_id": players[0], "white_id": players[1], "handicap": 3});
    let api = service.api();
    let pairing: Pairing = api.post(&path, &handicap, 201).await;
    assert_eq!(pairing.komi, 2.5, "FFG: n − ½ with n stones");
    let even = json!({"table": 2, "black_id": players[2], "white_id": players[3], "komi": 6.5});
    let pairing: Pairing = api.post(&path, &even, 201).await;
    assert_eq!(pairing.komi, 6.5);
    let list: PairingPage = api
        .anonymous()
        .get(&format!("{path}?player_id={}", players[3]))
        .await;
    assert_eq!(list.page.total, 1);
    assert_eq!(list.items[0].table, 2);
}

#[tokio::test]
async fn a_player_plays_once_and_a_table_holds_one_game() {
    let Setup {
        service,
        tournament,
        players,
    } = setup(4).await;
    let path = format!("/tournaments/{tournament}/rounds/1/pairings");
    service
        .create_pairing(&tournament, 1, 1, &players[0], &players[1])
        .await;
    let same_player = json!({"table": 2, "black_id": players[2], "white_id": players[0]});
    let response = service
        .post(&path, Some(&service.admin_token))
        .json(&same_player)
        .send()
        .await
        .unwrap();
    problem(response, 409, "pairing.player_already_paired").await;
    let same_table = json!({"table": 1, "black_id": players[2], "white_id": players[3]});
    let response = service
        .post(&path, Some(&service.admin_token))
        .json(&same_table)
        .send()
        .await
        .unwrap();
    problem(response, 409, "pairing.table_taken").await;
    let stranger = json!({"table": 3, "black_id": players[2], "white_id": uuid::Uuid::now_v7()});
    let response = service
        .post(&path, Some(&service.admin_token))
        .json(&stranger)
        .send()
        .await
        .unwrap();
    problem(response, 422, "validation.failed").await;
}

#[tokio::test]
async fn a_whole_round_is_recorded_at_once_and_replaces_the_previous() {
    let Setup {
        service,
        tournament,
        players,
    } = setup(6).await;
    let path = format!("/tournaments/{tournament}/rounds/1/pairings");
    service
        .create_pairing(&tournament, 1, 9, &players[4], &players[5])
        .await;
    let round = json!({"pairings": [
        {"table": 2, "black_id": players[2], "white_id": players[3]},
        {"table": 1, "black_id": players[0], "white_id": players[1], "handicap": 2},
    ]});
    let recorded: PairingList = service.api().put(&path, &round).await;
    let tables: Vec<i32> = recorded.items.iter().map(|pairing| pairing.table).collect();
    assert_eq!(tables, [1, 2]);
    let listed: PairingPage = service.api().anonymous().get(&path).await;
    assert_eq!(listed.page.total, 2);
    let twice = json!({"pairings": [
        {"table": 1, "black_id": players[0], "white_id": players[1]},
        {"table": 2, "black_id": players[1], "white_id": players[2]},
    ]});
    let response = service
        .request(Method::PUT, &path, Some(&service.admin_token))
        .json(&twice)
        .send()
        .await
        .unwrap();
    problem(response, 409, "pairing.player_already_paired").await;
    let invalid =
        json!({"pairings": [{"table": 0, "black_id": players[0], "white_id": players[0]}]});
    let response = service
        .request(Method::PUT, &path, Some(&service.admin_token))
        .json(&invalid)
        .send()
        .await
        .unwrap();
    let problem = problem(response, 422, "validation.failed").await;
    assert_eq!(
        fields(&problem)[..2],
        ["pairings[0].table", "pairings[0].white_id"]
    );
}

#[tokio::test]
async fn after_the_start_only_a_referee_ruling_changes_a_pairing() {
    let Setup {
        service,
        tournament,
        players,
    } = setup(4).await;
    let pairing = service
        .api()
        .create_pairing(&tournament, 1, 1, &players[0], &players[1])
        .await;
    let pairing_path = format!("/tournaments/{tournament}/rounds/1/pairings/{}", pairing.id);
    let tournament_id = tournament.parse().unwrap();
    let referee = service
        .token(Role::Referee, Some(tournament_id), None)
        .await;
    let organizer = service
        .token(Role::Organizer, Some(tournament_id), None)
        .await;

    let early_ruling = service
        .post(&format!("{pairing_path}/rulings"), Some(&referee))
        .json(&json!({"reason": "swap", "black_id": players[1], "white_id": players[0]}))
        .send()
        .await
        .unwrap();
    problem(early_ruling, 409, "round.not_started").await;

    let started = service
        .post(
            &format!("/tournaments/{tournament}/rounds/1/start"),
            Some(&referee),
        )
        .send()
        .await
        .unwrap();
    let started: Round = read(started, 200).await;
    assert!(started.started_at.is_some());
    let again = service
        .post(
            &format!("/tournaments/{tournament}/rounds/1/start"),
            Some(&referee),
        )
        .send()
        .await
        .unwrap();
    problem(again, 409, "round.started").await;

    let edit = json!({"table": 1, "black_id": players[1], "white_id": players[0]});
    let response = service
        .request(Method::PUT, &pairing_path, Some(&organizer))
        .json(&edit)
        .send()
        .await
        .unwrap();
    problem(response, 409, "round.started").await;
    let response = service
        .request(Method::DELETE, &pairing_path, Some(&organizer))
        .send()
        .await
        .unwrap();
    problem(response, 409, "round.started").await;
    let response = service
        .post(
            &format!("/tournaments/{tournament}/rounds/1/pairings"),
            Some(&organizer),
        )
        .json(&json!({"table": 2, "black_id": players[2], "white_id": players[3]}))
        .send()
        .await
        .unwrap();
    problem(response, 409, "round.started").await;
    let response = service
        .post(&format!("{pairing_path}/rulings"), Some(&organizer))
        .json(&json!({"reason": "swap", "black_id": players[1], "white_id": players[0]}))
        .send()
        .await
        .unwrap();
    problem(response, 403, "auth.forbidden").await;

    let ruling = service
        .post(&format!("{pairing_path}/rulings"), Some(&referee))
        .json(&json!({"reason": "colours were swapped at the board", "black_id": players[1], "white_id": players[0]}))
        .send()
        .await
        .unwrap();
    let ruling: SentRuling = read(ruling, 201).await;
    assert_eq!(ruling.previous.black_id.to_string(), players[0]);
    assert_eq!(ruling.terms.black_id.to_string(), players[1]);
    let anyone = service.api().anonymous();
    let changed: Pairing = anyone.get(&pairing_path).await;
    assert_eq!(changed.black_id.to_string(), players[1]);
    let rulings: SentRulings = anyone.get(&format!("{pairing_path}/rulings")).await;
    assert_eq!(rulings.page.total, 1);
    assert_eq!(rulings.items[0].reason, "colours were swapped at the board");
}

#[tokio::test]
async fn registrations_record_present_bye_and_absent() {
    let Setup {
        service,
        tournament,
        players,
    } = setup(3).await;
    let referee = service
        .token(Role::Referee, Some(tournament.parse().unwrap()), None)
        .await;
    let statuses = [
        RegistrationStatus::Present,
        RegistrationStatus::Bye,
        RegistrationStatus::Absent,
    ];
    for (player, status) in players.iter().zip(statuses) {
        let path = format!("/tournaments/{tournament}/rounds/1/registrations/{player}");
        let registration: Registration = service
            .api()
            .with_token(&referee)
            .put(&path, &json!({"status": status}))
            .await;
        assert_eq!(registration.status, status);
    }
    let path = format!(
        "/tournaments/{tournament}/rounds/1/registrations/{}",
        players[1]
    );
    service
        .request(Method::PUT, &path, Some(&referee))
        .json(&json!({"status": "present"}))
        .send()
        .await
        .unwrap();
    let anyone = service.api().anonymous();
    let present: RegistrationPage = anyone
        .get(&format!(
            "/tournaments/{tournament}/rounds/1/registrations?status=present"
        ))
        .await;
    assert_eq!(present.page.total, 2);
    let rounds = anyone.rounds(&tournament).await;
    assert_eq!(rounds.items[0].number, 1);
    let duplicate = service
        .post(
            &format!("/tournaments/{tournament}/rounds"),
            Some(&service.admin_token),
        )
        .json(&json!({"number": 1}))
        .send()
        .await
        .unwrap();
    problem(duplicate, 409, "round.duplicate_number").await;
}

#[tokio::test]
async fn a_player_is_never_both_bye_and_paired_in_a_round() {
    let Setup {
        service,
        tournament,
        players,
    } = setup(6).await;
    let admin = service.admin_token.clone();
    let round = format!("/tournaments/{tournament}/rounds/1");
    let bye = json!({"status": "bye"});
    let pair = |table: i32, black: usize, white: usize| json!({"table": table, "black_id": players[black], "white_id": players[white]});

    // Paired first, then given a bye: the bye is refused.
    service
        .create_pairing(&tournament, 1, 1, &players[0], &players[1])
        .await;
    let registration = |player: usize| format!("{round}/registrations/{}", players[player]);
    let refused = send(&service, Method::PUT, &registration(0), &admin, Some(&bye)).await;
    problem(refused, 409, "registration.player_paired").await;

    // Given a bye first, then paired: the pairing is refused, one by one, as a whole round
    // and as a change of another pairing.
    let given = send(&service, Method::PUT, &registration(2), &admin, Some(&bye)).await;
    let given: Registration = read(given, 200).await;
    assert_eq!(given.status, RegistrationStatus::Bye);
    let pairings = format!("{round}/pairings");
    let one = pair(2, 2, 3);
    let one = send(&service, Method::POST, &pairings, &admin, Some(&one)).await;
    problem(one, 409, "pairing.player_has_bye").await;
    let whole = json!({"pairings": [pair(1, 0, 1), pair(2, 3, 2)]});
    let whole = send(&service, Method::PUT, &pairings, &admin, Some(&whole)).await;
    problem(whole, 409, "pairing.player_has_bye").await;
    let recorded: PairingPage = service.api().anonymous().get(&pairings).await;
    assert_eq!(recorded.page.total, 1, "nothing of the refused writes");
    let first = recorded.items[0].id.to_string();
    let first_path = format!("{pairings}/{first}");
    let changed = pair(1, 0, 2);
    let changed = send(&service, Method::PUT, &first_path, &admin, Some(&changed)).await;
    problem(changed, 409, "pairing.player_has_bye").await;

    // The round is played: the standings and every export read it (the AGA's needs its ids).
    for (index, player) in players.iter().enumerate() {
        let identified = json!({"surname": format!("Player{index}"), "first_name": "Test",
                                "rank": "5k", "aga_id": format!("{}", 20_000 + index)});
        let path = format!("/tournaments/{tournament}/players/{player}");
        let identified: Player = read(
            send(&service, Method::PUT, &path, &admin, Some(&identified)).await,
            200,
        )
        .await;
        assert_eq!(
            identified.aga_id.as_deref(),
            Some(&*format!("{}", 20_000 + index))
        );
    }
    let second = service
        .api()
        .create_pairing(&tournament, 1, 2, &players[4], &players[5])
        .await
        .id
        .to_string();
    let start_path = format!("{round}/start");
    let start = send(&service, Method::POST, &start_path, &admin, None).await;
    let start: Round = read(start, 200).await;
    assert!(start.started_at.is_some());
    for pairing in [first, second] {
        let path = format!("{pairings}/{pairing}/result");
        let result = json!({"result": "B+R"});
        let recorded: PairingResult = read(
            send(&service, Method::PUT, &path, &admin, Some(&result)).await,
            200,
        )
        .await;
        assert_eq!(recorded.result.as_deref(), Some("B+R"));
    }
    let mut readable = vec![format!("/tournaments/{tournament}/standings")];
    for format in ["egd", "ffg", "aga", "csv", "opengotha"] {
        readable.push(format!("/tournaments/{tournament}/exports/{format}"));
    }
    for path in readable {
        let response = service.get(&path).send().await.unwrap();
        let status = response.status();
        assert_eq!(status, 200, "{path}: {}", response.text().await.unwrap());
    }
}

#[tokio::test]
async fn a_pairing_with_a_game_keeps_its_players_colours_komi_and_handicap() {
    let Setup {
        service,
        tournament,
        players,
    } = setup(4).await;
    let admin = service.admin_token.clone();
    let round = format!("/tournaments/{tournament}/rounds/1");
    let pairing = service
        .api()
        .create_pairing(&tournament, 1, 1, &players[0], &players[1])
        .await;
    let pairing_id = pairing.id.to_string();
    let path = format!("{round}/pairings/{pairing_id}");
    let tournament_id = tournament.parse().unwrap();
    // A game recorded from its SGF before the round starts (a live game would start the
    // round, and a started round's pairings change only by ruling, below).
    let record =
        json!({"pairing_id": pairing_id, "sgf": "(;GM[1]FF[4]SZ[19]KM[7.5]RE[B+R];B[pd];W[dp])"});
    let import = format!("/tournaments/{tournament}/games/import");
    let imported: ImportedGame = read(
        send(&service, Method::POST, &import, &admin, Some(&record)).await,
        201,
    )
    .await;
    assert_eq!(imported.game.pairing_id, pairing.id);

    let komi = pairing.komi;
    let terms = |table: i32, black: usize, white: usize, komi: f64, handicap: i16| {
        json!({"table": table, "black_id": players[black], "white_id": players[white],
               "komi": komi, "handicap": handicap})
    };
    for changed in [
        terms(1, 1, 0, komi, 0),
        terms(1, 0, 2, komi, 0),
        terms(1, 0, 1, komi + 1.0, 0),
        terms(1, 0, 1, komi, 2),
    ] {
        let refused = send(&service, Method::PUT, &path, &admin, Some(&changed)).await;
        problem(refused, 409, "pairing.has_game").await;
    }
    let whole = json!({"pairings": [terms(1, 0, 1, komi, 0)]});
    let pairings = format!("{round}/pairings");
    let whole = send(&service, Method::PUT, &pairings, &admin, Some(&whole)).await;
    problem(whole, 409, "pairing.has_game").await;
    let deleted = send(&service, Method::DELETE, &path, &admin, None).await;
    problem(deleted, 409, "pairing.has_game").await;
    // Another table is not another game.
    let moved = terms(5, 0, 1, komi, 0);
    let moved = send(&service, Method::PUT, &path, &admin, Some(&moved)).await;
    let moved: Pairing = read(moved, 200).await;
    assert_eq!(moved.table, 5);

    // After the start, a pairing ruling cannot swap the game's colours either.
    let start_path = format!("{round}/start");
    let started = send(&service, Method::POST, &start_path, &admin, None).await;
    let started: Round = read(started, 200).await;
    assert!(started.started_at.is_some());
    let referee = service
        .token(Role::Referee, Some(tournament_id), None)
        .await;
    let rulings = format!("{path}/rulings");
    let swap = json!({"reason": "colours swapped", "black_id": players[1], "white_id": players[0]});
    let swap = send(&service, Method::POST, &rulings, &referee, Some(&swap)).await;
    problem(swap, 409, "pairing.has_game").await;
    let table_only = json!({"reason": "moved to table 3", "table": 3});
    let table_only = send(
        &service,
        Method::POST,
        &rulings,
        &referee,
        Some(&table_only),
    )
    .await;
    let table_only: SentRuling = read(table_only, 201).await;
    assert_eq!(table_only.terms.table, 3);
    let kept: Pairing = service.api().anonymous().get(&path).await;
    assert_eq!(kept.black_id.to_string(), players[0]);
    assert_eq!(kept.white_id.to_string(), players[1]);
}
