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
/// The ratings a player may hold, on the EGD's scale (2100 = 1d): the lowest the EGD
/// gives, to well above the strongest professional's.
pub const RATINGS: std::ops::RangeInclusive<i32> = -900..=3200;
/// The most a McMahon start score is moved by hand, either way: the whole rank scale
/// (30k to 9p, 50 steps; OpenGotha's `smmsCorrection`).
pub const MAX_MMS_CORRECTION: i32 = 50;
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
    #[error("must be an AGA id: 1 to 12 digits")]
    AgaId,
    #[error("must be between -{MAX_MMS_CORRECTION} and {MAX_MMS_CORRECTION}")]
    MmsCorrection,
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

/// A rating on the EGD's scale, within [`RATINGS`]. Registration, the dashboard and the
/// rating lists check it here.
pub fn check_rating(rating: i32) -> Result<(), FieldIssue> {
    if RATINGS.contains(&rating) {
        Ok(())
    } else {
        Err(FieldIssue::Rating)
    }
}

/// An AGA membership id: 1 to 12 digits, as the AGA's `TDListA.txt` numbers its members
/// and as its results format writes them.
pub fn check_aga_id(id: &str) -> Result<(), FieldIssue> {
    if (1..=12).contains(&id.len()) && id.bytes().all(|byte| byte.is_ascii_digit()) {
        Ok(())
    } else {
        Err(FieldIssue::AgaId)
    }
}

/// A McMahon correction: points added to (or taken off) a player's start score by the
/// organizers, within [`MAX_MMS_CORRECTION`] either way. The API, the dashboard and the
/// OpenGotha import check it here.
pub fn check_mms_correction(points: i32) -> Result<(), FieldIssue> {
    if (-MAX_MMS_CORRECTION..=MAX_MMS_CORRECTION).contains(&points) {
        Ok(())
    } else {
        Err(FieldIssue::MmsCorrection)
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
    fn a_player_s_rating_aga_id_and_mcmahon_correction_are_bounded() {
        for rating in [-900, 0, 2100, 3200] {
            assert_eq!(check_rating(rating), Ok(()), "{rating}");
        }
        for rating in [-901, 3201, i32::MIN] {
            assert_eq!(check_rating(rating), Err(FieldIssue::Rating), "{rating}");
        }
        for id in ["1", "12345", "123456789012"] {
            assert_eq!(check_aga_id(id), Ok(()), "{id}");
        }
        for id in ["", "1234567890123", "12a4", " 123", "-12"] {
            assert_eq!(check_aga_id(id), Err(FieldIssue::AgaId), "{id:?}");
        }
        for points in [-50, -1, 0, 3, 50] {
            assert_eq!(check_mms_correction(points), Ok(()), "{points}");
        }
        for points in [-51, 51, i32::MAX] {
            assert_eq!(
                check_mms_correction(points),
                Err(FieldIssue::MmsCorrection),
                "{points}"
            );
        }
        assert_eq!(
            FieldIssue::MmsCorrection.to_string(),
            "must be between -50 and 50"
        );
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
