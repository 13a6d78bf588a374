//! Time controls: what a tournament announces, and the one model every clock runs.
//!
//! Each announced system is kept as the organiser wrote it (that is what the tournament
//! shows, exports and stores as JSON), and is mapped onto a smaller model of
//! *main time, then overtime* that the clock actually runs. Two systems that the
//! model cannot tell apart behave identically on every event log; the tests check it.

use serde::{Deserialize, Serialize};

/// A time control, as stored in a tournament or a game.
///
/// JSON form (`system` names the variant; every duration is in milliseconds):
///
/// ```json
/// {"system": "none"}
/// {"system": "absolute", "main_time_ms": 3600000}
/// {"system": "byo-yomi", "main_time_ms": 3600000, "periods": 5, "period_ms": 30000}
/// {"system": "canadian", "main_time_ms": 3600000, "stones": 15, "period_ms": 300000}
/// {"system": "fischer", "main_time_ms": 2700000, "increment_ms": 30000}
/// {"system": "fischer", "main_time_ms": 600000, "increment_ms": 10000, "max_time_ms": 1200000}
/// {"system": "simple", "per_move_ms": 30000}
/// {"system": "online-byo-yomi", "main_time_ms": 600000, "byo_yomi_ms": 15000}
/// ```
#[cfg_attr(feature = "utoipa", derive(utoipa::ToSchema))]
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "system", rename_all = "kebab-case", deny_unknown_fields)]
pub enum TimeControl {
    /// No time limit: the clock only records whose turn it is. (A struct variant, so
    /// that `{"system": "none", "main_time_ms": ...}` is refused rather than read as no
    /// limit.)
    None {},
    /// Sudden death: the main time is all there is. "Tout dépassement du temps
    /// réglementaire est compté comme perdant la partie" (FFG, time rules).
    Absolute {
        #[cfg_attr(feature = "utoipa", schema(minimum = 1, maximum = 86400000))]
        main_time_ms: u64,
    },
    /// Japanese byo-yomi: main time, then `periods` periods of `period_ms` each.
    /// A move made inside a period keeps it (the next move starts a full period);
    /// a period is lost only when it runs out entirely, and one long think can use
    /// up several (FFG: "jouer chaque coup en moins de trente secondes").
    ByoYomi {
        #[cfg_attr(feature = "utoipa", schema(maximum = 86400000))]
        main_time_ms: u64,
        #[cfg_attr(feature = "utoipa", schema(minimum = 1, maximum = 100))]
        periods: u32,
        #[cfg_attr(feature = "utoipa", schema(minimum = 1, maximum = 86400000))]
        period_ms: u64,
    },
    /// Canadian byo-yomi: main time, then `stones` moves to play within `period_ms`.
    /// When they are played the period starts again, full; its unused time is lost
    /// (FFG: "jouer chaque séquence de 15 coups en moins de 5 minutes").
    Canadian {
        #[cfg_attr(feature = "utoipa", schema(maximum = 86400000))]
        main_time_ms: u64,
        #[cfg_attr(feature = "utoipa", schema(minimum = 1, maximum = 1000))]
        stones: u32,
        #[cfg_attr(feature = "utoipa", schema(minimum = 1, maximum = 86400000))]
        period_ms: u64,
    },
    /// Fischer: each turn adds `increment_ms` to the player's time, which never grows
    /// past `max_time_ms` when a cap is set (OGS's "max time").
    Fischer {
        #[cfg_attr(feature = "utoipa", schema(maximum = 86400000))]
        main_time_ms: u64,
        #[cfg_attr(feature = "utoipa", schema(minimum = 1, maximum = 86400000))]
        increment_ms: u64,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[cfg_attr(feature = "utoipa", schema(maximum = 86400000))]
        max_time_ms: Option<u64>,
    },
    /// Simple time: every move must be made within `per_move_ms`; unused time is lost.
    Simple {
        #[cfg_attr(feature = "utoipa", schema(minimum = 1, maximum = 86400000))]
        per_move_ms: u64,
    },
    /// The online-server byo-yomi of the BSW rules: "Lorsque l'on fixe Byoyomi à X
    /// secondes, il entre en vigueur dès qu'un joueur atteint les X dernières secondes
    /// du temps configuré. Si le joueur réussit à jouer son coup dans le temps X
    /// imparti, il pourra jouer son prochain tour avec encore X secondes."
    /// The byo-yomi is carved out of the main time, not added to it: it runs exactly
    /// as Japanese byo-yomi with `main_time_ms − byo_yomi_ms` of main time and one
    /// period of `byo_yomi_ms`.
    OnlineByoYomi {
        #[cfg_attr(feature = "utoipa", schema(minimum = 1, maximum = 86400000))]
        main_time_ms: u64,
        #[cfg_attr(feature = "utoipa", schema(minimum = 1, maximum = 86400000))]
        byo_yomi_ms: u64,
    },
}

/// Why a time control cannot be played.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TimeControlError {
    #[error("{system} needs a main time greater than zero")]
    ZeroMainTime { system: &'static str },
    #[error("byo-yomi needs at least one period")]
    ZeroPeriods,
    #[error("Canadian byo-yomi needs at least one stone per period")]
    ZeroStones,
    #[error("{system} needs a period (or time per move) greater than zero")]
    ZeroPeriodTime { system: &'static str },
    #[error("Fischer needs an increment greater than zero (without one, use absolute time)")]
    ZeroIncrement,
    #[error("the Fischer cap ({max_time_ms} ms) is below the main time ({main_time_ms} ms)")]
    CapBelowMainTime { max_time_ms: u64, main_time_ms: u64 },
    #[error("the online byo-yomi ({byo_yomi_ms} ms) is longer than the main time it is taken from ({main_time_ms} ms)")]
    ByoYomiLongerThanMainTime { byo_yomi_ms: u64, main_time_ms: u64 },
}

impl TimeControl {
    /// The `system` name used in JSON.
    pub fn system_name(&self) -> &'static str {
        match self {
            TimeControl::None {} => "none",
            TimeControl::Absolute { .. } => "absolute",
            TimeControl::ByoYomi { .. } => "byo-yomi",
            TimeControl::Canadian { .. } => "canadian",
            TimeControl::Fischer { .. } => "fischer",
            TimeControl::Simple { .. } => "simple",
            TimeControl::OnlineByoYomi { .. } => "online-byo-yomi",
        }
    }

    /// Checks that the control can be played. Zero-length periods, zero stones and the
    /// like would make a player lose at their first overtime move whatever they do.
    /// A BSW byo-yomi of 0 s is sudden death: write it as `absolute`.
    pub fn validate(&self) -> Result<(), TimeControlError> {
        let system = self.system_name();
        match *self {
            TimeControl::None {} => Ok(()),
            TimeControl::Absolute { main_time_ms } => {
                if main_time_ms == 0 {
                    return Err(TimeControlError::ZeroMainTime { system });
                }
                Ok(())
            }
            TimeControl::ByoYomi {
                periods, period_ms, ..
            } => {
                if periods == 0 {
                    return Err(TimeControlError::ZeroPeriods);
                }
                if period_ms == 0 {
                    return Err(TimeControlError::ZeroPeriodTime { system });
                }
                Ok(())
            }
            TimeControl::Canadian {
                stones, period_ms, ..
            } => {
                if stones == 0 {
                    return Err(TimeControlError::ZeroStones);
                }
                if period_ms == 0 {
                    return Err(TimeControlError::ZeroPeriodTime { system });
                }
                Ok(())
            }
            TimeControl::Fischer {
                main_time_ms,
                increment_ms,
                max_time_ms,
            } => {
                if main_time_ms == 0 {
                    return Err(TimeControlError::ZeroMainTime { system });
                }
                if increment_ms == 0 {
                    return Err(TimeControlError::ZeroIncrement);
                }
                match max_time_ms {
                    Some(max_time_ms) if max_time_ms < main_time_ms => {
                        Err(TimeControlError::CapBelowMainTime {
                            max_time_ms,
                            main_time_ms,
                        })
                    }
                    _ => Ok(()),
                }
            }
            TimeControl::Simple { per_move_ms } => {
                if per_move_ms == 0 {
                    return Err(TimeControlError::ZeroPeriodTime { system });
                }
                Ok(())
            }
            TimeControl::OnlineByoYomi {
                main_time_ms,
                byo_yomi_ms,
            } => {
                if byo_yomi_ms == 0 {
                    return Err(TimeControlError::ZeroPeriodTime { system });
                }
                if byo_yomi_ms > main_time_ms {
                    return Err(TimeControlError::ByoYomiLongerThanMainTime {
                        byo_yomi_ms,
                        main_time_ms,
                    });
                }
                Ok(())
            }
        }
    }

    /// The model the clock runs: main time, then the overtime rule.
    ///
    /// Simple time is byo-yomi with no main time and one period; the online byo-yomi
    /// is byo-yomi with one period taken from the main time.
    pub(crate) fn model(&self) -> Model {
        match *self {
            TimeControl::None {} => Model {
                main_ms: 0,
                overtime: Overtime::Unlimited,
            },
            TimeControl::Absolute { main_time_ms } => Model {
                main_ms: main_time_ms,
                overtime: Overtime::Bank {
                    increment_ms: 0,
                    cap_ms: None,
                },
            },
            TimeControl::ByoYomi {
                main_time_ms,
                periods,
                period_ms,
            } => Model {
                main_ms: main_time_ms,
                overtime: Overtime::Periods { periods, period_ms },
            },
            TimeControl::Canadian {
                main_time_ms,
                stones,
                period_ms,
            } => Model {
                main_ms: main_time_ms,
                overtime: Overtime::Canadian { stones, period_ms },
            },
            TimeControl::Fischer {
                main_time_ms,
                increment_ms,
                max_time_ms,
            } => Model {
                main_ms: main_time_ms,
                overtime: Overtime::Bank {
                    increment_ms,
                    cap_ms: max_time_ms,
                },
            },
            TimeControl::Simple { per_move_ms } => Model {
                main_ms: 0,
                overtime: Overtime::Periods {
                    periods: 1,
                    period_ms: per_move_ms,
                },
            },
            TimeControl::OnlineByoYomi {
                main_time_ms,
                byo_yomi_ms,
            } => Model {
                main_ms: main_time_ms.saturating_sub(byo_yomi_ms),
                overtime: Overtime::Periods {
                    periods: 1,
                    period_ms: byo_yomi_ms,
                },
            },
        }
    }
}

/// Main time, then overtime: the shape shared by every time control.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Model {
    /// Main time at the start of the game.
    pub main_ms: u64,
    pub overtime: Overtime,
}

/// What follows the main time.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Overtime {
    /// No limit at all.
    Unlimited,
    /// Nothing follows: the main time is a bank, topped up by `increment_ms` after each
    /// turn (absolute time has no increment), never past `cap_ms`.
    Bank {
        increment_ms: u64,
        cap_ms: Option<u64>,
    },
    /// Japanese byo-yomi periods.
    Periods { periods: u32, period_ms: u64 },
    /// Canadian byo-yomi: `stones` moves within `period_ms`.
    Canadian { stones: u32, period_ms: u64 },
}

/// What happens when a player's time runs out.
#[cfg_attr(feature = "utoipa", derive(utoipa::ToSchema))]
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum FlagPolicy {
    /// FFG: "tout dépassement du temps réglementaire est compté comme perdant la
    /// partie". The game ends, `W+T` or `B+T`.
    #[default]
    Lose,
    /// BSW's time option: "Un joueur qui n'a plus de temps passe automatiquement."
    /// The player passes at the instant their time ran out, and at once on every
    /// later turn: whatever the system, a player out of time stays so for the rest of
    /// the game (a referee cannot add time to them). When both are, the clock stops.
    AutoPass,
}

impl FlagPolicy {
    pub const ALL: [FlagPolicy; 2] = [FlagPolicy::Lose, FlagPolicy::AutoPass];

    /// The policy's name, as the API and the store write it (`lose`, `auto-pass`).
    pub fn name(self) -> &'static str {
        match self {
            FlagPolicy::Lose => "lose",
            FlagPolicy::AutoPass => "auto-pass",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_flag_policys_name_is_its_json() {
        for policy in FlagPolicy::ALL {
            let json = serde_json::to_value(policy).unwrap();
            assert_eq!(json, policy.name());
            assert_eq!(serde_json::from_value::<FlagPolicy>(json).unwrap(), policy);
        }
    }
}
