//! The first admin signs in from the pages: `arbitre serve`, finding no admin, prints a
//! one-time link on its console (as Jupyter prints its token); the link signs one browser
//! in as admin, once; the code is stored hashed; a start with an admin prints nothing.

use arbitre_tests::{arbitre_binary, cluster};
use diesel::sql_types::{Bytea, Text};
use diesel::QueryableByName;
use diesel_async::{AsyncConnection, RunQueryDsl};
use sha2::{Digest, Sha256};
use std::io::{BufRead, BufReader};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

fn serve(database_url: &str, address: &str) -> Child {
    Command::new(arbitre_binary())
        .arg("serve")
        .env("DATABASE_URL", database_url)
        .env("ARBITRE_BIND", address)
        .env("ARBITRE_WORKERS", "1")
        .env("ARBITRE_LOG_FORMAT", "json")
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap()
}

fn free_address() -> String {
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    listener.local_addr().unwrap().to_string()
}

/// The console's lines, read on a thread of their own until the server stops.
fn console(server: &mut Child) -> std::sync::mpsc::Receiver<String> {
    let stdout = server.stdout.take().unwrap();
    let (lines, received) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines() {
            if lines.send(line.unwrap()).is_err() {
                break;
            }
        }
    });
    received
}

async fn wait_ready(base: &str) {
    let client = arbitre_tests::client();
    let deadline = Instant::now() + Duration::from_secs(120);
    while Instant::now() < deadline {
        if let Ok(response) = client.get(format!("{base}/ready")).send().await {
            if response.status() == 200 {
                return;
            }
        }
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    panic!("arbitre serve was not ready within 120 s");
}

fn stop(server: &mut Child) {
    let status = Command::new("kill")
        .args(["-TERM", &server.id().to_string()])
        .status()
        .unwrap();
    assert!(status.success());
    assert!(server.wait().unwrap().success());
}

#[derive(QueryableByName)]
struct StoredCode {
    #[diesel(sql_type = Bytea)]
    code_sha256: Vec<u8>,
    #[diesel(sql_type = Text)]
    role: String,
}

#[tokio::test]
async fn a_fresh_service_prints_a_one_time_link_that_signs_the_first_admin_in() {
    let database_url = cluster().fresh_database().await;
    let address = free_address();
    let base = format!("http://{address}");
    let mut server = serve(&database_url, &address);
    let lines = console(&mut server);
    let link = loop {
        let line = lines
            .recv_timeout(Duration::from_secs(120))
            .expect("the console shows the first admin's link");
        if let Some(start) = line.find("http://") {
            break line[start..].trim().to_string();
        }
    };
    assert!(link.starts_with(&format!("{base}/sign-in/link/")), "{link}");
    let code = link.rsplit('/').next().unwrap().to_string();
    wait_ready(&base).await;

    // Stored hashed: the code itself is nowhere in the database.
    let mut connection = arbitre_api::db::Connection::establish(&database_url)
        .await
        .unwrap();
    let stored: Vec<StoredCode> = diesel::sql_query("SELECT code_sha256, role FROM sign_in_codes")
        .load(&mut connection)
        .await
        .unwrap();
    assert_eq!(stored.len(), 1);
    assert_eq!(stored[0].role, "admin");
    assert_eq!(
        stored[0].code_sha256,
        Sha256::digest(code.as_bytes()).to_vec()
    );

    let client = reqwest::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .unwrap();
    let page = client.get(&link).send().await.unwrap();
    assert_eq!(page.status(), 200);
    assert!(page
        .text()
        .await
        .unwrap()
        .contains("Sign in as First admin"));
    let used = client
        .post(&link)
        .header("Origin", &base)
        .send()
        .await
        .unwrap();
    assert_eq!(used.status(), 303);
    assert_eq!(used.headers()["location"], "/dashboard");
    let cookie = used.headers()["set-cookie"].to_str().unwrap().to_string();
    let session = cookie.split(';').next().unwrap().to_string();
    let dashboard = client
        .get(format!("{base}/dashboard"))
        .header("Cookie", &session)
        .send()
        .await
        .unwrap();
    assert_eq!(dashboard.status(), 200);
    let dashboard = dashboard.text().await.unwrap();
    assert!(
        dashboard.contains("Signed in as First admin (administrator)"),
        "{dashboard}"
    );
    assert!(
        dashboard.contains("Create a tournament"),
        "an admin may create"
    );

    // Once only.
    let again = client
        .post(&link)
        .header("Origin", &base)
        .send()
        .await
        .unwrap();
    assert_eq!(again.status(), 410);
    assert!(again.headers().get("set-cookie").is_none());
    stop(&mut server);

    // An admin exists now: the next start prints no link.
    let mut server = serve(&database_url, &address);
    let lines = console(&mut server);
    wait_ready(&base).await;
    stop(&mut server);
    let printed: Vec<String> = lines.iter().collect();
    assert!(
        printed.iter().all(|line| !line.contains("/sign-in/link/")),
        "{printed:?}"
    );
}
