//! The HTTP server: middleware, extractor configuration, routes, docs, and a graceful
//! stop on SIGINT and SIGTERM (in-flight requests finish; new ones are refused).

use crate::db::DbPool;
use crate::http::budget::{self, Budget, Limits};
use crate::http::{path_error, route_not_found, BODY_LIMIT};
use crate::metrics::Metrics;
use crate::openapi;
use crate::peer::TrustedProxies;
use crate::routes;
use crate::services::admission::{Admission, Fairness};
use crate::services::live::notify::Hub;
use crate::services::live::ServerClock;
use crate::web as web_pages;
use actix_web::body::MessageBody;
use actix_web::dev::{Server, Service as _, ServiceRequest, ServiceResponse};
use actix_web::http::header::{
    HeaderName, HeaderValue, CONTENT_SECURITY_POLICY, REFERRER_POLICY, USER_AGENT,
    X_CONTENT_TYPE_OPTIONS, X_FRAME_OPTIONS,
};
use actix_web::middleware::{from_fn, Next};
use actix_web::{web, App, HttpMessage, HttpServer};
use std::net::TcpListener;
use std::sync::Arc;
use std::time::Instant;
use tracing::Span;
use tracing_actix_web::{DefaultRootSpanBuilder, RequestId, RootSpanBuilder, TracingLogger};
use utoipa_swagger_ui::SwaggerUi;

/// The policy of the API's docs (`/docs/`, Swagger UI): its scripts and styles from this
/// server only (Swagger UI's own styles set inline too), requests to this server only, no
/// framing (OWASP: clickjacking), no plugin.
const DOCS_CONTENT_SECURITY_POLICY: &str = "default-src 'self'; script-src 'self'; \
     style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self'; \
     object-src 'none'; base-uri 'none'; frame-ancestors 'none'; form-action 'self'";

/// How long in-flight requests may run once a stop is asked.
const SHUTDOWN_GRACE_SECONDS: u64 = 30;

/// The header that carries the request id of the logs.
const REQUEST_ID: HeaderName = HeaderName::from_static("x-request-id");

/// The root span of a request's logs: tracing-actix-web's fields, the route recorded when
/// the request is answered rather than when it arrives. The default builder reads the
/// route before the router has run, walking every route's pattern a second time with a
/// regular expression: under a hall's load, a tenth of the service's CPU, paid by every
/// turn. Answered, the request knows its route at once.
struct RequestSpan;

impl RootSpanBuilder for RequestSpan {
    fn on_request_start(request: &ServiceRequest) -> Span {
        tracing::info_span!(
            "HTTP request",
            http.method = %request.method(),
            http.route = tracing::field::Empty,
            http.flavor = ?request.version(),
            http.scheme = %request.connection_info().scheme(),
            http.host = %request.connection_info().host(),
            http.client_ip = %request.connection_info().realip_remote_addr().unwrap_or(""),
            http.user_agent = %request
                .headers()
                .get(USER_AGENT)
                .and_then(|agent| agent.to_str().ok())
                .unwrap_or(""),
            http.target = %request.uri().path_and_query().map_or("", |target| target.as_str()),
            http.status_code = tracing::field::Empty,
            otel.kind = "server",
            otel.status_code = tracing::field::Empty,
            request_id = %request
                .extensions()
                .get::<RequestId>()
                .map(ToString::to_string)
                .unwrap_or_default(),
            exception.message = tracing::field::Empty,
            exception.details = tracing::field::Empty,
        )
    }

    fn on_request_end<B: MessageBody>(
        span: Span,
        outcome: &Result<ServiceResponse<B>, actix_web::Error>,
    ) {
        if let Some(route) = outcome
            .as_ref()
            .ok()
            .and_then(|response| response.request().match_pattern())
        {
            span.record("http.route", route);
        }
        DefaultRootSpanBuilder::on_request_end(span, outcome);
    }
}

/// How much the server takes on, and from whom.
#[derive(Debug, Clone)]
pub struct Capacity {
    /// Actix workers; `None`: one per core.
    pub workers: Option<usize>,
    /// Anonymous reads admitted per second, and at once (see [`Admission`]).
    pub anonymous_reads: u32,
    /// Reads admitted per second, and at once, for one anonymous client (see [`Fairness`]).
    pub peer_reads: u32,
    /// Bytes sent per second, and at once, to one anonymous client (see [`Fairness`]).
    pub peer_bytes: u64,
    /// The reverse proxies whose forwarding headers are believed.
    pub trusted_proxies: TrustedProxies,
    /// The connections and event streams held open, in all and by client (see
    /// [`crate::http::budget`]).
    pub budget: Limits,
    /// What the caches keep at most.
    pub caches: crate::config::CacheBudgets,
}

/// Folds the latencies recorded into `/metrics`' histogram every [`crate::metrics::UPKEEP`],
/// until the server's metrics are gone.
fn keep_up(metrics: std::sync::Weak<Metrics>) {
    actix_web::rt::spawn(async move {
        let mut interval = tokio::time::interval(crate::metrics::UPKEEP);
        interval.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        loop {
            interval.tick().await;
            let Some(metrics) = metrics.upgrade() else {
                return;
            };
            metrics.upkeep();
        }
    });
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
        crate::services::heavy::Workshop::new(streams.stopping(), &capacity.caches)
            .map_err(std::io::Error::other)?,
    );
    let now = web::Data::new(clock.clone());
    let games = web::Data::new(crate::services::live::cache::GameCache::new(clock));
    let contacts = web::Data::new(crate::services::contacts::Contacts::default());
    let rating_lists = web::Data::new(crate::services::rating_lists::Indexes::new(
        capacity.caches.rating_indexes,
    ));
    let reads = web::Data::new(crate::routes::standings::Kept::new(capacity.caches.reads));
    let pages = web::Data::new(crate::web::public::Pages::new(capacity.caches.pages));
    let caches = {
        let (reads, pages, drafts, indexes) = (
            reads.clone(),
            pages.clone(),
            workshop.drafts.clone(),
            rating_lists.clone(),
        );
        web::Data::new(
            crate::metrics::CacheWeights::default()
                .with("reads", move || reads.weighed())
                .with("pages", move || pages.weighed())
                .with("drafts", move || drafts.weighed())
                .with("rating_indexes", move || indexes.weighed()),
        )
    };
    let searches = web::Data::new(crate::web::public::Searches::default());
    let admission = web::Data::new(Admission::new(
        capacity.anonymous_reads,
        capacity.anonymous_reads,
    ));
    let fairness = web::Data::new(Fairness::new(capacity.peer_reads, capacity.peer_bytes));
    let revisions = web::Data::from(streams.revisions());
    let budget = Budget::new(capacity.budget);
    let on_connect = budget.clone().on_connect(capacity.trusted_proxies.clone());
    let budget = web::Data::from(budget);
    let trusted_proxies = web::Data::new(capacity.trusted_proxies);
    let pool = web::Data::new(pool);
    let metrics = Arc::new(Metrics::new().map_err(std::io::Error::other)?);
    keep_up(Arc::downgrade(&metrics));
    let metrics = web::Data::from(metrics);
    let openapi = openapi::document_value();
    let workers = capacity.workers.unwrap_or_else(|| {
        std::thread::available_parallelism().map_or(1, std::num::NonZeroUsize::get)
    });
    let server = HttpServer::new(move || {
        let metrics_of_app = metrics.clone();
        App::new()
            .app_data(pool.clone())
            .app_data(hub.clone())
            .app_data(workshop.clone())
            .app_data(reads.clone())
            .app_data(pages.clone())
            .app_data(caches.clone())
            .app_data(searches.clone())
            .app_data(admission.clone())
            .app_data(fairness.clone())
            .app_data(revisions.clone())
            .app_data(games.clone())
            .app_data(now.clone())
            .app_data(contacts.clone())
            .app_data(rating_lists.clone())
            .app_data(metrics.clone())
            .app_data(trusted_proxies.clone())
            .app_data(budget.clone())
            .app_data(web::PathConfig::default().error_handler(path_error))
            .app_data(web::PayloadConfig::new(BODY_LIMIT))
            .app_data(crate::web::form_config())
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
                    metrics.record(
                        response.request().method().as_str(),
                        route,
                        response.status().as_u16(),
                        started.elapsed(),
                    );
                    if let Some(value) = request_id.and_then(|id| HeaderValue::from_str(&id).ok()) {
                        response.headers_mut().insert(REQUEST_ID, value);
                    }
                    Ok(response.map_body(|_, body| body.boxed()))
                }
            })
            .wrap(from_fn(secure_docs))
            .wrap(from_fn(crate::web::translate_page_errors))
            .wrap(from_fn(crate::web::language::translate_problems))
            .wrap(from_fn(crate::http::conditional::forget_written))
            .wrap(from_fn(budget::admit))
            .wrap(from_fn(crate::auth::refuse_invalid_credentials))
            .wrap(TracingLogger::<RequestSpan>::new())
            .configure(routes::configure)
            .configure(web_pages::configure)
            .service(
                SwaggerUi::new("/docs/{_:.*}")
                    .external_url_unchecked("/openapi.json", openapi.clone()),
            )
            .default_service(web::to(route_not_found))
    })
    .workers(workers)
    .on_connect(on_connect)
    // Beyond the budget's connections in all, the server accepts no more until one closes
    // (each worker its share), rather than fail to accept for want of a descriptor.
    .max_connections(capacity.budget.connections / workers.max(1))
    .listen(listener)?
    // A client that closes its side is gone: an event stream never reads a request body,
    // so a half-closed connection would otherwise stream into a dead socket until a write
    // fails, with its stream's work going on.
    .h1_allow_half_closed(false)
    .disable_signals()
    .shutdown_timeout(SHUTDOWN_GRACE_SECONDS);
    Ok((server.run(), streams))
}

/// The headers of the API's docs, which Swagger UI's service does not set: its content
/// policy, no framing, no sniffing.
async fn secure_docs(
    request: ServiceRequest,
    next: Next<impl MessageBody + 'static>,
) -> Result<ServiceResponse<impl MessageBody>, actix_web::Error> {
    let docs = request.path().starts_with("/docs");
    let mut response = next.call(request).await?;
    if docs {
        let headers = response.headers_mut();
        headers.insert(
            CONTENT_SECURITY_POLICY,
            HeaderValue::from_static(DOCS_CONTENT_SECURITY_POLICY),
        );
        headers.insert(X_FRAME_OPTIONS, HeaderValue::from_static("DENY"));
        headers.insert(X_CONTENT_TYPE_OPTIONS, HeaderValue::from_static("nosniff"));
        headers.insert(REFERRER_POLICY, HeaderValue::from_static("same-origin"));
    }
    Ok(response)
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

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use actix_web::test::{call_service, init_service, TestRequest};
    use actix_web::HttpResponse;
    use std::sync::Mutex;
    use tracing_subscriber::fmt::format::FmtSpan;

    /// The log lines written, for the test to read.
    #[derive(Clone, Default)]
    struct Lines(Arc<Mutex<Vec<u8>>>);

    impl std::io::Write for Lines {
        fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
            self.0.lock().unwrap().extend_from_slice(bytes);
            Ok(bytes.len())
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }

    #[test]
    fn a_request_is_logged_with_its_route_its_target_and_its_status() {
        let lines = Lines::default();
        let writer = lines.clone();
        let subscriber = tracing_subscriber::fmt()
            .with_writer(move || writer.clone())
            .with_span_events(FmtSpan::CLOSE)
            .with_ansi(false)
            .finish();
        tracing::subscriber::with_default(subscriber, || {
            actix_web::rt::System::new().block_on(async {
                let app = init_service(
                    App::new()
                        .wrap(TracingLogger::<RequestSpan>::new())
                        .route("/games/{game_id}", web::get().to(HttpResponse::Ok)),
                )
                .await;
                let request = TestRequest::get().uri("/games/42?from=3").to_request();
                assert_eq!(call_service(&app, request).await.status(), 200);
            });
        });
        let text = String::from_utf8(lines.0.lock().unwrap().clone()).unwrap();
        for field in [
            "http.method=GET",
            "http.route=\"/games/{game_id}\"",
            "http.target=/games/42?from=3",
            "http.status_code=200",
            "request_id=",
        ] {
            assert!(text.contains(field), "{field} in {text}");
        }
    }
}
