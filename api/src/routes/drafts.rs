//! `/tournaments/{id}/rounds/{number}/pairings/draft` and `.../explain`: the pairing the
//! core's engine makes of a round (OpenGotha's weighted model), shown and explained but
//! not stored; `.../publish`: the draft as returned (edited or not), stored in one
//! transaction, its tables as the round's pairings and its bye as a registration. The
//! drafts themselves are the service's ([`crate::services::drafts`]).

use crate::auth::Caller;
use crate::db::DbPool;
use crate::error::{ApiError, Violations};
use crate::http::{ApiJson, ApiQuery};
use crate::routes::pairings::{self, Pairing, PairingDetails};
use crate::routes::players::{Names, PlayerName};
use crate::services::drafts::{self, Publication};
pub use crate::services::drafts::{
    CandidateView, Draft, DraftRequest, DraftTable, ExplainQuery, Explanation, PairCost,
};
use crate::services::heavy::Workshop;
use crate::services::tournaments;
use actix_web::{web, HttpRequest, HttpResponse};
use serde::de::IgnoredAny;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use uuid::Uuid;

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
#[derive(Debug, Serialize, Deserialize, ToSchema)]
pub struct PublishedRound {
    pub round: u32,
    pub pairings: Vec<Pairing>,
    pub bye: Option<PlayerName>,
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
    let drafted = drafts::drafted(&pool, &workshop, &caller, tournament_id, number, body.0).await?;
    Ok(drafted.respond(&request))
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

/// Publishes a draft as the route receives it: its tables' terms checked against the
/// tournament (a komi not given is the tournament's for the handicap), then stored by
/// the service.
async fn publish_draft(
    pool: &DbPool,
    caller: &Caller,
    tournament_id: Uuid,
    number: i32,
    publication: DraftPublication,
) -> Result<PublishedRound, ApiError> {
    let mut connection = pool.get().await?;
    let tournament = tournaments::load(&mut connection, tournament_id).await?;
    let mut violations = Violations::new();
    if i64::from(publication.round) != i64::from(number) {
        violations.add("round", format!("must be the path's round, {number}"));
    }
    if publication.tables.len() > 2_000 {
        violations.add("tables", "must hold at most 2000 tables");
    }
    let tables = publication
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
    let to_publish = Publication {
        tables,
        bye: publication.bye,
        state: publication.state,
    };
    let (rows, bye) = drafts::publish(pool, caller, tournament_id, number, to_publish).await?;
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
        drafts::make_explanation(&pool, &workshop, &caller, tournament_id, number, query.0).await?;
    Ok(HttpResponse::Ok().json(explanation))
}
