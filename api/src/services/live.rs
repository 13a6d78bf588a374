//! Live games: a game rebuilt from its log through the core, the entries a request
//! appends to it, the flag sweep, the PostgreSQL notifications that feed the event
//! streams, and the responses kept for `Idempotency-Key` retries.

pub mod cache;
pub mod idempotency;
pub mod notify;
pub mod sweep;
pub mod view;
pub mod write;

use crate::error::Refusal;
use crate::store::games::{self as store, Append, EventRow, GameRow, NewEvent, Projection};
use arbitre_core::clock::{Clock, ClockEvent, ClockOutcome, ClockStatus, FlagPolicy, TimeControl};
use arbitre_core::ending::{EndingError, Event, LiveGame, Phase, Settings};
use arbitre_core::history::Action;
use arbitre_core::Color;
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use uuid::Uuid;

/// Starts this instance's background work on `pool`: the flag sweep and the listener of
/// the game event notices. Returns the hub the event streams subscribe to.
pub fn start(pool: crate::db::DbPool) -> notify::Hub {
    let hub = notify::Hub::default();
    hub.spawn_listener(pool.clone());
    sweep::spawn(pool);
    hub
}

/// What the `settings` column holds: the core's settings and the ruleset's name (SGF `RU`).
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct StoredSettings {
    pub ruleset: String,
    pub core: Settings,
}

/// A referee ruling as the log keeps it (`game_events.ruling`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct RulingRecord {
    pub kind: RulingKind,
    pub reason: String,
    /// The log entry (`seq`) this ruling corrects, if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub corrects: Option<i32>,
    /// The player the ruling concerns (penalty, time, forfeit, warning).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub color: Option<Color>,
    /// The result the ruling sets (result correction, and the outcome of the others).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub result: Option<String>,
    /// The result before the ruling.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub previous_result: Option<String>,
}

/// The kinds of referee ruling (issue 6, §4).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum RulingKind {
    /// A penalty for an illegal move (time taken off with `delta_ms`, or noted only).
    Penalty,
    /// Main time added (`delta_ms` > 0) or removed.
    TimeAdjustment,
    /// Both clocks stop.
    Pause,
    /// Play resumes.
    Resume,
    /// The referee decides the dead stones of a disputed count.
    DeadStones,
    /// Rules 5 and 6: count as it stands (during counting) or at the next two passes.
    StrictCount,
    /// No result: a long cycle under the simple ko rule.
    Void,
    /// `color` forfeits, or did not show.
    Forfeit,
    /// The result is replaced by `result`.
    ResultCorrection,
    /// A warning, recorded only.
    Warning,
}

/// A game rebuilt from its log, and the entries this request appends to it.
pub struct LoadedGame {
    pub row: GameRow,
    pub stored: StoredSettings,
    pub live: LiveGame,
    pub clock: Clock,
    /// The result set by the last ruling that set one, which overrides the game's.
    pub ruled_result: Option<String>,
    /// A referee paused the clocks (and has not resumed them).
    pub referee_paused: bool,
    /// The instant of the last entry (the clock never goes backwards).
    pub last_at: u64,
    pub next_seq: i32,
    pub pending: Vec<NewEvent>,
}

/// One entry of the log, decoded.
pub struct Entry {
    pub kind: String,
    pub turn_number: Option<i32>,
    pub event: Option<Event>,
    pub clock: Option<ClockEvent>,
    pub ruling: Option<RulingRecord>,
}

fn decode<T: serde::de::DeserializeOwned>(
    value: &Option<serde_json::Value>,
) -> Result<Option<T>, serde_json::Error> {
    value.clone().map(serde_json::from_value).transpose()
}

impl Entry {
    pub fn of_row(row: &EventRow) -> Result<Entry, String> {
        Ok(Entry {
            kind: row.kind.clone(),
            turn_number: row.turn_number,
            event: decode(&row.event).map_err(|error| format!("event {}: {error}", row.seq))?,
            clock: decode(&row.clock).map_err(|error| format!("clock {}: {error}", row.seq))?,
            ruling: decode(&row.ruling).map_err(|error| format!("ruling {}: {error}", row.seq))?,
        })
    }
}

/// The server's instant in the clock's time base: milliseconds since the Unix epoch.
/// Shared by every instance behind a load balancer (their clocks are NTP-synchronised).
pub fn now_ms() -> u64 {
    u64::try_from(Utc::now().timestamp_millis()).unwrap_or(0)
}

pub fn flag_policy_name(policy: FlagPolicy) -> &'static str {
    match policy {
        FlagPolicy::Lose => "lose",
        FlagPolicy::AutoPass => "auto-pass",
    }
}

fn parse_flag_policy(name: &str) -> Result<FlagPolicy, String> {
    serde_json::from_value(serde_json::Value::String(name.to_string()))
        .map_err(|error| error.to_string())
}

fn phase_name(phase: &Phase) -> &'static str {
    match phase {
        Phase::Playing => "playing",
        Phase::Counting { .. } => "counting",
        Phase::Finished { .. } => "finished",
    }
}

impl LoadedGame {
    /// Replays the log of `row`. A log that does not replay is a defect: an internal error.
    pub fn replay(row: GameRow, rows: &[EventRow]) -> Result<LoadedGame, String> {
        let stored: StoredSettings =
            serde_json::from_value(row.settings.clone()).map_err(|error| error.to_string())?;
        let control: TimeControl =
            serde_json::from_value(row.time_control.clone()).map_err(|error| error.to_string())?;
        let policy = parse_flag_policy(&row.flag_policy)?;
        let mut game = LoadedGame {
            live: LiveGame::new(stored.core.clone()).map_err(|error| error.to_string())?,
            clock: Clock::new(control, policy).map_err(|error| error.to_string())?,
            stored,
            ruled_result: None,
            referee_paused: false,
            last_at: 0,
            next_seq: 1,
            pending: Vec::new(),
            row,
        };
        for event_row in rows {
            let entry = Entry::of_row(event_row)?;
            game.apply(&entry)
                .map_err(|error| format!("entry {} does not replay: {error}", event_row.seq))?;
            game.last_at = game
                .last_at
                .max(u64::try_from(event_row.at_ms).unwrap_or(0));
            game.next_seq = event_row.seq + 1;
        }
        Ok(game)
    }

    /// Applies one entry: its clock event, then its game event, then its ruling's effects.
    /// On error, nothing has changed.
    pub fn apply(&mut self, entry: &Entry) -> Result<(), Refusal> {
        let mut clock = self.clock.clone();
        if let Some(event) = &entry.clock {
            clock.apply(event)?;
        }
        if let Some(event) = &entry.event {
            self.live.apply(event.clone())?;
        }
        self.clock = clock;
        if let Some(ruling) = &entry.ruling {
            match ruling.kind {
                RulingKind::Pause => self.referee_paused = true,
                RulingKind::Resume => self.referee_paused = false,
                _ => {}
            }
            if let Some(result) = &ruling.result {
                self.ruled_result = Some(result.clone());
            }
        }
        Ok(())
    }

    /// Checks and applies a new entry at `at`, and queues it for the store.
    pub fn record(
        &mut self,
        entry: Entry,
        issued_by: Option<Uuid>,
        at: u64,
    ) -> Result<(), Refusal> {
        self.apply(&entry)?;
        let new = NewEvent {
            game_id: self.row.id,
            seq: self.next_seq,
            tournament_id: self.row.tournament_id,
            kind: entry.kind,
            turn_number: entry.turn_number,
            event: entry
                .event
                .as_ref()
                .and_then(|event| serde_json::to_value(event).ok()),
            clock: entry
                .clock
                .as_ref()
                .and_then(|event| serde_json::to_value(event).ok()),
            ruling: entry
                .ruling
                .as_ref()
                .and_then(|ruling| serde_json::to_value(ruling).ok()),
            issued_by,
            at_ms: i64::try_from(at).unwrap_or(i64::MAX),
        };
        self.next_seq += 1;
        self.last_at = self.last_at.max(at);
        self.pending.push(new);
        Ok(())
    }

    /// The instant of a new entry: now, or the last entry's when the clocks of two
    /// instances disagree by a few milliseconds.
    pub fn instant(&self) -> u64 {
        now_ms().max(self.last_at)
    }

    pub fn result(&self) -> Option<String> {
        self.ruled_result
            .clone()
            .or_else(|| self.live.result().map(|result| result.to_string()))
    }

    pub fn is_finished(&self) -> bool {
        self.result().is_some() || matches!(self.live.phase(), Phase::Finished { .. })
    }

    /// The number the next turn will have (1 for the first).
    pub fn next_turn(&self) -> u32 {
        self.live.game().turns_played() + 1
    }

    /// Settles the clock at `at`: flags that fell are recorded (a time loss, or automatic
    /// passes), then the clocks follow the phase. Returns whether anything was recorded.
    pub fn settle(&mut self, at: u64) -> Result<bool, Refusal> {
        let before = self.pending.len();
        if matches!(self.clock.status(), ClockStatus::Running { .. }) && !self.is_finished() {
            let mut preview = self.clock.clone();
            let outcomes = preview.apply(&ClockEvent::FlagCheck { at })?;
            let relevant: Vec<ClockOutcome> = outcomes
                .into_iter()
                .filter(|outcome| {
                    matches!(
                        outcome,
                        ClockOutcome::Flagged { .. } | ClockOutcome::AutoPassed { .. }
                    )
                })
                .collect();
            if !relevant.is_empty() {
                self.record(clock_entry(ClockEvent::FlagCheck { at }), None, at)?;
                for outcome in relevant {
                    match outcome {
                        ClockOutcome::Flagged { color, .. }
                            if matches!(self.live.phase(), Phase::Playing) =>
                        {
                            let entry = Entry {
                                kind: "result".to_string(),
                                turn_number: None,
                                event: Some(Event::TimeLoss { color }),
                                clock: None,
                                ruling: None,
                            };
                            self.record(entry, None, at)?;
                        }
                        ClockOutcome::AutoPassed { color, .. }
                            if matches!(self.live.phase(), Phase::Playing) =>
                        {
                            let entry = Entry {
                                kind: "turn".to_string(),
                                turn_number: Some(self.next_turn() as i32),
                                event: Some(Event::Turn {
                                    color,
                                    action: Action::Pass,
                                }),
                                clock: None,
                                ruling: None,
                            };
                            self.record(entry, None, at)?;
                        }
                        _ => {}
                    }
                }
            }
        }
        self.follow_phase(at)?;
        Ok(self.pending.len() > before)
    }

    /// The clocks stop while the game is paused for counting, finished, or paused by the
    /// referee, and run again when play resumes.
    pub fn follow_phase(&mut self, at: u64) -> Result<(), Refusal> {
        let should_run = matches!(self.live.phase(), Phase::Playing)
            && !self.is_finished()
            && !self.referee_paused;
        match self.clock.status() {
            ClockStatus::Running { .. } if !should_run => {
                self.record(clock_entry(ClockEvent::Pause { at }), None, at)
            }
            ClockStatus::Paused { .. } if should_run => {
                self.record(clock_entry(ClockEvent::Resume { at }), None, at)
            }
            _ => Ok(()),
        }
    }

    /// Records a turn by `color` at `at`: the clock press, then the core's verdict.
    pub fn play(
        &mut self,
        color: Color,
        action: Action,
        issued_by: Option<Uuid>,
        at: u64,
    ) -> Result<(), Refusal> {
        let entry = Entry {
            kind: "turn".to_string(),
            turn_number: Some(self.next_turn() as i32),
            event: Some(Event::Turn { color, action }),
            clock: Some(ClockEvent::Turn { color, at }),
            ruling: None,
        };
        // Colours alternate (FFG rule 1): said as the core says it, before the clock would.
        if let (Phase::Playing, Some(expected)) = (self.live.phase(), self.live.game().to_move()) {
            if expected != color {
                return Err(
                    EndingError::from(arbitre_core::game::IllegalMove::WrongTurn { expected })
                        .into(),
                );
            }
        }
        if self.referee_paused {
            return Err(Refusal::Paused);
        }
        self.record(entry, issued_by, at)?;
        self.follow_phase(at)
    }

    /// The write of the pending entries, after the stored ones.
    pub fn append(&self) -> Append<'_> {
        Append {
            game_id: self.row.id,
            pairing_id: self.row.pairing_id,
            after_seq: self.next_seq - 1 - i32::try_from(self.pending.len()).unwrap_or(i32::MAX),
            entries: &self.pending,
            projection: self.projection(),
            kept: None,
        }
    }

    /// Stores the pending entries of a game whose row this transaction holds locked (or
    /// has just created): no other write can come first.
    pub async fn store(
        &self,
        connection: &mut crate::db::Connection,
    ) -> Result<(), crate::error::ApiError> {
        if store::append(connection, &self.append()).await? {
            Ok(())
        } else {
            Err(crate::error::ApiError::internal(format!(
                "game {}: its row moved on under a lock",
                self.row.id
            )))
        }
    }

    /// What the `games` row says after the pending entries.
    pub fn projection(&self) -> Projection {
        let flag_at = match (self.clock.on_move(), self.clock.status()) {
            (Some(color), ClockStatus::Running { .. }) if !self.is_finished() => self
                .clock
                .deadline(color)
                .and_then(|deadline| i64::try_from(deadline.saturating_add(1)).ok())
                .and_then(DateTime::<Utc>::from_timestamp_millis),
            _ => None,
        };
        let phase = if self.is_finished() {
            "finished"
        } else {
            phase_name(self.live.phase())
        };
        Projection {
            last_seq: self.next_seq - 1,
            turns: self.live.game().turns_played() as i32,
            phase: phase.to_string(),
            result: self.result(),
            flag_at,
        }
    }
}

pub fn clock_entry(event: ClockEvent) -> Entry {
    Entry {
        kind: "clock".to_string(),
        turn_number: None,
        event: None,
        clock: Some(event),
        ruling: None,
    }
}
