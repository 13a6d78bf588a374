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
//! Within that share, each client has its own ([`Fairness`], issue 42): one client
//! asking back to back would otherwise take the whole share and keep the hall's other
//! phones waiting behind it. A client is a peer address (behind a trusted proxy, the
//! client it names), with its reads and the bytes it is sent at rates of its own
//! (governor's generic cell rate algorithm, one cell per client): sending a body is most
//! of what a kept read costs the service (the copy into the connection's buffer, the
//! socket's work), and the standings of 2,000 players weigh a hundred times those of a
//! small club's tournament. A client beyond its rates waits, for a bounded time, and
//! beyond that gets 429 `service.too_many_requests` with `Retry-After`.

use crate::error::ApiError;
use governor::clock::{Clock, DefaultClock};
use governor::{DefaultKeyedRateLimiter, Quota, RateLimiter};
use std::net::IpAddr;
use std::num::NonZeroU32;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// The longest an anonymous read waits for its turn; beyond, 503.
const MOST_WAIT: Duration = Duration::from_secs(2);

/// The admission of anonymous reads: `rate` a second, `burst` at once.
#[derive(Debug)]
pub struct Admission {
    interval: Duration,
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
            tolerance: interval * burst.saturating_sub(1),
            due: Mutex::new(Instant::now()),
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
}

/// The bytes a cell of [`Fairness::bytes`] stands for.
const CELL_BYTES: u64 = 1024;

/// How many admissions between two sweeps of the clients whose cells are back to rest:
/// the cells of a hall's phones, gone home, are not kept for the life of the process.
const SWEEP_EVERY: u64 = 4096;

/// Each anonymous client's own rates: its reads, and the bytes it is sent.
#[derive(Debug)]
pub struct Fairness {
    reads: DefaultKeyedRateLimiter<IpAddr>,
    /// Cells of [`CELL_BYTES`].
    bytes: DefaultKeyedRateLimiter<IpAddr>,
    /// The most cells one body is charged: a body larger than the burst waits for a full
    /// burst, not for ever.
    most_cells: NonZeroU32,
    admitted: AtomicU64,
}

impl Fairness {
    /// Each client reads `reads` a second (and at once), and is sent `bytes` a second (and
    /// at once).
    pub fn new(reads: u32, bytes: u64) -> Fairness {
        let reads = NonZeroU32::new(reads).unwrap_or(NonZeroU32::MIN);
        let cells = u32::try_from(bytes / CELL_BYTES).unwrap_or(u32::MAX);
        let most_cells = NonZeroU32::new(cells).unwrap_or(NonZeroU32::MIN);
        let period = Duration::from_nanos(
            u64::try_from(u128::from(CELL_BYTES) * 1_000_000_000 / u128::from(bytes.max(1)))
                .unwrap_or(u64::MAX),
        )
        .max(Duration::from_nanos(1));
        let bytes_quota = Quota::with_period(period)
            .unwrap_or_else(|| Quota::per_second(NonZeroU32::MAX))
            .allow_burst(most_cells);
        Fairness {
            reads: RateLimiter::keyed(Quota::per_second(reads)),
            bytes: RateLimiter::keyed(bytes_quota),
            most_cells,
            admitted: AtomicU64::new(0),
        }
    }

    /// Waits for `client`'s turn to read: 429 when it would wait too long.
    pub async fn admit(&self, client: IpAddr) -> Result<(), ApiError> {
        if self
            .admitted
            .fetch_add(1, Ordering::Relaxed)
            .is_multiple_of(SWEEP_EVERY)
        {
            self.reads.retain_recent();
            self.bytes.retain_recent();
        }
        wait_for(&self.reads, client, NonZeroU32::MIN).await
    }

    /// Waits until `client` may be sent a body of `bytes`: 429 when it would wait too long.
    pub async fn send(&self, client: IpAddr, bytes: u64) -> Result<(), ApiError> {
        wait_for(&self.bytes, client, self.cells(bytes)).await
    }

    /// The cells a body of `bytes` is charged.
    fn cells(&self, bytes: u64) -> NonZeroU32 {
        u32::try_from(bytes.div_ceil(CELL_BYTES))
            .ok()
            .and_then(NonZeroU32::new)
            .map_or(NonZeroU32::MIN, |cells| cells.min(self.most_cells))
    }
}

/// Takes `cells` of `client`'s in `limiter` if they are there, or says how long until
/// they are.
fn take(
    limiter: &DefaultKeyedRateLimiter<IpAddr>,
    client: IpAddr,
    cells: NonZeroU32,
) -> Option<Duration> {
    match limiter.check_key_n(&client, cells) {
        Ok(Ok(())) => None,
        Ok(Err(not_until)) => Some(not_until.wait_time_from(DefaultClock::default().now())),
        // Never: a charge is at most the burst.
        Err(_) => None,
    }
}

/// Takes `cells` of `client`'s in `limiter`, waiting for them up to [`MOST_WAIT`].
async fn wait_for(
    limiter: &DefaultKeyedRateLimiter<IpAddr>,
    client: IpAddr,
    cells: NonZeroU32,
) -> Result<(), ApiError> {
    let deadline = Instant::now() + MOST_WAIT;
    while let Some(wait) = take(limiter, client, cells) {
        if Instant::now() + wait > deadline {
            return Err(ApiError::TooManyRequests);
        }
        tokio::time::sleep(wait).await;
    }
    Ok(())
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
    fn each_client_reads_and_is_sent_at_its_own_rates() {
        // 2 reads a second and 4 KiB a second, for each client.
        let fairness = Fairness::new(2, 4096);
        let one: IpAddr = [10, 0, 0, 1].into();
        let two: IpAddr = [10, 0, 0, 2].into();
        let read = |client| take(&fairness.reads, client, NonZeroU32::MIN);
        assert_eq!(read(one), None);
        assert_eq!(read(one), None);
        let third = read(one).unwrap();
        assert!(third > Duration::from_millis(400), "{third:?}");
        // The second client is not behind the first.
        assert_eq!(read(two), None);
        let sent = |client, bytes| take(&fairness.bytes, client, fairness.cells(bytes));
        assert_eq!(sent(one, 4096), None);
        assert!(sent(one, 1).is_some(), "its 4 KiB were sent");
        // A body beyond the burst is charged a full burst: sent, and the next waits a second.
        assert_eq!(sent(two, 1 << 20), None);
        let next = sent(two, 1024).unwrap();
        assert!(next > Duration::from_millis(200), "{next:?}");
    }
}
