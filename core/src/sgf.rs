//! SGF `FF[4]` game records (<https://www.red-bean.com/sgf/>): reading the main line of
//! real files into a [`GameRecord`], and writing a record back as `FF[4]` text.
//!
//! Reading follows the `FF[4]` grammar (sgf.html, "Basic (EBNF) Definition") with the
//! tolerance real files need: text before the first `(;` or between game trees is ignored,
//! `FF[3]` long identifiers such as `AddBlack` are read by their uppercase letters (`AB`),
//! whitespace may separate any two tokens, and unknown properties are skipped.
//! Only the main line is kept: at each branch it continues into the first variation
//! (sgf.html, "GameTree"); later variations are checked for syntax and skipped.
//!
//! Speed is a product requirement (`arbitre verify` reads tens of millions of moves a
//! second), so the reader is one iterative pass over the bytes that writes `B`/`W`
//! values straight into [`Turn`]s, and decodes text only for the
//! few game-info values it keeps.

mod reader;
mod text;
mod writer;

use crate::history::{GameRecord, Turn};
use std::cell::RefCell;
use thiserror::Error;

pub use writer::write;

/// Largest input read: far above any real game (a 52×52 record with comments is well
/// under 1 MiB), low enough that a hostile upload cannot exhaust memory.
pub const MAX_INPUT_BYTES: usize = 64 * 1024 * 1024;

/// Deepest nesting of game trees (`(` inside `(`). Some editors nest every move of a long
/// game one level deeper; a thousand levels covers them while refusing pathological files.
pub const MAX_DEPTH: usize = 1000;

/// Reads the first game of an SGF collection.
///
/// Games after the first are not read, so an error in them does not refuse the file.
pub fn parse(bytes: &[u8]) -> Result<GameRecord, SgfError> {
    let mut reader = reader::Reader::new(bytes)?;
    match reader.next_game() {
        Some(game) => game,
        None => Err(reader.no_game_tree()),
    }
}

/// Reads every game of an SGF collection (sgf.html: `Collection = GameTree { GameTree }`).
pub fn parse_collection(bytes: &[u8]) -> Result<Vec<GameRecord>, SgfError> {
    let mut reader = reader::Reader::new(bytes)?;
    // Room for one game, as most files hold one: the four records a first push reserves
    // are beyond the allocator's small blocks, which cost less to get.
    let mut games = Vec::with_capacity(1);
    while let Some(game) = reader.next_game() {
        games.push(game?);
    }
    if games.is_empty() {
        return Err(reader.no_game_tree());
    }
    Ok(games)
}

/// Turn lists kept by [`recycle`] on each thread, at most this many.
const SPARE_TURN_LISTS: usize = 4;

thread_local! {
    /// Memory of records given back with [`recycle`], for the next games read on this thread.
    static SPARE_TURNS: RefCell<Vec<Vec<Turn>>> = const { RefCell::new(Vec::new()) };
}

/// Gives the memory of a record that is no longer needed to the next games read on this
/// thread. A reader of many files (`arbitre verify`) then allocates no turn list per game:
/// a list of some hundred turns is beyond the allocator's small-block caches, and getting
/// and freeing one cost more than reading a game's root node.
pub fn recycle(record: GameRecord) {
    SPARE_TURNS.with(|spare| {
        let mut spare = spare.borrow_mut();
        if spare.len() < SPARE_TURN_LISTS {
            spare.push(record.turns);
        }
    });
}

/// An empty turn list: a recycled one when there is one, with its memory.
fn spare_turns() -> Option<Vec<Turn>> {
    SPARE_TURNS
        .with(|spare| spare.borrow_mut().pop())
        .map(|mut turns| {
            turns.clear();
            turns
        })
}

/// Why a file was refused, and where: the 1-based line and the 1-based column, in bytes,
/// of the offending byte (one past the last byte when the input ends too early).
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("line {line}, column {column}: {kind}")]
pub struct SgfError {
    pub kind: SgfErrorKind,
    pub line: u32,
    pub column: u32,
}

#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum SgfErrorKind {
    #[error("input is larger than {MAX_INPUT_BYTES} bytes")]
    TooLarge,
    #[error("no game tree: expected `(;`")]
    NoGameTree,
    #[error("unexpected {}", describe_byte(*.0))]
    UnexpectedByte(u8),
    #[error("expected `;` to start a node")]
    ExpectedNode,
    #[error("game trees nested deeper than {MAX_DEPTH}")]
    TooDeep,
    #[error("unexpected end of input: game tree not closed")]
    UnclosedGameTree,
    #[error("unterminated property value")]
    UnterminatedValue,
    #[error("property identifier without an uppercase letter")]
    InvalidIdentifier,
    #[error("property {0} has no value")]
    MissingValue(String),
    #[error("property {0} has more than one value")]
    MultipleValues(String),
    #[error("invalid point in property {0}: expected two letters a-z or A-Z")]
    InvalidPoint(String),
    #[error("invalid number in property {0}")]
    InvalidNumber(String),
    #[error("invalid board size: expected 1 to 52, or width:height")]
    InvalidBoardSize,
    #[error("invalid colour in property PL: expected B or W")]
    InvalidColor,
    #[error("property {0} after the first move is not supported")]
    SetupAfterMoves(String),
}

fn describe_byte(byte: u8) -> String {
    if byte.is_ascii_graphic() {
        format!("character '{}'", byte as char)
    } else {
        format!("byte 0x{byte:02X}")
    }
}
