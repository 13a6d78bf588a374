//! The tournament as the pairings page reads it, kept at the tournament's revision: a
//! search by name (`/t/{id}?name=…`) and a table's line fetched after a result
//! (`/t/{id}/rows`) are served from it and from each round's lines made once from it, so
//! that a hall's phones searching their names cost no read of the store while nothing
//! changes (issue 42: eight clients searching, each search reading the whole tournament,
//! multiplied the tablets' turn p99 by eleven). A new revision is a new key, and what the
//! old one kept is the least recently read, let go first; readers asking at once while it
//! is read wait for the one read (see [`crate::services::kept`]).

use super::{tournament as load_tournament, RoundIndex};
use crate::db::DbPool;
use crate::error::{ApiError, Resource};
use crate::http::conditional;
use crate::i18n::Language;
use crate::metrics::Metrics;
use crate::services::kept;
use crate::web::page::PageError;
use actix_web::HttpRequest;
use arbitre_core::standings::Tournament;
use moka::future::Cache;
use moka::policy::EvictionPolicy;
use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use uuid::Uuid;

/// The tournaments kept at most, each at one revision; past it, the least recently read
/// is let go (its next search reads it again). A 2,000-player tournament kept is a few MB.
const KEPT: u64 = 32;

/// A tournament as read at one revision, and the round lines made from it.
pub struct Read {
    pub tournament: Tournament,
    /// The tournament's own language: a page's when the reader chose none.
    pub language: Language,
    rounds: Mutex<HashMap<(u32, Language), Arc<RoundIndex>>>,
}

impl Read {
    /// The lines of `round` in `language`: made once per revision.
    pub fn round(&self, round: u32, language: Language) -> Arc<RoundIndex> {
        let make = || Arc::new(RoundIndex::new(&self.tournament, round, language));
        match self.rounds.lock() {
            Ok(mut rounds) => rounds.entry((round, language)).or_insert_with(make).clone(),
            Err(_) => make(),
        }
    }
}

/// The tournaments kept, by id and revision.
pub struct Searches(Cache<(Uuid, i64), Arc<Read>>);

impl Default for Searches {
    fn default() -> Searches {
        Searches(
            Cache::builder()
                .max_capacity(KEPT)
                .eviction_policy(EvictionPolicy::lru())
                .build(),
        )
    }
}

impl Searches {
    /// The tournament `id` at its revision (the one the request's conditional read found,
    /// see [`conditional::revision`]): kept, or read from the store once (counted in
    /// `/metrics`, see [`Metrics::count_page_read`]).
    pub async fn read(
        &self,
        request: &HttpRequest,
        pool: &DbPool,
        metrics: &Metrics,
        id: Uuid,
    ) -> Result<Arc<Read>, PageError> {
        let revision = conditional::revision(request, pool, id)
            .await?
            .ok_or(ApiError::NotFound(Resource::Tournament))?;
        kept::get_or_make(&self.0, (id, revision), || async {
            metrics.count_page_read();
            let tournament = load_tournament(pool, id).await?;
            let mut connection = pool.get().await.map_err(ApiError::from)?;
            let language = crate::services::tournaments::language(&mut connection, id).await?;
            Ok::<_, PageError>(Arc::new(Read {
                tournament,
                language,
                rounds: Mutex::default(),
            }))
        })
        .await
    }
}
