//! The AGA results file.
//!
//! Format: AGA, "Qualifications for Rated Games" (usgo.org/ratings/RatingQuals.asp):
//!
//! ```text
//! TOURNEY Princeton Go Club Rated Games, Princeton, NJ, June 15-30, 2004
//!         start=6/15/2004
//!         finish=6/30/2004
//!         rules=AGA
//! PLAYERS
//!  489 Matthews, Paul 4k
//! 3199 Mott, Rick     4k
//! GAMES
//! 489 3199 b 0 7
//! 3199 489 w 0 7
//! ```
//!
//! Games are `white black winner handicap komi`. Only decided games are rated: jigo, games
//! won by default and void games are left out. Every listed player needs an AGA ID: the
//! dummy IDs OpenGotha once invented are rejected (usgo/online-ratings PR 75).

use super::{latin9_text, Date, ExportError};
use crate::rules::Preset;
use crate::standings::{GameResult, Tournament};
use std::collections::BTreeMap;
use std::fmt::Write;

const MONTHS: [&str; 12] = [
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
];

/// The AGA results file, as text.
pub fn results(tournament: &Tournament) -> Result<String, ExportError> {
    let start = Date::parse(&tournament.start_date)?;
    let finish = Date::parse(&tournament.end_date)?;
    let last_round = tournament.last_round();
    let rated: Vec<_> = tournament
        .games
        .iter()
        .filter(|game| game.round <= last_round && !game.by_default)
        .filter_map(|game| {
            let winner = match game.result {
                GameResult::BlackWins => 'b',
                GameResult::WhiteWins => 'w',
                GameResult::Unknown => {
                    return Some(Err(ExportError::UnknownResult {
                        round: game.round,
                        black: game.black.clone(),
                        white: game.white.clone(),
                    }))
                }
                _ => return None,
            };
            Some(Ok((game, winner)))
        })
        .collect::<Result<_, _>>()?;

    // Players by AGA ID, in numeric order.
    let mut players = BTreeMap::new();
    for (game, _) in &rated {
        for id in [&game.white, &game.black] {
            let player = tournament
                .player(id)
                .ok_or_else(|| ExportError::MissingAgaId(id.clone()))?;
            let aga_id = player
                .aga_id
                .as_deref()
                .map(str::trim)
                .and_then(|aga_id| aga_id.parse::<u64>().ok())
                .ok_or_else(|| {
                    ExportError::MissingAgaId(format!("{} {}", player.surname, player.first_name))
                })?;
            players.insert(aga_id, player);
        }
    }

    let mut text = String::new();
    let place = match tournament.city.as_str() {
        "" => String::new(),
        city => format!(", {}", latin9_text(city)),
    };
    let _ = writeln!(
        text,
        "TOURNEY {}{place}, {}",
        latin9_text(&tournament.name),
        date_range(start, finish)
    );
    let _ = writeln!(
        text,
        "        start={}/{}/{}",
        start.month, start.day, start.year
    );
    let _ = writeln!(
        text,
        "        finish={}/{}/{}",
        finish.month, finish.day, finish.year
    );
    if let Some(rules) = tournament.rules {
        let _ = writeln!(text, "        rules={}", rules_name(rules));
    }
    text.push_str("PLAYERS\n");
    let id_width = players
        .keys()
        .map(|id| id.to_string().len())
        .max()
        .unwrap_or(0);
    let names: Vec<String> = players
        .values()
        .map(|player| latin9_text(&format!("{}, {}", player.surname, player.first_name)))
        .collect();
    let name_width = names
        .iter()
        .map(|name| name.chars().count())
        .max()
        .unwrap_or(0);
    for ((id, player), name) in players.iter().zip(&names) {
        let _ = writeln!(text, "{id:>id_width$} {name:<name_width$} {}", player.rank);
    }
    text.push_str("GAMES\n");
    for (game, winner) in rated {
        let aga_id = |id: &str| {
            tournament
                .player(id)
                .and_then(|player| player.aga_id.as_deref())
                .unwrap_or_default()
                .trim()
        };
        // One stone is an even game without komi for the AGA; OpenGotha writes it so.
        let handicap = if game.handicap == 1 { 0 } else { game.handicap };
        let komi = game.komi.unwrap_or(if game.handicap == 0 {
            tournament.komi
        } else {
            0.0
        });
        let _ = writeln!(
            text,
            "{} {} {winner} {handicap} {komi}",
            aga_id(&game.white),
            aga_id(&game.black)
        );
    }
    Ok(text)
}

/// `June 15-30, 2004`, `June 28-July 2, 2004`, `December 30, 2004-January 2, 2005`.
fn date_range(start: Date, finish: Date) -> String {
    let month = |date: Date| {
        MONTHS
            .get(date.month as usize - 1)
            .copied()
            .unwrap_or_default()
    };
    if start == finish {
        format!("{} {}, {}", month(start), start.day, start.year)
    } else if start.year != finish.year {
        format!(
            "{} {}, {}-{} {}, {}",
            month(start),
            start.day,
            start.year,
            month(finish),
            finish.day,
            finish.year
        )
    } else if start.month != finish.month {
        format!(
            "{} {}-{} {}, {}",
            month(start),
            start.day,
            month(finish),
            finish.day,
            finish.year
        )
    } else {
        format!(
            "{} {}-{}, {}",
            month(start),
            start.day,
            finish.day,
            finish.year
        )
    }
}

/// The ruleset names the AGA knows.
fn rules_name(rules: Preset) -> &'static str {
    match rules {
        Preset::Aga => "AGA",
        Preset::Japanese => "Japanese",
        Preset::Chinese => "Chinese",
        Preset::NewZealand => "NZ",
        Preset::French => "French",
        Preset::TrompTaylor => "Tromp-Taylor",
    }
}
