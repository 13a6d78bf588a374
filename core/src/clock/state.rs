//! The event-sourced game clock.
//!
//! The service appends [`ClockEvent`]s to a game's log; the clock's state is the fold of
//! that log, so replaying it always gives the same state, and every verdict (a flag, a
//! lost period, an automatic pass) can be traced to the events and instants that caused
//! it. Timestamps are integer milliseconds from the server's monotonic clock: tablets
//! lose connectivity and press late, the server's reception time is the authority.
//!
//! Time is counted exactly: a player whose think ends at the very millisecond their time
//! runs out is on time, one millisecond later is not. Everything is computed from
//! deadlines, never from when a check happens to run, so how often the service looks at
//! the clock changes nothing.

use super::system::{FlagPolicy, Overtime, TimeControl, TimeControlError};
use crate::point::Color;
use serde::{Deserialize, Serialize};

/// Something that happened to the clock, with the server instant it happened at.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "kebab-case", deny_unknown_fields)]
pub enum ClockEvent {
    /// The game starts: `color`'s clock runs (Black, or White after fixed handicap stones).
    Start { color: Color, at: u64 },
    /// `color`, the player on move, played or passed and pressed the clock.
    Turn { color: Color, at: u64 },
    /// Both clocks stop: an interruption, or the 5 bis pause after two consecutive passes
    /// ("la partie s'arrête provisoirement (on dit qu'elle est en pause) après deux passes
    /// consécutifs").
    Pause { at: u64 },
    /// Play resumes ("en cas de désaccord, la partie reprend normalement"); the player
    /// who was on move at the pause moves, which after [Black pass, White pass] is Black,
    /// the player who passed first.
    Resume { at: u64 },
    /// A referee adds (`delta_ms` > 0) or removes main time, for a stated reason.
    Adjust {
        color: Color,
        delta_ms: i64,
        reason: String,
        at: u64,
    },
    /// The service looks at the clock (its background sweep, or a client asking).
    FlagCheck { at: u64 },
}

impl ClockEvent {
    /// The server instant of the event.
    pub fn at(&self) -> u64 {
        match *self {
            ClockEvent::Start { at, .. }
            | ClockEvent::Turn { at, .. }
            | ClockEvent::Pause { at }
            | ClockEvent::Resume { at }
            | ClockEvent::Adjust { at, .. }
            | ClockEvent::FlagCheck { at } => at,
        }
    }
}

/// What an event caused, beyond the event itself.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "kebab-case")]
pub enum ClockOutcome {
    /// `color`'s time ran out after `deadline` (a move at `deadline` itself would have
    /// been on time); the event at `detected_at` noticed it. Under [`FlagPolicy::Lose`]
    /// the game is over.
    Flagged {
        color: Color,
        deadline: u64,
        detected_at: u64,
    },
    /// Under [`FlagPolicy::AutoPass`], `color` passed at `at`: the instant their time ran
    /// out, or the instant their turn came while they had no time left.
    AutoPassed { color: Color, at: u64 },
    /// One think used up `lost` byo-yomi periods; `periods_left` remain, counting the one
    /// in progress.
    PeriodsLost {
        color: Color,
        lost: u32,
        periods_left: u32,
    },
    /// Under [`FlagPolicy::AutoPass`], both players are out of time (each has passed
    /// automatically): the clock stops for good.
    BothOutOfTime { at: u64 },
}

/// A game lost on time.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct TimeLoss {
    pub loser: Color,
    /// The last instant at which the loser could still have moved.
    pub deadline: u64,
}

impl TimeLoss {
    pub fn winner(self) -> Color {
        self.loser.opponent()
    }

    /// The SGF `RE` value: `W+T` when Black lost on time, `B+T` when White did.
    pub fn sgf_result(self) -> String {
        format!("{}+T", self.winner())
    }
}

/// Where the clock stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "state", rename_all = "kebab-case")]
pub enum ClockStatus {
    NotStarted,
    /// `color`'s time has been running since `since` (their turn began, or play resumed,
    /// or a referee adjusted their clock).
    Running {
        color: Color,
        since: u64,
    },
    /// Both clocks are stopped; `color` is on move when play resumes.
    Paused {
        color: Color,
    },
    /// The game was lost on time ([`FlagPolicy::Lose`]).
    Lost {
        loss: TimeLoss,
    },
    /// Both players ran out of time ([`FlagPolicy::AutoPass`]); the clock has stopped.
    BothOutOfTime {
        at: u64,
    },
}

/// Why an event cannot be applied. The clock is unchanged.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ClockError {
    #[error(transparent)]
    InvalidControl(#[from] TimeControlError),
    #[error("event at {at} ms comes before the previous event at {last} ms")]
    TimeWentBackwards { at: u64, last: u64 },
    #[error("the clock has not been started")]
    NotStarted,
    #[error("the clock has already been started")]
    AlreadyStarted,
    #[error("the clock is paused")]
    Paused,
    #[error("the clock is not paused")]
    NotPaused,
    #[error("{color} pressed the clock, but {on_move} is on move")]
    NotYourTurn { color: Color, on_move: Color },
    #[error("{color} is out of time")]
    OutOfTime { color: Color },
    #[error("the clock has stopped for good: the game is over on time")]
    GameOver,
    #[error("a referee adjustment needs a reason")]
    MissingReason,
    #[error("a game without time limit has no clock to adjust")]
    NoTimeLimit,
    #[error("cannot take {} ms from {color}: {main_ms} ms of main time left", delta_ms.unsigned_abs())]
    AdjustmentExceedsMainTime {
        color: Color,
        delta_ms: i64,
        main_ms: u64,
    },
}

/// A player's time at an instant, as a referee reads it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct PlayerTime {
    /// Main time left: for Fischer and absolute time, all the time there is; for the
    /// online byo-yomi, the time before its last X seconds. Referee additions land here
    /// too and are spent first.
    pub main_ms: u64,
    /// Byo-yomi periods left, counting the one in progress (simple time and the online
    /// byo-yomi have one). 0 for other systems.
    pub periods_left: u32,
    /// Time left in the current byo-yomi or Canadian period (for simple time, in the
    /// current move). Full until the main time is spent.
    pub period_ms_left: u64,
    /// Canadian: moves still to play in the current period.
    pub stones_left: u32,
    /// The main time is spent and the player is in byo-yomi or a Canadian period.
    pub in_overtime: bool,
    /// Time until the flag falls if the player's clock runs from now on; `None` without
    /// time limit.
    pub total_ms: Option<u64>,
    /// The player's clock is running.
    pub running: bool,
    /// The player has run out of time.
    pub out_of_time: bool,
}

/// One player's clock between events. While it runs, the time since the clock's `since`
/// instant is still to be taken from it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct PlayerState {
    main_ms: u64,
    periods_left: u32,
    period_ms_left: u64,
    stones_left: u32,
    out_of_time: bool,
}

impl PlayerState {
    fn new(main_ms: u64, overtime: Overtime) -> PlayerState {
        let (periods_left, period_ms_left, stones_left) = match overtime {
            Overtime::Unlimited | Overtime::Bank { .. } => (0, 0, 0),
            Overtime::Periods { periods, period_ms } => (periods, period_ms, 0),
            Overtime::Canadian { stones, period_ms } => (0, period_ms, stones),
        };
        PlayerState {
            main_ms,
            periods_left,
            period_ms_left,
            stones_left,
            out_of_time: false,
        }
    }

    /// How long the player can think from here before the flag falls.
    fn budget(&self, overtime: Overtime) -> Option<u64> {
        match overtime {
            Overtime::Unlimited => None,
            Overtime::Bank { .. } => Some(self.main_ms),
            Overtime::Periods { period_ms, .. } => {
                let later_periods =
                    u64::from(self.periods_left.saturating_sub(1)).saturating_mul(period_ms);
                Some(
                    self.main_ms
                        .saturating_add(self.period_ms_left)
                        .saturating_add(later_periods),
                )
            }
            Overtime::Canadian { .. } => Some(self.main_ms.saturating_add(self.period_ms_left)),
        }
    }

    /// Takes `elapsed` (never more than the budget) from the main time, then from the
    /// overtime. Returns whether overtime was touched and how many byo-yomi periods ran
    /// out: a period is lost only when the think goes past its last millisecond.
    fn consume(&mut self, overtime: Overtime, elapsed: u64) -> (bool, u32) {
        if overtime == Overtime::Unlimited {
            return (false, 0);
        }
        let from_main = elapsed.min(self.main_ms);
        self.main_ms -= from_main;
        let rest = elapsed - from_main;
        if rest == 0 {
            return (false, 0);
        }
        match overtime {
            Overtime::Periods { period_ms, .. } if rest > self.period_ms_left => {
                let beyond = rest - self.period_ms_left;
                let lost = 1 + (beyond - 1) / period_ms;
                let used_in_current = beyond - (lost - 1) * period_ms;
                let lost = u32::try_from(lost).unwrap_or(u32::MAX);
                self.periods_left = self.periods_left.saturating_sub(lost);
                self.period_ms_left = period_ms - used_in_current;
                (true, lost)
            }
            Overtime::Periods { .. } | Overtime::Canadian { .. } => {
                self.period_ms_left = self.period_ms_left.saturating_sub(rest);
                (true, 0)
            }
            Overtime::Unlimited | Overtime::Bank { .. } => (true, 0),
        }
    }

    /// What pressing the clock does, after the think has been taken.
    fn finish_turn(&mut self, overtime: Overtime, turn_in_overtime: bool) {
        match overtime {
            Overtime::Unlimited => {}
            // A cap limits what increments add; it never takes away time a referee gave.
            Overtime::Bank {
                increment_ms,
                cap_ms,
            } => {
                let topped = self.main_ms.saturating_add(increment_ms);
                self.main_ms = match cap_ms {
                    Some(cap) => self.main_ms.max(topped.min(cap)),
                    None => topped,
                };
            }
            // "A move inside a period keeps it": the next turn starts with a full period.
            Overtime::Periods { period_ms, .. } => self.period_ms_left = period_ms,
            // A move counts toward the period when some of its think came out of overtime
            // (or the main time was already spent when the turn began); once `stones`
            // moves are made the period starts again, full, and its unused time is lost.
            Overtime::Canadian { stones, period_ms } => {
                if turn_in_overtime {
                    self.stones_left = self.stones_left.saturating_sub(1);
                    if self.stones_left == 0 {
                        self.stones_left = stones;
                        self.period_ms_left = period_ms;
                    }
                }
            }
        }
    }

    fn run_out(&mut self) {
        *self = PlayerState {
            main_ms: 0,
            periods_left: 0,
            period_ms_left: 0,
            stones_left: 0,
            out_of_time: true,
        };
    }

    fn in_overtime(&self, overtime: Overtime) -> bool {
        matches!(
            overtime,
            Overtime::Periods { .. } | Overtime::Canadian { .. }
        ) && self.main_ms == 0
            && !self.out_of_time
    }
}

/// A game's clock: the fold of its event log.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Clock {
    control: TimeControl,
    overtime: Overtime,
    policy: FlagPolicy,
    players: [PlayerState; 2],
    status: ClockStatus,
    /// Whether some of the running turn's time came out of overtime: the Canadian count.
    turn_in_overtime: bool,
    last_at: Option<u64>,
}

/// Folds an event log into a clock. The same log always gives the same clock.
pub fn replay(
    control: &TimeControl,
    policy: FlagPolicy,
    events: &[ClockEvent],
) -> Result<Clock, ClockError> {
    let mut clock = Clock::new(control.clone(), policy)?;
    for event in events {
        clock.step(event)?;
    }
    Ok(clock)
}

impl Clock {
    /// A clock not yet started, both players with their full time.
    pub fn new(control: TimeControl, policy: FlagPolicy) -> Result<Clock, ClockError> {
        control.validate()?;
        let model = control.model();
        let player = PlayerState::new(model.main_ms, model.overtime);
        Ok(Clock {
            control,
            overtime: model.overtime,
            policy,
            players: [player; 2],
            status: ClockStatus::NotStarted,
            turn_in_overtime: false,
            last_at: None,
        })
    }

    pub fn control(&self) -> &TimeControl {
        &self.control
    }

    pub fn policy(&self) -> FlagPolicy {
        self.policy
    }

    pub fn status(&self) -> ClockStatus {
        self.status
    }

    /// The player whose clock runs, or will run when play resumes.
    pub fn on_move(&self) -> Option<Color> {
        match self.status {
            ClockStatus::Running { color, .. } | ClockStatus::Paused { color } => Some(color),
            ClockStatus::NotStarted
            | ClockStatus::Lost { .. }
            | ClockStatus::BothOutOfTime { .. } => None,
        }
    }

    /// The loss on time, once the clock has decided it.
    pub fn time_loss(&self) -> Option<TimeLoss> {
        match self.status {
            ClockStatus::Lost { loss } => Some(loss),
            _ => None,
        }
    }

    /// Applies one event. On error the clock is unchanged, so the service can reject
    /// the event and keep its log consistent.
    ///
    /// Every event first settles the flags due before its instant, at their deadlines.
    /// If that ends the game, the event itself does nothing more: a move received after
    /// its player's deadline is not on time, it reports the flag instead.
    pub fn apply(&mut self, event: &ClockEvent) -> Result<Vec<ClockOutcome>, ClockError> {
        let mut next = self.clone();
        let outcomes = next.step(event)?;
        *self = next;
        Ok(outcomes)
    }

    /// The time `color` has at `now`, without changing the clock. Flags due by `now` are
    /// taken into account; an instant before the last event counts as that event's.
    pub fn remaining(&self, color: Color, now: u64) -> PlayerTime {
        let mut preview = self.clone();
        let now = now.max(self.last_at.unwrap_or(0));
        preview.settle_flags(now);
        let mut player = preview.players[color.index()];
        let running = match preview.status {
            ClockStatus::Running {
                color: running,
                since,
            } if running == color => {
                player.consume(self.overtime, now - since);
                true
            }
            _ => false,
        };
        PlayerTime {
            main_ms: player.main_ms,
            periods_left: player.periods_left,
            period_ms_left: player.period_ms_left,
            stones_left: player.stones_left,
            in_overtime: player.in_overtime(self.overtime),
            total_ms: player.budget(self.overtime),
            running,
            out_of_time: player.out_of_time,
        }
    }

    /// The last instant at which `color` can still press the clock on time, if their
    /// clock is running under a time limit; the flag falls one millisecond later. The
    /// service's sweep sends a [`ClockEvent::FlagCheck`] after it.
    pub fn deadline(&self, color: Color) -> Option<u64> {
        match self.status {
            ClockStatus::Running {
                color: running,
                since,
            } if running == color => self.players[color.index()]
                .budget(self.overtime)
                .map(|budget| since.saturating_add(budget)),
            _ => None,
        }
    }

    fn is_over(&self) -> bool {
        matches!(
            self.status,
            ClockStatus::Lost { .. } | ClockStatus::BothOutOfTime { .. }
        )
    }

    fn step(&mut self, event: &ClockEvent) -> Result<Vec<ClockOutcome>, ClockError> {
        let at = event.at();
        if let Some(last) = self.last_at {
            if at < last {
                return Err(ClockError::TimeWentBackwards { at, last });
            }
        }
        let mut outcomes = self.settle_flags(at);
        self.last_at = Some(at);
        if let ClockEvent::FlagCheck { .. } = event {
            return Ok(outcomes);
        }
        if self.is_over() {
            return if outcomes.is_empty() {
                Err(ClockError::GameOver)
            } else {
                Ok(outcomes)
            };
        }
        match event {
            ClockEvent::Start { color, .. } => {
                if self.status != ClockStatus::NotStarted {
                    return Err(ClockError::AlreadyStarted);
                }
                self.begin_turn(*color, at, &mut outcomes);
            }
            ClockEvent::Turn { color, .. } => {
                let passed_meanwhile = outcomes
                    .iter()
                    .any(|o| matches!(o, ClockOutcome::AutoPassed { color: c, .. } if c == color));
                if passed_meanwhile {
                    return Ok(outcomes);
                }
                let on_move = self.running_color()?;
                if self.players[color.index()].out_of_time {
                    return Err(ClockError::OutOfTime { color: *color });
                }
                if *color != on_move {
                    return Err(ClockError::NotYourTurn {
                        color: *color,
                        on_move,
                    });
                }
                self.settle_running(at, &mut outcomes);
                self.players[color.index()].finish_turn(self.overtime, self.turn_in_overtime);
                self.begin_turn(color.opponent(), at, &mut outcomes);
            }
            ClockEvent::Pause { .. } => {
                let on_move = self.running_color()?;
                self.settle_running(at, &mut outcomes);
                self.status = ClockStatus::Paused { color: on_move };
            }
            ClockEvent::Resume { .. } => match self.status {
                ClockStatus::Paused { color } => {
                    self.status = ClockStatus::Running { color, since: at }
                }
                ClockStatus::NotStarted => return Err(ClockError::NotStarted),
                _ => return Err(ClockError::NotPaused),
            },
            ClockEvent::Adjust {
                color,
                delta_ms,
                reason,
                ..
            } => {
                if reason.trim().is_empty() {
                    return Err(ClockError::MissingReason);
                }
                if self.overtime == Overtime::Unlimited {
                    return Err(ClockError::NoTimeLimit);
                }
                if self.players[color.index()].out_of_time {
                    return Err(ClockError::OutOfTime { color: *color });
                }
                if matches!(self.status, ClockStatus::Running { color: running, .. } if running == *color)
                {
                    self.settle_running(at, &mut outcomes);
                }
                let player = &mut self.players[color.index()];
                let amount = delta_ms.unsigned_abs();
                if *delta_ms >= 0 {
                    player.main_ms = player.main_ms.saturating_add(amount);
                } else if amount > player.main_ms {
                    return Err(ClockError::AdjustmentExceedsMainTime {
                        color: *color,
                        delta_ms: *delta_ms,
                        main_ms: player.main_ms,
                    });
                } else {
                    player.main_ms -= amount;
                }
            }
            ClockEvent::FlagCheck { .. } => {}
        }
        Ok(outcomes)
    }

    /// The player whose clock runs, or why no clock runs.
    fn running_color(&self) -> Result<Color, ClockError> {
        match self.status {
            ClockStatus::Running { color, .. } => Ok(color),
            ClockStatus::Paused { .. } => Err(ClockError::Paused),
            ClockStatus::NotStarted => Err(ClockError::NotStarted),
            ClockStatus::Lost { .. } | ClockStatus::BothOutOfTime { .. } => {
                Err(ClockError::GameOver)
            }
        }
    }

    /// Processes, in order and at their deadlines, the flags that fell before `at`.
    fn settle_flags(&mut self, at: u64) -> Vec<ClockOutcome> {
        let mut outcomes = Vec::new();
        while let ClockStatus::Running { color, since } = self.status {
            let Some(budget) = self.players[color.index()].budget(self.overtime) else {
                break;
            };
            let deadline = since.saturating_add(budget);
            if at <= deadline {
                break;
            }
            self.players[color.index()].run_out();
            match self.policy {
                FlagPolicy::Lose => {
                    self.status = ClockStatus::Lost {
                        loss: TimeLoss {
                            loser: color,
                            deadline,
                        },
                    };
                    outcomes.push(ClockOutcome::Flagged {
                        color,
                        deadline,
                        detected_at: at,
                    });
                }
                FlagPolicy::AutoPass => {
                    outcomes.push(ClockOutcome::AutoPassed {
                        color,
                        at: deadline,
                    });
                    self.begin_turn(color.opponent(), deadline, &mut outcomes);
                }
            }
        }
        outcomes
    }

    /// Takes the running player's think up to `at` and restarts the count from there.
    fn settle_running(&mut self, at: u64, outcomes: &mut Vec<ClockOutcome>) {
        if let ClockStatus::Running { color, since } = self.status {
            let player = &mut self.players[color.index()];
            let (touched_overtime, lost) = player.consume(self.overtime, at - since);
            self.turn_in_overtime |= touched_overtime;
            if lost > 0 {
                outcomes.push(ClockOutcome::PeriodsLost {
                    color,
                    lost,
                    periods_left: player.periods_left,
                });
            }
            self.status = ClockStatus::Running { color, since: at };
        }
    }

    /// `color`'s turn begins at `at`. A player out of time (auto-pass policy) passes at
    /// once; if the opponent is out of time too, the clock stops instead.
    fn begin_turn(&mut self, color: Color, at: u64, outcomes: &mut Vec<ClockOutcome>) {
        let mut color = color;
        if self.players[color.index()].out_of_time {
            if self.players[color.opponent().index()].out_of_time {
                outcomes.push(ClockOutcome::BothOutOfTime { at });
                self.status = ClockStatus::BothOutOfTime { at };
                return;
            }
            outcomes.push(ClockOutcome::AutoPassed { color, at });
            color = color.opponent();
        }
        self.status = ClockStatus::Running { color, since: at };
        self.turn_in_overtime = self.players[color.index()].main_ms == 0;
    }
}
