//! The PostgreSQL notifications behind the event streams.
//!
//! Every append to a game's log is followed by a `pg_notify` on
//! [`CHANNEL`](crate::store::games::CHANNEL), sent behind the write (see
//! [`append`](crate::store::games::append): its own transaction in autocommit, so that no
//! write waits on the notification queue's lock); PostgreSQL delivers it at commit to every
//! connection listening, in every arbitre instance. Each instance keeps one listening
//! connection and fans the notices out to its streams, which then read the log itself:
//! a notice only says "there is more", so a lost one delays an event, never loses it.

use crate::db::DbPool;
use crate::store::games::CHANNEL;
use diesel_async::RunQueryDsl;
use futures_util::StreamExt;
use serde::Deserialize;
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::{broadcast, watch};
use uuid::Uuid;

/// An entry was appended to a game's log.
#[derive(Debug, Clone, Copy, Deserialize)]
pub struct Notice {
    pub tournament_id: Uuid,
    pub game_id: Uuid,
}

/// The fan-out of the notices to the streams of this instance, and the word that the
/// instance is stopping, on which every stream ends at once (a stream never finishes by
/// itself, and a graceful stop would otherwise wait out its grace period for them).
#[derive(Debug, Clone)]
pub struct Hub {
    sender: broadcast::Sender<Notice>,
    stopping: Arc<watch::Sender<bool>>,
}

impl Default for Hub {
    fn default() -> Hub {
        Hub {
            sender: broadcast::channel(4096).0,
            stopping: Arc::new(watch::channel(false).0),
        }
    }
}

impl Hub {
    pub fn subscribe(&self) -> broadcast::Receiver<Notice> {
        self.sender.subscribe()
    }

    /// Ends every stream of this instance (the server is stopping).
    pub fn stop_streams(&self) {
        self.stopping.send_replace(true);
    }

    /// Resolves once [`Hub::stop_streams`] is called.
    pub fn stopped(&self) -> impl std::future::Future<Output = ()> + Send + 'static {
        let mut stopping = self.stopping.subscribe();
        async move {
            // An error means every hub is gone, and the server with them: end as well.
            let _ = stopping.wait_for(|stopping| *stopping).await;
        }
    }

    /// Listens on a connection of its own (taken out of `pool`) until the process ends,
    /// reconnecting after a failure.
    pub fn spawn_listener(&self, pool: DbPool) {
        let sender = self.sender.clone();
        actix_web::rt::spawn(async move {
            loop {
                if let Err(error) = listen(&pool, &sender).await {
                    tracing::warn!(%error, "game event listener lost its connection: reconnecting");
                }
                tokio::time::sleep(Duration::from_secs(1)).await;
            }
        });
    }
}

async fn listen(pool: &DbPool, sender: &broadcast::Sender<Notice>) -> Result<(), String> {
    let object = pool.get().await.map_err(|error| error.to_string())?;
    // Out of the pool for good: a listening connection is not shared.
    let mut connection = deadpool::managed::Object::take(object);
    diesel::sql_query(format!("LISTEN {CHANNEL}"))
        .execute(&mut connection)
        .await
        .map_err(|error| error.to_string())?;
    tracing::info!(channel = CHANNEL, "listening for game events");
    let mut notifications = std::pin::pin!(connection.notifications_stream());
    while let Some(notification) = notifications.next().await {
        let notification = notification.map_err(|error| error.to_string())?;
        match serde_json::from_str::<Notice>(&notification.payload) {
            // No stream listening is not an error.
            Ok(notice) => drop(sender.send(notice)),
            Err(error) => tracing::warn!(%error, "malformed game event notice"),
        }
    }
    Err("the notification stream ended".to_string())
}
