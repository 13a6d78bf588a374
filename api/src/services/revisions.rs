//! The tournaments' revisions as the anonymous readers are answered them: read from the
//! store once, then known in memory for [`FRESH`], so that a hall of phones polling the
//! standings (`If-None-Match`, answered 304) costs the database nothing while nothing
//! changes. Beside 50 tablets, the revision of each anonymous read was more than half
//! of the statements the hall added to the database.
//!
//! What is known is forgotten as soon as this instance learns of a change, before anyone
//! can learn of the change from it:
//! - a write through this instance, when it is answered (every request but a read, see
//!   `http::conditional::forget_after_writes`), and a turn that ends a game;
//! - a game's result written by any instance (its notice, see `live::notify`), before the
//!   streams are told of it.
//!
//! Another instance's other writes (a setting, a registration, a result by hand) reach
//! this instance's anonymous readers at most [`FRESH`] later. The staff's reads always
//! ask the store.

use std::collections::HashMap;
use std::sync::Mutex;
use std::time::{Duration, Instant};
use uuid::Uuid;

/// How long a revision read from the store answers the anonymous readers.
pub const FRESH: Duration = Duration::from_secs(1);

/// The tournaments known before the stale ones are let go.
const KNOWN: usize = 4096;

#[derive(Debug, Default)]
pub struct Revisions {
    memo: Mutex<Memo>,
}

#[derive(Debug, Default)]
struct Memo {
    /// How many times everything was forgotten: a read of the store begun before the last
    /// time may be older than a change, and is not kept.
    forgotten: u64,
    /// Each tournament's revision and when it was read.
    known: HashMap<Uuid, (i64, Instant)>,
}

/// A read of the store about to begin: what it reads is kept only if nothing was
/// forgotten meanwhile.
#[derive(Debug, Clone, Copy)]
pub struct Ticket {
    forgotten: u64,
    at: Instant,
}

impl Revisions {
    /// The tournament's revision, if read less than [`FRESH`] before `now` and not
    /// forgotten since.
    pub fn known(&self, tournament_id: Uuid, now: Instant) -> Option<i64> {
        let memo = self.memo.lock().ok()?;
        let (revision, read) = memo.known.get(&tournament_id)?;
        (now.saturating_duration_since(*read) < FRESH).then_some(*revision)
    }

    /// Taken before reading a revision from the store, at `now`.
    pub fn ticket(&self, now: Instant) -> Ticket {
        let forgotten = self.memo.lock().map_or(u64::MAX, |memo| memo.forgotten);
        Ticket { forgotten, at: now }
    }

    /// Keeps `revision`, read from the store after `ticket` was taken, unless something
    /// was forgotten meanwhile (the revision read may be older than that change).
    pub fn learn(&self, ticket: Ticket, tournament_id: Uuid, revision: i64) {
        let Ok(mut memo) = self.memo.lock() else {
            return;
        };
        if memo.forgotten != ticket.forgotten {
            return;
        }
        if memo.known.len() >= KNOWN {
            memo.known
                .retain(|_, (_, read)| ticket.at.saturating_duration_since(*read) < FRESH);
        }
        memo.known.insert(tournament_id, (revision, ticket.at));
    }

    /// Forgets every revision: something may have changed.
    pub fn forget(&self) {
        if let Ok(mut memo) = self.memo.lock() {
            memo.forgotten = memo.forgotten.wrapping_add(1);
            memo.known.clear();
        }
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    #[test]
    fn a_revision_read_is_known_while_fresh_and_until_forgotten() {
        let revisions = Revisions::default();
        let (tournament, other) = (Uuid::from_u128(1), Uuid::from_u128(2));
        let now = Instant::now();
        assert_eq!(revisions.known(tournament, now), None);
        revisions.learn(revisions.ticket(now), tournament, 7);
        assert_eq!(revisions.known(tournament, now), Some(7));
        assert_eq!(revisions.known(other, now), None);
        assert_eq!(revisions.known(tournament, now + FRESH / 2), Some(7));
        assert_eq!(revisions.known(tournament, now + FRESH), None);
        revisions.forget();
        assert_eq!(revisions.known(tournament, now), None);
    }

    #[test]
    fn a_read_begun_before_something_was_forgotten_is_not_kept() {
        let revisions = Revisions::default();
        let tournament = Uuid::from_u128(1);
        let now = Instant::now();
        let ticket = revisions.ticket(now);
        // A write is answered while the read is on its way: the read may predate it.
        revisions.forget();
        revisions.learn(ticket, tournament, 7);
        assert_eq!(revisions.known(tournament, now), None);
        revisions.learn(revisions.ticket(now), tournament, 8);
        assert_eq!(revisions.known(tournament, now), Some(8));
    }

    #[test]
    fn past_the_bound_the_stale_revisions_are_let_go() {
        let revisions = Revisions::default();
        let start = Instant::now();
        for index in 0..KNOWN as u128 {
            revisions.learn(revisions.ticket(start), Uuid::from_u128(index), 1);
        }
        let later = start + FRESH;
        revisions.learn(revisions.ticket(later), Uuid::from_u128(u128::MAX), 2);
        let memo = revisions.memo.lock().unwrap();
        assert_eq!(memo.known.len(), 1);
    }
}
