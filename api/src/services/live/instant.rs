//! The service's clock: the instant every game's clocks are read at and every entry is
//! stamped with, and the instant the flag sweep looks for fallen flags at.
//!
//! The server reads the system's clock. A test moves its service's clock forward
//! ([`ServerClock::advance`]) to make a flag fall now rather than wait for it: the service
//! tests sleep for no clock.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::Duration;

/// The system's clock, moved forward by what [`ServerClock::advance`] added; clones share
/// it.
#[derive(Debug, Clone, Default)]
pub struct ServerClock {
    ahead_ms: Arc<AtomicU64>,
}

impl ServerClock {
    /// Milliseconds since the Unix epoch: the clocks' time base, shared by every instance
    /// behind a load balancer (their clocks are NTP-synchronised).
    pub fn now_ms(&self) -> u64 {
        let system = u64::try_from(chrono::Utc::now().timestamp_millis()).unwrap_or(0);
        system.saturating_add(self.ahead_ms.load(Ordering::Relaxed))
    }

    /// The same instant as a timestamp, for the store's queries.
    pub fn now(&self) -> chrono::DateTime<chrono::Utc> {
        let ms = i64::try_from(self.now_ms()).unwrap_or(i64::MAX);
        chrono::DateTime::from_timestamp_millis(ms)
            .unwrap_or(chrono::DateTime::<chrono::Utc>::MAX_UTC)
    }

    /// Moves the clock `by` forward, for every clone (a clock never goes back).
    pub fn advance(&self, by: Duration) {
        let by = u64::try_from(by.as_millis()).unwrap_or(u64::MAX);
        self.ahead_ms.fetch_add(by, Ordering::Relaxed);
    }
}
