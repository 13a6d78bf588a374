//! The services: what a request does beyond parsing and answering it, shared by the
//! routes, the pages and the commands. An operation is one function taking typed input
//! and the caller and returning typed output or an [`crate::error::ApiError`]; a route
//! or a page parses, calls it and answers. Layers, top to bottom: `routes`, `web` →
//! `services` → `store` → `schema`/`db`, with `error` below them all (see
//! `api/tests/modules.rs`).

pub mod admission;
pub mod audit;
pub mod board_svg;
pub mod contacts;
pub mod deletions;
pub mod drafts;
pub mod heavy;
pub mod kept;
pub mod live;
pub mod names;
pub mod opengotha;
pub mod pairing;
pub mod player_copies;
pub mod players;
pub mod rating_lists;
pub mod reads;
pub mod registration_desk;
pub mod results;
pub mod revisions;
pub mod rounds;
pub mod rulings;
pub mod sign_in;
pub mod tokens;
pub mod tournament_import;
pub mod tournaments;
pub mod undo;
