//! Taking back, before the games: withdrawing a published round, unpairing one table,
//! changing a table's handicap or komi, deleting the last round. The core decides whether
//! it may be done now ([`arbitre_core::undo`]); each operation checks the facts under the
//! round's lock, does it, and records in the same transaction who did it to what (the
//! staff's audit) and, for what is taken away, what it held (the deletions).
//!
//! The routes and the dashboard's pages call these same functions: a refusal is a 409
//! with the core's stable code over the API, and a page in the reader's language on the
//! dashboard.

use crate::access::{Role, StoredToken};
use crate::auth::Caller;
use crate::db::{Connection, DbPool};
use crate::error::{ApiError, Resource, Violations};
use crate::services::audit::{self, Action, Change};
use crate::services::deletions;
use crate::services::names::{Names, PlayerName};
use crate::services::pairing::check_round;
use crate::services::rounds::Round;
use crate::services::tournaments;
use crate::store::deletions as deletion_store;
use crate::store::pairings::{self as store, PairingRow, PairingTerms};
use crate::store::rounds::{self as round_store, RoundRow};
use crate::store::settings::check_komi;
use crate::store::tournaments::set_number_of_rounds;
use arbitre_core::round::RoundState;
use arbitre_core::undo::{self, Undo, UndoFacts, UndoRefusal};
use diesel_async::AsyncConnection;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use uuid::Uuid;

/// The reason a deletion is kept with when none is given.
pub const NO_REASON: &str = "deleted by the staff";

/// A table as the deletions keep it: its terms and who played there.
#[derive(Debug, Serialize, Deserialize)]
pub struct TableSnapshot {
    pub id: Uuid,
    pub round_id: Uuid,
    pub table: i32,
    pub black_id: Uuid,
    pub white_id: Uuid,
    pub black: PlayerName,
    pub white: PlayerName,
    pub handicap: i16,
    pub komi: f64,
    pub result: Option<String>,
}

/// The tables `rows`, as kept, and as the audit names them (`table 3: Dupont Jean (3k) –
/// Martin Paul (2k)`).
async fn snapshots(
    connection: &mut Connection,
    tournament_id: Uuid,
    rows: &[PairingRow],
) -> Result<Vec<(TableSnapshot, String)>, ApiError> {
    let ids = rows.iter().flat_map(|row| [row.black_id, row.white_id]);
    let names = Names::of(connection, tournament_id, ids).await?;
    rows.iter()
        .map(|row| {
            let (black, white) = (names.get(row.black_id)?, names.get(row.white_id)?);
            let named = format!(
                "table {}: {} ({}) – {} ({})",
                row.table_number, white.name, white.rank, black.name, black.rank
            );
            let snapshot = TableSnapshot {
                id: row.id,
                round_id: row.round_id,
                table: row.table_number,
                black_id: row.black_id,
                white_id: row.white_id,
                black,
                white,
                handicap: row.handicap,
                komi: row.komi,
                result: row.result.clone(),
            };
            Ok((snapshot, named))
        })
        .collect()
}

/// The one table of a list made for one.
fn one<T>(mut named: Vec<T>) -> Result<T, ApiError> {
    named
        .pop()
        .ok_or_else(|| ApiError::internal("one table named is one table"))
}

/// The audit's detail of a round's tables taken back: `tables` from `count` to none
/// (none when it had none).
fn tables_withdrawn(count: usize) -> Result<String, ApiError> {
    if count == 0 {
        return Ok(String::new());
    }
    audit::detail_of(&[Change {
        field: "tables".to_string(),
        before: count.into(),
        after: 0.into(),
    }])
}

/// The core's refusal as the API's: a 409 with the core's code, and what to do instead.
fn refused(refusal: UndoRefusal, number: i32) -> ApiError {
    let way_out = match refusal {
        UndoRefusal::Started | UndoRefusal::TablePlayed => {
            ": a referee changes it by a ruling on the table"
        }
        UndoRefusal::NotLast => ": delete the later rounds first",
        UndoRefusal::NotPaired | UndoRefusal::RoundPlayed => "",
    };
    ApiError::Conflict {
        code: refusal.code(),
        detail: format!("round {number}: {refusal}{way_out}"),
    }
}

/// Whether a table was played: a game on its board, or a result.
async fn played(connection: &mut Connection, rows: &[PairingRow]) -> Result<bool, ApiError> {
    let recorded = rows
        .iter()
        .any(|row| row.result.is_some() || row.opengotha_result.is_some());
    let ids: Vec<Uuid> = rows.iter().map(|row| row.id).collect();
    Ok(recorded || store::first_with_game(connection, &ids).await?.is_some())
}

/// The round, locked for the transaction, and whether the core allows `what` on the
/// tables `concerned` (all the round's when `None`).
async fn allowed(
    connection: &mut Connection,
    tournament_id: Uuid,
    number: i32,
    what: Undo,
    concerned: Option<Uuid>,
) -> Result<(RoundRow, Vec<PairingRow>), ApiError> {
    let round = round_store::find_for_update(connection, tournament_id, number)
        .await?
        .ok_or(ApiError::NotFound(Resource::Round))?;
    let all = store::all_of_round(connection, round.id).await?;
    let rows: Vec<PairingRow> = match concerned {
        Some(pairing_id) => vec![all
            .iter()
            .find(|row| row.id == pairing_id)
            .cloned()
            .ok_or(ApiError::NotFound(Resource::Pairing))?],
        None => all.clone(),
    };
    let highest = round_store::highest(connection, tournament_id).await?;
    let facts = UndoFacts {
        round: RoundState {
            paired: !all.is_empty(),
            started: round.started_at.is_some(),
        },
        last: highest == Some(number),
        played: played(connection, &rows).await?,
    };
    undo::check(what, facts).map_err(|refusal| refused(refusal, number))?;
    Ok((round, rows))
}

fn organizer<'a>(
    caller: &'a Caller,
    tournament_id: Uuid,
    action: &'static str,
) -> Result<&'a StoredToken, ApiError> {
    caller.require(&[Role::Organizer], Some(tournament_id), action)
}

/// Who takes something back in a tournament, and why: what the deletions keep and the
/// audit says of each undo.
struct Undoer<'a> {
    caller: &'a Caller,
    by: &'a StoredToken,
    tournament_id: Uuid,
    /// Kept with what is taken away.
    reason: &'a str,
}

impl Undoer<'_> {
    /// Keeps `snapshot`, what `subject` held, in the deletions (before its erasure).
    async fn keep(
        &self,
        connection: &mut Connection,
        subject: (&str, Uuid),
        snapshot: &impl Serialize,
    ) -> Result<(), ApiError> {
        let (caller, reason) = (self.caller, self.reason);
        deletions::record(
            connection,
            caller,
            self.tournament_id,
            subject,
            reason,
            snapshot,
        )
        .await
    }

    /// Records in the audit that `action` was done to `subject` (`detail`: what changed).
    async fn audit(
        &self,
        connection: &mut Connection,
        action: &str,
        (subject, subject_id): (&str, Option<Uuid>),
        detail: &str,
    ) -> Result<(), ApiError> {
        let tournament_id = self.tournament_id;
        let action = Action {
            tournament_id,
            action,
            subject,
            subject_id,
            detail,
        };
        audit::record(connection, self.by, action).await?;
        Ok(())
    }
}

/// Withdraws the published pairings of round `number`, before it starts and before any of
/// its games: the round is drafted again. Each table is kept in the deletions, and the
/// audit says who withdrew the round. Answers how many tables were withdrawn.
pub async fn unpublish(
    pool: &DbPool,
    caller: &Caller,
    tournament_id: Uuid,
    number: i32,
    reason: &str,
) -> Result<usize, ApiError> {
    let by = organizer(
        caller,
        tournament_id,
        "withdraw the pairings of this tournament",
    )?;
    let undoer = Undoer {
        caller,
        by,
        tournament_id,
        reason,
    };
    let mut connection = pool.get().await?;
    connection
        .transaction::<_, ApiError, _>(async |connection| {
            let (_, rows) =
                allowed(connection, tournament_id, number, Undo::Unpublish, None).await?;
            for (row, (snapshot, _)) in rows
                .iter()
                .zip(snapshots(connection, tournament_id, &rows).await?)
            {
                undoer
                    .keep(connection, ("pairing", row.id), &snapshot)
                    .await?;
                deletion_store::erase_pairing(connection, row.id).await?;
            }
            let subject = format!("round {number}");
            let detail = tables_withdrawn(rows.len())?;
            let action = audit::ROUND_UNPUBLISHED;
            undoer
                .audit(connection, action, (&subject, None), &detail)
                .await?;
            Ok(rows.len())
        })
        .await
}

/// Withdraws one table's pairing before its round starts and before its game: its two
/// players are unpaired. Kept in the deletions, and audited.
pub async fn unpair(
    pool: &DbPool,
    caller: &Caller,
    (tournament_id, number, pairing_id): (Uuid, i32, Uuid),
    reason: &str,
) -> Result<(), ApiError> {
    let by = organizer(caller, tournament_id, "pair rounds of this tournament")?;
    let undoer = Undoer {
        caller,
        by,
        tournament_id,
        reason,
    };
    let mut connection = pool.get().await?;
    connection
        .transaction::<_, ApiError, _>(async |connection| {
            let concerned = Some(pairing_id);
            let (_, rows) =
                allowed(connection, tournament_id, number, Undo::Unpair, concerned).await?;
            let (snapshot, whom) = one(snapshots(connection, tournament_id, &rows).await?)?;
            undoer
                .keep(connection, ("pairing", pairing_id), &snapshot)
                .await?;
            deletion_store::erase_pairing(connection, pairing_id).await?;
            let subject = format!("round {number}, {whom}");
            let action = audit::TABLE_UNPAIRED;
            undoer
                .audit(connection, action, (&subject, concerned), "")
                .await
        })
        .await
}

/// Deletes round `number`, the tournament's last, when nothing was played in it: its
/// pairings and registrations go with it, and the tournament announces one round fewer.
/// Kept in the deletions with its pairings, and audited.
pub async fn delete_last_round(
    pool: &DbPool,
    caller: &Caller,
    tournament_id: Uuid,
    number: i32,
    reason: &str,
) -> Result<(), ApiError> {
    let by = organizer(caller, tournament_id, "delete rounds of this tournament")?;
    let undoer = Undoer {
        caller,
        by,
        tournament_id,
        reason,
    };
    let mut connection = pool.get().await?;
    connection
        .transaction::<_, ApiError, _>(async |connection| {
            let (round, rows) =
                allowed(connection, tournament_id, number, Undo::DeleteRound, None).await?;
            let tables: Vec<TableSnapshot> = snapshots(connection, tournament_id, &rows)
                .await?
                .into_iter()
                .map(|(snapshot, _)| snapshot)
                .collect();
            let snapshot = serde_json::json!({
                "round": Round::from(round.clone()),
                "pairings": tables,
            });
            undoer
                .keep(connection, ("round", round.id), &snapshot)
                .await?;
            deletion_store::erase_round(connection, round.id).await?;
            set_number_of_rounds(connection, tournament_id, number - 1).await?;
            let subject = format!("round {number}");
            let detail = tables_withdrawn(rows.len())?;
            let action = audit::ROUND_DELETED;
            undoer
                .audit(connection, action, (&subject, Some(round.id)), &detail)
                .await
        })
        .await
}

/// A table's new handicap and komi.
#[derive(Debug, Clone, Copy, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct TermsChange {
    /// Handicap stones, 0 to 9.
    #[schema(minimum = 0, maximum = 9)]
    pub handicap: i16,
    /// Default: the tournament's komi policy for this handicap.
    #[schema(minimum = -150, maximum = 150, multiple_of = 0.5)]
    pub komi: Option<f64>,
}

/// Changes a table's handicap or komi before its round starts and before its game, the
/// change audited (the handicap and the komi, before and after). After the start, a referee's
/// ruling changes it.
pub async fn change_terms(
    pool: &DbPool,
    caller: &Caller,
    (tournament_id, number, pairing_id): (Uuid, i32, Uuid),
    change: TermsChange,
) -> Result<PairingRow, ApiError> {
    let by = organizer(caller, tournament_id, "pair rounds of this tournament")?;
    let undoer = Undoer {
        caller,
        by,
        tournament_id,
        reason: NO_REASON,
    };
    let mut connection = pool.get().await?;
    let tournament = tournaments::load(&mut connection, tournament_id).await?;
    let mut violations = Violations::new();
    if let Err(issue) = arbitre_core::fields::check_handicap(change.handicap) {
        violations.add_check("handicap", issue);
    }
    let stones = u32::try_from(change.handicap).unwrap_or(0);
    let komi = change.komi.unwrap_or_else(|| {
        tournament
            .komi_policy
            .komi(&tournament.ruleset.rules(), stones)
    });
    check_komi(&mut violations, "komi", komi);
    violations.into_result()?;
    connection
        .transaction::<_, ApiError, _>(async |connection| {
            let concerned = Some(pairing_id);
            let (round, rows) = allowed(
                connection,
                tournament_id,
                number,
                Undo::ChangeTerms,
                concerned,
            )
            .await?;
            let before = rows
                .first()
                .ok_or_else(|| ApiError::internal("one table found is one table"))?;
            let terms = PairingTerms {
                handicap: change.handicap,
                komi,
                ..before.terms()
            };
            let mut all: Vec<PairingTerms> = store::all_of_round(connection, round.id)
                .await?
                .iter()
                .filter(|row| row.id != pairing_id)
                .map(PairingRow::terms)
                .collect();
            all.push(terms.clone());
            check_round(connection, tournament_id, round.id, &all).await?;
            let row = store::update(connection, pairing_id, &terms).await?;
            let (_, whom) = one(snapshots(connection, tournament_id, &rows).await?)?;
            let subject = format!("round {number}, {whom}");
            let change =
                |field: &str, before: serde_json::Value, after: serde_json::Value| Change {
                    field: field.to_string(),
                    before,
                    after,
                };
            let detail = audit::detail_of(&[
                change("handicap", before.handicap.into(), terms.handicap.into()),
                change("komi", before.komi.into(), terms.komi.into()),
            ])?;
            let action = audit::TABLE_TERMS_CHANGED;
            undoer
                .audit(connection, action, (&subject, concerned), &detail)
                .await?;
            Ok(row)
        })
        .await
}

/// A table as a confirmation names it.
#[derive(Debug, Clone)]
pub struct TableTerms {
    pub table: i32,
    pub white: PlayerName,
    pub black: PlayerName,
    pub handicap: i16,
    pub komi: f64,
}

/// The table `pairing_id` of round `number`, for the staff (the question a confirmation
/// asks names it).
pub async fn table_terms(
    pool: &DbPool,
    caller: &Caller,
    (tournament_id, number, pairing_id): (Uuid, i32, Uuid),
) -> Result<TableTerms, ApiError> {
    organizer(caller, tournament_id, "pair rounds of this tournament")?;
    let mut connection = pool.get().await?;
    let round = round_store::find(&mut connection, tournament_id, number)
        .await?
        .ok_or(ApiError::NotFound(Resource::Round))?;
    let row = store::find(&mut connection, round.id, pairing_id)
        .await?
        .ok_or(ApiError::NotFound(Resource::Pairing))?;
    let names = Names::of(&mut connection, tournament_id, [row.black_id, row.white_id]).await?;
    Ok(TableTerms {
        table: row.table_number,
        white: names.get(row.white_id)?,
        black: names.get(row.black_id)?,
        handicap: row.handicap,
        komi: row.komi,
    })
}
