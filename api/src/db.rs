//! The connection pool and the embedded migrations.
//!
//! Queries go through diesel-async on a deadpool pool, so a handler waiting for
//! PostgreSQL never blocks an actix worker. Migrations use diesel's synchronous harness
//! through `AsyncConnectionWrapper`, on a thread of their own.

use diesel_async::async_connection_wrapper::AsyncConnectionWrapper;
use diesel_async::pooled_connection::deadpool::Pool;
use diesel_async::pooled_connection::{
    AsyncDieselConnectionManager, ManagerConfig, RecyclingMethod,
};
use diesel_async::AsyncPgConnection;
use diesel_migrations::{embed_migrations, EmbeddedMigrations, MigrationHarness};
use std::time::Duration;

pub use diesel_async::AsyncPgConnection as Connection;

/// The pool every handler draws from.
pub type DbPool = Pool<AsyncPgConnection>;

/// `migrations/`, compiled into the binary.
pub const MIGRATIONS: EmbeddedMigrations = embed_migrations!("../migrations");

type BoxError = Box<dyn std::error::Error + Send + Sync>;

/// A pool of at most `max_size` connections; waiting for one gives up after a few
/// seconds, so an unreachable database answers 503 rather than hanging.
///
/// A connection goes back into use without a test query (`SELECT 1` would be one more
/// round trip per request): one whose server went away is known to be closed, and is
/// replaced, before it is handed out again.
pub fn pool(database_url: &str, max_size: usize) -> Result<DbPool, BoxError> {
    let mut config = ManagerConfig::default();
    config.recycling_method = RecyclingMethod::Fast;
    let manager =
        AsyncDieselConnectionManager::<AsyncPgConnection>::new_with_config(database_url, config);
    let timeout = Some(Duration::from_secs(5));
    let pool = Pool::builder(manager)
        .max_size(max_size)
        .runtime(deadpool::Runtime::Tokio1)
        .wait_timeout(timeout)
        .create_timeout(timeout)
        .recycle_timeout(timeout)
        .build()?;
    Ok(pool)
}

/// Runs the pending migrations; returns the versions applied. Blocks: call it off the
/// async workers (it runs its own runtime when there is none on the thread).
pub fn migrate_blocking(database_url: &str) -> Result<Vec<String>, BoxError> {
    let url = database_url.to_string();
    // A thread without a runtime, so that the wrapper drives the connection itself.
    std::thread::spawn(move || -> Result<Vec<String>, BoxError> {
        use diesel::Connection as _;
        let mut connection = AsyncConnectionWrapper::<AsyncPgConnection>::establish(&url)?;
        let applied = connection.run_pending_migrations(MIGRATIONS)?;
        Ok(applied.iter().map(ToString::to_string).collect())
    })
    .join()
    .map_err(|_| "the migration thread panicked")?
}

/// Reverts every migration, newest first (used by the tests of the `down.sql` files).
pub fn revert_all_blocking(database_url: &str) -> Result<Vec<String>, BoxError> {
    let url = database_url.to_string();
    std::thread::spawn(move || -> Result<Vec<String>, BoxError> {
        use diesel::Connection as _;
        let mut connection = AsyncConnectionWrapper::<AsyncPgConnection>::establish(&url)?;
        let reverted = connection.revert_all_migrations(MIGRATIONS)?;
        Ok(reverted.iter().map(ToString::to_string).collect())
    })
    .join()
    .map_err(|_| "the migration thread panicked")?
}

/// Creates `database` (from `template` when given) on the server of `maintenance_url`.
/// Names are checked, not quoted blindly: they are ours, never a client's.
pub async fn create_database(
    maintenance_url: &str,
    database: &str,
    template: Option<&str>,
) -> Result<(), BoxError> {
    use diesel_async::{AsyncConnection, SimpleAsyncConnection};
    for name in std::iter::once(database).chain(template) {
        if name.is_empty() || !name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
            return Err(format!("invalid database name {name:?}").into());
        }
    }
    let statement = match template {
        Some(template) => {
            format!("CREATE DATABASE {database} TEMPLATE {template} STRATEGY FILE_COPY")
        }
        None => format!("CREATE DATABASE {database}"),
    };
    let mut connection = AsyncPgConnection::establish(maintenance_url).await?;
    // Two clones of one template at the same instant may collide on its lock: retry.
    let mut attempt = 0;
    loop {
        match connection.batch_execute(&statement).await {
            Ok(()) => return Ok(()),
            Err(error)
                if attempt < 50 && error.to_string().contains("being accessed by other users") =>
            {
                attempt += 1;
                tokio::time::sleep(Duration::from_millis(50)).await;
            }
            Err(error) => return Err(error.into()),
        }
    }
}

/// Whether `database` exists on the server of `maintenance_url`.
pub async fn database_exists(maintenance_url: &str, database: &str) -> Result<bool, BoxError> {
    use diesel::prelude::*;
    use diesel_async::{AsyncConnection, RunQueryDsl};
    #[derive(QueryableByName)]
    struct Found {
        #[diesel(sql_type = diesel::sql_types::Bool)]
        found: bool,
    }
    let mut connection = AsyncPgConnection::establish(maintenance_url).await?;
    let found: Found =
        diesel::sql_query("SELECT EXISTS (SELECT 1 FROM pg_database WHERE datname = $1) AS found")
            .bind::<diesel::sql_types::Text, _>(database)
            .get_result(&mut connection)
            .await?;
    Ok(found.found)
}

/// The rows of one multi-row `INSERT`: PostgreSQL binds at most 65,535 parameters to a
/// statement, and a row of the widest table written this way binds a dozen.
pub const ROWS_PER_INSERT: usize = 4000;

/// A write that returns its row (`INSERT … RETURNING`, `UPDATE … RETURNING`), answered once
/// the server has confirmed the commit.
///
/// In autocommit the commit comes after the row: diesel-async's `get_result` returns at the
/// row, `load` reads on to the server's ready-for-query, which follows the commit. An
/// acknowledged write is then always a committed one.
pub trait Committed<'query, U>: Sized {
    fn committed(
        self,
        connection: &mut Connection,
    ) -> impl std::future::Future<Output = diesel::QueryResult<U>> + Send;
}

impl<'query, Q, U> Committed<'query, U> for Q
where
    Q: diesel_async::methods::LoadQuery<'query, Connection, U> + Send + 'query,
    U: Send,
{
    fn committed(
        self,
        connection: &mut Connection,
    ) -> impl std::future::Future<Output = diesel::QueryResult<U>> + Send {
        use diesel_async::RunQueryDsl;
        let rows = self.load(connection);
        async move {
            rows.await?
                .into_iter()
                .next()
                .ok_or(diesel::result::Error::NotFound)
        }
    }
}
