//! OpenGotha import time against file size: the reader must stay linear (issue 14: the
//! line of every element was once found by rescanning the file from its start, so that a
//! 3.6 MB file took over a minute). Files of 20 rounds are generated with 250 to 4,000
//! players, 0.46 to 7.7 MB, in the shape OpenGotha 3.51 writes; criterion reports the time
//! and the bytes per second of each: a flat throughput is a linear reader.

use arbitre_core::export::opengotha;
use criterion::{black_box, criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use std::fmt::Write;

const ROUNDS: usize = 20;

/// A tournament of `players` players, all paired in each of the 20 rounds, one attribute
/// per line as OpenGotha writes them.
fn tournament_file(players: usize) -> String {
    let mut xml = String::from(
        "<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"no\"?>\n\
         <Tournament dataVersion=\"201\" runningMode=\"SAL\">\n<Players>\n",
    );
    for player in 0..players {
        let _ = writeln!(
            xml,
            "<Player agaExpirationDate=\"\" agaId=\"\" club=\"Club{club}\" country=\"FR\" egfPin=\"1{player:07}\" ffgLicence=\"\" ffgLicenceStatus=\"\" firstName=\"First{player}\" grade=\"\" name=\"Name{player}\" participating=\"11111111111111111111\" rank=\"{rank}K\" rating=\"{rating}\" ratingOrigin=\"EGF\" registeringStatus=\"FIN\" smmsCorrection=\"0\"/>",
            club = player % 50,
            rank = 1 + player % 30,
            rating = 2000 - (player % 30) as i32 * 100,
        );
    }
    xml.push_str("</Players>\n<Games>\n");
    for round in 1..=ROUNDS {
        for table in 0..players / 2 {
            let black = (2 * table + round) % players;
            let white = (2 * table + 1 + round) % players;
            let _ = writeln!(
                xml,
                "<Game blackPlayer=\"NAME{black}FIRST{black}\" handicap=\"0\" knownColor=\"true\" result=\"RESULT_BLACKWINS\" roundNumber=\"{round}\" tableNumber=\"{}\" whitePlayer=\"NAME{white}FIRST{white}\"/>",
                table + 1
            );
        }
    }
    xml.push_str(
        "</Games>\n<TournamentParameterSet>\n\
         <GeneralParameterSet beginDate=\"2024-01-01\" endDate=\"2024-01-02\" numberOfRounds=\"20\"/>\n\
         <HandicapParameterSet hdCorrection=\"1\"/>\n\
         <PlacementParameterSet>\n<PlacementCriteria>\n\
         <PlacementCriterion name=\"MMS\" number=\"1\"/>\n\
         </PlacementCriteria>\n</PlacementParameterSet>\n\
         </TournamentParameterSet>\n</Tournament>\n",
    );
    xml
}

fn import(criterion: &mut Criterion) {
    let mut group = criterion.benchmark_group("opengotha_import");
    group.sample_size(10);
    for players in [250, 500, 1_000, 2_000, 4_000] {
        let file = tournament_file(players);
        if opengotha::import(file.as_bytes()).is_err() {
            eprintln!("the generated file of {players} players does not import");
            return;
        }
        group.throughput(Throughput::Bytes(file.len() as u64));
        group.bench_with_input(
            BenchmarkId::from_parameter(format!("{} KB", file.len() / 1_000)),
            &file,
            |bencher, file| bencher.iter(|| opengotha::import(black_box(file.as_bytes()))),
        );
    }
    group.finish();
}

/// 8 MiB of attributes on one element, as a hostile file sends them (issue 24: 80,000
/// attributes took 28.5 s): refused at the bound after reading a few of them.
fn attributes_file() -> String {
    let mut xml = String::from("<Tournament>\n<Players>\n<Player");
    let mut attribute = 0;
    while xml.len() < 8 << 20 {
        let _ = write!(xml, " a{attribute}=\"x\"");
        attribute += 1;
    }
    xml.push_str("/>\n</Players>\n</Tournament>\n");
    xml
}

/// Elements nested deep, then many elements (issue 24: a 422 after 149.5 s): refused at
/// the depth bound; the same nesting within the bound, then 200,000 categories, is read.
fn nested_file(depth: usize, elements: usize) -> String {
    let mut xml = String::from("<Tournament>\n<TournamentParameterSet>\n<GeneralParameterSet>\n");
    xml.push_str(&"<x>".repeat(depth));
    for _ in 0..elements {
        xml.push_str("<y/>");
    }
    xml.push_str(&"</x>".repeat(depth));
    xml.push_str("\n</GeneralParameterSet>\n</TournamentParameterSet>\n</Tournament>\n");
    xml
}

fn hostile(criterion: &mut Criterion) {
    let mut group = criterion.benchmark_group("opengotha_hostile");
    group.sample_size(10);
    let files = [
        ("8 MiB of attributes on one element", attributes_file()),
        (
            "nested 10,000 deep then 1,000,000 elements",
            nested_file(10_000, 1_000_000),
        ),
        (
            "nested 60 deep then 1,000,000 elements",
            nested_file(60, 1_000_000),
        ),
    ];
    for (name, file) in &files {
        group.throughput(Throughput::Bytes(file.len() as u64));
        group.bench_with_input(BenchmarkId::from_parameter(name), file, |bencher, file| {
            bencher.iter(|| opengotha::import(black_box(file.as_bytes())))
        });
    }
    group.finish();
}

criterion_group!(benches, import, hostile);
criterion_main!(benches);
