//! The standings as CSV (RFC 4180: comma-separated, CRLF line ends, quoted when needed),
//! UTF-8, for spreadsheets and web pages.
//!
//! Columns follow OpenGotha's standings page: number, place, name, rank, country, club,
//! one column per placement criterion, then one per round written as in the EGD table
//! (`2+/w0`, `0=`), with `!` instead of `/` for a game won by default and `?` for a result
//! not yet known.

use super::{ExportError, ResultsTable};
use crate::standings::Tournament;

/// The standings after `round`, as CSV text.
pub fn standings(tournament: &Tournament, round: u32) -> Result<String, ExportError> {
    let table = ResultsTable::new(tournament, round)?;
    let mut titles: Vec<String> = [
        "Num",
        "Pl",
        "Surname",
        "First name",
        "Rank",
        "Country",
        "Club",
    ]
    .map(String::from)
    .to_vec();
    titles.extend(
        tournament
            .criteria
            .iter()
            .map(|criterion| criterion.short_name().to_string()),
    );
    titles.extend((1..=round).map(|round| format!("R{round}")));
    let mut text = record(&titles);
    for entry in &table.lines {
        let player = entry.player;
        let mut fields = vec![
            entry.row.to_string(),
            entry.place.to_string(),
            player.surname.clone(),
            player.first_name.clone(),
            player.rank.to_string(),
            player.country.clone(),
            player.club.clone(),
        ];
        fields.extend(table.criterion_texts(entry));
        fields.extend(entry.standing.rounds.iter().map(|round| table.cell(round)));
        text.push_str(&record(&fields));
    }
    Ok(text)
}

/// One CSV record: fields holding a comma, a quote or a line break are quoted.
fn record(fields: &[String]) -> String {
    let quoted: Vec<String> = fields
        .iter()
        .map(|field| {
            if field.contains([',', '"', '\n', '\r']) {
                format!("\"{}\"", field.replace('"', "\"\""))
            } else {
                field.clone()
            }
        })
        .collect();
    format!("{}\r\n", quoted.join(","))
}
