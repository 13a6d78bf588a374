//! The standings as CSV (RFC 4180: comma-separated, CRLF line ends, quoted when needed),
//! UTF-8, for spreadsheets and web pages.
//!
//! Columns follow OpenGotha's standings page: number, place, name, rank, country, club,
//! one column per placement criterion, then one per round written as in the EGD table
//! (`2+/w0`, `0=`), with `!` instead of `/` for a game won by default and `?` for a result
//! not yet known.

use super::{ExportError, ResultsTable};
use crate::point::Color;
use crate::standings::{Outcome, RoundOutcome, Tournament};

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
            neutralised(&player.surname),
            neutralised(&player.first_name),
            player.rank.to_string(),
            neutralised(&player.country),
            neutralised(&player.club),
        ];
        fields.extend(table.criterion_texts(entry));
        fields.extend(
            entry
                .standing
                .rounds
                .iter()
                .map(|round| cell(&table, round)),
        );
        text.push_str(&record(&fields));
    }
    Ok(text)
}

fn cell(table: &ResultsTable, round: &RoundOutcome) -> String {
    match round {
        RoundOutcome::Game {
            opponent,
            colour,
            handicap,
            outcome,
            by_default,
        } => {
            let symbol = match outcome {
                Outcome::Win => '+',
                Outcome::Loss => '-',
                Outcome::Jigo => '=',
                Outcome::Unknown => '?',
            };
            let mark = if *by_default { '!' } else { '/' };
            let colour = match colour {
                Some(Color::Black) => 'b',
                Some(Color::White) => 'w',
                None => '?',
            };
            format!("{}{symbol}{mark}{colour}{handicap}", table.row(opponent))
        }
        RoundOutcome::Bye => format!("0{}", table.credit_symbol(table.tournament.scoring.bye)),
        RoundOutcome::Absent => {
            format!("0{}", table.credit_symbol(table.tournament.scoring.absence))
        }
        RoundOutcome::Void { .. } | RoundOutcome::Unpaired => "0-".to_string(),
    }
}

/// A cell of text typed by a person (a name, a club), made inert for a spreadsheet: one that
/// starts with `=`, `+`, `-`, `@`, a tab or a carriage return would be read as a formula
/// (`=HYPERLINK(...)` opens a link, DDE runs a command), so it gets a leading `'`, as the
/// OWASP "CSV Injection" sheet recommends; the spreadsheet shows the text as typed. The
/// cells the export computes (places, scores, results) are never formulas.
fn neutralised(text: &str) -> String {
    if text.starts_with(['=', '+', '-', '@', '\t', '\r']) {
        format!("'{text}")
    } else {
        text.to_string()
    }
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_cell_a_spreadsheet_would_read_as_a_formula_is_neutralised() {
        for formula in [
            "=HYPERLINK(\"http://x\",\"y\")",
            "+1",
            "-2+3",
            "@SUM(A1)",
            "\tx",
            "\rx",
        ] {
            assert_eq!(neutralised(formula), format!("'{formula}"));
        }
        for text in ["Dupont", "O'Neil", "1=1", "a-b", ""] {
            assert_eq!(neutralised(text), text);
        }
        assert_eq!(
            record(&[neutralised("=1,2"), neutralised("Dupont")]),
            "\"'=1,2\",Dupont\r\n"
        );
    }
}
