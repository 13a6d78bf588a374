//! The table's tablet when the hall's network drops (issue 43): what a tablet did while it
//! could not reach the service arrives, or is refused and shown, never silently lost.

use super::tablet::{game_state, read, seat_button, tap, use_link};
use arbitre_api::access::Role;
use arbitre_api::db;
use arbitre_api::services::sign_in::{self, CodeFor};
use arbitre_tests::browser::{Browser, LAPTOP};
use arbitre_tests::TestService;
use serde_json::{json, Value};
use uuid::Uuid;

/// A tournament with one game at table 1, started, and a table token of the game.
struct Table {
    tournament: Uuid,
    game: String,
    token: String,
}

async fn table(service: &TestService, time_control: Value) -> Table {
    let tournament = service
        .create_tournament(json!({"name": "Open de Nantes", "time_control": time_control}))
        .await;
    let id = tournament["id"].as_str().unwrap().to_string();
    service.create_round(&id, 1).await;
    let black = service.create_player(&id, "Noir", "1k").await;
    let white = service.create_player(&id, "Blanc", "1k").await;
    let pairing = service.create_pairing(&id, 1, 1, &black, &white).await;
    let pairing = pairing["id"].as_str().unwrap().to_string();
    let tournament = Uuid::parse_str(&id).unwrap();
    let referee = service.token(Role::Referee, Some(tournament), None).await;
    let response = service
        .post(&format!("/tournaments/{id}/games"), Some(&referee))
        .json(&json!({"pairing_id": pairing}))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 201);
    let game: Value = response.json().await.unwrap();
    let token = service
        .token(
            Role::Table,
            Some(tournament),
            Some(Uuid::parse_str(&pairing).unwrap()),
        )
        .await;
    Table {
        tournament,
        game: game["id"].as_str().unwrap().to_string(),
        token,
    }
}

/// A one-time sign-in link of table 1, as the organizer prints it: its path.
async fn link(service: &TestService, tournament: Uuid) -> String {
    use diesel_async::AsyncConnection;
    let mut connection = db::Connection::establish(&service.database_url)
        .await
        .unwrap();
    let (_, issuer) = arbitre_api::services::tokens::issue(
        &mut connection,
        Role::Organizer,
        Some(tournament),
        arbitre_api::access::Binding::default(),
        "organizer".to_string(),
    )
    .await
    .unwrap();
    let (codes, _) = sign_in::create(
        &mut connection,
        issuer.id,
        &[CodeFor {
            role: Role::Table,
            tournament_id: tournament,
            table_number: Some(1),
            label: "Table 1".to_string(),
        }],
    )
    .await
    .unwrap();
    format!("/sign-in/link/{}", codes[0])
}

/// A tablet of table 1, signed in, showing its game.
async fn tablet(service: &TestService, table: &Table) -> Browser {
    let browser = Browser::open_named(&service.base_url, "tablet.hall", LAPTOP).await;
    use_link(&browser, &link(service, table.tournament).await).await;
    browser
        .wait_until("document.body.dataset.seq !== ''", 10)
        .await;
    browser
}

/// Plays `points` through the service, from the game's next turn on.
async fn played(service: &TestService, table: &Table, points: &[&str]) {
    for point in points {
        let turn = game_state(service, &table.game).await["next_turn"].clone();
        let body = if *point == "pass" {
            json!({"turn": turn, "action": "pass"})
        } else {
            json!({"turn": turn, "action": "move", "point": point})
        };
        let response = service
            .post(&format!("/games/{}/turns", table.game), Some(&table.token))
            .json(&body)
            .send()
            .await
            .unwrap();
        assert_eq!(response.status(), 201, "{}", response.text().await.unwrap());
    }
}

/// The counting steps of the game's log: (action, colour).
async fn counting_steps(service: &TestService, game: &str) -> Vec<(String, String)> {
    let log = read(service, &format!("/games/{game}/events")).await;
    log["items"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|entry| entry["kind"] == "counting")
        .map(|entry| {
            (
                entry["event"]["step"].as_str().unwrap().to_string(),
                entry["event"]["color"].as_str().unwrap().to_string(),
            )
        })
        .collect()
}

/// FFG rule 5 bis: both players agree on the same dead stones. Two tablets at one table:
/// Black accepts the count on one while it is offline; meanwhile a Black chain is marked
/// dead on the other. Back online, the acceptance is refused (it answers the proposal
/// the first tablet showed), the new proposal is shown there, and only an acceptance of
/// it counts the game.
#[tokio::test]
async fn an_acceptance_sent_offline_is_refused_when_the_count_changed_meanwhile() {
    let service = TestService::start().await;
    let table = table(&service, json!({"system": "none"})).await;
    played(&service, &table, &["dd", "pp", "pass", "pass"]).await;
    let offline = tablet(&service, &table).await;
    let other = tablet(&service, &table).await;
    for browser in [&offline, &other] {
        browser
            .wait_until("document.body.dataset.phase === 'counting'", 10)
            .await;
    }
    offline.offline(true).await;
    seat_button(&offline, "B", "accept").await;
    offline
        .wait_until("document.body.dataset.outbox === '1'", 10)
        .await;
    tap(&other, "dd").await;
    other
        .wait_until(
            "document.querySelector(\"#board .dead-mark[data-point='dd']\") !== null",
            10,
        )
        .await;
    let proposed = game_state(&service, &table.game).await;
    assert_eq!(proposed["counting"]["proposal"], json!(["dd"]), "{proposed}");

    offline.offline(false).await;
    offline
        .wait_until(
            "document.body.dataset.outbox === '0' \
             && document.querySelector(\"#board .dead-mark[data-point='dd']\") !== null \
             && document.getElementById('message').textContent.includes('changed')",
            15,
        )
        .await;
    let after = game_state(&service, &table.game).await;
    assert_eq!(after["phase"], "counting", "{after}");
    assert_eq!(after["counting"], proposed["counting"]);
    let steps = counting_steps(&service, &table.game).await;
    assert!(
        !steps.contains(&("accept".to_string(), "B".to_string())),
        "{steps:?}"
    );
    // Shown the new proposal, the players accept it: both agreed on the same stones.
    let proposer = if after["counting"]["accepted"][0] == json!(true) {
        "W"
    } else {
        "B"
    };
    seat_button(&offline, proposer, "accept").await;
    offline
        .wait_until("document.body.dataset.phase === 'finished'", 10)
        .await;
    let finished = game_state(&service, &table.game).await;
    assert_eq!(finished["count"]["dead"], json!(["dd"]), "{finished}");
}
