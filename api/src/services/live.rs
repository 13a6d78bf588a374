//! Live games: the core's table rebuilt from its log, the events a request appends to it,
//! the flag sweep, the PostgreSQL notifications that feed the event streams, and the
//! responses kept for `Idempotency-Key` retries. The table decides everything; this
//! module loads it, asks it, and stores what it answers.

pub mod cache;
pub mod feed;
pub mod idempotency;
pub mod instant;
pub mod notify;
pub mod play;
pub mod rulings;
pub mod start;
pub mod sweep;
pub mod view;
pub mod write;

use crate::store::games::{self as store, Append, EventRow, GameRow, NewEvent, Projection};
pub use instant::ServerClock;

use arbitre_core::clock::{FlagPolicy, TimeControl};
use arbitre_core::ending::Settings;
use arbitre_core::table::{Input, Ruling, Table, TableError, TableEvent, Terms, TermsError};
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use uuid::Uuid;

/// Starts this instance's background work on `pool`: the flag sweep (at `clock`'s time)
/// and the listener of the game event notices. Returns the hub the event streams
/// subscribe to.
pub fn start(pool: crate::db::DbPool, clock: ServerClock) -> notify::Hub {
    let hub = notify::Hub::new(pool.clone());
    hub.spawn_listener();
    sweep::spawn(pool, clock);
    hub
}

/// What the `settings` column holds: the core's settings, the ruleset's name (SGF `RU`),
/// and the terms the staff set in place of the pairing's and the tournament's (issue 13:
/// an override is recorded; the start entry's `issued_by` says by whom).
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct StoredSettings {
    pub ruleset: String,
    pub core: Settings,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub overrides: Vec<String>,
}

/// A game rebuilt from its log, and the entries this request appends to it.
pub struct LoadedGame {
    pub row: GameRow,
    /// The ruleset's name (SGF `RU`).
    pub ruleset: String,
    /// The terms the staff set in place of the pairing's ([`StoredSettings::overrides`]).
    pub overrides: Vec<String>,
    pub table: Table,
    pub pending: Vec<NewEvent>,
    /// The clock its new entries are stamped by.
    pub clock: ServerClock,
}

/// Why a stored game does not load: the service wrote what it cannot read back, a defect
/// (the routes answer 500 and log this chain).
#[derive(Debug, thiserror::Error)]
pub enum LoadError {
    #[error("the game's column {column} does not decode")]
    Column {
        column: &'static str,
        #[source]
        source: serde_json::Error,
    },
    #[error("the game's stored terms are refused")]
    Terms(#[from] TermsError),
    #[error("the game's table does not open")]
    Table(#[source] TableError),
    #[error("entry {seq} of the game's log has no event")]
    NoEvent { seq: i32 },
    #[error("entry {seq} of the game's log does not decode")]
    Event {
        seq: i32,
        #[source]
        source: serde_json::Error,
    },
    #[error("entry {seq} of the game's log does not replay")]
    Replay {
        seq: i32,
        #[source]
        source: TableError,
    },
}

/// The event of one entry of a game's log.
pub fn decode(entry: &EventRow) -> Result<TableEvent, LoadError> {
    let seq = entry.seq;
    let value = entry.event.clone().ok_or(LoadError::NoEvent { seq })?;
    serde_json::from_value(value).map_err(|source| LoadError::Event { seq, source })
}

impl LoadedGame {
    /// The table of `row`, not started: its terms from the row's columns; `clock` stamps
    /// its new entries.
    pub fn open(row: GameRow, clock: ServerClock) -> Result<LoadedGame, LoadError> {
        let column = |column: &'static str| {
            move |source: serde_json::Error| LoadError::Column { column, source }
        };
        let stored: StoredSettings =
            serde_json::from_value(row.settings.clone()).map_err(column("settings"))?;
        let control: TimeControl =
            serde_json::from_value(row.time_control.clone()).map_err(column("time_control"))?;
        let policy: FlagPolicy =
            serde_json::from_value(serde_json::Value::String(row.flag_policy.clone()))
                .map_err(column("flag_policy"))?;
        let terms = Terms::new(stored.core, control, policy)?;
        Ok(LoadedGame {
            table: Table::new(terms).map_err(LoadError::Table)?,
            ruleset: stored.ruleset,
            overrides: stored.overrides,
            row,
            pending: Vec::new(),
            clock,
        })
    }

    /// Replays the log of `row`. A log that does not replay is a defect: an internal error.
    pub fn replay(
        row: GameRow,
        rows: &[EventRow],
        clock: ServerClock,
    ) -> Result<LoadedGame, LoadError> {
        let mut game = LoadedGame::open(row, clock)?;
        for event_row in rows {
            game.apply_entry(event_row)?;
        }
        Ok(game)
    }

    /// Applies one entry of the log to the table, and returns its event.
    pub fn apply_entry(&mut self, entry: &EventRow) -> Result<TableEvent, LoadError> {
        let event = decode(entry)?;
        self.table
            .apply(&event)
            .map_err(|source| LoadError::Replay {
                seq: entry.seq,
                source,
            })?;
        Ok(event)
    }

    /// Asks the table to judge `input`, and queues the events it answers for the store.
    /// On a refusal nothing is queued and the table is as it was.
    pub fn handle(&mut self, input: Input, issued_by: Option<Uuid>) -> Result<(), TableError> {
        let turn = self.table.next_turn();
        let result_before = self.table.result();
        let events = self.table.handle(input)?;
        self.queue(events, turn, result_before, issued_by);
        Ok(())
    }

    /// Applies events the core decided elsewhere (a table built from an SGF record,
    /// `Table::from_record`), one by one, and queues them for the store as [`handle`]
    /// queues a judged input's.
    ///
    /// [`handle`]: LoadedGame::handle
    pub fn adopt(
        &mut self,
        events: Vec<TableEvent>,
        issued_by: Option<Uuid>,
    ) -> Result<(), TableError> {
        for event in events {
            let turn = self.table.next_turn();
            let result_before = self.table.result();
            self.table.apply(&event)?;
            self.queue(vec![event], turn, result_before, issued_by);
        }
        Ok(())
    }

    /// Queues the entries of `events`, just applied to the table: `turn` is the number
    /// of the turn they play, if one, and `result_before` the result before them.
    fn queue(
        &mut self,
        events: Vec<TableEvent>,
        turn: u32,
        result_before: Option<arbitre_core::result::GameResult>,
        issued_by: Option<Uuid>,
    ) {
        let first_seq = self.table.events() as usize + 1 - events.len();
        let last = events.len().saturating_sub(1);
        for (index, event) in events.into_iter().enumerate() {
            // Only the last event of an answer can end the game or change its result.
            let result = if index == last && self.table.result() != result_before {
                self.result()
            } else {
                None
            };
            let ruling = match &event {
                TableEvent::Ruling { .. } => self.table.rulings().last().cloned(),
                _ => None,
            };
            let entry = NewEvent {
                game_id: self.row.id,
                seq: i32::try_from(first_seq + index).unwrap_or(i32::MAX),
                tournament_id: self.row.tournament_id,
                kind: event.kind().to_string(),
                turn_number: matches!(&event, TableEvent::Turn { .. })
                    .then(|| i32::try_from(turn).unwrap_or(i32::MAX)),
                at_ms: i64::try_from(event.at()).unwrap_or(i64::MAX),
                event,
                ruling,
                result,
                issued_by,
            };
            self.pending.push(entry);
        }
    }

    /// A referee's ruling, issued by the token `referee` at `at`.
    pub fn rule(&mut self, ruling: Ruling, at: u64, referee: Uuid) -> Result<(), TableError> {
        let by = referee.to_string();
        self.handle(Input::Ruling { ruling, by, at }, Some(referee))
    }

    /// The instant of a new entry: now, or the last entry's when the clocks of two
    /// instances disagree by a few milliseconds.
    pub fn instant(&self) -> u64 {
        self.clock.now_ms().max(self.table.last_at())
    }

    /// The result in SGF `RE` syntax, once the game is over.
    pub fn result(&self) -> Option<String> {
        self.table.result().map(|result| result.to_string())
    }

    pub fn next_seq(&self) -> i32 {
        i32::try_from(self.table.events()).unwrap_or(i32::MAX) + 1
    }

    /// Records the flags that fell by `at` (a loss on time, or automatic passes).
    pub fn settle(&mut self, at: u64) -> Result<(), TableError> {
        self.handle(Input::Clock { at }, None)
    }

    /// The write of the pending entries, after the stored ones.
    pub fn append(&self) -> Append<'_> {
        Append {
            game_id: self.row.id,
            pairing_id: self.row.pairing_id,
            after_seq: self.next_seq() - 1 - i32::try_from(self.pending.len()).unwrap_or(i32::MAX),
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
        let flag_at = self
            .table
            .flag_deadline()
            .and_then(|deadline| i64::try_from(deadline.saturating_add(1)).ok())
            .and_then(DateTime::<Utc>::from_timestamp_millis);
        Projection {
            last_seq: self.next_seq() - 1,
            turns: i32::try_from(self.table.game().turns_played()).unwrap_or(i32::MAX),
            phase: self.table.stage().name().to_string(),
            result: self.result(),
            flag_at,
        }
    }
}
