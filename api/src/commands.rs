//! The service's subcommands: `serve`, `migrate`, `token create`, `ratings import`,
//! `openapi`.
//!
//! Each works against `DATABASE_URL`, or, without it, against arbitre's own PostgreSQL in
//! `ARBITRE_DATA_DIR` (default `./data/postgres`), started for the command and stopped after.
//! `arbitre serve` holds the data folder's lock for as long as it serves, so that a one-off
//! command run meanwhile (`token create` for a new referee) works through the served cluster
//! and leaves it running, and a second `serve` on the same folder is refused.

use crate::access::Role;
use crate::config::{Config, LogFormat};
use crate::error::cause_chain;
use crate::postgres::{Cluster, ClusterError};
use crate::{db, openapi, server};
use clap::{Args, Subcommand};
use sha2::{Digest, Sha256};
use std::fs::{File, TryLockError};
use std::net::{SocketAddr, TcpListener};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::{Duration, Instant};
use uuid::Uuid;

type BoxError = Box<dyn std::error::Error + Send + Sync>;

/// The database of the own cluster.
const OWN_DATABASE: &str = "arbitre";

/// What a command does with the own cluster.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Usage {
    /// `arbitre serve`: the only user of the data folder while it runs.
    Serve,
    /// A one-off command: alone, or beside a running `arbitre serve`.
    OneOff,
}

/// A database to work on, and the own cluster to stop afterwards (if this command started it),
/// with the data folder's lock held until then.
struct Database {
    url: String,
    own_cluster: Option<(Cluster, File)>,
}

impl Database {
    /// `DATABASE_URL`, or the own cluster, initialised once and started now, with its
    /// database created and migrated.
    async fn open(config: &Config, usage: Usage) -> Result<Database, BoxError> {
        if let Some(url) = &config.database_url {
            return Ok(Database {
                url: url.clone(),
                own_cluster: None,
            });
        }
        let cluster = Cluster::new(&config.data_dir, &own_socket_dir(&config.data_dir)?)?;
        let lock = data_folder_lock(&config.data_dir)?;
        let locked = match usage {
            Usage::Serve => lock_or_wait(&lock).await,
            Usage::OneOff => lock.try_lock(),
        };
        match (locked, usage) {
            (Ok(()), _) => {}
            (Err(TryLockError::WouldBlock), Usage::OneOff) => {
                tracing::info!(
                    "arbitre serve is running on this data folder: using its PostgreSQL"
                );
                return Ok(Database {
                    url: cluster.url(OWN_DATABASE),
                    own_cluster: None,
                });
            }
            (Err(TryLockError::WouldBlock), Usage::Serve) => {
                return Err(format!(
                "another arbitre serve is running on {}: stop it first, or set ARBITRE_DATA_DIR",
                config.data_dir.display()
            )
                .into())
            }
            (Err(TryLockError::Error(error)), _) => return Err(error.into()),
        }
        if cluster.ensure_initialised()? {
            tracing::info!(data_dir = %cluster.data_dir().display(), "initialised a PostgreSQL cluster");
        }
        // With the lock held, a server found running was left by an arbitre that died.
        cluster.start()?;
        let database = Database {
            url: cluster.url(OWN_DATABASE),
            own_cluster: Some((cluster.clone(), lock)),
        };
        let maintenance = cluster.url("postgres");
        let prepared = async {
            if !db::database_exists(&maintenance, OWN_DATABASE).await? {
                db::create_database(&maintenance, OWN_DATABASE, None).await?;
            }
            Ok::<_, BoxError>(())
        }
        .await;
        match prepared {
            Ok(()) => Ok(database),
            Err(error) => {
                database.close();
                Err(error)
            }
        }
    }

    /// Stops the own cluster if this command started it, then lets the lock go.
    fn close(self) {
        if let Some((cluster, _lock)) = self.own_cluster {
            match cluster.stop() {
                Ok(()) => tracing::info!("stopped the own PostgreSQL"),
                Err(error) => tracing::error!(%error, "could not stop the own PostgreSQL"),
            }
        }
    }
}

/// How long `arbitre serve` waits for the data folder's lock before refusing: a serve
/// killed a moment ago (`kill -9`, then a restart at once) holds it until the kernel has
/// torn the dead process down, which takes a while for a process with many threads,
/// connections and pages; a serve that is really running holds it for good.
const LOCK_WAIT: Duration = Duration::from_secs(10);

/// How often the lock is tried again meanwhile.
const LOCK_RETRY: Duration = Duration::from_millis(100);

/// Takes `lock`, trying again for [`LOCK_WAIT`] while another process holds it.
async fn lock_or_wait(lock: &File) -> Result<(), TryLockError> {
    let deadline = Instant::now() + LOCK_WAIT;
    let mut waiting = false;
    loop {
        match lock.try_lock() {
            Err(TryLockError::WouldBlock) if Instant::now() < deadline => {
                if !waiting {
                    tracing::warn!(
                        "the data folder is locked (by a serve still running, or one just killed): waiting for it"
                    );
                    waiting = true;
                }
                tokio::time::sleep(LOCK_RETRY).await;
            }
            taken => return taken,
        }
    }
}

/// The lock file beside the data folder (`data/postgres.lock` for `data/postgres`): the
/// data folder itself belongs to the server's OS user.
fn data_folder_lock(data_dir: &Path) -> Result<File, ClusterError> {
    let mut path = data_dir.as_os_str().to_owned();
    path.push(".lock");
    let path = PathBuf::from(path);
    let io_error = |source| ClusterError::Io {
        path: path.clone(),
        source,
    };
    if let Some(parent) = path
        .parent()
        .filter(|parent| !parent.as_os_str().is_empty())
    {
        std::fs::create_dir_all(parent).map_err(io_error)?;
    }
    File::options()
        .create(true)
        .truncate(false)
        .write(true)
        .open(&path)
        .map_err(io_error)
}

/// A private socket folder per data folder, short enough for a unix socket path.
fn own_socket_dir(data_dir: &Path) -> Result<PathBuf, ClusterError> {
    let absolute = std::path::absolute(data_dir).map_err(|source| ClusterError::Io {
        path: data_dir.to_path_buf(),
        source,
    })?;
    let digest = Sha256::digest(absolute.as_os_str().as_encoded_bytes());
    let tag: String = digest
        .iter()
        .take(6)
        .map(|byte| format!("{byte:02x}"))
        .collect();
    Ok(std::env::temp_dir().join(format!("arbitre-pg-{tag}")))
}

fn init_logs(format: LogFormat) {
    let filter = tracing_subscriber::EnvFilter::try_from_default_env()
        .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("info"));
    let builder = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(std::io::stderr);
    let _ = match format {
        LogFormat::Json => builder
            .json()
            .with_current_span(true)
            .with_span_list(false)
            .try_init(),
        LogFormat::Text => builder.try_init(),
    };
}

fn config_or_exit() -> Result<Config, ExitCode> {
    Config::from_env().map_err(|error| {
        eprintln!("arbitre: {error}");
        ExitCode::from(2)
    })
}

fn finish(result: Result<(), BoxError>) -> ExitCode {
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            let chain = cause_chain(error.as_ref());
            tracing::error!(cause = %chain, "arbitre failed");
            eprintln!("arbitre: {chain}");
            ExitCode::FAILURE
        }
    }
}

/// `arbitre serve`: migrate, then serve until SIGINT or SIGTERM.
pub fn serve() -> ExitCode {
    let config = match config_or_exit() {
        Ok(config) => config,
        Err(code) => return code,
    };
    init_logs(config.log_format);
    finish(actix_web::rt::System::new().block_on(async move {
        let database = Database::open(&config, Usage::Serve).await?;
        let served = serve_on(&config, &database.url).await;
        database.close();
        served
    }))
}

async fn serve_on(config: &Config, url: &str) -> Result<(), BoxError> {
    let applied = db::migrate_blocking(url)?;
    tracing::info!(migrations = applied.len(), "database migrated");
    let pool = db::pool(url, config.pool_size)?;
    let listener = TcpListener::bind(config.bind)?;
    let descriptors = crate::http::budget::raise_descriptor_limit();
    let budget = crate::http::budget::Limits::from_descriptors(
        descriptors,
        config.connections_per_peer,
        config.streams_per_peer,
    );
    tracing::info!(
        descriptors,
        connections = budget.connections,
        anonymous_connections = budget.anonymous_connections,
        anonymous_streams = budget.anonymous_streams,
        "connection budgets"
    );
    tracing::info!(address = %config.bind, "serving");
    let clock = crate::services::live::ServerClock::default();
    print_first_admin_link(&pool, config.bind, &clock).await?;
    server::run_until_signal(server::build(
        listener,
        pool,
        server::Capacity {
            workers: config.workers,
            anonymous_reads: config.anonymous_reads,
            peer_reads: config.peer_reads,
            peer_bytes: config.peer_bytes,
            trusted_proxies: crate::peer::TrustedProxies::new(config.trusted_proxies.clone()),
            budget,
            caches: config.caches,
        },
        clock,
    )?)
    .await?;
    tracing::info!("stopped serving");
    Ok(())
}

/// With no admin yet, prints on the console the one-time link that signs the first admin
/// in (as Jupyter prints its token): the person at this machine opens it, and does the
/// rest from the pages.
async fn print_first_admin_link(
    pool: &db::DbPool,
    bind: SocketAddr,
    clock: &crate::services::live::ServerClock,
) -> Result<(), BoxError> {
    let mut connection = pool.get().await?;
    let Some((code, expires_at)) =
        crate::services::sign_in::first_admin(&mut connection, clock.now()).await?
    else {
        return Ok(());
    };
    // The console is this machine's: its loopback reaches the service whatever it binds.
    let host = match bind.ip() {
        ip if ip.is_unspecified() => std::net::IpAddr::from([127, 0, 0, 1]),
        ip => ip,
    };
    let origin = SocketAddr::new(host, bind.port());
    tracing::info!("no admin yet: the first admin's sign-in link is printed on the console");
    println!(
        "\nNo admin yet. Sign in as the first admin by opening this link in a browser on this \
         machine (it works once, until {}):\n\n    http://{origin}/sign-in/link/{code}\n",
        expires_at.format("%H:%M UTC")
    );
    Ok(())
}

/// `arbitre migrate`: runs the pending migrations.
pub fn migrate() -> ExitCode {
    let config = match config_or_exit() {
        Ok(config) => config,
        Err(code) => return code,
    };
    init_logs(LogFormat::Text);
    finish(actix_web::rt::System::new().block_on(async move {
        let database = Database::open(&config, Usage::OneOff).await?;
        let migrated = db::migrate_blocking(&database.url);
        database.close();
        for version in migrated? {
            println!("applied {version}");
        }
        Ok(())
    }))
}

#[derive(Debug, Subcommand)]
pub enum TokenCommand {
    /// Issue a token and print its secret (shown once).
    Create(TokenArguments),
}

#[derive(Debug, Args)]
pub struct TokenArguments {
    /// admin, organizer, referee or table.
    #[arg(long)]
    pub role: Role,
    /// The tournament of an organizer or referee token.
    #[arg(long)]
    pub tournament: Option<Uuid>,
    /// The game (pairing id) a table token is bound to.
    #[arg(long = "game")]
    pub game: Option<Uuid>,
    /// The table number a table token is bound to (with --tournament): its tablet follows
    /// the rounds.
    #[arg(long)]
    pub table: Option<i32>,
    /// Who holds it.
    #[arg(long, default_value = "")]
    pub label: String,
}

/// `arbitre token create`: prints the secret on stdout, nothing else.
pub fn token(command: TokenCommand) -> ExitCode {
    let TokenCommand::Create(arguments) = command;
    let config = match config_or_exit() {
        Ok(config) => config,
        Err(code) => return code,
    };
    init_logs(LogFormat::Text);
    finish(actix_web::rt::System::new().block_on(async move {
        let database = Database::open(&config, Usage::OneOff).await?;
        let issued = issue_token(&database.url, arguments).await;
        database.close();
        println!("{}", issued?);
        Ok(())
    }))
}

async fn issue_token(url: &str, arguments: TokenArguments) -> Result<String, BoxError> {
    use diesel_async::AsyncConnection;
    db::migrate_blocking(url)?;
    let mut connection = db::Connection::establish(url).await?;
    let (secret, _) = crate::services::tokens::issue(
        &mut connection,
        arguments.role,
        arguments.tournament,
        crate::access::Binding {
            pairing_id: arguments.game,
            table_number: arguments.table,
        },
        arguments.label,
    )
    .await
    .map_err(|error| {
        let problem = error.problem();
        let fields: Vec<String> = problem
            .errors
            .iter()
            .map(|field| format!("{}: {}", field.field, field.message))
            .collect();
        format!("{} {}", problem.detail, fields.join("; "))
    })?;
    Ok(secret)
}

/// `arbitre export <tournament id>`: the stored tournament as the core's standings read it,
/// from `DATABASE_URL` or the own cluster (beside a running `arbitre serve`, or started for
/// the command and stopped after). `None` when no tournament has this id.
pub fn stored_tournament(
    id: Uuid,
) -> Result<Option<arbitre_core::standings::Tournament>, BoxError> {
    let config = Config::from_env()?;
    init_logs(LogFormat::Text);
    actix_web::rt::System::new().block_on(async move {
        let database = Database::open(&config, Usage::OneOff).await?;
        let loaded = read_tournament(&database.url, id).await;
        database.close();
        loaded
    })
}

async fn read_tournament(
    url: &str,
    id: Uuid,
) -> Result<Option<arbitre_core::standings::Tournament>, BoxError> {
    use diesel_async::AsyncConnection;
    let mut connection = db::Connection::establish(url).await?;
    crate::store::standings::tournament(&mut connection, id)
        .await
        .map_err(cause)
}

/// What an operator reads of a service error: the cause, not the generic words a client
/// gets.
fn cause(error: crate::error::ApiError) -> BoxError {
    match error {
        crate::error::ApiError::Internal(cause)
        | crate::error::ApiError::DatabaseUnavailable(cause) => cause,
        other => other.to_string().into(),
    }
}

#[derive(Debug, Subcommand)]
pub enum RatingsCommand {
    /// Import a federation's rating list from its file: the EGD's allworld_lp.html (or
    /// .zip), the FFG's ech_ffg_V3.txt, the AGA's TDListA.txt. The same list again
    /// changes nothing.
    Import(RatingsImportArguments),
}

#[derive(Debug, Args)]
pub struct RatingsImportArguments {
    /// Whose list the file is: egd, ffg or aga.
    #[arg(long)]
    pub source: arbitre_core::rating_list::Source,
    /// The list's file, as downloaded.
    pub file: PathBuf,
}

/// `arbitre ratings import`: prints what was imported as one JSON line; a file the reader
/// refuses is reported with its line and column, and nothing is stored.
pub fn ratings(command: RatingsCommand) -> ExitCode {
    let RatingsCommand::Import(arguments) = command;
    let bytes = match std::fs::read(&arguments.file) {
        Ok(bytes) => bytes,
        Err(error) => {
            eprintln!("arbitre: {}: {error}", arguments.file.display());
            return ExitCode::from(2);
        }
    };
    let config = match config_or_exit() {
        Ok(config) => config,
        Err(code) => return code,
    };
    init_logs(LogFormat::Text);
    let file = arguments.file.display().to_string();
    finish(actix_web::rt::System::new().block_on(async move {
        let database = Database::open(&config, Usage::OneOff).await?;
        let imported = import_list(&database.url, arguments.source, bytes).await;
        database.close();
        let imported = imported.map_err(|error| format!("{file}: {error}"))?;
        println!("{imported}");
        Ok(())
    }))
}

async fn import_list(
    url: &str,
    source: arbitre_core::rating_list::Source,
    bytes: Vec<u8>,
) -> Result<serde_json::Value, BoxError> {
    use diesel_async::AsyncConnection;
    db::migrate_blocking(url)?;
    let mut connection = db::Connection::establish(url).await?;
    // A command has no test moving its clock: the system's, through the service's clock.
    let today = crate::services::live::ServerClock::default()
        .now()
        .date_naive();
    let imported =
        crate::services::rating_lists::import(&mut connection, None, (source, bytes), today)
            .await
            .map_err(cause)?;
    Ok(serde_json::json!({
        "rating_list_id": imported.snapshot.id,
        "source": source,
        "list_date": imported.snapshot.list_date,
        "entries": imported.snapshot.entries,
        "placeholders": imported.placeholders,
        "created": imported.created,
    }))
}

#[derive(Debug, Args)]
pub struct OpenapiArguments {
    /// Write the document to this file instead of printing it (`openapi/openapi.json`).
    #[arg(long)]
    pub write: Option<PathBuf>,
}

/// `arbitre openapi`: the document the service serves at `/openapi.json`.
pub fn openapi(arguments: OpenapiArguments) -> ExitCode {
    let document = openapi::document();
    match arguments.write {
        None => {
            print!("{document}");
            ExitCode::SUCCESS
        }
        Some(path) => match std::fs::write(&path, document) {
            Ok(()) => ExitCode::SUCCESS,
            Err(error) => {
                eprintln!("arbitre: {}: {error}", path.display());
                ExitCode::FAILURE
            }
        },
    }
}
