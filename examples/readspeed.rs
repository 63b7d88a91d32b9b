//! Dev helper: reading speed on the corpus measured in CPU time of this thread
//! (`/proc/thread-self/schedstat`), which stays meaningful on a loaded machine where
//! wall-clock benches (benches/reader.rs) are noisy. Usage: readspeed [ROUNDS]
use goref::reader::{read, read_text, ReadOptions};
use std::hint::black_box;
use std::path::Path;

fn cpu_ns() -> f64 {
    let s = std::fs::read_to_string("/proc/thread-self/schedstat").unwrap_or_default();
    s.split_whitespace()
        .next()
        .and_then(|v| v.parse().ok())
        .unwrap_or(0.0)
}

fn main() {
    let rounds: usize = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(20);
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/corpus");
    let files: Vec<Vec<u8>> =
        goref::batch::collect_inputs(&[dir], &goref::batch::InputOptions::default())
            .unwrap_or_default()
            .iter()
            .map(|input| input.read().unwrap_or_default())
            .collect();
    let opts = ReadOptions::default();
    let games: usize = files.iter().map(|b| read(b, &opts).games.len()).sum();
    let texts: Vec<String> = files
        .iter()
        .map(|b| goref::decode::decode(b).text)
        .collect();
    let mb: f64 = files.iter().map(|b| b.len()).sum::<usize>() as f64 / 1e6;
    println!(
        "{} files, {games} games, {mb:.2} MB, {rounds} rounds",
        files.len()
    );
    let run = |name: &str, f: &mut dyn FnMut()| {
        let t = cpu_ns();
        for _ in 0..rounds {
            f();
        }
        let s = (cpu_ns() - t) / 1e9 / rounds as f64;
        println!(
            "{name:45} {:8.1} ms/corpus {:9.0} games/s {:7.1} MB/s (CPU time)",
            s * 1e3,
            games as f64 / s,
            mb / s
        );
    };
    run("goref decode+parse+records", &mut || {
        for f in &files {
            black_box(read(f, &opts));
        }
    });
    run("goref parse+records (decoded)", &mut || {
        for t in &texts {
            black_box(read_text(t, &opts));
        }
    });
    run("goref parse only (decoded)", &mut || {
        for t in &texts {
            black_box(goref::sgf::parse(t));
        }
    });
    run("sgf-parse 4.2.8 parse only (decoded)", &mut || {
        for t in &texts {
            black_box(sgf_parse::parse(t).ok());
        }
    });
}
