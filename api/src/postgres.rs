//! A private PostgreSQL cluster run by arbitre itself: the own-database mode of
//! `arbitre serve` (no `DATABASE_URL`) and the throwaway cluster of the integration tests.
//!
//! The server binaries (`initdb`, `pg_ctl`, `postgres`) refuse to run as root, so when
//! arbitre runs as root they run as the `postgres` OS user, and the folders they write are
//! handed to that user. The server listens on a private unix socket only (no TCP port), and
//! every local connection is trusted: the socket's folder is readable by nobody else.

use std::ffi::OsString;
use std::fs;
use std::os::unix::fs::{MetadataExt, PermissionsExt};
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// The role every arbitre cluster is initialised with.
pub const SUPERUSER: &str = "arbitre";

/// The OS user the server runs as when arbitre runs as root.
const SERVER_OS_USER: &str = "postgres";

#[derive(Debug, thiserror::Error)]
pub enum ClusterError {
    #[error(
        "PostgreSQL server binaries (initdb, pg_ctl) not found: install them (apt-get install -y postgresql, \
         or ./scripts/run does it), set ARBITRE_PG_BIN to their folder, or set DATABASE_URL"
    )]
    BinariesNotFound,
    #[error("{action} failed: {detail}")]
    Command { action: String, detail: String },
    #[error("{path}: {source}")]
    Io {
        path: PathBuf,
        source: std::io::Error,
    },
}

/// A cluster in a data folder, started on a unix socket in `socket_dir`.
#[derive(Debug, Clone)]
pub struct Cluster {
    bin_dir: PathBuf,
    data_dir: PathBuf,
    socket_dir: PathBuf,
    /// Extra `postgres` options (`-c fsync=off` for a throwaway cluster).
    server_options: Vec<String>,
    as_server_user: bool,
}

impl Cluster {
    /// A cluster whose files are in `data_dir` (absolute or relative to the working folder).
    pub fn new(data_dir: &Path, socket_dir: &Path) -> Result<Cluster, ClusterError> {
        Ok(Cluster {
            bin_dir: find_bin_dir()?,
            data_dir: absolute(data_dir)?,
            socket_dir: absolute(socket_dir)?,
            server_options: Vec::new(),
            as_server_user: running_as_root(),
        })
    }

    /// Trades durability for speed: for clusters thrown away after the tests.
    pub fn throwaway(mut self) -> Cluster {
        for option in [
            "fsync=off",
            "synchronous_commit=off",
            "full_page_writes=off",
            "max_connections=300",
        ] {
            self.server_options.push(format!("-c {option}"));
        }
        self
    }

    pub fn data_dir(&self) -> &Path {
        &self.data_dir
    }

    /// The connection URL of `database` through the private socket.
    pub fn url(&self, database: &str) -> String {
        format!(
            "postgresql://{SUPERUSER}@localhost/{database}?host={}",
            self.socket_dir.display()
        )
    }

    /// Creates the data folder and the cluster in it, unless it exists already.
    /// Returns whether it was created.
    pub fn ensure_initialised(&self) -> Result<bool, ClusterError> {
        if self.data_dir.join("PG_VERSION").exists() {
            return Ok(false);
        }
        self.prepare_dir(&self.data_dir)?;
        let initdb = self.bin_dir.join("initdb");
        let mut arguments: Vec<OsString> = vec![
            "-D".into(),
            self.data_dir.clone().into(),
            "-U".into(),
            SUPERUSER.into(),
            "--auth=trust".into(),
            "--encoding=UTF8".into(),
            "--no-locale".into(),
        ];
        if self
            .server_options
            .iter()
            .any(|option| option.contains("fsync=off"))
        {
            arguments.push("--no-sync".into());
        }
        self.run("initdb", &initdb, &arguments)?;
        Ok(true)
    }

    /// Starts the server (stopping first one left running on the same data folder, whose
    /// socket may be elsewhere) and waits until it accepts connections.
    pub fn start(&self) -> Result<(), ClusterError> {
        if self.is_running() {
            tracing::warn!(data_dir = %self.data_dir.display(), "a server was left running on this data folder: restarting it");
            self.stop()?;
        }
        self.prepare_dir(&self.socket_dir)?;
        let mut options = format!("-k {} -h ''", self.socket_dir.display());
        for option in &self.server_options {
            options.push(' ');
            options.push_str(option);
        }
        let log_file = self.data_dir.join("arbitre-server.log");
        let arguments: Vec<OsString> = vec![
            "-D".into(),
            self.data_dir.clone().into(),
            "-l".into(),
            log_file.into(),
            "-o".into(),
            options.into(),
            "-w".into(),
            "-t".into(),
            "60".into(),
            "start".into(),
        ];
        self.run("pg_ctl start", &self.bin_dir.join("pg_ctl"), &arguments)?;
        Ok(())
    }

    /// Stops the server, letting it finish what it writes ("fast" mode: open sessions are
    /// ended, committed work is kept).
    pub fn stop(&self) -> Result<(), ClusterError> {
        let arguments: Vec<OsString> = vec![
            "-D".into(),
            self.data_dir.clone().into(),
            "-m".into(),
            "fast".into(),
            "-w".into(),
            "stop".into(),
        ];
        self.run("pg_ctl stop", &self.bin_dir.join("pg_ctl"), &arguments)?;
        // The stopped server has taken its socket away: the empty folder goes too, so that
        // no folder is left behind in the temporary folder per data folder ever served.
        let _ = fs::remove_dir(&self.socket_dir);
        Ok(())
    }

    pub fn is_running(&self) -> bool {
        let arguments: Vec<OsString> =
            vec!["-D".into(), self.data_dir.clone().into(), "status".into()];
        self.command(&self.bin_dir.join("pg_ctl"), &arguments)
            .output()
            .map(|output| output.status.success())
            .unwrap_or(false)
    }

    /// The shell command that stops this cluster at once, for a watchdog that outlives
    /// the process.
    pub fn stop_command_line(&self) -> String {
        let pg_ctl = format!(
            "{} -D {} -m immediate stop",
            self.bin_dir.join("pg_ctl").display(),
            self.data_dir.display()
        );
        if self.as_server_user {
            format!("runuser -u {SERVER_OS_USER} -- {pg_ctl}")
        } else {
            pg_ctl
        }
    }

    /// Creates a folder that the server user owns and nobody else can read.
    fn prepare_dir(&self, dir: &Path) -> Result<(), ClusterError> {
        let io_error = |source| ClusterError::Io {
            path: dir.to_path_buf(),
            source,
        };
        fs::create_dir_all(dir).map_err(io_error)?;
        fs::set_permissions(dir, fs::Permissions::from_mode(0o700)).map_err(io_error)?;
        if self.as_server_user {
            let arguments: Vec<OsString> = vec![
                format!("{SERVER_OS_USER}:").into(),
                dir.as_os_str().to_owned(),
            ];
            run_checked("chown", Command::new("chown").args(&arguments))?;
            // The server user must reach the folder through every parent: a private one
            // (`mktemp -d` makes them 0700) is given the search permission, nothing more.
            let reachable = || {
                Command::new("runuser")
                    .args(["-u", SERVER_OS_USER, "--", "test", "-w"])
                    .arg(dir)
                    .output()
                    .map(|output| output.status.success())
                    .unwrap_or(false)
            };
            if !reachable() {
                let absolute = fs::canonicalize(dir).map_err(io_error)?;
                for parent in absolute.ancestors().skip(1) {
                    let mode = fs::metadata(parent).map_err(io_error)?.mode() & 0o7777;
                    if mode & 0o001 == 0 {
                        fs::set_permissions(parent, fs::Permissions::from_mode(mode | 0o001))
                            .map_err(io_error)?;
                        tracing::info!(folder = %parent.display(), "gave others the search permission, for the `{SERVER_OS_USER}` OS user");
                    }
                }
            }
            if !reachable() {
                return Err(ClusterError::Command {
                    action: "preparing the data folder".to_string(),
                    detail: format!(
                        "the `{SERVER_OS_USER}` OS user cannot write {} (a parent folder is private?): \
                         set ARBITRE_DATA_DIR to a folder it can reach",
                        dir.display()
                    ),
                });
            }
        }
        Ok(())
    }

    fn command(&self, program: &Path, arguments: &[OsString]) -> Command {
        let mut command = if self.as_server_user {
            let mut command = Command::new("runuser");
            command.args(["-u", SERVER_OS_USER, "--"]).arg(program);
            command
        } else {
            Command::new(program)
        };
        command.args(arguments);
        // pg_ctl's server inherits the working folder; the server user may not reach ours.
        command.current_dir("/");
        command
    }

    fn run(
        &self,
        action: &str,
        program: &Path,
        arguments: &[OsString],
    ) -> Result<Output, ClusterError> {
        run_checked(action, &mut self.command(program, arguments))
    }
}

fn run_checked(action: &str, command: &mut Command) -> Result<Output, ClusterError> {
    let output = command.output().map_err(|error| ClusterError::Command {
        action: action.to_string(),
        detail: error.to_string(),
    })?;
    if output.status.success() {
        return Ok(output);
    }
    let mut detail = String::from_utf8_lossy(&output.stderr).trim().to_string();
    if detail.is_empty() {
        detail = String::from_utf8_lossy(&output.stdout).trim().to_string();
    }
    Err(ClusterError::Command {
        action: action.to_string(),
        detail: format!("{} ({detail})", output.status),
    })
}

fn absolute(path: &Path) -> Result<PathBuf, ClusterError> {
    std::path::absolute(path).map_err(|source| ClusterError::Io {
        path: path.to_path_buf(),
        source,
    })
}

/// Root's processes own `/proc/self`.
fn running_as_root() -> bool {
    fs::metadata("/proc/self")
        .map(|metadata| metadata.uid() == 0)
        .unwrap_or(false)
}

/// The folder of `initdb` and `pg_ctl`: `ARBITRE_PG_BIN`, then `pg_config --bindir`, then
/// the newest `/usr/lib/postgresql/*/bin` (Debian keeps the server binaries off the PATH).
pub fn find_bin_dir() -> Result<PathBuf, ClusterError> {
    let has_server = |dir: &Path| dir.join("initdb").is_file() && dir.join("pg_ctl").is_file();
    if let Some(dir) = std::env::var_os("ARBITRE_PG_BIN") {
        let dir = PathBuf::from(dir);
        return if has_server(&dir) {
            Ok(dir)
        } else {
            Err(ClusterError::BinariesNotFound)
        };
    }
    if let Ok(output) = Command::new("pg_config").arg("--bindir").output() {
        let dir = PathBuf::from(String::from_utf8_lossy(&output.stdout).trim());
        if output.status.success() && has_server(&dir) {
            return Ok(dir);
        }
    }
    let mut versions: Vec<(u32, PathBuf)> = fs::read_dir("/usr/lib/postgresql")
        .into_iter()
        .flatten()
        .flatten()
        .filter_map(|entry| {
            let version = entry.file_name().to_str()?.parse().ok()?;
            let dir = entry.path().join("bin");
            has_server(&dir).then_some((version, dir))
        })
        .collect();
    versions.sort();
    versions
        .pop()
        .map(|(_, dir)| dir)
        .ok_or(ClusterError::BinariesNotFound)
}
