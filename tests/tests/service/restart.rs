//! `arbitre serve` in its own-database mode keeps what it wrote across a restart, and
//! stops its PostgreSQL when it stops (SIGTERM); commands run beside it leave it alone.

use arbitre_api::services::tournaments::Tournament;
use arbitre_tests::api::read;
use arbitre_tests::arbitre_binary;
use std::os::unix::fs::PermissionsExt;
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

fn arbitre(data_dir: &Path, bind: &str) -> Command {
    let mut command = Command::new(arbitre_binary());
    command
        .env_remove("DATABASE_URL")
        .env("ARBITRE_DATA_DIR", data_dir)
        .env("ARBITRE_BIND", bind)
        .env("ARBITRE_WORKERS", "1")
        .env("ARBITRE_LOG_FORMAT", "json")
        .stdin(Stdio::null());
    command
}

fn free_address() -> String {
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    listener.local_addr().unwrap().to_string()
}

async fn wait_ready(client: &reqwest::Client, base: &str, server: &mut Child) {
    let deadline = Instant::now() + Duration::from_secs(120);
    while Instant::now() < deadline {
        if let Ok(response) = client.get(format!("{base}/ready")).send().await {
            if response.status() == 200 {
                return;
            }
        }
        assert!(
            server.try_wait().unwrap().is_none(),
            "arbitre serve exited early"
        );
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    panic!("arbitre serve was not ready within 120 s");
}

fn stop(mut server: Child) {
    let status = Command::new("kill")
        .args(["-TERM", &server.id().to_string()])
        .status()
        .unwrap();
    assert!(status.success());
    let status = server.wait().unwrap();
    assert!(status.success(), "arbitre serve stopped with {status}");
}

#[tokio::test]
async fn data_written_before_a_restart_is_there_after() {
    let folder = tempfile::Builder::new()
        .prefix("arbitre-restart-")
        .tempdir()
        .unwrap();
    // The postgres OS user (when the tests run as root) must reach the data folder.
    std::fs::set_permissions(folder.path(), std::fs::Permissions::from_mode(0o755)).unwrap();
    let data_dir = folder.path().join("postgres");
    let address = free_address();
    let base = format!("http://{address}");
    let client = arbitre_tests::client();

    let output = arbitre(&data_dir, &address)
        .args(["token", "create", "--role", "admin"])
        .output()
        .unwrap();
    assert!(
        output.status.success(),
        "token create: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    let admin = String::from_utf8(output.stdout).unwrap().trim().to_string();
    assert!(admin.starts_with("arb_"));

    let mut server = arbitre(&data_dir, &address)
        .arg("serve")
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    wait_ready(&client, &base, &mut server).await;
    let response = client
        .post(format!("{base}/tournaments"))
        .bearer_auth(&admin)
        .json(&arbitre_tests::sample_tournament())
        .send()
        .await
        .unwrap();
    let created: Tournament = read(response, 201).await;
    stop(server);
    assert!(
        !data_dir.join("postmaster.pid").exists(),
        "the own PostgreSQL is stopped with arbitre"
    );

    let mut server = arbitre(&data_dir, &address)
        .arg("serve")
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    wait_ready(&client, &base, &mut server).await;
    let response = client
        .get(format!("{base}/tournaments/{}", created.id))
        .send()
        .await
        .unwrap();
    let read_back: Tournament = read(response, 200).await;
    assert_eq!(read_back, created);
    let me = client
        .get(format!("{base}/me"))
        .bearer_auth(&admin)
        .send()
        .await
        .unwrap();
    assert_eq!(me.status(), 200, "the token survives too");
    stop(server);
}

/// A director issues a referee's token while the tournament is being served: the command
/// works through the served PostgreSQL and leaves it running; a second `serve` on the same
/// data folder is refused rather than taking the database from under the first.
#[tokio::test]
async fn commands_beside_a_running_server_leave_its_database_alone() {
    let folder = tempfile::Builder::new()
        .prefix("arbitre-beside-")
        .tempdir()
        .unwrap();
    std::fs::set_permissions(folder.path(), std::fs::Permissions::from_mode(0o755)).unwrap();
    let data_dir = folder.path().join("postgres");
    let address = free_address();
    let base = format!("http://{address}");
    let client = arbitre_tests::client();

    let mut server = arbitre(&data_dir, &address)
        .arg("serve")
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    wait_ready(&client, &base, &mut server).await;

    let output = arbitre(&data_dir, &address)
        .args(["token", "create", "--role", "admin"])
        .output()
        .unwrap();
    assert!(
        output.status.success(),
        "token create: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    let admin = String::from_utf8(output.stdout).unwrap().trim().to_string();
    let me = client
        .get(format!("{base}/me"))
        .bearer_auth(&admin)
        .send()
        .await
        .unwrap();
    assert_eq!(
        me.status(),
        200,
        "the server still has its database, and sees the new token"
    );

    let second = arbitre(&data_dir, &free_address())
        .arg("serve")
        .output()
        .unwrap();
    assert!(!second.status.success());
    assert!(String::from_utf8_lossy(&second.stderr).contains("another arbitre serve is running"));
    let ready = client.get(format!("{base}/ready")).send().await.unwrap();
    assert_eq!(ready.status(), 200);

    stop(server);
    assert!(
        !data_dir.join("postmaster.pid").exists(),
        "the own PostgreSQL is stopped with arbitre"
    );
}

/// A serve restarted at once after `kill -9` may find the data folder's lock still held
/// while the kernel tears the dead process down: it waits for the lock instead of
/// refusing. Here the test holds the lock, and lets it go once the serve says it waits.
#[tokio::test]
async fn a_serve_waits_for_a_lock_held_a_moment_longer_by_a_dead_process() {
    use std::io::BufRead;
    let folder = tempfile::Builder::new()
        .prefix("arbitre-stale-lock-")
        .tempdir()
        .unwrap();
    std::fs::set_permissions(folder.path(), std::fs::Permissions::from_mode(0o755)).unwrap();
    let data_dir = folder.path().join("postgres");
    let lock = std::fs::File::create(folder.path().join("postgres.lock")).unwrap();
    lock.try_lock().unwrap();
    let address = free_address();
    let base = format!("http://{address}");
    let mut server = arbitre(&data_dir, &address)
        .arg("serve")
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let (lines, said) = std::sync::mpsc::channel();
    let log = server.stderr.take().unwrap();
    // Read to the end, so that the server never blocks on a full pipe.
    std::thread::spawn(move || {
        for line in std::io::BufReader::new(log).lines() {
            let _ = lines.send(line.unwrap());
        }
    });
    let waits = said
        .iter()
        .find(|line| line.contains("the data folder is locked"));
    assert!(waits.is_some(), "the serve said it waits for the lock");
    drop(lock);
    wait_ready(&arbitre_tests::client(), &base, &mut server).await;
    stop(server);
}

/// A clone in a private folder (`mktemp -d` makes it 0700): as root, arbitre runs its
/// PostgreSQL as the `postgres` OS user, which is let through the private parents (search
/// permission only, not read) instead of failing to reach its data folder.
#[tokio::test]
async fn a_data_folder_under_a_private_folder_is_reached() {
    let folder = tempfile::Builder::new()
        .prefix("arbitre-private-")
        .tempdir()
        .unwrap();
    std::fs::set_permissions(folder.path(), std::fs::Permissions::from_mode(0o700)).unwrap();
    let data_dir = folder.path().join("data").join("postgres");
    let address = free_address();
    let mut server = arbitre(&data_dir, &address)
        .arg("serve")
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    wait_ready(
        &arbitre_tests::client(),
        &format!("http://{address}"),
        &mut server,
    )
    .await;
    stop(server);
    let root = String::from_utf8(Command::new("id").arg("-u").output().unwrap().stdout)
        .unwrap()
        .trim()
        == "0";
    let mode = std::fs::metadata(folder.path())
        .unwrap()
        .permissions()
        .mode()
        & 0o777;
    assert_eq!(
        mode,
        if root { 0o701 } else { 0o700 },
        "search for others when the server runs as another user, nothing more"
    );
}
