//! Offline subcommands: each reads files, asks the core, prints a verdict.

pub mod export;
pub mod pair;
pub mod score;
pub mod verify;
