//! Bearer tokens: the roles they carry and what the store keeps of them, below both the
//! store (which keeps them) and `auth` (which checks them).
//!
//! A token is `arb_` followed by 256 random bits (getrandom) in base64url. Only its
//! SHA-256 is stored: with that much entropy a slow hash adds nothing, and the lookup is
//! an index probe. The secret is shown once, when the token is issued.

use base64::Engine as _;
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use std::str::FromStr;
use utoipa::ToSchema;
use uuid::Uuid;

/// The prefix that makes an arbitre token recognisable in logs and secret scanners.
pub const TOKEN_PREFIX: &str = "arb_";

/// Who a token speaks for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum Role {
    /// Creates tournaments and may do everything an organizer or referee may.
    Admin,
    /// Runs one tournament: its settings, players, rounds, pairings and tokens.
    Organizer,
    /// Arbitrates one tournament: registrations, round starts, rulings.
    Referee,
    /// A table's tablet, bound to one game (its pairing) or to a table number of the
    /// tournament (then to the game the published rounds put there): records that game's
    /// moves and clock presses, nothing else.
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

/// A token, as the store keeps it and the API shows it: never the secret.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
#[schema(as = Token)]
pub struct StoredToken {
    pub id: Uuid,
    pub role: Role,
    pub tournament_id: Option<Uuid>,
    /// For a table token: the pairing (the game) the tablet acts on: the one it is bound
    /// to, or, for a tablet bound to a table number, the one the published rounds put at
    /// that table when the request came (none while no round uses the table; see
    /// [`arbitre_core::tablet::round_at_table`]).
    pub pairing_id: Option<Uuid>,
    /// For a table's tablet: the table number it is bound to, whatever the round.
    pub table_number: Option<i32>,
    pub label: String,
    pub created_at: DateTime<Utc>,
}

/// What a table token is bound to: one game (its pairing) or a table number.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Binding {
    pub pairing_id: Option<Uuid>,
    pub table_number: Option<i32>,
}

impl Binding {
    /// Bound to the game of `pairing_id` (none for the other roles).
    pub fn game(pairing_id: Option<Uuid>) -> Binding {
        Binding {
            pairing_id,
            table_number: None,
        }
    }
}

/// What a new token is bound to.
#[derive(Debug, Clone)]
pub struct NewToken {
    pub role: Role,
    pub tournament_id: Option<Uuid>,
    pub pairing_id: Option<Uuid>,
    pub table_number: Option<i32>,
    pub label: String,
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
