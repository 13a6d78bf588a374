//! The error policy of the service, and every mapping of a failure to HTTP.
//!
//! - Which error where: the core's verdicts are its `thiserror` enums; the store returns
//!   diesel's errors (or [`ApiError`] where it decodes what it stored); the services and
//!   routes return [`ApiError`], or [`GameError`] (the game routes: the core's verdicts on
//!   a live game, with the game's state; `error/game.rs`) and [`StandingsFailure`] (the
//!   standings: content negotiation and what a rating body would refuse;
//!   `error/standings.rs`). All three are rendered as one [`Problem`], under this module.
//! - 4xx: the client's request, with a stable `code` (`validation.failed`,
//!   `illegal_move.superko`, `round.started`): bad input is 400/422, missing or wrong
//!   credentials 401/403, unknown records 404, a state that forbids the request 409.
//! - 503 `database.unavailable`: the database could not be reached or the connection was
//!   lost during the request; retryable, with `Retry-After`.
//! - 500 `internal`: a defect (a stored value that does not decode, a log that does not
//!   replay). Its whole cause chain is logged; the response says only "internal error".
//!
//! Every response is RFC 9457 `application/problem+json`; extractor failures (malformed
//! JSON, bad path or query parameters, unknown routes) come here too, so no client ever
//! sees a `text/plain` error.

mod game;
mod standings;

pub use game::GameError;
pub use standings::StandingsFailure;

use actix_web::http::{header, StatusCode};
use actix_web::{HttpResponse, ResponseError};
use arbitre_core::export::opengotha::OpenGothaError;
use arbitre_core::fields::FieldIssue;
use arbitre_core::pairing::edit::EditError;
use arbitre_core::rating_list::ReadError;
use arbitre_core::round::RoundRefusal;
use arbitre_core::tournament_board::BoardRefusal;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use uuid::Uuid;

/// The media type of every error response (RFC 9457 §3).
pub const PROBLEM_JSON: &str = "application/problem+json";

/// What a 503 asks the client to wait before retrying: the pool opens a new connection at
/// once, so a second is enough for a lost connection (a database down for longer answers
/// 503 again).
const RETRY_AFTER_SECONDS: u32 = 1;

/// What a client refused for its connection budget should wait before retrying: a
/// connection or stream is freed when its client goes, which takes seconds, not one.
const OVER_BUDGET_RETRY_AFTER_SECONDS: u32 = 10;

/// The cause of a failure that is not the client's, kept for the log.
pub type Cause = Box<dyn std::error::Error + Send + Sync>;

/// `error`, then each of its sources: `a: b: c`.
pub fn cause_chain(error: &(dyn std::error::Error + 'static)) -> String {
    let mut chain = error.to_string();
    let mut source = error.source();
    while let Some(cause) = source {
        chain.push_str(": ");
        chain.push_str(&cause.to_string());
        source = cause.source();
    }
    chain
}

/// One request field that broke a rule.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct FieldError {
    /// Where the field is: `name`, `time_control.main_time_seconds`, `pairings[3].black_id`,
    /// or a path or query parameter's name.
    pub field: String,
    pub message: String,
    /// The problem typed, where a field check knows it: the pages say it in their
    /// reader's language; the API says `message`, its stable English.
    #[serde(skip)]
    pub issue: Option<Issue>,
}

/// What a field check refused, typed: its kind and the value refused where the reader
/// is shown it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Issue {
    Check(FieldIssue),
    NotARank(String),
    /// A form's box that must hold a whole number (rounds, minutes, a table).
    NotAWholeNumber,
    /// A form's box that must hold a number (a komi such as 6.5, seconds).
    NotANumber,
    /// A whole number outside `min..=max` (a table's number, from 1 to 10000).
    OutOfRange {
        min: i64,
        max: i64,
    },
    /// None of the form's choices was chosen (a role, a ruling, a player).
    NotChosen,
    /// Two players are to be chosen (an exchange, a pair kept together).
    TwoPlayers,
    /// What this ruling or result needs and was not given (the player, the new result,
    /// the time given or taken).
    Required,
    /// Given where the ruling takes none (a result beside another ruling than a
    /// result correction).
    NotTaken,
    /// A tournament's end before its start.
    EndBeforeStart,
    /// Not a result as game records write one (`B+R`, `W+2.5`, `0`).
    NotAResult,
    /// A form whose values the API's types do not read (a date, a rank, a time zone of
    /// no such form).
    Unreadable,
    /// Not a point of the board, as the referee named it (`Z99`).
    NotAPoint(String),
    /// A date an imported file writes that is none (`2026-13-01`).
    NotADate(String),
    /// An imported game whose colours the file does not know: the service records who
    /// had black.
    UnknownColours,
    /// An imported player's second game in a round: the service records one game per
    /// player and round.
    AnotherGame {
        player: String,
        round: u32,
    },
    /// No file was chosen to send.
    NoFile,
    /// A file larger than the form takes.
    FileTooLarge {
        megabytes: usize,
    },
    /// A hand edit of a draft the core refused (a table the draft has not, two players
    /// at one table).
    Edit(EditError<Uuid>),
}

impl FieldError {
    pub fn new(field: impl Into<String>, message: impl Into<String>) -> FieldError {
        FieldError {
            field: field.into(),
            message: message.into(),
            issue: None,
        }
    }

    /// A field check's refusal: the API's English `message` and the typed issue.
    pub fn of_issue(
        field: impl Into<String>,
        issue: Issue,
        message: impl Into<String>,
    ) -> FieldError {
        FieldError {
            issue: Some(issue),
            ..FieldError::new(field, message)
        }
    }
}

/// RFC 9457 problem details, with arbitre's `code` and, for validation failures, the
/// fields at fault.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
#[schema(example = json!({
    "type": "urn:arbitre:problem:validation.failed",
    "title": "The request is invalid",
    "status": 422,
    "detail": "1 field is invalid",
    "code": "validation.failed",
    "errors": [{"field": "end_date", "message": "must not be before start_date"}]
}))]
pub struct Problem {
    /// `urn:arbitre:problem:` followed by the code.
    #[serde(rename = "type")]
    pub problem_type: String,
    pub title: String,
    pub status: u16,
    pub detail: String,
    /// Stable machine-readable code, e.g. `body.malformed_json`, `auth.forbidden`, `round.started`.
    pub code: String,
    /// The fields at fault, for `body.invalid`, `validation.failed`, `path.invalid` and `query.invalid`.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub errors: Vec<FieldError>,
}

impl Problem {
    /// A problem whose `type` is arbitre's URN for `code`.
    pub fn new(code: String, title: &str, status: StatusCode, detail: String) -> Problem {
        Problem {
            problem_type: format!("urn:arbitre:problem:{code}"),
            title: title.to_string(),
            status: status.as_u16(),
            detail,
            code,
            errors: Vec::new(),
        }
    }

    /// The response, with `extensions` beside the standard members (RFC 9457 §3.2).
    fn respond(&self, extensions: serde_json::Map<String, serde_json::Value>) -> HttpResponse {
        let status = StatusCode::from_u16(self.status).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR);
        let mut response = HttpResponse::build(status);
        response.insert_header((header::CONTENT_TYPE, PROBLEM_JSON));
        if status == StatusCode::UNAUTHORIZED {
            response.insert_header((header::WWW_AUTHENTICATE, "Bearer"));
        }
        if status == StatusCode::SERVICE_UNAVAILABLE || status == StatusCode::TOO_MANY_REQUESTS {
            response.insert_header((header::RETRY_AFTER, RETRY_AFTER_SECONDS.to_string()));
        }
        match serde_json::to_value(self) {
            Ok(serde_json::Value::Object(mut members)) => {
                members.extend(extensions);
                response.json(members)
            }
            _ => response.json(self),
        }
    }
}

/// The kinds of records a request can name.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Resource {
    Tournament,
    Player,
    Round,
    Pairing,
    Token,
    RatingList,
    RatingListEntry,
}

impl Resource {
    /// What a 404 says: a round is named by its number in the path, the others by id.
    fn not_found(self) -> &'static str {
        match self {
            Resource::Round => {
                "no round with this number in this tournament (rounds are numbered from 1: \
                 GET /tournaments/{id}/rounds lists them; a tournament's number_of_rounds \
                 creates them)"
            }
            Resource::Tournament => "no tournament with this id",
            Resource::Player => "no player with this id in this tournament",
            Resource::Pairing => "no pairing with this id in this round",
            Resource::Token => "no token with this id",
            Resource::RatingList => "no rating list snapshot with this id",
            Resource::RatingListEntry => "no entry with this id in the rating lists",
        }
    }

    fn name(self) -> &'static str {
        match self {
            Resource::Tournament => "tournament",
            Resource::Player => "player",
            Resource::Round => "round",
            Resource::Pairing => "pairing",
            Resource::Token => "token",
            Resource::RatingList => "rating_list",
            Resource::RatingListEntry => "rating_list_entry",
        }
    }
}

#[derive(Debug, thiserror::Error)]
pub enum ApiError {
    #[error("the request body is not valid JSON: {0}")]
    MalformedJson(String),
    #[error("the request body does not match the schema: {}", .0.message)]
    InvalidBody(FieldError),
    /// A body field that no request could mean (a control character where a path of this
    /// server is expected): the request itself is malformed (400), not its content.
    #[error("the request body field {} is malformed: {}", .0.field, .0.message)]
    MalformedField(FieldError),
    #[error("the request body is larger than the limit of {limit} bytes")]
    BodyTooLarge { limit: usize },
    #[error("the request body must be sent with Content-Type: {0}")]
    UnsupportedMediaType(&'static str),
    #[error("path parameter {} is invalid: {}", .0.field, .0.message)]
    InvalidPath(FieldError),
    #[error("query parameter {} is invalid: {}", .0.field, .0.message)]
    InvalidQuery(FieldError),
    #[error("{}", validation_detail(.0.len()))]
    Validation(Vec<FieldError>),
    /// An imported record differs from its pairing: each property at fault, with both values.
    #[error("the record differs from its pairing ({}): correct the file, or give `override_reason` to record it as it is", mismatch_list(.0))]
    RecordMismatch(Vec<FieldError>),
    /// The core's reader refused the OpenGotha file: the message names its line (and
    /// column, where the XML itself is at fault).
    #[error("the OpenGotha file cannot be read: {0}")]
    OpenGotha(#[from] OpenGothaError),
    /// The core's reader refused a rating list: the message names its line (and column).
    #[error("the rating list cannot be read: {0}")]
    RatingList(#[from] ReadError),
    #[error("this request needs a bearer token (Authorization: Bearer ...)")]
    MissingToken,
    #[error("the bearer token is unknown, revoked or malformed")]
    InvalidToken,
    #[error("this token may not {0}")]
    Forbidden(&'static str),
    #[error("{}", .0.not_found())]
    NotFound(Resource),
    #[error("no route matches this path")]
    RouteNotFound,
    /// The route exists; `allow` lists its methods (the `Allow` header, RFC 9110 §15.5.6).
    #[error("this route does not accept this method")]
    MethodNotAllowed { allow: String },
    /// The core's rule of a round's lifecycle (`arbitre_core::round`) refused; the code is
    /// the core's. `way_out` says what to do instead (start the round, edit its pairings).
    #[error("round {number}: {refusal}{}", way_out.as_deref().map(|way| format!(": {way}")).unwrap_or_default())]
    RoundState {
        number: i32,
        #[source]
        refusal: RoundRefusal,
        way_out: Option<String>,
    },
    /// The core's one check of a round's pairings; the code is the core's.
    #[error(transparent)]
    Round(#[from] arbitre_core::pairing::consistency::Inconsistency<Uuid>),
    /// The core's rule of a tournament's one board (`arbitre_core::tournament_board`): a
    /// game on another board (422), a board changed under recorded games (409); the code
    /// is the core's.
    #[error(transparent)]
    Board(#[from] BoardRefusal),
    /// A uniqueness or reference rule of the store: `code` names it (`round.duplicate_number`).
    #[error("{detail}")]
    Conflict { code: &'static str, detail: String },
    /// Holds the cause, for the log.
    #[error("the database is unavailable")]
    DatabaseUnavailable(#[source] Cause),
    /// Heavy work of this caller's class is already running with a full queue behind it
    /// (see `services::heavy`).
    #[error("too many heavy requests of this kind are running: retry shortly")]
    Busy,
    /// The server is stopping: a request waiting on heavy work is answered at once.
    #[error("the service is stopping: retry on another instance or shortly")]
    Stopping,
    /// An anonymous client reads faster than its own rate (see
    /// `services::admission::Fairness`); retryable, with `Retry-After`.
    #[error("this client reads too fast: retry shortly")]
    TooManyRequests,
    /// An anonymous client holds all the connections or event streams it may, or the
    /// anonymous clients all theirs (see `http::budget`); retryable, with `Retry-After`.
    #[error("{}", over_budget(*.0))]
    OverBudget(Exceeded),
    /// Holds the cause, for the log; the client reads only "internal error".
    #[error("internal error")]
    Internal(#[source] Cause),
}

/// What is beyond a connection budget (see `http::budget`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Exceeded {
    Connections,
    Streams,
}

fn over_budget(exceeded: Exceeded) -> &'static str {
    match exceeded {
        Exceeded::Connections => {
            "too many connections are open from this address, or from anonymous clients: \
             close some, or retry later"
        }
        Exceeded::Streams => {
            "too many event streams are open from this address, or from anonymous clients: \
             close some, or retry later"
        }
    }
}

fn mismatch_list(errors: &[FieldError]) -> String {
    let fields: Vec<&str> = errors.iter().map(|error| error.field.as_str()).collect();
    fields.join(", ")
}

/// The field errors a refusal lists at most: a request refused on 40,000 fields (a whole
/// file of bad lines) gets the first ones and their count, not a body of megabytes.
const LISTED_ERRORS: usize = 10;

fn validation_detail(count: usize) -> String {
    let phrase = match count {
        1 => "1 field is invalid".to_string(),
        _ => format!("{} fields are invalid", thousands(count)),
    };
    if count > LISTED_ERRORS {
        format!(
            "{phrase}: the first {LISTED_ERRORS} are listed, and {} more",
            thousands(count - LISTED_ERRORS)
        )
    } else {
        phrase
    }
}

/// `39990` as `39,990`.
fn thousands(count: usize) -> String {
    let digits = count.to_string();
    let mut text = String::with_capacity(digits.len() + digits.len() / 3);
    for (index, digit) in digits.chars().enumerate() {
        if index > 0 && (digits.len() - index).is_multiple_of(3) {
            text.push(',');
        }
        text.push(digit);
    }
    text
}

impl ApiError {
    /// The stable code clients switch on.
    pub fn code(&self) -> String {
        let code = match self {
            ApiError::MalformedJson(_) => "body.malformed_json",
            ApiError::InvalidBody(_) => "body.invalid",
            ApiError::MalformedField(_) => "body.malformed_field",
            ApiError::BodyTooLarge { .. } => "body.too_large",
            ApiError::UnsupportedMediaType(_) => "body.unsupported_media_type",
            ApiError::InvalidPath(_) => "path.invalid",
            ApiError::InvalidQuery(_) => "query.invalid",
            ApiError::Validation(_) => "validation.failed",
            ApiError::RecordMismatch(_) => "sgf.pairing_mismatch",
            ApiError::OpenGotha(error) => match error {
                OpenGothaError::Xml { .. } => "opengotha.malformed_xml",
                OpenGothaError::UnknownEncoding(_) => "opengotha.unknown_encoding",
                OpenGothaError::MalformedText { .. } => "opengotha.malformed_text",
                OpenGothaError::MissingElement(_) => "opengotha.missing_element",
                OpenGothaError::InvalidAttribute { .. } => "opengotha.invalid_attribute",
                OpenGothaError::DuplicatePlayer { .. } => "opengotha.duplicate_player",
                OpenGothaError::UnknownPlayer { .. } => "opengotha.unknown_player",
                OpenGothaError::TooLarge { .. } => "opengotha.too_large",
                OpenGothaError::InvalidText { .. } => "opengotha.invalid_text",
                OpenGothaError::UnknownCriterion { .. } => "opengotha.unknown_criterion",
            },
            ApiError::RatingList(error) => match error {
                ReadError::Empty => "rating_list.empty",
                ReadError::Binary { .. } => "rating_list.binary",
                ReadError::Encoding { .. } => "rating_list.wrong_encoding",
                ReadError::Truncated { .. } => "rating_list.truncated_line",
                ReadError::Malformed { .. } => "rating_list.malformed_line",
                ReadError::MissingHeader { .. } => "rating_list.missing_header",
                ReadError::Zip(_) => "rating_list.bad_zip",
                ReadError::NoEntries(_) => "rating_list.no_players",
            },
            ApiError::MissingToken => "auth.missing_token",
            ApiError::InvalidToken => "auth.invalid_token",
            ApiError::Forbidden(_) => "auth.forbidden",
            ApiError::NotFound(resource) => return format!("not_found.{}", resource.name()),
            ApiError::RouteNotFound => "not_found.route",
            ApiError::MethodNotAllowed { .. } => "method_not_allowed",
            ApiError::RoundState { refusal, .. } => refusal.code(),
            ApiError::Round(inconsistency) => inconsistency.code(),
            ApiError::Board(refusal) => refusal.code(),
            ApiError::Conflict { code, .. } => code,
            ApiError::DatabaseUnavailable(_) => "database.unavailable",
            ApiError::Busy => "service.busy",
            ApiError::Stopping => "service.stopping",
            ApiError::TooManyRequests => "service.too_many_requests",
            ApiError::OverBudget(Exceeded::Connections) => "service.too_many_connections",
            ApiError::OverBudget(Exceeded::Streams) => "service.too_many_streams",
            ApiError::Internal(_) => "internal",
        };
        code.to_string()
    }

    fn title(&self) -> &'static str {
        match self {
            ApiError::MalformedJson(_) => "The request body is not JSON",
            ApiError::InvalidBody(_) | ApiError::Validation(_) | ApiError::MalformedField(_) => {
                "The request is invalid"
            }
            ApiError::RecordMismatch(_) => "The record is not the pairing's game",
            ApiError::BodyTooLarge { .. } => "The request body is too large",
            ApiError::UnsupportedMediaType(_) => "The request body has the wrong media type",
            ApiError::OpenGotha(_) => "The OpenGotha file is invalid",
            ApiError::RatingList(_) => "The rating list is invalid",
            ApiError::InvalidPath(_) => "A path parameter is invalid",
            ApiError::InvalidQuery(_) => "A query parameter is invalid",
            ApiError::MissingToken | ApiError::InvalidToken => "Authentication required",
            ApiError::Forbidden(_) => "Forbidden",
            ApiError::NotFound(_) | ApiError::RouteNotFound => "Not found",
            ApiError::MethodNotAllowed { .. } => "Method not allowed",
            ApiError::RoundState { .. } | ApiError::Round(_) | ApiError::Conflict { .. } => {
                "Conflict"
            }
            ApiError::Board(BoardRefusal::OtherBoard { .. }) => {
                "The game is not on the tournament's board"
            }
            ApiError::Board(BoardRefusal::GamesRecorded { .. }) => "Conflict",
            ApiError::DatabaseUnavailable(_)
            | ApiError::Busy
            | ApiError::Stopping
            | ApiError::OverBudget(_) => "Service unavailable",
            ApiError::TooManyRequests => "Too many requests",
            ApiError::Internal(_) => "Internal server error",
        }
    }

    fn field_errors(&self) -> Vec<FieldError> {
        match self {
            ApiError::InvalidBody(error)
            | ApiError::MalformedField(error)
            | ApiError::InvalidPath(error)
            | ApiError::InvalidQuery(error) => {
                vec![error.clone()]
            }
            ApiError::Validation(errors) | ApiError::RecordMismatch(errors) => {
                errors.iter().take(LISTED_ERRORS).cloned().collect()
            }
            _ => Vec::new(),
        }
    }

    /// Any failure that is not the client's: logged with its cause chain, answered
    /// generically.
    pub fn internal(error: impl Into<Cause>) -> ApiError {
        ApiError::Internal(error.into())
    }

    pub fn problem(&self) -> Problem {
        Problem {
            errors: self.field_errors(),
            ..Problem::new(
                self.code(),
                self.title(),
                self.status_code(),
                self.to_string(),
            )
        }
    }
}

impl ResponseError for ApiError {
    fn status_code(&self) -> StatusCode {
        match self {
            ApiError::MalformedJson(_)
            | ApiError::InvalidPath(_)
            | ApiError::InvalidQuery(_)
            | ApiError::MalformedField(_) => StatusCode::BAD_REQUEST,
            ApiError::InvalidBody(_) | ApiError::Validation(_) | ApiError::RecordMismatch(_) => {
                StatusCode::UNPROCESSABLE_ENTITY
            }
            ApiError::BodyTooLarge { .. } => StatusCode::PAYLOAD_TOO_LARGE,
            ApiError::UnsupportedMediaType(_) => StatusCode::UNSUPPORTED_MEDIA_TYPE,
            ApiError::OpenGotha(_) | ApiError::RatingList(_) => StatusCode::UNPROCESSABLE_ENTITY,
            ApiError::MissingToken | ApiError::InvalidToken => StatusCode::UNAUTHORIZED,
            ApiError::Forbidden(_) => StatusCode::FORBIDDEN,
            ApiError::NotFound(_) | ApiError::RouteNotFound => StatusCode::NOT_FOUND,
            ApiError::MethodNotAllowed { .. } => StatusCode::METHOD_NOT_ALLOWED,
            ApiError::RoundState { .. } | ApiError::Round(_) | ApiError::Conflict { .. } => {
                StatusCode::CONFLICT
            }
            ApiError::Board(BoardRefusal::OtherBoard { .. }) => StatusCode::UNPROCESSABLE_ENTITY,
            ApiError::Board(BoardRefusal::GamesRecorded { .. }) => StatusCode::CONFLICT,
            ApiError::DatabaseUnavailable(_)
            | ApiError::Busy
            | ApiError::Stopping
            | ApiError::OverBudget(_) => StatusCode::SERVICE_UNAVAILABLE,
            ApiError::TooManyRequests => StatusCode::TOO_MANY_REQUESTS,
            ApiError::Internal(_) => StatusCode::INTERNAL_SERVER_ERROR,
        }
    }

    fn error_response(&self) -> HttpResponse {
        match self {
            ApiError::Internal(_) => {
                tracing::error!(cause = %cause_chain(self), "internal error");
            }
            ApiError::DatabaseUnavailable(_) => {
                tracing::warn!(cause = %cause_chain(self), "database unavailable");
            }
            _ => {}
        }
        self.respond(self.problem())
    }
}

impl ApiError {
    /// This error's response with `problem` as its body: the error's own, or the same
    /// with its detail in the reader's language (`crate::web::language::translate_problems`).
    pub fn respond(&self, problem: Problem) -> HttpResponse {
        let mut extensions = serde_json::Map::new();
        if let ApiError::OpenGotha(error) = self {
            let (line, column) = file_position(error);
            extensions.extend(line.map(|line| ("line".to_string(), line.into())));
            extensions.extend(column.map(|column| ("column".to_string(), column.into())));
        }
        if let ApiError::RatingList(error) = self {
            extensions.extend(error.line().map(|line| ("line".to_string(), line.into())));
            extensions.extend(
                error
                    .column()
                    .map(|column| ("column".to_string(), column.into())),
            );
        }
        let mut response = problem.respond(extensions);
        if let ApiError::MethodNotAllowed { allow } = self {
            if let Ok(value) = header::HeaderValue::from_str(allow) {
                response.headers_mut().insert(header::ALLOW, value);
            }
        }
        if let ApiError::OverBudget(_) = self {
            response.headers_mut().insert(
                header::RETRY_AFTER,
                header::HeaderValue::from(OVER_BUDGET_RETRY_AFTER_SECONDS),
            );
        }
        if let ApiError::InvalidToken = self {
            // RFC 6750 §3.1: the token presented is unknown, revoked or malformed.
            response.headers_mut().insert(
                header::WWW_AUTHENTICATE,
                header::HeaderValue::from_static(r#"Bearer error="invalid_token""#),
            );
        }
        response
    }
}

/// Where in the file the reader stopped, as far as it knows: the line and column of
/// malformed XML or text, the line of the element whose content is wrong, nothing when the
/// file as a whole is at fault (no tournament in it, an unknown encoding).
fn file_position(error: &OpenGothaError) -> (Option<usize>, Option<usize>) {
    match *error {
        OpenGothaError::Xml { line, column, .. }
        | OpenGothaError::MalformedText { line, column, .. } => (Some(line), Some(column)),
        OpenGothaError::InvalidAttribute { line, .. }
        | OpenGothaError::DuplicatePlayer { line, .. }
        | OpenGothaError::UnknownPlayer { line, .. }
        | OpenGothaError::TooLarge { line, .. }
        | OpenGothaError::InvalidText { line, .. }
        | OpenGothaError::UnknownCriterion { line, .. } => (Some(line), None),
        OpenGothaError::UnknownEncoding(_) | OpenGothaError::MissingElement(_) => (None, None),
    }
}

/// What the server says, in its first words, when it ends a session (SQLSTATE class 57P,
/// "operator intervention": `pg_terminate_backend`, a shutdown, a crash of another backend;
/// PostgreSQL's `errcodes.txt`). diesel keeps the message of a server error but not its
/// SQLSTATE, so these are read from the message; a connection that is already gone has no
/// message and is `UnableToSendCommand`.
const SESSION_ENDED: [&str; 3] = [
    "terminating connection",
    "the database system is shutting down",
    "the database system is in recovery mode",
];

/// Store failures: the constraints of `migrations/` become conflicts and validation
/// errors (handlers check first; these catch races), a lost connection is a 503.
impl From<diesel::result::Error> for ApiError {
    fn from(error: diesel::result::Error) -> ApiError {
        use diesel::result::{DatabaseErrorKind, Error};
        let Error::DatabaseError(kind, info) = &error else {
            return ApiError::internal(error);
        };
        let constraint = info.constraint_name().unwrap_or_default();
        match kind {
            DatabaseErrorKind::UniqueViolation => {
                let (code, detail) = match constraint {
                    "rounds_tournament_number" => (
                        "round.duplicate_number",
                        "a round with this number already exists",
                    ),
                    "pairings_round_table" => (
                        "pairing.table_taken",
                        "this table already has a pairing in this round",
                    ),
                    "players_tournament_egd_pin" => (
                        "player.duplicate_egd_pin",
                        "a player with this EGD PIN is already registered",
                    ),
                    _ => ("conflict.duplicate", "a record with the same key exists"),
                };
                ApiError::Conflict {
                    code,
                    detail: detail.to_string(),
                }
            }
            DatabaseErrorKind::ForeignKeyViolation => ApiError::Conflict {
                code: "conflict.referenced",
                detail: "the record is referenced by others, or references one that does not exist"
                    .to_string(),
            },
            DatabaseErrorKind::CheckViolation | DatabaseErrorKind::NotNullViolation => {
                ApiError::Validation(vec![FieldError::new(constraint, info.message())])
            }
            DatabaseErrorKind::SerializationFailure => ApiError::Conflict {
                code: "conflict.concurrent_update",
                detail: "another request changed the same records: retry".to_string(),
            },
            DatabaseErrorKind::ClosedConnection | DatabaseErrorKind::UnableToSendCommand => {
                ApiError::DatabaseUnavailable(error.into())
            }
            DatabaseErrorKind::Unknown
                if SESSION_ENDED
                    .iter()
                    .any(|words| info.message().starts_with(words)) =>
            {
                ApiError::DatabaseUnavailable(error.into())
            }
            _ => ApiError::internal(error),
        }
    }
}

impl From<diesel_async::pooled_connection::deadpool::PoolError> for ApiError {
    fn from(error: diesel_async::pooled_connection::deadpool::PoolError) -> ApiError {
        ApiError::DatabaseUnavailable(error.into())
    }
}

/// Collects field errors, then fails once with all of them.
#[derive(Debug, Default)]
pub struct Violations(Vec<FieldError>);

impl Violations {
    pub fn new() -> Violations {
        Violations::default()
    }

    pub fn add(&mut self, field: impl Into<String>, message: impl Into<String>) {
        self.0.push(FieldError::new(field, message));
    }

    /// Records a field check's typed refusal, with its English `message` for the API.
    pub fn add_issue(
        &mut self,
        field: impl Into<String>,
        issue: Issue,
        message: impl Into<String>,
    ) {
        self.0.push(FieldError::of_issue(field, issue, message));
    }

    /// Records a core field check's refusal, typed (the pages say it in their reader's
    /// language) with its English words for the API.
    pub fn add_check(&mut self, field: impl Into<String>, issue: FieldIssue) {
        self.add_issue(field, Issue::Check(issue), issue.to_string());
    }

    /// Records the error of a field check, if any.
    pub fn check(&mut self, result: Result<(), FieldError>) {
        if let Err(error) = result {
            self.0.push(error);
        }
    }

    pub fn into_result(self) -> Result<(), ApiError> {
        if self.0.is_empty() {
            Ok(())
        } else {
            Err(ApiError::Validation(self.0))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Debug, thiserror::Error)]
    #[error("stored settings do not decode")]
    struct Outer(#[source] std::io::Error);

    #[test]
    fn internal_errors_keep_their_cause_chain_for_the_log_only() {
        let cause = Outer(std::io::Error::other(
            "column komi_policy: missing field `kind`",
        ));
        let error = ApiError::internal(cause);
        assert_eq!(
            cause_chain(&error),
            "internal error: stored settings do not decode: column komi_policy: missing field `kind`"
        );
        let problem = error.problem();
        assert_eq!((problem.status, problem.code.as_str()), (500, "internal"));
        assert_eq!(problem.detail, "internal error");
    }

    #[test]
    fn a_refusal_lists_its_first_violations_and_counts_the_others() {
        let errors = (0..40_000)
            .map(|line| FieldError::new(format!("players[{line}]"), "invalid"))
            .collect();
        let problem = ApiError::Validation(errors).problem();
        assert_eq!(problem.errors.len(), LISTED_ERRORS);
        assert_eq!(problem.errors[0].field, "players[0]");
        assert_eq!(
            problem.detail,
            "40,000 fields are invalid: the first 10 are listed, and 39,990 more"
        );
        let one = ApiError::Validation(vec![FieldError::new("name", "must not be empty")]);
        assert_eq!(one.problem().detail, "1 field is invalid");
        assert_eq!(thousands(999), "999");
        assert_eq!(thousands(1_234_567), "1,234,567");
    }

    #[test]
    fn a_lost_connection_is_unavailable_and_retryable() {
        let lost = diesel::result::Error::DatabaseError(
            diesel::result::DatabaseErrorKind::UnableToSendCommand,
            Box::new("connection closed".to_string()),
        );
        let error = ApiError::from(lost);
        assert_eq!(error.code(), "database.unavailable");
        let response = error.error_response();
        assert_eq!(response.status(), StatusCode::SERVICE_UNAVAILABLE);
        assert_eq!(
            response
                .headers()
                .get(header::RETRY_AFTER)
                .map(|value| value.as_bytes()),
            Some(b"1".as_slice())
        );
    }
}
