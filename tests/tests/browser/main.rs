//! The pages in a real browser: headless Chromium over WebDriver against the real service
//! and database. Every page visited passes [`Browser::check`] (no other host, no console
//! error, no serious accessibility violation).

#![allow(clippy::unwrap_used, clippy::expect_used)]

mod dashboard;
mod dashboard_tools;
mod exports;
mod french;
mod public;
mod real_open;
mod referee;
mod round_at_size;
mod session;
mod tablet;
mod tablet_offline;
mod undo;
mod wall_chart;

use arbitre_api::access::Role;
use arbitre_tests::browser::Browser;
use arbitre_tests::TestService;
use serde_json::{json, Value};
use uuid::Uuid;

/// A tournament with six players (one with an accented name) paired at three tables of
/// round 1, and the ids the journeys need.
pub struct Hall {
    pub tournament_id: String,
    pub pairings: Vec<String>,
    pub referee: String,
    pub organizer: String,
}

pub const PLAYERS: [(&str, &str, &str); 6] = [
    ("Lefèvre", "Émile", "2d"),
    ("Martin", "Anne", "1d"),
    ("Dubois", "Paul", "1k"),
    ("Moreau", "Julie", "2k"),
    ("Laurent", "Hugo", "4k"),
    ("Garnier", "Léa", "5k"),
];

pub async fn hall(service: &TestService) -> Hall {
    let tournament = service
        .create_tournament(json!({"name": "Open de Lyon"}))
        .await;
    let tournament_id = tournament["id"].as_str().unwrap().to_string();
    service.create_round(&tournament_id, 1).await;
    let players = register_players(service, &tournament_id).await;
    let mut pairings = Vec::new();
    for table in 0..3 {
        let pairing = service
            .create_pairing(
                &tournament_id,
                1,
                table as i32 + 1,
                &players[2 * table + 1],
                &players[2 * table],
            )
            .await;
        pairings.push(pairing["id"].as_str().unwrap().to_string());
    }
    let id = Some(Uuid::parse_str(&tournament_id).unwrap());
    Hall {
        referee: service.token(Role::Referee, id, None).await,
        organizer: service.token(Role::Organizer, id, None).await,
        tournament_id,
        pairings,
    }
}

/// A small EGD list in the shape of `allworld_lp.html`, of `lines` as the EGD writes them.
pub fn egd_list(lines: &[&str]) -> Vec<u8> {
    let mut list = b"<html>\n<pre>\n(27 Dec 2025)\n   PIN          Name                              Club     Grade P&D    GoR    NT appearance\n".to_vec();
    for line in lines {
        list.extend_from_slice(line.as_bytes());
        list.push(b'\n');
    }
    list.extend_from_slice(b"</pre>\n</html>\n");
    list
}

/// Registers the six [`PLAYERS`] in `tournament_id`: their ids.
pub async fn register_players(service: &TestService, tournament_id: &str) -> Vec<String> {
    let mut players = Vec::new();
    for (surname, first_name, rank) in PLAYERS {
        let response = service
            .post(
                &format!("/tournaments/{tournament_id}/players"),
                Some(&service.admin_token),
            )
            .json(&json!({"surname": surname, "first_name": first_name, "rank": rank}))
            .send()
            .await
            .unwrap();
        assert_eq!(response.status(), 201);
        let player: Value = response.json().await.unwrap();
        players.push(player["id"].as_str().unwrap().to_string());
    }
    players
}

/// Starts the game of the hall's pairing `index` (as its referee): the game's id and the
/// token of its table's tablet.
pub async fn start_game(service: &TestService, hall: &Hall, index: usize) -> (String, String) {
    let tournament = Uuid::parse_str(&hall.tournament_id).unwrap();
    let pairing = Uuid::parse_str(&hall.pairings[index]).unwrap();
    let tablet = service
        .token(Role::Table, Some(tournament), Some(pairing))
        .await;
    let started = service
        .post(
            &format!("/tournaments/{}/games", hall.tournament_id),
            Some(&hall.referee),
        )
        .json(&json!({"pairing_id": hall.pairings[index]}))
        .send()
        .await
        .unwrap();
    assert_eq!(started.status(), 201, "{}", started.text().await.unwrap());
    let game: Value = started.json().await.unwrap();
    (game["id"].as_str().unwrap().to_string(), tablet)
}

/// Black resigns on the first turn of `game`, from its tablet: White wins.
async fn resign_first_turn(service: &TestService, game: &str, tablet: &str) {
    let resigned = service
        .post(&format!("/games/{game}/turns"), Some(tablet))
        .json(&json!({"turn": 1, "action": "resign"}))
        .send()
        .await
        .unwrap();
    assert_eq!(resigned.status(), 201, "{}", resigned.text().await.unwrap());
}

/// On the live page open in `browser`, the cell `css` reads `before`; Black resigns
/// `game` from its `tablet`, and the cell comes to read `White wins` without a reload.
pub async fn result_arrives_live(
    service: &TestService,
    browser: &Browser,
    (game, tablet): (&str, &str),
    css: &str,
    before: &str,
) {
    browser
        .client
        .execute("window.stillTheSamePage = true; return null;", vec![])
        .await
        .unwrap();
    // The stream is open before the result is sent (the page listens from now on).
    browser
        .wait_until("document.body.dataset.live === 'open'", 10)
        .await;
    assert_eq!(browser.text(css).await, before);
    resign_first_turn(service, game, tablet).await;
    browser
        .wait_until(
            &format!("document.querySelector('{css}').textContent === 'White wins'"),
            10,
        )
        .await;
    let same = browser
        .client
        .execute("return window.stillTheSamePage === true;", vec![])
        .await
        .unwrap();
    assert_eq!(same, json!(true), "the page was reloaded");
}
