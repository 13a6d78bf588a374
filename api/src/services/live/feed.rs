//! One fan-out per followed game or tournament: the log is read once per notice, whatever
//! the number of streams following it, and handed to each of them from memory.
//!
//! A [`Feed`] lives while a stream of this instance follows its subject. Its task wakes on
//! the notices about the subject (see [`super::notify`]), reads what is new in the log (a
//! tournament's up to its settled horizon, see [`Horizon`]) and appends the encoded events
//! to a ring of bounded size. Each stream keeps a cursor (the id of the last event it
//! sent) and takes from the ring what follows it. A stream whose cursor is older than the
//! ring (it resumed from an earlier `Last-Event-ID`) reads the gap from the log itself
//! once, then follows the ring; a stream that falls behind the ring while following it
//! (its client reads too slowly) is ended, and its client resumes after the last id it
//! received: a slow reader never holds the others back, nor the feed.

use crate::db::DbPool;
use crate::error::{cause_chain, ApiError};
use crate::store::games as store;
use actix_web::web::Bytes;
use arbitre_core::table::TableEvent;
use std::collections::VecDeque;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::{Duration, Instant};
use tokio::sync::{watch, Notify};
use uuid::Uuid;

/// Entries read per query.
pub const BATCH: i64 = 500;
/// How long a transaction may take between recording an entry and committing it. Ids are
/// drawn at insert, not at commit, so an entry can become visible after one with a higher
/// id: a tournament's feed waits this long for a missing id before passing over it (its
/// transaction rolled back).
const LATE_COMMIT_SECONDS: i32 = 3;
/// How often a stream catching up looks again while it waits for a missing id.
pub const MISSING_POLL: Duration = Duration::from_millis(10);
/// The least time between two reads of a feed: the notices meanwhile are answered by one
/// read. A busy tournament (200 turns a second) then costs fifty reads a second, however
/// many follow it; a referee's view sees an event at most this much later. The phones'
/// streams are paced further, on their own (`routes::games::stream`).
const COALESCE: Duration = Duration::from_millis(20);
/// How often a feed reads the log without a notice: a notice lost (an instance that died
/// between its commit and its notice, a listener reconnecting) delays an event by at most
/// this long.
const RECHECK: Duration = Duration::from_secs(15);
/// The encoded events a feed keeps for its streams, in bytes: a few seconds of a busy
/// tournament's play. A stream further behind than that while following is ended (its
/// client resumes with `Last-Event-ID`).
const RING_BYTES: usize = 1 << 20;

/// What a stream follows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Subject {
    Game(Uuid),
    Tournament(Uuid),
}

/// The kinds of log entry a stream sends (a tournament's `?kinds=`, a set of
/// [`TableEvent::KINDS`]). The public pages change only with a result: following the
/// kinds that can carry one, a hall of phones is not sent every move of every game (some
/// two hundred a second), of which each would discard all but a few. The streams of a
/// tournament share one feed whatever kinds they follow, so a notice still costs the
/// database one read.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Kinds(u8);

impl Kinds {
    pub const ALL: Kinds = Kinds((1 << TableEvent::KINDS.len()) - 1);

    /// The index of the kind named `name` in [`TableEvent::KINDS`].
    fn index(name: &str) -> Option<usize> {
        TableEvent::KINDS.iter().position(|known| *known == name)
    }

    /// The kind named `kind`; every kind for a name this version does not know (such an
    /// entry is sent to every stream rather than to none).
    fn named(kind: &str) -> Kinds {
        Kinds::index(kind).map_or(Kinds::ALL, |index| Kinds(1 << index))
    }

    fn meets(self, other: Kinds) -> bool {
        self.0 & other.0 != 0
    }

    /// Whether an entry of `kind` is one of these.
    pub fn holds(self, kind: &str) -> bool {
        self.meets(Kinds::named(kind))
    }

    /// The indices in [`TableEvent::KINDS`] of these kinds.
    fn indices(self) -> impl Iterator<Item = usize> {
        (0..TableEvent::KINDS.len()).filter(move |index| self.0 & (1 << index) != 0)
    }
}

impl std::str::FromStr for Kinds {
    type Err = String;

    /// Kinds separated by commas: `result,clock,counting,ruling`.
    fn from_str(text: &str) -> Result<Kinds, String> {
        let mut kinds = 0;
        for name in text.split(',').map(str::trim) {
            let index = Kinds::index(name).ok_or_else(|| {
                format!(
                    "`{name}` is not a kind of entry: kinds are {}, separated by commas",
                    TableEvent::KINDS.join(", ")
                )
            })?;
            kinds |= 1 << index;
        }
        Ok(Kinds(kinds))
    }
}

/// How an entry of the log is sent: the route's encoding of one event.
pub type Encode = fn(i64, store::LogEntry) -> Bytes;

impl Subject {
    /// The entries after `cursor` and up to `up_to`, in order, each with its event id: a
    /// game's `seq`, a tournament's `id`.
    pub async fn after(
        self,
        pool: &DbPool,
        cursor: i64,
        up_to: i64,
    ) -> Result<Vec<(i64, store::LogEntry)>, ApiError> {
        let mut connection = pool.get().await?;
        Ok(match self {
            Subject::Game(id) => {
                let after = i32::try_from(cursor).unwrap_or(i32::MAX);
                store::events_after(&mut connection, id, after, BATCH)
                    .await?
                    .into_iter()
                    .map(|row| (i64::from(row.seq), store::LogEntry::Game(row, None)))
                    .filter(|(seq, _)| *seq <= up_to)
                    .collect()
            }
            Subject::Tournament(id) => {
                store::tournament_events_after(&mut connection, id, (cursor, up_to), BATCH)
                    .await?
                    .into_iter()
                    .map(|entry| (entry.id(), entry))
                    .collect()
            }
        })
    }

    /// How far the log can be read from `from` without passing over an entry still to
    /// commit, and whether an id is missing there. A game's entries are numbered under the
    /// game's lock and commit in order: all of its log is settled.
    pub async fn settled(
        self,
        pool: &DbPool,
        horizon: &mut Horizon,
        from: i64,
    ) -> Result<(i64, bool), ApiError> {
        match self {
            Subject::Game(_) => Ok((i64::MAX, false)),
            Subject::Tournament(_) => horizon.advance(pool, from).await,
        }
    }
}

/// How far a tournament's log may be read, so that its events go out in the order of
/// their ids and a client resuming after an id has missed nothing below it. A
/// tournament's ids are drawn at insert by concurrent transactions, so an id can still be
/// missing while a higher one is visible. The log is read up to the first missing id until
/// it shows up or is given up on: missing for [`LATE_COMMIT_SECONDS`] since this reader
/// first saw the gap, or the entry after it recorded more than twice that long ago (the
/// missing id was drawn before that entry's transaction committed).
#[derive(Default)]
pub struct Horizon {
    /// The first missing id and when this reader first found it missing.
    missing: Option<(i64, Instant)>,
}

impl Horizon {
    /// The settled horizon from `from` on, and whether an id below the next entries is
    /// still missing.
    async fn advance(&mut self, pool: &DbPool, from: i64) -> Result<(i64, bool), ApiError> {
        let mut connection = pool.get().await?;
        let patience = Duration::from_secs(LATE_COMMIT_SECONDS.unsigned_abs().into());
        let mut horizon = from;
        loop {
            let ids =
                store::event_ids_after(&mut connection, horizon, 2 * LATE_COMMIT_SECONDS, BATCH)
                    .await?;
            let full = ids.len() as i64 == BATCH;
            for (id, old) in ids {
                if id > horizon + 1 && !old {
                    let since = match self.missing {
                        Some((missing, since)) if missing == horizon + 1 => since,
                        _ => self.missing.insert((horizon + 1, Instant::now())).1,
                    };
                    if since.elapsed() < patience {
                        return Ok((horizon, true));
                    }
                }
                horizon = id;
            }
            if !full {
                self.missing = None;
                return Ok((horizon, false));
            }
        }
    }
}

/// The events a feed keeps: every entry of its subject with an id in `(base, head]`, each
/// with its kind.
struct Ring {
    frames: VecDeque<(i64, Kinds, Bytes)>,
    bytes: usize,
    base: i64,
    head: i64,
    /// For each kind, the last id the ring no longer holds an entry of that kind up to:
    /// the ring's start at first (what came before may be of any kind), then the last
    /// such entry dropped. A stream is behind only if it has missed an entry of its kinds:
    /// a stream of a few kinds, woken only by those, stays on the ring however many
    /// entries of the others pass it by.
    dropped: [i64; TableEvent::KINDS.len()],
    /// The last chunk handed out for each set of kinds, with the cursor it follows and
    /// its last id. After a read, every stream following live stands at the same cursor:
    /// the streams of the same kinds share one chunk (a reference count) instead of each
    /// copying the same events.
    shared: Vec<(Kinds, i64, i64, Bytes)>,
}

/// What follows a stream's cursor.
pub enum Since {
    /// The events of the kinds asked for after the cursor, in one chunk (none: nothing
    /// of those kinds), and the id the cursor moves to: the last the ring holds, so that
    /// a stream of a few kinds moves on over the others.
    Events { to: i64, chunk: Option<Bytes> },
    /// The ring starts after the cursor: the log up to `base` is to be read first.
    Behind { base: i64 },
}

impl Ring {
    fn new(start: i64) -> Ring {
        Ring {
            frames: VecDeque::new(),
            bytes: 0,
            base: start,
            head: start,
            dropped: [start; TableEvent::KINDS.len()],
            shared: Vec::new(),
        }
    }

    fn push(&mut self, id: i64, kind: Kinds, frame: Bytes) {
        self.shared.clear();
        self.bytes += frame.len();
        self.frames.push_back((id, kind, frame));
        self.head = self.head.max(id);
        while self.bytes > RING_BYTES {
            let Some((dropped, kind, frame)) = self.frames.pop_front() else {
                break;
            };
            self.bytes -= frame.len();
            self.base = dropped;
            for index in kind.indices() {
                self.dropped[index] = dropped;
            }
        }
    }

    fn since(&mut self, cursor: i64, kinds: Kinds) -> Since {
        if kinds.indices().any(|index| cursor < self.dropped[index]) {
            return Since::Behind { base: self.base };
        }
        if let Some((_, _, to, chunk)) = self
            .shared
            .iter()
            .find(|(of, after, ..)| *of == kinds && *after == cursor)
        {
            return Since::Events {
                to: *to,
                chunk: Some(chunk.clone()),
            };
        }
        let first = self.frames.partition_point(|(id, ..)| *id <= cursor);
        let mut chunk = Vec::new();
        let mut to = cursor;
        for (id, kind, frame) in self.frames.range(first..) {
            if kinds.meets(*kind) {
                chunk.extend_from_slice(frame);
            }
            to = *id;
        }
        if chunk.is_empty() {
            return Since::Events { to, chunk: None };
        }
        let chunk = Bytes::from(chunk);
        self.shared.push((kinds, cursor, to, chunk.clone()));
        Since::Events {
            to,
            chunk: Some(chunk),
        }
    }
}

/// The counters `/metrics` shows about the streams and their feeds.
#[derive(Debug, Default)]
pub struct FeedCounters {
    /// Streams open on this instance.
    pub streams: AtomicU64,
    /// Feeds running on this instance.
    pub feeds: AtomicU64,
    /// Reads of the log by the feeds (each one query, or two for a tournament's horizon).
    pub reads: AtomicU64,
    /// Reads of the log by streams catching up on a resume.
    pub catch_ups: AtomicU64,
}

/// What a stream waits on: the feed's head, or the heads of its kinds.
pub enum Watch {
    All(watch::Receiver<i64>),
    Kinds(Vec<watch::Receiver<i64>>),
}

impl Watch {
    /// Marks what the stream is about to read as seen.
    pub fn seen(&mut self) {
        match self {
            Watch::All(head) => {
                head.borrow_and_update();
            }
            Watch::Kinds(heads) => heads.iter_mut().for_each(|head| {
                head.borrow_and_update();
            }),
        }
    }

    /// Waits for a new event of the stream's kinds; an error when the feed is gone.
    pub async fn changed(&mut self) -> Result<(), watch::error::RecvError> {
        match self {
            Watch::All(head) => head.changed().await,
            Watch::Kinds(heads) => {
                futures_util::future::select_all(
                    heads.iter_mut().map(|head| Box::pin(head.changed())),
                )
                .await
                .0
            }
        }
    }
}

/// The fan-out of one subject.
pub struct Feed {
    pub subject: Subject,
    ring: Mutex<Ring>,
    /// The ring's head, watched by the streams of every kind.
    head: watch::Sender<i64>,
    /// For each kind, the last entry of that kind read: a stream of a few kinds waits on
    /// those alone, and is not woken by every move of a busy tournament.
    kind_heads: [watch::Sender<i64>; TableEvent::KINDS.len()],
    /// A notice about the subject arrived (one stored permit: notices coalesce).
    poke: Notify,
    /// The last stream left: the feed's task ends.
    retired: Notify,
    encode: Encode,
}

impl Feed {
    /// A feed whose ring starts after `start`.
    pub fn new(subject: Subject, start: i64, encode: Encode) -> Feed {
        Feed {
            subject,
            ring: Mutex::new(Ring::new(start)),
            head: watch::channel(start).0,
            kind_heads: std::array::from_fn(|_| watch::channel(start).0),
            poke: Notify::new(),
            retired: Notify::new(),
            encode,
        }
    }

    fn ring(&self) -> Option<MutexGuard<'_, Ring>> {
        self.ring.lock().ok()
    }

    /// The last id the feed has read (nothing missing below it).
    pub fn head(&self) -> i64 {
        *self.head.borrow()
    }

    /// What a stream of `kinds` waits on for new events.
    pub fn watch(&self, kinds: Kinds) -> Watch {
        if kinds == Kinds::ALL {
            Watch::All(self.head.subscribe())
        } else {
            Watch::Kinds(
                kinds
                    .indices()
                    .map(|index| self.kind_heads[index].subscribe())
                    .collect(),
            )
        }
    }

    /// What follows `cursor` of `kinds`.
    pub fn since(&self, cursor: i64, kinds: Kinds) -> Since {
        match self.ring() {
            Some(mut ring) => ring.since(cursor, kinds),
            None => Since::Events {
                to: cursor,
                chunk: None,
            },
        }
    }

    pub fn encode(&self, id: i64, row: store::LogEntry) -> Bytes {
        (self.encode)(id, row)
    }

    /// A notice about the subject: the feed's task reads the log.
    pub fn poke(&self) {
        self.poke.notify_one();
    }

    pub fn retire(&self) {
        self.retired.notify_one();
    }

    /// Reads the log after the head until nothing settled is left; returns whether an id
    /// is missing (the feed then looks again soon).
    async fn read(
        &self,
        pool: &DbPool,
        horizon: &mut Horizon,
        counters: &FeedCounters,
    ) -> Result<bool, ApiError> {
        loop {
            let head = self.head();
            counters.reads.fetch_add(1, Ordering::Relaxed);
            let (up_to, waiting) = self.subject.settled(pool, horizon, head).await?;
            let rows = self.subject.after(pool, head, up_to).await?;
            let full = rows.len() as i64 == BATCH;
            let mut last = head;
            // The last entry of each kind read: its streams are woken once the ring's
            // lock is released, once for the whole read.
            let mut last_of = [None; TableEvent::KINDS.len()];
            if let Some(mut ring) = self.ring() {
                for (id, row) in rows {
                    last = id;
                    let kind = Kinds::named(row.kind());
                    ring.push(id, kind, self.encode(id, row));
                    for index in kind.indices() {
                        last_of[index] = Some(id);
                    }
                }
                if !full && up_to != i64::MAX {
                    // Every id up to the horizon is settled: the next read starts there.
                    last = last.max(up_to);
                }
                ring.head = ring.head.max(last);
            }
            for (kind_head, id) in self.kind_heads.iter().zip(last_of) {
                if let Some(id) = id {
                    kind_head.send_replace(id);
                }
            }
            if last != head {
                self.head.send_replace(last);
            }
            if !full {
                return Ok(waiting);
            }
        }
    }

    /// The feed's task: reads on the notices (at most once every [`COALESCE`], and now
    /// and then without one) until the last stream leaves.
    pub async fn run(self: Arc<Feed>, pool: DbPool, counters: Arc<FeedCounters>) {
        let mut horizon = Horizon::default();
        loop {
            let waiting = match self.read(&pool, &mut horizon, &counters).await {
                Ok(waiting) => waiting,
                Err(error) => {
                    // Nothing is read past the head; the next notice or recheck retries.
                    tracing::warn!(cause = %cause_chain(&error), "event feed: reading the log failed");
                    false
                }
            };
            tokio::select! {
                () = self.retired.notified() => return,
                () = tokio::time::sleep(COALESCE) => {}
            }
            if waiting {
                continue;
            }
            tokio::select! {
                () = self.retired.notified() => return,
                () = self.poke.notified() => {}
                () = tokio::time::sleep(RECHECK) => {}
            }
        }
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    /// `TableEvent::KINDS[1]`.
    const TURN: Kinds = Kinds(1 << 1);

    fn frame(id: i64, size: usize) -> Bytes {
        Bytes::from(format!("{id:>size$}"))
    }

    #[test]
    fn a_cursor_inside_the_ring_gets_what_follows_it_in_one_chunk() {
        let mut ring = Ring::new(10);
        for id in [11, 13, 14] {
            ring.push(id, TURN, frame(id, 4));
        }
        let Since::Events {
            to,
            chunk: Some(chunk),
        } = ring.since(11, Kinds::ALL)
        else {
            panic!("events expected");
        };
        assert_eq!(to, 14);
        assert_eq!(&chunk[..], b"  13  14");
        assert!(matches!(
            ring.since(14, Kinds::ALL),
            Since::Events {
                to: 14,
                chunk: None
            }
        ));
        assert!(matches!(
            ring.since(9, Kinds::ALL),
            Since::Behind { base: 10 }
        ));
    }

    #[test]
    fn streams_at_the_same_cursor_share_one_chunk_until_the_ring_grows() {
        let mut ring = Ring::new(0);
        ring.push(1, TURN, frame(1, 4));
        ring.push(2, TURN, frame(2, 4));
        let (
            Since::Events {
                chunk: Some(first), ..
            },
            Since::Events {
                chunk: Some(second),
                ..
            },
        ) = (ring.since(0, Kinds::ALL), ring.since(0, Kinds::ALL))
        else {
            panic!("events expected");
        };
        assert_eq!(first.as_ptr(), second.as_ptr(), "one chunk shared");
        assert!(matches!(
            ring.since(1, Kinds::ALL),
            Since::Events { to: 2, chunk: Some(chunk) } if &chunk[..] == b"   2"
        ));
        ring.push(3, TURN, frame(3, 4));
        let Since::Events {
            to: last,
            chunk: Some(chunk),
        } = ring.since(0, Kinds::ALL)
        else {
            panic!("events expected");
        };
        assert_eq!(last, 3);
        assert_eq!(
            &chunk[..],
            b"   1   2   3",
            "a new event is in the next chunk"
        );
    }

    #[test]
    fn the_ring_keeps_a_bounded_number_of_bytes_and_moves_its_base() {
        let mut ring = Ring::new(0);
        let size = 1024;
        let count = (RING_BYTES / size) as i64 + 10;
        for id in 1..=count {
            ring.push(id, TURN, frame(id, size));
        }
        assert!(ring.bytes <= RING_BYTES);
        assert_eq!(ring.base, 10);
        assert_eq!(ring.head, count);
        assert!(matches!(
            ring.since(9, Kinds::ALL),
            Since::Behind { base: 10 }
        ));
        assert!(matches!(
            ring.since(10, Kinds::ALL),
            Since::Events { to, chunk: Some(_) } if to == count
        ));
    }

    #[test]
    fn a_stream_of_some_kinds_gets_those_and_moves_on_over_the_others() {
        assert_eq!(Kinds::named("turn"), TURN);
        let result = Kinds::named("result");
        let results: Kinds = "result,ruling".parse().unwrap();
        let mut ring = Ring::new(0);
        ring.push(1, TURN, frame(1, 4));
        ring.push(2, result, frame(2, 4));
        ring.push(3, TURN, frame(3, 4));
        assert!(matches!(
            ring.since(0, results),
            Since::Events { to: 3, chunk: Some(chunk) } if &chunk[..] == b"   2"
        ));
        assert!(matches!(
            ring.since(0, Kinds::ALL),
            Since::Events { to: 3, chunk: Some(chunk) } if &chunk[..] == b"   1   2   3"
        ));
        // Nothing of its kinds: the cursor moves on, and nothing is sent.
        assert!(matches!(
            ring.since(2, results),
            Since::Events { to: 3, chunk: None }
        ));
        // Each set of kinds keeps its own shared chunk.
        let (
            Since::Events {
                chunk: Some(first), ..
            },
            Since::Events {
                chunk: Some(second),
                ..
            },
        ) = (ring.since(0, results), ring.since(0, results))
        else {
            panic!("events expected");
        };
        assert_eq!(first.as_ptr(), second.as_ptr());
        assert!("result,moves".parse::<Kinds>().is_err());
        assert!("".parse::<Kinds>().is_err());
        assert!(Kinds::ALL.holds("turn") && !results.holds("turn"));
    }

    #[test]
    fn a_stream_of_some_kinds_is_behind_only_once_an_entry_of_its_kinds_left_the_ring() {
        let results: Kinds = "result".parse().unwrap();
        let mut ring = Ring::new(0);
        ring.push(1, Kinds::named("result"), frame(1, 1024));
        let size = 1024;
        let count = (RING_BYTES / size) as i64 + 10;
        // The result, then turns until the ring has dropped it.
        for id in 2..=count {
            ring.push(id, TURN, frame(id, size));
            if ring.base < 1 {
                // While the result is held, a stream of results at 1 has nothing new
                // however many turns passed it.
                assert!(matches!(
                    ring.since(1, results),
                    Since::Events { chunk: None, .. }
                ));
            }
        }
        assert!(ring.base > 1);
        // A stream of results that had the result is on the ring still...
        assert!(matches!(
            ring.since(1, results),
            Since::Events { to, chunk: None } if to == count
        ));
        // ... one that had not is behind, and so is one of every kind at 1.
        assert!(matches!(ring.since(0, results), Since::Behind { .. }));
        assert!(matches!(ring.since(1, Kinds::ALL), Since::Behind { .. }));
        // And before the ring's start anything may have been: behind.
        assert!(matches!(
            Ring::new(5).since(4, results),
            Since::Behind { base: 5 }
        ));
    }
}
