//! The referee's hall: what each table needs, read from its table, and the order of the
//! round (`arbitre_core::hall`).

// In a test an unwrap is an assertion: a panic is the failure report.
#![allow(clippy::unwrap_used)]

use arbitre_core::clock::{FlagPolicy, TimeControl};
use arbitre_core::ending::{ResumptionPolicy, Settings};
use arbitre_core::game::Start;
use arbitre_core::hall::{expected_ms, order, Attention, Watch};
use arbitre_core::history::{Action, Setup};
use arbitre_core::table::{CountingStep, Decision, Input, Ruling, Table, Terms};
use arbitre_core::{BoardSize, Color, Point, Preset};
use proptest::prelude::*;

use Color::{Black, White};

/// 60 s of main time and 3 periods of 10 s: an adjusted time of 60 + 45 × 10 s = 8.5
/// minutes, so a game is long after 17 minutes.
const BYO_YOMI: TimeControl = TimeControl::ByoYomi {
    main_time_ms: 60_000,
    periods: 3,
    period_ms: 10_000,
};

const START: u64 = 1_000;

fn started(control: TimeControl) -> Table {
    let start = Start {
        size: BoardSize::square(19).unwrap(),
        setup: Setup::default(),
        handicap: 0,
        first_player: None,
    };
    let settings = Settings::new(
        Preset::French.rules(),
        start,
        None,
        ResumptionPolicy::Strict,
    );
    let terms = Terms::new(settings, control, FlagPolicy::Lose).unwrap();
    let mut table = Table::new(terms).unwrap();
    table.handle(Input::Start { at: START }).unwrap();
    table
}

fn turn(table: &mut Table, color: Color, action: Action, at: u64) {
    table.handle(Input::Turn { color, action, at }).unwrap();
}

fn ruling(table: &mut Table, decision: Decision, at: u64) {
    let ruling = Ruling {
        decision,
        reason: "seen by the referee".to_string(),
        corrects: None,
    };
    table
        .handle(Input::Ruling {
            ruling,
            by: "referee".to_string(),
            at,
        })
        .unwrap();
}

/// Two moves, two passes, and White disputes Black's proposal: play resumes.
fn disputed() -> Table {
    let mut table = started(BYO_YOMI);
    turn(&mut table, Black, Action::Move(Point::new(2, 2)), 2_000);
    turn(&mut table, White, Action::Move(Point::new(6, 6)), 3_000);
    turn(&mut table, Black, Action::Pass, 4_000);
    turn(&mut table, White, Action::Pass, 5_000);
    let propose = CountingStep::Propose {
        color: Black,
        dead: vec![Point::new(6, 6)],
    };
    table
        .handle(Input::Counting {
            step: propose,
            revision: table.proposal_revision().unwrap(),
            at: 6_000,
        })
        .unwrap();
    table
        .handle(Input::Counting {
            step: CountingStep::Dispute { color: White },
            revision: table.proposal_revision().unwrap(),
            at: 7_000,
        })
        .unwrap();
    table
}

#[test]
fn a_table_without_a_game_has_not_started() {
    assert_eq!(Attention::of(None, 0), Attention::NotStarted);
}

#[test]
fn a_table_played_on_paper_is_finished_after_the_games_in_play() {
    let in_play = Attention::of(Some(&started(BYO_YOMI)), START + 1);
    let on_paper = Attention::without_game(true);
    assert_eq!(on_paper, Attention::Finished);
    assert!(on_paper > in_play);
    assert_eq!(Attention::without_game(false), Attention::NotStarted);
}

#[test]
fn a_game_in_time_is_in_play() {
    let table = started(BYO_YOMI);
    assert_eq!(Attention::of(Some(&table), START + 1), Attention::InPlay);
}

#[test]
fn a_disputed_count_waits_for_a_ruling() {
    let mut table = disputed();
    assert!(table.dispute_open());
    assert_eq!(Attention::of(Some(&table), 8_000), Attention::DisputedCount);
    // The referee orders rules 5 and 6: the dispute is settled, play goes on.
    ruling(&mut table, Decision::StrictCount, 9_000);
    assert!(!table.dispute_open());
    assert_eq!(Attention::of(Some(&table), 10_000), Attention::InPlay);
}

#[test]
fn a_ruling_before_the_dispute_does_not_settle_it() {
    let mut table = started(BYO_YOMI);
    ruling(&mut table, Decision::Warning { color: None }, 1_500);
    turn(&mut table, Black, Action::Pass, 2_000);
    turn(&mut table, White, Action::Pass, 3_000);
    table
        .handle(Input::Counting {
            step: CountingStep::Dispute { color: White },
            revision: table.proposal_revision().unwrap(),
            at: 4_000,
        })
        .unwrap();
    assert_eq!(Attention::of(Some(&table), 5_000), Attention::DisputedCount);
}

#[test]
fn a_flag_due_or_fallen_waits_for_a_ruling() {
    let mut table = started(TimeControl::Absolute {
        main_time_ms: 10_000,
    });
    // Black's flag is due at 11,000: before the sweep records it, the hall sees it.
    assert_eq!(Attention::of(Some(&table), 10_999), Attention::InPlay);
    assert_eq!(Attention::of(Some(&table), 11_001), Attention::FlagFallen);
    table.handle(Input::Clock { at: 11_500 }).unwrap();
    assert!(table.is_finished());
    assert_eq!(Attention::of(Some(&table), 12_000), Attention::FlagFallen);
    // A warning noted after the flag: the referee has been; the result stands.
    ruling(&mut table, Decision::Warning { color: None }, 13_000);
    assert_eq!(Attention::of(Some(&table), 14_000), Attention::Finished);
}

#[test]
fn a_paused_game_is_the_referees() {
    let mut table = started(BYO_YOMI);
    ruling(&mut table, Decision::Pause, 2_000);
    assert_eq!(Attention::of(Some(&table), 3_000), Attention::Paused);
    ruling(&mut table, Decision::Resume, 4_000);
    assert_eq!(Attention::of(Some(&table), 5_000), Attention::InPlay);
}

#[test]
fn a_game_runs_long_after_twice_its_adjusted_time() {
    let expected = expected_ms(&BYO_YOMI).unwrap();
    assert_eq!(
        expected,
        2 * 8 * 60_000,
        "8.5 minutes, rounded down as the EGD does"
    );
    let mut table = started(BYO_YOMI);
    // A move every 9 s keeps both flags up (10 s periods); stones on the points of one
    // colour of a checkerboard never touch, so none is captured.
    let mut points = (0..19u8)
        .flat_map(|y| (0..19u8).map(move |x| (x, y)))
        .filter(|(x, y)| (x + y) % 2 == 0);
    let mut at = START;
    let mut color = Black;
    while at < START + expected {
        at += 9_000;
        let (x, y) = points.next().unwrap();
        turn(&mut table, color, Action::Move(Point::new(x, y)), at);
        color = color.opponent();
    }
    assert_eq!(Attention::of(Some(&table), at), Attention::RunningLong);
    assert_eq!(
        Attention::of(Some(&table), START + expected),
        Attention::InPlay
    );
}

#[test]
fn no_time_limit_never_runs_long() {
    assert_eq!(expected_ms(&TimeControl::None {}), None);
    let table = started(TimeControl::None {});
    assert_eq!(Attention::of(Some(&table), u64::MAX / 2), Attention::InPlay);
}

#[test]
fn a_finished_game_comes_last() {
    let mut table = started(BYO_YOMI);
    table
        .handle(Input::Resign {
            color: White,
            at: 2_000,
        })
        .unwrap();
    assert_eq!(Attention::of(Some(&table), 3_000), Attention::Finished);
}

#[test]
fn the_hall_named_in_order() {
    let names: Vec<&str> = Attention::ALL.iter().map(|a| a.name()).collect();
    assert_eq!(
        names,
        [
            "disputed-count",
            "flag-fallen",
            "paused",
            "running-long",
            "not-started",
            "in-play",
            "finished"
        ]
    );
    let mut sorted = Attention::ALL;
    sorted.sort();
    assert_eq!(sorted, Attention::ALL);
}

/// The plain reference: for each kind in the hall's order, its tables by number.
fn reference(watches: &[Watch]) -> Vec<Watch> {
    let mut ordered = Vec::new();
    for attention in Attention::ALL {
        let mut tables: Vec<Watch> = watches
            .iter()
            .copied()
            .filter(|watch| watch.attention == attention)
            .collect();
        tables.sort_by_key(|watch| watch.table);
        ordered.extend(tables);
    }
    ordered
}

fn watch() -> impl Strategy<Value = Watch> {
    (1u32..200, 0usize..Attention::ALL.len()).prop_map(|(table, kind)| Watch {
        table,
        attention: Attention::ALL[kind],
    })
}

proptest! {
    #[test]
    fn order_is_the_reference(mut watches in proptest::collection::vec(watch(), 0..120)) {
        let expected = reference(&watches);
        order(&mut watches, |watch| *watch);
        prop_assert_eq!(watches, expected);
    }

    #[test]
    fn a_table_needing_the_referee_is_never_below_one_that_does_not(
        mut watches in proptest::collection::vec(watch(), 0..120),
    ) {
        order(&mut watches, |watch| *watch);
        let first_quiet = watches
            .iter()
            .position(|watch| watch.attention >= Attention::InPlay)
            .unwrap_or(watches.len());
        prop_assert!(watches[first_quiet..]
            .iter()
            .all(|watch| watch.attention >= Attention::InPlay));
    }
}

#[test]
fn a_tablet_silent_for_ten_seconds_is_offline_and_back_with_its_waiting_steps() {
    use arbitre_core::hall::{Contact, Link, OFFLINE_AFTER_MS};
    assert_eq!(Link::of(None, 50_000), Link::Unknown);
    let heard = Contact {
        at: 40_000,
        waiting: 0,
    };
    assert_eq!(
        Link::of(Some(heard), 40_000 + OFFLINE_AFTER_MS - 1),
        Link::Online
    );
    assert_eq!(
        Link::of(Some(heard), 40_000 + OFFLINE_AFTER_MS),
        Link::Offline { since: 40_000 }
    );
    let back = Contact {
        at: 70_000,
        waiting: 12,
    };
    assert_eq!(Link::of(Some(back), 71_000), Link::Back { waiting: 12 });
}
