//! A round's draft: the pairing the core's engine makes of a round not yet paired, kept by
//! the service (made once per revision of the tournament and request, see
//! [`Workshop::drafts`]) and never stored; the director's hand edits of it (colours
//! swapped, games moved to other tables, tables numbered again), replayed on the kept
//! draft in the order made; why the engine made a pair; and the publication of a draft, in
//! one transaction, as the round's pairings and its bye. The JSON routes
//! (`routes::drafts`) and the organizer's pages both go through here, so that a page's
//! form names the draft and the one change asked and never carries the draft itself (a
//! round of 1,000 players is some 400 KB of it).

use crate::auth::Caller;
use crate::db::DbPool;
use crate::error::{ApiError, FieldError, Issue, Resource};
use crate::services::heavy::{Class, Drafted, Workshop};
use crate::services::names::{Names, PlayerName};
use crate::services::pairing::{self, check_round, Adjustments};
use crate::services::reads::Rendered;
use crate::store;
use crate::store::pairings::{self as pairing_store, PairingRow, PairingTerms};
use crate::store::rounds as round_store;
use arbitre_core::pairing::edit::{self, EditError};
use arbitre_core::pairing::parameters::OpenGothaVersion;
use arbitre_core::pairing::PairingParameters;
use arbitre_core::pairing::{
    consistency, Candidate, Cost, Criterion, Met, PairedGame, PairingError, Parallelism, Reason,
};
use diesel_async::AsyncConnection;
use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;
use std::sync::Arc;
use utoipa::{IntoParams, ToSchema};
use uuid::Uuid;

/// What to change in the engine's pairing.
#[derive(Debug, Clone, Default, Deserialize, ToSchema)]
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

/// A pair's cost: the total the matching maximizes, each criterion's part, and the pair
/// in words.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct PairCost {
    /// OpenGotha's `totalCost`: the criteria plus one.
    pub total: i64,
    pub criteria: Cost,
    /// How far the pair meets each criterion the round weighs, in words, in the order of
    /// OpenGotha's evaluation function: why the engine made it, for a person to read.
    pub in_words: Vec<PairReason>,
}

/// A criterion of the pairing and the pair by it, in words.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct PairReason {
    /// The criterion, under the name OpenGotha's pairing settings give it.
    #[schema(example = "Minimize score difference")]
    pub criterion: String,
    /// The pair by this criterion.
    #[schema(example = "the same score")]
    pub pair: String,
    /// The criterion by its identifier, for a client writing it in its reader's language
    /// (the pages do).
    pub criterion_id: Criterion,
    /// How far the pair meets the criterion: `pair` as an identifier.
    pub met: Met,
}

impl PairReason {
    /// The core's reason this line says.
    pub fn reason(&self) -> Reason {
        Reason {
            criterion: self.criterion_id,
            met: self.met,
        }
    }
}

impl PairCost {
    fn of(cost: Cost, parameters: &PairingParameters) -> PairCost {
        PairCost {
            total: cost.total(),
            in_words: cost
                .in_words(parameters)
                .iter()
                .map(|reason| PairReason {
                    criterion: reason.criterion.setting().to_string(),
                    pair: reason.words().to_string(),
                    criterion_id: reason.criterion,
                    met: reason.met,
                })
                .collect(),
            criteria: cost,
        }
    }
}

/// A game of a draft: the terms of a pairing, who the players are, and why.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
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
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
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
#[derive(Debug, Serialize, Deserialize, ToSchema)]
pub struct CandidateView {
    pub opponent_id: Uuid,
    /// The two have met in an earlier round.
    pub rematch: bool,
    pub cost: PairCost,
}

/// Why the engine pairs as it does: a pair's cost criterion by criterion, or a player's
/// candidate opponents by decreasing cost (the matching maximizes the round's total).
#[derive(Debug, Serialize, Deserialize, ToSchema)]
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

fn table(
    game: PairedGame,
    names: &Names,
    parameters: &PairingParameters,
) -> Result<DraftTable, ApiError> {
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
        cost: PairCost::of(game.cost, parameters),
    })
}

fn candidate(
    candidate: Candidate,
    parameters: &PairingParameters,
) -> Result<CandidateView, ApiError> {
    Ok(CandidateView {
        opponent_id: id(&candidate.opponent)?,
        rematch: candidate.rematch,
        cost: PairCost::of(candidate.cost, parameters),
    })
}

/// The draft of round `number` made with `request`, as JSON (and gzip): made by the
/// engine once per revision of the tournament and request, then kept
/// ([`Workshop::drafts`]). An organizer who drafts again with nothing changed, or
/// reopens the draft, is answered the draft made, and the heavy pool leaves the
/// tablets' cores alone. Anything a draft is made from (a result, a registration, a
/// player, a setting, the round's pairings) is a new revision, drafted afresh.
pub async fn drafted(
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
    workshop
        .drafts
        .get_or_render(
            tournament_id,
            draft_key(number, &request),
            revision,
            || async {
                let draft = engine_draft(pool, workshop, tournament_id, number, request).await?;
                // A round of 2,000 players is some 300 KB of JSON: milliseconds the request
                // worker owes the tablets, written on the pool instead.
                workshop
                    .run(Class::Staff, move || Rendered::json(&draft, JSON))
                    .await?
                    .map_err(ApiError::internal)
            },
        )
        .await
}

/// The key of a draft kept: the round, and the request's games fixed and players left out.
fn draft_key(number: i32, request: &DraftRequest) -> Drafted {
    (number, request.fixed.clone(), request.exclude.clone())
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
    let parameters = prepared.parameters;
    // On the pool too: what the draft is made from, fingerprinted (the whole tournament
    // serialized and hashed, milliseconds a request worker owes the tablets).
    let (state, made) = workshop
        .run_on_pool(Class::Staff, move |pool, abandoned| {
            let state = prepared.state()?;
            let made = prepared
                .round()?
                .pair(Parallelism::Cancellable(pool, &|| abandoned.checkpoint()))
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
            .map(|game| table(game, &names, &parameters))
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

/// A round's pairing to publish: its tables' terms, checked by the caller, the player
/// given the bye, and the `state` of the draft it comes from.
#[derive(Debug)]
pub struct Publication {
    pub tables: Vec<PairingTerms>,
    pub bye: Option<Uuid>,
    pub state: String,
}

/// The draft's state no longer the round's: what it was made from changed since.
fn stale(number: i32) -> ApiError {
    ApiError::Conflict {
        code: "draft.stale",
        detail: format!(
            "round {number} changed since the draft (a result, a registration, a player or a \
             setting): draft it again"
        ),
    }
}

/// Publishes a round's pairing in one transaction (organizers): its tables become the
/// round's pairings and its bye a registration. Refused when the round started or is
/// already paired, and when what the draft was made from changed since (`draft.stale`).
/// The stored pairings, by table, and the bye.
pub async fn publish(
    pool: &DbPool,
    caller: &Caller,
    tournament_id: Uuid,
    number: i32,
    publication: Publication,
) -> Result<(Vec<PairingRow>, Option<Uuid>), ApiError> {
    caller.require_organizer(tournament_id, "publish pairings of this tournament")?;
    consistency::check(
        pairing::boards(&publication.tables),
        publication.bye.as_slice(),
    )?;
    let mut connection = pool.get().await?;
    connection
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
                return Err(stale(number));
            }
            check_round(connection, tournament_id, round.id, &publication.tables).await?;
            let mut rows =
                pairing_store::insert_round(connection, round.id, &publication.tables).await?;
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
        .await
}

/// A hand edit of a draft, as a page names it: `s12` swaps the colours of table 12,
/// `m450-2` moves table 450's game to table 2, `r` numbers the tables again by best
/// score order, as the engine does.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum HandEdit {
    Swap(u32),
    Move { from: u32, to: u32 },
    Renumber,
}

impl fmt::Display for HandEdit {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            HandEdit::Swap(table) => write!(formatter, "s{table}"),
            HandEdit::Move { from, to } => write!(formatter, "m{from}-{to}"),
            HandEdit::Renumber => write!(formatter, "r"),
        }
    }
}

impl FromStr for HandEdit {
    type Err = ApiError;

    fn from_str(text: &str) -> Result<HandEdit, ApiError> {
        let number = |digits: &str| {
            digits
                .parse::<u32>()
                .map_err(|_| invalid(format!("{text} is not a hand edit of a draft")))
        };
        match text.split_at_checked(1) {
            Some(("s", table)) => Ok(HandEdit::Swap(number(table)?)),
            Some(("m", tables)) => {
                let (from, to) = tables
                    .split_once('-')
                    .ok_or_else(|| invalid(format!("{text} is not a hand edit of a draft")))?;
                Ok(HandEdit::Move {
                    from: number(from)?,
                    to: number(to)?,
                })
            }
            Some(("r", "")) => Ok(HandEdit::Renumber),
            _ => Err(invalid(format!("{text} is not a hand edit of a draft"))),
        }
    }
}

fn invalid(message: String) -> ApiError {
    ApiError::InvalidBody(FieldError::new("draft", message))
}

/// A refused hand edit: which edit and why.
fn refused(error: EditError<Uuid>) -> ApiError {
    let message = error.to_string();
    ApiError::InvalidBody(FieldError::of_issue("draft", Issue::Edit(error), message))
}

/// A draft as the director made it: the engine's draft for `request`, then the hand
/// edits in the order made.
#[derive(Debug, Default)]
pub struct Sketch {
    pub request: DraftRequest,
    pub edits: Vec<HandEdit>,
}

/// A draft with its hand edits made: the tables whose colours were swapped by hand (by
/// their number now).
#[derive(Debug)]
pub struct Held {
    pub draft: Draft,
    pub swapped: Vec<u32>,
}

/// The draft `sketch` names: the engine's, kept ([`make_draft`]), its hand edits made
/// again. When `state` is given, the draft must have been made from it, or it is
/// refused as `draft.stale`: the edits were made on another draft.
pub async fn held(
    pool: &DbPool,
    workshop: &Workshop,
    caller: &Caller,
    (tournament_id, number): (Uuid, i32),
    sketch: &Sketch,
    state: Option<&str>,
) -> Result<Held, ApiError> {
    let request = sketch.request.clone();
    let draft = make_draft(pool, workshop, caller, tournament_id, number, request).await?;
    if state.is_some_and(|state| state != draft.state) {
        return Err(stale(number));
    }
    let mut held = Held {
        draft,
        swapped: Vec::new(),
    };
    for hand_edit in &sketch.edits {
        held.edit(
            pool,
            workshop,
            caller,
            (tournament_id, number),
            sketch,
            *hand_edit,
        )
        .await?;
    }
    Ok(held)
}

impl Held {
    /// Makes `hand_edit` by the core's rules ([`edit`]); refused, the draft is as it was.
    /// The tables swapped by hand follow their games.
    pub async fn edit(
        &mut self,
        pool: &DbPool,
        workshop: &Workshop,
        caller: &Caller,
        (tournament_id, number): (Uuid, i32),
        sketch: &Sketch,
        hand_edit: HandEdit,
    ) -> Result<(), ApiError> {
        let tables = &mut self.draft.tables;
        match hand_edit {
            HandEdit::Swap(table) => {
                edit::swap_colours(tables, table).map_err(refused)?;
                match self.swapped.iter().position(|shown| *shown == table) {
                    Some(at) => {
                        self.swapped.remove(at);
                    }
                    None => self.swapped.push(table),
                }
                return Ok(());
            }
            HandEdit::Move { .. } | HandEdit::Renumber => {}
        }
        let swapped: Vec<Uuid> = tables
            .iter()
            .filter(|game| self.swapped.contains(&game.table))
            .map(|game| game.white_id)
            .collect();
        match hand_edit {
            HandEdit::Move { from, to } => edit::move_table(tables, from, to).map_err(refused)?,
            _ => {
                let request = sketch.request.clone();
                let numbers = table_numbers(
                    pool,
                    workshop,
                    caller,
                    tournament_id,
                    number,
                    request,
                    tables,
                )
                .await?;
                edit::renumber(tables, &numbers).map_err(refused)?;
            }
        }
        self.swapped = tables
            .iter()
            .filter(|game| swapped.contains(&game.white_id))
            .map(|game| game.table)
            .collect();
        Ok(())
    }

    /// The draft as it is held, to publish: its tables' terms as the engine gave them.
    pub fn publication(&self) -> Result<Publication, ApiError> {
        let tables = self
            .draft
            .tables
            .iter()
            .map(|game| {
                Ok(PairingTerms {
                    table_number: i32::try_from(game.table).map_err(ApiError::internal)?,
                    black_id: game.black_id,
                    white_id: game.white_id,
                    handicap: i16::try_from(game.handicap).map_err(ApiError::internal)?,
                    komi: game.komi,
                })
            })
            .collect::<Result<_, ApiError>>()?;
        Ok(Publication {
            tables,
            bye: self.draft.bye,
            state: self.draft.state.clone(),
        })
    }
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
    let parameters = prepared.parameters;
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
                pair: Some(candidate(pair, &parameters)?),
                candidates: Vec::new(),
            }
        }
        None => Explanation {
            pair: None,
            candidates: candidates
                .into_iter()
                .map(|each| candidate(each, &parameters))
                .collect::<Result<_, _>>()?,
        },
    };
    Ok(explanation)
}
