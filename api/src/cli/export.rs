//! `arbitre export`: turn a tournament into the file a rating body or another program reads.
//!
//! SOURCE is an OpenGotha XML tournament file (also what pairgoth saves), so that a
//! director can produce rating exports from an OpenGotha or pairgoth tournament without a
//! server, or the id (a UUID) of a tournament in arbitre's database, read by the service's
//! store through `DATABASE_URL` or arbitre's own PostgreSQL, as `arbitre token create`
//! reaches it. Whatever the source, the tournament goes through the one core function the
//! service's standings resource also calls, [`export::write()`], so the bytes are the same.

use arbitre_core::export::{self, opengotha, ExportError, Format};
use arbitre_core::standings::Tournament;
use clap::Args;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use thiserror::Error;
use uuid::Uuid;

#[derive(Args)]
pub struct ExportArguments {
    /// egd (EGD .h9), ffg (FFG .tou), aga (AGA results), csv (standings) or opengotha (XML).
    #[arg(long, short)]
    pub format: Format,
    /// An OpenGotha XML tournament file (OpenGotha or pairgoth), or the id of a tournament
    /// in arbitre's database (`DATABASE_URL`, or the own PostgreSQL in `ARBITRE_DATA_DIR`).
    pub source: PathBuf,
    /// Where to write the file; standard output by default.
    #[arg(long, short)]
    pub output: Option<PathBuf>,
    /// The round the standings are after (0 to the tournament's number of rounds); by
    /// default the last round with a game or a bye. OpenGotha's own exports rank after the
    /// tournament's number of rounds, rounds not played yet included.
    #[arg(long)]
    pub after_round: Option<u32>,
}

/// Why `arbitre export` failed; printed as one line.
#[derive(Debug, Error)]
enum ExportCommandError {
    #[error("{0}: no such file (SOURCE is an OpenGotha XML tournament file or a tournament id)")]
    NoSuchFile(PathBuf),
    #[error("`{0}` looks like a tournament id, but arbitre's tournament ids are UUIDs")]
    TournamentId(String),
    #[error("no tournament {0} in arbitre's database")]
    NoSuchTournament(Uuid),
    #[error("arbitre's database: {0}")]
    Database(String),
    #[error("{path}: {source}")]
    Read {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error("{path}: {source}")]
    OpenGotha {
        path: PathBuf,
        source: opengotha::OpenGothaError,
    },
    #[error(transparent)]
    Export(#[from] ExportError),
    #[error("{path}: {source}")]
    Write {
        path: String,
        source: std::io::Error,
    },
}

pub fn run(arguments: ExportArguments) -> ExitCode {
    let written = load(&arguments.source)
        .and_then(|tournament| {
            let round = arguments
                .after_round
                .unwrap_or_else(|| tournament.last_round());
            Ok(export::write_after(arguments.format, &tournament, round)?)
        })
        .and_then(|file| save(arguments.output.as_deref(), &file));
    match written {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("arbitre export: {error}");
            ExitCode::FAILURE
        }
    }
}

/// Reads the tournament SOURCE names: a file if there is one, else a stored tournament.
fn load(source: &Path) -> Result<Tournament, ExportCommandError> {
    if !source.is_file() {
        let text = source.to_string_lossy();
        if let Ok(id) = Uuid::parse_str(&text) {
            return arbitre_api::commands::stored_tournament(id)
                .map_err(|error| ExportCommandError::Database(error.to_string()))?
                .ok_or(ExportCommandError::NoSuchTournament(id));
        }
        return Err(
            if !text.is_empty() && text.bytes().all(|byte| byte.is_ascii_digit()) {
                ExportCommandError::TournamentId(text.into_owned())
            } else {
                ExportCommandError::NoSuchFile(source.to_path_buf())
            },
        );
    }
    let bytes = std::fs::read(source).map_err(|error| ExportCommandError::Read {
        path: source.to_path_buf(),
        source: error,
    })?;
    let (tournament, warnings) =
        opengotha::import_with_warnings(&bytes).map_err(|error| ExportCommandError::OpenGotha {
            path: source.to_path_buf(),
            source: error,
        })?;
    for warning in warnings {
        eprintln!("arbitre export: {}: {warning}", source.display());
    }
    Ok(tournament)
}

fn save(output: Option<&Path>, file: &[u8]) -> Result<(), ExportCommandError> {
    match output {
        Some(path) => std::fs::write(path, file).map_err(|error| ExportCommandError::Write {
            path: path.display().to_string(),
            source: error,
        }),
        None => std::io::stdout()
            .write_all(file)
            .map_err(|error| ExportCommandError::Write {
                path: "standard output".to_string(),
                source: error,
            }),
    }
}
