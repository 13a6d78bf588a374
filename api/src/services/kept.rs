//! The one way the service's caches make what they miss: moka's single flight. Readers
//! asking for the same key at once wait for one of them to make it; a failure is not kept.

use crate::error::ApiError;
use moka::future::Cache;
use std::future::Future;
use std::hash::Hash;

/// The value kept under `key`, or made by `make` and kept: once for all the callers
/// asking meanwhile, who wait for it. A failure is the failing caller's own and is not
/// kept: a caller who waited on it makes the value itself.
pub async fn get_or_make<K, V, E, F, Fut>(cache: &Cache<K, V>, key: K, make: F) -> Result<V, E>
where
    K: Hash + Eq + Clone + Send + Sync + 'static,
    V: Clone + Send + Sync + 'static,
    F: FnOnce() -> Fut,
    Fut: Future<Output = Result<V, E>>,
    E: From<ApiError>,
{
    let mut make = Some(make);
    let mut failure = None;
    loop {
        let kept = cache
            .optionally_get_with(key.clone(), async {
                let made = make.take()?().await;
                made.map_err(|error| failure = Some(error)).ok()
            })
            .await;
        match (kept, failure.take()) {
            (Some(kept), _) => return Ok(kept),
            (None, Some(failure)) => return Err(failure),
            // Another caller's `make` failed while this one waited: this one makes it.
            (None, None) if make.is_some() => {}
            (None, None) => {
                return Err(ApiError::internal("a value was made without an outcome").into())
            }
        }
    }
}

/// A weight for moka, which counts in `u32`: anything larger weighs the most it can.
pub fn weight(bytes: usize) -> u32 {
    u32::try_from(bytes).unwrap_or(u32::MAX)
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicUsize, Ordering};

    #[tokio::test]
    async fn callers_asking_at_once_wait_for_one_make() {
        let cache: Cache<u32, u32> = Cache::new(16);
        let makes = AtomicUsize::new(0);
        let release = tokio::sync::Notify::new();
        let caller = || {
            get_or_make(&cache, 1, || async {
                makes.fetch_add(1, Ordering::Relaxed);
                release.notified().await;
                Ok::<_, ApiError>(7)
            })
        };
        let callers = futures_util::future::join_all((0..8).map(|_| caller()));
        let (made, ()) = tokio::join!(callers, async {
            // The first caller is making it: the others wait on it.
            while makes.load(Ordering::Relaxed) == 0 {
                tokio::task::yield_now().await;
            }
            release.notify_one();
        });
        assert!(made.iter().all(|made| *made.as_ref().unwrap() == 7));
        assert_eq!(makes.load(Ordering::Relaxed), 1);
    }

    #[tokio::test]
    async fn a_failure_is_not_kept_and_a_waiting_caller_makes_for_itself() {
        let cache: Cache<u32, u32> = Cache::new(16);
        let release = tokio::sync::Notify::new();
        let started = AtomicUsize::new(0);
        let failing = get_or_make(&cache, 1, || async {
            started.fetch_add(1, Ordering::Relaxed);
            release.notified().await;
            Err::<u32, _>(ApiError::internal("the store is gone"))
        });
        let waiting = async {
            while started.load(Ordering::Relaxed) == 0 {
                tokio::task::yield_now().await;
            }
            let waiting = get_or_make(&cache, 1, || async { Ok::<_, ApiError>(8) });
            let ((), made) = tokio::join!(
                async {
                    tokio::task::yield_now().await;
                    release.notify_one();
                },
                waiting
            );
            made
        };
        let (failed, made) = tokio::join!(failing, waiting);
        assert!(failed.is_err());
        assert_eq!(made.unwrap(), 8);
        assert_eq!(cache.get(&1).await, Some(8));
    }
}
