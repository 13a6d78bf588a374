//! `/health`, `/ready` and `/metrics`: what the orchestrator and Prometheus ask.

use crate::db::DbPool;
use crate::error::ApiError;
use crate::metrics::Metrics;
use actix_web::{web, HttpResponse};
use diesel_async::RunQueryDsl;
use serde::Serialize;
use utoipa::ToSchema;

/// The state of the process or of its database.
#[derive(Debug, Serialize, ToSchema)]
pub struct Status {
    #[schema(example = "ok")]
    pub status: String,
}

/// The process is up.
#[utoipa::path(get, path = "/health", tag = "operations", responses((status = 200, description = "Up", body = Status)))]
pub async fn health() -> HttpResponse {
    HttpResponse::Ok().json(Status {
        status: "ok".to_string(),
    })
}

/// The database answers: the service can serve.
#[utoipa::path(
    get, path = "/ready", tag = "operations",
    responses((status = 200, description = "Ready", body = Status))
)]
pub async fn ready(pool: web::Data<DbPool>) -> Result<HttpResponse, ApiError> {
    let mut connection = pool.get().await?;
    diesel::sql_query("SELECT 1")
        .execute(&mut connection)
        .await
        .map_err(|error| ApiError::DatabaseUnavailable(error.into()))?;
    Ok(HttpResponse::Ok().json(Status {
        status: "ready".to_string(),
    }))
}

/// Prometheus metrics (text exposition format).
#[utoipa::path(
    get, path = "/metrics", tag = "operations",
    responses((status = 200, description = "Prometheus text format", body = String, content_type = "text/plain"))
)]
pub async fn metrics(metrics: web::Data<Metrics>) -> HttpResponse {
    HttpResponse::Ok()
        .content_type("text/plain; version=0.0.4; charset=utf-8")
        .body(metrics.render())
}
