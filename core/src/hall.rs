//! The referee's hall: which table of a round needs a referee first.
//!
//! A referee walking a hall of a hundred tables goes where the players wait for them:
//! a count the players disagree on (rule 5 bis: the referee settles the status of the
//! stones), then a flag that fell (the referee sees the result stands, or rules), then a
//! game they paused themselves, then a game running far beyond its time control (it will
//! hold up the next round), then a table whose game has not started (a player absent,
//! perhaps a forfeit to rule). Games in play follow, and finished games last. Within one
//! kind the tables keep their numbers' order, so the list does not jump about as clocks
//! run.
//!
//! The service reads each table's [`Attention`] from its [`Table`] and orders the round
//! with [`order`]; the page only shows that order.

use crate::clock::{egd_class, TimeControl};
use crate::table::{ResultSource, Stage, Table};
use serde::Serialize;

/// Why a referee would go to a table, the most pressing first (the order of the
/// variants is the order of the hall).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Attention {
    /// The players disputed their count (rule 5 bis) and no ruling has come since.
    DisputedCount,
    /// A flag fell (or is due and the sweep has not recorded it yet), and no ruling has
    /// come since.
    FlagFallen,
    /// A referee stopped the clocks.
    Paused,
    /// The game has lasted longer than [`expected_ms`] of its time control.
    RunningLong,
    /// No game at the table, or its clock has not started.
    NotStarted,
    /// Playing, placing handicap stones, or counting in agreement.
    InPlay,
    Finished,
}

impl Attention {
    pub const ALL: [Attention; 7] = [
        Attention::DisputedCount,
        Attention::FlagFallen,
        Attention::Paused,
        Attention::RunningLong,
        Attention::NotStarted,
        Attention::InPlay,
        Attention::Finished,
    ];

    /// What a table at `table` (none: its game has not been started) needs at the
    /// instant `now` (milliseconds, the clock's time base).
    pub fn of(table: Option<&Table>, now: u64) -> Attention {
        let Some(table) = table else {
            return Attention::NotStarted;
        };
        if table.dispute_open() {
            return Attention::DisputedCount;
        }
        if flag_unattended(table, now) {
            return Attention::FlagFallen;
        }
        match table.stage() {
            Stage::Paused => Attention::Paused,
            Stage::NotStarted => Attention::NotStarted,
            Stage::Finished { .. } => Attention::Finished,
            Stage::Placing { .. } | Stage::Playing | Stage::Counting { .. } => {
                let long = table.started_at().is_some_and(|start| {
                    expected_ms(&table.terms().time_control)
                        .is_some_and(|expected| now.saturating_sub(start) > expected)
                });
                if long {
                    Attention::RunningLong
                } else {
                    Attention::InPlay
                }
            }
        }
    }

    /// What a table without a game on a board needs: a result recorded by hand (the game
    /// played on paper, its sheet typed in) is a finished table, after the games in
    /// play; without one, the table has not started.
    pub fn without_game(result_by_hand: bool) -> Attention {
        if result_by_hand {
            Attention::Finished
        } else {
            Attention::NotStarted
        }
    }

    /// `disputed-count`, `flag-fallen`, `paused`, `running-long`, `not-started`,
    /// `in-play`, `finished`.
    pub fn name(self) -> &'static str {
        match self {
            Attention::DisputedCount => "disputed-count",
            Attention::FlagFallen => "flag-fallen",
            Attention::Paused => "paused",
            Attention::RunningLong => "running-long",
            Attention::NotStarted => "not-started",
            Attention::InPlay => "in-play",
            Attention::Finished => "finished",
        }
    }
}

/// A flag fell and no referee has ruled since: the game lost on time with no ruling after
/// the flag, or a running clock past its deadline that the sweep has not recorded yet.
fn flag_unattended(table: &Table, now: u64) -> bool {
    if table.flag_deadline().is_some_and(|deadline| now > deadline) {
        return true;
    }
    match table.outcome().map(|outcome| &outcome.source) {
        Some(ResultSource::Clock { deadline, .. }) => {
            table.rulings().iter().all(|ruling| ruling.at <= *deadline)
        }
        _ => false,
    }
}

/// How long a game of `control` is expected to last at most, both players together:
/// twice the EGF adjusted time (basic time and the overtime of 45 byo-yomi periods, 60
/// Canadian moves or 120 Fischer increments; `crate::clock::egd_class`). `None` without
/// a time limit.
pub fn expected_ms(control: &TimeControl) -> Option<u64> {
    let (minutes, _) = egd_class(control, false);
    (minutes > 0).then(|| minutes.saturating_mul(2 * 60_000))
}

/// One table of a round as the hall sees it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Watch {
    /// The table's number.
    pub table: u32,
    pub attention: Attention,
}

/// `tables` in the hall's order: by [`Attention`], the most pressing first, then by
/// table number.
pub fn order<T>(tables: &mut [T], watch: impl Fn(&T) -> Watch) {
    tables.sort_by_key(|table| {
        let watch = watch(table);
        (watch.attention, watch.table)
    });
}

/// How long the service may hear nothing from a table's tablet before the hall marks the
/// table offline (issue 43): a tablet reports every few seconds while its page is open,
/// so ten seconds of silence is a hall's Wi-Fi gone at that table, and the referee can
/// walk over.
pub const OFFLINE_AFTER_MS: u64 = 10_000;

/// What the service last heard from a table's tablet: when, and how many steps it said
/// were waiting in its outbox.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Contact {
    pub at: u64,
    pub waiting: u32,
}

/// A table's tablet as the hall shows it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Link {
    /// Never heard from since this instance started (no tablet open at the table).
    Unknown,
    /// Heard from lately, nothing waiting.
    Online,
    /// Heard from lately, with steps made while it was cut off still to arrive.
    Back { waiting: u32 },
    /// Silent for [`OFFLINE_AFTER_MS`] or more, since `since`.
    Offline { since: u64 },
}

impl Link {
    /// The tablet at a table at the instant `now`, from its last `contact`.
    pub fn of(contact: Option<Contact>, now: u64) -> Link {
        match contact {
            None => Link::Unknown,
            Some(contact) if now.saturating_sub(contact.at) >= OFFLINE_AFTER_MS => {
                Link::Offline { since: contact.at }
            }
            Some(Contact { waiting: 0, .. }) => Link::Online,
            Some(Contact { waiting, .. }) => Link::Back { waiting },
        }
    }
}
