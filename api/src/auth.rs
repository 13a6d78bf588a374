//! The caller of a request, from its bearer token or its page's session, and what each
//! role may do.

use crate::access::{hash_secret, Role, StoredToken, TOKEN_PREFIX};
use crate::db::DbPool;
use crate::error::ApiError;
use crate::peer::{Origin, FOREIGN_FORM};
use crate::services::live::ServerClock;
use crate::store::{sessions, tokens};
use actix_web::body::MessageBody;
use actix_web::dev::{Payload, ServiceRequest, ServiceResponse};
use actix_web::http::header;
use actix_web::middleware::Next;
use actix_web::{web, FromRequest, HttpMessage, HttpRequest};
use arbitre_core::tablet::{round_at_table, TableRound};
use base64::Engine as _;
use chrono::{DateTime, Utc};
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
/// others: [`refuse_invalid_credentials`] resolves it before any route runs, the JSON
/// body's extractor before reading the body (see [`crate::http::ApiJson`]) and the
/// handler's `Caller` find the same answer, so a request looks its credential up once.
type Resolved = Rc<OnceCell<Caller>>;

/// The credential a request presents: a bearer token (RFC 6750) in `Authorization`, else
/// a page's session cookie ([`SESSION_COOKIE`]).
enum Credential {
    None,
    /// An `Authorization` header that is no bearer token.
    Malformed,
    Bearer(String),
    Session {
        id: String,
        /// Whether the request may change state with the cookie: a safe method, or sent by
        /// a page of this server (its `Origin`).
        from_own_page: bool,
    },
}

impl Credential {
    fn of(request: &HttpRequest) -> Credential {
        if let Some(value) = request.headers().get(header::AUTHORIZATION) {
            return match value.to_str().ok().and_then(bearer) {
                Some(secret) => Credential::Bearer(secret.to_string()),
                None => Credential::Malformed,
            };
        }
        match request.cookie(SESSION_COOKIE) {
            Some(cookie) => Credential::Session {
                id: cookie.value().to_string(),
                from_own_page: request.method().is_safe() || Origin::sent(request),
            },
            None => Credential::None,
        }
    }
}

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
        let credential = Credential::of(request);
        let pool = request.app_data::<web::Data<DbPool>>().cloned();
        let clock = request.app_data::<web::Data<ServerClock>>().cloned();
        Box::pin(async move {
            resolved
                .get_or_try_init(|| resolve(credential, pool, clock))
                .await
                .cloned()
        })
    }
}

/// The caller already resolved for `request` ([`refuse_invalid_credentials`] resolves it
/// first), if any.
pub fn resolved(request: &HttpRequest) -> Option<Caller> {
    request
        .extensions()
        .get::<Resolved>()
        .and_then(|resolved| resolved.get().cloned())
}

/// The middleware that refuses a request bearing an unknown, revoked or malformed bearer
/// token (401 `invalid_token`, RFC 6750 §3.1), whatever its route, public ones included:
/// a client that sends a credential expects to act as its holder, and must learn that it
/// does not rather than be served as anyone (OWASP ASVS 4.0 §3.5). A session cookie that
/// is no longer open (signed out, expired, its token revoked) is ignored instead: the
/// browser sends it on its own, and its person is asked to sign in again where a page
/// needs it. A cookie that may not change state (no `Origin` of this server) is left to
/// the route, which refuses it in its own kind: a page form with a page a person can
/// read, the API with its problem.
pub async fn refuse_invalid_credentials(
    mut request: ServiceRequest,
    next: Next<impl MessageBody + 'static>,
) -> Result<ServiceResponse<impl MessageBody>, actix_web::Error> {
    let bearer = request.headers().contains_key(header::AUTHORIZATION);
    match request.extract::<Caller>().await {
        Err(error) if bearer => Err(error.into()),
        _ => next.call(request).await,
    }
}

/// The service's clock, which every "now" of a request reads (a test moves it forward to
/// expire a session or a link without waiting).
pub fn clock_of(request: &HttpRequest) -> Result<ServerClock, ApiError> {
    request
        .app_data::<web::Data<ServerClock>>()
        .map(|clock| clock.get_ref().clone())
        .ok_or_else(|| ApiError::internal("no clock in the app data"))
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

/// The caller named by the request's credential, if any.
async fn resolve(
    credential: Credential,
    pool: Option<web::Data<DbPool>>,
    clock: Option<web::Data<ServerClock>>,
) -> Result<Caller, ApiError> {
    let pool = || pool.ok_or_else(|| ApiError::internal("no database pool in the app data"));
    match credential {
        Credential::None => Ok(Caller::Anonymous),
        Credential::Malformed => Err(ApiError::InvalidToken),
        Credential::Bearer(secret) => token_of_secret(pool()?.get_ref(), &secret)
            .await
            .map(Caller::Token),
        Credential::Session {
            from_own_page: false,
            ..
        } => Err(FOREIGN_FORM),
        Credential::Session { id, .. } => {
            let mut connection = pool()?.get_ref().get().await?;
            let now = clock
                .ok_or_else(|| ApiError::internal("no clock in the app data"))?
                .now();
            Ok(match session_token(&mut connection, &id, now).await? {
                Some(token) => Caller::Token(token),
                None => Caller::Anonymous,
            })
        }
    }
}

/// The active token whose secret is `secret`.
pub async fn token_of_secret(pool: &DbPool, secret: &str) -> Result<StoredToken, ApiError> {
    if !secret.starts_with(TOKEN_PREFIX) {
        return Err(ApiError::InvalidToken);
    }
    let mut connection = pool.get().await?;
    let token = tokens::find_active_by_hash(&mut connection, &hash_secret(secret))
        .await?
        .ok_or(ApiError::InvalidToken)?;
    at_its_table(&mut connection, token).await
}

/// A tablet bound to a table number gets here, the one place that decides it, the pairing
/// it acts on now: every check of a table token (`pairing_id`) then holds for that game
/// and no other.
async fn at_its_table(
    connection: &mut crate::db::Connection,
    mut token: StoredToken,
) -> Result<StoredToken, ApiError> {
    if let (Role::Table, Some(tournament_id), Some(table)) =
        (token.role, token.tournament_id, token.table_number)
    {
        token.pairing_id = pairing_at_table(connection, tournament_id, table).await?;
    }
    Ok(token)
}

/// The cookie that holds a signed-in person's session id.
pub const SESSION_COOKIE: &str = "arbitre_session";

/// How long a session lasts at most, however active: a tournament's days (OWASP ASVS 4.0
/// §3.3.2 asks for an absolute lifetime; a hall's tablets sign in on the first morning).
pub const SESSION_LIFETIME: chrono::TimeDelta = chrono::TimeDelta::days(7);

/// How long a session may stay unused: a night between two rounds' days, not a week
/// forgotten on a borrowed computer (ASVS §3.3.2's idle timeout).
pub const SESSION_IDLE: chrono::TimeDelta = chrono::TimeDelta::hours(24);

/// How stale a session's last-seen time may grow before a request writes it again: its
/// idle expiry is this coarse, and a tablet's turn does not pay a write for it.
const SESSION_SEEN_EVERY: chrono::TimeDelta = chrono::TimeDelta::minutes(1);

/// Opens a session for `token` at `now`: the id its cookie carries (256 random bits,
/// shown once; only its SHA-256 is kept, as a token's secret), and when it expires.
pub async fn open_session(
    connection: &mut crate::db::Connection,
    token: &StoredToken,
    now: DateTime<Utc>,
) -> Result<(String, DateTime<Utc>), ApiError> {
    let mut bytes = [0u8; 32];
    getrandom::fill(&mut bytes).map_err(ApiError::internal)?;
    let id = base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(bytes);
    let expires_at = now + SESSION_LIFETIME;
    sessions::open(connection, &hash_secret(&id), token.id, expires_at).await?;
    Ok((id, expires_at))
}

/// Ends the session whose cookie holds `id` (signing out).
pub async fn end_session(
    connection: &mut crate::db::Connection,
    id: &str,
    now: DateTime<Utc>,
) -> Result<(), ApiError> {
    Ok(sessions::end(connection, &hash_secret(id), now).await?)
}

/// The token of the session whose cookie holds `id`, if it is open at `now`; it is seen
/// now (its idle expiry starts again).
async fn session_token(
    connection: &mut crate::db::Connection,
    id: &str,
    now: DateTime<Utc>,
) -> Result<Option<StoredToken>, ApiError> {
    let hash = hash_secret(id);
    let Some((token, last_seen)) =
        sessions::find_open(connection, &hash, now, now - SESSION_IDLE).await?
    else {
        return Ok(None);
    };
    if now - last_seen > SESSION_SEEN_EVERY {
        sessions::touch(connection, &hash, now).await?;
    }
    at_its_table(connection, token).await.map(Some)
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
