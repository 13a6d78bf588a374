//! The public pages: what anyone in the hall reads on a phone or a projector, without
//! signing in. A tournament's pairings by table and by name (so that a player finds
//! their board), its results as they come, and its standings with its own criteria.
//!
//! A page shows the tournament as the standings and the rating exports see it
//! ([`crate::store::standings::tournament`]) and ranks it with the core's
//! [`standings::compute`]; it decides nothing itself.

use super::page::{Page, PageError};
use super::session::Viewer;
use crate::db::DbPool;
use crate::error::{ApiError, FieldError, Resource};
use crate::http::conditional;
use crate::i18n::vocabulary::{self, CriterionName};
use crate::i18n::Language;
use crate::metrics::Metrics;
use crate::services::heavy::{Class, Workshop};
use crate::services::reads::{Reads, Rendered};
use crate::store::standings::tournament as load_tournament;
use crate::store::tournaments::{self, TournamentFilter};
use crate::web::language::Reader;
use crate::web::session::Signed;
use actix_web::{web, HttpRequest};
use arbitre_core::standings::{self, Game, Player, Tournament};
use askama::Template;
use chrono::NaiveDate;
use serde::Deserialize;
use std::collections::HashMap;
use std::future::Future;
use uuid::Uuid;

pub mod search;

pub use search::Searches;

/// How many tournaments the home page lists, newest first.
const HOME_LIST: i64 = 200;

/// A tournament as the home page lists it.
struct Listed {
    id: Uuid,
    name: String,
    place: String,
    dates: String,
}

#[derive(Template)]
#[template(path = "home.html")]
struct HomePage {
    t: Language,
    signed_in: Option<Signed>,
    tournaments: Vec<Listed>,
    more: i64,
}

/// `GET /`: the tournaments, newest first.
pub async fn home(pool: web::Data<DbPool>, viewer: Viewer) -> Result<Page, PageError> {
    let language = viewer.language();
    let mut connection = pool.get().await.map_err(ApiError::from)?;
    let filter = TournamentFilter {
        name_pattern: None,
        starts_from: None,
        starts_until: None,
    };
    let (rows, total) = tournaments::list(&mut connection, &filter, HOME_LIST, 0)
        .await
        .map_err(ApiError::from)?;
    let mut listed: Vec<Listed> = rows
        .into_iter()
        .map(|row| Listed {
            id: row.id,
            dates: language.dates(row.start_date, row.end_date),
            name: row.name,
            place: row.place,
        })
        .collect();
    listed.reverse();
    Page::render(&HomePage {
        t: viewer.language(),
        signed_in: viewer.describe(),
        more: total - listed.len() as i64,
        tournaments: listed,
    })
}

/// A tournament's days (ISO 8601 dates, as the core keeps them) in `language`.
fn dates(language: Language, start: &str, end: &str) -> String {
    let day = |text: &str| NaiveDate::parse_from_str(text, "%Y-%m-%d").ok();
    match (day(start), day(end)) {
        (Some(start), Some(end)) => language.dates(start, end),
        _ => format!("{start} – {end}"),
    }
}

/// What the tournament pages take from the query string.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PageQuery {
    /// The round shown (default: the last with a game or a bye, else 1).
    round: Option<u32>,
    /// Part of a player's name: only their lines.
    name: Option<String>,
    /// The hall screen: large type, the list scrolling.
    hall: Option<u8>,
}

/// The header every tournament page shares.
struct Heading {
    id: Uuid,
    name: String,
    place: String,
    dates: String,
    rounds: Vec<u32>,
    round: u32,
    hall: bool,
}

impl Heading {
    fn new(
        id: Uuid,
        tournament: &Tournament,
        round: u32,
        hall: bool,
        language: Language,
    ) -> Heading {
        Heading {
            id,
            name: tournament.name.clone(),
            place: tournament.city.clone(),
            dates: dates(language, &tournament.start_date, &tournament.end_date),
            rounds: (1..=tournament.rounds).collect(),
            round,
            hall,
        }
    }

    /// The query string that keeps the page's round and mode.
    fn keep(&self) -> String {
        let hall = if self.hall { "&hall=1" } else { "" };
        format!("?round={}{hall}", self.round)
    }
}

/// One table of a round.
#[derive(Clone)]
pub struct TableLine {
    pub table: String,
    pub white: String,
    pub black: String,
    pub handicap: u32,
    /// The game's komi, when the page knows it.
    pub komi: Option<f64>,
    /// In the reader's words; empty while the game has none.
    pub result: String,
}

/// One player of a round, for finding their board.
#[derive(Clone)]
pub struct NameLine {
    pub name: String,
    pub table: String,
    /// In the reader's words.
    pub colour: String,
    pub opponent: String,
}

/// A round's lines: its tables in order, its players by name, its byes; only the
/// players whose name holds `search` (case and accents folded) by name.
pub struct RoundLines {
    pub tables: Vec<TableLine>,
    pub names: Vec<NameLine>,
    pub byes: Vec<String>,
}

#[derive(Template)]
#[template(path = "pairings.html")]
struct PairingsPage {
    t: Language,
    signed_in: Option<Signed>,
    heading: Heading,
    tables: Vec<TableLine>,
    names: Vec<NameLine>,
    byes: Vec<String>,
    search: String,
}

fn display_name(player: &Player) -> String {
    format!("{} {} ({})", player.surname, player.first_name, player.rank)
}

/// The tournament's players by id: one lookup per line of a page (a 500-player round
/// has 1,000), not a walk through all of them.
fn players_by_id(tournament: &Tournament) -> HashMap<&str, &Player> {
    tournament
        .players
        .iter()
        .map(|player| (player.id.as_str(), player))
        .collect()
}

/// Folds case and the common Latin accents, so that "jose" finds "José".
fn folded(text: &str) -> String {
    text.chars()
        .flat_map(char::to_lowercase)
        .map(|c| match c {
            'à' | 'á' | 'â' | 'ã' | 'ä' | 'å' => 'a',
            'ç' => 'c',
            'è' | 'é' | 'ê' | 'ë' => 'e',
            'ì' | 'í' | 'î' | 'ï' => 'i',
            'ñ' => 'n',
            'ò' | 'ó' | 'ô' | 'õ' | 'ö' | 'ø' => 'o',
            'ù' | 'ú' | 'û' | 'ü' => 'u',
            'ý' | 'ÿ' => 'y',
            other => other,
        })
        .collect()
}

/// The tournament as the standings and the exports see it, or 404.
pub async fn tournament(pool: &DbPool, id: Uuid) -> Result<Tournament, PageError> {
    let mut connection = pool.get().await.map_err(ApiError::from)?;
    Ok(load_tournament(&mut connection, id)
        .await?
        .ok_or(ApiError::NotFound(Resource::Tournament))?)
}

/// The round a page shows: the one asked for, or the last with a game or a bye.
pub fn round_shown(tournament: &Tournament, asked: Option<u32>) -> Result<u32, PageError> {
    match asked {
        None => Ok(tournament.last_round().max(1)),
        Some(round) if (1..=tournament.rounds).contains(&round) => Ok(round),
        Some(_) => Err(PageError(ApiError::InvalidQuery(FieldError::new(
            "round",
            format!("must be a round from 1 to {}", tournament.rounds),
        )))),
    }
}

/// The language of a tournament's page for this viewer (the tournament's own decides
/// when neither the reader's choice nor their browser does).
pub async fn page_language(
    pool: &DbPool,
    viewer: &Viewer,
    id: Uuid,
) -> Result<Language, PageError> {
    let mut connection = pool.get().await.map_err(ApiError::from)?;
    let tournament = crate::services::tournaments::language(&mut connection, id).await?;
    Ok(viewer.language_in(tournament))
}

/// What a tournament page shows: its id, query, tournament and round, and the language
/// it is written in.
async fn shown(
    pool: &DbPool,
    viewer: &Viewer,
    path: web::Path<Uuid>,
    query: web::Query<PageQuery>,
) -> Result<(Uuid, PageQuery, Tournament, u32, Language), PageError> {
    let id = path.into_inner();
    let query = query.into_inner();
    let tournament = tournament(pool, id).await?;
    let round = round_shown(&tournament, query.round)?;
    let language = page_language(pool, viewer, id).await?;
    Ok((id, query, tournament, round, language))
}

/// What a kept page varies on beside its tournament and revision: the page and its
/// query, who is signed in, and the reader's languages.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Shown {
    path: String,
    query: String,
    signed: Option<Signed>,
    reader: Reader,
}

/// The pages kept, by what is shown (see [`crate::services::reads`]).
pub type Pages = Reads<Shown>;

/// A tournament page as rendered at the tournament's current revision (a column kept by
/// triggers on everything a page reads: [`crate::services::reads`]), for this viewer and
/// this query: every phone of the hall reloading the same page, and every live page
/// fetching itself again after a result, costs one index lookup once it is rendered. A
/// page kept answers no search by name: the pairings' searches are served from
/// [`search`] (one variant per search would fill the store), and a name asked of a page
/// that searches nothing (the standings) is no variant of it.
pub async fn kept_page<F, Fut>(
    request: &HttpRequest,
    pool: &DbPool,
    reads: &Pages,
    id: Uuid,
    viewer: &Viewer,
    render: F,
) -> Result<Page, PageError>
where
    F: FnOnce() -> Fut,
    Fut: Future<Output = Result<Page, PageError>>,
{
    let revision = conditional::revision(request, pool, id)
        .await?
        .ok_or(ApiError::NotFound(Resource::Tournament))?;
    let query: Vec<&str> = request
        .query_string()
        .split('&')
        .filter(|pair| !pair.starts_with("name="))
        .collect();
    let variant = Shown {
        path: request.path().to_string(),
        query: query.join("&"),
        signed: viewer.describe(),
        reader: viewer.1,
    };
    let rendered = reads
        .get_or_render(id, variant, revision, || async {
            let page = render().await?;
            Ok::<_, PageError>(Rendered {
                body: page.0.into(),
                gzip: None,
                content_type: "text/html; charset=utf-8",
                disposition: None,
            })
        })
        .await?;
    Ok(Page(String::from_utf8_lossy(&rendered.body).into_owned()))
}

/// `GET /t/{id}`: a round's pairings by table and by name. A search by name
/// (`?name=`) is served from the round's lines as read at the tournament's revision
/// ([`search`]); the page without one is kept whole ([`kept_page`]).
#[allow(clippy::too_many_arguments)]
pub async fn pairings(
    request: HttpRequest,
    pool: web::Data<DbPool>,
    reads: web::Data<Pages>,
    searches: web::Data<Searches>,
    metrics: web::Data<Metrics>,
    viewer: Viewer,
    path: web::Path<Uuid>,
    query: web::Query<PageQuery>,
) -> Result<Page, PageError> {
    let id = *path;
    let query = query.into_inner();
    let page = || async {
        let read = searches.read(&request, &pool, &metrics, id).await?;
        let language = viewer.language_in(read.language);
        let round = round_shown(&read.tournament, query.round)?;
        let search = query.name.clone().unwrap_or_default();
        let lines = read.round(round, language).found(&search);
        Page::render(&PairingsPage {
            t: language,
            signed_in: viewer.describe(),
            heading: Heading::new(id, &read.tournament, round, query.hall == Some(1), language),
            tables: lines.tables,
            names: lines.names,
            byes: lines.byes,
            search,
        })
    };
    if query.name.is_some() {
        return page().await;
    }
    kept_page(&request, &pool, &reads, id, &viewer, page).await
}

/// What `/t/{id}/rows` takes: the round and the table.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RowsQuery {
    round: u32,
    table: u32,
}

#[derive(Template)]
#[template(path = "pairings_rows.html")]
struct RowsPage<'a> {
    line: &'a TableLine,
}

/// `GET /t/{id}/rows?round=R&table=N`: one table's line of the pairings page, in a table
/// of its own (a `<tr>` alone is no HTML document). The page fetches it when the
/// tournament's stream says that table has a result, rather than fetch itself whole: a
/// hall of phones then takes a line each from the round's lines kept at the revision
/// ([`search`]), not a page each (issue 42).
#[allow(clippy::too_many_arguments)]
pub async fn rows(
    request: HttpRequest,
    pool: web::Data<DbPool>,
    searches: web::Data<Searches>,
    metrics: web::Data<Metrics>,
    viewer: Viewer,
    path: web::Path<Uuid>,
    query: web::Query<RowsQuery>,
) -> Result<Page, PageError> {
    let read = searches.read(&request, &pool, &metrics, *path).await?;
    let language = viewer.language_in(read.language);
    let round = round_shown(&read.tournament, Some(query.round))?;
    let index = read.round(round, language);
    let line = index.table(query.table).ok_or_else(|| {
        ApiError::InvalidQuery(FieldError::new(
            "table",
            format!("round {round} has no table {}", query.table),
        ))
    })?;
    Page::render(&RowsPage { line })
}

/// A round's lines with each player's name folded once (case and accents, see
/// [`folded`]): a search by name filters them without folding every name again.
pub struct RoundIndex {
    /// Every line of the round.
    lines: RoundLines,
    /// The folded name of each line of `lines.names`, in its order.
    names: Vec<String>,
    /// The folded name of each of `lines.byes`, in its order.
    byes: Vec<String>,
}

impl RoundIndex {
    /// Every line of `round` of `tournament`, by table and by name, in `language`.
    pub fn new(tournament: &Tournament, round: u32, language: Language) -> RoundIndex {
        let players = players_by_id(tournament);
        let name = |player_id: &str| {
            players
                .get(player_id)
                .map(|player| display_name(player))
                .unwrap_or_default()
        };
        let mut games: Vec<&Game> = tournament
            .games
            .iter()
            .filter(|game| game.round == round)
            .collect();
        games.sort_by_key(|game| game.table);
        let table_of = |game: &Game| {
            game.table
                .map(|table| table.to_string())
                .unwrap_or_default()
        };
        let tables = games
            .iter()
            .map(|game| TableLine {
                table: table_of(game),
                white: name(&game.white),
                black: name(&game.black),
                handicap: game.handicap,
                komi: game.komi,
                result: vocabulary::result(language, game.result, game.by_default),
            })
            .collect();
        let mut names: Vec<(String, NameLine)> = games
            .iter()
            .flat_map(|game| {
                [
                    (&game.black, "colour-black", &game.white),
                    (&game.white, "colour-white", &game.black),
                ]
                .map(|(player, colour, opponent)| NameLine {
                    name: name(player),
                    table: table_of(game),
                    colour: language.text(colour),
                    opponent: name(opponent),
                })
            })
            .map(|line| (folded(&line.name), line))
            .collect();
        names.sort_by(|(first, _), (second, _)| first.cmp(second));
        let byes: Vec<(String, String)> = tournament
            .byes
            .iter()
            .filter(|bye| bye.round == round)
            .map(|bye| name(&bye.player))
            .map(|line| (folded(&line), line))
            .collect();
        let (folded_names, names) = names.into_iter().unzip();
        let (folded_byes, byes) = byes.into_iter().unzip();
        RoundIndex {
            lines: RoundLines {
                tables,
                names,
                byes,
            },
            names: folded_names,
            byes: folded_byes,
        }
    }

    /// The round's lines: every table, and only the players whose name holds `search`
    /// (case and accents folded) by name.
    pub fn found(&self, search: &str) -> RoundLines {
        let wanted = folded(search.trim());
        let holds = |folded: &String| folded.contains(&wanted);
        RoundLines {
            tables: self.lines.tables.clone(),
            names: self
                .names
                .iter()
                .zip(&self.lines.names)
                .filter(|(folded, _)| holds(folded))
                .map(|(_, line)| line.clone())
                .collect(),
            byes: self
                .byes
                .iter()
                .zip(&self.lines.byes)
                .filter(|(folded, _)| holds(folded))
                .map(|(_, line)| line.clone())
                .collect(),
        }
    }

    /// The line of table `table`.
    pub fn table(&self, table: u32) -> Option<&TableLine> {
        let table = table.to_string();
        self.lines.tables.iter().find(|line| line.table == table)
    }
}

/// The lines of `round` of `tournament`, by table and by name, in `language`.
pub fn round_lines(
    tournament: &Tournament,
    round: u32,
    search: &str,
    language: Language,
) -> RoundLines {
    RoundIndex::new(tournament, round, language).found(search)
}

/// One line of the standings.
pub struct StandingLine {
    pub place: u32,
    pub name: String,
    pub club: String,
    pub values: Vec<String>,
}

/// The standings after a round as the pages show them (`standings_table.html`): the
/// tournament's own criteria as columns, one line per player in the core's order.
pub struct StandingsTable {
    pub round: u32,
    pub columns: Vec<CriterionName>,
    pub lines: Vec<StandingLine>,
}

#[derive(Template)]
#[template(path = "standings.html")]
struct StandingsPage {
    t: Language,
    signed_in: Option<Signed>,
    heading: Heading,
    table: StandingsTable,
}

/// The standings of `tournament` after `round`, computed by the core on the heavy-work
/// pool in `class`'s lane (ranking a large tournament never runs on a request worker),
/// its columns named in `language`.
pub async fn standings_table(
    workshop: &Workshop,
    class: Class,
    tournament: Tournament,
    round: u32,
    language: Language,
) -> Result<(Tournament, StandingsTable), PageError> {
    let (tournament, computed) = workshop
        .run(class, move || {
            let computed = standings::compute(&tournament, round);
            (tournament, computed)
        })
        .await?;
    let computed = computed.map_err(|error| {
        ApiError::Validation(vec![FieldError::new("standings", error.to_string())])
    })?;
    let players = players_by_id(&tournament);
    let lines = computed
        .iter()
        .map(|line| {
            let player = players.get(line.player.as_str());
            StandingLine {
                place: line.place,
                name: player
                    .map(|player| display_name(player))
                    .unwrap_or_default(),
                club: player.map(|player| player.club.clone()).unwrap_or_default(),
                values: line.criteria.iter().map(ToString::to_string).collect(),
            }
        })
        .collect();
    let table = StandingsTable {
        round,
        columns: tournament
            .criteria
            .iter()
            .map(|criterion| vocabulary::criterion(language, *criterion))
            .collect(),
        lines,
    };
    Ok((tournament, table))
}

/// `GET /t/{id}/standings`: the standings after a round, with the tournament's criteria.
pub async fn standings(
    request: HttpRequest,
    pool: web::Data<DbPool>,
    reads: web::Data<Pages>,
    workshop: web::Data<Workshop>,
    viewer: Viewer,
    path: web::Path<Uuid>,
    query: web::Query<PageQuery>,
) -> Result<Page, PageError> {
    let id = *path;
    kept_page(&request, &pool, &reads, id, &viewer, || async {
        let (id, query, tournament, round, language) = shown(&pool, &viewer, path, query).await?;
        let (tournament, table) =
            standings_table(&workshop, Class::Anonymous, tournament, round, language).await?;
        Page::render(&StandingsPage {
            t: language,
            signed_in: viewer.describe(),
            heading: Heading::new(id, &tournament, round, query.hall == Some(1), language),
            table,
        })
    })
    .await
}
