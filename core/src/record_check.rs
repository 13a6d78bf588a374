//! Whether a game record is the record of the pairing it is imported for: the same
//! players in the same colours, and the terms the game was to be played on (FFG rules,
//! "Conditions de jeu": rules, board, handicap and komi are fixed before the game starts).
//! A record of another game, or of this game played on other terms, is named field by
//! field, so that the staff can correct the file or accept it knowingly.
//!
//! What the record leaves out (no `PB`, no `KM`, no `RU`) is not a mismatch: the game takes
//! the pairing's terms. A ruleset the reader does not recognise is not compared either.

use crate::history::GameRecord;
use crate::point::BoardSize;
use crate::rules::Preset;
use serde::Serialize;
use unicode_normalization::char::is_combining_mark;
use unicode_normalization::UnicodeNormalization;

/// A player of the pairing, as registered.
#[derive(Debug, Clone, Copy)]
pub struct Registered<'a> {
    pub surname: &'a str,
    pub first_name: &'a str,
}

/// The game the pairing expects.
#[derive(Debug, Clone, Copy)]
pub struct Expected<'a> {
    pub black: Registered<'a>,
    pub white: Registered<'a>,
    pub komi: f64,
    pub handicap: u32,
    pub size: BoardSize,
    pub rules: Preset,
}

/// A property of a record compared with the pairing's game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum Property {
    #[serde(rename = "PB")]
    BlackName,
    #[serde(rename = "PW")]
    WhiteName,
    #[serde(rename = "KM")]
    Komi,
    #[serde(rename = "HA")]
    Handicap,
    #[serde(rename = "SZ")]
    Size,
    #[serde(rename = "RU")]
    Rules,
}

impl Property {
    /// Its SGF identifier.
    pub fn sgf(self) -> &'static str {
        match self {
            Property::BlackName => "PB",
            Property::WhiteName => "PW",
            Property::Komi => "KM",
            Property::Handicap => "HA",
            Property::Size => "SZ",
            Property::Rules => "RU",
        }
    }

    /// The term of the game a record overrides when this property differs, as the
    /// game's `overrides` name it.
    pub fn term(self) -> &'static str {
        match self {
            Property::BlackName | Property::WhiteName => "players",
            Property::Komi => "komi",
            Property::Handicap => "handicap",
            Property::Size => "board_size",
            Property::Rules => "ruleset",
        }
    }
}

/// One property of the record that differs from the pairing.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Mismatch {
    pub property: Property,
    /// What the record says.
    pub recorded: String,
    /// What the pairing (or the tournament) says.
    pub expected: String,
}

/// Every property of `record` that differs from `expected`, in the order above.
pub fn mismatches(record: &GameRecord, expected: &Expected<'_>) -> Vec<Mismatch> {
    let mut found = Vec::new();
    let mut differ = |property, recorded: String, expected: String| {
        found.push(Mismatch {
            property,
            recorded,
            expected,
        });
    };
    for (property, recorded, registered) in [
        (Property::BlackName, &record.info.black_name, expected.black),
        (Property::WhiteName, &record.info.white_name, expected.white),
    ] {
        if let Some(name) = recorded.as_deref().filter(|name| !name.trim().is_empty()) {
            if !names_player(name, registered) {
                differ(
                    property,
                    name.to_string(),
                    format!("{} {}", registered.surname, registered.first_name),
                );
            }
        }
    }
    if let Some(komi) = record.komi.filter(|&komi| komi != expected.komi) {
        differ(Property::Komi, komi.to_string(), expected.komi.to_string());
    }
    if record.handicap != expected.handicap {
        differ(
            Property::Handicap,
            record.handicap.to_string(),
            expected.handicap.to_string(),
        );
    }
    if record.size != expected.size {
        differ(
            Property::Size,
            record.size.to_string(),
            expected.size.to_string(),
        );
    }
    let recorded_rules = record.rules.as_deref().and_then(|ru| {
        Preset::from_sgf_ru(ru)
            .filter(|&preset| preset != expected.rules)
            .map(|_| ru)
    });
    if let Some(ru) = recorded_rules {
        differ(
            Property::Rules,
            ru.to_string(),
            expected.rules.name().to_string(),
        );
    }
    found
}

/// The staff's verdict on a record imported for a pairing: the terms of the game it
/// overrides (none when it is the pairing's game, and each term once), or, when it
/// differs and the staff give no reason to import it anyway (`override_given`), the
/// mismatches that refuse it.
pub fn judge(
    record: &GameRecord,
    expected: &Expected<'_>,
    override_given: bool,
) -> Result<Vec<&'static str>, Vec<Mismatch>> {
    let found = mismatches(record, expected);
    if !found.is_empty() && !override_given {
        return Err(found);
    }
    let mut terms: Vec<&'static str> = found.iter().map(|found| found.property.term()).collect();
    terms.dedup();
    Ok(terms)
}

/// Whether a record's player name (`PB`, `PW`) names `player`: the surname and the first
/// name in either order, or the surname alone, once both are folded ([`fold`]).
pub fn names_player(name: &str, player: Registered<'_>) -> bool {
    let recorded = words(name);
    let surname = words(player.surname);
    let first_name = words(player.first_name);
    let in_order = |first: &[String], second: &[String]| {
        recorded.len() == first.len() + second.len()
            && recorded.iter().eq(first.iter().chain(second))
    };
    recorded == surname || in_order(&surname, &first_name) || in_order(&first_name, &surname)
}

/// A name as compared: accents removed (`é` → `e`, by canonical decomposition), lower
/// case, every run of other characters than letters and digits one space (`Le-Berre`,
/// `LE BERRE` and `le berre` are one name).
pub fn fold(name: &str) -> String {
    words(name).join(" ")
}

fn words(name: &str) -> Vec<String> {
    let plain: String = name
        .nfd()
        .filter(|character| !is_combining_mark(*character))
        .flat_map(char::to_lowercase)
        .map(|character| match character.is_alphanumeric() {
            true => character,
            false => ' ',
        })
        .collect();
    plain.split_whitespace().map(str::to_string).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    const DUPONT: Registered<'static> = Registered {
        surname: "Dupont-Lefèvre",
        first_name: "Éric",
    };

    #[test]
    fn a_record_of_another_game_needs_the_staff_s_reason_and_names_what_it_overrides() {
        let martin = Registered {
            surname: "Martin",
            first_name: "Claire",
        };
        let expected = Expected {
            black: DUPONT,
            white: martin,
            komi: 7.5,
            handicap: 0,
            size: BoardSize::STANDARD,
            rules: Preset::French,
        };
        let own = b"(;GM[1]FF[4]SZ[19]KM[7.5]PB[Dupont-Lefevre Eric]PW[Martin]RE[B+R];B[pd])";
        let own = crate::sgf::parse(own).unwrap();
        assert_eq!(judge(&own, &expected, false), Ok(Vec::new()));
        let other =
            b"(;GM[1]FF[4]SZ[19]KM[6.5]RU[Chinese]PB[Petit Paul]PW[Nowak Anna]RE[B+R];B[pd])";
        let other = crate::sgf::parse(other).unwrap();
        let refused = judge(&other, &expected, false).unwrap_err();
        let properties: Vec<&str> = refused.iter().map(|found| found.property.sgf()).collect();
        assert_eq!(properties, ["PB", "PW", "KM", "RU"]);
        assert_eq!(refused[2].recorded, "6.5");
        assert_eq!(refused[2].expected, "7.5");
        assert_eq!(
            judge(&other, &expected, true),
            Ok(vec!["players", "komi", "ruleset"])
        );
    }

    #[test]
    fn names_match_with_accents_case_and_order_folded() {
        assert_eq!(fold("  ÉRIC  dupont-LEFÈVRE "), "eric dupont lefevre");
        assert!(names_player("Dupont-Lefèvre Éric", DUPONT));
        assert!(names_player("eric DUPONT LEFEVRE", DUPONT));
        assert!(names_player("Dupont Lefevre", DUPONT));
        assert!(!names_player("Dupont", DUPONT));
        assert!(!names_player("Éric", DUPONT));
        assert!(!names_player("Eric Dupont-Lefèvre Junior", DUPONT));
        assert!(!names_player("Martin Claire", DUPONT));
    }
}
