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

/// One property of the record that differs from the pairing.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Mismatch {
    /// The SGF property: `PB`, `PW`, `KM`, `HA`, `SZ` or `RU`.
    pub property: &'static str,
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
        ("PB", &record.info.black_name, expected.black),
        ("PW", &record.info.white_name, expected.white),
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
        differ("KM", komi.to_string(), expected.komi.to_string());
    }
    if record.handicap != expected.handicap {
        differ(
            "HA",
            record.handicap.to_string(),
            expected.handicap.to_string(),
        );
    }
    if record.size != expected.size {
        differ("SZ", record.size.to_string(), expected.size.to_string());
    }
    let recorded_rules = record.rules.as_deref().and_then(|ru| {
        Preset::from_sgf_ru(ru)
            .filter(|&preset| preset != expected.rules)
            .map(|_| ru)
    });
    if let Some(ru) = recorded_rules {
        differ("RU", ru.to_string(), expected.rules.name().to_string());
    }
    found
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
