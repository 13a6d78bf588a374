//! The wall chart every director prints and pins up: the standings after a round with, for
//! each player, the number of wins and the cross-table of the rounds, each round written
//! as the EGD results table writes it (`2+/w0`: against the player of row 2, won, with
//! white, no handicap; `!` for a game decided by default; `0+` a bye with its credit),
//! then the tournament's own placement criteria. Rows are the lines of the table, in
//! order: a round names its opponent by their row. Built on the same results table as
//! the EGD, FFG and CSV exports, so the chart and the files agree.

use super::{ExportError, ResultsTable};
use crate::standings::Tournament;

/// The chart after a round.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WallChart {
    /// The round the standings are after.
    pub round: u32,
    /// The placement criteria's short names, in the tournament's order.
    pub criteria: Vec<&'static str>,
    pub lines: Vec<WallLine>,
}

/// A player's line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WallLine {
    /// The line's number, by which the other lines name this player as an opponent.
    pub row: u32,
    /// Players equal on every criterion share a place.
    pub place: u32,
    pub surname: String,
    pub first_name: String,
    pub rank: String,
    pub club: String,
    pub country: String,
    /// Games won, byes and absences counted as the tournament's scoring credits them.
    pub wins: String,
    /// One value per placement criterion.
    pub criteria: Vec<String>,
    /// Rounds 1 to the chart's round.
    pub rounds: Vec<String>,
}

/// The wall chart of `tournament` after `round`: every player who took part.
pub fn wall_chart(tournament: &Tournament, round: u32) -> Result<WallChart, ExportError> {
    let table = ResultsTable::new(tournament, round)?;
    let lines = table
        .lines
        .iter()
        .map(|line| WallLine {
            row: line.row,
            place: line.place,
            surname: line.player.surname.clone(),
            first_name: line.player.first_name.clone(),
            rank: line.player.rank.to_string(),
            club: line.player.club.clone(),
            country: line.player.country.clone(),
            wins: line.standing.wins.to_string(),
            criteria: table.criterion_texts(line),
            rounds: line
                .standing
                .rounds
                .iter()
                .map(|outcome| table.cell(outcome))
                .collect(),
        })
        .collect();
    Ok(WallChart {
        round,
        criteria: tournament
            .criteria
            .iter()
            .map(|criterion| criterion.short_name())
            .collect(),
        lines,
    })
}
