//! The dashboard's tournaments: the list, and the form that creates one (its settings:
//! rules, time control, McMahon bar and floor, handicap policy, rounds).

use super::{caller, parameters, problems, see_other};
use crate::access::Role;
use crate::db::DbPool;
use crate::error::{ApiError, FieldError, Issue};
use crate::i18n::{vocabulary, Language, TimeZone};
use crate::services::live::ServerClock;
use crate::services::tournaments::{self as service, NewTournament, Tournament};
use crate::store::tournaments::{self as store, TournamentFilter};
use crate::web::dashboard::Problem;
use crate::web::page::{secured, Page, PageError};
use crate::web::session::Signed;
use crate::web::session::Viewer;
use actix_web::{web, HttpResponse};
use arbitre_core::clock::{self, TimeControl};
use arbitre_core::rules::KomiPolicy;
use arbitre_core::{tournament_board, Preset};
use askama::Template;
use chrono::NaiveDate;
use serde::Deserialize;
use serde_json::{json, to_value, Map, Value};
use std::collections::HashMap;
use uuid::Uuid;

/// How many tournaments the dashboard lists, newest first.
const LISTED: i64 = 200;

/// A tournament in the list.
pub struct Listed {
    pub id: Uuid,
    pub name: String,
    pub place: String,
    pub start_date: chrono::NaiveDate,
}

/// The creation form as typed, kept to show again beside its problems.
#[derive(Debug, Clone, Deserialize)]
pub struct TournamentForm {
    pub name: String,
    pub place: String,
    #[serde(default)]
    pub country: String,
    pub start_date: String,
    pub end_date: String,
    pub number_of_rounds: String,
    /// The side of the tournament's board (a form without it takes the API's default,
    /// or keeps the tournament's).
    #[serde(default)]
    pub board_size: Option<String>,
    pub ruleset: String,
    pub time_system: String,
    pub main_minutes: String,
    /// Byo-yomi periods, or Canadian stones per period.
    pub periods: String,
    /// A byo-yomi or Canadian period, or a Fischer increment.
    pub period_seconds: String,
    pub mcmahon_bar: String,
    pub mcmahon_floor: String,
    pub handicap_ceiling: String,
    pub handicap_reduction: String,
    pub no_handicap_from: String,
    /// `ruleset` or `fixed` (the settings page: creation takes the API's default).
    #[serde(default)]
    pub komi_kind: Option<String>,
    /// The komi of even games, when fixed.
    #[serde(default)]
    pub komi: Option<String>,
    #[serde(default)]
    pub dispute_policy: Option<String>,
    /// The code of the tournament's language (a form without it takes the API's default,
    /// or keeps the tournament's).
    #[serde(default)]
    pub language: Option<String>,
    /// The IANA name of the tournament's time zone (likewise).
    #[serde(default)]
    pub time_zone: Option<String>,
    /// The placement criteria's slots and the pairing parameters, by their form keys
    /// ([`super::parameters`]).
    #[serde(flatten)]
    pub more: HashMap<String, String>,
    /// The EGF class of the time control the form keeps (not a field of the form).
    #[serde(skip)]
    pub kept_class: String,
    /// Whether the tournament is played online (its class depends on it).
    #[serde(skip)]
    pub online: bool,
}

impl TournamentForm {
    /// OpenGotha's defaults, a common time control, one day: `today`, the service's clock's.
    pub fn new(today: NaiveDate) -> TournamentForm {
        let today = today.to_string();
        TournamentForm {
            name: String::new(),
            place: String::new(),
            country: String::new(),
            start_date: today.clone(),
            end_date: today,
            number_of_rounds: "5".to_string(),
            board_size: Some(tournament_board::DEFAULT_SIDE.to_string()),
            ruleset: Preset::French.name().to_string(),
            time_system: "byo-yomi".to_string(),
            main_minutes: "60".to_string(),
            periods: "5".to_string(),
            period_seconds: "30".to_string(),
            mcmahon_bar: "4d".to_string(),
            mcmahon_floor: "20k".to_string(),
            handicap_ceiling: "9".to_string(),
            handicap_reduction: "1".to_string(),
            no_handicap_from: "1d".to_string(),
            komi_kind: None,
            komi: None,
            dispute_policy: None,
            language: None,
            time_zone: Some(TimeZone::server().name().to_string()),
            more: HashMap::new(),
            kept_class: String::new(),
            online: false,
        }
    }
}

/// The time systems the form offers, by their API names, with the catalog's key of
/// their words.
const TIME_SYSTEMS: [(&str, &str); 4] = [
    ("byo-yomi", "time-system-byo-yomi"),
    ("canadian", "time-system-canadian"),
    ("fischer", "time-system-fischer"),
    ("absolute", "time-system-absolute"),
];

/// The time systems, as the form's list shows them in `language`.
pub fn time_systems(language: Language) -> Vec<(String, String)> {
    TIME_SYSTEMS
        .iter()
        .map(|(value, key)| (value.to_string(), language.text(key)))
        .collect()
}

/// The whole number a box of the form holds, else a problem named by the box.
fn number(problems: &mut Vec<FieldError>, field: &str, text: &str) -> u64 {
    text.trim().parse().unwrap_or_else(|_| {
        problems.push(not_a_whole_number(field));
        0
    })
}

fn not_a_whole_number(field: &str) -> FieldError {
    FieldError::of_issue(field, Issue::NotAWholeNumber, "must be a whole number")
}

/// The form's settings the API's types do not read (a date, a rank, a time zone of no
/// such form): the form as a whole is at fault.
pub fn unread(error: serde_json::Error) -> FieldError {
    FieldError::of_issue("form", Issue::Unreadable, error.to_string())
}

impl TournamentForm {
    /// The settings as the JSON route reads them (so that fields left out take the same
    /// defaults and every check is the route's), or the form's own problems.
    fn settings(&self) -> Result<NewTournament, Vec<FieldError>> {
        serde_json::from_value(self.body(None)?).map_err(|error| vec![unread(error)])
    }

    /// The form's settings in the API's JSON form, or its own problems. With `base` (the
    /// settings it changes), what the form does not show is kept: the other standings and
    /// handicap settings, and the time control unless the form picks a system.
    pub fn body(&self, base: Option<&Tournament>) -> Result<Value, Vec<FieldError>> {
        let mut problems = Vec::new();
        let time_control = self.time_control(&mut problems);
        let kept = |value: Result<Value, serde_json::Error>| match value {
            Ok(Value::Object(fields)) => fields,
            _ => Map::new(),
        };
        let mut standings = kept(base.map_or(Ok(Value::Null), |t| to_value(&t.standings)));
        standings.insert("mcmahon_bar".into(), json!(self.mcmahon_bar.trim()));
        standings.insert("mcmahon_floor".into(), json!(self.mcmahon_floor.trim()));
        let mut handicap = kept(base.map_or(Ok(json!({"based_on_mms": true})), |t| {
            to_value(t.handicap_policy)
        }));
        let ceiling = number(&mut problems, "handicap_ceiling", &self.handicap_ceiling);
        // OpenGotha's correction may add a stone (-1).
        let reduction = self
            .handicap_reduction
            .trim()
            .parse::<i64>()
            .unwrap_or_else(|_| {
                problems.push(not_a_whole_number("handicap_reduction"));
                0
            });
        handicap.insert("ceiling".into(), json!(ceiling));
        handicap.insert("reduction".into(), json!(reduction));
        handicap.insert(
            "no_handicap_from".into(),
            json!(self.no_handicap_from.trim()),
        );
        let mut body = json!({
            "name": self.name,
            "place": self.place,
            "country": self.country.trim(),
            "start_date": self.start_date,
            "end_date": self.end_date,
            "number_of_rounds": number(&mut problems, "number_of_rounds", &self.number_of_rounds),
            "ruleset": self.ruleset,
            "time_control": time_control,
            "standings": standings,
            "handicap_policy": handicap,
        });
        if let Some(fields) = body.as_object_mut() {
            if let Some(side) = &self.board_size {
                let side = number(&mut problems, "board_size", side);
                fields.insert("board_size".into(), json!(side));
            }
            if let Some(language) = &self.language {
                fields.insert("language".into(), json!(language));
            }
            if let Some(zone) = &self.time_zone {
                fields.insert("time_zone".into(), json!(zone.trim()));
            }
            if fields["time_control"].is_null() {
                fields.remove("time_control");
            }
            self.more_settings(base, fields, &mut problems);
        }
        if problems.is_empty() {
            Ok(body)
        } else {
            Err(problems)
        }
    }

    /// The time control as the API's JSON reads it (null: the tournament's is kept).
    fn time_control(&self, problems: &mut Vec<FieldError>) -> Value {
        let main_time_ms = number(problems, "main_minutes", &self.main_minutes) * 60_000;
        let periods = number(problems, "periods", &self.periods);
        let period_ms = number(problems, "period_seconds", &self.period_seconds) * 1000;
        match self.time_system.as_str() {
            KEEP => Value::Null,
            "canadian" => json!({"system": "canadian", "main_time_ms": main_time_ms,
                                 "stones": periods, "period_ms": period_ms}),
            "fischer" => json!({"system": "fischer", "main_time_ms": main_time_ms,
                                "increment_ms": period_ms}),
            "absolute" => json!({"system": "absolute", "main_time_ms": main_time_ms}),
            _ => json!({"system": "byo-yomi", "main_time_ms": main_time_ms,
                        "periods": periods, "period_ms": period_ms}),
        }
    }

    /// The EGF class and adjusted time of the time control as typed, as the core
    /// computes them ([`clock::egd_class`]), or what is wrong with it.
    pub fn time_class(&self, language: &Language) -> Result<String, String> {
        let mut problems = Vec::new();
        let time_control = self.time_control(&mut problems);
        if let Some(problem) = problems.into_iter().next() {
            return Err(Problem::Field(problem).text(language));
        }
        if time_control.is_null() {
            return Ok(self.kept_class.clone());
        }
        let time_control: TimeControl =
            serde_json::from_value(time_control).map_err(|error| error.to_string())?;
        let (adjusted, class) = clock::egd_class(&time_control, self.online);
        Ok(egf_class(language, &class.to_string(), adjusted))
    }

    /// What the settings page adds: komi, dispute policy, placement criteria and pairing
    /// parameters (left as they are when the form does not show them).
    fn more_settings(
        &self,
        base: Option<&Tournament>,
        body: &mut Map<String, Value>,
        problems: &mut Vec<FieldError>,
    ) {
        match (self.komi_kind.as_deref(), &self.komi) {
            (Some("fixed"), Some(komi)) => match komi.trim().parse::<f64>() {
                Ok(komi) => {
                    body.insert("komi_policy".into(), json!({"kind": "fixed", "komi": komi}));
                }
                Err(_) => problems.push(FieldError::of_issue(
                    "komi",
                    Issue::NotANumber,
                    "must be a number such as 6.5",
                )),
            },
            (Some(kind), _) => {
                body.insert("komi_policy".into(), json!({"kind": kind}));
            }
            (None, _) => {}
        }
        if let Some(policy) = &self.dispute_policy {
            body.insert("dispute_policy".into(), json!(policy));
        }
        if let Some(criteria) = parameters::typed_criteria(&self.more, problems) {
            body.insert("placement_criteria".into(), criteria);
        }
        if let Some(pairing) =
            base.and_then(|base| parameters::typed_parameters(&base.pairing, &self.more, problems))
        {
            body.insert("pairing".into(), pairing);
        }
    }

    /// The form showing `tournament`'s settings, its time control kept unless changed.
    pub fn of(tournament: &Tournament, language: Language) -> TournamentForm {
        TournamentForm {
            name: tournament.name.clone(),
            place: tournament.place.clone(),
            country: tournament.country.clone(),
            start_date: tournament.start_date.to_string(),
            end_date: tournament.end_date.to_string(),
            number_of_rounds: tournament.number_of_rounds.to_string(),
            board_size: Some(tournament.board_size.to_string()),
            ruleset: tournament.ruleset.name().to_string(),
            time_system: KEEP.to_string(),
            mcmahon_bar: tournament.standings.mcmahon_bar.clone(),
            mcmahon_floor: tournament.standings.mcmahon_floor.clone(),
            handicap_ceiling: tournament.handicap_policy.ceiling.to_string(),
            handicap_reduction: tournament.handicap_policy.reduction.to_string(),
            no_handicap_from: tournament.handicap_policy.no_handicap_from.to_string(),
            komi_kind: Some(
                match tournament.komi_policy {
                    KomiPolicy::Ruleset {} => "ruleset",
                    KomiPolicy::Fixed { .. } => "fixed",
                }
                .to_string(),
            ),
            komi: Some(match tournament.komi_policy {
                KomiPolicy::Fixed { komi } => komi.to_string(),
                KomiPolicy::Ruleset {} => String::new(),
            }),
            dispute_policy: Some(tournament.dispute_policy.name().to_string()),
            language: Some(tournament.language.code().to_string()),
            time_zone: Some(tournament.time_zone.name().to_string()),
            kept_class: kept_class(tournament, language),
            online: tournament.online,
            ..TournamentForm::new(tournament.start_date)
        }
    }
}

/// The class of `tournament`'s time control, as the API computed it.
pub fn kept_class(tournament: &Tournament, language: Language) -> String {
    egf_class(
        &language,
        &tournament.egd_class.to_string(),
        tournament.adjusted_time_minutes,
    )
}

/// An EGF class and its adjusted time in words.
fn egf_class(language: &Language, class: &str, minutes: u64) -> String {
    let class = language
        .message("egf-class")
        .arg("class", class)
        .arg("minutes", minutes);
    language.text_with("egf-class-named", "class", class.to_string())
}

/// The time system of a settings form that keeps the tournament's time control.
pub const KEEP: &str = "keep";

#[derive(Template)]
#[template(path = "dashboard/tournaments.html")]
struct TournamentsPage {
    t: Language,
    signed_in: Option<Signed>,
    tournaments: Vec<Listed>,
    may_create: bool,
    form: TournamentForm,
    /// Each ruleset's API name and words.
    rulesets: Vec<(&'static str, String)>,
    time_systems: Vec<(String, String)>,
    languages: Vec<(&'static str, String)>,
    time_zones: Vec<&'static str>,
    problems: Vec<Problem>,
}

/// The languages a tournament's pages may speak, each in its own words, for the
/// settings forms.
pub fn languages() -> Vec<(&'static str, String)> {
    Language::all()
        .map(|language| (language.code(), language.name()))
        .collect()
}

/// The tournaments a person may see on the dashboard, newest first: every one for an
/// admin, their own for an organizer or a referee.
pub async fn visible(
    connection: &mut crate::db::Connection,
    viewer: &Viewer,
) -> Result<Vec<Listed>, PageError> {
    let token = viewer.0.as_ref().ok_or(ApiError::MissingToken)?;
    let listed = match (token.role, token.tournament_id) {
        (Role::Admin, _) => {
            let filter = TournamentFilter {
                name_pattern: None,
                starts_from: None,
                starts_until: None,
            };
            store::list(connection, &filter, LISTED, 0)
                .await
                .map_err(ApiError::from)?
                .0
        }
        (Role::Organizer | Role::Referee, Some(id)) => store::find(connection, id)
            .await
            .map_err(ApiError::from)?
            .into_iter()
            .collect(),
        _ => return Err(PageError(ApiError::Forbidden("use the dashboard"))),
    };
    let mut tournaments: Vec<Listed> = listed
        .into_iter()
        .map(|row| Listed {
            id: row.id,
            name: row.name,
            place: row.place,
            start_date: row.start_date,
        })
        .collect();
    tournaments.reverse();
    Ok(tournaments)
}

pub async fn tournaments_page(
    pool: &DbPool,
    viewer: &Viewer,
    form: TournamentForm,
    problems: Vec<Problem>,
) -> Result<Page, PageError> {
    let mut connection = pool.get().await.map_err(ApiError::from)?;
    let tournaments = visible(&mut connection, viewer).await?;
    Page::render(&TournamentsPage {
        t: viewer.language(),
        signed_in: viewer.describe(),
        tournaments,
        may_create: viewer.is_admin(),
        form,
        rulesets: vocabulary::ruleset_choices(viewer.language()),
        time_systems: time_systems(viewer.language()),
        languages: languages(),
        time_zones: TimeZone::names().collect(),
        problems,
    })
}

/// `GET /dashboard`: the tournaments the person runs, and the creation form for admins
/// (the tournament's language first the one the director reads).
pub async fn list(
    pool: web::Data<DbPool>,
    clock: web::Data<ServerClock>,
    viewer: Viewer,
) -> Result<Page, PageError> {
    let form = TournamentForm {
        language: Some(viewer.language().code().to_string()),
        ..TournamentForm::new(clock.now().date_naive())
    };
    tournaments_page(&pool, &viewer, form, Vec::new()).await
}

/// `POST /dashboard/tournaments`: creates the tournament and opens its dashboard, or
/// shows the form again with its problems.
pub async fn create(
    pool: web::Data<DbPool>,
    viewer: Viewer,
    form: web::Form<TournamentForm>,
) -> Result<HttpResponse, PageError> {
    let caller = caller(&viewer)?;
    let form = form.into_inner();
    let refused = match form.settings() {
        Ok(settings) => match service::create(&pool, &caller, settings).await {
            Ok(tournament) => return Ok(see_other(&format!("/dashboard/t/{}", tournament.id))),
            Err(error) => problems(error)?,
        },
        Err(problems) => problems.into_iter().map(Problem::Field).collect(),
    };
    let page = tournaments_page(&pool, &viewer, form, refused).await?;
    Ok(secured(HttpResponse::UnprocessableEntity(), page.0))
}
