//! The OpenGotha export writes the tournament's own parameters: importing a file and
//! exporting it keeps every attribute of its `PairingParameterSet`,
//! `HandicapParameterSet`, `PlacementParameterSet` and `GeneralParameterSet` that arbitre
//! holds.

#![allow(clippy::unwrap_used)] // a failed unwrap is a failed test

use arbitre_core::export::opengotha;
use arbitre_core::pairing::parameters::{
    AdditionalOrder, DrawPosition, PairingParameters, Ratio, Seeding, System,
};
use arbitre_core::standings::Rank;
use quick_xml::events::Event;
use quick_xml::Reader;
use std::collections::BTreeMap;

/// The attributes of each element of the individual tournament's parameters (outside
/// `TeamTournamentParameterSet`), placement criteria and categories as
/// `PlacementCriterion{number}` and `Category{number}`.
fn parameter_sets(xml: &str) -> BTreeMap<String, BTreeMap<String, String>> {
    let mut reader = Reader::from_str(xml);
    let mut sets = BTreeMap::new();
    let mut in_teams = false;
    loop {
        let start = match reader.read_event().unwrap() {
            Event::Start(start) => {
                in_teams |= start.name().as_ref() == b"TeamTournamentParameterSet";
                start
            }
            Event::Empty(start) => start,
            Event::End(end) => {
                in_teams &= end.name().as_ref() != b"TeamTournamentParameterSet";
                continue;
            }
            Event::Eof => break,
            _ => continue,
        };
        if in_teams {
            continue;
        }
        let mut name = String::from_utf8(start.name().as_ref().to_vec()).unwrap();
        let attributes: BTreeMap<String, String> = start
            .attributes()
            .map(|attribute| {
                let attribute = attribute.unwrap();
                (
                    String::from_utf8(attribute.key.as_ref().to_vec()).unwrap(),
                    attribute.unescape_value().unwrap().to_string(),
                )
            })
            .collect();
        if name == "PlacementCriterion" || name == "Category" {
            name.push_str(&attributes["number"]);
        }
        sets.insert(name, attributes);
    }
    sets
}

fn assert_kept(original: &str) {
    let tournament = opengotha::import(original.as_bytes()).unwrap();
    let exported = opengotha::export(&tournament).unwrap();
    let (before, after) = (parameter_sets(original), parameter_sets(&exported));
    for (element, attributes) in &before {
        let held = element.ends_with("ParameterSet")
            && element != "DPParameterSet"
            && element != "PublishParameterSet"
            && !element.starts_with("Team")
            || element.starts_with("PlacementCriterion")
            || element.starts_with("Category");
        if !held {
            continue;
        }
        for (name, value) in attributes {
            let written = after.get(element).and_then(|set| set.get(name));
            assert_eq!(
                written,
                Some(value),
                "{element}.{name}: {value} written back as {written:?}"
            );
        }
    }
    // And read back, the same parameters.
    let again = opengotha::import(exported.as_bytes()).unwrap();
    assert_eq!(again.pairing, tournament.pairing);
    assert_eq!(again.handicap, tournament.handicap);
    assert_eq!(again.criteria, tournament.criteria);
    assert_eq!(again.mcmahon, tournament.mcmahon);
    assert_eq!(again.category_limits, tournament.category_limits);
}

fn golden(path: &str) -> String {
    std::fs::read_to_string(format!(
        "{}/tests/golden/{path}",
        env!("CARGO_MANIFEST_DIR")
    ))
    .unwrap()
}

#[test]
fn new_tournaments_of_every_system_round_trip() {
    for system in ["mcmahon", "swiss", "swisscat"] {
        assert_kept(&golden(&format!("opengotha-defaults/{system}.xml")));
    }
}

#[test]
fn a_directors_own_pairing_parameters_round_trip() {
    let changed = golden("opengotha-defaults/swisscat.xml")
        .replace("paiBaRandom=\"0\"", "paiBaRandom=\"1000\"")
        .replace(
            "paiBaDeterministic=\"true\"",
            "paiBaDeterministic=\"false\"",
        )
        .replace("paiMaDUDDLowerMode=\"MID\"", "paiMaDUDDLowerMode=\"TOP\"")
        .replace("paiMaDUDDUpperMode=\"MID\"", "paiMaDUDDUpperMode=\"BOT\"")
        .replace(
            "paiMaAdditionalPlacementCritSystem2=\"NULL\"",
            "paiMaAdditionalPlacementCritSystem2=\"Rank\"",
        )
        .replace(
            "paiMaLastRoundForSeedSystem1=\"2\"",
            "paiMaLastRoundForSeedSystem1=\"3\"",
        )
        .replace("paiSeRankThreshold=\"1D\"", "paiSeRankThreshold=\"3D\"")
        .replace(
            "paiStandardNX1Factor=\"0.5\"",
            "paiStandardNX1Factor=\"0.25\"",
        )
        .replace("hdCorrection=\"1\"", "hdCorrection=\"-1\"");
    let tournament = opengotha::import(changed.as_bytes()).unwrap();
    let pairing: PairingParameters = tournament.pairing.unwrap();
    assert_eq!(pairing.system, System::SwissWithCategories);
    assert_eq!(pairing.base.random, 1000);
    assert_eq!(pairing.main.draw_up_position, DrawPosition::Top);
    assert_eq!(pairing.main.draw_down_position, DrawPosition::Bottom);
    assert_eq!(pairing.main.additional_order_2, AdditionalOrder::Rank);
    assert_eq!(pairing.main.seed_system_2, Seeding::SplitAndFold);
    assert_eq!(pairing.secondary.rank_threshold, Rank::dan(3).unwrap());
    assert_eq!(
        pairing.concavity,
        Ratio {
            numerator: 1,
            denominator: 4
        }
    );
    assert_kept(&changed);
}

#[test]
fn a_played_tournament_round_trips() {
    assert_kept(&golden("pairing/mm351.xml"));
    assert_kept(&golden("juvisy.xml"));
}
