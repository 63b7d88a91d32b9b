//! Reading layer speed: decode + parse + build records for every file of
//! `../shared/corpus`, and sgf-parse 4.2.8 on the same (already decoded) texts for
//! the ratio. Throughput is in games (game trees) per second, one core.
//! Without the development corpus the bench says so and measures nothing.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use goref::reader::{read, read_text, ReadOptions};
use std::hint::black_box;
use std::path::Path;
use std::time::Duration;

fn corpus() -> Vec<Vec<u8>> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/corpus");
    // goref's own directory walk: sorted, every `.sgf` below the corpus.
    let files = goref::batch::collect_inputs(&[dir], &goref::batch::InputOptions::default())
        .unwrap_or_default();
    files.iter().filter_map(|input| input.read().ok()).collect()
}

fn bench(c: &mut Criterion) {
    let files = corpus();
    if files.is_empty() {
        println!("reader bench: ../shared/corpus not present; nothing measured");
        return;
    }
    let opts = ReadOptions::default();
    let games: usize = files.iter().map(|b| read(b, &opts).games.len()).sum();
    let texts: Vec<String> = files
        .iter()
        .map(|b| goref::decode::decode(b).text)
        .collect();
    let bytes: usize = files.iter().map(Vec::len).sum();
    println!(
        "corpus: {} files, {games} games, {bytes} bytes",
        files.len()
    );

    let mut g = c.benchmark_group("reading");
    g.sample_size(10)
        .measurement_time(Duration::from_secs(5))
        .throughput(Throughput::Elements(games as u64));
    g.bench_function("goref: decode + parse + records", |b| {
        b.iter(|| {
            for f in &files {
                black_box(read(f, &opts));
            }
        })
    });
    g.bench_function("goref: parse + records (decoded text)", |b| {
        b.iter(|| {
            for t in &texts {
                black_box(read_text(t, &opts));
            }
        })
    });
    g.bench_function("goref: parse only (decoded text)", |b| {
        b.iter(|| {
            for t in &texts {
                black_box(goref::sgf::parse(t));
            }
        })
    });
    g.bench_function("sgf-parse 4.2.8: parse only (decoded text)", |b| {
        b.iter(|| {
            for t in &texts {
                black_box(sgf_parse::parse(t).ok());
            }
        })
    });
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
