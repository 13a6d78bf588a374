//! The rulings on a pairing (its terms or its result changed by hand), as the API lists
//! them and the pages show them: the terms before and after, who ruled and why.

use crate::db::Connection;
use crate::error::ApiError;
use crate::services::audit;
use crate::services::names::{Names, PlayerName};
use crate::store::pairings::{self as store, PairingRow, PairingTerms, RulingRow};
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use uuid::Uuid;

/// The terms of a pairing, as a ruling records them.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
pub struct RulingTerms {
    pub table: i32,
    pub black_id: Uuid,
    pub white_id: Uuid,
    /// The players' names and ranks, as they are now (not stored with the ruling: filled
    /// in when it is read).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub black: Option<PlayerName>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub white: Option<PlayerName>,
    pub handicap: i16,
    pub komi: f64,
    /// The result (SGF `RE`), in a ruling on the result of a pairing without a game.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub result: Option<String>,
}

impl From<&PairingTerms> for RulingTerms {
    fn from(terms: &PairingTerms) -> RulingTerms {
        RulingTerms {
            table: terms.table_number,
            black_id: terms.black_id,
            white_id: terms.white_id,
            black: None,
            white: None,
            handicap: terms.handicap,
            komi: terms.komi,
            result: None,
        }
    }
}

impl RulingTerms {
    /// The terms of `pairing` with `result`: a ruling on its result.
    pub fn with_result(pairing: &PairingRow, result: Option<String>) -> RulingTerms {
        RulingTerms {
            table: pairing.table_number,
            black_id: pairing.black_id,
            white_id: pairing.white_id,
            black: None,
            white: None,
            handicap: pairing.handicap,
            komi: pairing.komi,
            result,
        }
    }
}

/// A referee ruling on a pairing: the terms before and after.
#[derive(Debug, Serialize, ToSchema)]
pub struct Ruling {
    pub id: Uuid,
    pub pairing_id: Uuid,
    /// The token of the referee who issued it, and its label (else its role and the end
    /// of its id: never blank).
    pub issued_by: Uuid,
    pub issued_by_label: String,
    /// The same, typed: a page names the role in its reader's words.
    #[serde(skip)]
    pub issuer: audit::Issuer,
    pub reason: String,
    pub previous: RulingTerms,
    pub terms: RulingTerms,
    pub issued_at: DateTime<Utc>,
}

impl Ruling {
    /// The rulings `rows` (each with its token's label), their players named.
    pub async fn named(
        connection: &mut Connection,
        tournament_id: Uuid,
        rows: Vec<(RulingRow, audit::Issuer)>,
    ) -> Result<Vec<Ruling>, ApiError> {
        let decode =
            |value| serde_json::from_value::<RulingTerms>(value).map_err(ApiError::internal);
        let decoded: Vec<(RulingRow, audit::Issuer, RulingTerms, RulingTerms)> = rows
            .into_iter()
            .map(|(row, issuer)| {
                let previous = decode(row.previous.clone())?;
                let terms = decode(row.changes.clone())?;
                Ok((row, issuer, previous, terms))
            })
            .collect::<Result<_, ApiError>>()?;
        let ids = decoded.iter().flat_map(|(_, _, previous, terms)| {
            [
                previous.black_id,
                previous.white_id,
                terms.black_id,
                terms.white_id,
            ]
        });
        let names = Names::of(connection, tournament_id, ids).await?;
        let name = |mut terms: RulingTerms| -> Result<RulingTerms, ApiError> {
            terms.black = Some(names.get(terms.black_id)?);
            terms.white = Some(names.get(terms.white_id)?);
            Ok(terms)
        };
        decoded
            .into_iter()
            .map(|(row, issuer, previous, terms)| {
                Ok(Ruling {
                    id: row.id,
                    pairing_id: row.pairing_id,
                    issued_by: row.issued_by,
                    issued_by_label: issuer.to_string(),
                    issuer,
                    reason: row.reason,
                    previous: name(previous)?,
                    terms: name(terms)?,
                    issued_at: row.issued_at,
                })
            })
            .collect()
    }
}

/// The rulings on a pairing, oldest first, a window of them (`limit` from `offset`), each
/// with who issued it (never blank) and its players named; and how many there are.
pub async fn list(
    connection: &mut Connection,
    tournament_id: Uuid,
    pairing_id: Uuid,
    limit: i64,
    offset: i64,
) -> Result<(Vec<Ruling>, i64), ApiError> {
    let (rows, total) = store::list_rulings(connection, pairing_id, limit, offset).await?;
    let rows = rows
        .into_iter()
        .map(|(row, label, role)| {
            let issuer = audit::Issuer::of(&label, &role, row.issued_by);
            (row, issuer)
        })
        .collect();
    Ok((Ruling::named(connection, tournament_id, rows).await?, total))
}
