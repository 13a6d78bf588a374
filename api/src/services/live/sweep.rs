//! The flag sweep: games whose running clock's flag has fallen end per their flag policy
//! even when no tablet calls.
//!
//! Every instance sweeps every [`INTERVAL`]: it locks the due games with
//! `FOR UPDATE SKIP LOCKED`, so two instances never settle the same game at once. A turn
//! judged meanwhile is stored only if the game is still where it was judged (see
//! `append_game_entries`): after a flag it is judged again, so a flag and a turn are never
//! both applied. The
//! verdict comes from the clock's deadlines, not from when the sweep runs (see
//! `arbitre_core::clock`): a late sweep records the same loss.

use crate::db::DbPool;
use crate::error::{cause_chain, ApiError};
use crate::services::live::{LoadedGame, ServerClock};
use crate::store::games;
use diesel_async::AsyncConnection;
use std::time::Duration;

/// How often each instance looks for fallen flags.
pub const INTERVAL: Duration = Duration::from_millis(200);

/// Games settled per transaction.
const BATCH: i64 = 50;

pub fn spawn(pool: DbPool, clock: ServerClock) {
    actix_web::rt::spawn(async move {
        let mut interval = tokio::time::interval(INTERVAL);
        interval.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        loop {
            interval.tick().await;
            match sweep_once(&pool, &clock).await {
                Ok(0) => {}
                Ok(settled) => tracing::info!(settled, "flag sweep settled games"),
                Err(error) => tracing::warn!(cause = %cause_chain(&error), "flag sweep failed"),
            }
        }
    });
}

/// Settles the games due at `clock`'s now; returns how many.
pub async fn sweep_once(pool: &DbPool, clock: &ServerClock) -> Result<usize, ApiError> {
    let mut connection = pool.get().await?;
    connection
        .transaction::<_, ApiError, _>(async move |connection| {
            let due = games::due_for_flag_check(connection, clock.now(), BATCH).await?;
            let mut settled = 0;
            for game_id in due {
                let Some(row) = games::find(connection, game_id).await? else {
                    continue;
                };
                let log = games::events(connection, game_id).await?;
                let mut game =
                    LoadedGame::replay(row, &log, clock.clone()).map_err(ApiError::internal)?;
                let at = game.instant();
                game.settle(at).map_err(ApiError::internal)?;
                game.store(connection).await?;
                settled += usize::from(!game.pending.is_empty());
            }
            Ok(settled)
        })
        .await
}
