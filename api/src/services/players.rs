//! A tournament's players, as the routes and the pages register, change and withdraw
//! them: one set of checks (the core's field checks), one role, one audit.

use crate::access::Role;
use crate::auth::Caller;
use crate::db::DbPool;
use crate::error::{ApiError, Issue, Resource, Violations};
use crate::services::audit::{self, Action};
use crate::store::players::{self as store, PlayerRecord, PlayerRow};
use crate::store::tournaments::ensure_exists;
use arbitre_core::fields;
use arbitre_core::standings::Rank;
use chrono::{DateTime, Utc};
use diesel_async::AsyncConnection;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use uuid::Uuid;

/// The core's checks of a player's fields ([`PlayerRecord::fields`]), as violations named
/// `prefix` + the field: every way a player comes in (the API, the pages, a rating list,
/// an OpenGotha file) refuses the same values.
pub fn check_record(violations: &mut Violations, prefix: &str, record: &PlayerRecord) {
    for (field, issue) in record.fields().issues() {
        violations.add_issue(
            format!("{prefix}{field}"),
            Issue::Check(issue),
            issue.to_string(),
        );
    }
    if let Some(Err(issue)) = record
        .comment
        .as_deref()
        .map(|comment| fields::check_text(comment, fields::COMMENT_CHARS, false))
    {
        violations.add_issue(
            format!("{prefix}comment"),
            Issue::Check(issue),
            issue.to_string(),
        );
    }
}

/// A registered player.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
pub struct Player {
    pub id: Uuid,
    pub tournament_id: Uuid,
    pub surname: String,
    pub first_name: String,
    /// `30k`..`1k`, `1d`..`9d`, `1p`..`9p`.
    #[schema(example = "3d")]
    pub rank: String,
    /// EGD-style rating (2100 = 1d).
    pub rating: Option<i32>,
    /// Two-letter country code.
    pub country: Option<String>,
    pub club: Option<String>,
    pub egd_pin: Option<String>,
    pub ffg_licence: Option<String>,
    pub aga_id: Option<String>,
    /// Points added to (or taken off) the McMahon start score.
    pub mcmahon_correction: i32,
    /// Registered provisionally: in the standings, not paired (OpenGotha's `PRE`).
    pub preliminary: bool,
    /// The entry fee is paid.
    pub paid: bool,
    /// The organizers' comment.
    pub comment: Option<String>,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

impl From<PlayerRow> for Player {
    fn from(row: PlayerRow) -> Player {
        Player {
            id: row.id,
            tournament_id: row.tournament_id,
            surname: row.surname,
            first_name: row.first_name,
            rank: row.rank,
            rating: row.rating,
            country: row.country,
            club: row.club,
            egd_pin: row.egd_pin,
            ffg_licence: row.ffg_licence,
            aga_id: row.aga_id,
            mcmahon_correction: row.mms_correction,
            preliminary: row.preliminary,
            paid: row.paid,
            comment: row.comment,
            created_at: row.created_at,
            updated_at: row.updated_at,
        }
    }
}

/// A player's details: a new player, or the whole replacement of one.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct PlayerDetails {
    #[schema(
        example = "Dupont",
        min_length = 1,
        max_length = 100,
        pattern = r"^[^\x00-\x1f\x7f-\x9f]*[^\s\x00-\x1f\x7f-\x9f][^\x00-\x1f\x7f-\x9f]*$"
    )]
    pub surname: String,
    #[schema(
        example = "Marie",
        max_length = 100,
        pattern = r"^[^\x00-\x1f\x7f-\x9f]*$"
    )]
    pub first_name: String,
    /// `12k`, `3d`, `1p` (any case).
    #[schema(example = "3d", pattern = r"^(([1-9]|[1-4][0-9]|50)[kK]|[1-9][dDpP])$")]
    pub rank: String,
    /// EGD-style rating, -900 to 3200.
    #[schema(minimum = -900, maximum = 3200)]
    pub rating: Option<i32>,
    /// Two-letter country code (`FR`).
    #[schema(example = "FR", pattern = r"^[A-Za-z]{2}$")]
    pub country: Option<String>,
    #[schema(
        min_length = 1,
        max_length = 100,
        pattern = r"^[^\x00-\x1f\x7f-\x9f]*[^\s\x00-\x1f\x7f-\x9f][^\x00-\x1f\x7f-\x9f]*$"
    )]
    pub club: Option<String>,
    /// EGD PIN: 8 digits.
    #[schema(example = "12345678", pattern = r"^[0-9]{8}$")]
    pub egd_pin: Option<String>,
    /// FFG licence: 7 digits or capital letters.
    #[schema(example = "1500104", pattern = r"^[0-9A-Z]{7}$")]
    pub ffg_licence: Option<String>,
    /// AGA membership id.
    #[schema(pattern = r"^[0-9]{1,12}$")]
    pub aga_id: Option<String>,
    /// Points added to (or taken off) the McMahon start score (OpenGotha's
    /// `smmsCorrection`), -1 to 2; 0 when left out.
    #[serde(default)]
    #[schema(minimum = -1, maximum = 2)]
    pub mcmahon_correction: i32,
    /// Registered provisionally: in the standings, not paired; false when left out.
    #[serde(default)]
    pub preliminary: bool,
    /// The entry fee is paid; false when left out.
    #[serde(default)]
    pub paid: bool,
    /// The organizers' comment.
    #[serde(default)]
    #[schema(max_length = 500, pattern = r"^[^\x00-\x1f\x7f-\x9f]*$")]
    pub comment: Option<String>,
}

fn record(details: PlayerDetails) -> Result<PlayerRecord, ApiError> {
    let mut violations = Violations::new();
    let rank = match details.rank.parse::<Rank>() {
        Ok(rank) => rank.to_string(),
        Err(error) => {
            let message = error.to_string();
            violations.add_issue("rank", Issue::NotARank(error.0), message);
            String::new()
        }
    };
    // Checked as stored (the names, the club and the comment trimmed, the country in
    // capitals), by the core's one set of checks.
    let record = PlayerRecord {
        surname: details.surname.trim().to_string(),
        first_name: details.first_name.trim().to_string(),
        rank,
        rating: details.rating,
        country: details
            .country
            .map(|country| country.trim().to_ascii_uppercase()),
        club: details.club.map(|club| club.trim().to_string()),
        egd_pin: details.egd_pin,
        ffg_licence: details.ffg_licence,
        aga_id: details.aga_id,
        mms_correction: details.mcmahon_correction,
        preliminary: details.preliminary,
        paid: details.paid,
        comment: details.comment.map(|comment| comment.trim().to_string()),
    };
    check_record(&mut violations, "", &record);
    violations.into_result()?;
    Ok(record)
}

/// Registers a player, for the route and the organizer's pages alike.
pub async fn register(
    pool: &DbPool,
    caller: &Caller,
    tournament_id: Uuid,
    details: PlayerDetails,
) -> Result<Player, ApiError> {
    caller.require_organizer(tournament_id, "register players in this tournament")?;
    let record = record(details)?;
    let mut connection = pool.get().await?;
    ensure_exists(&mut connection, tournament_id).await?;
    let bound = fields::TOURNAMENT_PLAYERS;
    if usize::try_from(store::count(&mut connection, tournament_id).await?)
        .is_ok_and(|registered| registered >= bound)
    {
        return Err(ApiError::Conflict {
            code: "tournament.full",
            detail: format!("the tournament has {bound} players, the most a tournament may have"),
        });
    }
    Ok(Player::from(
        store::insert(&mut connection, tournament_id, &record).await?,
    ))
}

/// Replaces a player's details, for the route and the organizer's pages alike, and
/// records in the audit what changed (a rank, a McMahon correction, a fee paid move the
/// draw and the standings: the staff see who changed them), in one transaction.
pub async fn change(
    pool: &DbPool,
    caller: &Caller,
    tournament_id: Uuid,
    player_id: Uuid,
    details: PlayerDetails,
) -> Result<Player, ApiError> {
    let by = caller.require(
        &[Role::Organizer],
        Some(tournament_id),
        "change players of this tournament",
    )?;
    let record = record(details)?;
    let mut connection = pool.get().await?;
    connection
        .transaction::<_, ApiError, _>(async |connection| {
            let before = store::find(connection, tournament_id, player_id)
                .await?
                .ok_or(ApiError::NotFound(Resource::Player))?;
            let after = store::update(connection, player_id, &record).await?;
            let changes = changes(&before, &after);
            if !changes.is_empty() {
                let whom = format!("{} {} ({})", after.surname, after.first_name, after.rank);
                audit::record(
                    connection,
                    by,
                    Action {
                        tournament_id,
                        action: audit::PLAYER_CHANGED,
                        subject: &whom,
                        subject_id: Some(player_id),
                        detail: &audit::detail_of(&changes)?,
                    },
                )
                .await?;
            }
            Ok(Player::from(after))
        })
        .await
}

/// What differs between two states of a player's record, field by field (`rank`, `5k`,
/// `4k`), by the API's names of the fields.
fn changes(before: &PlayerRow, after: &PlayerRow) -> Vec<audit::Change> {
    use serde_json::json;
    let fields = [
        ("surname", json!(before.surname), json!(after.surname)),
        (
            "first_name",
            json!(before.first_name),
            json!(after.first_name),
        ),
        ("rank", json!(before.rank), json!(after.rank)),
        ("rating", json!(before.rating), json!(after.rating)),
        ("country", json!(before.country), json!(after.country)),
        ("club", json!(before.club), json!(after.club)),
        ("egd_pin", json!(before.egd_pin), json!(after.egd_pin)),
        (
            "ffg_licence",
            json!(before.ffg_licence),
            json!(after.ffg_licence),
        ),
        ("aga_id", json!(before.aga_id), json!(after.aga_id)),
        (
            "mcmahon_correction",
            json!(before.mms_correction),
            json!(after.mms_correction),
        ),
        (
            "preliminary",
            json!(before.preliminary),
            json!(after.preliminary),
        ),
        ("paid", json!(before.paid), json!(after.paid)),
        ("comment", json!(before.comment), json!(after.comment)),
    ];
    fields
        .into_iter()
        .filter(|(_, before, after)| before != after)
        .map(|(field, before, after)| audit::Change {
            field: field.to_string(),
            before,
            after,
        })
        .collect()
}

/// Withdraws a player who has not taken part (their registration is deleted), recorded in
/// the audit with who did it, in one transaction. A player paired or registered in a
/// round is refused (`player.has_played`): their games stay in the standings, and the
/// later rounds mark them absent instead.
pub async fn withdraw(
    pool: &DbPool,
    caller: &Caller,
    tournament_id: Uuid,
    player_id: Uuid,
) -> Result<(), ApiError> {
    let by = caller.require(
        &[Role::Organizer],
        Some(tournament_id),
        "withdraw players of this tournament",
    )?;
    let mut connection = pool.get().await?;
    connection
        .transaction::<_, ApiError, _>(async |connection| {
            let player = store::find(connection, tournament_id, player_id)
                .await?
                .ok_or(ApiError::NotFound(Resource::Player))?;
            let rounds = store::rounds_taken_part(connection, player_id).await?;
            if let Some(&last) = rounds.last() {
                let list: Vec<String> = rounds.iter().map(ToString::to_string).collect();
                return Err(ApiError::Conflict {
                    code: "player.has_played",
                    detail: format!(
                        "the player takes part in round(s) {}: their games stay in the \
                         standings; to withdraw them, mark them absent in each later round \
                         (PUT /tournaments/{tournament_id}/rounds/{{number}}/registrations/\
                         {player_id} with {{\"status\": \"absent\"}}, from round {})",
                        list.join(", "),
                        last + 1
                    ),
                });
            }
            store::delete(connection, player_id).await?;
            let whom = format!("{} {} ({})", player.surname, player.first_name, player.rank);
            audit::record(
                connection,
                by,
                Action {
                    tournament_id,
                    action: audit::PLAYER_WITHDRAWN,
                    subject: &whom,
                    subject_id: Some(player_id),
                    detail: "",
                },
            )
            .await?;
            Ok(())
        })
        .await
}
