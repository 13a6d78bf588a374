//! The writer: a record as `FF[4]` text that [`parse`](super::parse) reads back unchanged.

use crate::history::{Action, GameRecord, Turn};
use crate::point::{Color, Point};
use std::fmt::Write;

/// Turns written per line: short lines keep diffs and error positions readable.
const TURNS_PER_LINE: usize = 10;

/// Writes a record as an `FF[4]` game tree in UTF-8 (`CA[UTF-8]`).
///
/// What `FF[4]` cannot say is left out or normalised, and the rest reads back unchanged:
/// non-finite numbers are left out; text is SimpleText, so line breaks and tabs read back
/// as spaces (sgf.html, "SimpleText"); a move at `tt` on a board up to 19×19 reads back
/// as a pass (go.html, "Move"); points must be SGF-addressable (coordinates below 52).
/// A setup point listed for both colours reads back as the colour listed last (`AW`).
pub fn write(record: &GameRecord) -> String {
    let mut sgf = String::with_capacity(256 + record.turns.len() * 8);
    sgf.push_str("(;GM[1]FF[4]CA[UTF-8]");
    let _ = write!(sgf, "SZ[{}]", record.size);
    if let Some(komi) = record.komi.filter(|komi| komi.is_finite()) {
        // Integral komi of 100 or more needs its decimal point, or it reads as hundredths.
        if komi.fract() == 0.0 && komi.abs() >= 100.0 {
            let _ = write!(sgf, "KM[{komi:.1}]");
        } else {
            let _ = write!(sgf, "KM[{komi}]");
        }
    }
    if record.handicap > 0 {
        let _ = write!(sgf, "HA[{}]", record.handicap);
    }
    let info = &record.info;
    let texts = [
        ("RU", &record.rules),
        ("PB", &info.black_name),
        ("BR", &info.black_rank),
        ("PW", &info.white_name),
        ("WR", &info.white_rank),
        ("EV", &info.event),
        ("RO", &info.round),
        ("DT", &info.date),
        ("PC", &info.place),
        ("OT", &info.overtime),
        ("RE", &record.result),
    ];
    for (property, text) in texts {
        if let Some(text) = text {
            push_text(&mut sgf, property, text);
        }
    }
    if let Some(main_time) = info.main_time.filter(|seconds| seconds.is_finite()) {
        let _ = write!(sgf, "TM[{main_time}]");
    }
    push_points(&mut sgf, "AB", &record.setup.black);
    push_points(&mut sgf, "AW", &record.setup.white);
    if let Some(first_player) = record.first_player {
        let _ = write!(sgf, "PL[{first_player}]");
    }
    for (move_number, turn) in record.turns.iter().enumerate() {
        sgf.push(if move_number % TURNS_PER_LINE == 0 {
            '\n'
        } else {
            ' '
        });
        push_turn(&mut sgf, turn);
    }
    sgf.push_str(")\n");
    sgf
}

fn push_turn(sgf: &mut String, turn: &Turn) {
    sgf.push(';');
    sgf.push(turn.color.letter());
    sgf.push('[');
    if let Action::Move(point) = turn.action {
        sgf.push_str(&point.to_sgf());
    }
    sgf.push(']');
    let (time_property, overtime_property) = match turn.color {
        Color::Black => ("BL", "OB"),
        Color::White => ("WL", "OW"),
    };
    if let Some(seconds) = turn.time_left.filter(|seconds| seconds.is_finite()) {
        let _ = write!(sgf, "{time_property}[{seconds}]");
    }
    if let Some(periods) = turn.overtime_left {
        let _ = write!(sgf, "{overtime_property}[{periods}]");
    }
}

fn push_points(sgf: &mut String, property: &str, points: &[Point]) {
    if points.is_empty() {
        return;
    }
    sgf.push_str(property);
    for &point in points {
        sgf.push('[');
        sgf.push_str(&point.to_sgf());
        sgf.push(']');
    }
}

/// A SimpleText value with `]` and `\` escaped (sgf.html, "Property Value Types").
fn push_text(sgf: &mut String, property: &str, text: &str) {
    sgf.push_str(property);
    sgf.push('[');
    for character in text.chars() {
        if character == ']' || character == '\\' {
            sgf.push('\\');
        }
        sgf.push(character);
    }
    sgf.push(']');
}
