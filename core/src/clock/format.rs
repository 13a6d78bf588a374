//! Time controls and clock readings as SGF writes them.
//!
//! SGF `FF[4]` gives `TM` (main time, in seconds, a real) and leaves `OT` (overtime) as
//! free text; the spellings below are the ones the servers write and OGS's reader
//! (`goban`, `parseSGFOvertime`) accepts, case-insensitively:
//!
//! | system     | `TM`      | `OT`                |
//! |------------|-----------|---------------------|
//! | none       | absent    | absent              |
//! | absolute   | main time | absent              |
//! | byo-yomi   | main time | `5x30 byo-yomi`     |
//! | Canadian   | main time | `25/300 Canadian`   |
//! | Fischer    | main time | `10 fischer`        |
//! | simple     | absent    | `30 simple`         |
//!
//! Readings: `60+10 Fischer` (main time and increment in `OT`), `byoyomi`, `byo yomi`.
//! The Fischer cap has no common spelling; arbitre writes it `10 fischer max 1200` and
//! reads it back. The online byo-yomi is written as the byo-yomi it runs as (see
//! [`TimeControl::OnlineByoYomi`]): `TM` is the main time less the byo-yomi, `OT` one period.
//!
//! After a move, `BL`/`WL` hold the mover's time left in seconds and `OB`/`OW` the
//! byo-yomi periods or Canadian stones left, written only in overtime; there `BL` is the
//! time left in the current period (SGF `FF[4]`: "number of moves left to play in this
//! byo-yomi period"; KGS and OGS write periods for Japanese byo-yomi).

use super::state::PlayerTime;
use super::system::{TimeControl, TimeControlError};

/// Why an SGF time value cannot be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum FormatError {
    #[error("{0:?} is not a number of seconds")]
    InvalidSeconds(String),
    #[error("{0:?} is not a count")]
    InvalidCount(String),
    #[error("unknown overtime {0:?}: expected `5x30 byo-yomi`, `25/300 Canadian`, `10 fischer` or `30 simple`")]
    UnknownOvertime(String),
    #[error("TM[{tm}] disagrees with the main time in OT[{ot}]")]
    Inconsistent { tm: String, ot: String },
    #[error(transparent)]
    Invalid(#[from] TimeControlError),
}

/// The root properties `TM` and `OT`, as property values (without brackets).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct SgfTimeProperties {
    pub tm: Option<String>,
    pub ot: Option<String>,
}

impl TimeControl {
    /// The `TM` and `OT` values that describe this control.
    pub fn to_sgf(&self) -> SgfTimeProperties {
        let (tm, ot) = match *self {
            TimeControl::None {} => (None, None),
            TimeControl::Absolute { main_time_ms } => (Some(main_time_ms), None),
            TimeControl::ByoYomi {
                main_time_ms,
                periods,
                period_ms,
            } => (
                Some(main_time_ms),
                Some(format!("{periods}x{} byo-yomi", format_seconds(period_ms))),
            ),
            TimeControl::Canadian {
                main_time_ms,
                stones,
                period_ms,
            } => (
                Some(main_time_ms),
                Some(format!("{stones}/{} Canadian", format_seconds(period_ms))),
            ),
            TimeControl::Fischer {
                main_time_ms,
                increment_ms,
                max_time_ms,
            } => {
                let mut ot = format!("{} fischer", format_seconds(increment_ms));
                if let Some(cap) = max_time_ms {
                    ot.push_str(&format!(" max {}", format_seconds(cap)));
                }
                (Some(main_time_ms), Some(ot))
            }
            TimeControl::Simple { per_move_ms } => (
                None,
                Some(format!("{} simple", format_seconds(per_move_ms))),
            ),
            TimeControl::OnlineByoYomi {
                main_time_ms,
                byo_yomi_ms,
            } => (
                Some(main_time_ms.saturating_sub(byo_yomi_ms)),
                Some(format!("1x{} byo-yomi", format_seconds(byo_yomi_ms))),
            ),
        };
        SgfTimeProperties {
            tm: tm.map(format_seconds),
            ot,
        }
    }

    /// Reads `TM` and `OT`. Without `OT`, `TM` is sudden death, and `TM[0]` or no `TM`
    /// means no time limit. With `OT[.. simple]`, `TM` is not read (as OGS does).
    /// The result is validated: `OT[0x30 byo-yomi]` is an error, not a clock.
    pub fn from_sgf(tm: Option<&str>, ot: Option<&str>) -> Result<TimeControl, FormatError> {
        let main_ms = tm.map(parse_seconds).transpose()?;
        let ot = ot.map(str::trim).filter(|ot| !ot.is_empty());
        let Some(ot) = ot else {
            return Ok(match main_ms {
                None | Some(0) => TimeControl::None {},
                Some(main_time_ms) => TimeControl::Absolute { main_time_ms },
            });
        };
        let main_time_ms = main_ms.unwrap_or(0);
        let lower = ot.to_ascii_lowercase();
        let words: Vec<&str> = lower.split_whitespace().collect();
        let unknown = || FormatError::UnknownOvertime(ot.to_string());
        let control = match words.as_slice() {
            [numbers, "byo-yomi" | "byoyomi"] | [numbers, "byo", "yomi"] => {
                let (periods, period) = numbers.split_once('x').ok_or_else(unknown)?;
                TimeControl::ByoYomi {
                    main_time_ms,
                    periods: parse_count(periods)?,
                    period_ms: parse_seconds(period)?,
                }
            }
            [numbers, "canadian"] => {
                let (stones, period) = numbers.split_once('/').ok_or_else(unknown)?;
                TimeControl::Canadian {
                    main_time_ms,
                    stones: parse_count(stones)?,
                    period_ms: parse_seconds(period)?,
                }
            }
            [numbers, "fischer", rest @ ..] => {
                let max_time_ms = match rest {
                    [] => None,
                    ["max", cap] => Some(parse_seconds(cap)?),
                    _ => return Err(unknown()),
                };
                let (main_time_ms, increment) = match numbers.split_once('+') {
                    None => (main_time_ms, *numbers),
                    Some((ot_main, increment)) => {
                        let ot_main_ms = parse_seconds(ot_main)?;
                        if main_ms.is_some_and(|main_ms| main_ms != ot_main_ms) {
                            return Err(FormatError::Inconsistent {
                                tm: tm.unwrap_or_default().to_string(),
                                ot: ot.to_string(),
                            });
                        }
                        (ot_main_ms, increment)
                    }
                };
                TimeControl::Fischer {
                    main_time_ms,
                    increment_ms: parse_seconds(increment)?,
                    max_time_ms,
                }
            }
            [per_move, "simple"] => TimeControl::Simple {
                per_move_ms: parse_seconds(per_move)?,
            },
            _ => return Err(unknown()),
        };
        control.validate()?;
        Ok(control)
    }
}

/// A player's clock after their move, as `BL`/`WL` and `OB`/`OW` record it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct SgfMoveTime {
    /// `BL`/`WL`: main time left, or in overtime the time left in the current period.
    pub time_left_ms: u64,
    /// `OB`/`OW`: in overtime, byo-yomi periods or Canadian stones left.
    pub overtime_left: Option<u32>,
}

impl SgfMoveTime {
    /// The values to record for a reading taken just after the move; `None` without
    /// time limit.
    pub fn from_player_time(control: &TimeControl, time: &PlayerTime) -> Option<SgfMoveTime> {
        let main_only = SgfMoveTime {
            time_left_ms: time.main_ms,
            overtime_left: None,
        };
        let reading = match control {
            TimeControl::None {} => return None,
            TimeControl::Absolute { .. } | TimeControl::Fischer { .. } => main_only,
            TimeControl::Simple { .. } => SgfMoveTime {
                time_left_ms: time.period_ms_left,
                overtime_left: None,
            },
            TimeControl::ByoYomi { .. } | TimeControl::OnlineByoYomi { .. } if time.in_overtime => {
                SgfMoveTime {
                    time_left_ms: time.period_ms_left,
                    overtime_left: Some(time.periods_left),
                }
            }
            TimeControl::Canadian { .. } if time.in_overtime => SgfMoveTime {
                time_left_ms: time.period_ms_left,
                overtime_left: Some(time.stones_left),
            },
            TimeControl::ByoYomi { .. }
            | TimeControl::OnlineByoYomi { .. }
            | TimeControl::Canadian { .. } => main_only,
        };
        Some(reading)
    }

    /// Reads a `BL`/`WL` value and its `OB`/`OW`, if any.
    pub fn parse(time_left: &str, overtime_left: Option<&str>) -> Result<SgfMoveTime, FormatError> {
        Ok(SgfMoveTime {
            time_left_ms: parse_seconds(time_left)?,
            overtime_left: overtime_left.map(parse_count).transpose()?,
        })
    }

    /// The `BL`/`WL` value.
    pub fn time_left_value(&self) -> String {
        format_seconds(self.time_left_ms)
    }

    /// The `OB`/`OW` value.
    pub fn overtime_left_value(&self) -> Option<String> {
        self.overtime_left.map(|count| count.to_string())
    }
}

/// Reads an SGF real number of seconds (`1800`, `29.5`, `3599.123`) as milliseconds.
/// Digits beyond the millisecond are rounded half up, since some programs write
/// microseconds; signs and exponents are refused.
pub fn parse_seconds(text: &str) -> Result<u64, FormatError> {
    let invalid = || FormatError::InvalidSeconds(text.to_string());
    let trimmed = text.trim();
    let (whole, fraction) = trimmed.split_once('.').unwrap_or((trimmed, ""));
    let all_digits = |part: &str| part.bytes().all(|byte| byte.is_ascii_digit());
    if whole.is_empty() && fraction.is_empty() || !all_digits(whole) || !all_digits(fraction) {
        return Err(invalid());
    }
    let whole_s: u64 = if whole.is_empty() {
        0
    } else {
        whole.parse().map_err(|_| invalid())?
    };
    let digit = |index: usize| {
        fraction
            .as_bytes()
            .get(index)
            .map_or(0, |byte| u64::from(byte - b'0'))
    };
    let millis = digit(0) * 100 + digit(1) * 10 + digit(2);
    let round_up = u64::from(digit(3) >= 5);
    whole_s
        .checked_mul(1000)
        .and_then(|ms| ms.checked_add(millis + round_up))
        .ok_or_else(invalid)
}

/// Writes milliseconds as SGF seconds, exactly and without trailing zeros: `1800`, `29.5`.
pub fn format_seconds(ms: u64) -> String {
    let (seconds, millis) = (ms / 1000, ms % 1000);
    if millis == 0 {
        return seconds.to_string();
    }
    let fraction = format!("{millis:03}");
    format!("{seconds}.{}", fraction.trim_end_matches('0'))
}

fn parse_count(text: &str) -> Result<u32, FormatError> {
    let trimmed = text.trim();
    if trimmed.is_empty() || !trimmed.bytes().all(|byte| byte.is_ascii_digit()) {
        return Err(FormatError::InvalidCount(text.to_string()));
    }
    trimmed
        .parse()
        .map_err(|_| FormatError::InvalidCount(text.to_string()))
}
