//! The referee's hall view: every table of a round, the one that needs a referee first at
//! the top, kept current by the tournament's stream; and a table opened, with its board,
//! clocks and log, its clocks paused and resumed, and rulings applied with their reason.
//!
//! The order is the core's ([`arbitre_core::hall`]): the page reads each table's
//! [`Attention`] from the game's table and shows the round in that order. A ruling (a
//! pause and a resumption are rulings too) goes through the service's [`rulings::issue`],
//! as the API's route does, with the signed-in token as the caller, so who may rule and
//! what a ruling does are the API's; it is on the game's stream as soon as it is stored.

use super::{caller, game_problems, see_other};
use crate::db::{Connection, DbPool};
use crate::error::{ApiError, FieldError, GameError, Issue, Resource};
use crate::i18n::{vocabulary, Language};
use crate::services::audit;
use crate::services::board_svg;
use crate::services::contacts::Contacts;
use crate::services::live::cache::GameCache;
use crate::services::live::idempotency::IdempotencyKey;
use crate::services::live::rulings::{self, NewGameRuling, RulingKind};
use crate::services::live::view::{GameState, PlayerClock};
use crate::services::live::write::{load, Retry};
use crate::services::live::LoadedGame;
use crate::services::names::Names;
use crate::store::games::{self as game_store, EventRow, GameRow};
use crate::store::pairings as pairing_store;
use crate::store::rounds as round_store;
use crate::store::tokens;
use crate::web::dashboard::Problem;
use crate::web::page::{issuer_words, secured, Page, PageError};
use crate::web::session::Signed;
use crate::web::session::Viewer;
use actix_web::{web, HttpResponse};
use arbitre_core::clock::TimeControl;
use arbitre_core::hall::{order, Attention, Link, Watch};
use arbitre_core::history::Action;
use arbitre_core::table::{Asked, CountingStep, Decision, TableEvent};
use arbitre_core::{Color, Point};
use askama::Template;
use serde::Deserialize;
use std::collections::HashMap;
use uuid::Uuid;

/// The catalog's key of what a referee reads of an [`Attention`].
fn need(attention: Attention) -> &'static str {
    match attention {
        Attention::DisputedCount => "need-disputed-count",
        Attention::FlagFallen => "need-flag-fallen",
        Attention::Paused => "need-paused",
        Attention::RunningLong => "need-running-long",
        Attention::NotStarted => "need-not-started",
        Attention::InPlay => "need-in-play",
        Attention::Finished => "need-finished",
    }
}

/// `h:mm:ss` or `m:ss`, rounded up to the second (a clock showing 0:00 has no time left).
fn clock_text(ms: u64) -> String {
    let seconds = ms.div_ceil(1000);
    let (hours, minutes, seconds) = (seconds / 3600, seconds / 60 % 60, seconds % 60);
    if hours > 0 {
        format!("{hours}:{minutes:02}:{seconds:02}")
    } else {
        format!("{minutes}:{seconds:02}")
    }
}

/// How a clock goes on once its main time is spent, for the page's countdown and the
/// phase it names (the words of the table's tablet: main time, byo-yomi k of n, Canadian
/// m stones in t, Fischer).
#[derive(Clone, Copy, PartialEq, Eq)]
enum Overtime {
    /// No time limit: nothing counts down.
    Unlimited,
    /// Absolute time: the flag falls at zero.
    None,
    /// Fischer: the main time only, topped up by `increment_ms` after each move.
    Fischer { increment_ms: u64 },
    /// `periods` periods of `period_ms` each: byo-yomi, and with one period the online
    /// byo-yomi and simple time (`per_move`: every move within the period).
    Periods {
        period_ms: u64,
        periods: u32,
        per_move: bool,
    },
    /// Canadian: a number of stones within one period.
    Canadian,
}

impl Overtime {
    fn of(control: &TimeControl) -> Overtime {
        match *control {
            TimeControl::None {} => Overtime::Unlimited,
            TimeControl::Absolute { .. } => Overtime::None,
            TimeControl::Fischer { increment_ms, .. } => Overtime::Fischer { increment_ms },
            TimeControl::ByoYomi {
                period_ms, periods, ..
            } => Overtime::Periods {
                period_ms,
                periods,
                per_move: false,
            },
            TimeControl::Simple { per_move_ms } => Overtime::Periods {
                period_ms: per_move_ms,
                periods: 1,
                per_move: true,
            },
            TimeControl::OnlineByoYomi { byo_yomi_ms, .. } => Overtime::Periods {
                period_ms: byo_yomi_ms,
                periods: 1,
                per_move: false,
            },
            TimeControl::Canadian { .. } => Overtime::Canadian,
        }
    }

    /// The `data-overtime` the page's module reads.
    fn name(self) -> &'static str {
        match self {
            Overtime::Unlimited => "unlimited",
            Overtime::None => "none",
            Overtime::Fischer { .. } => "fischer",
            Overtime::Periods { per_move: true, .. } => "per-move",
            Overtime::Periods { .. } => "periods",
            Overtime::Canadian => "canadian",
        }
    }

    /// The phase of `clock` in words, under a time limit (the tablet's words).
    fn phase(self, clock: &PlayerClock, language: Language) -> String {
        match self {
            Overtime::Fischer { increment_ms } => {
                language.text_with("clock-fischer", "increment", clock_text(increment_ms))
            }
            _ if !clock.in_overtime => language.text("clock-main"),
            Overtime::Periods {
                period_ms,
                per_move: true,
                ..
            } => language.text_with("clock-simple", "time", clock_text(period_ms)),
            Overtime::Periods { periods, .. } => language
                .message("clock-byo-yomi")
                .arg("period", periods.saturating_sub(clock.periods_left) + 1)
                .arg("periods", periods)
                .to_string(),
            Overtime::Canadian => language
                .message("clock-canadian")
                .arg("stones", clock.stones_left)
                .arg("time", clock_text(clock.period_ms_left))
                .to_string(),
            Overtime::Unlimited | Overtime::None => language.text("clock-main"),
        }
    }
}

/// One player's clock as a page shows it, with what `hall.js` needs to count it down
/// between the server's events.
pub struct ClockView {
    colour: String,
    phase: String,
    shown: String,
    running: bool,
    out_of_time: bool,
    overtime: &'static str,
    main_ms: u64,
    period_ms_left: u64,
    periods_left: u32,
    /// A period's length, and how many the control has (byo-yomi).
    period_ms: u64,
    periods: u32,
    stones_left: u32,
    increment_ms: u64,
}

impl ClockView {
    fn of(color: Color, clock: &PlayerClock, overtime: Overtime, language: Language) -> ClockView {
        let (phase, shown) = if overtime == Overtime::Unlimited {
            (language.text("clock-unlimited"), "–".to_string())
        } else if clock.out_of_time {
            (language.text("clock-out"), clock_text(0))
        } else if clock.in_overtime {
            (
                overtime.phase(clock, language),
                clock_text(clock.period_ms_left),
            )
        } else {
            (overtime.phase(clock, language), clock_text(clock.main_ms))
        };
        let colour = colour_name(color, language);
        let (period_ms, periods) = match overtime {
            Overtime::Periods {
                period_ms, periods, ..
            } => (period_ms, periods),
            _ => (0, 0),
        };
        ClockView {
            colour,
            phase,
            shown,
            running: clock.running,
            out_of_time: clock.out_of_time,
            overtime: overtime.name(),
            main_ms: clock.main_ms,
            period_ms_left: clock.period_ms_left,
            periods_left: clock.periods_left,
            period_ms,
            periods,
            stones_left: clock.stones_left,
            increment_ms: match overtime {
                Overtime::Fischer { increment_ms } => increment_ms,
                _ => 0,
            },
        }
    }
}

/// A game as the hall and the table page read it: its state, the core's attention, and
/// the clocks to show; the board only for the table page.
struct GameView {
    state: GameState,
    attention: Attention,
    black: ClockView,
    white: ClockView,
    board: String,
    height: u8,
}

impl GameView {
    fn of(game: &LoadedGame, with_board: bool, language: Language) -> Result<GameView, GameError> {
        let state = GameState::of(game)?;
        let overtime = Overtime::of(&game.table.terms().time_control);
        Ok(GameView {
            attention: Attention::of(Some(&game.table), state.clocks.at_ms),
            black: ClockView::of(Color::Black, &state.clocks.black, overtime, language),
            white: ClockView::of(Color::White, &state.clocks.white, overtime, language),
            board: if with_board {
                board_svg::render(game)?
            } else {
                String::new()
            },
            height: game.table.terms().settings.start.size.height,
            state,
        })
    }
}

/// The game of `row` as a [`GameView`]: from the cache when it holds the stored game,
/// else replayed once and kept for the next readers (as `GET /games/{id}` does).
async fn view(
    connection: &mut Connection,
    cache: &GameCache,
    row: &GameRow,
    with_board: bool,
    language: Language,
) -> Result<GameView, GameError> {
    let read = |game: &LoadedGame| GameView::of(game, with_board, language);
    if let Some(view) = cache.read(row.id, row.last_seq, read) {
        return view;
    }
    let game = load(connection, cache, row.id).await?;
    let view = read(&game);
    cache.put(game);
    view
}

/// The tournament's name and the round shown, for the headings.
struct HallHeading {
    id: Uuid,
    name: String,
    number: u32,
    rounds: Vec<u32>,
}

/// One table of the hall.
struct HallLine {
    table: i32,
    white: String,
    black: String,
    attention: &'static str,
    need: &'static str,
    phase: String,
    turns: u32,
    /// Black's and White's, once the game has started.
    clocks: Vec<ClockView>,
    result: String,
    game_id: Option<Uuid>,
    watch: Watch,
    /// The table's tablet: `online`, `back`, `offline`, or empty when none was heard.
    link: &'static str,
    link_text: String,
}

#[derive(Template)]
#[template(path = "referee/hall.html")]
struct HallPage {
    t: Language,
    signed_in: Option<Signed>,
    heading: HallHeading,
    lines: Vec<HallLine>,
    /// How many tables need a referee (above "not started").
    waiting: usize,
    /// The clocks' words for `hall.js`, in the page's language (JSON).
    words: String,
}

/// How many rounds the hall's navigation lists.
const ROUNDS_LISTED: i64 = 1000;

/// Which round the hall shows.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct HallQuery {
    round: Option<u32>,
}

/// `GET /dashboard/t/{id}/hall?round=N`: every table of the round (the last one paired by
/// default), the one that needs a referee first at the top.
pub async fn show(
    pool: web::Data<DbPool>,
    cache: web::Data<GameCache>,
    contacts: web::Data<Contacts>,
    viewer: Viewer,
    path: web::Path<Uuid>,
    query: web::Query<HallQuery>,
) -> Result<Page, PageError> {
    let id = path.into_inner();
    let mut connection = pool.get().await.map_err(ApiError::from)?;
    let tournament = crate::services::tournaments::load(&mut connection, id).await?;
    let language = viewer.language_in(tournament.language);
    let (rounds, _) = round_store::list(&mut connection, id, ROUNDS_LISTED, 0)
        .await
        .map_err(ApiError::from)?;
    // By default the last round started (its games are in play), else the first.
    let round = match query.round {
        Some(number) => rounds
            .iter()
            .find(|round| i64::from(round.number) == i64::from(number)),
        None => rounds
            .iter()
            .rev()
            .find(|round| round.started_at.is_some())
            .or(rounds.first()),
    }
    .ok_or(ApiError::NotFound(Resource::Round))?;
    let number = u32::try_from(round.number).unwrap_or(0);
    let pairings = pairing_store::all_of_round(&mut connection, round.id)
        .await
        .map_err(ApiError::from)?;
    let ids: Vec<Uuid> = pairings.iter().map(|pairing| pairing.id).collect();
    let games: HashMap<Uuid, GameRow> = game_store::of_pairings(&mut connection, &ids)
        .await
        .map_err(ApiError::from)?
        .into_iter()
        .map(|row| (row.pairing_id, row))
        .collect();
    let names = Names::of(
        &mut connection,
        id,
        pairings
            .iter()
            .flat_map(|pairing| [pairing.white_id, pairing.black_id]),
    )
    .await?;
    let label = |player: Uuid| {
        names
            .get(player)
            .map(|name| format!("{} ({})", name.name, name.rank))
    };
    let mut lines = Vec::with_capacity(pairings.len());
    for pairing in &pairings {
        let game = match games.get(&pairing.id) {
            Some(row) => Some(
                view(&mut connection, &cache, row, false, language)
                    .await
                    .map_err(game_error)?,
            ),
            None => None,
        };
        // A game played on paper has no board, only its sheet's result.
        let by_hand =
            game.is_none() && (pairing.result.is_some() || pairing.opengotha_result.is_some());
        let attention = game
            .as_ref()
            .map_or(Attention::without_game(by_hand), |game| game.attention);
        let now = cache.clock().now_ms();
        let (link, link_text) = link_words(
            Link::of(contacts.last(id, pairing.table_number), now),
            now,
            language,
        );
        lines.push(HallLine {
            table: pairing.table_number,
            white: label(pairing.white_id)?,
            black: label(pairing.black_id)?,
            attention: attention.name(),
            need: if by_hand {
                "need-finished-by-hand"
            } else {
                need(attention)
            },
            phase: match &game {
                Some(game) => phase_text(&game.state, language),
                None if by_hand => language.text("phase-on-paper"),
                None => language.text("phase-no-game"),
            },
            turns: game.as_ref().map_or(0, |game| game.state.turns),
            result: vocabulary::record_result(
                language,
                &game
                    .as_ref()
                    .and_then(|game| game.state.result.clone())
                    .or_else(|| pairing.result.clone())
                    .unwrap_or_default(),
            ),
            game_id: game.as_ref().map(|game| game.state.id),
            clocks: game.map_or_else(Vec::new, |game| vec![game.black, game.white]),
            watch: Watch {
                table: u32::try_from(pairing.table_number).unwrap_or(0),
                attention,
            },
            link,
            link_text,
        });
    }
    order(&mut lines, |line| line.watch);
    let waiting = lines
        .iter()
        .filter(|line| line.watch.attention < Attention::NotStarted)
        .count();
    Page::render(&HallPage {
        t: language,
        signed_in: viewer.describe(),
        heading: HallHeading {
            id,
            name: tournament.name.clone(),
            number,
            rounds: rounds
                .iter()
                .filter_map(|round| u32::try_from(round.number).ok())
                .collect(),
        },
        lines,
        waiting,
        words: language.script_words(&["clock-"]),
    })
}

/// What a referee reads of a table's tablet (issue 43), and its name for the page.
fn link_words(link: Link, now: u64, language: Language) -> (&'static str, String) {
    match link {
        Link::Unknown => ("", String::new()),
        Link::Online => ("online", language.text("hall-tablet-online")),
        Link::Back { waiting } => (
            "back",
            language.text_with("hall-tablet-back", "count", waiting),
        ),
        Link::Offline { since } => (
            "offline",
            language.text_with(
                "hall-tablet-offline",
                "for",
                clock_text(now.saturating_sub(since)),
            ),
        ),
    }
}

/// A read of a game that failed, as the error page shows it.
fn game_error(error: GameError) -> PageError {
    match error {
        GameError::Api(error) => PageError(error),
        GameError::NotFound => PageError(ApiError::RouteNotFound),
        other => PageError(ApiError::internal(other.to_string())),
    }
}

/// The phase in words, with the count's state.
fn phase_text(state: &GameState, language: Language) -> String {
    language.text(match state.phase.as_str() {
        "placing" => "phase-placing",
        "counting" => "phase-counting",
        "paused" => "phase-paused",
        "not_started" => "phase-not-started",
        "finished" => "phase-finished",
        _ => "phase-playing",
    })
}

/// Points as players name them, `D4, Q16`, rather than in SGF coordinates.
fn point_names(points: &[Point], height: u8) -> String {
    points
        .iter()
        .map(|point| point.name(height))
        .collect::<Vec<_>>()
        .join(", ")
}

/// A colour in the reader's words: "Noir", "Black".
pub(super) fn colour_name(color: Color, language: Language) -> String {
    language.text(match color {
        Color::Black => "colour-black",
        Color::White => "colour-white",
    })
}

/// One entry of a game's log, as the table page lists it.
struct LogLine {
    seq: i32,
    time: String,
    what: String,
    /// The credential that sent it, by its label (or its role, never blank).
    who: String,
    /// The player it is about, by name, if one.
    whom: String,
    result: String,
}

/// The entry of the log `row`, as the table's events hold it.
fn event_of(row: &EventRow) -> Option<TableEvent> {
    row.event
        .clone()
        .and_then(|value| serde_json::from_value::<TableEvent>(value).ok())
}

/// The player an entry is about: who played, resigned, counted or lost on time, whom a
/// ruling warned, penalised or forfeited; none for the clocks' start or a ruling on the
/// whole game.
fn concerned(event: &TableEvent) -> Option<Color> {
    match event {
        TableEvent::Started { .. } => None,
        TableEvent::Turn { color, .. }
        | TableEvent::Resigned { color, .. }
        | TableEvent::Flag { color, .. } => Some(*color),
        TableEvent::Counting { step, .. } => Some(match step {
            CountingStep::Propose { color, .. }
            | CountingStep::Accept { color }
            | CountingStep::Dispute { color } => *color,
        }),
        TableEvent::Ruling { ruling, .. } => ruling.decision.concerns(),
        TableEvent::Refused { refusal, .. } => Some(refusal.color),
    }
}

/// What an entry of the log says, in words.
fn describe(event: Option<TableEvent>, height: u8, language: Language) -> String {
    let Some(event) = event else {
        return language.text("log-other");
    };
    let said =
        |key: &str, color: Color| language.text_with(key, "who", colour_name(color, language));
    match event {
        TableEvent::Started { .. } => language.text("log-started"),
        TableEvent::Turn { color, action, .. } => turn_words(color, action, height, language),
        TableEvent::Resigned { color, .. } => said("log-resign", color),
        TableEvent::Flag { color, .. } => said("log-flag", color),
        TableEvent::Counting { step, .. } => step_words(step, height, language),
        TableEvent::Ruling { ruling, .. } => language
            .message("log-ruling")
            .arg("kind", ruling.decision.kind())
            .arg(
                "points",
                match &ruling.decision {
                    Decision::DeadStones { dead } => point_names(dead, height),
                    _ => String::new(),
                },
            )
            .arg("reason", ruling.reason)
            .to_string(),
        // Issue 43: what the tablet sent late, and why the game no longer took it.
        TableEvent::Refused { refusal, .. } => {
            let what = match refusal.asked {
                Asked::Turn { turn, action } => language
                    .message("log-refused-turn")
                    .arg("turn", turn)
                    .arg("what", turn_words(refusal.color, action, height, language))
                    .to_string(),
                Asked::Resign => said("log-resign", refusal.color),
                Asked::Counting { step, .. } => step_words(step, height, language),
            };
            // A catalog's variant is named by an identifier: the code's dot is a dash.
            language
                .message("log-refused")
                .arg("what", what)
                .arg("why", refusal.code.replace('.', "-"))
                .to_string()
        }
    }
}

/// A turn in words: `color` plays a point, or passes.
fn turn_words(color: Color, action: Action, height: u8, language: Language) -> String {
    match action {
        Action::Move(point) => language
            .message("log-move")
            .arg("who", colour_name(color, language))
            .arg("point", point.name(height))
            .to_string(),
        Action::Pass => language.text_with("log-pass", "who", colour_name(color, language)),
    }
}

/// A step of the count (rule 5 bis) in words, the dead stones named as players name them.
fn step_words(step: CountingStep, height: u8, language: Language) -> String {
    let said =
        |key: &str, color: Color| language.text_with(key, "who", colour_name(color, language));
    match step {
        CountingStep::Propose { color, dead } => language
            .message("log-propose")
            .arg("who", colour_name(color, language))
            .arg("count", dead.len())
            .arg("points", point_names(&dead, height))
            .to_string(),
        CountingStep::Accept { color } => said("log-accept", color),
        CountingStep::Dispute { color } => said("log-dispute", color),
    }
}

/// The rulings the form offers, as the API names them, with the catalog's key of what
/// each does.
const RULINGS: [(&str, &str); 10] = [
    ("warning", "ruling-warning"),
    ("penalty", "ruling-penalty"),
    ("time_adjustment", "ruling-time-adjustment"),
    ("pause", "ruling-pause"),
    ("resume", "ruling-resume"),
    ("dead_stones", "ruling-dead-stones"),
    ("strict_count", "ruling-strict-count"),
    ("void", "ruling-void"),
    ("forfeit", "ruling-forfeit"),
    ("result_correction", "ruling-result-correction"),
];

#[derive(Template)]
#[template(path = "referee/table.html")]
struct TablePage {
    t: Language,
    signed_in: Option<Signed>,
    heading: HallHeading,
    table: i32,
    white: String,
    black: String,
    game: GameView,
    need: &'static str,
    phase: String,
    log: Vec<LogLine>,
    /// The game's result in words, once it has one.
    result: Option<String>,
    /// The clocks' words for `hall.js`, in the page's language (JSON).
    words: String,
    rulings: [(&'static str, &'static str); 10],
    form: RulingForm,
    problems: Vec<Problem>,
}

impl TablePage {
    fn paused(&self) -> bool {
        self.game.state.phase == "paused"
    }

    fn finished(&self) -> bool {
        self.game.state.phase == "finished"
    }

    /// Who plays next, in words.
    fn to_move(&self) -> Option<String> {
        self.game
            .state
            .to_move
            .map(|color| colour_name(color, self.t))
    }
}

/// How many entries of a game's log the table page lists (the last ones).
const LOG_LISTED: usize = 500;

async fn table_page(
    pool: &DbPool,
    cache: &GameCache,
    viewer: &Viewer,
    (id, game_id): (Uuid, Uuid),
    form: RulingForm,
    problems: Vec<Problem>,
) -> Result<Page, PageError> {
    let mut connection = pool.get().await.map_err(ApiError::from)?;
    let tournament = crate::services::tournaments::load(&mut connection, id).await?;
    let language = viewer.language_in(tournament.language);
    let row = game_store::find(&mut connection, game_id)
        .await
        .map_err(ApiError::from)?
        .filter(|row| row.tournament_id == id)
        .ok_or(ApiError::RouteNotFound)?;
    let pairing = game_store::pairing_in_round(&mut connection, id, row.pairing_id)
        .await
        .map_err(ApiError::from)?
        .ok_or(ApiError::NotFound(Resource::Pairing))?;
    let game = view(&mut connection, cache, &row, true, language)
        .await
        .map_err(game_error)?;
    let names = Names::of(
        &mut connection,
        id,
        [pairing.0.white_id, pairing.0.black_id],
    )
    .await?;
    let label = |player: Uuid| {
        names
            .get(player)
            .map(|name| format!("{} ({})", name.name, name.rank))
    };
    let entries = game_store::events(&mut connection, game_id)
        .await
        .map_err(ApiError::from)?;
    let authors: Vec<Uuid> = entries.iter().filter_map(|entry| entry.issued_by).collect();
    let labels: HashMap<Uuid, String> = tokens::issuers(&mut connection, &authors)
        .await
        .map_err(ApiError::from)?
        .into_iter()
        .map(|(token, label, role)| {
            let issuer = audit::Issuer::of(&label, &role, token);
            (token, issuer_words(language, &issuer))
        })
        .collect();
    let (white, black) = (label(pairing.0.white_id)?, label(pairing.0.black_id)?);
    let skip = entries.len().saturating_sub(LOG_LISTED);
    let log = entries
        .iter()
        .skip(skip)
        .rev()
        .map(|entry| {
            let event = event_of(entry);
            let whom = match event.as_ref().and_then(concerned) {
                Some(Color::White) => white.clone(),
                Some(Color::Black) => black.clone(),
                None => String::new(),
            };
            (entry, event, whom)
        })
        .map(|(entry, event, whom)| LogLine {
            seq: entry.seq,
            time: language.moment(entry.recorded_at, tournament.time_zone),
            what: describe(event, game.height, language),
            whom,
            who: entry
                .issued_by
                .and_then(|token| labels.get(&token).cloned())
                .unwrap_or_else(|| language.text("log-by-server")),
            result: vocabulary::record_result(language, entry.result.as_deref().unwrap_or("")),
        })
        .collect();
    Page::render(&TablePage {
        t: language,
        signed_in: viewer.describe(),
        heading: HallHeading {
            id,
            name: tournament.name.clone(),
            number: u32::try_from(pairing.1).unwrap_or(0),
            rounds: Vec::new(),
        },
        table: pairing.0.table_number,
        white,
        black,
        need: need(game.attention),
        phase: phase_text(&game.state, language),
        result: game
            .state
            .result
            .as_deref()
            .map(|result| vocabulary::record_result(language, result)),
        words: language.script_words(&["clock-"]),
        game,
        log,
        rulings: RULINGS,
        form,
        problems,
    })
}

/// `GET /dashboard/t/{id}/hall/games/{game}`: a table opened.
pub async fn table(
    pool: web::Data<DbPool>,
    cache: web::Data<GameCache>,
    viewer: Viewer,
    path: web::Path<(Uuid, Uuid)>,
) -> Result<Page, PageError> {
    table_page(
        &pool,
        &cache,
        &viewer,
        path.into_inner(),
        RulingForm::default(),
        Vec::new(),
    )
    .await
}

/// The ruling form, as typed: every field a string, so a refused form is shown again as
/// it was.
#[derive(Debug, Default, Deserialize)]
pub struct RulingForm {
    #[serde(default)]
    kind: String,
    #[serde(default)]
    reason: String,
    /// `B`, `W` or empty.
    #[serde(default)]
    color: String,
    /// Seconds added (> 0) or removed (< 0).
    #[serde(default)]
    delta_seconds: String,
    /// SGF `RE`.
    #[serde(default)]
    result: String,
    /// A stone of each dead chain, as players name the points (`D4 Q16`, spaces or
    /// commas between) or in SGF coordinates (`dp`).
    #[serde(default)]
    dead: String,
    /// The board's rows, for reading the points' names (the table page's own).
    #[serde(default)]
    height: u8,
}

fn invalid(field: &str, issue: Issue, message: &str) -> ApiError {
    ApiError::InvalidBody(FieldError::of_issue(field, issue, message))
}

impl RulingForm {
    /// The API's request for this form; its checks are the route's.
    fn request(&self) -> Result<NewGameRuling, ApiError> {
        let kind: RulingKind = serde_json::from_value(serde_json::Value::String(self.kind.clone()))
            .map_err(|_| invalid("kind", Issue::NotChosen, "choose a ruling"))?;
        let color = match self.color.as_str() {
            "" => None,
            "B" => Some(Color::Black),
            "W" => Some(Color::White),
            _ => return Err(invalid("color", Issue::NotChosen, "must be Black or White")),
        };
        let delta_ms = match self.delta_seconds.trim() {
            "" => None,
            text => Some(
                text.parse::<f64>()
                    .ok()
                    .filter(|seconds| seconds.is_finite() && seconds.abs() <= 86_400.0)
                    .map(|seconds| (seconds * 1000.0).round() as i64)
                    .ok_or_else(|| {
                        invalid(
                            "delta_seconds",
                            Issue::NotANumber,
                            "must be a number of seconds",
                        )
                    })?,
            ),
        };
        Ok(NewGameRuling {
            kind,
            reason: self.reason.clone(),
            color,
            delta_ms,
            dead: self
                .dead
                .split([' ', ','])
                .filter(|text| !text.is_empty())
                .map(|text| {
                    Point::from_name(text, self.height)
                        .map_or_else(|| text.to_string(), Point::to_sgf)
                })
                .collect(),
            result: Some(self.result.trim().to_string()).filter(|text| !text.is_empty()),
            corrects: None,
        })
    }
}

/// `POST /dashboard/t/{id}/hall/games/{game}/rulings`: a ruling (a pause and a
/// resumption too) applied through the service's [`rulings::issue`], as the signed-in
/// person; a refused one shows the table again with the reason.
pub async fn rule(
    pool: web::Data<DbPool>,
    cache: web::Data<GameCache>,
    viewer: Viewer,
    path: web::Path<(Uuid, Uuid)>,
    form: web::Form<RulingForm>,
) -> Result<HttpResponse, PageError> {
    let (id, game_id) = path.into_inner();
    let caller = caller(&viewer)?;
    let form = form.into_inner();
    let outcome = match form.request() {
        Ok(ruling) => {
            let retry = Retry {
                key: IdempotencyKey(None),
                fingerprint: Vec::new(),
                unrepeatable: false,
            };
            rulings::issue((&pool, &cache), &caller, game_id, ruling, retry)
                .await
                .map(drop)
        }
        Err(error) => Err(GameError::Api(error)),
    };
    match outcome {
        Ok(()) => Ok(see_other(&format!(
            "/dashboard/t/{id}/hall/games/{game_id}"
        ))),
        Err(error) => {
            let problems = game_problems(error)?;
            let page = table_page(&pool, &cache, &viewer, (id, game_id), form, problems).await?;
            Ok(secured(HttpResponse::UnprocessableEntity(), page.0))
        }
    }
}
