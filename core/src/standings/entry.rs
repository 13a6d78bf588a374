//! A result as the staff type it in the results grid, reading the paper sheets of a whole
//! round with the keyboard alone: the table number, then the result in one or two keys,
//! then Enter (`12b`, `12 w`, `7=`, `31 b3.5`, `4 wr`). The keys are pairgoth's
//! (`b`, `w`, `=` jigo, `0` both lose, `#` both win, `x` annulled, `?` no result yet);
//! a win may carry its margin (`b3.5`) or its way (`r` resignation, `t` time, `f` by
//! default), and a full SGF `RE` (`12 B+R`) is read as such.
//!
//! There is no default: a table number alone is refused, so a stray Enter records nothing.

use super::recorded::{opengotha_result_name, Recorded};
use super::tournament::GameResult;
use crate::point::Color;
use crate::result::GameResult as SgfResult;
use thiserror::Error;

/// A line of the grid: which table, and what was recorded there.
#[derive(Debug, Clone, PartialEq)]
pub struct Entry {
    pub table: u32,
    pub result: Recorded,
}

/// Why a line of the grid was not read.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum EntryError {
    #[error("start with the table number (`12b`: table 12, Black wins)")]
    NoTable,
    #[error("give the result after the table number: b, w, = (jigo), 0 (both lose), # (both win), x (annulled), ? (none yet)")]
    NoResult,
    #[error("`{0}` is not a result: b, w, = (jigo), 0 (both lose), # (both win), x (annulled), ? (none yet), a margin after b or w (`b3.5`)")]
    Unknown(String),
}

/// Reads a line of the grid.
pub fn read_entry(line: &str) -> Result<Entry, EntryError> {
    let line = line.trim();
    let digits = line.bytes().take_while(u8::is_ascii_digit).count();
    let table = line[..digits]
        .parse::<u32>()
        .ok()
        .filter(|table| *table > 0)
        .ok_or(EntryError::NoTable)?;
    let keys = line[digits..].trim();
    if keys.is_empty() {
        return Err(EntryError::NoResult);
    }
    let result = read_keys(keys).ok_or_else(|| EntryError::Unknown(keys.to_string()))?;
    Ok(Entry { table, result })
}

/// The result the keys name.
fn read_keys(keys: &str) -> Option<Recorded> {
    let opengotha = |result| Some(Recorded::OpenGotha(opengotha_result_name(result, false)));
    let lower = keys.to_ascii_lowercase();
    match lower.as_str() {
        "=" => return Some(Recorded::Sgf(SgfResult::Draw)),
        "0" => return opengotha(GameResult::BothLose),
        "#" => return opengotha(GameResult::BothWin),
        "x" => return Some(Recorded::Sgf(SgfResult::Void)),
        "?" => return Some(Recorded::Sgf(SgfResult::Unknown)),
        _ => {}
    }
    let mut letters = lower.chars();
    let winner = match letters.next()? {
        'b' => Color::Black,
        'w' => Color::White,
        _ => return None,
    };
    let how = letters.as_str().trim();
    let how = how.strip_prefix('+').unwrap_or(how).trim();
    let written = format!("{}+{how}", winner.letter());
    written.parse().ok().map(Recorded::Sgf)
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    fn read(line: &str) -> (u32, Recorded) {
        let entry = read_entry(line).unwrap();
        (entry.table, entry.result)
    }

    fn sgf(text: &str) -> Recorded {
        Recorded::Sgf(text.parse().unwrap())
    }

    #[test]
    fn a_table_then_one_key_names_the_result() {
        assert_eq!(read("12b"), (12, sgf("B+")));
        assert_eq!(read("12 w"), (12, sgf("W+")));
        assert_eq!(read(" 7= "), (7, sgf("0")));
        assert_eq!(read("3 x"), (3, sgf("Void")));
        assert_eq!(read("3?"), (3, sgf("?")));
        let both_lose = read("40 0").1;
        assert_eq!(both_lose.counts(), Some((GameResult::BothLose, false)));
        let both_win = read("40#").1;
        assert_eq!(both_win.counts(), Some((GameResult::BothWin, false)));
    }

    #[test]
    fn a_win_carries_its_margin_or_its_way_when_known() {
        assert_eq!(read("31 b3.5"), (31, sgf("B+3.5")));
        assert_eq!(read("31 W 12.5"), (31, sgf("W+12.5")));
        assert_eq!(read("4 wr"), (4, sgf("W+R")));
        assert_eq!(read("4bt"), (4, sgf("B+T")));
        assert_eq!(read("4 wf"), (4, sgf("W+F")));
        assert_eq!(read("4 B+R"), (4, sgf("B+R")));
    }

    #[test]
    fn nothing_is_recorded_by_default() {
        assert_eq!(read_entry("12"), Err(EntryError::NoResult));
        assert_eq!(read_entry("12  "), Err(EntryError::NoResult));
        assert_eq!(read_entry(""), Err(EntryError::NoTable));
        assert_eq!(read_entry("b"), Err(EntryError::NoTable));
        assert_eq!(read_entry("0 b"), Err(EntryError::NoTable));
        assert_eq!(
            read_entry("12 q"),
            Err(EntryError::Unknown("q".to_string()))
        );
        assert_eq!(
            read_entry("12 b-3"),
            Err(EntryError::Unknown("b-3".to_string()))
        );
        assert_eq!(
            read_entry("12 00"),
            Err(EntryError::Unknown("00".to_string()))
        );
    }
}
