//! The PostgreSQL notifications behind the event streams, and this instance's feeds.
//!
//! Every append to a game's log is followed by a `pg_notify` on
//! [`CHANNEL`], sent behind the write (see
//! [`append`](crate::store::games::append): its own transaction in autocommit, so that no
//! write waits on the notification queue's lock); PostgreSQL delivers it at commit to every
//! connection listening, in every arbitre instance. Each instance keeps one listening
//! connection and pokes the feeds of the game and of its tournament (see
//! [`super::feed`]), which then read the log itself, once for all their streams: a notice
//! only says "there is more", so a lost one delays an event, never loses it.
//!
//! The same connection listens on [`REVISED`], where every change of a tournament's
//! revision is announced at its commit: each notice updates that one tournament's
//! revision in [`Revisions`]. A tournament's revision notice is committed before its
//! game's notice (the game's is sent behind the write), so a phone that reads the
//! standings on a result's event reads them at their new revision.

use super::feed::{Encode, Feed, FeedCounters, Subject};
use crate::db::DbPool;
use crate::error::cause_chain;
use crate::services::revisions::Revisions;
use crate::store::games::CHANNEL;
use crate::store::tournaments::REVISED;
use diesel_async::RunQueryDsl;
use futures_util::StreamExt;
use serde::Deserialize;
use std::collections::HashMap;
use std::sync::atomic::Ordering;
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::sync::watch;
use uuid::Uuid;

/// Why the listening connection was lost (the listener reconnects).
#[derive(Debug, thiserror::Error)]
enum ListenError {
    #[error("no connection to listen on")]
    Connect(#[source] deadpool::managed::PoolError<diesel_async::pooled_connection::PoolError>),
    #[error("LISTEN was refused")]
    Listen(#[source] diesel::result::Error),
    #[error("a notification could not be received")]
    Receive(#[source] diesel::result::Error),
    #[error("the notification stream ended")]
    Ended,
}

/// An entry was appended to a tournament's log: a game's (`game_id`), or a pairing's
/// result recorded by hand (none).
#[derive(Debug, Clone, Copy, Deserialize)]
pub struct Notice {
    pub tournament_id: Uuid,
    #[serde(default)]
    pub game_id: Option<Uuid>,
}

/// A tournament's revision changed (see [`REVISED`]); `None`: the tournament was deleted.
#[derive(Debug, Clone, Copy, Deserialize)]
struct Revised {
    tournament_id: Uuid,
    revision: Option<i64>,
}

/// A feed and the number of streams following it.
type Followed = HashMap<Subject, (Arc<Feed>, usize)>;

/// This instance's feeds, the notices dispatched to them, and the word that the instance
/// is stopping, on which every stream ends at once (a stream never finishes by itself,
/// and a graceful stop would otherwise wait out its grace period for them).
#[derive(Clone)]
pub struct Hub {
    pool: DbPool,
    feeds: Arc<Mutex<Followed>>,
    counters: Arc<FeedCounters>,
    stopping: Arc<watch::Sender<bool>>,
    revisions: Arc<Revisions>,
}

/// A stream following a feed: dropping it (the stream ended, its client left) lets the
/// feed go with its last stream.
pub struct Following {
    hub: Hub,
    pub feed: Arc<Feed>,
    /// How many streams followed the feed when this one joined: where it stands among
    /// them (the phones' streams spread their writes by it).
    pub place: usize,
}

impl Drop for Following {
    fn drop(&mut self) {
        self.hub.counters.streams.fetch_sub(1, Ordering::Relaxed);
        let Ok(mut feeds) = self.hub.feeds.lock() else {
            return;
        };
        let subject = self.feed.subject;
        if let Some((_, streams)) = feeds.get_mut(&subject) {
            *streams -= 1;
            if *streams == 0 {
                feeds.remove(&subject);
                self.feed.retire();
                self.hub.counters.feeds.fetch_sub(1, Ordering::Relaxed);
            }
        }
    }
}

impl Hub {
    pub fn new(pool: DbPool) -> Hub {
        Hub {
            pool,
            feeds: Arc::default(),
            counters: Arc::default(),
            stopping: Arc::new(watch::channel(false).0),
            revisions: Arc::default(),
        }
    }

    /// The revisions the anonymous readers are answered, which the notices of
    /// [`REVISED`] keep.
    pub fn revisions(&self) -> Arc<Revisions> {
        self.revisions.clone()
    }

    pub fn pool(&self) -> &DbPool {
        &self.pool
    }

    pub fn counters(&self) -> &FeedCounters {
        &self.counters
    }

    /// The running feed of `subject`, if a stream of this instance follows it.
    pub fn running(&self, subject: Subject) -> Option<Arc<Feed>> {
        let feeds = self.feeds.lock().ok()?;
        feeds.get(&subject).map(|(feed, _)| feed.clone())
    }

    /// Follows `subject`: its running feed, or a new one whose ring starts after `start`.
    pub fn follow(&self, subject: Subject, start: i64, encode: Encode) -> Option<Following> {
        let mut feeds = self.feeds.lock().ok()?;
        let (feed, streams) = feeds.entry(subject).or_insert_with(|| {
            let feed = Arc::new(Feed::new(subject, start, encode));
            self.counters.feeds.fetch_add(1, Ordering::Relaxed);
            actix_web::rt::spawn(feed.clone().run(self.pool.clone(), self.counters.clone()));
            (feed, 0)
        });
        let place = *streams;
        *streams += 1;
        self.counters.streams.fetch_add(1, Ordering::Relaxed);
        Some(Following {
            hub: self.clone(),
            feed: feed.clone(),
            place,
        })
    }

    fn dispatch(&self, notice: Notice) {
        let Ok(feeds) = self.feeds.lock() else {
            return;
        };
        let game = notice.game_id.map(Subject::Game);
        for subject in std::iter::once(Subject::Tournament(notice.tournament_id)).chain(game) {
            if let Some((feed, _)) = feeds.get(&subject) {
                feed.poke();
            }
        }
    }

    /// Every feed reads the log: notices may have been lost while the listener was away.
    fn poke_all(&self) {
        if let Ok(feeds) = self.feeds.lock() {
            feeds.values().for_each(|(feed, _)| feed.poke());
        }
    }

    /// Ends every stream of this instance, and the waits for heavy work (the server is
    /// stopping).
    pub fn stop_streams(&self) {
        self.stopping.send_replace(true);
    }

    /// Turns true when [`Hub::stop_streams`] is called.
    pub fn stopping(&self) -> watch::Receiver<bool> {
        self.stopping.subscribe()
    }

    /// Resolves once [`Hub::stop_streams`] is called.
    pub fn stopped(&self) -> impl std::future::Future<Output = ()> + Send + 'static {
        let mut stopping = self.stopping.subscribe();
        async move {
            // An error means every hub is gone, and the server with them: end as well.
            let _ = stopping.wait_for(|stopping| *stopping).await;
        }
    }

    /// Listens on a connection of its own (taken out of the pool) until the process ends,
    /// reconnecting after a failure.
    pub fn spawn_listener(&self) {
        let hub = self.clone();
        actix_web::rt::spawn(async move {
            loop {
                if let Err(error) = hub.listen().await {
                    tracing::warn!(
                        cause = %cause_chain(&error),
                        "game event listener lost its connection: reconnecting"
                    );
                }
                // Notices may be missed until it listens again: the revisions are asked
                // of the store meanwhile.
                hub.revisions.listening(false);
                tokio::time::sleep(Duration::from_secs(1)).await;
            }
        });
    }

    async fn listen(&self) -> Result<(), ListenError> {
        let object = self.pool.get().await.map_err(ListenError::Connect)?;
        // Out of the pool for good: a listening connection is not shared.
        let mut connection = deadpool::managed::Object::take(object);
        for channel in [CHANNEL, REVISED] {
            diesel::sql_query(format!("LISTEN {channel}"))
                .execute(&mut connection)
                .await
                .map_err(ListenError::Listen)?;
        }
        tracing::info!(channel = CHANNEL, "listening for game events");
        // Whatever was known before may have changed unannounced meanwhile.
        self.revisions.listening(true);
        self.poke_all();
        let mut notifications = std::pin::pin!(connection.notifications_stream());
        while let Some(notification) = notifications.next().await {
            let notification = notification.map_err(ListenError::Receive)?;
            if notification.channel == REVISED {
                match serde_json::from_str::<Revised>(&notification.payload) {
                    Ok(revised) => self
                        .revisions
                        .revised(revised.tournament_id, revised.revision),
                    Err(error) => tracing::warn!(%error, "malformed revision notice"),
                }
                continue;
            }
            match serde_json::from_str::<Notice>(&notification.payload) {
                Ok(notice) => self.dispatch(notice),
                Err(error) => tracing::warn!(%error, "malformed game event notice"),
            }
        }
        Err(ListenError::Ended)
    }
}
