//! SGF reading speed on the real 19×19 games kept in tests/data, one core, in moves
//! per second: reading is the first half of `arbitre verify`, whose goal is 10 million
//! moves per second end to end.

use arbitre_core::sgf;
use criterion::{black_box, criterion_group, criterion_main, Criterion, Throughput};
use std::path::PathBuf;

fn corpus() -> Vec<Vec<u8>> {
    let folder = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data/real-games");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&folder)
        .map(|entries| {
            entries
                .filter_map(|entry| entry.ok().map(|entry| entry.path()))
                .collect()
        })
        .unwrap_or_default();
    files.retain(|file| file.extension().is_some_and(|extension| extension == "sgf"));
    files.sort();
    files
        .iter()
        .filter_map(|file| std::fs::read(file).ok())
        .collect()
}

fn reading(criterion: &mut Criterion) {
    let texts = corpus();
    if texts.is_empty() {
        eprintln!("tests/data/real-games is missing: nothing to measure");
        return;
    }
    let moves: u64 = texts
        .iter()
        .filter_map(|text| sgf::parse(text).ok())
        .map(|record| record.turns.len() as u64)
        .sum();
    let bytes: u64 = texts.iter().map(|text| text.len() as u64).sum();
    let mut group = criterion.benchmark_group("sgf");
    group.throughput(Throughput::Elements(moves));
    group.bench_function("parse_corpus_moves", |bencher| {
        bencher.iter(|| {
            texts
                .iter()
                .filter_map(|text| sgf::parse(black_box(text)).ok())
                .map(|record| record.turns.len())
                .sum::<usize>()
        })
    });
    group.throughput(Throughput::Bytes(bytes));
    group.bench_function("parse_corpus_bytes", |bencher| {
        bencher.iter(|| {
            texts
                .iter()
                .filter_map(|text| sgf::parse(black_box(text)).ok())
                .map(|record| record.turns.len())
                .sum::<usize>()
        })
    });
    group.finish();
}

criterion_group!(benches, reading);
criterion_main!(benches);
