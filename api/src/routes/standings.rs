//! `/tournaments/{id}/standings` and `/tournaments/{id}/exports/{format}`: the standings
//! after any round, as JSON or, by content negotiation, as the files the rating bodies
//! read (EGD `.h9`, FFG `.tou`, AGA results, CSV, OpenGotha XML), and the same files as
//! downloads. `/tournaments/{id}/rounds/{number}/pairings/{pairing_id}/result`: the result
//! of a pairing's game, which they count.
//!
//! The stored tournament becomes the core's [`Tournament`] (`store::standings`), and the
//! files come from the one function the `arbitre export` command also calls,
//! [`export::write()`]. What the rating bodies would refuse (an unknown result, a player
//! without an AGA ID) is a 422 naming the game or the player, never a 500.

use crate::auth::Caller;
use crate::db::DbPool;
use crate::error::{ApiError, FieldError, GameError, Problem, Resource, StandingsFailure};
use crate::http::{ApiJson, ApiQuery};
use crate::routes::conditional;
use crate::routes::rounds;
use crate::services::heavy::{Class, Workshop};
use crate::services::live::cache::GameCache;
use crate::services::reads::{self, Rendered};
use crate::services::results;
pub use crate::services::results::ResultChange;

use crate::store::pairings as pairing_store;
use crate::store::standings as store;
use actix_web::http::header::{Accept, Header, Quality};
use actix_web::mime::{self, Mime};
use actix_web::{web, HttpRequest, HttpResponse};
use arbitre_core::export::{self, ByDefault, Choices, Counted, Format};
use arbitre_core::standings::{self, Criterion, Outcome, RoundOutcome, Score, Tournament};
use arbitre_core::Color;
use serde::{Deserialize, Serialize};
use std::sync::Arc;
use utoipa::{IntoParams, ToSchema};
use uuid::Uuid;

/// The media type of the JSON standings, the default representation.
const JSON: &str = "application/json";

/// Which rounds to count.
#[derive(Debug, Deserialize, IntoParams)]
#[serde(deny_unknown_fields)]
#[into_params(parameter_in = Query)]
pub struct StandingsQuery {
    /// Count rounds 1 to this one (0: the start scores). Default: the last round with a
    /// game or a bye.
    #[param(minimum = 0, maximum = 100)]
    pub after_round: Option<u32>,
}

/// Which rounds a file counts, and how it is written: the director's choices where the
/// rating bodies and OpenGotha leave one (docs/opengotha.md, "The director's choices").
#[derive(Debug, Deserialize, IntoParams)]
#[serde(deny_unknown_fields)]
#[into_params(parameter_in = Query)]
pub struct ExportQuery {
    /// Count rounds 1 to this one (0: the start scores). Default: the last round with a
    /// game or a bye. Not with `rounds`.
    #[param(minimum = 0, maximum = 100)]
    pub after_round: Option<u32>,
    /// The rounds counted, by name: `played` (the default), `declared` (the tournament's
    /// number of rounds, as OpenGotha's own exports rank) or `complete` (up to the round
    /// before the first one with a result not known yet). Not with `after_round`.
    #[param(value_type = Option<String>, pattern = "^(played|declared|complete)$")]
    pub rounds: Option<Counted>,
    /// How the EGD `.h9` writes a game won by default: `plus_minus` (the default: `0+`
    /// for the winner, `0-` for the loser) or `equals` (`0=` for both, OpenGotha's way).
    /// Other formats ignore it.
    #[param(value_type = Option<String>, pattern = "^(plus_minus|equals)$")]
    pub by_default: Option<ByDefault>,
}

/// The standings after a round.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
pub struct Standings {
    pub tournament_id: Uuid,
    /// Rounds 1 to this one are counted.
    pub after_round: u32,
    /// What each line's `criteria` hold, most important first: the tournament's placement
    /// criteria.
    pub criteria: Vec<Criterion>,
    /// Best first.
    pub items: Vec<StandingLine>,
}

/// One player's line.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
pub struct StandingLine {
    /// Players equal on every criterion share the place of the first of them.
    pub place: u32,
    /// 1-based position in the table.
    pub row: u32,
    pub player_id: Uuid,
    pub surname: String,
    pub first_name: String,
    #[schema(example = "3d")]
    pub rank: String,
    /// McMahon score, in points (halves and quarters as decimals).
    pub mms: f64,
    /// Number of wins (a jigo is half a win).
    pub wins: f64,
    /// One value per placement criterion, in the order of `criteria`.
    pub criteria: Vec<f64>,
    /// Rounds 1 to `after_round`.
    pub rounds: Vec<RoundRecord>,
}

/// What a player did in a round.
#[derive(Debug, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum RoundRecord {
    /// A game, won, lost, drawn or without a result yet.
    Game {
        opponent_id: Uuid,
        /// `B` or `W`, the spelling of every colour of the API (SGF's).
        color: Color,
        handicap: u32,
        outcome: GameOutcome,
        /// Won by default (forfeit): counts for the score, is not rated.
        by_default: bool,
    },
    /// A game that was annulled: it counts for nobody.
    Void { opponent_id: Uuid },
    /// Present without an opponent: the bye credit.
    Bye {},
    /// Not playing: the absence credit.
    Absent {},
    /// Present but neither paired nor given a bye.
    Unpaired {},
}

/// A game from one player's side.
#[derive(Debug, PartialEq, Clone, Copy, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum GameOutcome {
    Win,
    Loss,
    Jigo,
    /// No result recorded yet.
    Unknown,
}

/// The result recorded for a pairing's game.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
pub struct PairingResult {
    pub pairing_id: Uuid,
    /// The round's number.
    pub round: i32,
    /// SGF `RE` in its canonical spelling (`B+3.5`, `W+R`, `B+F`, `0`, `Void`); `null` while unknown.
    #[schema(example = "B+3.5")]
    pub result: Option<String>,
}

/// How the standings are sent: JSON, or one of the export files.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
enum Representation {
    Json,
    File(Format),
}

impl Representation {
    /// In order of preference when a client accepts several equally.
    fn offered() -> impl Iterator<Item = Representation> {
        std::iter::once(Representation::Json)
            .chain(Format::ALL.into_iter().map(Representation::File))
    }

    fn media_type(self) -> &'static str {
        match self {
            Representation::Json => JSON,
            Representation::File(format) => format.media_type(),
        }
    }
}

fn offered_types() -> String {
    Representation::offered()
        .map(Representation::media_type)
        .collect::<Vec<_>>()
        .join(", ")
}

/// The representation `Accept` prefers (RFC 9110 §12.5.1): the most specific media range
/// matching each offer gives its weight; the highest weight wins, JSON on a tie. No
/// `Accept`, or none that parses, means JSON.
fn negotiate(request: &HttpRequest) -> Result<Representation, StandingsFailure> {
    let ranges = Accept::parse(request)
        .map(|accept| accept.0)
        .unwrap_or_default();
    if ranges.is_empty() {
        return Ok(Representation::Json);
    }
    let weight = |offer: &Mime| -> Quality {
        let specificity = |range: &Mime| {
            if range.essence_str() == offer.essence_str() {
                Some(2)
            } else if range.subtype() == mime::STAR && range.type_() == offer.type_() {
                Some(1)
            } else if range.type_() == mime::STAR && range.subtype() == mime::STAR {
                Some(0)
            } else {
                None
            }
        };
        ranges
            .iter()
            .filter_map(|range| specificity(&range.item).map(|rank| (rank, range.quality)))
            .max_by_key(|(rank, _)| *rank)
            .map_or(Quality::ZERO, |(_, quality)| quality)
    };
    let mut best: Option<(Representation, Quality)> = None;
    for offer in Representation::offered() {
        let Ok(media_type) = offer.media_type().parse::<Mime>() else {
            continue;
        };
        let quality = weight(&media_type);
        if quality > Quality::ZERO && best.is_none_or(|(_, best_quality)| quality > best_quality) {
            best = Some((offer, quality));
        }
    }
    best.map(|(offer, _)| offer)
        .ok_or_else(|| StandingsFailure::NotAcceptable(offered_types()))
}

/// The stored tournament, or 404.
async fn load(pool: &DbPool, tournament_id: Uuid) -> Result<Tournament, StandingsFailure> {
    let mut connection = pool.get().await?;
    Ok(store::tournament(&mut connection, tournament_id)
        .await?
        .ok_or(ApiError::NotFound(Resource::Tournament))?)
}

/// The round asked for, checked against the tournament's rounds, or the last one played.
fn round_to_count(
    tournament: &Tournament,
    after_round: Option<u32>,
    rounds: Option<Counted>,
) -> Result<u32, StandingsFailure> {
    match (after_round, rounds) {
        (Some(_), Some(_)) => Err(ApiError::InvalidQuery(FieldError::new(
            "rounds",
            "give the rounds by number (after_round) or by name (rounds), not both",
        ))
        .into()),
        (None, Some(counted)) => Ok(counted.round(tournament)),
        (None, None) => Ok(tournament.last_round()),
        (Some(round), None) if round <= tournament.rounds => Ok(round),
        (Some(_), None) => Err(ApiError::InvalidQuery(FieldError::new(
            "after_round",
            format!(
                "must be at most {}, the tournament's last round",
                tournament.rounds
            ),
        ))
        .into()),
    }
}

/// The file of `format`, with the content type its bytes are encoded in.
fn file(
    format: Format,
    tournament: &Tournament,
    after_round: u32,
    choices: Choices,
) -> Result<(Vec<u8>, &'static str), StandingsFailure> {
    Ok((
        export::write_with(format, tournament, after_round, choices)?,
        format.content_type(),
    ))
}

fn standings_json(
    tournament_id: Uuid,
    tournament: &Tournament,
    after_round: u32,
) -> Result<Standings, StandingsFailure> {
    let lines = standings::compute(tournament, after_round)?;
    let id = |text: &str| Uuid::parse_str(text).map_err(ApiError::internal);
    let points = |score: Score| score.quarters() as f64 / 4.0;
    let mut items = Vec::with_capacity(lines.len());
    for line in lines {
        let player = tournament.player(&line.player).ok_or_else(|| {
            ApiError::internal(format!("standings name an unknown player {}", line.player))
        })?;
        let rounds = line
            .rounds
            .iter()
            .map(|round| {
                Ok(match round {
                    RoundOutcome::Game {
                        opponent,
                        colour,
                        handicap,
                        outcome,
                        by_default,
                    } => RoundRecord::Game {
                        opponent_id: id(opponent)?,
                        // The service always records the colours.
                        color: colour.unwrap_or(Color::Black),
                        handicap: *handicap,
                        outcome: match outcome {
                            Outcome::Win => GameOutcome::Win,
                            Outcome::Loss => GameOutcome::Loss,
                            Outcome::Jigo => GameOutcome::Jigo,
                            Outcome::Unknown => GameOutcome::Unknown,
                        },
                        by_default: *by_default,
                    },
                    RoundOutcome::Void { opponent } => RoundRecord::Void {
                        opponent_id: id(opponent)?,
                    },
                    RoundOutcome::Bye => RoundRecord::Bye {},
                    RoundOutcome::Absent => RoundRecord::Absent {},
                    RoundOutcome::Unpaired => RoundRecord::Unpaired {},
                })
            })
            .collect::<Result<Vec<_>, ApiError>>()?;
        items.push(StandingLine {
            place: line.place,
            row: line.row,
            player_id: id(&line.player)?,
            surname: player.surname.clone(),
            first_name: player.first_name.clone(),
            rank: player.rank.to_string(),
            mms: points(line.mms),
            wins: points(line.wins),
            criteria: line.criteria.iter().map(|value| points(*value)).collect(),
            rounds,
        });
    }
    let criteria = serde_json::to_value(&tournament.criteria)
        .and_then(serde_json::from_value)
        .map_err(ApiError::internal)?;
    Ok(Standings {
        tournament_id,
        after_round,
        criteria,
        items,
    })
}

/// The standings after a round (anyone). JSON by default; `Accept: application/egf` gives
/// the EGD `.h9` table, `application/ffg` the FFG `.tou`, `text/plain` the AGA results,
/// `text/csv` a spreadsheet and `application/xml` the OpenGotha tournament file, in the
/// encoding each body reads (ISO-8859-15 for the EGD, the FFG and the AGA).
#[utoipa::path(
    get, path = "/tournaments/{tournament_id}/standings", tag = "standings",
    params(("tournament_id" = Uuid, Path), StandingsQuery),
    responses(
        (status = 200, description = "The standings, in the representation `Accept` prefers", content(
            (Standings = "application/json"),
            (String = "application/egf"),
            (String = "application/ffg"),
            (String = "text/plain"),
            (String = "text/csv"),
            (String = "application/xml"),
        )),
        (status = 406, description = "None of the accepted media types is available", body = Problem, content_type = "application/problem+json"),
        (status = 422, description = "Results the standings cannot count, or that the rating body would refuse (the detail names the game or player)", body = Problem, content_type = "application/problem+json"),
    )
)]
pub async fn get(
    pool: web::Data<DbPool>,
    reads: web::Data<Kept>,
    workshop: web::Data<Workshop>,
    caller: Option<Caller>,
    request: actix_web::HttpRequest,
    path: web::Path<Uuid>,
    query: ApiQuery<StandingsQuery>,
) -> Result<HttpResponse, StandingsFailure> {
    let tournament_id = path.into_inner();
    let representation = negotiate(&request)?;
    let asked = Asked {
        tournament_id,
        representation,
        after_round: query.0.after_round,
        rounds: None,
        choices: Choices::default(),
        download: false,
    };
    let rendered = rendered(&pool, &reads, &workshop, caller.as_ref(), &request, asked).await?;
    Ok(rendered.respond(&request))
}

/// The standings and exports kept, by what was asked (see [`crate::services::reads`]).
pub type Kept = reads::Reads<Asked>;

/// A read of the standings or of an export.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Asked {
    tournament_id: Uuid,
    representation: Representation,
    after_round: Option<u32>,
    rounds: Option<Counted>,
    choices: Choices,
    /// As a file to save, named after the tournament.
    download: bool,
}

/// What `asked` reads, computed once per revision of the tournament (see
/// [`crate::services::reads`]) on the heavy work's pool, in the caller's lane.
async fn rendered(
    pool: &DbPool,
    reads: &Kept,
    workshop: &Workshop,
    caller: Option<&Caller>,
    request: &HttpRequest,
    asked: Asked,
) -> Result<Arc<Rendered>, StandingsFailure> {
    let tournament_id = asked.tournament_id;
    let revision = conditional::revision(request, pool, tournament_id)
        .await?
        .ok_or(ApiError::NotFound(Resource::Tournament))?;
    let class = match caller {
        Some(caller) if caller.require_staff(tournament_id, "read").is_ok() => Class::Staff,
        _ => Class::Anonymous,
    };
    reads
        .get_or_render(tournament_id, asked, revision, || async {
            let tournament = load(pool, tournament_id).await?;
            let after_round = round_to_count(&tournament, asked.after_round, asked.rounds)?;
            workshop
                .run(class, move || render(&tournament, asked, after_round))
                .await?
        })
        .await
}

/// The body of `asked`, plain and compressed.
fn render(
    tournament: &Tournament,
    asked: Asked,
    after_round: u32,
) -> Result<Rendered, StandingsFailure> {
    Ok(match asked.representation {
        Representation::Json => Rendered::json(
            &standings_json(asked.tournament_id, tournament, after_round)?,
            JSON,
        )
        .map_err(ApiError::internal)?,
        Representation::File(format) => {
            let (bytes, content_type) = file(format, tournament, after_round, asked.choices)?;
            let mut rendered = Rendered::new(bytes, content_type);
            if asked.download {
                rendered.disposition = Some(format!(
                    "attachment; filename=\"{}.{}\"",
                    tournament.short_name,
                    format.extension(tournament)
                ));
            }
            rendered
        }
    })
}

/// The export of a tournament as a file to save (anyone): `egd` (`.h9`), `ffg` (`.tou`),
/// `aga`, `csv` or `opengotha`, named after the tournament.
#[utoipa::path(
    get, path = "/tournaments/{tournament_id}/exports/{format}", tag = "standings",
    params(
        ("tournament_id" = Uuid, Path),
        ("format" = String, Path, description = "egd, ffg, aga, csv or opengotha", pattern = "^(egd|ffg|aga|csv|opengotha)$"),
        ExportQuery,
    ),
    responses(
        (status = 200, description = "The file, as an attachment (`Content-Disposition`)", content(
            (String = "application/egf"),
            (String = "application/ffg"),
            (String = "text/plain"),
            (String = "text/csv"),
            (String = "application/xml"),
        )),
        (status = 422, description = "Results the rating body would refuse (the detail names the game or player)", body = Problem, content_type = "application/problem+json"),
    )
)]
pub async fn download(
    pool: web::Data<DbPool>,
    reads: web::Data<Kept>,
    workshop: web::Data<Workshop>,
    caller: Option<Caller>,
    request: HttpRequest,
    path: web::Path<(Uuid, String)>,
    query: ApiQuery<ExportQuery>,
) -> Result<HttpResponse, StandingsFailure> {
    let (tournament_id, format_name) = path.into_inner();
    let format: Format = format_name
        .parse()
        .map_err(|error: export::UnknownFormat| {
            ApiError::InvalidPath(FieldError::new("format", error.to_string()))
        })?;
    let asked = Asked {
        tournament_id,
        representation: Representation::File(format),
        after_round: query.0.after_round,
        rounds: query.0.rounds,
        choices: Choices {
            by_default: query.0.by_default.unwrap_or_default(),
        },
        download: true,
    };
    let rendered = rendered(&pool, &reads, &workshop, caller.as_ref(), &request, asked).await?;
    Ok(rendered.respond(&request))
}

/// The result recorded for a pairing's game.
#[utoipa::path(
    get, path = "/tournaments/{tournament_id}/rounds/{number}/pairings/{pairing_id}/result", tag = "standings",
    params(("tournament_id" = Uuid, Path), ("number" = i32, Path), ("pairing_id" = Uuid, Path)),
    responses((status = 200, description = "The result", body = PairingResult))
)]
pub async fn result(
    pool: web::Data<DbPool>,
    path: web::Path<(Uuid, i32, Uuid)>,
) -> Result<HttpResponse, ApiError> {
    let (tournament_id, number, pairing_id) = path.into_inner();
    let mut connection = pool.get().await?;
    let round = rounds::load(&mut connection, tournament_id, number).await?;
    pairing_store::find(&mut connection, round.id, pairing_id)
        .await?
        .ok_or(ApiError::NotFound(Resource::Pairing))?;
    let result = store::result(&mut connection, pairing_id).await?;
    Ok(HttpResponse::Ok().json(PairingResult {
        pairing_id,
        round: number,
        result,
    }))
}

/// Record the result of a pairing (organizers and referees), once its round has started.
/// A pairing with a game has the game's result: a finished game's result changes by a
/// ruling on the game (who, when, why and the previous result are in its log), and a
/// running game is refused (409: the referee rules on the game). A pairing without a game
/// gets its result by a ruling on the pairing, kept the same way.
#[utoipa::path(
    put, path = "/tournaments/{tournament_id}/rounds/{number}/pairings/{pairing_id}/result", tag = "standings",
    params(("tournament_id" = Uuid, Path), ("number" = i32, Path), ("pairing_id" = Uuid, Path)),
    request_body = ResultChange,
    responses(
        (status = 200, description = "The recorded result", body = PairingResult),
        (status = 409, description = "`game.running`: the pairing's game is still running", body = Problem, content_type = "application/problem+json"),
        (status = 422, description = "No result, or one that is not a valid SGF `RE` for this game", body = Problem, content_type = "application/problem+json"),
    ),
    security(("bearer" = []))
)]
pub async fn record_result(
    pool: web::Data<DbPool>,
    cache: web::Data<GameCache>,
    caller: Caller,
    request: HttpRequest,
    path: web::Path<(Uuid, i32, Uuid)>,
    body: ApiJson<ResultChange>,
) -> Result<HttpResponse, GameError> {
    let (tournament_id, number, pairing_id) = path.into_inner();
    let at = (tournament_id, number, pairing_id);
    let result = results::record(&pool, &cache, &caller, &request, at, body.0).await?;
    Ok(HttpResponse::Ok().json(PairingResult {
        pairing_id,
        round: number,
        result,
    }))
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use actix_web::http::header;
    use actix_web::test::TestRequest;

    fn accepting(accept: &str) -> Result<Representation, StandingsFailure> {
        negotiate(
            &TestRequest::default()
                .insert_header((header::ACCEPT, accept))
                .to_http_request(),
        )
    }

    #[test]
    fn accept_picks_the_most_specific_range_then_the_weight() {
        assert_eq!(
            negotiate(&TestRequest::default().to_http_request()).unwrap(),
            Representation::Json
        );
        assert_eq!(accepting("*/*").unwrap(), Representation::Json);
        assert_eq!(
            accepting("application/egf").unwrap(),
            Representation::File(Format::Egd)
        );
        assert_eq!(
            accepting("application/FFG; charset=iso-8859-15").unwrap(),
            Representation::File(Format::Ffg)
        );
        assert_eq!(
            accepting("text/*").unwrap(),
            Representation::File(Format::Aga)
        );
        assert_eq!(
            accepting("application/json;q=0.5, text/csv").unwrap(),
            Representation::File(Format::Csv)
        );
        assert_eq!(
            accepting("*/*;q=0.1, application/json;q=0").unwrap(),
            Representation::File(Format::Egd)
        );
        assert!(matches!(
            accepting("image/png"),
            Err(StandingsFailure::NotAcceptable(_))
        ));
        assert!(matches!(
            accepting("application/egf;q=0"),
            Err(StandingsFailure::NotAcceptable(_))
        ));
    }

    #[test]
    fn short_names_are_ascii_words_joined() {
        assert_eq!(
            store::short_name("Tournoi de Paris 2026!"),
            "Tournoi-de-Paris-2026"
        );
        assert_eq!(store::short_name("  Été "), "t");
    }
}
