//! Time as the table saw it (issue 43): a turn played while the hall's network was down
//! reaches the service later, with the table's account of it (the time since an event it
//! had acknowledged, on its monotonic clock). Property tests against a plain model, a
//! physical clock on the table: each player's time is the sum of their own turns, whether
//! the turns arrive at once, in bursts after a reconnection, after a restart of the
//! service (the table replayed from its log), or from two tablets that saw different
//! events last.

#![allow(clippy::unwrap_used)]

use arbitre_core::clock::TimeControl;
use arbitre_core::history::Action;
use arbitre_core::table::{Input, Table, TableEvent, Terms};
use arbitre_core::{Color, Point};
use proptest::prelude::*;

mod common;

const MAIN_MS: u64 = 3_600_000;
const START: u64 = 1_000;

fn terms() -> Terms {
    common::table_terms(TimeControl::Absolute {
        main_time_ms: MAIN_MS,
    })
}

fn point(index: usize) -> Point {
    common::spaced_point(index)
}

/// One turn at the table: how long it took there, the event of the log its tablet counts
/// from (how many turns back it last heard of the game: 0 for the turn before), and
/// how late it reaches the service after it was played (the outage, then the burst).
#[derive(Debug, Clone)]
struct Turn {
    took_ms: u64,
    heard_back: usize,
    late_ms: u64,
    /// The service restarts before the turn arrives: the table is its log replayed.
    restart: bool,
}

fn turn() -> impl Strategy<Value = Turn> {
    (
        1..60_000u64,
        prop_oneof![4 => Just(0usize), 1 => 0..5usize],
        prop_oneof![2 => Just(0u64), 1 => 0..300_000u64],
        prop::bool::weighted(0.1),
    )
        .prop_map(|(took_ms, heard_back, late_ms, restart)| Turn {
            took_ms,
            heard_back,
            late_ms,
            restart,
        })
}

/// Plays `turns` as the service receives them: in the order played, each arriving no
/// sooner than it was played nor before the one before it. Returns the table, its log
/// and the instant each turn was played at the table.
fn played(turns: &[Turn]) -> (Table, Vec<TableEvent>, Vec<u64>) {
    let mut table = Table::new(terms()).unwrap();
    let mut log = table.handle(Input::Start { at: START }).unwrap();
    // The instant of each event at the table: the start, then each turn as played.
    let mut played_at = vec![START];
    let mut arrived = START;
    for (index, turn) in turns.iter().enumerate() {
        let at_table = played_at[index] + turn.took_ms;
        played_at.push(at_table);
        arrived = arrived.max(at_table + turn.late_ms);
        if turn.restart {
            table = Table::replay(terms(), &log).unwrap();
        }
        // The tablet heard last of event `since` (the start is event 1, turn k event
        // k + 1) and counts the turn's time from it.
        let heard = index.saturating_sub(turn.heard_back);
        let since = heard as u32 + 1;
        let elapsed = at_table - played_at[heard];
        let at = table.table_instant(since, Some(elapsed), arrived);
        let color = if index % 2 == 0 {
            Color::Black
        } else {
            Color::White
        };
        let events = table
            .handle(Input::Turn {
                color,
                action: Action::Move(point(index)),
                at,
            })
            .unwrap();
        log.extend(events);
    }
    (table, log, played_at)
}

/// The plain model: a physical clock charges each player the time of their own turns.
fn used(turns: &[Turn]) -> [u64; 2] {
    let mut used = [0, 0];
    for (index, turn) in turns.iter().enumerate() {
        used[index % 2] += turn.took_ms;
    }
    used
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// However late and in whatever bursts the turns arrive, each is charged when it was
    /// played at the table, and each player's clock shows the time of their own turns.
    #[test]
    fn the_clocks_show_what_a_physical_clock_on_the_table_would(
        turns in prop::collection::vec(turn(), 1..40)
    ) {
        let (table, log, played_at) = played(&turns);
        let charged: Vec<u64> = log.iter().map(TableEvent::at).collect();
        prop_assert_eq!(&charged, &played_at);
        let now = *played_at.last().unwrap();
        let used = used(&turns);
        for color in [Color::Black, Color::White] {
            let remaining = table.clock().remaining(color, now).main_ms;
            prop_assert_eq!(remaining, MAIN_MS - used[color.index()], "{}", color);
        }
        prop_assert_eq!(Table::replay(terms(), &log).unwrap(), table);
    }

    /// A table's account is bounded by what the service can check: never before the
    /// game's last event, never after the turn arrived, whatever the account says.
    #[test]
    fn an_account_is_held_between_the_last_event_and_the_arrival(
        turns in prop::collection::vec(turn(), 1..10),
        since in 0..15u32,
        elapsed in prop::option::of(0..10_000_000u64),
        late in 0..1_000_000u64,
    ) {
        let (table, _, played_at) = played(&turns);
        let last = *played_at.last().unwrap();
        let received = last + late;
        let at = table.table_instant(since, elapsed, received);
        prop_assert!(at >= table.last_at() && at <= received, "{} not in {}..={}", at, last, received);
        let known = since >= 1 && since <= table.events();
        if !known || elapsed.is_none() {
            prop_assert_eq!(at, received);
        }
    }
}
