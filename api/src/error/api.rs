//! [`ApiError`]: every failure the services and routes answer with, and the records a
//! request can name. Its mapping to HTTP is `error/http.rs`.

use super::field::{mismatch_list, validation_detail};
use super::{Cause, FieldError};
use arbitre_core::export::opengotha::OpenGothaError;
use arbitre_core::rating_list::ReadError;
use arbitre_core::round::RoundRefusal;
use arbitre_core::tournament_board::BoardRefusal;
use uuid::Uuid;

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

    pub(super) fn name(self) -> &'static str {
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

impl ApiError {
    /// Any failure that is not the client's: logged with its cause chain, answered
    /// generically.
    pub fn internal(error: impl Into<Cause>) -> ApiError {
        ApiError::Internal(error.into())
    }
}
