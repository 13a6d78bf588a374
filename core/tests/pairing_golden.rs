//! Golden tests against OpenGotha: pairgoth's test resources (`ffrgo/pairgoth`,
//! `api-webapp/src/test/resources/opengotha/`) hold tournaments paired round by round by
//! OpenGotha. pairgoth publishes no licence, so the files are not copied here: put them
//! in a folder and name it in `ARBITRE_PAIRGOTH_FIXTURES` to run these tests
//! (`cargo test -p arbitre-core --test pairing_golden -- --ignored`).
//!
//! The folder holds `simpleswiss_7R.xml`, `simplemm.xml` and `notsimplemm.xml` (from
//! `pairings/`) and the weights OpenGotha dumped per round, under their names in
//! pairgoth's resources (`simplemm/simplemm_weights_R1.txt`, …); a round without its dump
//! is skipped.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use arbitre_core::export::opengotha;
use arbitre_core::pairing::{self, Request, Round};
use arbitre_core::standings::{Rank, Tournament};
use std::collections::BTreeSet;
use std::path::PathBuf;

fn fixture(name: &str) -> Vec<u8> {
    let folder = std::env::var("ARBITRE_PAIRGOTH_FIXTURES")
        .expect("ARBITRE_PAIRGOTH_FIXTURES names the folder of pairgoth's OpenGotha files");
    std::fs::read(PathBuf::from(folder).join(name)).unwrap()
}

/// The unordered pairs of games, with their tables.
fn pairs<'a>(
    games: impl Iterator<Item = (u32, &'a str, &'a str)>,
) -> BTreeSet<(u32, String, String)> {
    games
        .map(|(table, a, b)| (table, a.min(b).to_string(), a.max(b).to_string()))
        .collect()
}

/// How arbitre's pairing of each round compares with OpenGotha's.
#[derive(Debug, Default)]
struct Comparison {
    /// Rounds paired exactly as OpenGotha did (pairs and tables).
    same: Vec<u32>,
    /// Rounds with the same pairs, tables numbered otherwise.
    same_pairs: Vec<u32>,
    /// Rounds with other pairs of exactly the same total cost: a tie OpenGotha's
    /// matching broke otherwise.
    ties: Vec<u32>,
    /// Everything else, explained.
    differences: Vec<String>,
}

/// The file's pairing settings; without `thresholds`, every player is concerned by the
/// secondary criteria (see [`mcmahon_costs_equal_opengotha_dumps`]).
fn settings(
    bytes: &[u8],
    tournament: &Tournament,
    thresholds: bool,
) -> pairing::opengotha::PairingSettings {
    let mut settings = pairing::opengotha::read(bytes, tournament).unwrap();
    if !thresholds {
        let secondary = &mut settings.parameters.secondary;
        secondary.rank_threshold = Rank::from_value(i32::MAX);
        secondary.bar_threshold = false;
        secondary.wins_threshold = false;
    }
    settings
}

/// Pairs every round from the file's state before it and compares the pairs, their
/// tables and the bye with the ones OpenGotha recorded.
fn compare_with_opengotha(name: &str, thresholds: bool) -> Comparison {
    let bytes = fixture(name);
    let tournament = opengotha::import(&bytes).unwrap();
    let settings = settings(&bytes, &tournament, thresholds);
    let mut comparison = Comparison::default();
    for round in 1..=tournament.last_round() {
        let request = Request {
            round,
            participants: settings.participants(&tournament, round),
            ..Request::default()
        };
        let prepared = Round::prepare(&tournament, &settings.parameters, &request).unwrap();
        let made = prepared.pair().unwrap();
        let ours = pairs(
            made.games
                .iter()
                .map(|game| (game.table, game.white.as_str(), game.black.as_str())),
        );
        let recorded: Vec<_> = tournament
            .games
            .iter()
            .filter(|game| game.round == round)
            .collect();
        let theirs = pairs(recorded.iter().map(|game| {
            (
                game.table.unwrap_or(0),
                game.white.as_str(),
                game.black.as_str(),
            )
        }));
        let untabled = |set: &BTreeSet<(u32, String, String)>| -> BTreeSet<(String, String)> {
            set.iter().map(|(_, a, b)| (a.clone(), b.clone())).collect()
        };
        let their_bye = tournament
            .byes
            .iter()
            .find(|bye| bye.round == round)
            .map(|bye| bye.player.clone());
        if made.bye != their_bye {
            comparison.differences.push(format!(
                "round {round}: arbitre's bye {:?}, OpenGotha's {their_bye:?}",
                made.bye
            ));
        } else if ours == theirs {
            comparison.same.push(round);
        } else if untabled(&ours) == untabled(&theirs) {
            comparison.same_pairs.push(round);
        } else {
            let total = |set: &BTreeSet<(u32, String, String)>| -> i128 {
                set.iter()
                    .map(|(_, a, b)| i128::from(prepared.cost(a, b).unwrap().total()))
                    .sum()
            };
            let (our_total, their_total) = (total(&ours), total(&theirs));
            if our_total == their_total {
                comparison.ties.push(round);
            } else {
                comparison.differences.push(format!(
                    "round {round}: arbitre's pairs cost {our_total}, OpenGotha's {their_total}: \
                     ours {:?}, theirs {:?}",
                    untabled(&ours)
                        .difference(&untabled(&theirs))
                        .collect::<Vec<_>>(),
                    untabled(&theirs)
                        .difference(&untabled(&ours))
                        .collect::<Vec<_>>(),
                ));
            }
        }
    }
    comparison
}

/// OpenGotha's names of the criteria in its weights dumps, in the order of [`criteria`].
const DUMPED: [&str; 10] = [
    "baseDuplicateGameCost",
    "baseRandomCost",
    "baseBWBalanceCost",
    "mainCategoryCost",
    "mainScoreDiffCost",
    "mainDUDDCost",
    "mainSeedCost",
    "secHandiCost",
    "secGeoCost",
    "totalCost",
];

/// A cost criterion by criterion, in the order of [`DUMPED`].
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

/// The pairs of an OpenGotha weights dump (`Player1Name=`, `Player2Name=`, then one
/// `name=value` line per criterion), players named `Name Firstname`.
fn dumped_pairs(text: &str) -> Vec<(String, String, [i64; 10])> {
    let mut pairs = Vec::new();
    let mut current: Option<(String, String, [i64; 10])> = None;
    for line in text.lines() {
        let Some((key, value)) = line.split_once('=') else {
            continue;
        };
        match key {
            "Player1Name" => {
                pairs.extend(current.take());
                current = Some((value.to_string(), String::new(), [0; 10]));
            }
            "Player2Name" => current.as_mut().unwrap().1 = value.to_string(),
            _ => {
                let column = DUMPED.iter().position(|name| *name == key).unwrap();
                current.as_mut().unwrap().2[column] = value.parse().unwrap();
            }
        }
    }
    pairs.extend(current);
    pairs
}

/// How arbitre's costs compare with OpenGotha's dumps, criterion by criterion.
#[derive(Debug, Default)]
struct CostComparison {
    /// Dumped pairs compared.
    pairs: usize,
    /// For each criterion that disagrees: how many pairs, the largest gap, an example.
    disagreements: Vec<String>,
}

/// Compares, for every round of `name` with a dump `{folder}/{folder}_weights_R{n}.txt`,
/// the cost arbitre gives each dumped pair with OpenGotha's (`thresholds` as in
/// [`settings`]).
fn compare_costs(name: &str, folder: &str, thresholds: bool) -> CostComparison {
    let bytes = fixture(name);
    let tournament = opengotha::import(&bytes).unwrap();
    let settings = settings(&bytes, &tournament, thresholds);
    let id = |dumped: &str| -> String {
        tournament
            .players
            .iter()
            .find(|player| format!("{} {}", player.surname, player.first_name) == dumped)
            .unwrap_or_else(|| panic!("no player named {dumped}"))
            .id
            .clone()
    };
    let mut comparison = CostComparison::default();
    // Per criterion: pairs disagreeing, largest gap, first example.
    let mut gaps: Vec<(usize, i64, String)> = vec![(0, 0, String::new()); DUMPED.len()];
    for round in 1..=tournament.rounds {
        let path = format!("{folder}/{folder}_weights_R{round}.txt");
        let Ok(text) = std::fs::read_to_string(
            PathBuf::from(std::env::var("ARBITRE_PAIRGOTH_FIXTURES").unwrap()).join(&path),
        ) else {
            continue;
        };
        let request = Request {
            round,
            participants: settings.participants(&tournament, round),
            ..Request::default()
        };
        let prepared = Round::prepare(&tournament, &settings.parameters, &request).unwrap();
        for (first, second, theirs) in dumped_pairs(&text) {
            comparison.pairs += 1;
            let ours = criteria(&prepared.cost(&id(&first), &id(&second)).unwrap());
            for column in 0..DUMPED.len() {
                if ours[column] != theirs[column] {
                    let gap = &mut gaps[column];
                    gap.0 += 1;
                    gap.1 = gap.1.max((ours[column] - theirs[column]).abs());
                    if gap.2.is_empty() {
                        gap.2 = format!(
                            "round {round}, {first} – {second}: arbitre {}, OpenGotha {}",
                            ours[column], theirs[column]
                        );
                    }
                }
            }
        }
    }
    for (column, (count, largest, example)) in gaps.into_iter().enumerate() {
        if count > 0 {
            comparison.disagreements.push(format!(
                "{}: {count} pairs, largest gap {largest} (first: {example})",
                DUMPED[column]
            ));
        }
    }
    comparison
}

/// The McMahon dumps pairgoth publishes for `simplemm` and `notsimplemm` were made by
/// OpenGotha 3.48 (`gothaVersion="348"`), which applied the secondary criteria to every
/// player whatever the thresholds: a 7d and a 6d of the same club earn no geography
/// there, where OpenGotha 3.52 (the `bosp2024` dump) gives such a pair the weight whole.
/// arbitre follows 3.52, so the costs are compared with the thresholds set off, and the
/// pairs the thresholds change are counted.
#[test]
#[ignore = "needs pairgoth's OpenGotha files in ARBITRE_PAIRGOTH_FIXTURES"]
fn mcmahon_costs_equal_opengotha_dumps() {
    for (name, folder, pairs) in [
        ("notsimplemm.xml", "notsimplemm", 127),
        ("simplemm.xml", "simplemm", 600),
    ] {
        let comparison = compare_costs(name, folder, false);
        println!("{name}, every player concerned: {comparison:#?}");
        assert_eq!(comparison.pairs, pairs, "{name}");
        assert!(
            comparison.disagreements.is_empty(),
            "{name}: {}",
            comparison.disagreements.join("\n")
        );
        // With the thresholds, only geography (and so the total) can differ.
        let with_thresholds = compare_costs(name, folder, true);
        println!("{name}, with the file's thresholds: {with_thresholds:#?}");
        for disagreement in &with_thresholds.disagreements {
            assert!(
                disagreement.starts_with("secGeoCost:") || disagreement.starts_with("totalCost:"),
                "{name}: {disagreement}"
            );
        }
    }
}

#[test]
#[ignore = "needs pairgoth's OpenGotha files in ARBITRE_PAIRGOTH_FIXTURES"]
fn not_simple_mcmahon_pairs_every_round_as_opengotha() {
    let comparison = compare_with_opengotha("notsimplemm.xml", false);
    println!("{comparison:#?}");
    assert!(
        comparison.differences.is_empty(),
        "{}",
        comparison.differences.join("\n")
    );
    // Every round, byes and tables included.
    assert_eq!(comparison.same, [1, 2, 3, 4, 5], "{comparison:?}");
    println!(
        "with the file's thresholds: {:#?}",
        compare_with_opengotha("notsimplemm.xml", true)
    );
}

#[test]
#[ignore = "needs pairgoth's OpenGotha files in ARBITRE_PAIRGOTH_FIXTURES"]
fn simple_mcmahon_pairs_every_round_as_opengotha() {
    let comparison = compare_with_opengotha("simplemm.xml", false);
    println!("{comparison:#?}");
    assert!(
        comparison.differences.is_empty(),
        "{}",
        comparison.differences.join("\n")
    );
    // Rounds 1 to 4 exactly, tables included; round 5 is a tie of equal total cost.
    assert_eq!(comparison.same, [1, 2, 3, 4], "{comparison:?}");
    assert_eq!(comparison.ties, [5], "{comparison:?}");
    println!(
        "with the file's thresholds: {:#?}",
        compare_with_opengotha("simplemm.xml", true)
    );
}

#[test]
#[ignore = "needs pairgoth's OpenGotha files in ARBITRE_PAIRGOTH_FIXTURES"]
fn simple_swiss_pairs_every_round_as_opengotha() {
    let comparison = compare_with_opengotha("simpleswiss_7R.xml", true);
    println!("{comparison:?}");
    assert!(
        comparison.differences.is_empty(),
        "{}",
        comparison.differences.join("\n")
    );
    // Rounds 1 and 2 are made exactly as OpenGotha made them, tables included.
    assert!(comparison.same.starts_with(&[1, 2]), "{comparison:?}");
}

/// Costs of round 3 of the same tournament as OpenGotha dumped them
/// (`simpleswiss/simpleswiss_weights_R3.txt` in pairgoth's resources): duplicate game,
/// colour balance, score difference, draw-up/down, seeding, and the total.
#[test]
#[ignore = "needs pairgoth's OpenGotha files in ARBITRE_PAIRGOTH_FIXTURES"]
fn simple_swiss_round_3_costs_equal_opengotha_dump() {
    let dumped: [(&str, &str, [i64; 6]); 14] = [
        (
            "BERREBYMONIQUE",
            "DONZETFRÉDÉRIC",
            [
                500_000_000_000_000,
                0,
                100_000_000_000,
                0,
                3_750_000,
                500_100_003_750_001,
            ],
        ),
        (
            "BERREBYMONIQUE",
            "HUBERTJÉRÔME",
            [
                500_000_000_000_000,
                0,
                100_000_000_000,
                0,
                2_187_500,
                500_100_002_187_501,
            ],
        ),
        (
            "BERREBYMONIQUE",
            "NEANTFABRICE",
            [
                500_000_000_000_000,
                0,
                100_000_000_000,
                0,
                4_687_500,
                500_100_004_687_501,
            ],
        ),
        (
            "BERREBYMONIQUE",
            "BARATOUPAUL",
            [
                500_000_000_000_000,
                0,
                100_000_000_000,
                0,
                5_000_000,
                500_100_005_000_001,
            ],
        ),
        (
            "BERREBYMONIQUE",
            "FELDMANNDENIS",
            [
                500_000_000_000_000,
                500_000,
                77_777_777_777,
                45_000_000,
                0,
                500_077_823_277_778,
            ],
        ),
        (
            "BERREBYMONIQUE",
            "GIOVANNINICITA",
            [
                500_000_000_000_000,
                500_000,
                77_777_777_777,
                46_250_000,
                0,
                500_077_824_527_778,
            ],
        ),
        (
            "BERREBYMONIQUE",
            "BONISMICHEL",
            [
                500_000_000_000_000,
                500_000,
                77_777_777_777,
                53_750_000,
                0,
                500_077_832_027_778,
            ],
        ),
        (
            "BERREBYMONIQUE",
            "BUTAUDRÉMI",
            [0, 500_000, 77_777_777_777, 53_750_000, 0, 77_832_027_778],
        ),
        (
            "BERREBYMONIQUE",
            "BORNVÉRONIQUE",
            [
                500_000_000_000_000,
                1_000_000,
                44_444_444_444,
                47_500_000,
                0,
                500_044_492_944_445,
            ],
        ),
        (
            "BERREBYMONIQUE",
            "HONORÉJEAN-CHRISTOPHE",
            [
                500_000_000_000_000,
                1_000_000,
                44_444_444_444,
                45_000_000,
                0,
                500_044_490_444_445,
            ],
        ),
        (
            "BERREBYMONIQUE",
            "MIZESSYNFRANÇOIS",
            [
                500_000_000_000_000,
                1_000_000,
                44_444_444_444,
                50_000_000,
                0,
                500_044_495_444_445,
            ],
        ),
        (
            "DONZETFRÉDÉRIC",
            "BOYARTCHRISTIAN",
            [0, 500_000, 77_777_777_777, 46_250_000, 0, 77_824_527_778],
        ),
        (
            "DONZETFRÉDÉRIC",
            "GUILLOUMARC",
            [
                500_000_000_000_000,
                0,
                100_000_000_000,
                0,
                5_000_000,
                500_100_005_000_001,
            ],
        ),
        (
            "DONZETFRÉDÉRIC",
            "FELDMANNDENIS",
            [
                500_000_000_000_000,
                500_000,
                77_777_777_777,
                40_000_000,
                0,
                500_077_818_277_778,
            ],
        ),
    ];
    let bytes = fixture("simpleswiss_7R.xml");
    let tournament = opengotha::import(&bytes).unwrap();
    let settings = pairing::opengotha::read(&bytes, &tournament).unwrap();
    let request = Request {
        round: 3,
        participants: settings.participants(&tournament, 3),
        ..Request::default()
    };
    let round = Round::prepare(&tournament, &settings.parameters, &request).unwrap();
    for (first, second, expected) in dumped {
        let cost = round.cost(first, second).unwrap();
        let ours = [
            cost.duplicate_game,
            cost.colour_balance,
            cost.score_difference,
            cost.draw_up_down,
            cost.seeding,
            cost.total(),
        ];
        assert_eq!(ours, expected, "{first} – {second}");
        assert_eq!(
            (cost.random, cost.categories, cost.handicap, cost.geography),
            (0, 0, 0, 0)
        );
    }
}
