//! Per record: how much longer `check_bytes` takes with the builtin estimate than without
//! it (median of several runs), the costliest records first, and how much of the whole extra
//! time the costliest 10, 50, 100, … records take. Finds where the estimate's time goes on an
//! archive: `cargo run --release --example estimate_cost -- PATH... [--top N]` (files or
//! folders, walked as `goref check` walks them; `--top` rows listed, 40 by default).

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

/// The share of the whole extra time that the costliest `n` records take, for each `n`
/// listed that there are records for. `extras` is sorted costliest first; a record the
/// estimate made no slower (timing noise) counts for nothing.
fn cumulative_shares(extras: &[f64]) -> Vec<(usize, f64)> {
    let total: f64 = extras.iter().map(|e| e.max(0.0)).sum();
    let mut out = Vec::new();
    let mut sum = 0.0;
    let mut marks = [10, 50, 100, 200, 500, 1000].into_iter().peekable();
    for (k, e) in extras.iter().enumerate() {
        sum += e.max(0.0);
        if marks.peek() == Some(&(k + 1)) {
            marks.next();
            if total > 0.0 {
                out.push((k + 1, sum / total));
            }
        }
    }
    out
}

fn main() {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    let mut top = 40;
    if let Some(at) = args.iter().position(|a| a == "--top") {
        top = args.get(at + 1).and_then(|n| n.parse().ok()).unwrap_or(top);
        args.drain(at..(at + 2).min(args.len()));
    }
    let inputs = match goref_batch::collect_inputs(&args, &goref_batch::InputOptions::default()) {
        Ok(inputs) => inputs,
        Err(e) => {
            eprintln!("estimate_cost: {e}");
            std::process::exit(2);
        }
    };
    let with = CheckOptions::default();
    let mut without = CheckOptions::default();
    without.referee.estimator = Estimator::None;
    let mut rows: Vec<(f64, f64, String)> = Vec::new();
    for input in &inputs {
        let bytes = input.read().unwrap_or_default();
        let (a, b) = (
            median_micros(&bytes, &with),
            median_micros(&bytes, &without),
        );
        rows.push((a - b, b, input.path().display().to_string()));
    }
    rows.sort_by(|x, y| y.0.total_cmp(&x.0));
    let total: f64 = rows.iter().map(|r| r.0).sum();
    let base: f64 = rows.iter().map(|r| r.1).sum();
    println!(
        "estimate's extra: {total:.0} us over {base:.0} us without it ({} inputs)",
        rows.len()
    );
    let extras: Vec<f64> = rows.iter().map(|r| r.0).collect();
    for (n, share) in cumulative_shares(&extras) {
        println!("the costliest {n}: {:.0}% of it", share * 100.0);
    }
    for (extra, b, path) in rows.iter().take(top) {
        println!("{extra:9.0} {b:9.0}  {path}");
    }
}

#[cfg(test)]
mod tests {
    use super::cumulative_shares;

    #[test]
    fn the_costliest_records_share_is_counted_without_the_noise() {
        let mut extras = vec![40.0; 10];
        extras.extend(vec![1.0; 50]);
        extras.push(-5.0);
        let shares = cumulative_shares(&extras);
        assert_eq!(shares.len(), 2, "no mark past the 61 records");
        assert_eq!(shares[0], (10, 400.0 / 450.0));
        assert_eq!(shares[1], (50, 440.0 / 450.0));
        assert!(cumulative_shares(&[]).is_empty());
        assert!(
            cumulative_shares(&[-1.0; 20]).is_empty(),
            "no extra time, no share"
        );
    }
}
