//! Shared helpers of the core's integration tests.
#![allow(dead_code)] // each test binary uses its own part of the helpers
#![allow(clippy::unwrap_used)] // test helpers: a bad fixture should stop the test

pub mod reference;

use arbitre_core::board::Board;
use arbitre_core::history::{GameRecord, Turn};
use arbitre_core::{BoardSize, Color, Point};
use proptest::prelude::*;

/// Reads `"B[pd] W[dd] B[]"`: one turn per bracketed value, `[]` a pass.
pub fn turns(text: &str) -> Vec<Turn> {
    text.split_whitespace()
        .map(|token| {
            let color = Color::from_letter(token.chars().next().unwrap()).unwrap();
            let value = token[1..].trim_start_matches('[').trim_end_matches(']');
            if value.is_empty() {
                Turn::pass(color)
            } else {
                Turn::play(color, Point::from_sgf(value).unwrap())
            }
        })
        .collect()
}

/// An even game on an empty board.
pub fn game(width: u8, height: u8, moves: &str) -> GameRecord {
    let mut record = GameRecord::new(BoardSize::new(width, height).unwrap());
    record.turns = turns(moves);
    record
}

/// A game from a diagram (`X` black, `O` white, `.` empty) with `first` to move.
pub fn from_diagram(diagram: &str, first: Color, moves: &str) -> GameRecord {
    let board = Board::from_diagram(diagram).unwrap();
    let mut record = GameRecord::new(board.size());
    for point in board.size().all_points() {
        match board.get(point) {
            Some(Color::Black) => record.setup.black.push(point),
            Some(Color::White) => record.setup.white.push(point),
            None => {}
        }
    }
    record.first_player = Some(first);
    record.turns = turns(moves);
    record
}

/// How many choices a property test's tape holds at most (see [`Random`]).
const TAPE: usize = 2048;

/// The random players of the property tests. Their choices are read from a tape that
/// proptest draws ([`tape`]), so that a failing case shrinks: proptest shortens the tape
/// and lowers its values toward 0, the first option of every choice. Past the tape's end
/// the choices go on from SplitMix64 started at the tape's length, so a case is
/// reproduced from its tape alone.
pub struct Random {
    tape: Vec<u64>,
    read: usize,
    state: u64,
}

/// A tape of choices for [`Random`].
pub fn tape() -> impl Strategy<Value = Vec<u64>> {
    proptest::collection::vec(any::<u64>(), 0..=TAPE)
}

impl Random {
    pub fn new(tape: Vec<u64>) -> Random {
        let state = tape.len() as u64;
        Random {
            tape,
            read: 0,
            state,
        }
    }

    pub fn next(&mut self) -> u64 {
        if let Some(&choice) = self.tape.get(self.read) {
            self.read += 1;
            return choice;
        }
        self.state = self.state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number below `bound` (0 when `bound` is 0).
    pub fn below(&mut self, bound: usize) -> usize {
        (self.next() % bound.max(1) as u64) as usize
    }
}

/// The terms of a live table's tests: a 19×19 even game under the French rules, strict
/// resumption, a flag that falls loses, and the time control `control`.
pub fn table_terms(control: arbitre_core::clock::TimeControl) -> arbitre_core::table::Terms {
    use arbitre_core::ending::{ResumptionPolicy, Settings};
    use arbitre_core::game::Start;
    let start = Start {
        size: BoardSize::square(19).unwrap(),
        setup: arbitre_core::history::Setup::default(),
        handicap: 0,
        first_player: None,
    };
    let settings = Settings::new(
        arbitre_core::Preset::French.rules(),
        start,
        None,
        ResumptionPolicy::Strict,
    );
    arbitre_core::table::Terms::new(settings, control, arbitre_core::clock::FlagPolicy::Lose)
        .unwrap()
}

/// The `index`th stone of a game whose stones never touch: points two apart.
pub fn spaced_point(index: usize) -> Point {
    Point::new((2 * (index % 10)) as u8, (2 * (index / 10)) as u8)
}
