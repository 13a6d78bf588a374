//! The services: what a request does beyond parsing and answering it, shared by the
//! routes and the commands. Layers, top to bottom: `routes` → `services` → `store` →
//! `schema`/`db`, with `error` below them all (see `tests/tests/service/modules.rs`).

pub mod admission;
pub mod audit;
pub mod heavy;
pub mod live;
pub mod opengotha;
pub mod pace;
pub mod pairing;
pub mod rating_lists;
pub mod reads;
pub mod revisions;
pub mod sign_in;
pub mod tokens;
