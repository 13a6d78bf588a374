//! A new tournament's pairing parameters are OpenGotha's defaults for its system, field by
//! field: `golden/opengotha-defaults/` holds the files OpenGotha 3.51.02 writes for a new
//! McMahon, Swiss and Swiss-with-categories tournament (see `golden/SOURCES.md`).

#![allow(clippy::unwrap_used, clippy::expect_used)]

use arbitre_core::export::opengotha;
use arbitre_core::pairing::parameters::{OpenGothaVersion, System};
use arbitre_core::pairing::{self, PairingParameters};

fn new_tournament(system: &str) -> Vec<u8> {
    let path = format!(
        "{}/tests/golden/opengotha-defaults/{system}.xml",
        env!("CARGO_MANIFEST_DIR")
    );
    std::fs::read(path).unwrap()
}

/// Every attribute of the file's `PairingParameterSet`: the comparison below must not rest
/// on a default of the reader.
const ATTRIBUTES: [&str; 25] = [
    "paiBaAvoidDuplGame",
    "paiBaBalanceWB",
    "paiBaDeterministic",
    "paiBaRandom",
    "paiMaAdditionalPlacementCritSystem1",
    "paiMaAdditionalPlacementCritSystem2",
    "paiMaAvoidMixingCategories",
    "paiMaCompensateDUDD",
    "paiMaDUDDLowerMode",
    "paiMaDUDDUpperMode",
    "paiMaDUDDWeight",
    "paiMaLastRoundForSeedSystem1",
    "paiMaMaximizeSeeding",
    "paiMaMinimizeScoreDifference",
    "paiMaSeedSystem1",
    "paiMaSeedSystem2",
    "paiSeAvoidSameGeo",
    "paiSeBarThresholdActive",
    "paiSeDefSecCrit",
    "paiSeMinimizeHandicap",
    "paiSeNbWinsThresholdActive",
    "paiSePreferMMSDiffRatherThanSameClub",
    "paiSePreferMMSDiffRatherThanSameCountry",
    "paiSeRankThreshold",
    "paiStandardNX1Factor",
];

#[test]
fn new_tournaments_get_opengotha_defaults_for_their_system() {
    for (file, system) in [
        ("mcmahon", System::McMahon),
        ("swiss", System::Swiss),
        ("swisscat", System::SwissWithCategories),
    ] {
        let bytes = new_tournament(file);
        let text = String::from_utf8(bytes.clone()).unwrap();
        for attribute in ATTRIBUTES {
            assert!(
                text.contains(&format!(" {attribute}=\"")),
                "{file}: {attribute}"
            );
        }
        let tournament = opengotha::import(&bytes).unwrap();
        let written = pairing::opengotha::read(&bytes, &tournament)
            .unwrap()
            .parameters;
        // The file was written by 3.51.02; a new tournament follows 3.52.
        assert_eq!(written.opengotha, OpenGothaVersion::V351, "{file}");
        let defaults = PairingParameters::opengotha_defaults(system);
        assert_eq!(defaults.opengotha, OpenGothaVersion::Since352);
        assert_eq!(defaults.system, written.system, "{file}");
        assert_eq!(defaults.base, written.base, "{file}");
        assert_eq!(defaults.main, written.main, "{file}");
        assert_eq!(defaults.secondary, written.secondary, "{file}");
        assert_eq!(defaults.concavity, written.concavity, "{file}");
    }
}

/// The club tournament of the issue: with OpenGotha's McMahon defaults, handicap weighs
/// nothing and the rank threshold is the 1d, not the 3d or 4d of Swiss with categories.
#[test]
fn mcmahon_defaults_do_not_minimize_handicap_across_score_groups() {
    let defaults = PairingParameters::opengotha_defaults(System::McMahon);
    assert_eq!(defaults.secondary.minimize_handicap, 0);
    assert!(!defaults.secondary.wins_threshold);
    assert_eq!(defaults.secondary.avoid_same_geography, 100_000_000_000);
    assert_eq!(defaults.main.last_round_for_seed_system_1, 2);
}
