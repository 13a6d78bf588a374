//! A step refused on arrival (issue 43). A tablet cut off from the service keeps what
//! its players do and sends it when the network returns; by then the game may have moved
//! on without it: the other tablet of the table played the turn, the referee paused the
//! game or ruled, the count changed. Such a step is refused, and the tablet says so; the
//! table also keeps the refusal in its log, so that the referee sees a move the players
//! made on the board and the game never recorded, and can walk over. A refusal in the
//! log changes nothing else in the game.
//!
//! A step refused for its own sake (an illegal move, a malformed proposal) is the
//! player's to correct at once, at the table: it is not kept.

use super::{CountingStep, Table, TableError, TableEvent};
use crate::history::Action;
use crate::point::Color;
use serde::{Deserialize, Serialize};

/// What a tablet asked, as it asked it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Asked {
    /// A turn, with the number it stated.
    Turn { turn: u32, action: Action },
    /// A resignation.
    Resign,
    /// A step of the count (rule 5 bis), with the revision of the proposal it answered.
    Counting { step: CountingStep, revision: u32 },
}

/// A step the table refused because the game had moved on: whose, what, and why.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Refusal {
    pub color: Color,
    pub asked: Asked,
    /// The refusal's stable code ([`TableError::code`]): `game.stale_turn`,
    /// `game.paused`, `game.finished`, `game.not_playing`, `game.not_counting` or
    /// `counting.superseded`.
    pub code: String,
}

impl TableError {
    /// The game had moved on when the step arrived: the step was right when it was made
    /// at the table, and the referee is to know of it.
    pub fn moved_on(&self) -> bool {
        matches!(
            self,
            TableError::StaleTurn { .. }
                | TableError::Paused
                | TableError::Finished
                | TableError::NotPlaying
                | TableError::NotCounting
                | TableError::SupersededProposal { .. }
        )
    }
}

impl Table {
    /// The log's entry that keeps, for the referee, the step `asked` (by `color`, when
    /// the request said whose it was), refused with `error` when it reached the service
    /// at `at`: none when the step was refused for its own sake (see the module's
    /// documentation), before the game started, or when the log's last entry is this
    /// very refusal (a tablet's retry of a request whose answer it lost: the refusal is
    /// kept once).
    pub fn refusal(
        &self,
        color: Option<Color>,
        asked: Asked,
        error: &TableError,
        at: u64,
    ) -> Option<TableEvent> {
        if !error.moved_on() || self.started_at().is_none() {
            return None;
        }
        let color = color.or_else(|| self.player_of(&asked))?;
        let refusal = Refusal {
            color,
            asked,
            code: error.code().to_string(),
        };
        if self.last_refusal() == Some(&refusal) {
            return None;
        }
        Some(TableEvent::Refused {
            refusal,
            at: at.max(self.last_at()),
        })
    }

    /// Whose step `asked` was when the request did not say: a turn's, the player who
    /// played the turn it stated (on the other tablet, say) or is to play it; a counting
    /// step's, its own.
    fn player_of(&self, asked: &Asked) -> Option<Color> {
        match asked {
            Asked::Turn { turn, .. } => turn
                .checked_sub(1)
                .and_then(|index| self.turns().nth(index as usize))
                .map(|(color, _)| color)
                .or(self.to_move()),
            Asked::Resign => None,
            Asked::Counting { step, .. } => Some(match step {
                CountingStep::Propose { color, .. }
                | CountingStep::Accept { color }
                | CountingStep::Dispute { color } => *color,
            }),
        }
    }
}
