//! End-to-end verification speed: SGF text to verdict, on the real 19×19 games of
//! the shared corpus, one core. Goal: at least 10 million moves per second.

use arbitre_core::sgf;
use arbitre_core::verify::{preset_of, Verifier, VerifyOptions};
use criterion::{criterion_group, criterion_main, Criterion, Throughput};
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
    files.sort();
    files
        .iter()
        .filter_map(|file| std::fs::read(file).ok())
        .collect()
}

fn verification(criterion: &mut Criterion) {
    let texts = corpus();
    if texts.is_empty() {
        eprintln!("tests/data/real-games is missing: nothing to measure");
        return;
    }
    let records: Vec<_> = texts
        .iter()
        .filter_map(|text| sgf::parse(text).ok())
        .collect();
    let moves: u64 = records.iter().map(|record| record.turns.len() as u64).sum();
    let mut group = criterion.benchmark_group("corpus");
    group.throughput(Throughput::Elements(moves));
    group.bench_function("parse_and_verify", |bencher| {
        let mut verifier = Verifier::default();
        bencher.iter(|| {
            let mut legal = 0;
            for text in &texts {
                if let Ok(record) = sgf::parse(text) {
                    let verdict = verifier.verify(
                        &record,
                        preset_of(&record).rules(),
                        VerifyOptions::default(),
                    );
                    legal += usize::from(verdict.is_legal());
                }
            }
            legal
        })
    });
    group.bench_function("verify_only", |bencher| {
        let mut verifier = Verifier::default();
        bencher.iter(|| {
            records
                .iter()
                .filter(|record| {
                    verifier
                        .verify(record, preset_of(record).rules(), VerifyOptions::default())
                        .is_legal()
                })
                .count()
        })
    });
    group.finish();
}

criterion_group!(benches, verification);
criterion_main!(benches);
