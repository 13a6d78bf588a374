//! Live games: started from a pairing, played turn by turn from the table's tablet,
//! timed by the server, counted by rule 5 bis, ruled on by the referee, streamed live.
//!
//! Every write judges the request on the game as replayed through the core (kept between
//! requests by the [`GameCache`]), then stores it in one statement, committed before the
//! answer is sent: the entries, the projection, the response kept for its
//! `Idempotency-Key`. That statement writes only if the game's row is still at the entry
//! the request was judged on; if another write got there first, the request is judged
//! again on the stored game. A refusal is answered only once the stored game is known to
//! be the one it was judged on.

pub mod play;
pub mod rulings;
pub mod sgf;
pub mod stream;
pub mod svg;

use crate::auth::{Caller, Role};
use crate::db::{Connection, DbPool};
use crate::error::{ApiError, FieldError, Resource};
use crate::http::{ApiJson, ApiQuery, PageInfo, PageQuery};
use crate::live::cache::GameCache;
use crate::live::idempotency::IdempotencyKey;
use crate::live::{clock_entry, Entry, LoadedGame, Refusal, StoredSettings};
use crate::routes::tournaments::{self, Ruleset, TimeControl as ApiTimeControl};
use crate::store::games::{self as store, EventRow, GameRow, IdempotentResponse, NewGame};
use actix_web::http::StatusCode;
use actix_web::{web, HttpResponse};
use arbitre_core::clock::{ClockEvent, ClockStatus, FlagPolicy, PlayerTime};
use arbitre_core::ending::{EndingError, Phase, ResumptionPolicy, Settings};
use arbitre_core::game::{IllegalMove, Start};
use arbitre_core::history::Setup;
use arbitre_core::{BoardSize, Color, Point, Preset};
use chrono::{DateTime, Utc};
use diesel_async::AsyncConnection;
use serde::{Deserialize, Serialize};
use std::fmt;
use utoipa::ToSchema;
use uuid::Uuid;

/// A stone colour, as SGF writes it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub enum StoneColor {
    B,
    W,
}

impl From<StoneColor> for Color {
    fn from(color: StoneColor) -> Color {
        match color {
            StoneColor::B => Color::Black,
            StoneColor::W => Color::White,
        }
    }
}

impl From<Color> for StoneColor {
    fn from(color: Color) -> StoneColor {
        match color {
            Color::Black => StoneColor::B,
            Color::White => StoneColor::W,
        }
    }
}

/// The failures of the game routes: the API's, plus the core's verdicts, which carry
/// the details a tablet needs (`repeats_turn`, the current state).
#[derive(Debug)]
pub enum GameError {
    Api(ApiError),
    /// No game with this id.
    NotFound,
    /// The core refused the turn (`illegal_move.superko`, ...): nothing was stored.
    IllegalMove {
        reason: IllegalMove,
        turn: u32,
    },
    /// The request was made against another state of the game (409, with the current state).
    Conflict {
        code: &'static str,
        detail: String,
        state: Option<Box<GameState>>,
    },
    /// A request the game cannot take in any state (422).
    Unprocessable {
        code: &'static str,
        detail: String,
    },
}

impl fmt::Display for GameError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GameError::Api(error) => error.fmt(f),
            GameError::NotFound => f.write_str("no game with this id"),
            GameError::IllegalMove { reason, turn } => {
                write!(f, "turn {turn} is illegal: {reason}")
            }
            GameError::Conflict { detail, .. } | GameError::Unprocessable { detail, .. } => {
                f.write_str(detail)
            }
        }
    }
}

impl<E: Into<ApiError>> From<E> for GameError {
    fn from(error: E) -> GameError {
        GameError::Api(error.into())
    }
}

impl GameError {
    fn conflict(code: &'static str, detail: impl Into<String>, game: &LoadedGame) -> GameError {
        GameError::Conflict {
            code,
            detail: detail.into(),
            state: Some(Box::new(GameState::of(game))),
        }
    }

    /// A refusal of the core or the clock, on `game` as it stands.
    pub fn refused(refusal: Refusal, game: &LoadedGame) -> GameError {
        match refusal {
            Refusal::Ending(EndingError::IllegalMove { reason }) => GameError::IllegalMove {
                reason,
                turn: game.next_turn(),
            },
            Refusal::Ending(EndingError::Finished) => {
                GameError::conflict("game.finished", "the game is over", game)
            }
            Refusal::Ending(EndingError::NotPlaying) => GameError::conflict(
                "game.not_playing",
                "the game is paused for counting (rule 5 bis)",
                game,
            ),
            Refusal::Ending(EndingError::NotCounting) => GameError::conflict(
                "game.not_counting",
                "the game is not paused for counting (rule 5 bis)",
                game,
            ),
            Refusal::Ending(error @ EndingError::DeadStones { .. }) => GameError::Unprocessable {
                code: "game.dead_stones",
                detail: error.to_string(),
            },
            Refusal::Ending(error) => GameError::Api(ApiError::internal(error)),
            Refusal::Clock(error) => GameError::conflict("game.clock", error.to_string(), game),
            Refusal::Paused => {
                GameError::conflict("game.paused", "the referee has paused the game", game)
            }
        }
    }
}

/// A player's clock at the instant of the response.
#[derive(Debug, Serialize, ToSchema)]
pub struct PlayerClock {
    /// Time until the flag falls if the clock ran from now; absent without time limit.
    pub total_ms: Option<u64>,
    pub main_ms: u64,
    pub periods_left: u32,
    pub period_ms_left: u64,
    pub stones_left: u32,
    pub in_overtime: bool,
    pub running: bool,
    pub out_of_time: bool,
}

impl From<PlayerTime> for PlayerClock {
    fn from(time: PlayerTime) -> PlayerClock {
        PlayerClock {
            total_ms: time.total_ms,
            main_ms: time.main_ms,
            periods_left: time.periods_left,
            period_ms_left: time.period_ms_left,
            stones_left: time.stones_left,
            in_overtime: time.in_overtime,
            running: time.running,
            out_of_time: time.out_of_time,
        }
    }
}

/// Both clocks, read by the server at `at_ms` (milliseconds since the Unix epoch).
#[derive(Debug, Serialize, ToSchema)]
pub struct Clocks {
    pub at_ms: u64,
    /// `not-started`, `running`, `paused`, `lost`, `both-out-of-time`.
    pub status: String,
    pub black: PlayerClock,
    pub white: PlayerClock,
    /// A referee paused the game.
    pub paused_by_referee: bool,
}

/// A game as it stands: the state its log replays to.
#[derive(Debug, Serialize, ToSchema)]
pub struct GameState {
    pub id: Uuid,
    pub tournament_id: Uuid,
    pub pairing_id: Uuid,
    /// The last entry of the log (`seq`): the version of the game.
    pub seq: i32,
    /// Turns played.
    pub turns: u32,
    /// The number the next turn must state.
    pub next_turn: u32,
    /// `B` or `W` while the game is in play.
    pub to_move: Option<StoneColor>,
    /// `playing`, `counting` (rule 5 bis) or `finished`.
    pub phase: String,
    /// SGF `RE` once finished (`B+7.5`, `W+R`, `B+T`, `Void`).
    pub result: Option<String>,
    /// The board, top row first: `.` empty, `X` black, `O` white.
    pub board: Vec<String>,
    pub black_prisoners: u32,
    pub white_prisoners: u32,
    /// During counting: the proposal on the table and who accepted it.
    #[schema(value_type = Object)]
    pub counting: Option<serde_json::Value>,
    /// Once counted: the basis, the dead stones, and the rule 6 / 6 bis breakdown.
    #[schema(value_type = Object)]
    pub count: Option<serde_json::Value>,
    pub clocks: Clocks,
    pub settings: GameSettings,
}

/// The conditions of a game.
#[derive(Debug, Serialize, ToSchema)]
pub struct GameSettings {
    pub ruleset: String,
    pub width: u8,
    pub height: u8,
    pub komi: f64,
    pub handicap: u32,
    /// What a dispute leads to: `strict`, `agree-again`, `four-passes`.
    pub resumption: String,
    #[schema(value_type = Object)]
    pub time_control: serde_json::Value,
    /// `lose` or `auto-pass`.
    pub flag_policy: String,
}

pub fn board_rows(game: &LoadedGame) -> Vec<String> {
    let board = game.live.game().board();
    let size = board.size();
    (0..size.height)
        .map(|y| {
            (0..size.width)
                .map(|x| match board.get(Point::new(x, y)) {
                    None => '.',
                    Some(Color::Black) => 'X',
                    Some(Color::White) => 'O',
                })
                .collect()
        })
        .collect()
}

impl GameState {
    pub fn of(game: &LoadedGame) -> GameState {
        let at = game.instant();
        let core = game.live.game();
        let settings = &game.stored.core;
        let (counting, count) = match game.live.phase() {
            Phase::Counting { agreement } => (serde_json::to_value(agreement).ok(), None),
            Phase::Finished {
                count: Some(count), ..
            } => (None, serde_json::to_value(count).ok()),
            _ => (None, None),
        };
        let status = match game.clock.status() {
            ClockStatus::NotStarted => "not-started",
            ClockStatus::Running { .. } => "running",
            ClockStatus::Paused { .. } => "paused",
            ClockStatus::Lost { .. } => "lost",
            ClockStatus::BothOutOfTime { .. } => "both-out-of-time",
        };
        let finished = game.is_finished();
        GameState {
            id: game.row.id,
            tournament_id: game.row.tournament_id,
            pairing_id: game.row.pairing_id,
            seq: game.next_seq - 1,
            turns: core.turns_played(),
            next_turn: game.next_turn(),
            to_move: if finished {
                None
            } else {
                core.to_move().map(StoneColor::from)
            },
            phase: game.projection().phase,
            result: game.result(),
            board: board_rows(game),
            black_prisoners: core.prisoners(Color::Black),
            white_prisoners: core.prisoners(Color::White),
            counting,
            count,
            clocks: Clocks {
                at_ms: at,
                status: status.to_string(),
                black: game.clock.remaining(Color::Black, at).into(),
                white: game.clock.remaining(Color::White, at).into(),
                paused_by_referee: game.referee_paused,
            },
            settings: GameSettings {
                ruleset: game.stored.ruleset.clone(),
                width: settings.start.size.width,
                height: settings.start.size.height,
                komi: settings.komi,
                handicap: settings.start.handicap,
                resumption: settings.resumption.name().to_string(),
                time_control: game.row.time_control.clone(),
                flag_policy: game.row.flag_policy.clone(),
            },
        }
    }
}

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
    /// The core's game event (`{"event": "turn", "color": "B", "action": {"move": "dd"}}`).
    #[schema(value_type = Object)]
    pub event: Option<serde_json::Value>,
    /// The core's clock event (`{"type": "turn", "color": "B", "at": ...}`).
    #[schema(value_type = Object)]
    pub clock: Option<serde_json::Value>,
    /// A ruling: `{"kind", "reason", "corrects", "color", "result", "previous_result"}`.
    #[schema(value_type = Object)]
    pub ruling: Option<serde_json::Value>,
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
            clock: row.clock,
            ruling: row.ruling,
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
    pub ruleset: Option<Ruleset>,
    /// Board side, 2 to 25 (default 19).
    #[schema(minimum = 2, maximum = 25)]
    pub board_size: Option<u8>,
    /// Default: the pairing's.
    #[schema(minimum = -150, maximum = 150, multiple_of = 0.5)]
    pub komi: Option<f64>,
    /// Default: the pairing's. Played as moves by Black (FFG).
    #[schema(minimum = 0, maximum = 9)]
    pub handicap: Option<u32>,
    /// Default: the tournament's.
    pub time_control: Option<ApiTimeControl>,
    /// `lose` (default, FFG) or `auto-pass` (BSW).
    pub flag_policy: Option<String>,
}

/// Who may change a game.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Actor {
    /// The tablet of the game's table, or the tournament's staff.
    Table,
    /// The tournament's referees (and admins).
    Referee,
}

/// The token of `caller`, if it may act as `actor` on `row`'s game.
pub fn authorize(caller: &Caller, actor: Actor, row: &GameRow) -> Result<Uuid, ApiError> {
    let Caller::Token(token) = caller else {
        return Err(ApiError::MissingToken);
    };
    let in_tournament = token.tournament_id == Some(row.tournament_id);
    let allowed = match (actor, token.role) {
        (_, Role::Admin) => true,
        (Actor::Table, Role::Table) => token.pairing_id == Some(row.pairing_id),
        (Actor::Table, Role::Organizer | Role::Referee) => in_tournament,
        (Actor::Referee, Role::Referee) => in_tournament,
        (Actor::Referee, _) => false,
    };
    if allowed {
        Ok(token.id)
    } else {
        Err(ApiError::Forbidden(match actor {
            Actor::Table => "play in this game",
            Actor::Referee => "issue rulings on this game",
        }))
    }
}

/// What a write's closure sees: the replayed game, the instant, and the caller.
pub struct Write<'a> {
    pub game: &'a mut LoadedGame,
    pub at: u64,
    pub token_id: Uuid,
}

/// How a write may be retried with its `Idempotency-Key`.
pub struct Retry {
    pub key: IdempotencyKey,
    pub fingerprint: Vec<u8>,
    /// The request can succeed only once (a turn states its number): a retry of a
    /// recorded one is refused by the game itself, so the key is looked up only then,
    /// which spares the lookup on the way of every turn.
    pub unrepeatable: bool,
}

const KEY_REUSED: &str = "this Idempotency-Key was used for another request";

/// The response kept for `key`, or a refusal when the key was used for another request.
async fn kept_response(
    connection: &mut Connection,
    token_id: Uuid,
    key: &str,
    fingerprint: &[u8],
) -> Result<Option<(i16, serde_json::Value)>, GameError> {
    match store::find_response(connection, token_id, key).await? {
        Some(stored) if stored.fingerprint != fingerprint => Err(GameError::Unprocessable {
            code: "idempotency.key_reused",
            detail: KEY_REUSED.to_string(),
        }),
        Some(stored) => Ok(Some((stored.status, stored.body))),
        None => Ok(None),
    }
}

/// How many times a write is judged again after other writes to its game got there first.
const ATTEMPTS: usize = 16;

/// Runs one write on a game (see the module's comment). `change` records entries on the
/// game; its answer is the game's state after them.
pub async fn write_game(
    (pool, cache): (&DbPool, &GameCache),
    caller: &Caller,
    actor: Actor,
    game_id: Uuid,
    retry: Retry,
    status: StatusCode,
    change: impl Fn(Write<'_>) -> Result<(), GameError>,
) -> Result<HttpResponse, GameError> {
    let mut connection = pool.get().await?;
    let connection = &mut *connection;
    let Retry {
        key,
        fingerprint,
        unrepeatable,
    } = retry;
    let status = i16::try_from(status.as_u16()).unwrap_or(200);
    for _ in 0..ATTEMPTS {
        let (mut game, cached) = match cache.take(game_id) {
            Some(game) => (game, true),
            None => (load(connection, game_id).await?, false),
        };
        let token_id = authorize(caller, actor, &game.row)?;
        if let (Some(key), false) = (&key.0, unrepeatable) {
            if let Some(kept) = kept_response(connection, token_id, key, &fingerprint).await? {
                return Ok(respond(kept));
            }
        }
        let after_seq = game.next_seq - 1;
        let at = game.instant();
        let judged = game
            .settle(at)
            .map_err(|refusal| GameError::refused(refusal, &game))
            .and_then(|_| {
                change(Write {
                    game: &mut game,
                    at,
                    token_id,
                })
            });
        if let Err(refusal) = judged {
            // A refusal stands only on the game as stored: a cached one may be behind
            // another instance's writes.
            if cached && store::last_seq(connection, game_id).await? != Some(after_seq) {
                continue;
            }
            if let (Some(key), true) = (&key.0, unrepeatable) {
                if let Some(kept) = kept_response(connection, token_id, key, &fingerprint).await? {
                    return Ok(respond(kept));
                }
            }
            return Err(refusal);
        }
        let body = serde_json::to_value(GameState::of(&game)).map_err(ApiError::internal)?;
        let response = IdempotentResponse {
            fingerprint: fingerprint.clone(),
            status,
            body,
        };
        let append = store::Append {
            kept: key.0.as_deref().map(|key| store::KeptResponse {
                token_id,
                key,
                response: &response,
            }),
            ..game.append()
        };
        match store::append(connection, &append).await {
            Ok(true) => {
                cache.put(game);
                return Ok(respond((response.status, response.body)));
            }
            // Another write got there first: judge the request again on the stored game.
            Ok(false) => continue,
            Err(diesel::result::Error::DatabaseError(
                diesel::result::DatabaseErrorKind::UniqueViolation,
                info,
            )) if info.constraint_name() == Some(store::KEY_CONSTRAINT) => {
                return Err(GameError::Unprocessable {
                    code: "idempotency.key_reused",
                    detail: KEY_REUSED.to_string(),
                })
            }
            Err(error) => return Err(error.into()),
        }
    }
    Err(GameError::Conflict {
        code: "game.contended",
        detail: format!(
            "the game changed {ATTEMPTS} times while this request was judged: send it again"
        ),
        state: None,
    })
}

/// The answer to a write, or the one kept for its `Idempotency-Key`.
fn respond((status, body): (i16, serde_json::Value)) -> HttpResponse {
    let status = u16::try_from(status)
        .ok()
        .and_then(|code| StatusCode::from_u16(code).ok())
        .unwrap_or(StatusCode::OK);
    HttpResponse::build(status).json(body)
}

/// The game, replayed (read-only).
pub async fn load(connection: &mut Connection, game_id: Uuid) -> Result<LoadedGame, GameError> {
    let row = store::find(connection, game_id)
        .await?
        .ok_or(GameError::NotFound)?;
    let log = store::events(connection, game_id).await?;
    Ok(LoadedGame::replay(row, &log).map_err(ApiError::internal)?)
}

fn check_flag_policy(name: Option<&str>) -> Result<FlagPolicy, ApiError> {
    match name {
        None | Some("lose") => Ok(FlagPolicy::Lose),
        Some("auto-pass") => Ok(FlagPolicy::AutoPass),
        Some(_) => Err(ApiError::Validation(vec![FieldError::new(
            "flag_policy",
            "must be lose or auto-pass",
        )])),
    }
}

/// Creates the game row and its first entry (the clock starts), in `connection`'s transaction.
pub async fn insert_game(
    connection: &mut Connection,
    tournament_id: Uuid,
    pairing_id: Uuid,
    stored: StoredSettings,
    control: arbitre_core::clock::TimeControl,
    policy: FlagPolicy,
    token_id: Option<Uuid>,
) -> Result<LoadedGame, GameError> {
    if store::find_by_pairing(connection, pairing_id)
        .await?
        .is_some()
    {
        return Err(GameError::Api(ApiError::Conflict {
            code: "game.exists",
            detail: "this pairing already has a game".to_string(),
        }));
    }
    let new = NewGame {
        id: Uuid::now_v7(),
        tournament_id,
        pairing_id,
        settings: serde_json::to_value(&stored).map_err(ApiError::internal)?,
        time_control: serde_json::to_value(&control).map_err(ApiError::internal)?,
        flag_policy: crate::live::flag_policy_name(policy).to_string(),
        phase: "playing".to_string(),
    };
    let row = store::insert(connection, &new).await?;
    let mut game = LoadedGame::replay(row, &[]).map_err(ApiError::internal)?;
    let at = game.instant();
    let first = game.live.game().to_move().unwrap_or(Color::Black);
    let mut start = clock_entry(ClockEvent::Start { color: first, at });
    start.kind = "start".to_string();
    game.record(start, token_id, at)
        .map_err(ApiError::internal)?;
    Ok(game)
}

/// Start the game of a pairing (its table's tablet, or the tournament's staff).
#[utoipa::path(
    post, path = "/tournaments/{tournament_id}/games", tag = "games",
    params(("tournament_id" = Uuid, Path)),
    request_body = NewGameRequest,
    responses((status = 201, description = "Started: the clock of the first player runs", body = GameState)),
    security(("bearer" = []))
)]
pub async fn create(
    pool: web::Data<DbPool>,
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
    let token_id = match &caller {
        Caller::Token(token)
            if token.role == Role::Table && token.pairing_id == Some(pairing.id) =>
        {
            token.id
        }
        _ => {
            caller.require_staff(tournament_id, "start games in this tournament")?;
            caller.token_id().unwrap_or_default()
        }
    };
    let mut violations = crate::error::Violations::new();
    let side = request.board_size.unwrap_or(19);
    if !(2..=25).contains(&side) {
        violations.add("board_size", "must be between 2 and 25");
    }
    let handicap = request
        .handicap
        .unwrap_or(u32::try_from(pairing.handicap).unwrap_or(0));
    if handicap > 9 {
        violations.add("handicap", "must be between 0 and 9");
    }
    let komi = request.komi.unwrap_or(pairing.komi);
    tournaments::check_komi(&mut violations, "komi", komi);
    let control = arbitre_core::clock::TimeControl::from(
        request
            .time_control
            .as_ref()
            .unwrap_or(&tournament.time_control),
    );
    if let Err(error) = control.validate() {
        violations.add("time_control", error.to_string());
    }
    let policy = match check_flag_policy(request.flag_policy.as_deref()) {
        Ok(policy) => policy,
        Err(_) => {
            violations.add("flag_policy", "must be lose or auto-pass");
            FlagPolicy::Lose
        }
    };
    violations.into_result()?;
    let size = BoardSize::square(side)
        .ok_or_else(|| ApiError::Validation(vec![FieldError::new("board_size", "unsupported")]))?;
    let preset = Preset::from(request.ruleset.unwrap_or(tournament.ruleset));
    let resumption: ResumptionPolicy = serde_json::to_value(tournament.dispute_policy)
        .ok()
        .and_then(|value| serde_json::from_value(value).ok())
        .unwrap_or_default();
    let start = Start {
        size,
        setup: Setup::default(),
        handicap,
        first_player: Some(Color::Black),
    };
    let stored = StoredSettings {
        ruleset: preset.name().to_string(),
        core: Settings::new(preset.rules(), start, Some(komi), resumption),
    };
    let game = connection
        .transaction::<_, GameError, _>(async move |connection| {
            let game = insert_game(
                connection,
                tournament_id,
                pairing.id,
                stored,
                control,
                policy,
                Some(token_id),
            )
            .await?;
            game.store(connection).await?;
            Ok(GameState::of(&game))
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
    pool: web::Data<DbPool>,
    path: web::Path<Uuid>,
    query: ApiQuery<PageQuery>,
) -> Result<HttpResponse, GameError> {
    let tournament_id = path.into_inner();
    let window = query.0.window()?;
    let mut connection = pool.get().await?;
    tournaments::ensure_exists(&mut connection, tournament_id).await?;
    let (rows, total) =
        store::list(&mut connection, tournament_id, window.limit, window.offset).await?;
    let items = rows.into_iter().map(GameSummary::from).collect();
    Ok(HttpResponse::Ok().json(GamePage {
        items,
        page: PageInfo::new(total, window),
    }))
}

/// A game as it stands, with both clocks read now.
#[utoipa::path(
    get, path = "/games/{game_id}", tag = "games",
    params(("game_id" = Uuid, Path)),
    responses((status = 200, description = "The game", body = GameState))
)]
pub async fn get(
    pool: web::Data<DbPool>,
    path: web::Path<Uuid>,
) -> Result<HttpResponse, GameError> {
    let mut connection = pool.get().await?;
    let game = load(&mut connection, path.into_inner()).await?;
    Ok(HttpResponse::Ok().json(GameState::of(&game)))
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

/// A turn, counting step or ruling entry, built by the submodules.
pub fn entry(kind: &str) -> Entry {
    Entry {
        kind: kind.to_string(),
        turn_number: None,
        event: None,
        clock: None,
        ruling: None,
    }
}

/// The request's identity for `Idempotency-Key`.
pub fn fingerprint_of(request: &actix_web::HttpRequest, body: &impl Serialize) -> Vec<u8> {
    let body = serde_json::to_value(body).unwrap_or_default();
    crate::live::idempotency::fingerprint(request.method().as_str(), request.path(), &body)
}
