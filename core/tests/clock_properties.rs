//! Property tests: the clock against a plain millisecond-by-millisecond reference, and
//! the invariants of an event-sourced clock (replay, flag checks, time never growing).

// In a test an unwrap is an assertion: a panic is the failure report.
#![allow(clippy::unwrap_used)]

// Under `clock::`, so that `cargo test clock` selects these tests.
mod clock {
    use arbitre_core::clock::{
        replay, Clock, ClockEvent, ClockOutcome, FlagPolicy, PlayerTime, TimeControl,
    };
    use arbitre_core::Color::{self, Black, White};
    use proptest::prelude::*;

    // ------------------------------------------------------------ the reference

    /// One player's clock, ticked one millisecond at a time, each system written out from
    /// its rule text rather than from the clock's shared model.
    #[derive(Debug, Clone, Copy, PartialEq)]
    struct RefPlayer {
        main: u64,
        periods: u32,
        period_left: u64,
        stones: u32,
        out: bool,
    }

    #[derive(Debug, Clone)]
    struct Reference {
        control: TimeControl,
        policy: FlagPolicy,
        players: [RefPlayer; 2],
        started: bool,
        on_move: Color,
        running: bool,
        over: bool,
        now: u64,
        last: Option<u64>,
        /// Some of the running turn's time came from overtime (or none was left at its start).
        in_overtime_this_turn: bool,
        /// Byo-yomi periods the running player lost since the clock was last settled.
        lost: u32,
    }

    enum Tick {
        Spent,
        Flag,
    }

    impl Reference {
        fn new(control: TimeControl, policy: FlagPolicy) -> Reference {
            let zero = RefPlayer {
                main: 0,
                periods: 0,
                period_left: 0,
                stones: 0,
                out: false,
            };
            let player = match control {
                TimeControl::None {} => zero,
                TimeControl::Absolute { main_time_ms }
                | TimeControl::Fischer { main_time_ms, .. } => RefPlayer {
                    main: main_time_ms,
                    ..zero
                },
                TimeControl::ByoYomi {
                    main_time_ms,
                    periods,
                    period_ms,
                } => RefPlayer {
                    main: main_time_ms,
                    periods,
                    period_left: period_ms,
                    ..zero
                },
                TimeControl::Canadian {
                    main_time_ms,
                    stones,
                    period_ms,
                } => RefPlayer {
                    main: main_time_ms,
                    stones,
                    period_left: period_ms,
                    ..zero
                },
                TimeControl::Simple { per_move_ms } => RefPlayer {
                    period_left: per_move_ms,
                    ..zero
                },
                // BSW: the configured time counts down as a whole.
                TimeControl::OnlineByoYomi { main_time_ms, .. } => RefPlayer {
                    main: main_time_ms,
                    ..zero
                },
            };
            Reference {
                control,
                policy,
                players: [player; 2],
                started: false,
                on_move: Black,
                running: false,
                over: false,
                now: 0,
                last: None,
                in_overtime_this_turn: false,
                lost: 0,
            }
        }

        fn tick(&mut self) -> Tick {
            let color = self.on_move;
            let p = &mut self.players[color.index()];
            if !matches!(self.control, TimeControl::None {}) && p.main > 0 {
                p.main -= 1;
                return Tick::Spent;
            }
            match self.control {
                TimeControl::None {} => Tick::Spent,
                TimeControl::Absolute { .. }
                | TimeControl::Fischer { .. }
                | TimeControl::OnlineByoYomi { .. } => Tick::Flag,
                TimeControl::ByoYomi { period_ms, .. } => {
                    if p.period_left > 0 {
                        p.period_left -= 1;
                        Tick::Spent
                    } else if p.periods > 1 {
                        // The period is over: this millisecond is the next period's first.
                        p.periods -= 1;
                        p.period_left = period_ms - 1;
                        self.lost += 1;
                        Tick::Spent
                    } else {
                        Tick::Flag
                    }
                }
                TimeControl::Canadian { .. } | TimeControl::Simple { .. } => {
                    self.in_overtime_this_turn = true;
                    if p.period_left > 0 {
                        p.period_left -= 1;
                        Tick::Spent
                    } else {
                        Tick::Flag
                    }
                }
            }
        }

        /// Runs the clock up to `to`, flags included.
        fn advance(&mut self, to: u64, detected_at: u64, outcomes: &mut Vec<ClockOutcome>) {
            while self.now < to {
                if !self.running || self.over {
                    self.now = to;
                    break;
                }
                match self.tick() {
                    Tick::Spent => self.now += 1,
                    Tick::Flag => {
                        // The deadline was `now`: the flag falls, and this millisecond belongs
                        // to whoever runs next.
                        let color = self.on_move;
                        self.players[color.index()] = RefPlayer {
                            main: 0,
                            periods: 0,
                            period_left: 0,
                            stones: 0,
                            out: true,
                        };
                        self.lost = 0;
                        match self.policy {
                            FlagPolicy::Lose => {
                                self.over = true;
                                self.running = false;
                                outcomes.push(ClockOutcome::Flagged {
                                    color,
                                    deadline: self.now,
                                    detected_at,
                                });
                            }
                            FlagPolicy::AutoPass => {
                                outcomes.push(ClockOutcome::AutoPassed {
                                    color,
                                    at: self.now,
                                });
                                self.begin_turn(color.opponent(), self.now, outcomes);
                            }
                        }
                    }
                }
            }
        }

        fn begin_turn(&mut self, color: Color, at: u64, outcomes: &mut Vec<ClockOutcome>) {
            let mut color = color;
            if self.players[color.index()].out {
                if self.players[color.opponent().index()].out {
                    outcomes.push(ClockOutcome::BothOutOfTime { at });
                    self.over = true;
                    self.running = false;
                    return;
                }
                outcomes.push(ClockOutcome::AutoPassed { color, at });
                color = color.opponent();
            }
            self.on_move = color;
            self.running = true;
            self.lost = 0;
            let p = self.players[color.index()];
            self.in_overtime_this_turn = p.main == 0;
        }

        fn report_lost(&mut self, outcomes: &mut Vec<ClockOutcome>) {
            if self.lost > 0 {
                let color = self.on_move;
                outcomes.push(ClockOutcome::PeriodsLost {
                    color,
                    lost: self.lost,
                    periods_left: self.players[color.index()].periods,
                });
                self.lost = 0;
            }
        }

        fn press(&mut self, color: Color) {
            let in_overtime = self.in_overtime_this_turn;
            let p = &mut self.players[color.index()];
            match self.control {
                TimeControl::None {} | TimeControl::Absolute { .. } => {}
                TimeControl::Fischer {
                    increment_ms,
                    max_time_ms,
                    ..
                } => {
                    let topped = p.main + increment_ms;
                    p.main = match max_time_ms {
                        Some(cap) if topped > cap => p.main.max(cap),
                        _ => topped,
                    };
                }
                TimeControl::ByoYomi { period_ms, .. } => p.period_left = period_ms,
                TimeControl::Canadian {
                    stones, period_ms, ..
                } => {
                    if in_overtime {
                        p.stones -= 1;
                        if p.stones == 0 {
                            p.stones = stones;
                            p.period_left = period_ms;
                        }
                    }
                }
                TimeControl::Simple { per_move_ms } => p.period_left = per_move_ms,
                // "Si le joueur réussit à jouer son coup dans le temps X imparti, il pourra
                // jouer son prochain tour avec encore X secondes."
                TimeControl::OnlineByoYomi { byo_yomi_ms, .. } => p.main = p.main.max(byo_yomi_ms),
            }
        }

        fn apply(&mut self, event: &ClockEvent) -> Result<Vec<ClockOutcome>, ()> {
            let mut next = self.clone();
            let outcomes = next.step(event)?;
            *self = next;
            Ok(outcomes)
        }

        fn step(&mut self, event: &ClockEvent) -> Result<Vec<ClockOutcome>, ()> {
            let at = event.at();
            if self.last.is_some_and(|last| at < last) {
                return Err(());
            }
            let mut outcomes = Vec::new();
            self.advance(at, at, &mut outcomes);
            self.last = Some(at);
            if let ClockEvent::FlagCheck { .. } = event {
                return Ok(outcomes);
            }
            if self.over {
                return if outcomes.is_empty() {
                    Err(())
                } else {
                    Ok(outcomes)
                };
            }
            match event {
                ClockEvent::Start { color, .. } => {
                    if self.started {
                        return Err(());
                    }
                    self.started = true;
                    self.begin_turn(*color, at, &mut outcomes);
                }
                ClockEvent::Turn { color, .. } => {
                    if outcomes.iter().any(
                        |o| matches!(o, ClockOutcome::AutoPassed { color: c, .. } if c == color),
                    ) {
                        return Ok(outcomes);
                    }
                    if !self.started
                        || !self.running
                        || self.players[color.index()].out
                        || *color != self.on_move
                    {
                        return Err(());
                    }
                    self.report_lost(&mut outcomes);
                    self.press(*color);
                    self.begin_turn(color.opponent(), at, &mut outcomes);
                }
                ClockEvent::Pause { .. } => {
                    if !self.started || !self.running {
                        return Err(());
                    }
                    self.report_lost(&mut outcomes);
                    self.running = false;
                }
                ClockEvent::Resume { .. } => {
                    if !self.started || self.running {
                        return Err(());
                    }
                    self.running = true;
                }
                ClockEvent::Adjust {
                    color,
                    delta_ms,
                    reason,
                    ..
                } => {
                    let p = self.players[color.index()];
                    if reason.trim().is_empty()
                        || matches!(self.control, TimeControl::None {})
                        || p.out
                    {
                        return Err(());
                    }
                    if self.running && self.on_move == *color {
                        self.report_lost(&mut outcomes);
                    }
                    let p = &mut self.players[color.index()];
                    if *delta_ms >= 0 {
                        p.main += delta_ms.unsigned_abs();
                    } else if delta_ms.unsigned_abs() > p.main {
                        return Err(());
                    } else {
                        p.main -= delta_ms.unsigned_abs();
                    }
                }
                ClockEvent::FlagCheck { .. } => {}
            }
            Ok(outcomes)
        }

        /// Time until the flag falls.
        fn total(&self, color: Color) -> Option<u64> {
            let p = self.players[color.index()];
            match self.control {
                TimeControl::None {} => None,
                TimeControl::ByoYomi { period_ms, .. } => Some(
                    p.main + p.period_left + u64::from(p.periods.saturating_sub(1)) * period_ms,
                ),
                _ => Some(p.main + p.period_left),
            }
        }

        /// Checks the clock's reading against this reference's, field by field where the
        /// system has the field.
        fn assert_reading(&self, color: Color, reading: &PlayerTime) {
            let p = self.players[color.index()];
            let context = format!("{color} {p:?} vs {reading:?}");
            assert_eq!(reading.total_ms, self.total(color), "total: {context}");
            assert_eq!(reading.out_of_time, p.out, "out: {context}");
            let running = self.running && !self.over && self.on_move == color;
            assert_eq!(reading.running, running, "running: {context}");
            match self.control {
                TimeControl::None {} | TimeControl::OnlineByoYomi { .. } => {}
                TimeControl::Absolute { .. } | TimeControl::Fischer { .. } => {
                    assert_eq!(reading.main_ms, p.main, "{context}")
                }
                TimeControl::ByoYomi { .. } => {
                    assert_eq!(
                        (
                            reading.main_ms,
                            reading.periods_left,
                            reading.period_ms_left
                        ),
                        (p.main, p.periods, p.period_left),
                        "{context}"
                    );
                }
                TimeControl::Canadian { .. } => {
                    assert_eq!(
                        (reading.main_ms, reading.stones_left, reading.period_ms_left),
                        (p.main, p.stones, p.period_left),
                        "{context}"
                    );
                }
                TimeControl::Simple { .. } => {
                    assert_eq!(
                        (reading.main_ms, reading.period_ms_left),
                        (p.main, p.period_left),
                        "{context}"
                    );
                }
            }
        }
    }

    // ------------------------------------------------------------ generators

    fn control() -> impl Strategy<Value = TimeControl> {
        prop_oneof![
            Just(TimeControl::None {}),
            (1..60u64).prop_map(|main_time_ms| TimeControl::Absolute { main_time_ms }),
            (0..40u64, 1..4u32, 1..15u64).prop_map(|(main_time_ms, periods, period_ms)| {
                TimeControl::ByoYomi {
                    main_time_ms,
                    periods,
                    period_ms,
                }
            }),
            (0..40u64, 1..4u32, 1..30u64).prop_map(|(main_time_ms, stones, period_ms)| {
                TimeControl::Canadian {
                    main_time_ms,
                    stones,
                    period_ms,
                }
            }),
            (1..40u64, 1..10u64, proptest::option::of(0..30u64)).prop_map(
                |(main_time_ms, increment_ms, extra)| {
                    TimeControl::Fischer {
                        main_time_ms,
                        increment_ms,
                        max_time_ms: extra.map(|extra| main_time_ms + extra),
                    }
                }
            ),
            (1..15u64).prop_map(|per_move_ms| TimeControl::Simple { per_move_ms }),
            (0..40u64, 1..15u64).prop_map(|(main, byo_yomi_ms)| TimeControl::OnlineByoYomi {
                main_time_ms: main + byo_yomi_ms,
                byo_yomi_ms
            }),
        ]
    }

    fn policy() -> impl Strategy<Value = FlagPolicy> {
        prop_oneof![Just(FlagPolicy::Lose), Just(FlagPolicy::AutoPass)]
    }

    #[derive(Debug, Clone)]
    enum Action {
        Start(Color),
        /// A press by the player on move, or (false) by the other one.
        Turn(bool),
        Pause,
        Resume,
        Adjust(Color, i64),
        FlagCheck,
    }

    fn color() -> impl Strategy<Value = Color> {
        prop_oneof![Just(Black), Just(White)]
    }

    fn action() -> impl Strategy<Value = Action> {
        prop_oneof![
            1 => color().prop_map(Action::Start),
            10 => proptest::bool::weighted(0.9).prop_map(Action::Turn),
            1 => Just(Action::Pause),
            1 => Just(Action::Resume),
            1 => (color(), -20..40i64).prop_map(|(color, delta)| Action::Adjust(color, delta)),
            2 => Just(Action::FlagCheck),
        ]
    }

    /// Time steps are mostly forward; now and then an event arrives out of order.
    fn steps() -> impl Strategy<Value = Vec<(i64, Action)>> {
        proptest::collection::vec(
            (prop_oneof![1 => -3..0i64, 20 => 0..25i64], action()),
            0..40,
        )
    }

    /// The event an action becomes, given who is on move.
    fn event(action: &Action, at: u64, on_move: Option<Color>, adjustable: bool) -> ClockEvent {
        match *action {
            Action::Start(color) => ClockEvent::Start { color, at },
            Action::Turn(right) => {
                let on_move = on_move.unwrap_or(Black);
                ClockEvent::Turn {
                    color: if right { on_move } else { on_move.opponent() },
                    at,
                }
            }
            Action::Pause => ClockEvent::Pause { at },
            Action::Resume => ClockEvent::Resume { at },
            Action::Adjust(color, delta_ms) if adjustable => ClockEvent::Adjust {
                color,
                delta_ms,
                reason: "referee".into(),
                at,
            },
            Action::Adjust(..) | Action::FlagCheck => ClockEvent::FlagCheck { at },
        }
    }

    /// Referee time given in the online byo-yomi lands in the main time before the
    /// byo-yomi (the clock's rule), which BSW's rules do not cover: no adjustments there.
    fn adjustable(control: &TimeControl) -> bool {
        !matches!(control, TimeControl::OnlineByoYomi { .. })
    }

    /// Starts the game, then turns the steps into the events the clock accepts.
    fn accepted_log(
        control: &TimeControl,
        policy: FlagPolicy,
        steps: &[(i64, Action)],
    ) -> Vec<ClockEvent> {
        let mut clock = Clock::new(control.clone(), policy).unwrap();
        let mut log = vec![ClockEvent::Start {
            color: Black,
            at: 0,
        }];
        clock.apply(&log[0]).unwrap();
        let mut at = 0u64;
        for (gap, action) in steps {
            at = at.saturating_add_signed(*gap);
            let event = event(action, at, clock.on_move(), adjustable(control));
            if clock.apply(&event).is_ok() {
                log.push(event);
            }
        }
        log
    }

    /// Outcomes without the instant at which a flag happened to be noticed.
    fn facts(outcomes: &[ClockOutcome]) -> Vec<ClockOutcome> {
        outcomes
            .iter()
            .map(|outcome| match *outcome {
                ClockOutcome::Flagged {
                    color, deadline, ..
                } => ClockOutcome::Flagged {
                    color,
                    deadline,
                    detected_at: 0,
                },
                other => other,
            })
            .collect()
    }

    // ------------------------------------------------------------ properties

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(512))]

        #[test]
        fn the_clock_agrees_with_the_millisecond_reference(
            control in control(), policy in policy(), steps in steps(), probes in proptest::collection::vec(0..60u64, 40)
        ) {
            let mut clock = Clock::new(control.clone(), policy).unwrap();
            let mut reference = Reference::new(control.clone(), policy);
            let mut at = 0u64;
            for (index, (gap, action)) in steps.iter().enumerate() {
                at = at.saturating_add_signed(*gap);
                let on_move = reference.started.then_some(reference.on_move);
                let event = event(action, at, on_move, adjustable(&control));
                let expected = reference.apply(&event);
                let actual = clock.apply(&event);
                prop_assert_eq!(actual.is_ok(), expected.is_ok(), "{:?}: {:?} vs {:?}", event, actual, expected);
                if let (Ok(actual), Ok(expected)) = (actual, expected) {
                    prop_assert_eq!(actual, expected, "{:?}", event);
                }
                let now = reference.last.unwrap_or(0);
                for color in [Black, White] {
                    reference.assert_reading(color, &clock.remaining(color, now));
                    let limited = !matches!(control, TimeControl::None {});
                    let runs = reference.running && !reference.over && reference.on_move == color && limited;
                    let deadline = runs.then(|| now + reference.total(color).unwrap_or(0));
                    prop_assert_eq!(clock.deadline(color), deadline);
                }
                // A reading later on, without events in between.
                let later = now + probes[index % probes.len()];
                let mut ahead = reference.clone();
                ahead.advance(later, later, &mut Vec::new());
                for color in [Black, White] {
                    ahead.assert_reading(color, &clock.remaining(color, later));
                }
            }
        }

        #[test]
        fn replaying_a_log_twice_gives_identical_states(control in control(), policy in policy(), steps in steps()) {
            let log = accepted_log(&control, policy, &steps);
            let once = replay(&control, policy, &log).unwrap();
            let twice = replay(&control, policy, &log).unwrap();
            prop_assert_eq!(&once, &twice);
            let mut live = Clock::new(control, policy).unwrap();
            for event in &log {
                live.apply(event).unwrap();
            }
            prop_assert_eq!(once, live);
        }

        #[test]
        fn splitting_a_wait_into_many_flag_checks_changes_nothing(
            control in control(), policy in policy(), steps in steps(), cuts in proptest::collection::vec(0.0..1.0f64, 0..8)
        ) {
            let log = accepted_log(&control, policy, &steps);
            let mut split = Vec::new();
            for pair in log.windows(2) {
                split.push(pair[0].clone());
                let (from, to) = (pair[0].at(), pair[1].at());
                let mut instants: Vec<u64> =
                    cuts.iter().map(|cut| from + ((to - from) as f64 * cut) as u64).collect();
                instants.sort_unstable();
                split.extend(instants.into_iter().map(|at| ClockEvent::FlagCheck { at }));
            }
            split.extend(log.last().cloned());

            let fold = |events: &[ClockEvent]| {
                let mut clock = Clock::new(control.clone(), policy).unwrap();
                let mut outcomes = Vec::new();
                for event in events {
                    // A press noticed late is refused once a check has already seen the flag.
                    if let Ok(more) = clock.apply(event) {
                        outcomes.extend(more);
                    }
                }
                (clock, facts(&outcomes))
            };
            let (original, original_facts) = fold(&log);
            let (checked, checked_facts) = fold(&split);
            prop_assert_eq!(original_facts, checked_facts);
            prop_assert_eq!(original.status(), checked.status());
            prop_assert_eq!(original.time_loss(), checked.time_loss());
            let end = log.last().map_or(0, ClockEvent::at);
            for color in [Black, White] {
                prop_assert_eq!(original.remaining(color, end), checked.remaining(color, end));
            }
        }

        #[test]
        fn remaining_time_grows_only_by_a_reset_an_increment_or_an_adjustment(
            control in control(), policy in policy(), steps in steps(), waits in proptest::collection::vec(0..30u64, 40)
        ) {
            let grant = |color: Color, event: &ClockEvent| -> u64 {
                match (event, &control) {
                    (ClockEvent::Turn { color: mover, .. }, _) if *mover == color => match control {
                        TimeControl::Fischer { increment_ms, .. } => increment_ms,
                        TimeControl::ByoYomi { period_ms, .. } | TimeControl::Canadian { period_ms, .. } => period_ms,
                        TimeControl::Simple { per_move_ms } => per_move_ms,
                        TimeControl::OnlineByoYomi { byo_yomi_ms, .. } => byo_yomi_ms,
                        TimeControl::None {} | TimeControl::Absolute { .. } => 0,
                    },
                    (ClockEvent::Adjust { color: adjusted, delta_ms, .. }, _) if *adjusted == color => {
                        u64::try_from(*delta_ms).unwrap_or(0)
                    }
                    _ => 0,
                }
            };
            let log = accepted_log(&control, policy, &steps);
            let mut clock = Clock::new(control.clone(), policy).unwrap();
            for (index, event) in log.iter().enumerate() {
                let at = event.at();
                let before = [Black, White].map(|color| clock.remaining(color, at));
                clock.apply(event).unwrap();
                for color in [Black, White] {
                    let after = clock.remaining(color, at);
                    if let (Some(before_ms), Some(after_ms)) = (before[color.index()].total_ms, after.total_ms) {
                        prop_assert!(after_ms <= before_ms + grant(color, event), "{:?}: {:?} -> {:?}", event, before[color.index()], after);
                    }
                    // With no event, time only goes down.
                    let wait = waits[index % waits.len()];
                    let (now, later) = (clock.remaining(color, at), clock.remaining(color, at + wait));
                    if let (Some(now_ms), Some(later_ms)) = (now.total_ms, later.total_ms) {
                        prop_assert!(later_ms <= now_ms);
                    }
                }
            }
        }

        #[test]
        fn a_press_at_the_deadline_is_on_time_and_one_millisecond_later_is_not(
            control in control(), policy in policy(), steps in steps()
        ) {
            let log = accepted_log(&control, policy, &steps);
            let clock = replay(&control, policy, &log).unwrap();
            if let Some(color) = clock.on_move() {
                if let Some(deadline) = clock.deadline(color) {
                    let late_flag = |outcome: &ClockOutcome| match *outcome {
                        ClockOutcome::Flagged { color: flagged, .. } | ClockOutcome::AutoPassed { color: flagged, .. } => {
                            flagged == color
                        }
                        _ => false,
                    };
                    let mut on_time = clock.clone();
                    let outcomes = on_time.apply(&ClockEvent::Turn { color, at: deadline }).unwrap();
                    prop_assert!(!outcomes.iter().any(late_flag), "{:?}", outcomes);
                    let mut late = clock.clone();
                    let outcomes = late.apply(&ClockEvent::Turn { color, at: deadline + 1 }).unwrap();
                    prop_assert!(outcomes.first().is_some_and(late_flag), "{:?}", outcomes);
                }
            }
        }
    }
}
