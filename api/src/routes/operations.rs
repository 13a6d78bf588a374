//! `/health`, `/ready` and `/metrics`: what the orchestrator and Prometheus ask.

use crate::db::DbPool;
use crate::error::ApiError;
use crate::metrics::Metrics;
use crate::services::heavy::{Class, Workshop};
use crate::services::live::feed::FeedCounters;
use crate::services::live::notify::Hub;
use actix_web::{web, HttpResponse};
use diesel_async::RunQueryDsl;
use serde::Serialize;
use std::fmt::Write as _;
use std::sync::atomic::Ordering;
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
pub async fn metrics(
    metrics: web::Data<Metrics>,
    hub: web::Data<Hub>,
    workshop: web::Data<Workshop>,
) -> HttpResponse {
    let mut text = metrics.render();
    render_feeds(&mut text, hub.counters());
    render_heavy_jobs(&mut text, &workshop);
    HttpResponse::Ok()
        .content_type("text/plain; version=0.0.4; charset=utf-8")
        .body(text)
}

/// The jobs the heavy-work pool ran, by class of caller: how often the drafts, imports,
/// standings and exports were computed beside the tablets rather than answered as kept.
fn render_heavy_jobs(text: &mut String, workshop: &Workshop) {
    let name = "arbitre_heavy_jobs_total";
    let _ = writeln!(
        text,
        "# HELP {name} Jobs run on the heavy-work pool, by class of caller.\n# TYPE {name} counter"
    );
    for (class, label) in [(Class::Anonymous, "anonymous"), (Class::Staff, "staff")] {
        let _ = writeln!(text, "{name}{{class=\"{label}\"}} {}", workshop.jobs(class));
    }
}

/// The event streams open, their feeds, and what they cost the database.
fn render_feeds(text: &mut String, counters: &FeedCounters) {
    let series = [
        (
            "arbitre_event_streams",
            "gauge",
            "Event streams open.",
            &counters.streams,
        ),
        (
            "arbitre_event_feeds",
            "gauge",
            "Feeds running: one per game or tournament followed.",
            &counters.feeds,
        ),
        (
            "arbitre_event_feed_reads_total",
            "counter",
            "Reads of the log by the feeds, whatever the number of streams.",
            &counters.reads,
        ),
        (
            "arbitre_event_catch_up_reads_total",
            "counter",
            "Reads of the log by streams resuming from an earlier event.",
            &counters.catch_ups,
        ),
    ];
    for (name, kind, help, value) in series {
        let _ = writeln!(
            text,
            "# HELP {name} {help}\n# TYPE {name} {kind}\n{name} {}",
            value.load(Ordering::Relaxed)
        );
    }
}
