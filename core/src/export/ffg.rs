//! The French federation's results file (`.tou`), for its rating list ("échelle").
//!
//! Format: ffg.jeudego.org/echelle/format_res.php#formatTou, whose example is reproduced in
//! `climu/openstudyroom: league/go_federations.py`: `;` header lines, then one line per
//! player, `{num:>4} {NOM Prénom:<24} {level:>3} {licence} {club:<4}` and 8-character
//! rounds `<opponent><+|-|=><b|w><handicap>` with no slash, `0=` for a round not played.

use super::{
    basic_time, joined, latin9_text, left, title_case, Date, ExportError, Line, ResultsTable,
};
use crate::clock::egd_class;
use crate::point::Color;
use crate::standings::{Outcome, RoundOutcome, Tournament};
use std::fmt::Write;

/// The FFG's "no licence" in the licence column.
pub(super) const NO_LICENCE: &str = "-------";

/// The `.tou` file after `round`, as text (see [`super::latin9`] for the bytes).
pub fn tou(tournament: &Tournament, round: u32) -> Result<String, ExportError> {
    let table = ResultsTable::new(tournament, round)?;
    table.check_rated_games(true)?;
    let start = Date::parse(&tournament.start_date)?;
    let short_name = match tournament.short_name.as_str() {
        "" => tournament.name.as_str(),
        short_name => short_name,
    };
    let mut text = String::new();
    let mut line = |content: String| {
        text.push_str(content.trim_end());
        text.push('\n');
    };
    line(format!(";name={}", latin9_text(short_name)));
    line(format!(
        ";date={:02}/{:02}/{:04}",
        start.day, start.month, start.year
    ));
    if !tournament.city.is_empty() {
        // pairgoth marks online events after the town.
        let online = if tournament.online { " (online)" } else { "" };
        line(format!(";vill={}{online}", latin9_text(&tournament.city)));
    }
    line(format!(";comm={}", latin9_text(&tournament.name)));
    line(";prog=arbitre".to_string());
    line(format!(";size={}", tournament.board_size));
    // OpenGotha appends `+b` when overtime follows the main time (`;time=60+b`).
    let (basic_minutes, overtime) = basic_time(&tournament.time);
    let overtime = if overtime { "+b" } else { "" };
    line(format!(";time={basic_minutes}{overtime}"));
    let (adjusted_minutes, _) = egd_class(&tournament.time, tournament.online);
    line(format!(";ta={adjusted_minutes}"));
    line(format!(";komi={}", tournament.komi));
    line(";".to_string());
    line(";Num Nom Prénom               Niv Licence Club".to_string());
    for entry in &table.lines {
        line(player_line(&table, entry)?);
    }
    Ok(text)
}

/// `   4 LE_BERRE Bruno            1K 9034000 76Ro    5+w0    1-b2    2+b1`
///
/// Players without a licence get `-------` and their country in the club column
/// (`VAN_DE_PUTTE Bart        17K ------- BE`); a licence recorded as `-------`, the FFG's
/// own "no licence", is no licence.
fn player_line(table: &ResultsTable, entry: &Line) -> Result<String, ExportError> {
    let player = entry.player;
    let name = format!(
        "{} {}",
        joined(&player.surname.to_uppercase()),
        joined(&title_case(&player.first_name))
    );
    let (licence, club) = match player
        .ffg_licence
        .as_deref()
        .map(str::trim)
        .filter(|licence| !licence.is_empty() && *licence != NO_LICENCE)
    {
        Some(licence) if crate::fields::check_ffg_licence(licence).is_ok() => {
            (licence.to_string(), player.club.trim().to_string())
        }
        Some(licence) => {
            return Err(ExportError::InvalidLicence {
                player: format!("{} {}", player.surname, player.first_name),
                licence: licence.to_string(),
            })
        }
        None => (NO_LICENCE.to_string(), player.country.trim().to_uppercase()),
    };
    let mut text = format!(
        "{:>4} {} {:>3} {licence} {}",
        entry.row,
        left(&name, 24),
        player.rank.upper(),
        left(&club, 4)
    );
    for round in &entry.standing.rounds {
        text.push_str(&cell(table, round));
    }
    Ok(text)
}

/// `    2+w0`; `    0=  ` for a round without a rated game (bye, absence, game won by
/// default, void game), as in the FFG's example.
fn cell(table: &ResultsTable, round: &RoundOutcome) -> String {
    match round {
        RoundOutcome::Game {
            opponent,
            colour: Some(colour),
            handicap,
            outcome,
            by_default: false,
        } => {
            let symbol = match outcome {
                Outcome::Win => '+',
                Outcome::Loss => '-',
                Outcome::Jigo | Outcome::Unknown => '=',
            };
            let colour = match colour {
                Color::Black => 'b',
                Color::White => 'w',
            };
            let mut cell = format!("{:>5}", table.row(opponent));
            let _ = write!(cell, "{symbol}{colour}{handicap}");
            cell
        }
        _ => "    0=  ".to_string(),
    }
}
