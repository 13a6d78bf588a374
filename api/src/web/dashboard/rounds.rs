//! The dashboard's rounds: a round's overview once paired (live, from the tournament's
//! stream), and before that its draft.
//!
//! A draft is the engine's (`POST …/pairings/draft`), never stored: the page keeps it in
//! the form as the API returned it and sends it back with each change. Swapping a table's
//! colours, moving a game to another table and renumbering the tables edit it there,
//! by the core's rules ([`edit`]); exchanging two players asks the engine for a new draft
//! that keeps the two new pairs (the draft's `fixed` games), so that colours, handicaps
//! and the other tables stay the engine's. Why a pair was made is the explain route's
//! answer, shown beside the draft. Publishing sends the draft to the route's own
//! publication, which refuses it (`draft.stale`) if the tournament changed since.

use super::{caller, check_origin, problems, see_other};
use crate::db::DbPool;
use crate::error::{ApiError, FieldError, Resource};
use crate::i18n::Language;
use crate::routes::drafts::{
    self as api, Draft, DraftPublication, DraftRequest, ExplainQuery, PublishedTable,
};
use crate::routes::rounds::{register_for_round, start_round, RegistrationStatus};
use crate::services::heavy::Workshop;
use crate::services::reads::Reads;
use crate::store::pairings as pairing_store;
use crate::store::players::{self as player_store, PlayerFilter};
use crate::store::rounds as round_store;
use crate::web::page::{secured, Page, PageError};
use crate::web::public::{kept_page, round_lines, tournament, NameLine, TableLine};
use crate::web::session::Signed;
use crate::web::session::Viewer;
use actix_web::{web, HttpRequest, HttpResponse};
use arbitre_core::pairing::edit::{self, EditError};
use askama::Template;
use serde::Deserialize;
use uuid::Uuid;

/// The tournament and round a page is about.
struct RoundHeading {
    id: Uuid,
    name: String,
    number: i32,
}

/// A table of the round's overview: its lines and its pairing, for entering a result.
struct OverviewLine {
    line: TableLine,
    pairing_id: Uuid,
}

/// A player's participation in a round not yet paired: the status recorded, if any (a
/// player without one is paired, as the draft reads them), and the one a tap records.
struct ParticipationLine {
    player_id: Uuid,
    name: String,
    status: String,
    tap: &'static str,
}

#[derive(Template)]
#[template(path = "dashboard/round.html")]
struct RoundPage {
    t: Language,
    signed_in: Option<Signed>,
    heading: RoundHeading,
    started: bool,
    tables: Vec<OverviewLine>,
    byes: Vec<String>,
    participation: Vec<ParticipationLine>,
}

/// How many players the participation list shows.
const PARTICIPATION_LISTED: i64 = 2000;

async fn participation(
    connection: &mut crate::db::Connection,
    id: Uuid,
    round_id: Uuid,
) -> Result<Vec<ParticipationLine>, ApiError> {
    let (registrations, _) =
        round_store::list_registrations(connection, round_id, None, PARTICIPATION_LISTED, 0)
            .await?;
    let filter = PlayerFilter {
        surname_pattern: None,
        country: None,
        club: None,
    };
    let (players, _) = player_store::list(connection, id, &filter, PARTICIPATION_LISTED, 0).await?;
    Ok(players
        .into_iter()
        .map(|player| {
            let status = registrations
                .iter()
                .find(|registration| registration.player_id == player.id)
                .map(|registration| registration.status.clone());
            let tap = if status.as_deref() == Some(RegistrationStatus::Absent.name()) {
                RegistrationStatus::Present.name()
            } else {
                RegistrationStatus::Absent.name()
            };
            ParticipationLine {
                player_id: player.id,
                name: format!("{} {} ({})", player.surname, player.first_name, player.rank),
                status: status.unwrap_or_else(|| "not marked".to_string()),
                tap,
            }
        })
        .collect())
}

fn round_number(number: i32, rounds: u32) -> Result<u32, PageError> {
    u32::try_from(number)
        .ok()
        .filter(|number| (1..=rounds).contains(number))
        .ok_or(PageError(ApiError::NotFound(Resource::Round)))
}

/// `GET /dashboard/t/{id}/rounds/{number}`: the round's tables, kept current by the
/// tournament's stream; a round not paired yet offers its draft. Kept as rendered per
/// revision of the tournament ([`kept_page`]), like the public pages.
pub async fn show(
    request: HttpRequest,
    pool: web::Data<DbPool>,
    reads: web::Data<Reads>,
    viewer: Viewer,
    path: web::Path<(Uuid, i32)>,
) -> Result<Page, PageError> {
    let (id, number) = path.into_inner();
    caller(&viewer)?.require_staff(id, "see this tournament's rounds")?;
    kept_page(&request, &pool, &reads, id, &viewer, || {
        round_page(&pool, &viewer, id, number)
    })
    .await
}

/// The round's page as [`show`] renders it, when not kept.
async fn round_page(
    pool: &DbPool,
    viewer: &Viewer,
    id: Uuid,
    number: i32,
) -> Result<Page, PageError> {
    let tournament = tournament(pool, id).await?;
    let round = round_number(number, tournament.rounds)?;
    let mut connection = pool.get().await.map_err(ApiError::from)?;
    let row = round_store::find(&mut connection, id, number)
        .await
        .map_err(ApiError::from)?
        .ok_or(ApiError::NotFound(Resource::Round))?;
    let pairings = pairing_store::all_of_round(&mut connection, row.id)
        .await
        .map_err(ApiError::from)?;
    let participation = if pairings.is_empty() {
        participation(&mut connection, id, row.id).await?
    } else {
        Vec::new()
    };
    let lines = round_lines(&tournament, round, "", viewer.language());
    // Both lists are by table number, one line per pairing.
    let tables = lines
        .tables
        .into_iter()
        .zip(pairings)
        .map(|(line, pairing)| OverviewLine {
            line,
            pairing_id: pairing.id,
        })
        .collect();
    Page::render(&RoundPage {
        t: viewer.language(),
        signed_in: viewer.describe(),
        started: row.started_at.is_some(),
        heading: RoundHeading {
            id,
            name: tournament.name.clone(),
            number,
        },
        tables,
        byes: lines.byes,
        participation,
    })
}

/// The participation form: the status to record.
#[derive(Debug, Deserialize)]
pub struct ParticipationForm {
    status: RegistrationStatus,
}

/// `POST /dashboard/t/{id}/rounds/{number}/participation/{player}`: checks a player in
/// (present) or out (absent) of the round by one tap, through the route's registration.
pub async fn participation_change(
    request: HttpRequest,
    pool: web::Data<DbPool>,
    viewer: Viewer,
    path: web::Path<(Uuid, i32, Uuid)>,
    form: web::Form<ParticipationForm>,
) -> Result<HttpResponse, PageError> {
    check_origin(&request)?;
    let at = path.into_inner();
    register_for_round(&pool, &caller(&viewer)?, at, form.status).await?;
    let (id, number, _) = at;
    Ok(see_other(&format!(
        "/dashboard/t/{id}/rounds/{number}#participation"
    )))
}

/// `POST /dashboard/t/{id}/rounds/{number}/start`: starts the round (its results can be
/// recorded from then on), through the route's own start.
pub async fn start(
    request: HttpRequest,
    pool: web::Data<DbPool>,
    viewer: Viewer,
    path: web::Path<(Uuid, i32)>,
) -> Result<HttpResponse, PageError> {
    check_origin(&request)?;
    let (id, number) = path.into_inner();
    start_round(&pool, &caller(&viewer)?, id, number).await?;
    Ok(see_other(&format!("/dashboard/t/{id}/rounds/{number}")))
}

#[derive(Template)]
#[template(path = "dashboard/print.html")]
struct PrintPage {
    t: Language,
    signed_in: Option<Signed>,
    heading: RoundHeading,
    tables: Vec<TableLine>,
    names: Vec<NameLine>,
    byes: Vec<String>,
}

/// `GET /dashboard/t/{id}/rounds/{number}/print`: the pairing list to print, by table
/// and by name.
pub async fn print(
    pool: web::Data<DbPool>,
    viewer: Viewer,
    path: web::Path<(Uuid, i32)>,
) -> Result<Page, PageError> {
    let (id, number) = path.into_inner();
    caller(&viewer)?.require_staff(id, "print this tournament's pairings")?;
    let tournament = tournament(&pool, id).await?;
    let round = round_number(number, tournament.rounds)?;
    let lines = round_lines(&tournament, round, "", viewer.language());
    Page::render(&PrintPage {
        t: viewer.language(),
        signed_in: viewer.describe(),
        heading: RoundHeading {
            id,
            name: tournament.name.clone(),
            number,
        },
        tables: lines.tables,
        names: lines.names,
        byes: lines.byes,
    })
}

/// The draft form: what to do, and the draft as the page holds it.
#[derive(Debug, Deserialize)]
pub struct DraftForm {
    /// `draft`, `swap-TABLE`, `explain-TABLE`, `move`, `renumber`, `exchange`, `fix`,
    /// `leave-out` or `publish`.
    action: String,
    /// The draft, as the API returned it (JSON), edited or not.
    #[serde(default)]
    draft: String,
    /// The games kept by earlier exchanges (JSON pairs of player ids).
    #[serde(default)]
    fixed: String,
    /// The tables whose colours were swapped by hand, comma-separated.
    #[serde(default)]
    edited: String,
    /// The players left out of this draft (JSON player ids).
    #[serde(default)]
    excluded: String,
    /// The two players to exchange, or to pair together.
    first: Option<Uuid>,
    second: Option<Uuid>,
    /// The player to leave out of this draft.
    leave_out: Option<Uuid>,
    /// The table to move, and the table number to move it to (as typed).
    from: Option<u32>,
    #[serde(default)]
    to: String,
}

/// A player of the draft, for the exchange's lists.
struct Choice {
    id: Uuid,
    label: String,
}

#[derive(Template)]
#[template(path = "dashboard/draft.html")]
struct DraftPage {
    t: Language,
    signed_in: Option<Signed>,
    heading: RoundHeading,
    draft: Draft,
    /// The OpenGotha version the draft follows, as the API names it (`3.52`).
    opengotha: String,
    draft_json: String,
    fixed_json: String,
    excluded_json: String,
    /// The kept pairs and the players left out, by name, for the director to see.
    kept: Vec<String>,
    left_out: Vec<String>,
    edited: Vec<u32>,
    edited_text: String,
    choices: Vec<Choice>,
    problems: Vec<String>,
    explanation: Option<PairExplanation>,
}

/// Why the engine made a pair: the pair's cost criterion by criterion (OpenGotha's names),
/// and where the opponent stands among the white player's candidates.
struct PairExplanation {
    table: u32,
    white: String,
    black: String,
    total: i64,
    terms: [(&'static str, i64); 9],
    /// The black player's place among white's candidate opponents (1: the costliest).
    place: usize,
    candidates: usize,
    rematch: bool,
    /// The candidates costlier than the pair, the costliest first (at most three).
    costlier: Vec<String>,
}

impl DraftPage {
    fn is_edited(&self, table: &u32) -> bool {
        self.edited.contains(table)
    }
}

fn invalid(field: &str, message: impl ToString) -> ApiError {
    ApiError::InvalidBody(FieldError::new(field, message.to_string()))
}

/// A refused hand edit, for the page: which edit and why.
fn refused(error: EditError<Uuid>) -> ApiError {
    invalid("draft", error)
}

/// How many costlier candidates an explanation names.
const COSTLIER_NAMED: usize = 3;

/// The explanation of the pair `white`–`black` (at `table`) from white's candidate
/// opponents, as the explain route gives them (the costliest first).
fn explain(
    table: u32,
    white: &str,
    black: &str,
    black_id: Uuid,
    candidates: &[api::CandidateView],
    name: impl Fn(&Uuid) -> String,
) -> Result<PairExplanation, ApiError> {
    let place = candidates
        .iter()
        .position(|candidate| candidate.opponent_id == black_id)
        .ok_or_else(|| {
            invalid(
                "draft",
                format!("{black} is not a candidate opponent of {white} in this round"),
            )
        })?;
    let pair = &candidates[place];
    Ok(PairExplanation {
        table,
        white: white.to_string(),
        black: black.to_string(),
        total: pair.cost.total,
        terms: pair.cost.criteria.terms(),
        place: place + 1,
        candidates: candidates.len(),
        rematch: pair.rematch,
        costlier: candidates[..place]
            .iter()
            .take(COSTLIER_NAMED)
            .map(|candidate| {
                format!(
                    "{} (cost {}{})",
                    name(&candidate.opponent_id),
                    candidate.cost.total,
                    if candidate.rematch { ", a rematch" } else { "" }
                )
            })
            .collect(),
    })
}

fn publication(draft: Draft) -> Result<DraftPublication, ApiError> {
    let tables = draft
        .tables
        .into_iter()
        .map(|game| {
            Ok(PublishedTable {
                table: i32::try_from(game.table).map_err(|error| invalid("draft", error))?,
                white_id: game.white_id,
                black_id: game.black_id,
                handicap: i16::try_from(game.handicap).map_err(|error| invalid("draft", error))?,
                komi: Some(game.komi),
                _white: None,
                _black: None,
                _rematch: None,
                _cost: None,
            })
        })
        .collect::<Result<_, ApiError>>()?;
    Ok(DraftPublication {
        round: draft.round,
        tables,
        bye: draft.bye,
        _bye_player: None,
        _opengotha: None,
        state: draft.state,
    })
}

/// Earlier kept games that hold one of `players` give way.
fn release(fixed: &mut Vec<[Uuid; 2]>, players: &[Uuid]) {
    fixed.retain(|pair| !pair.iter().any(|player| players.contains(player)));
}

/// `POST /dashboard/t/{id}/rounds/{number}/draft`: asks for a draft, changes it, or
/// publishes it (then opens the round's overview). Exchanging two players, pairing two
/// together or leaving one out asks the engine for a new draft with the pairs kept so far
/// (`fixed`) and the players left out so far (`exclude`).
pub async fn draft(
    request: HttpRequest,
    pool: web::Data<DbPool>,
    workshop: web::Data<Workshop>,
    viewer: Viewer,
    path: web::Path<(Uuid, i32)>,
    form: web::Form<DraftForm>,
) -> Result<HttpResponse, PageError> {
    check_origin(&request)?;
    let caller = caller(&viewer)?;
    let (id, number) = path.into_inner();
    let form = form.into_inner();
    let mut fixed: Vec<[Uuid; 2]> = if form.fixed.is_empty() {
        Vec::new()
    } else {
        serde_json::from_str(&form.fixed).map_err(|error| invalid("fixed", error))?
    };
    let mut edited: Vec<u32> = form
        .edited
        .split(',')
        .filter_map(|table| table.parse().ok())
        .collect();
    let mut excluded: Vec<Uuid> = if form.excluded.is_empty() {
        Vec::new()
    } else {
        serde_json::from_str(&form.excluded).map_err(|error| invalid("excluded", error))?
    };
    let held: Option<Draft> = if form.draft.is_empty() {
        None
    } else {
        Some(serde_json::from_str(&form.draft).map_err(|error| invalid("draft", error))?)
    };
    let mut problems_shown = Vec::new();
    // A hand edit refused by the core's rules, rather than by the engine or the store.
    let mut edit_refused = false;
    let mut explained = None;
    let request = |fixed: &[[Uuid; 2]], excluded: &[Uuid]| DraftRequest {
        fixed: fixed.to_vec(),
        exclude: excluded.to_vec(),
    };
    let draft = match (form.action.as_str(), held) {
        ("publish", Some(draft)) => {
            match api::publish_draft(&pool, &caller, id, number, publication(draft)?).await {
                Ok(_) => return Ok(see_other(&format!("/dashboard/t/{id}/rounds/{number}"))),
                Err(error) => {
                    problems_shown = problems(error)?;
                    // Stale or refused: a fresh draft, to look at again.
                    edited.clear();
                    let request = request(&fixed, &excluded);
                    api::make_draft(&pool, &workshop, &caller, id, number, request).await?
                }
            }
        }
        (action @ ("exchange" | "fix" | "leave-out"), Some(draft)) => {
            let two = || match (form.first, form.second) {
                (Some(first), Some(second)) => Ok((first, second)),
                _ => Err(invalid("first", "choose two players")),
            };
            let changed = match action {
                "exchange" => two().and_then(|(first, second)| {
                    let pairs = edit::exchanged(&draft.tables, &first, &second).map_err(refused)?;
                    release(&mut fixed, pairs.as_flattened());
                    fixed.extend(pairs);
                    Ok(())
                }),
                "fix" => two().map(|(first, second)| {
                    release(&mut fixed, &[first, second]);
                    fixed.push([first, second]);
                }),
                _ => match form.leave_out {
                    Some(player) => {
                        release(&mut fixed, &[player]);
                        excluded.push(player);
                        Ok(())
                    }
                    None => Err(invalid("leave_out", "choose a player")),
                },
            };
            // A refused change, or the engine's own refusal (a pair of one player, a
            // player not in the round), is shown above the draft as it was.
            let fresh = match changed {
                Ok(()) => {
                    let request = request(&fixed, &excluded);
                    api::make_draft(&pool, &workshop, &caller, id, number, request).await
                }
                Err(error) => {
                    edit_refused = true;
                    Err(error)
                }
            };
            match fresh {
                Ok(fresh) => {
                    edited.clear();
                    fresh
                }
                Err(error) => {
                    problems_shown = problems(error)?;
                    draft
                }
            }
        }
        (action, Some(mut draft)) if action.starts_with("swap-") => {
            let table = action["swap-".len()..]
                .parse()
                .map_err(|error| invalid("action", error))?;
            match edit::swap_colours(&mut draft.tables, table) {
                Ok(()) => {
                    if let Some(at) = edited.iter().position(|shown| *shown == table) {
                        edited.remove(at);
                    } else {
                        edited.push(table);
                    }
                }
                Err(error) => {
                    edit_refused = true;
                    problems_shown = problems(refused(error))?;
                }
            }
            draft
        }
        (action, Some(draft)) if action.starts_with("explain-") => {
            let table = action["explain-".len()..]
                .parse()
                .map_err(|error| invalid("action", error))?;
            match draft.tables.iter().find(|game| game.table == table) {
                Some(game) => {
                    explained = Some((table, game.white_id, game.black_id));
                }
                None => {
                    edit_refused = true;
                    problems_shown = problems(refused(EditError::NoTable(table)))?;
                }
            }
            draft
        }
        (action @ ("move" | "renumber"), Some(mut draft)) => {
            // The tables swapped by hand follow their games to their new numbers.
            let swapped: Vec<Uuid> = draft
                .tables
                .iter()
                .filter(|game| edited.contains(&game.table))
                .map(|game| game.white_id)
                .collect();
            let outcome = if action == "move" {
                match (form.from, form.to.trim().parse::<u32>()) {
                    (Some(from), Ok(to)) => {
                        edit::move_table(&mut draft.tables, from, to).map_err(refused)
                    }
                    (None, _) => Err(invalid("from", "choose the table to move")),
                    (_, Err(_)) => Err(invalid(
                        "to",
                        format!(
                            "give the table number to move to, from 1 to {}",
                            edit::MAX_TABLE
                        ),
                    )),
                }
            } else {
                let request = request(&fixed, &excluded);
                match api::table_numbers(
                    &pool,
                    &workshop,
                    &caller,
                    id,
                    number,
                    request,
                    &draft.tables,
                )
                .await
                {
                    Ok(numbers) => edit::renumber(&mut draft.tables, &numbers).map_err(refused),
                    Err(error) => Err(error),
                }
            };
            match outcome {
                Ok(()) => {
                    edited = draft
                        .tables
                        .iter()
                        .filter(|game| swapped.contains(&game.white_id))
                        .map(|game| game.table)
                        .collect();
                }
                Err(error) => {
                    edit_refused = true;
                    problems_shown = problems(error)?;
                }
            }
            draft
        }
        _ => {
            fixed.clear();
            excluded.clear();
            edited.clear();
            let request = DraftRequest::default();
            api::make_draft(&pool, &workshop, &caller, id, number, request).await?
        }
    };
    let tournament = tournament(&pool, id).await?;
    let mut choices: Vec<Choice> = draft
        .tables
        .iter()
        .flat_map(|game| [(&game.white, game.table), (&game.black, game.table)])
        .map(|(player, table)| Choice {
            id: player.id,
            label: format!("{} ({}), table {table}", player.name, player.rank),
        })
        .collect();
    choices.sort_by(|a, b| a.label.cmp(&b.label));
    let name = |player: &Uuid| {
        tournament
            .player(&player.to_string())
            .map(|player| format!("{} {} ({})", player.surname, player.first_name, player.rank))
            .unwrap_or_else(|| player.to_string())
    };
    let kept = fixed
        .iter()
        .map(|[first, second]| format!("{} – {}", name(first), name(second)))
        .collect();
    let left_out = excluded.iter().map(name).collect();
    let explanation = match explained {
        Some((table, white, black)) => {
            let query = ExplainQuery {
                white: None,
                black: None,
                player: Some(white),
            };
            let explanation =
                api::make_explanation(&pool, &workshop, &caller, id, number, query).await?;
            Some(explain(
                table,
                &name(&white),
                &name(&black),
                black,
                &explanation.candidates,
                name,
            )?)
        }
        None => None,
    };
    // A refused edit answers 422, a refused publication or draft 409, with the draft to
    // look at again.
    let status = if problems_shown.is_empty() {
        HttpResponse::Ok()
    } else if edit_refused {
        HttpResponse::UnprocessableEntity()
    } else {
        HttpResponse::Conflict()
    };
    let page = Page::render(&DraftPage {
        t: viewer.language(),
        signed_in: viewer.describe(),
        heading: RoundHeading {
            id,
            name: tournament.name.clone(),
            number,
        },
        opengotha: serde_json::to_value(draft.opengotha)
            .map_err(ApiError::internal)?
            .as_str()
            .unwrap_or_default()
            .to_string(),
        draft_json: serde_json::to_string(&draft).map_err(ApiError::internal)?,
        fixed_json: serde_json::to_string(&fixed).map_err(ApiError::internal)?,
        excluded_json: serde_json::to_string(&excluded).map_err(ApiError::internal)?,
        kept,
        left_out,
        edited_text: edited
            .iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>()
            .join(","),
        edited,
        draft,
        choices,
        problems: problems_shown,
        explanation,
    })?;
    Ok(secured(status, page.0))
}
