//! `/games/{id}/rulings`: the referee's decisions, each a record in the game's log with
//! the referee, the instant, the kind and the reason. Append-only: a correction is a new
//! ruling pointing (`corrects`) at the entry it corrects. A ruling that changes the result
//! changes the game's `result`, which the standings read.

use super::GameEvent;
use crate::auth::Caller;
use crate::db::DbPool;
use crate::error::GameError;
use crate::error::Violations;
use crate::http::{check_text, ApiJson};
use crate::services::live::cache::GameCache;
use crate::services::live::idempotency::fingerprint_of;
use crate::services::live::idempotency::IdempotencyKey;
use crate::services::live::play::parse_point;
use crate::services::live::view::{refused, GameState};
use crate::services::live::write::respond;
use crate::services::live::write::{write_game, Actor, Answer, Retry, Write};
use crate::store::games as store;
use crate::store::tokens;
use actix_web::http::StatusCode;
use actix_web::{web, HttpRequest, HttpResponse};
use arbitre_core::result::GameResult;
use arbitre_core::table::{Decision, Ruling};
use arbitre_core::Color;
use serde::{Deserialize, Serialize};
use std::collections::HashMap;
use utoipa::ToSchema;
use uuid::Uuid;

/// The kinds of referee ruling (issue 6, §4): the core's [`Decision`]s, as a request
/// names them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum RulingKind {
    /// A penalty for an illegal move (time taken off with `delta_ms`, or noted only).
    Penalty,
    /// Main time added (`delta_ms` > 0) or removed.
    TimeAdjustment,
    /// Both clocks stop.
    Pause,
    /// Play resumes.
    Resume,
    /// The referee decides the dead stones of a disputed count.
    DeadStones,
    /// Rules 5 and 6: count as it stands (during counting) or at the next two passes.
    StrictCount,
    /// No result: a long cycle under the simple ko rule, or a game to replay.
    Void,
    /// `color` forfeits, or did not show.
    Forfeit,
    /// The result is replaced by `result` (and a running game ends with it).
    ResultCorrection,
    /// A warning, recorded only.
    Warning,
}

/// A referee ruling.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct NewGameRuling {
    pub kind: RulingKind,
    /// Why (kept with the ruling).
    #[schema(min_length = 1, max_length = 2000)]
    pub reason: String,
    /// The player concerned: penalty, time adjustment, forfeit, warning.
    pub color: Option<Color>,
    /// Penalty or time adjustment: main time added (> 0) or removed (< 0), in ms.
    pub delta_ms: Option<i64>,
    /// Dead-stone decision: a point of each dead chain (SGF coordinates).
    #[serde(default)]
    pub dead: Vec<String>,
    /// Result correction: the new SGF `RE` (`B+R`, `W+2.5`, `0`, `Void`).
    pub result: Option<String>,
    /// The log entry (`seq`) this ruling corrects.
    pub corrects: Option<i32>,
}

/// A game's rulings, oldest first: the audit trail.
#[derive(Debug, Serialize, ToSchema)]
pub struct GameRulingList {
    pub items: Vec<GameRulingEntry>,
}

/// A ruling of the log, with its author's label beside the token id.
#[derive(Debug, Serialize, ToSchema)]
pub struct GameRulingEntry {
    #[serde(flatten)]
    pub entry: GameEvent,
    /// The label of the token that issued it (`Marie (referee)`).
    pub issued_by_label: Option<String>,
}

/// Issue a ruling (the tournament's referees).
#[utoipa::path(
    post, path = "/games/{game_id}/rulings", tag = "games",
    params(("game_id" = Uuid, Path), ("Idempotency-Key" = Option<String>, Header, description = "A retry with the same key returns the first response")),
    request_body = NewGameRuling,
    responses(
        (status = 201, description = "Recorded; the game after it", body = GameState),
        (status = 409, description = "Not possible in the game's state, or `game.contended`: the game changed under the request too often, send it again", body = crate::error::Problem, content_type = "application/problem+json"),
    ),
    security(("bearer" = []))
)]
pub async fn rule(
    pool: web::Data<DbPool>,
    cache: web::Data<GameCache>,
    caller: Caller,
    request: HttpRequest,
    key: IdempotencyKey,
    path: web::Path<Uuid>,
    body: ApiJson<NewGameRuling>,
) -> Result<HttpResponse, GameError> {
    let fingerprint = fingerprint_of(&request, &body.0)?;
    let retry = Retry {
        key,
        fingerprint,
        unrepeatable: false,
    };
    issue((&pool, &cache), &caller, path.into_inner(), body.0, retry)
        .await
        .and_then(respond)
}

/// Checks `ruling` and has the game's table apply it, as `caller`: the route's work,
/// which the referee's hall view calls too (with no `Idempotency-Key`).
pub async fn issue(
    (pool, cache): (&DbPool, &GameCache),
    caller: &Caller,
    game_id: Uuid,
    ruling: NewGameRuling,
    retry: Retry,
) -> Result<Answer, GameError> {
    let mut violations = Violations::new();
    check_text(&mut violations, "reason", &ruling.reason, 2000, true);
    let color = match (ruling.kind, ruling.color) {
        (RulingKind::TimeAdjustment | RulingKind::Forfeit | RulingKind::Penalty, None) => {
            violations.add("color", "this ruling concerns a player: give the color");
            Color::Black
        }
        (_, color) => color.unwrap_or(Color::Black),
    };
    if ruling.kind == RulingKind::TimeAdjustment && ruling.delta_ms.is_none_or(|delta| delta == 0) {
        violations.add("delta_ms", "a time adjustment needs a non-zero delta_ms");
    }
    if ruling
        .delta_ms
        .is_some_and(|delta| delta.unsigned_abs() > 86_400_000)
    {
        violations.add("delta_ms", "must be at most a day either way");
    }
    let result = match (ruling.kind, &ruling.result) {
        (RulingKind::ResultCorrection, Some(text)) => match text.parse::<GameResult>() {
            Ok(result) => result,
            Err(error) => {
                violations.add("result", error.to_string());
                GameResult::Unknown
            }
        },
        (RulingKind::ResultCorrection, None) => {
            violations.add("result", "a result correction needs the new result");
            GameResult::Unknown
        }
        (_, Some(_)) => {
            violations.add("result", "only a result correction sets a result");
            GameResult::Unknown
        }
        (_, None) => GameResult::Unknown,
    };
    let corrects = match ruling.corrects.map(u32::try_from) {
        Some(Ok(0) | Err(_)) => {
            violations.add("corrects", "must be the seq of an entry of this game");
            None
        }
        Some(Ok(seq)) => Some(seq),
        None => None,
    };
    if ruling.dead.len() > 2704 {
        violations.add("dead", "too many points");
    }
    violations.into_result()?;
    let dead = ruling
        .dead
        .iter()
        .enumerate()
        .map(|(index, text)| parse_point(&format!("dead[{index}]"), text))
        .collect::<Result<Vec<_>, _>>()?;
    let decision = match ruling.kind {
        RulingKind::Warning => Decision::Warning {
            color: ruling.color,
        },
        RulingKind::Penalty => Decision::Penalty {
            color,
            delta_ms: ruling.delta_ms,
        },
        RulingKind::TimeAdjustment => Decision::TimeAdjustment {
            color,
            delta_ms: ruling.delta_ms.unwrap_or_default(),
        },
        RulingKind::Pause => Decision::Pause,
        RulingKind::Resume => Decision::Resume,
        RulingKind::DeadStones => Decision::DeadStones { dead },
        RulingKind::StrictCount => Decision::StrictCount,
        RulingKind::Void => Decision::Void,
        RulingKind::Forfeit => Decision::Forfeit { color },
        RulingKind::ResultCorrection => Decision::ResultCorrection { result },
    };
    let ruling = Ruling {
        decision,
        reason: ruling.reason.trim().to_string(),
        corrects,
    };
    write_game(
        (pool, cache),
        caller,
        Actor::Referee,
        game_id,
        retry,
        StatusCode::CREATED,
        move |write: Write<'_>| {
            let Write { game, at, token_id } = write;
            game.rule(ruling.clone(), at, token_id)
                .map_err(|refusal| refused(refusal, game))
        },
    )
    .await
}

/// The rulings of a game, oldest first, with who issued each and when.
#[utoipa::path(
    get, path = "/games/{game_id}/rulings", tag = "games",
    params(("game_id" = Uuid, Path)),
    responses((status = 200, description = "The audit trail", body = GameRulingList))
)]
pub async fn list(
    pool: web::Data<DbPool>,
    path: web::Path<Uuid>,
) -> Result<HttpResponse, GameError> {
    let game_id = path.into_inner();
    let mut connection = pool.get().await?;
    store::find(&mut connection, game_id)
        .await?
        .ok_or(GameError::NotFound)?;
    let rows = store::rulings(&mut connection, game_id).await?;
    let ids: Vec<Uuid> = rows.iter().filter_map(|row| row.issued_by).collect();
    let labels: HashMap<Uuid, String> = tokens::labels(&mut connection, &ids)
        .await?
        .into_iter()
        .collect();
    let items = rows
        .into_iter()
        .map(|row| GameRulingEntry {
            issued_by_label: row.issued_by.and_then(|id| labels.get(&id).cloned()),
            entry: GameEvent::from(row),
        })
        .collect();
    Ok(HttpResponse::Ok().json(GameRulingList { items }))
}
