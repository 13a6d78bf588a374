//! Properties of whole pairings on random tournaments: every participant is paired once
//! or is the bye, no rematch when some perfect matching avoids one (checked by brute
//! force), handicaps within the ceiling, and the engine's matching as good as the best
//! one a brute-force search finds over the same costs.

#![allow(clippy::unwrap_used)] // a failed unwrap is a failed test

#[path = "shared/pairing_tournament.rs"]
mod shell;

use arbitre_core::pairing::parameters::{OpenGothaVersion, System};
use arbitre_core::pairing::{pair, PairingParameters, Parallelism, Request, Round};
use arbitre_core::standings::{
    Basis, Criterion, Game, GameResult, Player, Rank, RoundEntry, Tournament,
};
use proptest::prelude::*;
use std::collections::{HashMap, HashSet};
use std::sync::atomic::{AtomicUsize, Ordering};

fn player(index: usize, rank: i32, club: u8) -> Player {
    shell::player(
        format!("P{index:02}"),
        format!("Player{index:02}"),
        rank,
        2000 + 100 * rank,
        format!("Club{club}"),
        if club < 2 { "FR" } else { "DE" },
    )
}

/// A tournament whose first rounds were paired at random (each round's pairs taken in
/// the order given by a shuffle), with random results, and some absences.
fn tournament(
    ranks: &[(i32, u8)],
    played: &[Vec<usize>],
    results: &[bool],
    ceiling: u32,
    absent: &[usize],
    mcmahon: bool,
) -> Tournament {
    let players: Vec<Player> = ranks
        .iter()
        .enumerate()
        .map(|(index, &(rank, club))| player(index, rank, club))
        .collect();
    let mut games = Vec::new();
    let mut byes = Vec::new();
    let mut outcome = results.iter().cycle();
    for (round, order) in played.iter().enumerate() {
        let round = round as u32 + 1;
        for pair in order.chunks(2) {
            match pair {
                [black, white] => games.push(Game {
                    round,
                    table: None,
                    black: players[*black].id.clone(),
                    white: players[*white].id.clone(),
                    handicap: 0,
                    komi: None,
                    colours_known: true,
                    result: if *outcome.next().unwrap_or(&true) {
                        GameResult::BlackWins
                    } else {
                        GameResult::WhiteWins
                    },
                    by_default: false,
                }),
                [alone] => byes.push(RoundEntry {
                    round,
                    player: players[*alone].id.clone(),
                }),
                _ => {}
            }
        }
    }
    let next = played.len() as u32 + 1;
    let criteria = if mcmahon {
        vec![Criterion::Mms, Criterion::Sos(Basis::Mms)]
    } else {
        vec![Criterion::Nbw, Criterion::Sos(Basis::Wins)]
    };
    let mut tournament = shell::tournament(players, games, byes, next + 1, criteria, ceiling);
    tournament.absences = absent
        .iter()
        .map(|&player| RoundEntry {
            round: next,
            player: format!("P{player:02}"),
        })
        .collect();
    tournament
}

/// Whether the players can be split into pairs (leaving one out when odd) that never met.
fn fresh_matching_exists(players: &[String], met: &HashSet<(String, String)>) -> bool {
    fn search(left: &mut Vec<String>, met: &HashSet<(String, String)>, spare: bool) -> bool {
        let Some(first) = left.pop() else {
            return true;
        };
        if spare {
            let mut without = left.clone();
            if search(&mut without, met, false) {
                return true;
            }
        }
        for position in 0..left.len() {
            let second = left[position].clone();
            if met.contains(&(first.clone(), second.clone())) {
                continue;
            }
            let mut rest = left.clone();
            rest.remove(position);
            if search(&mut rest, met, spare) {
                return true;
            }
        }
        left.push(first);
        false
    }
    let mut left = players.to_vec();
    search(&mut left, met, players.len() % 2 == 1)
}

/// The players not registered absent.
fn present(tournament: &Tournament) -> Vec<String> {
    let absent: HashSet<&str> = tournament
        .absences
        .iter()
        .map(|entry| entry.player.as_str())
        .collect();
    tournament
        .players
        .iter()
        .map(|player| player.id.clone())
        .filter(|id| !absent.contains(id.as_str()))
        .collect()
}

fn random_tournament() -> impl Strategy<Value = (Tournament, bool)> {
    (2usize..=11, 0usize..=3, any::<bool>())
        .prop_flat_map(|(size, rounds, mcmahon)| {
            let order = Just((0..size).collect::<Vec<usize>>()).prop_shuffle();
            (
                proptest::collection::vec((-25i32..=5, 0u8..4), size),
                proptest::collection::vec(order, rounds),
                proptest::collection::vec(any::<bool>(), 1..8),
                0u32..=9,
                proptest::collection::vec(0..size, 0..=2),
                Just(mcmahon),
            )
        })
        .prop_map(|(ranks, played, results, ceiling, absent, mcmahon)| {
            (
                tournament(&ranks, &played, &results, ceiling, &absent, mcmahon),
                mcmahon,
            )
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn every_player_once_no_avoidable_rematch_handicap_within_ceiling(
        (tournament, mcmahon) in random_tournament()
    ) {
        let round = tournament.rounds - 1;
        let participants = present(&tournament);
        let system = if mcmahon { System::McMahon } else { System::Swiss };
        let parameters = PairingParameters::opengotha_defaults(system);
        let request = Request { round, participants: participants.clone(), ..Request::default() };
        let pairing = pair(&tournament, &parameters, &request, Parallelism::Sequential).unwrap();
        // Shared out over a pool, the costs are the same and so is the pairing.
        let pool = rayon::ThreadPoolBuilder::new().num_threads(2).build().unwrap();
        let shared = pair(&tournament, &parameters, &request, Parallelism::Pool(&pool)).unwrap();
        prop_assert_eq!(&shared, &pairing);
        // Paced, the same again, the pace called between the steps.
        let paces = AtomicUsize::new(0);
        let pace = || {
            paces.fetch_add(1, Ordering::Relaxed);
        };
        let paced = pair(&tournament, &parameters, &request, Parallelism::Paced(&pool, &pace)).unwrap();
        prop_assert_eq!(&paced, &pairing);
        prop_assert!(pairing.games.is_empty() || paces.load(Ordering::Relaxed) > pairing.games.len());

        let mut seen: HashMap<String, usize> = HashMap::new();
        for game in &pairing.games {
            *seen.entry(game.white.clone()).or_default() += 1;
            *seen.entry(game.black.clone()).or_default() += 1;
            prop_assert!(game.handicap <= tournament.handicap.ceiling);
        }
        if let Some(bye) = &pairing.bye {
            *seen.entry(bye.clone()).or_default() += 1;
        }
        prop_assert_eq!(pairing.bye.is_some(), participants.len() % 2 == 1);
        for id in &participants {
            prop_assert_eq!(seen.get(id).copied(), Some(1), "{} paired once or the bye", id);
        }
        prop_assert_eq!(seen.len(), participants.len());
        let tables: Vec<u32> = pairing.games.iter().map(|game| game.table).collect();
        prop_assert_eq!(tables, (1..=pairing.games.len() as u32).collect::<Vec<_>>());

        let mut met = HashSet::new();
        for game in &tournament.games {
            met.insert((game.white.clone(), game.black.clone()));
            met.insert((game.black.clone(), game.white.clone()));
        }
        let rematches = pairing.games.iter().filter(|game| game.rematch).count();
        let paired: Vec<String> = participants
            .iter()
            .filter(|id| Some(*id) != pairing.bye.as_ref())
            .cloned()
            .collect();
        if fresh_matching_exists(&paired, &met) {
            prop_assert_eq!(rematches, 0, "a pairing without rematch exists");
        }
        for game in &pairing.games {
            prop_assert_eq!(game.rematch, met.contains(&(game.white.clone(), game.black.clone())));
        }
    }

    /// A fixed game is played as fixed, its players are never the bye, everyone else is
    /// still paired once; a player's candidates are every other player of the round, the
    /// costliest first, each with the cost `Round::cost` gives the pair.
    #[test]
    fn fixed_games_are_kept_and_candidates_explain_costs(
        (tournament, mcmahon) in random_tournament(),
        first in 0usize..11,
        second in 0usize..11,
    ) {
        let round = tournament.rounds - 1;
        let participants = present(&tournament);
        prop_assume!(participants.len() >= 2);
        let (first, second) = (first % participants.len(), second % participants.len());
        prop_assume!(first != second);
        let fixed = (participants[first].clone(), participants[second].clone());
        let system = if mcmahon { System::McMahon } else { System::Swiss };
        let parameters = PairingParameters::opengotha_defaults(system);
        let request = Request {
            round,
            participants: participants.clone(),
            fixed: vec![fixed.clone()],
            ..Request::default()
        };
        let prepared = Round::prepare(&tournament, &parameters, &request).unwrap();
        let pairing = prepared.pair(Parallelism::Sequential).unwrap();
        let fixed_played = pairing.games.iter().any(|game| {
            (game.white == fixed.0 && game.black == fixed.1)
                || (game.white == fixed.1 && game.black == fixed.0)
        });
        prop_assert!(fixed_played, "the fixed game is played");
        prop_assert!(pairing.bye.as_ref() != Some(&fixed.0) && pairing.bye.as_ref() != Some(&fixed.1));
        let mut seen: Vec<&String> = pairing.games.iter().flat_map(|game| [&game.white, &game.black]).chain(&pairing.bye).collect();
        seen.sort();
        let mut expected: Vec<&String> = participants.iter().collect();
        expected.sort();
        prop_assert_eq!(seen, expected);

        let candidates = prepared.candidates(&fixed.0).unwrap();
        let others = participants.len() - 1 - usize::from(pairing.bye.is_some());
        prop_assert_eq!(candidates.len(), others);
        for window in candidates.windows(2) {
            prop_assert!(window[0].cost.total() >= window[1].cost.total());
        }
        for candidate in &candidates {
            prop_assert_eq!(candidate.cost, prepared.cost(&fixed.0, &candidate.opponent).unwrap());
        }
    }

    /// Renumbering a draft's own games, in any order and with its colours swapped, gives
    /// each game the table the pairing gave it: the draft's numbering is OpenGotha's.
    #[test]
    fn renumbering_a_draft_gives_back_its_own_tables(
        (tournament, mcmahon) in random_tournament(),
        order in Just((0..6).collect::<Vec<usize>>()).prop_shuffle(),
    ) {
        let round = tournament.rounds - 1;
        let system = if mcmahon { System::McMahon } else { System::Swiss };
        let parameters = PairingParameters::opengotha_defaults(system);
        let request = Request { round, participants: present(&tournament), ..Request::default() };
        let prepared = Round::prepare(&tournament, &parameters, &request).unwrap();
        let pairing = prepared.pair(Parallelism::Sequential).unwrap();
        let mut games: Vec<&arbitre_core::pairing::PairedGame> = pairing.games.iter().collect();
        let len = games.len();
        games.sort_by_key(|game| order[game.table as usize % order.len()] * len + game.table as usize);
        let pairs: Vec<(&str, &str)> = games
            .iter()
            .map(|game| (game.white.as_str(), game.black.as_str()))
            .collect();
        let numbers = prepared.number_tables(&pairs).unwrap();
        let own: Vec<u32> = games.iter().map(|game| game.table).collect();
        prop_assert_eq!(numbers, own);
    }
}

#[test]
fn an_odd_field_gives_the_bye_to_the_weakest_without_one() {
    let ranks = [(0, 0), (-5, 1), (-10, 2)];
    let tournament = tournament(&ranks, &[], &[true], 9, &[], true);
    let parameters = PairingParameters::opengotha_defaults(System::McMahon);
    let request = Request {
        round: 1,
        participants: vec!["P00".into(), "P01".into(), "P02".into()],
        ..Request::default()
    };
    let pairing = pair(&tournament, &parameters, &request, Parallelism::Sequential).unwrap();
    assert_eq!(pairing.bye.as_deref(), Some("P02"));
    // 1d against 5k, MMS based, correction 1, threshold 1d: 5 − 1 = 4 stones, the 1d White.
    assert_eq!(pairing.games.len(), 1);
    assert_eq!(pairing.games[0].white, "P00");
    assert_eq!(pairing.games[0].black, "P01");
    assert_eq!(pairing.games[0].handicap, 4);
    // French rules: n − ½ komi with n stones.
    assert_eq!(pairing.games[0].komi, 3.5);
}

/// Round robin: over n − 1 rounds (n rounded up to even), everyone meets everyone once
/// and, with an odd number, everyone has one bye.
#[test]
fn a_round_robin_meets_everyone_once() {
    for size in 2..=9usize {
        let ranks: Vec<(i32, u8)> = (0..size).map(|index| (-(index as i32), 0)).collect();
        let rounds = size + size % 2 - 1;
        let mut tournament = tournament(&ranks, &[], &[true], 0, &[], true);
        tournament.rounds = rounds as u32;
        let parameters = PairingParameters::opengotha_defaults(System::RoundRobin);
        let participants: Vec<String> = tournament.players.iter().map(|p| p.id.clone()).collect();
        let mut met = HashSet::new();
        let mut byes = HashMap::new();
        for round in 1..=rounds as u32 {
            let request = Request {
                round,
                participants: participants.clone(),
                ..Request::default()
            };
            let pairing =
                pair(&tournament, &parameters, &request, Parallelism::Sequential).unwrap();
            for game in &pairing.games {
                let pair = (
                    game.white.clone().min(game.black.clone()),
                    game.white.clone().max(game.black.clone()),
                );
                assert!(
                    met.insert(pair),
                    "{size} players, round {round}: a pair meets twice"
                );
            }
            if let Some(bye) = pairing.bye {
                *byes.entry(bye).or_insert(0) += 1;
            }
        }
        assert_eq!(met.len(), size * (size - 1) / 2, "{size} players");
        if size % 2 == 1 {
            assert_eq!(byes.len(), size);
            assert!(byes.values().all(|&count| count == 1));
        }
    }
}

/// Swiss with categories takes its categories from the tournament (its category limits,
/// as an OpenGotha file or the service's standings settings give them): a first round
/// of 1d and 1k against 2k and 3k (no handicap) keeps each category apart, where plain
/// Swiss seeding (top half against bottom half) mixes them. Geography weighs the same in
/// every pairing: the 1d is French, the others German, each of their own club.
#[test]
fn swiss_with_categories_pairs_inside_the_tournaments_categories() {
    let ranks = [(0, 0), (-1, 2), (-2, 3), (-3, 4)];
    let players: Vec<String> = (0..4).map(|index| format!("P{index:02}")).collect();
    let request = Request {
        round: 1,
        participants: players.clone(),
        ..Request::default()
    };
    let opponents = |tournament: &Tournament, system: System| -> HashSet<(String, String)> {
        let parameters = PairingParameters::opengotha_defaults(system);
        pair(tournament, &parameters, &request, Parallelism::Sequential)
            .unwrap()
            .games
            .iter()
            .map(|game| {
                let (a, b) = (game.white.clone(), game.black.clone());
                (a.clone().min(b.clone()), a.max(b))
            })
            .collect()
    };
    let mut tournament = tournament(&ranks, &[], &[true], 0, &[], false);
    let mixed = opponents(&tournament, System::Swiss);
    assert!(!mixed.contains(&(players[0].clone(), players[1].clone())));
    tournament.category_limits = vec![Rank::from_value(-1)];
    let apart = opponents(&tournament, System::SwissWithCategories);
    assert_eq!(
        apart,
        HashSet::from([
            (players[0].clone(), players[1].clone()),
            (players[2].clone(), players[3].clone()),
        ])
    );
}

/// A player absent from the round holds their place in their group, whether they have
/// played or not: OpenGotha 3.51 counts every player of the file in the groups (see
/// `entrants`) and seeds the present players as places of them.
#[test]
fn an_absent_player_keeps_a_place_in_the_group() {
    let mut parameters = PairingParameters::opengotha_defaults(System::McMahon);
    parameters.main.seed_system_1 = arbitre_core::pairing::parameters::Seeding::SplitAndSlip;
    parameters.main.seed_system_2 = arbitre_core::pairing::parameters::Seeding::SplitAndSlip;
    let ranks = [(0, 0), (0, 1), (0, 2), (0, 3), (0, 4), (0, 5)];
    // Round 1: P00, P02 and P04 win; P04 is absent from round 2.
    let played = [vec![0, 1, 2, 3, 4, 5]];
    let tournament = tournament(&ranks, &played, &[true], 9, &[4], true);
    let request = Request {
        round: 2,
        participants: vec![
            "P00".into(),
            "P01".into(),
            "P02".into(),
            "P03".into(),
            "P05".into(),
        ],
        ..Request::default()
    };
    let round = Round::prepare(&tournament, &parameters, &request).unwrap();
    // Places 0 and 1 of the three winners: x = 2·1 − 3 = −1, a ninth less; of two it
    // would have been x = 0, the whole weight.
    assert_eq!(round.cost("P00", "P02").unwrap().seeding, 4_444_445);

    // Absent from round 1, without a game: still counted, last of five. Places 0 and 2
    // of five: x = 2·2 − 5 = −1, 5,000,000·1/5·1/5 less; of four it would have been
    // x = 0, the whole weight.
    let tournament = tournament_without_games(&ranks[..5]);
    let request = Request {
        round: 1,
        participants: vec!["P00".into(), "P01".into(), "P02".into(), "P03".into()],
        ..Request::default()
    };
    let round = Round::prepare(&tournament, &parameters, &request).unwrap();
    assert_eq!(round.cost("P00", "P02").unwrap().seeding, 4_800_000);
    // Places 0 and 3 of five: x = 1, the same; of four, x = 2 and a quarter less.
    assert_eq!(round.cost("P00", "P03").unwrap().seeding, 4_800_000);
}

fn tournament_without_games(ranks: &[(i32, u8)]) -> Tournament {
    let mut tournament = tournament(ranks, &[], &[true], 9, &[], true);
    tournament.absences.push(RoundEntry {
        round: 1,
        player: format!("P{:02}", ranks.len() - 1),
    });
    tournament
}

/// Draw-ups and draw-downs reach three points: from four points apart the criterion earns
/// nothing (OpenGotha's help: "group distance >= 4"), in every version, 3.52.03 included
/// (`shared/docs/opengotha-pairing.md`, "OpenGotha 3.52": its worked example of a 6d and
/// five 30k).
#[test]
fn players_four_points_apart_are_not_drawn_to_each_other() {
    let ranks = [(0, 0), (-3, 1), (-4, 2), (-5, 3)];
    let tournament = tournament(&ranks, &[], &[true], 9, &[], true);
    let request = Request {
        round: 1,
        participants: vec!["P00".into(), "P01".into(), "P02".into(), "P03".into()],
        ..Request::default()
    };
    for version in [
        OpenGothaVersion::Until350,
        OpenGothaVersion::V351,
        OpenGothaVersion::Since352,
    ] {
        let mut parameters = PairingParameters::opengotha_defaults(System::McMahon);
        parameters.opengotha = version;
        let round = Round::prepare(&tournament, &parameters, &request).unwrap();
        let draw = |a: &str, b: &str| round.cost(a, b).unwrap().draw_up_down;
        // Players alone in their groups earn two fifths of the weight.
        let two_fifths = parameters.main.draw_up_down * 2 / 5;
        // 1d and 3k: three points apart; 1d and 4k, 1d and 5k: four and five.
        assert_eq!(draw("P00", "P01"), two_fifths, "{version:?}");
        assert_eq!(draw("P00", "P02"), 0, "{version:?}");
        assert_eq!(draw("P00", "P03"), 0, "{version:?}");
        assert_eq!(draw("P01", "P03"), two_fifths, "{version:?}");
    }
}

/// Two players of the same club above the rank threshold pay the geography criterion as
/// any two players of one club do, in every version: OpenGotha 3.52.03's help says they
/// are spared, its engine does not spare them (measured on 1,898 rounds).
#[test]
fn the_secondary_thresholds_spare_nobody() {
    // Two 5d of club 0, two 5k of club 0 (threshold and bar 4d).
    let ranks = [(4, 0), (4, 0), (-5, 0), (-5, 0)];
    let tournament = tournament(&ranks, &[], &[true], 9, &[], true);
    let request = Request {
        round: 1,
        participants: vec!["P00".into(), "P01".into(), "P02".into(), "P03".into()],
        ..Request::default()
    };
    for version in [
        OpenGothaVersion::Until350,
        OpenGothaVersion::V351,
        OpenGothaVersion::Since352,
    ] {
        let mut parameters = PairingParameters::opengotha_defaults(System::McMahon);
        parameters.opengotha = version;
        let round = Round::prepare(&tournament, &parameters, &request).unwrap();
        for (a, b) in [("P00", "P01"), ("P00", "P02"), ("P02", "P03")] {
            assert_eq!(
                round.cost(a, b).unwrap().geography,
                0,
                "{version:?} {a} {b}"
            );
        }
    }
}
