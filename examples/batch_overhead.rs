//! Dev helper: per-item overhead of the batch runner itself (channels, reordering, the
//! sink call) over a million trivial items, with 1 and 2 threads. A measurement, not a
//! check, so it is an example rather than a test:
//! `cargo run --release --example batch_overhead`.
use goref_batch::{self as batch, RunOptions};
use std::convert::Infallible;
use std::ops::ControlFlow;

fn main() {
    const N: usize = 1_000_000;
    let items: Vec<u32> = (0..N as u32).collect();
    for threads in [1, 2] {
        let options = RunOptions {
            threads,
            ..RunOptions::default()
        };
        let t = std::time::Instant::now();
        let mut sum = 0u64;
        batch::run(
            &items,
            &options,
            |x| u64::from(*x),
            |_, r| {
                sum += r.unwrap_or(0);
                Ok::<_, Infallible>(ControlFlow::Continue(()))
            },
        )
        .expect("the sink never fails");
        let ns = t.elapsed().as_nanos() as f64 / N as f64;
        println!("{threads} thread(s): {ns:.0} ns per item (sum {sum})");
    }
}
