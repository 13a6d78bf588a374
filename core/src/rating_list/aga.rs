//! The AGA's TD list (`TDListA.txt`, preferred to the fixed-width `TDListN.txt`): one
//! member a line, nine tab-separated fields, CRLF (the AGA's "document formats" page; the
//! copy OpenGotha ships):
//!
//! ```text
//! Aal, Zachary⇥15648⇥Full⇥-20.05711⇥7/2/2008⇥LIGC⇥NY⇥1.09198⇥8/1/2007
//! Aaron, William C.⇥7206⇥Full⇥⇥12/28/1994⇥⇥CA⇥⇥12/28/1994
//! ```
//!
//! `Last, First`, AGA id, membership type (`Full`, `Youth`, `Non`, `Forgn`, `Life`,
//! `Spons`), rating (a decimal, negative for kyu, blank when unrated), expiry `M/D/YYYY`,
//! chapter, state, sigma, last rated date. A name without a comma (a club's membership)
//! is split at its first space. `Forgn` members have no country, the others are `US`
//! (as OpenGotha reads them). Names are UTF-8 in real copies (`Sigríður`); a line that is
//! not is read as Latin-1. The list has no date: the newest "last rated" date stands
//! for it.

use super::text::{self, decimal, hundred_thousandths, to_u32, utf8_or_latin1};
use super::{Details, Entry, ListDate, RatingList, ReadError, Source};

const FIELDS: usize = 9;

/// `M/D/YYYY`.
fn us_date(text: &str) -> Option<ListDate> {
    let mut parts = text.trim().split('/');
    let month = parts.next()?.parse().ok()?;
    let day = parts.next()?.parse().ok()?;
    let year = parts.next()?.parse().ok()?;
    ListDate::new(year, month, day)
}

/// Reads the list; see the module's documentation for its layout.
pub fn read(bytes: &[u8]) -> Result<RatingList, ReadError> {
    let mut entries = Vec::new();
    let mut date: Option<ListDate> = None;
    for (number, line) in text::lines(bytes) {
        let line = utf8_or_latin1(line);
        if line.trim().is_empty() {
            continue;
        }
        let fields: Vec<&str> = line.split('\t').collect();
        let column_of = |index: usize| {
            to_u32(
                fields[..index]
                    .iter()
                    .map(|field| field.chars().count() + 1)
                    .sum::<usize>()
                    + 1,
            )
        };
        if fields.len() != FIELDS {
            return Err(ReadError::Malformed {
                line: number,
                column: to_u32(line.chars().count() + 1),
                message: format!(
                    "{} tab-separated fields where the list has {FIELDS}: is the line truncated?",
                    fields.len()
                ),
            });
        }
        let malformed = |index: usize, message: String| ReadError::Malformed {
            line: number,
            column: column_of(index),
            message,
        };
        let name = fields[0].trim();
        let (surname, first_name) = name
            .split_once(',')
            .or_else(|| name.split_once(' '))
            .unwrap_or((name, ""));
        if surname.trim().is_empty() {
            return Err(malformed(0, "the name is empty".to_string()));
        }
        let id = fields[1].trim();
        if id.is_empty() || !id.bytes().all(|byte| byte.is_ascii_digit()) {
            return Err(malformed(1, format!("the AGA id `{id}` is not a number")));
        }
        let decimal_field = |index: usize, what: &str| match fields[index].trim() {
            "" => Ok(None),
            text => hundred_thousandths(text).map(Some).ok_or_else(|| {
                malformed(
                    index,
                    format!("the {what} `{text}` is not a decimal (`-20.05711`)"),
                )
            }),
        };
        let rating = decimal_field(3, "rating")?;
        let sigma = decimal_field(7, "sigma")?;
        let membership = fields[2].trim().to_string();
        let last_rated = fields[8].trim().to_string();
        if let Some(rated) = us_date(&last_rated) {
            date = date.max(Some(rated));
        }
        entries.push(Entry {
            line: number,
            surname: surname.trim().to_string(),
            first_name: first_name.trim().to_string(),
            country: if membership == "Forgn" {
                String::new()
            } else {
                "US".to_string()
            },
            // The chapter: the club an AGA member plays in.
            club: fields[5].trim().to_string(),
            id: id.to_string(),
            rating,
            details: Details::Aga {
                membership,
                expires: fields[4].trim().to_string(),
                state: fields[6].trim().to_string(),
                sigma,
                last_rated,
            },
        });
    }
    Ok(RatingList {
        source: Source::Aga,
        date,
        entries,
        placeholders: 0,
    })
}

/// Writes the list as the AGA lays it out: UTF-8, tab-separated, CRLF.
pub fn write(list: &RatingList) -> Vec<u8> {
    let mut out = String::with_capacity(80 * list.entries.len());
    for entry in &list.entries {
        let Details::Aga {
            membership,
            expires,
            state,
            sigma,
            last_rated,
        } = &entry.details
        else {
            continue;
        };
        out.push_str(&format!(
            "{}, {}\t{}\t{membership}\t{}\t{expires}\t{}\t{state}\t{}\t{last_rated}\r\n",
            entry.surname,
            entry.first_name,
            entry.id,
            entry.written_rating().unwrap_or_default(),
            entry.club,
            sigma.map(decimal).unwrap_or_default(),
        ));
    }
    out.into_bytes()
}
