//! The counting phase of FFG rule 5 bis: after two consecutive passes the game pauses,
//! the players agree on the dead stones (whole chains), and the agreed stones are
//! removed before the count of rule 6. A disagreement resumes play (see
//! [`ending`](crate::ending)).

use crate::board::Board;
use crate::life::unconditionally_alive;
use crate::point::{Color, Point};
use serde::{Deserialize, Serialize};

/// Why a point cannot be marked dead.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error, Serialize)]
#[serde(tag = "reason", content = "point", rename_all = "snake_case")]
pub enum DeadStoneError {
    #[error("point {0} is off the board")]
    OffBoard(Point),
    /// Rule 5 bis removes stones: an empty point cannot be dead.
    #[error("point {0} is empty: only stones can be dead")]
    Empty(Point),
}

/// A set of dead stones: whole chains of one board, in row-major order (SGF points in
/// JSON, `dd`).
// Decoding reads back a set the service sent (its clients, its tests): points that come
// from a person become a set through `DeadStones::of_chains`, which checks them on the
// board. (Not in the doc comment, which is the API document's description.)
#[cfg_attr(feature = "utoipa", derive(utoipa::ToSchema))]
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "utoipa", schema(value_type = Vec<String>))]
#[serde(transparent)]
pub struct DeadStones(Vec<Point>);

impl DeadStones {
    /// Every stone of the chains through `points`: rule 5 bis speaks of stones that
    /// cannot escape capture, and a chain is captured whole (rule 2).
    pub fn of_chains(board: &Board, points: &[Point]) -> Result<DeadStones, DeadStoneError> {
        let mut stones = Vec::new();
        for &point in points {
            if !board.size().contains(point) {
                return Err(DeadStoneError::OffBoard(point));
            }
            if board.get(point).is_none() {
                return Err(DeadStoneError::Empty(point));
            }
            stones.extend(board.chain(point));
        }
        stones.sort_unstable_by_key(|point| (point.y, point.x));
        stones.dedup();
        Ok(DeadStones(stones))
    }

    pub fn points(&self) -> &[Point] {
        &self.0
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// The proposed stones that Benson's algorithm proves unconditionally alive: an
    /// agreement that removes them is almost certainly a mistake (a referee may still impose it).
    pub fn unconditionally_alive(&self, board: &Board) -> Vec<Point> {
        let mut alive = Vec::new();
        for color in [Color::Black, Color::White] {
            let proven = unconditionally_alive(board, color);
            alive.extend(
                self.0
                    .iter()
                    .copied()
                    .filter(|point| proven.contains(point)),
            );
        }
        alive.sort_unstable_by_key(|point| (point.y, point.x));
        alive
    }
}

/// The agreement of rule 5 bis: the dead stones on the table and who accepts them.
/// Any change to the proposal clears earlier acceptances; the proposer accepts what
/// it proposes.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct Agreement {
    proposal: DeadStones,
    /// Black's acceptance, then White's (indexed by [`Color::index`]).
    accepted: [bool; 2],
}

impl Agreement {
    /// `color` proposes `dead`.
    pub fn propose(&mut self, color: Color, dead: DeadStones) {
        if dead != self.proposal {
            self.proposal = dead;
            self.accepted = [false, false];
        }
        self.accepted[color.index()] = true;
    }

    /// `color` accepts the proposal on the table (at first: no dead stones).
    pub fn accept(&mut self, color: Color) {
        self.accepted[color.index()] = true;
    }

    pub fn proposal(&self) -> &DeadStones {
        &self.proposal
    }

    pub fn accepted_by(&self, color: Color) -> bool {
        self.accepted[color.index()]
    }

    /// Both players accept the same set: the game can be counted.
    pub fn is_agreed(&self) -> bool {
        self.accepted == [true, true]
    }
}
