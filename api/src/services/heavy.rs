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
//! their work pauses every half a millisecond ([`pace`]).
//! When the server stops, a request waiting on a job answers 503 at once (the job itself
//! is abandoned with the process), so a stop never waits for a draft.

use crate::error::ApiError;
use crate::services::admission::Admission;
use crate::services::pace;
use crate::services::reads::Reads;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::Arc;
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
    /// `services::drafts`).
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
            .start_handler(|_| {
                lower_priority();
                pace::resume();
            })
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
                pace::resume();
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

/// The pool's threads: one core fewer than the machine has, and at least one. A core is
/// left to the request workers and the database whatever the pool does: on a 2-core
/// machine, a 2,000-player draft redone back to back on both cores (under `SCHED_IDLE`)
/// took the tablets' turns to 24.8 ms at p99 against 6.4 ms alone; on one core, to
/// 10.6 ms, the draft taking 0.5 s instead of 0.3 (see bench/HISTORY.md).
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
