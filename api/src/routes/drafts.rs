//! `/tournaments/{id}/rounds/{number}/pairings/draft` and `.../explain`: the pairing the
//! core's engine makes of a round (OpenGotha's weighted model), shown and explained but
//! not stored; `.../publish`: the draft as returned (edited or not), stored in one
//! transaction, its tables as the round's pairings and its bye as a registration.

use crate::auth::Caller;
use crate::db::DbPool;
use crate::error::{ApiError, FieldError, Resource, Violations};
use crate::http::{ApiJson, ApiQuery};
use crate::routes::pairings::{self, Pairing, PairingDetails};
use crate::routes::players::{Names, PlayerName};
use crate::services::heavy::{Class, Workshop};
use crate::services::pace;
use crate::services::pairing::{self, Adjustments};
use crate::services::reads::Rendered;
use crate::services::tournaments;
use crate::store;
use crate::store::pairings::{self as pairing_store, PairingTerms};
use crate::store::rounds as round_store;
use actix_web::{web, HttpRequest, HttpResponse};
use arbitre_core::pairing::parameters::OpenGothaVersion;
use arbitre_core::pairing::{
    consistency, edit, Candidate, Cost, PairedGame, PairingError, Parallelism,
};
use diesel_async::AsyncConnection;
use serde::de::IgnoredAny;
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use std::str::FromStr;
use std::sync::Arc;
use utoipa::{IntoParams, ToSchema};
use uuid::Uuid;

/// What to change in the engine's pairing.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct DraftRequest {
    /// Games to keep whatever they cost, as `[player_id, player_id]`; neither player is
    /// given the bye. At most 1000.
    #[serde(default)]
    #[schema(max_items = 1000)]
    pub fixed: Vec<[Uuid; 2]>,
    /// Players left out of this draft (besides those registered absent or with a bye).
    /// At most 2000.
    #[serde(default)]
    #[schema(max_items = 2000)]
    pub exclude: Vec<Uuid>,
}

/// A pair's cost: the total the matching maximizes, and each criterion's part.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
pub struct PairCost {
    /// OpenGotha's `totalCost`: the criteria plus one.
    pub total: i64,
    pub criteria: Cost,
}

impl From<Cost> for PairCost {
    fn from(cost: Cost) -> PairCost {
        PairCost {
            total: cost.total(),
            criteria: cost,
        }
    }
}

/// A game of a draft: the terms of a pairing, who the players are, and why.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
pub struct DraftTable {
    pub table: u32,
    pub white_id: Uuid,
    pub black_id: Uuid,
    pub white: PlayerName,
    pub black: PlayerName,
    pub handicap: u32,
    pub komi: f64,
    /// The two have met in an earlier round.
    pub rematch: bool,
    pub cost: PairCost,
}

/// A draft's table as the core's hand edits see it ([`edit`]): names go with the
/// players, the terms and the cost with the table.
impl edit::Game for DraftTable {
    type Player = Uuid;
    fn table(&self) -> u32 {
        self.table
    }
    fn set_table(&mut self, table: u32) {
        self.table = table;
    }
    fn white(&self) -> &Uuid {
        &self.white_id
    }
    fn black(&self) -> &Uuid {
        &self.black_id
    }
    fn swap_colours(&mut self) {
        std::mem::swap(&mut self.white_id, &mut self.black_id);
        std::mem::swap(&mut self.white, &mut self.black);
    }
}

/// A round's pairing as the engine makes it; nothing is stored. Publish it as it is (or
/// edited) with `POST …/pairings/publish`.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
pub struct Draft {
    pub round: u32,
    /// By table number.
    pub tables: Vec<DraftTable>,
    /// The player without an opponent, when the number of players is odd.
    pub bye: Option<Uuid>,
    /// The OpenGotha version whose pairing behaviour the draft reproduces where versions
    /// differ (the tournament's pairing parameters say which; new tournaments follow 3.52).
    pub opengotha: OpenGothaVersion,
    pub bye_player: Option<PlayerName>,
    /// What the draft was made from (the tournament's players, results, registrations and
    /// settings, hashed): its publication is refused (409 `draft.stale`) once they changed.
    #[schema(example = "5f2a0c1e9b3d4a7e8c6b1d2e3f4a5b6c")]
    pub state: String,
}

/// A draft to publish, as the draft endpoint returned it, its tables edited or not: what
/// the draft shows beside the terms (names, cost, rematch) is accepted and ignored.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct DraftPublication {
    /// The round drafted: the path's.
    pub round: u32,
    /// At most 2000.
    #[schema(max_items = 2000)]
    pub tables: Vec<PublishedTable>,
    /// The player given the bye, if any: registered `bye` for the round.
    pub bye: Option<Uuid>,
    #[serde(default, rename = "bye_player")]
    #[schema(value_type = Option<Object>)]
    pub _bye_player: Option<IgnoredAny>,
    #[serde(default, rename = "opengotha")]
    #[schema(value_type = Option<String>)]
    pub _opengotha: Option<IgnoredAny>,
    /// The draft's `state`.
    pub state: String,
}

/// A table of a draft to publish: the terms of its pairing.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct PublishedTable {
    #[schema(minimum = 1, maximum = 10000)]
    pub table: i32,
    pub white_id: Uuid,
    pub black_id: Uuid,
    #[serde(default)]
    #[schema(minimum = 0, maximum = 9)]
    pub handicap: i16,
    /// Default: the tournament's komi for the handicap.
    #[schema(minimum = -150, maximum = 150, multiple_of = 0.5)]
    pub komi: Option<f64>,
    #[serde(default, rename = "white")]
    #[schema(value_type = Option<Object>)]
    pub _white: Option<IgnoredAny>,
    #[serde(default, rename = "black")]
    #[schema(value_type = Option<Object>)]
    pub _black: Option<IgnoredAny>,
    #[serde(default, rename = "rematch")]
    #[schema(value_type = Option<bool>)]
    pub _rematch: Option<IgnoredAny>,
    #[serde(default, rename = "cost")]
    #[schema(value_type = Option<Object>)]
    pub _cost: Option<IgnoredAny>,
}

/// A published round: its pairings, and the player given the bye.
#[derive(Debug, Serialize, ToSchema)]
pub struct PublishedRound {
    pub round: u32,
    pub pairings: Vec<Pairing>,
    pub bye: Option<PlayerName>,
}

/// Either a pair (`white` and `black`) or a player.
#[derive(Debug, Deserialize, IntoParams)]
#[serde(deny_unknown_fields)]
#[into_params(parameter_in = Query)]
pub struct ExplainQuery {
    pub white: Option<Uuid>,
    pub black: Option<Uuid>,
    /// A player: their candidate opponents, the most desirable first.
    pub player: Option<Uuid>,
}

/// A possible opponent and what the pair would cost.
#[derive(Debug, Serialize, ToSchema)]
pub struct CandidateView {
    pub opponent_id: Uuid,
    /// The two have met in an earlier round.
    pub rematch: bool,
    pub cost: PairCost,
}

/// Why the engine pairs as it does: a pair's cost criterion by criterion, or a player's
/// candidate opponents by decreasing cost (the matching maximizes the round's total).
#[derive(Debug, Serialize, ToSchema)]
pub struct Explanation {
    /// For `white` and `black`: the pair.
    pub pair: Option<CandidateView>,
    /// For `player`: every player of the round they could meet.
    pub candidates: Vec<CandidateView>,
}

/// A draft's media type.
const JSON: &str = "application/json";

fn id(text: &str) -> Result<Uuid, ApiError> {
    Uuid::from_str(text).map_err(ApiError::internal)
}

fn table(game: PairedGame, names: &Names) -> Result<DraftTable, ApiError> {
    let (white_id, black_id) = (id(&game.white)?, id(&game.black)?);
    Ok(DraftTable {
        table: game.table,
        white_id,
        black_id,
        white: names.get(white_id)?,
        black: names.get(black_id)?,
        handicap: game.handicap,
        komi: game.komi,
        rematch: game.rematch,
        cost: game.cost.into(),
    })
}

fn candidate(candidate: Candidate) -> Result<CandidateView, ApiError> {
    Ok(CandidateView {
        opponent_id: id(&candidate.opponent)?,
        rematch: candidate.rematch,
        cost: candidate.cost.into(),
    })
}

/// Draft the pairing of a round not yet paired (organizers and referees): from the
/// results before it, the tournament's pairing parameters and handicap policy. Drafting
/// again with nothing changed answers the draft already made. Drafts are admitted at 20 a
/// second across the service; beyond, a draft waits its turn (up to 2 s, then 503
/// `service.busy` with `Retry-After`).
#[utoipa::path(
    post, path = "/tournaments/{tournament_id}/rounds/{number}/pairings/draft", tag = "pairings",
    params(("tournament_id" = Uuid, Path), ("number" = i32, Path)),
    request_body = DraftRequest,
    responses((status = 200, description = "The draft, not stored", body = Draft)),
    security(("bearer" = []))
)]
pub async fn draft(
    pool: web::Data<DbPool>,
    workshop: web::Data<Workshop>,
    caller: Caller,
    request: HttpRequest,
    path: web::Path<(Uuid, i32)>,
    body: ApiJson<DraftRequest>,
) -> Result<HttpResponse, ApiError> {
    let (tournament_id, number) = path.into_inner();
    let drafted = drafted(&pool, &workshop, &caller, tournament_id, number, body.0).await?;
    Ok(drafted.respond(&request))
}

/// The draft of round `number` made with `request`, as JSON (and gzip): made by the
/// engine once per revision of the tournament and request, then kept
/// ([`Workshop::drafts`]). An organizer who drafts again with nothing changed, or
/// reopens the draft, is answered the draft made, and the heavy pool leaves the
/// tablets' cores alone. Anything a draft is made from (a result, a registration, a
/// player, a setting, the round's pairings) is a new revision, drafted afresh.
async fn drafted(
    pool: &DbPool,
    workshop: &Workshop,
    caller: &Caller,
    tournament_id: Uuid,
    number: i32,
    request: DraftRequest,
) -> Result<Arc<Rendered>, ApiError> {
    caller.require_staff(tournament_id, "draft pairings of this tournament")?;
    let mut violations = crate::error::Violations::new();
    if request.fixed.len() > 1000 {
        violations.add("fixed", "must hold at most 1000 games");
    }
    if request.exclude.len() > 2000 {
        violations.add("exclude", "must hold at most 2000 players");
    }
    violations.into_result()?;
    workshop.drafting.admit().await?;
    // Read before the draft is made: what is kept under it is never older than it.
    let revision = {
        let mut connection = pool.get().await?;
        store::tournaments::revision(&mut connection, tournament_id)
            .await?
            .ok_or(ApiError::NotFound(Resource::Tournament))?
    };
    let variant = variant(number, &request);
    workshop
        .drafts
        .get_or_render(tournament_id, variant, revision, || async {
            let draft = engine_draft(pool, workshop, tournament_id, number, request).await?;
            // A round of 2,000 players is some 300 KB of JSON: milliseconds the request
            // worker owes the tablets, written on the pool instead.
            workshop
                .run(Class::Staff, move || Rendered::json(&draft, JSON))
                .await?
                .map_err(ApiError::internal)
        })
        .await
}

/// What a kept draft is made with beside the tournament: the round and the request's
/// games fixed and players left out, in their order, hashed.
fn variant(number: i32, request: &DraftRequest) -> String {
    let mut hasher = Sha256::new();
    hasher.update(number.to_be_bytes());
    hasher.update((request.fixed.len() as u64).to_be_bytes());
    for player in request.fixed.iter().flatten().chain(&request.exclude) {
        hasher.update(player.as_bytes());
    }
    format!("draft {number} {:x}", hasher.finalize())
}

/// The round `number` ready for the engine, its tournament as the workshop keeps it
/// (read from the store once per change).
async fn kept(
    pool: &DbPool,
    workshop: &Workshop,
    tournament_id: Uuid,
    number: i32,
    adjustments: &Adjustments,
) -> Result<pairing::Prepared, ApiError> {
    let mut connection = pool.get().await?;
    pairing::prepare(
        &mut connection,
        Some(&workshop.loaded),
        tournament_id,
        number,
        adjustments,
    )
    .await
}

/// What the engine is asked to change, as the pairing service takes it.
fn adjustments(request: DraftRequest) -> Adjustments {
    Adjustments {
        fixed: request.fixed.iter().map(|[a, b]| (*a, *b)).collect(),
        excluded: request.exclude,
    }
}

/// A round's draft for the organizer's pages, as [`drafted`] keeps it.
pub async fn make_draft(
    pool: &DbPool,
    workshop: &Workshop,
    caller: &Caller,
    tournament_id: Uuid,
    number: i32,
    request: DraftRequest,
) -> Result<Draft, ApiError> {
    let drafted = drafted(pool, workshop, caller, tournament_id, number, request).await?;
    workshop
        .run(Class::Staff, move || {
            serde_json::from_slice::<Draft>(&drafted.body)
        })
        .await?
        .map_err(ApiError::internal)
}

/// The engine's draft of a round, made on the heavy-work pool.
async fn engine_draft(
    pool: &DbPool,
    workshop: &Workshop,
    tournament_id: Uuid,
    number: i32,
    request: DraftRequest,
) -> Result<Draft, ApiError> {
    let adjustments = adjustments(request);
    let prepared = kept(pool, workshop, tournament_id, number, &adjustments).await?;
    let mut connection = pool.get().await?;
    pairing::check_unpaired(&mut connection, &prepared.row).await?;
    drop(connection);
    // On the pool too: what the draft is made from, fingerprinted (the whole tournament
    // serialized and hashed, milliseconds a request worker owes the tablets).
    let (state, made) = workshop
        .run_on_pool(Class::Staff, move |pool| {
            let state = prepared.state()?;
            let made = prepared
                .round()?
                .pair(Parallelism::Paced(pool, &pace::pace))
                .map_err(|error| pairing::refusal(error, "fixed"))?;
            Ok::<_, ApiError>((state, made))
        })
        .await??;
    let mut connection = pool.get().await?;
    let bye = made.bye.as_deref().map(id).transpose()?;
    let players = made
        .games
        .iter()
        .flat_map(|game| [game.white.as_str(), game.black.as_str()])
        .map(id)
        .chain(bye.map(Ok))
        .collect::<Result<Vec<Uuid>, ApiError>>()?;
    let names = Names::of(&mut connection, tournament_id, players).await?;
    Ok(Draft {
        round: made.round,
        tables: made
            .games
            .into_iter()
            .map(|game| table(game, &names))
            .collect::<Result<_, _>>()?,
        bye,
        bye_player: bye.map(|bye| names.get(bye)).transpose()?,
        state,
        opengotha: made.opengotha,
    })
}

/// The table numbers a draft's games would get from the engine ("renumber tables by best
/// score order"), in the games' order; `request` is what the draft was made with, so
/// that the round's players are the draft's.
pub async fn table_numbers(
    pool: &DbPool,
    workshop: &Workshop,
    caller: &Caller,
    tournament_id: Uuid,
    number: i32,
    request: DraftRequest,
    tables: &[DraftTable],
) -> Result<Vec<u32>, ApiError> {
    caller.require_staff(tournament_id, "draft pairings of this tournament")?;
    let adjustments = adjustments(request);
    let prepared = kept(pool, workshop, tournament_id, number, &adjustments).await?;
    let games: Vec<(String, String)> = tables
        .iter()
        .map(|game| (game.white_id.to_string(), game.black_id.to_string()))
        .collect();
    workshop
        .run(Class::Staff, move || {
            let pairs: Vec<(&str, &str)> = games
                .iter()
                .map(|(white, black)| (white.as_str(), black.as_str()))
                .collect();
            prepared
                .round()?
                .number_tables(&pairs)
                .map_err(|error| pairing::refusal(error, "draft"))
        })
        .await?
}

/// Publish a draft as it was returned, its tables edited or not (organizers): the tables
/// become the round's pairings and the bye a registration, in one transaction. Refused
/// with 409 when the round started (`round.started`), is already paired
/// (`round.already_paired`), or when what the draft was made from changed since
/// (`draft.stale`: a result, a registration, a player or a setting; draft it again).
#[utoipa::path(
    post, path = "/tournaments/{tournament_id}/rounds/{number}/pairings/publish", tag = "pairings",
    params(("tournament_id" = Uuid, Path), ("number" = i32, Path)),
    request_body = DraftPublication,
    responses((status = 201, description = "The round's pairings and bye", body = PublishedRound)),
    security(("bearer" = []))
)]
pub async fn publish(
    pool: web::Data<DbPool>,
    caller: Caller,
    path: web::Path<(Uuid, i32)>,
    body: ApiJson<DraftPublication>,
) -> Result<HttpResponse, ApiError> {
    let (tournament_id, number) = path.into_inner();
    let published = publish_draft(&pool, &caller, tournament_id, number, body.0).await?;
    Ok(HttpResponse::Created().json(published))
}

/// Publishes a draft in one transaction, for this route and the organizer's pages alike.
pub async fn publish_draft(
    pool: &DbPool,
    caller: &Caller,
    tournament_id: Uuid,
    number: i32,
    publication: DraftPublication,
) -> Result<PublishedRound, ApiError> {
    caller.require_organizer(tournament_id, "publish pairings of this tournament")?;
    let mut connection = pool.get().await?;
    let tournament = tournaments::load(&mut connection, tournament_id).await?;
    let mut violations = Violations::new();
    if i64::from(publication.round) != i64::from(number) {
        violations.add("round", format!("must be the path's round, {number}"));
    }
    if publication.tables.len() > 2_000 {
        violations.add("tables", "must hold at most 2000 tables");
    }
    let all: Vec<PairingTerms> = publication
        .tables
        .iter()
        .enumerate()
        .map(|(index, table)| {
            let details = PairingDetails {
                table: table.table,
                black_id: table.black_id,
                white_id: table.white_id,
                handicap: table.handicap,
                komi: table.komi,
            };
            pairings::terms(
                &mut violations,
                &format!("tables[{index}]."),
                &details,
                tournament.ruleset,
                &tournament,
            )
        })
        .collect();
    violations.into_result()?;
    consistency::check(pairings::boards(&all), publication.bye.as_slice())?;
    let (rows, bye) = connection
        .transaction::<_, ApiError, _>(async |connection| {
            let round = round_store::find_for_update(connection, tournament_id, number)
                .await?
                .ok_or(ApiError::NotFound(Resource::Round))?;
            pairing::check_unpaired(connection, &round).await?;
            let prepared = pairing::prepare(
                connection,
                None,
                tournament_id,
                number,
                &Adjustments::default(),
            )
            .await?;
            if prepared.state()? != publication.state {
                return Err(ApiError::Conflict {
                    code: "draft.stale",
                    detail: format!(
                        "round {number} changed since the draft (a result, a registration, a \
                         player or a setting): draft it again"
                    ),
                });
            }
            pairings::check_round(connection, tournament_id, round.id, &all).await?;
            let mut rows = Vec::with_capacity(all.len());
            for terms in &all {
                rows.push(pairing_store::insert(connection, round.id, terms).await?);
            }
            if let Some(bye) = publication.bye {
                if prepared.tournament.player(&bye.to_string()).is_none() {
                    return Err(ApiError::Validation(vec![FieldError::new(
                        "bye",
                        format!("player {bye} is not registered in this tournament"),
                    )]));
                }
                round_store::upsert_registration(connection, round.id, bye, "bye").await?;
            }
            rows.sort_by_key(|row| row.table_number);
            Ok((rows, publication.bye))
        })
        .await?;
    let pairings = Pairing::named(&mut connection, tournament_id, rows).await?;
    let bye = match bye {
        Some(bye) => Some(
            Names::of(&mut connection, tournament_id, [bye])
                .await?
                .get(bye)?,
        ),
        None => None,
    };
    Ok(PublishedRound {
        round: publication.round,
        pairings,
        bye,
    })
}

/// Explain the engine's view of a round (organizers and referees): a pair's cost
/// criterion by criterion, or a player's candidate opponents.
#[utoipa::path(
    get, path = "/tournaments/{tournament_id}/rounds/{number}/pairings/explain", tag = "pairings",
    params(("tournament_id" = Uuid, Path), ("number" = i32, Path), ExplainQuery),
    responses((status = 200, description = "The costs", body = Explanation)),
    security(("bearer" = []))
)]
pub async fn explain(
    pool: web::Data<DbPool>,
    workshop: web::Data<Workshop>,
    caller: Caller,
    path: web::Path<(Uuid, i32)>,
    query: ApiQuery<ExplainQuery>,
) -> Result<HttpResponse, ApiError> {
    let (tournament_id, number) = path.into_inner();
    let explanation =
        make_explanation(&pool, &workshop, &caller, tournament_id, number, query.0).await?;
    Ok(HttpResponse::Ok().json(explanation))
}

/// Explains a round's pairing on the heavy-work pool, for this route and the organizer's
/// pages alike.
pub async fn make_explanation(
    pool: &DbPool,
    workshop: &Workshop,
    caller: &Caller,
    tournament_id: Uuid,
    number: i32,
    query: ExplainQuery,
) -> Result<Explanation, ApiError> {
    caller.require_staff(tournament_id, "explain pairings of this tournament")?;
    let (player, opponent, field) = match (query.white, query.black, query.player) {
        (Some(white), Some(black), None) => (white, Some(black), "white"),
        (None, None, Some(player)) => (player, None, "player"),
        _ => {
            return Err(ApiError::InvalidQuery(FieldError::new(
                "player",
                "give either white and black, or player",
            )))
        }
    };
    let absent = move |field: &str, player: Uuid| {
        ApiError::InvalidQuery(FieldError::new(
            field,
            format!("player {player} is not a player of round {number} (absent, not registered, the bye, or the same player)"),
        ))
    };
    let prepared = kept(
        pool,
        workshop,
        tournament_id,
        number,
        &Adjustments::default(),
    )
    .await?;
    let candidates = workshop
        .run(Class::Staff, move || {
            prepared
                .round()?
                .candidates(&player.to_string())
                .map_err(|error| match error {
                    PairingError::NotInRound(_) => absent(field, player),
                    other => pairing::refusal(other, field),
                })
        })
        .await??;
    let explanation = match opponent {
        Some(black) => {
            let black_id = black.to_string();
            let pair = candidates
                .into_iter()
                .find(|candidate| candidate.opponent == black_id)
                .ok_or_else(|| absent("black", black))?;
            Explanation {
                pair: Some(candidate(pair)?),
                candidates: Vec::new(),
            }
        }
        None => Explanation {
            pair: None,
            candidates: candidates
                .into_iter()
                .map(candidate)
                .collect::<Result<_, _>>()?,
        },
    };
    Ok(explanation)
}
