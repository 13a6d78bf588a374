//! The referee's rulings on a live game (issue 6, §4), for the API's route and the
//! referee's hall view alike: the request checked, turned into the core's [`Decision`],
//! and applied by the game's table, which refuses what the game's state does not allow.

use crate::auth::Caller;
use crate::db::DbPool;
use crate::error::{GameError, Issue, Violations};
use crate::http::check_text;
use crate::services::live::cache::GameCache;
use crate::services::live::play::parse_point;
use crate::services::live::view::refused;
use crate::services::live::write::{write_game, Actor, Answer, Retry, Write};
use actix_web::http::StatusCode;
use arbitre_core::result::GameResult;
use arbitre_core::table::{Decision, Ruling};
use arbitre_core::Color;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use uuid::Uuid;

/// The kinds of referee ruling: the core's [`Decision`]s, as a request names them.
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

/// Checks `ruling` and has the game's table apply it, as `caller` (the
/// hall view's with no `Idempotency-Key`).
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
            violations.add_issue(
                "color",
                Issue::Required,
                "this ruling concerns a player: give the color",
            );
            Color::Black
        }
        (_, color) => color.unwrap_or(Color::Black),
    };
    if ruling.kind == RulingKind::TimeAdjustment && ruling.delta_ms.is_none_or(|delta| delta == 0) {
        violations.add_issue(
            "delta_ms",
            Issue::Required,
            "a time adjustment needs a non-zero delta_ms",
        );
    }
    if ruling
        .delta_ms
        .is_some_and(|delta| delta.unsigned_abs() > 86_400_000)
    {
        // The pages give the delta in seconds: a day either way.
        let day = 86_400;
        violations.add_issue(
            "delta_ms",
            Issue::OutOfRange {
                min: -day,
                max: day,
            },
            "must be at most a day either way",
        );
    }
    let result = match (ruling.kind, &ruling.result) {
        (RulingKind::ResultCorrection, Some(text)) => match text.parse::<GameResult>() {
            Ok(result) => result,
            Err(error) => {
                violations.add_issue("result", Issue::NotAResult, error.to_string());
                GameResult::Unknown
            }
        },
        (RulingKind::ResultCorrection, None) => {
            violations.add_issue(
                "result",
                Issue::Required,
                "a result correction needs the new result",
            );
            GameResult::Unknown
        }
        (_, Some(_)) => {
            violations.add_issue(
                "result",
                Issue::NotTaken,
                "only a result correction sets a result",
            );
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
