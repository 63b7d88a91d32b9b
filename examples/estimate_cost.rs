//! Per record: how much longer `check_bytes` takes with the builtin estimate than without
//! it (median of several runs), the costliest records first. Finds where the estimate's
//! time goes on an archive: `cargo run --release --example estimate_cost -- FILE...`.

use goref_core::count::Estimator;
use goref_core::{check_bytes, CheckOptions};
use std::time::Instant;

fn median_micros(bytes: &[u8], opts: &CheckOptions) -> f64 {
    let mut runs: Vec<f64> = (0..7)
        .map(|_| {
            let start = Instant::now();
            std::hint::black_box(check_bytes("x.sgf", bytes, opts));
            start.elapsed().as_secs_f64() * 1e6
        })
        .collect();
    runs.sort_by(f64::total_cmp);
    runs[runs.len() / 2]
}

fn main() {
    let with = CheckOptions::default();
    let mut without = CheckOptions::default();
    without.referee.estimator = Estimator::None;
    let mut rows: Vec<(f64, f64, String)> = Vec::new();
    for path in std::env::args().skip(1) {
        let bytes = std::fs::read(&path).unwrap_or_default();
        let (a, b) = (
            median_micros(&bytes, &with),
            median_micros(&bytes, &without),
        );
        rows.push((a - b, b, path));
    }
    rows.sort_by(|x, y| y.0.total_cmp(&x.0));
    let total: f64 = rows.iter().map(|r| r.0).sum();
    let base: f64 = rows.iter().map(|r| r.1).sum();
    println!("estimate's extra: {total:.0} us over {base:.0} us without it");
    for (extra, b, path) in rows.iter().take(40) {
        println!("{extra:9.0} {b:9.0}  {path}");
    }
}
