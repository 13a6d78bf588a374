//! The pace of heavy work: a thread of the heavy pool (see [`super::heavy`]) works in
//! slices of half a millisecond, each followed by a pause, so that a turn arriving meets
//! little of one. The work calls [`pace`] between its steps: the core's pairing between
//! rows of pair costs and stages of the matching
//! (`arbitre_core::pairing::Parallelism::Paced`), and whatever writes a large body through
//! [`Paced`] (a draft's or the standings' JSON, its gzip, a draft's fingerprint), which
//! took some 10 ms of a 2,000-player draft in one piece.

use std::cell::Cell;
use std::io::{self, Write};
use std::time::{Duration, Instant};

/// How long a pool thread works before it pauses, and how long it pauses: a sixth of a
/// core at most.
const WORK: Duration = Duration::from_micros(500);
const REST: Duration = Duration::from_micros(2500);

/// The bytes written through [`Paced`] between two calls of [`pace`]: some 50 µs of
/// JSON, gzip or SHA-256.
const CHUNK: usize = 4096;

thread_local! {
    /// When the calling pool thread last resumed work; `None` off the pool.
    static RESUMED: Cell<Option<Instant>> = const { Cell::new(None) };
}

/// Starts a slice of work on the calling thread: the heavy pool's threads when they start
/// and at the start of each job. A thread that never called it never pauses.
pub fn resume() {
    RESUMED.set(Some(Instant::now()));
}

/// Between two steps of a job's work: past [`WORK`] since the thread last resumed, it
/// sleeps [`REST`]; off the pool (a request worker), nothing. On this 2-core virtual
/// machine a thread kept busy costs the tablets' turns their p99 even under
/// `SCHED_IDLE`, and the same thread working in short slices with longer pauses costs
/// them far less: beside 50 tablets (p99 5.2 ms alone), a loop at idle priority took them
/// to 10.2 ms busy all the time, 9.5 ms in slices of 10 ms, 6.9 ms in slices of 2 ms with
/// pauses of 2 ms, 6.2 ms working a quarter of the time. Beside the whole hall, the
/// organizer's drafts made one after the other, 2 ms of work in 4 gave the tablets
/// 10.6 ms, 1 ms in 4 9.5 ms, 0.5 ms in 2 9.0 ms (see "A hall's load" in
/// bench/HISTORY.md). A 2,000-player draft takes 1.9 s beside the hall instead of 0.37 s;
/// the tablets do not wait.
pub fn pace() {
    let Some(resumed) = RESUMED.get() else {
        return;
    };
    if resumed.elapsed() >= WORK {
        std::thread::sleep(REST);
        resume();
    }
}

/// A writer that calls [`pace`] every [`CHUNK`] bytes written through it: it hands its
/// inner writer at most a chunk at a time, so that `write_all` of a whole body pauses
/// within it.
pub struct Paced<W> {
    inner: W,
    since: usize,
}

impl<W: Write> Paced<W> {
    pub fn new(inner: W) -> Paced<W> {
        Paced { inner, since: 0 }
    }

    pub fn into_inner(self) -> W {
        self.inner
    }
}

impl<W: Write> Write for Paced<W> {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        let written = self.inner.write(&bytes[..bytes.len().min(CHUNK)])?;
        self.since += written;
        if self.since >= CHUNK {
            self.since = 0;
            pace();
        }
        Ok(written)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.inner.flush()
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

    #[test]
    fn a_thread_off_the_pool_never_pauses() {
        std::thread::spawn(|| {
            let began = Instant::now();
            let mut paced = Paced::new(Vec::new());
            paced.write_all(&vec![7; 64 * CHUNK]).unwrap();
            pace();
            assert_eq!(RESUMED.get(), None);
            assert_eq!(paced.into_inner().len(), 64 * CHUNK);
            assert!(began.elapsed() < REST * 64);
        })
        .join()
        .unwrap();
    }

    #[test]
    fn a_large_body_written_through_paced_pauses_between_its_chunks() {
        std::thread::spawn(|| {
            RESUMED.set(Some(Instant::now().checked_sub(WORK).unwrap()));
            let began = Instant::now();
            let mut paced = Paced::new(Vec::new());
            paced.write_all(&vec![7; 2 * CHUNK]).unwrap();
            // The slice was worked: the first full chunk paused the thread.
            assert!(began.elapsed() >= REST);
            assert_eq!(paced.into_inner(), vec![7; 2 * CHUNK]);
        })
        .join()
        .unwrap();
    }
}
