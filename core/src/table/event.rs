//! What comes to a table ([`Input`]), what it keeps in its log ([`TableEvent`]), and the
//! referee's rulings.

use super::refusal::Refusal;
use crate::counting::Agreement;
use crate::ending::CountBasis;
use crate::history::Action;
use crate::point::{Color, Point};
use crate::result::GameResult;
use serde::{Deserialize, Serialize};

/// A step of the counting phase of rule 5 bis, taken by a player.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "step", rename_all = "snake_case")]
pub enum CountingStep {
    /// `color` proposes the chains through `dead` as dead (and accepts its proposal).
    Propose { color: Color, dead: Vec<Point> },
    /// `color` accepts the proposal on the table; when both have, the game is counted.
    Accept { color: Color },
    /// `color` disagrees: play resumes, the player who passed first moves.
    Dispute { color: Color },
}

/// What a referee decides (issue 6, §4; FFG "problèmes d'arbitrage").
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Decision {
    /// A warning, recorded only.
    Warning {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        color: Option<Color>,
    },
    /// A penalty: main time taken off (`delta_ms` < 0) or, without `delta_ms`, noted only.
    Penalty {
        color: Color,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        delta_ms: Option<i64>,
    },
    /// Main time added (`delta_ms` > 0) or removed.
    TimeAdjustment {
        color: Color,
        delta_ms: i64,
    },
    /// Both clocks stop; nothing but rulings and resignations until the referee resumes.
    Pause,
    Resume,
    /// The dead stones of a disputed count (rule 5 bis): the game is counted.
    DeadStones {
        dead: Vec<Point>,
    },
    /// Rules 5 and 6: counted as it stands (during counting) or at the next two passes.
    StrictCount,
    /// No result: a long cycle under the simple ko rule, or a game to replay.
    Void,
    /// `color` forfeits, or did not show: the opponent wins (`W+F`, `B+F`).
    Forfeit {
        color: Color,
    },
    /// The result is `result`, whatever it was.
    ResultCorrection {
        result: GameResult,
    },
}

impl Decision {
    /// The `kind` name of the JSON form.
    pub fn kind(&self) -> &'static str {
        match self {
            Decision::Warning { .. } => "warning",
            Decision::Penalty { .. } => "penalty",
            Decision::TimeAdjustment { .. } => "time_adjustment",
            Decision::Pause => "pause",
            Decision::Resume => "resume",
            Decision::DeadStones { .. } => "dead_stones",
            Decision::StrictCount => "strict_count",
            Decision::Void => "void",
            Decision::Forfeit { .. } => "forfeit",
            Decision::ResultCorrection { .. } => "result_correction",
        }
    }

    /// The player the decision is about, if it is about one (a referee's log says who
    /// was warned, penalised, given time, or forfeited).
    pub fn concerns(&self) -> Option<Color> {
        match *self {
            Decision::Warning { color } => color,
            Decision::Penalty { color, .. }
            | Decision::TimeAdjustment { color, .. }
            | Decision::Forfeit { color } => Some(color),
            Decision::Pause
            | Decision::Resume
            | Decision::DeadStones { .. }
            | Decision::StrictCount
            | Decision::Void
            | Decision::ResultCorrection { .. } => None,
        }
    }

    /// The result this decision sets by itself, if it sets one.
    pub fn result(&self) -> Option<GameResult> {
        match *self {
            Decision::Void => Some(GameResult::Void),
            Decision::Forfeit { color } => Some(GameResult::Forfeit {
                winner: color.opponent(),
            }),
            Decision::ResultCorrection { result } => Some(result),
            _ => None,
        }
    }
}

/// A ruling as the referee gives it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Ruling {
    #[serde(flatten)]
    pub decision: Decision,
    /// Why: kept with the ruling, never empty.
    pub reason: String,
    /// The number of the event this ruling corrects, if any (1 for the first).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub corrects: Option<u32>,
}

/// Something brought to the table, at a server instant in milliseconds.
#[derive(Debug, Clone, PartialEq)]
pub enum Input {
    /// The game starts: the first player's clock runs.
    Start { at: u64 },
    /// A move or a pass, with the press of the player's clock.
    Turn {
        color: Color,
        action: Action,
        at: u64,
    },
    /// `color` resigns (either player, at any time).
    Resign { color: Color, at: u64 },
    /// Someone looks at the clock (the service's sweep, or a request): the flags that
    /// fell by `at` are recorded.
    Clock { at: u64 },
    /// A step of the count, answering the proposal of revision `revision`
    /// ([`Table::proposal_revision`](super::Table::proposal_revision)): a step on a
    /// proposal since replaced is refused.
    Counting {
        step: CountingStep,
        revision: u32,
        at: u64,
    },
    /// A referee's ruling; `by` names the referee (the service's token id).
    Ruling { ruling: Ruling, by: String, at: u64 },
}

/// One entry of a table's log; the table is the fold of its log.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "event", rename_all = "snake_case")]
pub enum TableEvent {
    Started {
        at: u64,
    },
    Turn {
        color: Color,
        action: Action,
        at: u64,
    },
    #[serde(rename = "resign")]
    Resigned {
        color: Color,
        at: u64,
    },
    /// `color`'s flag fell: `deadline` was the last instant they could still move. The
    /// flag policy says what follows (the game lost, or an automatic pass).
    Flag {
        color: Color,
        deadline: u64,
    },
    Counting {
        #[serde(flatten)]
        step: CountingStep,
        at: u64,
    },
    Ruling {
        ruling: Ruling,
        by: String,
        at: u64,
    },
    /// A step refused on arrival because the game had moved on, kept for the referee
    /// (issue 43, [`Table::refusal`](super::Table::refusal)): it changes nothing else.
    Refused {
        refusal: Refusal,
        at: u64,
    },
}

impl TableEvent {
    /// The server instant of the event: a flag falls one millisecond after its deadline.
    pub fn at(&self) -> u64 {
        match *self {
            TableEvent::Started { at }
            | TableEvent::Turn { at, .. }
            | TableEvent::Resigned { at, .. }
            | TableEvent::Counting { at, .. }
            | TableEvent::Ruling { at, .. }
            | TableEvent::Refused { at, .. } => at,
            TableEvent::Flag { deadline, .. } => deadline.saturating_add(1),
        }
    }

    /// Every name [`TableEvent::kind`] gives.
    pub const KINDS: [&'static str; 7] = [
        "start", "turn", "result", "clock", "counting", "ruling", "refused",
    ];

    /// The log's name for the kind of entry: one of [`TableEvent::KINDS`].
    pub fn kind(&self) -> &'static str {
        match self {
            TableEvent::Started { .. } => "start",
            TableEvent::Turn { .. } => "turn",
            TableEvent::Resigned { .. } => "result",
            TableEvent::Flag { .. } => "clock",
            TableEvent::Counting { .. } => "counting",
            TableEvent::Ruling { .. } => "ruling",
            TableEvent::Refused { .. } => "refused",
        }
    }
}

/// Where a result comes from.
#[cfg_attr(feature = "utoipa", derive(utoipa::ToSchema))]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "source", rename_all = "snake_case")]
pub enum ResultSource {
    /// The players: a resignation, or a long cycle voiding the game (simple ko rule).
    Play,
    /// The count of rule 6, on dead stones agreed (rule 5 bis), imposed by the referee,
    /// or none (rules 5 and 6).
    Count { basis: CountBasis },
    /// The clock: `loser`'s flag fell after `deadline`.
    Clock { loser: Color, deadline: u64 },
    /// A referee's ruling, event number `event` of the log.
    Ruling {
        event: u32,
        by: String,
        at: u64,
        reason: String,
        /// The result before the ruling (SGF `RE`).
        #[cfg_attr(feature = "utoipa", schema(value_type = Option<String>))]
        previous: Option<GameResult>,
    },
}

/// A finished game's result and where it comes from.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Outcome {
    pub result: GameResult,
    #[serde(flatten)]
    pub source: ResultSource,
}

/// A ruling the table applied: the audit trail. In JSON the ruling's fields (`kind`,
/// `reason`, `corrects`, ...) are at the top, beside who, when, and the results.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct AppliedRuling {
    /// Its number in the log.
    pub event: u32,
    #[serde(flatten)]
    pub ruling: Ruling,
    pub by: String,
    pub at: u64,
    /// The result before the ruling, and after it.
    pub previous_result: Option<GameResult>,
    pub new_result: Option<GameResult>,
}

/// Where a table stands.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(tag = "phase", rename_all = "snake_case")]
pub enum Stage<'a> {
    /// Not started: no clock runs.
    NotStarted,
    /// FFG handicap: Black places `stones_left` more stones as consecutive moves.
    Placing {
        stones_left: u32,
    },
    Playing,
    /// Paused after two consecutive passes for the agreement of rule 5 bis.
    Counting {
        agreement: &'a Agreement,
    },
    /// A referee stopped the clocks.
    Paused,
    Finished {
        outcome: &'a Outcome,
    },
}

impl Stage<'_> {
    /// `not_started`, `placing`, `playing`, `counting`, `paused`, `finished`.
    pub fn name(&self) -> &'static str {
        match self {
            Stage::NotStarted => "not_started",
            Stage::Placing { .. } => "placing",
            Stage::Playing => "playing",
            Stage::Counting { .. } => "counting",
            Stage::Paused => "paused",
            Stage::Finished { .. } => "finished",
        }
    }
}

/// The clocks as a table shows them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(tag = "state", rename_all = "snake_case")]
pub enum ClockState {
    NotStarted,
    /// `color`'s time runs since `since`: always the player to move.
    Running {
        color: Color,
        since: u64,
    },
    /// Stopped for counting (rule 5 bis) or by a referee; `color` moves when play resumes.
    Paused {
        color: Color,
    },
    /// The game is over: the clocks will not run again.
    Stopped,
}
