//! The round page's undo: withdrawing a published round, unpairing a table, changing a
//! table's handicap or komi, deleting the last round. Each form asks first, naming what
//! it takes back ([`Confirmation`]); confirmed, it calls the service's own operation
//! ([`undo`]), which decides whether it may be done now and audits it. A refusal is the
//! error page, in the reader's words for the refusal's code.

use super::confirm::{Confirmation, Confirmed};
use super::{caller, see_other};
use crate::db::DbPool;
use crate::error::{ApiError, FieldError, Issue};
use crate::i18n::Language;
use crate::services::undo::{self, TableTerms, TermsChange, NO_REASON};
use crate::web::page::PageError;
use crate::web::public::page_language;
use crate::web::session::Viewer;
use actix_web::{web, HttpResponse};
use serde::Deserialize;
use uuid::Uuid;

fn round_page(id: Uuid, number: i32) -> String {
    format!("/dashboard/t/{id}/rounds/{number}")
}

/// A table as a question names it: `table 3 (Dupont Jean 3k – Martin Paul 2k)`.
fn named(language: Language, table: &TableTerms) -> String {
    language
        .message("undo-table")
        .arg("table", table.table)
        .arg(
            "white",
            format!("{} ({})", table.white.name, table.white.rank),
        )
        .arg(
            "black",
            format!("{} ({})", table.black.name, table.black.rank),
        )
        .to_string()
}

/// An undo of a whole round.
#[derive(Debug, Clone, Copy)]
enum RoundUndo {
    Unpublish,
    Delete,
}

impl RoundUndo {
    /// The form's path after the round's, and the catalog's words of its confirmation:
    /// the title, the question, the button.
    fn names(self) -> (&'static str, [&'static str; 3]) {
        match self {
            RoundUndo::Unpublish => (
                "unpublish",
                [
                    "undo-unpublish-title",
                    "undo-unpublish-question",
                    "undo-unpublish-button",
                ],
            ),
            RoundUndo::Delete => (
                "delete",
                [
                    "undo-delete-round-title",
                    "undo-delete-round-question",
                    "undo-delete-round-button",
                ],
            ),
        }
    }
}

/// Asks first, naming the round; confirmed, does `what` through the service, then opens
/// the round's page (or the tournament's, the round deleted).
async fn round_undo(
    (pool, viewer): (web::Data<DbPool>, Viewer),
    (id, number): (Uuid, i32),
    form: web::Form<Confirmed>,
    what: RoundUndo,
) -> Result<HttpResponse, PageError> {
    let caller = caller(&viewer)?;
    let back = round_page(id, number);
    if !form.is_confirmed() {
        let (path, [title, question, button]) = what.names();
        let language = page_language(&pool, &viewer, id).await?;
        let said = |key: &str| language.text_with(key, "round", number);
        let mut confirmation = Confirmation::new(&viewer);
        confirmation.t = language;
        confirmation.title = said(title);
        confirmation.question = said(question);
        confirmation.action = format!("{back}/{path}");
        confirmation.button = said(button);
        confirmation.back = back;
        return confirmation.ask();
    }
    match what {
        RoundUndo::Unpublish => {
            undo::unpublish(&pool, &caller, id, number, NO_REASON).await?;
            Ok(see_other(&back))
        }
        RoundUndo::Delete => {
            undo::delete_last_round(&pool, &caller, id, number, NO_REASON).await?;
            Ok(see_other(&format!("/dashboard/t/{id}")))
        }
    }
}

/// `POST /dashboard/t/{id}/rounds/{number}/unpublish`: asks first; confirmed, withdraws
/// the round's pairings, to draft it again.
pub async fn unpublish(
    pool: web::Data<DbPool>,
    viewer: Viewer,
    path: web::Path<(Uuid, i32)>,
    form: web::Form<Confirmed>,
) -> Result<HttpResponse, PageError> {
    let at = path.into_inner();
    round_undo((pool, viewer), at, form, RoundUndo::Unpublish).await
}

/// `POST /dashboard/t/{id}/rounds/{number}/delete`: asks first; confirmed, deletes the
/// tournament's last round, then opens the tournament.
pub async fn delete_round(
    pool: web::Data<DbPool>,
    viewer: Viewer,
    path: web::Path<(Uuid, i32)>,
    form: web::Form<Confirmed>,
) -> Result<HttpResponse, PageError> {
    let at = path.into_inner();
    round_undo((pool, viewer), at, form, RoundUndo::Delete).await
}

/// `POST /dashboard/t/{id}/rounds/{number}/pairings/{pairing}/unpair`: asks first, naming
/// the table; confirmed, withdraws its pairing (its players are unpaired).
pub async fn unpair(
    pool: web::Data<DbPool>,
    viewer: Viewer,
    path: web::Path<(Uuid, i32, Uuid)>,
    form: web::Form<Confirmed>,
) -> Result<HttpResponse, PageError> {
    let at = path.into_inner();
    let (id, number, pairing_id) = at;
    let caller = caller(&viewer)?;
    let back = round_page(id, number);
    if !form.is_confirmed() {
        let table = undo::table_terms(&pool, &caller, at).await?;
        let language = page_language(&pool, &viewer, id).await?;
        let table = named(language, &table);
        let mut confirmation = Confirmation::new(&viewer);
        confirmation.t = language;
        confirmation.title = language.text("undo-unpair-title");
        confirmation.question = language.text_with("undo-unpair-question", "table", table.as_str());
        confirmation.action = format!("{back}/pairings/{pairing_id}/unpair");
        confirmation.button = language.text_with("undo-unpair-button", "table", table.as_str());
        confirmation.back = back;
        return confirmation.ask();
    }
    undo::unpair(&pool, &caller, at, NO_REASON).await?;
    Ok(see_other(&back))
}

/// The handicap and komi form, as typed.
#[derive(Debug, Deserialize)]
pub struct TermsForm {
    #[serde(default)]
    handicap: String,
    /// Empty: the tournament's komi for the handicap.
    #[serde(default)]
    komi: String,
    #[serde(flatten)]
    confirmed: Confirmed,
}

impl TermsForm {
    /// The change typed: a whole number of stones, a komi with either decimal separator.
    fn change(&self) -> Result<TermsChange, ApiError> {
        let invalid = |field: &str, issue: Issue, message: &str| {
            ApiError::InvalidBody(FieldError::of_issue(field, issue, message))
        };
        let handicap = self.handicap.trim().parse().map_err(|_| {
            invalid(
                "handicap",
                Issue::OutOfRange { min: 0, max: 9 },
                "must be a number of stones, from 0 to 9",
            )
        })?;
        let komi = match self.komi.trim() {
            "" => None,
            typed => Some(typed.replace(',', ".").parse().map_err(|_| {
                invalid(
                    "komi",
                    Issue::NotANumber,
                    "must be a number of points, such as 6.5",
                )
            })?),
        };
        Ok(TermsChange { handicap, komi })
    }
}

/// `POST /dashboard/t/{id}/rounds/{number}/pairings/{pairing}/terms`: asks first, naming
/// the table and its terms before and after; confirmed, changes its handicap and komi.
pub async fn change_terms(
    pool: web::Data<DbPool>,
    viewer: Viewer,
    path: web::Path<(Uuid, i32, Uuid)>,
    form: web::Form<TermsForm>,
) -> Result<HttpResponse, PageError> {
    let at = path.into_inner();
    let (id, number, pairing_id) = at;
    let caller = caller(&viewer)?;
    let back = round_page(id, number);
    let form = form.into_inner();
    let change = form.change()?;
    if !form.confirmed.is_confirmed() {
        let table = undo::table_terms(&pool, &caller, at).await?;
        let language = page_language(&pool, &viewer, id).await?;
        let komi = change.komi.map_or_else(
            || language.text("undo-terms-komi-by-rule"),
            |komi| language.decimal(komi),
        );
        let mut confirmation = Confirmation::new(&viewer);
        confirmation.t = language;
        confirmation.title = language.text("undo-terms-title");
        confirmation.question = language
            .message("undo-terms-question")
            .arg("table", named(language, &table))
            .arg("handicap-before", table.handicap)
            .arg("komi-before", language.decimal(table.komi))
            .arg("handicap", change.handicap)
            .arg("komi", komi)
            .to_string();
        confirmation.action = format!("{back}/pairings/{pairing_id}/terms");
        confirmation.button = language.text_with("undo-terms-button", "table", table.table);
        confirmation.back = back;
        confirmation.fields = vec![
            ("handicap".to_string(), form.handicap),
            ("komi".to_string(), form.komi),
        ];
        return confirmation.ask();
    }
    undo::change_terms(&pool, &caller, at, change).await?;
    Ok(see_other(&back))
}
