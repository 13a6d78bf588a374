//! A tournament's own dashboard page: its settings as the core computed them (the EGF
//! class, the adjusted time), its rounds, its players (searched by surname), the form
//! that registers one and the one that copies the players of an earlier tournament.

use super::tournaments::{visible, Listed};
use crate::db::DbPool;
use crate::error::ApiError;
use crate::error::{FieldError, Issue};
use crate::i18n::{vocabulary, Language};
use crate::services::players::PlayerDetails;
use crate::services::tournaments::{self as service, Tournament};
use crate::store::players::{self as player_store, PlayerFilter};
use crate::store::rounds as round_store;
use crate::web::dashboard::Problem;
use crate::web::page::{Page, PageError};
use crate::web::session::Signed;
use crate::web::session::Viewer;
use actix_web::web;
use askama::Template;
use serde::Deserialize;
use uuid::Uuid;

/// How many players the page lists at once (search narrows them).
const PLAYERS_LISTED: i64 = 500;

/// The player's form as typed (the registration form, the player's own page), kept to
/// show again beside its problems.
#[derive(Debug, Clone, Default, Deserialize)]
pub struct PlayerForm {
    pub surname: String,
    #[serde(default)]
    pub first_name: String,
    pub rank: String,
    #[serde(default)]
    pub club: String,
    #[serde(default)]
    pub country: String,
    #[serde(default)]
    pub rating: String,
    #[serde(default)]
    pub ffg_licence: String,
    #[serde(default)]
    pub egd_pin: String,
    #[serde(default)]
    pub aga_id: String,
    #[serde(default)]
    pub mcmahon_correction: String,
    /// A checkbox: sent (`on`) only when ticked.
    #[serde(default)]
    pub preliminary: Option<String>,
    #[serde(default)]
    pub paid: Option<String>,
    #[serde(default)]
    pub comment: String,
}

/// An empty optional field is a field left out.
fn given(text: &str) -> Option<String> {
    Some(text.trim().to_string()).filter(|text| !text.is_empty())
}

/// A whole number typed in `field`, or `None` left empty; what is not a number is the
/// field's problem (the range is the core's check, in the service).
fn whole(problems: &mut Vec<FieldError>, field: &'static str, text: &str) -> Option<i32> {
    let text = given(text)?;
    let number = text.parse().ok();
    if number.is_none() {
        problems.push(FieldError::of_issue(
            field,
            Issue::NotAWholeNumber,
            "must be a whole number",
        ));
    }
    number
}

impl PlayerForm {
    /// The details the service checks, from the form as typed; a number that is not one
    /// is refused here, with its field.
    pub fn details(&self) -> Result<PlayerDetails, ApiError> {
        let mut problems = Vec::new();
        let rating = whole(&mut problems, "rating", &self.rating);
        let mcmahon_correction = whole(
            &mut problems,
            "mcmahon_correction",
            &self.mcmahon_correction,
        );
        if !problems.is_empty() {
            return Err(ApiError::Validation(problems));
        }
        Ok(PlayerDetails {
            surname: self.surname.clone(),
            first_name: self.first_name.clone(),
            rank: self.rank.trim().to_string(),
            rating,
            country: given(&self.country),
            club: given(&self.club),
            egd_pin: given(&self.egd_pin),
            ffg_licence: given(&self.ffg_licence),
            aga_id: given(&self.aga_id),
            mcmahon_correction: mcmahon_correction.unwrap_or_default(),
            preliminary: self.preliminary.is_some(),
            paid: self.paid.is_some(),
            comment: given(&self.comment),
        })
    }
}

/// A player in the tournament's list.
pub struct PlayerLine {
    pub id: Uuid,
    pub name: String,
    pub rank: String,
    pub club: String,
    pub country: String,
}

/// A round in the tournament's list.
struct RoundLine {
    number: i32,
    started: bool,
}

/// What the tournament's page takes from the query string.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PlayerSearch {
    /// Part of a surname.
    surname: Option<String>,
}

#[derive(Template)]
#[template(path = "dashboard/tournament.html")]
struct TournamentPage {
    t: Language,
    signed_in: Option<Signed>,
    tournament: Tournament,
    /// The rules and the time control in the reader's words.
    rules: String,
    time_control: String,
    players: Vec<PlayerLine>,
    total: i64,
    search: String,
    rounds: Vec<RoundLine>,
    problems: Vec<Problem>,
    player_form: PlayerForm,
    /// The other tournaments the person may see, to copy players from.
    earlier: Vec<Listed>,
}

/// The tournament's page, with the registration form as typed and its problems.
pub async fn tournament_page(
    pool: &DbPool,
    viewer: &Viewer,
    id: Uuid,
    search: String,
    player_form: PlayerForm,
    problems: Vec<Problem>,
) -> Result<Page, PageError> {
    let mut connection = pool.get().await.map_err(ApiError::from)?;
    let tournament = service::load(&mut connection, id).await?;
    let filter = PlayerFilter {
        surname_pattern: Some(search.trim())
            .filter(|text| !text.is_empty())
            .map(crate::http::like_pattern),
        country: None,
        club: None,
    };
    let (rows, total) = player_store::list(&mut connection, id, &filter, PLAYERS_LISTED, 0)
        .await
        .map_err(ApiError::from)?;
    let players = rows
        .into_iter()
        .map(|row| PlayerLine {
            id: row.id,
            name: format!("{} {}", row.surname, row.first_name),
            rank: row.rank,
            club: row.club.unwrap_or_default(),
            country: row.country.unwrap_or_default(),
        })
        .collect();
    let earlier = visible(&mut connection, viewer)
        .await?
        .into_iter()
        .filter(|listed| listed.id != id)
        .collect();
    let rounds = round_store::list(&mut connection, id, i64::MAX, 0)
        .await
        .map_err(ApiError::from)?
        .0
        .into_iter()
        .map(|row| RoundLine {
            number: row.number,
            started: row.started_at.is_some(),
        })
        .collect();
    Page::render(&TournamentPage {
        t: viewer.language_in(tournament.language),
        signed_in: viewer.describe(),
        rules: vocabulary::ruleset(viewer.language_in(tournament.language), tournament.ruleset),
        time_control: vocabulary::time_control(
            viewer.language_in(tournament.language),
            &tournament.time_control,
        ),
        tournament,
        players,
        total,
        search,
        rounds,
        problems,
        player_form,
        earlier,
    })
}

/// `GET /dashboard/t/{id}`: the tournament's settings, players and rounds.
pub async fn show(
    pool: web::Data<DbPool>,
    viewer: Viewer,
    path: web::Path<Uuid>,
    query: web::Query<PlayerSearch>,
) -> Result<Page, PageError> {
    let search = query.into_inner().surname.unwrap_or_default();
    tournament_page(
        &pool,
        &viewer,
        path.into_inner(),
        search,
        PlayerForm::default(),
        Vec::new(),
    )
    .await
}
