//! `/health`, `/ready` and `/metrics`: what the orchestrator and Prometheus ask.

use crate::db::DbPool;
use crate::error::ApiError;
use crate::metrics::{CacheWeights, Metrics};
use crate::services::heavy::{Class, Workshop};
use crate::services::live::feed::FeedCounters;
use crate::services::live::notify::Hub;
use crate::services::rating_lists::Indexes;
use crate::services::revisions::Revisions;
use actix_web::{web, HttpResponse};
use diesel_async::RunQueryDsl;
use serde::{Deserialize, Serialize};
use std::fmt::Write as _;
use std::sync::atomic::Ordering;
use utoipa::ToSchema;

/// The state of the process or of its database.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
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
    caches: web::Data<CacheWeights>,
    indexes: web::Data<Indexes>,
    revisions: web::Data<Revisions>,
) -> HttpResponse {
    let mut text = metrics.render();
    render_feeds(&mut text, hub.counters());
    render_heavy_jobs(&mut text, &workshop);
    render_caches(&mut text, &caches, &indexes);
    render_revisions(&mut text, &revisions);
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

/// The bytes each cache keeps, and how often a rating list's index was built (its first
/// search, and each one after it was let go past its budget).
fn render_caches(text: &mut String, caches: &CacheWeights, indexes: &Indexes) {
    let name = "arbitre_cache_bytes";
    let _ = writeln!(
        text,
        "# HELP {name} Bytes a cache keeps, within its budget.\n# TYPE {name} gauge"
    );
    for (cache, bytes) in caches.weights() {
        let _ = writeln!(text, "{name}{{cache=\"{cache}\"}} {bytes}");
    }
    let name = "arbitre_rating_index_builds_total";
    let _ = writeln!(
        text,
        "# HELP {name} Rating lists' search indexes built.\n# TYPE {name} counter\n{name} {}",
        indexes.built()
    );
}

/// Whether the revisions are known from the database's notices, and for how many
/// tournaments: while the listener has no connection, every anonymous read asks the store.
fn render_revisions(text: &mut String, revisions: &Revisions) {
    let series = [
        (
            "arbitre_revisions_listening",
            "Whether the tournaments' revisions are heard from the database (1) or asked (0).",
            u64::from(revisions.is_listening()),
        ),
        (
            "arbitre_revisions_known",
            "Tournaments whose revision this instance knows.",
            revisions.count(),
        ),
    ];
    for (name, help, value) in series {
        let _ = writeln!(
            text,
            "# HELP {name} {help}\n# TYPE {name} gauge\n{name} {value}"
        );
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
