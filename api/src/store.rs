//! Repository functions: each takes a connection, so a handler composes several in one
//! transaction. Rows are the tables' shapes; the routes turn them into resources.

pub mod audit;
pub mod deletions;
pub mod games;
pub mod pairings;
pub mod players;
pub mod rating_lists;
pub mod rounds;
pub mod sessions;
pub mod settings;
pub mod sign_in_codes;
pub mod standings;
pub mod tokens;
pub mod tournaments;
