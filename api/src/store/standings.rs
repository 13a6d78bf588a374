//! A stored tournament as the core's standings and rating exports read it
//! (`arbitre_core::standings::Tournament`), and the results of pairings they count.
//!
//! Players, rounds, pairings with their results, and registrations (byes and absences)
//! come from their tables; the McMahon bar and floor and the credits of byes and absences
//! from the tournament's standings settings.

use crate::db::Connection;
use crate::error::ApiError;
use crate::schema::{pairings, players, registrations, rounds};
use crate::store::settings::{KomiPolicy, StandingsSettings};
use crate::store::tournaments::TournamentRow;
use arbitre_core::clock::TimeControl;
use arbitre_core::pairing::PairingParameters;

use arbitre_core::standings::{
    Criterion, Game, GameResult, HandicapPolicy, Player, Recorded, RoundEntry, Tournament,
};
use arbitre_core::Preset;
use diesel::prelude::*;
use diesel_async::RunQueryDsl;
use uuid::Uuid;

/// Records the result of a pairing's game: SGF `RE` text, or OpenGotha's name of a
/// result SGF has no word for (both win, both lose); both `None` while unknown.
pub async fn set_result(
    connection: &mut Connection,
    pairing_id: Uuid,
    result: Option<&str>,
    opengotha_result: Option<&str>,
) -> QueryResult<usize> {
    diesel::update(pairings::table.find(pairing_id))
        .set((
            pairings::result.eq(result),
            pairings::opengotha_result.eq(opengotha_result),
            pairings::updated_at.eq(diesel::dsl::now),
        ))
        .execute(connection)
        .await
}

/// The result recorded for a pairing.
pub async fn result(connection: &mut Connection, pairing_id: Uuid) -> QueryResult<Option<String>> {
    pairings::table
        .find(pairing_id)
        .select(pairings::result)
        .first(connection)
        .await
}

/// The tournament `id` with everything its standings need, or `None` if there is none.
pub async fn tournament(
    connection: &mut Connection,
    id: Uuid,
) -> Result<Option<Tournament>, ApiError> {
    let Some(row) = crate::store::tournaments::find(connection, id).await? else {
        return Ok(None);
    };
    let player_rows: Vec<PlayerColumns> = players::table
        .filter(players::tournament_id.eq(id))
        .order(players::id)
        .select(PlayerColumns::as_select())
        .load(connection)
        .await?;
    let rounds_created: Option<i32> = rounds::table
        .filter(rounds::tournament_id.eq(id))
        .select(diesel::dsl::max(rounds::number))
        .first(connection)
        .await?;
    let pairing_rows: Vec<(i32, PairingColumns)> = pairings::table
        .inner_join(rounds::table)
        .filter(rounds::tournament_id.eq(id))
        .order((rounds::number, pairings::table_number))
        .select((rounds::number, PairingColumns::as_select()))
        .load(connection)
        .await?;
    let registration_rows: Vec<(i32, Uuid, String)> = registrations::table
        .inner_join(rounds::table)
        .filter(rounds::tournament_id.eq(id))
        .filter(registrations::status.ne("present"))
        .order((rounds::number, registrations::player_id))
        .select((
            rounds::number,
            registrations::player_id,
            registrations::status,
        ))
        .load(connection)
        .await?;
    let kept = crate::store::tournaments::opengotha_kept(connection, id).await?;
    // The rounds announced (OpenGotha's `numberOfRounds`), which every created round is.
    let announced = row.number_of_rounds.max(rounds_created.unwrap_or(0));
    let mut tournament = settings(row)?;
    kept.apply(&mut tournament);
    tournament.rounds = u32::try_from(announced).unwrap_or(0);
    tournament.players = player_rows
        .into_iter()
        .map(PlayerColumns::into_player)
        .collect::<Result<_, _>>()?;
    let komi = tournament.komi;
    tournament.games = pairing_rows
        .into_iter()
        .map(|(round, pairing)| pairing.into_game(round, komi))
        .collect::<Result<_, _>>()?;
    for (round, player, status) in registration_rows {
        let entry = RoundEntry {
            round: u32::try_from(round).unwrap_or(0),
            player: player.to_string(),
        };
        match status.as_str() {
            "bye" => tournament.byes.push(entry),
            "absent" => tournament.absences.push(entry),
            other => {
                return Err(ApiError::internal(format!(
                    "unknown registration status {other:?}"
                )))
            }
        }
    }
    Ok(Some(tournament))
}

/// The tournament's settings; players, rounds and games are filled in by [`tournament`].
fn settings(row: TournamentRow) -> Result<Tournament, ApiError> {
    let decode = |what: &str, value: serde_json::Value| {
        let what = what.to_string();
        move |error: serde_json::Error| {
            ApiError::internal(format!("stored {what} {value}: {error}"))
        }
    };
    let preset: Preset = row
        .ruleset
        .parse()
        .map_err(|error| ApiError::internal(format!("stored ruleset: {error}")))?;
    let komi_policy: KomiPolicy = serde_json::from_value(row.komi_policy.clone())
        .map_err(decode("komi policy", row.komi_policy))?;
    let time: TimeControl = serde_json::from_value(row.time_control.clone())
        .map_err(decode("time control", row.time_control))?;
    let handicap: HandicapPolicy = serde_json::from_value(row.handicap_policy.clone())
        .map_err(decode("handicap policy", row.handicap_policy))?;
    let criteria: Vec<Criterion> = serde_json::from_value(row.placement_criteria.clone())
        .map_err(decode("placement criteria", row.placement_criteria))?;
    let standings: StandingsSettings = serde_json::from_value(row.standings_settings.clone())
        .map_err(decode("standings settings", row.standings_settings))?;
    let pairing: PairingParameters = serde_json::from_value(row.pairing_parameters.clone())
        .map_err(decode("pairing parameters", row.pairing_parameters))?;
    Ok(Tournament {
        short_name: short_name(&row.name),
        name: row.name,
        city: row.place,
        country: row.country,
        director: String::new(),
        start_date: row.start_date.to_string(),
        end_date: row.end_date.to_string(),
        online: row.online,
        board_size: u32::try_from(row.board_size).map_err(ApiError::internal)?,
        komi: komi_policy.komi(&preset.rules(), 0),
        rules: Some(preset),
        time,
        handicap,
        rounds: 0,
        mcmahon: standings.mcmahon()?,
        category_limits: standings.category_limits()?,
        breizh_limits: Vec::new(),
        scoring: standings.scoring(),
        criteria,
        players: Vec::new(),
        games: Vec::new(),
        byes: Vec::new(),
        absences: Vec::new(),
        pairing: Some(pairing),
        key_locale: Default::default(),
        display: Default::default(),
    })
}

/// The service keeps no short name: the name in ASCII letters and digits, other runs of
/// characters written `-` (`Tournoi de Paris` → `Tournoi-de-Paris`). It names the FFG
/// file (`;name=`) and the downloads.
pub fn short_name(name: &str) -> String {
    let mut short = String::with_capacity(name.len());
    for character in name.chars() {
        if character.is_ascii_alphanumeric() {
            short.push(character);
        } else if !short.is_empty() && !short.ends_with('-') {
            short.push('-');
        }
    }
    let short = short.trim_end_matches('-');
    if short.is_empty() {
        "tournament".to_string()
    } else {
        short.to_string()
    }
}

#[derive(Debug, Queryable, Selectable)]
#[diesel(table_name = players)]
struct PlayerColumns {
    id: Uuid,
    surname: String,
    first_name: String,
    rank: String,
    rating: Option<i32>,
    country: Option<String>,
    club: Option<String>,
    egd_pin: Option<String>,
    ffg_licence: Option<String>,
    aga_id: Option<String>,
    mms_correction: i32,
    preliminary: bool,
}

impl PlayerColumns {
    fn into_player(self) -> Result<Player, ApiError> {
        Ok(Player {
            id: self.id.to_string(),
            rank: self.rank.parse().map_err(ApiError::internal)?,
            surname: self.surname,
            first_name: self.first_name,
            rating: self.rating,
            country: self.country.unwrap_or_default(),
            club: self.club.unwrap_or_default(),
            egd_pin: self.egd_pin,
            ffg_licence: self.ffg_licence,
            aga_id: self.aga_id,
            mms_correction: self.mms_correction,
            preliminary: self.preliminary,
        })
    }
}

#[derive(Debug, Queryable, Selectable)]
#[diesel(table_name = pairings)]
struct PairingColumns {
    table_number: i32,
    black_id: Uuid,
    white_id: Uuid,
    handicap: i16,
    komi: f64,
    result: Option<String>,
    opengotha_result: Option<String>,
}

impl PairingColumns {
    fn into_game(self, round: i32, tournament_komi: f64) -> Result<Game, ApiError> {
        // A result recorded in SGF stands over one kept from an OpenGotha file.
        let recorded = match (self.result.as_deref(), self.opengotha_result) {
            (Some(text), _) => Some(Recorded::Sgf(text.parse().map_err(ApiError::internal)?)),
            (None, Some(name)) => Some(Recorded::OpenGotha(name)),
            (None, None) => None,
        };
        let (result, by_default) = match &recorded {
            Some(kept) => kept
                .counts()
                .ok_or_else(|| ApiError::internal(format!("stored result {kept:?}")))?,
            None => (GameResult::Unknown, false),
        };
        Ok(Game {
            round: u32::try_from(round).unwrap_or(0),
            table: u32::try_from(self.table_number).ok(),
            black: self.black_id.to_string(),
            white: self.white_id.to_string(),
            handicap: u32::try_from(self.handicap).unwrap_or(0),
            komi: (self.komi != tournament_komi).then_some(self.komi),
            colours_known: true,
            result,
            by_default,
        })
    }
}
