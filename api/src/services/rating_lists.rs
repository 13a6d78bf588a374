//! The federations' rating lists at the registration desk: importing a list (the same
//! list again is the snapshot already stored), the snapshot a tournament uses for each
//! source (the one it pinned, else the newest), searching them, registering a player
//! from an entry, and refreshing registered players from a list. Every decision (how a
//! list reads, what matches, what would change) is the core's (`arbitre_core::rating_list`).
//!
//! Snapshots never change, so each is read into a search [`Index`] on its first search and
//! kept in [`Indexes`], within a budget of bytes (`ARBITRE_RATING_INDEXES_BYTES`): past
//! it, the index searched least recently is let go, and read again from the store on its
//! next search (a fraction of a second for the EGD's whole world). Memory is bounded by
//! the budget, not by the number of lists imported.

use crate::db::Connection;
use crate::error::{ApiError, FieldError, Issue, Resource, Violations};
use crate::services::kept;
use crate::services::players::check_record;
use crate::store::players::{self as player_store, PlayerRecord, PlayerRow};
use crate::store::rating_lists::{
    self as store, NewSnapshot, NewUpdate, PlayerRefresh, SnapshotRow,
};
use arbitre_core::rating_list::refresh::{self, Change, Field, Found, Registered};
use arbitre_core::rating_list::search::{self, Index, Query};
use arbitre_core::rating_list::{self, Entry, LicenceStatus, ListDate, Source};
use arbitre_core::standings::Rank;
use chrono::NaiveDate;
use diesel_async::AsyncConnection;
use moka::future::Cache;
use moka::policy::EvictionPolicy;
use sha2::{Digest, Sha256};
use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::Duration;
use uuid::Uuid;

/// The largest list upload: the EGD's whole world is about 4 MB as HTML (1 MB zipped),
/// a list of 100,000 players about 9 MB.
pub const LIST_BODY_LIMIT: usize = 32 * 1024 * 1024;

/// A list's index nobody searched for this long is let go: the registration desk is
/// closed.
const IDLE: Duration = Duration::from_secs(30 * 60);

/// The search indexes of the snapshots read, by snapshot id, weighed by their bytes.
#[derive(Debug)]
pub struct Indexes {
    kept: Cache<Uuid, Arc<Index>>,
    /// How many indexes were built, whether for a search or an import: the first search
    /// of a list, and each one after its index was let go.
    built: AtomicU64,
}

impl Indexes {
    /// Indexes kept up to `budget` bytes ([`Index::bytes`]).
    pub fn new(budget: u64) -> Indexes {
        Indexes {
            kept: Cache::builder()
                .max_capacity(budget)
                .weigher(|_: &Uuid, index: &Arc<Index>| kept::weight(index.bytes()))
                .eviction_policy(EvictionPolicy::lru())
                .time_to_idle(IDLE)
                .build(),
            built: AtomicU64::new(0),
        }
    }

    /// The bytes of the indexes kept (what the budget bounds).
    pub fn weighed(&self) -> u64 {
        self.kept.weighted_size()
    }

    /// How many indexes were built since the start.
    pub fn built(&self) -> u64 {
        self.built.load(Ordering::Relaxed)
    }

    /// The index of a stored snapshot: kept, or read from the database (once for the
    /// searches asking at once).
    pub async fn get(
        &self,
        connection: &mut Connection,
        snapshot: &SnapshotRow,
    ) -> Result<Arc<Index>, ApiError> {
        if let Some(index) = self.kept.get(&snapshot.id).await {
            return Ok(index);
        }
        let index = kept::get_or_make(&self.kept, snapshot.id, || async {
            let source = source_of(snapshot)?;
            let content = store::content(connection, snapshot.id)
                .await?
                .ok_or(ApiError::NotFound(Resource::RatingList))?;
            // A stored snapshot was read when it was imported: failing now is a defect.
            let index = actix_web::web::block(move || {
                rating_list::read(source, &content).map(|list| Arc::new(Index::new(list)))
            })
            .await
            .map_err(ApiError::internal)?
            .map_err(ApiError::internal)?;
            self.built.fetch_add(1, Ordering::Relaxed);
            Ok::<_, ApiError>(index)
        })
        .await?;
        // The indexes past the budget are let go now, not on a later search.
        self.kept.run_pending_tasks().await;
        Ok(index)
    }

    /// Keeps the index of a list just imported: its first search needs no reading.
    async fn keep(&self, id: Uuid, index: Arc<Index>) {
        self.built.fetch_add(1, Ordering::Relaxed);
        self.kept.insert(id, index).await;
        self.kept.run_pending_tasks().await;
    }
}

/// The source a stored snapshot names.
pub fn source_of(snapshot: &SnapshotRow) -> Result<Source, ApiError> {
    snapshot.source.parse().map_err(ApiError::internal)
}

fn to_date(date: ListDate) -> Option<NaiveDate> {
    NaiveDate::from_ymd_opt(
        i32::from(date.year),
        u32::from(date.month),
        u32::from(date.day),
    )
}

/// A list imported, or found already imported.
#[derive(Debug, Clone)]
pub struct Imported {
    pub snapshot: SnapshotRow,
    /// `false` when the same list was already stored: nothing was written.
    pub created: bool,
    /// The placeholder lines left out (the EGD's `(undefined)`, `Anonymous`); 0 when the
    /// list was already stored.
    pub placeholders: usize,
}

/// Reads `bytes` as a list of `source` (a zip archive opened first) and stores it as a
/// snapshot, unless the same list is stored already. A file the reader refuses is a
/// [`ApiError::RatingList`] naming its line; nothing is written then. `indexes`, when
/// given, keeps the list's search index, so that the first search needs no reading.
/// A list whose file names no date is dated `today` (the service's clock's).
pub async fn import(
    connection: &mut Connection,
    indexes: Option<&Indexes>,
    (source, bytes): (Source, Vec<u8>),
    today: NaiveDate,
) -> Result<Imported, ApiError> {
    let text = rating_list::list_bytes(&bytes)?.into_owned();
    let sha256 = Sha256::digest(&text).to_vec();
    if let Some(snapshot) = store::find_by_hash(connection, source.name(), &sha256).await? {
        return Ok(Imported {
            snapshot,
            created: false,
            placeholders: 0,
        });
    }
    let (list, text) =
        actix_web::web::block(move || rating_list::read(source, &text).map(|list| (list, text)))
            .await
            .map_err(ApiError::internal)??;
    let placeholders = list.placeholders;
    let list_date = list.date.and_then(to_date).unwrap_or(today);
    let entries = i32::try_from(list.entries.len()).map_err(ApiError::internal)?;
    let snapshot = NewSnapshot {
        id: Uuid::now_v7(),
        source: source.name(),
        list_date,
        sha256: &sha256,
        content: &text,
        entries,
    };
    let (snapshot, created) = match store::insert(connection, &snapshot).await? {
        Some(row) => (row, true),
        // Imported by another request meanwhile.
        None => (
            store::find_by_hash(connection, source.name(), &sha256)
                .await?
                .ok_or_else(|| ApiError::internal("a list stored meanwhile is gone"))?,
            false,
        ),
    };
    if let (Some(indexes), true) = (indexes, created) {
        let index = actix_web::web::block(move || Arc::new(Index::new(list)))
            .await
            .map_err(ApiError::internal)?;
        indexes.keep(snapshot.id, index).await;
    }
    Ok(Imported {
        snapshot,
        created,
        placeholders,
    })
}

/// The snapshot used for each source, EGD, FFG, AGA order: the one the tournament pinned,
/// else the newest; `true` when pinned.
pub async fn in_use(
    connection: &mut Connection,
    tournament_id: Option<Uuid>,
) -> Result<Vec<(SnapshotRow, bool)>, ApiError> {
    let newest = store::newest(connection).await?;
    let pinned = match tournament_id {
        Some(id) => store::pinned(connection, id).await?,
        None => Vec::new(),
    };
    let mut used = Vec::new();
    for source in Source::ALL {
        let of_source = |row: &&SnapshotRow| row.source == source.name();
        if let Some(row) = pinned.iter().find(of_source) {
            used.push((row.clone(), true));
        } else if let Some(row) = newest.iter().find(of_source) {
            used.push((row.clone(), false));
        }
    }
    Ok(used)
}

/// Pins the snapshot `rating_list_id` for `source` in the tournament: it uses that list,
/// not a newer one, until unpinned. Refused when the snapshot is another source's.
pub async fn pin(
    connection: &mut Connection,
    tournament_id: Uuid,
    source: Source,
    rating_list_id: Uuid,
) -> Result<SnapshotRow, ApiError> {
    let row = store::find(connection, rating_list_id)
        .await?
        .ok_or(ApiError::NotFound(Resource::RatingList))?;
    if row.source != source.name() {
        return Err(ApiError::Validation(vec![FieldError::new(
            "rating_list_id",
            format!("is a {} list, not a {source} list", row.source),
        )]));
    }
    store::pin(connection, tournament_id, source.name(), row.id).await?;
    Ok(row)
}

/// One entry of a snapshot.
#[derive(Debug, Clone)]
pub struct Listed {
    pub snapshot: SnapshotRow,
    pub entry: Entry,
}

/// A match: the entry, and the same person in the other list when linked.
#[derive(Debug, Clone)]
pub struct Hit {
    pub listed: Listed,
    pub linked: Option<Listed>,
    pub score: u32,
}

/// What to search, and where.
#[derive(Debug, Clone)]
pub struct Search {
    pub text: String,
    pub country: Option<String>,
    /// Only these sources (all when empty).
    pub sources: Vec<Source>,
    /// The snapshots this tournament uses; else the newest of each source.
    pub tournament_id: Option<Uuid>,
    pub limit: usize,
}

/// The best matches of a search in the snapshots in use.
pub async fn search(
    connection: &mut Connection,
    indexes: &Indexes,
    request: &Search,
) -> Result<Vec<Hit>, ApiError> {
    let mut snapshots = Vec::new();
    let mut loaded = Vec::new();
    for (snapshot, _) in in_use(connection, request.tournament_id).await? {
        let source = source_of(&snapshot)?;
        if request.sources.is_empty() || request.sources.contains(&source) {
            loaded.push(indexes.get(connection, &snapshot).await?);
            snapshots.push(snapshot);
        }
    }
    let refs: Vec<&Index> = loaded.iter().map(Arc::as_ref).collect();
    let query = Query {
        text: &request.text,
        country: request.country.as_deref(),
        limit: request.limit,
    };
    let listed = |(list, entry): (usize, usize)| Listed {
        snapshot: snapshots[list].clone(),
        entry: refs[list].list().entries[entry].clone(),
    };
    Ok(search::search(&refs, &query)
        .into_iter()
        .map(|found| Hit {
            listed: listed((found.list, found.entry)),
            linked: found.linked.map(listed),
            score: found.score,
        })
        .collect())
}

/// An entry to register: its snapshot and line; the rank when the desk sets it.
#[derive(Debug, Clone, Copy)]
pub struct FromList {
    pub rating_list_id: Uuid,
    pub line: u32,
    pub rank: Option<Rank>,
}

/// Registers the player of a list's entry in a tournament, with the same person of the
/// other list (EGD ↔ FFG, in the snapshots the tournament uses) completing what the entry
/// lacks. Refused when the player is already registered under one of the ids.
pub async fn register(
    connection: &mut Connection,
    indexes: &Indexes,
    tournament_id: Uuid,
    from: FromList,
) -> Result<PlayerRow, ApiError> {
    let snapshot = store::find(connection, from.rating_list_id)
        .await?
        .ok_or(ApiError::NotFound(Resource::RatingList))?;
    let index = indexes.get(connection, &snapshot).await?;
    let position = index
        .position(from.line)
        .ok_or(ApiError::NotFound(Resource::RatingListEntry))?;
    let mut others = Vec::new();
    for (other, _) in in_use(connection, Some(tournament_id)).await? {
        if other.source != snapshot.source {
            others.push(indexes.get(connection, &other).await?);
        }
    }
    let refs: Vec<&Index> = std::iter::once(index.as_ref())
        .chain(others.iter().map(Arc::as_ref))
        .collect();
    let linked =
        search::linked(&refs, 0, position).map(|(list, entry)| &refs[list].list().entries[entry]);
    let entry = &index.list().entries[position];
    let registration = rating_list::registration(entry, linked);
    let rank = from.rank.or(registration.rank).ok_or_else(|| {
        ApiError::Validation(vec![FieldError::of_issue(
            "rank",
            Issue::NoRankInList,
            "the list gives no rating and no grade for this player: give the rank",
        )])
    })?;
    let record = PlayerRecord {
        surname: registration.surname,
        first_name: registration.first_name,
        rank: rank.to_string(),
        rating: registration.rating,
        country: registration.country,
        club: registration.club,
        egd_pin: registration.egd_pin,
        ffg_licence: registration.ffg_licence,
        aga_id: registration.aga_id,
        mms_correction: 0,
        preliminary: false,
        paid: false,
        comment: None,
    };
    // What a list holds passes the checks of every way a player comes in: a list is a
    // file from outside, whatever its source.
    let mut violations = Violations::new();
    check_record(&mut violations, "", &record);
    violations.into_result()?;
    let licence_status = registration.licence_status;
    connection
        .transaction::<_, ApiError, _>(async move |connection| {
            let registered = store::player_with_id(
                connection,
                tournament_id,
                record.ffg_licence.as_deref(),
                record.aga_id.as_deref(),
            )
            .await?;
            if registered.is_some() {
                return Err(ApiError::Conflict {
                    code: "player.already_registered",
                    detail: "a player with this FFG licence or AGA id is already registered"
                        .to_string(),
                });
            }
            let player = player_store::insert(connection, tournament_id, &record).await?;
            if let Some(status) = licence_status {
                store::set_licence_status(connection, player.id, &status.code().to_string())
                    .await?;
            }
            Ok(player)
        })
        .await
}

/// What a refresh says of one registered player.
#[derive(Debug, Clone)]
pub struct Proposal {
    pub player: PlayerRow,
    pub found: Found,
    pub entry: Option<Entry>,
    pub changes: Vec<Change>,
    pub declared_above_rating: bool,
    pub rank_from_rating: Option<Rank>,
}

/// A tournament's players against the snapshot it uses for `source`.
pub async fn report(
    connection: &mut Connection,
    indexes: &Indexes,
    tournament_id: Uuid,
    source: Source,
) -> Result<(SnapshotRow, Vec<Proposal>), ApiError> {
    let snapshot = in_use(connection, Some(tournament_id))
        .await?
        .into_iter()
        .map(|(snapshot, _)| snapshot)
        .find(|snapshot| snapshot.source == source.name())
        .ok_or_else(|| ApiError::Conflict {
            code: "rating_list.not_imported",
            detail: format!("no {source} list is imported: import one first"),
        })?;
    let index = indexes.get(connection, &snapshot).await?;
    let players = store::players(connection, tournament_id).await?;
    let statuses: HashMap<Uuid, LicenceStatus> = store::licence_statuses(connection, tournament_id)
        .await?
        .into_iter()
        .filter_map(|(player, status)| {
            let status = status.chars().next().and_then(LicenceStatus::from_code)?;
            Some((player, status))
        })
        .collect();
    let mut proposals = Vec::with_capacity(players.len());
    for player in players {
        let rank: Rank = player.rank.parse().map_err(ApiError::internal)?;
        let registered = Registered {
            surname: &player.surname,
            first_name: &player.first_name,
            rank,
            rating: player.rating,
            club: player.club.as_deref(),
            egd_pin: player.egd_pin.as_deref(),
            ffg_licence: player.ffg_licence.as_deref(),
            aga_id: player.aga_id.as_deref(),
            licence_status: statuses.get(&player.id).copied(),
        };
        let verdict = refresh::compare(&registered, &index);
        proposals.push(Proposal {
            found: verdict.found,
            entry: verdict.entry.cloned(),
            changes: verdict.changes,
            declared_above_rating: verdict.declared_above_rating,
            rank_from_rating: verdict.rank_from_rating,
            player,
        });
    }
    Ok((snapshot, proposals))
}

/// Which proposed changes to apply.
#[derive(Debug, Clone)]
pub enum Selection {
    All,
    Chosen(Vec<(Uuid, Field)>),
}

/// Applies the chosen changes of the refresh of `source`, each recorded with the list it
/// came from and the token that applied it, in one transaction. A chosen change the
/// report no longer proposes (the player or the pinned list changed meanwhile) is
/// refused, and nothing is applied.
pub async fn apply(
    connection: &mut Connection,
    indexes: &Indexes,
    tournament_id: Uuid,
    source: Source,
    selection: Selection,
    applied_by: Uuid,
) -> Result<Vec<store::UpdateRow>, ApiError> {
    connection
        .transaction::<_, ApiError, _>(async move |connection| {
            let (snapshot, proposals) = report(connection, indexes, tournament_id, source).await?;
            let mut chosen: Vec<(&Proposal, &Change)> = Vec::new();
            match &selection {
                Selection::All => {
                    for proposal in &proposals {
                        chosen.extend(proposal.changes.iter().map(|change| (proposal, change)));
                    }
                }
                Selection::Chosen(wanted) => {
                    for &(player_id, field) in wanted {
                        let found = proposals
                            .iter()
                            .filter(|proposal| proposal.player.id == player_id)
                            .flat_map(|proposal| {
                                proposal
                                    .changes
                                    .iter()
                                    .map(move |change| (proposal, change))
                            })
                            .find(|(_, change)| change.field == field);
                        chosen.push(found.ok_or_else(|| ApiError::Conflict {
                            code: "rating_refresh.not_proposed",
                            detail: format!(
                                "the refresh proposes no change of {} for player {player_id}",
                                field.name()
                            ),
                        })?);
                    }
                }
            }
            let mut refreshes: HashMap<Uuid, PlayerRefresh> = HashMap::new();
            let mut updates = Vec::with_capacity(chosen.len());
            for (proposal, change) in chosen {
                let player_id = proposal.player.id;
                let refresh = refreshes.entry(player_id).or_default();
                match change.field {
                    Field::Rating => {
                        refresh.rating = Some(change.to.parse().map_err(ApiError::internal)?);
                    }
                    Field::Rank => refresh.rank = Some(change.to.clone()),
                    Field::Club => refresh.club = Some(change.to.clone()),
                    Field::EgdPin => refresh.egd_pin = Some(change.to.clone()),
                    Field::FfgLicence => refresh.ffg_licence = Some(change.to.clone()),
                    Field::AgaId => refresh.aga_id = Some(change.to.clone()),
                    Field::LicenceStatus => {
                        store::set_licence_status(connection, player_id, &change.to).await?;
                    }
                }
                updates.push(NewUpdate {
                    id: Uuid::now_v7(),
                    player_id,
                    rating_list_id: snapshot.id,
                    field: change.field.name().to_string(),
                    previous: change.from.clone(),
                    value: change.to.clone(),
                    applied_by,
                });
            }
            for (player_id, refresh) in &refreshes {
                store::refresh_player(connection, *player_id, refresh).await?;
            }
            Ok(store::record_updates(connection, &updates).await?)
        })
        .await
}
