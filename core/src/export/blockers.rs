//! What stops a file from being written, all of it at once: the export page lists it
//! before any download (every unknown result by table, every missing AGA id by player,
//! every date that is not one, every player sharing an OpenGotha key), with what a person
//! fixes, where the writer itself stops at the first refusal.

use super::{opengotha, write_with, Choices, Date, ExportError, Format};
use crate::standings::{GameResult, Tournament};
use std::collections::BTreeSet;

/// One reason a file cannot be written. Players are named by their ids in the tournament
/// (the service's player ids), so that a page can link to each.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Blocker {
    /// A game counted whose result is not known: the EGD, FFG and AGA formats have no `?`.
    UnknownResult {
        round: u32,
        table: Option<u32>,
        black: String,
        white: String,
    },
    /// A game the FFG rates whose colours were not recorded.
    UnknownColours {
        round: u32,
        table: Option<u32>,
        black: String,
        white: String,
    },
    /// A player of a rated game without an AGA id: the AGA refuses the results.
    MissingAgaId { player: String },
    /// An EGD PIN that is not 8 digits, on a player of the table.
    InvalidEgdPin { player: String, pin: String },
    /// An FFG licence that is not 7 digits or capital letters, on a player of the table.
    InvalidLicence { player: String, licence: String },
    /// A tournament date the file writes that is not an ISO date (`YYYY-MM-DD`): the EGD's
    /// `DT[]` and the AGA's `start=`/`finish=` both dates, the FFG's `;date=` the start.
    InvalidDate { field: DateField, value: String },
    /// A player whose OpenGotha key (surname and first name, without spaces, in capitals)
    /// other players have too: OpenGotha finds players by key, and would merge them.
    SharedKey {
        player: String,
        others: Vec<String>,
        key: String,
    },
    /// Anything else the writer refuses (too many placement criteria for OpenGotha, a
    /// player in two games of one round…), as its own message.
    Other(ExportError),
}

/// Which of the tournament's dates.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DateField {
    Start,
    End,
}

/// Everything that stops `format` after `round` (nothing: the file can be written). The
/// checks the rating bodies impose are listed one by one; if none is found and the
/// writer still refuses, its refusal is the one blocker, so that an empty list always
/// means the download works.
pub fn blockers(
    format: Format,
    tournament: &Tournament,
    round: u32,
    choices: Choices,
) -> Vec<Blocker> {
    let mut found = Vec::new();
    let counted = || {
        tournament
            .games
            .iter()
            .filter(move |game| game.round <= round)
    };
    match format {
        Format::Egd | Format::Ffg => {
            for game in counted().filter(|game| game.result != GameResult::Void) {
                if game.result == GameResult::Unknown {
                    found.push(Blocker::UnknownResult {
                        round: game.round,
                        table: game.table,
                        black: game.black.clone(),
                        white: game.white.clone(),
                    });
                } else if format == Format::Ffg && !game.colours_known && !game.by_default {
                    found.push(Blocker::UnknownColours {
                        round: game.round,
                        table: game.table,
                        black: game.black.clone(),
                        white: game.white.clone(),
                    });
                }
            }
            found.extend(identity_blockers(format, tournament, round));
            found.extend(date_blockers(format, tournament));
        }
        Format::Aga => {
            found.extend(date_blockers(format, tournament));
            let rated = counted().filter(|game| !game.by_default);
            let mut missing = BTreeSet::new();
            for game in rated {
                match game.result {
                    GameResult::Unknown => found.push(Blocker::UnknownResult {
                        round: game.round,
                        table: game.table,
                        black: game.black.clone(),
                        white: game.white.clone(),
                    }),
                    GameResult::BlackWins | GameResult::WhiteWins => {
                        for id in [&game.black, &game.white] {
                            let known = tournament
                                .player(id)
                                .and_then(|player| player.aga_id.as_deref())
                                .is_some_and(|aga_id| aga_id.trim().parse::<u64>().is_ok());
                            if !known && missing.insert(id.clone()) {
                                found.push(Blocker::MissingAgaId { player: id.clone() });
                            }
                        }
                    }
                    _ => {}
                }
            }
        }
        Format::OpenGotha => {
            for (key, players) in opengotha::shared_keys(tournament) {
                for player in &players {
                    found.push(Blocker::SharedKey {
                        player: player.id.clone(),
                        others: players
                            .iter()
                            .filter(|other| other.id != player.id)
                            .map(|other| other.id.clone())
                            .collect(),
                        key: key.clone(),
                    });
                }
            }
        }
        Format::Csv => {}
    }
    if found.is_empty() {
        if let Err(error) = write_with(format, tournament, round, choices) {
            found.push(Blocker::Other(error));
        }
    }
    found
}

/// The EGD PINs (`.h9`) or FFG licences (`.tou`) of the players the table lists (those
/// with a game or a bye up to `round`) that the body would not read.
fn identity_blockers(format: Format, tournament: &Tournament, round: u32) -> Vec<Blocker> {
    let games = tournament
        .games
        .iter()
        .filter(|game| game.round <= round)
        .flat_map(|game| [&game.black, &game.white]);
    let byes = tournament
        .byes
        .iter()
        .filter(|bye| bye.round <= round)
        .map(|bye| &bye.player);
    let listed: BTreeSet<&String> = games.chain(byes).collect();
    let mut found = Vec::new();
    for player in &tournament.players {
        if !listed.contains(&player.id) {
            continue;
        }
        let field = match format {
            Format::Egd => player.egd_pin.as_deref(),
            _ => player.ffg_licence.as_deref(),
        };
        let Some(value) = field.map(str::trim).filter(|value| !value.is_empty()) else {
            continue;
        };
        match format {
            Format::Egd if crate::fields::check_egd_pin(value).is_err() => {
                found.push(Blocker::InvalidEgdPin {
                    player: player.id.clone(),
                    pin: value.to_string(),
                });
            }
            Format::Ffg
                if value != super::ffg::NO_LICENCE
                    && crate::fields::check_ffg_licence(value).is_err() =>
            {
                found.push(Blocker::InvalidLicence {
                    player: player.id.clone(),
                    licence: value.to_string(),
                });
            }
            _ => {}
        }
    }
    found
}

/// The tournament's dates `format` writes that are not ISO dates.
fn date_blockers(format: Format, tournament: &Tournament) -> Vec<Blocker> {
    let written: &[DateField] = match format {
        Format::Egd | Format::Aga => &[DateField::Start, DateField::End],
        Format::Ffg => &[DateField::Start],
        Format::Csv | Format::OpenGotha => &[],
    };
    written
        .iter()
        .filter_map(|&field| {
            let value = match field {
                DateField::Start => &tournament.start_date,
                DateField::End => &tournament.end_date,
            };
            Date::parse(value).is_err().then(|| Blocker::InvalidDate {
                field,
                value: value.clone(),
            })
        })
        .collect()
}
