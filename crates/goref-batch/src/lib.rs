//! The batch layer (the crate `goref-batch`, a client of `goref-core`): enumerate inputs, run a per-file check on many threads, stream the
//! results in input order with bounded memory, and account for the run.
//!
//! Generic over the per-file work and its result, so the CLI plugs the referee in:
//!
//! ```no_run
//! use goref_batch::{self as batch, Input, InputOptions, LineWriter, Output, RunOptions, RunStatus,
//!     StopFlag, Summary};
//! use std::ops::ControlFlow;
//! use std::time::{Duration, Instant};
//!
//! let inputs = batch::collect_inputs(&["games/"], &InputOptions::default())?; // exit 2 on Err
//! let stop = StopFlag::new();
//! let opts = RunOptions { threads: 0, stop: Some(stop), ..RunOptions::default() };
//! let mut summary = Summary::new(10);
//! let mut out = LineWriter::new(Output::open(None)?);
//! let check = |input: &Input| {
//!     let t = Instant::now();
//!     let ok = input.read().is_ok(); // the referee goes here
//!     (ok, t.elapsed())
//! };
//! let report = batch::run(&inputs, &opts, check, |i, outcome| {
//!     let path = inputs[i].path();
//!     let (failed, took) = match outcome {
//!         Ok((ok, took)) => (!ok, took),
//!         Err(_panicked) => (true, Duration::ZERO), // → internal-error finding
//!     };
//!     summary.file(path, took, failed);
//!     out.write_line(path.display().to_string().as_bytes())?;
//!     Ok::<_, std::io::Error>(ControlFlow::Continue(()))
//! })?;
//! let interrupted = report.status == RunStatus::Interrupted;
//! out.finish()?.commit()?; // also when interrupted: whole lines only
//! summary.finish(interrupted);
//! eprint!("{summary}");
//! # Ok::<_, Box<dyn std::error::Error>>(())
//! ```
//!
//! See docs/batch.md for ordering, the memory bound, interrupts and atomic output.

pub mod archive;
mod check;
mod inputs;
mod output;
mod run;
mod stop;
mod summary;

pub use check::{check_member, check_stream, STREAM_ABOVE};
pub use inputs::{collect_inputs, FileIdentities, Head, Input, InputError, InputOptions};
pub use output::{
    check_outputs, AtomicFile, FileId, LineWriter, Output, OutputClash, OutputError, PathList,
};
pub use run::{
    run, run_iter, Guarded, Panicked, RunError, RunOptions, RunReport, RunStatus, MAX_THREADS,
};
pub use stop::{StopFlag, INTERRUPTED_EXIT_CODE};
pub use summary::{PathNotChecked, SlowFile, Summary};
