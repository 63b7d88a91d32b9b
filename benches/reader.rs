//! Reading layer speed: decode + parse + build records for every file of
//! `../shared/corpus`, and sgf-parse 4.2.8 parsing the same files (as UTF-8 text, the
//! few in other charsets read lossily: sgf-parse reads only text) for the ratio. Throughput is in games (game trees) per second, one core.
//! Without the development corpus the bench says so and measures nothing.
//!
//! Two clocks, one list of cases: `cargo bench --bench reader` measures wall clock with
//! criterion; `GOREF_BENCH_CPU=ROUNDS cargo bench --bench reader` measures the CPU time
//! of this thread (`/proc/thread-self/schedstat`) over ROUNDS rounds, which stays
//! meaningful on a loaded machine where wall-clock figures are noisy.

use criterion::{criterion_group, Criterion, Throughput};
use goref_core::read::{read, ReadOptions};
use std::hint::black_box;
use std::path::Path;
use std::time::Duration;

/// The corpus, read once: raw bytes, and the texts sgf-parse is given.
struct Corpus {
    files: Vec<Vec<u8>>,
    texts: Vec<String>,
    games: usize,
}

fn corpus() -> Option<Corpus> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/corpus");
    // goref's own directory walk: sorted, every `.sgf` below the corpus.
    let files: Vec<Vec<u8>> =
        goref_batch::collect_inputs(&[dir], &goref_batch::InputOptions::default())
            .unwrap_or_default()
            .iter()
            .filter_map(|input| input.read().ok())
            .collect();
    if files.is_empty() {
        println!("reader bench: ../shared/corpus not present; nothing measured");
        return None;
    }
    let games = files
        .iter()
        .map(|b| read(b, &ReadOptions::default()).games.len())
        .sum();
    let texts = files
        .iter()
        .map(|b| String::from_utf8_lossy(b).into_owned())
        .collect();
    let bytes: usize = files.iter().map(Vec::len).sum();
    println!(
        "corpus: {} files, {games} games, {bytes} bytes",
        files.len()
    );
    Some(Corpus {
        files,
        texts,
        games,
    })
}

type Case<'a> = (&'static str, Box<dyn FnMut() + 'a>);

/// What is measured, whatever the clock: each case reads the whole corpus once.
fn cases<'a>(c: &'a Corpus, opts: &'a ReadOptions) -> Vec<Case<'a>> {
    vec![
        (
            "goref: decode + parse + records",
            Box::new(move || {
                for f in &c.files {
                    black_box(read(f, opts));
                }
            }),
        ),
        (
            "sgf-parse 4.2.8: parse only (text)",
            Box::new(move || {
                for t in &c.texts {
                    black_box(sgf_parse::parse(t).ok());
                }
            }),
        ),
    ]
}

fn bench(cr: &mut Criterion) {
    let Some(c) = corpus() else { return };
    let mut g = cr.benchmark_group("reading");
    g.sample_size(10)
        .measurement_time(Duration::from_secs(5))
        .throughput(Throughput::Elements(c.games as u64));
    let opts = ReadOptions::default();
    for (name, mut run) in cases(&c, &opts) {
        g.bench_function(name, |b| b.iter(&mut run));
    }
    g.finish();
}

/// CPU time of this thread so far, in nanoseconds.
fn cpu_ns() -> f64 {
    let s = std::fs::read_to_string("/proc/thread-self/schedstat").unwrap_or_default();
    s.split_whitespace()
        .next()
        .and_then(|v| v.parse().ok())
        .unwrap_or(0.0)
}

fn cpu_time(rounds: usize) {
    let Some(c) = corpus() else { return };
    let mb = c.files.iter().map(Vec::len).sum::<usize>() as f64 / 1e6;
    println!("{rounds} rounds, CPU time of this thread");
    let opts = ReadOptions::default();
    for (name, mut run) in cases(&c, &opts) {
        let start = cpu_ns();
        for _ in 0..rounds {
            run();
        }
        let s = (cpu_ns() - start) / 1e9 / rounds as f64;
        println!(
            "{name:45} {:8.1} ms/corpus {:9.0} games/s {:7.1} MB/s",
            s * 1e3,
            c.games as f64 / s,
            mb / s
        );
    }
}

criterion_group!(benches, bench);

fn main() {
    match std::env::var("GOREF_BENCH_CPU") {
        Ok(rounds) => cpu_time(rounds.parse().unwrap_or(20)),
        Err(_) => {
            benches();
            Criterion::default().configure_from_args().final_summary();
        }
    }
}
