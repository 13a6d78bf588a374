//! The live table: one game in play, from its start to its result, as one value.
//!
//! A [`Table`] owns everything that acts on a game in play: its [`Terms`], fixed at the
//! start; the moves (through [`LiveGame`], which keeps rules 1 to 6 and 5 bis); the
//! [`Clock`]; the phase; the referee's rulings; and the result with where it comes from.
//! Every [`Input`] goes through [`Table::handle`], which either refuses it with a
//! [`TableError`] (and changes nothing) or returns the [`TableEvent`]s to append to the
//! log. The table is the fold of its log: [`Table::replay`] of the events gives the same
//! table, so a service stores the events and nothing else decides.
//!
//! ```text
//!  NotStarted ─start─▶ Placing (FFG handicap) ─last stone─▶ Playing ◀──dispute──┐
//!                                                             │                  │
//!                                                   two passes (rule 5 bis) ──▶ Counting
//!  Playing, Placing, Counting ──referee pause──▶ Paused ──resume──▶ where it was
//!  any of them ──resignation, flag, agreement, referee's count or ruling──▶ Finished
//! ```
//!
//! # The clock
//!
//! The clock runs only in `Placing` and `Playing`, and always for the player to move;
//! it stops for the count (rules digest, "Time": "during a 5 bis count pause the clocks
//! are stopped"), while a referee has paused the game, and for good once the game is over,
//! so no flag can fall on a finished game. Time is settled before anything else: an input
//! at an instant after a fallen flag is refused ([`TableError::FlagDue`]) until
//! [`Input::Clock`] records the flag ([`TableEvent::Flag`]).
//!
//! # Handicap
//!
//! In the FFG form (rules digest, "Handicap": "Black plays n consecutive moves (may not
//! pass) while White passes n−1 times"), White's n − 1 turns are not played at the
//! table: they are forced, pay nothing in the quick count (rule 6 bis) and take no time.
//! The placement is Black's, so Black's clock runs from the start, in every time system,
//! and the stones before the last one do not press it: the whole placement is one think
//! of Black's (one Fischer increment, one move of a Canadian period, one byo-yomi
//! period kept), and the last stone presses the clock, which then runs for White. A
//! player out of time may not pass during placement, so a flag there loses the game
//! even under [`FlagPolicy::AutoPass`](crate::clock::FlagPolicy::AutoPass).
//! In the SGF form (`HA`/`AB`) the stones are on the board before the start and White's
//! clock runs first.
//!
//! # The result
//!
//! A result has one [`ResultSource`]: play (a resignation), the count, the clock, or a
//! ruling (with who, when, the reason and the previous result). Once the game is over
//! only a ruling changes the result; nothing the clock or the players do afterwards can.

mod error;
mod event;
mod record;
mod refusal;
mod terms;

pub use error::TableError;
pub use event::{
    AppliedRuling, ClockState, CountingStep, Decision, Input, Outcome, ResultSource, Ruling, Stage,
    TableEvent,
};
pub use record::{imported_result, read_one, record_preset, record_terms, RecordError, Recording};
pub use refusal::{Asked, Refusal};
pub use terms::{
    check_result, fixed_handicap, HandicapForm, ResultError, Terms, TermsError, MAX_HANDICAP,
};

use crate::clock::{Clock, ClockEvent, ClockOutcome, ClockStatus};
use crate::counting::Agreement;
use crate::ending::{Count, Event, LiveGame, Phase};
use crate::game::{Game, IllegalMove};
use crate::history::Action;
use crate::point::{Color, Point};
use crate::result::GameResult;

/// The most turns a live game may have: the one cap of every game, live or imported
/// ([`crate::history::MAX_TURNS`], whose comment says why).
pub const MAX_TURNS: u32 = crate::history::MAX_TURNS as u32;

/// The most counting steps (proposals, acceptances, disputes) a game may take: a bound
/// on its log, far above what players who mean to agree need (a dispute takes two passes
/// to come back, so the turns run out first).
pub const MAX_COUNTING_STEPS: u32 = MAX_TURNS;

/// A game in play: see the module's documentation.
pub struct Table {
    terms: Terms,
    live: LiveGame,
    clock: Clock,
    referee_paused: bool,
    outcome: Option<Outcome>,
    rulings: Vec<AppliedRuling>,
    /// Events applied: the log's length.
    events: u32,
    counting_steps: u32,
    /// The instant of the last event (time never goes backwards).
    last_at: u64,
    /// The instant of each event, by its number in the log less one.
    instants: Vec<u64>,
    /// The instant the clock started.
    started_at: Option<u64>,
    /// The log's number of the last dispute of a count (rule 5 bis).
    disputed: Option<u32>,
    /// The log's number of the event that put the proposal of rule 5 bis on the table
    /// (the second pass, or the step that changed the dead stones): its revision.
    proposal_revision: u32,
    /// The refusal the last event kept, when it was one ([`Table::refusal`]).
    last_refusal: Option<Refusal>,
}

impl PartialEq for Table {
    /// Two tables are equal when they hold the same state: the game is the fold of its
    /// own events, so equal game logs mean equal games.
    fn eq(&self, other: &Table) -> bool {
        self.terms == other.terms
            && self.live.events() == other.live.events()
            && self.clock == other.clock
            && self.referee_paused == other.referee_paused
            && self.outcome == other.outcome
            && self.rulings == other.rulings
            && self.events == other.events
            && self.counting_steps == other.counting_steps
            && self.last_at == other.last_at
            && self.instants == other.instants
            && self.started_at == other.started_at
            && self.disputed == other.disputed
            && self.proposal_revision == other.proposal_revision
            && self.last_refusal == other.last_refusal
    }
}

impl std::fmt::Debug for Table {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Table")
            .field("stage", &self.stage())
            .field("turns", &self.live.game().turns_played())
            .field("clock", &self.clock.status())
            .field("events", &self.events)
            .finish_non_exhaustive()
    }
}

impl Table {
    /// A table with `terms`, not started.
    pub fn new(terms: Terms) -> Result<Table, TableError> {
        let terms = Terms::new(terms.settings, terms.time_control, terms.flag_policy)?;
        let live = LiveGame::new(terms.settings.clone())?;
        let clock = Clock::new(terms.time_control.clone(), terms.flag_policy)?;
        Ok(Table {
            terms,
            live,
            clock,
            referee_paused: false,
            outcome: None,
            rulings: Vec::new(),
            events: 0,
            counting_steps: 0,
            last_at: 0,
            instants: Vec::new(),
            started_at: None,
            disputed: None,
            proposal_revision: 0,
            last_refusal: None,
        })
    }

    /// The table its log folds to; a log that does not fold is refused.
    pub fn replay<'a>(
        terms: Terms,
        events: impl IntoIterator<Item = &'a TableEvent>,
    ) -> Result<Table, TableError> {
        let mut table = Table::new(terms)?;
        for event in events {
            table.apply(event)?;
        }
        Ok(table)
    }

    /// Judges `input`: the events to append (already applied to this table), or why
    /// it is refused (and nothing changed). A clock check that finds no fallen flag
    /// returns no event.
    pub fn handle(&mut self, input: Input) -> Result<Vec<TableEvent>, TableError> {
        let event = match input {
            Input::Clock { at } => {
                if at < self.last_at {
                    return Err(TableError::TimeWentBackwards {
                        at,
                        last: self.last_at,
                    });
                }
                let mut events = Vec::new();
                while let Some((color, deadline)) = self.flag_due(at) {
                    let event = TableEvent::Flag { color, deadline };
                    self.apply(&event)?;
                    events.push(event);
                }
                return Ok(events);
            }
            Input::Start { at } => TableEvent::Started { at },
            Input::Turn { color, action, at } => TableEvent::Turn { color, action, at },
            Input::Resign { color, at } => TableEvent::Resigned { color, at },
            Input::Counting { step, revision, at } => {
                // FFG rule 5 bis: both players agree on the same dead stones, so a step
                // answers the proposal its player saw; one made meanwhile (on another
                // tablet, while this one was offline) must be seen before it is answered.
                if let Some(current) = self.proposal_revision() {
                    if revision != current {
                        return Err(TableError::SupersededProposal { revision, current });
                    }
                }
                TableEvent::Counting { step, at }
            }
            Input::Ruling { ruling, by, at } => TableEvent::Ruling { ruling, by, at },
        };
        self.apply(&event)?;
        Ok(vec![event])
    }

    /// Applies one event of the log: the fold step. A refused event changes nothing.
    pub fn apply(&mut self, event: &TableEvent) -> Result<(), TableError> {
        let at = event.at();
        if at < self.last_at {
            return Err(TableError::TimeWentBackwards {
                at,
                last: self.last_at,
            });
        }
        if !matches!(event, TableEvent::Started { .. }) && !self.is_started() {
            return Err(TableError::NotStarted);
        }
        if !matches!(event, TableEvent::Flag { .. }) {
            if let Some((color, deadline)) = self.flag_due(at) {
                return Err(TableError::FlagDue { color, deadline });
            }
        }
        let proposal_before = self
            .agreement()
            .map(|agreement| agreement.proposal().clone());
        match event {
            TableEvent::Started { at } => self.start(*at)?,
            TableEvent::Turn { color, action, at } => self.turn(*color, *action, *at)?,
            TableEvent::Resigned { color, at } => {
                self.check_open()?;
                self.live.apply(Event::Resign { color: *color })?;
                self.settle(ResultSource::Play, *at)?;
            }
            TableEvent::Flag { color, deadline } => self.flag(*color, *deadline)?,
            TableEvent::Counting { step, at } => self.counting(step, *at)?,
            TableEvent::Ruling { ruling, by, at } => self.rule(ruling, by, *at)?,
            TableEvent::Refused { .. } => {}
        }
        self.last_refusal = match event {
            TableEvent::Refused { refusal, .. } => Some(refusal.clone()),
            _ => None,
        };
        self.events += 1;
        self.last_at = at;
        self.instants.push(at);
        if let Some(agreement) = self.agreement() {
            if proposal_before.as_ref() != Some(agreement.proposal()) {
                self.proposal_revision = self.events;
            }
        }
        Ok(())
    }

    pub fn terms(&self) -> &Terms {
        &self.terms
    }

    /// The board, the player to move, prisoners and passes.
    pub fn game(&self) -> &Game {
        self.live.game()
    }

    pub fn stage(&self) -> Stage<'_> {
        if let Some(outcome) = &self.outcome {
            return Stage::Finished { outcome };
        }
        if !self.is_started() {
            return Stage::NotStarted;
        }
        if self.referee_paused {
            return Stage::Paused;
        }
        match self.live.phase() {
            Phase::Counting { agreement } => Stage::Counting { agreement },
            Phase::Playing | Phase::Finished { .. } => match self.game().handicap_left() {
                0 => Stage::Playing,
                stones_left => Stage::Placing { stones_left },
            },
        }
    }

    /// Every turn played, in order: the players' moves and passes, and the passes the
    /// clock made for a player out of time.
    pub fn turns(&self) -> impl Iterator<Item = (Color, Action)> + '_ {
        self.live.events().iter().filter_map(|event| match *event {
            Event::Turn { color, action } => Some((color, action)),
            _ => None,
        })
    }

    /// The point of the last turn when it was a move: the stone a board marks as the
    /// last one played. None before the first turn and after a pass (a pass puts no
    /// stone down), whatever came after it (a count, a ruling, a resignation).
    pub fn last_move(&self) -> Option<Point> {
        let last_turn = self
            .live
            .events()
            .iter()
            .rev()
            .find_map(|event| match *event {
                Event::Turn { action, .. } => Some(action),
                _ => None,
            })?;
        match last_turn {
            Action::Move(point) => Some(point),
            Action::Pass => None,
        }
    }

    /// The proposal of rule 5 bis on the table, while the game is counted.
    pub fn agreement(&self) -> Option<&Agreement> {
        match self.live.phase() {
            Phase::Counting { agreement } if self.outcome.is_none() => Some(agreement),
            _ => None,
        }
    }

    /// The revision of the proposal on the table, while the game is counted: the log's
    /// number of the event that put these dead stones there. A counting step names it
    /// ([`Input::Counting`]).
    pub fn proposal_revision(&self) -> Option<u32> {
        self.agreement().map(|_| self.proposal_revision)
    }

    /// The count, once the game is counted.
    pub fn count(&self) -> Option<&Count> {
        self.live.count()
    }

    pub fn outcome(&self) -> Option<&Outcome> {
        self.outcome.as_ref()
    }

    pub fn result(&self) -> Option<GameResult> {
        self.outcome.as_ref().map(|outcome| outcome.result)
    }

    pub fn is_finished(&self) -> bool {
        self.outcome.is_some()
    }

    /// The rulings applied, oldest first: the audit trail of the game.
    pub fn rulings(&self) -> &[AppliedRuling] {
        &self.rulings
    }

    /// The clock, to read each player's time ([`Clock::remaining`]).
    pub fn clock(&self) -> &Clock {
        &self.clock
    }

    pub fn clock_state(&self) -> ClockState {
        if self.outcome.is_some() {
            return ClockState::Stopped;
        }
        match self.clock.status() {
            ClockStatus::NotStarted => ClockState::NotStarted,
            ClockStatus::Running { color, since } => ClockState::Running { color, since },
            ClockStatus::Paused { color } => ClockState::Paused { color },
            ClockStatus::Lost { .. } | ClockStatus::BothOutOfTime { .. } => ClockState::Stopped,
        }
    }

    /// The player to move (or to move when play resumes), until the game is over.
    pub fn to_move(&self) -> Option<Color> {
        if self.outcome.is_some() {
            return None;
        }
        self.game().to_move()
    }

    /// The number the next turn will have (1 for the first).
    pub fn next_turn(&self) -> u32 {
        self.game().turns_played() + 1
    }

    /// The referee has paused the game.
    pub fn referee_paused(&self) -> bool {
        self.referee_paused
    }

    /// Checks the number a turn states against the next turn's: a tablet states the
    /// turn it saw, and one the game has moved past is refused, unless the game is over,
    /// which the table says itself when it judges the turn.
    pub fn check_turn_number(&self, stated: u32) -> Result<(), TableError> {
        let expected = self.next_turn();
        if stated != expected && !self.is_finished() {
            return Err(TableError::StaleTurn { expected, stated });
        }
        Ok(())
    }

    /// The refusal the log's last entry keeps, when it is one.
    fn last_refusal(&self) -> Option<&Refusal> {
        self.last_refusal.as_ref()
    }

    /// Events applied: the log's length, and the number of its last event.
    pub fn events(&self) -> u32 {
        self.events
    }

    /// The instant of the last event.
    pub fn last_at(&self) -> u64 {
        self.last_at
    }

    /// The instant a turn played at the table is charged at, as a physical clock on the
    /// table charges it (issue 43): the table's account of the turn, `elapsed_ms` on its
    /// monotonic clock since the event number `since` of the log it had acknowledged,
    /// bounded by what the service can check: never before the game's last event (time
    /// never goes backwards), never after `received_at`, the instant the turn reached the
    /// service (no more than the wall time since that event). Without an account (none
    /// given, or `since` not in the log) the turn is charged when it arrived.
    ///
    /// A hall's network drops for minutes: the turns played meanwhile reach the service
    /// together, and charging each when it arrived would give the whole outage to the
    /// first player and nothing to the others; on a physical clock each player's time is
    /// the time of their own turns.
    pub fn table_instant(&self, since: u32, elapsed_ms: Option<u64>, received_at: u64) -> u64 {
        let base = since
            .checked_sub(1)
            .and_then(|index| self.instants.get(index as usize));
        match (base, elapsed_ms) {
            (Some(base), Some(elapsed)) => base
                .saturating_add(elapsed)
                .min(received_at)
                .max(self.last_at),
            _ => received_at,
        }
    }

    /// The instant the clock started, once it has.
    pub fn started_at(&self) -> Option<u64> {
        self.started_at
    }

    /// A count was disputed (rule 5 bis) and no ruling came after the dispute, in a
    /// game not over: the players are waiting for the referee (FFG practice: a
    /// disagreement on the status of stones is the referee's to settle).
    pub fn dispute_open(&self) -> bool {
        let last_ruling = self.rulings.last().map(|ruling| ruling.event);
        self.outcome.is_none()
            && self
                .disputed
                .is_some_and(|dispute| last_ruling.is_none_or(|ruling| ruling < dispute))
    }

    /// The last instant the running clock's player can still move; an [`Input::Clock`]
    /// after it records the flag. `None` when no flag can fall.
    pub fn flag_deadline(&self) -> Option<u64> {
        match self.clock.status() {
            ClockStatus::Running { color, .. } if self.outcome.is_none() => {
                self.clock.deadline(color)
            }
            _ => None,
        }
    }

    fn is_started(&self) -> bool {
        self.clock.status() != ClockStatus::NotStarted
    }

    /// The player whose flag has fallen by `at`, and their deadline.
    fn flag_due(&self, at: u64) -> Option<(Color, u64)> {
        let deadline = self.flag_deadline().filter(|&deadline| at > deadline)?;
        self.clock.on_move().map(|color| (color, deadline))
    }

    fn check_open(&self) -> Result<(), TableError> {
        if self.outcome.is_some() {
            return Err(TableError::Finished);
        }
        Ok(())
    }

    fn start(&mut self, at: u64) -> Result<(), TableError> {
        if self.is_started() {
            return Err(TableError::AlreadyStarted);
        }
        let first = self.game().to_move().unwrap_or(Color::Black);
        self.clock.apply(&ClockEvent::Start { color: first, at })?;
        self.started_at = Some(at);
        Ok(())
    }

    fn turn(&mut self, color: Color, action: Action, at: u64) -> Result<(), TableError> {
        self.check_open()?;
        if self.referee_paused {
            return Err(TableError::Paused);
        }
        if !matches!(self.live.phase(), Phase::Playing) {
            return Err(TableError::NotPlaying);
        }
        let game = self.live.game();
        if game.turns_played() >= MAX_TURNS {
            return Err(TableError::TurnCap { cap: MAX_TURNS });
        }
        if let Some(expected) = game.to_move().filter(|&expected| expected != color) {
            return Err(IllegalMove::WrongTurn { expected }.into());
        }
        // Black's handicap stones before the last one leave Black's clock running (see
        // the module's documentation); every other turn presses the clock.
        let placing = game.handicap_left() > 1 && action != Action::Pass;
        let mut clock = self.clock.clone();
        let outcomes = if placing {
            Vec::new()
        } else {
            clock.apply(&ClockEvent::Turn { color, at })?
        };
        self.live.apply(Event::Turn { color, action })?;
        self.clock = clock;
        let loss = self.follow_clock(&outcomes)?;
        self.settle(loss.unwrap_or(ResultSource::Play), at)
    }

    fn flag(&mut self, color: Color, deadline: u64) -> Result<(), TableError> {
        let at = deadline.saturating_add(1);
        if self.flag_due(at) != Some((color, deadline)) {
            return Err(TableError::NoFlag { color, deadline });
        }
        let outcomes = self.clock.apply(&ClockEvent::FlagCheck { at })?;
        let loss = self.follow_clock(&outcomes)?;
        self.settle(
            loss.unwrap_or(ResultSource::Clock {
                loser: color,
                deadline,
            }),
            at,
        )
    }

    /// Makes the game follow what the clock did: a flag that loses the game, automatic
    /// passes, both players out of time. Returns the source of a loss on time.
    fn follow_clock(
        &mut self,
        outcomes: &[ClockOutcome],
    ) -> Result<Option<ResultSource>, TableError> {
        for outcome in outcomes {
            if !matches!(self.live.phase(), Phase::Playing) {
                break;
            }
            match *outcome {
                ClockOutcome::Flagged {
                    color, deadline, ..
                } => {
                    self.live.apply(Event::TimeLoss { color })?;
                    return Ok(Some(ResultSource::Clock {
                        loser: color,
                        deadline,
                    }));
                }
                // FFG preliminary rule: Black may not pass while placing handicap stones.
                ClockOutcome::AutoPassed { color, at } if self.game().handicap_left() > 0 => {
                    self.live.apply(Event::TimeLoss { color })?;
                    return Ok(Some(ResultSource::Clock {
                        loser: color,
                        deadline: at,
                    }));
                }
                ClockOutcome::AutoPassed { color, .. } => {
                    self.live.apply(Event::Turn {
                        color,
                        action: Action::Pass,
                    })?;
                }
                // Neither player can move any more: each passes, which pauses the game
                // for the count (rule 5 bis); the referee decides it if they disagree.
                ClockOutcome::BothOutOfTime { .. } => {
                    while let (Phase::Playing, Some(color)) =
                        (self.live.phase(), self.game().to_move())
                    {
                        self.live.apply(Event::Turn {
                            color,
                            action: Action::Pass,
                        })?;
                    }
                }
                ClockOutcome::PeriodsLost { .. } => {}
            }
        }
        Ok(None)
    }

    fn counting(&mut self, step: &CountingStep, at: u64) -> Result<(), TableError> {
        self.check_open()?;
        if self.referee_paused {
            return Err(TableError::Paused);
        }
        if self.counting_steps >= MAX_COUNTING_STEPS {
            return Err(TableError::CountingCap {
                cap: MAX_COUNTING_STEPS,
            });
        }
        let event = match step {
            CountingStep::Propose { color, dead } => Event::Propose {
                color: *color,
                dead: dead.clone(),
            },
            CountingStep::Accept { color } => Event::Accept { color: *color },
            CountingStep::Dispute { color } => {
                if self.clock_over() && matches!(self.live.phase(), Phase::Counting { .. }) {
                    return Err(TableError::BothOutOfTime);
                }
                Event::Dispute { color: *color }
            }
        };
        let dispute = matches!(step, CountingStep::Dispute { .. });
        self.live.apply(event)?;
        self.counting_steps += 1;
        if dispute {
            self.disputed = Some(self.events + 1);
        }
        self.settle(ResultSource::Play, at)
    }

    fn rule(&mut self, ruling: &Ruling, by: &str, at: u64) -> Result<(), TableError> {
        if ruling.reason.trim().is_empty() {
            return Err(TableError::MissingReason);
        }
        if let Some(corrects) = ruling.corrects {
            if corrects == 0 || corrects > self.events {
                return Err(TableError::UnknownEvent {
                    corrects,
                    events: self.events,
                });
            }
        }
        let previous = self.result();
        let event = self.events + 1;
        match &ruling.decision {
            Decision::Warning { .. } | Decision::Penalty { delta_ms: None, .. } => {}
            Decision::Penalty {
                color,
                delta_ms: Some(delta_ms),
            }
            | Decision::TimeAdjustment { color, delta_ms } => {
                self.check_open()?;
                if *delta_ms == 0 {
                    return Err(TableError::ZeroDelta);
                }
                self.clock.apply(&ClockEvent::Adjust {
                    color: *color,
                    delta_ms: *delta_ms,
                    reason: ruling.reason.clone(),
                    at,
                })?;
            }
            Decision::Pause => {
                self.check_open()?;
                if self.referee_paused {
                    return Err(TableError::AlreadyPaused);
                }
                self.referee_paused = true;
                self.sync_clock(at)?;
            }
            Decision::Resume => {
                self.check_open()?;
                if !self.referee_paused {
                    return Err(TableError::NotPaused);
                }
                self.referee_paused = false;
                self.sync_clock(at)?;
            }
            Decision::DeadStones { dead } => {
                self.check_open()?;
                self.live.apply(Event::ImposeDead { dead: dead.clone() })?;
                self.settle(ResultSource::Play, at)?;
            }
            Decision::StrictCount => {
                self.check_open()?;
                self.live.apply(Event::OrderStrictCount)?;
                self.settle(ResultSource::Play, at)?;
            }
            decision @ (Decision::Void
            | Decision::Forfeit { .. }
            | Decision::ResultCorrection { .. }) => {
                let result = decision.result().unwrap_or(GameResult::Unknown);
                self.terms.check_result(&result)?;
                self.outcome = Some(Outcome {
                    result,
                    source: ResultSource::Ruling {
                        event,
                        by: by.to_string(),
                        at,
                        reason: ruling.reason.clone(),
                        previous,
                    },
                });
                self.sync_clock(at)?;
            }
        }
        self.rulings.push(AppliedRuling {
            event,
            ruling: ruling.clone(),
            by: by.to_string(),
            at,
            previous_result: previous,
            new_result: self.result(),
        });
        Ok(())
    }

    /// The clock has stopped for good (a loss on time, or both players out of time).
    fn clock_over(&self) -> bool {
        matches!(
            self.clock.status(),
            ClockStatus::Lost { .. } | ClockStatus::BothOutOfTime { .. }
        )
    }

    /// After the game changed: records its result if it just ended (from the count, or
    /// from `source`), then makes the clock follow the phase.
    fn settle(&mut self, source: ResultSource, at: u64) -> Result<(), TableError> {
        if let (None, Some(result)) = (&self.outcome, self.live.result()) {
            let source = match self.live.count() {
                Some(count) => ResultSource::Count { basis: count.basis },
                None => source,
            };
            self.outcome = Some(Outcome { result, source });
        }
        self.sync_clock(at)
    }

    /// The clock runs while the game is in play and nobody stopped it, and only then.
    fn sync_clock(&mut self, at: u64) -> Result<(), TableError> {
        let run = self.outcome.is_none()
            && !self.referee_paused
            && matches!(self.live.phase(), Phase::Playing);
        match self.clock.status() {
            ClockStatus::Running { .. } if !run => {
                self.clock.apply(&ClockEvent::Pause { at })?;
            }
            ClockStatus::Paused { color } if run => {
                // Under the auto-pass policy, the clock passed for a player out of time when
                // their turn began, even if the game paused for counting at that turn: the
                // game records that pass when play resumes and their turn comes.
                if let Some(to_move) = self.game().to_move().filter(|&to_move| to_move != color) {
                    self.live.apply(Event::Turn {
                        color: to_move,
                        action: Action::Pass,
                    })?;
                }
                self.clock.apply(&ClockEvent::Resume { at })?;
            }
            _ => {}
        }
        Ok(())
    }
}
