//! Pairing speed: a McMahon round of 500 and of 2,000 players, three rounds played,
//! criteria, costs and matching included (the OpenGotha file reading is in
//! `bench/pair.sh`). Goals: 500 players in a tenth of OpenGotha's 0.7–1.0 s, 2,000 in
//! under a second, whole process included.

#[path = "../tests/shared/pairing_tournament.rs"]
mod shell;

use arbitre_core::pairing::parameters::System;
use arbitre_core::pairing::{pair, PairingParameters, Parallelism, Request};
use arbitre_core::standings::{Basis, Criterion, Game, GameResult, Tournament};
use criterion::{criterion_group, criterion_main, Criterion as Bench};

/// A linear congruential generator: the same tournament on every run.
struct Draw(u64);

impl Draw {
    fn below(&mut self, limit: u64) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        (self.0 >> 33) % limit
    }
}

/// `players` players from 20k to 6d in 60 clubs; three rounds paired by McMahon score
/// with neighbours not met yet, the stronger winning three times in four.
fn tournament(players: usize) -> Tournament {
    let mut draw = Draw(12_345);
    let ranks: Vec<i32> = (0..players)
        .map(|_| (-5 + draw.below(13) as i32 - draw.below(13) as i32).clamp(-20, 5))
        .collect();
    let ids: Vec<String> = (0..players).map(|index| format!("P{index:04}")).collect();
    let mut wins = vec![0i32; players];
    let mut met = vec![Vec::new(); players];
    let mut games = Vec::new();
    for round in 1..=3 {
        let mut order: Vec<(i32, u64, usize)> = (0..players)
            .map(|player| {
                (
                    -(ranks[player].clamp(-20, 3) + wins[player]),
                    draw.below(1000),
                    player,
                )
            })
            .collect();
        order.sort_unstable();
        let mut waiting: Vec<usize> = order.into_iter().map(|(_, _, player)| player).collect();
        while waiting.len() >= 2 {
            let first = waiting.remove(0);
            let partner = waiting
                .iter()
                .position(|other| !met[first].contains(other))
                .unwrap_or(0);
            let second = waiting.remove(partner);
            met[first].push(second);
            met[second].push(first);
            let first_wins = (ranks[first] >= ranks[second]) == (draw.below(4) != 0);
            wins[if first_wins { first } else { second }] += 1;
            games.push(Game {
                round,
                table: None,
                black: ids[first].clone(),
                white: ids[second].clone(),
                handicap: 0,
                komi: None,
                colours_known: true,
                result: if first_wins {
                    GameResult::BlackWins
                } else {
                    GameResult::WhiteWins
                },
                by_default: false,
            });
        }
    }
    let players = (0..players)
        .map(|index| {
            shell::player(
                ids[index].clone(),
                format!("Player{index:04}"),
                ranks[index],
                2100 + 100 * ranks[index] + draw.below(100) as i32,
                format!("C{:02}", draw.below(60)),
                &format!("K{}", draw.below(8)),
            )
        })
        .collect();
    let criteria = vec![
        Criterion::Mms,
        Criterion::Sos(Basis::Mms),
        Criterion::Sosos(Basis::Mms),
    ];
    shell::tournament(players, games, Vec::new(), 5, criteria, 9)
}

fn pairing(criterion: &mut Bench) {
    let parameters = PairingParameters::opengotha_defaults(System::McMahon);
    // The machine's cores, as `arbitre pair` uses them.
    let pool = rayon::ThreadPoolBuilder::new().build();
    let parallelism = pool
        .as_ref()
        .map_or(Parallelism::Sequential, Parallelism::Pool);
    let mut group = criterion.benchmark_group("pair_round_4");
    group.sample_size(10);
    for players in [500, 2000] {
        let tournament = tournament(players);
        let request = Request {
            round: 4,
            participants: tournament
                .players
                .iter()
                .map(|player| player.id.clone())
                .collect(),
            ..Request::default()
        };
        group.bench_function(format!("mcmahon_{players}"), |bencher| {
            bencher.iter(|| {
                pair(&tournament, &parameters, &request, parallelism).map(|made| made.games.len())
            })
        });
    }
    group.finish();
}

criterion_group!(benches, pairing);
criterion_main!(benches);
