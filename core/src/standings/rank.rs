//! Go ranks: kyu, dan and professional grades on one ordered scale.

use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;
use thiserror::Error;

/// A rank such as `12k`, `3d` or `1p`, ordered from the weakest to the strongest.
///
/// The scale is OpenGotha's (`Player.convertKDPToInt`): `30k` is −30, `1k` is −1, `1d` is 0,
/// `9d` is 8; professional ranks follow the amateur dan ranks (`1p` is 9).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct Rank(i32);

/// Why a rank could not be read.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("`{0}` is not a rank: expected 1k–50k, 1d–9d or 1p–9p")]
pub struct RankError(pub String);

/// The weakest kyu rank accepted (EGD tables go down to 50k for beginners' events).
const WEAKEST_KYU: u32 = 50;

impl Rank {
    /// 1d, the zero of OpenGotha's scale.
    pub const FIRST_DAN: Rank = Rank(0);
    /// 30k, the rank OpenGotha's McMahon start scores count from (its fixed `genMMZero`).
    pub const THIRTY_KYU: Rank = Rank(-30);
    /// 4d, OpenGotha's default McMahon bar.
    pub const FOURTH_DAN: Rank = Rank(3);
    /// 20k, OpenGotha's default McMahon floor.
    pub const TWENTIETH_KYU: Rank = Rank(-20);

    pub fn kyu(kyu: u32) -> Option<Rank> {
        (1..=WEAKEST_KYU)
            .contains(&kyu)
            .then(|| Rank(-(kyu as i32)))
    }

    pub fn dan(dan: u32) -> Option<Rank> {
        (1..=9).contains(&dan).then(|| Rank(dan as i32 - 1))
    }

    pub fn pro(pro: u32) -> Option<Rank> {
        (1..=9).contains(&pro).then(|| Rank(pro as i32 + 8))
    }

    /// The rank at a position of OpenGotha's scale, held between 50k and 9p.
    pub fn from_value(value: i32) -> Rank {
        Rank(value.clamp(-(WEAKEST_KYU as i32), 17))
    }

    /// The position on OpenGotha's scale: `1d` is 0, one step per grade.
    pub fn value(self) -> i32 {
        self.0
    }

    /// The rank in capitals (`12K`, `3D`), as OpenGotha and the FFG write it.
    pub fn upper(self) -> String {
        self.to_string().to_uppercase()
    }
}

impl fmt::Display for Rank {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            value if value < 0 => write!(f, "{}k", -value),
            value if value <= 8 => write!(f, "{}d", value + 1),
            value => write!(f, "{}p", value - 8),
        }
    }
}

impl FromStr for Rank {
    type Err = RankError;

    fn from_str(text: &str) -> Result<Rank, RankError> {
        let error = || RankError(text.to_string());
        let trimmed = text.trim();
        let mut chars = trimmed.chars();
        let grade = chars.next_back().ok_or_else(error)?;
        let number: u32 = chars.as_str().trim().parse().map_err(|_| error())?;
        match grade.to_ascii_lowercase() {
            'k' => Rank::kyu(number),
            'd' => Rank::dan(number),
            'p' => Rank::pro(number),
            _ => None,
        }
        .ok_or_else(error)
    }
}

impl TryFrom<String> for Rank {
    type Error = RankError;

    fn try_from(text: String) -> Result<Rank, RankError> {
        text.parse()
    }
}

impl From<Rank> for String {
    fn from(rank: Rank) -> String {
        rank.to_string()
    }
}
