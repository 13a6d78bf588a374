//! The live-game write (see the module comment of `routes::games`): every write judges
//! the request on the game as replayed through the core (kept between requests by the
//! [`GameCache`]), then stores it in one statement, committed before the answer is sent:
//! the entries, the projection, the response kept for its `Idempotency-Key`. That
//! statement writes only if the game's row is still at the entry the request was judged
//! on; if another write got there first, the request is judged again on the stored game.
//! A refusal is answered only once the stored game is known to be the one it was judged on.

use crate::access::Role;
use crate::auth::Caller;
use crate::db::{Connection, DbPool};
use crate::error::{ApiError, GameError};
use crate::services::live::cache::GameCache;
use crate::services::live::idempotency::IdempotencyKey;
use crate::services::live::view::{refused, state_of, GameState};
use crate::services::live::{LoadedGame, ServerClock, StoredSettings};
use crate::store::games::{self as store, GameRow, IdempotentResponse, NewGame};
use actix_web::http::StatusCode;
use actix_web::HttpResponse;
use arbitre_core::clock::FlagPolicy;
use arbitre_core::table::{Input, TableEvent};
use uuid::Uuid;

/// The answer to a write: its status and body, as kept for its `Idempotency-Key`.
pub type Answer = (i16, serde_json::Value);

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
            refusal: None,
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
) -> Result<Answer, GameError> {
    let mut connection = pool.get().await?;
    let connection = &mut *connection;
    let Retry {
        key,
        fingerprint,
        unrepeatable,
    } = retry;
    let status = i16::try_from(status.as_u16()).map_err(ApiError::internal)?;
    for _ in 0..ATTEMPTS {
        let (mut game, cached) = match cache.take(game_id) {
            Some(game) => (game, true),
            None => (load(connection, cache, game_id).await?, false),
        };
        let token_id = authorize(caller, actor, &game.row)?;
        if let (Some(key), false) = (&key.0, unrepeatable) {
            if let Some(kept) = kept_response(connection, token_id, key, &fingerprint).await? {
                return Ok(kept);
            }
        }
        let after_seq = game.next_seq() - 1;
        let at = game.instant();
        let judged = game
            .settle(at)
            .map_err(|refusal| refused(refusal, &game))
            .and_then(|()| {
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
                    return Ok(kept);
                }
            }
            // A step refused because the game had moved on is kept in the log for the
            // referee (issue 43): stored, with the flags that fell before it, before the
            // refusal is answered.
            if game
                .pending
                .iter()
                .any(|entry| matches!(entry.event, TableEvent::Refused { .. }))
            {
                match store::append(connection, &game.append()).await {
                    Ok(true) => cache.put(game),
                    Ok(false) => continue,
                    Err(error) => return Err(error.into()),
                }
            }
            return Err(refusal);
        }
        let body = state_of(&game)?;
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
                return Ok((response.status, response.body));
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
                    refusal: None,
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
        refusal: None,
    })
}

/// The game, replayed (read-only).
pub async fn load(
    connection: &mut Connection,
    cache: &GameCache,
    game_id: Uuid,
) -> Result<LoadedGame, GameError> {
    let row = store::find(connection, game_id)
        .await?
        .ok_or(GameError::NotFound)?;
    let log = store::events(connection, game_id).await?;
    Ok(LoadedGame::replay(row, &log, cache.clock().clone()).map_err(ApiError::internal)?)
}

/// A new game: whose, and on what terms.
pub struct NewGameTerms {
    pub tournament_id: Uuid,
    pub pairing_id: Uuid,
    pub stored: StoredSettings,
    pub control: arbitre_core::clock::TimeControl,
    pub policy: FlagPolicy,
}

/// Creates the game row and its first entry (the clock starts at `clock`'s now), in
/// `connection`'s transaction.
pub async fn insert_game(
    (connection, clock): (&mut Connection, &ServerClock),
    terms: NewGameTerms,
    token_id: Option<Uuid>,
) -> Result<LoadedGame, GameError> {
    let mut game = insert_unstarted((connection, clock), terms).await?;
    let at = game.instant();
    game.handle(Input::Start { at }, token_id)
        .map_err(|refusal| refused(refusal, &game))?;
    Ok(game)
}

/// The row of a new game of the pairing (409 `game.exists` when it has one), its table
/// not started: the caller gives it its log (an imported record's, which starts it).
pub async fn insert_unstarted(
    (connection, clock): (&mut Connection, &ServerClock),
    NewGameTerms {
        tournament_id,
        pairing_id,
        stored,
        control,
        policy,
    }: NewGameTerms,
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
        flag_policy: policy.name().to_string(),
        phase: "playing".to_string(),
    };
    let row = store::insert(connection, &new).await?;
    Ok(LoadedGame::open(row, clock.clone()).map_err(ApiError::internal)?)
}

/// The game as it stands now, from the cache when it holds the stored game (one cheap
/// read of the row's `last_seq`), else replayed once and kept for the next readers.
pub async fn current(
    connection: &mut Connection,
    cache: &GameCache,
    game_id: uuid::Uuid,
) -> Result<GameState, GameError> {
    let last_seq = store::last_seq(connection, game_id)
        .await?
        .ok_or(GameError::NotFound)?;
    if let Some(state) = cache.read(game_id, last_seq, GameState::of) {
        return Ok(state?);
    }
    let game = load(connection, cache, game_id).await?;
    let state = GameState::of(&game)?;
    cache.put(game);
    Ok(state)
}

/// The answer to a write, or the one kept for its `Idempotency-Key` (a kept status that
/// is not one is a defect of the store, not a 200).
pub fn respond((status, body): Answer) -> Result<HttpResponse, GameError> {
    let status = u16::try_from(status)
        .map_err(ApiError::internal)
        .and_then(|code| StatusCode::from_u16(code).map_err(ApiError::internal))?;
    Ok(HttpResponse::build(status).json(body))
}
