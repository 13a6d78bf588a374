//! The HTTP server: middleware, extractor configuration, routes, docs, and a graceful
//! stop on SIGINT and SIGTERM (in-flight requests finish; new ones are refused).

use crate::db::DbPool;
use crate::http::{path_error, route_not_found, BODY_LIMIT};
use crate::metrics::Metrics;
use crate::openapi;
use crate::routes;
use crate::services::admission::Admission;
use crate::services::live::notify::Hub;
use crate::services::live::ServerClock;
use crate::web as web_pages;
use actix_web::body::MessageBody;
use actix_web::dev::{Server, Service as _, ServiceResponse};
use actix_web::http::header::{HeaderName, HeaderValue};
use actix_web::{web, App, HttpMessage, HttpServer};
use std::net::TcpListener;
use std::sync::Arc;
use std::time::Instant;
use tracing_actix_web::{RequestId, TracingLogger};
use utoipa_swagger_ui::SwaggerUi;

/// How long in-flight requests may run once a stop is asked.
const SHUTDOWN_GRACE_SECONDS: u64 = 30;

/// The header that carries the request id of the logs.
const REQUEST_ID: HeaderName = HeaderName::from_static("x-request-id");

/// How much the server takes on.
#[derive(Debug, Clone, Copy)]
pub struct Capacity {
    /// Actix workers; `None`: one per core.
    pub workers: Option<usize>,
    /// Anonymous reads admitted per second, and at once (see [`Admission`]).
    pub anonymous_reads: u32,
}

/// A server on `listener`, not yet running: await it (and stop it through its handle),
/// and the hub of its event streams, which [`run_until_signal`] ends when it stops. Its
/// games are played at `clock`'s time (the system's, unless a test moves it).
pub fn build(
    listener: TcpListener,
    pool: DbPool,
    capacity: Capacity,
    clock: ServerClock,
) -> std::io::Result<(Server, Hub)> {
    let streams = crate::services::live::start(pool.clone(), clock.clone());
    let hub = web::Data::new(streams.clone());
    let workshop = web::Data::new(
        crate::services::heavy::Workshop::new(streams.stopping()).map_err(std::io::Error::other)?,
    );
    let games = web::Data::new(crate::services::live::cache::GameCache::new(clock));
    let rating_lists = web::Data::new(crate::services::rating_lists::Indexes::default());
    let reads = web::Data::new(crate::services::reads::Reads::default());
    let admission = web::Data::new(Admission::new(
        capacity.anonymous_reads,
        capacity.anonymous_reads,
    ));
    let pool = web::Data::new(pool);
    let metrics = web::Data::from(Arc::new(Metrics::default()));
    let openapi = openapi::document_value();
    let mut server = HttpServer::new(move || {
        let metrics_of_app = metrics.clone();
        App::new()
            .app_data(pool.clone())
            .app_data(hub.clone())
            .app_data(workshop.clone())
            .app_data(reads.clone())
            .app_data(admission.clone())
            .app_data(games.clone())
            .app_data(rating_lists.clone())
            .app_data(metrics.clone())
            .app_data(web::PathConfig::default().error_handler(path_error))
            .app_data(web::PayloadConfig::new(BODY_LIMIT))
            .wrap_fn(move |request, service| {
                let started = Instant::now();
                let metrics = metrics_of_app.clone();
                let request_id = request
                    .extensions()
                    .get::<RequestId>()
                    .map(ToString::to_string);
                let response = service.call(request);
                async move {
                    let mut response: ServiceResponse<_> = response.await?;
                    let route = response
                        .request()
                        .match_pattern()
                        .unwrap_or_else(|| "unmatched".to_string());
                    let method = response.request().method().to_string();
                    metrics.record(
                        &method,
                        &route,
                        response.status().as_u16(),
                        started.elapsed(),
                    );
                    if let Some(value) = request_id.and_then(|id| HeaderValue::from_str(&id).ok()) {
                        response.headers_mut().insert(REQUEST_ID, value);
                    }
                    Ok(response.map_body(|_, body| body.boxed()))
                }
            })
            .wrap(TracingLogger::default())
            .configure(routes::configure)
            .configure(web_pages::configure)
            .service(
                SwaggerUi::new("/docs/{_:.*}")
                    .external_url_unchecked("/openapi.json", openapi.clone()),
            )
            .default_service(web::to(route_not_found))
    })
    .listen(listener)?
    // A client that closes its side is gone: an event stream never reads a request body,
    // so a half-closed connection would otherwise stream into a dead socket until a write
    // fails, with its stream's work going on.
    .h1_allow_half_closed(false)
    .disable_signals()
    .shutdown_timeout(SHUTDOWN_GRACE_SECONDS);
    if let Some(workers) = capacity.workers {
        server = server.workers(workers);
    }
    Ok((server.run(), streams))
}

/// Runs `server` until SIGINT or SIGTERM, then stops it gracefully: the event streams of
/// `streams` end at once (their clients reconnect to another instance with
/// `Last-Event-ID`), so do the requests waiting on heavy work (503), and the other
/// requests in flight are answered.
pub async fn run_until_signal((server, streams): (Server, Hub)) -> std::io::Result<()> {
    let handle = server.handle();
    actix_web::rt::spawn(async move {
        wait_for_stop_signal().await;
        tracing::info!("stop signal received: ending event streams, finishing in-flight requests");
        streams.stop_streams();
        handle.stop(true).await;
    });
    server.await
}

async fn wait_for_stop_signal() {
    use tokio::signal::unix::{signal, SignalKind};
    let terminate = async {
        match signal(SignalKind::terminate()) {
            Ok(mut stream) => {
                stream.recv().await;
            }
            Err(error) => {
                tracing::warn!(%error, "cannot listen for SIGTERM");
                std::future::pending::<()>().await;
            }
        }
    };
    tokio::select! {
        _ = tokio::signal::ctrl_c() => {}
        () = terminate => {}
    }
}
