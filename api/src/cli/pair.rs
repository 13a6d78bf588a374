//! `arbitre pair`: the pairing arbitre makes of a round of an OpenGotha tournament file.
//!
//! The round is paired from the file's state before it (games and byes the file records
//! for that round and later ones are ignored), among the players registered as final
//! (`FIN`) and participating in the round, with the file's own pairing and handicap
//! parameters, by the core's [`pairing::pair`] — the engine the service's draft uses.

use arbitre_core::export::opengotha::{self, OpenGothaError};
use arbitre_core::pairing::{self, Pairing, PairingError, Parallelism, Request};
use arbitre_core::standings::Tournament;
use clap::Args;
use serde_json::json;
use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;
use thiserror::Error;

#[derive(Args)]
pub struct PairArguments {
    /// An OpenGotha XML tournament file (OpenGotha or pairgoth).
    pub tournament: PathBuf,
    /// The round to pair, from 1.
    #[arg(long)]
    pub round: u32,
    /// Print JSON, with each pair's cost criterion by criterion.
    #[arg(long)]
    pub json: bool,
    /// Threads to pair with (the costs of the pairs, and the groups of a round of more
    /// than 600 players); default: one per core.
    #[arg(long)]
    pub jobs: Option<usize>,
}

/// Why `arbitre pair` failed; printed as one line.
#[derive(Debug, Error)]
enum PairCommandError {
    #[error("{path}: {source}")]
    Read {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error("{path}: {source}")]
    OpenGotha {
        path: PathBuf,
        source: OpenGothaError,
    },
    #[error("{path}: {source}")]
    Pairing { path: PathBuf, source: PairingError },
    #[error("standard output: {0}")]
    Write(std::io::Error),
}

pub fn run(arguments: PairArguments) -> ExitCode {
    match pair(&arguments) {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("arbitre pair: {error}");
            ExitCode::FAILURE
        }
    }
}

fn pair(arguments: &PairArguments) -> Result<(), PairCommandError> {
    let path = &arguments.tournament;
    let bytes = std::fs::read(path).map_err(|source| PairCommandError::Read {
        path: path.clone(),
        source,
    })?;
    let opengotha_error = |source| PairCommandError::OpenGotha {
        path: path.clone(),
        source,
    };
    let (tournament, warnings) =
        opengotha::import_with_warnings(&bytes).map_err(opengotha_error)?;
    for warning in warnings {
        eprintln!("arbitre pair: {}: {warning}", path.display());
    }
    let settings = pairing::opengotha::read(&bytes, &tournament).map_err(opengotha_error)?;
    let request = Request {
        round: arguments.round,
        participants: tournament
            .clone()
            .unpaired(arguments.round)
            .participants(arguments.round),
        ..Request::default()
    };
    let mut threads = rayon::ThreadPoolBuilder::new();
    if let Some(jobs) = arguments.jobs {
        threads = threads.num_threads(jobs.max(1));
    }
    // Without a pool of its own (the system refused a thread), the round is paired on this
    // thread alone: the same pairing, only slower.
    let pool = threads.build().ok();
    let parallelism = pool
        .as_ref()
        .map_or(Parallelism::Sequential, Parallelism::Pool);
    let made = pairing::pair(&tournament, &settings.parameters, &request, parallelism).map_err(
        |source| PairCommandError::Pairing {
            path: path.clone(),
            source,
        },
    )?;
    let text = if arguments.json {
        let mut text = as_json(&tournament, &made).to_string();
        text.push('\n');
        text
    } else {
        as_table(&tournament, &made)
    };
    std::io::stdout()
        .write_all(text.as_bytes())
        .map_err(PairCommandError::Write)
}

/// A player as the file names them: `name firstName`.
fn name(tournament: &Tournament, id: &str) -> String {
    tournament.player(id).map_or_else(
        || id.to_string(),
        |player| format!("{} {}", player.surname, player.first_name),
    )
}

/// The tab-separated listing: a header, one line per table, then the bye.
fn as_table(tournament: &Tournament, made: &Pairing) -> String {
    let mut text = String::from("table\twhite\tblack\thandicap\n");
    for game in &made.games {
        text.push_str(&format!(
            "{}\t{}\t{}\t{}\n",
            game.table,
            name(tournament, &game.white),
            name(tournament, &game.black),
            game.handicap
        ));
    }
    if let Some(bye) = &made.bye {
        text.push_str(&format!("BYE\t{}\t\t\n", name(tournament, bye)));
    }
    text
}

fn as_json(tournament: &Tournament, made: &Pairing) -> serde_json::Value {
    let games: Vec<serde_json::Value> = made
        .games
        .iter()
        .map(|game| {
            let cost = &game.cost;
            json!({
                "table": game.table,
                "white": name(tournament, &game.white),
                "black": name(tournament, &game.black),
                "handicap": game.handicap,
                "komi": game.komi,
                "rematch": game.rematch,
                "cost": {
                    "total": cost.total(),
                    "duplicate_game": cost.duplicate_game,
                    "random": cost.random,
                    "colour_balance": cost.colour_balance,
                    "categories": cost.categories,
                    "score_difference": cost.score_difference,
                    "draw_up_down": cost.draw_up_down,
                    "seeding": cost.seeding,
                    "handicap": cost.handicap,
                    "geography": cost.geography,
                },
            })
        })
        .collect();
    json!({
        "round": made.round,
        "games": games,
        "bye": made.bye.as_deref().map(|bye| name(tournament, bye)),
        "opengotha": made.opengotha,
    })
}
