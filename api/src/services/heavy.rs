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
//! whenever both want a core, and the pool leaves them a core of their own ([`threads`]).
//! When the server stops, a request waiting on a job answers 503 at once, so a stop never
//! waits for a draft; a job nobody waits for any more (its client left, or the server
//! stops) is [`Abandoned`], and a draft stops at its next checkpoint.

use crate::config::CacheBudgets;
use crate::error::ApiError;
use crate::services::admission::Admission;
use crate::services::reads::Reads;
use arbitre_core::pairing::Cancelled;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::Arc;
use tokio::sync::{oneshot, watch, Semaphore};
use uuid::Uuid;

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
/// What a kept draft is made with beside its tournament's revision (`services::drafts`):
/// the round, the games fixed and the players left out, in their order.
pub type Drafted = (i32, Vec<[Uuid; 2]>, Vec<Uuid>);

/// Drafts asked a second across the service, and at once ([`Workshop::drafting`]).
const DRAFTS_PER_SECOND: u32 = 20;
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
    pub drafts: Arc<Reads<Drafted>>,
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
    /// A workshop whose waiting requests answer 503 once `stopping` turns true, keeping
    /// drafts within `budgets`.
    pub fn new(
        stopping: watch::Receiver<bool>,
        budgets: &CacheBudgets,
    ) -> Result<Workshop, rayon::ThreadPoolBuildError> {
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
            drafts: Arc::new(Reads::new(budgets.drafts)),
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
    /// never beyond them, so a draft takes at most the pool's cores. The job is told when
    /// nobody waits for it any more ([`Abandoned`]), to stop early.
    pub async fn run_on_pool<T, F>(&self, class: Class, job: F) -> Result<T, ApiError>
    where
        T: Send + 'static,
        F: FnOnce(&rayon::ThreadPool, &Abandoned) -> T + Send + 'static,
    {
        let pool = Arc::clone(&self.pool);
        self.run_abandonable(class, move |abandoned| job(&pool, abandoned))
            .await
    }

    /// Runs `job` on the pool in `class`'s lane and returns what it returns: 503
    /// `service.busy` when the lane is full, 503 `service.stopping` when the server stops
    /// first.
    pub async fn run<T, F>(&self, class: Class, job: F) -> Result<T, ApiError>
    where
        T: Send + 'static,
        F: FnOnce() -> T + Send + 'static,
    {
        self.run_abandonable(class, move |_| job()).await
    }

    /// As [`Workshop::run`], the job told when its request is dropped (its client left,
    /// or the server stops) by the [`Abandoned`] it is given.
    async fn run_abandonable<T, F>(&self, class: Class, job: F) -> Result<T, ApiError>
    where
        T: Send + 'static,
        F: FnOnce(&Abandoned) -> T + Send + 'static,
    {
        let lane = &self.lanes[class as usize];
        if lane.admitted.fetch_add(1, Ordering::Relaxed) >= lane.capacity {
            lane.admitted.fetch_sub(1, Ordering::Relaxed);
            return Err(ApiError::Busy);
        }
        let _admitted = Admitted(lane);
        let abandoned = Abandoned::default();
        let _abandon = Abandon(abandoned.clone());
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
            // queue, not the job's thread, which the job frees at its next checkpoint.
            self.pool.spawn(move || {
                let _permit = permit;
                let _ = sender.send(job(&abandoned));
            });
            receiver.await.map_err(ApiError::internal)
        };
        tokio::select! {
            result = work => result,
            _ = stopping.wait_for(|stopping| *stopping) => Err(ApiError::Stopping),
        }
    }
}

/// Whether nobody waits for a job any more: set when the request that asked for it is
/// dropped, answered or not (its client left, or the server stops).
#[derive(Clone, Default)]
pub struct Abandoned(Arc<AtomicBool>);

impl Abandoned {
    /// The core's checkpoint between steps of work: [`Cancelled`] once abandoned.
    pub fn checkpoint(&self) -> Result<(), Cancelled> {
        if self.0.load(Ordering::Relaxed) {
            Err(Cancelled)
        } else {
            Ok(())
        }
    }
}

/// Abandons its job when the request's future ends or is dropped.
struct Abandon(Abandoned);

impl Drop for Abandon {
    fn drop(&mut self) {
        self.0 .0.store(true, Ordering::Relaxed);
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

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::expect_used)]
mod tests {
    use super::*;
    use std::sync::mpsc;
    use std::time::Duration;

    #[tokio::test]
    async fn a_job_whose_request_is_dropped_stops_at_its_next_checkpoint() {
        let (_stop, stopping) = watch::channel(false);
        let workshop = Workshop::new(stopping, &CacheBudgets::default()).unwrap();
        let (started, has_started) = mpsc::channel();
        let (ended, has_ended) = mpsc::channel();
        // The request waits on its job, then its client leaves.
        let waiting = tokio::spawn(async move {
            workshop
                .run_on_pool(Class::Staff, move |_, abandoned| {
                    started.send(()).unwrap();
                    let mut checkpoints = 0_u64;
                    while abandoned.checkpoint().is_ok() {
                        checkpoints += 1;
                    }
                    ended.send(checkpoints).unwrap();
                })
                .await
        });
        tokio::task::spawn_blocking(move || has_started.recv().unwrap())
            .await
            .unwrap();
        waiting.abort();
        // Without the checkpoint, the job would loop for ever.
        tokio::task::spawn_blocking(move || has_ended.recv_timeout(Duration::from_secs(60)))
            .await
            .unwrap()
            .expect("the abandoned job stopped");
    }
}
