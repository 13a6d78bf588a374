//! SGF: `GET /games/{id}/sgf` writes a game (moves, `BL`/`WL` times, result, ruleset,
//! komi, handicap, players, event); `POST /tournaments/{id}/games/import` records a
//! finished game from its SGF, verified by the core first (an illegal record is refused
//! with the turn and the reason). An import is one finished game: a collection of several
//! games, a record without a result (unless the staff give it) and a record longer than
//! `arbitre_core::history::MAX_TURNS` are refused before anything is replayed. How a
//! record becomes a table, and a table a record, is the core's
//! (`Table::from_record`, `Table::record`); this module reads, authorizes, asks and stores.

use crate::access::Role;
use crate::auth::Caller;
use crate::db::DbPool;
use crate::error::GameError;
use crate::error::{ApiError, FieldError, Resource};
use crate::http::{check_text, ApiJson};
use crate::routes::pairings::RulingTerms;
use crate::services::heavy::{Class, Workshop};
use crate::services::live::cache::GameCache;
use crate::services::live::view::GameState;
use crate::services::live::write::{insert_unstarted, load, NewGameTerms};
use crate::services::live::{decode, StoredSettings};
use crate::services::tournaments;
use crate::store::games as store;
use crate::store::pairings::{self as pairing_store, PairingRow};
use crate::store::players;
use actix_web::http::header;
use actix_web::{web, HttpResponse};
use arbitre_core::history::{GameRecord, ReadWarning};
use arbitre_core::record_check;
use arbitre_core::table::{
    imported_result, read_one, record_preset, record_terms, RecordError, Recording, Table,
    TableError, Terms,
};
use arbitre_core::verify::{self, VerifyOptions};
use arbitre_core::{tournament_board, Color};
use diesel_async::AsyncConnection;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use uuid::Uuid;

/// The game as SGF `FF[4]`.
#[utoipa::path(
    get, path = "/games/{game_id}/sgf", tag = "games",
    params(("game_id" = Uuid, Path)),
    responses((status = 200, description = "The record", content_type = "application/x-go-sgf", body = String))
)]
pub async fn export(
    pool: web::Data<DbPool>,
    cache: web::Data<GameCache>,
    path: web::Path<Uuid>,
) -> Result<HttpResponse, GameError> {
    let game_id = path.into_inner();
    let mut connection = pool.get().await?;
    let game = load(&mut connection, &cache, game_id).await?;
    let rows = store::events(&mut connection, game_id).await?;
    let log = rows.iter().map(decode).collect::<Result<Vec<_>, _>>();
    let log = log.map_err(ApiError::internal)?;
    let mut record = Table::record(game.table.terms().clone(), &game.ruleset, &log)
        .map_err(ApiError::internal)?;
    let tournament = tournaments::load(&mut connection, game.row.tournament_id).await?;
    record.info.event = Some(tournament.name);
    record.info.place = Some(tournament.place);
    if let Some((pairing, _)) = store::pairing(&mut connection, game.row.pairing_id).await? {
        for (color, player_id) in [
            (Color::Black, pairing.black_id),
            (Color::White, pairing.white_id),
        ] {
            if let Some(player) = players::find(&mut connection, tournament.id, player_id).await? {
                let name = Some(format!("{} {}", player.surname, player.first_name));
                let rank = Some(player.rank);
                match color {
                    Color::Black => (record.info.black_name, record.info.black_rank) = (name, rank),
                    Color::White => (record.info.white_name, record.info.white_rank) = (name, rank),
                }
            }
        }
    }
    Ok(HttpResponse::Ok()
        .insert_header((header::CONTENT_TYPE, "application/x-go-sgf; charset=utf-8"))
        .body(arbitre_core::sgf::write(&record)))
}

/// A finished game to record from its SGF.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct GameImport {
    /// The pairing the game was played for (it must not have a game yet).
    pub pairing_id: Uuid,
    /// The SGF `FF[4]` record: one game tree (a collection of several is refused, 422
    /// `sgf.collection`), of at most 10000 turns (422 `sgf.too_many_turns`).
    pub sgf: String,
    /// The result to record, in SGF `RE` syntax (`B+3.5`, `W+R`, `0`, `Void`): the staff's
    /// word for a record without one (its `RE` missing or `?`), which is otherwise refused
    /// (422 `sgf.no_result`) since an imported game is finished. When given, it is the
    /// game's result whatever the record's `RE` says.
    #[schema(example = "W+R", max_length = 40)]
    pub result: Option<String>,
    /// Why the staff import a record that differs from its pairing. Without it, a record
    /// whose players (`PB`, `PW`: names compared with accents and case folded), komi,
    /// handicap or ruleset differ from the pairing's and the tournament's is
    /// refused (422 `sgf.pairing_mismatch`, each property named with both values); with
    /// it, the game is recorded on the record's own terms, the terms overridden listed in
    /// its `settings.overrides`, and the reason kept in the ruling that records its result.
    #[schema(
        min_length = 1,
        max_length = 2000,
        pattern = r"^[^\x00-\x1f\x7f-\x9f]*[^\s\x00-\x1f\x7f-\x9f][^\x00-\x1f\x7f-\x9f]*$"
    )]
    pub override_reason: Option<String>,
}

/// An imported game as it stands, with what reading its record tolerated (`HA[7.5]`,
/// ...): the staff see at once what the file got wrong.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
pub struct ImportedGame {
    #[serde(flatten)]
    pub game: GameState,
    pub warnings: Vec<ReadWarning>,
    /// The result recorded by hand before the record came, which the record's replaced:
    /// kept in the pairing's rulings (`GET …/pairings/{id}/rulings`).
    pub replaced_result: Option<String>,
}

/// Record a finished game from its SGF (the tournament's staff): verified by the core;
/// an illegal record is refused with the turn and the reason, and nothing is stored.
#[utoipa::path(
    post, path = "/tournaments/{tournament_id}/games/import", tag = "games",
    params(("tournament_id" = Uuid, Path)),
    request_body = GameImport,
    responses(
        (status = 201, description = "Recorded, with what reading the record tolerated", body = ImportedGame),
        (status = 422, description = "Unreadable or illegal record", body = crate::error::Problem, content_type = "application/problem+json"),
    ),
    security(("bearer" = []))
)]
pub async fn import(
    pool: web::Data<DbPool>,
    cache: web::Data<GameCache>,
    workshop: web::Data<Workshop>,
    caller: Caller,
    path: web::Path<Uuid>,
    body: ApiJson<GameImport>,
) -> Result<HttpResponse, GameError> {
    let tournament_id = path.into_inner();
    let token_id = match &caller {
        Caller::Token(token) if token.role != Role::Table => Some(token.id),
        _ => None,
    };
    let mut request = body.0;
    // Reading and verifying a record of up to MAX_TURNS turns is heavy work: it runs on
    // the heavy work's pool, in the staff's lane, never on a request worker.
    let sgf = std::mem::take(&mut request.sgf);
    let record = workshop
        .run(Class::Staff, move || read_one(sgf.as_bytes()))
        .await?
        .map_err(refused_record)?;
    let mut connection = pool.get().await?;
    let tournament = tournaments::load(&mut connection, tournament_id).await?;
    let Some((pairing, pairing_tournament)) =
        store::pairing(&mut connection, request.pairing_id).await?
    else {
        return Err(ApiError::NotFound(Resource::Pairing).into());
    };
    if pairing_tournament != tournament_id {
        return Err(ApiError::NotFound(Resource::Pairing).into());
    }
    // A record on another board is no game of this tournament, whatever the reason
    // (checked again, the board held, as the game is recorded).
    tournament_board::check_game_board(tournament.board_size, record.size)?;
    let size = record.size;
    let preset = record_preset(&record, tournament.ruleset);
    let (record, verdict) = workshop
        .run(Class::Staff, move || {
            let verdict = verify::verify(&record, preset.rules(), VerifyOptions::default());
            (record, verdict)
        })
        .await?;
    if let Some(illegal) = verdict.error {
        return Err(GameError::IllegalMove {
            reason: illegal.reason,
            turn: illegal.turn,
        });
    }
    let result = imported_result(request.result.as_deref(), record.result.as_deref())
        .map_err(refused_record)?;
    let mut violations = crate::error::Violations::new();
    crate::store::settings::check_komi(
        &mut violations,
        "sgf.KM",
        record.komi.unwrap_or(pairing.komi),
    );
    if let Some(reason) = &request.override_reason {
        check_text(&mut violations, "override_reason", reason, 2000, true);
    }
    violations.into_result()?;
    let overrides = check_against_pairing(
        &mut connection,
        &record,
        &pairing,
        &tournament,
        request.override_reason.is_some(),
    )
    .await?;
    let terms =
        record_terms(&record, preset, pairing.komi).map_err(|error| GameError::Unprocessable {
            code: error.code(),
            detail: error.to_string(),
            refusal: None,
        })?;
    let Terms {
        settings,
        time_control,
        flag_policy,
    } = terms;
    let stored = StoredSettings {
        ruleset: preset.name().to_string(),
        core: settings,
        overrides: overrides.iter().map(|term| term.to_string()).collect(),
    };
    let warnings = record.warnings.clone();
    let reason = match (&request.override_reason, overrides.is_empty()) {
        (Some(reason), false) => format!(
            "imported from an SGF record, its {} overriding the pairing's: {}",
            overrides.join(", "),
            reason.trim()
        ),
        _ => IMPORTED.to_string(),
    };
    // A result recorded by hand before the record came is replaced by a ruling on the
    // pairing that keeps it, as every other change of a result is.
    let replaced_result = pairing.result.clone();
    let replaced = match &pairing.result {
        Some(previous) => {
            let issued_by = token_id.ok_or(ApiError::MissingToken)?;
            let json = |terms: RulingTerms| serde_json::to_value(terms).map_err(ApiError::internal);
            Some((
                issued_by,
                json(RulingTerms::with_result(&pairing, Some(previous.clone())))?,
                json(RulingTerms::with_result(&pairing, Some(result.to_string())))?,
            ))
        }
        None => None,
    };
    let state = connection
        .transaction::<_, GameError, _>(async move |connection| {
            tournaments::hold_game_board(connection, tournament_id, size).await?;
            let terms = NewGameTerms {
                tournament_id,
                pairing_id: pairing.id,
                stored,
                control: time_control,
                policy: flag_policy,
            };
            let mut game = insert_unstarted((connection, cache.clock()), terms).await?;
            if let Some((issued_by, previous, changes)) = replaced {
                let reason = "result replaced by the imported SGF record";
                pairing_store::insert_ruling(
                    connection, pairing.id, issued_by, reason, previous, changes,
                )
                .await?;
            }
            // The core plays the record at a table; the game stores that table's log.
            let recording = Recording {
                result,
                reason,
                by: token_id.map(|id| id.to_string()).unwrap_or_default(),
                at: game.instant(),
            };
            let refused = |error: TableError| GameError::Unprocessable {
                code: error.code(),
                detail: error.to_string(),
                refusal: None,
            };
            let (_, log) = Table::from_record(game.table.terms().clone(), &record, recording)
                .map_err(refused)?;
            game.adopt(log, token_id).map_err(refused)?;
            game.store(connection).await?;
            Ok(GameState::of(&game)?)
        })
        .await?;
    Ok(HttpResponse::Created().json(ImportedGame {
        game: state,
        warnings,
        replaced_result,
    }))
}

/// A record the core refuses to import: a board the service does not play is a field
/// of the record (`sgf.SZ`), like any other field's problem; the rest keep the core's code.
fn refused_record(error: RecordError) -> GameError {
    match error {
        RecordError::Board(issue) => {
            ApiError::Validation(vec![FieldError::new("sgf.SZ", issue.to_string())]).into()
        }
        error => GameError::Unprocessable {
            code: error.code(),
            detail: error.to_string(),
            refusal: None,
        },
    }
}

/// The reason of the ruling that records an imported game's result.
const IMPORTED: &str = "imported from an SGF record";

/// The core's verdict ([`record_check::judge`]) on `record` for its pairing, with the
/// pairing's players and terms and the tournament's: the terms the staff override with
/// a reason (`override_given`), or 422 `sgf.pairing_mismatch` naming each property with
/// both values.
async fn check_against_pairing(
    connection: &mut crate::db::Connection,
    record: &GameRecord,
    pairing: &PairingRow,
    tournament: &tournaments::Tournament,
    override_given: bool,
) -> Result<Vec<&'static str>, ApiError> {
    let mut named = Vec::with_capacity(2);
    for id in [pairing.black_id, pairing.white_id] {
        named.push(
            players::find(connection, tournament.id, id)
                .await?
                .ok_or_else(|| {
                    ApiError::internal(format!("pairing {} names no player {id}", pairing.id))
                })?,
        );
    }
    let [black, white] = named.as_slice() else {
        return Err(ApiError::internal("a pairing has two players"));
    };
    fn registered(player: &players::PlayerRow) -> record_check::Registered<'_> {
        record_check::Registered {
            surname: &player.surname,
            first_name: &player.first_name,
        }
    }
    let expected = record_check::Expected {
        black: registered(black),
        white: registered(white),
        komi: pairing.komi,
        handicap: u32::try_from(pairing.handicap).unwrap_or(0),
        size: tournament_board::board(tournament.board_size),
        rules: tournament.ruleset,
    };
    record_check::judge(record, &expected, override_given).map_err(|mismatches| {
        ApiError::RecordMismatch(
            mismatches
                .iter()
                .map(|mismatch| {
                    FieldError::new(
                        format!("sgf.{}", mismatch.property.sgf()),
                        format!(
                            "the record says {:?}, the pairing {:?}",
                            mismatch.recorded, mismatch.expected
                        ),
                    )
                })
                .collect(),
        )
    })
}
