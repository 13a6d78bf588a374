//! Who is at the other end of a request, and which origin they reached.
//!
//! `X-Forwarded-*` and `Forwarded` (RFC 7239) are written by whoever sends the request:
//! they say where a request came from and how only when a reverse proxy this server trusts
//! wrote them. So they are read only from the peers named in `ARBITRE_TRUSTED_PROXIES`
//! (OWASP ASVS 4.0 §1.14 and §3.4: the session cookie's `Secure` flag and the `Origin`
//! check must not rest on a header any client can set); from any other peer the origin is
//! the connection's own: plain HTTP (arbitre serves no TLS itself) and its `Host` header.

use crate::error::ApiError;
use actix_web::http::header;
use actix_web::HttpRequest;
use std::net::IpAddr;
use std::sync::Arc;

/// The reverse proxies whose forwarding headers are believed.
#[derive(Debug, Clone, Default)]
pub struct TrustedProxies(Arc<[IpAddr]>);

impl TrustedProxies {
    pub fn new(proxies: Vec<IpAddr>) -> TrustedProxies {
        TrustedProxies(proxies.into())
    }

    /// Whether `peer`'s forwarding headers are believed.
    pub fn trusts(&self, peer: Option<IpAddr>) -> bool {
        peer.is_some_and(|peer| self.0.contains(&peer))
    }
}

/// The address of the client of `request`: the connection's peer, or the client a trusted
/// proxy names (`Forwarded: for=`, `X-Forwarded-For`).
pub fn client(request: &HttpRequest) -> Option<IpAddr> {
    let peer = request.peer_addr().map(|address| address.ip());
    let proxies = request
        .app_data::<actix_web::web::Data<TrustedProxies>>()
        .map(|proxies| proxies.get_ref().clone())
        .unwrap_or_default();
    if !proxies.trusts(peer) {
        return peer;
    }
    let info = request.connection_info();
    let Some(forwarded) = info.realip_remote_addr() else {
        return peer;
    };
    forwarded
        .parse::<IpAddr>()
        .ok()
        .or_else(|| {
            forwarded
                .parse::<std::net::SocketAddr>()
                .ok()
                .map(|address| address.ip())
        })
        .or(peer)
}

/// The refusal of a request that changes state with a page's session cookie but that no
/// page of this server sent (its `Origin`, [`Origin::sent`]): another site's form.
pub const FOREIGN_FORM: ApiError = ApiError::Forbidden("send this form from a page of this server");

/// The scheme and host a request reached: `https://hall.example` behind a trusted proxy
/// that terminates TLS, the connection's own otherwise.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Origin {
    pub scheme: String,
    pub host: String,
}

impl Origin {
    /// The origin of `request`, with the forwarding headers believed from `proxies` only.
    pub fn of(request: &HttpRequest) -> Origin {
        let proxies = request
            .app_data::<actix_web::web::Data<TrustedProxies>>()
            .map(|proxies| proxies.get_ref().clone())
            .unwrap_or_default();
        let peer = request.peer_addr().map(|address| address.ip());
        if proxies.trusts(peer) {
            let info = request.connection_info();
            return Origin {
                scheme: info.scheme().to_string(),
                host: info.host().to_string(),
            };
        }
        let host = request
            .headers()
            .get(header::HOST)
            .and_then(|value| value.to_str().ok())
            .map(str::to_string)
            .or_else(|| request.uri().authority().map(ToString::to_string))
            .unwrap_or_else(|| request.app_config().host().to_string());
        Origin {
            scheme: "http".to_string(),
            host,
        }
    }

    /// How the `Origin` header (RFC 6454) of a page of this origin reads.
    pub fn serialized(&self) -> String {
        format!("{}://{}", self.scheme, self.host)
    }

    /// Whether a cookie set for this origin may be marked `Secure`.
    pub fn is_https(&self) -> bool {
        self.scheme == "https"
    }

    /// Whether `request` was sent by a page of this origin: its `Origin` header, which
    /// every browser sends with a form's `POST` and a script's `fetch`, names it.
    pub fn sent(request: &HttpRequest) -> bool {
        let expected = Origin::of(request).serialized();
        request
            .headers()
            .get(header::ORIGIN)
            .and_then(|value| value.to_str().ok())
            == Some(expected.as_str())
    }
}
