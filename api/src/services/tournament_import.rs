//! An OpenGotha file imported as a tournament: the core's reader reads it (on the
//! heavy-work pool), its settings become a created tournament's and pass the same checks
//! ([`tournaments::checked_record`]), and [`crate::services::opengotha`] stores it with
//! its players, rounds and results.

use crate::auth::Caller;
use crate::db::DbPool;
use crate::error::{ApiError, Issue, Violations};
use crate::i18n::{Language, TimeZone};
use crate::services::heavy::{Class, Workshop};
use crate::services::opengotha::{self as importer, Import, ImportWarning, Imported};
use crate::services::tournaments::{
    self, default_board_size, default_dispute_policy, default_ruleset, NewTournament,
};
use crate::store::settings::{KomiPolicy, StandingsSettings};
use actix_web::web::Bytes;
use arbitre_core::export::opengotha;
use arbitre_core::fields::FieldIssue;
use arbitre_core::pairing::PairingParameters;
use arbitre_core::standings as core_standings;
use chrono::{DateTime, NaiveDate, Utc};

/// The settings of a tournament read from an OpenGotha file, as a created tournament's:
/// the file's komi for even games (handicap games the rules', as OpenGotha pairs them), its McMahon bar, floor, credits and categories, its
/// handicap parameters, placement criteria and pairing parameters; the FFG rules, which
/// OpenGotha does not record.
fn imported_settings(
    tournament: &core_standings::Tournament,
    pairing: PairingParameters,
) -> Result<NewTournament, ApiError> {
    let mut violations = Violations::new();
    let mut date = |field: &'static str, text: &str| {
        text.parse::<NaiveDate>().unwrap_or_else(|error| {
            let message = format!("{text:?}: {error}");
            violations.add_issue(field, Issue::NotADate(text.to_string()), message);
            NaiveDate::MIN
        })
    };
    let start_date = date("GeneralParameterSet.beginDate", &tournament.start_date);
    let end_date = date("GeneralParameterSet.endDate", &tournament.end_date);
    let board_size = match u8::try_from(tournament.board_size) {
        Ok(side) if arbitre_core::fields::check_board_side(side).is_ok() => side,
        _ => {
            let issue = FieldIssue::BoardSide;
            violations.add_check("GeneralParameterSet.size", issue);
            default_board_size()
        }
    };
    for (field, issue) in tournament.handicap.issues() {
        violations.add_check(
            format!("HandicapParameterSet.{}", field.opengotha_attribute()),
            issue,
        );
    }
    violations.into_result()?;
    let name = match tournament.name.trim() {
        "" => tournament.short_name.clone(),
        _ => tournament.name.clone(),
    };
    Ok(NewTournament {
        name,
        place: tournament.city.clone(),
        country: tournament.country.clone(),
        start_date,
        end_date,
        number_of_rounds: tournament.rounds,
        board_size,
        ruleset: tournament.rules.unwrap_or_else(default_ruleset),
        komi_policy: KomiPolicy::Fixed {
            komi: tournament.komi,
        },
        time_control: tournament.time.clone(),
        online: tournament.online,
        handicap_policy: tournament.handicap,
        dispute_policy: default_dispute_policy(),
        placement_criteria: tournament.criteria.clone(),
        standings: StandingsSettings {
            mcmahon_bar: tournament.mcmahon.bar.to_string(),
            mcmahon_floor: tournament.mcmahon.floor.to_string(),
            bye: tournament.scoring.bye.into(),
            absence: tournament.scoring.absence.into(),
            round_down: tournament.scoring.round_down,
            unplayed_as_half_point_in_sos: tournament.scoring.unplayed_as_half_point_in_sos,
            category_limits: tournament
                .category_limits
                .iter()
                .map(ToString::to_string)
                .collect(),
        },
        pairing,
        // An OpenGotha file names neither: the director sets them on the settings page.
        language: Language::default(),
        time_zone: TimeZone::server(),
    })
}

/// Imports an OpenGotha file (admins), in progress or finished, in one transaction:
/// nothing is written on any error. `imported_at` (the service's clock) starts the rounds
/// the file has played.
pub async fn import(
    (pool, workshop): (&DbPool, &Workshop),
    caller: &Caller,
    bytes: Bytes,
    imported_at: DateTime<Utc>,
) -> Result<Imported, ApiError> {
    caller.require_admin("import tournaments")?;
    let (tournament, pairing, read) = workshop
        .run(Class::Staff, move || {
            let (tournament, read) = opengotha::import_with_warnings(&bytes)?;
            let pairing = arbitre_core::pairing::opengotha::read(&bytes, &tournament)?.parameters;
            Ok::<_, ApiError>((tournament, pairing, read))
        })
        .await??;
    let settings = imported_settings(&tournament, pairing)?;
    // What the reader took as OpenGotha takes it (a control character stripped from a
    // club, a komi's decimal comma), named by element and line.
    let mut warnings: Vec<ImportWarning> = read
        .into_iter()
        .map(|warning| {
            ImportWarning::new(
                format!(
                    "{}[line {}].{}",
                    warning.element, warning.line, warning.attribute
                ),
                warning.value,
                warning.message,
            )
        })
        .collect();
    let import = Import {
        komi_policy: settings.komi_policy,
        rules: settings.ruleset.rules(),
        settings: tournaments::checked_record(settings, Some(&mut warnings))?,
        tournament,
        warnings,
        imported_at,
    };
    let mut connection = pool.get().await?;
    importer::import(&mut connection, import).await
}
