//! Golden tests against OpenGotha: pairgoth's test resources (`ffrgo/pairgoth`,
//! `api-webapp/src/test/resources/opengotha/`) hold tournaments paired round by round by
//! OpenGotha. pairgoth publishes no licence, so the files are not copied here: put them
//! in a folder and name it in `ARBITRE_PAIRGOTH_FIXTURES` to run these tests
//! (`cargo test -p arbitre-core --test pairing_golden -- --ignored`).

#![allow(clippy::unwrap_used, clippy::expect_used)]

use arbitre_core::export::opengotha;
use arbitre_core::pairing::{self, Request, Round};
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

/// Pairs every round from the file's state before it and compares the pairs and their
/// tables with the ones OpenGotha recorded.
fn compare_with_opengotha(name: &str) -> Comparison {
    let bytes = fixture(name);
    let tournament = opengotha::import(&bytes).unwrap();
    let settings = pairing::opengotha::read(&bytes, &tournament).unwrap();
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
        if ours == theirs {
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

#[test]
#[ignore = "needs pairgoth's OpenGotha files in ARBITRE_PAIRGOTH_FIXTURES"]
fn simple_swiss_pairs_every_round_as_opengotha() {
    let comparison = compare_with_opengotha("simpleswiss_7R.xml");
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
