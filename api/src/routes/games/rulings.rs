//! `/games/{id}/rulings`: the referee's decisions, each a record in the game's log with
//! the referee, the instant, the kind and the reason. Append-only: a correction is a new
//! ruling pointing (`corrects`) at the entry it corrects. A ruling that changes the result
//! changes the game's `result`, which the standings read.

use super::play::parse_point;
use super::{entry, fingerprint_of, respond, GameEvent};
use crate::auth::Caller;
use crate::db::DbPool;
use crate::error::GameError;
use crate::error::{ApiError, FieldError, Violations};
use crate::http::{check_text, ApiJson};
use crate::services::live::cache::GameCache;
use crate::services::live::idempotency::IdempotencyKey;
use crate::services::live::view::{refused, GameState};
use crate::services::live::write::{write_game, Actor, Retry, Write};
use crate::services::live::{RulingKind, RulingRecord};
use crate::store::games as store;
use actix_web::http::StatusCode;
use actix_web::{web, HttpRequest, HttpResponse};
use arbitre_core::clock::{ClockEvent, ClockStatus};
use arbitre_core::ending::{Event, Phase};
use arbitre_core::result::GameResult;
use arbitre_core::Color;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use uuid::Uuid;

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
    pub items: Vec<GameEvent>,
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
    let ruling = body.0;
    let mut violations = Violations::new();
    check_text(&mut violations, "reason", &ruling.reason, 2000, true);
    let needs_color = matches!(
        ruling.kind,
        RulingKind::TimeAdjustment | RulingKind::Forfeit | RulingKind::Penalty
    );
    if needs_color && ruling.color.is_none() {
        violations.add("color", "this ruling concerns a player: give the color");
    }
    if ruling.kind == RulingKind::TimeAdjustment && ruling.delta_ms.is_none_or(|delta| delta == 0) {
        violations.add("delta_ms", "a time adjustment needs a non-zero delta_ms");
    }
    if ruling
        .delta_ms
        .is_some_and(|delta| delta.unsigned_abs() > 86_400_000)
    {
        violations.add("delta_ms", "must be at most a day either way");
    }
    let result = match (&ruling.kind, &ruling.result) {
        (RulingKind::ResultCorrection, Some(text)) => match text.parse::<GameResult>() {
            Ok(result) => Some(result.to_string()),
            Err(error) => {
                violations.add("result", error.to_string());
                None
            }
        },
        (RulingKind::ResultCorrection, None) => {
            violations.add("result", "a result correction needs the new result");
            None
        }
        (_, Some(_)) => {
            violations.add("result", "only a result correction sets a result");
            None
        }
        (_, None) => None,
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
    let fingerprint = fingerprint_of(&request, &ruling)?;
    write_game(
        (&pool, &cache),
        &caller,
        Actor::Referee,
        path.into_inner(),
        Retry {
            key,
            fingerprint,
            unrepeatable: false,
        },
        StatusCode::CREATED,
        move |write: Write<'_>| {
            let Write { game, at, token_id } = write;
            if let Some(seq) = ruling.corrects {
                if seq < 1 || seq >= game.next_seq {
                    return Err(ApiError::Validation(vec![FieldError::new(
                        "corrects",
                        "no entry of this game has this seq",
                    )])
                    .into());
                }
            }
            let color = ruling.color;
            let finished = game.is_finished();
            let previous_result = game.result();
            let mut record = RulingRecord {
                kind: ruling.kind,
                reason: ruling.reason.trim().to_string(),
                corrects: ruling.corrects,
                color,
                result: None,
                previous_result: previous_result.clone(),
            };
            let mut ruling_entry = entry("ruling");
            match ruling.kind {
                RulingKind::Warning => {}
                RulingKind::Penalty | RulingKind::TimeAdjustment => {
                    if let (Some(color), Some(delta_ms)) =
                        (color, ruling.delta_ms.filter(|delta| *delta != 0))
                    {
                        let reason = record.reason.clone();
                        ruling_entry.clock = Some(ClockEvent::Adjust {
                            color,
                            delta_ms,
                            reason,
                            at,
                        });
                    }
                }
                RulingKind::Pause => {
                    if matches!(game.clock.status(), ClockStatus::Running { .. }) {
                        ruling_entry.clock = Some(ClockEvent::Pause { at });
                    }
                }
                RulingKind::Resume => {
                    if !game.referee_paused {
                        return Err(GameError::Unprocessable {
                            code: "game.not_paused",
                            detail: "the referee has not paused this game".to_string(),
                        });
                    }
                }
                RulingKind::DeadStones => {
                    ruling_entry.event = Some(Event::ImposeDead { dead: dead.clone() })
                }
                RulingKind::StrictCount => ruling_entry.event = Some(Event::OrderStrictCount),
                RulingKind::Void if finished => record.result = Some(GameResult::Void.to_string()),
                RulingKind::Void => ruling_entry.event = Some(Event::Void),
                RulingKind::Forfeit => {
                    let loser = color.unwrap_or(Color::Black);
                    if finished {
                        record.result = Some(
                            GameResult::Forfeit {
                                winner: loser.opponent(),
                            }
                            .to_string(),
                        );
                    } else {
                        ruling_entry.event = Some(Event::Forfeit { color: loser });
                    }
                }
                RulingKind::ResultCorrection => record.result = result.clone(),
            }
            if matches!(
                ruling.kind,
                RulingKind::DeadStones | RulingKind::StrictCount
            ) && finished
            {
                return Err(refused(
                    arbitre_core::ending::EndingError::Finished.into(),
                    game,
                ));
            }
            if ruling.kind == RulingKind::DeadStones
                && !matches!(game.live.phase(), Phase::Counting { .. })
            {
                return Err(refused(
                    arbitre_core::ending::EndingError::NotCounting.into(),
                    game,
                ));
            }
            ruling_entry.ruling = Some(record);
            game.record(ruling_entry, Some(token_id), at)
                .and_then(|()| game.follow_phase(at))
                .map_err(|refusal| refused(refusal, game))
        },
    )
    .await
    .and_then(respond)
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
    Ok(HttpResponse::Ok().json(GameRulingList {
        items: rows.into_iter().map(GameEvent::from).collect(),
    }))
}
