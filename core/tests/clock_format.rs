//! SGF `TM`/`OT` and `BL`/`OB` values, and the JSON form of a time control.

// In a test an unwrap is an assertion: a panic is the failure report.
#![allow(clippy::unwrap_used)]

// Under `clock::`, so that `cargo test clock` selects these tests.
mod clock {
    use arbitre_core::clock::{
        format_seconds, parse_seconds, replay, Clock, ClockEvent, FlagPolicy, FormatError,
        SgfMoveTime, TimeControl, TimeControlError,
    };
    use arbitre_core::Color::{Black, White};

    const S: u64 = 1000;
    const MIN: u64 = 60 * S;

    fn from_sgf(tm: Option<&str>, ot: Option<&str>) -> Result<TimeControl, FormatError> {
        TimeControl::from_sgf(tm, ot)
    }

    /// (TM, OT) as KGS and OGS write them, and the control they mean.
    fn written_by_servers() -> Vec<(Option<&'static str>, Option<&'static str>, TimeControl)> {
        vec![
            (None, None, TimeControl::None {}),
            (
                Some("1800"),
                None,
                TimeControl::Absolute {
                    main_time_ms: 30 * MIN,
                },
            ),
            (
                Some("1800"),
                Some("5x30 byo-yomi"),
                TimeControl::ByoYomi {
                    main_time_ms: 30 * MIN,
                    periods: 5,
                    period_ms: 30 * S,
                },
            ),
            (
                Some("3600"),
                Some("25/300 Canadian"),
                TimeControl::Canadian {
                    main_time_ms: 60 * MIN,
                    stones: 25,
                    period_ms: 300 * S,
                },
            ),
            (
                Some("600"),
                Some("10 fischer"),
                TimeControl::Fischer {
                    main_time_ms: 10 * MIN,
                    increment_ms: 10 * S,
                    max_time_ms: None,
                },
            ),
            (
                None,
                Some("30 simple"),
                TimeControl::Simple {
                    per_move_ms: 30 * S,
                },
            ),
            (
                Some("0"),
                Some("3x60 byo-yomi"),
                TimeControl::ByoYomi {
                    main_time_ms: 0,
                    periods: 3,
                    period_ms: MIN,
                },
            ),
            (
                Some("300"),
                Some("5x29.5 byo-yomi"),
                TimeControl::ByoYomi {
                    main_time_ms: 5 * MIN,
                    periods: 5,
                    period_ms: 29_500,
                },
            ),
            (
                Some("600"),
                Some("10 fischer max 1200"),
                TimeControl::Fischer {
                    main_time_ms: 10 * MIN,
                    increment_ms: 10 * S,
                    max_time_ms: Some(20 * MIN),
                },
            ),
        ]
    }

    #[test]
    fn server_strings_read_as_their_time_controls_and_write_back_unchanged() {
        for (tm, ot, control) in written_by_servers() {
            assert_eq!(
                from_sgf(tm, ot),
                Ok(control.clone()),
                "TM[{tm:?}] OT[{ot:?}]"
            );
            let written = control.to_sgf();
            assert_eq!(
                (written.tm.as_deref(), written.ot.as_deref()),
                (tm, ot),
                "{control:?}"
            );
        }
    }

    #[test]
    fn other_spellings_are_read() {
        let fischer = TimeControl::Fischer {
            main_time_ms: MIN,
            increment_ms: 10 * S,
            max_time_ms: None,
        };
        assert_eq!(from_sgf(None, Some("60+10 Fischer")), Ok(fischer.clone()));
        assert_eq!(
            from_sgf(Some("60"), Some("60+10 Fischer")),
            Ok(fischer.clone())
        );
        assert_eq!(from_sgf(Some("60"), Some("10 Fischer")), Ok(fischer));
        let byo_yomi = TimeControl::ByoYomi {
            main_time_ms: 30 * MIN,
            periods: 5,
            period_ms: 30 * S,
        };
        for ot in [
            "5x30 byoyomi",
            "5x30 Byo-Yomi",
            " 5x30  byo yomi ",
            "5x30.000 byo-yomi",
        ] {
            assert_eq!(
                from_sgf(Some("1800.0"), Some(ot)),
                Ok(byo_yomi.clone()),
                "{ot}"
            );
        }
        assert_eq!(
            from_sgf(Some("3600"), Some("15/300 canadian")),
            Ok(TimeControl::Canadian {
                main_time_ms: 60 * MIN,
                stones: 15,
                period_ms: 300 * S
            })
        );
        // A zero main time without overtime is no limit at all; simple time ignores TM.
        assert_eq!(from_sgf(Some("0"), None), Ok(TimeControl::None {}));
        assert_eq!(from_sgf(Some("0"), Some("")), Ok(TimeControl::None {}));
        assert_eq!(
            from_sgf(Some("30"), Some("30 simple")),
            Ok(TimeControl::Simple {
                per_move_ms: 30 * S
            })
        );
    }

    #[test]
    fn unreadable_or_unplayable_strings_are_errors() {
        assert_eq!(
            from_sgf(Some("1800"), Some("Mysterious")),
            Err(FormatError::UnknownOvertime("Mysterious".into()))
        );
        assert_eq!(
            from_sgf(Some("1800"), Some("5*30 byo-yomi")),
            Err(FormatError::UnknownOvertime("5*30 byo-yomi".into()))
        );
        assert_eq!(
            from_sgf(Some("-100"), None),
            Err(FormatError::InvalidSeconds("-100".into()))
        );
        assert_eq!(
            from_sgf(Some("1e3"), None),
            Err(FormatError::InvalidSeconds("1e3".into()))
        );
        assert_eq!(
            from_sgf(Some("60"), Some("-1x30 byo-yomi")),
            Err(FormatError::InvalidCount("-1".into()))
        );
        assert_eq!(
            from_sgf(Some("60"), Some("0x30 byo-yomi")),
            Err(FormatError::Invalid(TimeControlError::ZeroPeriods))
        );
        assert_eq!(
            from_sgf(Some("120"), Some("60+10 fischer")),
            Err(FormatError::Inconsistent {
                tm: "120".into(),
                ot: "60+10 fischer".into()
            })
        );
        assert_eq!(
            from_sgf(None, Some("10 fischer")),
            Err(FormatError::Invalid(TimeControlError::ZeroMainTime {
                system: "fischer"
            }))
        );
    }

    #[test]
    fn the_online_byo_yomi_is_written_as_the_byo_yomi_it_runs_as() {
        let online = TimeControl::OnlineByoYomi {
            main_time_ms: 10 * MIN,
            byo_yomi_ms: 15 * S,
        };
        let written = online.to_sgf();
        assert_eq!(
            (written.tm.as_deref(), written.ot.as_deref()),
            (Some("585"), Some("1x15 byo-yomi"))
        );
        let read = from_sgf(written.tm.as_deref(), written.ot.as_deref()).unwrap();
        // Same behaviour on the same log.
        let events = [
            ClockEvent::Start {
                color: Black,
                at: 0,
            },
            ClockEvent::Turn {
                color: Black,
                at: 590 * S,
            },
            ClockEvent::Turn {
                color: White,
                at: 600 * S,
            },
            ClockEvent::Turn {
                color: Black,
                at: 605 * S,
            },
            ClockEvent::FlagCheck { at: 2000 * S },
        ];
        let original = replay(&online, FlagPolicy::Lose, &events).unwrap();
        let reread = replay(&read, FlagPolicy::Lose, &events).unwrap();
        assert_eq!(original.time_loss(), reread.time_loss());
        for color in [Black, White] {
            assert_eq!(
                original.remaining(color, 2000 * S),
                reread.remaining(color, 2000 * S)
            );
        }
    }

    #[test]
    fn seconds_are_exact_to_the_millisecond() {
        assert_eq!(parse_seconds("1800"), Ok(1_800_000));
        assert_eq!(parse_seconds("29.5"), Ok(29_500));
        assert_eq!(parse_seconds("0.001"), Ok(1));
        assert_eq!(parse_seconds(".5"), Ok(500));
        assert_eq!(parse_seconds("3."), Ok(3000));
        // Microseconds round half up.
        assert_eq!(parse_seconds("1.0004"), Ok(1000));
        assert_eq!(parse_seconds("1.0005"), Ok(1001));
        assert_eq!(parse_seconds("2.9996"), Ok(3000));
        for bad in ["", ".", "abc", "1,5", "+3", "99999999999999999999"] {
            assert_eq!(
                parse_seconds(bad),
                Err(FormatError::InvalidSeconds(bad.into())),
                "{bad:?}"
            );
        }
        assert_eq!(format_seconds(1_800_000), "1800");
        assert_eq!(format_seconds(29_500), "29.5");
        assert_eq!(format_seconds(1), "0.001");
        assert_eq!(format_seconds(3_599_120), "3599.12");
        for ms in [0, 1, 10, 999, 1000, 1001, 123_456_789] {
            assert_eq!(parse_seconds(&format_seconds(ms)), Ok(ms));
        }
    }

    #[test]
    fn move_readings_follow_the_kgs_and_ogs_convention() {
        let byo_yomi = TimeControl::ByoYomi {
            main_time_ms: 10 * S,
            periods: 3,
            period_ms: 5 * S,
        };
        let mut clock = Clock::new(byo_yomi.clone(), FlagPolicy::Lose).unwrap();
        clock
            .apply(&ClockEvent::Start {
                color: Black,
                at: 0,
            })
            .unwrap();
        clock
            .apply(&ClockEvent::Turn {
                color: Black,
                at: 2500,
            })
            .unwrap();
        // In main time: BL only.
        let reading =
            SgfMoveTime::from_player_time(&byo_yomi, &clock.remaining(Black, 2500)).unwrap();
        assert_eq!(
            (reading.time_left_value(), reading.overtime_left_value()),
            ("7.5".to_string(), None)
        );
        clock
            .apply(&ClockEvent::Turn {
                color: White,
                at: 2500,
            })
            .unwrap();
        clock
            .apply(&ClockEvent::Turn {
                color: Black,
                at: 17_000,
            })
            .unwrap();
        // In byo-yomi: BL is the period, OB the periods left.
        let reading =
            SgfMoveTime::from_player_time(&byo_yomi, &clock.remaining(Black, 17_000)).unwrap();
        assert_eq!(
            reading,
            SgfMoveTime {
                time_left_ms: 5 * S,
                overtime_left: Some(2)
            }
        );

        let canadian = TimeControl::Canadian {
            main_time_ms: 0,
            stones: 15,
            period_ms: 300 * S,
        };
        let mut clock = Clock::new(canadian.clone(), FlagPolicy::Lose).unwrap();
        clock
            .apply(&ClockEvent::Start {
                color: Black,
                at: 0,
            })
            .unwrap();
        clock
            .apply(&ClockEvent::Turn {
                color: Black,
                at: 10 * S,
            })
            .unwrap();
        let reading =
            SgfMoveTime::from_player_time(&canadian, &clock.remaining(Black, 10 * S)).unwrap();
        assert_eq!(
            (reading.time_left_value(), reading.overtime_left_value()),
            ("290".into(), Some("14".into()))
        );

        let none = Clock::new(TimeControl::None {}, FlagPolicy::Lose).unwrap();
        assert_eq!(
            SgfMoveTime::from_player_time(&TimeControl::None {}, &none.remaining(Black, 0)),
            None
        );

        assert_eq!(
            SgfMoveTime::parse("30", Some("3")),
            Ok(SgfMoveTime {
                time_left_ms: 30 * S,
                overtime_left: Some(3)
            })
        );
        assert_eq!(
            SgfMoveTime::parse("3590.25", None),
            Ok(SgfMoveTime {
                time_left_ms: 3_590_250,
                overtime_left: None
            })
        );
        assert_eq!(
            SgfMoveTime::parse("30", Some("-1")),
            Err(FormatError::InvalidCount("-1".into()))
        );
    }

    #[test]
    fn time_controls_have_a_clean_stable_json_form() {
        let cases = [
            (TimeControl::None {}, r#"{"system":"none"}"#),
            (
                TimeControl::Absolute {
                    main_time_ms: 3_600_000,
                },
                r#"{"system":"absolute","main_time_ms":3600000}"#,
            ),
            (
                TimeControl::ByoYomi {
                    main_time_ms: 3_600_000,
                    periods: 5,
                    period_ms: 30_000,
                },
                r#"{"system":"byo-yomi","main_time_ms":3600000,"periods":5,"period_ms":30000}"#,
            ),
            (
                TimeControl::Canadian {
                    main_time_ms: 3_600_000,
                    stones: 15,
                    period_ms: 300_000,
                },
                r#"{"system":"canadian","main_time_ms":3600000,"stones":15,"period_ms":300000}"#,
            ),
            (
                TimeControl::Fischer {
                    main_time_ms: 2_700_000,
                    increment_ms: 30_000,
                    max_time_ms: None,
                },
                r#"{"system":"fischer","main_time_ms":2700000,"increment_ms":30000}"#,
            ),
            (
                TimeControl::Fischer {
                    main_time_ms: 600_000,
                    increment_ms: 10_000,
                    max_time_ms: Some(1_200_000),
                },
                r#"{"system":"fischer","main_time_ms":600000,"increment_ms":10000,"max_time_ms":1200000}"#,
            ),
            (
                TimeControl::Simple {
                    per_move_ms: 30_000,
                },
                r#"{"system":"simple","per_move_ms":30000}"#,
            ),
            (
                TimeControl::OnlineByoYomi {
                    main_time_ms: 600_000,
                    byo_yomi_ms: 15_000,
                },
                r#"{"system":"online-byo-yomi","main_time_ms":600000,"byo_yomi_ms":15000}"#,
            ),
        ];
        for (control, json) in cases {
            assert_eq!(serde_json::to_string(&control).unwrap(), json);
            assert_eq!(serde_json::from_str::<TimeControl>(json).unwrap(), control);
        }
        for bad in [
            r#"{"system":"byo-yomi","main_time_ms":1,"periods":5,"period_ms":30000,"moves":3}"#,
            r#"{"system":"none","main_time_ms":1}"#,
            r#"{"system":"hourglass","main_time_ms":1}"#,
            r#"{"system":"absolute"}"#,
            r#"{"system":"absolute","main_time_ms":-1}"#,
        ] {
            assert!(serde_json::from_str::<TimeControl>(bad).is_err(), "{bad}");
        }
    }
}
