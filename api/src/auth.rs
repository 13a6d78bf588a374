//! The caller of a request, from its bearer token, and what each role may do.

use crate::access::{hash_secret, Role, StoredToken, TOKEN_PREFIX};
use crate::db::DbPool;
use crate::error::ApiError;
use crate::store::tokens;
use actix_web::dev::Payload;
use actix_web::http::header;
use actix_web::{web, FromRequest, HttpMessage, HttpRequest};
use arbitre_core::tablet::{round_at_table, TableRound};
use std::future::Future;
use std::pin::Pin;
use std::rc::Rc;
use tokio::sync::OnceCell;
use uuid::Uuid;

/// The caller of a request: anonymous, or the holder of a valid token.
#[derive(Debug, Clone)]
pub enum Caller {
    Anonymous,
    Token(StoredToken),
}

impl Caller {
    fn token(&self) -> Result<&StoredToken, ApiError> {
        match self {
            Caller::Anonymous => Err(ApiError::MissingToken),
            Caller::Token(token) => Ok(token),
        }
    }

    /// The id of the token, for records that say who did what.
    pub fn token_id(&self) -> Option<Uuid> {
        match self {
            Caller::Anonymous => None,
            Caller::Token(token) => Some(token.id),
        }
    }

    /// Refuses a caller who is neither an admin nor a holder of one of the `allowed` roles
    /// for `tournament_id`.
    pub fn require(
        &self,
        allowed: &[Role],
        tournament_id: Option<Uuid>,
        action: &'static str,
    ) -> Result<&StoredToken, ApiError> {
        let token = self.token()?;
        let role = token.role;
        let allowed_here = role == Role::Admin
            || (allowed.contains(&role)
                && tournament_id.is_some()
                && token.tournament_id == tournament_id);
        if allowed_here {
            Ok(token)
        } else {
            Err(ApiError::Forbidden(action))
        }
    }

    /// Creating tournaments: admins only.
    pub fn require_admin(&self, action: &'static str) -> Result<(), ApiError> {
        self.require(&[], None, action).map(|_| ())
    }

    /// Settings, players, rounds, pairings before the start, tokens: the organizers.
    pub fn require_organizer(
        &self,
        tournament_id: Uuid,
        action: &'static str,
    ) -> Result<(), ApiError> {
        self.require(&[Role::Organizer], Some(tournament_id), action)
            .map(|_| ())
    }

    /// Registrations and round starts: the organizers and the referees.
    pub fn require_staff(&self, tournament_id: Uuid, action: &'static str) -> Result<(), ApiError> {
        self.require(
            &[Role::Organizer, Role::Referee],
            Some(tournament_id),
            action,
        )
        .map(|_| ())
    }
}

/// The caller of a request, resolved by the first extractor that asks and shared with the
/// others: the JSON body's extractor resolves it before reading the body (see
/// [`crate::http::ApiJson`]) while the handler's `Caller` waits for the same answer, so a
/// request looks its token up once.
type Resolved = Rc<OnceCell<Caller>>;

impl FromRequest for Caller {
    type Error = ApiError;
    type Future = Pin<Box<dyn Future<Output = Result<Caller, ApiError>>>>;

    fn from_request(request: &HttpRequest, _: &mut Payload) -> Self::Future {
        let known = request.extensions().get::<Resolved>().cloned();
        let resolved = known.unwrap_or_else(|| {
            let resolved = Resolved::default();
            request.extensions_mut().insert(resolved.clone());
            resolved
        });
        let header = request
            .headers()
            .get(header::AUTHORIZATION)
            .map(|value| value.to_str().map(str::to_string));
        let pool = request.app_data::<web::Data<DbPool>>().cloned();
        Box::pin(async move {
            resolved
                .get_or_try_init(|| resolve(header, pool))
                .await
                .cloned()
        })
    }
}

/// The secret of a request's bearer token (RFC 6750), as presented.
pub fn bearer_secret(request: &HttpRequest) -> Option<String> {
    let value = request
        .headers()
        .get(header::AUTHORIZATION)?
        .to_str()
        .ok()?;
    bearer(value).map(str::to_string)
}

fn bearer(value: &str) -> Option<&str> {
    match value.split_once(' ') {
        Some((scheme, secret)) if scheme.eq_ignore_ascii_case("bearer") => Some(secret.trim()),
        _ => None,
    }
}

/// The caller named by the `Authorization` header (RFC 6750 bearer token), if any.
async fn resolve(
    header: Option<Result<String, header::ToStrError>>,
    pool: Option<web::Data<DbPool>>,
) -> Result<Caller, ApiError> {
    let secret = match header {
        None => return Ok(Caller::Anonymous),
        Some(Err(_)) => return Err(ApiError::InvalidToken),
        Some(Ok(value)) => match bearer(&value) {
            Some(secret) => secret.to_string(),
            None => return Err(ApiError::InvalidToken),
        },
    };
    let pool = pool.ok_or_else(|| ApiError::internal("no database pool in the app data"))?;
    token_of_secret(&pool, &secret).await.map(Caller::Token)
}

/// The active token whose secret is `secret`: the bearer header's, or the one a web page's
/// session cookie holds ([`crate::web::session`]). A tablet bound to a table number gets
/// here, the one place that decides it, the pairing it acts on now: every check of a
/// table token (`pairing_id`) then holds for that game and no other.
pub async fn token_of_secret(pool: &DbPool, secret: &str) -> Result<StoredToken, ApiError> {
    if !secret.starts_with(TOKEN_PREFIX) {
        return Err(ApiError::InvalidToken);
    }
    let mut connection = pool.get().await?;
    let mut token = tokens::find_active_by_hash(&mut connection, &hash_secret(secret))
        .await?
        .ok_or(ApiError::InvalidToken)?;
    if let (Role::Table, Some(tournament_id), Some(table)) =
        (token.role, token.tournament_id, token.table_number)
    {
        token.pairing_id = pairing_at_table(&mut connection, tournament_id, table).await?;
    }
    Ok(token)
}

/// The pairing the published rounds put at `table` now ([`round_at_table`]).
async fn pairing_at_table(
    connection: &mut crate::db::Connection,
    tournament_id: Uuid,
    table: i32,
) -> Result<Option<Uuid>, ApiError> {
    let pairings = crate::store::pairings::at_table(connection, tournament_id, table).await?;
    let rounds: Vec<TableRound> = pairings
        .iter()
        .filter_map(|(round, _, decided)| {
            Some(TableRound {
                round: u32::try_from(*round).ok()?,
                decided: *decided,
            })
        })
        .collect();
    Ok(round_at_table(&rounds).and_then(|current| {
        pairings
            .iter()
            .find(|(round, _, _)| u32::try_from(*round).ok() == Some(current))
            .map(|(_, pairing, _)| *pairing)
    }))
}
