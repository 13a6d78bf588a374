//! The import of a tournament the core read from an OpenGotha file
//! (`arbitre_core::export::opengotha::import`): the tournament, its players, its declared
//! rounds, its pairings with their results (unknown ones stay unknown), its byes and
//! absences, written in one transaction, so that a file the store cannot hold leaves
//! nothing behind. The director goes on with it through the ordinary endpoints.
//!
//! Every declared round is created, so that the standings count the rounds OpenGotha
//! declared (`numberOfRounds`: the Strasbourg score and the absences of later rounds need
//! them); a round with a game or a bye has started, the others are open to pairing.
//! Players get new ids; the file's keys name them only within the file.

use crate::db::Connection;
use crate::error::{ApiError, FieldError, Issue, Violations};
use crate::services::players::check_record;
use crate::store::pairings::{self as pairing_store, ImportedPairing, PairingTerms};
use crate::store::players::{self as player_store, PlayerRecord};
use crate::store::rounds as round_store;
use crate::store::tournaments::{self as tournament_store, TournamentRecord};

use arbitre_core::standings::{self, Recorded, Tournament};
use arbitre_core::{Color, KomiPolicy, Rules};
use chrono::{DateTime, Utc};
use diesel_async::AsyncConnection;
use serde::{Deserialize, Serialize};
use std::collections::{HashMap, HashSet};
use utoipa::ToSchema;
use uuid::Uuid;

/// What an import kept that the director should look at: a value the service holds as
/// the file wrote it though it is odd (a result SGF cannot spell, dates out of order), or
/// a value of the file the service does not keep.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct ImportWarning {
    /// The file's element and attribute: `Game[round 2, A – B].result`,
    /// `GeneralParameterSet.endDate`.
    pub element: String,
    /// The value as the file writes it.
    pub value: String,
    pub message: String,
}

impl ImportWarning {
    pub fn new(element: impl Into<String>, value: impl Into<String>, message: &str) -> Self {
        ImportWarning {
            element: element.into(),
            value: value.into(),
            message: message.to_string(),
        }
    }
}

/// What an import created.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct Imported {
    pub tournament_id: Uuid,
    pub players: usize,
    /// Every round the file declares (`numberOfRounds`); those with a game or a bye have
    /// started.
    pub rounds: usize,
    pub pairings: usize,
    /// Pairings whose result the file does not know yet: record them with
    /// `PUT …/pairings/{pairing_id}/result`.
    pub unknown_results: usize,
    pub byes: usize,
    pub absences: usize,
    /// What the director should look at, element by element (empty when nothing is odd).
    pub warnings: Vec<ImportWarning>,
}

/// The tournament read from a file, with its settings as the store keeps them (checked as
/// a created tournament's are) and the komi rule and rules its games' komi come from.
pub struct Import {
    pub settings: TournamentRecord,
    pub komi_policy: KomiPolicy,
    pub rules: Rules,
    pub tournament: Tournament,
    /// What reading the settings found odd (dates out of order).
    pub warnings: Vec<ImportWarning>,
    /// When the file is imported (the service's clock): the start of every round the file
    /// has games or byes in, which the file does not date.
    pub imported_at: DateTime<Utc>,
}

/// Stores the imported tournament in one transaction: all of it, or nothing.
pub async fn import(connection: &mut Connection, import: Import) -> Result<Imported, ApiError> {
    let Import {
        settings,
        komi_policy,
        rules,
        tournament,
        mut warnings,
        imported_at,
    } = import;
    check(&tournament)?;
    connection
        .transaction::<_, ApiError, _>(async move |connection| {
            let row = tournament_store::insert(connection, &settings).await?;
            let kept = tournament_store::OpenGothaKept::of(&tournament);
            tournament_store::keep_opengotha(connection, row.id, &kept).await?;
            let mut imported = write(
                connection,
                row.id,
                (komi_policy, &rules),
                &tournament,
                imported_at,
            )
            .await?;
            warnings.append(&mut imported.warnings);
            imported.warnings = warnings;
            Ok(imported)
        })
        .await
}

/// What the store cannot hold, refused before anything is written; and the core's
/// verdict on the games, byes and absences (a player paired twice in a round, a game
/// against oneself), which the standings would otherwise refuse later.
fn check(tournament: &Tournament) -> Result<(), ApiError> {
    let mut violations = Violations::new();
    // The checks of every way a player comes in, on the file's players as stored.
    for player in &tournament.players {
        let prefix = format!("Player[{}].", player.id);
        check_record(&mut violations, &prefix, &record(player));
    }
    for game in &tournament.games {
        let field = || {
            format!(
                "Game[round {}, {} – {}]",
                game.round, game.black, game.white
            )
        };
        if !game.colours_known {
            violations.add_issue(
                format!("{}.knownColor", field()),
                Issue::UnknownColours,
                "the service records who had black: unknown colours cannot be stored",
            );
        }
        if let Err(issue) = arbitre_core::fields::check_handicap(game.handicap) {
            violations.add_check(format!("{}.handicap", field()), issue);
        }
        if game
            .table
            .is_some_and(|table| table == 0 || i32::try_from(table).is_err())
        {
            violations.add_issue(
                format!("{}.tableNumber", field()),
                Issue::OutOfRange {
                    min: 1,
                    max: i64::from(i32::MAX),
                },
                "must be 1 to 2147483647",
            );
        }
    }
    // The service records one game per player and round; OpenGotha reads more (an
    // organizer's test) and `arbitre pair` pairs such a file as OpenGotha does.
    for (game, colour) in tournament.extra_games() {
        let game = &tournament.games[game];
        let player = match colour {
            Color::Black => &game.black,
            Color::White => &game.white,
        };
        violations.add_issue(
            format!(
                "Game[round {}, {} – {}]",
                game.round, game.black, game.white
            ),
            Issue::AnotherGame {
                player: player.clone(),
                round: game.round,
            },
            format!(
                "`{player}` has another game in round {}: the service records one game per \
                 player and round",
                game.round
            ),
        );
    }
    violations.into_result()?;
    let last_round = tournament.last_round();
    standings::compute(tournament, last_round)
        .map(drop)
        .map_err(|error| ApiError::Validation(vec![FieldError::new("Games", error.to_string())]))
}

/// A file's player as the service stores it.
fn record(player: &arbitre_core::standings::Player) -> PlayerRecord {
    let text = |value: &str| Some(value.trim().to_string()).filter(|value| !value.is_empty());
    PlayerRecord {
        surname: player.surname.trim().to_string(),
        first_name: player.first_name.trim().to_string(),
        rank: player.rank.to_string(),
        rating: player.rating,
        country: text(&player.country).map(|country| country.to_uppercase()),
        club: text(&player.club),
        egd_pin: player.egd_pin.clone(),
        ffg_licence: player.ffg_licence.clone(),
        aga_id: player.aga_id.clone(),
        mms_correction: player.mms_correction,
        preliminary: player.preliminary,
        paid: false,
        comment: None,
    }
}

async fn write(
    connection: &mut Connection,
    tournament_id: Uuid,
    (komi_policy, rules): (KomiPolicy, &Rules),
    tournament: &Tournament,
    imported_at: DateTime<Utc>,
) -> Result<Imported, ApiError> {
    let players: Vec<(Uuid, PlayerRecord)> = tournament
        .players
        .iter()
        .map(|player| (Uuid::now_v7(), record(player)))
        .collect();
    let ids: HashMap<&str, Uuid> = tournament
        .players
        .iter()
        .zip(&players)
        .map(|(player, (id, _))| (player.id.as_str(), *id))
        .collect();
    let id = |key: &str| {
        ids.get(key)
            .copied()
            .ok_or_else(|| ApiError::internal(format!("the core named an unknown player {key}")))
    };
    player_store::insert_all(connection, tournament_id, &players).await?;

    let played: HashSet<u32> = tournament
        .games
        .iter()
        .map(|game| game.round)
        .chain(tournament.byes.iter().map(|bye| bye.round))
        .collect();
    let rounds: Vec<(Uuid, i32, Option<chrono::DateTime<Utc>>)> = (1..=tournament.rounds)
        .map(|number| {
            let started = played.contains(&number).then_some(imported_at);
            (Uuid::now_v7(), number_i32(number), started)
        })
        .collect();
    let round_id = |number: u32| {
        rounds
            .get((number as usize).wrapping_sub(1))
            .map(|(id, _, _)| *id)
            .ok_or_else(|| ApiError::internal(format!("the core named round {number}")))
    };
    round_store::insert_all(connection, tournament_id, &rounds).await?;

    // A game without a table number takes its place in its round.
    let mut tables: HashMap<u32, u32> = HashMap::new();
    let mut pairings = Vec::with_capacity(tournament.games.len());
    let mut unknown_results = 0;
    let mut warnings = Vec::new();
    for game in &tournament.games {
        let place = tables.entry(game.round).or_insert(0);
        *place += 1;
        let (result, opengotha_result) = match Recorded::of(game.result, game.by_default) {
            None => (None, None),
            Some(Recorded::Sgf(result)) => (Some(result.to_string()), None),
            Some(Recorded::OpenGotha(name)) => {
                warnings.push(ImportWarning::new(
                    format!(
                        "Game[round {}, {} – {}].result",
                        game.round, game.black, game.white
                    ),
                    &name,
                    "kept as the file writes it (SGF has no spelling for it) and counted in \
                     the standings as OpenGotha counts it; a result recorded for the pairing \
                     replaces it",
                ));
                (None, Some(name))
            }
        };
        unknown_results += usize::from(result.is_none() && opengotha_result.is_none());
        let terms = PairingTerms {
            table_number: number_i32(game.table.unwrap_or(*place)),
            black_id: id(&game.black)?,
            white_id: id(&game.white)?,
            handicap: i16::try_from(game.handicap).unwrap_or(i16::MAX),
            komi: komi_policy.komi(rules, game.handicap),
        };
        pairings.push(ImportedPairing {
            round_id: round_id(game.round)?,
            terms,
            result,
            opengotha_result,
        });
    }
    pairing_store::insert_all(connection, &pairings).await?;

    let mut registrations = Vec::new();
    for (entries, status) in [(&tournament.byes, "bye"), (&tournament.absences, "absent")] {
        for entry in entries {
            registrations.push((round_id(entry.round)?, id(&entry.player)?, status));
        }
    }
    round_store::insert_registrations(connection, &registrations).await?;

    Ok(Imported {
        tournament_id,
        players: players.len(),
        rounds: rounds.len(),
        pairings: pairings.len(),
        unknown_results,
        byes: tournament.byes.len(),
        absences: tournament.absences.len(),
        warnings,
    })
}

/// A round or table number of the core as the store's integer: rounds are at most
/// [`Tournament::MAX_ROUNDS`] and tables were checked by [`check`], so none saturates.
fn number_i32(number: u32) -> i32 {
    i32::try_from(number).unwrap_or(i32::MAX)
}
