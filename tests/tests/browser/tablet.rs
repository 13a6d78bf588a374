//! The table's tablet: signed in by a one-time link printed from the dashboard, reached by
//! a hall's host name (so not a secure context), playing a handicap game by touch to the
//! count with a dispute and the resumption, while the connection of one tablet is cut
//! with a move in its outbox.

use super::dashboard::sign_in;
use arbitre_tests::browser::{Browser, Tongue, LAPTOP};
use arbitre_tests::TestService;
use fantoccini::Locator;
use serde_json::{json, Value};

/// A tournament with two players paired at table 1 of round 1 with two handicap stones;
/// a disputed count is agreed again after the resumption (`agree-again`), so that the
/// test meets both the dispute and the agreement.
async fn handicap_table(service: &TestService) -> (String, Vec<String>) {
    let tournament = service
        .create_tournament(json!({"name": "Open de Grenoble", "dispute_policy": "agree-again"}))
        .await;
    let id = tournament["id"].as_str().unwrap().to_string();
    service.create_round(&id, 1).await;
    let mut players = Vec::new();
    for (surname, rank) in [("Roux", "1k"), ("Petit", "3k")] {
        players.push(service.create_player(&id, surname, rank).await);
    }
    let response = service
        .post(
            &format!("/tournaments/{id}/rounds/1/pairings"),
            Some(&service.admin_token),
        )
        .json(&json!({"table": 1, "black_id": players[1], "white_id": players[0], "handicap": 2}))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 201, "{}", response.text().await.unwrap());
    (id, players)
}

/// Opens the one-time link `path` in `browser` and signs in with it: the table's page.
pub async fn use_link(browser: &Browser, path: &str) {
    browser.visit(path).await;
    browser.check("a sign-in link").await;
    browser.click("#use-link").await;
    browser
        .wait_until("location.pathname === '/table'", 10)
        .await;
}

pub async fn read(service: &TestService, path: &str) -> Value {
    service
        .get(path)
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap()
}

pub async fn game_state(service: &TestService, game: &str) -> Value {
    read(service, &format!("/games/{game}")).await
}

/// Taps the point `point` (SGF) on the board of `browser`: once shows the stone, twice plays it.
pub async fn tap(browser: &Browser, point: &str) {
    click(browser, &format!("#board rect.hit[data-point='{point}']")).await;
}

/// Clicks `css` once it is there. The page is drawn again when the game's state arrives:
/// an element found just before may be gone by the click, and is looked up again.
pub async fn click(browser: &Browser, css: &str) {
    let quoted = serde_json::to_string(css).unwrap();
    browser
        .wait_until(&format!("document.querySelector({quoted}) !== null"), 10)
        .await;
    for _ in 0..20 {
        let found = browser.client.find(Locator::Css(css)).await.unwrap();
        match found.click().await {
            Ok(()) => return,
            Err(fantoccini::error::CmdError::Standard(error))
                if error.error == fantoccini::error::ErrorStatus::StaleElementReference =>
            {
                tokio::time::sleep(std::time::Duration::from_millis(50)).await;
            }
            Err(error) => panic!("clicking {css}: {error}"),
        }
    }
    panic!("clicking {css}: the page kept changing");
}

/// Taps `point` twice: the move is played (once the page has it on the board).
async fn play(browser: &Browser, point: &str) {
    tap(browser, point).await;
    browser
        .wait_until("document.getElementById('pending-stone') !== null", 10)
        .await;
    tap(browser, point).await;
}

/// Waits until the page of `browser` shows the game at `seq`.
pub async fn at_seq(browser: &Browser, seq: i64) {
    browser
        .wait_until(&format!("Number(document.body.dataset.seq) >= {seq}"), 10)
        .await;
}

pub async fn seq_of(service: &TestService, game: &str) -> i64 {
    game_state(service, game).await["seq"].as_i64().unwrap()
}

/// Reads the console of `browser`: its only errors are those Chromium logs for the
/// failed requests the test caused on purpose (each containing one of `expected`).
pub async fn only_expected_errors(browser: &Browser, expected: &[&str]) {
    let errors: Vec<_> = browser
        .console()
        .await
        .into_iter()
        .filter(|(level, message)| {
            level == "SEVERE" && !expected.iter().any(|text| message.contains(text))
        })
        .collect();
    assert!(errors.is_empty(), "console errors: {errors:?}");
}

/// Waits until the board of `browser` marks `point` (SGF) as the last move played, and
/// no other point.
async fn last_marked(browser: &Browser, point: &str) {
    browser
        .wait_until(
            &format!(
                "[...document.querySelectorAll('#board .last-move')].map(m => m.dataset.point)\
                 .join() === '{point}'"
            ),
            10,
        )
        .await;
}

/// Clicks the button `css` in the seat of `colour` (`B` or `W`).
pub async fn seat_button(browser: &Browser, colour: &str, css: &str) {
    click(
        browser,
        &format!(".seat[data-colour='{colour}'] button.{css}:not(:disabled)"),
    )
    .await;
}

#[tokio::test]
async fn two_tablets_of_a_table_play_a_handicap_game_through_a_cut_a_dispute_and_the_count() {
    let service = TestService::start().await;
    let (tournament, players) = handicap_table(&service).await;
    let id = Some(uuid::Uuid::parse_str(&tournament).unwrap());
    let organizer = service
        .token(arbitre_api::access::Role::Organizer, id, None)
        .await;

    // The organizer prints a one-time link for each table.
    let staff = Browser::open(&service.base_url, LAPTOP).await;
    sign_in(&staff, &organizer).await;
    staff
        .visit(&format!("/dashboard/t/{tournament}/tablets"))
        .await;
    staff.check("the tables' tablets").await;
    staff.fill("tables", "2").await;
    staff.click("#make-links").await;
    staff
        .wait_until("document.querySelectorAll('.tablet-card').length === 2", 10)
        .await;
    staff.check("the sign-in links").await;
    staff.screenshot("tablet-links-laptop").await;
    let links = staff
        .client
        .execute(
            "return [...document.querySelectorAll('.tablet-card .link a')]\
             .map(a => new URL(a.href).pathname);",
            vec![],
        )
        .await
        .unwrap();
    let first_link = links[0].as_str().unwrap().to_string();
    let second_link = links[1].as_str().unwrap().to_string();
    assert_eq!(
        staff
            .client
            .execute(
                "return document.querySelectorAll('.tablet-card .qr svg').length;",
                vec![]
            )
            .await
            .unwrap(),
        json!(2),
        "each link has its QR code"
    );

    // The table's tablet opens the link through the hall's host name: no secure context.
    let tablet = Browser::open_named(&service.base_url, "tablet.hall", LAPTOP).await;
    use_link(&tablet, &first_link).await;
    assert_eq!(
        tablet
            .client
            .execute("return window.isSecureContext;", vec![])
            .await
            .unwrap(),
        json!(false)
    );
    // A link signs in once.
    let again = service
        .post(&first_link, None)
        .header("Origin", &service.base_url)
        .send()
        .await
        .unwrap();
    assert_eq!(again.status(), 410);
    // The staff's browser signs in as a second tablet of the same table (table 1 is the
    // first card): the two sessions watch and play the one game.
    // The second card is table 2's: a fresh link of table 1 for the watcher.
    staff
        .visit(&format!("/dashboard/t/{tournament}/tablets"))
        .await;
    staff.fill("tables", "1").await;
    staff.click("#make-links").await;
    let second = only_link(&staff, 1).await;
    assert_ne!(second, second_link);
    let watcher = staff;
    use_link(&watcher, &second).await;

    // No game yet: the tablet offers to start it.
    tablet
        .wait_until("!document.getElementById('start-game').hidden", 10)
        .await;
    // Its overlay names who plays, in which colour, on which terms (issue 40).
    assert_eq!(
        tablet
            .client
            .execute(
                "return [...document.querySelectorAll('#idle-players li')].map(li => li.textContent);",
                vec![]
            )
            .await
            .unwrap(),
        json!([
            "Black: Petit Test (3k)",
            "White: Roux Test (1k)",
            "Handicap 2, komi 1.5"
        ])
    );
    tablet.check("the table before its game").await;
    tablet.click("#start-game").await;
    tablet
        .wait_until("document.body.dataset.phase === 'placing'", 10)
        .await;
    let games = read(&service, &format!("/tournaments/{tournament}/games")).await;
    let game = games["items"][0]["id"].as_str().unwrap().to_string();
    watcher
        .wait_until("document.body.dataset.phase === 'placing'", 10)
        .await;

    // FFG handicap: Black places the two stones as moves; a single tap plays nothing.
    tap(&tablet, "dd").await;
    tablet
        .wait_until("document.getElementById('pending-stone') !== null", 10)
        .await;
    assert_eq!(game_state(&service, &game).await["turns"], json!(0));
    tap(&tablet, "dd").await;
    at_seq(&tablet, 2).await;
    play(&tablet, "pp").await;
    tablet
        .wait_until("document.body.dataset.phase === 'playing'", 10)
        .await;
    // The watcher sees both stones live.
    at_seq(&watcher, seq_of(&service, &game).await).await;
    play(&watcher, "qq").await;
    at_seq(&tablet, seq_of(&service, &game).await).await;
    // Both boards mark White's stone as the last move, and only it.
    last_marked(&tablet, "qq").await;
    last_marked(&watcher, "qq").await;
    // An illegal move is refused by the server and explained in words.
    play(&tablet, "qq").await;
    tablet
        .wait_until(
            "document.getElementById('message').textContent.includes('already occupied')",
            10,
        )
        .await;
    // Chromium logs the refusal (422) as a failed request: that one only.
    only_expected_errors(
        &tablet,
        &["/turns - Failed to load resource: the server responded with a status of 422"],
    )
    .await;
    // Black's clock runs in the page between the server's events, its phase shown; the
    // page does not scroll under the fingers.
    let running = ".seat[data-colour='B'].running .clock";
    let before_tick = tablet.text(running).await;
    tablet
        .wait_until(
            &format!("document.querySelector(\"{running}\").textContent !== '{before_tick}'"),
            5,
        )
        .await;
    assert_eq!(
        tablet.text(".seat[data-colour='B'] .period").await,
        "main time"
    );
    assert_eq!(
        tablet
            .client
            .execute(
                "return document.scrollingElement.scrollHeight <= window.innerHeight \
                 && getComputedStyle(document.getElementById('board')).touchAction === 'none';",
                vec![]
            )
            .await
            .unwrap(),
        json!(true)
    );
    tablet.screenshot("tablet-playing-laptop").await;
    tablet.check("the table in play").await;

    // The tablet's network is cut while Black's move waits in its outbox.
    let before = game_state(&service, &game).await;
    assert_eq!(before["to_move"], json!("B"));
    tablet.offline(true).await;
    play(&tablet, "qp").await;
    tablet
        .wait_until("document.body.dataset.outbox === '1'", 10)
        .await;
    // The tablet tried, and says it has no connection: the move is still its own. On
    // the hall's plain HTTP no service worker keeps the page: the banner says the page
    // recovers by itself, and not to reload it.
    tablet
        .wait_until(
            "!document.getElementById('offline').hidden \
             && document.getElementById('offline').textContent\
                .includes('Do not reload this page: it recovers by itself')",
            15,
        )
        .await;
    assert_eq!(
        game_state(&service, &game).await["turns"],
        before["turns"],
        "nothing reached the server"
    );
    let kept = tablet
        .client
        .execute(
            "return localStorage.getItem('arbitre.tablet.outbox');",
            vec![],
        )
        .await
        .unwrap();
    tablet.screenshot("tablet-offline-laptop").await;
    tablet.offline(false).await;
    tablet
        .wait_until("document.body.dataset.outbox === '0'", 15)
        .await;
    let after = game_state(&service, &game).await;
    assert_eq!(after["turns"], json!(before["turns"].as_i64().unwrap() + 1));
    assert_eq!(after["board"][15].as_str().unwrap().as_bytes()[16], b'X');
    assert_eq!(after["last_move"], json!("qp"));
    last_marked(&tablet, "qp").await;
    // The same request again, as after a reload that found it still in the outbox (its
    // answer lost): sent with the same Idempotency-Key, it is not played twice.
    tablet
        .client
        .execute(
            "localStorage.setItem('arbitre.tablet.outbox', arguments[0]); location.reload(); return null;",
            vec![kept],
        )
        .await
        .unwrap();
    tablet
        .wait_until(
            "document.body.dataset.outbox === '0' && document.body.dataset.seq !== ''",
            15,
        )
        .await;
    let events = read(&service, &format!("/games/{game}/events")).await;
    let played_qp = events["items"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|entry| entry["event"]["action"]["move"] == json!("qp"))
        .count();
    assert_eq!(played_qp, 1, "the move is played exactly once");
    assert_eq!(game_state(&service, &game).await["turns"], after["turns"]);
    // The outage's failed requests are the only console errors it left.
    only_expected_errors(&tablet, &["ERR_INTERNET_DISCONNECTED"]).await;

    // White plays inside Black's area, then both pass: the count.
    at_seq(&watcher, seq_of(&service, &game).await).await;
    play(&watcher, "qo").await;
    at_seq(&tablet, seq_of(&service, &game).await).await;
    seat_button(&tablet, "B", "pass").await;
    seat_button(&watcher, "W", "pass").await;
    tablet
        .wait_until("document.body.dataset.phase === 'counting'", 10)
        .await;
    watcher
        .wait_until("document.body.dataset.phase === 'counting'", 10)
        .await;
    // White disputes: play resumes (rule 5 bis).
    seat_button(&watcher, "W", "dispute").await;
    tablet
        .wait_until("document.body.dataset.phase === 'playing'", 10)
        .await;
    let resumed = game_state(&service, &game).await;
    assert_eq!(resumed["phase"], json!("playing"));
    // Black captures nothing and passes; White passes: the count again.
    let mover = resumed["to_move"].as_str().unwrap().to_string();
    let other = if mover == "B" { "W" } else { "B" };
    seat_button(&tablet, &mover, "pass").await;
    seat_button(&tablet, other, "pass").await;
    tablet
        .wait_until("document.body.dataset.phase === 'counting'", 10)
        .await;
    // White's stone at Q5 is marked dead on one tablet, seen on the other; both accept.
    at_seq(&watcher, seq_of(&service, &game).await).await;
    tap(&tablet, "qo").await;
    watcher
        .wait_until("document.querySelector('#board .dead-mark') !== null", 10)
        .await;
    tablet
        .wait_until("document.querySelector('#board .dead-mark') !== null", 10)
        .await;
    tablet.screenshot("tablet-counting-laptop").await;
    tablet.check("the count").await;
    // The proposer accepted what it proposed; the other player accepts on the watcher.
    let proposal = game_state(&service, &game).await;
    let accepted = proposal["counting"]["accepted"].as_array().unwrap().clone();
    assert_eq!(
        accepted.iter().filter(|a| **a == json!(true)).count(),
        1,
        "{proposal}"
    );
    let other = if accepted[0] == json!(true) { "W" } else { "B" };
    watcher
        .wait_until("document.querySelector('#board .dead-mark') !== null", 10)
        .await;
    seat_button(&watcher, other, "accept").await;
    // The game over, nothing is left of what was said during play (the illegal move's
    // message went when the phase changed).
    tablet
        .wait_until(
            "document.body.dataset.phase === 'finished' \
             && document.getElementById('message').textContent === ''",
            10,
        )
        .await;
    let finished = game_state(&service, &game).await;
    assert_eq!(finished["phase"], json!("finished"));
    assert_eq!(finished["result_source"]["source"], json!("count"));
    let result = finished["result"].as_str().unwrap().to_string();
    assert!(result.starts_with("B+"), "{result}");
    let shown = format!("Black wins by {} points", &result[2..]);
    for browser in [&tablet, &watcher] {
        browser
            .wait_until(
                &format!(
                    "[...document.querySelectorAll('.result')].every(r => r.textContent === '{shown}') \
                     && document.querySelectorAll('.result').length === 2"
                ),
                10,
            )
            .await;
    }
    tablet.screenshot("tablet-result-laptop").await;
    tablet.check("the result").await;
    watcher.check("the result, on the other tablet").await;

    // Round 2 is published: the tablet picks up its game at table 1 without a reload.
    tablet
        .client
        .execute("window.stillTheSamePage = true; return null;", vec![])
        .await
        .unwrap();
    service.create_round(&tournament, 2).await;
    let next = service
        .create_pairing(&tournament, 2, 1, &players[0], &players[1])
        .await;
    tablet
        .wait_until(
            "document.getElementById('where').textContent.includes('round 2') \
             && !document.getElementById('start-game').hidden",
            25,
        )
        .await;
    tablet.check("the table between two games").await;
    let referee = service
        .token(arbitre_api::access::Role::Referee, id, None)
        .await;
    let started = service
        .post(&format!("/tournaments/{tournament}/games"), Some(&referee))
        .json(&json!({"pairing_id": next["id"]}))
        .send()
        .await
        .unwrap();
    assert_eq!(started.status(), 201);
    tablet
        .wait_until("document.body.dataset.phase === 'playing'", 15)
        .await;
    assert_eq!(
        tablet
            .client
            .execute("return window.stillTheSamePage === true;", vec![])
            .await
            .unwrap(),
        json!(true),
        "the page was reloaded"
    );

    // The organizer revokes table 1's tablets from the dashboard: they are signed out.
    sign_in(&watcher, &organizer).await;
    watcher
        .visit(&format!("/dashboard/t/{tournament}/tablets"))
        .await;
    assert_eq!(
        watcher.text("#tablet-list tbody tr td:nth-child(2)").await,
        "2"
    );
    watcher
        .click("#tablet-list form[action$='/revoke'] button")
        .await;
    watcher
        .wait_until("document.getElementById('tablet-list') === null", 10)
        .await;
    let status = tablet
        .client
        .execute_async(
            "const done = arguments[arguments.length - 1];\
             fetch('/table/state').then(r => done(r.status));",
            vec![],
        )
        .await
        .unwrap();
    assert_eq!(status, json!(401));
    // Chromium logs the refusal of the signed-out tablet's requests: those only.
    only_expected_errors(&tablet, &["status of 401"]).await;

    // The tablet is replaced: the organizer prints table 1's link alone, and the new
    // tablet is back at round 2's game.
    watcher.fill("one-table", "1").await;
    watcher.click("#make-one-link").await;
    let one_link = only_link(&watcher, 1).await;
    watcher.check("one table's link").await;
    // The signed-out page's last report may have been refused since: that 401 only.
    only_expected_errors(&tablet, &["status of 401"]).await;
    use_link(&tablet, &one_link).await;
    tablet
        .wait_until(
            "document.body.dataset.phase === 'playing' \
             && document.getElementById('where').textContent.includes('round 2')",
            10,
        )
        .await;
    // From the list of signed-in tablets, a new link for that table alone again.
    watcher
        .visit(&format!("/dashboard/t/{tournament}/tablets"))
        .await;
    watcher.check("the tables' tablets, one signed in").await;
    watcher.click("#tablet-list button.new-link").await;
    let another = only_link(&watcher, 1).await;
    assert_ne!(another, one_link);
}

/// Waits for the page of one sign-in link, `table`'s: its path.
async fn only_link(browser: &Browser, table: i32) -> String {
    browser
        .wait_until("document.querySelectorAll('.tablet-card').length === 1", 10)
        .await;
    assert_eq!(
        browser.text(".tablet-card h2").await,
        format!("Table {table}")
    );
    let path = browser
        .client
        .execute(
            "return new URL(document.querySelector('.tablet-card .link a').href).pathname;",
            vec![],
        )
        .await
        .unwrap();
    path.as_str().unwrap().to_string()
}

/// A time control, and the phase the table's page and the referee's hall name for a
/// clock of it that does not run (White's, Black moving first) and for one that runs
/// (Black's, a few seconds in).
const CLOCKS: [(&str, &str, &str); 6] = [
    (
        r#"{"system": "byo-yomi", "main_time_ms": 0, "periods": 3, "period_ms": 300000}"#,
        "byo-yomi 1 of 3",
        "byo-yomi 1 of 3",
    ),
    (
        r#"{"system": "canadian", "main_time_ms": 0, "stones": 10, "period_ms": 300000}"#,
        "Canadian: 10 stones in 5:00",
        "Canadian: 10 stones in 4:",
    ),
    (
        r#"{"system": "fischer", "main_time_ms": 600000, "increment_ms": 10000}"#,
        "Fischer, +0:10 a move",
        "Fischer, +0:10 a move",
    ),
    (
        r#"{"system": "absolute", "main_time_ms": 600000}"#,
        "main time",
        "main time",
    ),
    (
        r#"{"system": "simple", "per_move_ms": 300000}"#,
        "5:00 per move",
        "5:00 per move",
    ),
    (r#"{"system": "none"}"#, "no time limit", "no time limit"),
];

/// Waits until the element `css` on the page of `browser` names the phase `phase` (or,
/// for a phase ending in `:`, one that starts with it).
async fn phase_shown(browser: &Browser, css: &str, phase: &str) {
    let quoted = serde_json::to_string(css).unwrap();
    let test = if phase.ends_with(':') {
        format!("startsWith('{phase}')")
    } else {
        format!("valueOf() === '{phase}'")
    };
    browser
        .wait_until(
            &format!(
                "document.querySelector({quoted}) !== null \
                 && document.querySelector({quoted}).textContent.{test}"
            ),
            10,
        )
        .await;
}

#[tokio::test]
async fn a_bookmarked_table_page_signs_in_first_and_names_the_phase_of_every_clock_system() {
    let service = TestService::start().await;
    let tournament = service
        .create_tournament(json!({"name": "Open de Tours"}))
        .await;
    let id = tournament["id"].as_str().unwrap().to_string();
    let uuid = Some(uuid::Uuid::parse_str(&id).unwrap());
    service.create_round(&id, 1).await;
    let referee = service
        .token(arbitre_api::access::Role::Referee, uuid, None)
        .await;
    let mut pairings = Vec::new();
    for table in 1..=CLOCKS.len() as i32 {
        let black = service
            .create_player(&id, &format!("Noir{table}"), "5k")
            .await;
        let white = service
            .create_player(&id, &format!("Blanc{table}"), "4k")
            .await;
        let pairing = service.create_pairing(&id, 1, table, &black, &white).await;
        pairings.push(pairing["id"].as_str().unwrap().to_string());
    }
    let mut tablets = Vec::new();
    for ((control, ..), pairing_id) in CLOCKS.iter().zip(&pairings) {
        let control: Value = serde_json::from_str(control).unwrap();
        let started = service
            .post(&format!("/tournaments/{id}/games"), Some(&referee))
            .json(&json!({"pairing_id": pairing_id, "time_control": control}))
            .send()
            .await
            .unwrap();
        assert_eq!(started.status(), 201, "{}", started.text().await.unwrap());
        let pairing = Some(uuid::Uuid::parse_str(pairing_id).unwrap());
        tablets.push(
            service
                .token(arbitre_api::access::Role::Table, uuid, pairing)
                .await,
        );
    }

    // A tablet opened from a bookmark, signed out: sent to sign in and back to its table;
    // the page's own requests keep their 401 for its script.
    let bookmark = super::dashboard_tools::not_following()
        .get(format!("{}/table", service.base_url))
        .send()
        .await
        .unwrap();
    assert_eq!(bookmark.status(), 303);
    assert_eq!(bookmark.headers()["location"], "/sign-in?next=%2Ftable");
    let state = super::dashboard_tools::not_following()
        .get(format!("{}/table/state", service.base_url))
        .send()
        .await
        .unwrap();
    assert_eq!(state.status(), 401);
    let browser = Browser::open(&service.base_url, LAPTOP).await;
    browser.visit("/table").await;
    browser
        .wait_until(
            "location.pathname === '/sign-in' && location.search === '?next=%2Ftable'",
            10,
        )
        .await;
    browser.check("sign in from the table's bookmark").await;

    // Each table's page names its clocks' phases in the words of their system.
    for (index, (_, still, running)) in CLOCKS.iter().enumerate() {
        if index > 0 {
            browser.visit("/sign-in").await;
        }
        browser.fill("token", &tablets[index]).await;
        browser.click("main form button").await;
        browser
            .wait_until(
                "location.pathname === '/table' && document.body.dataset.phase === 'playing'",
                10,
            )
            .await;
        phase_shown(&browser, ".seat[data-colour='W'] .period", still).await;
        phase_shown(&browser, ".seat[data-colour='B'] .period", running).await;
    }
    browser
        .check("the table of a game without a time limit")
        .await;

    // The referee's hall names them alike, White's as rendered, Black's counting down.
    super::dashboard::sign_in(&browser, &referee).await;
    browser.visit(&format!("/dashboard/t/{id}/hall")).await;
    for (index, (_, still, running)) in CLOCKS.iter().enumerate() {
        let line = format!(".hall-line[data-table='{}']", index + 1);
        phase_shown(
            &browser,
            &format!("{line} .clock:nth-child(2) [data-phase]"),
            still,
        )
        .await;
        phase_shown(
            &browser,
            &format!("{line} .clock:nth-child(1) [data-phase]"),
            running,
        )
        .await;
    }
    browser.check("the hall's clocks").await;
}

/// A handicap game on a tablet from its sign-in link to the count, in `tongue`: French
/// in one tap, for both players.
async fn a_tablet_plays_a_handicap_game_to_the_count(tongue: Tongue) {
    let service = TestService::start().await;
    let (tournament, _) = handicap_table(&service).await;
    let id = Some(uuid::Uuid::parse_str(&tournament).unwrap());
    let organizer = service
        .token(arbitre_api::access::Role::Organizer, id, None)
        .await;
    let staff = Browser::open(&service.base_url, LAPTOP).await;
    sign_in(&staff, &organizer).await;
    staff
        .visit(&format!("/dashboard/t/{tournament}/tablets"))
        .await;
    staff.fill("tables", "1").await;
    staff.click("#make-links").await;
    let link = only_link(&staff, 1).await;
    let tablet = Browser::open_named(&service.base_url, "tablet.hall", LAPTOP).await;
    use_link(&tablet, &link).await;
    // One tap, for both players.
    if tongue == Tongue::French {
        tablet.switch_language("fr").await;
    }
    tablet
        .wait_until("!document.getElementById('start-game').hidden", 10)
        .await;
    assert_eq!(
        tablet.text("#start-game").await,
        tongue.says("Start the game", "Commencer la partie")
    );
    tablet.check_in(tongue, "the table before the game").await;
    tablet.click("#start-game").await;
    tablet
        .wait_until("document.body.dataset.phase === 'placing'", 10)
        .await;
    assert!(
        tablet.text("#where").await.contains(tongue.says(
            "Black places handicap stone 1 of 2",
            "Noir pose la pierre de handicap 1 sur 2"
        )),
        "{}",
        tablet.text("#where").await
    );
    play(&tablet, "dd").await;
    at_seq(&tablet, 2).await;
    play(&tablet, "pp").await;
    tablet
        .wait_until("document.body.dataset.phase === 'playing'", 10)
        .await;
    play(&tablet, "pp").await;
    tablet
        .wait_until(
            &format!(
                "document.getElementById('message').textContent.includes('{}')",
                tongue.says("already occupied", "déjà occupée")
            ),
            10,
        )
        .await;
    only_expected_errors(
        &tablet,
        &["/turns - Failed to load resource: the server responded with a status of 422"],
    )
    .await;
    assert_eq!(
        tablet.text(".seat[data-colour='W'] .period").await,
        tongue.says("main time", "temps principal")
    );
    tablet.check_in(tongue, "the game in play").await;
    tablet
        .screenshot(&tongue.picture("tablet-playing-laptop"))
        .await;
    // Both pass: the count (rule 5 bis), accepted by both players with no dead stone.
    seat_button(&tablet, "W", "pass").await;
    seat_button(&tablet, "B", "pass").await;
    tablet
        .wait_until("document.body.dataset.phase === 'counting'", 10)
        .await;
    let counting = tablet.text("#where").await;
    assert!(
        counting.contains(tongue.says("Counting (rule 5 bis)", "Décompte (règle 5 bis)")),
        "{counting}"
    );
    tablet.check_in(tongue, "the count").await;
    tablet
        .screenshot(&tongue.picture("tablet-counting-laptop"))
        .await;
    seat_button(&tablet, "B", "accept").await;
    seat_button(&tablet, "W", "accept").await;
    tablet
        .wait_until("document.body.dataset.phase === 'finished'", 10)
        .await;
    let games = read(&service, &format!("/tournaments/{tournament}/games")).await;
    let game = games["items"][0]["id"].as_str().unwrap().to_string();
    let result = game_state(&service, &game).await["result"]
        .as_str()
        .unwrap()
        .to_string();
    let (winner, points) = result.split_once('+').unwrap();
    let winner = match winner {
        "B" => tongue.says("Black", "Noir"),
        _ => tongue.says("White", "Blanc"),
    };
    let shown = match tongue {
        Tongue::English => format!("{winner} wins by {points} points"),
        Tongue::French => format!("{winner} gagne de {} points", points.replace('.', ",")),
    };
    tablet
        .wait_until(
            &format!(
                "[...document.querySelectorAll('.result')].every(r => r.textContent === '{shown}') \
                 && document.querySelectorAll('.result').length === 2"
            ),
            10,
        )
        .await;
    tablet.check_in(tongue, "the result").await;
    tablet
        .screenshot(&tongue.picture("tablet-result-laptop"))
        .await;
}

#[tokio::test]
async fn a_tablet_plays_a_handicap_game_to_the_count_in_english() {
    a_tablet_plays_a_handicap_game_to_the_count(Tongue::English).await;
}

#[tokio::test]
async fn a_tablet_switched_to_french_in_one_tap_plays_to_the_count_in_french() {
    a_tablet_plays_a_handicap_game_to_the_count(Tongue::French).await;
}
