//! A typed client of the service API: each call sends one request, checks its status and
//! reads the answer into the api crate's own response type, so that a test asserts on the
//! fields of a `Tournament` or a `Problem`, and a field the API renames or drops breaks
//! the build of the tests instead of reading as `null`.

use crate::{merge, sample_tournament, TestService};
use arbitre_api::access::{Role, StoredToken};
use arbitre_api::error::{Problem, PROBLEM_JSON};
use arbitre_api::http::PageInfo;
use arbitre_api::routes::deletions::{Deletion, DeletionPage};
use arbitre_api::routes::games::rulings::GameRulingList;
use arbitre_api::routes::games::{GameEvent, GameEventList, GamePage};
use arbitre_api::routes::pairings::{Pairing, PairingPage};
use arbitre_api::routes::players::PlayerPage;
use arbitre_api::routes::rating_lists::RatingListSnapshot;
use arbitre_api::routes::rounds::RoundPage;
use arbitre_api::routes::standings::{PairingResult, Standings};
use arbitre_api::routes::tokens::IssuedToken;
use arbitre_api::routes::tournaments::TournamentPage;
use arbitre_api::services::live::view::GameState;
use arbitre_api::services::players::Player;
use arbitre_api::services::rounds::{Registration, RegistrationStatus, Round};
use arbitre_api::services::rulings::RulingTerms;
use arbitre_api::services::tournaments::Tournament;
use arbitre_api::services::undo::TableSnapshot;
use arbitre_core::table::{AppliedRuling, TableEvent};
use arbitre_core::Color;
use reqwest::Method;
use serde::de::DeserializeOwned;
use serde::Deserialize;
use std::fmt::Display;
use uuid::Uuid;

/// A ruling as the API sends it (`arbitre_api::services::rulings::Ruling`), read back: that
/// type also holds the typed issuer its pages word, which its JSON leaves out, so it
/// cannot be read back whole.
#[derive(Debug, Deserialize)]
pub struct SentRuling {
    pub id: Uuid,
    pub pairing_id: Uuid,
    pub issued_by: Uuid,
    pub issued_by_label: String,
    pub reason: String,
    pub previous: RulingTerms,
    pub terms: RulingTerms,
}

/// A page of rulings (`arbitre_api::routes::pairings::RulingPage`), read back.
#[derive(Debug, Deserialize)]
pub struct SentRulings {
    pub items: Vec<SentRuling>,
    pub page: PageInfo,
}

/// A game's refusal (`arbitre_api::error::GameError`), read back: the problem with the
/// members a tablet acts on beside the standard ones, which `Problem` does not hold.
#[derive(Debug, Deserialize)]
pub struct GameProblem {
    #[serde(flatten)]
    pub problem: Problem,
    /// The turn an illegal move stated.
    pub turn: Option<u32>,
    /// For ko and superko: the turn whose position the move would repeat.
    pub repeats_turn: Option<u32>,
    /// For a move out of turn: whose turn it is.
    pub expected_color: Option<Color>,
    /// For a conflict: the game as it stands.
    pub state: Option<GameState>,
}

/// The table's event of a log entry, as the core keeps it (the API sends it as JSON).
pub fn table_event(entry: &GameEvent) -> TableEvent {
    let event = entry.event.clone().expect("every entry holds its event");
    serde_json::from_value(event).unwrap_or_else(|error| panic!("{error}: {entry:?}"))
}

/// The ruling of a log entry, as the table applied it (none for another entry).
pub fn applied_ruling(entry: &GameEvent) -> Option<AppliedRuling> {
    entry.ruling.clone().map(|ruling| {
        serde_json::from_value(ruling).unwrap_or_else(|error| panic!("{error}: {entry:?}"))
    })
}

/// What the deletion of a round kept (`arbitre_api::services::undo` builds it as JSON, with
/// no type of its own): the round and its tables.
#[derive(Debug, Deserialize)]
pub struct KeptRound {
    pub round: Round,
    pub pairings: Vec<TableSnapshot>,
}

/// What the deletion of a tournament kept (built as JSON by
/// `arbitre_api::services::tournaments::delete`): the tournament and its recorded games.
#[derive(Debug, Deserialize)]
pub struct KeptTournament {
    pub tournament: Tournament,
    pub recorded_games: i64,
}

/// What `deletion` kept (its `snapshot`, JSON of any shape), read as a `T`.
pub fn kept<T: DeserializeOwned>(deletion: &Deletion) -> T {
    serde_json::from_value(deletion.snapshot.clone()).unwrap_or_else(|error| {
        panic!(
            "the snapshot is not a {}: {error}: {deletion:?}",
            std::any::type_name::<T>()
        )
    })
}

/// The typed client of one service, acting with one bearer token.
pub struct Api<'a> {
    service: &'a TestService,
    token: Option<String>,
}

impl TestService {
    /// The typed client of this service, as admin.
    pub fn api(&self) -> Api<'_> {
        Api {
            service: self,
            token: Some(self.admin_token.clone()),
        }
    }
}

impl<'a> Api<'a> {
    /// The same client acting with `token` instead (a referee's, a table's).
    pub fn with_token(self, token: &str) -> Api<'a> {
        Api {
            token: Some(token.to_string()),
            ..self
        }
    }

    /// The same client without a token: what anyone may read.
    pub fn anonymous(self) -> Api<'a> {
        Api {
            token: None,
            ..self
        }
    }

    /// `method path` with the JSON `body`, if any: the answer, whatever its status.
    pub async fn send(
        &self,
        method: Method,
        path: &str,
        body: Option<&serde_json::Value>,
    ) -> reqwest::Response {
        let mut request = self.service.request(method, path, self.token.as_deref());
        if let Some(body) = body {
            request = request.json(body);
        }
        request.send().await.unwrap()
    }

    /// `GET path`, expected to answer 200 with a `T`.
    pub async fn get<T: DeserializeOwned>(&self, path: &str) -> T {
        read(self.send(Method::GET, path, None).await, 200).await
    }

    /// `POST path` with `body`, expected to answer `status` with a `T`.
    pub async fn post<T: DeserializeOwned>(
        &self,
        path: &str,
        body: &serde_json::Value,
        status: u16,
    ) -> T {
        read(self.send(Method::POST, path, Some(body)).await, status).await
    }

    /// `PUT path` with `body`, expected to answer 200 with a `T`.
    pub async fn put<T: DeserializeOwned>(&self, path: &str, body: &serde_json::Value) -> T {
        read(self.send(Method::PUT, path, Some(body)).await, 200).await
    }

    pub async fn tournament(&self, id: impl Display) -> Tournament {
        self.get(&format!("/tournaments/{id}")).await
    }

    /// `GET /tournaments?query` (`query` without its `?`, empty for none).
    pub async fn tournaments(&self, query: &str) -> TournamentPage {
        self.get(&format!("/tournaments?{query}")).await
    }

    /// Creates the sample tournament changed by `changes` (201).
    pub async fn create_tournament(&self, changes: serde_json::Value) -> Tournament {
        let mut body = sample_tournament();
        merge(&mut body, changes);
        self.post("/tournaments", &body, 201).await
    }

    pub async fn player(&self, tournament: impl Display, player: impl Display) -> Player {
        self.get(&format!("/tournaments/{tournament}/players/{player}"))
            .await
    }

    /// `GET /tournaments/{tournament}/players?query` (`query` without its `?`).
    pub async fn players(&self, tournament: impl Display, query: &str) -> PlayerPage {
        self.get(&format!("/tournaments/{tournament}/players?{query}"))
            .await
    }

    pub async fn rounds(&self, tournament: impl Display) -> RoundPage {
        self.get(&format!("/tournaments/{tournament}/rounds")).await
    }

    /// The pairings of round `round`, by table.
    pub async fn pairings(&self, tournament: impl Display, round: u32) -> Vec<Pairing> {
        let page: PairingPage = self
            .get(&format!(
                "/tournaments/{tournament}/rounds/{round}/pairings?limit=500"
            ))
            .await;
        assert!(
            page.page.total <= page.page.limit,
            "round {round} has more pairings than one page: {:?}",
            page.page
        );
        page.items
    }

    /// Records the pairing of `black` and `white` at `table` of round `round` (201).
    pub async fn create_pairing(
        &self,
        tournament: impl Display,
        round: u32,
        table: i32,
        black: impl Display,
        white: impl Display,
    ) -> Pairing {
        let body = serde_json::json!({
            "table": table, "black_id": black.to_string(), "white_id": white.to_string()
        });
        self.post(
            &format!("/tournaments/{tournament}/rounds/{round}/pairings"),
            &body,
            201,
        )
        .await
    }

    pub async fn pairing(
        &self,
        tournament: impl Display,
        round: u32,
        pairing: impl Display,
    ) -> Pairing {
        self.get(&format!(
            "/tournaments/{tournament}/rounds/{round}/pairings/{pairing}"
        ))
        .await
    }

    /// The result recorded for pairing `pairing` of round `round`, as the standings read it.
    pub async fn pairing_result(
        &self,
        tournament: impl Display,
        round: u32,
        pairing: impl Display,
    ) -> PairingResult {
        self.get(&format!(
            "/tournaments/{tournament}/rounds/{round}/pairings/{pairing}/result"
        ))
        .await
    }

    /// A live game as it stands.
    pub async fn game(&self, game: impl Display) -> GameState {
        self.get(&format!("/games/{game}")).await
    }

    /// A game's whole log, oldest first.
    pub async fn game_events(&self, game: impl Display) -> Vec<GameEvent> {
        let log: GameEventList = self.get(&format!("/games/{game}/events")).await;
        log.items
    }

    /// A game's rulings, oldest first.
    pub async fn game_rulings(&self, game: impl Display) -> GameRulingList {
        self.get(&format!("/games/{game}/rulings")).await
    }

    /// The first page of a tournament's games.
    pub async fn games(&self, tournament: impl Display) -> GamePage {
        self.get(&format!("/tournaments/{tournament}/games")).await
    }

    /// `GET /tournaments/{tournament}/standings?query` as JSON (`query` without its `?`).
    pub async fn standings(&self, tournament: impl Display, query: &str) -> Standings {
        self.get(&format!("/tournaments/{tournament}/standings?{query}"))
            .await
    }

    /// The rating lists' stored snapshots (`GET /rating-lists`).
    pub async fn rating_lists(&self) -> Vec<RatingListSnapshot> {
        self.get("/rating-lists").await
    }

    /// `PATCH path` with `body`, expected to answer 200 with a `T`.
    pub async fn patch<T: DeserializeOwned>(&self, path: &str, body: &serde_json::Value) -> T {
        read(self.send(Method::PATCH, path, Some(body)).await, 200).await
    }

    /// `DELETE path`: the answer, whatever its status (204 when done, a problem when not).
    pub async fn delete(&self, path: &str) -> reqwest::Response {
        self.send(Method::DELETE, path, None).await
    }

    /// The deletions kept of a tournament, oldest first.
    pub async fn deletions(&self, tournament: impl Display) -> DeletionPage {
        self.get(&format!("/tournaments/{tournament}/deletions"))
            .await
    }

    /// Issues a token of `role` labelled `label` for the tournament (201): its secret, shown
    /// this once, with what the store keeps of it.
    pub async fn issue_token(
        &self,
        tournament: impl Display,
        role: Role,
        label: &str,
    ) -> IssuedToken {
        self.post(
            &format!("/tournaments/{tournament}/tokens"),
            &serde_json::json!({ "role": role, "label": label }),
            201,
        )
        .await
    }

    /// `GET /me`: the caller's token.
    pub async fn me(&self) -> StoredToken {
        self.get("/me").await
    }

    /// The player to move resigns at turn `turn` (201): the game as it ends.
    pub async fn resign(&self, game: impl Display, turn: u32) -> GameState {
        self.post(
            &format!("/games/{game}/turns"),
            &serde_json::json!({ "turn": turn, "action": "resign" }),
            201,
        )
        .await
    }

    /// Starts round `round` (200): its pairings change only by a ruling from now on.
    pub async fn start_round(&self, tournament: impl Display, round: u32) -> Round {
        let path = format!("/tournaments/{tournament}/rounds/{round}/start");
        read(self.send(Method::POST, &path, None).await, 200).await
    }

    /// Registers `player` for round `round` with `status`.
    pub async fn register(
        &self,
        tournament: impl Display,
        round: u32,
        player: impl Display,
        status: RegistrationStatus,
    ) -> Registration {
        self.put(
            &format!("/tournaments/{tournament}/rounds/{round}/registrations/{player}"),
            &serde_json::json!({ "status": status }),
        )
        .await
    }

    /// Records `result` (SGF `RE`) for the pairing `pairing` of round `round` (200).
    pub async fn record_result(
        &self,
        tournament: impl Display,
        round: u32,
        pairing: impl Display,
        result: &str,
    ) -> PairingResult {
        self.put(
            &format!("/tournaments/{tournament}/rounds/{round}/pairings/{pairing}/result"),
            &serde_json::json!({ "result": result }),
        )
        .await
    }
}

/// Asserts a success `status` and reads the body as a `T`, saying what did not decode.
pub async fn read<T: DeserializeOwned>(response: reqwest::Response, status: u16) -> T {
    let actual = response.status().as_u16();
    let body = response.text().await.unwrap();
    assert_eq!(actual, status, "status of {body}");
    serde_json::from_str(&body).unwrap_or_else(|error| {
        panic!(
            "the body is not a {}: {error}: {body}",
            std::any::type_name::<T>()
        )
    })
}

/// Asserts an RFC 9457 problem with `status` and `code` (its media type, its `type`
/// URN), and returns it.
pub async fn problem(response: reqwest::Response, status: u16, code: &str) -> Problem {
    problem_and_body(response, status, code).await.0
}

/// [`problem`], with the body as sent: its members beyond the standard ones (`line`,
/// `column`) are read from it.
pub async fn problem_and_body(
    response: reqwest::Response,
    status: u16,
    code: &str,
) -> (Problem, String) {
    let actual = response.status().as_u16();
    let content_type = response
        .headers()
        .get("content-type")
        .map(|value| value.to_str().unwrap().to_string());
    let body = response.text().await.unwrap();
    assert_eq!(actual, status, "status of {body}");
    assert_eq!(
        content_type.as_deref(),
        Some(PROBLEM_JSON),
        "content type of {body}"
    );
    let problem: Problem = serde_json::from_str(&body)
        .unwrap_or_else(|error| panic!("the body is not a problem: {error}: {body}"));
    assert_eq!(problem.code, code, "code of {body}");
    assert_eq!(problem.status, status, "status member of {body}");
    assert_eq!(problem.problem_type, format!("urn:arbitre:problem:{code}"));
    (problem, body)
}

/// Asserts a game's refusal with `status` and `code` (see [`problem`]), and returns it.
pub async fn game_problem(response: reqwest::Response, status: u16, code: &str) -> GameProblem {
    problem_as(response, status, code).await
}

/// The fields a problem names, in its order.
pub fn fields(problem: &Problem) -> Vec<&str> {
    problem
        .errors
        .iter()
        .map(|error| error.field.as_str())
        .collect()
}

/// A problem about a place in a file sent (`arbitre_api::error::Problem` with the `line`
/// and `column` members the API adds beside the standard ones, RFC 9457 §3.2), read
/// back: `Problem` holds the standard members only.
#[derive(Debug, Deserialize)]
pub struct ProblemAt {
    #[serde(flatten)]
    pub problem: Problem,
    pub line: Option<u64>,
    pub column: Option<u64>,
}

/// [`problem`], with the place in the file it names.
pub async fn problem_at(response: reqwest::Response, status: u16, code: &str) -> ProblemAt {
    problem_as(response, status, code).await
}

/// [`problem`], read into `T`: a read-back struct that flattens `Problem` beside the
/// members the API adds to it (a place in a file, a game's turn).
pub async fn problem_as<T: DeserializeOwned>(
    response: reqwest::Response,
    status: u16,
    code: &str,
) -> T {
    let (_, body) = problem_and_body(response, status, code).await;
    serde_json::from_str(&body).unwrap_or_else(|error| {
        panic!(
            "the body is not a {}: {error}: {body}",
            std::any::type_name::<T>()
        )
    })
}
