//! The RFC 9457 problem document every error response carries.

use super::FieldError;
use actix_web::http::{header, StatusCode};
use actix_web::HttpResponse;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// The media type of every error response (RFC 9457 §3).
pub const PROBLEM_JSON: &str = "application/problem+json";

/// What a 503 asks the client to wait before retrying: the pool opens a new connection at
/// once, so a second is enough for a lost connection (a database down for longer answers
/// 503 again).
const RETRY_AFTER_SECONDS: u32 = 1;

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
    pub(super) fn respond(
        &self,
        extensions: serde_json::Map<String, serde_json::Value>,
    ) -> HttpResponse {
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
