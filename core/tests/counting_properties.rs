//! Property tests of the count and of the end of the game, on random complete games:
//! rule 6 bis always gives rule 6's result (Annex B), in even games and in both handicap
//! forms, whatever dead stones are agreed; on 19×19 the area difference has the parity
//! of `361 − d`; and the end-of-game state machine never loses a move and always ends
//! counted or void.

// In a test an unwrap is an assertion: a panic is the failure report.
#![allow(clippy::unwrap_used)]

use arbitre_core::ending::{LiveGame, Phase, ResumptionPolicy, Settings};
use arbitre_core::game::{Game, Start};
use arbitre_core::history::{Action, Setup};
use arbitre_core::result::GameResult;
use arbitre_core::scoring::Breakdown;
use arbitre_core::{BoardSize, Color, Point, Preset};
use proptest::prelude::*;

mod common;

use common::{tape, Random};

/// Plays a random legal move for `color` that does not fill one of its own eyes (a
/// point whose neighbours are all its stones), trying points from a random one on.
fn play_random_move(game: &mut Game, color: Color, random: &mut Random) -> bool {
    let size = game.board().size();
    let offset = random.below(size.points());
    (0..size.points())
        .map(|index| size.point((index + offset) % size.points()))
        .any(|point| {
            let board = game.board();
            let own_eye = board
                .adjacent(point)
                .all(|next| board.get(next) == Some(color));
            board.get(point).is_none() && !own_eye && game.play(color, Action::Move(point)).is_ok()
        })
}

/// Plays a random game to its end (two consecutive passes) or until `turn_limit`, then passes.
fn random_game(preset: Preset, start: Start, random: &mut Random, turn_limit: usize) -> Game {
    let mut game = Game::new(preset.rules(), start);
    for _ in 0..turn_limit {
        if game.consecutive_passes() >= 2 {
            break;
        }
        let color = game.to_move().unwrap_or(Color::Black);
        if !play_random_move(&mut game, color, random) && game.play(color, Action::Pass).is_err() {
            break;
        }
    }
    while game.consecutive_passes() < 2 && game.handicap_left() == 0 {
        let color = game.to_move().unwrap_or(Color::Black);
        if game.play(color, Action::Pass).is_err() {
            break;
        }
    }
    game
}

/// Some stones chosen at random, each standing for its whole chain.
fn random_dead(game: &Game, random: &mut Random, how_many: usize) -> Vec<Point> {
    let stones: Vec<Point> = game
        .board()
        .size()
        .all_points()
        .filter(|&point| game.board().get(point).is_some())
        .collect();
    (0..how_many.min(stones.len()))
        .map(|_| stones[random.below(stones.len())])
        .collect()
}

/// The start of a game: even, handicap as moves (FFG), or fixed handicap stones (`AB`).
fn start(size: BoardSize, handicap: u32, fixed: bool, random: &mut Random) -> Start {
    let mut start = Start::even(size);
    start.handicap = handicap;
    if fixed && handicap >= 2 {
        let mut stones: Vec<Point> = Vec::new();
        while stones.len() < handicap as usize {
            let point = size.point(random.below(size.points()));
            if !stones.contains(&point) {
                stones.push(point);
            }
        }
        start.setup = Setup {
            black: stones,
            white: Vec::new(),
        };
    }
    start
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn the_quick_count_equals_the_area_count(
        width in 3u8..=9,
        height in 3u8..=9,
        preset in 0..Preset::ALL.len(),
        handicap in prop_oneof![Just(0u32), 2u32..=4],
        fixed in any::<bool>(),
        choices in tape(),
        dead in 0usize..4,
        komi in prop_oneof![Just(0.5), Just(5.5), Just(7.5), Just(-3.0)],
    ) {
        let size = BoardSize::new(width, height).unwrap();
        let handicap = handicap.min(u32::from(width) * u32::from(height) / 3);
        let mut random = Random::new(choices);
        let start = start(size, handicap, fixed, &mut random);
        let game = random_game(Preset::ALL[preset], start, &mut random, 4 * size.points());
        let dead = random_dead(&game, &mut random, dead);
        let breakdown = Breakdown::of_game(&game, &dead, komi).unwrap();
        prop_assert_eq!(breakdown.quick_margin(), Ok(breakdown.area_margin()));
        if handicap >= 2 {
            prop_assert_eq!(breakdown.head_start, i64::from(handicap) - 1, "FFG §11: komi reduced by n − 1");
        } else {
            prop_assert_eq!(breakdown.head_start, 0);
        }
        let total = breakdown.black.area() + breakdown.white.area() + breakdown.dame;
        prop_assert_eq!(total as usize, size.points());
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    #[test]
    fn on_19x19_the_area_difference_has_the_parity_of_361_minus_dame(
        handicap in prop_oneof![Just(0u32), 2u32..=9],
        fixed in any::<bool>(),
        choices in tape(),
        dead in 0usize..3,
    ) {
        let size = BoardSize::STANDARD;
        let mut random = Random::new(choices);
        let start = start(size, handicap, fixed, &mut random);
        let game = random_game(Preset::French, start, &mut random, 1500);
        let dead = random_dead(&game, &mut random, dead);
        let breakdown = Breakdown::of_game(&game, &dead, 7.5).unwrap();
        prop_assert_eq!(breakdown.quick_margin(), Ok(breakdown.area_margin()));
        let difference = breakdown.area_difference();
        prop_assert_eq!((difference + i64::from(breakdown.dame)).rem_euclid(2), 1, "S = 361 − d − 2(tb + Xb)");
        if breakdown.dame == 0 {
            prop_assert_eq!(difference.rem_euclid(2), 1, "Annex B: with no dame S is odd");
        }
    }
}

/// One thing a player or the referee tries during a game.
#[derive(Debug, Clone)]
enum Attempt {
    Move(u8, u8),
    Pass,
    Propose(bool, Vec<(u8, u8)>),
    Accept(bool),
    Dispute(bool),
    OrderStrictCount,
}

fn attempt(side: u8) -> impl Strategy<Value = Attempt> {
    prop_oneof![
        12 => (0..side, 0..side).prop_map(|(x, y)| Attempt::Move(x, y)),
        4 => Just(Attempt::Pass),
        2 => (any::<bool>(), prop::collection::vec((0..side + 1, 0..side + 1), 0..3)).prop_map(|(black, points)| Attempt::Propose(black, points)),
        2 => any::<bool>().prop_map(Attempt::Accept),
        1 => any::<bool>().prop_map(Attempt::Dispute),
        1 => Just(Attempt::OrderStrictCount),
    ]
}

fn color(black: bool) -> Color {
    if black {
        Color::Black
    } else {
        Color::White
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn the_state_machine_never_loses_a_move_and_always_ends_counted_or_void(
        side in 2u8..=6,
        preset in 0..Preset::ALL.len(),
        policy in 0..ResumptionPolicy::ALL.len(),
        handicap in prop_oneof![Just(0u32), Just(2u32)],
        attempts in prop::collection::vec(attempt(6), 0..150),
    ) {
        let size = BoardSize::square(side).unwrap();
        let settings = Settings::new(Preset::ALL[preset].rules(), start(size, handicap, false, &mut Random::new(Vec::new())), None, ResumptionPolicy::ALL[policy]);
        let mut live = LiveGame::new(settings).unwrap();
        let mut turns = 0;
        for attempt in attempts {
            let to_move = live.game().to_move().unwrap_or(Color::Black);
            let is_turn = matches!(attempt, Attempt::Move(..) | Attempt::Pass);
            let accepted = match attempt {
                Attempt::Move(x, y) => live.play(to_move, Action::Move(Point::new(x % side, y % side))).map(drop),
                Attempt::Pass => live.play(to_move, Action::Pass).map(drop),
                Attempt::Propose(black, points) => {
                    let points: Vec<Point> = points.into_iter().map(|(x, y)| Point::new(x, y)).collect();
                    live.propose(color(black), &points).map(drop)
                }
                Attempt::Accept(black) => live.accept(color(black)),
                Attempt::Dispute(black) => live.dispute(color(black)),
                Attempt::OrderStrictCount => live.order_strict_count(),
            };
            if accepted.is_ok() && is_turn {
                turns += 1;
            }
            prop_assert_eq!(live.game().turns_played(), turns, "a move was lost or invented");
        }
        for _ in 0..200 {
            match live.phase() {
                Phase::Finished { .. } => break,
                Phase::Counting { .. } => {
                    live.accept(Color::Black).unwrap();
                    if !matches!(live.phase(), Phase::Finished { .. }) {
                        live.accept(Color::White).unwrap();
                    }
                }
                Phase::Playing => {
                    let to_move = live.game().to_move().unwrap_or(Color::Black);
                    let played = if live.game().handicap_left() > 0 {
                        size.all_points().any(|point| live.play(to_move, Action::Move(point)).is_ok())
                    } else {
                        live.play(to_move, Action::Pass).is_ok()
                    };
                    prop_assert!(played, "no turn possible in {:?}", live.phase());
                    turns += 1;
                }
            }
        }
        prop_assert_eq!(live.game().turns_played(), turns);
        let events_turns = live.events().iter().filter(|event| matches!(event, arbitre_core::ending::Event::Turn { .. })).count();
        prop_assert_eq!(events_turns as u32, turns);
        match live.result() {
            Some(GameResult::Void) => {}
            Some(GameResult::Score { .. } | GameResult::Draw) => prop_assert!(live.count().is_some()),
            other => prop_assert!(false, "ended {:?}", other),
        }
        let json = serde_json::to_string(&live).unwrap();
        let restored: LiveGame = serde_json::from_str(&json).unwrap();
        prop_assert_eq!(restored.phase(), live.phase());
        prop_assert_eq!(restored.game().board(), live.game().board());
    }
}
