//! The live table, one situation at a time: handicap placement in both forms with the
//! clock, flags, rulings, the result's source, the caps.

// In a test an unwrap is an assertion: a panic is the failure report.
#![allow(clippy::unwrap_used)]

use arbitre_core::clock::{FlagPolicy, TimeControl};
use arbitre_core::ending::{ResumptionPolicy, Settings};
use arbitre_core::game::{IllegalMove, Start};
use arbitre_core::history::{Action, Setup};
use arbitre_core::result::GameResult;
use arbitre_core::table::{
    fixed_handicap, ClockState, CountingStep, Decision, HandicapForm, Input, ResultSource, Ruling,
    Stage, Table, TableError, TableEvent, Terms, MAX_TURNS,
};
use arbitre_core::{BoardSize, Color, Point, Preset};

use Color::{Black, White};

fn at(text: &str) -> Point {
    Point::from_sgf(text).unwrap()
}

const BYO_YOMI: TimeControl = TimeControl::ByoYomi {
    main_time_ms: 60_000,
    periods: 3,
    period_ms: 10_000,
};

fn terms(
    side: u8,
    handicap: u32,
    form: HandicapForm,
    control: TimeControl,
    policy: FlagPolicy,
) -> Terms {
    let size = BoardSize::square(side).unwrap();
    let setup = match form {
        HandicapForm::Fixed => Setup {
            black: fixed_handicap(size, handicap).unwrap(),
            white: Vec::new(),
        },
        HandicapForm::None | HandicapForm::Moves => Setup::default(),
    };
    let start = Start {
        size,
        setup,
        handicap,
        first_player: None,
    };
    let settings = Settings::new(
        Preset::French.rules(),
        start,
        None,
        ResumptionPolicy::Strict,
    );
    Terms::new(settings, control, policy).unwrap()
}

fn started(terms: Terms) -> Table {
    let mut table = Table::new(terms).unwrap();
    table.handle(Input::Start { at: 1_000 }).unwrap();
    table
}

fn play(table: &mut Table, color: Color, point: &str, at_ms: u64) -> Vec<TableEvent> {
    table
        .handle(Input::Turn {
            color,
            action: Action::Move(at(point)),
            at: at_ms,
        })
        .unwrap()
}

fn pass(table: &mut Table, color: Color, at_ms: u64) {
    table
        .handle(Input::Turn {
            color,
            action: Action::Pass,
            at: at_ms,
        })
        .unwrap();
}

fn ruling(decision: Decision, at_ms: u64) -> Input {
    Input::Ruling {
        ruling: Ruling {
            decision,
            reason: "seen by the referee".to_string(),
            corrects: None,
        },
        by: "referee-1".to_string(),
        at: at_ms,
    }
}

fn running(table: &Table) -> Option<Color> {
    match table.clock_state() {
        ClockState::Running { color, .. } => Some(color),
        _ => None,
    }
}

#[test]
fn black_places_the_second_ffg_handicap_stone_with_its_clock_still_running() {
    let mut table = started(terms(
        19,
        2,
        HandicapForm::Moves,
        BYO_YOMI,
        FlagPolicy::Lose,
    ));
    assert_eq!(table.stage(), Stage::Placing { stones_left: 2 });
    assert_eq!(running(&table), Some(Black));
    play(&mut table, Black, "pd", 5_000);
    assert_eq!(table.stage(), Stage::Placing { stones_left: 1 });
    assert_eq!(table.to_move(), Some(Black));
    assert_eq!(running(&table), Some(Black));
    play(&mut table, Black, "dp", 9_000);
    assert_eq!(table.stage(), Stage::Playing);
    assert_eq!(table.to_move(), Some(White));
    assert_eq!(running(&table), Some(White));
    // The placement was one think of Black's: 8 s of its minute.
    assert_eq!(table.clock().remaining(Black, 9_000).main_ms, 52_000);
    play(&mut table, White, "dd", 12_000);
    assert_eq!(running(&table), Some(Black));
}

#[test]
fn white_has_no_turn_while_black_places_its_stones() {
    let mut table = started(terms(
        19,
        4,
        HandicapForm::Moves,
        BYO_YOMI,
        FlagPolicy::Lose,
    ));
    play(&mut table, Black, "pd", 2_000);
    let refused = table.handle(Input::Turn {
        color: White,
        action: Action::Pass,
        at: 3_000,
    });
    assert_eq!(
        refused,
        Err(TableError::IllegalMove {
            reason: IllegalMove::WrongTurn { expected: Black }
        })
    );
    let refused = table.handle(Input::Turn {
        color: Black,
        action: Action::Pass,
        at: 3_000,
    });
    assert_eq!(
        refused,
        Err(TableError::IllegalMove {
            reason: IllegalMove::Handicap { stones_left: 3 }
        })
    );
    for (point, instant) in [("dp", 4_000), ("pp", 5_000), ("dd", 6_000)] {
        assert_eq!(running(&table), Some(Black));
        play(&mut table, Black, point, instant);
    }
    assert_eq!(running(&table), Some(White));
    assert_eq!(table.game().handicap_passes(), 0);
}

#[test]
fn every_time_system_runs_for_black_through_the_placement() {
    let systems = [
        TimeControl::None {},
        TimeControl::Absolute {
            main_time_ms: 60_000,
        },
        BYO_YOMI,
        TimeControl::Canadian {
            main_time_ms: 60_000,
            stones: 5,
            period_ms: 30_000,
        },
        TimeControl::Fischer {
            main_time_ms: 60_000,
            increment_ms: 5_000,
            max_time_ms: None,
        },
        TimeControl::Simple {
            per_move_ms: 30_000,
        },
        TimeControl::OnlineByoYomi {
            main_time_ms: 60_000,
            byo_yomi_ms: 10_000,
        },
    ];
    for control in systems {
        for policy in [FlagPolicy::Lose, FlagPolicy::AutoPass] {
            let mut table = started(terms(13, 3, HandicapForm::Moves, control.clone(), policy));
            for (point, instant) in [("jd", 2_000), ("dj", 3_000), ("jj", 4_000)] {
                assert_eq!(running(&table), Some(Black), "{control:?}");
                play(&mut table, Black, point, instant);
            }
            assert_eq!(running(&table), Some(White), "{control:?}");
            play(&mut table, White, "dd", 5_000);
            assert_eq!(running(&table), Some(Black), "{control:?}");
        }
    }
}

#[test]
fn fixed_handicap_stones_are_on_the_board_and_white_starts() {
    let mut table = started(terms(
        19,
        4,
        HandicapForm::Fixed,
        BYO_YOMI,
        FlagPolicy::Lose,
    ));
    assert_eq!(table.stage(), Stage::Playing);
    assert_eq!(table.to_move(), Some(White));
    assert_eq!(running(&table), Some(White));
    for point in ["pd", "dp", "pp", "dd"] {
        assert_eq!(table.game().board().get(at(point)), Some(Black));
    }
    play(&mut table, White, "qc", 3_000);
    assert_eq!(running(&table), Some(Black));
    // White's komi for 4 stones is 3.5 (FFG: n − ½).
    assert_eq!(table.terms().settings.komi, 3.5);
}

#[test]
fn a_flag_falls_only_when_the_clock_is_settled_and_loses_the_game() {
    let absolute = TimeControl::Absolute {
        main_time_ms: 10_000,
    };
    let mut table = started(terms(9, 0, HandicapForm::None, absolute, FlagPolicy::Lose));
    play(&mut table, Black, "ee", 2_000);
    // White's deadline is 12,000: a move at 12,001 waits for the clock to be settled.
    let late = table.handle(Input::Turn {
        color: White,
        action: Action::Pass,
        at: 12_001,
    });
    assert_eq!(
        late,
        Err(TableError::FlagDue {
            color: White,
            deadline: 12_000
        })
    );
    let events = table.handle(Input::Clock { at: 12_001 }).unwrap();
    assert_eq!(
        events,
        vec![TableEvent::Flag {
            color: White,
            deadline: 12_000
        }]
    );
    assert_eq!(table.result(), Some(GameResult::Time { winner: Black }));
    assert_eq!(
        table.outcome().unwrap().source,
        ResultSource::Clock {
            loser: White,
            deadline: 12_000
        }
    );
    assert_eq!(table.clock_state(), ClockState::Stopped);
}

#[test]
fn a_flag_during_the_placement_loses_even_when_flags_pass() {
    let absolute = TimeControl::Absolute {
        main_time_ms: 10_000,
    };
    let mut table = started(terms(
        9,
        2,
        HandicapForm::Moves,
        absolute,
        FlagPolicy::AutoPass,
    ));
    play(&mut table, Black, "cc", 2_000);
    let events = table.handle(Input::Clock { at: 20_000 }).unwrap();
    assert_eq!(events.len(), 1);
    assert_eq!(table.result(), Some(GameResult::Time { winner: White }));
    assert_eq!(table.clock_state(), ClockState::Stopped);
}

#[test]
fn under_auto_pass_a_flag_passes_and_two_passes_pause_for_counting() {
    let absolute = TimeControl::Absolute {
        main_time_ms: 10_000,
    };
    let mut table = started(terms(
        9,
        0,
        HandicapForm::None,
        absolute,
        FlagPolicy::AutoPass,
    ));
    play(&mut table, Black, "ee", 2_000);
    pass(&mut table, White, 3_000);
    // Black's deadline is 1,000 + 10,000 − 1,000 used = 11,000 + 1,000 (White's think).
    let events = table.handle(Input::Clock { at: 50_000 }).unwrap();
    assert_eq!(
        events,
        vec![TableEvent::Flag {
            color: Black,
            deadline: 12_000
        }]
    );
    assert!(matches!(table.stage(), Stage::Counting { .. }));
    assert_eq!(table.clock_state(), ClockState::Paused { color: White });
}

#[test]
fn a_result_ruled_on_a_running_game_ends_it_and_the_clock_never_overwrites_it() {
    let absolute = TimeControl::Absolute {
        main_time_ms: 10_000,
    };
    let mut table = started(terms(9, 0, HandicapForm::None, absolute, FlagPolicy::Lose));
    play(&mut table, Black, "ee", 2_000);
    let result = GameResult::Resignation { winner: Black };
    table
        .handle(Input::Ruling {
            ruling: Ruling {
                decision: Decision::ResultCorrection { result },
                reason: "White resigned at the table".to_string(),
                corrects: None,
            },
            by: "referee-1".to_string(),
            at: 4_000,
        })
        .unwrap();
    assert_eq!(table.result(), Some(result));
    assert_eq!(table.clock_state(), ClockState::Stopped);
    // Long after White's deadline, nothing falls.
    assert_eq!(table.handle(Input::Clock { at: 1_000_000 }), Ok(Vec::new()));
    assert_eq!(table.result(), Some(result));
    let ResultSource::Ruling {
        by,
        at,
        reason,
        previous,
        event,
    } = &table.outcome().unwrap().source
    else {
        panic!("the source is the ruling");
    };
    assert_eq!(
        (by.as_str(), *at, reason.as_str(), *previous, *event),
        ("referee-1", 4_000, "White resigned at the table", None, 3)
    );
    assert_eq!(table.rulings().len(), 1);
    assert_eq!(table.rulings()[0].new_result, Some(result));
}

#[test]
fn a_finished_game_changes_result_only_by_a_ruling_that_says_so() {
    let mut table = started(terms(9, 0, HandicapForm::None, BYO_YOMI, FlagPolicy::Lose));
    table
        .handle(Input::Resign {
            color: White,
            at: 2_000,
        })
        .unwrap();
    let resigned = GameResult::Resignation { winner: Black };
    assert_eq!(table.outcome().unwrap().source, ResultSource::Play);
    assert_eq!(
        table.handle(Input::Resign {
            color: Black,
            at: 3_000
        }),
        Err(TableError::Finished)
    );
    table
        .handle(ruling(Decision::Warning { color: Some(Black) }, 5_000))
        .unwrap();
    assert_eq!(table.result(), Some(resigned));
    table
        .handle(ruling(Decision::Forfeit { color: Black }, 5_000))
        .unwrap();
    assert_eq!(table.result(), Some(GameResult::Forfeit { winner: White }));
    assert_eq!(table.rulings()[1].previous_result, Some(resigned));
}

#[test]
fn a_ruled_result_must_be_one_the_count_can_give() {
    let mut table = started(terms(9, 0, HandicapForm::None, BYO_YOMI, FlagPolicy::Lose));
    for text in ["B+3.25", "B+3", "0", "?", "W+1000.5"] {
        let result: GameResult = text.parse().unwrap();
        let refused = table.handle(ruling(Decision::ResultCorrection { result }, 5_000));
        assert!(
            matches!(refused, Err(TableError::Result(_))),
            "{text}: {refused:?}"
        );
    }
    table
        .handle(ruling(
            Decision::ResultCorrection {
                result: "W+2.5".parse().unwrap(),
            },
            5_000,
        ))
        .unwrap();
    assert_eq!(table.result(), Some("W+2.5".parse().unwrap()));
}

#[test]
fn a_dispute_resumes_with_the_clock_of_the_player_who_passed_first() {
    let mut table = started(terms(9, 0, HandicapForm::None, BYO_YOMI, FlagPolicy::Lose));
    play(&mut table, Black, "ee", 2_000);
    pass(&mut table, White, 3_000);
    pass(&mut table, Black, 4_000);
    assert!(matches!(table.stage(), Stage::Counting { .. }));
    assert_eq!(table.clock_state(), ClockState::Paused { color: White });
    table
        .handle(Input::Counting {
            step: CountingStep::Dispute { color: Black },
            revision: table.proposal_revision().unwrap(),
            at: 30_000,
        })
        .unwrap();
    assert_eq!(table.stage(), Stage::Playing);
    assert_eq!(table.to_move(), Some(White));
    assert_eq!(
        table.clock_state(),
        ClockState::Running {
            color: White,
            since: 30_000
        }
    );
}

#[test]
fn an_agreed_count_finishes_the_game_with_a_stopped_clock() {
    let mut table = started(terms(9, 0, HandicapForm::None, BYO_YOMI, FlagPolicy::Lose));
    play(&mut table, Black, "ee", 2_000);
    pass(&mut table, White, 3_000);
    pass(&mut table, Black, 4_000);
    for color in [Black, White] {
        table
            .handle(Input::Counting {
                step: CountingStep::Accept { color },
                revision: table.proposal_revision().unwrap(),
                at: 5_000,
            })
            .unwrap();
    }
    // Black's 81 points against komi 7.5.
    assert_eq!(table.result(), Some("B+73.5".parse().unwrap()));
    assert!(matches!(
        table.outcome().unwrap().source,
        ResultSource::Count { .. }
    ));
    assert_eq!(table.clock_state(), ClockState::Stopped);
}

/// FFG rule 5 bis: both players agree on the same dead stones. Two tablets at one table:
/// White proposes a Black stone dead on one while Black, offline on the other, accepts
/// the proposal it saw (none dead); Black's acceptance names that proposal and is refused.
#[test]
fn an_acceptance_of_a_replaced_proposal_is_refused() {
    let mut table = started(terms(9, 0, HandicapForm::None, BYO_YOMI, FlagPolicy::Lose));
    play(&mut table, Black, "ee", 2_000);
    play(&mut table, White, "cc", 3_000);
    pass(&mut table, Black, 4_000);
    pass(&mut table, White, 5_000);
    // The second pass put the first proposal (no dead stones) on the table: event 5.
    let seen_by_black = table.proposal_revision().unwrap();
    assert_eq!(seen_by_black, table.events());
    let proposal = Input::Counting {
        step: CountingStep::Propose {
            color: White,
            dead: vec![at("ee")],
        },
        revision: seen_by_black,
        at: 6_000,
    };
    table.handle(proposal).unwrap();
    let current = table.proposal_revision().unwrap();
    assert_eq!(current, table.events());
    let before = table.events();
    let stale = table.handle(Input::Counting {
        step: CountingStep::Accept { color: Black },
        revision: seen_by_black,
        at: 7_000,
    });
    assert_eq!(
        stale,
        Err(TableError::SupersededProposal {
            revision: seen_by_black,
            current
        })
    );
    assert_eq!(stale.unwrap_err().code(), "counting.superseded");
    assert_eq!(table.events(), before);
    assert!(!table.agreement().unwrap().accepted_by(Black));
    // The same set proposed again is the same proposal: its revision stays.
    table
        .handle(Input::Counting {
            step: CountingStep::Propose {
                color: White,
                dead: vec![at("ee")],
            },
            revision: current,
            at: 8_000,
        })
        .unwrap();
    assert_eq!(table.proposal_revision(), Some(current));
    // Black, having seen it, disputes it: play resumes, and no proposal is on the table.
    table
        .handle(Input::Counting {
            step: CountingStep::Dispute { color: Black },
            revision: current,
            at: 9_000,
        })
        .unwrap();
    assert_eq!(table.proposal_revision(), None);
}

#[test]
fn a_referee_pause_stops_the_clock_and_the_turns() {
    let mut table = started(terms(9, 0, HandicapForm::None, BYO_YOMI, FlagPolicy::Lose));
    table.handle(ruling(Decision::Pause, 5_000)).unwrap();
    assert_eq!(table.stage(), Stage::Paused);
    assert_eq!(table.clock_state(), ClockState::Paused { color: Black });
    let refused = table.handle(Input::Turn {
        color: Black,
        action: Action::Pass,
        at: 6_000,
    });
    assert_eq!(refused, Err(TableError::Paused));
    assert_eq!(
        table.handle(ruling(Decision::Pause, 5_000)),
        Err(TableError::AlreadyPaused)
    );
    table.handle(ruling(Decision::Resume, 5_000)).unwrap();
    assert_eq!(running(&table), Some(Black));
}

#[test]
fn the_turns_stop_at_the_cap() {
    let settings = Settings::new(
        Preset::French.rules(),
        Start::even(BoardSize::square(9).unwrap()),
        None,
        ResumptionPolicy::AgreeAgain,
    );
    let terms = Terms::new(settings, TimeControl::None {}, FlagPolicy::Lose).unwrap();
    let mut table = started(terms);
    let mut instant = 2_000;
    while table.game().turns_played() < MAX_TURNS {
        let color = table.to_move().unwrap();
        pass(&mut table, color, instant);
        if let Stage::Counting { .. } = table.stage() {
            table
                .handle(Input::Counting {
                    step: CountingStep::Dispute { color: Black },
                    revision: table.proposal_revision().unwrap(),
                    at: instant,
                })
                .unwrap();
        }
        instant += 1;
    }
    let color = table.to_move().unwrap();
    let refused = table.handle(Input::Turn {
        color,
        action: Action::Pass,
        at: instant,
    });
    assert_eq!(refused, Err(TableError::TurnCap { cap: MAX_TURNS }));
    assert_eq!(refused.unwrap_err().code(), "game.turn_cap");
}

#[test]
fn the_log_replays_to_the_same_table_through_json() {
    let mut table = Table::new(terms(
        19,
        2,
        HandicapForm::Moves,
        BYO_YOMI,
        FlagPolicy::Lose,
    ))
    .unwrap();
    let mut log = table.handle(Input::Start { at: 1_000 }).unwrap();
    log.extend(play(&mut table, Black, "pd", 2_000));
    log.extend(play(&mut table, Black, "dp", 3_000));
    log.extend(play(&mut table, White, "dd", 4_000));
    log.extend(table.handle(ruling(Decision::Pause, 5_000)).unwrap());
    log.extend(table.handle(ruling(Decision::Resume, 90_000)).unwrap());
    log.extend(table.handle(Input::Clock { at: 500_000 }).unwrap());
    assert!(matches!(
        log.last(),
        Some(TableEvent::Flag { color: Black, .. })
    ));
    let json = serde_json::to_string(&log).unwrap();
    let read: Vec<TableEvent> = serde_json::from_str(&json).unwrap();
    assert_eq!(read, log);
    let terms = serde_json::from_str(&serde_json::to_string(table.terms()).unwrap()).unwrap();
    let replayed = Table::replay(terms, &read).unwrap();
    assert_eq!(replayed, table);
}

#[test]
fn the_last_move_is_the_last_stone_played_and_none_after_a_pass() {
    let mut table = started(terms(9, 2, HandicapForm::Moves, BYO_YOMI, FlagPolicy::Lose));
    assert_eq!(table.last_move(), None, "no turn yet");
    play(&mut table, Black, "cc", 2_000);
    assert_eq!(table.last_move(), Some(at("cc")), "a handicap stone placed");
    play(&mut table, Black, "gg", 3_000);
    assert_eq!(table.last_move(), Some(at("gg")));
    play(&mut table, White, "cg", 4_000);
    assert_eq!(table.last_move(), Some(at("cg")));
    pass(&mut table, Black, 5_000);
    assert_eq!(table.last_move(), None, "a pass puts no stone down");
    play(&mut table, White, "gc", 6_000);
    table.handle(ruling(Decision::Pause, 7_000)).unwrap();
    assert_eq!(table.last_move(), Some(at("gc")), "a ruling plays no turn");
}
