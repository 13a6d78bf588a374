//! arbitre-core: the rules of Go as a tournament arbiter applies them.
//!
//! Pure and deterministic: nothing here reads a clock, a file, a socket or a
//! random source. Time and input come in as arguments; verdicts come out as values.

pub mod board;
pub mod clock;
pub mod counting;
pub mod ending;
pub mod export;
pub mod fields;
pub mod game;
pub mod hall;
pub mod history;
pub mod ko;
pub mod life;
pub mod pairing;
pub mod point;
pub mod rating_list;
pub mod record_check;
pub mod region;
pub mod result;
pub mod roster;
pub mod round;
pub mod rules;
pub mod scoring;
pub mod sgf;
pub mod standings;
pub mod table;
pub mod tablet;
pub mod tournament_board;
pub mod undo;
pub mod verify;

pub use point::{BoardSize, Color, Point};
pub use rules::{KomiPolicy, Preset, Rules};
