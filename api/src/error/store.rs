//! What the store's failures become: diesel's errors and the pool's.

use super::{ApiError, FieldError};

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

#[cfg(test)]
mod tests {
    use super::*;
    use actix_web::http::{header, StatusCode};
    use actix_web::ResponseError;

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
