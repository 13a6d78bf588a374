//! Deletions (issue 20): a tournament, a round without games, a pairing without a game,
//! each deleted by its staff and kept in `/tournaments/{id}/deletions` with who, when, why
//! and what it held. The deleting routes are the resources' own (`DELETE` on the
//! tournament, the round, the pairing), each recording it with
//! [`crate::services::deletions::record`]; this module holds their query and the list.

use crate::db::DbPool;
use crate::error::{ApiError, Violations};
use crate::http::{check_text, ApiQuery, PageInfo, PageQuery};
use crate::store::deletions::{self as store, DeletionRow};
use actix_web::{web, HttpRequest, HttpResponse};
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use uuid::Uuid;

/// Why, and for a tournament with recorded games, the admin's confirmation.
#[derive(Debug, Default, Deserialize, IntoParams)]
#[serde(deny_unknown_fields)]
#[into_params(parameter_in = Query)]
pub struct DeletionQuery {
    /// Why (kept with the deletion, at most 2000 characters). Default "deleted by the staff".
    pub reason: Option<String>,
    /// A tournament with recorded games (a game, or a result entered by hand) is deleted
    /// only by an admin who sets this to `true`: its games and results go with it.
    pub delete_recorded_games: Option<bool>,
}

impl DeletionQuery {
    /// The reason given, checked, or the default.
    pub fn reason(&self) -> Result<String, ApiError> {
        let reason = self.reason.as_deref().unwrap_or("deleted by the staff");
        let mut violations = Violations::new();
        check_text(&mut violations, "reason", reason, 2000, true);
        violations.into_result()?;
        Ok(reason.trim().to_string())
    }
}

/// A deletion, as kept.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
pub struct Deletion {
    pub id: Uuid,
    pub tournament_id: Uuid,
    /// `tournament`, `round` or `pairing`.
    pub subject: String,
    pub subject_id: Uuid,
    pub reason: String,
    /// What was deleted, as the API showed it.
    #[schema(value_type = Object)]
    pub snapshot: serde_json::Value,
    /// The token that deleted it, and its label.
    pub issued_by: Uuid,
    pub issued_by_label: String,
    pub deleted_at: DateTime<Utc>,
}

impl From<DeletionRow> for Deletion {
    fn from(row: DeletionRow) -> Deletion {
        Deletion {
            id: row.id,
            tournament_id: row.tournament_id,
            subject: row.subject,
            subject_id: row.subject_id,
            reason: row.reason,
            snapshot: row.snapshot,
            issued_by: row.issued_by,
            issued_by_label: row.issued_by_label,
            deleted_at: row.deleted_at,
        }
    }
}

/// A page of deletions, oldest first.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
pub struct DeletionPage {
    pub items: Vec<Deletion>,
    pub page: PageInfo,
}

/// What was deleted in a tournament (the tournament itself included), oldest first.
#[utoipa::path(
    get, path = "/tournaments/{tournament_id}/deletions", tag = "tournaments",
    params(("tournament_id" = Uuid, Path), PageQuery),
    responses((status = 200, description = "A page of deletions", body = DeletionPage))
)]
pub async fn list(
    request: HttpRequest,
    pool: web::Data<DbPool>,
    path: web::Path<Uuid>,
    query: ApiQuery<PageQuery>,
) -> Result<HttpResponse, ApiError> {
    let tournament_id = path.into_inner();
    let window = query.0.window()?;
    let mut connection = pool.get().await?;
    let (rows, total) =
        store::list(&mut connection, tournament_id, window.limit, window.offset).await?;
    let page = PageInfo::new(total, window);
    Ok(page.response(&request).json(DeletionPage {
        items: rows.into_iter().map(Deletion::from).collect(),
        page,
    }))
}
