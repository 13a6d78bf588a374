//! `/tournaments`: a tournament's settings. The ruleset, the time control and the EGD
//! class are the core's (`arbitre_core::rules`, `arbitre_core::clock`): the API checks
//! them with the core and stores them in the core's JSON form.

use crate::auth::Caller;
use crate::db::DbPool;
use crate::error::{ApiError, Resource, Violations};
use crate::http::{
    check_country, check_filter, check_text, like_pattern, ApiJson, ApiQuery, PageInfo, Window,
};
use crate::store::tournaments::{self as store, TournamentFilter, TournamentRecord, TournamentRow};
use actix_web::{web, HttpResponse};
use arbitre_core::clock::{self, EgdClass as CoreEgdClass};
use arbitre_core::standings::{Credit, McMahon, Rank, Scoring};
use arbitre_core::Preset;
use chrono::{DateTime, Datelike, NaiveDate, Utc};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use uuid::Uuid;

/// The named rulesets (`arbitre_core::Preset`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "kebab-case")]
pub enum Ruleset {
    French,
    TrompTaylor,
    Chinese,
    Japanese,
    Aga,
    NewZealand,
}

impl From<Ruleset> for Preset {
    fn from(ruleset: Ruleset) -> Preset {
        match ruleset {
            Ruleset::French => Preset::French,
            Ruleset::TrompTaylor => Preset::TrompTaylor,
            Ruleset::Chinese => Preset::Chinese,
            Ruleset::Japanese => Preset::Japanese,
            Ruleset::Aga => Preset::Aga,
            Ruleset::NewZealand => Preset::NewZealand,
        }
    }
}

/// The komi of a game whose pairing gives none.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(tag = "kind", rename_all = "kebab-case", deny_unknown_fields)]
pub enum KomiPolicy {
    /// The ruleset's komi for the game's handicap (FFG: 7.5 even, n − ½ with n stones).
    Ruleset {},
    /// The same komi for every game.
    Fixed {
        #[schema(minimum = -150, maximum = 150, multiple_of = 0.5)]
        komi: f64,
    },
}

impl KomiPolicy {
    /// The komi of a game with `handicap` stones under `preset`.
    pub fn komi(self, preset: Preset, handicap: u32) -> f64 {
        match self {
            KomiPolicy::Ruleset {} => preset.rules().default_komi(handicap),
            KomiPolicy::Fixed { komi } => komi,
        }
    }
}

/// A komi is a whole or half number of points, within reason.
pub fn check_komi(violations: &mut Violations, field: &str, komi: f64) {
    if !komi.is_finite() || komi.abs() > 150.0 || (komi * 2.0).fract() != 0.0 {
        violations.add(field, "must be a multiple of 0.5 between -150 and 150");
    }
}

/// A time control (`arbitre_core::clock::TimeControl`); durations in milliseconds.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(tag = "system", rename_all = "kebab-case", deny_unknown_fields)]
pub enum TimeControl {
    /// No time limit.
    None {},
    /// Sudden death.
    Absolute {
        #[schema(minimum = 1, maximum = 86400000)]
        main_time_ms: u64,
    },
    /// Japanese byo-yomi: main time, then `periods` periods of `period_ms`.
    ByoYomi {
        #[schema(maximum = 86400000)]
        main_time_ms: u64,
        #[schema(minimum = 1, maximum = 100)]
        periods: u32,
        #[schema(minimum = 1, maximum = 86400000)]
        period_ms: u64,
    },
    /// Canadian byo-yomi: main time, then `stones` moves within `period_ms`.
    Canadian {
        #[schema(maximum = 86400000)]
        main_time_ms: u64,
        #[schema(minimum = 1, maximum = 1000)]
        stones: u32,
        #[schema(minimum = 1, maximum = 86400000)]
        period_ms: u64,
    },
    /// Fischer: `increment_ms` per move, capped at `max_time_ms` when given.
    Fischer {
        #[schema(maximum = 86400000)]
        main_time_ms: u64,
        #[schema(minimum = 1, maximum = 86400000)]
        increment_ms: u64,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[schema(maximum = 86400000)]
        max_time_ms: Option<u64>,
    },
    /// Every move within `per_move_ms`.
    Simple {
        #[schema(minimum = 1, maximum = 86400000)]
        per_move_ms: u64,
    },
    /// BSW online byo-yomi: the last `byo_yomi_ms` of the main time renew after each move.
    OnlineByoYomi {
        #[schema(minimum = 1, maximum = 86400000)]
        main_time_ms: u64,
        #[schema(minimum = 1, maximum = 86400000)]
        byo_yomi_ms: u64,
    },
}

impl From<&TimeControl> for clock::TimeControl {
    fn from(control: &TimeControl) -> clock::TimeControl {
        match *control {
            TimeControl::None {} => clock::TimeControl::None {},
            TimeControl::Absolute { main_time_ms } => clock::TimeControl::Absolute { main_time_ms },
            TimeControl::ByoYomi {
                main_time_ms,
                periods,
                period_ms,
            } => clock::TimeControl::ByoYomi {
                main_time_ms,
                periods,
                period_ms,
            },
            TimeControl::Canadian {
                main_time_ms,
                stones,
                period_ms,
            } => clock::TimeControl::Canadian {
                main_time_ms,
                stones,
                period_ms,
            },
            TimeControl::Fischer {
                main_time_ms,
                increment_ms,
                max_time_ms,
            } => clock::TimeControl::Fischer {
                main_time_ms,
                increment_ms,
                max_time_ms,
            },
            TimeControl::Simple { per_move_ms } => clock::TimeControl::Simple { per_move_ms },
            TimeControl::OnlineByoYomi {
                main_time_ms,
                byo_yomi_ms,
            } => clock::TimeControl::OnlineByoYomi {
                main_time_ms,
                byo_yomi_ms,
            },
        }
    }
}

/// No duration of a tournament game runs past a day.
const LONGEST_DURATION_MS: u64 = 24 * 60 * 60 * 1000;

impl TimeControl {
    fn durations(&self) -> Vec<u64> {
        match *self {
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

    fn check(&self, violations: &mut Violations) {
        if let Err(error) = clock::TimeControl::from(self).validate() {
            violations.add("time_control", error.to_string());
        } else if self
            .durations()
            .iter()
            .any(|&duration| duration > LONGEST_DURATION_MS)
        {
            violations.add("time_control", "durations must be at most 24 hours");
        } else if let TimeControl::ByoYomi { periods, .. } = self {
            if *periods > 100 {
                violations.add("time_control.periods", "must be at most 100");
            }
        } else if let TimeControl::Canadian { stones, .. } = self {
            if *stones > 1000 {
                violations.add("time_control.stones", "must be at most 1000");
            }
        }
    }
}

/// The EGF tournament class (weights A 1, B ¾, C ½, D ¼; X not rated).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub enum EgdClass {
    A,
    B,
    C,
    D,
    X,
}

impl From<CoreEgdClass> for EgdClass {
    fn from(class: CoreEgdClass) -> EgdClass {
        match class {
            CoreEgdClass::A => EgdClass::A,
            CoreEgdClass::B => EgdClass::B,
            CoreEgdClass::C => EgdClass::C,
            CoreEgdClass::D => EgdClass::D,
            CoreEgdClass::X => EgdClass::X,
        }
    }
}

/// How handicaps are given (OpenGotha's handicap parameters).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct HandicapPolicy {
    /// Stones taken off the rank difference (EGD `HA[h1]`), 0 to 9.
    #[schema(maximum = 9)]
    pub reduction: u32,
    /// Most stones given, 0 to 9; 0 means even games only.
    #[schema(maximum = 9)]
    pub ceiling: u32,
    /// Handicap from McMahon scores rather than ranks.
    pub based_on_mms: bool,
    /// Games between players of this rank or stronger are even (`1d`, `5k`).
    #[schema(example = "1d", pattern = r"^(([1-9]|[1-4][0-9]|50)[kK]|[1-9][dDpP])$")]
    pub no_handicap_from: String,
}

impl Default for HandicapPolicy {
    /// OpenGotha's defaults.
    fn default() -> HandicapPolicy {
        HandicapPolicy {
            reduction: 1,
            ceiling: 9,
            based_on_mms: true,
            no_handicap_from: "1d".to_string(),
        }
    }
}

impl HandicapPolicy {
    fn check(&mut self, violations: &mut Violations) {
        if self.reduction > 9 {
            violations.add("handicap_policy.reduction", "must be between 0 and 9");
        }
        if self.ceiling > 9 {
            violations.add("handicap_policy.ceiling", "must be between 0 and 9");
        }
        match self.no_handicap_from.parse::<Rank>() {
            Ok(rank) => self.no_handicap_from = rank.to_string(),
            Err(error) => violations.add("handicap_policy.no_handicap_from", error.to_string()),
        }
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
    fn check(self, violations: &mut Violations, field: &str) {
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
}

impl Default for StandingsSettings {
    /// OpenGotha's defaults (`GeneralParameterSet`).
    fn default() -> StandingsSettings {
        StandingsSettings {
            mcmahon_bar: "4d".to_string(),
            mcmahon_floor: "20k".to_string(),
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
        }
    }
}

/// OpenGotha `genMMZero`: McMahon start scores count the grades above 30k.
fn mcmahon_zero() -> Option<Rank> {
    Rank::kyu(30)
}

impl StandingsSettings {
    fn check(&mut self, violations: &mut Violations) {
        let bar = self.mcmahon_bar.parse::<Rank>();
        let floor = self.mcmahon_floor.parse::<Rank>();
        match &bar {
            Ok(rank) => self.mcmahon_bar = rank.to_string(),
            Err(error) => violations.add("standings.mcmahon_bar", error.to_string()),
        }
        match &floor {
            Ok(rank) if mcmahon_zero().is_some_and(|zero| *rank < zero) => violations.add(
                "standings.mcmahon_floor",
                "must be 30k or stronger: start scores count from 30k",
            ),
            Ok(rank) => self.mcmahon_floor = rank.to_string(),
            Err(error) => violations.add("standings.mcmahon_floor", error.to_string()),
        }
        if let (Ok(bar), Ok(floor)) = (bar, floor) {
            if floor > bar {
                violations.add(
                    "standings.mcmahon_floor",
                    "must not be stronger than mcmahon_bar",
                );
            }
        }
        self.bye.check(violations, "standings.bye");
        self.absence.check(violations, "standings.absence");
    }

    /// The McMahon parameters as the core reads them (stored settings have been checked).
    pub fn mcmahon(&self) -> Result<McMahon, ApiError> {
        let rank = |text: &str| {
            text.parse::<Rank>()
                .map_err(|error| ApiError::internal(format!("stored standings settings: {error}")))
        };
        let zero = mcmahon_zero().ok_or_else(|| ApiError::internal("30k is not a rank"))?;
        Ok(McMahon {
            bar: rank(&self.mcmahon_bar)?,
            floor: rank(&self.mcmahon_floor)?,
            zero,
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

/// What happens when the players disagree on the dead stones at the end of a game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "kebab-case")]
pub enum DisputePolicy {
    /// A referee decides.
    Strict,
    /// Play resumes until the players agree again.
    AgreeAgain,
    /// Play resumes; four consecutive passes end it and everything left is alive.
    FourPasses,
}

impl DisputePolicy {
    fn name(self) -> &'static str {
        match self {
            DisputePolicy::Strict => "strict",
            DisputePolicy::AgreeAgain => "agree-again",
            DisputePolicy::FourPasses => "four-passes",
        }
    }
}

/// The score a tie-breaker sums.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum ScoreBasis {
    Mms,
    Wins,
}

/// A placement criterion (`arbitre_core::standings::Criterion`, same JSON).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum PlacementCriterion {
    Mms,
    Nbw,
    Sos(ScoreBasis),
    SosMinus1(ScoreBasis),
    SosMinus2(ScoreBasis),
    Sodos(ScoreBasis),
    Sosos(ScoreBasis),
    Cuss(ScoreBasis),
    DirectConfrontation,
    Rank,
    Rating,
}

fn default_criteria() -> Vec<PlacementCriterion> {
    vec![
        PlacementCriterion::Mms,
        PlacementCriterion::Sos(ScoreBasis::Mms),
        PlacementCriterion::Sosos(ScoreBasis::Mms),
    ]
}

fn check_criteria(violations: &mut Violations, criteria: &[PlacementCriterion]) {
    if criteria.is_empty() || criteria.len() > 12 {
        violations.add("placement_criteria", "must list 1 to 12 criteria");
    }
    let mut seen = std::collections::HashSet::new();
    if !criteria.iter().all(|criterion| seen.insert(*criterion)) {
        violations.add("placement_criteria", "must not repeat a criterion");
    }
}

/// A tournament.
#[derive(Debug, Serialize, ToSchema)]
pub struct Tournament {
    pub id: Uuid,
    pub name: String,
    pub place: String,
    /// Where it is played (ISO 3166-1 alpha-2), empty when not given.
    pub country: String,
    pub start_date: NaiveDate,
    pub end_date: NaiveDate,
    pub ruleset: Ruleset,
    pub komi_policy: KomiPolicy,
    pub time_control: TimeControl,
    /// Played on a go server (EGF class D at best).
    pub online: bool,
    /// Computed from the time control.
    pub egd_class: EgdClass,
    /// The EGD adjusted time in minutes (`TM[]`), computed from the time control.
    pub adjusted_time_minutes: u64,
    pub handicap_policy: HandicapPolicy,
    pub dispute_policy: DisputePolicy,
    /// Most important first.
    pub placement_criteria: Vec<PlacementCriterion>,
    pub standings: StandingsSettings,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

/// A new tournament; settings left out take their defaults.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct NewTournament {
    #[schema(
        example = "Tournoi de Paris",
        min_length = 1,
        max_length = 200,
        pattern = r"^[^\x00-\x1f\x7f-\x9f]*[^\s\x00-\x1f\x7f-\x9f][^\x00-\x1f\x7f-\x9f]*$"
    )]
    pub name: String,
    #[schema(
        example = "Paris",
        min_length = 1,
        max_length = 200,
        pattern = r"^[^\x00-\x1f\x7f-\x9f]*[^\s\x00-\x1f\x7f-\x9f][^\x00-\x1f\x7f-\x9f]*$"
    )]
    pub place: String,
    /// Where it is played (ISO 3166-1 alpha-2, `FR`); the EGD file's `PC[]`. Default empty.
    #[serde(default)]
    #[schema(example = "FR", pattern = "^([A-Za-z]{2})?$")]
    pub country: String,
    pub start_date: NaiveDate,
    pub end_date: NaiveDate,
    /// Default `french`.
    #[serde(default = "default_ruleset")]
    pub ruleset: Ruleset,
    /// Default: the ruleset's komi.
    #[serde(default = "default_komi_policy")]
    pub komi_policy: KomiPolicy,
    pub time_control: TimeControl,
    #[serde(default)]
    pub online: bool,
    #[serde(default)]
    pub handicap_policy: HandicapPolicy,
    /// Default `strict`.
    #[serde(default = "default_dispute_policy")]
    pub dispute_policy: DisputePolicy,
    /// Default MMS, SOS, SOSOS.
    #[serde(default = "default_criteria")]
    #[schema(min_items = 1, max_items = 12)]
    pub placement_criteria: Vec<PlacementCriterion>,
    /// Default: OpenGotha's McMahon bar (4d), floor (20k) and credits.
    #[serde(default)]
    pub standings: StandingsSettings,
}

fn default_ruleset() -> Ruleset {
    Ruleset::French
}

fn default_komi_policy() -> KomiPolicy {
    KomiPolicy::Ruleset {}
}

fn default_dispute_policy() -> DisputePolicy {
    DisputePolicy::Strict
}

/// Changes to a tournament: the fields given replace the stored ones.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct TournamentChanges {
    #[schema(
        min_length = 1,
        max_length = 200,
        pattern = r"^[^\x00-\x1f\x7f-\x9f]*[^\s\x00-\x1f\x7f-\x9f][^\x00-\x1f\x7f-\x9f]*$"
    )]
    pub name: Option<String>,
    #[schema(
        min_length = 1,
        max_length = 200,
        pattern = r"^[^\x00-\x1f\x7f-\x9f]*[^\s\x00-\x1f\x7f-\x9f][^\x00-\x1f\x7f-\x9f]*$"
    )]
    pub place: Option<String>,
    #[schema(pattern = "^([A-Za-z]{2})?$")]
    pub country: Option<String>,
    pub start_date: Option<NaiveDate>,
    pub end_date: Option<NaiveDate>,
    pub ruleset: Option<Ruleset>,
    pub komi_policy: Option<KomiPolicy>,
    pub time_control: Option<TimeControl>,
    pub online: Option<bool>,
    pub handicap_policy: Option<HandicapPolicy>,
    pub dispute_policy: Option<DisputePolicy>,
    #[schema(min_items = 1, max_items = 12)]
    pub placement_criteria: Option<Vec<PlacementCriterion>>,
    /// Replaces the standings settings; fields left out of it take their defaults.
    pub standings: Option<StandingsSettings>,
}

/// A page of tournaments.
#[derive(Debug, Serialize, ToSchema)]
pub struct TournamentPage {
    pub items: Vec<Tournament>,
    pub page: PageInfo,
}

/// Filters and pagination of the tournament list.
#[derive(Debug, Deserialize, IntoParams)]
#[serde(deny_unknown_fields)]
#[into_params(parameter_in = Query)]
pub struct TournamentQuery {
    /// Part of the name, any case.
    pub name: Option<String>,
    /// Tournaments starting on or after this date.
    pub from: Option<NaiveDate>,
    /// Tournaments starting on or before this date.
    pub until: Option<NaiveDate>,
    #[param(minimum = 1, maximum = 500)]
    pub limit: Option<u32>,
    #[param(minimum = 0, maximum = 1000000)]
    pub offset: Option<u32>,
}

/// Dates PostgreSQL and the rating bodies can both take.
pub fn check_date(violations: &mut Violations, field: &str, date: NaiveDate) {
    if !(1900..=2200).contains(&date.year()) {
        violations.add(field, "must be between the years 1900 and 2200");
    }
}

/// The settings, checked with the core, as the row to store.
fn record(settings: NewTournament) -> Result<TournamentRecord, ApiError> {
    let mut violations = Violations::new();
    let NewTournament {
        name,
        place,
        mut country,
        start_date,
        end_date,
        ruleset,
        komi_policy,
        time_control,
        online,
        mut handicap_policy,
        dispute_policy,
        placement_criteria,
        mut standings,
    } = settings;
    check_text(&mut violations, "name", &name, 200, true);
    check_text(&mut violations, "place", &place, 200, true);
    // Empty when not given.
    if !country.trim().is_empty() {
        country = check_country(&mut violations, "country", &country);
    }
    check_date(&mut violations, "start_date", start_date);
    check_date(&mut violations, "end_date", end_date);
    if end_date < start_date {
        violations.add("end_date", "must not be before start_date");
    } else if (end_date - start_date).num_days() > 366 {
        violations.add("end_date", "must be at most a year after start_date");
    }
    if let KomiPolicy::Fixed { komi } = komi_policy {
        check_komi(&mut violations, "komi_policy.komi", komi);
    }
    time_control.check(&mut violations);
    handicap_policy.check(&mut violations);
    check_criteria(&mut violations, &placement_criteria);
    standings.check(&mut violations);
    violations.into_result()?;
    let (_, class) = clock::egd_class(&clock::TimeControl::from(&time_control), online);
    Ok(TournamentRecord {
        name: name.trim().to_string(),
        place: place.trim().to_string(),
        country,
        start_date,
        end_date,
        ruleset: Preset::from(ruleset).name().to_string(),
        komi_policy: to_json(&komi_policy)?,
        time_control: to_json(&time_control)?,
        online,
        egd_class: class.to_string(),
        handicap_policy: to_json(&handicap_policy)?,
        dispute_policy: dispute_policy.name().to_string(),
        placement_criteria: to_json(&placement_criteria)?,
        standings_settings: to_json(&standings)?,
    })
}

fn to_json(value: &impl Serialize) -> Result<serde_json::Value, ApiError> {
    serde_json::to_value(value).map_err(ApiError::internal)
}

fn from_json<T: serde::de::DeserializeOwned>(value: serde_json::Value) -> Result<T, ApiError> {
    serde_json::from_value(value).map_err(ApiError::internal)
}

fn from_text<T: serde::de::DeserializeOwned>(value: String) -> Result<T, ApiError> {
    from_json(serde_json::Value::String(value))
}

impl TryFrom<TournamentRow> for Tournament {
    type Error = ApiError;

    fn try_from(row: TournamentRow) -> Result<Tournament, ApiError> {
        let time_control: TimeControl = from_json(row.time_control)?;
        let (adjusted_time_minutes, class) =
            clock::egd_class(&clock::TimeControl::from(&time_control), row.online);
        Ok(Tournament {
            id: row.id,
            name: row.name,
            place: row.place,
            country: row.country,
            start_date: row.start_date,
            end_date: row.end_date,
            ruleset: from_text(row.ruleset)?,
            komi_policy: from_json(row.komi_policy)?,
            time_control,
            online: row.online,
            egd_class: class.into(),
            adjusted_time_minutes,
            handicap_policy: from_json(row.handicap_policy)?,
            dispute_policy: from_text(row.dispute_policy)?,
            placement_criteria: from_json(row.placement_criteria)?,
            standings: from_json(row.standings_settings)?,
            created_at: row.created_at,
            updated_at: row.updated_at,
        })
    }
}

impl Tournament {
    /// The settings as they would be created: the base that changes apply to.
    fn into_settings(self) -> NewTournament {
        NewTournament {
            name: self.name,
            place: self.place,
            country: self.country,
            start_date: self.start_date,
            end_date: self.end_date,
            ruleset: self.ruleset,
            komi_policy: self.komi_policy,
            time_control: self.time_control,
            online: self.online,
            handicap_policy: self.handicap_policy,
            dispute_policy: self.dispute_policy,
            placement_criteria: self.placement_criteria,
            standings: self.standings,
        }
    }
}

/// The tournament, or 404.
pub async fn load(
    connection: &mut crate::db::Connection,
    id: Uuid,
) -> Result<Tournament, ApiError> {
    store::find(connection, id)
        .await?
        .ok_or(ApiError::NotFound(Resource::Tournament))?
        .try_into()
}

/// 404 unless the tournament exists.
pub async fn ensure_exists(
    connection: &mut crate::db::Connection,
    id: Uuid,
) -> Result<(), ApiError> {
    if store::exists(connection, id).await? {
        Ok(())
    } else {
        Err(ApiError::NotFound(Resource::Tournament))
    }
}

/// Create a tournament (admins).
#[utoipa::path(
    post, path = "/tournaments", tag = "tournaments",
    request_body = NewTournament,
    responses((status = 201, description = "Created", body = Tournament)),
    security(("bearer" = []))
)]
pub async fn create(
    pool: web::Data<DbPool>,
    caller: Caller,
    body: ApiJson<NewTournament>,
) -> Result<HttpResponse, ApiError> {
    caller.require_admin("create tournaments")?;
    let record = record(body.0)?;
    let mut connection = pool.get().await?;
    let tournament = Tournament::try_from(store::insert(&mut connection, &record).await?)?;
    Ok(HttpResponse::Created().json(tournament))
}

/// List tournaments, oldest first.
#[utoipa::path(
    get, path = "/tournaments", tag = "tournaments",
    params(TournamentQuery),
    responses((status = 200, description = "A page of tournaments", body = TournamentPage))
)]
pub async fn list(
    pool: web::Data<DbPool>,
    query: ApiQuery<TournamentQuery>,
) -> Result<HttpResponse, ApiError> {
    let query = query.0;
    let window = Window::new(query.limit, query.offset)?;
    check_filter("name", query.name.as_deref())?;
    let filter = TournamentFilter {
        name_pattern: query.name.as_deref().map(like_pattern),
        starts_from: query.from,
        starts_until: query.until,
    };
    let mut connection = pool.get().await?;
    let (rows, total) = store::list(&mut connection, &filter, window.limit, window.offset).await?;
    let items = rows
        .into_iter()
        .map(Tournament::try_from)
        .collect::<Result<_, _>>()?;
    Ok(HttpResponse::Ok().json(TournamentPage {
        items,
        page: PageInfo::new(total, window),
    }))
}

/// A tournament.
#[utoipa::path(
    get, path = "/tournaments/{tournament_id}", tag = "tournaments",
    params(("tournament_id" = Uuid, Path)),
    responses((status = 200, description = "The tournament", body = Tournament))
)]
pub async fn get(pool: web::Data<DbPool>, path: web::Path<Uuid>) -> Result<HttpResponse, ApiError> {
    let mut connection = pool.get().await?;
    Ok(HttpResponse::Ok().json(load(&mut connection, path.into_inner()).await?))
}

/// Change a tournament's settings (its organizers).
#[utoipa::path(
    patch, path = "/tournaments/{tournament_id}", tag = "tournaments",
    params(("tournament_id" = Uuid, Path)),
    request_body = TournamentChanges,
    responses((status = 200, description = "The changed tournament", body = Tournament)),
    security(("bearer" = []))
)]
pub async fn update(
    pool: web::Data<DbPool>,
    caller: Caller,
    path: web::Path<Uuid>,
    body: ApiJson<TournamentChanges>,
) -> Result<HttpResponse, ApiError> {
    let id = path.into_inner();
    caller.require_organizer(id, "change this tournament")?;
    let changes = body.0;
    let mut connection = pool.get().await?;
    let mut settings = load(&mut connection, id).await?.into_settings();
    macro_rules! apply {
        ($($field:ident),*) => { $(if let Some(value) = changes.$field { settings.$field = value; })* };
    }
    apply!(
        name,
        place,
        country,
        start_date,
        end_date,
        ruleset,
        komi_policy,
        time_control,
        online,
        handicap_policy,
        dispute_policy,
        placement_criteria,
        standings
    );
    let record = record(settings)?;
    let tournament = Tournament::try_from(store::update(&mut connection, id, &record).await?)?;
    Ok(HttpResponse::Ok().json(tournament))
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use arbitre_core::standings::Criterion;

    #[test]
    fn time_controls_read_as_the_core_reads_them() {
        for json in [
            r#"{"system":"none"}"#,
            r#"{"system":"byo-yomi","main_time_ms":3600000,"periods":5,"period_ms":30000}"#,
            r#"{"system":"fischer","main_time_ms":600000,"increment_ms":10000,"max_time_ms":1200000}"#,
            r#"{"system":"online-byo-yomi","main_time_ms":600000,"byo_yomi_ms":15000}"#,
        ] {
            let ours: TimeControl = serde_json::from_str(json).unwrap();
            let core: clock::TimeControl = serde_json::from_str(json).unwrap();
            assert_eq!(clock::TimeControl::from(&ours), core);
            assert_eq!(
                serde_json::to_value(&ours).unwrap(),
                serde_json::to_value(&core).unwrap()
            );
        }
    }

    #[test]
    fn criteria_and_handicap_policy_read_as_the_core_reads_them() {
        let criteria = vec![
            PlacementCriterion::Mms,
            PlacementCriterion::SosMinus1(ScoreBasis::Wins),
            PlacementCriterion::DirectConfrontation,
        ];
        let json = serde_json::to_string(&criteria).unwrap();
        let core: Vec<Criterion> = serde_json::from_str(&json).unwrap();
        assert_eq!(serde_json::to_string(&core).unwrap(), json);
        let policy = serde_json::to_string(&HandicapPolicy::default()).unwrap();
        let core: arbitre_core::standings::HandicapPolicy = serde_json::from_str(&policy).unwrap();
        assert_eq!(core.ceiling, 9);
    }

    #[test]
    fn komi_policy_asks_the_ruleset() {
        assert_eq!(KomiPolicy::Ruleset {}.komi(Preset::French, 3), 2.5);
        assert_eq!(KomiPolicy::Fixed { komi: 6.5 }.komi(Preset::French, 3), 6.5);
    }
}
