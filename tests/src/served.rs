//! `arbitre serve` in its own process on a test database: for the tests that stop the
//! service for real (a signal, a restart) while clients use it.

use std::io::{BufRead, BufReader};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// `arbitre serve` on a database, and its address.
pub struct Served {
    pub child: Child,
    /// `http://127.0.0.1:PORT`.
    pub base: String,
}

impl Served {
    /// `arbitre serve` on `database_url`, on a free port.
    pub async fn start(database_url: &str) -> Served {
        let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        let address = listener.local_addr().unwrap().to_string();
        drop(listener);
        Served::start_at(database_url, &address).await
    }

    /// `arbitre serve` on `database_url` at `address` (`127.0.0.1:PORT`): the same
    /// address again after a restart. Returns once it answers `/ready`.
    pub async fn start_at(database_url: &str, address: &str) -> Served {
        Served::spawn(database_url, address, Stdio::null())
            .ready()
            .await
    }

    /// `arbitre serve` started for the first time on `database_url` (no admin yet), as a
    /// director starts it: the service, and the one-time link its console prints for the
    /// first admin's sign-in. Returns once it answers `/ready`.
    pub async fn first_start(database_url: &str) -> (Served, String) {
        let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        let address = listener.local_addr().unwrap().to_string();
        drop(listener);
        let (served, console) = Served::spawn_with_console(database_url, &address);
        let link = loop {
            let line = console
                .recv_timeout(Duration::from_secs(120))
                .expect("the console prints the first admin's sign-in link");
            if let Some(start) = line.find("http://") {
                break line[start..].trim().to_string();
            }
        };
        (served.ready().await, link)
    }

    /// `arbitre serve` on `database_url` at `address`, and the lines its console prints
    /// until it stops. Returns once it answers `/ready`.
    pub async fn start_with_console(
        database_url: &str,
        address: &str,
    ) -> (Served, std::sync::mpsc::Receiver<String>) {
        let (served, console) = Served::spawn_with_console(database_url, address);
        (served.ready().await, console)
    }

    fn spawn_with_console(
        database_url: &str,
        address: &str,
    ) -> (Served, std::sync::mpsc::Receiver<String>) {
        let mut served = Served::spawn(database_url, address, Stdio::piped());
        let stdout = served.child.stdout.take().unwrap();
        let (sender, console) = std::sync::mpsc::channel();
        // Reads the console to its end, so that the service never waits on a full pipe.
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines().map_while(Result::ok) {
                let _ = sender.send(line);
            }
        });
        (served, console)
    }

    fn spawn(database_url: &str, address: &str, stdout: Stdio) -> Served {
        let child = Command::new(crate::arbitre_binary())
            .arg("serve")
            .env("DATABASE_URL", database_url)
            .env("ARBITRE_BIND", address)
            .env("ARBITRE_WORKERS", "1")
            .env("ARBITRE_POOL_SIZE", "4")
            .env("ARBITRE_LOG_FORMAT", "json")
            .env("RUST_LOG", "warn")
            .stdin(Stdio::null())
            .stdout(stdout)
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        Served {
            child,
            base: format!("http://{address}"),
        }
    }

    /// Waits for the service to answer `/ready`.
    async fn ready(mut self) -> Served {
        let client = crate::client();
        let deadline = Instant::now() + Duration::from_secs(60);
        loop {
            if let Ok(response) = client.get(format!("{}/ready", self.base)).send().await {
                if response.status() == 200 {
                    return self;
                }
            }
            assert!(
                self.child.try_wait().unwrap().is_none(),
                "arbitre serve exited early"
            );
            assert!(
                Instant::now() < deadline,
                "arbitre serve was not ready within 60 s"
            );
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
    }

    /// A gauge or counter of its `/metrics`: `name` with its labels, if any.
    pub async fn metric(&self, name: &str) -> u64 {
        let response = crate::client()
            .get(format!("{}/metrics", self.base))
            .send()
            .await
            .unwrap();
        crate::metric_in(&response.text().await.unwrap(), name)
    }

    /// `127.0.0.1:PORT`.
    pub fn address(&self) -> &str {
        self.base.trim_start_matches("http://")
    }

    /// Sends `signal` (`KILL`, `TERM`) and waits for the process to end.
    pub fn signal(mut self, signal: &str) -> std::process::ExitStatus {
        let status = Command::new("kill")
            .args([&format!("-{signal}"), &self.child.id().to_string()])
            .status()
            .unwrap();
        assert!(status.success());
        self.child.wait().unwrap()
    }
}

impl Drop for Served {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
