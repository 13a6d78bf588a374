//! Heavy work off the request workers: pairing drafts and explanations, imports,
//! standings, exports and verification run on a small pool of threads of their own, at a
//! lower scheduling priority, with a cap on how many run at once for each class of
//! caller.
//!
//! The request workers answer the tablets: a draft of 2,000 players (a second of both
//! cores) or the standings of a large tournament computed on them would hold up every turn
//! behind it. Here each class has its own lane: one job running at a time and a short
//! queue behind it; beyond that a request is refused at once with 503 `service.busy` and
//! `Retry-After`, rather than piling up. The pool's threads run under `SCHED_IDLE` (or
//! niced, [`NICE`]), so that the kernel runs the request workers and the database first
//! whenever both want a core, and the pool leaves them a core of their own ([`threads`]);
//! a pairing works a quarter of the time, in slices of half a millisecond ([`pace`]).
//! When the server stops, a request waiting on a job answers 503 at once (the job itself
//! is abandoned with the process), so a stop never waits for a draft.

use crate::error::ApiError;
use crate::services::admission::Admission;
use crate::services::reads::Reads;
use std::cell::Cell;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};
use tokio::sync::{oneshot, watch, Semaphore};

/// Who asks: anyone (the standings and exports), or the staff of a tournament and the
/// admins (drafts, imports, and the same reads).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Class {
    Anonymous,
    Staff,
}

/// Jobs of one class running at once: one per class, so that anonymous readers' jobs
/// never pile up in front of the organizer's draft nor the other way round.
const RUNNING: usize = 1;
/// Requests of one class that may wait for a running job of their class; more get 503.
const QUEUED: [usize; 2] = [16, 4];
/// Drafts asked a second across the service, and at once ([`Workshop::drafting`]).
const DRAFTS_PER_SECOND: u32 = 20;
/// The bytes of drafts kept: a 2,000-player round's is some 300 KB, and 50 KB compressed.
const DRAFTS_BYTES: usize = 64 << 20;
/// The pool's threads' nice value where `SCHED_IDLE` is refused (Linux: per thread; 10
/// gives them about a tenth of a core whenever a request worker wants it).
const NICE: i32 = 10;

struct Lane {
    running: Arc<Semaphore>,
    /// Requests holding or waiting for a permit.
    admitted: AtomicUsize,
    capacity: usize,
}

/// The pool and its lanes; cloned into every worker.
#[derive(Clone)]
pub struct Workshop {
    pool: Arc<rayon::ThreadPool>,
    /// The tournaments the pool pairs, as last read from the store.
    pub loaded: Arc<crate::services::pairing::Loaded>,
    /// The drafts the pool made, as JSON, under their tournament's revision (see
    /// `routes::drafts`).
    pub drafts: Arc<Reads>,
    /// The pace of drafts asked, kept or made: an organizer drafts a few times a minute,
    /// and a client asking again and again without pause (a kept draft is answered in
    /// half a millisecond) would take a core from the tablets as anonymous readers would
    /// (see [`Admission`]). Beyond [`DRAFTS_PER_SECOND`], a draft waits its turn.
    pub drafting: Arc<Admission>,
    /// Jobs run, by class.
    jobs: Arc<[AtomicU64; 2]>,
    lanes: Arc<[Lane; 2]>,
    stopping: watch::Receiver<bool>,
}

/// A request counted in its lane until it is answered or dropped.
struct Admitted<'a>(&'a Lane);

impl Drop for Admitted<'_> {
    fn drop(&mut self) {
        self.0.admitted.fetch_sub(1, Ordering::Relaxed);
    }
}

impl Workshop {
    /// A workshop whose waiting requests answer 503 once `stopping` turns true.
    pub fn new(stopping: watch::Receiver<bool>) -> Result<Workshop, rayon::ThreadPoolBuildError> {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads())
            .thread_name(|index| format!("arbitre-heavy-{index}"))
            .start_handler(|_| lower_priority())
            .build()?;
        let lane = |queued: usize| Lane {
            running: Arc::new(Semaphore::new(RUNNING)),
            admitted: AtomicUsize::new(0),
            capacity: RUNNING + queued,
        };
        Ok(Workshop {
            pool: Arc::new(pool),
            loaded: Arc::default(),
            drafts: Arc::new(Reads::with_capacity(DRAFTS_BYTES)),
            drafting: Arc::new(Admission::new(DRAFTS_PER_SECOND, DRAFTS_PER_SECOND)),
            jobs: Arc::default(),
            lanes: Arc::new([lane(QUEUED[0]), lane(QUEUED[1])]),
            stopping,
        })
    }

    /// The jobs run so far for `class`.
    pub fn jobs(&self, class: Class) -> u64 {
        self.jobs[class as usize].load(Ordering::Relaxed)
    }

    /// As [`Workshop::run`], the job given the pool it runs on, to share its own work
    /// over (a draft's pair costs and groups): its parts run on the pool's threads and
    /// never beyond them, so a draft takes at most the pool's cores.
    pub async fn run_on_pool<T, F>(&self, class: Class, job: F) -> Result<T, ApiError>
    where
        T: Send + 'static,
        F: FnOnce(&rayon::ThreadPool) -> T + Send + 'static,
    {
        let pool = Arc::clone(&self.pool);
        self.run(class, move || job(&pool)).await
    }

    /// Runs `job` on the pool in `class`'s lane and returns what it returns: 503
    /// `service.busy` when the lane is full, 503 `service.stopping` when the server stops
    /// first.
    pub async fn run<T, F>(&self, class: Class, job: F) -> Result<T, ApiError>
    where
        T: Send + 'static,
        F: FnOnce() -> T + Send + 'static,
    {
        let lane = &self.lanes[class as usize];
        if lane.admitted.fetch_add(1, Ordering::Relaxed) >= lane.capacity {
            lane.admitted.fetch_sub(1, Ordering::Relaxed);
            return Err(ApiError::Busy);
        }
        let _admitted = Admitted(lane);
        let mut stopping = self.stopping.clone();
        let work = async {
            let permit = lane
                .running
                .clone()
                .acquire_owned()
                .await
                .map_err(ApiError::internal)?;
            self.jobs[class as usize].fetch_add(1, Ordering::Relaxed);
            let (sender, receiver) = oneshot::channel();
            // The permit goes with the job: a client that leaves frees its place in the
            // queue, not the job's thread.
            self.pool.spawn(move || {
                let _permit = permit;
                // A job's slice of work starts with it ([`pace`]).
                RESUMED.set(Some(Instant::now()));
                let _ = sender.send(job());
            });
            receiver.await.map_err(ApiError::internal)
        };
        tokio::select! {
            result = work => result,
            _ = stopping.wait_for(|stopping| *stopping) => Err(ApiError::Stopping),
        }
    }
}

/// How long a pool thread works before it pauses ([`pace`]), and how long it pauses: a
/// quarter of a core at most, in slices short enough that a turn arriving meets little of
/// one.
const WORK: Duration = Duration::from_micros(500);
const REST: Duration = Duration::from_micros(1500);

thread_local! {
    /// When the calling pool thread last resumed work.
    static RESUMED: Cell<Option<Instant>> = const { Cell::new(None) };
}

/// Between two steps of a job's work (the core's pairing calls it, see
/// `arbitre_core::pairing::Parallelism::Paced`): past [`WORK`] since the thread last
/// resumed, it sleeps [`REST`]. On this 2-core virtual machine a thread kept busy costs
/// the tablets' turns their p99 even under `SCHED_IDLE`, and the same thread working in
/// short slices with longer pauses costs them far less: beside 50 tablets (p99 5.2 ms
/// alone), a loop at idle priority took them to 10.2 ms busy all the time, 9.5 ms in
/// slices of 10 ms, 6.9 ms in slices of 2 ms with pauses of 2 ms, 6.2 ms working a
/// quarter of the time. Beside the whole hall, the organizer's drafts made one after the
/// other, 2 ms of work in 4 gave the tablets 10.6 ms, 1 ms in 4 9.5 ms, 0.5 ms in 2
/// 9.0 ms (one run each, see "A hall's load" in bench/README.md). A draft takes three
/// times as long (1.2 to 1.4 s for 2,000 players, 0.37 s unpaced); the tablets do not
/// wait.
pub fn pace() {
    let now = Instant::now();
    let resumed = RESUMED.get().unwrap_or(now);
    if now.duration_since(resumed) >= WORK {
        std::thread::sleep(REST);
        RESUMED.set(Some(Instant::now()));
    } else {
        RESUMED.set(Some(resumed));
    }
}

/// The pool's threads: one core fewer than the machine has, and at least one. A core is
/// left to the request workers and the database whatever the pool does: on a 2-core
/// machine, a 2,000-player draft redone back to back on both cores (under `SCHED_IDLE`)
/// took the tablets' turns to 24.8 ms at p99 against 6.4 ms alone; on one core, to
/// 10.6 ms, the draft taking 0.5 s instead of 0.3 (see "A hall's load" in bench/README.md).
/// The kernel's priorities do not give a waking turn its core back at once on a virtual
/// machine; a core left free does.
fn threads() -> usize {
    std::thread::available_parallelism().map_or(1, |cores| cores.get().saturating_sub(1).max(1))
}

/// Lowers the calling thread's priority (and that of the threads it starts, which inherit
/// it). Linux's `SCHED_IDLE` first: such a thread runs only on a core nothing else wants,
/// and a request worker or PostgreSQL waking up takes the core from it at once, where a
/// niced thread would keep it to the end of its time slice (milliseconds a wake-up, and a
/// turn wakes several). A nice value when the system refuses it.
fn lower_priority() {
    use thread_priority::unix::{
        set_thread_priority_and_policy, thread_native_id, NormalThreadSchedulePolicy,
        ThreadSchedulePolicy,
    };
    let idle = ThreadSchedulePolicy::Normal(NormalThreadSchedulePolicy::Idle);
    let Err(refused) = set_thread_priority_and_policy(
        thread_native_id(),
        thread_priority::ThreadPriority::Min,
        idle,
    ) else {
        return;
    };
    let thread = rustix::thread::gettid();
    if let Err(error) = rustix::process::setpriority_process(Some(thread), NICE) {
        tracing::warn!(%error, idle = ?refused, "heavy work runs at normal priority");
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    #[test]
    fn a_pool_thread_pauses_once_it_has_worked_its_slice() {
        // Within its slice: no pause, the slice goes on.
        let later = Instant::now() + Duration::from_secs(60);
        RESUMED.set(Some(later));
        pace();
        assert_eq!(RESUMED.get(), Some(later));
        // Its slice worked: a pause, then a new slice.
        RESUMED.set(Some(Instant::now().checked_sub(WORK).unwrap()));
        let began = Instant::now();
        pace();
        assert!(began.elapsed() >= REST);
        assert!(RESUMED.get().unwrap() >= began + REST);
    }
}
