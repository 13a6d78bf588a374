//! Each time system at its boundaries: a move exactly at the deadline, one a millisecond
//! late, periods kept and lost, the Canadian reset, the Fischer cap.

// In a test an unwrap is an assertion: a panic is the failure report.
#![allow(clippy::unwrap_used)]

// Under `clock::`, so that `cargo test clock` selects these tests.
mod clock {
    use arbitre_core::clock::{
        Clock, ClockError, ClockEvent, ClockOutcome, FlagPolicy, PlayerTime, TimeControl,
    };
    use arbitre_core::Color::{self, Black, White};

    const S: u64 = 1000;
    const MIN: u64 = 60 * S;

    fn started(control: TimeControl, policy: FlagPolicy) -> Clock {
        let mut clock = Clock::new(control, policy).unwrap();
        clock
            .apply(&ClockEvent::Start {
                color: Black,
                at: 0,
            })
            .unwrap();
        clock
    }

    fn turn(clock: &mut Clock, color: Color, at: u64) -> Vec<ClockOutcome> {
        clock.apply(&ClockEvent::Turn { color, at }).unwrap()
    }

    fn check(clock: &mut Clock, at: u64) -> Vec<ClockOutcome> {
        clock.apply(&ClockEvent::FlagCheck { at }).unwrap()
    }

    fn time(clock: &Clock, color: Color, now: u64) -> PlayerTime {
        clock.remaining(color, now)
    }

    // ---------------------------------------------------------------- absolute

    #[test]
    fn absolute_a_move_exactly_at_the_deadline_is_on_time() {
        let mut clock = started(
            TimeControl::Absolute { main_time_ms: MIN },
            FlagPolicy::Lose,
        );
        assert_eq!(clock.deadline(Black), Some(MIN));
        assert_eq!(clock.deadline(White), None);
        assert_eq!(turn(&mut clock, Black, MIN), vec![]);
        assert_eq!(time(&clock, Black, MIN).main_ms, 0);
        assert_eq!(clock.on_move(), Some(White));
        assert_eq!(clock.time_loss(), None);
    }

    #[test]
    fn absolute_a_move_one_millisecond_late_loses() {
        let mut clock = started(
            TimeControl::Absolute { main_time_ms: MIN },
            FlagPolicy::Lose,
        );
        let outcomes = turn(&mut clock, Black, MIN + 1);
        assert_eq!(
            outcomes,
            vec![ClockOutcome::Flagged {
                color: Black,
                deadline: MIN,
                detected_at: MIN + 1
            }]
        );
        let loss = clock.time_loss().unwrap();
        assert_eq!(
            (loss.loser, loss.deadline, loss.sgf_result()),
            (Black, MIN, "W+T".to_string())
        );
        assert_eq!(
            clock.apply(&ClockEvent::Turn {
                color: White,
                at: MIN + 2
            }),
            Err(ClockError::GameOver)
        );
    }

    #[test]
    fn absolute_the_flag_falls_one_millisecond_after_the_deadline() {
        let mut clock = started(
            TimeControl::Absolute { main_time_ms: MIN },
            FlagPolicy::Lose,
        );
        turn(&mut clock, Black, 10 * S);
        // White's clock runs from 10 s: deadline 70 s.
        assert_eq!(clock.deadline(White), Some(70 * S));
        assert_eq!(check(&mut clock, 70 * S), vec![]);
        assert!(!time(&clock, White, 70 * S).out_of_time);
        assert!(time(&clock, White, 70 * S + 1).out_of_time);
        assert_eq!(
            check(&mut clock, 70 * S + 1),
            vec![ClockOutcome::Flagged {
                color: White,
                deadline: 70 * S,
                detected_at: 70 * S + 1
            }]
        );
        assert_eq!(clock.time_loss().unwrap().sgf_result(), "B+T");
        // The sweep may look again: nothing more happens.
        assert_eq!(check(&mut clock, 80 * S), vec![]);
    }

    // ---------------------------------------------------------------- none

    #[test]
    fn no_time_limit_never_flags() {
        let mut clock = started(TimeControl::None {}, FlagPolicy::Lose);
        assert_eq!(clock.deadline(Black), None);
        assert_eq!(turn(&mut clock, Black, 1_000_000 * MIN), vec![]);
        assert_eq!(time(&clock, White, u64::MAX).total_ms, None);
        assert_eq!(
            clock.apply(&ClockEvent::Adjust {
                color: White,
                delta_ms: 1,
                reason: "x".into(),
                at: 1_000_000 * MIN
            }),
            Err(ClockError::NoTimeLimit)
        );
    }

    // ---------------------------------------------------------------- Japanese byo-yomi

    /// 10 s main time, then 3 periods of 5 s.
    fn byo_yomi() -> TimeControl {
        TimeControl::ByoYomi {
            main_time_ms: 10 * S,
            periods: 3,
            period_ms: 5 * S,
        }
    }

    #[test]
    fn byo_yomi_a_move_inside_a_period_keeps_it() {
        let mut clock = started(byo_yomi(), FlagPolicy::Lose);
        assert_eq!(turn(&mut clock, Black, 14 * S), vec![]);
        let black = time(&clock, Black, 14 * S);
        assert_eq!(
            (black.main_ms, black.periods_left, black.period_ms_left),
            (0, 3, 5 * S)
        );
        assert!(black.in_overtime);
        assert_eq!(black.total_ms, Some(15 * S));
    }

    #[test]
    fn byo_yomi_a_move_at_the_last_millisecond_of_a_period_keeps_it() {
        let mut clock = started(byo_yomi(), FlagPolicy::Lose);
        assert_eq!(turn(&mut clock, Black, 15 * S), vec![]);
        assert_eq!(time(&clock, Black, 15 * S).periods_left, 3);
    }

    #[test]
    fn byo_yomi_a_period_is_lost_by_one_think() {
        let mut clock = started(byo_yomi(), FlagPolicy::Lose);
        let outcomes = turn(&mut clock, Black, 15 * S + 1);
        assert_eq!(
            outcomes,
            vec![ClockOutcome::PeriodsLost {
                color: Black,
                lost: 1,
                periods_left: 2
            }]
        );
        let black = time(&clock, Black, 15 * S + 1);
        assert_eq!((black.periods_left, black.period_ms_left), (2, 5 * S));
    }

    #[test]
    fn byo_yomi_one_long_think_uses_up_several_periods() {
        let mut clock = started(byo_yomi(), FlagPolicy::Lose);
        // While thinking, the reading shows the periods going.
        let thinking = time(&clock, Black, 21 * S);
        assert_eq!(
            (
                thinking.periods_left,
                thinking.period_ms_left,
                thinking.running
            ),
            (1, 4 * S, true)
        );
        let outcomes = turn(&mut clock, Black, 21 * S);
        assert_eq!(
            outcomes,
            vec![ClockOutcome::PeriodsLost {
                color: Black,
                lost: 2,
                periods_left: 1
            }]
        );
        assert_eq!(time(&clock, Black, 21 * S).period_ms_left, 5 * S);
    }

    #[test]
    fn byo_yomi_the_last_period_flags_one_millisecond_after_it_ends() {
        let mut clock = started(byo_yomi(), FlagPolicy::Lose);
        assert_eq!(clock.deadline(Black), Some(25 * S));
        // Using every period to the last millisecond is on time and leaves one period.
        assert_eq!(
            turn(&mut clock, Black, 25 * S),
            vec![ClockOutcome::PeriodsLost {
                color: Black,
                lost: 2,
                periods_left: 1
            }]
        );
        turn(&mut clock, White, 25 * S);
        assert_eq!(clock.deadline(Black), Some(30 * S));
        assert_eq!(
            check(&mut clock, 30 * S + 1),
            vec![ClockOutcome::Flagged {
                color: Black,
                deadline: 30 * S,
                detected_at: 30 * S + 1
            }]
        );
    }

    #[test]
    fn byo_yomi_without_main_time_starts_in_overtime() {
        let mut clock = started(
            TimeControl::ByoYomi {
                main_time_ms: 0,
                periods: 1,
                period_ms: 30 * S,
            },
            FlagPolicy::Lose,
        );
        assert!(time(&clock, Black, 0).in_overtime);
        assert_eq!(turn(&mut clock, Black, 30 * S), vec![]);
        turn(&mut clock, White, 31 * S);
        assert_eq!(check(&mut clock, 61 * S + 1).len(), 1);
    }

    // ---------------------------------------------------------------- Canadian

    /// 10 s main time, then 3 stones in 9 s.
    fn canadian() -> TimeControl {
        TimeControl::Canadian {
            main_time_ms: 10 * S,
            stones: 3,
            period_ms: 9 * S,
        }
    }

    #[test]
    fn canadian_the_period_restarts_full_when_the_stones_are_played() {
        let mut clock = started(canadian(), FlagPolicy::Lose);
        // Black: 10 s main + 2 s of the period: first stone of the period.
        turn(&mut clock, Black, 12 * S);
        let black = time(&clock, Black, 12 * S);
        assert_eq!(
            (black.main_ms, black.stones_left, black.period_ms_left),
            (0, 2, 7 * S)
        );
        turn(&mut clock, White, 12 * S);
        turn(&mut clock, Black, 15 * S);
        turn(&mut clock, White, 15 * S);
        assert_eq!(time(&clock, Black, 15 * S).stones_left, 1);
        // Third stone with 1 s to spare: the period starts again with 3 stones and 9 s;
        // the spare second is lost.
        turn(&mut clock, Black, 18 * S);
        let black = time(&clock, Black, 18 * S);
        assert_eq!(
            (black.stones_left, black.period_ms_left, black.total_ms),
            (3, 9 * S, Some(9 * S))
        );
    }

    #[test]
    fn canadian_running_out_before_the_stones_are_played_loses() {
        let mut clock = started(canadian(), FlagPolicy::Lose);
        turn(&mut clock, Black, 12 * S);
        turn(&mut clock, White, 12 * S);
        // 7 s left in the period for 2 stones.
        assert_eq!(clock.deadline(Black), Some(19 * S));
        assert_eq!(turn(&mut clock, Black, 19 * S), vec![]);
        turn(&mut clock, White, 19 * S);
        // No time left for the last stone of the period.
        assert_eq!(clock.deadline(Black), Some(19 * S));
        assert_eq!(
            turn(&mut clock, Black, 19 * S + 1),
            vec![ClockOutcome::Flagged {
                color: Black,
                deadline: 19 * S,
                detected_at: 19 * S + 1
            }]
        );
    }

    #[test]
    fn canadian_a_move_as_the_main_time_ends_is_made_in_main_time() {
        let mut clock = started(canadian(), FlagPolicy::Lose);
        turn(&mut clock, Black, 10 * S);
        let black = time(&clock, Black, 10 * S);
        assert_eq!((black.stones_left, black.period_ms_left), (3, 9 * S));
        turn(&mut clock, White, 10 * S);
        // The next move, even instant, is the first of the period.
        turn(&mut clock, Black, 10 * S);
        assert_eq!(time(&clock, Black, 10 * S).stones_left, 2);
    }

    // ---------------------------------------------------------------- Fischer

    #[test]
    fn fischer_each_turn_adds_the_increment() {
        let mut clock = started(
            TimeControl::Fischer {
                main_time_ms: MIN,
                increment_ms: 10 * S,
                max_time_ms: None,
            },
            FlagPolicy::Lose,
        );
        turn(&mut clock, Black, 5 * S);
        assert_eq!(time(&clock, Black, 5 * S).main_ms, 65 * S);
        // A pass is a turn too.
        turn(&mut clock, White, 5 * S);
        assert_eq!(time(&clock, White, 5 * S).main_ms, 70 * S);
        assert_eq!(clock.deadline(Black), Some(70 * S));
    }

    #[test]
    fn fischer_the_cap_limits_accumulated_time() {
        let mut clock = started(
            TimeControl::Fischer {
                main_time_ms: MIN,
                increment_ms: 10 * S,
                max_time_ms: Some(75 * S),
            },
            FlagPolicy::Lose,
        );
        turn(&mut clock, Black, S);
        assert_eq!(time(&clock, Black, S).main_ms, 69 * S);
        turn(&mut clock, White, S);
        turn(&mut clock, Black, 2 * S);
        assert_eq!(time(&clock, Black, 2 * S).main_ms, 75 * S);
        // A referee's addition is not taken back by the cap; the increment stops meanwhile.
        clock
            .apply(&ClockEvent::Adjust {
                color: Black,
                delta_ms: 30_000,
                reason: "tablet restarted".into(),
                at: 2 * S,
            })
            .unwrap();
        turn(&mut clock, White, 2 * S);
        turn(&mut clock, Black, 7 * S);
        assert_eq!(time(&clock, Black, 7 * S).main_ms, 100 * S);
    }

    #[test]
    fn fischer_flags_like_sudden_death() {
        let mut clock = started(
            TimeControl::Fischer {
                main_time_ms: 30 * S,
                increment_ms: 5 * S,
                max_time_ms: None,
            },
            FlagPolicy::Lose,
        );
        assert_eq!(turn(&mut clock, Black, 30 * S), vec![]);
        assert_eq!(time(&clock, Black, 30 * S).main_ms, 5 * S);
        turn(&mut clock, White, 30 * S);
        assert_eq!(check(&mut clock, 35 * S + 1).len(), 1);
    }

    // ---------------------------------------------------------------- simple

    #[test]
    fn simple_time_gives_a_fixed_time_per_move_and_nothing_accumulates() {
        let mut clock = started(
            TimeControl::Simple {
                per_move_ms: 30 * S,
            },
            FlagPolicy::Lose,
        );
        turn(&mut clock, Black, S);
        let black = time(&clock, Black, S);
        assert_eq!(
            (black.total_ms, black.period_ms_left),
            (Some(30 * S), 30 * S)
        );
        turn(&mut clock, White, S);
        assert_eq!(clock.deadline(Black), Some(31 * S));
        assert_eq!(turn(&mut clock, Black, 31 * S), vec![]);
        turn(&mut clock, White, 31 * S);
        assert_eq!(
            turn(&mut clock, Black, 61 * S + 1),
            vec![ClockOutcome::Flagged {
                color: Black,
                deadline: 61 * S,
                detected_at: 61 * S + 1
            }]
        );
    }

    // ---------------------------------------------------------------- online byo-yomi (BSW)

    /// BSW: 1 min, byo-yomi 10 s.
    fn online() -> TimeControl {
        TimeControl::OnlineByoYomi {
            main_time_ms: MIN,
            byo_yomi_ms: 10 * S,
        }
    }

    #[test]
    fn online_byo_yomi_the_total_time_is_the_configured_time() {
        let mut clock = started(online(), FlagPolicy::AutoPass);
        assert_eq!(clock.deadline(Black), Some(MIN));
        // 45 s used: 15 s left, of which the last 10 are the byo-yomi.
        turn(&mut clock, Black, 45 * S);
        assert_eq!(time(&clock, Black, 45 * S).total_ms, Some(15 * S));
        assert!(!time(&clock, Black, 45 * S).in_overtime);
    }

    #[test]
    fn online_byo_yomi_begins_in_the_last_seconds_of_the_main_time() {
        let mut clock = started(online(), FlagPolicy::AutoPass);
        // 55 s used: Black was in the last 10 s and moved in time, so the next turn has 10 s.
        turn(&mut clock, Black, 55 * S);
        let black = time(&clock, Black, 55 * S);
        assert_eq!((black.total_ms, black.in_overtime), (Some(10 * S), true));
        turn(&mut clock, White, 55 * S);
        assert_eq!(clock.deadline(Black), Some(65 * S));
        assert_eq!(turn(&mut clock, Black, 65 * S), vec![]);
    }

    #[test]
    fn online_byo_yomi_a_player_out_of_time_passes_automatically() {
        let mut clock = started(online(), FlagPolicy::AutoPass);
        // "Un joueur qui n'a plus de temps passe automatiquement."
        assert_eq!(
            check(&mut clock, MIN + 1),
            vec![ClockOutcome::AutoPassed {
                color: Black,
                at: MIN
            }]
        );
        assert_eq!(clock.on_move(), Some(White));
        assert_eq!(clock.deadline(White), Some(2 * MIN));
        assert!(time(&clock, Black, MIN + 1).out_of_time);
    }

    // ---------------------------------------------------------------- validation

    #[test]
    fn unplayable_controls_are_refused() {
        use arbitre_core::clock::TimeControlError as E;
        let cases = [
            (
                TimeControl::Absolute { main_time_ms: 0 },
                E::ZeroMainTime { system: "absolute" },
            ),
            (
                TimeControl::ByoYomi {
                    main_time_ms: MIN,
                    periods: 0,
                    period_ms: 30 * S,
                },
                E::ZeroPeriods,
            ),
            (
                TimeControl::ByoYomi {
                    main_time_ms: MIN,
                    periods: 5,
                    period_ms: 0,
                },
                E::ZeroPeriodTime { system: "byo-yomi" },
            ),
            (
                TimeControl::Canadian {
                    main_time_ms: MIN,
                    stones: 0,
                    period_ms: 30 * S,
                },
                E::ZeroStones,
            ),
            (
                TimeControl::Fischer {
                    main_time_ms: MIN,
                    increment_ms: 0,
                    max_time_ms: None,
                },
                E::ZeroIncrement,
            ),
            (
                TimeControl::Fischer {
                    main_time_ms: MIN,
                    increment_ms: S,
                    max_time_ms: Some(S),
                },
                E::CapBelowMainTime {
                    max_time_ms: S,
                    main_time_ms: MIN,
                },
            ),
            (
                TimeControl::Simple { per_move_ms: 0 },
                E::ZeroPeriodTime { system: "simple" },
            ),
            (
                TimeControl::OnlineByoYomi {
                    main_time_ms: S,
                    byo_yomi_ms: 2 * S,
                },
                E::ByoYomiLongerThanMainTime {
                    byo_yomi_ms: 2 * S,
                    main_time_ms: S,
                },
            ),
        ];
        for (control, error) in cases {
            assert_eq!(control.validate(), Err(error.clone()), "{control:?}");
            assert_eq!(
                Clock::new(control, FlagPolicy::Lose),
                Err(ClockError::InvalidControl(error))
            );
        }
    }
}
