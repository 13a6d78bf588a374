//! What a tournament's readers ask again and again (its standings, its exports, its pages,
//! a round's draft), computed once per change of the tournament rather than once per
//! reader: kept under the tournament's revision (see `store::tournaments::revision`), in
//! its plain and gzip forms, in a [`moka`] cache weighed by bytes. Readers asking for the
//! same thing at the same revision while it is computed wait for the one computation
//! (moka's single flight); a new revision is a new key, and what the old one kept is the
//! least recently read, let go first when the budget is spent, or after [`IDLE`] unread.

use crate::error::ApiError;
use crate::services::kept;
use actix_web::http::header::{self, AcceptEncoding, Encoding, Header, Preference, Quality};
use actix_web::web::Bytes;
use actix_web::{HttpRequest, HttpResponse};
use flate2::write::GzEncoder;
use flate2::Compression;
use moka::future::Cache;
use moka::policy::EvictionPolicy;
use serde::Serialize;
use std::future::Future;
use std::hash::Hash;
use std::io::Write as _;
use std::sync::Arc;
use std::time::Duration;
use uuid::Uuid;

/// A representation nobody read for this long is let go: a tournament's day is over, or
/// its revision moved on.
pub const IDLE: Duration = Duration::from_secs(10 * 60);
/// Bodies smaller than this are sent as they are: gzip would save little.
const GZIP_FROM_BYTES: usize = 1024;

/// A representation ready to send.
#[derive(Debug)]
pub struct Rendered {
    pub body: Bytes,
    /// The body compressed with gzip, when worth it.
    pub gzip: Option<Bytes>,
    pub content_type: &'static str,
    /// Sent as `Content-Disposition`, for a download.
    pub disposition: Option<String>,
}

impl Rendered {
    /// `body` with its gzip form, when it is large enough to gain from it.
    pub fn new(body: Vec<u8>, content_type: &'static str) -> Rendered {
        let gzip = (body.len() >= GZIP_FROM_BYTES)
            .then(|| {
                let mut encoder =
                    GzEncoder::new(Vec::with_capacity(body.len() / 4), Compression::default());
                encoder
                    .write_all(&body)
                    .and_then(|()| encoder.finish())
                    .ok()
            })
            .flatten()
            .map(Bytes::from);
        Rendered {
            body: Bytes::from(body),
            gzip,
            content_type,
            disposition: None,
        }
    }

    /// `value` as JSON.
    pub fn json(
        value: &impl Serialize,
        content_type: &'static str,
    ) -> serde_json::Result<Rendered> {
        Ok(Rendered::new(serde_json::to_vec(value)?, content_type))
    }

    /// The response carrying it, compressed when the client takes gzip.
    pub fn respond(&self, request: &HttpRequest) -> HttpResponse {
        let mut response = HttpResponse::Ok();
        response.content_type(self.content_type);
        response.insert_header((header::VARY, "Accept, Accept-Encoding"));
        if let Some(disposition) = &self.disposition {
            response.insert_header((header::CONTENT_DISPOSITION, disposition.as_str()));
        }
        match &self.gzip {
            Some(gzip) if accepts_gzip(request) => {
                response.insert_header((header::CONTENT_ENCODING, "gzip"));
                response.body(gzip.clone())
            }
            _ => response.body(self.body.clone()),
        }
    }

    fn size(&self) -> usize {
        self.body.len() + self.gzip.as_ref().map_or(0, Bytes::len)
    }
}

/// Whether the client takes gzip (`Accept-Encoding`, RFC 9110 §12.5.3): named, or `*`,
/// with a weight above 0.
fn accepts_gzip(request: &HttpRequest) -> bool {
    AcceptEncoding::parse(request).is_ok_and(|accepted| {
        accepted.iter().any(|coding| {
            coding.quality > Quality::ZERO
                && match &coding.item {
                    Preference::Any => true,
                    Preference::Specific(encoding) => *encoding == Encoding::gzip(),
                }
        })
    })
}

/// Where a representation is kept: its tournament at a revision, and what of it was
/// asked (`V`: each kind of read has its own typed variant).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
struct Key<V> {
    tournament_id: Uuid,
    revision: i64,
    variant: V,
}

/// The representations kept, by tournament, revision and variant `V`.
pub struct Reads<V> {
    kept: Cache<Key<V>, Arc<Rendered>>,
}

impl<V> Reads<V>
where
    V: Hash + Eq + Clone + Send + Sync + 'static,
{
    /// Representations kept up to `budget` bytes (each weighed by its plain and
    /// compressed bodies); the least recently read go first.
    pub fn new(budget: u64) -> Reads<V> {
        Reads {
            kept: Cache::builder()
                .max_capacity(budget)
                .weigher(|_: &Key<V>, rendered: &Arc<Rendered>| kept::weight(rendered.size()))
                .eviction_policy(EvictionPolicy::lru())
                .time_to_idle(IDLE)
                .build(),
        }
    }

    /// The representation `variant` of the tournament at `revision`: kept, or made by
    /// `render` (once, for every reader asking meanwhile). A failure is not kept: it is
    /// the failing reader's, and a reader who waited on it renders for itself.
    pub async fn get_or_render<E, F, Fut>(
        &self,
        tournament_id: Uuid,
        variant: V,
        revision: i64,
        render: F,
    ) -> Result<Arc<Rendered>, E>
    where
        F: FnOnce() -> Fut,
        Fut: Future<Output = Result<Rendered, E>>,
        E: From<ApiError>,
    {
        let key = Key {
            tournament_id,
            revision,
            variant,
        };
        kept::get_or_make(&self.kept, key, || async { render().await.map(Arc::new) }).await
    }

    /// The bytes kept (what the budget bounds; evictions due are done on the cache's
    /// next write).
    pub fn weighed(&self) -> u64 {
        self.kept.weighted_size()
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicUsize, Ordering};

    fn render<'a>(
        renders: &'a AtomicUsize,
        bytes: usize,
    ) -> impl FnOnce() -> std::future::Ready<Result<Rendered, ApiError>> + 'a {
        move || {
            renders.fetch_add(1, Ordering::Relaxed);
            std::future::ready(Ok(Rendered::new(vec![b'a'; bytes], "text/plain")))
        }
    }

    #[tokio::test]
    async fn one_render_per_revision_whatever_the_readers() {
        let reads = Reads::new(1 << 20);
        let renders = AtomicUsize::new(0);
        let tournament = Uuid::now_v7();
        for _ in 0..3 {
            let rendered = reads
                .get_or_render(tournament, "json", 1, render(&renders, 4096))
                .await
                .unwrap();
            assert_eq!(rendered.body.len(), 4096);
            assert!(rendered.gzip.as_ref().unwrap().len() < 100);
        }
        assert_eq!(renders.load(Ordering::Relaxed), 1);
        reads
            .get_or_render(tournament, "json", 2, render(&renders, 4096))
            .await
            .unwrap();
        assert_eq!(renders.load(Ordering::Relaxed), 2);
        let failed = reads
            .get_or_render(tournament, "csv", 2, || async {
                Err::<Rendered, _>(ApiError::internal("no"))
            })
            .await;
        assert!(failed.is_err());
        reads
            .get_or_render(tournament, "csv", 2, render(&renders, 4096))
            .await
            .unwrap();
        assert_eq!(renders.load(Ordering::Relaxed), 3);
    }

    #[tokio::test]
    async fn the_bytes_kept_stay_within_the_budget() {
        let budget = 64 * 1024;
        let reads = Reads::new(budget);
        let renders = AtomicUsize::new(0);
        let tournament = Uuid::now_v7();
        // Incompressible bodies of 10 KiB: 40 of them are six times the budget.
        for revision in 0..40 {
            let body: Vec<u8> = (0..10 * 1024u32)
                .map(|at| (at.wrapping_mul(2_654_435_761) >> 24) as u8)
                .collect();
            reads
                .get_or_render(tournament, "json", revision, || async {
                    renders.fetch_add(1, Ordering::Relaxed);
                    Ok::<_, ApiError>(Rendered::new(body, "text/plain"))
                })
                .await
                .unwrap();
            reads.kept.run_pending_tasks().await;
            assert!(reads.weighed() <= budget);
        }
        // The newest is still kept, the oldest let go.
        reads
            .get_or_render(tournament, "json", 39, render(&renders, 1))
            .await
            .unwrap();
        assert_eq!(renders.load(Ordering::Relaxed), 40);
        reads
            .get_or_render(tournament, "json", 0, render(&renders, 1))
            .await
            .unwrap();
        assert_eq!(renders.load(Ordering::Relaxed), 41);
    }
}
