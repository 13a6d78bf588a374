//! The anonymous readers' share of the service. A hall's phones read the pairings, the
//! standings and the exports without signing in; each read is cheap (a revision looked up,
//! a kept body sent), but clients that ask back to back without pause would take every
//! core the tablets leave, and a turn then waits behind them. Anonymous reads are admitted
//! at a steady rate with a burst (a generic cell rate algorithm, as a token bucket): a
//! read beyond waits its turn, for a bounded time, and beyond that gets 503
//! `service.busy` with `Retry-After`. Signed-in callers (the tablets, the staff) are not
//! counted here; the staff's drafts have an admission of their own
//! (`services::heavy::Workshop::drafting`).
//!
//! A read costs its turn and the bytes it sent: sending a body is most of what a kept read
//! costs the service (the copy into the connection's buffer, the socket's work), and the
//! standings of 2,000 players weigh a hundred times those of a small club's tournament.
//! Each body sent is charged at a byte rate on the schedule of the reads after it, so
//! that the anonymous readers' share is bounded in work, whatever they read.

use crate::error::ApiError;
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// The longest an anonymous read waits for its turn; beyond, 503.
const MOST_WAIT: Duration = Duration::from_secs(2);

/// The admission of anonymous reads: `rate` a second, `burst` at once, and the bytes
/// sent at a rate of their own ([`Admission::sending`]).
#[derive(Debug)]
pub struct Admission {
    interval: Duration,
    /// The bytes sent a second, charged after each read ([`Admission::charge`]).
    bytes: u64,
    /// How far ahead of now the schedule may run: the burst.
    tolerance: Duration,
    /// When the next read is due on the steady schedule (GCRA's theoretical arrival time).
    due: Mutex<Instant>,
}

impl Admission {
    /// Admits `rate` reads a second on average and `burst` at once (a hall's phones all
    /// reloading after one result), whatever they send.
    pub fn new(rate: u32, burst: u32) -> Admission {
        let interval = Duration::from_secs(1) / rate.max(1);
        Admission {
            interval,
            bytes: u64::MAX,
            tolerance: interval * burst.saturating_sub(1),
            due: Mutex::new(Instant::now()),
        }
    }

    /// The same admission, sending `bytes` a second on average.
    pub fn sending(self, bytes: u64) -> Admission {
        Admission {
            bytes: bytes.max(1),
            ..self
        }
    }

    /// How long a read arriving `now` waits for its turn, and takes that turn; `None`
    /// (and nothing taken) when it would wait more than [`MOST_WAIT`].
    fn reserve(&self, now: Instant) -> Option<Duration> {
        let mut due = self
            .due
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        let start = (*due).max(now);
        let wait = start.saturating_duration_since(now + self.tolerance);
        if wait > MOST_WAIT {
            return None;
        }
        *due = start + self.interval;
        Some(wait)
    }

    /// Waits for a request's turn: 503 `service.busy` when it would wait too long.
    pub async fn admit(&self) -> Result<(), ApiError> {
        let wait = self.reserve(Instant::now()).ok_or(ApiError::Busy)?;
        if !wait.is_zero() {
            tokio::time::sleep(wait).await;
        }
        Ok(())
    }

    /// Charges an admitted read's body, `sent` bytes, to the reads after it: the schedule
    /// moves on by the time the byte rate gives them.
    pub fn charge(&self, sent: u64, now: Instant) {
        let cost = Duration::from_nanos(
            u64::try_from(u128::from(sent) * 1_000_000_000 / u128::from(self.bytes))
                .unwrap_or(u64::MAX),
        );
        let mut due = self
            .due
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        *due = (*due).max(now) + cost;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_burst_passes_at_once_then_reads_wait_their_turn_then_are_refused() {
        let admission = Admission::new(10, 5);
        let now = Instant::now();
        for _ in 0..5 {
            assert_eq!(admission.reserve(now), Some(Duration::ZERO));
        }
        // The sixth waits one interval, the seventh two, and so on up to the most wait.
        assert_eq!(admission.reserve(now), Some(Duration::from_millis(100)));
        assert_eq!(admission.reserve(now), Some(Duration::from_millis(200)));
        let waits: Vec<_> = std::iter::from_fn(|| admission.reserve(now)).collect();
        assert_eq!(waits.last(), Some(&MOST_WAIT));
        assert_eq!(
            admission.reserve(now),
            None,
            "beyond the most wait: refused"
        );
        // The refused one would have waited 2.1 s; a second later, its turn is 1.1 s away.
        let later = now + Duration::from_secs(1);
        assert_eq!(admission.reserve(later), Some(Duration::from_millis(1100)));
    }

    #[test]
    fn the_bytes_a_read_sent_put_off_the_reads_after_it() {
        // 10 reads a second, 2 at once, 1,000 bytes a second.
        let admission = Admission::new(10, 2).sending(1000);
        let now = Instant::now();
        assert_eq!(admission.reserve(now), Some(Duration::ZERO));
        // The first read sent 500 bytes: half a second on the schedule.
        admission.charge(500, now);
        // The schedule stands at 0.1 s (its turn) + 0.5 s; the burst lets one more in
        // 0.1 s early.
        assert_eq!(admission.reserve(now), Some(Duration::from_millis(500)));
        // A read that sent nothing costs only its turn.
        admission.charge(0, now);
        assert_eq!(admission.reserve(now), Some(Duration::from_millis(600)));
        // Charged when the schedule is behind the clock, the bytes count from now.
        let later = now + Duration::from_secs(10);
        admission.charge(2000, later);
        assert_eq!(admission.reserve(later), Some(Duration::from_millis(1900)));
    }
}
