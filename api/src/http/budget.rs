//! The connection budgets (issue 42): how many connections and event streams the service
//! holds open, in all and for one client, and the share kept for the people signed in.
//!
//! Every open connection and every event stream holds a file descriptor for as long as it
//! lasts, and the process has a fixed number of them: a probe opened 20,000 idle
//! tournament streams from one address in 7.6 s, and every new connection then timed out,
//! the tablets' and `/health`'s included. So the descriptors are shared out (OWASP ASVS
//! 4.0 §11.1.4, anti-automation; §12.1: resources a client may hold):
//! - all connections: the descriptor limit, raised at start to what the system allows
//!   ([`raise_descriptor_limit`]), less a spare for the database pool, the files and the
//!   logs; beyond it the server accepts no more until one closes;
//! - anonymous clients (the hall's phones) have [`ANONYMOUS_SHARE`] of them, and
//!   [`Limits::connections_per_peer`] each: the rest is kept for the tablets and the
//!   staff, who never wait behind anonymous clients;
//! - anonymous event streams, the connections that last: half the connections in all,
//!   [`Limits::streams_per_peer`] each.
//!
//! A connection beyond its budget is refused at its first anonymous request: 503 with
//! `Retry-After`, and the connection closed. A signed-in request is served on any
//! connection, and `/health` too (its monitor must see the service up under a flood). A
//! peer is a connection's address; behind a trusted reverse proxy
//! (`ARBITRE_TRUSTED_PROXIES`), the proxy's own connections count in all but not as one
//! peer, and a stream's peer is the client the proxy names.

use crate::error::{ApiError, Exceeded};
use crate::peer::{self, TrustedProxies};
use actix_web::body::{BoxBody, MessageBody};
use actix_web::dev::{Extensions, ServiceRequest, ServiceResponse};
use actix_web::http::ConnectionType;
use actix_web::middleware::Next;
use actix_web::{web, HttpRequest, ResponseError};
use std::any::Any;
use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::{Arc, Mutex, PoisonError};

/// The descriptors kept for what is not a client's connection: the database pool, the
/// files read and written, the logs, the heavy-work pool.
const SPARE_DESCRIPTORS: u64 = 256;

/// The fewest connections in all, whatever the descriptor limit says.
const FEWEST_CONNECTIONS: usize = 64;

/// The anonymous clients' share of the connections, in quarters: the last quarter is the
/// tablets' and the staff's.
const ANONYMOUS_SHARE: usize = 3;

/// The limits, derived from the descriptor limit.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    /// Connections in all, signed-in ones included: the server accepts no more.
    pub connections: usize,
    /// Connections of anonymous clients, in all.
    pub anonymous_connections: usize,
    /// Connections of one anonymous client.
    pub connections_per_peer: usize,
    /// Event streams of anonymous clients, in all.
    pub anonymous_streams: usize,
    /// Event streams of one anonymous client.
    pub streams_per_peer: usize,
}

impl Limits {
    /// The limits of a process that may open `descriptors` files, with the per-client
    /// caps asked.
    pub fn from_descriptors(
        descriptors: u64,
        connections_per_peer: usize,
        streams_per_peer: usize,
    ) -> Limits {
        let connections = usize::try_from(descriptors.saturating_sub(SPARE_DESCRIPTORS))
            .unwrap_or(usize::MAX)
            .max(FEWEST_CONNECTIONS);
        Limits {
            connections,
            anonymous_connections: connections / 4 * ANONYMOUS_SHARE,
            connections_per_peer,
            anonymous_streams: connections / 2,
            streams_per_peer,
        }
    }

    /// The limits of this process as it runs now (its soft descriptor limit).
    pub fn of_this_process(connections_per_peer: usize, streams_per_peer: usize) -> Limits {
        let descriptors = rustix::process::getrlimit(rustix::process::Resource::Nofile)
            .current
            .unwrap_or(u64::MAX);
        Limits::from_descriptors(descriptors, connections_per_peer, streams_per_peer)
    }
}

/// Raises the soft descriptor limit to the hard one, where the system allows, and returns
/// the limit now in force: systemd and most shells start a process at 1,024, far below
/// what a hall's phones open, while the hard limit is often hundreds of thousands.
pub fn raise_descriptor_limit() -> u64 {
    use rustix::process::{getrlimit, setrlimit, Resource, Rlimit};
    let limit = getrlimit(Resource::Nofile);
    let raised = Rlimit {
        current: limit.maximum,
        maximum: limit.maximum,
    };
    if raised.current != limit.current {
        if let Err(error) = setrlimit(Resource::Nofile, raised) {
            tracing::warn!(%error, "cannot raise the file descriptor limit");
        }
    }
    getrlimit(Resource::Nofile).current.unwrap_or(u64::MAX)
}

/// Open things counted in all and by peer.
#[derive(Debug, Default)]
struct Tally {
    total: usize,
    by_peer: HashMap<IpAddr, usize>,
}

impl Tally {
    /// Counts one more, of `peer` if given: the counts in all and of the peer with it.
    fn open(&mut self, peer: Option<IpAddr>) -> (usize, usize) {
        self.total += 1;
        let of_peer = peer.map_or(0, |peer| {
            let count = self.by_peer.entry(peer).or_default();
            *count += 1;
            *count
        });
        (self.total, of_peer)
    }

    fn close(&mut self, peer: Option<IpAddr>) {
        self.total = self.total.saturating_sub(1);
        if let Some(peer) = peer {
            if let Some(count) = self.by_peer.get_mut(&peer) {
                *count -= 1;
                if *count == 0 {
                    self.by_peer.remove(&peer);
                }
            }
        }
    }
}

/// The service's budgets and what is open against them.
#[derive(Debug)]
pub struct Budget {
    limits: Limits,
    connections: Mutex<Tally>,
    streams: Mutex<Tally>,
}

impl Budget {
    pub fn new(limits: Limits) -> Arc<Budget> {
        Arc::new(Budget {
            limits,
            connections: Mutex::default(),
            streams: Mutex::default(),
        })
    }

    pub fn limits(&self) -> Limits {
        self.limits
    }

    /// Counts a connection just accepted from `peer` (`None`: a trusted proxy, counted in
    /// all only).
    fn connect(self: &Arc<Budget>, peer: Option<IpAddr>) -> Connection {
        let counts = lock(&self.connections).open(peer);
        Connection {
            budget: self.clone(),
            peer,
            opened_beyond: self.beyond(counts),
        }
    }

    /// Whether `(in all, of the peer)` connections are beyond the anonymous budget.
    fn beyond(&self, (total, of_peer): (usize, usize)) -> bool {
        total > self.limits.anonymous_connections || of_peer > self.limits.connections_per_peer
    }

    /// A stream for `request`'s caller, or 503 when an anonymous caller is at its budget.
    /// A signed-in caller's stream is not counted: its connection was.
    pub fn stream(self: &Arc<Budget>, request: &HttpRequest) -> Result<Stream, ApiError> {
        if !crate::http::conditional::anonymous(request) {
            return Ok(Stream(None));
        }
        let peer = peer::client(request);
        let (total, of_peer) = lock(&self.streams).open(peer);
        let stream = Stream(Some((self.clone(), peer)));
        if total > self.limits.anonymous_streams || of_peer > self.limits.streams_per_peer {
            return Err(ApiError::OverBudget(Exceeded::Streams));
        }
        Ok(stream)
    }

    /// What is open now: connections and anonymous streams.
    pub fn open(&self) -> (usize, usize) {
        (lock(&self.connections).total, lock(&self.streams).total)
    }

    /// The server's hook on each connection it accepts (`HttpServer::on_connect`): the
    /// connection is counted while it lasts.
    pub fn on_connect(
        self: Arc<Budget>,
        proxies: TrustedProxies,
    ) -> impl Fn(&dyn Any, &mut Extensions) + Send + Sync + 'static {
        move |connection, extensions| {
            let peer = connection
                .downcast_ref::<actix_web::rt::net::TcpStream>()
                .and_then(|connection| connection.peer_addr().ok())
                .map(|address| address.ip())
                .filter(|peer| !proxies.trusts(Some(*peer)));
            extensions.insert(self.connect(peer));
        }
    }
}

fn lock(tally: &Mutex<Tally>) -> std::sync::MutexGuard<'_, Tally> {
    tally.lock().unwrap_or_else(PoisonError::into_inner)
}

/// An open connection, counted until it closes (the server drops its data).
#[derive(Debug)]
struct Connection {
    budget: Arc<Budget>,
    peer: Option<IpAddr>,
    /// Whether it opened beyond the anonymous budget.
    opened_beyond: bool,
}

impl Connection {
    /// Whether an anonymous request on this connection is refused: it opened beyond the
    /// budget (the connections that came first are served), and the budget is still
    /// exceeded (once others closed, it is served).
    fn beyond(&self) -> bool {
        if !self.opened_beyond {
            return false;
        }
        let tally = lock(&self.budget.connections);
        let of_peer = self
            .peer
            .and_then(|peer| tally.by_peer.get(&peer).copied())
            .unwrap_or(0);
        self.budget.beyond((tally.total, of_peer))
    }
}

impl Drop for Connection {
    fn drop(&mut self) {
        lock(&self.budget.connections).close(self.peer);
    }
}

/// An anonymous event stream, counted until it ends (dropped with its task); a signed-in
/// caller's holds nothing.
#[derive(Debug)]
pub struct Stream(Option<(Arc<Budget>, Option<IpAddr>)>);

impl Drop for Stream {
    fn drop(&mut self) {
        if let Some((budget, peer)) = &self.0 {
            lock(&budget.streams).close(*peer);
        }
    }
}

/// The paths served on any connection: the monitor's.
const ALWAYS: [&str; 2] = ["/health", "/ready"];

/// The middleware, after the caller is known: an anonymous request on a connection
/// beyond the budget is refused (503, `Retry-After`) and its connection closed.
pub async fn admit(
    request: ServiceRequest,
    next: Next<impl MessageBody + 'static>,
) -> Result<ServiceResponse<BoxBody>, actix_web::Error> {
    let beyond = request
        .conn_data::<Connection>()
        .is_some_and(Connection::beyond);
    if beyond
        && !ALWAYS.contains(&request.path())
        && crate::http::conditional::anonymous(request.request())
    {
        let mut response = ApiError::OverBudget(Exceeded::Connections).error_response();
        response
            .head_mut()
            .set_connection_type(ConnectionType::Close);
        return Ok(request.into_response(response));
    }
    Ok(next.call(request).await?.map_into_boxed_body())
}

/// The budget in the app's data.
pub fn of(request: &HttpRequest) -> Result<Arc<Budget>, ApiError> {
    request
        .app_data::<web::Data<Budget>>()
        .map(|budget| budget.clone().into_inner())
        .ok_or_else(|| ApiError::internal("no connection budget in the app data"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_limits_follow_the_descriptors_and_keep_a_quarter_for_the_signed_in() {
        let limits = Limits::from_descriptors(20_000, 64, 16);
        assert_eq!(limits.connections, 19_744);
        assert_eq!(limits.anonymous_connections, 14_808);
        assert_eq!(limits.anonymous_streams, 9_872);
        // A process started at 1,024 (or less) still takes some.
        assert_eq!(Limits::from_descriptors(100, 64, 16).connections, 64);
    }

    #[test]
    fn a_connection_beyond_its_peers_budget_or_the_anonymous_budget_is_marked() {
        let budget = Budget::new(Limits {
            connections: 8,
            anonymous_connections: 6,
            connections_per_peer: 2,
            anonymous_streams: 4,
            streams_per_peer: 2,
        });
        let one: IpAddr = [10, 0, 0, 1].into();
        let two: IpAddr = [10, 0, 0, 2].into();
        let first = budget.connect(Some(one));
        let second = budget.connect(Some(one));
        let third = budget.connect(Some(one));
        assert!(!first.beyond() && !second.beyond() && third.beyond());
        drop(first);
        assert!(!third.beyond(), "one closed: the third is within now");
        drop(third);
        assert!(!budget.connect(Some(one)).beyond(), "room again");
        let others: Vec<_> = (0..6).map(|_| budget.connect(None)).collect();
        assert!(others[..5].iter().all(|connection| !connection.beyond()));
        assert!(others[5].beyond(), "seven open: beyond the anonymous six");
        assert!(budget.connect(Some(two)).beyond());
        drop(others);
        assert_eq!(budget.open().0, 1);
    }
}
