//! What a tournament's readers ask again and again (its standings, its exports, a round's
//! draft), computed once per change of the tournament rather than once per reader: kept
//! under the tournament's revision (see `store::tournaments::revision`), in its plain and
//! gzip forms. Readers asking for the same thing at the same revision while it is computed
//! wait for the one computation; a new revision replaces what the old one kept.

use actix_web::http::header::{self, AcceptEncoding, Encoding, Header, Preference, Quality};
use actix_web::web::Bytes;
use actix_web::{HttpRequest, HttpResponse};
use flate2::write::GzEncoder;
use flate2::Compression;
use serde::Serialize;
use std::collections::HashMap;
use std::future::Future;
use std::io::Write as _;
use std::sync::{Arc, Mutex};
use tokio::sync::OnceCell;
use uuid::Uuid;

/// The bytes a tournament's readers' representations keep at most (see [`Reads::default`]).
/// The standings of 20,000 players are 11.7 MB, gzip 1.5 MB.
const CAPACITY_BYTES: usize = 256 << 20;
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

struct Slot {
    revision: i64,
    cell: Arc<OnceCell<Arc<Rendered>>>,
}

/// The slots by tournament and variant (what is read, in which form), and the bytes they
/// keep.
type Slots = (HashMap<(Uuid, String), Slot>, usize);

/// The representations kept.
pub struct Reads {
    slots: Mutex<Slots>,
    /// The bytes kept at most; beyond, everything kept is let go (the next readers
    /// compute again).
    capacity: usize,
}

impl Default for Reads {
    fn default() -> Reads {
        Reads::with_capacity(CAPACITY_BYTES)
    }
}

impl Reads {
    /// Representations kept up to `capacity` bytes.
    pub fn with_capacity(capacity: usize) -> Reads {
        Reads {
            slots: Mutex::default(),
            capacity,
        }
    }

    /// The representation `variant` of the tournament at `revision`: kept, or made by
    /// `render` (once, for every reader asking meanwhile). A failure is not kept.
    pub async fn get_or_render<E, F, Fut>(
        &self,
        tournament_id: Uuid,
        variant: String,
        revision: i64,
        render: F,
    ) -> Result<Arc<Rendered>, E>
    where
        F: FnOnce() -> Fut,
        Fut: Future<Output = Result<Rendered, E>>,
    {
        let key = (tournament_id, variant);
        let cell = {
            let Ok(mut slots) = self.slots.lock() else {
                return render().await.map(Arc::new);
            };
            match slots.0.get(&key) {
                Some(slot) if slot.revision == revision => slot.cell.clone(),
                // A reader that read an older revision than the one kept computes for itself.
                Some(slot) if slot.revision > revision => Arc::default(),
                _ => {
                    let cell = Arc::<OnceCell<Arc<Rendered>>>::default();
                    let slot = Slot {
                        revision,
                        cell: cell.clone(),
                    };
                    if let Some(old) = slots.0.insert(key.clone(), slot) {
                        slots.1 -= old.cell.get().map_or(0, |kept| kept.size());
                    }
                    cell
                }
            }
        };
        let mut made = false;
        let rendered = cell
            .get_or_try_init(|| async {
                made = true;
                render().await.map(Arc::new)
            })
            .await?
            .clone();
        if made {
            self.account(&key, revision, rendered.size());
        }
        Ok(rendered)
    }

    /// Counts the bytes of what was just kept, letting everything go past the capacity.
    fn account(&self, key: &(Uuid, String), revision: i64, size: usize) {
        let Ok(mut slots) = self.slots.lock() else {
            return;
        };
        let kept = slots
            .0
            .get(key)
            .is_some_and(|slot| slot.revision == revision);
        if kept {
            slots.1 += size;
            if slots.1 > self.capacity {
                slots.0.clear();
                slots.1 = 0;
            }
        }
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicUsize, Ordering};

    #[tokio::test]
    async fn one_render_per_revision_whatever_the_readers() {
        let reads = Reads::default();
        let renders = AtomicUsize::new(0);
        let tournament = Uuid::now_v7();
        let render = || async {
            renders.fetch_add(1, Ordering::Relaxed);
            Ok::<_, ()>(Rendered::new(vec![b'a'; 4096], "text/plain"))
        };
        for _ in 0..3 {
            let rendered = reads
                .get_or_render(tournament, "json".into(), 1, render)
                .await
                .unwrap();
            assert_eq!(rendered.body.len(), 4096);
            assert!(rendered.gzip.as_ref().unwrap().len() < 100);
        }
        assert_eq!(renders.load(Ordering::Relaxed), 1);
        reads
            .get_or_render(tournament, "json".into(), 2, render)
            .await
            .unwrap();
        assert_eq!(renders.load(Ordering::Relaxed), 2);
        let failed = reads
            .get_or_render(tournament, "csv".into(), 2, || async {
                Err::<Rendered, _>(7)
            })
            .await;
        assert_eq!(failed.unwrap_err(), 7);
        reads
            .get_or_render(tournament, "csv".into(), 2, render)
            .await
            .unwrap();
        assert_eq!(renders.load(Ordering::Relaxed), 3);
    }
}
