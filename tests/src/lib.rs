//! The harness of arbitre's integration tests: the real service on a real PostgreSQL.
//!
//! One throwaway cluster per test process (initdb in a temporary folder, a private unix
//! socket, no TCP port), with a migrated template database made once. Each
//! [`TestService::start`] clones the template into a fresh database and serves the real
//! app on a free port of 127.0.0.1, so tests share nothing and run in parallel. A watchdog
//! process stops the cluster and removes its folder when the test process exits, however
//! it exits; clusters left by a killed watchdog are swept at the next start.
//!
//! ```no_run
//! # use arbitre_tests::TestService;
//! # async fn example(body: serde_json::Value) -> Result<(), reqwest::Error> {
//! let service = TestService::start().await;
//! let response = service.post("/tournaments", Some(&service.admin_token)).json(&body).send().await?;
//! # Ok(())
//! # }
//! ```

#![allow(clippy::unwrap_used, clippy::expect_used)]

pub mod api;
pub mod browser;
pub mod proxy;
pub mod served;

use arbitre_api::access::Role;
use arbitre_api::db;
use arbitre_api::postgres::Cluster;
use arbitre_api::server::Capacity;
use arbitre_api::services::live::ServerClock;
use diesel_async::AsyncConnection;
use reqwest::Method;
use std::os::unix::fs::PermissionsExt;
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::OnceLock;
use uuid::Uuid;

/// Folders of the throwaway clusters start with this, in the temporary folder.
const CLUSTER_PREFIX: &str = "arbitre-test-";
/// The migrated database every test database is cloned from.
const TEMPLATE: &str = "arbitre_template";
/// The file naming the process that owns a cluster folder.
const OWNER_FILE: &str = "owner.pid";

/// The throwaway cluster of this test process.
pub struct TestCluster {
    cluster: Cluster,
    root: PathBuf,
}

impl TestCluster {
    /// The URL of the maintenance database (`postgres`), for creating databases.
    pub fn maintenance_url(&self) -> String {
        self.cluster.url("postgres")
    }

    pub fn url(&self, database: &str) -> String {
        self.cluster.url(database)
    }

    /// A new database cloned from the migrated template; returns its URL.
    pub async fn fresh_database(&self) -> String {
        let name = format!("test_{}", Uuid::now_v7().simple());
        db::create_database(&self.maintenance_url(), &name, Some(TEMPLATE))
            .await
            .unwrap();
        self.url(&name)
    }

    /// A new empty database (no migrations); returns its URL.
    pub async fn empty_database(&self) -> String {
        let name = format!("empty_{}", Uuid::now_v7().simple());
        db::create_database(&self.maintenance_url(), &name, None)
            .await
            .unwrap();
        self.url(&name)
    }

    /// The folder of the cluster (removed at exit).
    pub fn root(&self) -> &Path {
        &self.root
    }
}

/// The cluster of this process, started on first use.
pub fn cluster() -> &'static TestCluster {
    static CLUSTER: OnceLock<TestCluster> = OnceLock::new();
    // Set up on a thread of its own: no async runtime of a test is involved.
    CLUSTER.get_or_init(|| {
        std::thread::spawn(start_cluster)
            .join()
            .expect("starting the test cluster")
    })
}

fn start_cluster() -> TestCluster {
    sweep_leftovers();
    let root = tempfile::Builder::new()
        .prefix(CLUSTER_PREFIX)
        .tempdir()
        .unwrap()
        .keep();
    // The server user must traverse the folder (it may be root's).
    std::fs::set_permissions(&root, std::fs::Permissions::from_mode(0o755)).unwrap();
    std::fs::write(root.join(OWNER_FILE), std::process::id().to_string()).unwrap();
    let cluster = Cluster::new(&root.join("data"), &root.join("socket"))
        .unwrap()
        .throwaway();
    cluster.ensure_initialised().unwrap();
    cluster.start().unwrap();
    spawn_watchdog(&cluster, &root);
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(1)
        .enable_all()
        .build()
        .unwrap();
    runtime
        .block_on(db::create_database(
            &cluster.url("postgres"),
            TEMPLATE,
            None,
        ))
        .unwrap();
    db::migrate_blocking(&cluster.url(TEMPLATE)).unwrap();
    TestCluster { cluster, root }
}

/// A shell that waits for this process to end, then stops the cluster and removes its
/// folder. In its own process group, so that Ctrl-C on the tests does not stop it first.
fn spawn_watchdog(cluster: &Cluster, root: &Path) {
    let script = format!(
        "while kill -0 {pid} 2>/dev/null; do sleep 1; done; {stop} >/dev/null 2>&1; rm -rf '{root}'",
        pid = std::process::id(),
        stop = cluster.stop_command_line(),
        root = root.display(),
    );
    // Never waited for: it outlives this process on purpose.
    #[allow(clippy::zombie_processes)]
    Command::new("sh")
        .args(["-c", &script])
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .process_group(0)
        .spawn()
        .unwrap();
}

/// Stops and removes the clusters of test processes that are gone.
fn sweep_leftovers() {
    let Ok(entries) = std::fs::read_dir(std::env::temp_dir()) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        let is_cluster = entry
            .file_name()
            .to_str()
            .is_some_and(|name| name.starts_with(CLUSTER_PREFIX));
        let owner = std::fs::read_to_string(path.join(OWNER_FILE)).ok();
        let owner_alive = owner.is_some_and(|pid| Path::new("/proc").join(pid.trim()).exists());
        if is_cluster && !owner_alive && path.join("data").exists() {
            if let Ok(cluster) = Cluster::new(&path.join("data"), &path.join("socket")) {
                if cluster.is_running() {
                    let _ = cluster.stop();
                }
            }
            let _ = std::fs::remove_dir_all(&path);
        }
    }
}

/// An HTTP client that lets idle connections go before the server does (actix-web closes
/// them after 5 s): a request sent on a connection the server is closing fails with
/// `IncompleteMessage`, which a test waiting on a slow subprocess would otherwise meet.
pub fn client() -> reqwest::Client {
    reqwest::Client::builder()
        .pool_idle_timeout(std::time::Duration::from_secs(2))
        .build()
        .expect("an HTTP client with default TLS settings")
}

/// The real service on a fresh database, served in this process on a free port.
pub struct TestService {
    /// `http://127.0.0.1:PORT`.
    pub base_url: String,
    /// The secret of an admin token of this database.
    pub admin_token: String,
    pub client: reqwest::Client,
    /// The database of this service alone.
    pub database_url: String,
    /// The service's clock: [`TestService::advance`] moves it.
    pub clock: ServerClock,
    server: actix_web::dev::ServerHandle,
}

impl TestService {
    pub async fn start() -> TestService {
        TestService::start_with(arbitre_api::config::DEFAULT_ANONYMOUS_READS, u64::MAX).await
    }

    /// The service admitting `anonymous_reads` anonymous reads a second (and at once), and
    /// sending each anonymous client `peer_bytes` a second.
    pub async fn start_with(anonymous_reads: u32, peer_bytes: u64) -> TestService {
        TestService::start_serving(Capacity {
            anonymous_reads,
            peer_bytes,
            ..TestService::capacity()
        })
        .await
    }

    /// What a test's service takes on by default. Every client of a test is on the
    /// loopback address: one client may read as often as all, and hold as many
    /// connections and streams as the process allows.
    pub fn capacity() -> Capacity {
        let anonymous_reads = arbitre_api::config::DEFAULT_ANONYMOUS_READS;
        Capacity {
            workers: Some(2),
            anonymous_reads,
            peer_reads: anonymous_reads,
            peer_bytes: u64::MAX,
            trusted_proxies: Default::default(),
            budget: arbitre_api::http::budget::Limits::of_this_process(usize::MAX, usize::MAX),
            caches: Default::default(),
        }
    }

    /// The service taking on what `capacity` says.
    pub async fn start_serving(capacity: Capacity) -> TestService {
        let database_url = cluster().fresh_database().await;
        let admin_token = issue_token(&database_url, Role::Admin, None, None).await;
        TestService::serve(database_url, admin_token, capacity).await
    }

    /// Another instance of the service on this one's database, as two `arbitre serve`
    /// behind one address share it: each has its own caches and its own listener.
    pub async fn beside(&self) -> TestService {
        TestService::serve(
            self.database_url.clone(),
            self.admin_token.clone(),
            TestService::capacity(),
        )
        .await
    }

    async fn serve(database_url: String, admin_token: String, capacity: Capacity) -> TestService {
        let (sender, receiver) = std::sync::mpsc::channel();
        let url = database_url.clone();
        let clock = ServerClock::default();
        let server_clock = clock.clone();
        std::thread::spawn(move || {
            actix_web::rt::System::new().block_on(async move {
                let pool = db::pool(&url, 4).unwrap();
                let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
                let port = listener.local_addr().unwrap().port();
                let (server, _streams) =
                    arbitre_api::server::build(listener, pool, capacity, server_clock).unwrap();
                sender.send((port, server.handle())).unwrap();
                server.await
            })
        });
        let (port, server) = tokio::task::spawn_blocking(move || receiver.recv().unwrap())
            .await
            .unwrap();
        TestService {
            base_url: format!("http://127.0.0.1:{port}"),
            admin_token,
            client: client(),
            database_url,
            clock,
            server,
        }
    }

    /// Moves the service's clock `by` forward: a flag falls now, without waiting for it.
    pub fn advance(&self, by: std::time::Duration) {
        self.clock.advance(by);
    }

    /// Runs a flag sweep now at the service's clock, as the server does every 200 ms, and
    /// returns how many games it settled (none that the server's own sweep is settling at
    /// the same moment: those it skips, and this waits for).
    pub async fn sweep(&self) -> usize {
        use arbitre_api::schema::games;
        use diesel::prelude::*;
        use diesel_async::RunQueryDsl;
        let pool = db::pool(&self.database_url, 1).unwrap();
        let settled = arbitre_api::services::live::sweep::sweep_once(&pool, &self.clock)
            .await
            .unwrap();
        // The service's own sweep may hold a due game (the sweeps skip the games another
        // one locked): wait until it has settled it too, so that nothing due is left.
        let deadline = std::time::Instant::now() + std::time::Duration::from_secs(10);
        loop {
            let mut connection = pool.get().await.unwrap();
            let due: i64 = games::table
                .filter(games::flag_at.le(self.clock.now()))
                .count()
                .get_result(&mut connection)
                .await
                .unwrap();
            if due == 0 {
                return settled;
            }
            assert!(
                std::time::Instant::now() < deadline,
                "{due} games still due for their flag"
            );
            drop(connection);
            tokio::time::sleep(std::time::Duration::from_millis(20)).await;
        }
    }

    /// A request to `path` (`/tournaments`), with the bearer token when given.
    pub fn request(
        &self,
        method: Method,
        path: &str,
        token: Option<&str>,
    ) -> reqwest::RequestBuilder {
        let request = self
            .client
            .request(method, format!("{}{path}", self.base_url));
        match token {
            Some(token) => request.bearer_auth(token),
            None => request,
        }
    }

    /// Signs a browser in with `token` as the sign-in page does: the `Cookie` header's
    /// value that carries the session it opens (`arbitre_session=...`).
    pub async fn session_cookie(&self, token: &str) -> String {
        let response = reqwest::Client::builder()
            .redirect(reqwest::redirect::Policy::none())
            .build()
            .unwrap()
            .post(format!("{}/sign-in", self.base_url))
            .header("Origin", &self.base_url)
            .form(&[("token", token)])
            .send()
            .await
            .unwrap();
        assert_eq!(response.status(), 303, "signing in with a valid token");
        response.headers()["set-cookie"]
            .to_str()
            .unwrap()
            .split(';')
            .next()
            .unwrap()
            .to_string()
    }

    pub fn get(&self, path: &str) -> reqwest::RequestBuilder {
        self.request(Method::GET, path, None)
    }

    pub fn post(&self, path: &str, token: Option<&str>) -> reqwest::RequestBuilder {
        self.request(Method::POST, path, token)
    }

    /// A token of `role`, issued straight into this service's database.
    pub async fn token(
        &self,
        role: Role,
        tournament_id: Option<Uuid>,
        pairing_id: Option<Uuid>,
    ) -> String {
        issue_token(&self.database_url, role, tournament_id, pairing_id).await
    }

    /// Posts the sample tournament with `changes` (as admin), whatever the answer.
    pub async fn post_tournament(&self, changes: serde_json::Value) -> reqwest::Response {
        let mut body = sample_tournament();
        merge(&mut body, changes);
        self.post("/tournaments", Some(&self.admin_token))
            .json(&body)
            .send()
            .await
            .unwrap()
    }

    /// Creates a tournament as admin (a valid one, changed by `changes`) and returns its JSON.
    pub async fn create_tournament(&self, changes: serde_json::Value) -> serde_json::Value {
        let response = self.post_tournament(changes).await;
        assert_eq!(
            response.status(),
            201,
            "creating a tournament: {}",
            response.text().await.unwrap()
        );
        response.json().await.unwrap()
    }

    /// The text of `/metrics`.
    pub async fn metrics_text(&self) -> String {
        let response = self.get("/metrics").send().await.unwrap();
        response.text().await.unwrap()
    }

    /// A gauge or counter of `/metrics`: `name` with its labels, if any.
    pub async fn metric(&self, name: &str) -> u64 {
        metric_in(&self.metrics_text().await, name)
    }

    /// Registers a player (as admin) and returns its id.
    pub async fn create_player(&self, tournament_id: &str, surname: &str, rank: &str) -> String {
        let body = serde_json::json!({"surname": surname, "first_name": "Test", "rank": rank});
        let response = self
            .post(
                &format!("/tournaments/{tournament_id}/players"),
                Some(&self.admin_token),
            )
            .json(&body)
            .send()
            .await
            .unwrap();
        assert_eq!(
            response.status(),
            201,
            "registering a player: {}",
            response.text().await.unwrap()
        );
        let player: serde_json::Value = response.json().await.unwrap();
        player["id"].as_str().unwrap().to_string()
    }

    /// Adds round `number` (as admin).
    pub async fn create_round(&self, tournament_id: &str, number: i32) {
        let response = self
            .post(
                &format!("/tournaments/{tournament_id}/rounds"),
                Some(&self.admin_token),
            )
            .json(&serde_json::json!({"number": number}))
            .send()
            .await
            .unwrap();
        assert_eq!(
            response.status(),
            201,
            "adding a round: {}",
            response.text().await.unwrap()
        );
    }

    /// Records a pairing (as admin) and returns its JSON.
    pub async fn create_pairing(
        &self,
        tournament_id: &str,
        round: i32,
        table: i32,
        black: &str,
        white: &str,
    ) -> serde_json::Value {
        let body = serde_json::json!({"table": table, "black_id": black, "white_id": white});
        let response = self
            .post(
                &format!("/tournaments/{tournament_id}/rounds/{round}/pairings"),
                Some(&self.admin_token),
            )
            .json(&body)
            .send()
            .await
            .unwrap();
        assert_eq!(
            response.status(),
            201,
            "pairing: {}",
            response.text().await.unwrap()
        );
        response.json().await.unwrap()
    }
}

impl Drop for TestService {
    fn drop(&mut self) {
        // The command is sent now; the server thread ends by itself.
        drop(self.server.stop(false));
    }
}

async fn issue_token(
    database_url: &str,
    role: Role,
    tournament_id: Option<Uuid>,
    pairing_id: Option<Uuid>,
) -> String {
    let mut connection = db::Connection::establish(database_url).await.unwrap();
    let (secret, _) = arbitre_api::services::tokens::issue(
        &mut connection,
        role,
        tournament_id,
        arbitre_api::access::Binding::game(pairing_id),
        "test".to_string(),
    )
    .await
    .unwrap();
    secret
}

/// A valid tournament body.
pub fn sample_tournament() -> serde_json::Value {
    serde_json::json!({
        "name": "Tournoi de Paris",
        "place": "Paris",
        "start_date": "2026-05-01",
        "end_date": "2026-05-03",
        "ruleset": "french",
        "time_control": {"system": "byo-yomi", "main_time_ms": 3600000, "periods": 5, "period_ms": 30000},
    })
}

/// Replaces the fields of `base` named in `changes` (`null` removes one).
pub fn merge(base: &mut serde_json::Value, changes: serde_json::Value) {
    if let (Some(base), serde_json::Value::Object(changes)) = (base.as_object_mut(), changes) {
        for (key, value) in changes {
            if value.is_null() {
                base.remove(&key);
            } else {
                base.insert(key, value);
            }
        }
    }
}

/// The `arbitre` binary of this build, built if need be (an integration test of another
/// package does not get it built by `cargo test`).
pub fn arbitre_binary() -> PathBuf {
    static BINARY: OnceLock<PathBuf> = OnceLock::new();
    BINARY
        .get_or_init(|| {
            let test_binary = std::env::current_exe().unwrap();
            // <target>/<profile>/deps/service-<hash>
            let profile_dir = test_binary
                .parent()
                .and_then(Path::parent)
                .unwrap()
                .to_path_buf();
            let target_dir = profile_dir.parent().unwrap().to_path_buf();
            let workspace = Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap();
            let mut build = Command::new(env!("CARGO"));
            build.current_dir(workspace).args([
                "build",
                "--quiet",
                "-p",
                "arbitre-api",
                "--bin",
                "arbitre",
            ]);
            build.arg("--target-dir").arg(&target_dir);
            if profile_dir
                .file_name()
                .is_some_and(|name| name == "release")
            {
                build.arg("--release");
            }
            let status = build.status().unwrap();
            assert!(status.success(), "building the arbitre binary failed");
            profile_dir.join("arbitre")
        })
        .clone()
}

/// The value of `name` (with its labels, if any) in the text of a `/metrics` answer.
pub fn metric_in(text: &str, name: &str) -> u64 {
    text.lines()
        .find_map(|line| line.strip_prefix(&format!("{name} ")))
        .unwrap_or_else(|| panic!("no {name} in /metrics"))
        .parse()
        .unwrap()
}
