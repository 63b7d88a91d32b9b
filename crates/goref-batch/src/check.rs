//! The checks of inputs the batch reads in pieces: a large file game tree by game tree
//! (the trees on several threads), and an archive's members one by one.

use super::archive::{Content, Member};
use super::{run_iter, Guarded, RunError, RunOptions, RunReport};
use goref_core::check::{CheckOptions, Tree, Trees};
use goref_core::findings::Finding;
use goref_core::report::GameReport;
use std::io::Read;
use std::ops::ControlFlow;

/// Files larger than this are checked game tree by game tree ([`check_stream`]); smaller
/// ones are read whole ([`goref_core::check_bytes`]), which is faster for a typical record.
pub const STREAM_ABOVE: usize = 1 << 20;

/// Checks a file game tree by game tree: `prefix` is its start, already read, and
/// `rest` the remainder. Memory is bounded by the largest game tree and the `run`
/// window, not by the file. The trees are refereed on `run.threads` threads and each
/// tree's reports go to `emit` in file order, on the calling thread; a tree whose check
/// panics gets an `internal-error` report and the file goes on.
pub fn check_stream<E>(
    file: &str,
    prefix: &[u8],
    rest: impl Read,
    opts: &CheckOptions,
    run: &RunOptions,
    mut emit: impl FnMut(Vec<GameReport>) -> Result<ControlFlow<()>, E>,
) -> Result<RunReport, RunError<E>> {
    run_iter(
        Trees::new(prefix, rest, opts),
        run,
        |tree: Tree| tree.check(file, opts),
        |_, outcome: Guarded<Vec<GameReport>>| {
            let reports =
                outcome.unwrap_or_else(|p| vec![GameReport::internal_error(file, &p.message)]);
            emit(reports)
        },
    )
}

/// Checks one member of an archive ([`super::archive::Members`]): a record as
/// [`goref_core::check_bytes`] does, a problem with the archive as a report of its one finding.
pub fn check_member(member: Member, opts: &CheckOptions) -> Vec<GameReport> {
    match member.content {
        Content::Record(bytes) => goref_core::check_bytes(&member.name, &bytes, opts),
        Content::Problem { code, message } => {
            let findings = vec![Finding::new(code, message)];
            vec![GameReport::of_findings(&member.name, findings, opts)]
        }
    }
}
