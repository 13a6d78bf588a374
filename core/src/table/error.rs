//! Why a table refuses an input. A refused input changes nothing.

use super::terms::{ResultError, TermsError};
use crate::clock::ClockError;
use crate::counting::DeadStoneError;
use crate::game::IllegalMove;
use crate::point::Color;
use crate::scoring::ScoringError;

#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum TableError {
    #[error(transparent)]
    Terms(#[from] TermsError),
    #[error("illegal turn: {reason}")]
    IllegalMove { reason: IllegalMove },
    #[error("the game has not started")]
    NotStarted,
    #[error("turn {expected} was expected, not {stated}")]
    StaleTurn { expected: u32, stated: u32 },
    #[error("the game has already started")]
    AlreadyStarted,
    #[error("the game is over")]
    Finished,
    #[error("the referee has paused the game")]
    Paused,
    #[error("the game is paused for counting (rule 5 bis)")]
    NotPlaying,
    #[error("the game is not paused for counting (rule 5 bis)")]
    NotCounting,
    #[error(
        "the game has reached {cap} turns, the most a game may have: a referee's ruling ends it"
    )]
    TurnCap { cap: u32 },
    #[error(
        "the counting phase has taken {cap} steps, the most it may: a referee's ruling ends it"
    )]
    CountingCap { cap: u32 },
    /// FFG rule 5 bis: both players agree on the same dead stones.
    #[error(
        "this step answers the proposal of event {revision}, replaced by that of event {current}: look at the new proposal first"
    )]
    SupersededProposal { revision: u32, current: u32 },
    #[error("instant {at} ms comes before the last event's, {last} ms")]
    TimeWentBackwards { at: u64, last: u64 },
    /// Time is settled first: an input after a fallen flag waits for
    /// [`Input::Clock`](super::Input::Clock) to record the flag.
    #[error("{color}'s flag fell after {deadline} ms: the clock must be settled first")]
    FlagDue { color: Color, deadline: u64 },
    #[error("no flag of {color} fell after {deadline} ms")]
    NoFlag { color: Color, deadline: u64 },
    #[error("clock: {0}")]
    Clock(#[from] ClockError),
    #[error("both players are out of time: the referee decides the count")]
    BothOutOfTime,
    #[error("dead stones: {0}")]
    DeadStones(#[from] DeadStoneError),
    /// A defect: see [`ScoringError::QuickCountMismatch`].
    #[error("count: {0}")]
    Count(ScoringError),
    #[error("a ruling needs a reason")]
    MissingReason,
    #[error("a time adjustment needs a delta other than zero")]
    ZeroDelta,
    #[error("the referee has not paused the game")]
    NotPaused,
    #[error("the referee has already paused the game")]
    AlreadyPaused,
    #[error("no event {corrects} to correct: the log has {events}")]
    UnknownEvent { corrects: u32, events: u32 },
    #[error(transparent)]
    Result(#[from] ResultError),
}

impl TableError {
    /// The stable code a client can switch on (`illegal_move` is followed by the
    /// reason's own code: [`IllegalMove::code`]).
    pub fn code(&self) -> &'static str {
        match self {
            TableError::Terms(error) => error.code(),
            TableError::IllegalMove { .. } => "illegal_move",
            TableError::NotStarted => "game.not_started",
            TableError::StaleTurn { .. } => "game.stale_turn",
            TableError::AlreadyStarted => "game.started",
            TableError::Finished => "game.finished",
            TableError::Paused => "game.paused",
            TableError::NotPlaying => "game.not_playing",
            TableError::NotCounting => "game.not_counting",
            TableError::TurnCap { .. } => "game.turn_cap",
            TableError::CountingCap { .. } => "game.counting_cap",
            TableError::SupersededProposal { .. } => "counting.superseded",
            TableError::TimeWentBackwards { .. } => "game.time_went_backwards",
            TableError::FlagDue { .. } => "clock.flag_due",
            TableError::NoFlag { .. } => "clock.no_flag",
            TableError::Clock(_) => "game.clock",
            TableError::BothOutOfTime => "game.both_out_of_time",
            TableError::DeadStones(_) => "game.dead_stones",
            TableError::Count(_) => "game.count",
            TableError::MissingReason => "ruling.reason",
            TableError::ZeroDelta => "ruling.delta_ms",
            TableError::NotPaused => "game.not_paused",
            TableError::AlreadyPaused => "game.already_paused",
            TableError::UnknownEvent { .. } => "ruling.corrects",
            TableError::Result(error) => error.code(),
        }
    }
}

impl From<IllegalMove> for TableError {
    fn from(reason: IllegalMove) -> Self {
        TableError::IllegalMove { reason }
    }
}

impl From<crate::ending::EndingError> for TableError {
    fn from(error: crate::ending::EndingError) -> Self {
        use crate::ending::EndingError;
        match error {
            EndingError::IllegalMove { reason } => TableError::IllegalMove { reason },
            EndingError::NotPlaying => TableError::NotPlaying,
            EndingError::NotCounting => TableError::NotCounting,
            EndingError::Finished => TableError::Finished,
            EndingError::DeadStones { error } => TableError::DeadStones(error),
            EndingError::Count { error } | EndingError::CountAfterTurn { error } => {
                TableError::Count(error)
            }
        }
    }
}
