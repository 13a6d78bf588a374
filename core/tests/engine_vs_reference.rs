//! Property test: the fast engine and the plain reference implementation agree on
//! every turn of random games, under every preset: same verdict, same reason, same
//! repeated turn, same board.

// In a test an unwrap is an assertion: a panic is the failure report.
#![allow(clippy::unwrap_used)]

mod common;

use arbitre_core::game::{Game, Start};
use arbitre_core::history::Action;
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

/// Plays `attempts` on both engines, checking each turn's verdict and the board after it.
fn agree(width: u8, height: u8, preset: usize, attempts: &[Attempt]) -> Result<(), TestCaseError> {
    let size = BoardSize::new(width, height).unwrap();
    let rules = Preset::ALL[preset].rules();
    let mut game = Game::new(rules, Start::even(size));
    let mut reference = Reference::new(size, rules, vec![None; size.points()], None);
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
