//! Replayed games kept between requests, so a turn does not replay the whole log.
//!
//! Correctness does not depend on it: a write takes the cached game out, and stores its
//! entries only if the game's row is still at the cached game's last entry (another
//! instance may have written since); otherwise the log is replayed from the store and the
//! request judged again. A game goes back in only after its write committed; a failed or
//! refused write drops it.

use super::{LoadedGame, ServerClock};
use std::collections::HashMap;
use std::sync::Mutex;
use uuid::Uuid;

/// Most games kept: a large tournament's round, with room.
const CAPACITY: usize = 4096;

#[derive(Default)]
pub struct GameCache {
    games: Mutex<HashMap<Uuid, LoadedGame>>,
    clock: ServerClock,
}

impl GameCache {
    /// An empty cache of games played at `clock`'s time.
    pub fn new(clock: ServerClock) -> GameCache {
        GameCache {
            games: Mutex::default(),
            clock,
        }
    }

    /// The clock the instance's games are played at.
    pub fn clock(&self) -> &ServerClock {
        &self.clock
    }

    /// The cached game, taken out: no other request of this instance writes from it.
    pub fn take(&self, game_id: Uuid) -> Option<LoadedGame> {
        self.games.lock().ok()?.remove(&game_id)
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
        let games = self.games.lock().ok()?;
        games
            .get(&game_id)
            .filter(|game| game.next_seq() - 1 == last_seq)
            .map(read)
    }

    /// Keeps a committed game.
    pub fn put(&self, mut game: LoadedGame) {
        game.pending.clear();
        if let Ok(mut games) = self.games.lock() {
            if games.len() >= CAPACITY {
                games.clear();
            }
            games.insert(game.row.id, game);
        }
    }
}
