//! Before pairing, the desk brings the registered players' ratings up to date from a list
//! (OpenGotha's "Update ratings", pairgoth's refresh): each player is found in the list by
//! the id of that list (EGD PIN, FFG licence, AGA id), or else by their whole name when
//! the list has exactly one such person; what would change is listed (rating, rank, club,
//! FFG licence status, the id when found by name), and a declared rank above the one the
//! rating gives is flagged (how the US Go Congress spots self-promoters). The director
//! applies all changes or some; nothing changes by itself.
//!
//! A list that says "unrated" (FFG `-9999`, AGA blank) leaves a rating as it is; so do
//! the lists' placeholder clubs (`xxxx`). Professional ranks are not derived from ratings.

use super::search::Index;
use super::{rank_from_gor, Entry, LicenceStatus, Source};
use crate::standings::Rank;
use serde::{Deserialize, Serialize};

/// A registered player, as the refresh compares them.
#[derive(Debug, Clone, Copy)]
pub struct Registered<'a> {
    pub surname: &'a str,
    pub first_name: &'a str,
    pub rank: Rank,
    /// On the EGD scale.
    pub rating: Option<i32>,
    pub club: Option<&'a str>,
    pub egd_pin: Option<&'a str>,
    pub ffg_licence: Option<&'a str>,
    pub aga_id: Option<&'a str>,
    pub licence_status: Option<LicenceStatus>,
}

/// What a refresh may change in a player.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[cfg_attr(feature = "utoipa", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "utoipa", schema(as = RatingField))]
#[serde(rename_all = "snake_case")]
pub enum Field {
    Rating,
    Rank,
    Club,
    LicenceStatus,
    EgdPin,
    FfgLicence,
    AgaId,
}

impl Field {
    /// The field's name, as its JSON form spells it.
    pub fn name(self) -> &'static str {
        match self {
            Field::Rating => "rating",
            Field::Rank => "rank",
            Field::Club => "club",
            Field::LicenceStatus => "licence_status",
            Field::EgdPin => "egd_pin",
            Field::FfgLicence => "ffg_licence",
            Field::AgaId => "aga_id",
        }
    }
}

/// One change: the field, its value now and in the list, as text (`2150`, `3d`, `L`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Change {
    pub field: Field,
    pub from: Option<String>,
    pub to: String,
}

/// How the player was found in the list.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "utoipa", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "utoipa", schema(as = RatingListMatch))]
#[serde(rename_all = "snake_case")]
pub enum Found {
    /// By the list's id (EGD PIN, FFG licence, AGA id).
    ById,
    /// By the whole name, the only such person in the list.
    ByName,
    /// Not in the list.
    NotFound,
    /// Several people of the list have this name, and the player has no id of the list.
    Ambiguous,
    /// The player's id is not in the list.
    IdNotInList,
}

/// The verdict on one player.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Verdict<'a> {
    pub found: Found,
    pub entry: Option<&'a Entry>,
    pub changes: Vec<Change>,
    /// The declared rank is above the rank the list's rating gives.
    pub declared_above_rating: bool,
    /// The rank the list's rating gives.
    pub rank_from_rating: Option<Rank>,
}

/// The player's id in the list's federation.
fn own_id<'a>(player: &Registered<'a>, source: Source) -> Option<&'a str> {
    match source {
        Source::Egd => player.egd_pin,
        Source::Ffg => player.ffg_licence,
        Source::Aga => player.aga_id,
    }
    .map(str::trim)
    .filter(|id| !id.is_empty())
}

/// Finds `player` in the list and says what would change.
pub fn compare<'a>(player: &Registered<'_>, index: &'a Index) -> Verdict<'a> {
    let source = index.source();
    let (found, entry) = match own_id(player, source) {
        Some(id) => match index.by_id(id) {
            Some(entry) => (Found::ById, Some(entry)),
            None => (Found::IdNotInList, None),
        },
        None => match index.by_name(player.surname, player.first_name).as_slice() {
            [] => (Found::NotFound, None),
            [entry] => (Found::ByName, Some(*entry)),
            _ => (Found::Ambiguous, None),
        },
    };
    let Some(entry) = entry else {
        return Verdict {
            found,
            entry: None,
            changes: Vec::new(),
            declared_above_rating: false,
            rank_from_rating: None,
        };
    };
    let mut changes = Vec::new();
    let gor = entry.gor();
    let rank_from_rating = gor.map(rank_from_gor);
    if let Some(gor) = gor.filter(|&gor| player.rating != Some(gor)) {
        changes.push(Change {
            field: Field::Rating,
            from: player.rating.map(|rating| rating.to_string()),
            to: gor.to_string(),
        });
    }
    let is_pro = player.rank > Rank::from_value(8);
    if let Some(rank) = rank_from_rating.filter(|&rank| rank != player.rank && !is_pro) {
        changes.push(Change {
            field: Field::Rank,
            from: Some(player.rank.to_string()),
            to: rank.to_string(),
        });
    }
    if let Some(club) = entry.club().filter(|&club| player.club != Some(club)) {
        changes.push(Change {
            field: Field::Club,
            from: player.club.map(str::to_string),
            to: club.to_string(),
        });
    }
    if let Some(status) = entry
        .licence_status()
        .filter(|&status| player.licence_status != Some(status))
    {
        changes.push(Change {
            field: Field::LicenceStatus,
            from: player
                .licence_status
                .map(|status| status.code().to_string()),
            to: status.code().to_string(),
        });
    }
    if found == Found::ByName && !entry.id.is_empty() {
        let field = match source {
            Source::Egd => Field::EgdPin,
            Source::Ffg => Field::FfgLicence,
            Source::Aga => Field::AgaId,
        };
        changes.push(Change {
            field,
            from: None,
            to: entry.id.clone(),
        });
    }
    Verdict {
        found,
        entry: Some(entry),
        changes,
        declared_above_rating: rank_from_rating.is_some_and(|rank| player.rank > rank && !is_pro),
        rank_from_rating,
    }
}
