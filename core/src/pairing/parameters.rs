//! A tournament's pairing parameters, with OpenGotha's names (`PairingParameterSet` in its
//! XML file) and defaults, so that a file pairs the same in arbitre as in OpenGotha.
//!
//! Weights are integers, as OpenGotha writes them; the one fraction, the concavity factor
//! `paiStandardNX1Factor`, is kept as an exact ratio.

use crate::standings::Rank;
use serde::{Deserialize, Serialize};
use std::str::FromStr;
use thiserror::Error;

/// How players are paired.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "utoipa", derive(utoipa::ToSchema))]
#[serde(rename_all = "snake_case")]
pub enum System {
    /// Groups of equal McMahon score, starting from the players' ranks between floor and bar.
    McMahon,
    /// Groups of equal number of wins, everyone starting at zero.
    Swiss,
    /// Swiss, avoiding games between rank categories (`paiMaAvoidMixingCategories`).
    SwissWithCategories,
    /// Everyone meets everyone, on Berger tables.
    RoundRobin,
}

/// How the players of a group are paired among themselves (OpenGotha `paiMaSeedSystem1/2`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "utoipa", derive(utoipa::ToSchema))]
#[serde(rename_all = "snake_case")]
pub enum Seeding {
    /// 1 – n, 2 – n−1, … (`SPLITANDFOLD`).
    SplitAndFold,
    /// Top half against bottom half, partners drawn (`SPLITANDRANDOM`).
    SplitAndRandom,
    /// 1 – n/2+1, 2 – n/2+2, … (`SPLITANDSLIP`).
    SplitAndSlip,
}

/// Where in a group the player drawn up or down is preferably taken
/// (`paiMaDUDDUpperMode`, `paiMaDUDDLowerMode`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "utoipa", derive(utoipa::ToSchema))]
#[serde(rename_all = "snake_case")]
pub enum DrawPosition {
    Top,
    Middle,
    Bottom,
}

/// What orders a group's players after the placement criteria, in the rounds of a
/// seeding system (`paiMaAdditionalPlacementCritSystem1/2`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "utoipa", derive(utoipa::ToSchema))]
#[serde(rename_all = "snake_case")]
pub enum AdditionalOrder {
    None,
    Rating,
    Rank,
}

/// A parameter that takes one of a few values: every value, and each one's name as the
/// API and the settings read it (its serde name). The one list of the allowed choices, for
/// the forms that offer them.
pub trait Choice: Copy + 'static {
    const ALL: &'static [Self];
    fn name(self) -> &'static str;

    /// The names of every value, in [`Choice::ALL`]'s order.
    fn names() -> Vec<&'static str> {
        Self::ALL.iter().map(|value| value.name()).collect()
    }
}

macro_rules! choice {
    ($kind:ident { $($value:ident => $name:literal),+ $(,)? }) => {
        impl Choice for $kind {
            const ALL: &'static [Self] = &[$($kind::$value),+];
            fn name(self) -> &'static str {
                match self {
                    $($kind::$value => $name),+
                }
            }
        }
    };
}

choice!(System {
    McMahon => "mc_mahon",
    Swiss => "swiss",
    SwissWithCategories => "swiss_with_categories",
    RoundRobin => "round_robin",
});
choice!(Seeding {
    SplitAndFold => "split_and_fold",
    SplitAndRandom => "split_and_random",
    SplitAndSlip => "split_and_slip",
});
choice!(DrawPosition {
    Top => "top",
    Middle => "middle",
    Bottom => "bottom",
});
choice!(AdditionalOrder {
    None => "none",
    Rating => "rating",
    Rank => "rank",
});
choice!(OpenGothaVersion {
    Since352 => "3.52",
    V351 => "3.51",
    Until350 => "3.50",
});

/// An exact fraction `numerator / denominator`, denominator positive.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "utoipa", derive(utoipa::ToSchema))]
pub struct Ratio {
    pub numerator: i64,
    pub denominator: i64,
}

/// Why a parameter could not be read.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("`{0}` is not a decimal number between 0 and 1000")]
pub struct RatioError(pub String);

/// A decimal such as `0.5` read exactly (at most 9 decimals), in lowest terms.
impl FromStr for Ratio {
    type Err = RatioError;

    fn from_str(text: &str) -> Result<Ratio, RatioError> {
        let error = || RatioError(text.to_string());
        let trimmed = text.trim();
        let (whole, fraction) = trimmed.split_once('.').unwrap_or((trimmed, ""));
        let digits = |part: &str| part.chars().all(|c| c.is_ascii_digit());
        if whole.is_empty() && fraction.is_empty()
            || !digits(whole)
            || !digits(fraction)
            || whole.len() > 3
            || fraction.len() > 9
        {
            return Err(error());
        }
        let denominator = 10i64.pow(fraction.len() as u32);
        let whole: i64 = if whole.is_empty() {
            0
        } else {
            whole.parse().map_err(|_| error())?
        };
        let fraction: i64 = if fraction.is_empty() {
            0
        } else {
            fraction.parse().map_err(|_| error())?
        };
        let numerator = whole * denominator + fraction;
        // In lowest terms, so that `0.5` and `0.50` are the same ratio.
        let (mut a, mut b) = (numerator, denominator);
        while b != 0 {
            (a, b) = (b, a % b);
        }
        Ok(Ratio {
            numerator: numerator / a,
            denominator: denominator / a,
        })
    }
}

/// The decimal OpenGotha writes (`0.5`, `1.0`), at most 9 decimals, as [`Ratio::from_str`]
/// reads it back.
impl std::fmt::Display for Ratio {
    fn fmt(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let denominator = i128::from(self.denominator.max(1));
        let scaled = i128::from(self.numerator) * 1_000_000_000 / denominator;
        let fraction = format!("{:09}", scaled % 1_000_000_000);
        let fraction = fraction.trim_end_matches('0');
        let fraction = if fraction.is_empty() { "0" } else { fraction };
        write!(formatter, "{}.{fraction}", scaled / 1_000_000_000)
    }
}

/// Base criteria: what every pairing system wants.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "utoipa", derive(utoipa::ToSchema))]
pub struct BaseCriteria {
    /// `paiBaAvoidDuplGame`: earned by every pair that has not met yet.
    pub avoid_duplicate_game: i64,
    /// `paiBaRandom`: the largest random part of a pair's cost (0: none).
    pub random: i64,
    /// `paiBaDeterministic`: the random part is drawn from the players' names.
    pub deterministic: bool,
    /// `paiBaBalanceWB`: earned by a pair whose colour histories complement each other.
    pub balance_white_black: i64,
}

/// Main criteria: scores and groups.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "utoipa", derive(utoipa::ToSchema))]
pub struct MainCriteria {
    /// `paiMaAvoidMixingCategories`.
    pub avoid_mixing_categories: i64,
    /// `paiMaMinimizeScoreDifference`.
    pub minimize_score_difference: i64,
    /// `paiMaDUDDWeight`: draw-ups and draw-downs between groups.
    pub draw_up_down: i64,
    /// `paiMaCompensateDUDD`: prefer drawing up a player once drawn down, and back.
    pub compensate_draw_up_down: bool,
    /// `paiMaDUDDUpperMode`: where in the upper group the player drawn down is taken.
    pub draw_down_position: DrawPosition,
    /// `paiMaDUDDLowerMode`: where in the lower group the player drawn up is taken.
    pub draw_up_position: DrawPosition,
    /// `paiMaMaximizeSeeding`.
    pub seeding: i64,
    /// `paiMaLastRoundForSeedSystem1`: rounds up to this one use the first system.
    pub last_round_for_seed_system_1: u32,
    /// `paiMaSeedSystem1`.
    pub seed_system_1: Seeding,
    /// `paiMaSeedSystem2`.
    pub seed_system_2: Seeding,
    /// `paiMaAdditionalPlacementCritSystem1`.
    pub additional_order_1: AdditionalOrder,
    /// `paiMaAdditionalPlacementCritSystem2`.
    pub additional_order_2: AdditionalOrder,
}

/// Secondary criteria: handicap and geography, for the players they concern.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "utoipa", derive(utoipa::ToSchema))]
pub struct SecondaryCriteria {
    /// `paiSeRankThreshold`: players at or above this rank are not concerned.
    #[cfg_attr(feature = "utoipa", schema(value_type = String, example = "3d"))]
    pub rank_threshold: Rank,
    /// `paiSeNbWinsThresholdActive`: players with at least half the rounds won are not.
    pub wins_threshold: bool,
    /// `paiSeBarThresholdActive`: players at or above the McMahon bar are not.
    pub bar_threshold: bool,
    /// `paiSeDefSecCrit`: the weight of the secondary criteria taken together.
    pub default_weight: i64,
    /// `paiSeMinimizeHandicap`.
    pub minimize_handicap: i64,
    /// `paiSeAvoidSameGeo`: the most a pair from different places earns.
    pub avoid_same_geography: i64,
    /// `paiSePreferMMSDiffRatherThanSameCountry`: the score gap, in groups, worth a
    /// game between countries.
    pub country_gap: u32,
    /// `paiSePreferMMSDiffRatherThanSameClubsGroup`.
    pub clubs_group_gap: u32,
    /// `paiSePreferMMSDiffRatherThanSameClub`.
    pub club_gap: u32,
}

/// Which OpenGotha's behaviour to reproduce where its release lines differ
/// (`shared/docs/opengotha-pairing.md`, measured by running OpenGotha 3.50, 3.51.02 and
/// 3.52.03 on 1,898 real rounds). The pair costs are the same in every line; what differs:
///
/// * the tables: 3.50 and older do not look at ratings, 3.52 numbers each game by its
///   stronger player where 3.51 takes the weaker ([`super::tables`]);
/// * the deterministic random: 3.50 and older hash the two names in the player order
///   ([`super::criteria::Criteria::draw`]);
/// * 3.52 gives Black no McMahon point for a game both won (the standings).
///
/// A file says which version wrote it ([`super::opengotha`]), and one that says nothing is
/// read as the 3.51 line, as OpenGotha 3.51.02 reads it; a tournament made in arbitre
/// follows OpenGotha 3.52.03, the release in use.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "utoipa", derive(utoipa::ToSchema))]
pub enum OpenGothaVersion {
    /// OpenGotha 3.52 (3.52.03).
    #[default]
    #[serde(rename = "3.52")]
    Since352,
    /// OpenGotha 3.51 (3.51.02).
    #[serde(rename = "3.51")]
    V351,
    /// OpenGotha 3.50 and older (3.48 and 3.49 included).
    #[serde(rename = "3.50", alias = "3.48")]
    Until350,
}

impl OpenGothaVersion {
    /// The version whose behaviour a file written by OpenGotha `major.minor` gets
    /// (`3.49.05` is 3, 49).
    pub fn of_release(major: u32, minor: u32) -> OpenGothaVersion {
        match (major, minor) {
            (0..=2, _) | (3, 0..=50) => OpenGothaVersion::Until350,
            (3, 51) => OpenGothaVersion::V351,
            _ => OpenGothaVersion::Since352,
        }
    }

    /// The OpenGotha release whose pairing this line reproduces, as a director finds it
    /// in OpenGotha's *Help .. About*: the one measured.
    pub fn release(self) -> &'static str {
        match self {
            OpenGothaVersion::Since352 => "3.52.03",
            OpenGothaVersion::V351 => "3.51.02",
            OpenGothaVersion::Until350 => "3.50",
        }
    }
}

/// Everything that decides a pairing besides the players and their history.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "utoipa", derive(utoipa::ToSchema))]
pub struct PairingParameters {
    pub system: System,
    pub base: BaseCriteria,
    pub main: MainCriteria,
    pub secondary: SecondaryCriteria,
    /// `paiStandardNX1Factor`: the concavity of the score-difference curve.
    pub concavity: Ratio,
    /// The OpenGotha whose costs are reproduced where versions differ.
    #[serde(default)]
    pub opengotha: OpenGothaVersion,
}

impl PairingParameters {
    /// OpenGotha's defaults for a new tournament of `system`: what OpenGotha 3.51.02 writes
    /// for a tournament made with *File .. New tournament* (`core/tests/golden/SOURCES.md`,
    /// `opengotha-defaults/`). A round robin, which OpenGotha does not offer, takes the
    /// Swiss ones (its pairing uses none of them).
    pub fn opengotha_defaults(system: System) -> PairingParameters {
        let strong = 20_000_000_000_000;
        let score = 100_000_000_000;
        let swiss = matches!(system, System::Swiss | System::RoundRobin);
        let categories = system == System::SwissWithCategories;
        PairingParameters {
            system,
            base: BaseCriteria {
                avoid_duplicate_game: 500_000_000_000_000,
                random: 0,
                deterministic: true,
                balance_white_black: 1_000_000,
            },
            main: MainCriteria {
                avoid_mixing_categories: if categories { strong } else { 0 },
                minimize_score_difference: score,
                draw_up_down: 100_000_000,
                compensate_draw_up_down: true,
                draw_down_position: DrawPosition::Middle,
                draw_up_position: DrawPosition::Middle,
                seeding: 5_000_000,
                last_round_for_seed_system_1: 2,
                seed_system_1: if swiss {
                    Seeding::SplitAndSlip
                } else {
                    Seeding::SplitAndRandom
                },
                seed_system_2: match system {
                    System::SwissWithCategories => Seeding::SplitAndFold,
                    _ => Seeding::SplitAndSlip,
                },
                additional_order_1: AdditionalOrder::Rating,
                additional_order_2: if swiss {
                    AdditionalOrder::Rating
                } else {
                    AdditionalOrder::None
                },
            },
            secondary: SecondaryCriteria {
                rank_threshold: if swiss {
                    Rank::from_value(-30)
                } else {
                    Rank::FIRST_DAN
                },
                wins_threshold: system != System::McMahon,
                bar_threshold: true,
                default_weight: if system == System::McMahon {
                    score
                } else {
                    strong
                },
                minimize_handicap: if categories { strong } else { 0 },
                avoid_same_geography: match system {
                    System::McMahon => score,
                    System::SwissWithCategories => strong,
                    System::Swiss | System::RoundRobin => 0,
                },
                country_gap: if swiss { 0 } else { 1 },
                clubs_group_gap: 2,
                club_gap: if swiss { 0 } else { 3 },
            },
            concavity: Ratio {
                numerator: 1,
                denominator: 2,
            },
            opengotha: OpenGothaVersion::default(),
        }
    }

    /// What OpenGotha's import gives a file's `PairingParameterSet` attributes that are
    /// missing, whatever the system: not the new-tournament defaults of
    /// [`PairingParameters::opengotha_defaults`] (a missing `paiMaSeedSystem2` is split and
    /// fold, `paiBaBalanceWB` 1,000). Measured with OpenGotha 3.50, 3.51.02 and 3.52.03,
    /// which give the same values: a real file with every attribute of the set removed,
    /// loaded and saved again by each (`docs/pairing.md`, "Reading a file").
    pub fn opengotha_import_defaults(system: System) -> PairingParameters {
        let score = 100_000_000_000;
        PairingParameters {
            system,
            base: BaseCriteria {
                avoid_duplicate_game: 500_000_000_000_000,
                random: 0,
                deterministic: true,
                balance_white_black: 1_000,
            },
            main: MainCriteria {
                avoid_mixing_categories: 20_000_000_000_000,
                minimize_score_difference: score,
                draw_up_down: 100_000_000,
                compensate_draw_up_down: true,
                draw_down_position: DrawPosition::Middle,
                draw_up_position: DrawPosition::Middle,
                seeding: 5_000_000,
                last_round_for_seed_system_1: 2,
                seed_system_1: Seeding::SplitAndRandom,
                seed_system_2: Seeding::SplitAndFold,
                additional_order_1: AdditionalOrder::Rating,
                additional_order_2: AdditionalOrder::None,
            },
            secondary: SecondaryCriteria {
                rank_threshold: Rank::from_value(3),
                wins_threshold: true,
                bar_threshold: true,
                default_weight: score,
                minimize_handicap: 0,
                avoid_same_geography: score,
                country_gap: 1,
                clubs_group_gap: 2,
                club_gap: 3,
            },
            concavity: Ratio {
                numerator: 1,
                denominator: 2,
            },
            opengotha: OpenGothaVersion::V351,
        }
    }

    /// The OpenGotha release whose pairing these parameters reproduce, for a director to
    /// check against: none for a round robin, which OpenGotha does not offer.
    pub fn reproduced_release(&self) -> Option<&'static str> {
        (self.system != System::RoundRobin).then(|| self.opengotha.release())
    }

    /// The seeding system and group order of `round`.
    pub fn seeding_of(&self, round: u32) -> (Seeding, AdditionalOrder) {
        if round <= self.main.last_round_for_seed_system_1 {
            (self.main.seed_system_1, self.main.additional_order_1)
        } else {
            (self.main.seed_system_2, self.main.additional_order_2)
        }
    }
}

/// The largest weight a criterion may have: the nine criteria of a pair then add up below
/// the matching's bound on a pair's cost ([`super::matching::MAX_WEIGHT`]), so no set of
/// parameters makes a round unpairable. OpenGotha's largest default is 5·10^14.
pub const MAX_CRITERION_WEIGHT: i64 = 10_000_000_000_000_000;

/// A parameter outside what the pairing can use: `field` is its name in the JSON form
/// (`main.seeding`), as the service reports it.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("{field}: {message}")]
pub struct ParameterError {
    pub field: String,
    pub message: String,
}

impl PairingParameters {
    /// Every weight between 0 and [`MAX_CRITERION_WEIGHT`], and the concavity factor
    /// between 0 and 1 (the curve `(1 − x)(1 + k·x)` then stays within its weight);
    /// every problem found, in field order.
    pub fn validate(&self) -> Vec<ParameterError> {
        let weights = [
            ("base.avoid_duplicate_game", self.base.avoid_duplicate_game),
            ("base.random", self.base.random),
            ("base.balance_white_black", self.base.balance_white_black),
            (
                "main.avoid_mixing_categories",
                self.main.avoid_mixing_categories,
            ),
            (
                "main.minimize_score_difference",
                self.main.minimize_score_difference,
            ),
            ("main.draw_up_down", self.main.draw_up_down),
            ("main.seeding", self.main.seeding),
            ("secondary.default_weight", self.secondary.default_weight),
            (
                "secondary.minimize_handicap",
                self.secondary.minimize_handicap,
            ),
            (
                "secondary.avoid_same_geography",
                self.secondary.avoid_same_geography,
            ),
        ];
        let mut errors: Vec<ParameterError> = weights
            .into_iter()
            .filter(|(_, weight)| !(0..=MAX_CRITERION_WEIGHT).contains(weight))
            .map(|(field, _)| ParameterError {
                field: field.to_string(),
                message: format!("must be between 0 and {MAX_CRITERION_WEIGHT}"),
            })
            .collect();
        let Ratio {
            numerator,
            denominator,
        } = self.concavity;
        if denominator <= 0 || numerator < 0 || numerator > denominator {
            errors.push(ParameterError {
                field: "concavity".to_string(),
                message: "must be a fraction between 0 and 1 with a positive denominator"
                    .to_string(),
            });
        }
        errors
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    /// Each choice's name is the one the API writes and reads back (every value is listed:
    /// the macro's `match` of [`Choice::name`] would not compile otherwise).
    fn names_are_the_serde_names<T>()
    where
        T: Choice + Serialize + for<'de> Deserialize<'de> + PartialEq + std::fmt::Debug,
    {
        for &value in T::ALL {
            assert_eq!(serde_json::to_value(value).unwrap(), value.name());
            let read: T = serde_json::from_value(serde_json::json!(value.name())).unwrap();
            assert_eq!(read, value);
        }
    }

    #[test]
    fn every_choice_is_listed_under_its_api_name() {
        names_are_the_serde_names::<System>();
        names_are_the_serde_names::<Seeding>();
        names_are_the_serde_names::<DrawPosition>();
        names_are_the_serde_names::<AdditionalOrder>();
        names_are_the_serde_names::<OpenGothaVersion>();
    }

    #[test]
    fn defaults_are_valid_and_bad_weights_are_named() {
        let mut parameters = PairingParameters::opengotha_defaults(System::McMahon);
        assert!(parameters.validate().is_empty());
        parameters.main.seeding = -1;
        parameters.concavity.denominator = 0;
        let fields: Vec<String> = parameters
            .validate()
            .into_iter()
            .map(|error| error.field)
            .collect();
        assert_eq!(fields, ["main.seeding", "concavity"]);
    }
}
