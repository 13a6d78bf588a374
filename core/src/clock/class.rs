//! The EGF tournament class of a time control, for the EGD export (`; CL[A]`, `; TM[82]`).
//!
//! Formulas and thresholds are those of OpenGotha (`Tournament.egfClass`,
//! `egfAdjustedTime`) and pairgoth (`TimeSystem.adjustedTime`, `StandingsHandler`), which
//! agree: see docs/rating-formats.md §1.4. The adjusted time (TA) is
//!
//! * byo-yomi: basic + 45 × period (the number of periods does not count);
//! * Canadian: basic + 60 × period / stones, i.e. the time for 60 moves;
//! * Fischer: basic + 120 × increment (a cap does not count);
//! * sudden death: basic.
//!
//! Simple time is byo-yomi without basic time, and the online byo-yomi is byo-yomi with
//! the period taken from the basic time, as the clock runs them. No time limit is X.

use super::system::TimeControl;
use serde::{Deserialize, Serialize};
use std::fmt;

/// An EGF tournament class. Rating weights: A 1.00, B 0.75, C 0.50, D 0.25.
#[cfg_attr(feature = "utoipa", derive(utoipa::ToSchema))]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum EgdClass {
    A,
    B,
    C,
    /// Internet tournaments.
    D,
    /// Not classifiable.
    X,
}

impl fmt::Display for EgdClass {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let letter = match self {
            EgdClass::A => "A",
            EgdClass::B => "B",
            EgdClass::C => "C",
            EgdClass::D => "D",
            EgdClass::X => "X",
        };
        f.write_str(letter)
    }
}

const MINUTE_MS: u64 = 60_000;

/// Basic time and TA thresholds, in minutes, for classes A, B and C.
const BYO_YOMI_THRESHOLDS: [(EgdClass, u64, u64); 3] = [
    (EgdClass::A, 60, 75),
    (EgdClass::B, 40, 50),
    (EgdClass::C, 25, 30),
];
const FISCHER_THRESHOLDS: [(EgdClass, u64, u64); 3] = [
    (EgdClass::A, 45, 75),
    (EgdClass::B, 30, 50),
    (EgdClass::C, 20, 30),
];

/// The EGD adjusted time, in whole minutes as `TM[]` and `;ta=` print it (rounded down:
/// 60 min + 30 s byo-yomi is 82.5, printed 82), and the class. Online events are D or X:
/// D needs basic ≥ 40 and TA ≥ 50 minutes (basic ≥ 30 with Fischer).
pub fn egd_class(control: &TimeControl, online: bool) -> (u64, EgdClass) {
    let (basic_ms, adjusted_ms, fischer) = match *control {
        TimeControl::None {} => return (0, EgdClass::X),
        TimeControl::Absolute { main_time_ms } => (main_time_ms, main_time_ms, false),
        TimeControl::ByoYomi {
            main_time_ms,
            period_ms,
            ..
        } => (
            main_time_ms,
            main_time_ms.saturating_add(period_ms.saturating_mul(45)),
            false,
        ),
        TimeControl::Canadian {
            main_time_ms,
            stones,
            period_ms,
        } => {
            let sixty_moves = period_ms.saturating_mul(60) / u64::from(stones.max(1));
            (
                main_time_ms,
                main_time_ms.saturating_add(sixty_moves),
                false,
            )
        }
        TimeControl::Fischer {
            main_time_ms,
            increment_ms,
            ..
        } => (
            main_time_ms,
            main_time_ms.saturating_add(increment_ms.saturating_mul(120)),
            true,
        ),
        TimeControl::Simple { per_move_ms } => (0, per_move_ms.saturating_mul(45), false),
        TimeControl::OnlineByoYomi {
            main_time_ms,
            byo_yomi_ms,
        } => {
            let basic_ms = main_time_ms.saturating_sub(byo_yomi_ms);
            (
                basic_ms,
                basic_ms.saturating_add(byo_yomi_ms.saturating_mul(45)),
                false,
            )
        }
    };
    let meets = |basic_min: u64, adjusted_min: u64| {
        basic_ms >= basic_min * MINUTE_MS && adjusted_ms >= adjusted_min * MINUTE_MS
    };
    let class = if online {
        let basic_min = if fischer { 30 } else { 40 };
        if meets(basic_min, 50) {
            EgdClass::D
        } else {
            EgdClass::X
        }
    } else {
        let thresholds = if fischer {
            FISCHER_THRESHOLDS
        } else {
            BYO_YOMI_THRESHOLDS
        };
        thresholds
            .into_iter()
            .find(|&(_, basic_min, adjusted_min)| meets(basic_min, adjusted_min))
            .map_or(EgdClass::X, |(class, _, _)| class)
    };
    (adjusted_ms / MINUTE_MS, class)
}
