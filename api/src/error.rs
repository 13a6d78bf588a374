//! The error policy of the service, and every mapping of a failure to HTTP.
//!
//! - Which error where: the core's verdicts are its `thiserror` enums; the store returns
//!   diesel's errors (or [`ApiError`] where it decodes what it stored); the services and
//!   routes return [`ApiError`], or [`GameError`] (the game routes: the core's verdicts on
//!   a live game, with the game's state; `error/game.rs`) and [`StandingsFailure`] (the
//!   standings: content negotiation and what a rating body would refuse;
//!   `error/standings.rs`). All three are rendered as one [`Problem`] (`error/problem.rs`).
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
//!
//! The modules, by concept: `field` (a field at fault, and the violations collected before
//! one refusal), `problem` (the RFC 9457 document), `api` (the [`ApiError`] enum),
//! `http` (its code, title, status and response: the one mapping to HTTP), `store` (what
//! diesel's and the pool's failures become).

mod api;
mod field;
mod game;
mod http;
mod problem;
mod standings;
mod store;

pub use api::{ApiError, Exceeded, Resource};
pub use field::{FieldError, Issue, Violations};
pub use game::{GameError, TableRefusal};
pub use problem::{Problem, PROBLEM_JSON};
pub use standings::StandingsFailure;

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
}
