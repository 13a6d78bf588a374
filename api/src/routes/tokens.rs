//! `/tournaments/{id}/tokens`: the organizers issue the tokens of their tournament's
//! organizers, referees and tables. `arbitre token create` issues them (and admin tokens)
//! from the command line through the same service, [`issue`].

use crate::access::{Binding, Role, StoredToken};
use crate::auth::Caller;
use crate::db::DbPool;
use crate::error::{ApiError, Resource, Violations};
use crate::http::{check_text, ApiJson, ApiQuery, PageInfo, PageQuery};
use crate::services::live::idempotency::{self, IdempotencyKey};
use crate::services::tokens::{issue, issue_once, Keyed};
use crate::store::tokens as store;
use crate::store::tournaments::ensure_exists;
use actix_web::{web, HttpRequest, HttpResponse};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use uuid::Uuid;

/// A token just issued: the only time its secret is shown.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
pub struct IssuedToken {
    #[serde(flatten)]
    pub token: StoredToken,
    /// The bearer secret (`Authorization: Bearer arb_...`).
    pub secret: String,
}

/// The token to issue for a tournament.
#[derive(Debug, Deserialize, Serialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct NewTournamentToken {
    /// `organizer`, `referee` or `table`.
    pub role: Role,
    /// A table token is bound to the pairing (game) of the tablet...
    pub pairing_id: Option<Uuid>,
    /// ...or to a table number: the tablet then acts on the game the published rounds put
    /// at that table, round after round (the earliest without a result, else the latest).
    #[schema(minimum = 1, maximum = 10000)]
    pub table_number: Option<i32>,
    /// Who or what holds it (`Table 12`, `Marie (referee)`).
    #[serde(default)]
    #[schema(max_length = 200, pattern = r"^[^\x00-\x1f\x7f-\x9f]*$")]
    pub label: String,
}

/// A page of tokens.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
pub struct TokenPage {
    pub items: Vec<StoredToken>,
    pub page: PageInfo,
}

/// Issue an organizer, referee or table token of the tournament (its organizers).
#[utoipa::path(
    post, path = "/tournaments/{tournament_id}/tokens", tag = "tokens",
    params(("tournament_id" = Uuid, Path)),
    request_body = NewTournamentToken,
    params(("tournament_id" = Uuid, Path), ("Idempotency-Key" = Option<String>, Header, description = "A retry with the same key gets the same token and secret, not a second token")),
    responses((status = 201, description = "Issued; the secret is shown this once (and to a retry with the same Idempotency-Key)", body = IssuedToken)),
    security(("bearer" = []))
)]
pub async fn create(
    pool: web::Data<DbPool>,
    caller: Caller,
    key: IdempotencyKey,
    request: HttpRequest,
    path: web::Path<Uuid>,
    body: ApiJson<NewTournamentToken>,
) -> Result<HttpResponse, ApiError> {
    let tournament_id = path.into_inner();
    let request_body = body.0;
    let mut violations = Violations::new();
    check_text(&mut violations, "label", &request_body.label, 200, false);
    if request_body.role == Role::Admin {
        violations.add("role", "must be organizer, referee or table");
    }
    violations.into_result()?;
    let mut connection = pool.get().await?;
    ensure_exists(&mut connection, tournament_id).await?;
    if let (Some(key), Some(caller_id), Some(caller_secret)) = (
        key.0.as_deref(),
        caller.token_id(),
        crate::auth::bearer_secret(&request),
    ) {
        let fingerprint = idempotency::fingerprint(
            request.method().as_str(),
            request.path(),
            &serde_json::to_value(&request_body).map_err(ApiError::internal)?,
        );
        let keyed = Keyed {
            caller: caller_id,
            caller_secret: &caller_secret,
            key,
            fingerprint,
        };
        let answer = issue_once(
            &mut connection,
            keyed,
            request_body.role,
            Some(tournament_id),
            Binding {
                pairing_id: request_body.pairing_id,
                table_number: request_body.table_number,
            },
            request_body.label,
        )
        .await?;
        return Ok(HttpResponse::Created().json(answer));
    }
    let (secret, token) = issue(
        &mut connection,
        request_body.role,
        Some(tournament_id),
        Binding {
            pairing_id: request_body.pairing_id,
            table_number: request_body.table_number,
        },
        request_body.label,
    )
    .await?;
    Ok(HttpResponse::Created().json(IssuedToken { token, secret }))
}

/// The active tokens of the tournament (its organizers).
#[utoipa::path(
    get, path = "/tournaments/{tournament_id}/tokens", tag = "tokens",
    params(("tournament_id" = Uuid, Path), PageQuery),
    responses((status = 200, description = "A page of tokens", body = TokenPage)),
    security(("bearer" = []))
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
    ensure_exists(&mut connection, tournament_id).await?;
    let (items, total) =
        store::list_for_tournament(&mut connection, tournament_id, window.limit, window.offset)
            .await?;
    let page = PageInfo::new(total, window);
    Ok(page.response(&request).json(TokenPage { items, page }))
}

/// Revoke a token of the tournament (its organizers).
#[utoipa::path(
    delete, path = "/tournaments/{tournament_id}/tokens/{token_id}", tag = "tokens",
    params(("tournament_id" = Uuid, Path), ("token_id" = Uuid, Path)),
    responses((status = 204, description = "Revoked")),
    security(("bearer" = []))
)]
pub async fn revoke(
    pool: web::Data<DbPool>,
    path: web::Path<(Uuid, Uuid)>,
) -> Result<HttpResponse, ApiError> {
    let (tournament_id, token_id) = path.into_inner();
    let mut connection = pool.get().await?;
    if store::revoke(&mut connection, tournament_id, token_id).await? {
        Ok(HttpResponse::NoContent().finish())
    } else {
        Err(ApiError::NotFound(Resource::Token))
    }
}

/// The token of the caller.
#[utoipa::path(
    get, path = "/me", tag = "tokens",
    responses((status = 200, description = "The caller's token", body = StoredToken)),
    security(("bearer" = []))
)]
pub async fn me(caller: Caller) -> Result<HttpResponse, ApiError> {
    match caller {
        Caller::Anonymous => Err(ApiError::MissingToken),
        Caller::Token(token) => Ok(HttpResponse::Ok().json(token)),
    }
}
