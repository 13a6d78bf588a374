//! The EGD's "all players" list (`allworld_lp.html`, the same text inside
//! `allworld_lp.zip`): a legend, a `(dd Mon yyyy)` line giving the list's date, a header,
//! then one player a line in fixed byte columns (0-based, end exclusive, checked against
//! real lines):
//!
//! ```text
//!  16749645  (undefined) Man_Hai                   XX  xxxx   20k   --    100     1  T130209I
//!  10537560  Aaij Rene                             NL  Gron    4d   --   2369    99  T190112F
//! ```
//!
//! | field | bytes |
//! |---|---|
//! | PIN, 8 digits | 1–9 |
//! | surname and first name, split at the first space, `_` inside a name | 11–49 |
//! | country (`UK` for Great Britain, `XX` unknown) | 49–53 |
//! | club, up to 4 characters (`xxx`, `xxxx` none) | 53–57 |
//! | grade declared at the last tournament, right-aligned | 57–63 |
//! | promotion or demotion (`--` none) | 63–68 |
//! | GoR, right-aligned | 68–75 |
//! | number of tournaments, right-aligned | 75–81 |
//! | last appearance (`T190112F`), may be empty | 81– |
//!
//! The list is ASCII in principle; real copies carry a few names in UTF-8 and others in
//! Latin-1, padded by bytes, so fields are cut by bytes and decoded one by one. Lines of
//! the placeholders `(undefined)` and `Anonymous` are left out, as pairgoth leaves them.

use super::text::{self, field, joined, name_words, to_u32, utf8_or_latin1};
use super::{Details, Entry, ListDate, RatingList, ReadError, Source};
use crate::standings::Rank;

const PIN: (usize, usize) = (1, 9);
const NAME: (usize, usize) = (11, 49);
const COUNTRY: (usize, usize) = (49, 53);
const CLUB: (usize, usize) = (53, 57);
const GRADE: (usize, usize) = (57, 63);
const PROMOTION: (usize, usize) = (63, 68);
const GOR: (usize, usize) = (68, 75);
const TOURNAMENTS: (usize, usize) = (75, 81);
const LAST_APPEARANCE: usize = 81;

/// The surnames of the EGD's placeholder lines.
const PLACEHOLDERS: [&str; 2] = ["(undefined)", "anonymous"];

const MONTHS: [&str; 12] = [
    "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
];

/// A player's line starts with a space and an 8-digit PIN.
fn is_player_line(line: &[u8]) -> bool {
    line.len() >= 10
        && line[0] == b' '
        && std::str::from_utf8(&line[PIN.0..PIN.1])
            .is_ok_and(|pin| crate::fields::check_egd_pin(pin).is_ok())
        && line[9] == b' '
}

/// `(27 Dec 2018)`, alone on its line.
fn list_date(line: &[u8]) -> Option<ListDate> {
    let text = std::str::from_utf8(line).ok()?.trim();
    let inner = text.strip_prefix('(')?.strip_suffix(')')?;
    let mut parts = inner.split_whitespace();
    let day: u8 = parts.next()?.parse().ok()?;
    let month = parts.next()?;
    let year: u16 = parts.next()?.parse().ok()?;
    let month = MONTHS
        .iter()
        .position(|name| name.eq_ignore_ascii_case(month))?;
    if parts.next().is_some() {
        return None;
    }
    ListDate::new(year, u8::try_from(month + 1).ok()?, day)
}

fn malformed(line: u32, start: usize, message: String) -> ReadError {
    ReadError::Malformed {
        line,
        column: to_u32(start + 1),
        message,
    }
}

fn trimmed(line: &[u8], (start, end): (usize, usize)) -> String {
    utf8_or_latin1(field(line, start, end)).trim().to_string()
}

fn number<T: std::str::FromStr>(
    line_number: u32,
    line: &[u8],
    columns: (usize, usize),
    what: &str,
) -> Result<T, ReadError> {
    let text = trimmed(line, columns);
    text.parse().map_err(|_| {
        malformed(
            line_number,
            columns.0,
            format!("{what} `{text}` is not a number"),
        )
    })
}

/// Reads the list; see the module's documentation for its layout.
pub fn read(bytes: &[u8]) -> Result<RatingList, ReadError> {
    let mut date = None;
    let mut entries = Vec::new();
    let mut placeholders = 0;
    for (number_of_line, line) in text::lines(bytes) {
        if !is_player_line(line) {
            if date.is_none() {
                date = list_date(line);
            }
            continue;
        }
        if line.len() < TOURNAMENTS.1 {
            return Err(ReadError::Truncated {
                line: number_of_line,
                length: line.len(),
                expected: TOURNAMENTS.1,
            });
        }
        let names = utf8_or_latin1(field(line, NAME.0, NAME.1));
        let names = names.trim();
        let (surname, first_name) = names.split_once(' ').unwrap_or((names, ""));
        let (surname, first_name) = (name_words(surname), name_words(first_name));
        if surname.is_empty() {
            return Err(malformed(
                number_of_line,
                NAME.0,
                "the name is empty".to_string(),
            ));
        }
        if PLACEHOLDERS
            .iter()
            .any(|placeholder| surname.eq_ignore_ascii_case(placeholder))
        {
            placeholders += 1;
            continue;
        }
        let grade_text = trimmed(line, GRADE);
        let grade = grade_text.parse::<Rank>().map_err(|_| {
            malformed(
                number_of_line,
                GRADE.0,
                format!("`{grade_text}` is not a grade (20k…1k, 1d…9d, 1p…9p)"),
            )
        })?;
        entries.push(Entry {
            line: number_of_line,
            surname,
            first_name,
            country: trimmed(line, COUNTRY),
            club: trimmed(line, CLUB),
            id: trimmed(line, PIN),
            rating: Some(number(number_of_line, line, GOR, "the GoR")?),
            details: Details::Egd {
                grade,
                promotion: trimmed(line, PROMOTION),
                tournaments: number(
                    number_of_line,
                    line,
                    TOURNAMENTS,
                    "the number of tournaments",
                )?,
                last_appearance: utf8_or_latin1(field(line, LAST_APPEARANCE, line.len()))
                    .trim()
                    .to_string(),
            },
        });
    }
    if !entries.is_empty() && date.is_none() {
        return Err(ReadError::MissingHeader {
            line: 1,
            message: "the list's date, a line `(dd Mon yyyy)`, is missing".to_string(),
        });
    }
    Ok(RatingList {
        source: Source::Egd,
        date,
        entries,
        placeholders,
    })
}

/// `text` padded with spaces to `width` bytes on the right (the EGD pads by bytes).
fn pad_right(out: &mut Vec<u8>, text: &str, width: usize) {
    out.extend_from_slice(text.as_bytes());
    out.extend(std::iter::repeat_n(b' ', width.saturating_sub(text.len())));
}

fn pad_left(out: &mut Vec<u8>, text: &str, width: usize) {
    out.extend(std::iter::repeat_n(b' ', width.saturating_sub(text.len())));
    out.extend_from_slice(text.as_bytes());
}

/// Writes the list as the EGD lays it out (the legend left out), UTF-8, `\n`; a name
/// longer than its column is cut.
pub fn write(list: &RatingList) -> Vec<u8> {
    let mut out = Vec::with_capacity(100 * (list.entries.len() + 10));
    out.extend_from_slice(b"<html>\n<title> List of Players EURO </title>\n<body>\n<hr>\n");
    if let Some(date) = list.date {
        let month = MONTHS[usize::from(date.month.clamp(1, 12)) - 1];
        out.extend_from_slice(format!("({:02} {month} {})\n", date.day, date.year).as_bytes());
    }
    out.extend_from_slice(
        b"<hr>\n<pre>\n   PIN          Name                              Club     Grade P&D    GoR    NT appearance\n",
    );
    for entry in &list.entries {
        let Details::Egd {
            grade,
            promotion,
            tournaments,
            last_appearance,
        } = &entry.details
        else {
            continue;
        };
        let mut name = joined(&entry.surname);
        if !entry.first_name.is_empty() {
            name.push(' ');
            name.push_str(&joined(&entry.first_name));
        }
        // A name longer than its column is cut (at a character) to keep the columns.
        while name.len() >= NAME.1 - NAME.0 {
            name.pop();
        }
        out.push(b' ');
        pad_left(&mut out, &entry.id, PIN.1 - PIN.0);
        out.extend_from_slice(b"  ");
        pad_right(&mut out, &name, NAME.1 - NAME.0);
        pad_right(&mut out, &entry.country, COUNTRY.1 - COUNTRY.0);
        pad_right(&mut out, &entry.club, CLUB.1 - CLUB.0);
        pad_left(&mut out, &grade.to_string(), GRADE.1 - GRADE.0);
        pad_left(&mut out, promotion, PROMOTION.1 - PROMOTION.0);
        pad_left(
            &mut out,
            &entry.rating.unwrap_or_default().to_string(),
            GOR.1 - GOR.0,
        );
        pad_left(
            &mut out,
            &tournaments.to_string(),
            TOURNAMENTS.1 - TOURNAMENTS.0,
        );
        out.extend_from_slice(b"  ");
        pad_right(&mut out, last_appearance, 8);
        out.push(b'\n');
    }
    out.extend_from_slice(
        format!(
            "Number of players: {}\n</pre>\n</body>\n</html>\n",
            list.entries.len()
        )
        .as_bytes(),
    );
    out
}
