//! Dev helper: the read floor of a batch check, for docs/performance.md: list the inputs
//! as `goref check` does, read every file's bytes and scan them once (count `;`, so the
//! bytes are really touched), on one thread. Prints wall milliseconds per round, one
//! line each. Usage: readfloor PATH [ROUNDS]
use goref::batch::{collect_inputs, InputOptions};
use std::hint::black_box;
use std::time::Instant;

fn main() {
    let mut args = std::env::args().skip(1);
    let path = args.next().unwrap_or_else(|| "../shared/corpus".into());
    let rounds: usize = args.next().and_then(|a| a.parse().ok()).unwrap_or(1);
    for _ in 0..rounds {
        let t = Instant::now();
        let inputs = collect_inputs(&[&path], &InputOptions::default()).unwrap_or_default();
        let mut nodes = 0usize;
        for input in &inputs {
            let bytes = input.read().unwrap_or_default();
            nodes += memchr::memchr_iter(b';', &bytes).count();
        }
        black_box(nodes);
        println!("{:.3}", t.elapsed().as_secs_f64() * 1000.0);
    }
}
