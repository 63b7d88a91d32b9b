//! Measures the time and peak memory of `check_bytes` on every hostile input of
//! `tests/hostile.rs` (the numbers in docs/fuzzing.md). Each case runs in a child
//! process of its own so that peak memory (VmHWM) is per case:
//!
//! ```text
//! cargo run --release --example hostile_limits            # every case, as a table
//! cargo run --release --example hostile_limits -- sz-53   # one case
//! ```
//!
//! Time is the check alone (read, referee, JSON rendering of every report); the
//! generation of the input is not counted. Peak memory is the whole process, the
//! input included. Linux only (reads /proc/self/status).

#[path = "../tests/common/hostile_cases.rs"]
mod hostile_cases;

use goref_core::check::{check_bytes, CheckOptions};
use goref_core::read::ReadOptions;
use std::collections::BTreeSet;
use std::process::Command;
use std::time::Instant;

fn peak_mb() -> f64 {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmHWM:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse::<f64>().ok())
        .map_or(f64::NAN, |kb| kb / 1024.0)
}

fn run_one(name: &str) {
    let case = hostile_cases::all()
        .into_iter()
        .find(|c| c.name == name)
        .unwrap_or_else(|| panic!("no case {name}"));
    let bytes = (case.make)();
    let opts = CheckOptions {
        read: ReadOptions {
            variations: case.variations,
            ..ReadOptions::default()
        },
        ..CheckOptions::default()
    };
    let started = Instant::now();
    let reports = check_bytes(case.name, &bytes, &opts);
    let json: usize = reports.iter().map(|r| r.to_json_line().len()).sum();
    let secs = started.elapsed().as_secs_f64();
    let findings: usize = reports.iter().map(|r| r.findings().len()).sum();
    let codes: BTreeSet<&str> = reports
        .iter()
        .flat_map(|r| r.findings().iter().map(|f| f.code.as_str()))
        .collect();
    println!(
        "| {} | {:.1} | {:.2} | {:.0} | {} | {} | {} KB | {} |",
        case.name,
        bytes.len() as f64 / 1e6,
        secs,
        peak_mb(),
        reports.len(),
        findings,
        json / 1024,
        codes.into_iter().collect::<Vec<_>>().join(", ")
    );
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if let Some(name) = args.first() {
        run_one(name);
        return;
    }
    println!("| case | input MB | seconds | peak MB | reports | findings | JSON | codes |");
    println!("|---|---|---|---|---|---|---|---|");
    let me = std::env::current_exe().expect("own path");
    for case in hostile_cases::all() {
        let out = Command::new(&me)
            .arg(case.name)
            .output()
            .expect("run a case");
        if out.status.success() {
            print!("{}", String::from_utf8_lossy(&out.stdout));
        } else {
            println!("| {} | FAILED: {} | | | | | | |", case.name, out.status);
            eprint!("{}", String::from_utf8_lossy(&out.stderr));
        }
    }
}
