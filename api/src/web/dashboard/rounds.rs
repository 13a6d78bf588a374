//! The dashboard's rounds: a round's overview once paired (live, from the tournament's
//! stream), and before that its draft.
//!
//! A draft is the engine's, kept by the service and never stored ([`drafts`]): the page's
//! form names it (what the engine was asked, the hand edits made, the state it was made
//! from) and the one change asked, never carries it. Swapping a table's colours, moving
//! a game to another table and renumbering the tables are hand edits, made by the core's
//! rules ([`edit`]); exchanging two players asks the engine for a new draft that keeps
//! the two new pairs (the draft's `fixed` games), so that colours, handicaps and the
//! other tables stay the engine's. Why a pair was made is the explain route's answer,
//! shown beside the draft. Publishing goes through the service's publication, which
//! refuses it (`draft.stale`) if the tournament changed since.

use super::{caller, problems, see_other};
use crate::db::DbPool;
use crate::error::{ApiError, FieldError, Issue, Resource};
use crate::i18n::{vocabulary, Language};
use crate::services::drafts::{self, Draft, DraftRequest, ExplainQuery, HandEdit, Sketch};
use crate::services::heavy::Workshop;
use crate::services::rounds::{register_for_round, start_round, RegistrationStatus};
use crate::store::pairings as pairing_store;
use crate::store::players::{self as player_store, PlayerFilter};
use crate::store::rounds as round_store;
use crate::web::dashboard::Problem;
use crate::web::page::{secured, Page, PageError};
use crate::web::public::{
    kept_page, page_language, round_lines, tournament, NameLine, Pages, TableLine,
};
use crate::web::session::Signed;
use crate::web::session::Viewer;
use actix_web::{web, HttpRequest, HttpResponse};
use arbitre_core::pairing::edit::{self, EditError};
use arbitre_core::pairing::{Criterion, Met};
use askama::Template;
use serde::Deserialize;
use uuid::Uuid;

/// The tournament and round a page is about.
struct RoundHeading {
    id: Uuid,
    name: String,
    number: i32,
}

/// A table of the round's overview: its lines and its pairing, for entering a result or,
/// before the start, changing its handicap and komi.
struct OverviewLine {
    line: TableLine,
    pairing_id: Uuid,
    handicap: i16,
    komi: String,
}

/// A player's participation in a round not yet paired: the status recorded, if any (a
/// player without one is paired, as the draft reads them), and the one a tap records.
struct ParticipationLine {
    player_id: Uuid,
    name: String,
    status: String,
    tap: &'static str,
}

impl ParticipationLine {
    /// The catalog's word for the status recorded (none: not marked).
    fn status_key(&self) -> &'static str {
        match self.status.as_str() {
            "present" => "participation-present",
            "absent" => "participation-absent",
            _ => "participation-not-marked",
        }
    }

    /// The catalog's words for the button that records the other status.
    fn tap_key(&self) -> &'static str {
        if self.tap == RegistrationStatus::Present.name() {
            "participation-mark-present"
        } else {
            "participation-mark-absent"
        }
    }
}

#[derive(Template)]
#[template(path = "dashboard/round.html")]
struct RoundPage {
    t: Language,
    signed_in: Option<Signed>,
    heading: RoundHeading,
    started: bool,
    /// The tournament's last round (the one a mistake may delete).
    last: bool,
    tables: Vec<OverviewLine>,
    byes: Vec<String>,
    participation: Vec<ParticipationLine>,
    unfinished: Option<Unfinished>,
}

/// The round before the one being drafted, when some of its tables have no result: the
/// engine pairs from the results recorded, so a draft made now treats those games as not
/// played, which the director should know before drafting.
struct Unfinished {
    round: i32,
    /// The tables without a result, by number.
    tables: Vec<i32>,
}

/// The most tables the warning names one by one.
const TABLES_NAMED: usize = 10;

impl Unfinished {
    /// The tables without a result, when few enough to name ("3, 7"), else empty.
    fn listed(&self) -> String {
        if self.tables.len() > TABLES_NAMED {
            return String::new();
        }
        let numbers: Vec<String> = self.tables.iter().map(i32::to_string).collect();
        numbers.join(", ")
    }
}

/// The round before `number`, if paired and with tables still without a result.
async fn unfinished(
    connection: &mut crate::db::Connection,
    id: Uuid,
    number: i32,
) -> Result<Option<Unfinished>, ApiError> {
    let Some(before) = round_store::find(connection, id, number - 1).await? else {
        return Ok(None);
    };
    let tables: Vec<i32> = pairing_store::all_of_round(connection, before.id)
        .await?
        .into_iter()
        .filter(|pairing| pairing.result.is_none() && pairing.opengotha_result.is_none())
        .map(|pairing| pairing.table_number)
        .collect();
    Ok((!tables.is_empty()).then_some(Unfinished {
        round: before.number,
        tables,
    }))
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
                status: status.unwrap_or_default(),
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
    reads: web::Data<Pages>,
    viewer: Viewer,
    path: web::Path<(Uuid, i32)>,
) -> Result<Page, PageError> {
    let (id, number) = path.into_inner();
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
    let language = page_language(pool, viewer, id).await?;
    let round = round_number(number, tournament.rounds)?;
    let mut connection = pool.get().await.map_err(ApiError::from)?;
    let row = round_store::find(&mut connection, id, number)
        .await
        .map_err(ApiError::from)?
        .ok_or(ApiError::NotFound(Resource::Round))?;
    let pairings = pairing_store::all_of_round(&mut connection, row.id)
        .await
        .map_err(ApiError::from)?;
    let (participation, unfinished) = if pairings.is_empty() {
        (
            participation(&mut connection, id, row.id).await?,
            unfinished(&mut connection, id, number).await?,
        )
    } else {
        (Vec::new(), None)
    };
    let lines = round_lines(&tournament, round, "", language);
    // Both lists are by table number, one line per pairing.
    let tables = lines
        .tables
        .into_iter()
        .zip(pairings)
        .map(|(line, pairing)| OverviewLine {
            line,
            pairing_id: pairing.id,
            handicap: pairing.handicap,
            komi: language.decimal(pairing.komi),
        })
        .collect();
    Page::render(&RoundPage {
        t: language,
        signed_in: viewer.describe(),
        started: row.started_at.is_some(),
        last: round == tournament.rounds,
        heading: RoundHeading {
            id,
            name: tournament.name.clone(),
            number,
        },
        tables,
        byes: lines.byes,
        participation,
        unfinished,
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
    pool: web::Data<DbPool>,
    viewer: Viewer,
    path: web::Path<(Uuid, i32, Uuid)>,
    form: web::Form<ParticipationForm>,
) -> Result<HttpResponse, PageError> {
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
    pool: web::Data<DbPool>,
    viewer: Viewer,
    path: web::Path<(Uuid, i32)>,
) -> Result<HttpResponse, PageError> {
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
    let tournament = tournament(&pool, id).await?;
    let language = page_language(&pool, &viewer, id).await?;
    let round = round_number(number, tournament.rounds)?;
    let lines = round_lines(&tournament, round, "", language);
    Page::render(&PrintPage {
        t: language,
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

/// The draft form: what to do, and the draft as the page names it (never the draft
/// itself, which the service keeps: [`drafts::held`]).
#[derive(Debug, Deserialize)]
pub struct DraftForm {
    /// `draft`, `swap-TABLE`, `explain-TABLE`, `move`, `renumber`, `exchange`, `fix`,
    /// `leave-out` or `publish`.
    action: String,
    /// The state of the draft shown: a change or a publication of a draft made before
    /// the round changed is refused, and a fresh draft shown.
    #[serde(default)]
    state: String,
    /// The games kept by earlier exchanges (JSON pairs of player ids).
    #[serde(default)]
    fixed: String,
    /// The players left out of this draft (JSON player ids).
    #[serde(default)]
    excluded: String,
    /// The hand edits made so far, in order, space-separated ([`HandEdit`]).
    #[serde(default)]
    edits: String,
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
    /// The OpenGotha release whose pairing the draft reproduces (`3.52.03`), if any.
    release: Option<&'static str>,
    fixed_json: String,
    excluded_json: String,
    edits_text: String,
    /// The kept pairs and the players left out, by name, for the director to see.
    kept: Vec<String>,
    left_out: Vec<String>,
    swapped: Vec<u32>,
    choices: Vec<Choice>,
    problems: Vec<Problem>,
    explanation: Option<PairExplanation>,
    unfinished: Option<Unfinished>,
}

/// Why the engine made a pair: the pair criterion by criterion, in words (OpenGotha's
/// names of the criteria), and where the opponent stands among the white player's
/// candidates.
struct PairExplanation {
    table: u32,
    white: String,
    black: String,
    reasons: Vec<drafts::PairReason>,
    /// The black player's place among white's candidate opponents (1: the best for
    /// white alone).
    place: usize,
    candidates: usize,
    rematch: bool,
    /// The candidates better for white alone than the pair, the best first (at most
    /// three).
    costlier: Vec<String>,
}

impl DraftPage {
    fn is_edited(&self, table: &u32) -> bool {
        self.swapped.contains(table)
    }

    /// A pair that is a rematch: the report shows it in bold.
    fn is_rematch(&self, reason: &drafts::PairReason) -> bool {
        reason.criterion_id == Criterion::Rematch && reason.met == Met::Not
    }

    fn pair_words(&self, reason: &drafts::PairReason) -> String {
        vocabulary::pair_reason(self.t, reason.reason())
    }

    fn criterion_words(&self, reason: &drafts::PairReason) -> String {
        vocabulary::pairing_criterion(self.t, reason.criterion_id)
    }

    /// The explanation's sentence: the same with "though the two have met before".
    fn explained(&self, why: &PairExplanation) -> &'static str {
        if why.rematch {
            "draft-why-explained-rematch"
        } else {
            "draft-why-explained"
        }
    }
}

fn invalid(field: &str, message: impl ToString) -> ApiError {
    ApiError::InvalidBody(FieldError::new(field, message.to_string()))
}

/// A draft form's choice refused, typed for the page's words.
fn refused(field: &str, issue: Issue, message: impl Into<String>) -> ApiError {
    ApiError::InvalidBody(FieldError::of_issue(field, issue, message))
}

/// A hand edit the core refused, typed for the page's words.
fn refused_edit(error: EditError<Uuid>) -> ApiError {
    let message = error.to_string();
    refused("draft", Issue::Edit(error), message)
}

/// How many better candidates an explanation names.
const COSTLIER_NAMED: usize = 3;

/// The explanation of the pair `white`–`black` (at `table`) from white's candidate
/// opponents, as the explain route gives them (the costliest first).
fn explain(
    table: u32,
    white: &str,
    black: &str,
    black_id: Uuid,
    candidates: &[drafts::CandidateView],
    name: impl Fn(&Uuid) -> String,
    language: Language,
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
    let (better, rest) = candidates.split_at(place);
    let pair = rest
        .first()
        .ok_or_else(|| ApiError::internal("no candidate at the pair's place"))?;
    Ok(PairExplanation {
        table,
        white: white.to_string(),
        black: black.to_string(),
        reasons: pair.cost.in_words.clone(),
        place: place + 1,
        candidates: candidates.len(),
        rematch: pair.rematch,
        costlier: better
            .iter()
            .take(COSTLIER_NAMED)
            .map(|candidate| {
                let name = name(&candidate.opponent_id);
                if candidate.rematch {
                    language.text_with("draft-a-rematch", "player", name)
                } else {
                    name
                }
            })
            .collect(),
    })
}

/// Earlier kept games that hold one of `players` give way.
fn release(fixed: &mut Vec<[Uuid; 2]>, players: &[Uuid]) {
    fixed.retain(|pair| !pair.iter().any(|player| players.contains(player)));
}

/// A list the form holds as JSON (`field`), empty when not given.
fn listed<T: serde::de::DeserializeOwned>(field: &str, text: &str) -> Result<Vec<T>, ApiError> {
    if text.is_empty() {
        Ok(Vec::new())
    } else {
        serde_json::from_str(text).map_err(|error| invalid(field, error))
    }
}

/// The draft the form names: the engine's request (pairs kept, players left out) and
/// the hand edits made on it.
fn sketch(form: &DraftForm) -> Result<Sketch, ApiError> {
    Ok(Sketch {
        request: DraftRequest {
            fixed: listed("fixed", &form.fixed)?,
            exclude: listed("excluded", &form.excluded)?,
        },
        edits: form
            .edits
            .split_whitespace()
            .map(str::parse)
            .collect::<Result<_, _>>()?,
    })
}

/// The hand edit a form asks, if it asks one: `swap-TABLE`, `move` or `renumber`.
fn hand_edit(form: &DraftForm) -> Option<Result<HandEdit, ApiError>> {
    let action = form.action.as_str();
    if let Some(table) = action.strip_prefix("swap-") {
        return Some(
            table
                .parse()
                .map(HandEdit::Swap)
                .map_err(|error| invalid("action", error)),
        );
    }
    match action {
        "renumber" => Some(Ok(HandEdit::Renumber)),
        "move" => Some(match (form.from, form.to.trim().parse::<u32>()) {
            (Some(from), Ok(to)) => Ok(HandEdit::Move { from, to }),
            (None, _) => Err(refused(
                "from",
                Issue::NotChosen,
                "choose the table to move",
            )),
            (_, Err(_)) => Err(refused(
                "to",
                Issue::OutOfRange {
                    min: 1,
                    max: i64::from(edit::MAX_TABLE),
                },
                format!(
                    "give the table number to move to, from 1 to {}",
                    edit::MAX_TABLE
                ),
            )),
        }),
        _ => None,
    }
}

/// `POST /dashboard/t/{id}/rounds/{number}/draft`: asks for a draft, changes it, or
/// publishes it (then opens the round's overview). The form names the draft (what the
/// engine was asked, the hand edits made, the state it was made from) and the one change
/// asked; the service keeps the draft ([`drafts::held`]), so that a round of any size is
/// edited and published by forms of a few hundred bytes. Exchanging two players, pairing
/// two together or leaving one out asks the engine for a new draft with the pairs kept so
/// far (`fixed`) and the players left out so far (`exclude`).
pub async fn draft(
    pool: web::Data<DbPool>,
    workshop: web::Data<Workshop>,
    viewer: Viewer,
    path: web::Path<(Uuid, i32)>,
    form: web::Form<DraftForm>,
) -> Result<HttpResponse, PageError> {
    let caller = caller(&viewer)?;
    let (id, number) = path.into_inner();
    let at = (id, number);
    let form = form.into_inner();
    let fresh = form.action == "draft" || form.state.is_empty();
    let mut sketch = if fresh {
        Sketch::default()
    } else {
        sketch(&form)?
    };
    let mut problems_shown = Vec::new();
    // A hand edit refused by the core's rules, rather than by the engine or the store.
    let mut edit_refused = false;
    let mut explained = None;
    let state = (!fresh).then_some(form.state.as_str());
    let mut held = match drafts::held(&pool, &workshop, &caller, at, &sketch, state).await {
        Ok(held) => held,
        // Made from another state of the round: a fresh draft, to look at again.
        Err(error @ ApiError::Conflict { .. }) => {
            problems_shown = problems(error)?;
            sketch.edits.clear();
            drafts::held(&pool, &workshop, &caller, at, &sketch, None).await?
        }
        Err(error) => return Err(error.into()),
    };
    match form.action.as_str() {
        _ if !problems_shown.is_empty() || fresh => {}
        "publish" => {
            let publication = held.publication()?;
            match drafts::publish(&pool, &caller, id, number, publication).await {
                Ok(_) => return Ok(see_other(&format!("/dashboard/t/{id}/rounds/{number}"))),
                Err(error) => {
                    problems_shown = problems(error)?;
                    // Stale or refused: a fresh draft, to look at again.
                    sketch.edits.clear();
                    held = drafts::held(&pool, &workshop, &caller, at, &sketch, None).await?;
                }
            }
        }
        action @ ("exchange" | "fix" | "leave-out") => {
            let mut request = sketch.request.clone();
            let two = || match (form.first, form.second) {
                (Some(first), Some(second)) => Ok((first, second)),
                _ => Err(refused("first", Issue::TwoPlayers, "choose two players")),
            };
            let changed = match action {
                "exchange" => two().and_then(|(first, second)| {
                    let pairs = edit::exchanged(&held.draft.tables, &first, &second)
                        .map_err(refused_edit)?;
                    release(&mut request.fixed, pairs.as_flattened());
                    request.fixed.extend(pairs);
                    Ok(())
                }),
                "fix" => two().map(|(first, second)| {
                    release(&mut request.fixed, &[first, second]);
                    request.fixed.push([first, second]);
                }),
                _ => match form.leave_out {
                    Some(player) => {
                        release(&mut request.fixed, &[player]);
                        request.exclude.push(player);
                        Ok(())
                    }
                    None => Err(refused("leave_out", Issue::NotChosen, "choose a player")),
                },
            };
            // A refused change, or the engine's own refusal (a pair of one player, a
            // player not in the round), is shown above the draft as it was.
            let redrafted = match changed {
                Ok(()) => {
                    let asked = Sketch {
                        request,
                        edits: Vec::new(),
                    };
                    drafts::held(&pool, &workshop, &caller, at, &asked, None)
                        .await
                        .map(|fresh| (fresh, asked))
                }
                Err(error) => {
                    edit_refused = true;
                    Err(error)
                }
            };
            match redrafted {
                Ok((fresh, asked)) => {
                    held = fresh;
                    sketch = asked;
                }
                Err(error) => problems_shown = problems(error)?,
            }
        }
        action if action.starts_with("explain-") => {
            let table = action["explain-".len()..]
                .parse()
                .map_err(|error| invalid("action", error))?;
            match held.draft.tables.iter().find(|game| game.table == table) {
                Some(game) => explained = Some((table, game.white_id, game.black_id)),
                None => {
                    edit_refused = true;
                    problems_shown = problems(refused_edit(EditError::NoTable(table)))?;
                }
            }
        }
        _ => match hand_edit(&form) {
            Some(asked) => {
                let made = match asked {
                    Ok(hand_edit) => held
                        .edit(&pool, &workshop, &caller, at, &sketch, hand_edit)
                        .await
                        .map(|()| hand_edit),
                    Err(error) => Err(error),
                };
                match made {
                    Ok(hand_edit) => sketch.edits.push(hand_edit),
                    Err(error) => {
                        edit_refused = true;
                        problems_shown = problems(error)?;
                    }
                }
            }
            None => return Err(invalid("action", "not an action of the draft").into()),
        },
    }
    let tournament = tournament(&pool, id).await?;
    let language = page_language(&pool, &viewer, id).await?;
    let unfinished = {
        let mut connection = pool.get().await.map_err(ApiError::from)?;
        unfinished(&mut connection, id, number).await?
    };
    let draft = held.draft;
    let mut choices: Vec<Choice> = draft
        .tables
        .iter()
        .flat_map(|game| [(&game.white, game.table), (&game.black, game.table)])
        .map(|(player, table)| Choice {
            id: player.id,
            label: language
                .message("draft-choice")
                .arg("player", format!("{} ({})", player.name, player.rank))
                .arg("table", table)
                .to_string(),
        })
        .collect();
    choices.sort_by(|a, b| a.label.cmp(&b.label));
    let name = |player: &Uuid| {
        tournament
            .player(&player.to_string())
            .map(|player| format!("{} {} ({})", player.surname, player.first_name, player.rank))
            .unwrap_or_else(|| player.to_string())
    };
    let kept = sketch
        .request
        .fixed
        .iter()
        .map(|[first, second]| format!("{} – {}", name(first), name(second)))
        .collect();
    let left_out = sketch.request.exclude.iter().map(name).collect();
    let explanation = match explained {
        Some((table, white, black)) => {
            let query = ExplainQuery {
                white: None,
                black: None,
                player: Some(white),
            };
            let explanation =
                drafts::make_explanation(&pool, &workshop, &caller, id, number, query).await?;
            Some(explain(
                table,
                &name(&white),
                &name(&black),
                black,
                &explanation.candidates,
                name,
                language,
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
        t: language,
        signed_in: viewer.describe(),
        heading: RoundHeading {
            id,
            name: tournament.name.clone(),
            number,
        },
        release: tournament
            .pairing
            .and_then(|parameters| parameters.reproduced_release()),
        fixed_json: serde_json::to_string(&sketch.request.fixed).map_err(ApiError::internal)?,
        excluded_json: serde_json::to_string(&sketch.request.exclude)
            .map_err(ApiError::internal)?,
        edits_text: sketch
            .edits
            .iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>()
            .join(" "),
        kept,
        left_out,
        swapped: held.swapped,
        draft,
        choices,
        problems: problems_shown,
        explanation,
        unfinished,
    })?;
    Ok(secured(status, page.0))
}
