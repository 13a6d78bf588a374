//! Conditional reads of a tournament (RFC 9110 §13): the standings, the exports, the
//! pairings lists and the public pages carry an `ETag` made of the tournament's revision
//! and what was asked (path, query, `Accept`, `Accept-Language`, the cookies), and a request whose `If-None-Match` names it is answered
//! `304 Not Modified` after one lookup of the revision, without computing anything. An
//! anonymous reader's revision is the one this instance knows from the database's notices
//! (see [`Revisions`]): a hall's phones polling the standings cost the database nothing
//! while nothing changes.
//!
//! The tag is weak (`W/"…"`): the same representation goes plain or compressed. It is
//! read before the handler reads the tournament, so a body is never older than its tag.

use crate::db::DbPool;
use crate::error::ApiError;
use crate::services::admission::{Admission, Fairness};
use crate::services::revisions::Revisions;
use crate::store::tournaments as store;
use actix_web::body::{BodySize, BoxBody, MessageBody};
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::http::header::{self, EntityTag, Header, HeaderMap, HeaderValue, IfNoneMatch};
use actix_web::http::Method;
use actix_web::middleware::Next;
use actix_web::{web, HttpMessage, HttpRequest, HttpResponse};
use sha2::{Digest, Sha256};
use uuid::Uuid;

/// The tournament's revision, read by [`revalidate`] for the handler.
#[derive(Debug, Clone, Copy)]
pub struct Revision(pub i64);

/// What every conditional answer varies on: a page's language follows `Accept-Language`
/// and the language cookie, its header the session's cookie.
const VARY: &str = "Accept, Accept-Encoding, Accept-Language, Cookie";

/// The revision [`revalidate`] read for this request, or read now.
pub async fn revision(
    request: &HttpRequest,
    pool: &DbPool,
    tournament_id: Uuid,
) -> Result<Option<i64>, ApiError> {
    if let Some(Revision(revision)) = request.extensions().get::<Revision>() {
        return Ok(Some(*revision));
    }
    let mut connection = pool.get().await?;
    Ok(store::revision(&mut connection, tournament_id).await?)
}

/// The tournament's revision: for an anonymous reader (`revisions` given), the one this
/// instance knows, or read and then known; for the staff, read from the store.
async fn current(
    pool: &DbPool,
    revisions: Option<&Revisions>,
    tournament_id: Uuid,
) -> Result<Option<i64>, ApiError> {
    if let Some(known) = revisions.and_then(|revisions| revisions.known(tournament_id)) {
        return Ok(Some(known));
    }
    let ticket = revisions.and_then(Revisions::ticket);
    let mut connection = pool.get().await?;
    let revision = store::revision(&mut connection, tournament_id).await?;
    if let (Some(revisions), Some(ticket), Some(revision)) = (revisions, ticket, revision) {
        revisions.learn(ticket, tournament_id, revision);
    }
    Ok(revision)
}

/// The middleware, on every request: once a request that may write (any but `GET`,
/// `HEAD`, `OPTIONS`) to a tournament's route (`{tournament_id}` in its path) is
/// answered, this instance forgets that one tournament's revision, so that a reader who
/// comes after the answer does not wait for the write's notice (see [`Revisions`]). The
/// notice itself updates every instance, this one included.
pub async fn forget_written(
    request: ServiceRequest,
    next: Next<impl MessageBody + 'static>,
) -> Result<ServiceResponse<impl MessageBody>, actix_web::Error> {
    let writes = !matches!(
        *request.method(),
        Method::GET | Method::HEAD | Method::OPTIONS
    );
    let revisions = request.app_data::<web::Data<Revisions>>().cloned();
    let response = next.call(request).await;
    let written = response.as_ref().ok().and_then(|response| {
        response
            .request()
            .match_info()
            .get("tournament_id")
            .and_then(|id| Uuid::parse_str(id).ok())
    });
    if let (true, Some(tournament_id), Some(revisions)) = (writes, written, revisions) {
        revisions.forget(tournament_id);
    }
    response
}

fn tag(revision: i64, request: &ServiceRequest) -> EntityTag {
    let mut hasher = Sha256::new();
    hasher.update(request.path().as_bytes());
    hasher.update(b"?");
    hasher.update(request.query_string().as_bytes());
    for name in [header::ACCEPT, header::ACCEPT_LANGUAGE, header::COOKIE] {
        for value in request.headers().get_all(name) {
            hasher.update(b"\n");
            hasher.update(value.as_bytes());
        }
        hasher.update(b"\0");
    }
    let digest = hasher.finalize();
    let variant: String = digest[..8]
        .iter()
        .map(|byte| format!("{byte:02x}"))
        .collect();
    EntityTag::new_weak(format!("{revision}-{variant}"))
}

/// Whether `If-None-Match` names `tag` (weak comparison, RFC 9110 §13.1.2), or is `*`.
fn matches(request: &impl HttpMessage, tag: &EntityTag) -> bool {
    match IfNoneMatch::parse(request) {
        Ok(IfNoneMatch::Any) => true,
        Ok(IfNoneMatch::Items(candidates)) => {
            candidates.iter().any(|candidate| candidate.weak_eq(tag))
        }
        Err(_) => false,
    }
}

/// Whether the request comes from no one signed in (neither a token nor a page's session):
/// a phone of the hall, whose reads are admitted at the anonymous readers' pace and whose
/// event streams are paced (see `routes::games::stream`).
pub fn anonymous(request: &HttpRequest) -> bool {
    !matches!(
        crate::auth::resolved(request),
        Some(crate::auth::Caller::Token(_))
    )
}

/// The middleware: anonymous reads admitted at their pace (see [`Admission`]) and each
/// client's ([`Fairness`]), then 304 on a matching `If-None-Match`, the `ETag` on a 200;
/// the body an anonymous read is sent when its client's byte rate allows.
pub async fn revalidate(
    request: ServiceRequest,
    next: Next<impl MessageBody + 'static>,
) -> Result<ServiceResponse<BoxBody>, actix_web::Error> {
    let tournament_id = request
        .match_info()
        .get("tournament_id")
        .and_then(|id| Uuid::parse_str(id).ok());
    let pool = request.app_data::<web::Data<DbPool>>().cloned();
    let (Some(tournament_id), Some(pool), true) =
        (tournament_id, pool, request.method() == Method::GET)
    else {
        return Ok(next.call(request).await?.map_into_boxed_body());
    };
    let admission = anonymous(request.request())
        .then(|| request.app_data::<web::Data<Admission>>().cloned())
        .flatten();
    let fairness = admission
        .is_some()
        .then(|| request.app_data::<web::Data<Fairness>>().cloned())
        .flatten()
        .zip(crate::peer::client(request.request()));
    if let Some(admission) = &admission {
        admission.admit().await?;
    }
    if let Some((fairness, client)) = &fairness {
        fairness.admit(*client).await?;
    }
    let revisions = admission
        .is_some()
        .then(|| request.app_data::<web::Data<Revisions>>().cloned())
        .flatten();
    let revision = current(
        &pool,
        revisions.as_deref().map(AsRef::as_ref),
        tournament_id,
    )
    .await?;
    // No such tournament: the handler says so.
    let Some(revision) = revision else {
        return Ok(next.call(request).await?.map_into_boxed_body());
    };
    let tag = tag(revision, &request);
    let validators = |headers: &mut HeaderMap| {
        if let Ok(value) = HeaderValue::from_str(&tag.to_string()) {
            headers.insert(header::ETAG, value);
        }
        headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-cache"));
        headers.insert(header::VARY, HeaderValue::from_static(VARY));
    };
    if matches(&request, &tag) {
        let mut response = HttpResponse::NotModified().finish();
        validators(response.headers_mut());
        return Ok(request.into_response(response));
    }
    request.extensions_mut().insert(Revision(revision));
    let mut response = next.call(request).await?;
    if response.status().is_success() {
        validators(response.headers_mut());
    }
    // The body as the handler made it (the pairings lists are compressed after this),
    // sent when the client's rate allows.
    if let (Some((fairness, client)), BodySize::Sized(sent)) =
        (fairness, response.response().body().size())
    {
        fairness.send(client, sent).await?;
    }
    Ok(response.map_into_boxed_body())
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use actix_web::test::TestRequest;

    #[test]
    fn if_none_match_compares_weakly_and_lists() {
        let tag = EntityTag::new_weak("7-00ff".to_string());
        let asking = |value: Option<&str>| {
            let request = value
                .into_iter()
                .fold(TestRequest::default(), |request, value| {
                    request.insert_header((header::IF_NONE_MATCH, value))
                })
                .to_http_request();
            matches(&request, &tag)
        };
        assert!(!asking(None));
        assert!(asking(Some("\"6-00ff\", \"7-00ff\"")));
        assert!(!asking(Some("W/\"8-00ff\"")));
        assert!(asking(Some("*")));
    }
}
