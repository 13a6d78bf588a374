//! The terms of a game, fixed when it starts (FFG preliminary rule: "les conditions de
//! la partie sont fixées avant son début"): rules, board, handicap and its form, komi,
//! what follows a disputed count, the time control and what a flag fall does.

use crate::clock::{FlagPolicy, TimeControl, TimeControlError};
use crate::ending::Settings;
use crate::point::{BoardSize, Color, Point};
use crate::result::GameResult;
use serde::{Deserialize, Serialize};

/// Most handicap stones: FFG and AGA stop at nine, and so do the standard placements.
pub const MAX_HANDICAP: u32 = 9;

/// How Black's handicap stones come onto the board.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "utoipa", derive(utoipa::ToSchema))]
#[serde(rename_all = "kebab-case")]
pub enum HandicapForm {
    /// No handicap stones (an even game, or one stone: Black plays first without komi).
    None,
    /// FFG preliminary rule: Black plays the n stones as n consecutive moves, anywhere;
    /// White's n − 1 turns in between are not played and pay nothing (rule 6 bis).
    Moves,
    /// SGF `HA`/`AB`: the stones are set up on the standard points before the first
    /// turn, which is White's.
    Fixed,
}

/// The terms of one game.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Terms {
    /// Rules, board, setup stones, handicap, komi, resumption policy.
    pub settings: Settings,
    pub time_control: TimeControl,
    pub flag_policy: FlagPolicy,
}

/// Why terms cannot be played.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum TermsError {
    #[error("komi {komi} is not a finite number")]
    Komi { komi: f64 },
    #[error("time control: {0}")]
    TimeControl(#[from] TimeControlError),
    #[error("a handicap of {handicap} stones: at most {MAX_HANDICAP}")]
    TooManyStones { handicap: u32 },
    #[error("HA[{declared}] but {placed} handicap stone(s) set up")]
    SetupMismatch { declared: u32, placed: u32 },
    #[error("no standard placement of {handicap} stones on a {width}×{height} board")]
    NoStandardPlacement {
        handicap: u32,
        width: u8,
        height: u8,
    },
}

impl TermsError {
    /// The stable code: `terms.komi`, `terms.time_control`, `terms.handicap`.
    pub fn code(&self) -> &'static str {
        match self {
            TermsError::Komi { .. } => "terms.komi",
            TermsError::TimeControl(_) => "terms.time_control",
            TermsError::TooManyStones { .. }
            | TermsError::SetupMismatch { .. }
            | TermsError::NoStandardPlacement { .. } => "terms.handicap",
        }
    }
}

/// Why a result cannot be the result of a game under its terms.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum ResultError {
    #[error("`?` says no result: a ruling must decide one")]
    Unknown,
    /// Rule 6: both scores are whole numbers, so a margin differs from the komi by a
    /// whole number (half points only with a komi that has one).
    #[error("a margin of {margin} is impossible with komi {komi}: it must differ from the komi by a whole number")]
    Margin { margin: f64, komi: f64 },
    #[error("a margin of {margin} is more than the board ({points} points) and the komi ({komi}) can give")]
    MarginTooLarge {
        margin: f64,
        points: usize,
        komi: f64,
    },
    /// Rule 6: equal scores need a whole komi.
    #[error("a draw is impossible with komi {komi}")]
    Draw { komi: f64 },
}

impl ResultError {
    /// The stable code: `result.unknown`, `result.margin`, `result.draw`.
    pub fn code(&self) -> &'static str {
        match self {
            ResultError::Unknown => "result.unknown",
            ResultError::Margin { .. } | ResultError::MarginTooLarge { .. } => "result.margin",
            ResultError::Draw { .. } => "result.draw",
        }
    }
}

fn is_whole(number: f64) -> bool {
    number.fract() == 0.0
}

impl Terms {
    /// Checks the terms, and fixes who plays first: Black, or White after fixed
    /// handicap stones (FFG preliminary rule; SGF `HA`/`AB`), unless `PL` said otherwise.
    pub fn new(
        mut settings: Settings,
        time_control: TimeControl,
        flag_policy: FlagPolicy,
    ) -> Result<Terms, TermsError> {
        if !settings.komi.is_finite() {
            return Err(TermsError::Komi {
                komi: settings.komi,
            });
        }
        time_control.validate()?;
        let start = &mut settings.start;
        if start.handicap > MAX_HANDICAP {
            return Err(TermsError::TooManyStones {
                handicap: start.handicap,
            });
        }
        let placed = start.setup.black.len();
        if placed > 0 && start.handicap >= 2 && placed != start.handicap as usize {
            return Err(TermsError::SetupMismatch {
                declared: start.handicap,
                placed: u32::try_from(placed).unwrap_or(u32::MAX),
            });
        }
        let fixed = start.handicap >= 2 && placed > 0;
        start.first_player =
            Some(
                start
                    .first_player
                    .unwrap_or(if fixed { Color::White } else { Color::Black }),
            );
        Ok(Terms {
            settings,
            time_control,
            flag_policy,
        })
    }

    pub fn handicap_form(&self) -> HandicapForm {
        let start = &self.settings.start;
        match (start.handicap, start.setup.black.is_empty()) {
            (0 | 1, _) => HandicapForm::None,
            (_, true) => HandicapForm::Moves,
            (_, false) => HandicapForm::Fixed,
        }
    }

    /// Whether `result` can be this game's result (for a ruling, or a result entered by
    /// hand): see [`check_result`].
    pub fn check_result(&self, result: &GameResult) -> Result<(), ResultError> {
        check_result(result, self.settings.komi, self.settings.start.size)
    }
}

/// Whether `result` can be the result of a game with `komi` on a board of `size`: a known
/// result, and a margin the count of rule 6 can give.
pub fn check_result(result: &GameResult, komi: f64, size: BoardSize) -> Result<(), ResultError> {
    match *result {
        GameResult::Unknown => Err(ResultError::Unknown),
        GameResult::Draw if !is_whole(komi) => Err(ResultError::Draw { komi }),
        GameResult::Score { margin, .. } => {
            if !is_whole(margin - komi) && !is_whole(margin + komi) {
                return Err(ResultError::Margin { margin, komi });
            }
            let points = size.points();
            if margin > points as f64 + komi.abs() {
                return Err(ResultError::MarginTooLarge {
                    margin,
                    points,
                    komi,
                });
            }
            Ok(())
        }
        _ => Ok(()),
    }
}

/// The standard points of `handicap` fixed stones (Japanese placement, the SGF
/// convention of `HA`/`AB`): on the 4-4 points (3-3 below 13×13), then the centre and
/// the sides. Needs a board of at least 7×7, and an odd side for the centre and sides.
pub fn fixed_handicap(size: BoardSize, handicap: u32) -> Result<Vec<Point>, TermsError> {
    let refuse = || TermsError::NoStandardPlacement {
        handicap,
        width: size.width,
        height: size.height,
    };
    if handicap > MAX_HANDICAP {
        return Err(TermsError::TooManyStones { handicap });
    }
    if handicap < 2 {
        return Ok(Vec::new());
    }
    let (width, height) = (size.width, size.height);
    if width < 7 || height < 7 {
        return Err(refuse());
    }
    let edge = |side: u8| if side >= 13 { 3 } else { 2 };
    let (left, top) = (edge(width), edge(height));
    let (right, bottom) = (width - 1 - left, height - 1 - top);
    let needs_middle = handicap >= 5;
    if needs_middle && (width % 2 == 0 || height % 2 == 0) {
        return Err(refuse());
    }
    let (middle_x, middle_y) = (width / 2, height / 2);
    // Black's view: the upper right corner first, then lower left, lower right, upper left.
    let corners = [
        Point::new(right, top),
        Point::new(left, bottom),
        Point::new(right, bottom),
        Point::new(left, top),
    ];
    let centre = Point::new(middle_x, middle_y);
    let left_and_right = [Point::new(left, middle_y), Point::new(right, middle_y)];
    let top_and_bottom = [Point::new(middle_x, top), Point::new(middle_x, bottom)];
    let mut points: Vec<Point> = corners[..(handicap.min(4) as usize)].to_vec();
    match handicap {
        5 => points.push(centre),
        6 => points.extend(left_and_right),
        7 => {
            points.extend(left_and_right);
            points.push(centre);
        }
        8 => {
            points.extend(left_and_right);
            points.extend(top_and_bottom);
        }
        9 => {
            points.extend(left_and_right);
            points.extend(top_and_bottom);
            points.push(centre);
        }
        _ => {}
    }
    Ok(points)
}
