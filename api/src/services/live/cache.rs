//! Replayed games kept between requests, so a turn does not replay the whole log.
//!
//! Correctness does not depend on it: a write takes the cached game out, and stores its
//! entries only if the game's row is still at the cached game's last entry (another
//! instance may have written since); otherwise the log is replayed from the store and the
//! request judged again. A game goes back in only after its write committed; a failed or
//! refused write drops it.

use super::{LoadedGame, ServerClock};
use moka::sync::Cache;
use std::sync::Arc;
use std::time::Duration;
use uuid::Uuid;

/// Most games kept: a large tournament's round, with room.
const CAPACITY: u64 = 4096;
/// A game nobody played nor read for this long is let go (it ended, or its players
/// paused): its next turn replays its log.
const IDLE: Duration = Duration::from_secs(30 * 60);

pub struct GameCache {
    games: Cache<Uuid, Arc<LoadedGame>>,
    clock: ServerClock,
}

impl GameCache {
    /// An empty cache of games played at `clock`'s time.
    pub fn new(clock: ServerClock) -> GameCache {
        GameCache {
            games: Cache::builder()
                .max_capacity(CAPACITY)
                .time_to_idle(IDLE)
                .build(),
            clock,
        }
    }

    /// The clock the instance's games are played at.
    pub fn clock(&self) -> &ServerClock {
        &self.clock
    }

    /// The cached game, taken out: no other request of this instance writes from it.
    /// `None` as well when a reader holds it at this moment: the writer replays the log.
    pub fn take(&self, game_id: Uuid) -> Option<LoadedGame> {
        Arc::into_inner(self.games.remove(&game_id)?)
    }

    /// What `read` makes of the cached game, if it is the game at `last_seq`: a reader
    /// then answers without replaying the log (another instance may have written since,
    /// so the caller reads the stored `last_seq` first).
    pub fn read<T>(
        &self,
        game_id: Uuid,
        last_seq: i32,
        read: impl FnOnce(&LoadedGame) -> T,
    ) -> Option<T> {
        self.games
            .get(&game_id)
            .filter(|game| game.next_seq() - 1 == last_seq)
            .map(|game| read(&game))
    }

    /// Keeps a committed game.
    pub fn put(&self, mut game: LoadedGame) {
        game.pending.clear();
        self.games.insert(game.row.id, Arc::new(game));
    }
}
