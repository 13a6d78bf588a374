//! The clock as an event log: pauses (rule 5 bis), referee adjustments, the flag
//! policies, replay, and events that must be refused.

// In a test an unwrap is an assertion: a panic is the failure report.
#![allow(clippy::unwrap_used)]

// Under `clock::`, so that `cargo test clock` selects these tests.
mod clock {
    use arbitre_core::clock::{
        replay, Clock, ClockError, ClockEvent, ClockOutcome, ClockStatus, FlagPolicy, TimeControl,
        TimeLoss,
    };
    use arbitre_core::Color::{Black, White};

    const S: u64 = 1000;
    const MIN: u64 = 60 * S;
    const HOUR: u64 = 60 * MIN;

    fn start(at: u64) -> ClockEvent {
        ClockEvent::Start { color: Black, at }
    }
    fn black(at: u64) -> ClockEvent {
        ClockEvent::Turn { color: Black, at }
    }
    fn white(at: u64) -> ClockEvent {
        ClockEvent::Turn { color: White, at }
    }
    fn adjust(color: arbitre_core::Color, delta_ms: i64, at: u64) -> ClockEvent {
        ClockEvent::Adjust {
            color,
            delta_ms,
            reason: "referee: clock malfunction at table 3".into(),
            at,
        }
    }

    fn clock(control: TimeControl, policy: FlagPolicy, events: &[ClockEvent]) -> Clock {
        replay(&control, policy, events).unwrap()
    }

    fn byo_yomi() -> TimeControl {
        TimeControl::ByoYomi {
            main_time_ms: 10 * S,
            periods: 3,
            period_ms: 5 * S,
        }
    }

    #[test]
    fn clocks_stop_while_the_game_is_paused_for_counting() {
        // Black passes, White passes: rule 5 bis pauses the game with Black on move.
        let mut clock = clock(
            TimeControl::Absolute { main_time_ms: MIN },
            FlagPolicy::Lose,
            &[
                start(0),
                black(10 * S),
                white(20 * S),
                ClockEvent::Pause { at: 20 * S },
            ],
        );
        assert_eq!(clock.status(), ClockStatus::Paused { color: Black });
        assert_eq!(clock.deadline(Black), None);
        // Counting takes an hour: nobody flags.
        assert_eq!(
            clock.apply(&ClockEvent::FlagCheck { at: HOUR }).unwrap(),
            vec![]
        );
        let paused = clock.remaining(Black, HOUR);
        assert_eq!((paused.main_ms, paused.running), (50 * S, false));
        // Disagreement: play resumes, Black (who passed first) on move, with 50 s.
        clock.apply(&ClockEvent::Resume { at: HOUR }).unwrap();
        assert_eq!(clock.deadline(Black), Some(HOUR + 50 * S));
        assert_eq!(clock.remaining(White, HOUR).main_ms, 50 * S);
    }

    #[test]
    fn a_pause_inside_a_byo_yomi_period_keeps_what_is_left_of_it() {
        let mut clock = clock(
            byo_yomi(),
            FlagPolicy::Lose,
            &[start(0), ClockEvent::Pause { at: 13 * S }],
        );
        let paused = clock.remaining(Black, HOUR);
        assert_eq!((paused.periods_left, paused.period_ms_left), (3, 2 * S));
        clock.apply(&ClockEvent::Resume { at: HOUR }).unwrap();
        assert_eq!(clock.deadline(Black), Some(HOUR + 2 * S + 10 * S));
    }

    #[test]
    fn a_pause_does_not_save_a_player_whose_time_already_ran_out() {
        let mut clock = clock(
            TimeControl::Absolute { main_time_ms: MIN },
            FlagPolicy::Lose,
            &[start(0)],
        );
        let outcomes = clock.apply(&ClockEvent::Pause { at: MIN + 500 }).unwrap();
        assert_eq!(
            outcomes,
            vec![ClockOutcome::Flagged {
                color: Black,
                deadline: MIN,
                detected_at: MIN + 500
            }]
        );
        assert_eq!(
            clock.time_loss(),
            Some(TimeLoss {
                loser: Black,
                deadline: MIN
            })
        );
    }

    #[test]
    fn a_referee_adds_time_to_the_waiting_player() {
        let clock = clock(
            TimeControl::Absolute { main_time_ms: MIN },
            FlagPolicy::Lose,
            &[start(0), black(10 * S), adjust(Black, 60_000, 15 * S)],
        );
        assert_eq!(clock.remaining(Black, 15 * S).main_ms, 110 * S);
        assert_eq!(clock.remaining(White, 15 * S).main_ms, 55 * S);
    }

    #[test]
    fn a_referee_adds_time_to_the_running_player() {
        let clock = clock(
            TimeControl::Absolute { main_time_ms: MIN },
            FlagPolicy::Lose,
            &[start(0), adjust(Black, 60_000, 50 * S)],
        );
        // 10 s left at 50 s, plus one minute.
        assert_eq!(clock.deadline(Black), Some(120 * S));
    }

    #[test]
    fn time_added_in_byo_yomi_is_spent_before_the_period_in_progress() {
        let clock = clock(
            byo_yomi(),
            FlagPolicy::Lose,
            &[start(0), adjust(Black, 30_000, 12 * S)],
        );
        let black = clock.remaining(Black, 12 * S);
        assert_eq!(
            (black.main_ms, black.periods_left, black.period_ms_left),
            (30 * S, 3, 3 * S)
        );
        assert!(!black.in_overtime);
        assert_eq!(
            clock.deadline(Black),
            Some(12 * S + 30 * S + 3 * S + 10 * S)
        );
    }

    #[test]
    fn a_referee_penalty_cannot_take_more_than_the_main_time() {
        let mut clock = clock(byo_yomi(), FlagPolicy::Lose, &[start(0)]);
        let before = clock.clone();
        assert_eq!(
            clock.apply(&adjust(White, -11_000, S)),
            Err(ClockError::AdjustmentExceedsMainTime {
                color: White,
                delta_ms: -11_000,
                main_ms: 10 * S
            })
        );
        assert_eq!(clock, before);
        clock.apply(&adjust(White, -10_000, S)).unwrap();
        assert_eq!(clock.remaining(White, S).main_ms, 0);
    }

    #[test]
    fn an_adjustment_needs_a_reason() {
        let mut clock = clock(byo_yomi(), FlagPolicy::Lose, &[start(0)]);
        let event = ClockEvent::Adjust {
            color: White,
            delta_ms: 5000,
            reason: "  ".into(),
            at: S,
        };
        assert_eq!(clock.apply(&event), Err(ClockError::MissingReason));
    }

    #[test]
    fn time_given_before_the_start_counts() {
        let clock = clock(
            TimeControl::Absolute { main_time_ms: MIN },
            FlagPolicy::Lose,
            &[adjust(White, -30_000, 0), start(0)],
        );
        assert_eq!(clock.remaining(White, 0).main_ms, 30 * S);
    }

    #[test]
    fn auto_pass_happens_at_the_deadline_whenever_it_is_noticed() {
        let control = TimeControl::Absolute { main_time_ms: MIN };
        let early = clock(
            control.clone(),
            FlagPolicy::AutoPass,
            &[start(0), ClockEvent::FlagCheck { at: MIN + 1 }],
        );
        let late = clock(
            control,
            FlagPolicy::AutoPass,
            &[start(0), ClockEvent::FlagCheck { at: MIN + 40 * S }],
        );
        // White's clock started when Black's time ran out, not when the server noticed.
        assert_eq!(early.deadline(White), Some(2 * MIN));
        assert_eq!(late.deadline(White), Some(2 * MIN));
    }

    #[test]
    fn a_player_out_of_time_passes_at_once_on_each_turn() {
        let mut clock = clock(
            TimeControl::Absolute { main_time_ms: MIN },
            FlagPolicy::AutoPass,
            &[start(0), ClockEvent::FlagCheck { at: MIN + 1 }],
        );
        assert_eq!(
            clock.apply(&white(MIN + 5 * S)).unwrap(),
            vec![ClockOutcome::AutoPassed {
                color: Black,
                at: MIN + 5 * S
            }]
        );
        assert_eq!(clock.on_move(), Some(White));
        assert_eq!(
            clock.apply(&black(MIN + 6 * S)),
            Err(ClockError::OutOfTime { color: Black })
        );
        assert_eq!(
            clock.apply(&adjust(Black, 1000, MIN + 6 * S)),
            Err(ClockError::OutOfTime { color: Black })
        );
    }

    #[test]
    fn a_late_press_under_auto_pass_reports_the_pass_instead() {
        let mut clock = clock(
            TimeControl::Absolute { main_time_ms: MIN },
            FlagPolicy::AutoPass,
            &[start(0)],
        );
        assert_eq!(
            clock.apply(&black(MIN + 1)).unwrap(),
            vec![ClockOutcome::AutoPassed {
                color: Black,
                at: MIN
            }]
        );
        assert_eq!(clock.on_move(), Some(White));
    }

    #[test]
    fn when_both_players_are_out_of_time_the_clock_stops() {
        let mut clock = clock(
            TimeControl::Absolute { main_time_ms: MIN },
            FlagPolicy::AutoPass,
            &[start(0), black(MIN)],
        );
        // Black has 0 left and White's minute runs out: White passes, then Black at once,
        // and nothing can run any more.
        let outcomes = clock.apply(&ClockEvent::FlagCheck { at: 3 * MIN }).unwrap();
        assert_eq!(
            outcomes,
            vec![
                ClockOutcome::AutoPassed {
                    color: White,
                    at: 2 * MIN
                },
                ClockOutcome::AutoPassed {
                    color: Black,
                    at: 2 * MIN
                },
                ClockOutcome::BothOutOfTime { at: 2 * MIN },
            ]
        );
        assert_eq!(clock.status(), ClockStatus::BothOutOfTime { at: 2 * MIN });
        assert_eq!(
            clock.apply(&ClockEvent::Resume { at: 3 * MIN }),
            Err(ClockError::GameOver)
        );
    }

    #[test]
    fn flags_falling_during_one_wait_are_settled_at_their_deadlines() {
        // Nobody touches the clock: Black's 10 s run out, then White's, then both are out.
        let mut clock = clock(
            TimeControl::Simple {
                per_move_ms: 10 * S,
            },
            FlagPolicy::AutoPass,
            &[start(0)],
        );
        let outcomes = clock.apply(&ClockEvent::FlagCheck { at: HOUR }).unwrap();
        assert_eq!(
            outcomes,
            vec![
                ClockOutcome::AutoPassed {
                    color: Black,
                    at: 10 * S
                },
                ClockOutcome::AutoPassed {
                    color: White,
                    at: 20 * S
                },
                ClockOutcome::BothOutOfTime { at: 20 * S },
            ]
        );
    }

    #[test]
    fn events_that_make_no_sense_are_refused_and_change_nothing() {
        let control = byo_yomi();
        let mut clock = Clock::new(control.clone(), FlagPolicy::Lose).unwrap();
        assert_eq!(clock.apply(&black(0)), Err(ClockError::NotStarted));
        assert_eq!(
            clock.apply(&ClockEvent::Pause { at: 0 }),
            Err(ClockError::NotStarted)
        );
        assert_eq!(
            clock.apply(&ClockEvent::Resume { at: 0 }),
            Err(ClockError::NotStarted)
        );
        clock.apply(&start(5)).unwrap();
        let snapshot = clock.clone();
        assert_eq!(clock.apply(&start(6)), Err(ClockError::AlreadyStarted));
        assert_eq!(
            clock.apply(&white(6)),
            Err(ClockError::NotYourTurn {
                color: White,
                on_move: Black
            })
        );
        assert_eq!(
            clock.apply(&black(4)),
            Err(ClockError::TimeWentBackwards { at: 4, last: 5 })
        );
        assert_eq!(
            clock.apply(&ClockEvent::Resume { at: 6 }),
            Err(ClockError::NotPaused)
        );
        assert_eq!(clock, snapshot);
        clock.apply(&ClockEvent::Pause { at: 7 }).unwrap();
        assert_eq!(clock.apply(&black(8)), Err(ClockError::Paused));
        assert_eq!(
            clock.apply(&ClockEvent::Pause { at: 8 }),
            Err(ClockError::Paused)
        );
        assert!(replay(&control, FlagPolicy::Lose, &[start(5), black(4)]).is_err());
    }

    #[test]
    fn replaying_a_log_gives_the_state_built_event_by_event() {
        let events = vec![
            start(0),
            black(12 * S),
            white(13 * S),
            adjust(White, 5000, 14 * S),
            ClockEvent::Pause { at: 20 * S },
            ClockEvent::FlagCheck { at: HOUR },
            ClockEvent::Resume { at: HOUR },
            black(HOUR + 21 * S),
        ];
        let mut live = Clock::new(byo_yomi(), FlagPolicy::Lose).unwrap();
        for event in &events {
            live.apply(event).unwrap();
        }
        assert_eq!(
            replay(&byo_yomi(), FlagPolicy::Lose, &events).unwrap(),
            live
        );
        assert_eq!(
            replay(&byo_yomi(), FlagPolicy::Lose, &events),
            replay(&byo_yomi(), FlagPolicy::Lose, &events)
        );
    }

    #[test]
    fn events_and_outcomes_have_a_stable_json_form() {
        let events = [
            (start(0), r#"{"type":"start","color":"B","at":0}"#),
            (white(5), r#"{"type":"turn","color":"W","at":5}"#),
            (ClockEvent::Pause { at: 6 }, r#"{"type":"pause","at":6}"#),
            (ClockEvent::Resume { at: 7 }, r#"{"type":"resume","at":7}"#),
            (
                ClockEvent::Adjust {
                    color: Black,
                    delta_ms: -2000,
                    reason: "noise".into(),
                    at: 8,
                },
                r#"{"type":"adjust","color":"B","delta_ms":-2000,"reason":"noise","at":8}"#,
            ),
            (
                ClockEvent::FlagCheck { at: 9 },
                r#"{"type":"flag-check","at":9}"#,
            ),
        ];
        for (event, json) in events {
            assert_eq!(serde_json::to_string(&event).unwrap(), json);
            assert_eq!(serde_json::from_str::<ClockEvent>(json).unwrap(), event);
        }
        assert!(serde_json::from_str::<ClockEvent>(r#"{"type":"pause","at":6,"by":"B"}"#).is_err());
        let flagged = ClockOutcome::Flagged {
            color: White,
            deadline: 10,
            detected_at: 11,
        };
        assert_eq!(
            serde_json::to_string(&flagged).unwrap(),
            r#"{"type":"flagged","color":"W","deadline":10,"detected_at":11}"#
        );
    }
}
