//! Prometheus metrics, through the `metrics` facade and its Prometheus exporter (text
//! exposition format 0.0.4): request counts by method, route and status, and a latency
//! histogram.
//!
//! Each server has its own recorder rather than the process-wide one, so that two services
//! in one process (the integration tests start many) count apart. The recorder's counters
//! are atomics behind a sharded registry: no lock is held across requests.

use metrics::{Key, Label, Level, Metadata, Recorder, SharedString, Unit};
use metrics_exporter_prometheus::{
    BuildError, Matcher, PrometheusBuilder, PrometheusHandle, PrometheusRecorder,
};
use std::time::Duration;

const REQUESTS: &str = "arbitre_http_requests_total";
const DURATION: &str = "arbitre_http_request_duration_seconds";
const PAGE_READS: &str = "arbitre_public_page_reads_total";

/// Upper bounds of the latency buckets, in seconds.
const BUCKETS: [f64; 12] = [
    0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0,
];

/// How often the recorder folds the latencies recorded into the histogram: between two
/// scrapes they are kept one by one.
pub const UPKEEP: Duration = Duration::from_secs(5);

const METADATA: Metadata<'static> = Metadata::new(module_path!(), Level::INFO, None);

/// The service's recorder and what renders it for `/metrics`.
#[derive(Debug)]
pub struct Metrics {
    recorder: PrometheusRecorder,
    handle: PrometheusHandle,
}

impl Metrics {
    pub fn new() -> Result<Metrics, BuildError> {
        let recorder = PrometheusBuilder::new()
            .set_buckets_for_metric(Matcher::Full(DURATION.to_string()), &BUCKETS)?
            .build_recorder();
        recorder.describe_counter(
            REQUESTS.into(),
            None,
            SharedString::const_str("HTTP requests answered, by method, route and status."),
        );
        recorder.describe_histogram(
            DURATION.into(),
            Some(Unit::Seconds),
            SharedString::const_str("Time to answer an HTTP request."),
        );
        recorder.describe_counter(
            PAGE_READS.into(),
            None,
            SharedString::const_str(
                "Tournaments read from the store for the public pages' searches and table lines \
                 (one per revision while nothing changes).",
            ),
        );
        let handle = recorder.handle();
        Ok(Metrics { recorder, handle })
    }

    /// Counts a request. `route` is the matched pattern (`/tournaments/{tournament_id}`)
    /// and `method` one of RFC 9110's or `other`, so the labels stay few whatever the
    /// clients send.
    pub fn record(&self, method: &str, route: String, status: u16, elapsed: Duration) {
        let labels = vec![
            Label::new("method", method_label(method)),
            Label::new("route", route),
            Label::new("status", status.to_string()),
        ];
        self.recorder
            .register_counter(&Key::from_parts(REQUESTS, labels), &METADATA)
            .increment(1);
        self.recorder
            .register_histogram(&Key::from_static_name(DURATION), &METADATA)
            .record(elapsed.as_secs_f64());
    }

    /// Counts a read of a tournament for the public pages' searches and table lines
    /// (`web::public::search`).
    pub fn count_page_read(&self) {
        self.recorder
            .register_counter(&Key::from_static_name(PAGE_READS), &METADATA)
            .increment(1);
    }

    pub fn render(&self) -> String {
        self.handle.render()
    }

    /// Folds the latencies recorded since into the histogram (every [`UPKEEP`]).
    pub fn upkeep(&self) {
        self.handle.run_upkeep();
    }
}

/// The methods of RFC 9110 §9 and PATCH (RFC 5789); any other is counted as `other`:
/// a label per made-up method would add a series for good with each request.
fn method_label(method: &str) -> &'static str {
    const STANDARD: [&str; 9] = [
        "GET", "HEAD", "POST", "PUT", "DELETE", "CONNECT", "OPTIONS", "TRACE", "PATCH",
    ];
    STANDARD
        .into_iter()
        .find(|standard| *standard == method)
        .unwrap_or("other")
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    #[test]
    fn histogram_buckets_are_cumulative() {
        let metrics = Metrics::new().unwrap();
        let health = || "/health".to_string();
        metrics.record("GET", health(), 200, Duration::from_micros(500));
        metrics.record("GET", health(), 200, Duration::from_millis(30));
        let text = metrics.render();
        assert!(text.contains(
            "arbitre_http_requests_total{method=\"GET\",route=\"/health\",status=\"200\"} 2"
        ));
        assert!(text.contains("arbitre_http_request_duration_seconds_bucket{le=\"0.001\"} 1"));
        assert!(text.contains("arbitre_http_request_duration_seconds_bucket{le=\"0.05\"} 2"));
        assert!(text.contains("arbitre_http_request_duration_seconds_count 2"));
    }

    #[test]
    fn made_up_methods_share_one_label() {
        let metrics = Metrics::new().unwrap();
        for method in ["BREW", "WHEN", "get"] {
            metrics.record(
                method,
                "/health".to_string(),
                405,
                Duration::from_micros(100),
            );
        }
        metrics.record(
            "PATCH",
            "/health".to_string(),
            405,
            Duration::from_micros(100),
        );
        let text = metrics.render();
        assert!(text.contains(
            "arbitre_http_requests_total{method=\"other\",route=\"/health\",status=\"405\"} 3"
        ));
        assert!(text.contains(
            "arbitre_http_requests_total{method=\"PATCH\",route=\"/health\",status=\"405\"} 1"
        ));
        assert!(!text.contains("BREW"));
    }

    #[test]
    fn two_recorders_count_apart() {
        let first = Metrics::new().unwrap();
        let second = Metrics::new().unwrap();
        first.record(
            "GET",
            "/health".to_string(),
            200,
            Duration::from_micros(100),
        );
        assert!(!second.render().contains("arbitre_http_requests_total{"));
    }
}

/// How to read one cache's weight.
type Weigh = Box<dyn Fn() -> u64 + Send + Sync>;

/// The service's caches, each by name with what reads the bytes it keeps: `/metrics`
/// shows them beside their budgets (`ARBITRE_*_BYTES`).
#[derive(Default)]
pub struct CacheWeights(Vec<(&'static str, Weigh)>);

impl CacheWeights {
    /// Adds the cache `name`, whose bytes kept `weigh` reads.
    pub fn with(
        mut self,
        name: &'static str,
        weigh: impl Fn() -> u64 + Send + Sync + 'static,
    ) -> Self {
        self.0.push((name, Box::new(weigh)));
        self
    }

    /// Each cache's name and the bytes it keeps now.
    pub fn weights(&self) -> impl Iterator<Item = (&'static str, u64)> + '_ {
        self.0.iter().map(|(name, weigh)| (*name, weigh()))
    }
}
