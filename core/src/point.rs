//! Colours, points and board sizes, with their SGF coordinates.

use serde::{Deserialize, Serialize};
use std::fmt;

/// The largest board side SGF can address (`a`–`z`, `A`–`Z`).
pub const MAX_SIDE: u8 = 52;

/// A player's colour. Black moves first (FFG rule 1).
#[cfg_attr(feature = "utoipa", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "utoipa", schema(as = StoneColor))]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, PartialOrd, Ord)]
pub enum Color {
    #[serde(rename = "B")]
    Black,
    #[serde(rename = "W")]
    White,
}

impl Color {
    pub fn opponent(self) -> Color {
        match self {
            Color::Black => Color::White,
            Color::White => Color::Black,
        }
    }

    /// The SGF property letter: `B` or `W`.
    pub fn letter(self) -> char {
        match self {
            Color::Black => 'B',
            Color::White => 'W',
        }
    }

    pub fn from_letter(letter: char) -> Option<Color> {
        match letter {
            'B' | 'b' => Some(Color::Black),
            'W' | 'w' => Some(Color::White),
            _ => None,
        }
    }

    pub fn index(self) -> usize {
        match self {
            Color::Black => 0,
            Color::White => 1,
        }
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

/// The width and height of a board: any rectangle from 1×1 to 52×52
/// (Tromp-Taylor comment 1; SGF `FF[4]` `SZ[w:h]`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "Dimensions")]
pub struct BoardSize {
    pub width: u8,
    pub height: u8,
}

/// A board size as written in JSON, checked before it becomes a [`BoardSize`].
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Dimensions {
    width: u8,
    height: u8,
}

impl TryFrom<Dimensions> for BoardSize {
    type Error = String;

    fn try_from(dimensions: Dimensions) -> Result<BoardSize, String> {
        BoardSize::new(dimensions.width, dimensions.height).ok_or_else(|| {
            format!(
                "board size {}×{}: each side must be 1 to 52",
                dimensions.width, dimensions.height
            )
        })
    }
}

impl BoardSize {
    pub const STANDARD: BoardSize = BoardSize {
        width: 19,
        height: 19,
    };

    /// A size, if both sides are within 1..=52.
    pub fn new(width: u8, height: u8) -> Option<BoardSize> {
        let valid = |side: u8| (1..=MAX_SIDE).contains(&side);
        (valid(width) && valid(height)).then_some(BoardSize { width, height })
    }

    pub fn square(side: u8) -> Option<BoardSize> {
        BoardSize::new(side, side)
    }

    pub fn points(self) -> usize {
        self.width as usize * self.height as usize
    }

    pub fn contains(self, point: Point) -> bool {
        point.x < self.width && point.y < self.height
    }

    /// Row-major index of a point on this board.
    pub fn index(self, point: Point) -> usize {
        point.y as usize * self.width as usize + point.x as usize
    }

    pub fn point(self, index: usize) -> Point {
        Point {
            x: (index % self.width as usize) as u8,
            y: (index / self.width as usize) as u8,
        }
    }

    /// Every point, row by row from the top left.
    pub fn all_points(self) -> impl Iterator<Item = Point> {
        (0..self.points()).map(move |index| self.point(index))
    }

    /// SGF `FF[4]`: on boards up to 19×19, `tt` is a pass, not a point.
    pub fn tt_is_pass(self) -> bool {
        self.width <= 19 && self.height <= 19
    }
}

impl fmt::Display for BoardSize {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.width == self.height {
            write!(f, "{}", self.width)
        } else {
            write!(f, "{}:{}", self.width, self.height)
        }
    }
}

/// A point of the board: column `x` and row `y`, both from 0 at the top left, as in SGF.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Point {
    pub x: u8,
    pub y: u8,
}

fn sgf_letter(coordinate: u8) -> char {
    match coordinate {
        0..=25 => (b'a' + coordinate) as char,
        _ => (b'A' + coordinate - 26) as char,
    }
}

fn sgf_coordinate(letter: u8) -> Option<u8> {
    match letter {
        b'a'..=b'z' => Some(letter - b'a'),
        b'A'..=b'Z' => Some(letter - b'A' + 26),
        _ => None,
    }
}

/// The column letters players name a point by: `I` left out, as on a goban's edge.
const COLUMNS: &[u8] = b"ABCDEFGHJKLMNOPQRSTUVWXYZ";

impl Point {
    pub fn new(x: u8, y: u8) -> Point {
        Point { x, y }
    }

    /// The point as players name it on a board of `height` rows: its column's letter (no
    /// `I`) and its row counted from the bottom, `D4`; a column past the 25 letters is
    /// written by its number (`30-4`).
    pub fn name(self, height: u8) -> String {
        let row = u16::from(height).saturating_sub(u16::from(self.y));
        match COLUMNS.get(usize::from(self.x)) {
            Some(_) => format!("{}{row}", Point::column_name(self.x)),
            None => format!("{}-{row}", Point::column_name(self.x)),
        }
    }

    /// The name of column `x` as a goban's edge writes it: its letter (no `I`), or past
    /// the 25 letters its number, as [`Point::name`] names its points.
    pub fn column_name(x: u8) -> String {
        match COLUMNS.get(usize::from(x)) {
            Some(&letter) => char::from(letter).to_string(),
            None => (u16::from(x) + 1).to_string(),
        }
    }

    /// Reads a point as players name it (`D4`, `q16`, as [`Point::name`] writes it) on a
    /// board of `height` rows; `None` for another text or a row off the board.
    pub fn from_name(text: &str, height: u8) -> Option<Point> {
        let text = text.trim();
        let (column, row) = match text.split_once('-') {
            Some((column, row)) => (column.parse::<u8>().ok()?.checked_sub(1)?, row),
            None => {
                let letter = text.bytes().next()?.to_ascii_uppercase();
                let column = COLUMNS.iter().position(|&each| each == letter)?;
                (u8::try_from(column).ok()?, &text[1..])
            }
        };
        let row: u8 = row.parse().ok()?;
        if row == 0 || row > height {
            return None;
        }
        Some(Point::new(column, height - row))
    }

    /// The SGF `FF[4]` coordinate pair, e.g. `pd`.
    pub fn to_sgf(self) -> String {
        let mut text = String::with_capacity(2);
        text.push(sgf_letter(self.x));
        text.push(sgf_letter(self.y));
        text
    }

    /// Reads an SGF coordinate pair (`a`–`z` then `A`–`Z`); `None` unless exactly two letters.
    pub fn from_sgf(text: &str) -> Option<Point> {
        match text.as_bytes() {
            [x, y] => Some(Point {
                x: sgf_coordinate(*x)?,
                y: sgf_coordinate(*y)?,
            }),
            _ => None,
        }
    }
}

impl fmt::Display for Point {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_sgf())
    }
}

impl Serialize for Point {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(&self.to_sgf())
    }
}

impl<'de> Deserialize<'de> for Point {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let text = String::deserialize(deserializer)?;
        Point::from_sgf(&text).ok_or_else(|| {
            serde::de::Error::custom(format!(
                "invalid SGF point {text:?}: expected two letters a-z or A-Z"
            ))
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sgf_coordinates_cover_52_lines() {
        assert_eq!(Point::new(15, 3).to_sgf(), "pd");
        assert_eq!(Point::new(26, 51).to_sgf(), "AZ");
        for x in 0..MAX_SIDE {
            let point = Point::new(x, MAX_SIDE - 1 - x);
            assert_eq!(Point::from_sgf(&point.to_sgf()), Some(point));
        }
        assert_eq!(Point::from_sgf("p"), None);
        assert_eq!(Point::from_sgf("p1"), None);
    }

    #[test]
    fn a_point_is_named_as_players_name_it() {
        assert_eq!(Point::new(3, 15).name(19), "D4");
        assert_eq!(Point::new(15, 3).name(19), "Q16");
        assert_eq!(Point::new(8, 0).name(19), "J19", "no I");
        assert_eq!(Point::new(29, 3).name(40), "30-37");
        assert_eq!(
            Point::column_name(8),
            "J",
            "the board's edge has no I either"
        );
        assert_eq!(Point::column_name(29), "30");
        for height in [9, 13, 19, 52] {
            for x in 0..height {
                let point = Point::new(x, height - 1 - x);
                assert_eq!(Point::from_name(&point.name(height), height), Some(point));
            }
        }
        assert_eq!(Point::from_name("q16", 19), Some(Point::new(15, 3)));
        assert_eq!(Point::from_name("D20", 19), None);
        assert_eq!(Point::from_name("D0", 19), None);
        assert_eq!(Point::from_name("I4", 19), None);
        assert_eq!(Point::from_name("dd", 19), None);
    }

    #[test]
    fn sizes_are_bounded() {
        assert!(BoardSize::new(1, 1).is_some());
        assert!(BoardSize::new(52, 7).is_some());
        assert!(BoardSize::new(0, 7).is_none());
        assert!(BoardSize::new(53, 7).is_none());
        assert_eq!(
            BoardSize::new(9, 13).map(|s| s.to_string()),
            Some("9:13".into())
        );
    }
}
