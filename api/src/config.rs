//! Configuration from the environment, with defaults that serve on a fresh machine.

use std::net::SocketAddr;
use std::path::PathBuf;

/// `ARBITRE_LOG_FORMAT`: JSON lines for machines, text for people.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LogFormat {
    Json,
    Text,
}

/// Anonymous reads admitted per second, and at once, by default: far above what a hall's
/// phones need (each reads again when an event tells it something changed; 400 phones can
/// all reload at once), far below what two cores answer, so that the tablets keep them.
pub const DEFAULT_ANONYMOUS_READS: u32 = 400;

/// The reads a second (and at once) of one anonymous client by default: a phone reloads a
/// page when an event tells it something changed, a few times a minute; twenty lets a
/// tab or two and their retries through, and keeps a client reading back to back from
/// taking the whole anonymous share. See `services::admission::Fairness`.
pub const DEFAULT_PEER_READS: u32 = 20;

/// The anonymous streams one client may hold by default: a phone follows one tournament
/// (one stream a tab); a few phones behind one address (a family, a club's router) fit.
pub const DEFAULT_STREAMS_PER_PEER: usize = 16;

/// The connections one anonymous client may hold by default: a browser opens six to a
/// host, and the phones of a club behind one router share an address.
pub const DEFAULT_CONNECTIONS_PER_PEER: usize = 64;

/// The bytes a second (and at once) sent to one anonymous client by default: 2 MiB, some
/// 17 Mbit/s, more than a phone on a hall's Wi-Fi receives (a 2,000-player tournament's
/// standings are 85 KB with gzip).
pub const DEFAULT_PEER_BYTES: u64 = 2 << 20;

/// What the caches keep at most, in bytes, each weighed by what it holds (see
/// `docs/operations.md`); past its budget a cache lets go of what was read least recently.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CacheBudgets {
    /// `ARBITRE_READS_BYTES`: the standings and exports, plain and gzip; default 256 MiB
    /// (the standings of 20,000 players are 11.7 MB, gzip 1.5 MB).
    pub reads: u64,
    /// `ARBITRE_PAGES_BYTES`: the public and dashboard pages as rendered; default 128 MiB.
    pub pages: u64,
    /// `ARBITRE_DRAFTS_BYTES`: the drafts as JSON; default 64 MiB (a 2,000-player round's
    /// is some 300 KB).
    pub drafts: u64,
    /// `ARBITRE_RATING_INDEXES_BYTES`: the rating lists' search indexes, built on a
    /// list's first search; default 256 MiB (the EGD's whole world, 90,000 players, is
    /// some 60 MiB indexed).
    pub rating_indexes: u64,
}

impl Default for CacheBudgets {
    fn default() -> CacheBudgets {
        CacheBudgets {
            reads: 256 << 20,
            pages: 128 << 20,
            drafts: 64 << 20,
            rating_indexes: 256 << 20,
        }
    }
}

#[derive(Debug, Clone)]
pub struct Config {
    /// `DATABASE_URL`; without it arbitre runs its own PostgreSQL in `data_dir`.
    pub database_url: Option<String>,
    /// `ARBITRE_BIND`, default `127.0.0.1:8080`.
    pub bind: SocketAddr,
    pub log_format: LogFormat,
    /// `ARBITRE_DATA_DIR`, default `./data/postgres`: the own cluster's files.
    pub data_dir: PathBuf,
    /// `ARBITRE_WORKERS`: actix workers, default the number of cores.
    pub workers: Option<usize>,
    /// `ARBITRE_POOL_SIZE`: most database connections, default 16.
    pub pool_size: usize,
    /// `ARBITRE_ANONYMOUS_READS`: anonymous reads admitted per second (and at once),
    /// default [`DEFAULT_ANONYMOUS_READS`].
    pub anonymous_reads: u32,
    /// `ARBITRE_PEER_READS`: reads a second (and at once) of one anonymous client,
    /// default [`DEFAULT_PEER_READS`].
    pub peer_reads: u32,
    /// `ARBITRE_PEER_BYTES`: bytes a second (and at once) sent to one anonymous client,
    /// default [`DEFAULT_PEER_BYTES`].
    pub peer_bytes: u64,
    /// `ARBITRE_CONNECTIONS_PER_PEER`: connections one anonymous client may hold, default
    /// [`DEFAULT_CONNECTIONS_PER_PEER`].
    pub connections_per_peer: usize,
    /// `ARBITRE_STREAMS_PER_PEER`: event streams one anonymous client may hold, default
    /// [`DEFAULT_STREAMS_PER_PEER`].
    pub streams_per_peer: usize,
    /// `ARBITRE_TRUSTED_PROXIES`: the addresses of the reverse proxies whose
    /// `X-Forwarded-*` and `Forwarded` headers are believed, comma-separated; default none
    /// (see [`crate::peer`]).
    pub trusted_proxies: Vec<std::net::IpAddr>,
    pub caches: CacheBudgets,
}

#[derive(Debug, thiserror::Error)]
#[error("{variable}={value:?} is invalid: {reason}")]
pub struct ConfigError {
    variable: &'static str,
    value: String,
    reason: String,
}

impl Config {
    pub fn from_env() -> Result<Config, ConfigError> {
        let read = |variable: &'static str| {
            std::env::var(variable)
                .ok()
                .filter(|value| !value.is_empty())
        };
        let invalid = |variable: &'static str, value: &str, reason: &str| ConfigError {
            variable,
            value: value.to_string(),
            reason: reason.to_string(),
        };
        let bind = match read("ARBITRE_BIND") {
            Some(value) => value.parse().map_err(|_| {
                invalid(
                    "ARBITRE_BIND",
                    &value,
                    "expected host:port, e.g. 0.0.0.0:8080",
                )
            })?,
            None => SocketAddr::from(([127, 0, 0, 1], 8080)),
        };
        let log_format = match read("ARBITRE_LOG_FORMAT").as_deref() {
            None | Some("json") => LogFormat::Json,
            Some("text") => LogFormat::Text,
            Some(other) => {
                return Err(invalid(
                    "ARBITRE_LOG_FORMAT",
                    other,
                    "expected json or text",
                ))
            }
        };
        let count = |variable: &'static str| -> Result<Option<usize>, ConfigError> {
            match read(variable) {
                None => Ok(None),
                Some(value) => match value.parse::<usize>() {
                    Ok(count) if count > 0 => Ok(Some(count)),
                    _ => Err(invalid(variable, &value, "expected a positive number")),
                },
            }
        };
        let bytes = |variable: &'static str, default: u64| -> Result<u64, ConfigError> {
            Ok(count(variable)?.map_or(default, |bytes| u64::try_from(bytes).unwrap_or(u64::MAX)))
        };
        let budgets = CacheBudgets::default();
        let caches = CacheBudgets {
            reads: bytes("ARBITRE_READS_BYTES", budgets.reads)?,
            pages: bytes("ARBITRE_PAGES_BYTES", budgets.pages)?,
            drafts: bytes("ARBITRE_DRAFTS_BYTES", budgets.drafts)?,
            rating_indexes: bytes("ARBITRE_RATING_INDEXES_BYTES", budgets.rating_indexes)?,
        };
        Ok(Config {
            database_url: read("DATABASE_URL"),
            bind,
            log_format,
            data_dir: read("ARBITRE_DATA_DIR")
                .map_or_else(|| PathBuf::from("data/postgres"), PathBuf::from),
            workers: count("ARBITRE_WORKERS")?,
            pool_size: count("ARBITRE_POOL_SIZE")?.unwrap_or(16),
            anonymous_reads: match count("ARBITRE_ANONYMOUS_READS")? {
                None => DEFAULT_ANONYMOUS_READS,
                Some(rate) => u32::try_from(rate).map_err(|_| {
                    invalid("ARBITRE_ANONYMOUS_READS", &rate.to_string(), "too large")
                })?,
            },
            peer_reads: match count("ARBITRE_PEER_READS")? {
                None => DEFAULT_PEER_READS,
                Some(rate) => u32::try_from(rate)
                    .map_err(|_| invalid("ARBITRE_PEER_READS", &rate.to_string(), "too large"))?,
            },
            peer_bytes: bytes("ARBITRE_PEER_BYTES", DEFAULT_PEER_BYTES)?,
            connections_per_peer: count("ARBITRE_CONNECTIONS_PER_PEER")?
                .unwrap_or(DEFAULT_CONNECTIONS_PER_PEER),
            streams_per_peer: count("ARBITRE_STREAMS_PER_PEER")?
                .unwrap_or(DEFAULT_STREAMS_PER_PEER),
            trusted_proxies: match read("ARBITRE_TRUSTED_PROXIES") {
                None => Vec::new(),
                Some(value) => value
                    .split(',')
                    .map(|address| address.trim().parse())
                    .collect::<Result<_, _>>()
                    .map_err(|_| {
                        invalid(
                            "ARBITRE_TRUSTED_PROXIES",
                            &value,
                            "expected IP addresses separated by commas, e.g. 127.0.0.1,::1",
                        )
                    })?,
            },
            caches,
        })
    }
}
