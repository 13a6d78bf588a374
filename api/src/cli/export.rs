//! `arbitre export`: turn a tournament into the file a rating body or another program reads.
//!
//! SOURCE is an OpenGotha XML tournament file (also what pairgoth saves), so that a
//! director can produce rating exports from an OpenGotha or pairgoth tournament without a
//! server, or the id (a UUID) of a tournament in arbitre's database, read by the service's
//! store through `DATABASE_URL` or arbitre's own PostgreSQL, as `arbitre token create`
//! reaches it. Whatever the source, the tournament goes through the one core function the
//! service's standings resource also calls, [`export::write()`], so the bytes are the same.

use arbitre_core::export::{self, opengotha, ByDefault, Choices, Counted, ExportError, Format};
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
    /// The round the standings are after: a number (0 to the tournament's number of
    /// rounds), `played` (the default: the last round with a game or a bye), `declared`
    /// (the tournament's number of rounds, rounds not played yet included, as OpenGotha's
    /// own exports rank) or `complete` (the rounds complete so far: before the first round
    /// with a result not known, which the EGD, FFG and AGA formats cannot hold).
    #[arg(long, value_name = "N|played|declared|complete")]
    pub after_round: Option<AfterRound>,
    /// How the EGD `.h9` writes a game won by default: `plus_minus` (the default: `0+` for
    /// the winner, `0-` for the loser) or `equals` (`0=` for both, as OpenGotha does when
    /// told not to keep results by default).
    #[arg(long, value_name = "plus_minus|equals")]
    pub by_default: Option<ByDefault>,
}

/// `--after-round`: a round by its number or by what it is.
#[derive(Debug, Clone, Copy)]
pub enum AfterRound {
    Number(u32),
    Named(Counted),
}

impl std::str::FromStr for AfterRound {
    type Err = export::choices::UnknownChoice;

    fn from_str(text: &str) -> Result<AfterRound, Self::Err> {
        match text.parse() {
            Ok(number) => Ok(AfterRound::Number(number)),
            Err(_) => text.parse().map(AfterRound::Named),
        }
    }
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
            let round = match arguments.after_round {
                Some(AfterRound::Number(round)) => round,
                Some(AfterRound::Named(counted)) => counted.round(&tournament),
                None => tournament.last_round(),
            };
            if matches!(
                arguments.after_round,
                Some(AfterRound::Named(Counted::Complete))
            ) && round < tournament.last_round()
            {
                eprintln!(
                    "arbitre export: after round {round}: round {} has a result not known yet",
                    round + 1
                );
            }
            let choices = Choices {
                by_default: arguments.by_default.unwrap_or_default(),
            };
            Ok(export::write_with(
                arguments.format,
                &tournament,
                round,
                choices,
            )?)
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
