//! The registration desk: the rating lists searched for a player (accents, case and small
//! typing errors forgiven), and a player registered from a list's entry, for the API's
//! routes and the organizer's pages alike. The matching is the core's
//! (`arbitre_core::rating_list`); `services::rating_lists` stores and caches the lists.

use crate::auth::Caller;
use crate::db::DbPool;
use crate::error::{ApiError, FieldError, Issue};
use crate::services::players::Player;
use crate::services::rating_lists::{self as service, FromList, Hit, Indexes, Listed, Search};
use crate::store::tournaments::ensure_exists;
use arbitre_core::rating_list::{Details, LicenceStatus, Source};
use arbitre_core::standings::Rank;
use chrono::NaiveDate;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use uuid::Uuid;

/// A player as a list gives them.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
pub struct ListEntry {
    pub rating_list_id: Uuid,
    pub source: Source,
    pub list_date: NaiveDate,
    /// The line of the file: with `rating_list_id`, names the entry for registering.
    pub line: u32,
    pub surname: String,
    pub first_name: String,
    /// ISO 3166-1 (the EGD's `UK` as `GB`); none for the lists' placeholders.
    pub country: Option<String>,
    pub club: Option<String>,
    /// EGD PIN, FFG licence or AGA id.
    pub id: Option<String>,
    /// The rating on the EGD scale (FFG + 2050; AGA converted as OpenGotha does).
    pub rating: Option<i32>,
    /// The rating as the list writes it (`2369`, `107`, `-20.05711`).
    pub list_rating: Option<String>,
    /// The rank the rating gives.
    pub rank: Option<String>,
    /// The grade declared at the player's last tournament (EGD).
    pub declared_grade: Option<String>,
    /// FFG.
    pub licence_status: Option<LicenceStatus>,
    /// AGA membership type (`Full`, `Youth`, `Forgn`, ...).
    pub membership: Option<String>,
    /// AGA membership expiry, `M/D/YYYY`.
    pub expires: Option<String>,
}

impl From<&Listed> for ListEntry {
    fn from(listed: &Listed) -> ListEntry {
        let entry = &listed.entry;
        let source = entry.source();
        let (membership, expires) = match &entry.details {
            Details::Aga {
                membership,
                expires,
                ..
            } => (Some(membership.clone()), Some(expires.clone())),
            _ => (None, None),
        };
        ListEntry {
            rating_list_id: listed.snapshot.id,
            source,
            list_date: listed.snapshot.list_date,
            line: entry.line,
            surname: entry.surname.clone(),
            first_name: entry.first_name.clone(),
            country: entry.country(),
            club: entry.club().map(str::to_string),
            id: (!entry.id.is_empty()).then(|| entry.id.clone()),
            rating: entry.gor(),
            list_rating: entry.written_rating(),
            rank: entry.rank().map(|rank| rank.to_string()),
            declared_grade: entry.declared_grade().map(|grade| grade.to_string()),
            licence_status: entry.licence_status(),
            membership,
            expires,
        }
    }
}

/// A search result: the entry, and the same person in the other list (EGD ↔ FFG) when
/// the lists link them (shown once).
#[derive(Debug, Serialize, Deserialize, ToSchema)]
pub struct SearchResult {
    pub entry: ListEntry,
    pub linked: Option<ListEntry>,
    /// Higher is better: whole words 6, starts of words 4, one typing error 2, two 1
    /// (summed over the query's words); an exact id 20, the start of one 10.
    pub score: u32,
}

impl From<&Hit> for SearchResult {
    fn from(hit: &Hit) -> SearchResult {
        SearchResult {
            entry: ListEntry::from(&hit.listed),
            linked: hit.linked.as_ref().map(ListEntry::from),
            score: hit.score,
        }
    }
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(deny_unknown_fields)]
#[into_params(parameter_in = Query)]
pub struct SearchQuery {
    /// Words of a name (accents, case and small typing errors forgiven; each word the
    /// start of a word of the name), or the start of an EGD PIN, FFG licence or AGA id.
    pub q: String,
    /// Two-letter country code.
    pub country: Option<String>,
    /// Only this list.
    pub source: Option<Source>,
    /// The lists this tournament uses (pinned, else the newest).
    pub tournament_id: Option<Uuid>,
    /// Results, 1 to 100 (default 20).
    #[param(minimum = 1, maximum = 100)]
    pub limit: Option<u32>,
}

/// The best matches of `query`, for this route and the organizer's pages alike.
pub async fn search_lists(
    pool: &DbPool,
    indexes: &Indexes,
    query: SearchQuery,
) -> Result<Vec<SearchResult>, ApiError> {
    let limit = query.limit.unwrap_or(20);
    if !(1..=100).contains(&limit) {
        return Err(ApiError::InvalidQuery(FieldError::new(
            "limit",
            "must be between 1 and 100",
        )));
    }
    let text = query.q.trim();
    if text.is_empty() || text.chars().count() > 100 || text.chars().any(char::is_control) {
        return Err(ApiError::InvalidQuery(FieldError::of_issue(
            "q",
            Issue::SearchText,
            "must be 1 to 100 characters, without control characters",
        )));
    }
    let mut connection = pool.get().await?;
    if let Some(tournament_id) = query.tournament_id {
        ensure_exists(&mut connection, tournament_id).await?;
    }
    let request = Search {
        text: text.to_string(),
        country: query
            .country
            .map(|country| country.trim().to_ascii_uppercase()),
        sources: query.source.into_iter().collect(),
        tournament_id: query.tournament_id,
        limit: limit as usize,
    };
    let hits = service::search(&mut connection, indexes, &request).await?;
    Ok(hits.iter().map(SearchResult::from).collect())
}

/// A player to register from a list.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct RegistrationFromList {
    pub rating_list_id: Uuid,
    /// The entry's line, as the search gives it.
    pub line: u32,
    /// The rank to register with; default: the rank the rating gives (else the EGD's
    /// declared grade).
    #[schema(example = "3d", pattern = r"^(([1-9]|[1-4][0-9]|50)[kK]|[1-9][dDpP])$")]
    pub rank: Option<String>,
}

/// Registers a player of a list, for this route and the organizer's pages alike.
pub async fn register_from_list(
    pool: &DbPool,
    indexes: &Indexes,
    caller: &Caller,
    tournament_id: Uuid,
    body: RegistrationFromList,
) -> Result<Player, ApiError> {
    caller.require_organizer(tournament_id, "register players in this tournament")?;
    let rank = body
        .rank
        .map(|rank| {
            rank.parse::<Rank>().map_err(|error| {
                let message = error.to_string();
                ApiError::Validation(vec![FieldError::of_issue(
                    "rank",
                    Issue::NotARank(error.0),
                    message,
                )])
            })
        })
        .transpose()?;
    let mut connection = pool.get().await?;
    ensure_exists(&mut connection, tournament_id).await?;
    let from = FromList {
        rating_list_id: body.rating_list_id,
        line: body.line,
        rank,
    };
    let player = service::register(&mut connection, indexes, tournament_id, from).await?;
    Ok(Player::from(player))
}
