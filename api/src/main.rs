//! The `arbitre` binary: the service and its offline subcommands.

mod cli;

use clap::{Parser, Subcommand};
use std::process::ExitCode;

#[derive(Parser)]
#[command(
    name = "arbitre",
    version,
    about = "The arbitration service for Go tournaments"
)]
struct Arguments {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Verify the legality of every turn of SGF game records.
    Verify(cli::verify::VerifyArguments),
    /// Write a tournament as an EGD, FFG, AGA, CSV or OpenGotha file.
    Export(cli::export::ExportArguments),
    /// Pair a round of an OpenGotha tournament file as OpenGotha would (`--round N`).
    Pair(cli::pair::PairArguments),
    /// Count the final position of an SGF game (FFG rules 6 and 6 bis, Japanese, Chinese, AGA).
    Score(cli::score::ScoreArguments),
    /// Serve the REST API (own PostgreSQL in ARBITRE_DATA_DIR when DATABASE_URL is unset).
    Serve,
    /// Run the pending database migrations.
    Migrate,
    /// Issue API tokens.
    Token {
        #[command(subcommand)]
        command: arbitre_api::commands::TokenCommand,
    },
    /// Import the federations' rating lists (EGD, FFG, AGA).
    Ratings {
        #[command(subcommand)]
        command: arbitre_api::commands::RatingsCommand,
    },
    /// Print the OpenAPI document, or write it (`--write openapi/openapi.json`).
    Openapi(arbitre_api::commands::OpenapiArguments),
}

fn main() -> ExitCode {
    match Arguments::parse().command {
        Command::Verify(arguments) => cli::verify::run(arguments),
        Command::Export(arguments) => cli::export::run(arguments),
        Command::Score(arguments) => cli::score::run(arguments),
        Command::Pair(arguments) => cli::pair::run(arguments),
        Command::Serve => arbitre_api::commands::serve(),
        Command::Migrate => arbitre_api::commands::migrate(),
        Command::Token { command } => arbitre_api::commands::token(command),
        Command::Ratings { command } => arbitre_api::commands::ratings(command),
        Command::Openapi(arguments) => arbitre_api::commands::openapi(arguments),
    }
}
