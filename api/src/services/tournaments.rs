//! A tournament's settings: what creating, listing, changing and deleting a tournament
//! does, for the routes (`/tournaments`) and the organizer's pages alike. The ruleset, the
//! time control and the EGD class are the core's (`arbitre_core::rules`,
//! `arbitre_core::clock`): the service checks them with the core and stores them in the
//! core's JSON form.

use crate::auth::Caller;
use crate::db::{Connection, DbPool};
use crate::error::{ApiError, Issue, Resource, Violations};
use crate::http::{check_country, check_text, Window};
use crate::i18n::{Language, TimeZone};
use crate::services::deletions;
use crate::services::opengotha::ImportWarning;
use crate::store::deletions as deletion_store;
use crate::store::rounds as rounds_store;
use crate::store::settings::{
    check_criteria, check_handicap_policy, check_komi, check_time_control, default_criteria,
    HandicapPolicy, KomiPolicy, StandingsSettings,
};
use crate::store::tournaments::{
    self as store, BoardHold, TournamentFilter, TournamentRecord, TournamentRow,
};
use arbitre_core::clock::{self, EgdClass, TimeControl};
use arbitre_core::ending::ResumptionPolicy;
use arbitre_core::pairing::parameters::{System, MAX_CRITERION_WEIGHT};
use arbitre_core::pairing::PairingParameters;
use arbitre_core::standings::{self as core_standings, Criterion};
use arbitre_core::{tournament_board, Preset};
use chrono::{DateTime, Datelike, NaiveDate, Utc};
use diesel_async::AsyncConnection;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use uuid::Uuid;

/// A tournament.
#[derive(Debug, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct Tournament {
    pub id: Uuid,
    pub name: String,
    pub place: String,
    /// Where it is played (ISO 3166-1 alpha-2), empty when not given.
    pub country: String,
    pub start_date: NaiveDate,
    pub end_date: NaiveDate,
    /// The rounds announced (OpenGotha's `numberOfRounds`), which all exist: the pairing's
    /// wins threshold and seeding and the standings count them. 0 while rounds are added
    /// one by one, each raising it to its number.
    pub number_of_rounds: u32,
    /// The side of the board every game is played on (`tournament_board`): the exports
    /// name it (OpenGotha `size`, FFG `;size=`, SGF `SZ`).
    pub board_size: u8,
    pub ruleset: Preset,
    pub komi_policy: KomiPolicy,
    pub time_control: TimeControl,
    /// Played on a go server (EGF class D at best).
    pub online: bool,
    /// Computed from the time control.
    pub egd_class: EgdClass,
    /// The EGD adjusted time in minutes (`TM[]`), computed from the time control.
    pub adjusted_time_minutes: u64,
    pub handicap_policy: HandicapPolicy,
    pub dispute_policy: ResumptionPolicy,
    /// Most important first.
    pub placement_criteria: Vec<Criterion>,
    pub standings: StandingsSettings,
    /// How rounds are paired: OpenGotha's pairing parameters.
    pub pairing: PairingParameters,
    /// The language of its pages when the reader's browser asks for none of the pages'
    /// languages (the reader's own choice first, then `Accept-Language`, then this).
    #[schema(value_type = String, example = "fr")]
    pub language: Language,
    /// The zone (IANA name) of the times its pages show.
    #[schema(value_type = String, example = "Europe/Paris")]
    pub time_zone: TimeZone,
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
    /// The rounds to play, 0 to 100 (OpenGotha's `numberOfRounds`): rounds 1 to this
    /// number are created with the tournament. Default 0: rounds are added one by one
    /// (`POST …/rounds`), each raising it to its number.
    #[serde(default)]
    #[schema(maximum = 100, example = 5)]
    pub number_of_rounds: u32,
    /// The side of the board every game is played on, 2 to 25 (default 19): a game or an
    /// SGF record on another board is refused (422 `terms.board_size`), and the exports
    /// name it.
    #[serde(default = "default_board_size")]
    #[schema(minimum = 2, maximum = 25, example = 19)]
    pub board_size: u8,
    /// Default `french`.
    #[serde(default = "default_ruleset")]
    pub ruleset: Preset,
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
    pub dispute_policy: ResumptionPolicy,
    /// Default MMS, SOS, SOSOS.
    #[serde(default = "default_criteria")]
    #[schema(min_items = 1, max_items = 12)]
    pub placement_criteria: Vec<Criterion>,
    /// Default: OpenGotha's McMahon bar (4d), floor (20k) and credits.
    #[serde(default)]
    pub standings: StandingsSettings,
    /// Default: OpenGotha's McMahon pairing parameters.
    #[serde(default = "default_pairing")]
    pub pairing: PairingParameters,
    /// The language of its pages when the reader's browser asks for none of theirs: `fr`,
    /// `en`, `it` or `de`. Default `en`.
    #[serde(default)]
    #[schema(value_type = String, example = "fr")]
    pub language: Language,
    /// The zone of the times its pages show, an IANA name. Default the server's.
    #[serde(default)]
    #[schema(value_type = String, example = "Europe/Paris")]
    pub time_zone: TimeZone,
}

pub(super) fn default_board_size() -> u8 {
    tournament_board::DEFAULT_SIDE
}

pub(super) fn default_ruleset() -> Preset {
    Preset::French
}

fn default_komi_policy() -> KomiPolicy {
    KomiPolicy::Ruleset {}
}

fn default_pairing() -> PairingParameters {
    PairingParameters::opengotha_defaults(System::McMahon)
}

pub(super) fn default_dispute_policy() -> ResumptionPolicy {
    ResumptionPolicy::Strict
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
    /// Raised: the new rounds are created. Lowered: refused (409 `tournament.rounds_exist`)
    /// while a round beyond it exists; delete those first.
    #[schema(maximum = 100)]
    pub number_of_rounds: Option<u32>,
    /// 2 to 25. Changed only while the tournament has no recorded game or result (409
    /// `tournament.board_size_locked` after).
    #[schema(minimum = 2, maximum = 25)]
    pub board_size: Option<u8>,
    pub ruleset: Option<Preset>,
    pub komi_policy: Option<KomiPolicy>,
    pub time_control: Option<TimeControl>,
    pub online: Option<bool>,
    pub handicap_policy: Option<HandicapPolicy>,
    pub dispute_policy: Option<ResumptionPolicy>,
    #[schema(min_items = 1, max_items = 12)]
    pub placement_criteria: Option<Vec<Criterion>>,
    /// Replaces the standings settings; fields left out of it take their defaults.
    pub standings: Option<StandingsSettings>,
    /// Replaces the pairing parameters, given whole (the tournament shows the current ones).
    pub pairing: Option<PairingParameters>,
    /// `fr`, `en`, `it` or `de`.
    #[schema(value_type = Option<String>)]
    pub language: Option<Language>,
    /// An IANA name.
    #[schema(value_type = Option<String>)]
    pub time_zone: Option<TimeZone>,
}

/// Dates PostgreSQL and the rating bodies can both take.
pub fn check_date(violations: &mut Violations, field: &str, date: NaiveDate) {
    if !(1900..=2200).contains(&date.year()) {
        violations.add_issue(
            field,
            Issue::OutOfRange {
                min: 1900,
                max: 2200,
            },
            "must be between the years 1900 and 2200",
        );
    }
}

/// The settings, checked with the core, as the row to store.
fn record(settings: NewTournament) -> Result<TournamentRecord, ApiError> {
    checked_record(settings, None)
}

/// As [`record`]; with `warnings` (an imported file's settings), dates out of order are
/// kept as the file writes them and listed there rather than refused.
pub(super) fn checked_record(
    settings: NewTournament,
    mut warnings: Option<&mut Vec<ImportWarning>>,
) -> Result<TournamentRecord, ApiError> {
    let mut violations = Violations::new();
    let NewTournament {
        name,
        place,
        mut country,
        start_date,
        end_date,
        number_of_rounds,
        board_size,
        ruleset,
        komi_policy,
        time_control,
        online,
        handicap_policy,
        dispute_policy,
        placement_criteria,
        mut standings,
        pairing,
        language,
        time_zone,
    } = settings;
    check_text(&mut violations, "name", &name, 200, true);
    match warnings.as_deref_mut() {
        // OpenGotha saves a tournament without a location: the file imports, and the
        // director learns what needs it before the last day.
        Some(warnings) if place.trim().is_empty() => warnings.push(ImportWarning::new(
            "GeneralParameterSet.location",
            "",
            "empty: kept empty, and the EGD results file then names no place \
             (PC[country,]), as OpenGotha writes it; set it with PATCH /tournaments/{id} \
             (place)",
        )),
        _ => check_text(&mut violations, "place", &place, 200, true),
    }
    // Empty when not given.
    if !country.trim().is_empty() {
        country = check_country(&mut violations, "country", &country);
    }
    check_date(&mut violations, "start_date", start_date);
    check_date(&mut violations, "end_date", end_date);
    if end_date < start_date {
        match warnings {
            Some(warnings) => warnings.push(ImportWarning::new(
                "GeneralParameterSet.endDate",
                end_date.to_string(),
                "before the beginDate: kept as the file writes it; correct the dates with \
                 PATCH /tournaments/{id} (start_date, end_date)",
            )),
            None => violations.add_issue(
                "end_date",
                Issue::EndBeforeStart,
                "must not be before start_date",
            ),
        }
    } else if (end_date - start_date).num_days() > 366 {
        violations.add_issue(
            "end_date",
            Issue::OverAYear,
            "must be at most a year after start_date",
        );
    }
    if number_of_rounds > core_standings::Tournament::MAX_ROUNDS {
        let max = core_standings::Tournament::MAX_ROUNDS;
        violations.add_issue(
            "number_of_rounds",
            Issue::AtMost {
                max: i64::from(max),
            },
            format!("must be at most {max}"),
        );
    }
    if let Err(issue) = arbitre_core::fields::check_board_side(board_size) {
        violations.add_check("board_size", issue);
    }
    if let KomiPolicy::Fixed { komi } = komi_policy {
        check_komi(&mut violations, "komi_policy.komi", komi);
    }
    check_time_control(&time_control, &mut violations);
    check_handicap_policy(&handicap_policy, &mut violations);
    check_criteria(&mut violations, &placement_criteria);
    standings.check(&mut violations);
    for error in pairing.validate() {
        // The core checks the weights' range and the one fraction, the concavity.
        let issue = match error.field.as_str() {
            "concavity" => Issue::Fraction,
            _ => Issue::OutOfRange {
                min: 0,
                max: MAX_CRITERION_WEIGHT,
            },
        };
        violations.add_issue(format!("pairing.{}", error.field), issue, error.message);
    }
    violations.into_result()?;
    let (_, class) = clock::egd_class(&time_control, online);
    Ok(TournamentRecord {
        name: name.trim().to_string(),
        place: place.trim().to_string(),
        country,
        start_date,
        end_date,
        ruleset: ruleset.name().to_string(),
        komi_policy: to_json(&komi_policy)?,
        time_control: to_json(&time_control)?,
        online,
        egd_class: class.to_string(),
        handicap_policy: to_json(&handicap_policy)?,
        dispute_policy: dispute_policy.name().to_string(),
        placement_criteria: to_json(&placement_criteria)?,
        standings_settings: to_json(&standings)?,
        pairing_parameters: to_json(&pairing)?,
        number_of_rounds: i32::try_from(number_of_rounds).map_err(ApiError::internal)?,
        board_size: i16::from(board_size),
        language: language.code().to_string(),
        time_zone: time_zone.name().to_string(),
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
        let (adjusted_time_minutes, class) = clock::egd_class(&time_control, row.online);
        Ok(Tournament {
            id: row.id,
            name: row.name,
            place: row.place,
            country: row.country,
            start_date: row.start_date,
            end_date: row.end_date,
            number_of_rounds: u32::try_from(row.number_of_rounds).map_err(ApiError::internal)?,
            board_size: u8::try_from(row.board_size).map_err(ApiError::internal)?,
            ruleset: from_text(row.ruleset)?,
            komi_policy: from_json(row.komi_policy)?,
            time_control,
            online: row.online,
            egd_class: class,
            adjusted_time_minutes,
            handicap_policy: from_json(row.handicap_policy)?,
            dispute_policy: from_text(row.dispute_policy)?,
            placement_criteria: from_json(row.placement_criteria)?,
            standings: from_json(row.standings_settings)?,
            pairing: from_json(row.pairing_parameters)?,
            language: Language::of_code(&row.language)
                .ok_or_else(|| ApiError::internal(format!("stored language {:?}", row.language)))?,
            time_zone: TimeZone::of_name(&row.time_zone).ok_or_else(|| {
                ApiError::internal(format!("stored time zone {:?}", row.time_zone))
            })?,
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
            number_of_rounds: self.number_of_rounds,
            board_size: self.board_size,
            ruleset: self.ruleset,
            komi_policy: self.komi_policy,
            time_control: self.time_control,
            online: self.online,
            handicap_policy: self.handicap_policy,
            dispute_policy: self.dispute_policy,
            placement_criteria: self.placement_criteria,
            standings: self.standings,
            pairing: self.pairing,
            language: self.language,
            time_zone: self.time_zone,
        }
    }
}

/// The tournament, or 404.
pub async fn load(connection: &mut Connection, id: Uuid) -> Result<Tournament, ApiError> {
    store::find(connection, id)
        .await?
        .ok_or(ApiError::NotFound(Resource::Tournament))?
        .try_into()
}

/// The tournament's language (its setting), for the pages that read the rest of it
/// elsewhere (the standings' view of it).
pub async fn language(connection: &mut Connection, id: Uuid) -> Result<Language, ApiError> {
    let row = store::find(connection, id)
        .await?
        .ok_or(ApiError::NotFound(Resource::Tournament))?;
    Ok(Language::of_code(&row.language).unwrap_or_default())
}

/// The tournament's board, held until the transaction ends ([`store::hold_board`]) for a
/// game or a result to be recorded on it: a change of board made meanwhile comes before
/// it, or after it and is refused.
pub async fn held_board(connection: &mut Connection, id: Uuid) -> Result<u8, ApiError> {
    store::hold_board(connection, id, BoardHold::Play).await?;
    Ok(load(connection, id).await?.board_size)
}

/// Refused unless a game on `size` is one of the tournament's, on its board held
/// ([`held_board`]).
pub async fn hold_game_board(
    connection: &mut Connection,
    id: Uuid,
    size: arbitre_core::BoardSize,
) -> Result<(), ApiError> {
    let board = held_board(connection, id).await?;
    Ok(tournament_board::check_game_board(board, size)?)
}

/// Creates a tournament with its announced rounds (admins).
pub async fn create(
    pool: &DbPool,
    caller: &Caller,
    settings: NewTournament,
) -> Result<Tournament, ApiError> {
    caller.require_admin("create tournaments")?;
    let record = record(settings)?;
    let mut connection = pool.get().await?;
    let row = connection
        .transaction::<_, ApiError, _>(async |connection| {
            let row = store::insert(connection, &record).await?;
            rounds_store::insert_missing(connection, row.id, row.number_of_rounds).await?;
            Ok(row)
        })
        .await?;
    Tournament::try_from(row)
}

/// The tournaments `filter` selects in `window`, oldest first, and how many it selects.
pub async fn list(
    connection: &mut Connection,
    filter: &TournamentFilter,
    window: Window,
) -> Result<(Vec<Tournament>, i64), ApiError> {
    let (rows, total) = store::list(connection, filter, window.limit, window.offset).await?;
    let items = rows
        .into_iter()
        .map(Tournament::try_from)
        .collect::<Result<_, _>>()?;
    Ok((items, total))
}

/// Applies `changes` to the tournament's settings (its organizers).
pub async fn update(
    pool: &DbPool,
    caller: &Caller,
    id: Uuid,
    changes: TournamentChanges,
) -> Result<Tournament, ApiError> {
    caller.require_organizer(id, "change this tournament")?;
    let mut connection = pool.get().await?;
    let row = connection
        .transaction::<_, ApiError, _>(async |connection| {
            // The settings are read under the hold: another change, or a game being
            // started on the board, comes before or after this one, never between.
            store::hold_board(connection, id, BoardHold::Change).await?;
            let mut settings = load(connection, id).await?.into_settings();
            let current_board = settings.board_size;
            macro_rules! apply {
                ($($field:ident),*) => { $(if let Some(value) = changes.$field { settings.$field = value; })* };
            }
            apply!(
                name,
                place,
                country,
                start_date,
                end_date,
                number_of_rounds,
                board_size,
                ruleset,
                komi_policy,
                time_control,
                online,
                handicap_policy,
                dispute_policy,
                placement_criteria,
                standings,
                pairing,
                language,
                time_zone
            );
            let wanted_board = settings.board_size;
            let record = record(settings)?;
            let highest = rounds_store::highest(connection, id).await?.unwrap_or(0);
            if record.number_of_rounds < highest {
                return Err(ApiError::Conflict {
                    code: "tournament.rounds_exist",
                    detail: format!(
                        "round {highest} exists: delete the rounds after round {} \
                         (DELETE /tournaments/{id}/rounds/{{number}}) before announcing fewer",
                        record.number_of_rounds
                    ),
                });
            }
            if wanted_board != current_board {
                let recorded = store::has_recorded_games(connection, id).await?;
                tournament_board::check_board_change(current_board, wanted_board, recorded)?;
            }
            let row = store::update(connection, id, &record).await?;
            rounds_store::insert_missing(connection, id, row.number_of_rounds).await?;
            Ok(row)
        })
        .await?;
    Tournament::try_from(row)
}

/// Deletes a tournament and everything in it (its organizers), keeping the deletion with
/// `reason` and the tournament as it was. A tournament with recorded games (a game, or a
/// result entered by hand) is deleted only by an admin who confirms it
/// (`delete_recorded_games`): its games and results go with it.
pub async fn delete(
    pool: &DbPool,
    caller: &Caller,
    id: Uuid,
    reason: &str,
    delete_recorded_games: bool,
) -> Result<(), ApiError> {
    let mut connection = pool.get().await?;
    let tournament = load(&mut connection, id).await?;
    connection
        .transaction::<_, ApiError, _>(async |connection| {
            let recorded = deletion_store::recorded_games(connection, id).await?;
            if recorded > 0 {
                caller.require_admin("delete a tournament with recorded games")?;
                if !delete_recorded_games {
                    return Err(ApiError::Conflict {
                        code: "tournament.has_games",
                        detail: format!(
                            "the tournament has {recorded} recorded games: to delete them with \
                             it, send DELETE /tournaments/{id}?delete_recorded_games=true"
                        ),
                    });
                }
            }
            let snapshot =
                serde_json::json!({"tournament": tournament, "recorded_games": recorded});
            deletions::record(
                connection,
                caller,
                id,
                ("tournament", id),
                reason,
                &snapshot,
            )
            .await?;
            deletion_store::erase_tournament(connection, id).await?;
            Ok(())
        })
        .await
}
