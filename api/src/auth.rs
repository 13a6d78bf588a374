//! Bearer tokens and what each role may do.
//!
//! A token is `arb_` followed by 256 random bits (getrandom) in base64url. Only its
//! SHA-256 is stored: with that much entropy a slow hash adds nothing, and the lookup is
//! an index probe. The secret is shown once, when the token is issued.

use crate::db::DbPool;
use crate::error::ApiError;
use crate::store::tokens::{self, StoredToken};
use actix_web::dev::Payload;
use actix_web::http::header;
use actix_web::{web, FromRequest, HttpRequest};
use base64::Engine as _;
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use std::future::Future;
use std::pin::Pin;
use std::str::FromStr;
use utoipa::ToSchema;
use uuid::Uuid;

/// The prefix that makes an arbitre token recognisable in logs and secret scanners.
const TOKEN_PREFIX: &str = "arb_";

/// Who a token speaks for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum Role {
    /// Creates tournaments and may do everything an organizer or referee may.
    Admin,
    /// Runs one tournament: its settings, players, rounds, pairings and tokens.
    Organizer,
    /// Arbitrates one tournament: registrations, round starts, rulings.
    Referee,
    /// A tablet bound to one game (its pairing): records that game's moves and clock
    /// presses, nothing else.
    Table,
}

impl Role {
    pub fn name(self) -> &'static str {
        match self {
            Role::Admin => "admin",
            Role::Organizer => "organizer",
            Role::Referee => "referee",
            Role::Table => "table",
        }
    }
}

impl FromStr for Role {
    type Err = String;

    fn from_str(name: &str) -> Result<Role, String> {
        [Role::Admin, Role::Organizer, Role::Referee, Role::Table]
            .into_iter()
            .find(|role| role.name() == name)
            .ok_or_else(|| {
                format!("unknown role {name:?}: expected admin, organizer, referee or table")
            })
    }
}

/// A new secret and the hash stored for it.
pub fn generate_secret() -> Result<(String, [u8; 32]), getrandom::Error> {
    let mut bytes = [0u8; 32];
    getrandom::fill(&mut bytes)?;
    let secret = format!(
        "{TOKEN_PREFIX}{}",
        base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(bytes)
    );
    let hash = hash_secret(&secret);
    Ok((secret, hash))
}

pub fn hash_secret(secret: &str) -> [u8; 32] {
    Sha256::digest(secret.as_bytes()).into()
}

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

    fn require(
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

    /// Rulings: the referees.
    pub fn require_referee(
        &self,
        tournament_id: Uuid,
        action: &'static str,
    ) -> Result<Uuid, ApiError> {
        self.require(&[Role::Referee], Some(tournament_id), action)
            .map(|token| token.id)
    }
}

impl FromRequest for Caller {
    type Error = ApiError;
    type Future = Pin<Box<dyn Future<Output = Result<Caller, ApiError>>>>;

    fn from_request(request: &HttpRequest, _: &mut Payload) -> Self::Future {
        let header = request
            .headers()
            .get(header::AUTHORIZATION)
            .map(|value| value.to_str().map(str::to_string));
        let pool = request.app_data::<web::Data<DbPool>>().cloned();
        Box::pin(async move {
            let secret = match header {
                None => return Ok(Caller::Anonymous),
                Some(Err(_)) => return Err(ApiError::InvalidToken),
                Some(Ok(value)) => match value.split_once(' ') {
                    Some((scheme, secret)) if scheme.eq_ignore_ascii_case("bearer") => {
                        secret.trim().to_string()
                    }
                    _ => return Err(ApiError::InvalidToken),
                },
            };
            if !secret.starts_with(TOKEN_PREFIX) {
                return Err(ApiError::InvalidToken);
            }
            let pool =
                pool.ok_or_else(|| ApiError::internal("no database pool in the app data"))?;
            let mut connection = pool.get().await?;
            match tokens::find_active_by_hash(&mut connection, &hash_secret(&secret)).await? {
                Some(token) => Ok(Caller::Token(token)),
                None => Err(ApiError::InvalidToken),
            }
        })
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    #[test]
    fn secrets_are_prefixed_long_and_distinct() {
        let (first, first_hash) = generate_secret().unwrap();
        let (second, _) = generate_secret().unwrap();
        assert!(first.starts_with(TOKEN_PREFIX));
        assert_eq!(first.len(), TOKEN_PREFIX.len() + 43);
        assert_ne!(first, second);
        assert_eq!(hash_secret(&first), first_hash);
    }
}
