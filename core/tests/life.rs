//! Benson's algorithm on textbook positions: two true eyes live unconditionally; a
//! false eye, a single eye and a seki do not.

// In a test an unwrap is an assertion: a panic is the failure report.
#![allow(clippy::unwrap_used)]

use arbitre_core::board::Board;
use arbitre_core::counting::DeadStones;
use arbitre_core::life::unconditionally_alive;
use arbitre_core::{Color, Point};

fn at(text: &str) -> Point {
    Point::from_sgf(text).unwrap()
}

fn alive(diagram: &str, color: Color) -> Vec<String> {
    let board = Board::from_diagram(diagram).unwrap();
    unconditionally_alive(&board, color)
        .into_iter()
        .map(|point| point.to_sgf())
        .collect()
}

#[test]
fn two_true_eyes_live_unconditionally() {
    let diagram = "
        . X . X O .
        X X X X O .
        O O O O O .
        . . . . . .";
    assert_eq!(
        alive(diagram, Color::Black),
        ["ba", "da", "ab", "bb", "cb", "db"]
    );
    assert!(
        alive(diagram, Color::White).is_empty(),
        "White's territory holds more than liberties"
    );
}

#[test]
fn a_false_eye_is_not_an_eye() {
    let diagram = "
        . X . X O .
        X X X O O .
        O O O O O .
        . . . . . .";
    assert!(alive(diagram, Color::Black).is_empty());
}

#[test]
fn one_eye_is_not_life() {
    let diagram = "
        . X X X O .
        X X X X O .
        O O O O O .
        . . . . . .";
    assert!(alive(diagram, Color::Black).is_empty());
}

#[test]
fn a_seki_is_not_unconditional_life() {
    let diagram = "
        . . X O . O . X . X O . .
        . . X O O O . X X X O . .";
    assert!(alive(diagram, Color::Black).is_empty());
    assert!(alive(diagram, Color::White).is_empty());
}

#[test]
fn a_proposal_to_remove_a_living_group_is_flagged() {
    let board = Board::from_diagram(
        "
        . X . X O .
        X X X X O .
        O O O O O .
        . . . . . .",
    )
    .unwrap();
    let dead = DeadStones::of_chains(&board, &[at("ab"), at("ec")]).unwrap();
    assert_eq!(dead.points().len(), 6 + 7);
    assert_eq!(dead.unconditionally_alive(&board).len(), 6);
}
