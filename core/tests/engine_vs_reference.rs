//! Property test: the fast engine and the plain reference implementation agree on
//! every turn of random games, under every preset: same verdict, same reason, same
//! repeated turn, same board. Boards go from 1×1 to 5×5 (where every rule is reached in
//! few turns) and from 6×6 to 9×9 with fixed handicap stones set up before White's first
//! turn.

// In a test an unwrap is an assertion: a panic is the failure report.
#![allow(clippy::unwrap_used)]

mod common;

use arbitre_core::game::{Game, Start};
use arbitre_core::history::{Action, Setup};
use arbitre_core::{BoardSize, Color, Point, Preset};
use common::reference::{Judgement, Reference};
use proptest::prelude::*;

#[derive(Debug, Clone)]
struct Attempt {
    wrong_colour: bool,
    pass: bool,
    x: u8,
    y: u8,
}

fn attempt(width: u8, height: u8, passes: f64) -> impl Strategy<Value = Attempt> {
    (
        prop::bool::weighted(0.05),
        prop::bool::weighted(passes),
        0..=width,
        0..=height,
    )
        .prop_map(|(wrong_colour, pass, x, y)| Attempt {
            wrong_colour,
            pass,
            x,
            y,
        })
}

/// Random games of up to `turns` attempts on boards up to 5×5, with `passes` the
/// chance that an attempt is a pass.
fn scenario(passes: f64, turns: usize) -> impl Strategy<Value = (u8, u8, usize, Vec<Attempt>)> {
    (1u8..=5, 1u8..=5, 0..Preset::ALL.len()).prop_flat_map(move |(width, height, preset)| {
        (
            Just(width),
            Just(height),
            Just(preset),
            prop::collection::vec(attempt(width, height, passes), 1..turns),
        )
    })
}

/// Random games of up to `turns` attempts on boards from 6×6 to 9×9 (square or not),
/// starting from 2 to 9 black stones set up (a fixed handicap: White moves first).
fn handicap_scenario(
    turns: usize,
) -> impl Strategy<Value = (u8, u8, usize, Vec<Point>, Vec<Attempt>)> {
    (6u8..=9, 6u8..=9, 0..Preset::ALL.len()).prop_flat_map(move |(width, height, preset)| {
        let point = (0..width, 0..height).prop_map(|(x, y)| Point::new(x, y));
        (
            Just(width),
            Just(height),
            Just(preset),
            prop::collection::hash_set(point, 2..=9)
                .prop_map(|stones| stones.into_iter().collect::<Vec<_>>()),
            prop::collection::vec(attempt(width, height, 0.05), 1..turns),
        )
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(600))]

    #[test]
    fn fast_engine_agrees_with_the_reference((width, height, preset, attempts) in scenario(0.08, 120)) {
        agree(width, height, preset, &attempts)?;
    }

    /// Long runs of passes give many positions with as many stones: the engine then
    /// looks repetitions up in its table rather than among those positions.
    #[test]
    fn fast_engine_agrees_with_the_reference_through_many_passes((width, height, preset, attempts) in scenario(0.45, 240)) {
        agree(width, height, preset, &attempts)?;
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// Larger boards, from a handicap position: long games with captures, ko fights and
    /// superko far from the first turns.
    #[test]
    fn fast_engine_agrees_with_the_reference_on_larger_boards_from_handicap((width, height, preset, stones, attempts) in handicap_scenario(400)) {
        play_both(width, height, preset, &stones, &attempts)?;
    }
}

/// Plays `attempts` on both engines from an empty board.
fn agree(width: u8, height: u8, preset: usize, attempts: &[Attempt]) -> Result<(), TestCaseError> {
    play_both(width, height, preset, &[], attempts)
}

/// Plays `attempts` on both engines from `handicap` black stones set up (none: an even
/// game), checking each turn's verdict and the board after it.
fn play_both(
    width: u8,
    height: u8,
    preset: usize,
    handicap: &[Point],
    attempts: &[Attempt],
) -> Result<(), TestCaseError> {
    let size = BoardSize::new(width, height).unwrap();
    let rules = Preset::ALL[preset].rules();
    let start = Start {
        setup: Setup {
            black: handicap.to_vec(),
            white: Vec::new(),
        },
        handicap: handicap.len() as u32,
        ..Start::even(size)
    };
    let mut grid = vec![None; size.points()];
    for point in handicap {
        grid[point.y as usize * width as usize + point.x as usize] = Some(Color::Black);
    }
    let first = (!handicap.is_empty()).then_some(Color::White);
    let mut game = Game::new(rules, start);
    let mut reference = Reference::new(size, rules, grid, first);
    for (index, attempt) in attempts.iter().enumerate() {
        let right = reference.to_move.unwrap_or(Color::Black);
        let color = if attempt.wrong_colour {
            right.opponent()
        } else {
            right
        };
        let action = if attempt.pass {
            Action::Pass
        } else {
            Action::Move(Point::new(attempt.x, attempt.y))
        };
        let expected = reference.play(color, action);
        let before = game.board().clone();
        let actual = game.play(color, action);
        match (&expected, &actual) {
            (Judgement::Legal { cycle_repeats_turn }, Ok(effect)) => {
                prop_assert_eq!(
                    *cycle_repeats_turn,
                    effect.cycle_repeats_turn,
                    "attempt {}",
                    index
                );
            }
            (Judgement::Illegal { code, repeats_turn }, Err(reason)) => {
                prop_assert_eq!(*code, reason.code(), "attempt {}", index);
                prop_assert_eq!(*repeats_turn, reason.repeats_turn(), "attempt {}", index);
                prop_assert_eq!(&before, game.board(), "a refused turn changed the board");
            }
            _ => prop_assert!(
                false,
                "attempt {}: reference {:?}, engine {:?}",
                index,
                expected,
                actual
            ),
        }
        for point in size.all_points() {
            prop_assert_eq!(
                reference.grid[point.y as usize * width as usize + point.x as usize],
                game.board().get(point)
            );
        }
    }
    Ok(())
}
