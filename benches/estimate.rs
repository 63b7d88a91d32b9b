//! Dead-stone estimation speed: `estimate` on the final position of every finished 19x19
//! game of the corpus whose RE is a count (the positions `goref check` estimates), reported
//! per position, and `estimate_with_playouts` on the same positions (the playouts run only
//! where unsure strings could turn the winner). Skips with a message when ../shared/corpus is
//! absent.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use goref_core::check::RefereeOptions;
use goref_core::count::referee;
use goref_core::read::{read, ReadOptions};
use goref_core::read::{ParsedResult, ResultKind};
use goref_core::score::Estimate;
use goref_core::Position;
use std::hint::black_box;
use std::path::Path;

fn final_positions() -> Vec<Position> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/corpus");
    let inputs = goref_batch::collect_inputs(&[dir], &goref_batch::InputOptions::default())
        .unwrap_or_default();
    let mut out = Vec::new();
    for input in &inputs {
        let Ok(bytes) = input.read() else { continue };
        for record in read(&bytes, &ReadOptions::default()).games {
            let counted = record
                .info
                .result
                .as_deref()
                .map(ParsedResult::parse)
                .is_some_and(|p| matches!(p.kind, ResultKind::Score(m) if m > 0.0));
            if !counted || record.width != 19 || record.height != 19 {
                continue;
            }
            out.push(
                referee(&record, &RefereeOptions::default())
                    .judged
                    .scored_position,
            );
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
