//! The checks every way data comes in applies to the same fields: the JSON API, the
//! OpenGotha files and the SGF records (issue 24: a NUL byte in an imported name was a
//! 500, a 7 MB surname and terminal escapes were stored and came out in the exports, and
//! `SZ[52]` was accepted on import while the API refused a 26×26 game).
//!
//! Text a person typed holds no control character (PostgreSQL's text cannot hold NUL;
//! escapes would reach the exports and the terminals that print them) and has a bounded
//! length; a board is one the service plays.

use crate::table::MAX_HANDICAP;
use crate::BoardSize;
use thiserror::Error;

/// A player's surname or first name, in characters.
pub const NAME_CHARS: usize = 100;
/// A tournament's name or place, a club, a label.
pub const TITLE_CHARS: usize = 200;
/// A reason given with a ruling or a result.
pub const REASON_CHARS: usize = 2000;
/// The organizers' comment on a player (OpenGotha's `comment`: "paid at the door").
pub const COMMENT_CHARS: usize = 500;
/// The players a tournament may register. A round's draft grows fast with them (4,000
/// players: 8.1 s; 8,000: 48.6 s and 1.19 GB; 20,000: 11 minutes and 5.7 GB, on the
/// 2-core machine of issue 24), and the largest tournaments (the European Go Congress's
/// main tournament, about 700 players) are far below the bound: a larger one is refused
/// up front, whichever way it comes in (a registration, an OpenGotha file).
pub const TOURNAMENT_PLAYERS: usize = 5_000;
/// The sides of the boards the service holds games on (the JSON API's `board_size`).
pub const BOARD_SIDES: std::ops::RangeInclusive<u8> = 2..=25;

/// What is wrong with a field.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Error)]
pub enum FieldIssue {
    #[error("must not be empty")]
    Empty,
    #[error("must be at most {0} characters")]
    TooLong(usize),
    #[error("must not contain control characters")]
    ControlCharacter,
    #[error("must be between {} and {}", BOARD_SIDES.start(), BOARD_SIDES.end())]
    BoardSide,
    #[error("must be a square board with sides between {} and {}", BOARD_SIDES.start(), BOARD_SIDES.end())]
    Board,
    #[error("must be between 0 and {MAX_HANDICAP}")]
    Handicap,
    #[error("must be between {MIN_HANDICAP_CORRECTION} and {MAX_HANDICAP}")]
    HandicapCorrection,
    #[error("must be an EGD PIN: 8 digits")]
    EgdPin,
    #[error("must be an FFG licence: 7 digits or capital letters")]
    FfgLicence,
    #[error("must be a multiple of 0.5 between -{MAX_KOMI} and {MAX_KOMI}")]
    Komi,
    #[error("must be between {} and {}", RATINGS.start(), RATINGS.end())]
    Rating,
    #[error("must be a two-letter country code (ISO 3166-1, `FR`)")]
    Country,
    #[error("must be 1 to 12 digits")]
    AgaId,
    #[error("must be between {} and {}", MCMAHON_CORRECTIONS.start(), MCMAHON_CORRECTIONS.end())]
    McMahonCorrection,
    #[error("must be 30k or stronger: start scores count from 30k")]
    McMahonFloorBelowZero,
    #[error("must not be stronger than mcmahon_bar")]
    McMahonFloorAboveBar,
}

/// The ratings a player may have, on the EGD's scale: below 30k's and above the best
/// professionals' (the EGD's list tops out under 3,000).
pub const RATINGS: std::ops::RangeInclusive<i32> = -900..=3200;

/// A player's McMahon start-score correction (OpenGotha `smmsCorrection`, for McMahon
/// super-groups): OpenGotha's players window moves it one step at a time from -1 to 2,
/// the values its files hold.
pub const MCMAHON_CORRECTIONS: std::ops::RangeInclusive<i32> = -1..=2;

/// A player's fields, whichever way they come in: the API, the organizer's pages, a
/// rating list's entry, an OpenGotha file. Each way parses the rank itself (into the
/// core's `Rank`); every other field passes [`PlayerFields::issues`], so that what one
/// way refuses no other lets in (issue 42: a 31-million-character first name came in from
/// a rating list and made its round's pages 31 MB each).
#[derive(Debug, Clone, Copy, Default)]
pub struct PlayerFields<'a> {
    pub surname: &'a str,
    pub first_name: &'a str,
    pub rating: Option<i32>,
    /// Upper case, as stored.
    pub country: Option<&'a str>,
    pub club: Option<&'a str>,
    pub egd_pin: Option<&'a str>,
    pub ffg_licence: Option<&'a str>,
    pub aga_id: Option<&'a str>,
    pub mcmahon_correction: i32,
}

/// A check of one identifier.
type Check = fn(&str) -> Result<(), FieldIssue>;

impl PlayerFields<'_> {
    /// What is wrong with each field, named as the API names it.
    pub fn issues(&self) -> Vec<(&'static str, FieldIssue)> {
        let texts = [
            ("surname", Some(self.surname), NAME_CHARS, true),
            ("first_name", Some(self.first_name), NAME_CHARS, false),
            ("club", self.club, NAME_CHARS, true),
        ];
        let checks: [(&str, Option<&str>, Check); 4] = [
            ("country", self.country, check_country),
            ("egd_pin", self.egd_pin, check_egd_pin),
            ("ffg_licence", self.ffg_licence, check_ffg_licence),
            ("aga_id", self.aga_id, check_aga_id),
        ];
        let text_issues = texts
            .into_iter()
            .filter_map(|(field, value, max, required)| {
                let issue = check_text(value?, max, required).err()?;
                Some((field, issue))
            });
        let id_issues = checks
            .into_iter()
            .filter_map(|(field, value, check)| Some((field, check(value?).err()?)));
        let rating = self
            .rating
            .filter(|rating| !RATINGS.contains(rating))
            .map(|_| ("rating", FieldIssue::Rating));
        let correction = check_mcmahon_correction(self.mcmahon_correction)
            .err()
            .map(|issue| ("mcmahon_correction", issue));
        text_issues
            .chain(rating)
            .chain(id_issues)
            .chain(correction)
            .collect()
    }
}

/// A McMahon correction within [`MCMAHON_CORRECTIONS`].
pub fn check_mcmahon_correction(correction: i32) -> Result<(), FieldIssue> {
    if MCMAHON_CORRECTIONS.contains(&correction) {
        Ok(())
    } else {
        Err(FieldIssue::McMahonCorrection)
    }
}

/// A country: two capital ASCII letters (ISO 3166-1 alpha-2).
pub fn check_country(country: &str) -> Result<(), FieldIssue> {
    if country.len() == 2 && country.bytes().all(|byte| byte.is_ascii_uppercase()) {
        Ok(())
    } else {
        Err(FieldIssue::Country)
    }
}

/// An AGA membership id: 1 to 12 digits.
pub fn check_aga_id(id: &str) -> Result<(), FieldIssue> {
    if !id.is_empty() && id.len() <= 12 && id.bytes().all(|byte| byte.is_ascii_digit()) {
        Ok(())
    } else {
        Err(FieldIssue::AgaId)
    }
}

/// Text a person typed: at most `max_chars` characters, none of them a control character
/// (Unicode's `Cc`: NUL, escape, the C1 controls), and when `required` not blank.
pub fn check_text(value: &str, max_chars: usize, required: bool) -> Result<(), FieldIssue> {
    if required && value.trim().is_empty() {
        Err(FieldIssue::Empty)
    // Bytes bound characters from above: a long text is refused without counting them.
    } else if value.len() > 4 * max_chars || value.chars().count() > max_chars {
        Err(FieldIssue::TooLong(max_chars))
    } else if value.chars().any(char::is_control) {
        Err(FieldIssue::ControlCharacter)
    } else {
        Ok(())
    }
}

/// A board the service plays: square, its side within [`BOARD_SIDES`].
pub fn check_board(size: BoardSize) -> Result<(), FieldIssue> {
    if size.width == size.height && BOARD_SIDES.contains(&size.width) {
        Ok(())
    } else {
        Err(FieldIssue::Board)
    }
}

/// A board's side, as the service plays it.
pub fn check_board_side(side: u8) -> Result<(), FieldIssue> {
    if BOARD_SIDES.contains(&side) {
        Ok(())
    } else {
        Err(FieldIssue::BoardSide)
    }
}

/// A number of handicap stones (or of stones taken off a handicap): 0 to
/// [`MAX_HANDICAP`], the one limit of the rules (FFG: at most nine stones), whatever the
/// integer type the caller read it as.
pub fn check_handicap(stones: impl Into<i64>) -> Result<(), FieldIssue> {
    if (0..=i64::from(MAX_HANDICAP)).contains(&stones.into()) {
        Ok(())
    } else {
        Err(FieldIssue::Handicap)
    }
}

/// The most stones a handicap correction adds: OpenGotha's handicap settings decrease the
/// handicap "by 0, 1, 2 or 3 stones or increase it by 1 stone" (`hdCorrection="-1"`).
pub const MIN_HANDICAP_CORRECTION: i32 = -1;

/// A handicap correction: stones taken off the rank difference, from
/// [`MIN_HANDICAP_CORRECTION`] (one stone more) to [`MAX_HANDICAP`]. The API, the
/// dashboard and the OpenGotha import check it here.
pub fn check_handicap_correction(stones: i32) -> Result<(), FieldIssue> {
    if (MIN_HANDICAP_CORRECTION..=MAX_HANDICAP as i32).contains(&stones) {
        Ok(())
    } else {
        Err(FieldIssue::HandicapCorrection)
    }
}

/// The largest komi, either way: far beyond any rules' (FFG 7.5; a handicap game's ½),
/// small enough that a score stays a plain number of points.
pub const MAX_KOMI: f64 = 150.0;

/// A komi: a whole or half number of points (a score's half point decides a game without
/// a draw, FFG rule 6), within [`MAX_KOMI`]. The API, the SGF import (`KM`) and the pairing
/// terms check it here.
pub fn check_komi(komi: f64) -> Result<(), FieldIssue> {
    if komi.is_finite() && komi.abs() <= MAX_KOMI && (komi * 2.0).fract() == 0.0 {
        Ok(())
    } else {
        Err(FieldIssue::Komi)
    }
}

/// An EGD PIN: 8 digits, as the EGD's database numbers its players (the first column of
/// `allworld_lp.html`) and as its results format appends them (`|12345678`, pairgoth
/// ≥ 0.22). Registration, the EGD's list and the EGD export all check it here, so a PIN
/// the export would refuse is refused when it is typed.
pub fn check_egd_pin(pin: &str) -> Result<(), FieldIssue> {
    if pin.len() == 8 && pin.bytes().all(|byte| byte.is_ascii_digit()) {
        Ok(())
    } else {
        Err(FieldIssue::EgdPin)
    }
}

/// An FFG licence: 7 characters, digits or capital letters, as the FFG's échelle
/// (`ech_ffg_V3.txt`, columns 47–53) lists them: `1500104`, and a few like `99A0007` or
/// `97250B2` (46 of the 11,500 licences of the copy in OpenGotha's repository). The FFG's
/// results format has the same 7 characters. Registration, the FFG's list and the FFG
/// export all check it here.
pub fn check_ffg_licence(licence: &str) -> Result<(), FieldIssue> {
    if licence.len() == 7
        && licence
            .bytes()
            .all(|byte| byte.is_ascii_digit() || byte.is_ascii_uppercase())
    {
        Ok(())
    } else {
        Err(FieldIssue::FfgLicence)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_komi_is_a_whole_or_half_number_of_points_within_bounds() {
        for komi in [7.5, 0.5, 0.0, -6.5, 150.0, -150.0] {
            assert_eq!(check_komi(komi), Ok(()), "{komi}");
        }
        for komi in [7.25, 150.5, -151.0, f64::NAN, f64::INFINITY] {
            assert_eq!(check_komi(komi), Err(FieldIssue::Komi), "{komi}");
        }
        assert_eq!(
            FieldIssue::Komi.to_string(),
            "must be a multiple of 0.5 between -150 and 150"
        );
    }

    #[test]
    fn text_is_bounded_and_free_of_controls() {
        assert_eq!(check_text("Dupont", NAME_CHARS, true), Ok(()));
        assert_eq!(check_text("Été à Nîmes", NAME_CHARS, true), Ok(()));
        assert_eq!(check_text("", NAME_CHARS, false), Ok(()));
        assert_eq!(check_text("  ", NAME_CHARS, true), Err(FieldIssue::Empty));
        assert_eq!(
            check_text("a\0b", NAME_CHARS, true),
            Err(FieldIssue::ControlCharacter)
        );
        assert_eq!(
            check_text("\u{1b}[31m", NAME_CHARS, true),
            Err(FieldIssue::ControlCharacter)
        );
        assert_eq!(
            check_text("a\u{85}", NAME_CHARS, true),
            Err(FieldIssue::ControlCharacter)
        );
        assert_eq!(check_text(&"é".repeat(100), NAME_CHARS, true), Ok(()));
        assert_eq!(
            check_text(&"é".repeat(101), NAME_CHARS, true),
            Err(FieldIssue::TooLong(100))
        );
        assert_eq!(
            check_text(&"x".repeat(1 << 20), NAME_CHARS, true),
            Err(FieldIssue::TooLong(100))
        );
    }

    #[test]
    fn a_handicap_is_within_the_rules_limit_whatever_its_type() {
        assert_eq!(check_handicap(0u32), Ok(()));
        assert_eq!(check_handicap(9i32), Ok(()));
        assert_eq!(check_handicap(10u32), Err(FieldIssue::Handicap));
        assert_eq!(check_handicap(-1i32), Err(FieldIssue::Handicap));
        assert_eq!(check_handicap(u32::MAX), Err(FieldIssue::Handicap));
        assert_eq!(
            FieldIssue::Handicap.to_string(),
            format!("must be between 0 and {MAX_HANDICAP}")
        );
    }

    #[test]
    fn federation_ids_have_their_federation_s_length() {
        assert_eq!(check_egd_pin("12345678"), Ok(()));
        for pin in ["1234567", "123456789", "1234567a", "", " 1234567"] {
            assert_eq!(check_egd_pin(pin), Err(FieldIssue::EgdPin), "{pin:?}");
        }
        for licence in ["1500104", "99A0007", "97250B2"] {
            assert_eq!(check_ffg_licence(licence), Ok(()), "{licence}");
        }
        for licence in ["150010", "15001045", "99a0007", "-------", "", "1500-04"] {
            assert_eq!(
                check_ffg_licence(licence),
                Err(FieldIssue::FfgLicence),
                "{licence:?}"
            );
        }
    }

    #[test]
    fn a_player_s_fields_are_checked_together_and_named_as_the_api_names_them() {
        let good = PlayerFields {
            surname: "Dupont",
            first_name: "Marie",
            rating: Some(2100),
            country: Some("FR"),
            club: Some("Paris"),
            egd_pin: Some("12345678"),
            ffg_licence: Some("1500104"),
            aga_id: Some("12"),
            mcmahon_correction: 2,
        };
        assert_eq!(good.issues(), []);
        let long = "x".repeat(10_000);
        let hostile = PlayerFields {
            surname: &long,
            first_name: "a\u{1b}[31m",
            rating: Some(i32::MAX),
            country: Some("FRA"),
            club: Some(""),
            egd_pin: Some("1"),
            ffg_licence: Some("x"),
            aga_id: Some("1a"),
            mcmahon_correction: i32::MAX,
        };
        let fields: Vec<&str> = hostile.issues().iter().map(|(field, _)| *field).collect();
        assert_eq!(
            fields,
            [
                "surname",
                "first_name",
                "club",
                "rating",
                "country",
                "egd_pin",
                "ffg_licence",
                "aga_id",
                "mcmahon_correction"
            ]
        );
        for correction in [-2, 3, i32::MIN] {
            let fields = PlayerFields {
                surname: "Dupont",
                mcmahon_correction: correction,
                ..PlayerFields::default()
            };
            assert_eq!(
                fields.issues(),
                [("mcmahon_correction", FieldIssue::McMahonCorrection)]
            );
        }
    }

    #[test]
    fn boards_are_those_the_service_plays() {
        assert_eq!(check_board_side(19), Ok(()));
        assert_eq!(check_board_side(2), Ok(()));
        assert_eq!(check_board_side(25), Ok(()));
        assert_eq!(check_board_side(1), Err(FieldIssue::BoardSide));
        assert_eq!(check_board_side(26), Err(FieldIssue::BoardSide));
        assert_eq!(check_board_side(52), Err(FieldIssue::BoardSide));
        assert_eq!(check_board(BoardSize::STANDARD), Ok(()));
        let rectangle = BoardSize {
            width: 19,
            height: 13,
        };
        assert_eq!(check_board(rectangle), Err(FieldIssue::Board));
        let large = BoardSize {
            width: 52,
            height: 52,
        };
        assert_eq!(check_board(large), Err(FieldIssue::Board));
    }
}
