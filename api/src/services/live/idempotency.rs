//! `Idempotency-Key`: a retried write returns the response of the first, recorded once.
//!
//! The key and the response are stored in the transaction of the write itself, after the
//! game's lock is taken: a retry waits for the first attempt, then finds its response;
//! a key reused for a different request is refused.

use crate::auth::Caller;
use crate::error::{ApiError, FieldError};
use actix_web::dev::Payload;
use actix_web::{FromRequest, HttpRequest};
use serde::Serialize;
use sha2::{Digest, Sha256};
use std::future::Future;
use std::pin::Pin;

pub const HEADER: &str = "idempotency-key";

/// The `Idempotency-Key` header of a request, if any (1 to 200 visible ASCII characters).
/// Judged after the caller (see [`crate::auth::Caller`]): a request without valid
/// credentials gets 401 whatever its key, as whatever its body.
#[derive(Debug, Clone)]
pub struct IdempotencyKey(pub Option<String>);

impl IdempotencyKey {
    /// The key of `request`'s header, if any: 1 to 200 visible ASCII characters.
    pub fn of(request: &HttpRequest) -> Result<IdempotencyKey, ApiError> {
        match request.headers().get(HEADER) {
            None => Ok(IdempotencyKey(None)),
            Some(value) => match value.to_str() {
                Ok(key)
                    if (1..=200).contains(&key.len())
                        && key.bytes().all(|byte| byte.is_ascii_graphic()) =>
                {
                    Ok(IdempotencyKey(Some(key.to_string())))
                }
                _ => Err(ApiError::Validation(vec![FieldError::new(
                    "Idempotency-Key",
                    "must be 1 to 200 visible ASCII characters",
                )])),
            },
        }
    }
}

impl FromRequest for IdempotencyKey {
    type Error = ApiError;
    type Future = Pin<Box<dyn Future<Output = Result<IdempotencyKey, ApiError>>>>;

    fn from_request(request: &HttpRequest, payload: &mut Payload) -> Self::Future {
        let caller = Caller::from_request(request, payload);
        let key = IdempotencyKey::of(request);
        Box::pin(async move {
            if let Caller::Anonymous = caller.await? {
                return Err(ApiError::MissingToken);
            }
            key
        })
    }
}

/// What makes two requests the same: method, path and body.
pub fn fingerprint(method: &str, path: &str, body: &serde_json::Value) -> Vec<u8> {
    let mut hasher = Sha256::new();
    hasher.update(method.as_bytes());
    hasher.update([0]);
    hasher.update(path.as_bytes());
    hasher.update([0]);
    hasher.update(body.to_string().as_bytes());
    hasher.finalize().to_vec()
}

/// The request's identity for `Idempotency-Key`.
pub fn fingerprint_of(
    request: &actix_web::HttpRequest,
    body: &impl Serialize,
) -> Result<Vec<u8>, ApiError> {
    let body = serde_json::to_value(body).map_err(ApiError::internal)?;
    Ok(fingerprint(
        request.method().as_str(),
        request.path(),
        &body,
    ))
}
