//! Live games: started from a pairing, played turn by turn from the table's tablet,
//! timed by the server, counted by rule 5 bis, ruled on by the referee, streamed live.
//! The routes parse and answer; every write goes through `services::live::write`.

pub mod play;
pub mod rulings;
pub mod sgf;
pub mod stream;
pub mod svg;

use crate::access::Role;
use crate::auth::Caller;
use crate::db::DbPool;
use crate::error::{ApiError, FieldError, GameError, Resource};
use crate::http::{ApiJson, ApiQuery, PageInfo, PageQuery};
use crate::services::live::cache::GameCache;
use crate::services::live::view::GameState;
use crate::services::live::write::{current, insert_game, Answer, NewGameTerms};
use crate::services::live::StoredSettings;
use crate::services::tournaments;
use crate::store::games::{self as store, EventRow, GameRow};
use crate::store::pairings::PairingRow;
use crate::store::settings::check_komi;
use actix_web::http::StatusCode;
use actix_web::{web, HttpRequest, HttpResponse};
use arbitre_core::clock::{FlagPolicy, TimeControl};
use arbitre_core::ending::Settings;
use arbitre_core::game::Start;
use arbitre_core::history::Setup;
use arbitre_core::table::{fixed_handicap, HandicapForm, Terms, TermsError};
use arbitre_core::{BoardSize, Preset};
use chrono::{DateTime, Utc};
use diesel_async::AsyncConnection;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use uuid::Uuid;

/// One entry of a game's log.
#[derive(Debug, Serialize, ToSchema)]
pub struct GameEvent {
    /// Order in the tournament's stream.
    pub id: i64,
    pub game_id: Uuid,
    /// Order in the game: 1, 2, 3...
    pub seq: i32,
    /// `start`, `turn`, `clock`, `counting`, `ruling`, `result`.
    pub kind: String,
    pub turn_number: Option<i32>,
    /// The table's event (`{"event": "turn", "color": "B", "action": {"move": "dd"}, "at": ...}`).
    #[schema(value_type = Option<Object>)]
    pub event: Option<serde_json::Value>,
    /// A ruling as the table applied it: `{"event", "ruling": {"kind", "reason",
    /// "corrects", ...}, "by", "at", "previous", "result"}` (the result before and after).
    #[schema(value_type = Option<Object>)]
    pub ruling: Option<serde_json::Value>,
    /// The game's result after this entry, when this entry set or changed it: the entry
    /// that ends a game (a count accepted, a resignation, a flag, a ruling) carries it.
    pub result: Option<String>,
    /// The token that caused it (none for the flag sweep).
    pub issued_by: Option<Uuid>,
    pub at_ms: i64,
    pub recorded_at: DateTime<Utc>,
}

impl From<EventRow> for GameEvent {
    fn from(row: EventRow) -> GameEvent {
        GameEvent {
            id: row.id,
            game_id: row.game_id,
            seq: row.seq,
            kind: row.kind,
            turn_number: row.turn_number,
            event: row.event,
            ruling: row.ruling,
            result: row.result,
            issued_by: row.issued_by,
            at_ms: row.at_ms,
            recorded_at: row.recorded_at,
        }
    }
}

/// A game's log, oldest first.
#[derive(Debug, Serialize, ToSchema)]
pub struct GameEventList {
    pub items: Vec<GameEvent>,
}

/// A game in a list.
#[derive(Debug, Serialize, ToSchema)]
pub struct GameSummary {
    pub id: Uuid,
    pub pairing_id: Uuid,
    pub seq: i32,
    pub turns: i32,
    pub phase: String,
    pub result: Option<String>,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

impl From<GameRow> for GameSummary {
    fn from(row: GameRow) -> GameSummary {
        GameSummary {
            id: row.id,
            pairing_id: row.pairing_id,
            seq: row.last_seq,
            turns: row.turns,
            phase: row.phase,
            result: row.result,
            created_at: row.created_at,
            updated_at: row.updated_at,
        }
    }
}

#[derive(Debug, Serialize, ToSchema)]
pub struct GamePage {
    pub items: Vec<GameSummary>,
    pub page: PageInfo,
}

/// A game to start from a pairing; what is left out comes from the pairing and the tournament.
#[derive(Debug, Deserialize, Serialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct NewGameRequest {
    pub pairing_id: Uuid,
    /// Default: the tournament's.
    pub ruleset: Option<Preset>,
    /// Board side, 2 to 25. Default: the tournament's, the only one its games are played
    /// on: another is refused (422 `terms.board_size`).
    #[schema(minimum = 2, maximum = 25)]
    pub board_size: Option<u8>,
    /// Default: the pairing's.
    #[schema(minimum = -150, maximum = 150, multiple_of = 0.5)]
    pub komi: Option<f64>,
    /// Default: the pairing's.
    #[schema(minimum = 0, maximum = 9)]
    pub handicap: Option<u32>,
    /// `moves` (default, FFG: Black plays the stones as consecutive moves) or `fixed`
    /// (set up on the standard points, SGF `HA`/`AB`; White moves first).
    pub handicap_form: Option<HandicapForm>,
    /// Default: the tournament's.
    pub time_control: Option<TimeControl>,
    /// Default: `lose` (FFG); `auto-pass` (BSW).
    pub flag_policy: Option<FlagPolicy>,
}

/// The terms `request` sets in place of the pairing's (komi, handicap) and the
/// tournament's (ruleset, time control; the FFG's handicap stones played as moves, a
/// fallen flag losing): the names of those that differ. The board is no such term: a
/// game is on its tournament's board (`arbitre_core::tournament_board`).
fn overrides(
    request: &NewGameRequest,
    pairing: &PairingRow,
    tournament: &tournaments::Tournament,
) -> Vec<String> {
    let differs = [
        (
            "ruleset",
            request
                .ruleset
                .is_some_and(|ruleset| ruleset != tournament.ruleset),
        ),
        (
            "komi",
            request.komi.is_some_and(|komi| komi != pairing.komi),
        ),
        (
            "handicap",
            request
                .handicap
                .is_some_and(|handicap| i64::from(handicap) != i64::from(pairing.handicap)),
        ),
        (
            "handicap_form",
            request
                .handicap_form
                .is_some_and(|form| form == HandicapForm::Fixed),
        ),
        (
            "time_control",
            request
                .time_control
                .as_ref()
                .is_some_and(|control| *control != tournament.time_control),
        ),
        (
            "flag_policy",
            request
                .flag_policy
                .is_some_and(|policy| policy != FlagPolicy::default()),
        ),
    ];
    differs
        .into_iter()
        .filter(|(_, differs)| *differs)
        .map(|(term, _)| term.to_string())
        .collect()
}

/// The answer to a write, or the one kept for its `Idempotency-Key` (a kept status that
/// is not one is a defect of the store, not a 200).
pub fn respond((status, body): Answer) -> Result<HttpResponse, GameError> {
    let status = u16::try_from(status)
        .map_err(ApiError::internal)
        .and_then(|code| StatusCode::from_u16(code).map_err(ApiError::internal))?;
    Ok(HttpResponse::build(status).json(body))
}

/// Start the game of a pairing (its table's tablet, or the tournament's staff).
#[utoipa::path(
    post, path = "/tournaments/{tournament_id}/games", tag = "games",
    params(("tournament_id" = Uuid, Path)),
    request_body = NewGameRequest,
    responses(
        (status = 201, description = "Started: the clock of the first player runs", body = GameState),
        (status = 422, description = "Terms the game cannot be played on: `terms.board_size` (another board than the tournament's), `terms.handicap`, `validation.failed`", body = crate::error::Problem, content_type = "application/problem+json"),
    ),
    security(("bearer" = []))
)]
pub async fn create(
    pool: web::Data<DbPool>,
    cache: web::Data<GameCache>,
    caller: Caller,
    path: web::Path<Uuid>,
    body: ApiJson<NewGameRequest>,
) -> Result<HttpResponse, GameError> {
    let tournament_id = path.into_inner();
    let request = body.0;
    let mut connection = pool.get().await?;
    let tournament = tournaments::load(&mut connection, tournament_id).await?;
    let pairing = store::pairing(&mut connection, request.pairing_id).await?;
    let Some((pairing, pairing_tournament)) = pairing else {
        return Err(GameError::Api(ApiError::NotFound(Resource::Pairing)));
    };
    if pairing_tournament != tournament_id {
        return Err(GameError::Api(ApiError::NotFound(Resource::Pairing)));
    }
    let overrides = overrides(&request, &pairing, &tournament);
    let token_id = match &caller {
        Caller::Token(token)
            if token.role == Role::Table && token.pairing_id == Some(pairing.id) =>
        {
            // Issue 13: the players' tablet plays the pairing's terms; only the staff set others.
            if !overrides.is_empty() {
                return Err(GameError::Api(ApiError::Forbidden(
                    "set a game's terms (only the tournament's staff may override the pairing's)",
                )));
            }
            token.id
        }
        _ => {
            caller.require_staff(tournament_id, "start games in this tournament")?;
            caller.token_id().unwrap_or_default()
        }
    };
    let mut violations = crate::error::Violations::new();
    let side = request.board_size.unwrap_or(tournament.board_size);
    if let Err(issue) = arbitre_core::fields::check_board_side(side) {
        violations.add("board_size", issue.to_string());
    }
    let handicap = request
        .handicap
        .unwrap_or(u32::try_from(pairing.handicap).unwrap_or(0));
    if let Err(issue) = arbitre_core::fields::check_handicap(handicap) {
        violations.add("handicap", issue.to_string());
    }
    let komi = request.komi.unwrap_or(pairing.komi);
    check_komi(&mut violations, "komi", komi);
    let control = request
        .time_control
        .unwrap_or_else(|| tournament.time_control.clone());
    if let Err(error) = control.validate() {
        violations.add("time_control", error.to_string());
    }
    let policy = request.flag_policy.unwrap_or_default();
    violations.into_result()?;
    let size = BoardSize::square(side)
        .ok_or_else(|| ApiError::Validation(vec![FieldError::new("board_size", "unsupported")]))?;
    let preset = request.ruleset.unwrap_or(tournament.ruleset);
    let resumption = tournament.dispute_policy;
    let refused = |error: TermsError| GameError::Unprocessable {
        code: error.code(),
        detail: error.to_string(),
    };
    let setup = match request.handicap_form {
        Some(HandicapForm::Fixed) => Setup {
            black: fixed_handicap(size, handicap).map_err(refused)?,
            white: Vec::new(),
        },
        Some(HandicapForm::Moves | HandicapForm::None) | None => Setup::default(),
    };
    let start = Start {
        size,
        setup,
        handicap,
        first_player: None,
    };
    let stored = StoredSettings {
        ruleset: preset.name().to_string(),
        core: Settings::new(preset.rules(), start, Some(komi), resumption),
        overrides,
    };
    Terms::new(stored.core.clone(), control.clone(), policy).map_err(refused)?;
    let game = connection
        .transaction::<_, GameError, _>(async move |connection| {
            tournaments::hold_game_board(connection, tournament_id, size).await?;
            // The first game of a round starts the round (docs/live-games.md): from then
            // on its pairings change only by a referee's ruling.
            crate::store::rounds::start_if_waiting(connection, pairing.round_id).await?;
            let terms = NewGameTerms {
                tournament_id,
                pairing_id: pairing.id,
                stored,
                control,
                policy,
            };
            let game = insert_game((connection, cache.clock()), terms, Some(token_id)).await?;
            game.store(connection).await?;
            Ok(GameState::of(&game)?)
        })
        .await?;
    Ok(HttpResponse::Created().json(game))
}

/// The games of a tournament.
#[utoipa::path(
    get, path = "/tournaments/{tournament_id}/games", tag = "games",
    params(("tournament_id" = Uuid, Path), PageQuery),
    responses((status = 200, description = "A page of games", body = GamePage))
)]
pub async fn list(
    request: HttpRequest,
    pool: web::Data<DbPool>,
    path: web::Path<Uuid>,
    query: ApiQuery<PageQuery>,
) -> Result<HttpResponse, GameError> {
    let tournament_id = path.into_inner();
    let window = query.0.window()?;
    let mut connection = pool.get().await?;
    crate::store::tournaments::ensure_exists(&mut connection, tournament_id).await?;
    let (rows, total) =
        store::list(&mut connection, tournament_id, window.limit, window.offset).await?;
    let items = rows.into_iter().map(GameSummary::from).collect();
    let page = PageInfo::new(total, window);
    Ok(page.response(&request).json(GamePage { items, page }))
}

/// A game as it stands, with both clocks read now.
#[utoipa::path(
    get, path = "/games/{game_id}", tag = "games",
    params(("game_id" = Uuid, Path)),
    responses((status = 200, description = "The game", body = GameState))
)]
pub async fn get(
    pool: web::Data<DbPool>,
    cache: web::Data<GameCache>,
    path: web::Path<Uuid>,
) -> Result<HttpResponse, GameError> {
    let mut connection = pool.get().await?;
    let state = current(&mut connection, &cache, path.into_inner()).await?;
    Ok(HttpResponse::Ok().json(state))
}

/// Where to start reading a log.
#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[serde(deny_unknown_fields)]
#[into_params(parameter_in = Query)]
pub struct EventQuery {
    /// Only the entries after this `seq` (default 0: all).
    #[param(minimum = 0)]
    pub after: Option<i32>,
    /// At most this many entries, 1 to 5000 (default 1000).
    #[param(minimum = 1, maximum = 5000)]
    pub limit: Option<i64>,
}

/// The whole history of a game in order: turns, clock events, counting, rulings.
#[utoipa::path(
    get, path = "/games/{game_id}/events", tag = "games",
    params(("game_id" = Uuid, Path), EventQuery),
    responses((status = 200, description = "The log, oldest first", body = GameEventList))
)]
pub async fn events(
    pool: web::Data<DbPool>,
    path: web::Path<Uuid>,
    query: ApiQuery<EventQuery>,
) -> Result<HttpResponse, GameError> {
    let game_id = path.into_inner();
    let limit = query.0.limit.unwrap_or(1000);
    if !(1..=5000).contains(&limit) {
        return Err(GameError::Api(ApiError::InvalidQuery(FieldError::new(
            "limit",
            "must be between 1 and 5000",
        ))));
    }
    let after = query.0.after.unwrap_or(0).max(0);
    let mut connection = pool.get().await?;
    store::find(&mut connection, game_id)
        .await?
        .ok_or(GameError::NotFound)?;
    let rows = store::events_after(&mut connection, game_id, after, limit).await?;
    Ok(HttpResponse::Ok().json(GameEventList {
        items: rows.into_iter().map(GameEvent::from).collect(),
    }))
}

/// The request's identity for `Idempotency-Key`.
pub fn fingerprint_of(
    request: &actix_web::HttpRequest,
    body: &impl Serialize,
) -> Result<Vec<u8>, ApiError> {
    let body = serde_json::to_value(body).map_err(ApiError::internal)?;
    Ok(crate::services::live::idempotency::fingerprint(
        request.method().as_str(),
        request.path(),
        &body,
    ))
}
