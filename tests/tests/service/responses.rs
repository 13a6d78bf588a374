//! Real responses against the contract: every `GET` of the committed
//! `openapi/openapi.json` that answers JSON is requested in a populated tournament (a
//! game in counting, an imported finished game, a ruled pairing, a bye, a recorded
//! result), and each body is validated against the document's response schema, its
//! `#/components/schemas/…` references resolved in the document itself. A field the
//! document declares required and non-null but the service sends as null (issue 13:
//! generated strict clients failed on `GameState.counting`) fails here.

use arbitre_api::access::Role;
use arbitre_api::routes::games::sgf::ImportedGame;
use arbitre_api::routes::rating_lists::ImportedList;
use arbitre_api::services::live::view::GameState;
use arbitre_api::services::rounds::RegistrationStatus;
use arbitre_tests::api::{read, SentRuling};
use arbitre_tests::TestService;
use reqwest::Method;
use serde_json::{json, Value};
use std::collections::HashMap;
use std::path::Path;

/// A tournament with one of everything a `GET` can show; returns the path parameters.
async fn populate(service: &TestService) -> (HashMap<&'static str, String>, Vec<String>) {
    let admin = service.api();
    let tournament_id = admin.create_tournament(json!({})).await.id;
    let tournament = tournament_id.to_string();
    service.create_round(&tournament, 1).await;
    let mut players = Vec::new();
    for index in 0..7 {
        players.push(
            service
                .create_player(&tournament, &format!("Joueur{index}"), "4k")
                .await,
        );
    }
    let mut pairings = Vec::new();
    for table in 0..3 {
        let pairing = admin
            .create_pairing(
                &tournament,
                1,
                table + 1,
                &players[2 * table as usize],
                &players[2 * table as usize + 1],
            )
            .await;
        pairings.push(pairing.id.to_string());
    }
    let round = format!("/tournaments/{tournament}/rounds/1");
    let referee_token = service
        .token(Role::Referee, Some(tournament_id), None)
        .await;
    let referee = service.api().with_token(&referee_token);
    referee
        .register(&tournament, 1, &players[6], RegistrationStatus::Bye)
        .await;
    referee.start_round(&tournament, 1).await;

    // A live game, paused for the count after two passes.
    let table = service
        .token(
            Role::Table,
            Some(tournament_id),
            Some(pairings[0].parse().unwrap()),
        )
        .await;
    let tablet = service.api().with_token(&table);
    let start = json!({"pairing_id": pairings[0]});
    let games = format!("/tournaments/{tournament}/games");
    let live: GameState = tablet.post(&games, &start, 201).await;
    let live = live.id.to_string();
    for (turn, point) in ["ee", "cc", "pass", "pass"].into_iter().enumerate() {
        let body = match point {
            "pass" => json!({"turn": turn + 1, "action": "pass"}),
            point => json!({"turn": turn + 1, "action": "move", "point": point}),
        };
        let _: GameState = tablet
            .post(&format!("/games/{live}/turns"), &body, 201)
            .await;
    }
    // A finished game, imported with its result.
    let sgf = "(;GM[1]FF[4]SZ[19]KM[7.5]RE[B+R];B[ee];W[cc];B[gg])";
    let import = json!({"pairing_id": pairings[1], "sgf": sgf});
    let imported: ImportedGame = referee.post(&format!("{games}/import"), &import, 201).await;
    let imported = imported.game.id.to_string();
    // A pairing moved by a ruling, with its result recorded.
    let ruled = format!("{round}/pairings/{}", pairings[2]);
    let ruling = json!({"reason": "moved to table 9", "table": 9});
    let _: SentRuling = referee
        .post(&format!("{ruled}/rulings"), &ruling, 201)
        .await;
    referee
        .record_result(&tournament, 1, &pairings[2], "W+R")
        .await;

    // A rating list, searched and refreshed against (ISO-8859-1, as the FFG publishes it).
    let list: Vec<u8> = "#Echelle au 11/01/2026 07:09:39\r\n\
                         VANNIER R\u{e9}mi                            107 L 9643011 35Re FR\r\n\
                         AAIJ Ren\u{e9}                               243 e ------- xxxx NL\r\n"
        .chars()
        .map(|c| u8::try_from(u32::from(c)).unwrap())
        .collect();
    let response = service
        .post("/rating-lists?source=ffg", Some(&service.admin_token))
        .header("content-type", "text/plain")
        .body(list)
        .send()
        .await
        .unwrap();
    let _: ImportedList = read(response, 201).await;

    let parameters = HashMap::from([
        ("tournament_id", tournament),
        ("number", "1".to_string()),
        ("pairing_id", pairings[2].clone()),
        ("player_id", players[0].clone()),
    ]);
    (parameters, vec![live, imported])
}

/// `template` with its `{name}`s replaced.
fn fill(template: &str, parameters: &HashMap<&'static str, String>) -> String {
    parameters
        .iter()
        .fold(template.to_string(), |path, (name, value)| {
            path.replace(&format!("{{{name}}}"), value)
        })
}

#[tokio::test]
async fn every_json_get_answers_what_the_document_declares() {
    let document: Value = serde_json::from_str(
        &std::fs::read_to_string(
            Path::new(env!("CARGO_MANIFEST_DIR")).join("../openapi/openapi.json"),
        )
        .unwrap(),
    )
    .unwrap();
    let service = TestService::start().await;
    let (parameters, games) = populate(&service).await;
    let mut validated = Vec::new();
    for (template, item) in document["paths"].as_object().unwrap() {
        let Some(schema) =
            item["get"]["responses"]["200"]["content"]["application/json"].get("schema")
        else {
            continue;
        };
        let mut root = schema.clone();
        root["components"] = document["components"].clone();
        let validator = jsonschema::options()
            .should_validate_formats(true)
            .build(&root)
            .unwrap_or_else(|error| panic!("the schema of GET {template}: {error}"));
        let paths: Vec<String> = if template.contains("{game_id}") {
            games
                .iter()
                .map(|game| template.replace("{game_id}", game))
                .collect()
        } else {
            vec![template.clone()]
        };
        // Routes that need a query to answer: the explanation of a player's opponents, and
        // the rating lists' search and refresh: what to search, which list.
        let query = match template.as_str() {
            template if template.ends_with("/pairings/explain") => "?player={player_id}",
            "/rating-lists/search" => "?q=vanier",
            template if template.ends_with("/rating-refresh") => "?source=ffg",
            _ => "",
        };
        for path in paths {
            let path = fill(&format!("{path}{query}"), &parameters);
            assert!(!path.contains('{'), "no value for a parameter of {path}");
            let response = service
                .request(Method::GET, &path, Some(&service.admin_token))
                .send()
                .await
                .unwrap();
            // Read as sent: the JSON itself is what the schema validates.
            let body: Value = read(response, 200).await;
            let errors: Vec<String> = validator
                .iter_errors(&body)
                .map(|error| format!("{} at {}", error, error.instance_path()))
                .collect();
            assert!(
                errors.is_empty(),
                "GET {path} does not match its schema:\n{}\n{body:#}",
                errors.join("\n")
            );
            validated.push(path);
        }
    }
    // Every JSON GET of the document, with both games: nothing skipped silently.
    let declared = document["paths"]
        .as_object()
        .unwrap()
        .iter()
        .filter(|(_, item)| {
            item["get"]["responses"]["200"]["content"]
                .get("application/json")
                .is_some()
        })
        .map(|(template, _)| if template.contains("{game_id}") { 2 } else { 1 })
        .sum::<usize>();
    assert_eq!(validated.len(), declared, "{validated:#?}");
    assert!(declared >= 20, "{validated:#?}");
}
