//! EGD adjusted time and class of real time controls (docs/rating-formats.md §1.4).

// In a test an unwrap is an assertion: a panic is the failure report.
#![allow(clippy::unwrap_used)]

// Under `clock::`, so that `cargo test clock` selects these tests.
mod clock {
    use arbitre_core::clock::{egd_class, EgdClass, TimeControl};

    const S: u64 = 1000;
    const MIN: u64 = 60 * S;

    fn byo_yomi(main_min: u64, periods: u32, period_s: u64) -> TimeControl {
        TimeControl::ByoYomi {
            main_time_ms: main_min * MIN,
            periods,
            period_ms: period_s * S,
        }
    }
    fn canadian(main_min: u64, stones: u32, period_s: u64) -> TimeControl {
        TimeControl::Canadian {
            main_time_ms: main_min * MIN,
            stones,
            period_ms: period_s * S,
        }
    }
    fn fischer(main_min: u64, increment_s: u64) -> TimeControl {
        TimeControl::Fischer {
            main_time_ms: main_min * MIN,
            increment_ms: increment_s * S,
            max_time_ms: None,
        }
    }
    fn absolute(main_min: u64) -> TimeControl {
        TimeControl::Absolute {
            main_time_ms: main_min * MIN,
        }
    }

    #[test]
    fn real_tournament_time_controls() {
        let cases = [
            // Juvisy 2019 (OpenGotha export): 60 min + 30 s byo-yomi, TM[82], CL[A].
            (byo_yomi(60, 5, 30), 82, EgdClass::A),
            // European Go Congress main tournament style: 90 min + 5×30 s.
            (byo_yomi(90, 5, 30), 112, EgdClass::A),
            // FFG rule example: 60 min, then 15 moves in 5 minutes: 60 + 20.
            (canadian(60, 15, 300), 80, EgdClass::A),
            // 90 min + 30 moves in 5 min (10 s a move): 90 + 10.
            (canadian(90, 30, 300), 100, EgdClass::A),
            // Fischer 45 min + 30 s: 45 + 60.
            (fischer(45, 30), 105, EgdClass::A),
            // 40 min + 3×30 s: basic too short for A.
            (byo_yomi(40, 3, 30), 62, EgdClass::B),
            // 50 min + 25 moves in 10 min: 50 + 24.
            (canadian(50, 25, 600), 74, EgdClass::B),
            // Fischer 30 min + 20 s: 30 + 40.
            (fischer(30, 20), 70, EgdClass::B),
            // One hour sudden death: TA 60 < 75.
            (absolute(60), 60, EgdClass::B),
            // Weekend rapid: 30 min + 5×30 s.
            (byo_yomi(30, 5, 30), 52, EgdClass::C),
            // Fischer 20 min + 10 s: 20 + 20.
            (fischer(20, 10), 40, EgdClass::C),
            // 25 min sudden death: TA 25 < 30.
            (absolute(25), 25, EgdClass::X),
            // Blitz: Fischer 15 min + 10 s.
            (fischer(15, 10), 35, EgdClass::X),
            // Canadian with no basic time.
            (canadian(0, 25, 300), 12, EgdClass::X),
        ];
        for (control, minutes, class) in cases {
            assert_eq!(egd_class(&control, false), (minutes, class), "{control:?}");
        }
    }

    #[test]
    fn thresholds_are_inclusive() {
        // 60 min + 20 s byo-yomi: exactly 75.
        assert_eq!(egd_class(&byo_yomi(60, 1, 20), false), (75, EgdClass::A));
        assert_eq!(egd_class(&byo_yomi(60, 1, 19), false).1, EgdClass::B);
        assert_eq!(egd_class(&fischer(45, 15), false), (75, EgdClass::A));
        assert_eq!(
            egd_class(
                &TimeControl::ByoYomi {
                    main_time_ms: 60 * MIN - 1,
                    periods: 5,
                    period_ms: 30 * S
                },
                false
            )
            .1,
            EgdClass::B
        );
        assert_eq!(egd_class(&fischer(20, 5), false), (30, EgdClass::C));
    }

    #[test]
    fn canadian_counts_the_time_for_sixty_moves() {
        // 60 min + 7 moves in 5 min: 60 × 300 / 7 = 2571.4 s, 102.8 minutes, printed 102.
        assert_eq!(egd_class(&canadian(60, 7, 300), false), (102, EgdClass::A));
    }

    #[test]
    fn online_events_are_class_d_or_x() {
        assert_eq!(egd_class(&byo_yomi(40, 3, 30), true), (62, EgdClass::D));
        assert_eq!(egd_class(&byo_yomi(90, 5, 30), true), (112, EgdClass::D));
        assert_eq!(egd_class(&fischer(30, 10), true), (50, EgdClass::D));
        assert_eq!(egd_class(&byo_yomi(30, 5, 30), true), (52, EgdClass::X));
        assert_eq!(egd_class(&fischer(25, 30), true), (85, EgdClass::X));
        let bsw = TimeControl::OnlineByoYomi {
            main_time_ms: 60 * MIN,
            byo_yomi_ms: 60 * S,
        };
        assert_eq!(egd_class(&bsw, true), (104, EgdClass::D));
    }

    #[test]
    fn systems_without_basic_time_or_limit_are_not_classifiable() {
        assert_eq!(egd_class(&TimeControl::None {}, false), (0, EgdClass::X));
        assert_eq!(
            egd_class(
                &TimeControl::Simple {
                    per_move_ms: 60 * S
                },
                false
            ),
            (45, EgdClass::X)
        );
        assert_eq!(EgdClass::A.to_string(), "A");
    }
}
