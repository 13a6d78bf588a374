//! A tournament's settings changed from the dashboard, through the route's own change
//! (`PATCH /tournaments/{id}`): the form shows what it can change and keeps the rest
//! (the time control unless a system is picked, the other standings and handicap
//! settings, the placement criteria and the pairing parameters).

use super::parameters::{
    criterion_names, criterion_slots, parameter_fields, CriterionSlot, ParameterField,
};
use super::tournaments::{kept_class, languages, time_systems, unread, TournamentForm, KEEP};
use super::{caller, problems, see_other};
use crate::db::DbPool;
use crate::error::ApiError;
use crate::i18n::{vocabulary, Language, TimeZone};
use crate::services::live::ServerClock;
use crate::services::tournaments::{self as service, Tournament, TournamentChanges};
use crate::web::dashboard::Problem;
use crate::web::page::{secured, Page, PageError};
use crate::web::session::Signed;
use crate::web::session::Viewer;
use actix_web::{web, HttpResponse};
use arbitre_core::ending::ResumptionPolicy;
use askama::Template;
use serde::Deserialize;
use uuid::Uuid;

#[derive(Template)]
#[template(path = "dashboard/settings.html")]
struct SettingsPage {
    t: Language,
    signed_in: Option<Signed>,
    id: Uuid,
    tournament: String,
    form: TournamentForm,
    /// Each ruleset's API name and words.
    rulesets: Vec<(&'static str, String)>,
    time_systems: Vec<(String, String)>,
    languages: Vec<(&'static str, String)>,
    time_zones: Vec<&'static str>,
    dispute_policies: Vec<(&'static str, String)>,
    criteria: Vec<CriterionSlot>,
    criterion_names: Vec<(&'static str, String)>,
    parameters: Vec<ParameterField>,
    problems: Vec<Problem>,
}

async fn settings_page(
    pool: &DbPool,
    viewer: &Viewer,
    id: Uuid,
    typed: Option<TournamentForm>,
    problems: Vec<Problem>,
) -> Result<Page, PageError> {
    let mut connection = pool.get().await.map_err(ApiError::from)?;
    let tournament: Tournament = service::load(&mut connection, id).await?;
    let language = viewer.language_in(tournament.language);
    let keep = language.text_with(
        "time-keep",
        "control",
        vocabulary::time_control(language, &tournament.time_control),
    );
    let time_systems = std::iter::once((KEEP.to_string(), keep))
        .chain(time_systems(language))
        .collect();
    let form = match typed {
        Some(mut typed) => {
            typed.kept_class = kept_class(&tournament, language);
            typed.online = tournament.online;
            typed
        }
        None => TournamentForm::of(&tournament, language),
    };
    Page::render(&SettingsPage {
        t: language,
        signed_in: viewer.describe(),
        id,
        dispute_policies: ResumptionPolicy::ALL
            .iter()
            .map(|policy| (policy.name(), vocabulary::dispute_policy(language, *policy)))
            .collect(),
        criteria: criterion_slots(&tournament.placement_criteria, &form.more),
        criterion_names: criterion_names(language),
        parameters: parameter_fields(&tournament.pairing, &form.more, language),
        form,
        tournament: tournament.name,
        rulesets: vocabulary::ruleset_choices(language),
        time_systems,
        languages: languages(),
        time_zones: TimeZone::names().collect(),
        problems,
    })
}

/// `GET /dashboard/t/{id}/settings`: the settings form, filled with the tournament's.
pub async fn show(
    pool: web::Data<DbPool>,
    viewer: Viewer,
    path: web::Path<Uuid>,
) -> Result<Page, PageError> {
    settings_page(&pool, &viewer, path.into_inner(), None, Vec::new()).await
}

/// `POST` of the same path: the changed settings, or the form again with its problems.
pub async fn change(
    pool: web::Data<DbPool>,
    viewer: Viewer,
    path: web::Path<Uuid>,
    form: web::Form<TournamentForm>,
) -> Result<HttpResponse, PageError> {
    let caller = caller(&viewer)?;
    let id = path.into_inner();
    let form = form.into_inner();
    let mut connection = pool.get().await.map_err(ApiError::from)?;
    let current = service::load(&mut connection, id).await?;
    drop(connection);
    let changes = form.body(Some(&current)).and_then(|body| {
        serde_json::from_value::<TournamentChanges>(body).map_err(|error| vec![unread(error)])
    });
    let refused = match changes {
        Ok(changes) => match service::update(&pool, &caller, id, changes).await {
            Ok(_) => return Ok(see_other(&format!("/dashboard/t/{id}"))),
            Err(error) => problems(error)?,
        },
        Err(problems) => problems.into_iter().map(Problem::Field).collect(),
    };
    let page = settings_page(&pool, &viewer, id, Some(form), refused).await?;
    Ok(secured(HttpResponse::UnprocessableEntity(), page.0))
}

/// The time control as typed in a settings form.
#[derive(Debug, Deserialize)]
pub struct TimeQuery {
    time_system: String,
    main_minutes: String,
    #[serde(default)]
    periods: String,
    #[serde(default)]
    period_seconds: String,
    #[serde(default)]
    online: bool,
}

/// `GET /dashboard/time-class`: the EGF class and adjusted time of a time control as
/// typed, computed by the core, for the settings forms to show as the director types
/// (`assets/time-class.js`), or what is wrong with it.
pub async fn time_class(
    viewer: Viewer,
    clock: web::Data<ServerClock>,
    query: web::Query<TimeQuery>,
) -> Result<HttpResponse, PageError> {
    let language = viewer.language();
    let query = query.into_inner();
    let form = TournamentForm {
        time_system: query.time_system,
        main_minutes: query.main_minutes,
        periods: query.periods,
        period_seconds: query.period_seconds,
        online: query.online,
        ..TournamentForm::new(clock.now().date_naive())
    };
    // A time control still being typed is no error of the page's: its problem is the
    // answer to show.
    let text = form.time_class(&language).unwrap_or_else(|problem| problem);
    Ok(HttpResponse::Ok()
        .insert_header((actix_web::http::header::X_CONTENT_TYPE_OPTIONS, "nosniff"))
        .content_type("text/plain; charset=utf-8")
        .body(text))
}
