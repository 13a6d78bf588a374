//! The federations' rating lists, read from the files directors download before the event
//! (the hall is often offline): the EGD's "all players" list ([`egd`]), the FFG's échelle
//! ([`ffg`]) and the AGA's TD list ([`aga`]). Each reader turns a file into a
//! [`RatingList`] or a [`ReadError`] naming the line and column at fault; each writer
//! writes a list back in its federation's layout (the benchmark's generated lists, and the
//! round trip of the tests).
//!
//! A list's rating is kept on its own scale ([`Entry::rating`]: EGD GoR, FFG points, AGA
//! hundred-thousandths) and converted on demand to the EGD scale the service stores
//! ([`Entry::gor`]) and to a rank ([`rank_from_gor`]); [`search`] finds players by name or
//! id, [`refresh`] compares registered players with a list.

pub mod aga;
pub mod egd;
pub mod ffg;
pub mod refresh;
pub mod search;
mod text;

use crate::standings::Rank;
use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;
use thiserror::Error;

/// Which federation published a list.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[cfg_attr(feature = "utoipa", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "utoipa", schema(as = RatingListSource))]
#[serde(rename_all = "lowercase")]
pub enum Source {
    /// The European Go Database, `allworld_lp.html` (or its `.zip`).
    Egd,
    /// The Fédération française de go, `ech_ffg_V3.txt`.
    Ffg,
    /// The American Go Association, `TDListA.txt`.
    Aga,
}

impl Source {
    pub const ALL: [Source; 3] = [Source::Egd, Source::Ffg, Source::Aga];

    pub fn name(self) -> &'static str {
        match self {
            Source::Egd => "egd",
            Source::Ffg => "ffg",
            Source::Aga => "aga",
        }
    }
}

impl fmt::Display for Source {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Why a source name was refused.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("`{0}` is not a rating list: expected egd, ffg or aga")]
pub struct UnknownSource(pub String);

impl FromStr for Source {
    type Err = UnknownSource;

    fn from_str(text: &str) -> Result<Source, UnknownSource> {
        match text.trim().to_ascii_lowercase().as_str() {
            "egd" | "egf" => Ok(Source::Egd),
            "ffg" => Ok(Source::Ffg),
            "aga" => Ok(Source::Aga),
            _ => Err(UnknownSource(text.to_string())),
        }
    }
}

/// A calendar date as the lists write them (no time zone: the federation's own day).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct ListDate {
    pub year: u16,
    pub month: u8,
    pub day: u8,
}

impl ListDate {
    /// A date that exists in the Gregorian calendar, or `None`.
    pub fn new(year: u16, month: u8, day: u8) -> Option<ListDate> {
        let leap =
            (year.is_multiple_of(4) && !year.is_multiple_of(100)) || year.is_multiple_of(400);
        let days = match month {
            1 | 3 | 5 | 7 | 8 | 10 | 12 => 31,
            4 | 6 | 9 | 11 => 30,
            2 if leap => 29,
            2 => 28,
            _ => return None,
        };
        (1..=days)
            .contains(&day)
            .then_some(ListDate { year, month, day })
    }
}

/// ISO 8601 (`2021-01-11`).
impl fmt::Display for ListDate {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:04}-{:02}-{:02}", self.year, self.month, self.day)
    }
}

/// An FFG licence status, the character of column 45 of the échelle.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "utoipa", derive(utoipa::ToSchema))]
pub enum LicenceStatus {
    /// `-`: no licence this season.
    #[serde(rename = "-")]
    None,
    /// `L`: licensed this season.
    #[serde(rename = "L")]
    Licensed,
    /// `C`: as the FFG writes it (a licence of another kind; the list's page does not say).
    #[serde(rename = "C")]
    C,
    /// `X`: as the FFG writes it (the list's page does not say).
    #[serde(rename = "X")]
    X,
    /// `e`: a foreign player, rated by the FFG without a licence (club `xxxx`).
    #[serde(rename = "e")]
    Foreign,
}

impl LicenceStatus {
    pub fn code(self) -> char {
        match self {
            LicenceStatus::None => '-',
            LicenceStatus::Licensed => 'L',
            LicenceStatus::C => 'C',
            LicenceStatus::X => 'X',
            LicenceStatus::Foreign => 'e',
        }
    }

    pub fn from_code(code: char) -> Option<LicenceStatus> {
        match code {
            '-' => Some(LicenceStatus::None),
            'L' => Some(LicenceStatus::Licensed),
            'C' => Some(LicenceStatus::C),
            'X' => Some(LicenceStatus::X),
            'e' => Some(LicenceStatus::Foreign),
            _ => None,
        }
    }
}

/// What one federation's line says beyond the common fields.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Details {
    Egd {
        /// The grade declared at the player's last tournament (`20k`…`1k`, `1d`…`9d`, `1p`…).
        grade: Rank,
        /// The promotion or demotion the EGD suggests (`--` when none).
        promotion: String,
        /// Tournaments the player has played.
        tournaments: u32,
        /// The code of the last tournament (`T190112F`), empty when none.
        last_appearance: String,
    },
    Ffg {
        licence_status: LicenceStatus,
    },
    Aga {
        /// `Full`, `Youth`, `Non`, `Forgn`, `Life`, `Spons`.
        membership: String,
        /// `M/D/YYYY`, as written.
        expires: String,
        /// The US state, two letters or empty.
        state: String,
        /// The rating's deviation, in hundred-thousandths.
        sigma: Option<i32>,
        /// `M/D/YYYY`, as written (the day the player joined, for those never rated).
        last_rated: String,
    },
}

/// One player of a list.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Entry {
    /// The line of the file (1-based), which names the entry within its list.
    pub line: u32,
    /// With spaces where the list writes `_`.
    pub surname: String,
    pub first_name: String,
    /// Two letters as the list writes them (`UK` in the EGD's list), empty when none.
    pub country: String,
    /// As the list writes it (`xxxx` for none in the FFG's and EGD's lists; the chapter in
    /// the AGA's).
    pub club: String,
    /// EGD PIN, FFG licence or AGA id; empty when the list gives none.
    pub id: String,
    /// On the list's own scale: EGD GoR, FFG points (GoR − 2050), AGA rating in
    /// hundred-thousandths (−20.05711 is −2005711); `None` when unrated.
    pub rating: Option<i32>,
    pub details: Details,
}

/// The lowest and highest ratings on the EGD scale OpenGotha keeps (`Player.MIN_RATING`,
/// `MAX_RATING`): 30k and 9d.
pub const MIN_GOR: i32 = -900;
pub const MAX_GOR: i32 = 2949;

/// The FFG's scale is the EGD's shifted by 2050 (the FFG échelle page; OpenGotha's
/// `RatedPlayer.getStdRating`: FFG rating + 2050).
pub const FFG_OFFSET: i32 = 2050;

/// The bytes an allocation of `requested` bytes takes on the heap: a header of 8 bytes,
/// rounded up to 16, 32 at least (glibc's `malloc`; others are alike). A list's short
/// strings (a country, a club) take twice or more their length.
pub fn heap_bytes(requested: usize) -> usize {
    match requested {
        0 => 0,
        _ => (requested + 8).max(32).next_multiple_of(16),
    }
}

impl Entry {
    /// The bytes its text holds on the heap, as the allocator counts them
    /// ([`heap_bytes`]), which the service weighs a list's index by.
    pub fn heap_bytes(&self) -> usize {
        let details = match &self.details {
            Details::Egd {
                promotion,
                last_appearance,
                ..
            } => heap_bytes(promotion.capacity()) + heap_bytes(last_appearance.capacity()),
            Details::Ffg { .. } => 0,
            Details::Aga {
                membership,
                expires,
                state,
                last_rated,
                ..
            } => [membership, expires, state, last_rated]
                .iter()
                .map(|text| heap_bytes(text.capacity()))
                .sum(),
        };
        [
            &self.surname,
            &self.first_name,
            &self.country,
            &self.club,
            &self.id,
        ]
        .iter()
        .map(|text| heap_bytes(text.capacity()))
        .sum::<usize>()
            + details
    }

    /// The source of the list the entry comes from.
    pub fn source(&self) -> Source {
        match self.details {
            Details::Egd { .. } => Source::Egd,
            Details::Ffg { .. } => Source::Ffg,
            Details::Aga { .. } => Source::Aga,
        }
    }

    /// The rating on the EGD scale (the service's `rating`), held between 30k and 9d as
    /// OpenGotha holds it:
    /// - EGD: the GoR itself;
    /// - FFG: rating + 2050 (OpenGotha `RatedPlayer.getStdRating`; the FFG's échelle page);
    /// - AGA: a dan rating `d.xx` is GoR `1950 + 100·d.xx`, a kyu rating `−k.xx` is GoR
    ///   `2150 − 100·k.xx` (1.00 is 2050, 1d; −1.00 is 2050 too, since the AGA has no
    ///   rating between −1 and 1 and 1k starts at −1.01, 2049), as OpenGotha converts.
    pub fn gor(&self) -> Option<i32> {
        let rating = self.rating?;
        let gor = match self.source() {
            Source::Egd => rating,
            Source::Ffg => rating + FFG_OFFSET,
            Source::Aga => {
                // Hundredths, rounded as OpenGotha rounds (`Math.round(x * 100)`).
                let hundredths = (rating as f64 / 1000.0).round() as i32;
                if hundredths >= 100 {
                    hundredths + 1950
                } else if hundredths <= -100 {
                    hundredths + 2150
                } else {
                    2050
                }
            }
        };
        Some(gor.clamp(MIN_GOR, MAX_GOR))
    }

    /// The rating as the list writes it: `2369` (EGD), `107` (FFG), `-20.05711` (AGA).
    pub fn written_rating(&self) -> Option<String> {
        self.rating.map(|rating| match self.source() {
            Source::Aga => text::decimal(rating),
            Source::Egd | Source::Ffg => rating.to_string(),
        })
    }

    /// The rank the rating says ([`rank_from_gor`]); `None` when unrated.
    pub fn rank(&self) -> Option<Rank> {
        self.gor().map(rank_from_gor)
    }

    /// The grade the player declared, where the list keeps it (the EGD's).
    pub fn declared_grade(&self) -> Option<Rank> {
        match &self.details {
            Details::Egd { grade, .. } => Some(*grade),
            _ => None,
        }
    }

    /// The FFG licence status, for an FFG entry.
    pub fn licence_status(&self) -> Option<LicenceStatus> {
        match &self.details {
            Details::Ffg { licence_status } => Some(*licence_status),
            _ => None,
        }
    }

    /// The club as a registration desk writes it: `None` for the lists' placeholders
    /// (`xxx`, `xxxx`, `XXXX`, empty).
    pub fn club(&self) -> Option<&str> {
        let club = self.club.trim();
        (!club.is_empty() && !club.chars().all(|c| c.eq_ignore_ascii_case(&'x'))).then_some(club)
    }

    /// The country as ISO 3166-1 writes it: `None` for the EGD's `XX` (unknown) and for
    /// none; the EGD's `UK` (its internet code) is Great Britain, `GB`.
    pub fn country(&self) -> Option<String> {
        match self.country.trim() {
            "" | "XX" | "xx" => None,
            "UK" => Some("GB".to_string()),
            country => Some(country.to_ascii_uppercase()),
        }
    }
}

/// The rank of a rating on the EGD scale: bands of 100 points, 2050–2149 is 1d, 1950–2049
/// is 1k, 2850 and above 9d, held between 30k and 9d. OpenGotha's help ("Players
/// Manager") and `Player.rankFromRating` convert so; the EGD's GoR bands (EGF rating
/// system: 2100 is the middle of 1d, 100 points a grade) are the same.
pub fn rank_from_gor(gor: i32) -> Rank {
    Rank::from_value(((gor + 950).div_euclid(100) - 30).clamp(-30, 8))
}

/// A list as read: its source, its date, its players in file order, and how many
/// placeholder lines (the EGD's `(undefined)` and `Anonymous`) were left out.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RatingList {
    pub source: Source,
    /// The list's date: the EGD's `(dd Mon yyyy)` line, the FFG's `#Echelle au` header;
    /// the AGA's list has none, so the newest "last rated" date stands for it.
    pub date: Option<ListDate>,
    pub entries: Vec<Entry>,
    pub placeholders: usize,
}

/// Why a file is not a readable rating list. Lines and columns count from 1; columns
/// count characters (bytes in the EGD's fixed columns, which are bytes).
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum ReadError {
    #[error("the file is empty")]
    Empty,
    #[error("line {line}, column {column}: byte {byte:#04x} is not text: this is a binary file, not a rating list")]
    Binary { line: u32, column: u32, byte: u8 },
    #[error("line {line}, column {column}: {message}")]
    Encoding {
        line: u32,
        column: u32,
        message: String,
    },
    #[error("line {line}: the line is truncated ({length} characters, the list's lines have at least {expected})")]
    Truncated {
        line: u32,
        length: usize,
        expected: usize,
    },
    #[error("line {line}, column {column}: {message}")]
    Malformed {
        line: u32,
        column: u32,
        message: String,
    },
    #[error("line {line}: {message}")]
    MissingHeader { line: u32, message: String },
    #[error("the zip archive cannot be read: {0}")]
    Zip(String),
    #[error("no player in the file: is it the {0} list?")]
    NoEntries(Source),
}

impl ReadError {
    /// The line at fault, where there is one.
    pub fn line(&self) -> Option<u32> {
        match self {
            ReadError::Binary { line, .. }
            | ReadError::Encoding { line, .. }
            | ReadError::Truncated { line, .. }
            | ReadError::Malformed { line, .. }
            | ReadError::MissingHeader { line, .. } => Some(*line),
            ReadError::Empty | ReadError::Zip(_) | ReadError::NoEntries(_) => None,
        }
    }

    /// The column at fault, where there is one.
    pub fn column(&self) -> Option<u32> {
        match self {
            ReadError::Binary { column, .. }
            | ReadError::Encoding { column, .. }
            | ReadError::Malformed { column, .. } => Some(*column),
            _ => None,
        }
    }
}

/// Reads a list of `source` from the bytes of its file. A zip archive (the EGD serves
/// `allworld_lp.zip`) is opened and its one list read.
pub fn read(source: Source, bytes: &[u8]) -> Result<RatingList, ReadError> {
    let bytes = list_bytes(bytes)?;
    let bytes = bytes.as_ref();
    if bytes.iter().all(u8::is_ascii_whitespace) {
        return Err(ReadError::Empty);
    }
    text::check_not_binary(bytes)?;
    let list = match source {
        Source::Egd => egd::read(bytes)?,
        Source::Ffg => ffg::read(bytes)?,
        Source::Aga => aga::read(bytes)?,
    };
    if list.entries.is_empty() {
        return Err(ReadError::NoEntries(source));
    }
    Ok(list)
}

/// Writes a list in its federation's layout ([`egd::write`], [`ffg::write`],
/// [`aga::write`]).
pub fn write(list: &RatingList) -> Vec<u8> {
    match list.source {
        Source::Egd => egd::write(list),
        Source::Ffg => ffg::write(list),
        Source::Aga => aga::write(list),
    }
}

/// The bytes a list is read from once unzipped: what identifies it (the same list sent
/// as its `.html` or its `.zip` is the same list).
pub fn list_bytes(bytes: &[u8]) -> Result<std::borrow::Cow<'_, [u8]>, ReadError> {
    if text::is_zip(bytes) {
        Ok(std::borrow::Cow::Owned(text::unzip(bytes)?))
    } else {
        Ok(std::borrow::Cow::Borrowed(bytes))
    }
}

/// What registering a player from a list fills in: the entry's names, the rank and rating
/// its rating gives (else the grade the EGD's list declares), club, country and ids, each
/// completed from the same person in the other list (EGD ↔ FFG) where the entry lacks it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Registration {
    pub surname: String,
    pub first_name: String,
    /// `None` when neither list rates the player nor declares a grade: the desk decides.
    pub rank: Option<Rank>,
    /// On the EGD scale.
    pub rating: Option<i32>,
    pub club: Option<String>,
    pub country: Option<String>,
    pub egd_pin: Option<String>,
    pub ffg_licence: Option<String>,
    pub aga_id: Option<String>,
    pub licence_status: Option<LicenceStatus>,
}

/// The registration of `entry` (and of `linked`, the same person in the other list).
pub fn registration(entry: &Entry, linked: Option<&Entry>) -> Registration {
    let entries = || std::iter::once(entry).chain(linked);
    let id_of = |source: Source| {
        entries()
            .find(|entry| entry.source() == source && !entry.id.is_empty())
            .map(|entry| entry.id.clone())
    };
    let rating = entries().find_map(Entry::gor);
    Registration {
        surname: entry.surname.clone(),
        first_name: entry.first_name.clone(),
        rank: rating
            .map(rank_from_gor)
            .or_else(|| entries().find_map(Entry::declared_grade)),
        rating,
        club: entries().find_map(|entry| entry.club().map(str::to_string)),
        country: entries().find_map(Entry::country),
        egd_pin: id_of(Source::Egd),
        ffg_licence: id_of(Source::Ffg),
        aga_id: id_of(Source::Aga),
        licence_status: entries().find_map(Entry::licence_status),
    }
}
