//! `/tournaments/{id}/rounds/{number}/pairings/draft` and `.../explain`: the pairing the
//! core's engine makes of a round (OpenGotha's weighted model), shown and explained but
//! not stored. The organizer publishes a draft as hand-made pairings are published: its
//! tables with `PUT .../pairings`, its bye with `PUT .../registrations/{player_id}`.

use crate::auth::Caller;
use crate::db::DbPool;
use crate::error::{ApiError, FieldError};
use crate::http::{ApiJson, ApiQuery};
use crate::services::heavy::{Class, Workshop};
use crate::services::pairing::{self, Adjustments};
use actix_web::{web, HttpResponse};
use arbitre_core::pairing::{Candidate, Cost, PairedGame, PairingError};
use serde::{Deserialize, Serialize};
use std::str::FromStr;
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
#[derive(Debug, Serialize, ToSchema)]
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

/// A game of a draft: the terms `PUT .../pairings` takes, and why.
#[derive(Debug, Serialize, ToSchema)]
pub struct DraftTable {
    pub table: u32,
    pub white_id: Uuid,
    pub black_id: Uuid,
    pub handicap: u32,
    pub komi: f64,
    /// The two have met in an earlier round.
    pub rematch: bool,
    pub cost: PairCost,
}

/// A round's pairing as the engine makes it; nothing is stored.
#[derive(Debug, Serialize, ToSchema)]
pub struct Draft {
    pub round: u32,
    /// By table number.
    pub tables: Vec<DraftTable>,
    /// The player without an opponent, when the number of players is odd.
    pub bye: Option<Uuid>,
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

fn id(text: &str) -> Result<Uuid, ApiError> {
    Uuid::from_str(text).map_err(ApiError::internal)
}

fn table(game: PairedGame) -> Result<DraftTable, ApiError> {
    Ok(DraftTable {
        table: game.table,
        white_id: id(&game.white)?,
        black_id: id(&game.black)?,
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
/// results before it, the tournament's pairing parameters and handicap policy.
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
    path: web::Path<(Uuid, i32)>,
    body: ApiJson<DraftRequest>,
) -> Result<HttpResponse, ApiError> {
    let (tournament_id, number) = path.into_inner();
    caller.require_staff(tournament_id, "draft pairings of this tournament")?;
    let request = body.0;
    let mut violations = crate::error::Violations::new();
    if request.fixed.len() > 1000 {
        violations.add("fixed", "must hold at most 1000 games");
    }
    if request.exclude.len() > 2000 {
        violations.add("exclude", "must hold at most 2000 players");
    }
    violations.into_result()?;
    let adjustments = Adjustments {
        fixed: request.fixed.iter().map(|[a, b]| (*a, *b)).collect(),
        excluded: request.exclude,
    };
    let mut connection = pool.get().await?;
    let prepared = pairing::prepare(&mut connection, tournament_id, number, &adjustments).await?;
    pairing::check_unpaired(&mut connection, &prepared.row).await?;
    drop(connection);
    let made = workshop
        .run(Class::Staff, move || {
            prepared
                .round()?
                .pair()
                .map_err(|error| pairing::refusal(error, "fixed"))
        })
        .await??;
    Ok(HttpResponse::Ok().json(Draft {
        round: made.round,
        tables: made
            .games
            .into_iter()
            .map(table)
            .collect::<Result<_, _>>()?,
        bye: made.bye.as_deref().map(id).transpose()?,
    }))
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
    caller.require_staff(tournament_id, "explain pairings of this tournament")?;
    let query = query.0;
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
    let mut connection = pool.get().await?;
    let prepared = pairing::prepare(
        &mut connection,
        tournament_id,
        number,
        &Adjustments::default(),
    )
    .await?;
    drop(connection);
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
    Ok(HttpResponse::Ok().json(explanation))
}
