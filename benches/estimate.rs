//! Dead-stone estimation speed: `estimate` on the final position of every finished 19x19
//! game of the corpus whose RE is a count (the positions `goref check` estimates), reported
//! per position, and `estimate_with_playouts` on the same positions (the playouts run only
//! where unsure strings could turn the winner). Skips with a message when ../shared/corpus is
//! absent.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use goref_core::read::ParsedResult;
use goref_core::score::Estimate;
use goref_core::{check_bytes, CheckOptions, Position};
use std::hint::black_box;
use std::path::Path;

fn final_positions() -> Vec<Position> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/corpus");
    let inputs = goref_batch::collect_inputs(&[dir], &goref_batch::InputOptions::default())
        .unwrap_or_default();
    // The final position comes from the report's board (`--with-board`): the position
    // the check counts, as a user of the library sees it.
    let options = CheckOptions {
        with_board: true,
        ..CheckOptions::default()
    };
    let mut out = Vec::new();
    for input in &inputs {
        let Ok(bytes) = input.read() else { continue };
        for report in check_bytes("x", &bytes, &options) {
            let counted = report
                .info("RE")
                .map(ParsedResult::parse)
                .is_some_and(|p| p.margin().is_some_and(|m| m > 0.0));
            if !counted || report.board_size() != Some((19, 19)) {
                continue;
            }
            let json = report.to_json_value();
            let Some(rows) = json["final_board"].as_array() else {
                continue;
            };
            let rows: Vec<&str> = rows.iter().filter_map(|r| r.as_str()).collect();
            out.push(Position::from_diagram(&rows));
        }
    }
    out
}

fn bench(c: &mut Criterion) {
    let positions = final_positions();
    if positions.is_empty() {
        eprintln!("estimate bench: no corpus at ../shared/corpus; nothing measured");
        return;
    }
    let mut group = c.benchmark_group("estimate");
    group.throughput(Throughput::Elements(positions.len() as u64));
    group.bench_function(format!("{}_finished_19x19_games", positions.len()), |b| {
        b.iter(|| {
            for p in &positions {
                black_box(Estimate::of(black_box(p)));
            }
        })
    });
    group.bench_function(format!("{}_with_playouts", positions.len()), |b| {
        b.iter(|| {
            for p in &positions {
                black_box(Estimate::with_playouts(black_box(p)));
            }
        })
    });
    group.finish();
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(10);
    targets = bench
}
criterion_main!(benches);
