//! The FFG's échelle (`ech_ffg_V3.txt`): ISO-8859-1, CRLF, a header
//! `#Echelle au dd/mm/yyyy hh:mm:ss`, then one player a line of 61 characters (0-based
//! columns, end exclusive, as in the 2021 copy OpenGotha ships):
//!
//! ```text
//! AAIJ René                               243 e ------- xxxx NL
//! ABAD Jahin                            -3000 - 2000205 38GJ FR
//! VANNIER-REYES Nelson-Pablo            -9999 - 1400302 75EH FR
//! ```
//!
//! | field | columns |
//! |---|---|
//! | `NAME First`, split at the first space, `_` inside a name | 0–38 |
//! | rating, right-aligned, `-9999` when none | 38–43 |
//! | licence status (`-`, `L`, `C`, `X`, `e`) | 44 |
//! | licence, 7 characters, `-------` when none | 46–53 |
//! | club (`75Pa`, `xxxx`) | 54–58 |
//! | country | 59–61 |
//!
//! A file that is not ISO-8859-1 is refused with the line and column of the first
//! character that shows it: a UTF-8 sequence (`é` written as two bytes, the file was
//! converted) or a C1 control byte (0x80–0x9F: Windows-1252 or another code page).

use super::text::{self, field, joined, latin1, name_words, to_u32};
use super::{Details, Entry, LicenceStatus, ListDate, RatingList, ReadError, Source};

const NAME: (usize, usize) = (0, 38);
const RATING: (usize, usize) = (38, 43);
const STATUS: usize = 44;
const LICENCE: (usize, usize) = (46, 53);
const CLUB: (usize, usize) = (54, 58);
const COUNTRY: (usize, usize) = (59, 61);

/// The rating of an unrated player.
const UNRATED: i32 = -9999;
/// The licence of a player without one.
const NO_LICENCE: &str = "-------";
const HEADER: &str = "#Echelle au ";

/// The first character of `line` that shows the file is not ISO-8859-1, as an error.
fn check_latin1(number: u32, line: &[u8]) -> Result<(), ReadError> {
    if line.is_ascii() {
        return Ok(());
    }
    let first_non_ascii = line.iter().position(|byte| !byte.is_ascii()).unwrap_or(0);
    if std::str::from_utf8(line).is_ok() {
        let character = std::str::from_utf8(&line[first_non_ascii..])
            .ok()
            .and_then(|rest| rest.chars().next())
            .unwrap_or('?');
        return Err(ReadError::Encoding {
            line: number,
            column: to_u32(first_non_ascii + 1),
            message: format!(
                "`{character}` is written in UTF-8, but the FFG's list is ISO-8859-1: \
                 download it again, or convert it (iconv -f UTF-8 -t ISO-8859-1)"
            ),
        });
    }
    if let Some(position) = line.iter().position(|byte| (0x80..=0x9f).contains(byte)) {
        return Err(ReadError::Encoding {
            line: number,
            column: to_u32(position + 1),
            message: format!(
                "byte {:#04x} is not a character of ISO-8859-1, the FFG list's encoding \
                 (is the file in Windows-1252 or another code page?)",
                line[position]
            ),
        });
    }
    Ok(())
}

/// `#Echelle au 11/01/2021 07:09:39`.
fn header_date(line: &str) -> Option<ListDate> {
    let rest = line.trim().strip_prefix(HEADER)?;
    let day_month_year = rest.split_whitespace().next()?;
    let mut parts = day_month_year.split('/');
    let day = parts.next()?.parse().ok()?;
    let month = parts.next()?.parse().ok()?;
    let year = parts.next()?.parse().ok()?;
    ListDate::new(year, month, day)
}

/// Reads the list; see the module's documentation for its layout.
pub fn read(bytes: &[u8]) -> Result<RatingList, ReadError> {
    let mut date = None;
    let mut entries = Vec::new();
    for (number, line) in text::lines(bytes) {
        check_latin1(number, line)?;
        if date.is_none() {
            if line.iter().all(u8::is_ascii_whitespace) {
                continue;
            }
            let header = latin1(line);
            date = Some(
                header_date(&header).ok_or_else(|| ReadError::MissingHeader {
                    line: number,
                    message: format!(
                        "expected the header `#Echelle au dd/mm/yyyy hh:mm:ss`, found `{}`",
                        header.chars().take(40).collect::<String>()
                    ),
                })?,
            );
            continue;
        }
        if line.iter().all(u8::is_ascii_whitespace) || line.starts_with(b"#") {
            continue;
        }
        if line.len() < COUNTRY.1 {
            return Err(ReadError::Truncated {
                line: number,
                length: line.len(),
                expected: COUNTRY.1,
            });
        }
        entries.push(entry(number, line)?);
    }
    Ok(RatingList {
        source: Source::Ffg,
        date,
        entries,
        placeholders: 0,
    })
}

fn entry(number: u32, line: &[u8]) -> Result<Entry, ReadError> {
    let malformed = |column: usize, message: String| ReadError::Malformed {
        line: number,
        column: to_u32(column + 1),
        message,
    };
    let text_of = |(start, end): (usize, usize)| latin1(field(line, start, end)).trim().to_string();
    let names = text_of(NAME);
    let (surname, first_name) = names.split_once(' ').unwrap_or((&names, ""));
    if surname.is_empty() {
        return Err(malformed(NAME.0, "the name is empty".to_string()));
    }
    let rating_text = text_of(RATING);
    let rating = match rating_text.as_str() {
        "NC" => None,
        _ => match rating_text.parse::<i32>() {
            Ok(UNRATED) => None,
            Ok(rating) => Some(rating),
            Err(_) => {
                return Err(malformed(
                    RATING.0,
                    format!("the rating `{rating_text}` is not a number"),
                ))
            }
        },
    };
    let status = char::from(line[STATUS]);
    let licence_status = LicenceStatus::from_code(status).ok_or_else(|| {
        malformed(
            STATUS,
            format!("`{status}` is not a licence status (-, L, C, X or e)"),
        )
    })?;
    let licence = text_of(LICENCE);
    if licence != NO_LICENCE {
        crate::fields::check_ffg_licence(&licence)
            .map_err(|issue| malformed(LICENCE.0, format!("the licence `{licence}` {issue}")))?;
    }
    Ok(Entry {
        line: number,
        surname: name_words(surname),
        first_name: name_words(first_name),
        country: text_of(COUNTRY),
        club: text_of(CLUB),
        id: if licence == NO_LICENCE {
            String::new()
        } else {
            licence
        },
        rating,
        details: Details::Ffg { licence_status },
    })
}

/// ISO-8859-1 bytes of `text`; a character beyond it is written `?`.
fn push_latin1(out: &mut Vec<u8>, text: &str) {
    out.extend(
        text.chars()
            .map(|c| u8::try_from(u32::from(c)).unwrap_or(b'?')),
    );
}

/// Writes the list as the FFG lays it out: ISO-8859-1, CRLF; a name longer than the
/// column is cut at 37 characters.
pub fn write(list: &RatingList) -> Vec<u8> {
    let mut out = Vec::with_capacity(64 * (list.entries.len() + 1));
    if let Some(date) = list.date {
        let header = format!(
            "{HEADER}{:02}/{:02}/{:04} 00:00:00\r\n",
            date.day, date.month, date.year
        );
        out.extend_from_slice(header.as_bytes());
    }
    for entry in &list.entries {
        let Details::Ffg { licence_status } = entry.details else {
            continue;
        };
        let mut name = joined(&entry.surname);
        if !entry.first_name.is_empty() {
            name.push(' ');
            name.push_str(&joined(&entry.first_name));
        }
        let name: String = name.chars().take(NAME.1 - NAME.0 - 1).collect();
        let licence = if entry.id.is_empty() {
            NO_LICENCE
        } else {
            &entry.id
        };
        let line = format!(
            "{name:<38}{rating:>5} {status} {licence:<7} {club:<4} {country}\r\n",
            rating = entry.rating.unwrap_or(UNRATED),
            status = licence_status.code(),
            club = entry.club,
            country = entry.country,
        );
        push_latin1(&mut out, &line);
    }
    out
}
