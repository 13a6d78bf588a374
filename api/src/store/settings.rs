//! The settings a tournament stores in its JSON columns, as the store reads and writes
//! them and the API shows them. The ruleset, the time control, the EGD class, the dispute
//! policy and the placement criteria are the core's own enums (`arbitre_core::rules`,
//! `arbitre_core::clock`, `arbitre_core::ending`, `arbitre_core::standings`), stored in
//! their JSON form; what only the service needs is defined here, with the checks a
//! setting passes before it is stored.

use crate::error::{ApiError, Issue, Violations};
use arbitre_core::clock::TimeControl;
pub use arbitre_core::standings::HandicapPolicy;
use arbitre_core::standings::{Basis, Credit, Criterion, McMahon, Rank, Scoring};
/// The tournament's komi rule is the core's, stored in its JSON form.
pub use arbitre_core::KomiPolicy;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// The core's komi check ([`arbitre_core::fields::check_komi`]), as a violation of `field`.
pub fn check_komi(violations: &mut Violations, field: &str, komi: f64) {
    if let Err(issue) = arbitre_core::fields::check_komi(komi) {
        violations.add_check(field, issue);
    }
}

/// No duration of a tournament game runs past a day.
const LONGEST_DURATION_MS: u64 = 24 * 60 * 60 * 1000;

/// The checks of the API beyond the core's: no duration past a day, at most 100 byo-yomi
/// periods and 1000 Canadian stones.
pub fn check_time_control(control: &TimeControl, violations: &mut Violations) {
    if let Err(error) = control.validate() {
        let message = error.to_string();
        violations.add_issue("time_control", Issue::TimeControl(error), message);
    } else if durations(control)
        .iter()
        .any(|&duration| duration > LONGEST_DURATION_MS)
    {
        violations.add_issue(
            "time_control",
            Issue::OverADay,
            "durations must be at most 24 hours",
        );
    } else if let TimeControl::ByoYomi { periods, .. } = control {
        if *periods > 100 {
            violations.add_issue(
                "time_control.periods",
                Issue::AtMost { max: 100 },
                "must be at most 100",
            );
        }
    } else if let TimeControl::Canadian { stones, .. } = control {
        if *stones > 1000 {
            violations.add_issue(
                "time_control.stones",
                Issue::AtMost { max: 1000 },
                "must be at most 1000",
            );
        }
    }
}

fn durations(control: &TimeControl) -> Vec<u64> {
    match *control {
        TimeControl::None {} => Vec::new(),
        TimeControl::Absolute { main_time_ms } => vec![main_time_ms],
        TimeControl::ByoYomi {
            main_time_ms,
            period_ms,
            ..
        }
        | TimeControl::Canadian {
            main_time_ms,
            period_ms,
            ..
        } => {
            vec![main_time_ms, period_ms]
        }
        TimeControl::Fischer {
            main_time_ms,
            increment_ms,
            max_time_ms,
        } => [main_time_ms, increment_ms]
            .into_iter()
            .chain(max_time_ms)
            .collect(),
        TimeControl::Simple { per_move_ms } => vec![per_move_ms],
        TimeControl::OnlineByoYomi {
            main_time_ms,
            byo_yomi_ms,
        } => vec![main_time_ms, byo_yomi_ms],
    }
}

/// How handicaps are given: the core's policy, checked field by field.
pub fn check_handicap_policy(policy: &HandicapPolicy, violations: &mut Violations) {
    for (field, issue) in policy.issues() {
        violations.add_check(format!("handicap_policy.{}", field.name()), issue);
    }
}

/// What a round without a played game is worth, in half points (OpenGotha's credits).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct RoundCredit {
    /// Added to the McMahon score: 0, 1 (half a point) or 2 (a point).
    #[schema(maximum = 2)]
    pub mms_half_points: u32,
    /// Added to the number of wins: 0, 1 or 2.
    #[schema(maximum = 2)]
    pub nbw_half_points: u32,
}

impl RoundCredit {
    pub fn check(self, violations: &mut Violations, field: &str) {
        if self.mms_half_points > 2 {
            violations.add(
                format!("{field}.mms_half_points"),
                "must be 0, 1 or 2 (half points, at most a win)",
            );
        }
        if self.nbw_half_points > 2 {
            violations.add(
                format!("{field}.nbw_half_points"),
                "must be 0, 1 or 2 (half points, at most a win)",
            );
        }
    }
}

/// An imported tournament's credit (OpenGotha's values are those of the API).
impl From<Credit> for RoundCredit {
    fn from(credit: Credit) -> RoundCredit {
        RoundCredit {
            mms_half_points: credit.mms_half_points,
            nbw_half_points: credit.nbw_half_points,
        }
    }
}

impl From<RoundCredit> for Credit {
    fn from(credit: RoundCredit) -> Credit {
        Credit {
            mms_half_points: credit.mms_half_points,
            nbw_half_points: credit.nbw_half_points,
        }
    }
}

/// How the standings count: the McMahon bar and floor and what byes and absences are worth
/// (OpenGotha's McMahon and scoring parameters). Fields left out keep their defaults.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(default, deny_unknown_fields)]
pub struct StandingsSettings {
    /// Players of this rank or stronger all start at the bar's McMahon score. Default `4d`.
    #[schema(example = "4d", pattern = r"^(([1-9]|[1-4][0-9]|50)[kK]|[1-9][dDpP])$")]
    pub mcmahon_bar: String,
    /// Players of this rank or weaker all start at the floor's McMahon score; 30k at the
    /// weakest, where start scores count from. Default `20k`.
    #[schema(
        example = "20k",
        pattern = r"^(([1-9]|[1-4][0-9]|50)[kK]|[1-9][dDpP])$"
    )]
    pub mcmahon_floor: String,
    /// A bye (no opponent this round). Default: a point for the score and the wins.
    pub bye: RoundCredit,
    /// An absence. Default: half a point for the score.
    pub absence: RoundCredit,
    /// Credits of byes and absences are rounded down to whole points. Default true.
    pub round_down: bool,
    /// In SOS, an opponent's rounds without a played game count half a point each instead
    /// of their credit. Default false.
    pub unplayed_as_half_point_in_sos: bool,
    /// Lower rank limits of the categories, strongest first, for the `category`
    /// criterion (OpenGotha `lowerCategoryLimits`): a player is in the first category
    /// whose limit their rank reaches, the last one holding everyone below. Default none:
    /// one category (and left out of the settings shown).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    #[schema(max_items = 39, example = json!(["1d", "10k"]))]
    pub category_limits: Vec<String>,
}

impl Default for StandingsSettings {
    /// OpenGotha's defaults (`GeneralParameterSet`).
    fn default() -> StandingsSettings {
        StandingsSettings {
            mcmahon_bar: McMahon::OPENGOTHA.bar.to_string(),
            mcmahon_floor: McMahon::OPENGOTHA.floor.to_string(),
            bye: RoundCredit {
                mms_half_points: 2,
                nbw_half_points: 2,
            },
            absence: RoundCredit {
                mms_half_points: 1,
                nbw_half_points: 0,
            },
            round_down: true,
            unplayed_as_half_point_in_sos: false,
            category_limits: Vec::new(),
        }
    }
}

/// More limits than that would leave a category without a rank (OpenGotha allows 40
/// categories, the core's reader as well).
const MAX_CATEGORY_LIMITS: usize = 39;

impl StandingsSettings {
    /// The ranks read, then the core's checks of a bar and floor ([`McMahon::issues`]).
    pub fn check(&mut self, violations: &mut Violations) {
        let bar = self.mcmahon_bar.parse::<Rank>();
        let floor = self.mcmahon_floor.parse::<Rank>();
        for (field, rank) in [("mcmahon_bar", &bar), ("mcmahon_floor", &floor)] {
            if let Err(error) = rank {
                violations.add_issue(
                    format!("standings.{field}"),
                    Issue::NotARank(error.0.clone()),
                    error.to_string(),
                );
            }
        }
        if let (Ok(bar), Ok(floor)) = (bar, floor) {
            let mcmahon = McMahon {
                bar,
                floor,
                zero: McMahon::OPENGOTHA.zero,
            };
            let issues = mcmahon.issues();
            for (field, issue) in &issues {
                violations.add_check(format!("standings.mcmahon_{field}"), *issue);
            }
            if issues.is_empty() {
                self.mcmahon_bar = bar.to_string();
                self.mcmahon_floor = floor.to_string();
            }
        }
        self.check_category_limits(violations);
        self.bye.check(violations, "standings.bye");
        self.absence.check(violations, "standings.absence");
    }

    fn check_category_limits(&mut self, violations: &mut Violations) {
        if self.category_limits.len() > MAX_CATEGORY_LIMITS {
            violations.add(
                "standings.category_limits",
                format!("must list at most {MAX_CATEGORY_LIMITS} limits"),
            );
            return;
        }
        let mut previous: Option<Rank> = None;
        for (index, limit) in self.category_limits.iter_mut().enumerate() {
            let field = format!("standings.category_limits[{index}]");
            match limit.parse::<Rank>() {
                Ok(rank) if previous.is_some_and(|previous| rank >= previous) => {
                    violations.add(field, "must be weaker than the limit before it");
                }
                Ok(rank) => {
                    *limit = rank.to_string();
                    previous = Some(rank);
                }
                Err(error) => violations.add(field, error.to_string()),
            }
        }
    }

    /// The categories' lower limits as the core reads them (stored settings have been checked).
    pub fn category_limits(&self) -> Result<Vec<Rank>, ApiError> {
        self.category_limits
            .iter()
            .map(|limit| {
                limit
                    .parse::<Rank>()
                    .map_err(|error| ApiError::internal(format!("stored category limit: {error}")))
            })
            .collect()
    }

    /// The McMahon parameters as the core reads them (stored settings have been checked).
    pub fn mcmahon(&self) -> Result<McMahon, ApiError> {
        let rank = |text: &str| {
            text.parse::<Rank>()
                .map_err(|error| ApiError::internal(format!("stored standings settings: {error}")))
        };
        Ok(McMahon {
            bar: rank(&self.mcmahon_bar)?,
            floor: rank(&self.mcmahon_floor)?,
            zero: McMahon::OPENGOTHA.zero,
        })
    }

    /// The credits of rounds without a game as the core reads them.
    pub fn scoring(&self) -> Scoring {
        Scoring {
            bye: self.bye.into(),
            absence: self.absence.into(),
            round_down: self.round_down,
            unplayed_as_half_point_in_sos: self.unplayed_as_half_point_in_sos,
        }
    }
}

pub fn default_criteria() -> Vec<Criterion> {
    vec![
        Criterion::Mms,
        Criterion::Sos(Basis::Mms),
        Criterion::Sosos(Basis::Mms),
    ]
}

pub fn check_criteria(violations: &mut Violations, criteria: &[Criterion]) {
    if criteria.is_empty() || criteria.len() > 12 {
        violations.add_issue(
            "placement_criteria",
            Issue::CriteriaCount,
            "must list 1 to 12 criteria",
        );
    }
    let mut seen = std::collections::HashSet::new();
    if !criteria.iter().all(|criterion| seen.insert(*criterion)) {
        violations.add_issue(
            "placement_criteria",
            Issue::RepeatedCriterion,
            "must not repeat a criterion",
        );
    }
}
