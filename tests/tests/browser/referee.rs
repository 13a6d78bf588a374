//! The referee's hall view: a round with a disputed count, a fallen flag, a game in play
//! and a table not started; the referee sees the dispute and the flag first, watches a
//! move arrive without a reload, opens the disputed table, pauses and resumes a game,
//! and rules with a reason; the ruling is on the game's stream and on the table's tablet
//! at once (its kind and reason, the game paused or its result) and changes the public
//! standings.

use super::dashboard::sign_in;
use super::PLAYERS;
use arbitre_api::access::Role;
use arbitre_tests::browser::{Browser, Tongue, LAPTOP, PHONE};
use arbitre_tests::TestService;
use fantoccini::Locator;
use serde_json::{json, Value};
use std::time::{Duration, Instant};
use uuid::Uuid;

/// Eight players, paired at four tables of round 1.
const MORE_PLAYERS: [(&str, &str, &str); 2] = [("Roux", "Inès", "6k"), ("Fournier", "Luc", "7k")];

/// Posts `body` to `path` with `token`, expecting `status`; the answer's JSON.
async fn posted(service: &TestService, path: &str, token: &str, body: Value, status: u16) -> Value {
    let response = service
        .post(path, Some(token))
        .json(&body)
        .send()
        .await
        .unwrap();
    let code = response.status().as_u16();
    let text = response.text().await.unwrap();
    assert_eq!(code, status, "{path}: {text}");
    serde_json::from_str(&text).unwrap()
}

/// Plays `points` from turn `first` on at `game` with the tablet `tablet`.
async fn play(service: &TestService, tablet: &str, game: &str, first: u32, points: &[&str]) {
    for (index, point) in points.iter().enumerate() {
        let turn = first + index as u32;
        let body = if *point == "pass" {
            json!({"turn": turn, "action": "pass"})
        } else {
            json!({"turn": turn, "action": "move", "point": point})
        };
        posted(service, &format!("/games/{game}/turns"), tablet, body, 201).await;
    }
}

/// The attentions of the hall's tables, top to bottom, as `table:attention`.
async fn hall_order(browser: &Browser) -> Vec<String> {
    let order = browser
        .client
        .execute(
            "return [...document.querySelectorAll('.hall-line')]\
               .map(l => l.dataset.table + ':' + l.dataset.attention);",
            vec![],
        )
        .await
        .unwrap();
    serde_json::from_value(order).unwrap()
}

/// Reads the game's event stream until an event of `kind` arrives (or `seconds` pass);
/// the events read, as (event, data).
async fn read_until(
    stream: &mut reqwest::Response,
    kind: &str,
    seconds: u64,
) -> Vec<(String, Value)> {
    let deadline = Instant::now() + Duration::from_secs(seconds);
    let mut buffer = String::new();
    let mut events = Vec::new();
    while !events
        .iter()
        .any(|(event, _): &(String, Value)| event == kind)
    {
        let left = deadline.saturating_duration_since(Instant::now());
        assert!(!left.is_zero(), "no {kind} within {seconds} s: {events:?}");
        let Ok(Ok(Some(chunk))) = tokio::time::timeout(left, stream.chunk()).await else {
            panic!("the stream ended or stalled: {events:?}");
        };
        buffer.push_str(&String::from_utf8_lossy(&chunk));
        while let Some(end) = buffer.find("\n\n") {
            let block: String = buffer.drain(..end + 2).collect();
            let mut event = String::new();
            let mut data = None;
            for line in block.lines() {
                if let Some(value) = line.strip_prefix("event: ") {
                    event = value.to_string();
                } else if let Some(value) = line.strip_prefix("data: ") {
                    data = serde_json::from_str(value).ok();
                }
            }
            if let Some(data) = data {
                events.push((event, data));
            }
        }
    }
    events
}

/// The game `game` as `GET /games/{id}` shows it.
async fn state(service: &TestService, game: &str) -> Value {
    service
        .get(&format!("/games/{game}"))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap()
}

/// The standings line of `name` on the public standings page.
async fn standing(browser: &Browser, tournament: &str, name: &str) -> String {
    browser
        .visit(&format!("/t/{tournament}/standings?round=1"))
        .await;
    let rows = browser
        .client
        .find_all(Locator::Css(".standings tbody tr"))
        .await
        .unwrap();
    for row in rows {
        let text = row.text().await.unwrap();
        if text.contains(name) {
            return text;
        }
    }
    panic!("{name} is not in the standings");
}

/// Signs `browser` in as a table's tablet with its `token`: the table's page, with its
/// game drawn.
async fn open_tablet(browser: &Browser, token: &str) {
    browser.visit("/sign-in").await;
    browser.fill("token", token).await;
    browser.click("main form button").await;
    browser
        .wait_until(
            "location.pathname === '/table' && document.body.dataset.seq !== undefined \
             && document.body.dataset.seq !== ''",
            10,
        )
        .await;
    browser
        .client
        .execute("window.stillTheSamePage = true; return null;", vec![])
        .await
        .unwrap();
}

/// The tablet in `browser` shows the referee's ruling of `kind`, its words containing
/// `words` and its reason `reason`, without a reload.
async fn ruling_on_tablet(browser: &Browser, kind: &str, words: &str, reason: &str) {
    browser
        .wait_until(
            &format!(
                "document.getElementById('ruling').dataset.kind === '{kind}' \
                 && !document.getElementById('ruling').hidden"
            ),
            10,
        )
        .await;
    let shown = browser.text("#ruling").await;
    assert!(
        shown.contains(words) && shown.ends_with(&format!("Why: {reason}")),
        "{shown}"
    );
    let same = browser
        .client
        .execute("return window.stillTheSamePage === true;", vec![])
        .await
        .unwrap();
    assert_eq!(same, json!(true), "the tablet's page was reloaded");
}

#[tokio::test]
async fn the_referee_sees_the_dispute_and_the_flag_first_and_rules_with_a_reason() {
    let service = TestService::start().await;
    let tournament = service
        .create_tournament(json!({"name": "Open de Nantes", "dispute_policy": "strict"}))
        .await;
    let id = tournament["id"].as_str().unwrap().to_string();
    service.create_round(&id, 1).await;
    let mut players = Vec::new();
    for (surname, first_name, rank) in PLAYERS.iter().chain(MORE_PLAYERS.iter()) {
        let player = posted(
            &service,
            &format!("/tournaments/{id}/players"),
            &service.admin_token,
            json!({"surname": surname, "first_name": first_name, "rank": rank}),
            201,
        )
        .await;
        players.push(player["id"].as_str().unwrap().to_string());
    }
    let mut pairings = Vec::new();
    for table in 0..4 {
        let pairing = service
            .create_pairing(
                &id,
                1,
                table as i32 + 1,
                &players[2 * table + 1],
                &players[2 * table],
            )
            .await;
        pairings.push(pairing["id"].as_str().unwrap().to_string());
    }
    let tournament_uuid = Some(Uuid::parse_str(&id).unwrap());
    let referee = service.token(Role::Referee, tournament_uuid, None).await;
    let start = |table: usize, terms: Value| {
        let (service, referee, id, pairings) = (&service, &referee, &id, &pairings);
        async move {
            let pairing = Uuid::parse_str(&pairings[table]).unwrap();
            let tablet = service
                .token(Role::Table, tournament_uuid, Some(pairing))
                .await;
            let mut body = json!({"pairing_id": pairings[table]});
            body.as_object_mut()
                .unwrap()
                .extend(terms.as_object().unwrap().clone());
            let game = posted(
                service,
                &format!("/tournaments/{id}/games"),
                referee,
                body,
                201,
            )
            .await;
            (game["id"].as_str().unwrap().to_string(), tablet)
        }
    };
    // Table 1 plays; table 2's Black has ten seconds and does not move; table 3's count
    // is disputed (rule 5 bis); table 4 has not started.
    let (playing, playing_tablet) = start(0, json!({})).await;
    play(&service, &playing_tablet, &playing, 1, &["dd", "pp"]).await;
    let (flagged, _) = start(
        1,
        json!({"time_control": {"system": "absolute", "main_time_ms": 10_000}}),
    )
    .await;
    let (disputed, disputed_tablet) = start(2, json!({})).await;
    play(
        &service,
        &disputed_tablet,
        &disputed,
        1,
        &["cc", "gg", "cg", "gc", "pass", "pass"],
    )
    .await;
    let counting = format!("/games/{disputed}/counting");
    let paused = state(&service, &disputed).await;
    let proposed = posted(
        &service,
        &counting,
        &disputed_tablet,
        json!({"action": "propose", "color": "B", "dead": ["gg"], "revision": paused["counting"]["revision"]}),
        200,
    )
    .await;
    posted(
        &service,
        &counting,
        &disputed_tablet,
        json!({"action": "dispute", "color": "W", "revision": proposed["counting"]["revision"]}),
        200,
    )
    .await;
    // Table 2's ten seconds run out on the service's clock, not in real time.
    service.advance(Duration::from_millis(10_500));
    service.sweep().await;
    let lost = state(&service, &flagged).await;
    assert_eq!(lost["result"], "W+T", "{lost}");

    let browser = Browser::open(&service.base_url, LAPTOP).await;
    sign_in(&browser, &referee).await;
    // From the round's page to its hall.
    browser.visit(&format!("/dashboard/t/{id}/rounds/1")).await;
    browser.click("#hall-link").await;
    browser
        .wait_until("document.querySelector('.hall-list') !== null", 10)
        .await;
    assert_eq!(
        hall_order(&browser).await,
        [
            "3:disputed-count",
            "2:flag-fallen",
            "4:not-started",
            "1:in-play"
        ]
    );
    assert_eq!(browser.text("#hall-title").await, "2 tables need a referee");
    let line = browser.text(".hall-line[data-table='1']").await;
    assert!(line.contains("playing, 2 turns"), "{line}");
    assert!(line.contains("Black"), "{line}");
    // Black's clock runs at table 3 (Black moves after the dispute): it counts down.
    let running = ".hall-line[data-table='3'] .clock.running [data-time]";
    let before = browser.text(running).await;
    browser
        .wait_until(
            &format!("document.querySelector(\"{running}\").textContent !== '{before}'"),
            5,
        )
        .await;
    browser.check("referee hall").await;
    browser.screenshot("referee-hall-laptop").await;
    browser.resize(PHONE).await;
    browser.check("referee hall, phone").await;
    browser.screenshot("referee-hall-phone").await;
    browser.resize(LAPTOP).await;

    // A move at table 1 through the API: the hall shows it without a reload.
    browser
        .client
        .execute("window.stillTheSamePage = true; return null;", vec![])
        .await
        .unwrap();
    browser
        .wait_until("document.body.dataset.live === 'open'", 10)
        .await;
    play(&service, &playing_tablet, &playing, 3, &["dp"]).await;
    browser
        .wait_until(
            "document.querySelector(\".hall-line[data-table='1']\").textContent\
               .includes('playing, 3 turns')",
            10,
        )
        .await;
    let same = browser
        .client
        .execute("return window.stillTheSamePage === true;", vec![])
        .await
        .unwrap();
    assert_eq!(same, json!(true), "the page was reloaded");

    // Table 1's tablet is open in another browser, its last stone marked.
    let tablet = Browser::open(&service.base_url, LAPTOP).await;
    open_tablet(&tablet, &playing_tablet).await;
    tablet
        .wait_until("document.body.dataset.phase === 'playing'", 10)
        .await;
    let marked = "[...document.querySelectorAll('#board .last-move')].map(m => m.dataset.point)";
    assert_eq!(
        tablet
            .client
            .execute(&format!("return {marked};"), vec![])
            .await
            .unwrap(),
        json!(["dp"])
    );

    // Table 1 paused, then resumed, with a reason: the tablet shows both at once.
    browser
        .visit(&format!("/dashboard/t/{id}/hall/games/{playing}"))
        .await;
    // The referee's board marks the last stone too.
    let ringed = browser
        .client
        .execute(
            "return [...document.querySelectorAll('.board .last-move')].map(m => m.dataset.point);",
            vec![],
        )
        .await
        .unwrap();
    assert_eq!(ringed, json!(["dp"]));
    browser
        .fill("clock-reason", "noise at the next table")
        .await;
    browser.click("#pause").await;
    browser
        .wait_until("document.querySelector('#resume') !== null", 10)
        .await;
    assert!(browser.text("#state-title").await.starts_with("Paused"));
    let paused = state(&service, &playing).await;
    assert_eq!(paused["phase"], "paused");
    assert_eq!(paused["clocks"]["paused_by_referee"], true);
    tablet
        .wait_until("document.body.dataset.phase === 'paused'", 10)
        .await;
    ruling_on_tablet(&tablet, "pause", "Clocks paused", "noise at the next table").await;
    assert!(
        tablet
            .text("#where")
            .await
            .contains("Paused by the referee"),
        "{}",
        tablet.text("#where").await
    );
    tablet.check("the table paused by the referee").await;
    tablet.screenshot("tablet-paused-laptop").await;
    browser.fill("clock-reason", "quiet again").await;
    browser.click("#resume").await;
    browser
        .wait_until("document.querySelector('#pause') !== null", 10)
        .await;
    tablet
        .wait_until("document.body.dataset.phase === 'playing'", 10)
        .await;
    ruling_on_tablet(&tablet, "resume", "Clocks resumed", "quiet again").await;
    let log = browser.text("#log").await;
    assert!(log.contains("ruling: resume — quiet again"), "{log}");
    assert!(
        log.contains("ruling: pause — noise at the next table"),
        "{log}"
    );

    // The disputed table, opened from the hall.
    let winner = format!("{} {}", PLAYERS[5].0, PLAYERS[5].1);
    let standing_before = standing(&browser, &id, &winner).await;
    browser.visit(&format!("/dashboard/t/{id}/hall")).await;
    browser
        .click(".hall-line[data-table='3'] a[href*='/hall/games/']")
        .await;
    browser
        .wait_until("document.querySelector('#apply-ruling') !== null", 10)
        .await;
    assert!(browser
        .text("#state-title")
        .await
        .starts_with("Count disputed"));
    let log = browser.text("#log").await;
    assert!(
        log.contains("White disputes the count (rule 5 bis)"),
        "{log}"
    );
    browser.check("referee table").await;
    browser.screenshot("referee-table-laptop").await;
    browser.resize(PHONE).await;
    browser.check("referee table, phone").await;
    browser.screenshot("referee-table-phone").await;
    browser.resize(LAPTOP).await;

    // A ruling without its reason is the API's to refuse (the browser's own check set
    // aside): nothing is recorded.
    browser
        .client
        .execute(
            "document.getElementById('reason').removeAttribute('required'); return null;",
            vec![],
        )
        .await
        .unwrap();
    let choose = |value: &'static str, css: &'static str| {
        let browser = &browser;
        async move {
            let field = browser.client.find(Locator::Id(css)).await.unwrap();
            field.select_by_value(value).await.unwrap();
        }
    };
    // The form asks only what the chosen ruling needs: a forfeit, the player alone.
    let shown = "return ['color', 'delta_seconds', 'result', 'dead']\
                 .filter(id => document.getElementById(id).getClientRects().length > 0);";
    choose("forfeit", "kind").await;
    let asked = browser.client.execute(shown, vec![]).await.unwrap();
    assert_eq!(asked, json!(["color"]));
    choose("time_adjustment", "kind").await;
    let asked = browser.client.execute(shown, vec![]).await.unwrap();
    assert_eq!(asked, json!(["color", "delta_seconds"]));
    choose("forfeit", "kind").await;
    choose("W", "color").await;
    browser.click("#apply-ruling").await;
    browser
        .wait_until("document.querySelector('.problem') !== null", 10)
        .await;
    let problem = browser.text(".problem").await;
    assert!(
        problem.contains("Why (required): must not be empty"),
        "{problem}"
    );
    // The refused page stays live: a warning given meanwhile (through the API) shows in
    // its log, fetched from the table's own address (the form's answers no GET).
    posted(
        &service,
        &format!("/games/{disputed}/rulings"),
        &referee,
        json!({"kind": "warning", "color": "W", "reason": "talking during the count"}),
        201,
    )
    .await;
    browser
        .wait_until(
            "document.getElementById('log').textContent.includes('talking during the count')",
            10,
        )
        .await;
    let logged = browser.console().await;
    assert!(
        logged.iter().all(|(_, message)| message.contains("422")),
        "{logged:?}"
    );

    // Table 3's tablet is open, its game in play after the dispute.
    open_tablet(&tablet, &disputed_tablet).await;
    tablet
        .wait_until("document.body.dataset.phase === 'playing'", 10)
        .await;
    ruling_on_tablet(
        &tablet,
        "warning",
        "Warning to White",
        "talking during the count",
    )
    .await;

    // With the reason: White, who will not resume play, forfeits; the ruling is on the
    // game's stream and on the table's tablet at once.
    let mut stream = service
        .get(&format!("/games/{disputed}/stream"))
        .send()
        .await
        .unwrap();
    assert_eq!(stream.status(), 200);
    // The log from its start: the dispute, then the warning.
    read_until(&mut stream, "ruling", 10).await;
    assert_eq!(
        browser
            .client
            .execute("return document.getElementById('kind').value;", vec![])
            .await
            .unwrap(),
        json!("forfeit"),
        "the refused form is shown as it was"
    );
    browser
        .fill("reason", "White refuses to resume play after the dispute")
        .await;
    browser.click("#apply-ruling").await;
    let events = read_until(&mut stream, "ruling", 5).await;
    let (_, ruling) = events.iter().find(|(kind, _)| kind == "ruling").unwrap();
    assert_eq!(
        ruling["ruling"]["reason"],
        "White refuses to resume play after the dispute"
    );
    assert_eq!(ruling["ruling"]["kind"], "forfeit");
    assert_eq!(ruling["result"], "B+F", "{ruling}");
    browser
        .wait_until("document.querySelector('#game-result') !== null", 10)
        .await;
    tablet
        .wait_until("document.body.dataset.phase === 'finished'", 10)
        .await;
    ruling_on_tablet(
        &tablet,
        "forfeit",
        "White forfeits: Black wins by forfeit",
        "White refuses to resume play after the dispute",
    )
    .await;
    tablet
        .wait_until(
            "[...document.querySelectorAll('.result')].map(r => r.textContent).join('|') \
             === 'Black wins by forfeit|Black wins by forfeit'",
            10,
        )
        .await;
    tablet.check("the table after the referee's ruling").await;
    tablet.screenshot("tablet-ruling-laptop").await;
    let ruled = state(&service, &disputed).await;
    assert_eq!(ruled["phase"], "finished");
    assert_eq!(ruled["result_source"]["source"], "ruling", "{ruled}");
    // Black of table 3 won: the public standings count it.
    let standing_after = standing(&browser, &id, &winner).await;
    assert_ne!(standing_before, standing_after);
    browser.check("standings after the ruling").await;
    // Back in the hall, the settled table has gone down among the finished games.
    browser.visit(&format!("/dashboard/t/{id}/hall")).await;
    assert_eq!(
        hall_order(&browser).await,
        ["2:flag-fallen", "4:not-started", "1:in-play", "3:finished"]
    );

    // Back to the standings: the page, whose stream ended when it was left, follows it
    // again; a result corrected meanwhile shows there without a reload.
    browser.client.back().await.unwrap();
    browser
        .wait_until(
            "location.pathname.endsWith('/standings') && document.body.dataset.live === 'open'",
            10,
        )
        .await;
    let row = format!(
        "[...document.querySelectorAll('.standings tbody tr')]\
           .find(r => r.textContent.includes({})).textContent",
        serde_json::to_string(&winner).unwrap()
    );
    let before_correction = browser
        .client
        .execute(
            &format!("window.stillTheSamePage = true; return {row};"),
            vec![],
        )
        .await
        .unwrap();
    posted(
        &service,
        &format!("/games/{disputed}/rulings"),
        &referee,
        json!({"kind": "result_correction", "result": "W+R",
               "reason": "White had resigned before the forfeit"}),
        201,
    )
    .await;
    browser
        .wait_until(&format!("{row} !== {before_correction}"), 10)
        .await;
    let same = browser
        .client
        .execute("return window.stillTheSamePage === true;", vec![])
        .await
        .unwrap();
    assert_eq!(same, json!(true), "the standings were reloaded");
    browser.check("standings, back to them").await;
}

/// A tournament of `settings` whose round 1 puts two players at table 1, their game begun
/// by a referee, and the table's tablet bound to it.
struct Begun {
    id: String,
    referee: String,
    tablet: String,
    game: String,
}

async fn begin_a_game(service: &TestService, settings: Value) -> Begun {
    let tournament = service.create_tournament(settings).await;
    let id = tournament["id"].as_str().unwrap().to_string();
    service.create_round(&id, 1).await;
    let mut players = Vec::new();
    for (surname, first_name, rank) in &PLAYERS[..2] {
        let player = posted(
            service,
            &format!("/tournaments/{id}/players"),
            &service.admin_token,
            json!({"surname": surname, "first_name": first_name, "rank": rank}),
            201,
        )
        .await;
        players.push(player["id"].as_str().unwrap().to_string());
    }
    let pairing = service
        .create_pairing(&id, 1, 1, &players[1], &players[0])
        .await;
    let pairing = pairing["id"].as_str().unwrap().to_string();
    let tournament_uuid = Some(Uuid::parse_str(&id).unwrap());
    let referee = service.token(Role::Referee, tournament_uuid, None).await;
    let tablet = service
        .token(
            Role::Table,
            tournament_uuid,
            Some(Uuid::parse_str(&pairing).unwrap()),
        )
        .await;
    let game = posted(
        service,
        &format!("/tournaments/{id}/games"),
        &referee,
        json!({"pairing_id": pairing}),
        201,
    )
    .await;
    let game = game["id"].as_str().unwrap().to_string();
    Begun {
        id,
        referee,
        tablet,
        game,
    }
}

/// The referee's hall and a warning ruled at a table, in `tongue`.
async fn the_referee_rules_a_warning(tongue: Tongue) {
    let service = TestService::start().await;
    let Begun {
        id,
        referee,
        tablet,
        game,
    } = begin_a_game(&service, json!({"name": "Open de Nantes"})).await;
    play(&service, &tablet, &game, 1, &["dd", "pp"]).await;

    let browser = Browser::open(&service.base_url, LAPTOP).await;
    sign_in(&browser, &referee).await;
    browser.visit(&format!("/dashboard/t/{id}/hall")).await;
    if tongue == Tongue::French {
        browser.switch_language("fr").await;
    }
    assert_eq!(
        browser.text("#hall-title").await,
        tongue.says(
            "No table needs a referee",
            "Aucune table n'attend l'arbitre"
        )
    );
    let line = browser.text(".hall-line[data-table='1']").await;
    assert!(
        line.contains(tongue.says("playing, 2 turns", "en cours, 2 coups")),
        "{line}"
    );
    assert!(
        line.contains(tongue.says("main time", "temps principal")),
        "{line}"
    );
    browser.check_in(tongue, "the hall").await;
    browser
        .screenshot(&tongue.picture("referee-hall-laptop"))
        .await;

    browser
        .click(".hall-line[data-table='1'] a[href*='/hall/games/']")
        .await;
    browser
        .wait_until("document.querySelector('#apply-ruling') !== null", 10)
        .await;
    let state = browser.text("#state-title").await;
    assert!(
        state.starts_with(tongue.says("In play", "En cours")),
        "{state}"
    );
    let log = browser.text("#log").await;
    assert!(
        log.contains(tongue.says("White plays Q4", "Blanc joue Q4")),
        "{log}"
    );
    let select = |id: &str, value: &str| {
        format!("document.getElementById('{id}').value = '{value}'; return true;")
    };
    browser
        .client
        .execute(&select("kind", "warning"), vec![])
        .await
        .unwrap();
    browser
        .client
        .execute(&select("color", "B"), vec![])
        .await
        .unwrap();
    let reason = tongue.says("phone rang", "téléphone sonné");
    browser.fill("reason", reason).await;
    browser.click("#apply-ruling").await;
    browser
        .wait_until(
            &format!(
                "document.getElementById('log').textContent.includes('{}')",
                tongue.says(
                    "ruling: warning — phone rang",
                    "décision : avertissement — téléphone sonné"
                )
            ),
            10,
        )
        .await;
    browser.check_in(tongue, "the table").await;
    browser
        .screenshot(&tongue.picture("referee-table-laptop"))
        .await;
}

#[tokio::test]
async fn the_referee_rules_in_english() {
    the_referee_rules_a_warning(Tongue::English).await;
}

#[tokio::test]
async fn the_referee_rules_in_french() {
    the_referee_rules_a_warning(Tongue::French).await;
}

/// Issue 40, item 7: the referee chooses the dead stones of a count by tapping the board
/// (coordinates drawn on its edges), a tap marking or unmarking a whole chain as the
/// tablet's count does; the ruling and the count stored are those of the tapped stones.
#[tokio::test]
async fn the_referee_taps_the_dead_stones_on_the_board() {
    let service = TestService::start().await;
    let Begun {
        id,
        referee,
        tablet,
        game,
    } = begin_a_game(&service, json!({"name": "Open de Nantes", "board_size": 9})).await;
    // Black walls off the C column, White the G column; then a White chain of two in
    // Black's side (B9 B8) and a Black one in White's (J5 J4), and both pass.
    let mut moves = Vec::new();
    for row in 'a'..='i' {
        moves.push(format!("c{row}"));
        moves.push(format!("g{row}"));
    }
    moves.extend(["ie", "ba", "if", "bb", "pass", "pass"].map(String::from));
    let moves: Vec<&str> = moves.iter().map(String::as_str).collect();
    play(&service, &tablet, &game, 1, &moves).await;
    assert_eq!(state(&service, &game).await["phase"], "counting");

    let browser = Browser::open(&service.base_url, LAPTOP).await;
    sign_in(&browser, &referee).await;
    browser
        .visit(&format!("/dashboard/t/{id}/hall/games/{game}"))
        .await;
    browser
        .wait_until("document.querySelector('#apply-ruling') !== null", 10)
        .await;
    // The board's edges carry the coordinates, as a real board's: A–J without I, 9–1.
    let edges = browser
        .client
        .execute(
            "return [...document.querySelectorAll('.board svg text')].map(t => t.textContent);",
            vec![],
        )
        .await
        .unwrap();
    let edges: Vec<String> = serde_json::from_value(edges).unwrap();
    for column in ["A", "B", "C", "D", "E", "F", "G", "H", "J"] {
        assert_eq!(edges.iter().filter(|text| *text == column).count(), 2);
    }
    for row in 1..=9 {
        let row = row.to_string();
        assert_eq!(edges.iter().filter(|text| **text == row).count(), 2);
    }
    assert!(!edges.iter().any(|text| text == "I"), "{edges:?}");
    let tap = |name: &'static str| {
        let browser = &browser;
        async move {
            browser
                .click(&format!(".board circle.stone[data-name='{name}']"))
                .await;
        }
    };
    let chosen = || {
        let browser = &browser;
        async move {
            let chosen = browser
                .client
                .execute(
                    "return [document.getElementById('dead').value, \
                     [...document.querySelectorAll('.board circle.stone.chosen')]\
                       .map(stone => stone.dataset.name)];",
                    vec![],
                )
                .await
                .unwrap();
            serde_json::from_value::<(String, Vec<String>)>(chosen).unwrap()
        }
    };
    // One stone tapped marks its whole chain, and chooses the dead-stones ruling.
    tap("B8").await;
    assert_eq!(
        chosen().await,
        (
            "B9 B8".to_string(),
            vec!["B9".to_string(), "B8".to_string()]
        )
    );
    assert_eq!(
        browser
            .client
            .execute("return document.getElementById('kind').value;", vec![])
            .await
            .unwrap(),
        json!("dead_stones")
    );
    // A wall stone tapped by mistake, then tapped again: the whole wall comes and goes.
    tap("C5").await;
    assert_eq!(chosen().await.1.len(), 2 + 9);
    tap("C1").await;
    tap("J4").await;
    assert_eq!(chosen().await.0, "B9 B8 J5 J4");
    // The other stone of a marked chain unmarks it whole; tapped again, it is back.
    tap("J5").await;
    assert_eq!(chosen().await.0, "B9 B8");
    tap("J5").await;
    assert_eq!(chosen().await.0, "B9 B8 J5 J4");
    browser
        .fill("reason", "the players disagree on the count")
        .await;
    browser.check("referee table, stones tapped").await;
    browser.screenshot("referee-dead-stones-tapped").await;
    browser.click("#apply-ruling").await;
    browser
        .wait_until("document.querySelector('#game-result') !== null", 10)
        .await;

    // Stored: the ruling names the tapped stones, and the count removed those chains.
    let counted = state(&service, &game).await;
    assert_eq!(counted["phase"], "finished", "{counted}");
    let mut dead: Vec<String> = serde_json::from_value(counted["count"]["dead"].clone()).unwrap();
    dead.sort();
    assert_eq!(dead, ["ba", "bb", "ie", "if"], "{counted}");
    assert_eq!(counted["count"]["basis"], "referee", "{counted}");
    // Each side's nine wall stones and two columns of territory (the dead stones'
    // points among them); the three columns between the walls reach both colours.
    let breakdown = &counted["count"]["breakdown"];
    for side in ["black", "white"] {
        assert_eq!(breakdown[side]["stones"], 9, "{breakdown}");
        assert_eq!(breakdown[side]["territory"], 18, "{breakdown}");
        assert_eq!(breakdown[side]["dead"], 2, "{breakdown}");
    }
    assert_eq!(breakdown["dame"], 27, "{breakdown}");
    let komi = counted["settings"]["komi"].as_f64().unwrap();
    assert_eq!(counted["result"], format!("W+{komi}"), "{counted}");
    // The log says what was ruled, and who ruled.
    let ruling = browser
        .client
        .execute(
            "return [...document.querySelector('#log tbody tr').cells].map(c => c.textContent);",
            vec![],
        )
        .await
        .unwrap();
    let ruling: Vec<String> = serde_json::from_value(ruling).unwrap();
    assert_eq!(
        ruling[2],
        "ruling: dead stones B9, B8, J5, J4 — the players disagree on the count"
    );
    assert!(!ruling[3].is_empty(), "{ruling:?}");
    browser.check("referee table, dead stones ruled").await;
    browser.screenshot("referee-dead-stones-ruled").await;
}
