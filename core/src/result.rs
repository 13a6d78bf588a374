//! The result of a game, written as SGF `FF[4]` `RE` values
//! (<https://www.red-bean.com/sgf/properties.html#RE>): `B+3.5`, `W+R`, `B+T`, `W+F`,
//! `0` (jigo), `Void`, `?`.

use crate::point::Color;
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::fmt;
use std::str::FromStr;

/// How a game ended, and who won.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum GameResult {
    /// Won on the count by `margin` points (`B+3.5`); FFG rule 6: the higher score wins.
    Score { winner: Color, margin: f64 },
    /// Won, margin not recorded (`B+`).
    Win { winner: Color },
    /// Equal scores (`0`): FFG rule 6, "la partie est déclarée nulle".
    Draw,
    /// The loser resigned (`W+R`).
    Resignation { winner: Color },
    /// The loser ran out of time (`B+T`): FFG, "tout dépassement du temps réglementaire
    /// est compté comme perdant la partie".
    Time { winner: Color },
    /// The loser forfeited, or a referee awarded the game (`W+F`).
    Forfeit { winner: Color },
    /// No result: replayed (a long cycle under the simple ko rule, Italian text).
    Void,
    /// Unknown (`?`).
    Unknown,
}

impl GameResult {
    /// The result of a count: `margin` is Black's score minus White's, komi included.
    pub fn of_margin(margin: f64) -> GameResult {
        if margin > 0.0 {
            GameResult::Score {
                winner: Color::Black,
                margin,
            }
        } else if margin < 0.0 {
            GameResult::Score {
                winner: Color::White,
                margin: -margin,
            }
        } else {
            GameResult::Draw
        }
    }

    /// The winner, when there is one.
    pub fn winner(&self) -> Option<Color> {
        match *self {
            GameResult::Score { winner, .. }
            | GameResult::Win { winner }
            | GameResult::Resignation { winner }
            | GameResult::Time { winner }
            | GameResult::Forfeit { winner } => Some(winner),
            GameResult::Draw | GameResult::Void | GameResult::Unknown => None,
        }
    }
}

impl fmt::Display for GameResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GameResult::Score { winner, margin } => write!(f, "{winner}+{margin}"),
            GameResult::Win { winner } => write!(f, "{winner}+"),
            GameResult::Draw => f.write_str("0"),
            GameResult::Resignation { winner } => write!(f, "{winner}+R"),
            GameResult::Time { winner } => write!(f, "{winner}+T"),
            GameResult::Forfeit { winner } => write!(f, "{winner}+F"),
            GameResult::Void => f.write_str("Void"),
            GameResult::Unknown => f.write_str("?"),
        }
    }
}

/// An `RE` value that is not in the SGF `FF[4]` syntax.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("invalid result {0:?}: expected B+3.5, W+R, B+T, W+F, B+, 0, Draw, Void or ?")]
pub struct InvalidResult(pub String);

impl FromStr for GameResult {
    type Err = InvalidResult;

    /// Reads every `FF[4]` spelling: `B+R` and `B+Resign`, `B+T` and `B+Time`, `B+F` and
    /// `B+Forfeit`, `0` and `Draw`; letters in any case.
    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let invalid = || InvalidResult(text.to_string());
        let trimmed = text.trim();
        match trimmed.to_ascii_lowercase().as_str() {
            "0" | "draw" | "jigo" => return Ok(GameResult::Draw),
            "void" => return Ok(GameResult::Void),
            "?" => return Ok(GameResult::Unknown),
            _ => {}
        }
        let (color, how) = trimmed.split_once('+').ok_or_else(invalid)?;
        let mut letters = color.chars();
        let winner = match (letters.next().and_then(Color::from_letter), letters.next()) {
            (Some(winner), None) => winner,
            _ => return Err(invalid()),
        };
        let result = match how.to_ascii_lowercase().as_str() {
            "" => GameResult::Win { winner },
            "r" | "resign" => GameResult::Resignation { winner },
            "t" | "time" => GameResult::Time { winner },
            "f" | "forfeit" => GameResult::Forfeit { winner },
            number if is_real(number) => match number.parse::<f64>() {
                Ok(margin) if margin.is_finite() && margin > 0.0 => {
                    GameResult::Score { winner, margin }
                }
                _ => return Err(invalid()),
            },
            _ => return Err(invalid()),
        };
        Ok(result)
    }
}

/// An `FF[4]` `Real` without a sign: `Digit+ ["." Digit+]` (no `1e3`, `inf` or `.5`).
fn is_real(text: &str) -> bool {
    let (whole, fraction) = text.split_once('.').unwrap_or((text, "0"));
    let digits = |part: &str| !part.is_empty() && part.bytes().all(|byte| byte.is_ascii_digit());
    digits(whole) && digits(fraction)
}

impl Serialize for GameResult {
    /// As its `RE` text.
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for GameResult {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let text = String::deserialize(deserializer)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)] // in a test an unwrap is an assertion
mod tests {
    use super::*;

    #[test]
    fn every_kind_round_trips_through_its_re_text() {
        for text in ["B+3.5", "W+12", "B+R", "W+T", "B+F", "W+", "0", "Void", "?"] {
            let result: GameResult = text.parse().unwrap();
            assert_eq!(result.to_string(), text);
        }
        assert_eq!(
            "W+Resign".parse(),
            Ok(GameResult::Resignation {
                winner: Color::White
            })
        );
        assert_eq!(
            "b+time".parse(),
            Ok(GameResult::Time {
                winner: Color::Black
            })
        );
        assert_eq!("Draw".parse(), Ok(GameResult::Draw));
        for wrong in [
            "", "B", "B+-1", "B+0", "X+R", "BW+R", "B+NaN", "B+inf", "W+Q", "B+1e3", "B+.5",
            "B+3.", "W+0x10",
        ] {
            assert!(wrong.parse::<GameResult>().is_err(), "{wrong}");
        }
    }

    #[test]
    fn margins_name_the_winner() {
        assert_eq!(GameResult::of_margin(7.5).to_string(), "B+7.5");
        assert_eq!(GameResult::of_margin(-0.5).to_string(), "W+0.5");
        assert_eq!(GameResult::of_margin(0.0), GameResult::Draw);
        assert_eq!(
            serde_json::to_string(&GameResult::Void).unwrap(),
            "\"Void\""
        );
    }
}
