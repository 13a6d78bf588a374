//! Golden tests against OpenGotha.
//!
//! The committed cases (`golden/pairing/`, run by CI): tournament files written in the
//! shape of OpenGotha's with OpenGotha 3.51.02's pairing of each round recorded beside them
//! (pairs, colours and handicaps by table, the bye, and each of its pairs' cost criterion
//! by criterion, from its own cost function); see `golden/SOURCES.md`.
//!
//! These cases replace the tests that read pairgoth's OpenGotha files (`ffrgo/pairgoth`,
//! which publishes no licence, so its files cannot be committed and those tests could not
//! run in CI): the same checks (pairs, tables, byes, colours, handicaps and OpenGotha's
//! cost of each pair criterion by criterion), on files whose origin allows them here.
//! Whole corpora, pairgoth's among them, are checked off-tree with the OpenGotha oracle
//! (`docs/pairing.md`).

#![allow(clippy::unwrap_used, clippy::expect_used)]

use arbitre_core::export::opengotha;
use arbitre_core::pairing::opengotha::PairingSettings;
use arbitre_core::pairing::parameters::OpenGothaVersion;
use arbitre_core::pairing::{self, Parallelism, Request, Round};
use arbitre_core::standings::Tournament;
use std::collections::BTreeSet;

/// The request to pair `round` of a file: its players registered and present.
fn request(tournament: &Tournament, round: u32) -> Request {
    Request {
        round,
        participants: tournament.clone().unpaired(round).participants(round),
        ..Request::default()
    }
}

/// A cost criterion by criterion, in the order of OpenGotha's weights dumps
/// (`baseDuplicateGameCost`, `baseRandomCost`, `baseBWBalanceCost`, `mainCategoryCost`,
/// `mainScoreDiffCost`, `mainDUDDCost`, `mainSeedCost`, `secHandiCost`, `secGeoCost`,
/// `totalCost`).
fn criteria(cost: &pairing::Cost) -> [i64; 10] {
    [
        cost.duplicate_game,
        cost.random,
        cost.colour_balance,
        cost.categories,
        cost.score_difference,
        cost.draw_up_down,
        cost.seeding,
        cost.handicap,
        cost.geography,
        cost.total(),
    ]
}

/// The id of the player a dump names `Name Firstname`.
fn dumped_id(tournament: &Tournament, dumped: &str) -> String {
    tournament
        .players
        .iter()
        .find(|player| format!("{} {}", player.surname, player.first_name) == dumped)
        .unwrap_or_else(|| panic!("no player named {dumped}"))
        .id
        .clone()
}

/// A round of a committed case as OpenGotha paired it.
#[derive(Debug, Default)]
struct Recorded {
    /// `(table, white, black, handicap)`, players named `Name Firstname`.
    games: Vec<(u32, String, String, u32)>,
    bye: Option<String>,
    /// `(first, second, criteria)` for each of its pairs, the first being the one first
    /// in OpenGotha's player order; criteria in the order of [`criteria`].
    costs: Vec<(String, String, [i64; 10])>,
}

/// The rounds recorded in `golden/pairing/{name}.expected.tsv`: lines
/// `round table white black handicap`, `round BYE name`, and `round COST first second
/// total duplicate random colour categories score draw seeding handicap geography`.
fn recorded(name: &str) -> std::collections::BTreeMap<u32, Recorded> {
    let path = format!(
        "{}/tests/golden/pairing/{name}.expected.tsv",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = std::fs::read_to_string(path).unwrap();
    let mut rounds = std::collections::BTreeMap::<u32, Recorded>::new();
    for line in text.lines() {
        let fields: Vec<&str> = line.split('\t').collect();
        let round = rounds.entry(fields[0].parse().unwrap()).or_default();
        match fields[1] {
            "BYE" => round.bye = Some(fields[2].to_string()),
            "COST" => {
                let values: Vec<i64> = fields[5..14].iter().map(|v| v.parse().unwrap()).collect();
                let mut criteria = [0; 10];
                criteria[..9].copy_from_slice(&values);
                criteria[9] = fields[4].parse().unwrap();
                round
                    .costs
                    .push((fields[2].to_string(), fields[3].to_string(), criteria));
            }
            table => round.games.push((
                table.parse().unwrap(),
                fields[2].to_string(),
                fields[3].to_string(),
                fields[4].parse().unwrap(),
            )),
        }
    }
    rounds
}

/// How arbitre's pairing of a committed case compares with OpenGotha's, round by round.
#[derive(Debug, Default)]
struct CaseComparison {
    rounds: usize,
    /// Rounds with OpenGotha's pairs.
    same_pairs: usize,
    /// Rounds whose pairs differ by a tie: another pairing of exactly the total cost of
    /// OpenGotha's (by arbitre's costs, equal to OpenGotha's on every pair it made).
    ties: Vec<u32>,
    same_byes: usize,
    /// Rounds with OpenGotha's pairs and its table numbers.
    same_tables: usize,
    /// Games of rounds with OpenGotha's pairs, and those with its colours and handicap.
    games_of_same_pairs: usize,
    same_colours: usize,
    games: usize,
    /// OpenGotha's pairs costed, and those whose every criterion arbitre computes alike.
    pairs_costed: usize,
    same_costs: usize,
    /// What disagrees, explained.
    differences: Vec<String>,
}

fn compare_case(name: &str) -> CaseComparison {
    let (tournament, settings) = load_committed(name);
    let id = |named: &str| dumped_id(&tournament, named);
    let mut comparison = CaseComparison::default();
    for (round, theirs) in recorded(name) {
        comparison.rounds += 1;
        let request = request(&tournament, round);
        let prepared = Round::prepare(&tournament, &settings.parameters, &request).unwrap();
        let made = prepared.pair(Parallelism::Sequential).unwrap();
        if made.bye == theirs.bye.as_deref().map(id) {
            comparison.same_byes += 1;
        } else {
            comparison.differences.push(format!(
                "round {round}: bye {:?}, OpenGotha's {:?}",
                made.bye, theirs.bye
            ));
        }
        for (first, second, criteria_theirs) in &theirs.costs {
            comparison.pairs_costed += 1;
            let ours = criteria(&prepared.cost(&id(first), &id(second)).unwrap());
            if ours == *criteria_theirs {
                comparison.same_costs += 1;
            } else {
                comparison.differences.push(format!(
                    "round {round}, {first} – {second}: costs {ours:?}, OpenGotha's \
                     {criteria_theirs:?}"
                ));
            }
        }
        let ours: BTreeSet<(u32, String, String, u32)> = made
            .games
            .iter()
            .map(|game| {
                (
                    game.table,
                    game.white.clone(),
                    game.black.clone(),
                    game.handicap,
                )
            })
            .collect();
        let theirs_games: BTreeSet<(u32, String, String, u32)> = theirs
            .games
            .iter()
            .map(|(table, white, black, handicap)| (*table, id(white), id(black), *handicap))
            .collect();
        let untabled = |set: &BTreeSet<(u32, String, String, u32)>| -> BTreeSet<(String, String)> {
            set.iter()
                .map(|(_, a, b, _)| (a.min(b).clone(), a.max(b).clone()))
                .collect()
        };
        let tabled =
            |set: &BTreeSet<(u32, String, String, u32)>| -> BTreeSet<(u32, String, String)> {
                set.iter()
                    .map(|(table, a, b, _)| (*table, a.min(b).clone(), a.max(b).clone()))
                    .collect()
            };
        comparison.games += theirs_games.len();
        if untabled(&ours) == untabled(&theirs_games) {
            comparison.same_pairs += 1;
            comparison.games_of_same_pairs += theirs_games.len();
            if tabled(&ours) == tabled(&theirs_games) {
                comparison.same_tables += 1;
            } else {
                comparison.differences.push(format!(
                    "round {round}: tables {ours:?}, OpenGotha's {theirs_games:?}"
                ));
            }
            let colours =
                |set: &BTreeSet<(u32, String, String, u32)>| -> BTreeSet<(String, String, u32)> {
                    set.iter()
                        .map(|(_, white, black, handicap)| {
                            (white.clone(), black.clone(), *handicap)
                        })
                        .collect()
                };
            comparison.same_colours += colours(&ours).intersection(&colours(&theirs_games)).count();
        } else {
            let total = |pairs: &BTreeSet<(String, String)>| -> i128 {
                pairs
                    .iter()
                    .map(|(a, b)| i128::from(prepared.cost(a, b).unwrap().total()))
                    .sum()
            };
            let (our_total, their_total) =
                (total(&untabled(&ours)), total(&untabled(&theirs_games)));
            if our_total == their_total {
                comparison.ties.push(round);
            } else {
                comparison.differences.push(format!(
                    "round {round}: pairs cost {our_total}, OpenGotha's {their_total}"
                ));
            }
        }
    }
    comparison
}

/// A committed case's tournament and pairing settings.
fn load_committed(name: &str) -> (Tournament, PairingSettings) {
    let path = format!(
        "{}/tests/golden/pairing/{name}.xml",
        env!("CARGO_MANIFEST_DIR")
    );
    let bytes = std::fs::read(path).unwrap();
    let tournament = opengotha::import(&bytes).unwrap();
    let settings = pairing::opengotha::read(&bytes, &tournament).unwrap();
    (tournament, settings)
}

/// A committed case paired as OpenGotha paired it: every bye, every cost of OpenGotha's
/// pairs criterion by criterion, and every round either with OpenGotha's pairs, tables,
/// colours and handicaps or (where its matching broke a tie otherwise: compared by total
/// cost, not pairs) with other pairs of exactly the same total cost.
fn paired_as_recorded(name: &str, version: OpenGothaVersion) -> CaseComparison {
    let (_, settings) = load_committed(name);
    assert_eq!(settings.parameters.opengotha, version, "{name}");
    let comparison = compare_case(name);
    println!("{name}: {comparison:#?}");
    assert!(
        comparison.differences.is_empty(),
        "{name}: {}",
        comparison.differences.join("\n")
    );
    assert_eq!(comparison.same_byes, comparison.rounds, "{name}");
    assert_eq!(comparison.same_costs, comparison.pairs_costed, "{name}");
    assert_eq!(
        comparison.same_colours, comparison.games_of_same_pairs,
        "{name}: colours and handicaps"
    );
    comparison
}

#[test]
fn mcmahon_3_51_pairs_as_opengotha() {
    paired_as_recorded("mm351", OpenGothaVersion::V351);
}

#[test]
fn mcmahon_3_50_pairs_as_opengotha() {
    paired_as_recorded("mm350", OpenGothaVersion::Until350);
}

#[test]
fn mcmahon_3_49_pairs_as_opengotha() {
    paired_as_recorded("mm349", OpenGothaVersion::Until350);
}

#[test]
fn mcmahon_3_48_pairs_as_opengotha() {
    paired_as_recorded("mm348", OpenGothaVersion::Until350);
}

#[test]
fn swiss_3_51_pairs_as_opengotha() {
    paired_as_recorded("sw351", OpenGothaVersion::V351);
}

#[test]
fn swiss_3_48_pairs_as_opengotha() {
    paired_as_recorded("sw348", OpenGothaVersion::Until350);
}

/// Swiss with categories: its geography weight (2·10^13) is far above the score
/// difference's (10^11), so most pairs cost less than nothing.
#[test]
fn swiss_with_categories_3_51_pairs_as_opengotha() {
    paired_as_recorded("sc351", OpenGothaVersion::V351);
}

#[test]
fn swiss_with_categories_3_49_pairs_as_opengotha() {
    paired_as_recorded("sc349", OpenGothaVersion::Until350);
}

/// The third round of a tournament of 345 players (`generate.py`), more than 300 of them
/// paired, as OpenGotha 3.51.02 paired it.
#[test]
fn a_round_of_over_300_players_pairs_as_opengotha() {
    let comparison = paired_as_recorded("big351", OpenGothaVersion::V351);
    assert_eq!(comparison.rounds, 1);
    assert!(2 * comparison.games > 300, "{comparison:?}");
}

/// `mm352` is `mm351` declared as written by OpenGotha 3.52.03, paired by 3.52.03 itself:
/// the same pairs, colours, handicaps and costs as 3.51.02 (no player spared the secondary
/// criteria above the thresholds), the tables numbered by each game's stronger player
/// (rounds 1, 3 and 4 differ from 3.51's there).
#[test]
fn mcmahon_3_52_pairs_as_opengotha() {
    let comparison = paired_as_recorded("mm352", OpenGothaVersion::Since352);
    assert_eq!(comparison.same_tables, comparison.rounds, "{comparison:?}");
    let (tournament, settings) = load_committed("mm352");
    let made = Round::prepare(&tournament, &settings.parameters, &request(&tournament, 4))
        .unwrap()
        .pair(Parallelism::Sequential)
        .unwrap();
    assert_eq!(made.opengotha, OpenGothaVersion::Since352);
}
