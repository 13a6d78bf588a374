//! What a hall asks of the service besides the streams (issue 24): conditional and
//! compressed reads of the standings, the exports and the pairings, one set of field
//! checks whichever way data comes in, authentication before anything else, and
//! idempotent token creation.

use crate::games::{setup, start_game};
use arbitre_api::access::Role;
use arbitre_api::routes::standings::Standings;
use arbitre_api::routes::tokens::{IssuedToken, TokenPage};
use arbitre_api::services::live::view::GameState;
use arbitre_api::services::opengotha::Imported;
use arbitre_api::services::players::Player;
use arbitre_tests::api::{fields, problem, problem_at, read};
use arbitre_tests::TestService;
use serde_json::json;

/// The `ETag` of a response.
fn etag(response: &reqwest::Response) -> String {
    response.headers()["etag"].to_str().unwrap().to_string()
}

#[tokio::test]
async fn reads_answer_304_to_a_matching_if_none_match_and_a_change_gives_a_new_etag() {
    let service = TestService::start().await;
    let setup = setup(&service, json!({}), 12).await;
    let tournament = &setup.tournament_id;
    for path in [
        format!("/tournaments/{tournament}/standings"),
        format!("/tournaments/{tournament}/exports/csv"),
        format!("/tournaments/{tournament}/rounds/1/pairings"),
    ] {
        let first = service.get(&path).send().await.unwrap();
        assert_eq!(first.status(), 200, "{path}");
        let tag = etag(&first);
        assert!(tag.starts_with("W/\""), "{tag}");
        let again = service
            .get(&path)
            .header("If-None-Match", &tag)
            .send()
            .await
            .unwrap();
        assert_eq!(again.status(), 304, "{path}");
        assert_eq!(etag(&again), tag);
        assert!(again.bytes().await.unwrap().is_empty());
    }
    // Another representation of the same resource has another tag.
    let standings = format!("/tournaments/{tournament}/standings");
    let json_tag = etag(&service.get(&standings).send().await.unwrap());
    let csv = service
        .get(&standings)
        .header("Accept", "text/csv")
        .header("If-None-Match", &json_tag)
        .send()
        .await
        .unwrap();
    assert_eq!(csv.status(), 200);
    assert_ne!(etag(&csv), json_tag);
    // A change to the tournament (a player registered) gives every read a new tag.
    service.create_player(tournament, "Nouveau", "5k").await;
    let changed = service
        .get(&standings)
        .header("If-None-Match", &json_tag)
        .send()
        .await
        .unwrap();
    assert_eq!(changed.status(), 200);
    assert_ne!(etag(&changed), json_tag);
    let body: Standings = read(changed, 200).await;
    assert_eq!(body.items.len(), 25);
    // So does a game's result, which the game's write records on its pairing.
    let game = start_game(&service, &setup, 0, json!({})).await;
    let before = etag(&service.get(&standings).send().await.unwrap());
    let resigned = service
        .post(&format!("/games/{game}/turns"), Some(&setup.tables[0]))
        .json(&json!({"turn": 1, "action": "resign"}))
        .send()
        .await
        .unwrap();
    let _: GameState = read(resigned, 201).await;
    assert_ne!(etag(&service.get(&standings).send().await.unwrap()), before);
}

#[tokio::test]
async fn standings_and_exports_are_compressed_when_the_client_takes_gzip() {
    let service = TestService::start().await;
    let setup = setup(&service, json!({}), 20).await;
    let path = format!("/tournaments/{}/standings", setup.tournament_id);
    let plain = service.get(&path).send().await.unwrap();
    assert!(plain.headers().get("content-encoding").is_none());
    let plain = plain.bytes().await.unwrap();
    let compressed = service
        .get(&path)
        .header("Accept-Encoding", "gzip, deflate")
        .send()
        .await
        .unwrap();
    assert_eq!(compressed.headers()["content-encoding"], "gzip");
    assert!(compressed.headers()["vary"]
        .to_str()
        .unwrap()
        .contains("Accept-Encoding"));
    let compressed = compressed.bytes().await.unwrap();
    assert_eq!(&compressed[..2], &[0x1f, 0x8b], "a gzip member");
    assert!(
        compressed.len() * 3 < plain.len(),
        "{} of {}",
        compressed.len(),
        plain.len()
    );
    let export = service
        .get(&format!("/tournaments/{}/exports/csv", setup.tournament_id))
        .header("Accept-Encoding", "gzip")
        .send()
        .await
        .unwrap();
    assert_eq!(export.status(), 200);
    assert!(export.headers()["content-disposition"]
        .to_str()
        .unwrap()
        .starts_with("attachment"));
}

/// The public HTML pages a hall's phones reload are as cheap as the JSON reads (issue 42):
/// an `ETag` on the tournament's revision, 304 to a matching `If-None-Match`, a new tag
/// after a result, another per language, and gzip for a client that takes it.
#[tokio::test]
async fn the_public_pages_answer_304_and_are_compressed() {
    let service = TestService::start().await;
    let setup = setup(&service, json!({}), 20).await;
    let tournament = &setup.tournament_id;
    for path in [
        format!("/t/{tournament}"),
        format!("/t/{tournament}/standings"),
    ] {
        let first = service.get(&path).send().await.unwrap();
        assert_eq!(first.status(), 200, "{path}");
        let tag = etag(&first);
        let plain = first.bytes().await.unwrap();
        let again = service
            .get(&path)
            .header("If-None-Match", &tag)
            .send()
            .await
            .unwrap();
        assert_eq!(again.status(), 304, "{path}");
        assert!(again.bytes().await.unwrap().is_empty());
        let italian = service
            .get(&path)
            .header("Accept-Language", "it")
            .header("If-None-Match", &tag)
            .send()
            .await
            .unwrap();
        assert_eq!(
            italian.status(),
            200,
            "another language, another page: {path}"
        );
        let compressed = service
            .get(&path)
            .header("Accept-Encoding", "gzip")
            .send()
            .await
            .unwrap();
        assert_eq!(compressed.headers()["content-encoding"], "gzip", "{path}");
        let compressed = compressed.bytes().await.unwrap();
        assert!(
            compressed.len() * 3 < plain.len(),
            "{} of {}",
            compressed.len(),
            plain.len()
        );
    }
    // A result (a game resigned) gives every page a new tag.
    let pages = [
        format!("/t/{tournament}"),
        format!("/t/{tournament}/standings"),
    ];
    let mut before = Vec::new();
    for path in &pages {
        before.push(etag(&service.get(path).send().await.unwrap()));
    }
    let game = start_game(&service, &setup, 0, json!({})).await;
    let _: GameState = read(
        service
            .post(&format!("/games/{game}/turns"), Some(&setup.tables[0]))
            .json(&json!({"turn": 1, "action": "resign"}))
            .send()
            .await
            .unwrap(),
        201,
    )
    .await;
    for (path, before) in pages.iter().zip(before) {
        let changed = service
            .get(path)
            .header("If-None-Match", &before)
            .send()
            .await
            .unwrap();
        assert_eq!(changed.status(), 200, "{path}");
        assert_ne!(etag(&changed), before);
    }
}

/// A minimal OpenGotha file whose first player's surname is `surname`.
fn opengotha_file(surname: &str) -> String {
    format!(
        r#"<?xml version="1.0" encoding="UTF-8"?>
<Tournament dataVersion="201" gothaVersion="352">
<Players>
<Player firstName="Claire" name="{surname}" rank="2D" registeringStatus="FIN"/>
<Player firstName="Jonas" name="Schneider" rank="1D" registeringStatus="FIN"/>
</Players>
<TournamentParameterSet>
<GeneralParameterSet basicTime="40" beginDate="2026-11-21" endDate="2026-11-22" komi="7.5" location="Lyon" name="Tournoi" numberOfRounds="3" shortName="T"/>
<HandicapParameterSet hdCorrection="1"/>
<PlacementParameterSet>
<PlacementCriteria>
<PlacementCriterion name="MMS" number="1"/>
</PlacementCriteria>
</PlacementParameterSet>
</TournamentParameterSet>
</Tournament>
"#
    )
}

#[tokio::test]
async fn control_characters_and_huge_names_in_an_opengotha_file_are_422_naming_the_element() {
    let service = TestService::start().await;
    let import = |file: String| {
        service
            .post("/tournaments/import", Some(&service.admin_token))
            .header("content-type", "application/xml")
            .body(file)
            .send()
    };
    let _: Imported = read(import(opengotha_file("Morel")).await.unwrap(), 201).await;
    for surname in [
        "Mo\u{0}rel".to_string(),
        "\u{1b}[31mMorel".to_string(),
        "M".repeat(1 << 20),
    ] {
        let refused = problem_at(
            import(opengotha_file(&surname)).await.unwrap(),
            422,
            "opengotha.invalid_text",
        )
        .await;
        let detail = &refused.problem.detail;
        assert!(detail.contains("<Player name>"), "{detail}");
        assert_eq!(refused.line, Some(4));
        assert!(detail.len() < 300, "the refusal does not echo the name");
    }
}

#[tokio::test]
async fn a_board_the_service_does_not_play_is_refused_on_sgf_import() {
    let service = TestService::start().await;
    let setup = setup(&service, json!({}), 1).await;
    let response = service
        .post(
            &format!("/tournaments/{}/games/import", setup.tournament_id),
            Some(&setup.referee),
        )
        .json(&json!({"pairing_id": setup.pairings[0], "sgf": "(;FF[4]SZ[52]RE[B+R];B[aa])"}))
        .send()
        .await
        .unwrap();
    let refused = problem(response, 422, "validation.failed").await;
    assert_eq!(fields(&refused)[0], "sgf.SZ");
}

#[tokio::test]
async fn authentication_is_judged_before_the_idempotency_key() {
    let service = TestService::start().await;
    let setup = setup(&service, json!({}), 1).await;
    let game = start_game(&service, &setup, 0, json!({})).await;
    for token in [None, Some("arb_not-a-token")] {
        let response = service
            .post(&format!("/games/{game}/turns"), token)
            .header("Idempotency-Key", "bad key with spaces")
            .json(&json!({"turn": 1, "action": "pass"}))
            .send()
            .await
            .unwrap();
        let code = if token.is_none() {
            "auth.missing_token"
        } else {
            "auth.invalid_token"
        };
        problem(response, 401, code).await;
    }
}

#[tokio::test]
async fn a_token_created_again_with_the_same_key_is_the_same_token() {
    let service = TestService::start().await;
    let setup = setup(&service, json!({}), 1).await;
    let organizer = service
        .token(
            Role::Organizer,
            Some(setup.tournament_id.parse().unwrap()),
            None,
        )
        .await;
    let path = format!("/tournaments/{}/tokens", setup.tournament_id);
    let create = |key: &'static str, label: &'static str| {
        service
            .post(&path, Some(&organizer))
            .header("Idempotency-Key", key)
            .json(&json!({"role": "referee", "label": label}))
            .send()
    };
    let first: IssuedToken = read(create("referee-1", "Marie").await.unwrap(), 201).await;
    let retry: IssuedToken = read(create("referee-1", "Marie").await.unwrap(), 201).await;
    assert_eq!(retry.token.id, first.token.id);
    assert_eq!(retry.secret, first.secret);
    // The secret works, and only one token was issued.
    let me = service.api().with_token(&first.secret).me().await;
    assert_eq!(me.id, first.token.id);
    let listed: TokenPage = service.api().with_token(&organizer).get(&path).await;
    let referees = listed
        .items
        .iter()
        .filter(|token| token.role == Role::Referee)
        .count();
    assert_eq!(referees, 2, "the setup's referee and this one");
    // The key given to another request is refused; another key issues another token.
    problem(
        create("referee-1", "Paul").await.unwrap(),
        422,
        "validation.failed",
    )
    .await;
    let other: IssuedToken = read(create("referee-2", "Paul").await.unwrap(), 201).await;
    assert_ne!(other.token.id, first.token.id);
}

/// Anonymous readers asking faster than their pace wait their turn, and beyond the most
/// wait get 503 `service.busy` with `Retry-After`; a signed-in caller never waits for them.
#[tokio::test]
async fn anonymous_reads_beyond_their_pace_wait_then_are_refused_and_the_signed_in_pass() {
    let service = TestService::start_with(5, u64::MAX).await;
    let tournament = service.api().create_tournament(json!({})).await.id;
    let url = format!("{}/tournaments/{tournament}/standings", service.base_url);
    let answered = std::sync::Arc::new(std::sync::atomic::AtomicUsize::new(0));
    let mut anonymous = tokio::task::JoinSet::new();
    for _ in 0..30 {
        let (client, url, answered) = (service.client.clone(), url.clone(), answered.clone());
        anonymous.spawn(async move {
            let response = client.get(&url).send().await.unwrap();
            answered.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
            response
        });
    }
    let response = read_signed_in(&service, &url).await;
    let place = answered.load(std::sync::atomic::Ordering::SeqCst);
    assert_eq!(response.status(), 200);
    assert!(
        place < 30,
        "the signed-in read was answered while anonymous reads still waited ({place} answered)"
    );
    let responses = anonymous.join_all().await;
    let mut admitted = 0;
    let mut refused = 0;
    for response in responses {
        if response.status() == 200 {
            admitted += 1;
            continue;
        }
        assert!(response.headers().contains_key("retry-after"));
        problem(response, 503, "service.busy").await;
        refused += 1;
    }
    // Five at once, then one every 200 ms for at most 2 s: about fifteen admitted.
    assert!((5..30).contains(&admitted), "{admitted} admitted");
    assert!(refused > 0, "none refused");
}

/// Each anonymous client is sent bytes at its own rate: at 10 bytes a second, one body of
/// the standings puts the same client's next read beyond the most wait (429 with
/// `Retry-After`), while another client and a signed-in caller are served at once.
#[tokio::test]
async fn each_anonymous_client_is_sent_bytes_at_its_own_rate() {
    let service = TestService::start_with(1000, 10).await;
    let tournament = service.api().create_tournament(json!({})).await.id;
    let url = format!("{}/tournaments/{tournament}/standings", service.base_url);
    let first = service.client.get(&url).send().await.unwrap();
    assert_eq!(first.status(), 200);
    let next = service.client.get(&url).send().await.unwrap();
    assert!(next.headers().contains_key("retry-after"));
    problem(next, 429, "service.too_many_requests").await;
    // Another client of the hall (another loopback address) is not behind the first.
    let other = reqwest::Client::builder()
        .local_address(std::net::IpAddr::from([127, 0, 0, 2]))
        .build()
        .unwrap();
    assert_eq!(other.get(&url).send().await.unwrap().status(), 200);
    assert_eq!(read_signed_in(&service, &url).await.status(), 200);
}

/// `url` read by the admin: a signed-in caller, never counted among the anonymous readers.
async fn read_signed_in(service: &TestService, url: &str) -> reqwest::Response {
    service
        .client
        .get(url)
        .bearer_auth(&service.admin_token)
        .send()
        .await
        .unwrap()
}

/// The heavy work's threads run under `SCHED_IDLE` (Linux's policy 5): they take a core
/// only when nothing else wants it, so a turn never waits for a draft.
#[tokio::test]
async fn heavy_work_runs_on_threads_that_yield_to_everything_else() {
    let _service = TestService::start().await;
    let mut heavy = 0;
    for task in std::fs::read_dir("/proc/self/task").unwrap() {
        let task = task.unwrap().path();
        let name = std::fs::read_to_string(task.join("comm")).unwrap_or_default();
        if !name.starts_with("arbitre-heavy") {
            continue;
        }
        let stat = std::fs::read_to_string(task.join("stat")).unwrap();
        // The fields after the command's closing parenthesis; the policy is field 41.
        let fields: Vec<&str> = stat[stat.rfind(')').unwrap() + 2..].split(' ').collect();
        assert_eq!(fields[41 - 3], "5", "{name}: policy {}", fields[41 - 3]);
        heavy += 1;
    }
    // The pool leaves one core to the tablets and has at least one thread; other services
    // of this test process add their own pools' threads.
    let pool = std::thread::available_parallelism()
        .map_or(1, |cores| cores.get().saturating_sub(1).max(1));
    assert!(
        heavy >= pool,
        "{heavy} heavy threads found, {pool} expected at least"
    );
}

/// Case and the common Latin accents folded, as a reader types a name on a phone: the
/// plain reference the page's search is checked against.
fn plain_fold(text: &str) -> String {
    const ACCENTED: &str = "àáâãäåçèéêëìíîïñòóôõöøùúûüýÿ";
    const PLAIN: &str = "aaaaaaceeeeiiiinoooooouuuuyy";
    text.to_lowercase()
        .chars()
        .map(|c| {
            ACCENTED
                .chars()
                .position(|accented| accented == c)
                .map_or(c, |at| PLAIN.chars().nth(at).unwrap())
        })
        .collect()
}

/// The texts of the elements `<span class="{class}">…</span>` of a page, in order.
fn spans(page: &str, class: &str) -> Vec<String> {
    let open = format!("<span class=\"{class}\">");
    page.split(&open)
        .skip(1)
        .map(|rest| rest[..rest.find("</span>").unwrap()].to_string())
        .collect()
}

/// A search by name on the public pairings page (issue 42) answers the lines a plain
/// search of the round answers (case and accents folded, by name), and is served from the
/// round's lines kept at the tournament's revision: however many searches, the tournament
/// is read from the store once per revision (`arbitre_public_page_reads_total`).
#[tokio::test]
async fn a_search_by_name_answers_the_plain_searchs_lines_without_reading_the_store_again() {
    let service = TestService::start().await;
    let tournament = service.api().create_tournament(json!({})).await;
    let id = tournament.id.to_string();
    service.create_round(&id, 1).await;
    let people = [
        ("Lefèvre", "Émile"),
        ("LEFEVRE", "Anne"),
        ("Müller", "José"),
        ("Dubois", "Zoé"),
        ("Martin", "Paul"),
        ("Øster", "Åsa"),
        ("Núñez", "Inés"),
        ("Garnier", "Léa"),
    ];
    let mut players = Vec::new();
    for (surname, first_name) in people {
        let response = service
            .post(
                &format!("/tournaments/{id}/players"),
                Some(&service.admin_token),
            )
            .json(&json!({"surname": surname, "first_name": first_name, "rank": "3k"}))
            .send()
            .await
            .unwrap();
        let player: Player = read(response, 201).await;
        players.push(player.id.to_string());
    }
    // Table t: Black the player 2t, White the player 2t + 1.
    for table in 0..people.len() / 2 {
        service
            .create_pairing(
                &id,
                1,
                table as i32 + 1,
                &players[2 * table],
                &players[2 * table + 1],
            )
            .await;
    }
    let display = |(surname, first_name): (&str, &str)| format!("{surname} {first_name} (3k)");
    let page = format!("/t/{id}");
    let searches = [
        "lefevre", "LEFÈVRE", " jose ", "e", "ÉMILE", "oster", "nunez", "zz", "", "(3k)",
    ];
    let mut reads = None;
    for search in searches {
        let response = service
            .get(&page)
            .query(&[("name", search)])
            .send()
            .await
            .unwrap();
        assert_eq!(response.status(), 200, "{search}");
        let body = response.text().await.unwrap();
        let wanted = plain_fold(search.trim());
        let mut expected: Vec<(String, usize)> = people
            .iter()
            .enumerate()
            .map(|(at, person)| (display(*person), at / 2 + 1))
            .filter(|(name, _)| plain_fold(name).contains(&wanted))
            .collect();
        expected.sort_by_key(|(name, _)| plain_fold(name));
        let names = spans(&body, "name");
        let wheres = spans(&body, "where");
        let found: Vec<(String, usize)> = names
            .into_iter()
            .zip(wheres)
            .map(|(name, place)| {
                let table = place
                    .strip_prefix("table ")
                    .and_then(|rest| rest.split(',').next())
                    .unwrap()
                    .parse()
                    .unwrap();
                (name, table)
            })
            .collect();
        assert_eq!(found, expected, "search {search:?}");
        // The first search reads the tournament; the others at the same revision do not.
        let now = service.metric("arbitre_public_page_reads_total").await;
        assert_eq!(*reads.get_or_insert(now), now, "search {search:?}");
    }
    assert_eq!(reads, Some(1));
    // The line of a table the live page fetches is served from the same read.
    let line = service
        .get(&format!("/t/{id}/rows"))
        .query(&[("round", "1"), ("table", "2")])
        .send()
        .await
        .unwrap();
    assert_eq!(line.status(), 200);
    let line = line.text().await.unwrap();
    assert!(line.contains("<tr data-table=\"2\">"), "{line}");
    assert!(line.contains("Müller José (3k)"), "{line}");
    assert_eq!(service.metric("arbitre_public_page_reads_total").await, 1);
    let missing = service
        .get(&format!("/t/{id}/rows"))
        .query(&[("round", "1"), ("table", "9")])
        .send()
        .await
        .unwrap();
    assert_eq!(missing.status(), 400);
    // A change gives a new revision, read once.
    service.create_player(&id, "Nouveau", "5k").await;
    for search in ["nouveau", "lefevre"] {
        let response = service
            .get(&page)
            .query(&[("name", search)])
            .send()
            .await
            .unwrap();
        assert_eq!(response.status(), 200);
    }
    assert_eq!(service.metric("arbitre_public_page_reads_total").await, 2);
}

/// The anonymous CSV export makes inert every cell a spreadsheet would read as a formula
/// (issue 42, OWASP "CSV Injection"): a name or a club starting with `=`, `+`, `-` or `@`
/// is written with a leading `'`, the rest as typed.
#[tokio::test]
async fn a_csv_cell_starting_with_a_formula_character_is_neutralised() {
    let service = TestService::start().await;
    let tournament = service.api().create_tournament(json!({})).await;
    let id = &tournament.id.to_string();
    service.create_round(id, 1).await;
    let hostile = [
        ("=HYPERLINK(\"http://x\";\"y\")", "Club"),
        ("+1", "=1+1"),
        ("-2", "@SUM(A1)"),
        ("@cmd", "Lyon"),
        ("Dupont", "-"),
        ("Martin", "Paris"),
    ];
    let mut players = Vec::new();
    for (surname, club) in hostile {
        let response = service
            .post(
                &format!("/tournaments/{id}/players"),
                Some(&service.admin_token),
            )
            .json(&json!({"surname": surname, "first_name": "Ann", "rank": "3k", "club": club}))
            .send()
            .await
            .unwrap();
        let player: Player = read(response, 201).await;
        players.push(player.id.to_string());
    }
    // The export lists the players who took part in the round.
    for (table, pair) in players.chunks(2).enumerate() {
        service
            .create_pairing(id, 1, table as i32 + 1, &pair[0], &pair[1])
            .await;
    }
    let response = service
        .get(&format!("/tournaments/{id}/exports/csv?after_round=1"))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 200);
    let csv = response.text().await.unwrap();
    // No value here holds a comma: a line's cells are what lies between its commas.
    let cells: Vec<&str> = csv.lines().flat_map(|line| line.split(',')).collect();
    for (surname, club) in hostile {
        for cell in [surname, club] {
            let inert = if cell.starts_with(['=', '+', '-', '@']) {
                format!("'{cell}")
            } else {
                cell.to_string()
            };
            let written = if inert.contains('"') {
                format!("\"{}\"", inert.replace('"', "\"\""))
            } else {
                inert
            };
            assert!(
                cells.contains(&written.as_str()),
                "{cell:?} written as {written:?}: {csv}"
            );
        }
    }
}
