//! The end of a game as a state machine, from the first turn to the result: FFG rules
//! 5 and 5 bis, the referee's powers, resignation, time, forfeit and void games.
//!
//! ```text
//! Playing ──two consecutive passes──▶ Counting (rule 5 bis) ──both accept──▶ Finished (counted)
//!    ▲                                   │
//!    └────────────── dispute ────────────┘   (the player who passed first moves next)
//! ```
//!
//! After a resumption the next two consecutive passes end the game by the tournament's
//! [`ResumptionPolicy`]. A [`LiveGame`] drives a [`Game`] and keeps the log of what
//! happened; it serialises as that log and deserialises by replaying it, so a stored game
//! is always the game its events make.

use crate::counting::{Agreement, DeadStoneError, DeadStones};
use crate::game::{Game, IllegalMove, Start, TurnEffect};
use crate::history::Action;
use crate::point::{Color, Point};
use crate::result::GameResult;
use crate::rules::{KoRule, Rules};
use crate::scoring::{Breakdown, ScoringError};
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::fmt;
use std::str::FromStr;

/// How a game resumed after a disputed count (rule 5 bis) ends at its next two
/// consecutive passes.
#[cfg_attr(feature = "utoipa", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "utoipa", schema(as = DisputePolicy))]
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum ResumptionPolicy {
    /// FFG competition practice ("Procédure de décompte"): rules 5 and 6, every stone
    /// still on the board is alive.
    #[default]
    Strict,
    /// Friendly games: rule 5 bis again, the players agree on dead stones once more.
    AgreeAgain,
    /// Tromp-Taylor comment 8: four consecutive passes (the two that paused the game and
    /// two more) count the board as it stands; if stones were played after the
    /// resumption, two passes pause the game for agreement again.
    FourPasses,
}

impl ResumptionPolicy {
    pub const ALL: [ResumptionPolicy; 3] = [
        ResumptionPolicy::Strict,
        ResumptionPolicy::AgreeAgain,
        ResumptionPolicy::FourPasses,
    ];

    pub fn name(self) -> &'static str {
        match self {
            ResumptionPolicy::Strict => "strict",
            ResumptionPolicy::AgreeAgain => "agree-again",
            ResumptionPolicy::FourPasses => "four-passes",
        }
    }
}

impl fmt::Display for ResumptionPolicy {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A resumption policy name that is not one of `strict`, `agree-again`, `four-passes`.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown resumption policy {0:?}: expected strict, agree-again or four-passes")]
pub struct UnknownPolicy(pub String);

impl FromStr for ResumptionPolicy {
    type Err = UnknownPolicy;

    fn from_str(name: &str) -> Result<Self, Self::Err> {
        ResumptionPolicy::ALL
            .into_iter()
            .find(|policy| policy.name() == name)
            .ok_or_else(|| UnknownPolicy(name.to_string()))
    }
}

/// The conditions of a game, fixed before it starts (FFG preliminary rule).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Settings {
    pub rules: Rules,
    pub start: Start,
    /// The whole compensation given to White.
    pub komi: f64,
    pub resumption: ResumptionPolicy,
}

impl Settings {
    /// Settings with `komi`, or the ruleset's default for the handicap when `None`
    /// (FFG: 7.5 even, n − ½ with n stones). A given komi is the whole compensation:
    /// nothing is added to it for the handicap.
    pub fn new(
        rules: Rules,
        start: Start,
        komi: Option<f64>,
        resumption: ResumptionPolicy,
    ) -> Settings {
        let komi = komi.unwrap_or_else(|| rules.default_komi(start.handicap));
        Settings {
            rules,
            start,
            komi,
            resumption,
        }
    }
}

/// One thing that happened in a game: the log a [`LiveGame`] is replayed from.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "event", rename_all = "snake_case")]
pub enum Event {
    /// A move or a pass.
    Turn {
        color: Color,
        action: Action,
    },
    /// `color` proposes the chains through `dead` as dead (rule 5 bis).
    Propose {
        color: Color,
        dead: Vec<Point>,
    },
    /// `color` accepts the proposal on the table.
    Accept {
        color: Color,
    },
    /// `color` disagrees: play resumes (rule 5 bis).
    Dispute {
        color: Color,
    },
    /// The referee imposes the chains through `dead` as dead, and the game is counted.
    ImposeDead {
        dead: Vec<Point>,
    },
    /// The referee orders rules 5 and 6: counted as it stands now, or at the next two passes.
    OrderStrictCount,
    Resign {
        color: Color,
    },
    /// `color` ran out of time.
    TimeLoss {
        color: Color,
    },
    /// `color` forfeits (or the referee forfeits it).
    Forfeit {
        color: Color,
    },
    /// The referee declares the game void.
    Void,
}

/// Why the dead stones of a count were removed.
#[cfg_attr(feature = "utoipa", derive(utoipa::ToSchema))]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CountBasis {
    /// Both players accepted them (rule 5 bis).
    Agreement,
    /// The referee imposed them.
    Referee,
    /// None were: rules 5 and 6, every stone on the board is alive.
    Strict,
}

/// A counted game: the stones removed, on what authority, and the whole count.
#[cfg_attr(feature = "utoipa", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "utoipa", schema(as = GameCount))]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Count {
    pub basis: CountBasis,
    pub dead: DeadStones,
    pub breakdown: Breakdown,
}

/// Where a game stands.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(tag = "phase", rename_all = "snake_case")]
pub enum Phase {
    Playing,
    /// Paused after two consecutive passes for the dead-stone agreement of rule 5 bis.
    Counting {
        agreement: Agreement,
    },
    Finished {
        result: GameResult,
        #[serde(skip_serializing_if = "Option::is_none")]
        count: Option<Count>,
    },
}

/// Why an event was refused. Nothing changes when an event is refused, except where
/// [`EndingError::CountAfterTurn`] says so.
#[derive(Debug, Clone, PartialEq, thiserror::Error, Serialize)]
#[serde(tag = "code", rename_all = "snake_case")]
pub enum EndingError {
    #[error("illegal turn: {reason}")]
    IllegalMove { reason: IllegalMove },
    #[error("the game is not in play")]
    NotPlaying,
    #[error("the game is not paused for counting (rule 5 bis)")]
    NotCounting,
    #[error("the game is over")]
    Finished,
    #[error("dead stones: {error}")]
    DeadStones { error: DeadStoneError },
    #[error("count: {error}")]
    Count { error: ScoringError },
    /// The turn was recorded and ended the game by a strict count, which failed: the game
    /// is paused for counting, for the referee. Only a defect can cause it (see
    /// [`ScoringError::QuickCountMismatch`]).
    #[error("the turn was recorded, but its count failed: {error}")]
    CountAfterTurn { error: ScoringError },
}

impl EndingError {
    /// The stable short code: `illegal_move`, `not_playing`, `not_counting`, `finished`,
    /// `dead_stones`, `count`, `count_after_turn`.
    pub fn code(&self) -> &'static str {
        match self {
            EndingError::IllegalMove { .. } => "illegal_move",
            EndingError::NotPlaying => "not_playing",
            EndingError::NotCounting => "not_counting",
            EndingError::Finished => "finished",
            EndingError::DeadStones { .. } => "dead_stones",
            EndingError::Count { .. } => "count",
            EndingError::CountAfterTurn { .. } => "count_after_turn",
        }
    }
}

impl From<IllegalMove> for EndingError {
    fn from(reason: IllegalMove) -> Self {
        EndingError::IllegalMove { reason }
    }
}

impl From<DeadStoneError> for EndingError {
    fn from(error: DeadStoneError) -> Self {
        EndingError::DeadStones { error }
    }
}

impl From<ScoringError> for EndingError {
    fn from(error: ScoringError) -> Self {
        EndingError::Count { error }
    }
}

/// What an accepted event did, beyond the phase.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Applied {
    /// For a turn: its captures, ko, cycle.
    pub turn: Option<TurnEffect>,
    /// For a proposal: the proposed stones Benson's algorithm proves unconditionally
    /// alive, a warning for the other player and the referee.
    pub alive_stones_proposed: Vec<Point>,
}

/// A game from its first turn to its result.
pub struct LiveGame {
    settings: Settings,
    events: Vec<Event>,
    game: Game,
    phase: Phase,
    resumptions: u32,
    /// Consecutive passes that paused the game before the last resumption and are still
    /// the end of the history (no stone since): they do not count again.
    carried_passes: u32,
    /// The referee ordered rules 5 and 6 for the rest of the game.
    strict_ordered: bool,
}

impl LiveGame {
    /// A game about to start. The komi must be a finite number.
    pub fn new(settings: Settings) -> Result<LiveGame, EndingError> {
        if !settings.komi.is_finite() {
            return Err(ScoringError::Komi {
                komi: settings.komi,
            }
            .into());
        }
        Ok(LiveGame {
            game: Game::new(settings.rules, settings.start.clone()),
            settings,
            events: Vec::new(),
            phase: Phase::Playing,
            resumptions: 0,
            carried_passes: 0,
            strict_ordered: false,
        })
    }

    /// A game replayed from its log.
    pub fn replay(
        settings: Settings,
        events: impl IntoIterator<Item = Event>,
    ) -> Result<LiveGame, EndingError> {
        let mut live = LiveGame::new(settings)?;
        for event in events {
            live.apply(event)?;
        }
        Ok(live)
    }

    pub fn settings(&self) -> &Settings {
        &self.settings
    }

    /// Every accepted event, in order.
    pub fn events(&self) -> &[Event] {
        &self.events
    }

    /// The game: board, player to move, prisoners, passes.
    pub fn game(&self) -> &Game {
        &self.game
    }

    pub fn phase(&self) -> &Phase {
        &self.phase
    }

    /// Times play resumed after a disputed count.
    pub fn resumptions(&self) -> u32 {
        self.resumptions
    }

    /// The result, once the game is over.
    pub fn result(&self) -> Option<GameResult> {
        match &self.phase {
            Phase::Finished { result, .. } => Some(*result),
            Phase::Playing | Phase::Counting { .. } => None,
        }
    }

    /// The count, once the game is counted.
    pub fn count(&self) -> Option<&Count> {
        match &self.phase {
            Phase::Finished { count, .. } => count.as_ref(),
            Phase::Playing | Phase::Counting { .. } => None,
        }
    }

    pub fn breakdown(&self) -> Option<&Breakdown> {
        self.count().map(|count| &count.breakdown)
    }

    /// Plays a move or a pass.
    pub fn play(&mut self, color: Color, action: Action) -> Result<TurnEffect, EndingError> {
        let applied = self.apply(Event::Turn { color, action })?;
        Ok(applied.turn.unwrap_or_default())
    }

    /// `color` proposes the chains through `dead` as dead; returns the proposed stones
    /// that are unconditionally alive (a warning).
    pub fn propose(&mut self, color: Color, dead: &[Point]) -> Result<Vec<Point>, EndingError> {
        let applied = self.apply(Event::Propose {
            color,
            dead: dead.to_vec(),
        })?;
        Ok(applied.alive_stones_proposed)
    }

    pub fn accept(&mut self, color: Color) -> Result<(), EndingError> {
        self.apply(Event::Accept { color }).map(drop)
    }

    pub fn dispute(&mut self, color: Color) -> Result<(), EndingError> {
        self.apply(Event::Dispute { color }).map(drop)
    }

    pub fn impose_dead(&mut self, dead: &[Point]) -> Result<(), EndingError> {
        self.apply(Event::ImposeDead {
            dead: dead.to_vec(),
        })
        .map(drop)
    }

    pub fn order_strict_count(&mut self) -> Result<(), EndingError> {
        self.apply(Event::OrderStrictCount).map(drop)
    }

    pub fn resign(&mut self, color: Color) -> Result<(), EndingError> {
        self.apply(Event::Resign { color }).map(drop)
    }

    pub fn time_loss(&mut self, color: Color) -> Result<(), EndingError> {
        self.apply(Event::TimeLoss { color }).map(drop)
    }

    pub fn forfeit(&mut self, color: Color) -> Result<(), EndingError> {
        self.apply(Event::Forfeit { color }).map(drop)
    }

    pub fn declare_void(&mut self) -> Result<(), EndingError> {
        self.apply(Event::Void).map(drop)
    }

    /// Applies one event; a refused event changes nothing (but see [`EndingError::CountAfterTurn`]).
    pub fn apply(&mut self, event: Event) -> Result<Applied, EndingError> {
        let mut applied = Applied::default();
        let next = match (&self.phase, &event) {
            (Phase::Finished { .. }, _) => return Err(EndingError::Finished),
            (Phase::Playing, &Event::Turn { color, action }) => {
                let effect = self.game.play(color, action)?;
                applied.turn = Some(effect);
                self.events.push(event);
                return self.after_turn(effect, action).map(|()| applied);
            }
            (_, Event::Turn { .. }) => return Err(EndingError::NotPlaying),
            (Phase::Counting { agreement }, Event::Propose { color, dead }) => {
                let dead = DeadStones::of_chains(self.game.board(), dead)?;
                applied.alive_stones_proposed = dead.unconditionally_alive(self.game.board());
                let mut agreement = agreement.clone();
                agreement.propose(*color, dead);
                self.agreed_or_counting(agreement)?
            }
            (Phase::Counting { agreement }, Event::Accept { color }) => {
                let mut agreement = agreement.clone();
                agreement.accept(*color);
                self.agreed_or_counting(agreement)?
            }
            (Phase::Counting { .. }, Event::Dispute { .. }) => {
                self.resumptions += 1;
                self.carried_passes = self.game.consecutive_passes();
                Phase::Playing
            }
            (Phase::Counting { .. }, Event::ImposeDead { dead }) => {
                let dead = DeadStones::of_chains(self.game.board(), dead)?;
                self.counted(dead, CountBasis::Referee)?
            }
            (Phase::Counting { .. }, Event::OrderStrictCount) => {
                self.counted(DeadStones::default(), CountBasis::Strict)?
            }
            (Phase::Playing, Event::OrderStrictCount) => {
                self.strict_ordered = true;
                Phase::Playing
            }
            (
                _,
                Event::Propose { .. }
                | Event::Accept { .. }
                | Event::Dispute { .. }
                | Event::ImposeDead { .. },
            ) => return Err(EndingError::NotCounting),
            (_, Event::Resign { color }) => finished(GameResult::Resignation {
                winner: color.opponent(),
            }),
            (_, Event::Forfeit { color }) => finished(GameResult::Forfeit {
                winner: color.opponent(),
            }),
            (_, Event::Void) => finished(GameResult::Void),
            (Phase::Playing, Event::TimeLoss { color }) => finished(GameResult::Time {
                winner: color.opponent(),
            }),
            // The clocks are stopped during the pause of rule 5 bis.
            (Phase::Counting { .. }, Event::TimeLoss { .. }) => {
                return Err(EndingError::NotPlaying)
            }
        };
        self.phase = next;
        self.events.push(event);
        Ok(applied)
    }

    /// After a legal turn (already recorded): a long cycle under the simple ko rule voids
    /// the game; two new consecutive passes pause it (rule 5 bis) or end it (rule 5).
    fn after_turn(&mut self, effect: TurnEffect, action: Action) -> Result<(), EndingError> {
        if action != Action::Pass {
            self.carried_passes = 0;
        }
        if effect.cycle_repeats_turn.is_some() && self.settings.rules.ko == KoRule::Simple {
            self.phase = finished(GameResult::Void);
            return Ok(());
        }
        let passes = self.game.consecutive_passes();
        if passes - self.carried_passes.min(passes) < 2 {
            return Ok(());
        }
        let strict = self.strict_ordered
            || (self.resumptions > 0
                && match self.settings.resumption {
                    ResumptionPolicy::Strict => true,
                    ResumptionPolicy::AgreeAgain => false,
                    ResumptionPolicy::FourPasses => passes >= 4,
                });
        self.phase = Phase::Counting {
            agreement: Agreement::default(),
        };
        if strict {
            self.phase = self
                .counted(DeadStones::default(), CountBasis::Strict)
                .map_err(|error| match error {
                    EndingError::Count { error } => EndingError::CountAfterTurn { error },
                    other => other,
                })?;
        }
        Ok(())
    }

    fn agreed_or_counting(&self, agreement: Agreement) -> Result<Phase, EndingError> {
        if agreement.is_agreed() {
            self.counted(agreement.proposal().clone(), CountBasis::Agreement)
        } else {
            Ok(Phase::Counting { agreement })
        }
    }

    /// Rule 6 (or the ruleset's counting) after removing `dead`.
    fn counted(&self, dead: DeadStones, basis: CountBasis) -> Result<Phase, EndingError> {
        let breakdown = Breakdown::of_game(&self.game, dead.points(), self.settings.komi)?;
        let result = breakdown.result(self.settings.rules.counting)?;
        Ok(Phase::Finished {
            result,
            count: Some(Count {
                basis,
                dead,
                breakdown,
            }),
        })
    }
}

fn finished(result: GameResult) -> Phase {
    Phase::Finished {
        result,
        count: None,
    }
}

/// The stored form of a [`LiveGame`]: its settings and its log.
#[derive(Serialize)]
struct LogRef<'a> {
    settings: &'a Settings,
    events: &'a [Event],
}

#[derive(Deserialize)]
struct Log {
    settings: Settings,
    events: Vec<Event>,
}

impl Serialize for LiveGame {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        LogRef {
            settings: &self.settings,
            events: &self.events,
        }
        .serialize(serializer)
    }
}

impl<'de> Deserialize<'de> for LiveGame {
    /// Replays the log; a log that does not replay is refused.
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let log = Log::deserialize(deserializer)?;
        LiveGame::replay(log.settings, log.events).map_err(serde::de::Error::custom)
    }
}
