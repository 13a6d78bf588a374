//! The tournaments' revisions as the anonymous readers are answered them: known in memory,
//! so that a hall of phones polling the standings (`If-None-Match`, answered 304) costs the
//! database nothing while nothing changes. Beside 50 tablets, the revision of each
//! anonymous read was more than half of the statements the hall added to the database.
//!
//! Every change of a tournament's revision is announced by PostgreSQL at the writing
//! transaction's commit (see the migration `revision_notices`), to every instance; each
//! instance's listener (`live::notify`) then knows that one tournament's new revision
//! ([`Revisions::revised`]). A tournament not known yet is read from the store once and then
//! known ([`Revisions::learn`]). A tournament's revisions grow in the order its writes
//! commit, so a revision read from the store never hides a newer one a notice brought.
//!
//! While the listener has no connection, notices may be lost: nothing is known, every
//! reader asks the store, and what was known before is forgotten
//! ([`Revisions::listening`]). A write through this instance forgets its tournament's
//! revision once it is answered ([`Revisions::forget`]): the writer's next anonymous read
//! does not wait for the notice. The staff's reads always ask the store.

use moka::sync::Cache;
use std::sync::{PoisonError, RwLock};
use uuid::Uuid;

/// The tournaments known at most; past it, the least recently read are let go (and read
/// from the store again when asked).
const KNOWN: u64 = 16_384;

pub struct Revisions {
    /// Each tournament's revision; `None` once the tournament is deleted.
    known: Cache<Uuid, Option<i64>>,
    /// Whether the listener listens, and how many times it began or stopped: taken for
    /// reading by every use of `known`, for writing when the listener comes or goes.
    listener: RwLock<Listener>,
}

#[derive(Debug, Default, Clone, Copy)]
struct Listener {
    listening: bool,
    changes: u64,
}

/// A read of the store about to begin while the listener listens: what it reads is kept
/// only if the listener did not stop or begin again meanwhile.
#[derive(Debug, Clone, Copy)]
pub struct Ticket(u64);

impl Default for Revisions {
    fn default() -> Revisions {
        Revisions {
            known: Cache::new(KNOWN),
            listener: RwLock::default(),
        }
    }
}

impl Revisions {
    fn listener(&self) -> Listener {
        *self.listener.read().unwrap_or_else(PoisonError::into_inner)
    }

    /// The tournament's revision, if known while the listener listens.
    pub fn known(&self, tournament_id: Uuid) -> Option<i64> {
        let listener = self.listener.read().unwrap_or_else(PoisonError::into_inner);
        if !listener.listening {
            return None;
        }
        self.known.get(&tournament_id).flatten()
    }

    /// Taken before reading a revision from the store; `None` while the listener does not
    /// listen (what is read then is not kept).
    pub fn ticket(&self) -> Option<Ticket> {
        let listener = self.listener();
        listener.listening.then_some(Ticket(listener.changes))
    }

    /// Keeps `revision`, read from the store after `ticket` was taken, unless the listener
    /// stopped or began again meanwhile (a notice may have been missed) or a newer
    /// revision is known.
    pub fn learn(&self, ticket: Ticket, tournament_id: Uuid, revision: i64) {
        let listener = self.listener.read().unwrap_or_else(PoisonError::into_inner);
        if listener.listening && listener.changes == ticket.0 {
            self.raise(tournament_id, Some(revision));
        }
    }

    /// A notice: the tournament's revision is now `revision` (`None`: it was deleted).
    pub fn revised(&self, tournament_id: Uuid, revision: Option<i64>) {
        let _listener = self.listener.read().unwrap_or_else(PoisonError::into_inner);
        self.raise(tournament_id, revision);
    }

    /// Forgets the tournament's revision: this instance wrote to it, and its notice may
    /// not have come yet. Its next reader asks the store.
    pub fn forget(&self, tournament_id: Uuid) {
        let _listener = self.listener.read().unwrap_or_else(PoisonError::into_inner);
        if self.known.get(&tournament_id) != Some(None) {
            self.known.invalidate(&tournament_id);
        }
    }

    /// The listener began listening (`true`) or lost its connection (`false`): either way
    /// notices may have been missed, and everything known is forgotten.
    pub fn listening(&self, listening: bool) {
        let mut listener = self
            .listener
            .write()
            .unwrap_or_else(PoisonError::into_inner);
        listener.listening = listening;
        listener.changes = listener.changes.wrapping_add(1);
        self.known.invalidate_all();
    }

    /// Whether the listener listens (revisions are known only then).
    pub fn is_listening(&self) -> bool {
        self.listener().listening
    }

    /// How many tournaments' revisions are known.
    pub fn count(&self) -> u64 {
        self.known.run_pending_tasks();
        self.known.entry_count()
    }

    /// Keeps the higher of `revision` and the one known; a deleted tournament stays deleted.
    fn raise(&self, tournament_id: Uuid, revision: Option<i64>) {
        self.known.entry(tournament_id).and_upsert_with(|kept| {
            match (kept.map(|entry| entry.into_value()), revision) {
                (Some(None), _) | (_, None) => None,
                (Some(Some(kept)), Some(revision)) => Some(kept.max(revision)),
                (None, Some(revision)) => Some(revision),
            }
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn listening() -> Revisions {
        let revisions = Revisions::default();
        revisions.listening(true);
        revisions
    }

    #[test]
    fn nothing_is_known_while_the_listener_does_not_listen() {
        let revisions = Revisions::default();
        let tournament = Uuid::from_u128(1);
        assert!(revisions.ticket().is_none());
        revisions.revised(tournament, Some(7));
        assert_eq!(revisions.known(tournament), None);
        revisions.listening(true);
        // What a notice said before the listener listened is forgotten.
        assert_eq!(revisions.known(tournament), None);
        revisions.revised(tournament, Some(8));
        assert_eq!(revisions.known(tournament), Some(8));
        revisions.listening(false);
        assert_eq!(revisions.known(tournament), None);
    }

    #[test]
    fn a_notice_updates_its_tournament_alone_and_never_goes_back() {
        let revisions = listening();
        let (tournament, other) = (Uuid::from_u128(1), Uuid::from_u128(2));
        revisions.learn(revisions.ticket().unwrap(), tournament, 7);
        revisions.learn(revisions.ticket().unwrap(), other, 3);
        revisions.revised(tournament, Some(9));
        assert_eq!(revisions.known(tournament), Some(9));
        assert_eq!(revisions.known(other), Some(3));
        // A read of the store that began before the notice arrives after it.
        revisions.learn(revisions.ticket().unwrap(), tournament, 7);
        assert_eq!(revisions.known(tournament), Some(9));
        // A deleted tournament is not known again.
        revisions.revised(tournament, None);
        revisions.learn(revisions.ticket().unwrap(), tournament, 9);
        assert_eq!(revisions.known(tournament), None);
    }

    #[test]
    fn a_read_begun_before_the_listener_came_back_is_not_kept() {
        let revisions = listening();
        let tournament = Uuid::from_u128(1);
        let ticket = revisions.ticket().unwrap();
        // The connection is lost and found again while the read is on its way: a notice
        // may have been missed meanwhile.
        revisions.listening(false);
        revisions.listening(true);
        revisions.learn(ticket, tournament, 7);
        assert_eq!(revisions.known(tournament), None);
        revisions.learn(revisions.ticket().unwrap(), tournament, 8);
        assert_eq!(revisions.known(tournament), Some(8));
        revisions.forget(tournament);
        assert_eq!(revisions.known(tournament), None);
    }
}
