//! A pairing's result recorded by the staff: one at a time (the result's page, the API)
//! or a whole round typed from the paper sheets in the results grid, each through the
//! same audited path (a ruling on the pairing, or on its game when it was played at a
//! tablet), with who recorded it and why.

use crate::auth::Caller;
use crate::db::DbPool;
use crate::error::{ApiError, GameError, Issue, Resource, Violations};
use crate::http::check_text;
use crate::services::live::cache::GameCache;
use crate::services::live::idempotency::{fingerprint_of, IdempotencyKey};
use crate::services::live::view::{conflict, refused};
use crate::services::live::write::{write_game, Actor, Retry, Write};
use crate::services::rulings::RulingTerms;
use crate::store::games as game_store;
use crate::store::pairings as pairing_store;
use crate::store::rounds as round_store;
use crate::store::standings as store;
use actix_web::HttpRequest;
use arbitre_core::fields::FieldIssue;
use arbitre_core::result::GameResult as SgfResult;
use arbitre_core::round::RoundAction;
use arbitre_core::standings::{read_entry, EntryError, Recorded};
use arbitre_core::table::{check_result, Decision, Ruling};
use arbitre_core::tournament_board;
use diesel_async::AsyncConnection;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use uuid::Uuid;

/// The result of a pairing's game to record.
#[derive(Debug, Deserialize, Serialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct ResultChange {
    /// SGF `RE`: `B+3.5`, `W+R` (resignation), `B+T` (time), `W+F` (forfeit: won by
    /// default, not rated), `B+` (margin not recorded), `0` or `Draw` (jigo), `Void`
    /// (annulled); `?` forgets the result of a pairing without a game. Or, for a pairing
    /// without a game, OpenGotha's names of the results SGF has no word for:
    /// `RESULT_BOTHWIN`, `RESULT_BOTHLOSE` (and `…_BYDEF`). Required; a margin must be one
    /// the komi allows (half points only with a komi that has one).
    #[schema(example = "B+3.5", max_length = 40)]
    pub result: Option<String>,
    /// Why, kept with the change (default: "result recorded by hand").
    #[schema(max_length = 2000)]
    pub reason: Option<String>,
}

/// Records the result of the pairing `at` (tournament, round, pairing) through its
/// audited path, for the route and the organizer's pages alike: the result recorded (SGF
/// `RE`, or OpenGotha's name of both win or both lose).
pub async fn record(
    pool: &DbPool,
    cache: &GameCache,
    caller: &Caller,
    request: &HttpRequest,
    at: (Uuid, i32, Uuid),
    change: ResultChange,
) -> Result<Option<String>, GameError> {
    let (tournament_id, number, pairing_id) = at;
    caller.require_staff(tournament_id, "record results in this tournament")?;
    let mut violations = Violations::new();
    let unknown = Recorded::Sgf(SgfResult::Unknown);
    let recorded = match change.result.as_deref() {
        None => {
            violations.add_issue(
                "result",
                Issue::Required,
                "required: the result, in SGF RE syntax",
            );
            unknown
        }
        Some(text) if text.chars().count() > 40 => {
            violations.add_check("result", FieldIssue::TooLong(40));
            unknown
        }
        Some(text) => Recorded::read(text).unwrap_or_else(|error| {
            violations.add_issue("result", Issue::NotAResult, error.to_string());
            unknown
        }),
    };
    let reason = change
        .reason
        .as_deref()
        .unwrap_or("result recorded by hand")
        .trim()
        .to_string();
    check_text(&mut violations, "reason", &reason, 2000, true);
    violations.into_result()?;
    let issued_by = caller.token_id().ok_or(ApiError::MissingToken)?;
    let mut connection = pool.get().await?;
    let round = round_store::find(&mut connection, tournament_id, number)
        .await?
        .ok_or(ApiError::NotFound(Resource::Round))?;
    let pairing = pairing_store::find(&mut connection, round.id, pairing_id)
        .await?
        .ok_or(ApiError::NotFound(Resource::Pairing))?;
    round.allows(true, RoundAction::RecordResult, || {
        format!(
            "start it (POST /tournaments/{tournament_id}/rounds/{number}/start), then record \
             its results"
        )
    })?;
    if let Some(game) = game_store::find_by_pairing(&mut connection, pairing_id).await? {
        drop(connection);
        let Recorded::Sgf(recorded) = recorded else {
            return Err(GameError::Unprocessable {
                code: "result.game_played",
                detail: "the pairing's game was played at a tablet: its result is one of \
                         SGF's (both win or both lose are for games without a record)"
                    .to_string(),
                refusal: None,
            });
        };
        let fingerprint = fingerprint_of(request, &change)?;
        let ruling = Ruling {
            decision: Decision::ResultCorrection { result: recorded },
            reason,
            corrects: None,
        };
        let (_, state) = write_game(
            (pool, cache),
            caller,
            Actor::Referee,
            game.id,
            Retry {
                key: IdempotencyKey(None),
                fingerprint,
                unrepeatable: false,
            },
            actix_web::http::StatusCode::OK,
            move |write: Write<'_>| {
                let Write { game, at, token_id } = write;
                if !game.table.is_finished() {
                    let detail = "the pairing's game is still running: a referee rules on the game";
                    return Err(conflict("game.running", detail, game));
                }
                game.rule(ruling.clone(), at, token_id)
                    .map_err(|refusal| refused(refusal, game))
            },
        )
        .await?;
        return Ok(state["result"].as_str().map(str::to_string));
    }
    let sgf = recorded.sgf();
    let canonical = sgf.clone().or(recorded.opengotha().map(str::to_string));
    let json = |terms: RulingTerms| serde_json::to_value(terms).map_err(ApiError::internal);
    let previous = json(RulingTerms::with_result(&pairing, pairing.result.clone()))?;
    let changes = json(RulingTerms::with_result(&pairing, canonical.clone()))?;
    connection
        .transaction::<_, GameError, _>(async |connection| {
            // No game: the pairing's own ruling, on the pairing's komi and the tournament's
            // board, held (a result recorded keeps the board as it is).
            let side = crate::services::tournaments::held_board(connection, tournament_id).await?;
            if let Some(result) = recorded.sgf_known() {
                let board = tournament_board::board(side);
                check_result(&result, pairing.komi, board).map_err(|error| {
                    GameError::Unprocessable {
                        code: error.code(),
                        detail: error.to_string(),
                        refusal: None,
                    }
                })?;
            }
            pairing_store::insert_ruling(
                connection, pairing_id, issued_by, &reason, previous, changes,
            )
            .await?;
            store::set_result(connection, pairing_id, sgf.as_deref(), recorded.opengotha()).await?;
            // On the tournament's stream, as a game's result is: the live pages show
            // paper results too.
            game_store::record_pairing_result(
                connection,
                tournament_id,
                pairing_id,
                canonical.as_deref(),
                issued_by,
            )
            .await?;
            Ok(())
        })
        .await?;
    Ok(canonical)
}

/// A line of the results grid recorded: at which table, the pairing, and its result
/// before and after (SGF `RE` or OpenGotha's name; `None` while unknown).
#[derive(Debug)]
pub struct Entered {
    pub table: i32,
    pub pairing_id: Uuid,
    pub before: Option<String>,
    pub after: Option<String>,
}

/// What the grid refuses or the recording refused.
#[derive(Debug)]
pub enum EntryRefused {
    /// The line is not a table and a result (the core's reading).
    Unread(EntryError),
    /// No pairing of the round at that table.
    NoTable(u32),
    Refused(GameError),
}

impl From<GameError> for EntryRefused {
    fn from(error: GameError) -> EntryRefused {
        EntryRefused::Refused(error)
    }
}

impl From<ApiError> for EntryRefused {
    fn from(error: ApiError) -> EntryRefused {
        EntryRefused::Refused(GameError::Api(error))
    }
}

/// Records one line of the results grid of round `number` (`12b`, `7=`, `31 w3.5`: the
/// core reads it, [`read_entry`]), through [`record`]: the same checks and audit as a
/// result entered alone.
pub async fn enter(
    pool: &DbPool,
    cache: &GameCache,
    caller: &Caller,
    request: &HttpRequest,
    (tournament_id, number): (Uuid, i32),
    line: &str,
) -> Result<Entered, EntryRefused> {
    caller.require_staff(tournament_id, "record results in this tournament")?;
    let entry = read_entry(line).map_err(EntryRefused::Unread)?;
    let mut connection = pool.get().await.map_err(ApiError::from)?;
    let round = round_store::find(&mut connection, tournament_id, number)
        .await
        .map_err(ApiError::from)?
        .ok_or(ApiError::NotFound(Resource::Round))?;
    let pairing = pairing_store::all_of_round(&mut connection, round.id)
        .await
        .map_err(ApiError::from)?
        .into_iter()
        .find(|pairing| u32::try_from(pairing.table_number).ok() == Some(entry.table))
        .ok_or(EntryRefused::NoTable(entry.table))?;
    drop(connection);
    let before = pairing.result.clone().or(pairing.opengotha_result.clone());
    let text = entry
        .result
        .sgf()
        .or(entry.result.opengotha().map(str::to_string))
        .unwrap_or_else(|| "?".to_string());
    let change = ResultChange {
        result: Some(text),
        reason: None,
    };
    let at = (tournament_id, number, pairing.id);
    let after = record(pool, cache, caller, request, at, change).await?;
    Ok(Entered {
        table: pairing.table_number,
        pairing_id: pairing.id,
        before,
        after,
    })
}
