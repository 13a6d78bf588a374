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
        service.clock.now(),
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
    // Drawn at once, then recorded: the other tablet's outbox empties.
    other
        .wait_until(
            "document.body.dataset.outbox === '0' \
             && document.querySelector(\"#board .dead-mark[data-point='dd']\") !== null",
            10,
        )
        .await;
    let proposed = game_state(&service, &table.game).await;
    assert_eq!(
        proposed["counting"]["proposal"],
        json!(["dd"]),
        "{proposed}"
    );

    offline.offline(false).await;
    offline
        .wait_until(
            "document.body.dataset.outbox === '0' \
             && document.querySelector(\"#board .dead-mark[data-point='dd']\") !== null \
             && document.getElementById('refused').textContent.includes('acceptance of the count') \
             && document.getElementById('refused').textContent.includes('changed')",
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
    let yet_to_accept = if after["counting"]["accepted"][0] == json!(true) {
        "W"
    } else {
        "B"
    };
    seat_button(&offline, yet_to_accept, "accept").await;
    offline
        .wait_until("document.body.dataset.phase === 'finished'", 10)
        .await;
    let finished = game_state(&service, &table.game).await;
    assert_eq!(finished["count"]["dead"], json!(["dd"]), "{finished}");
}

/// A tablet of table 1 at `origin` (loopback: a secure context, where the browser runs
/// the table's service worker), signed in, showing its game, its page kept by the worker.
async fn kept_tablet(service: &TestService, table: &Table, origin: &str) -> Browser {
    let browser = Browser::open(origin, LAPTOP).await;
    use_link(&browser, &link(service, table.tournament).await).await;
    browser
        .wait_until(
            "document.body.dataset.seq !== '' && navigator.serviceWorker.controller !== null",
            15,
        )
        .await;
    browser
}

/// The turns of the game's log, in order: (colour, the point or `pass`).
async fn turns(service: &TestService, game: &str) -> Vec<(String, String)> {
    let log = read(service, &format!("/games/{game}/events")).await;
    log["items"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|entry| entry["kind"] == "turn")
        .map(|entry| {
            let action = &entry["event"]["action"];
            let played = action["move"].as_str().unwrap_or("pass").to_string();
            (
                entry["event"]["color"].as_str().unwrap().to_string(),
                played,
            )
        })
        .collect()
}

/// The time each step waiting in the tablet's outbox took at the table, by its account.
async fn accounts(tablet: &Browser) -> Vec<i64> {
    let accounts = tablet
        .client
        .execute(
            "return JSON.parse(localStorage.getItem('arbitre.tablet.outbox'))\
             .map(entry => entry.body.table_time.elapsed_ms);",
            vec![],
        )
        .await
        .unwrap();
    accounts
        .as_array()
        .unwrap()
        .iter()
        .map(|elapsed| elapsed.as_i64().unwrap())
        .collect()
}

/// The time the service charged each entry of the game's log after the first: from the
/// entry before it to its own instant.
async fn charged(service: &TestService, game: &str) -> Vec<i64> {
    let log = read(service, &format!("/games/{game}/events")).await;
    let instants: Vec<i64> = log["items"]
        .as_array()
        .unwrap()
        .iter()
        .map(|entry| entry["at_ms"].as_i64().unwrap())
        .collect();
    instants.windows(2).map(|pair| pair[1] - pair[0]).collect()
}

/// Plays `point` on the tablet: two taps.
async fn play_on(browser: &Browser, point: &str) {
    let waiting = format!("#board circle.sending[data-point='{point}']");
    tap(browser, point).await;
    browser
        .wait_until("document.getElementById('pending-stone') !== null", 10)
        .await;
    tap(browser, point).await;
    browser
        .wait_until(
            &format!("document.querySelector(\"{waiting}\") !== null"),
            10,
        )
        .await;
}

const TEN_MOVES: [&str; 10] = ["dd", "pp", "dp", "pd", "jj", "cc", "qq", "cq", "qc", "jd"];

/// The hall's Wi-Fi drops for ten moves and both passes: each waits on the tablet, shown
/// on the board and counted on the banner; a reload keeps the page and the moves; back
/// online, they arrive in order, once, and the game pauses for the count.
#[tokio::test]
async fn ten_moves_and_both_passes_made_offline_arrive_in_order_once_after_a_reload() {
    let service = TestService::start().await;
    let table = table(
        &service,
        json!({"system": "absolute", "main_time_ms": 3_600_000}),
    )
    .await;
    let tablet = kept_tablet(&service, &table, &service.base_url).await;
    tablet.offline(true).await;
    for point in TEN_MOVES {
        play_on(&tablet, point).await;
    }
    seat_button(&tablet, "B", "pass").await;
    seat_button(&tablet, "W", "pass").await;
    tablet
        .wait_until(
            "document.body.dataset.outbox === '12' \
             && !document.getElementById('offline').hidden \
             && document.getElementById('offline').textContent.includes('12 steps wait')",
            10,
        )
        .await;
    assert_eq!(
        game_state(&service, &table.game).await["turns"],
        0,
        "nothing reached the server"
    );
    // A reload while offline: the worker's copy of the page, the moves still there.
    tablet
        .client
        .execute("location.reload(); return null;", vec![])
        .await
        .unwrap();
    tablet
        .wait_until(
            "document.body && document.body.dataset.outbox === '12' \
             && document.querySelectorAll('#board circle.sending').length === 10 \
             && !document.getElementById('offline').hidden",
            15,
        )
        .await;
    // Each turn carries the table's account: the time it took at the table.
    let took = accounts(&tablet).await;
    assert_eq!(took.len(), 12, "{took:?}");
    tablet.offline(false).await;
    tablet
        .wait_until(
            "document.body.dataset.outbox === '0' && document.body.dataset.phase === 'counting' \
             && document.getElementById('offline').hidden",
            20,
        )
        .await;
    let mut expected: Vec<(String, String)> = TEN_MOVES
        .iter()
        .enumerate()
        .map(|(index, point)| {
            let colour = if index % 2 == 0 { "B" } else { "W" };
            (colour.to_string(), point.to_string())
        })
        .collect();
    expected.push(("B".to_string(), "pass".to_string()));
    expected.push(("W".to_string(), "pass".to_string()));
    assert_eq!(turns(&service, &table.game).await, expected);
    let counted = game_state(&service, &table.game).await;
    assert_eq!(counted["phase"], "counting", "{counted}");
    assert_eq!(counted["turns"], 12);
    // As a physical clock on the table: each turn is charged the time it took there,
    // not when the burst arrived, and each player's clock shows their own turns' time.
    assert_eq!(charged(&service, &table.game).await, took);
    for (colour, first) in [("black", 0), ("white", 1)] {
        let own: i64 = took.iter().skip(first).step_by(2).sum();
        assert_eq!(
            counted["clocks"][colour]["main_ms"].as_i64().unwrap(),
            3_600_000 - own,
            "{colour}: {counted}"
        );
    }
}

/// A game of an hour each at table 1, and its tablet reaching the service through a
/// proxy that the test stops and restarts (a real cut of the hall's network).
async fn behind_a_proxy(service: &TestService) -> (Table, arbitre_tests::proxy::Proxy, Browser) {
    let table = table(
        service,
        json!({"system": "absolute", "main_time_ms": 3_600_000}),
    )
    .await;
    let proxy = arbitre_tests::proxy::Proxy::start(&service.base_url).await;
    let tablet = Browser::open(&proxy.origin(), LAPTOP).await;
    use_link(&tablet, &link(service, table.tournament).await).await;
    (table, proxy, tablet)
}

/// A real cut (the proxy in front of the service stops): Black's move waits; the referee
/// pauses the game meanwhile. Back online the move is refused, and the tablet says which
/// and why; once the referee resumes, nothing says the game is paused any more.
#[tokio::test]
async fn a_move_waiting_through_a_real_cut_and_a_pause_is_shown_refused() {
    let service = TestService::start().await;
    let (table, proxy, tablet) = behind_a_proxy(&service).await;
    tablet
        .wait_until("document.body.dataset.phase === 'playing'", 10)
        .await;
    proxy.cut();
    play_on(&tablet, "dd").await;
    tablet
        .wait_until(
            "document.body.dataset.outbox === '1' && !document.getElementById('offline').hidden",
            15,
        )
        .await;
    let referee = service
        .token(Role::Referee, Some(table.tournament), None)
        .await;
    let rulings = format!("/games/{}/rulings", table.game);
    let pause = service
        .post(&rulings, Some(&referee))
        .json(&json!({"kind": "pause", "reason": "a phone rang"}))
        .send()
        .await
        .unwrap();
    assert_eq!(pause.status(), 201, "{}", pause.text().await.unwrap());
    proxy.restore().await;
    tablet
        .wait_until(
            "document.body.dataset.outbox === '0' && document.getElementById('offline').hidden \
             && document.getElementById('refused').textContent.includes('Black at D16') \
             && document.getElementById('refused').textContent.includes('paused')",
            20,
        )
        .await;
    assert_eq!(game_state(&service, &table.game).await["turns"], 0);
    // The referee's view of the game lists the refused move, its point and why (issue 43).
    let referee_view = Browser::open(&service.base_url, LAPTOP).await;
    super::dashboard::sign_in(&referee_view, &referee).await;
    referee_view
        .visit(&format!(
            "/dashboard/t/{}/hall/games/{}",
            table.tournament, table.game
        ))
        .await;
    referee_view
        .wait_until(
            "[...document.querySelectorAll('#log table.log tbody tr')].some(row => \
             row.textContent.includes('NOT RECORDED') && row.textContent.includes('Black plays D16') \
             && row.textContent.includes('turn 1') \
             && row.textContent.includes('the referee had paused the game'))",
            10,
        )
        .await;
    referee_view
        .screenshot("referee-log-refused-move-laptop")
        .await;
    let resume = service
        .post(&rulings, Some(&referee))
        .json(&json!({"kind": "resume", "reason": "quiet again"}))
        .send()
        .await
        .unwrap();
    assert_eq!(resume.status(), 201, "{}", resume.text().await.unwrap());
    tablet
        .wait_until(
            "document.body.dataset.phase === 'playing' \
             && !document.getElementById('table').textContent.includes('The referee paused')",
            10,
        )
        .await;
    // The refusal stays until a player has seen it.
    tablet.click("#refused button.seen").await;
    tablet
        .wait_until("document.getElementById('refused').hidden", 10)
        .await;
}

/// The referee's hall sees a table's tablet fall silent (a real cut: the proxy stops)
/// and come back.
#[tokio::test]
async fn the_hall_shows_a_table_whose_tablet_is_cut_off_offline_then_back() {
    let service = TestService::start().await;
    let (table, proxy, tablet) = behind_a_proxy(&service).await;
    let hall = Browser::open(&service.base_url, LAPTOP).await;
    let referee = service
        .token(Role::Referee, Some(table.tournament), None)
        .await;
    super::dashboard::sign_in(&hall, &referee).await;
    hall.visit(&format!("/dashboard/t/{}/hall", table.tournament))
        .await;
    let link_is = |state: &str| {
        format!(
            "document.querySelector(\"li[data-table='1'] .tablet-link\") !== null \
             && document.querySelector(\"li[data-table='1'] .tablet-link\").dataset.link === '{state}'"
        )
    };
    hall.wait_until(&link_is("online"), 20).await;
    hall.check("the hall, a tablet online").await;
    proxy.cut();
    play_on(&tablet, "dd").await;
    hall.wait_until(&link_is("offline"), 30).await;
    assert!(hall
        .text("li[data-table='1'] .tablet-link")
        .await
        .starts_with("Tablet offline for"));
    hall.screenshot("hall-tablet-offline-laptop").await;
    proxy.restore().await;
    hall.wait_until(&link_is("online"), 30).await;
    tablet
        .wait_until("document.body.dataset.outbox === '0'", 20)
        .await;
    assert_eq!(game_state(&service, &table.game).await["turns"], 1);
}

/// The service restarts while moves wait on the tablet (its process stopped, then started
/// again on the same address): the tablet says it is offline, keeps playing, and once the
/// service is back its moves arrive in order, once, each charged the time it took at the
/// table, not the restart's.
#[tokio::test]
async fn moves_waiting_through_a_restart_of_the_service_arrive_in_order() {
    let service = TestService::start().await;
    let table = table(
        &service,
        json!({"system": "absolute", "main_time_ms": 3_600_000}),
    )
    .await;
    let served = arbitre_tests::served::Served::start(&service.database_url).await;
    let address = served.address().to_string();
    let tablet = Browser::open(&served.base, LAPTOP).await;
    use_link(&tablet, &link(&service, table.tournament).await).await;
    tablet
        .wait_until("document.body.dataset.phase === 'playing'", 15)
        .await;
    let stopped = served.signal("TERM");
    assert!(stopped.success(), "arbitre serve stopped with {stopped}");
    for point in ["dd", "pp", "dp"] {
        play_on(&tablet, point).await;
    }
    tablet
        .wait_until(
            "document.body.dataset.outbox === '3' && !document.getElementById('offline').hidden",
            15,
        )
        .await;
    assert_eq!(game_state(&service, &table.game).await["turns"], 0);
    let took = accounts(&tablet).await;
    let _restarted = arbitre_tests::served::Served::start_at(&service.database_url, &address).await;
    tablet
        .wait_until(
            "document.body.dataset.outbox === '0' && document.getElementById('offline').hidden \
             && document.getElementById('refused').hidden",
            30,
        )
        .await;
    assert_eq!(
        turns(&service, &table.game).await,
        [("B", "dd"), ("W", "pp"), ("B", "dp")]
            .map(|(colour, point)| (colour.to_string(), point.to_string()))
    );
    assert_eq!(charged(&service, &table.game).await, took);
}
