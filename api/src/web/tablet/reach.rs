//! Whether the tables' tablets can reach this service at the address the organizer's page
//! was opened with. The sign-in links and their QR codes carry that address: opened at
//! `127.0.0.1` or `localhost` (a laptop's own browser), they send every tablet to itself,
//! and a service bound to a loopback address (`ARBITRE_BIND`'s default) is reached by no
//! other machine at all. The tablets' page says so, with this machine's other addresses
//! to open it at instead.

use actix_web::HttpRequest;
use std::net::{IpAddr, SocketAddr};

/// The warning the tablets' page shows, when there is one.
pub struct Unreachable {
    /// The address the page was opened with (`127.0.0.1:8080`).
    pub opened_at: String,
    /// The service listens on a loopback address only: no tablet reaches it whatever the
    /// link, until it is started again with `ARBITRE_BIND=0.0.0.0:<port>`.
    pub bound_to_loopback: bool,
    /// The port the service listens on.
    pub port: u16,
    /// This machine's other addresses, each as the tablets' page at that address (reached
    /// once the service listens there).
    pub elsewhere: Vec<String>,
}

/// Whether `host` (as a `Host` header names it: `name`, `name:port`, `[v6]:port`) is
/// a loopback one.
fn is_loopback_host(host: &str) -> bool {
    let name = match host.strip_prefix('[') {
        Some(rest) => rest.split(']').next().unwrap_or(rest),
        None => host.rsplit_once(':').map_or(host, |(name, _)| name),
    };
    name.eq_ignore_ascii_case("localhost")
        || name
            .parse::<IpAddr>()
            .is_ok_and(|address| address.is_loopback())
}

/// The URL of `path` on this service at `address`.
fn at(address: IpAddr, port: u16, scheme: &str, path: &str) -> String {
    format!("{scheme}://{}{path}", SocketAddr::new(address, port))
}

/// This machine's addresses other than the loopback ones (IPv4 first: what a person
/// types), or none when they cannot be read.
fn other_addresses() -> Vec<IpAddr> {
    let mut addresses: Vec<IpAddr> = if_addrs::get_if_addrs()
        .unwrap_or_default()
        .into_iter()
        .filter(|interface| !interface.is_loopback() && !interface.is_link_local())
        .map(|interface| interface.ip())
        .collect();
    addresses.sort_by_key(|address| (address.is_ipv6(), *address));
    addresses.dedup();
    addresses
}

/// The warning for the page of `path` opened by `request`, or `None` when the tablets
/// reach the service at the address it was opened with.
pub fn unreachable(request: &HttpRequest, path: &str) -> Option<Unreachable> {
    let info = request.connection_info();
    let listening = request.app_config().local_addr();
    let bound_to_loopback = listening.ip().is_loopback();
    if !bound_to_loopback && !is_loopback_host(info.host()) {
        return None;
    }
    let port = listening.port();
    let elsewhere = other_addresses()
        .into_iter()
        .map(|address| at(address, port, info.scheme(), path))
        .collect();
    Some(Unreachable {
        opened_at: info.host().to_string(),
        bound_to_loopback,
        port,
        elsewhere,
    })
}

#[cfg(test)]
mod tests {
    use super::is_loopback_host;

    #[test]
    fn loopback_hosts_are_told_from_the_others() {
        for host in [
            "127.0.0.1:8080",
            "localhost",
            "LOCALHOST:80",
            "[::1]:8080",
            "127.1.2.3",
        ] {
            assert!(is_loopback_host(host), "{host}");
        }
        for host in [
            "192.168.1.20:8080",
            "arbitre.local",
            "[fe80::1]:8080",
            "10.0.0.2",
        ] {
            assert!(!is_loopback_host(host), "{host}");
        }
    }
}
