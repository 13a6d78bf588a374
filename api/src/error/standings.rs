//! The failures of the standings: content negotiation and what a rating body would
//! refuse.

use super::{ApiError, Problem};
use actix_web::http::StatusCode;
use actix_web::{HttpResponse, ResponseError};
use arbitre_core::export::ExportError;
use arbitre_core::standings::StandingsError;

/// What the standings resource fails with beyond the common errors: no acceptable
/// representation (406), or a tournament the rating bodies would refuse (422). Rendered as
/// the same problem details as [`ApiError`].
#[derive(Debug, thiserror::Error)]
pub enum StandingsFailure {
    #[error(transparent)]
    Api(#[from] ApiError),
    /// None of the media types in Accept is offered; holds those that are.
    #[error("none of the media types in Accept is available: ask for {0}")]
    NotAcceptable(String),
    #[error(transparent)]
    Export(#[from] ExportError),
}

impl From<diesel::result::Error> for StandingsFailure {
    fn from(error: diesel::result::Error) -> StandingsFailure {
        StandingsFailure::Api(error.into())
    }
}

impl From<diesel_async::pooled_connection::deadpool::PoolError> for StandingsFailure {
    fn from(error: diesel_async::pooled_connection::deadpool::PoolError) -> StandingsFailure {
        StandingsFailure::Api(error.into())
    }
}

impl From<StandingsError> for StandingsFailure {
    fn from(error: StandingsError) -> StandingsFailure {
        StandingsFailure::Export(ExportError::Standings(error))
    }
}

impl StandingsFailure {
    /// The stable code: `not_acceptable`, `standings.*` for results the standings cannot
    /// count, `export.*` for what a rating body would refuse.
    pub fn code(&self) -> String {
        let code = match self {
            StandingsFailure::Api(error) => return error.code(),
            StandingsFailure::NotAcceptable(_) => "not_acceptable",
            StandingsFailure::Export(ExportError::Standings(error)) => match error {
                StandingsError::DuplicatePlayer(_) => "standings.duplicate_player",
                StandingsError::UnknownPlayer { .. } => "standings.unknown_player",
                StandingsError::DoublePairing { .. } => "standings.double_pairing",
                StandingsError::SelfPairing { .. } => "standings.self_pairing",
                StandingsError::RoundZero => "standings.round_zero",
                StandingsError::RoundBeyondTournament { .. } => "standings.round_beyond_tournament",
                StandingsError::TooManyRounds(_) => "standings.too_many_rounds",
            },
            StandingsFailure::Export(error) => match error {
                ExportError::Standings(_) => "standings.invalid",
                ExportError::UnknownResult { .. } => "export.unknown_result",
                ExportError::UnknownColours { .. } => "export.unknown_colours",
                ExportError::InvalidDate(_) => "export.invalid_date",
                ExportError::InvalidLicence { .. } => "export.invalid_ffg_licence",
                ExportError::InvalidEgdPin { .. } => "export.invalid_egd_pin",
                ExportError::MissingAgaId(_) => "export.missing_aga_id",
                ExportError::DuplicateKey(..) => "export.duplicate_player_name",
                ExportError::TooManyCriteria(_) => "export.too_many_criteria",
                ExportError::TooManyRounds(_) => "export.too_many_rounds",
                ExportError::CriterionNotInOpenGotha(_) => "export.criterion_not_in_opengotha",
            },
        };
        code.to_string()
    }
}

impl ResponseError for StandingsFailure {
    fn status_code(&self) -> StatusCode {
        match self {
            StandingsFailure::Api(error) => error.status_code(),
            StandingsFailure::NotAcceptable(_) => StatusCode::NOT_ACCEPTABLE,
            StandingsFailure::Export(_) => StatusCode::UNPROCESSABLE_ENTITY,
        }
    }

    fn error_response(&self) -> HttpResponse {
        let title = match self {
            StandingsFailure::Api(error) => return error.error_response(),
            StandingsFailure::NotAcceptable(_) => "Not acceptable",
            StandingsFailure::Export(_) => "The results cannot be exported",
        };
        Problem::new(self.code(), title, self.status_code(), self.to_string())
            .respond(serde_json::Map::new())
    }
}
