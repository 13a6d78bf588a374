//! Steps refused on arrival (issue 43): a tablet cut off from the service sends what its
//! players did meanwhile, and the game may have moved on. The table keeps such a refusal
//! in its log for the referee; a refusal that is the step's own fault (an illegal move) is not
//! kept; a kept refusal changes nothing else in the game, whenever it comes.

#![allow(clippy::unwrap_used)]

use arbitre_core::clock::TimeControl;
use arbitre_core::history::Action;
use arbitre_core::table::{
    Asked, CountingStep, Decision, Input, Refusal, Ruling, Table, TableError, TableEvent, Terms,
};
use arbitre_core::{Color, Point};
use proptest::prelude::*;

mod common;

fn terms() -> Terms {
    common::table_terms(TimeControl::Absolute {
        main_time_ms: 3_600_000,
    })
}

fn point(index: usize) -> Point {
    common::spaced_point(index)
}

fn colour(index: usize) -> Color {
    if index.is_multiple_of(2) {
        Color::Black
    } else {
        Color::White
    }
}

/// A started table and its log, with `turns` stones played a second apart.
fn played(turns: usize) -> (Table, Vec<TableEvent>) {
    let mut table = Table::new(terms()).unwrap();
    let mut log = table.handle(Input::Start { at: 1_000 }).unwrap();
    for index in 0..turns {
        let input = Input::Turn {
            color: colour(index),
            action: Action::Move(point(index)),
            at: 2_000 + 1_000 * index as u64,
        };
        log.extend(table.handle(input).unwrap());
    }
    (table, log)
}

fn ruling(decision: Decision) -> Ruling {
    Ruling {
        decision,
        reason: "a phone rang".to_string(),
        corrects: None,
    }
}

#[test]
fn a_move_sent_late_into_a_pause_is_kept_for_the_referee_once() {
    let (mut table, _) = played(3);
    let pause = Input::Ruling {
        ruling: ruling(Decision::Pause),
        by: "referee".to_string(),
        at: 6_000,
    };
    table.handle(pause).unwrap();
    let late = Input::Turn {
        color: Color::White,
        action: Action::Move(point(3)),
        at: 9_000,
    };
    let error = table.handle(late).unwrap_err();
    assert_eq!(error, TableError::Paused);
    let asked = Asked::Turn {
        turn: 4,
        action: Action::Move(point(3)),
    };
    let entry = table
        .refusal(Some(Color::White), asked.clone(), &error, 9_000)
        .unwrap();
    assert_eq!(
        entry,
        TableEvent::Refused {
            refusal: Refusal {
                color: Color::White,
                asked: asked.clone(),
                code: "game.paused".to_string(),
            },
            at: 9_000,
        }
    );
    let before = table.game().board().clone();
    let events = table.events();
    table.apply(&entry).unwrap();
    assert_eq!(table.events(), events + 1);
    assert_eq!(table.game().board(), &before);
    assert!(table.referee_paused());
    assert_eq!(table.next_turn(), 4);
    // The tablet's retry of a request whose answer it lost: the same refusal, kept once.
    assert_eq!(
        table.refusal(Some(Color::White), asked, &error, 9_500),
        None
    );
}

#[test]
fn a_turn_another_tablet_played_first_is_kept_as_its_players() {
    let (table, _) = played(2);
    let error = table.check_turn_number(1).unwrap_err();
    assert_eq!(
        error,
        TableError::StaleTurn {
            expected: 3,
            stated: 1
        }
    );
    assert_eq!(error.code(), "game.stale_turn");
    // Whose: the player of the turn it stated (turn 1 is Black's), not the one to move.
    let entry = table
        .refusal(
            None,
            Asked::Turn {
                turn: 1,
                action: Action::Move(point(9)),
            },
            &error,
            5_000,
        )
        .unwrap();
    let TableEvent::Refused { refusal, .. } = entry else {
        panic!("{entry:?}");
    };
    assert_eq!(refusal.color, Color::Black);
    assert_eq!(table.check_turn_number(3), Ok(()));
}

#[test]
fn an_acceptance_of_a_replaced_proposal_is_kept() {
    let (mut table, _) = played(2);
    let pass = |color, at| Input::Turn {
        color,
        action: Action::Pass,
        at,
    };
    table.handle(pass(Color::Black, 5_000)).unwrap();
    table.handle(pass(Color::White, 6_000)).unwrap();
    let seen = table.proposal_revision().unwrap();
    let propose = CountingStep::Propose {
        color: Color::White,
        dead: vec![point(0)],
    };
    table
        .handle(Input::Counting {
            step: propose,
            revision: seen,
            at: 7_000,
        })
        .unwrap();
    let accept = CountingStep::Accept {
        color: Color::Black,
    };
    let error = table
        .handle(Input::Counting {
            step: accept.clone(),
            revision: seen,
            at: 8_000,
        })
        .unwrap_err();
    let asked = Asked::Counting {
        step: accept,
        revision: seen,
    };
    let entry = table.refusal(None, asked, &error, 8_000).unwrap();
    let TableEvent::Refused { refusal, .. } = &entry else {
        panic!("{entry:?}");
    };
    assert_eq!(refusal.color, Color::Black);
    assert_eq!(refusal.code, "counting.superseded");
    // The proposal on the table stays the one the other player made.
    let revision = table.proposal_revision();
    table.apply(&entry).unwrap();
    assert_eq!(table.proposal_revision(), revision);
}

#[test]
fn an_illegal_move_is_the_players_to_correct_and_not_kept() {
    let (mut table, _) = played(2);
    let error = table
        .handle(Input::Turn {
            color: Color::Black,
            action: Action::Move(point(0)),
            at: 5_000,
        })
        .unwrap_err();
    assert!(matches!(error, TableError::IllegalMove { .. }), "{error}");
    let asked = Asked::Turn {
        turn: 3,
        action: Action::Move(point(0)),
    };
    assert_eq!(
        table.refusal(Some(Color::Black), asked, &error, 5_000),
        None
    );
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(100))]

    /// Refusals kept anywhere in a game change nothing of it: the board, the turns and
    /// both clocks are those of the game without them, and the log replays to the table.
    #[test]
    fn kept_refusals_change_nothing_else(
        turns in 1..30usize,
        refused_after in prop::collection::btree_set(0..30usize, 0..6),
    ) {
        let (plain, _) = played(turns);
        let mut table = Table::new(terms()).unwrap();
        let mut log = table.handle(Input::Start { at: 1_000 }).unwrap();
        for index in 0..turns {
            let at = 2_000 + 1_000 * index as u64;
            if refused_after.contains(&index) {
                // A tablet's late copy of the turn before, refused as stale.
                let stated = index as u32;
                let error = table.check_turn_number(stated).unwrap_err();
                let asked = Asked::Turn { turn: stated, action: Action::Move(point(index)) };
                let entry = table.refusal(None, asked, &error, at).unwrap();
                table.apply(&entry).unwrap();
                log.push(entry);
            }
            let input = Input::Turn {
                color: colour(index),
                action: Action::Move(point(index)),
                at,
            };
            log.extend(table.handle(input).unwrap());
        }
        prop_assert_eq!(table.game().board(), plain.game().board());
        prop_assert_eq!(table.next_turn(), plain.next_turn());
        let now = 2_000 + 1_000 * turns as u64;
        for color in [Color::Black, Color::White] {
            prop_assert_eq!(
                table.clock().remaining(color, now),
                plain.clock().remaining(color, now)
            );
        }
        let kept = refused_after.iter().filter(|index| **index < turns).count();
        prop_assert_eq!(table.events(), plain.events() + kept as u32);
        prop_assert_eq!(Table::replay(terms(), &log).unwrap(), table);
    }
}
