//! The director's choices where the rating bodies and OpenGotha leave one: which rounds a
//! file counts, and how the EGD table writes a game won by default. One set of names for
//! the CLI (`arbitre export --after-round complete --by-default equals`), the API
//! (`?rounds=complete&by_default=equals`) and the dashboard's export page.

use crate::standings::{GameResult, Tournament};
use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;
use thiserror::Error;

/// How the file is written, beyond the round it counts.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct Choices {
    /// The EGD `.h9`'s cells for a game won by default.
    pub by_default: ByDefault,
}

/// How the EGD `.h9` writes a game won or lost by default. The EGD rates neither; its
/// format page (A. Cieply) reads `0+` as a free win, `0-` as a free round and `0=` as a free
/// round worth half a point.
#[cfg_attr(feature = "utoipa", derive(utoipa::ToSchema))]
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ByDefault {
    /// `0+` for the winner, `0-` for the loser: the table's points stay those of the
    /// standings (arbitre's default).
    #[default]
    PlusMinus,
    /// `0=` for both, as OpenGotha writes when its export is told not to keep results by
    /// default.
    Equals,
}

impl ByDefault {
    pub const ALL: [ByDefault; 2] = [ByDefault::PlusMinus, ByDefault::Equals];

    pub fn name(self) -> &'static str {
        match self {
            ByDefault::PlusMinus => "plus_minus",
            ByDefault::Equals => "equals",
        }
    }
}

impl fmt::Display for ByDefault {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A name that is not a choice: what was asked and what may be.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("`{asked}` is not one of {expected}")]
pub struct UnknownChoice {
    pub asked: String,
    pub expected: &'static str,
}

impl FromStr for ByDefault {
    type Err = UnknownChoice;

    fn from_str(name: &str) -> Result<ByDefault, UnknownChoice> {
        ByDefault::ALL
            .into_iter()
            .find(|choice| choice.name() == name.replace('-', "_"))
            .ok_or_else(|| UnknownChoice {
                asked: name.to_string(),
                expected: "plus_minus (0+ and 0-) or equals (0=)",
            })
    }
}

/// Which rounds a file counts, named rather than numbered.
#[cfg_attr(feature = "utoipa", derive(utoipa::ToSchema))]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Counted {
    /// Up to the last round with a game or a bye (arbitre's default).
    Played,
    /// Up to the tournament's declared number of rounds (OpenGotha's `numberOfRounds`),
    /// rounds not played yet counting as rounds without a game: OpenGotha's own exports.
    Declared,
    /// The rounds complete so far: up to the round before the first one with a result not
    /// known yet, since the EGD, FFG and AGA formats have no unknown result.
    Complete,
}

impl Counted {
    pub const ALL: [Counted; 3] = [Counted::Played, Counted::Declared, Counted::Complete];

    pub fn name(self) -> &'static str {
        match self {
            Counted::Played => "played",
            Counted::Declared => "declared",
            Counted::Complete => "complete",
        }
    }

    /// The round the file counts up to.
    pub fn round(self, tournament: &Tournament) -> u32 {
        match self {
            Counted::Played => tournament.last_round(),
            Counted::Declared => tournament.rounds,
            Counted::Complete => complete_rounds(tournament),
        }
    }
}

impl fmt::Display for Counted {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Counted {
    type Err = UnknownChoice;

    fn from_str(name: &str) -> Result<Counted, UnknownChoice> {
        Counted::ALL
            .into_iter()
            .find(|choice| choice.name() == name)
            .ok_or_else(|| UnknownChoice {
                asked: name.to_string(),
                expected: "played, declared or complete",
            })
    }
}

/// The last round played before the first one holding a game whose result is not known
/// (0 when round 1 has one): the rounds whose every result is known.
pub fn complete_rounds(tournament: &Tournament) -> u32 {
    let played = tournament.last_round();
    tournament
        .games
        .iter()
        .filter(|game| game.round <= played && game.result == GameResult::Unknown)
        .map(|game| game.round - 1)
        .min()
        .unwrap_or(played)
}

/// The first round, up to `round`, with a result not known yet, and how many results of
/// it are not known: why the rounds complete so far stop where they do.
pub fn first_incomplete_round(tournament: &Tournament, round: u32) -> Option<(u32, usize)> {
    let unknown =
        |game: &&crate::standings::Game| game.round <= round && game.result == GameResult::Unknown;
    let first = tournament
        .games
        .iter()
        .filter(unknown)
        .map(|game| game.round)
        .min()?;
    let count = tournament
        .games
        .iter()
        .filter(unknown)
        .filter(|game| game.round == first)
        .count();
    Some((first, count))
}
