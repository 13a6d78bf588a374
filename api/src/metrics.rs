//! Prometheus metrics, in the text exposition format (version 0.0.4): request counts by
//! method, route and status, and a latency histogram.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::sync::Mutex;
use std::time::Duration;

/// Upper bounds of the latency buckets, in seconds.
const BUCKETS: [f64; 12] = [
    0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0,
];

#[derive(Debug, Default)]
struct Counters {
    /// (method, route pattern, status) → requests.
    requests: BTreeMap<(String, String, u16), u64>,
    /// Requests at or below each bucket's bound (not cumulative here; summed when rendered).
    latency_buckets: [u64; BUCKETS.len()],
    latency_count: u64,
    latency_sum_seconds: f64,
}

#[derive(Debug, Default)]
pub struct Metrics {
    counters: Mutex<Counters>,
}

impl Metrics {
    /// Counts a request. `route` is the matched pattern (`/tournaments/{tournament_id}`)
    /// and `method` one of RFC 9110's or `other`, so the labels stay few whatever the
    /// clients send.
    pub fn record(&self, method: &str, route: &str, status: u16, elapsed: Duration) {
        let Ok(mut counters) = self.counters.lock() else {
            return;
        };
        *counters
            .requests
            .entry((method_label(method).to_string(), route.to_string(), status))
            .or_default() += 1;
        let seconds = elapsed.as_secs_f64();
        if let Some(bucket) = BUCKETS.iter().position(|bound| seconds <= *bound) {
            counters.latency_buckets[bucket] += 1;
        }
        counters.latency_count += 1;
        counters.latency_sum_seconds += seconds;
    }

    pub fn render(&self) -> String {
        let mut text = String::new();
        let Ok(counters) = self.counters.lock() else {
            return text;
        };
        text.push_str("# HELP arbitre_http_requests_total HTTP requests answered, by method, route and status.\n");
        text.push_str("# TYPE arbitre_http_requests_total counter\n");
        for ((method, route, status), count) in &counters.requests {
            let _ = writeln!(
                text,
                "arbitre_http_requests_total{{method=\"{}\",route=\"{}\",status=\"{status}\"}} {count}",
                escape(method),
                escape(route)
            );
        }
        text.push_str(
            "# HELP arbitre_http_request_duration_seconds Time to answer an HTTP request.\n",
        );
        text.push_str("# TYPE arbitre_http_request_duration_seconds histogram\n");
        let mut cumulative = 0;
        for (bound, count) in BUCKETS.iter().zip(counters.latency_buckets) {
            cumulative += count;
            let _ = writeln!(
                text,
                "arbitre_http_request_duration_seconds_bucket{{le=\"{bound}\"}} {cumulative}"
            );
        }
        let _ = writeln!(
            text,
            "arbitre_http_request_duration_seconds_bucket{{le=\"+Inf\"}} {}",
            counters.latency_count
        );
        let _ = writeln!(
            text,
            "arbitre_http_request_duration_seconds_sum {}",
            counters.latency_sum_seconds
        );
        let _ = writeln!(
            text,
            "arbitre_http_request_duration_seconds_count {}",
            counters.latency_count
        );
        text
    }
}

/// The methods of RFC 9110 §9 and PATCH (RFC 5789); any other is counted as `other`:
/// a label per made-up method would add a series for good with each request.
fn method_label(method: &str) -> &str {
    const STANDARD: [&str; 9] = [
        "GET", "HEAD", "POST", "PUT", "DELETE", "CONNECT", "OPTIONS", "TRACE", "PATCH",
    ];
    if STANDARD.contains(&method) {
        method
    } else {
        "other"
    }
}

/// Label values escape `\`, `"` and newlines.
fn escape(value: &str) -> String {
    value
        .replace('\\', "\\\\")
        .replace('"', "\\\"")
        .replace('\n', "\\n")
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    #[test]
    fn histogram_buckets_are_cumulative() {
        let metrics = Metrics::default();
        metrics.record("GET", "/health", 200, Duration::from_micros(500));
        metrics.record("GET", "/health", 200, Duration::from_millis(30));
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
        let metrics = Metrics::default();
        for method in ["BREW", "WHEN", "get"] {
            metrics.record(method, "/health", 405, Duration::from_micros(100));
        }
        metrics.record("PATCH", "/health", 405, Duration::from_micros(100));
        let text = metrics.render();
        assert!(text.contains(
            "arbitre_http_requests_total{method=\"other\",route=\"/health\",status=\"405\"} 3"
        ));
        assert!(text.contains(
            "arbitre_http_requests_total{method=\"PATCH\",route=\"/health\",status=\"405\"} 1"
        ));
        assert!(!text.contains("BREW"));
    }
}
