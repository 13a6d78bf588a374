//! The rating lists at the registration desk, against the real service and PostgreSQL:
//! lists imported (over HTTP and with `arbitre ratings import`), the same list again a
//! no-op, searches (misspelt and accented names, PIN prefixes, a country), a player
//! registered from a result with the other list's ids, a refresh reported and applied
//! (chosen changes, then all), a pinned list honoured, and bad files refused with their
//! line while the stored lists stay as they were.

use crate::send;
use arbitre_api::access::Role;
use arbitre_api::routes::rating_lists::{
    AppliedChange, ImportedList, ListInUse, PlayerRefresh, RatingListSnapshot, RefreshReport,
};
use arbitre_api::services::players::Player;
use arbitre_api::services::registration_desk::SearchResult;
use arbitre_core::rating_list::refresh::{Field, Found};
use arbitre_core::rating_list::search::Index;
use arbitre_core::rating_list::{LicenceStatus, Source};
use arbitre_tests::api::{problem, problem_at, read};
use arbitre_tests::{arbitre_binary, TestService};
use reqwest::Method;
use serde::Deserialize;
use serde_json::json;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use uuid::Uuid;

/// An EGD list in the shape of `allworld_lp.html`.
pub fn egd_list() -> Vec<u8> {
    let mut file = b"<html>\n<title> List of Players EURO </title>\n<body>\n<hr>\n(27 Dec 2025)\n<hr>\n<pre>\n   PIN          Name                              Club     Grade P&D    GoR    NT appearance\n".to_vec();
    for line in [
        " 16749645  (undefined) Man_Hai                   XX  xxxx   20k   --    100     1  T130209I",
        " 10537560  Aaij Rene                             NL  Gron    4d   --   2369    99  T190112F",
        " 10234567  Vannier Remi                          FR  35Re    2d   --   2157    40  T251101A",
        " 12345678  Muller Jurgen                         DE  Berl    3k   --   1850    12  T250301B",
        " 16825589  Aarle Barbara_van                     NL  DBos   17k   --    356     4  T160516A",
    ] {
        file.extend_from_slice(line.as_bytes());
        file.push(b'\n');
    }
    file.extend_from_slice(b"</pre>\n</body>\n</html>\n");
    file
}

/// An FFG list in ISO-8859-1 with CRLF, from lines written here in UTF-8.
fn ffg_list(header: &str, lines: &[&str]) -> Vec<u8> {
    let mut file = Vec::new();
    for line in std::iter::once(header).chain(lines.iter().copied()) {
        file.extend(line.chars().map(|c| u8::try_from(u32::from(c)).unwrap()));
        file.extend_from_slice(b"\r\n");
    }
    file
}

const FFG_HEADER: &str = "#Echelle au 11/01/2026 07:09:39";
const FFG_LINES: [&str; 4] = [
    "AAIJ René                               319 e ------- xxxx NL",
    "MÜLLER Anaïs                           -900 L 1500104 92Ge FR",
    "VANNIER Rémi                            107 L 9643011 35Re FR",
    "VANNIER-REYES Nelson-Pablo            -9999 - 1400302 75EH FR",
];

pub async fn upload(service: &TestService, source: &str, file: Vec<u8>) -> reqwest::Response {
    service
        .post(
            &format!("/rating-lists?source={source}"),
            Some(&service.admin_token),
        )
        .header("content-type", "text/plain")
        .body(file)
        .send()
        .await
        .unwrap()
}

/// Uploads `file` as the list of `source`, expecting `status` (201 new, 200 known).
async fn import(service: &TestService, source: &str, file: Vec<u8>, status: u16) -> ImportedList {
    read(upload(service, source, file).await, status).await
}

async fn search(service: &TestService, query: &str) -> Vec<SearchResult> {
    service
        .api()
        .anonymous()
        .get(&format!("/rating-lists/search?{query}"))
        .await
}

fn names(results: &[SearchResult]) -> Vec<String> {
    results
        .iter()
        .map(|result| {
            let entry = &result.entry;
            format!("{} {} {}", entry.source, entry.surname, entry.first_name)
        })
        .collect()
}

async fn snapshots(service: &TestService) -> Vec<RatingListSnapshot> {
    service.api().anonymous().rating_lists().await
}

/// The refresh report of the tournament at `path`, as anyone reads it.
async fn report(service: &TestService, path: &str) -> RefreshReport {
    service.api().anonymous().get(path).await
}

/// The row of the player named `surname` in a refresh report.
fn row<'a>(report: &'a RefreshReport, surname: &str) -> &'a PlayerRefresh {
    report
        .players
        .iter()
        .find(|row| row.surname == surname)
        .unwrap_or_else(|| panic!("no {surname} in {report:?}"))
}

/// A row's proposed changes: field, value now, the list's value.
fn changes(row: &PlayerRefresh) -> Vec<(Field, Option<&str>, &str)> {
    row.changes
        .iter()
        .map(|change| (change.field, change.from.as_deref(), change.to.as_str()))
        .collect()
}

/// A service with the FFG's list imported, and its snapshots then.
async fn with_an_ffg_list() -> (TestService, Vec<RatingListSnapshot>) {
    let service = TestService::start().await;
    import(&service, "ffg", ffg_list(FFG_HEADER, &FFG_LINES), 201).await;
    let snapshots = snapshots(&service).await;
    (service, snapshots)
}

#[tokio::test]
async fn lists_imported_once_are_searched_by_misspelt_accented_names_and_pins() {
    let service = TestService::start().await;
    let imported = import(&service, "egd", egd_list(), 201).await;
    assert!(imported.created);
    assert_eq!(imported.placeholders, 1);
    assert_eq!(imported.rating_list.entries, 4);
    assert_eq!(imported.rating_list.list_date.to_string(), "2025-12-27");
    let again = import(&service, "egd", egd_list(), 200).await;
    assert!(!again.created);
    assert_eq!(again.rating_list.id, imported.rating_list.id);
    let ffg = import(&service, "ffg", ffg_list(FFG_HEADER, &FFG_LINES), 201).await;
    assert_eq!(ffg.rating_list.list_date.to_string(), "2026-01-11");
    assert_eq!(snapshots(&service).await.len(), 2);

    // Misspelt: one person in both lists, shown once with the other list's entry.
    let found = search(&service, "q=vanier").await;
    assert_eq!(
        names(&found),
        ["egd Vannier Remi", "ffg VANNIER-REYES Nelson-Pablo"]
    );
    let linked = found[0].linked.as_ref().unwrap();
    assert_eq!(linked.source, Source::Ffg);
    assert_eq!(linked.id.as_deref(), Some("9643011"));
    let entry = &found[0].entry;
    assert_eq!(entry.id.as_deref(), Some("10234567"));
    assert_eq!(entry.list_date.to_string(), "2025-12-27");
    assert_eq!(entry.rank.as_deref(), Some("2d"));
    // Accents and case folded both ways; each word the start of a name's word.
    let found = search(&service, "q=M%C3%BCLLER").await;
    assert_eq!(names(&found), ["ffg MÜLLER Anaïs", "egd Muller Jurgen"]);
    let found = search(&service, "q=muller%20ana").await;
    assert_eq!(names(&found), ["ffg MÜLLER Anaïs"]);
    assert_eq!(found[0].entry.rating, Some(1150), "FFG −900 + 2050");
    assert_eq!(found[0].entry.licence_status, Some(LicenceStatus::Licensed));
    let found = search(&service, "q=AAIJ%20Ren%C3%A9").await;
    assert_eq!(
        names(&found),
        ["egd Aaij Rene"],
        "René of the FFG is linked to Rene of the EGD"
    );
    assert_eq!(found[0].linked.as_ref().unwrap().first_name, "René");
    // PIN and licence prefixes; a country.
    let found = search(&service, "q=1053").await;
    assert_eq!(names(&found), ["egd Aaij Rene"]);
    let found = search(&service, "q=96430").await;
    assert_eq!(names(&found), ["ffg VANNIER Rémi"]);
    let found = search(&service, "q=muller&country=de").await;
    assert_eq!(names(&found), ["egd Muller Jurgen"]);
    let found = search(&service, "q=vannier&source=ffg").await;
    assert_eq!(
        names(&found),
        ["ffg VANNIER Rémi", "ffg VANNIER-REYES Nelson-Pablo"]
    );
    assert_eq!(found[1].entry.rating, None, "−9999: unrated");
    problem(
        service.get("/rating-lists/search?q=").send().await.unwrap(),
        400,
        "query.invalid",
    )
    .await;
}

#[tokio::test]
async fn a_player_registered_from_a_result_then_refreshed() {
    let service = TestService::start().await;
    import(&service, "egd", egd_list(), 201).await;
    import(&service, "ffg", ffg_list(FFG_HEADER, &FFG_LINES), 201).await;
    let id = service.api().create_tournament(json!({})).await.id;
    let organizer = service.token(Role::Organizer, Some(id), None).await;
    let found = search(
        &service,
        &format!("q=vannier%20r&source=ffg&tournament_id={id}"),
    )
    .await;
    let entry = &found[0].entry;
    let body = json!({"rating_list_id": entry.rating_list_id, "line": entry.line});
    let path = format!("/tournaments/{id}/players/from-rating-list");
    let player: Player = read(
        send(&service, Method::POST, &path, &organizer, Some(&body)).await,
        201,
    )
    .await;
    assert_eq!(player.surname, "VANNIER");
    assert_eq!(player.first_name, "Rémi");
    assert_eq!(player.rank, "2d");
    assert_eq!(player.rating, Some(2157));
    assert_eq!(player.club.as_deref(), Some("35Re"));
    assert_eq!(player.country.as_deref(), Some("FR"));
    assert_eq!(player.ffg_licence.as_deref(), Some("9643011"));
    assert_eq!(
        player.egd_pin.as_deref(),
        Some("10234567"),
        "from the EGD's entry linked to it"
    );
    let again = send(&service, Method::POST, &path, &organizer, Some(&body)).await;
    problem(again, 409, "player.already_registered").await;
    // An unknown line, and a referee, are refused.
    let unknown = json!({"rating_list_id": entry.rating_list_id, "line": 999});
    problem(
        send(&service, Method::POST, &path, &organizer, Some(&unknown)).await,
        404,
        "not_found.rating_list_entry",
    )
    .await;
    let referee = service.token(Role::Referee, Some(id), None).await;
    problem(
        send(&service, Method::POST, &path, &referee, Some(&body)).await,
        403,
        "auth.forbidden",
    )
    .await;

    // Registered by hand: a self-promoted rank, an old rating, no PIN; and a stranger.
    let aaij = json!({"surname": "Aaij", "first_name": "René", "rank": "5d", "rating": 2300, "club": "Gron"});
    let players = format!("/tournaments/{id}/players");
    let aaij: Player = read(
        send(&service, Method::POST, &players, &organizer, Some(&aaij)).await,
        201,
    )
    .await;
    let aaij_id = aaij.id;
    service
        .create_player(&id.to_string(), "Inconnu", "10k")
        .await;
    let report_path = format!("/tournaments/{id}/rating-refresh?source=egd");
    let egd = report(&service, &report_path).await;
    assert_eq!(egd.rating_list.source, Source::Egd);
    assert_eq!(egd.players.len(), 3);
    let vannier = row(&egd, "VANNIER");
    assert_eq!(vannier.found, Found::ById);
    assert!(
        vannier.changes.is_empty(),
        "registered from the list: nothing to change: {vannier:?}"
    );
    assert_eq!(row(&egd, "Inconnu").found, Found::NotFound);
    let aaij_row = row(&egd, "Aaij");
    assert_eq!(aaij_row.found, Found::ByName);
    assert!(
        aaij_row.declared_rank_above_rating,
        "5d declared, 2369 is 4d"
    );
    assert_eq!(
        changes(aaij_row),
        [
            (Field::Rating, Some("2300"), "2369"),
            (Field::Rank, Some("5d"), "4d"),
            (Field::EgdPin, None, "10537560"),
        ]
    );

    // A change not proposed is refused, and nothing is applied.
    let refresh = format!("/tournaments/{id}/rating-refresh");
    let wrong = json!({"source": "egd", "changes": [
        {"player_id": aaij_id, "field": "rating"},
        {"player_id": aaij_id, "field": "club"},
    ]});
    problem(
        send(&service, Method::POST, &refresh, &organizer, Some(&wrong)).await,
        409,
        "rating_refresh.not_proposed",
    )
    .await;
    let anyone = service.api().anonymous();
    let unchanged = anyone.player(id, aaij_id).await;
    assert_eq!(unchanged.rating, Some(2300));
    // The rating alone, then everything else.
    let chosen = json!({"source": "egd", "changes": [{"player_id": aaij_id, "field": "rating"}]});
    let applied: Vec<AppliedChange> = read(
        send(&service, Method::POST, &refresh, &organizer, Some(&chosen)).await,
        200,
    )
    .await;
    assert_eq!(applied.len(), 1);
    assert_eq!(applied[0].field, "rating");
    assert_eq!(
        (applied[0].previous.as_deref(), applied[0].value.as_str()),
        (Some("2300"), "2369")
    );
    let player = anyone.player(id, aaij_id).await;
    assert_eq!((player.rating, player.rank.as_str()), (Some(2369), "5d"));
    let all = json!({"source": "egd", "all": true});
    let applied: Vec<AppliedChange> = read(
        send(&service, Method::POST, &refresh, &organizer, Some(&all)).await,
        200,
    )
    .await;
    let fields: Vec<&str> = applied.iter().map(|change| change.field.as_str()).collect();
    assert_eq!(fields, ["rank", "egd_pin"]);
    let player = anyone.player(id, aaij_id).await;
    assert_eq!(
        (player.rank.as_str(), player.egd_pin.as_deref()),
        ("4d", Some("10537560"))
    );
    let egd = report(&service, &report_path).await;
    let aaij_row = row(&egd, "Aaij");
    assert_eq!(aaij_row.found, Found::ById);
    assert!(aaij_row.changes.is_empty(), "{aaij_row:?}");
    // The FFG's list: the licence status is kept and refreshed like the rest.
    let ffg = report(
        &service,
        &format!("/tournaments/{id}/rating-refresh?source=ffg"),
    )
    .await;
    let vannier = row(&ffg, "VANNIER");
    assert!(
        vannier.changes.is_empty(),
        "status L recorded at registration: {vannier:?}"
    );
}

#[tokio::test]
async fn a_pinned_list_is_used_until_unpinned() {
    let service = TestService::start().await;
    let old = import(&service, "ffg", ffg_list(FFG_HEADER, &FFG_LINES), 201).await;
    let mut newer_lines = FFG_LINES;
    newer_lines[2] = "VANNIER Rémi                            250 L 9643011 35Re FR";
    let newer = import(
        &service,
        "ffg",
        ffg_list("#Echelle au 01/02/2026 07:00:00", &newer_lines),
        201,
    )
    .await;
    let id = service.api().create_tournament(json!({})).await.id;
    let rating_of_vannier = |results: &[SearchResult]| results[0].entry.rating;
    let query = format!("q=9643011&tournament_id={id}");
    assert_eq!(
        rating_of_vannier(&search(&service, &query).await),
        Some(2300),
        "the newest: 250 + 2050"
    );
    let pin = json!({"rating_list_id": old.rating_list.id});
    let path = format!("/tournaments/{id}/rating-lists/ffg");
    let pinned: ListInUse = read(
        send(
            &service,
            Method::PUT,
            &path,
            &service.admin_token,
            Some(&pin),
        )
        .await,
        200,
    )
    .await;
    assert!(pinned.pinned);
    let results = search(&service, &query).await;
    assert_eq!(
        rating_of_vannier(&results),
        Some(2157),
        "the pinned: 107 + 2050"
    );
    assert_eq!(results[0].entry.list_date.to_string(), "2026-01-11");
    // Without the tournament, the newest.
    assert_eq!(
        rating_of_vannier(&search(&service, "q=9643011").await),
        Some(2300)
    );
    let body = json!({"surname": "Vannier", "first_name": "Rémi", "rank": "2d", "ffg_licence": "9643011", "rating": 2157});
    let _: Player = read(
        send(
            &service,
            Method::POST,
            &format!("/tournaments/{id}/players"),
            &service.admin_token,
            Some(&body),
        )
        .await,
        201,
    )
    .await;
    let report_path = format!("/tournaments/{id}/rating-refresh?source=ffg");
    let pinned_report = report(&service, &report_path).await;
    assert_eq!(pinned_report.rating_list.id, old.rating_list.id);
    let proposed = &pinned_report.players[0].changes;
    assert!(
        proposed.iter().all(|change| change.field != Field::Rating),
        "{proposed:?}"
    );
    let in_use: Vec<ListInUse> = service
        .api()
        .anonymous()
        .get(&format!("/tournaments/{id}/rating-lists"))
        .await;
    assert_eq!(in_use[0].rating_list.id, old.rating_list.id);
    // A list of another source is not pinned for this one.
    let egd = import(&service, "egd", egd_list(), 201).await;
    let wrong = json!({"rating_list_id": egd.rating_list.id});
    problem(
        send(
            &service,
            Method::PUT,
            &path,
            &service.admin_token,
            Some(&wrong),
        )
        .await,
        422,
        "validation.failed",
    )
    .await;
    let response = send(&service, Method::DELETE, &path, &service.admin_token, None).await;
    assert_eq!(response.status(), 204);
    let newest_report = report(&service, &report_path).await;
    assert_eq!(newest_report.rating_list.id, newer.rating_list.id);
    assert_eq!(
        changes(&newest_report.players[0])[0],
        (Field::Rating, Some("2157"), "2300")
    );
}

#[tokio::test]
async fn bad_files_are_refused_with_their_line_and_change_nothing() {
    let (service, before) = with_an_ffg_list().await;

    let mut truncated = FFG_LINES.to_vec();
    truncated.push("ABADIA Mickaël                        -1400 - 97282");
    let truncated_line = problem_at(
        upload(
            &service,
            "ffg",
            ffg_list("#Echelle au 12/01/2026 07:09:39", &truncated),
        )
        .await,
        422,
        "rating_list.truncated_line",
    )
    .await;
    assert_eq!(truncated_line.line, Some(6));
    assert!(
        truncated_line.problem.detail.contains("line 6"),
        "{truncated_line:?}"
    );

    let mut utf8 = b"#Echelle au 12/01/2026 07:09:39\r\n".to_vec();
    utf8.extend_from_slice(
        "AAIJ René                               243 e ------- xxxx NL\r\n".as_bytes(),
    );
    let wrong_encoding = problem_at(
        upload(&service, "ffg", utf8).await,
        422,
        "rating_list.wrong_encoding",
    )
    .await;
    assert_eq!(
        (wrong_encoding.line, wrong_encoding.column),
        (Some(2), Some(9))
    );

    let png = b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR\0\0\0\x10".to_vec();
    let binary = problem_at(
        upload(&service, "egd", png).await,
        422,
        "rating_list.binary",
    )
    .await;
    assert_eq!(binary.line, Some(2));

    // The FFG's list sent as the AGA's.
    let malformed = problem_at(
        upload(&service, "aga", ffg_list(FFG_HEADER, &FFG_LINES)).await,
        422,
        "rating_list.malformed_line",
    )
    .await;
    assert_eq!(malformed.line, Some(1));

    // A 1 GB upload is refused from its declared length, before its body is read.
    let address = service.base_url.trim_start_matches("http://").to_string();
    let mut stream = tokio::net::TcpStream::connect(&address).await.unwrap();
    let request = format!(
        "POST /rating-lists?source=egd HTTP/1.1\r\nHost: {address}\r\nAuthorization: Bearer {}\r\n\
         Content-Type: text/html\r\nContent-Length: 1073741824\r\nConnection: close\r\n\r\n(27 Dec 2025)\n",
        service.admin_token
    );
    stream.write_all(request.as_bytes()).await.unwrap();
    let mut answer = Vec::new();
    stream.read_to_end(&mut answer).await.unwrap();
    let answer = String::from_utf8_lossy(&answer);
    assert!(answer.starts_with("HTTP/1.1 413"), "{answer}");
    assert!(answer.contains("body.too_large"), "{answer}");

    // Only admins import.
    let tournament = service.api().create_tournament(json!({})).await;
    let organizer = service
        .token(Role::Organizer, Some(tournament.id), None)
        .await;
    let response = service
        .post("/rating-lists?source=egd", Some(&organizer))
        .header("content-type", "text/html")
        .body(egd_list())
        .send()
        .await
        .unwrap();
    problem(response, 403, "auth.forbidden").await;
    assert_eq!(snapshots(&service).await, before);
}

/// The line `arbitre ratings import` prints, read back (the command's own JSON: the API
/// has no type for it).
#[derive(Debug, Deserialize)]
struct Printed {
    rating_list_id: Uuid,
    source: Source,
    entries: i32,
    created: bool,
}

#[tokio::test]
async fn the_command_line_imports_a_list_and_reports_a_bad_one_by_line() {
    let service = TestService::start().await;
    let folder = tempfile::tempdir().unwrap();
    let good = folder.path().join("allworld_lp.html");
    std::fs::write(&good, egd_list()).unwrap();
    let run = |file: std::path::PathBuf| {
        let database_url = service.database_url.clone();
        tokio::task::spawn_blocking(move || {
            std::process::Command::new(arbitre_binary())
                .args(["ratings", "import", "--source", "egd"])
                .arg(file)
                .env("DATABASE_URL", database_url)
                .output()
                .unwrap()
        })
    };
    let output = run(good.clone()).await.unwrap();
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let printed: Printed = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(
        (printed.source, printed.entries, printed.created),
        (Source::Egd, 4, true)
    );
    let again: Printed = serde_json::from_slice(&run(good).await.unwrap().stdout).unwrap();
    assert!(!again.created);
    let found = search(&service, "q=aaij").await;
    assert_eq!(found[0].entry.rating_list_id, printed.rating_list_id);

    let bad = folder.path().join("cut.html");
    let mut cut = egd_list();
    cut.truncate(cut.len() - 140);
    std::fs::write(&bad, &cut).unwrap();
    let output = run(bad).await.unwrap();
    assert!(!output.status.success());
    let message = String::from_utf8_lossy(&output.stderr);
    assert!(
        message.contains("cut.html") && message.contains("line 12"),
        "{message}"
    );
    assert_eq!(snapshots(&service).await.len(), 1);
}

/// An AGA list in the shape of `TDListA.txt`: nine tab-separated fields, kyu ratings
/// negative, a blank rating for an unrated member.
const AGA_LIST: &str = "Aal, Zachary\t15648\tFull\t-20.05711\t7/2/2008\tLIGC\tNY\t1.09198\t8/1/2007\r\n\
                        Aaron, William C.\t7206\tFull\t\t12/28/1994\t\tCA\t\t12/28/1994\r\n\
                        Abe, Yokito\t16769\tForgn\t2.81325\t8/14/2018\t\t\t0.26936\t8/10/2014\r\n\
                        Baugsson Sigríður, Rúnar Berg\t25216\tFull\t-1.50000\t7/17/2022\tSEAG\tWA\t\t\r\n";

#[tokio::test]
async fn an_aga_list_is_searched_by_member_id_and_name_and_registers_a_kyu_player() {
    let service = TestService::start().await;
    let imported = import(&service, "aga", AGA_LIST.as_bytes().to_vec(), 201).await;
    assert_eq!(imported.rating_list.entries, 4);
    assert_eq!(
        imported.rating_list.list_date.to_string(),
        "2014-08-10",
        "no date in the file: its newest last rated date"
    );
    // The start of a member id.
    let found = search(&service, "q=1564").await;
    assert_eq!(names(&found), ["aga Aal Zachary"]);
    assert_eq!(found[0].entry.id.as_deref(), Some("15648"));
    assert_eq!(
        found[0].entry.rank.as_deref(),
        Some("20k"),
        "−20.05711: 20 kyu"
    );
    // A misspelt name with its accent dropped and a letter wrong.
    let found = search(&service, "q=baugson%20sigridur").await;
    assert_eq!(names(&found), ["aga Baugsson Sigríður Rúnar Berg"]);
    assert_eq!(found[0].entry.rank.as_deref(), Some("1k"), "−1.50: 1 kyu");
    // Foreign members have no country: a country filter leaves them out.
    assert!(search(&service, "q=abe&country=us").await.is_empty());
    assert_eq!(names(&search(&service, "q=abe").await), ["aga Abe Yokito"]);

    let id = service.api().create_tournament(json!({})).await.id;
    let organizer = service.token(Role::Organizer, Some(id), None).await;
    let found = search(&service, "q=15648").await;
    let entry = &found[0].entry;
    let body = json!({"rating_list_id": entry.rating_list_id, "line": entry.line});
    let player: Player = read(
        send(
            &service,
            Method::POST,
            &format!("/tournaments/{id}/players/from-rating-list"),
            &organizer,
            Some(&body),
        )
        .await,
        201,
    )
    .await;
    assert_eq!(
        (
            player.surname.as_str(),
            player.rank.as_str(),
            player.aga_id.as_deref(),
            player.rating
        ),
        ("Aal", "20k", Some("15648"), Some(144))
    );
}

#[tokio::test]
async fn an_upload_without_a_declared_length_is_cut_off_at_the_limit() {
    let (service, before) = with_an_ffg_list().await;
    // 40 MiB in chunks, no Content-Length: read until the limit, then refused.
    let address = service.base_url.trim_start_matches("http://").to_string();
    let stream = tokio::net::TcpStream::connect(&address).await.unwrap();
    let (mut reader, mut writer) = stream.into_split();
    let answer = tokio::spawn(async move {
        let mut answer = Vec::new();
        // The service may close while the rest is still being sent: what came is kept.
        let _ = reader.read_to_end(&mut answer).await;
        answer
    });
    let head = format!(
        "POST /rating-lists?source=ffg HTTP/1.1\r\nHost: {address}\r\nAuthorization: Bearer {}\r\n\
         Content-Type: text/plain\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n",
        service.admin_token
    );
    let chunk = [
        b"#Echelle au 12/01/2026 07:09:39\r\n".as_slice(),
        &[b'A'; 1 << 20],
    ]
    .concat();
    let mut sent = writer.write_all(head.as_bytes()).await;
    for _ in 0..40 {
        if sent.is_err() {
            break;
        }
        let framed = [format!("{:x}\r\n", chunk.len()).as_bytes(), &chunk, b"\r\n"].concat();
        sent = writer.write_all(&framed).await;
    }
    let _ = writer.write_all(b"0\r\n\r\n").await;
    let answer = answer.await.unwrap();
    let answer = String::from_utf8_lossy(&answer);
    assert!(answer.starts_with("HTTP/1.1 413"), "{answer}");
    assert!(answer.contains("body.too_large"), "{answer}");
    assert_eq!(snapshots(&service).await, before);
}

/// A list of `players` players of `source`, written as its federation writes it, and the
/// bytes its search index weighs once the service reads it back.
fn large_list(source: Source, players: usize) -> (Vec<u8>, u64) {
    use arbitre_core::rating_list::{Details, Entry, LicenceStatus, ListDate, RatingList};
    let entries = (0..players)
        .map(|number| {
            // Letters for digits: a search of digits is a search of ids.
            let letters: String = number
                .to_string()
                .bytes()
                .map(|digit| char::from(b'a' + digit - b'0'))
                .collect();
            let gor = 1000 + (number % 1500) as i32;
            let first_name = ["Anne", "Rémi", "Jürgen", "Yuki"][number % 4].to_string();
            let (country, club) = ("FR".to_string(), "35Re".to_string());
            match source {
                Source::Egd => Entry {
                    line: 0,
                    surname: format!("Surname{letters}"),
                    first_name,
                    country,
                    club,
                    id: format!("{}", 10_000_000 + number),
                    rating: Some(gor),
                    details: Details::Egd {
                        grade: arbitre_core::rating_list::rank_from_gor(gor),
                        promotion: "--".to_string(),
                        tournaments: 3,
                        last_appearance: "T250101A".to_string(),
                    },
                },
                _ => Entry {
                    line: 0,
                    surname: format!("SURNAME{letters}"),
                    first_name,
                    country,
                    club,
                    id: format!("{:07}", 1_000_000 + number),
                    rating: Some(gor - 2050),
                    details: Details::Ffg {
                        licence_status: LicenceStatus::Licensed,
                    },
                },
            }
        })
        .collect();
    let list = RatingList {
        source,
        date: ListDate::new(2026, 11, 1),
        entries,
        placeholders: 0,
    };
    let file = arbitre_core::rating_list::write(&list);
    let read = arbitre_core::rating_list::read(source, &file).unwrap();
    (file, Index::new(read).bytes() as u64)
}

#[tokio::test]
async fn an_index_let_go_past_the_budget_is_read_again_and_searches_the_same() {
    let (egd, egd_bytes) = large_list(Source::Egd, 3000);
    let (ffg, ffg_bytes) = large_list(Source::Ffg, 3000);
    // Room for either index, not for both.
    let budget = egd_bytes.max(ffg_bytes) + egd_bytes.min(ffg_bytes) / 2;
    let service = TestService::start_serving(arbitre_api::server::Capacity {
        caches: arbitre_api::config::CacheBudgets {
            rating_indexes: budget,
            ..Default::default()
        },
        ..TestService::capacity()
    })
    .await;
    const BYTES: &str = "arbitre_cache_bytes{cache=\"rating_indexes\"}";
    const BUILDS: &str = "arbitre_rating_index_builds_total";
    import(&service, "egd", egd, 201).await;
    assert_eq!(service.metric(BUILDS).await, 1);
    assert_eq!(service.metric(BYTES).await, egd_bytes);
    // Read from the index kept at the import.
    let query = "q=surnamebc&source=egd&limit=30";
    let kept = names(&search(&service, query).await);
    assert_eq!(kept.len(), 30);
    assert_eq!(service.metric(BUILDS).await, 1);
    // The FFG's index takes the room: the EGD's is let go.
    import(&service, "ffg", ffg, 201).await;
    assert_eq!(service.metric(BUILDS).await, 2);
    assert_eq!(service.metric(BYTES).await, ffg_bytes);
    // Searched again, the EGD's list is read again, and answers the same.
    assert_eq!(names(&search(&service, query).await), kept);
    assert_eq!(service.metric(BUILDS).await, 3);
    assert_eq!(service.metric(BYTES).await, egd_bytes);
    // Both lists, one after the other: each search reads its list again, within budget.
    for round in 0..2 {
        let both = search(&service, "q=surnamebc&limit=60").await;
        assert_eq!(both.len(), 60);
        assert!(service.metric(BYTES).await <= budget);
        assert_eq!(service.metric(BUILDS).await, 4 + 2 * round);
        assert_eq!(names(&search(&service, query).await), kept);
        assert_eq!(service.metric(BUILDS).await, 5 + 2 * round);
    }
}
