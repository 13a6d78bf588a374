//! Replayed games kept between requests, so a turn does not replay the whole log.
//!
//! Correctness does not depend on it: a write takes the cached game out, and uses it only
//! when its last entry is the locked row's `last_seq` (another instance may have written
//! since); otherwise the log is replayed from the store. A game goes back in only after
//! its transaction committed; a failed write drops it.

use super::LoadedGame;
use std::collections::HashMap;
use std::sync::Mutex;
use uuid::Uuid;

/// Most games kept: a large tournament's round, with room.
const CAPACITY: usize = 4096;

#[derive(Default)]
pub struct GameCache {
    games: Mutex<HashMap<Uuid, LoadedGame>>,
}

impl GameCache {
    /// The cached game, if it is at `last_seq`.
    pub fn take(&self, game_id: Uuid, last_seq: i32) -> Option<LoadedGame> {
        let mut games = self.games.lock().ok()?;
        games.remove(&game_id).filter(|game| game.next_seq - 1 == last_seq)
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
