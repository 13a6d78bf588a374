//! Property tests of the live table: random lifecycles (even games and handicap games in
//! both forms, 9×9 to 19×19, every time system and flag policy, random instants, passes,
//! counting, disputes and resumptions, every kind of ruling) judged against a plain model
//! of the table's phases kept here, and the table's invariants: it never panics; the clock
//! runs exactly when the game is in play, for the player to move; a refused input changes
//! nothing; a finished game's result changes only by a ruling that sets one; the log
//! replays, through JSON, to the same table.

// In a test an unwrap is an assertion: a panic is the failure report.
#![allow(clippy::unwrap_used)]

use arbitre_core::clock::{FlagPolicy, TimeControl};
use arbitre_core::ending::{CountBasis, ResumptionPolicy, Settings};
use arbitre_core::game::Start;
use arbitre_core::history::{Action, Setup};
use arbitre_core::result::GameResult;
use arbitre_core::rules::KoRule;
use arbitre_core::table::{
    fixed_handicap, ClockState, CountingStep, Decision, HandicapForm, Input, ResultSource, Ruling,
    Stage, Table, TableEvent, Terms, MAX_TURNS,
};
use arbitre_core::{BoardSize, Color, Point, Preset};
use proptest::prelude::*;

use Color::{Black, White};

mod common;

use common::{tape, Random};

/// The random players and referee of the tests.
impl Random {
    /// A number below `bound` (0 when `bound` is 0).
    fn under(&mut self, bound: u64) -> u64 {
        self.next() % bound.max(1)
    }

    fn chance(&mut self, percent: u64) -> bool {
        self.under(100) < percent
    }

    fn color(&mut self) -> Color {
        if self.chance(50) {
            Black
        } else {
            White
        }
    }
}

// ------------------------------------------------------------------ the model

/// What the model can say about an input before the table judges it.
#[derive(Debug, PartialEq)]
enum Expect {
    Accept,
    /// Refused with this code.
    Refuse(&'static str),
    /// The model does not know the board or the clock's time: accepted, or refused with
    /// one of these codes.
    Either(&'static [&'static str]),
}

/// The table's phases written out plainly from the rules digest: two new consecutive
/// passes pause for counting (rule 5 bis) or, after a resumption under the strict policy
/// or a referee's order, end the game (rules 5 and 6); Black keeps the move while placing
/// FFG handicap stones; a flag loses or passes; a player out of time passes at each turn.
#[derive(Debug, Clone)]
struct Model {
    policy: FlagPolicy,
    resumption: ResumptionPolicy,
    komi: f64,
    points: u64,
    simple_ko: bool,
    started: bool,
    paused: bool,
    counting: bool,
    result: Option<GameResult>,
    to_move: Color,
    handicap_left: u32,
    turns: u32,
    passes: u32,
    carried: u32,
    resumptions: u32,
    strict_ordered: bool,
    out_of_time: [bool; 2],
    clock_over: bool,
    pass_at_resumption: bool,
    /// Events in the log.
    events: u32,
    /// The log's number of the event that put the dead stones on the table, and them.
    revision: u32,
    proposal: Vec<Point>,
}

impl Model {
    fn new(terms: &Terms) -> Model {
        let start = &terms.settings.start;
        Model {
            policy: terms.flag_policy,
            resumption: terms.settings.resumption,
            komi: terms.settings.komi,
            points: start.size.points() as u64,
            simple_ko: terms.settings.rules.ko == KoRule::Simple,
            started: false,
            paused: false,
            counting: false,
            result: None,
            to_move: if start.handicap >= 2 && !start.setup.black.is_empty() {
                White
            } else {
                Black
            },
            handicap_left: if start.handicap >= 2 && start.setup.black.is_empty() {
                start.handicap
            } else {
                0
            },
            turns: 0,
            passes: 0,
            carried: 0,
            resumptions: 0,
            strict_ordered: false,
            out_of_time: [false; 2],
            clock_over: false,
            pass_at_resumption: false,
            events: 0,
            revision: 0,
            proposal: Vec::new(),
        }
    }

    fn stage(&self) -> &'static str {
        if self.result.is_some() {
            "finished"
        } else if !self.started {
            "not_started"
        } else if self.paused {
            "paused"
        } else if self.counting {
            "counting"
        } else if self.handicap_left > 0 {
            "placing"
        } else {
            "playing"
        }
    }

    /// Rule 6: a margin is a whole number away from the komi, and within the board.
    fn possible(&self, result: &GameResult) -> bool {
        let komi_halves = (self.komi * 2.0) as i64;
        match *result {
            GameResult::Unknown => false,
            GameResult::Draw => komi_halves % 2 == 0,
            GameResult::Score { margin, .. } => {
                let halves = margin * 2.0;
                halves.fract() == 0.0
                    && (halves as i64 - komi_halves) % 2 == 0
                    && margin <= self.points as f64 + self.komi.abs()
            }
            _ => true,
        }
    }

    fn expect(&self, input: &Input) -> Expect {
        if let Input::Start { .. } = input {
            return if self.started {
                Expect::Refuse("game.started")
            } else {
                Expect::Accept
            };
        }
        if let Input::Clock { .. } = input {
            return Expect::Accept;
        }
        if !self.started {
            return Expect::Refuse("game.not_started");
        }
        let finished = self.result.is_some();
        match input {
            Input::Start { .. } | Input::Clock { .. } => Expect::Accept,
            Input::Turn { color, action, .. } => {
                if finished {
                    Expect::Refuse("game.finished")
                } else if self.paused {
                    Expect::Refuse("game.paused")
                } else if self.counting {
                    Expect::Refuse("game.not_playing")
                } else if self.turns >= MAX_TURNS {
                    Expect::Refuse("game.turn_cap")
                } else if *color != self.to_move
                    || (*action == Action::Pass && self.handicap_left > 0)
                {
                    Expect::Refuse("illegal_move")
                } else if *action == Action::Pass {
                    Expect::Accept
                } else {
                    Expect::Either(&["illegal_move"])
                }
            }
            Input::Resign { .. } if finished => Expect::Refuse("game.finished"),
            Input::Resign { .. } => Expect::Accept,
            Input::Counting { step, revision, .. } => {
                if finished {
                    Expect::Refuse("game.finished")
                } else if self.counting && *revision != self.revision {
                    Expect::Refuse("counting.superseded")
                } else if self.paused {
                    Expect::Refuse("game.paused")
                } else if !self.counting {
                    Expect::Refuse("game.not_counting")
                } else {
                    match step {
                        CountingStep::Dispute { .. } if self.clock_over => {
                            Expect::Refuse("game.both_out_of_time")
                        }
                        CountingStep::Propose { .. } => Expect::Either(&["game.dead_stones"]),
                        _ => Expect::Accept,
                    }
                }
            }
            Input::Ruling { ruling, .. } => {
                if ruling.reason.trim().is_empty() {
                    return Expect::Refuse("ruling.reason");
                }
                if ruling
                    .corrects
                    .is_some_and(|corrects| corrects == 0 || corrects > self.events)
                {
                    return Expect::Refuse("ruling.corrects");
                }
                match &ruling.decision {
                    Decision::Warning { .. } | Decision::Penalty { delta_ms: None, .. } => {
                        Expect::Accept
                    }
                    _ if finished && ruling.decision.result().is_none() => {
                        Expect::Refuse("game.finished")
                    }
                    Decision::Penalty {
                        delta_ms: Some(0), ..
                    }
                    | Decision::TimeAdjustment { delta_ms: 0, .. } => {
                        Expect::Refuse("ruling.delta_ms")
                    }
                    Decision::Penalty { .. } | Decision::TimeAdjustment { .. } => {
                        Expect::Either(&["game.clock"])
                    }
                    Decision::Pause if self.paused => Expect::Refuse("game.already_paused"),
                    Decision::Resume if !self.paused => Expect::Refuse("game.not_paused"),
                    Decision::Pause | Decision::Resume | Decision::StrictCount => Expect::Accept,
                    Decision::DeadStones { .. } if !self.counting => {
                        Expect::Refuse("game.not_counting")
                    }
                    Decision::DeadStones { .. } => Expect::Either(&["game.dead_stones"]),
                    decision => match decision.result() {
                        Some(result) if self.possible(&result) => Expect::Accept,
                        Some(GameResult::Unknown) => Expect::Refuse("result.unknown"),
                        Some(GameResult::Draw) => Expect::Refuse("result.draw"),
                        _ => Expect::Refuse("result.margin"),
                    },
                }
            }
        }
    }

    /// A pass, by choice or by the clock; two new consecutive ones pause or end the game.
    /// Returns whether the game was counted at once (rules 5 and 6).
    fn pass(&mut self, color: Color) -> bool {
        assert_eq!(color, self.to_move, "{color} passes out of turn");
        self.turns += 1;
        self.passes += 1;
        self.to_move = color.opponent();
        if self.passes - self.carried.min(self.passes) < 2 {
            return false;
        }
        self.counting = true;
        self.revision = self.events;
        self.proposal.clear();
        self.strict_ordered
            || (self.resumptions > 0
                && match self.resumption {
                    ResumptionPolicy::Strict => true,
                    ResumptionPolicy::AgreeAgain => false,
                    ResumptionPolicy::FourPasses => self.passes >= 4,
                })
    }

    /// `color`'s clock was pressed, or their flag fell: the opponent's turn begins on the
    /// clock. An opponent out of time passes at once (when the game just paused for
    /// counting, the pass is recorded when play resumes), unless both are out of time:
    /// the clock stops and both pass until the game pauses.
    fn clock_turn_ends(&mut self, color: Color) -> bool {
        let next = color.opponent();
        if !self.out_of_time[next.index()] || self.result.is_some() {
            return false;
        }
        if self.out_of_time[color.index()] {
            self.clock_over = true;
            return !self.counting && self.both_out();
        }
        if self.counting {
            self.pass_at_resumption = true;
            return false;
        }
        self.pass(next)
    }

    fn both_out(&mut self) -> bool {
        self.clock_over = true;
        while !self.counting {
            let to_move = self.to_move;
            if self.pass(to_move) {
                return true;
            }
        }
        false
    }

    /// Applies an event the table accepted; `table` is the table after it, for what the
    /// model does not compute (the board's count, a long cycle under the simple ko rule).
    fn apply(&mut self, event: &TableEvent, table: &Table) {
        self.events += 1;
        let mut counted = false;
        match event {
            TableEvent::Started { .. } => self.started = true,
            // A step refused on arrival, kept for the referee: nothing else changes.
            TableEvent::Refused { .. } => {}
            TableEvent::Turn { color, action, .. } => {
                let placing = self.handicap_left > 1;
                match action {
                    Action::Pass => counted = self.pass(*color),
                    Action::Move(_) => {
                        self.turns += 1;
                        self.passes = 0;
                        self.carried = 0;
                        self.handicap_left = self.handicap_left.saturating_sub(1);
                        self.to_move = if self.handicap_left > 0 {
                            Black
                        } else {
                            color.opponent()
                        };
                    }
                }
                if !counted && !placing {
                    counted = self.clock_turn_ends(*color);
                }
                if table.outcome().map(|outcome| &outcome.source) == Some(&ResultSource::Play) {
                    assert!(self.simple_ko, "only a long cycle voids a game on a turn");
                    assert_eq!(table.result(), Some(GameResult::Void));
                    self.result = Some(GameResult::Void);
                }
            }
            TableEvent::Resigned { color, .. } => {
                self.result = Some(GameResult::Resignation {
                    winner: color.opponent(),
                })
            }
            TableEvent::Flag { color, .. } => {
                assert_eq!(*color, self.to_move, "the flag of the player to move");
                if self.policy == FlagPolicy::Lose || self.handicap_left > 0 {
                    self.result = Some(GameResult::Time {
                        winner: color.opponent(),
                    });
                } else {
                    self.out_of_time[color.index()] = true;
                    counted = self.pass(*color) || self.clock_turn_ends(*color);
                }
            }
            TableEvent::Counting { step, .. } => match step {
                CountingStep::Dispute { .. } => {
                    self.counting = false;
                    self.resumptions += 1;
                    self.carried = self.passes;
                    if self.pass_at_resumption {
                        self.pass_at_resumption = false;
                        let to_move = self.to_move;
                        self.pass(to_move);
                    }
                }
                CountingStep::Propose { .. } | CountingStep::Accept { .. } => {
                    // The chains a proposal names are the board's to expand: the model
                    // sees the stones, and a new set is a new revision.
                    if let Some(agreement) = table.agreement() {
                        if agreement.proposal().points() != self.proposal.as_slice() {
                            self.proposal = agreement.proposal().points().to_vec();
                            self.revision = self.events;
                        }
                    }
                    if table.is_finished() {
                        assert!(matches!(
                            table.outcome().unwrap().source,
                            ResultSource::Count {
                                basis: CountBasis::Agreement
                            }
                        ));
                        self.result = table.result();
                    }
                }
            },
            TableEvent::Ruling { ruling, .. } => match &ruling.decision {
                Decision::Pause => self.paused = true,
                Decision::Resume => self.paused = false,
                Decision::DeadStones { .. } => {
                    assert!(matches!(
                        table.outcome().unwrap().source,
                        ResultSource::Count {
                            basis: CountBasis::Referee
                        }
                    ));
                    self.result = table.result();
                }
                Decision::StrictCount if self.counting => counted = true,
                Decision::StrictCount => self.strict_ordered = true,
                decision => {
                    if let Some(result) = decision.result() {
                        self.result = Some(result);
                    }
                }
            },
        }
        if counted && self.result.is_none() {
            let outcome = table.outcome().unwrap();
            assert!(
                matches!(outcome.source, ResultSource::Count { .. }),
                "{outcome:?}"
            );
            self.result = Some(outcome.result);
        }
    }
}

// ------------------------------------------------------------------ the players

const SYSTEMS: usize = 7;

fn time_control(system: usize, random: &mut Random) -> TimeControl {
    let main_time_ms = 1 + random.under(300_000);
    let period_ms = 1 + random.under(15_000);
    match system {
        0 => TimeControl::None {},
        1 => TimeControl::Absolute { main_time_ms },
        2 => TimeControl::ByoYomi {
            main_time_ms,
            periods: 1 + random.under(3) as u32,
            period_ms,
        },
        3 => TimeControl::Canadian {
            main_time_ms,
            stones: 1 + random.under(5) as u32,
            period_ms,
        },
        4 => TimeControl::Fischer {
            main_time_ms,
            increment_ms: period_ms,
            max_time_ms: None,
        },
        5 => TimeControl::Simple {
            per_move_ms: period_ms,
        },
        _ => TimeControl::OnlineByoYomi {
            main_time_ms: main_time_ms + period_ms,
            byo_yomi_ms: period_ms,
        },
    }
}

fn random_point(table: &Table, random: &mut Random) -> Point {
    let size = table.terms().settings.start.size;
    Point::new(
        random.under(u64::from(size.width)) as u8,
        random.under(u64::from(size.height)) as u8,
    )
}

fn random_result(random: &mut Random) -> GameResult {
    let winner = random.color();
    match random.under(7) {
        0 => GameResult::Resignation { winner },
        1 => GameResult::Time { winner },
        2 => GameResult::Draw,
        3 => GameResult::Unknown,
        4 => GameResult::Win { winner },
        _ => GameResult::Score {
            winner,
            margin: (1 + random.under(400)) as f64 / 4.0,
        },
    }
}

fn random_decision(table: &Table, random: &mut Random) -> Decision {
    let color = random.color();
    let delta_ms = random.under(20_001) as i64 - 10_000;
    match random.under(40) {
        0..=2 => Decision::Warning {
            color: Some(color).filter(|_| random.chance(50)),
        },
        3..=5 => Decision::Penalty {
            color,
            delta_ms: Some(-delta_ms.abs()).filter(|_| random.chance(50)),
        },
        6..=8 => Decision::TimeAdjustment { color, delta_ms },
        9..=11 => Decision::Pause,
        12..=14 => Decision::Resume,
        15..=16 => Decision::DeadStones {
            dead: (0..random.under(3))
                .map(|_| random_point(table, random))
                .collect(),
        },
        17..=18 => Decision::StrictCount,
        19 => Decision::Void,
        20 => Decision::Forfeit { color },
        21..=22 => Decision::ResultCorrection {
            result: random_result(random),
        },
        _ => Decision::Warning { color: None },
    }
}

/// The next input of a random lifecycle: mostly the player to move, sometimes the other,
/// counting steps, resignations, clock checks and the referee.
fn random_input(table: &Table, random: &mut Random, at: u64) -> Input {
    let to_move = table.to_move().unwrap_or(Black);
    let counting = matches!(table.stage(), Stage::Counting { .. });
    let roll = match table.stage() {
        Stage::Paused if random.chance(30) => {
            return Input::Ruling {
                ruling: Ruling {
                    decision: Decision::Resume,
                    reason: "play resumes".to_string(),
                    corrects: None,
                },
                by: "referee-0".to_string(),
                at,
            };
        }
        Stage::Counting { .. } if random.chance(60) => 20,
        _ => random.under(100),
    };
    match roll {
        0 if random.chance(30) => Input::Resign {
            color: random.color(),
            at,
        },
        1..=7 => Input::Clock { at },
        8..=10 => Input::Ruling {
            ruling: Ruling {
                decision: random_decision(table, random),
                reason: if random.chance(95) {
                    "the referee saw it".to_string()
                } else {
                    " ".to_string()
                },
                corrects: Some(random.under(u64::from(table.events()) + 3) as u32)
                    .filter(|_| random.chance(20)),
            },
            by: format!("referee-{}", random.under(3)),
            at,
        },
        18..=29 if counting || random.chance(20) => Input::Counting {
            step: match random.under(4) {
                0 => CountingStep::Propose {
                    color: random.color(),
                    dead: (0..random.under(3))
                        .map(|_| random_point(table, random))
                        .collect(),
                },
                1 => CountingStep::Dispute {
                    color: random.color(),
                },
                _ => CountingStep::Accept {
                    color: random.color(),
                },
            },
            // Mostly the proposal on the table; sometimes one a tablet saw before it
            // was replaced.
            revision: match table.proposal_revision() {
                Some(revision) if random.chance(85) => revision,
                _ => random.under(u64::from(table.events()) + 2) as u32,
            },
            at,
        },
        30..=35 => Input::Turn {
            color: if random.chance(85) {
                to_move
            } else {
                to_move.opponent()
            },
            action: Action::Pass,
            at,
        },
        _ => Input::Turn {
            color: if random.chance(95) {
                to_move
            } else {
                to_move.opponent()
            },
            action: Action::Move(random_point(table, random)),
            at,
        },
    }
}

// ------------------------------------------------------------------ the run

/// What must not change when an input is refused.
fn fingerprint(table: &Table) -> String {
    format!(
        "{} {} {} {:?} {:?} {} {:?}",
        table.stage().name(),
        table.events(),
        table.last_at(),
        table.clock_state(),
        table.result(),
        table.game().turns_played(),
        table.rulings().len(),
    )
}

fn check_invariants(table: &Table, model: &Model) {
    assert_eq!(table.stage().name(), model.stage(), "{table:?} {model:?}");
    assert_eq!(table.result(), model.result);
    assert_eq!(table.events(), model.events);
    assert_eq!(table.game().turns_played(), model.turns);
    if table.result().is_none() && model.started {
        assert_eq!(table.to_move(), Some(model.to_move));
    }
    // The clock runs exactly when the game is in play, and for the player to move.
    match (table.stage(), table.clock_state()) {
        (Stage::Placing { .. } | Stage::Playing, ClockState::Running { color, .. }) => {
            assert_eq!(Some(color), table.to_move(), "{table:?}")
        }
        (Stage::Placing { .. } | Stage::Playing, state) => {
            panic!("in play, the clock is {state:?}: {table:?}")
        }
        (_, ClockState::Running { .. }) => panic!("the clock runs out of play: {table:?}"),
        (Stage::Finished { .. }, state) => assert_eq!(state, ClockState::Stopped),
        _ => {}
    }
}

fn run(terms: Terms, random: &mut Random, steps: usize, settle_first: u64) {
    let mut table = Table::new(terms.clone()).unwrap();
    let mut model = Model::new(&terms);
    let mut log: Vec<TableEvent> = Vec::new();
    let mut now = 1_000;
    for step in 0..steps {
        now += if random.chance(95) {
            random.under(3_000)
        } else {
            random.under(60_000)
        };
        let input = if step == 0 {
            Input::Start { at: now }
        } else {
            // As the service does: the clock is settled before the input is judged.
            if random.chance(settle_first) {
                let events = table.handle(Input::Clock { at: now }).unwrap();
                for event in &events {
                    model.apply(event, &table);
                }
                log.extend(events);
                check_invariants(&table, &model);
            }
            random_input(&table, random, now)
        };
        let due = table.flag_deadline().is_some_and(|deadline| now > deadline);
        let expected = if due && !matches!(input, Input::Clock { .. } | Input::Start { .. }) {
            Expect::Refuse("clock.flag_due")
        } else {
            model.expect(&input)
        };
        let result_before = table.result();
        let before = fingerprint(&table);
        let sets_result = matches!(
            &input,
            Input::Ruling { ruling, .. } if ruling.decision.result().is_some()
        );
        match table.handle(input.clone()) {
            Ok(events) => {
                assert!(
                    !matches!(expected, Expect::Refuse(_)),
                    "{input:?} accepted, expected {expected:?}: {table:?}"
                );
                for event in &events {
                    model.apply(event, &table);
                }
                log.extend(events);
                if result_before.is_some() && !sets_result {
                    assert_eq!(
                        table.result(),
                        result_before,
                        "{input:?} changed the result"
                    );
                }
                // Every ruling is in the audit trail, with the result before and after.
                if let Input::Ruling { ruling, by, at } = &input {
                    let applied = table.rulings().last().unwrap();
                    assert_eq!(
                        (&applied.ruling, &applied.by, applied.at, applied.event),
                        (ruling, by, *at, table.events())
                    );
                    assert_eq!(
                        (applied.previous_result, applied.new_result),
                        (result_before, table.result())
                    );
                }
            }
            Err(error) => {
                let code = error.code();
                match expected {
                    Expect::Refuse(expected) => assert_eq!(code, expected, "{input:?}: {error}"),
                    Expect::Either(codes) => {
                        assert!(codes.contains(&code), "{input:?}: {error} ({code})")
                    }
                    Expect::Accept => panic!("{input:?} refused: {error} ({code}) {table:?}"),
                }
                assert_eq!(fingerprint(&table), before, "a refusal changed {input:?}");
            }
        }
        check_invariants(&table, &model);
    }
    let json = serde_json::to_string(&log).unwrap();
    let read: Vec<TableEvent> = serde_json::from_str(&json).unwrap();
    assert_eq!(read, log);
    let replayed = Table::replay(terms, &read).unwrap();
    assert_eq!(replayed, table);
    assert_eq!(fingerprint(&replayed), fingerprint(&table));
}

/// The terms a case draws.
struct Draw {
    side: u8,
    handicap: u32,
    fixed: bool,
    system: usize,
    policy: FlagPolicy,
    resumption: ResumptionPolicy,
    preset: Preset,
}

fn terms_of(draw: Draw, random: &mut Random) -> Terms {
    let Draw {
        side,
        handicap,
        fixed,
        system,
        policy,
        resumption,
        preset,
    } = draw;
    let size = BoardSize::square(side).unwrap();
    let mut setup = Setup::default();
    if fixed {
        setup.black = fixed_handicap(size, handicap).unwrap_or_default();
    }
    let start = Start {
        size,
        handicap: if fixed && setup.black.is_empty() {
            0
        } else {
            handicap
        },
        setup,
        first_player: None,
    };
    let settings = Settings::new(preset.rules(), start, None, resumption);
    Terms::new(settings, time_control(system, random), policy).unwrap()
}

fn flag_policy() -> impl Strategy<Value = FlagPolicy> {
    prop_oneof![Just(FlagPolicy::Lose), Just(FlagPolicy::AutoPass)]
}

fn resumption() -> impl Strategy<Value = ResumptionPolicy> {
    proptest::sample::select(ResumptionPolicy::ALL.to_vec())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1000))]

    #[test]
    fn random_lifecycles_follow_the_model_and_replay(
        side in 9u8..=19,
        handicap in prop_oneof![Just(0u32), Just(1), 2u32..=9],
        fixed in any::<bool>(),
        system in 0..SYSTEMS,
        policy in flag_policy(),
        resumption in resumption(),
        preset in proptest::sample::select(Preset::ALL.to_vec()),
        choices in tape(),
        steps in 1usize..300,
        settle_first in 70u64..=100,
    ) {
        let mut random = Random::new(choices);
        let terms = terms_of(Draw { side, handicap, fixed, system, policy, resumption, preset }, &mut random);
        let placed = terms.settings.start.handicap >= 2;
        prop_assert_eq!(terms.handicap_form() == HandicapForm::Fixed, fixed && placed);
        run(terms, &mut random, steps, settle_first);
    }

    /// Handicap games in the FFG form, with fast clocks: placement, flags and passes.
    #[test]
    fn ffg_handicap_lifecycles_keep_the_clock_on_black_while_it_places(
        side in prop_oneof![Just(9u8), Just(13), Just(19)],
        handicap in 2u32..=9,
        system in 1..SYSTEMS,
        policy in flag_policy(),
        choices in tape(),
        steps in 1usize..60,
    ) {
        let mut random = Random::new(choices);
        let terms = terms_of(Draw {
            side,
            handicap,
            fixed: false,
            system,
            policy,
            resumption: ResumptionPolicy::Strict,
            preset: Preset::French,
        }, &mut random);
        prop_assert_eq!(terms.handicap_form(), HandicapForm::Moves);
        run(terms, &mut random, steps, 100);
    }
}
