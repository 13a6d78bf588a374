//! `/tournaments/{id}/rounds/{number}/pairings`: who plays whom. Pairings are recorded one
//! by one or a whole round at once and edited freely until the round starts; after that
//! only a referee ruling changes them, and each ruling is kept.
//!
//! Two guards keep the standings readable and the results with the players who earned
//! them: a player registered `bye` for a round is not paired in it (nor a paired player
//! given a bye: the second write is refused, under the round's row lock that every
//! pairing and registration write takes), and once a pairing has a game its players,
//! colours, komi and handicap are the game's: no pairing endpoint changes them.

use crate::auth::Caller;
use crate::db::{Connection, DbPool};
use crate::error::{ApiError, Resource, Violations};
use crate::http::{check_text, ApiJson, ApiQuery, PageInfo, PageQuery, Window};
use crate::routes::deletions::DeletionQuery;
use crate::routes::players::{Names, PlayerName};
use crate::routes::rounds;
use crate::services::audit;
use crate::services::pairing::check_round;
use crate::services::rulings;
pub use crate::services::rulings::{Ruling, RulingTerms};
use crate::services::tournaments::{self, Tournament};
use crate::services::undo::{self, TermsChange};
use crate::store::pairings::{self as store, PairingRow, PairingTerms};
use crate::store::rounds::RoundRow;
use crate::store::settings::check_komi;
use actix_web::{web, HttpRequest, HttpResponse};
use arbitre_core::round::RoundAction;
use arbitre_core::Preset;
use chrono::{DateTime, Utc};
use diesel_async::AsyncConnection;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use uuid::Uuid;

/// A pairing: one game of a round.
#[derive(Debug, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct Pairing {
    pub id: Uuid,
    pub round_id: Uuid,
    /// 1-based table number, unique in the round.
    pub table: i32,
    pub black_id: Uuid,
    pub white_id: Uuid,
    /// Who plays black, and white: name and rank beside the id.
    pub black: PlayerName,
    pub white: PlayerName,
    pub handicap: i16,
    pub komi: f64,
    /// The game's result in SGF `RE` syntax (`B+3.5`, `W+R`, `W+F` forfeit, `0` jigo,
    /// `Void`), null while unknown.
    #[schema(example = "B+3.5")]
    pub result: Option<String>,
    /// A result of an imported OpenGotha file that SGF cannot spell, as the file writes it
    /// (`RESULT_BOTHWIN`, `RESULT_BOTHLOSE`, `…_BYDEF`): the standings count it as OpenGotha
    /// does while `result` is null; a result recorded for the pairing replaces it.
    pub opengotha_result: Option<String>,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

impl Pairing {
    fn new(row: PairingRow, names: &Names) -> Result<Pairing, ApiError> {
        Ok(Pairing {
            id: row.id,
            round_id: row.round_id,
            table: row.table_number,
            black: names.get(row.black_id)?,
            white: names.get(row.white_id)?,
            black_id: row.black_id,
            white_id: row.white_id,
            handicap: row.handicap,
            komi: row.komi,
            result: row.result,
            opengotha_result: row.opengotha_result,
            created_at: row.created_at,
            updated_at: row.updated_at,
        })
    }

    /// The pairings `rows` of the tournament, with their players' names.
    pub async fn named(
        connection: &mut Connection,
        tournament_id: Uuid,
        rows: Vec<PairingRow>,
    ) -> Result<Vec<Pairing>, ApiError> {
        let ids = rows.iter().flat_map(|row| [row.black_id, row.white_id]);
        let names = Names::of(connection, tournament_id, ids).await?;
        rows.into_iter()
            .map(|row| Pairing::new(row, &names))
            .collect()
    }

    /// One pairing of the tournament, with its players' names.
    pub async fn named_one(
        connection: &mut Connection,
        tournament_id: Uuid,
        row: PairingRow,
    ) -> Result<Pairing, ApiError> {
        let mut named = Pairing::named(connection, tournament_id, vec![row]).await?;
        named
            .pop()
            .ok_or_else(|| ApiError::internal("one pairing named is one pairing"))
    }
}

/// The terms of a pairing.
#[derive(Debug, Clone, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct PairingDetails {
    /// 1 to 10000.
    #[schema(minimum = 1, maximum = 10000)]
    pub table: i32,
    pub black_id: Uuid,
    pub white_id: Uuid,
    /// Handicap stones, 0 to 9 (default 0).
    #[serde(default)]
    #[schema(minimum = 0, maximum = 9)]
    pub handicap: i16,
    /// Default: the tournament's komi policy for this handicap.
    #[schema(minimum = -150, maximum = 150, multiple_of = 0.5)]
    pub komi: Option<f64>,
}

/// A whole round of pairings, replacing those recorded.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct RoundPairings {
    pub pairings: Vec<PairingDetails>,
}

/// The pairings of a round.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
pub struct PairingList {
    pub items: Vec<Pairing>,
}

/// A page of pairings.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
pub struct PairingPage {
    pub items: Vec<Pairing>,
    pub page: PageInfo,
}

/// Filter and pagination of the pairings.
#[derive(Debug, Deserialize, IntoParams)]
#[serde(deny_unknown_fields)]
#[into_params(parameter_in = Query)]
pub struct PairingQuery {
    /// Only the pairing of this player.
    pub player_id: Option<Uuid>,
    #[param(minimum = 1, maximum = 500)]
    pub limit: Option<u32>,
    #[param(minimum = 0, maximum = 1000000)]
    pub offset: Option<u32>,
}

/// A referee's change to a pairing after its round started: the fields given replace
/// the pairing's.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct NewRuling {
    /// Why (kept with the ruling).
    #[schema(
        min_length = 1,
        max_length = 2000,
        pattern = r"^[^\x00-\x1f\x7f-\x9f]*[^\s\x00-\x1f\x7f-\x9f][^\x00-\x1f\x7f-\x9f]*$"
    )]
    pub reason: String,
    #[schema(minimum = 1, maximum = 10000)]
    pub table: Option<i32>,
    pub black_id: Option<Uuid>,
    pub white_id: Option<Uuid>,
    #[schema(minimum = 0, maximum = 9)]
    pub handicap: Option<i16>,
    #[schema(minimum = -150, maximum = 150, multiple_of = 0.5)]
    pub komi: Option<f64>,
}

/// A page of rulings, oldest first.
#[derive(Debug, Serialize, ToSchema)]
pub struct RulingPage {
    pub items: Vec<Ruling>,
    pub page: PageInfo,
}

/// Checks the terms of one pairing (`field` prefixes the names: `pairings[3].`) and
/// gives them their komi.
pub fn terms(
    violations: &mut Violations,
    field: &str,
    details: &PairingDetails,
    preset: Preset,
    tournament: &Tournament,
) -> PairingTerms {
    if !(1..=10_000).contains(&details.table) {
        violations.add(format!("{field}table"), "must be between 1 and 10000");
    }
    if details.black_id == details.white_id {
        violations.add(format!("{field}white_id"), "must differ from black_id");
    }
    if let Err(issue) = arbitre_core::fields::check_handicap(details.handicap) {
        violations.add_check(format!("{field}handicap"), issue);
    }
    let handicap = u32::try_from(details.handicap).unwrap_or(0);
    let komi = details
        .komi
        .unwrap_or_else(|| tournament.komi_policy.komi(&preset.rules(), handicap));
    check_komi(violations, &format!("{field}komi"), komi);
    PairingTerms {
        table_number: details.table,
        black_id: details.black_id,
        white_id: details.white_id,
        handicap: details.handicap,
        komi,
    }
}

/// Whether two terms start the same game: same players in the same colours, same komi and
/// handicap (the table may differ).
fn same_game(before: &PairingTerms, after: &PairingTerms) -> bool {
    before.black_id == after.black_id
        && before.white_id == after.white_id
        && before.handicap == after.handicap
        && before.komi == after.komi
}

/// Refuses to change or remove pairings of which one has a game: the game was started
/// with their terms, and a change would hand its result to someone who did not earn it.
/// A referee corrects a played game through a ruling on the game.
async fn refuse_if_played(
    connection: &mut Connection,
    pairing_ids: &[Uuid],
) -> Result<(), ApiError> {
    match store::first_with_game(connection, pairing_ids).await? {
        Some(pairing_id) => Err(ApiError::Conflict {
            code: "pairing.has_game",
            detail: format!(
                "pairing {pairing_id} has a game: its players, colours, komi and handicap \
                 are the game's, and a correction is a ruling on the game"
            ),
        }),
        None => Ok(()),
    }
}

/// The round, locked for the transaction, and refused once started.
async fn round_before_start(
    connection: &mut Connection,
    tournament_id: Uuid,
    number: i32,
) -> Result<RoundRow, ApiError> {
    let round = crate::store::rounds::find_for_update(connection, tournament_id, number)
        .await?
        .ok_or(ApiError::NotFound(Resource::Round))?;
    // Before the start, a round's pairings are edited whether it has any or not.
    round.allows(
        true,
        RoundAction::EditPairings { paired_after: true },
        String::new,
    )?;
    Ok(round)
}

async fn pairing_of(
    connection: &mut Connection,
    round: &RoundRow,
    pairing_id: Uuid,
) -> Result<PairingRow, ApiError> {
    store::find(connection, round.id, pairing_id)
        .await?
        .ok_or(ApiError::NotFound(Resource::Pairing))
}

/// The round's pairings with `replaced` left out and `terms` added, checked together.
async fn check_with_others(
    connection: &mut Connection,
    tournament_id: Uuid,
    round: &RoundRow,
    replaced: Option<Uuid>,
    terms: PairingTerms,
) -> Result<PairingTerms, ApiError> {
    let mut all: Vec<PairingTerms> = store::all_of_round(connection, round.id)
        .await?
        .into_iter()
        .filter(|row| Some(row.id) != replaced)
        .map(|row| row.terms())
        .collect();
    all.push(terms.clone());
    check_round(connection, tournament_id, round.id, &all).await?;
    Ok(terms)
}

/// Record one pairing (organizers, before the round starts).
#[utoipa::path(
    post, path = "/tournaments/{tournament_id}/rounds/{number}/pairings", tag = "pairings",
    params(("tournament_id" = Uuid, Path), ("number" = i32, Path)),
    request_body = PairingDetails,
    responses((status = 201, description = "Recorded", body = Pairing)),
    security(("bearer" = []))
)]
pub async fn create(
    pool: web::Data<DbPool>,
    path: web::Path<(Uuid, i32)>,
    body: ApiJson<PairingDetails>,
) -> Result<HttpResponse, ApiError> {
    let (tournament_id, number) = path.into_inner();
    let details = body.0;
    let mut connection = pool.get().await?;
    let tournament = tournaments::load(&mut connection, tournament_id).await?;
    let mut violations = Violations::new();
    let terms = terms(
        &mut violations,
        "",
        &details,
        tournament.ruleset,
        &tournament,
    );
    violations.into_result()?;
    let row = connection
        .transaction::<_, ApiError, _>(async move |connection| {
            let round = round_before_start(connection, tournament_id, number).await?;
            let terms = check_with_others(connection, tournament_id, &round, None, terms).await?;
            Ok(store::insert(connection, round.id, &terms).await?)
        })
        .await?;
    let pairing = Pairing::named_one(&mut connection, tournament_id, row).await?;
    Ok(HttpResponse::Created().json(pairing))
}

/// Record a whole round at once, replacing its pairings (organizers, before the start).
#[utoipa::path(
    put, path = "/tournaments/{tournament_id}/rounds/{number}/pairings", tag = "pairings",
    params(("tournament_id" = Uuid, Path), ("number" = i32, Path)),
    request_body = RoundPairings,
    responses((status = 200, description = "The round's pairings", body = PairingList)),
    security(("bearer" = []))
)]
pub async fn replace_round(
    pool: web::Data<DbPool>,
    path: web::Path<(Uuid, i32)>,
    body: ApiJson<RoundPairings>,
) -> Result<HttpResponse, ApiError> {
    let (tournament_id, number) = path.into_inner();
    let round_pairings = body.0.pairings;
    let mut connection = pool.get().await?;
    let tournament = tournaments::load(&mut connection, tournament_id).await?;
    let mut violations = Violations::new();
    if round_pairings.len() > 2_000 {
        violations.add("pairings", "must hold at most 2000 pairings");
    }
    let all: Vec<PairingTerms> = round_pairings
        .iter()
        .enumerate()
        .map(|(index, details)| {
            terms(
                &mut violations,
                &format!("pairings[{index}]."),
                details,
                tournament.ruleset,
                &tournament,
            )
        })
        .collect();
    violations.into_result()?;
    let rows = connection
        .transaction::<_, ApiError, _>(async move |connection| {
            let round = round_before_start(connection, tournament_id, number).await?;
            let recorded: Vec<Uuid> = store::all_of_round(connection, round.id)
                .await?
                .iter()
                .map(|row| row.id)
                .collect();
            refuse_if_played(connection, &recorded).await?;
            check_round(connection, tournament_id, round.id, &all).await?;
            store::delete_round(connection, round.id).await?;
            let mut rows = store::insert_round(connection, round.id, &all).await?;
            rows.sort_by_key(|row| row.table_number);
            Ok(rows)
        })
        .await?;
    Ok(HttpResponse::Ok().json(PairingList {
        items: Pairing::named(&mut connection, tournament_id, rows).await?,
    }))
}

/// The pairings of a round, by table.
#[utoipa::path(
    get, path = "/tournaments/{tournament_id}/rounds/{number}/pairings", tag = "pairings",
    params(("tournament_id" = Uuid, Path), ("number" = i32, Path), PairingQuery),
    responses((status = 200, description = "A page of pairings", body = PairingPage))
)]
pub async fn list(
    request: HttpRequest,
    pool: web::Data<DbPool>,
    path: web::Path<(Uuid, i32)>,
    query: ApiQuery<PairingQuery>,
) -> Result<HttpResponse, ApiError> {
    let (tournament_id, number) = path.into_inner();
    let query = query.0;
    let window = Window::new(query.limit, query.offset)?;
    let mut connection = pool.get().await?;
    let round = rounds::load(&mut connection, tournament_id, number).await?;
    let (rows, total) = store::list(
        &mut connection,
        round.id,
        query.player_id,
        window.limit,
        window.offset,
    )
    .await?;
    let items = Pairing::named(&mut connection, tournament_id, rows).await?;
    let page = PageInfo::new(total, window);
    Ok(page.response(&request).json(PairingPage { items, page }))
}

/// A pairing.
#[utoipa::path(
    get, path = "/tournaments/{tournament_id}/rounds/{number}/pairings/{pairing_id}", tag = "pairings",
    params(("tournament_id" = Uuid, Path), ("number" = i32, Path), ("pairing_id" = Uuid, Path)),
    responses((status = 200, description = "The pairing", body = Pairing))
)]
pub async fn get(
    pool: web::Data<DbPool>,
    path: web::Path<(Uuid, i32, Uuid)>,
) -> Result<HttpResponse, ApiError> {
    let (tournament_id, number, pairing_id) = path.into_inner();
    let mut connection = pool.get().await?;
    let round = rounds::load(&mut connection, tournament_id, number).await?;
    let row = pairing_of(&mut connection, &round, pairing_id).await?;
    Ok(HttpResponse::Ok().json(Pairing::named_one(&mut connection, tournament_id, row).await?))
}

/// Replace a pairing's terms (organizers, before the round starts).
#[utoipa::path(
    put, path = "/tournaments/{tournament_id}/rounds/{number}/pairings/{pairing_id}", tag = "pairings",
    params(("tournament_id" = Uuid, Path), ("number" = i32, Path), ("pairing_id" = Uuid, Path)),
    request_body = PairingDetails,
    responses((status = 200, description = "The pairing", body = Pairing)),
    security(("bearer" = []))
)]
pub async fn replace(
    pool: web::Data<DbPool>,
    path: web::Path<(Uuid, i32, Uuid)>,
    body: ApiJson<PairingDetails>,
) -> Result<HttpResponse, ApiError> {
    let (tournament_id, number, pairing_id) = path.into_inner();
    let details = body.0;
    let mut connection = pool.get().await?;
    let tournament = tournaments::load(&mut connection, tournament_id).await?;
    let mut violations = Violations::new();
    let terms = terms(
        &mut violations,
        "",
        &details,
        tournament.ruleset,
        &tournament,
    );
    violations.into_result()?;
    let row = connection
        .transaction::<_, ApiError, _>(async move |connection| {
            let round = round_before_start(connection, tournament_id, number).await?;
            let previous = pairing_of(connection, &round, pairing_id).await?.terms();
            if !same_game(&previous, &terms) {
                refuse_if_played(connection, &[pairing_id]).await?;
            }
            let terms =
                check_with_others(connection, tournament_id, &round, Some(pairing_id), terms)
                    .await?;
            Ok(store::update(connection, pairing_id, &terms).await?)
        })
        .await?;
    Ok(HttpResponse::Ok().json(Pairing::named_one(&mut connection, tournament_id, row).await?))
}

/// Remove a pairing without a game (organizers, before the round starts): its two players
/// are unpaired. The deletion is kept, with the pairing as it was, in
/// `GET /tournaments/{id}/deletions`, and the staff's audit says who did it. Refused once
/// the round started (409 `round.started`) or the table's game began (409
/// `pairing.has_game`).
#[utoipa::path(
    delete, path = "/tournaments/{tournament_id}/rounds/{number}/pairings/{pairing_id}", tag = "pairings",
    params(("tournament_id" = Uuid, Path), ("number" = i32, Path), ("pairing_id" = Uuid, Path), DeletionQuery),
    responses((status = 204, description = "Removed")),
    security(("bearer" = []))
)]
pub async fn delete(
    pool: web::Data<DbPool>,
    caller: Caller,
    path: web::Path<(Uuid, i32, Uuid)>,
    query: ApiQuery<DeletionQuery>,
) -> Result<HttpResponse, ApiError> {
    let reason = query.0.reason()?;
    undo::unpair(&pool, &caller, path.into_inner(), &reason).await?;
    Ok(HttpResponse::NoContent().finish())
}

/// Withdraw a published round's pairings (organizers, before the round starts and before
/// any of its games): the round is drafted again. Each pairing is kept in
/// `GET /tournaments/{id}/deletions`, and the staff's audit says who did it. Refused once
/// the round started (409 `round.started`), when it has no pairings (409
/// `round.not_paired`) or a game (409 `round.has_games`).
#[utoipa::path(
    delete, path = "/tournaments/{tournament_id}/rounds/{number}/pairings", tag = "pairings",
    params(("tournament_id" = Uuid, Path), ("number" = i32, Path), DeletionQuery),
    responses((status = 204, description = "Withdrawn")),
    security(("bearer" = []))
)]
pub async fn unpublish(
    pool: web::Data<DbPool>,
    caller: Caller,
    path: web::Path<(Uuid, i32)>,
    query: ApiQuery<DeletionQuery>,
) -> Result<HttpResponse, ApiError> {
    let (tournament_id, number) = path.into_inner();
    let reason = query.0.reason()?;
    undo::unpublish(&pool, &caller, tournament_id, number, &reason).await?;
    Ok(HttpResponse::NoContent().finish())
}

/// Change a pairing's handicap and komi (organizers, before the round starts and before
/// the table's game), audited with the values before and after. After the start, a
/// referee's ruling changes them.
#[utoipa::path(
    patch, path = "/tournaments/{tournament_id}/rounds/{number}/pairings/{pairing_id}", tag = "pairings",
    params(("tournament_id" = Uuid, Path), ("number" = i32, Path), ("pairing_id" = Uuid, Path)),
    request_body = TermsChange,
    responses((status = 200, description = "The pairing", body = Pairing)),
    security(("bearer" = []))
)]
pub async fn change_terms(
    pool: web::Data<DbPool>,
    caller: Caller,
    path: web::Path<(Uuid, i32, Uuid)>,
    body: ApiJson<TermsChange>,
) -> Result<HttpResponse, ApiError> {
    let at = path.into_inner();
    let row = undo::change_terms(&pool, &caller, at, body.0).await?;
    let mut connection = pool.get().await?;
    Ok(HttpResponse::Ok().json(Pairing::named_one(&mut connection, at.0, row).await?))
}

/// Change a pairing of a started round by a ruling (referees). The ruling is kept with
/// the terms before and after.
#[utoipa::path(
    post, path = "/tournaments/{tournament_id}/rounds/{number}/pairings/{pairing_id}/rulings", tag = "pairings",
    params(("tournament_id" = Uuid, Path), ("number" = i32, Path), ("pairing_id" = Uuid, Path)),
    request_body = NewRuling,
    responses((status = 201, description = "The ruling, applied", body = Ruling)),
    security(("bearer" = []))
)]
pub async fn rule(
    pool: web::Data<DbPool>,
    caller: Caller,
    path: web::Path<(Uuid, i32, Uuid)>,
    body: ApiJson<NewRuling>,
) -> Result<HttpResponse, ApiError> {
    let (tournament_id, number, pairing_id) = path.into_inner();
    let referee = caller.token_id().ok_or(ApiError::MissingToken)?;
    let ruling = body.0;
    let mut violations = Violations::new();
    check_text(&mut violations, "reason", &ruling.reason, 2000, true);
    violations.into_result()?;
    let mut connection = pool.get().await?;
    let tournament = tournaments::load(&mut connection, tournament_id).await?;
    let row = connection
        .transaction::<_, ApiError, _>(async move |connection| {
            let round = crate::store::rounds::find_for_update(connection, tournament_id, number)
                .await?
                .ok_or(ApiError::NotFound(Resource::Round))?;
            let pairing = pairing_of(connection, &round, pairing_id).await?;
            round.allows(true, RoundAction::Rule, || {
                format!(
                    "edit its pairings directly (PUT /tournaments/{tournament_id}/rounds/\
                     {number}/pairings/{pairing_id}); rulings are for started rounds"
                )
            })?;
            let previous = pairing.terms();
            let details = PairingDetails {
                table: ruling.table.unwrap_or(previous.table_number),
                black_id: ruling.black_id.unwrap_or(previous.black_id),
                white_id: ruling.white_id.unwrap_or(previous.white_id),
                handicap: ruling.handicap.unwrap_or(previous.handicap),
                // A new handicap without a komi takes the tournament's komi for it.
                komi: ruling.komi.or(match ruling.handicap {
                    Some(handicap) if handicap != previous.handicap => None,
                    _ => Some(previous.komi),
                }),
            };
            let mut violations = Violations::new();
            let terms = terms(
                &mut violations,
                "",
                &details,
                tournament.ruleset,
                &tournament,
            );
            violations.into_result()?;
            if !same_game(&previous, &terms) {
                refuse_if_played(connection, &[pairing_id]).await?;
            }
            let terms =
                check_with_others(connection, tournament_id, &round, Some(pairing_id), terms)
                    .await?;
            store::update(connection, pairing_id, &terms).await?;
            let to_json = |terms: &PairingTerms| {
                serde_json::to_value(RulingTerms::from(terms)).map_err(ApiError::internal)
            };
            Ok(store::insert_ruling(
                connection,
                pairing_id,
                referee,
                ruling.reason.trim(),
                to_json(&previous)?,
                to_json(&terms)?,
            )
            .await?)
        })
        .await?;
    let label = match &caller {
        Caller::Token(token) => audit::Issuer::of(&token.label, token.role.name(), token.id),
        Caller::Anonymous => audit::Issuer::Labelled(String::new()),
    };
    let mut named = Ruling::named(&mut connection, tournament_id, vec![(row, label)]).await?;
    let ruling = named
        .pop()
        .ok_or_else(|| ApiError::internal("one ruling named is one ruling"))?;
    Ok(HttpResponse::Created().json(ruling))
}

/// The rulings on a pairing, oldest first.
#[utoipa::path(
    get, path = "/tournaments/{tournament_id}/rounds/{number}/pairings/{pairing_id}/rulings", tag = "pairings",
    params(("tournament_id" = Uuid, Path), ("number" = i32, Path), ("pairing_id" = Uuid, Path), PageQuery),
    responses((status = 200, description = "A page of rulings", body = RulingPage))
)]
pub async fn rulings(
    request: HttpRequest,
    pool: web::Data<DbPool>,
    path: web::Path<(Uuid, i32, Uuid)>,
    query: ApiQuery<PageQuery>,
) -> Result<HttpResponse, ApiError> {
    let (tournament_id, number, pairing_id) = path.into_inner();
    let window = query.0.window()?;
    let mut connection = pool.get().await?;
    let round = rounds::load(&mut connection, tournament_id, number).await?;
    pairing_of(&mut connection, &round, pairing_id).await?;
    let (items, total) = rulings::list(
        &mut connection,
        tournament_id,
        pairing_id,
        window.limit,
        window.offset,
    )
    .await?;
    let page = PageInfo::new(total, window);
    Ok(page.response(&request).json(RulingPage { items, page }))
}
