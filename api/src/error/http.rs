//! The one mapping of an [`ApiError`] to HTTP: its stable code, title, status, the fields
//! at fault and the response with its headers.

use super::field::LISTED_ERRORS;
use super::{cause_chain, ApiError, Exceeded, FieldError, Problem};
use actix_web::http::{header, StatusCode};
use actix_web::{HttpResponse, ResponseError};
use arbitre_core::export::opengotha::OpenGothaError;
use arbitre_core::rating_list::ReadError;
use arbitre_core::tournament_board::BoardRefusal;

/// What a client refused for its connection budget should wait before retrying: a
/// connection or stream is freed when its client goes, which takes seconds, not one.
const OVER_BUDGET_RETRY_AFTER_SECONDS: u32 = 10;

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
