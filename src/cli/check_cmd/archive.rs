//! `goref check` on archives: the members of an archive are checked on the batch's
//! threads and written in archive order, each as a file of its own (`ARCHIVE:MEMBER`)
//! in the report, the summary and the path lists.

use super::{fails, ArchiveInput, StreamOut};
use crate::cli::args::CheckArgs;
use anyhow::{Context, Result};
use goref_batch::archive::{self, ArchiveOptions, Member, Members, Source};
use goref_batch::{self as batch, Head, Input, RunOptions, RunStatus};
use goref_core::check::CheckOptions;
use goref_core::findings::Severity;
use goref_core::report::GameReport;
use std::cell::RefCell;
use std::collections::VecDeque;
use std::ops::ControlFlow;
use std::path::Path;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// The limits and member endings of `goref check`'s archives.
pub(super) fn archive_options(args: &CheckArgs) -> ArchiveOptions {
    ArchiveOptions {
        extensions: args.ext.clone(),
        hidden: args.hidden,
        member_limit: args.member_limit << 20,
        max_entries: args.max_entries,
    }
}

/// The input as an archive when its first bytes say it is one; otherwise its head back.
pub(super) fn sniff_input(input: &Input, head: Head) -> Result<ArchiveInput, Head> {
    // A zip's directory is at its end, so a zip may start with something else (a
    // self-extracting program): a file named `.zip` is read as one all the same.
    let named_zip = matches!(input, Input::File(p)
        if p.extension().is_some_and(|e| e.eq_ignore_ascii_case("zip")));
    let Some(kind) =
        archive::sniff(&head.bytes).or_else(|| named_zip.then_some(archive::ArchiveKind::Zip))
    else {
        return Err(head);
    };
    let source = match input {
        // A zip is read by seeking in the file; the streams are read from where the
        // head stopped, so nothing is read twice.
        Input::File(path) if kind == archive::ArchiveKind::Zip => Source::File(path.clone()),
        _ => Source::Stream {
            head: head.bytes,
            rest: head.rest.unwrap_or_else(|| Box::new(std::io::empty())),
        },
    };
    Ok(ArchiveInput { kind, source })
}

/// One member's outcome.
struct CheckedMember {
    reports: Vec<GameReport>,
    took: Duration,
}

impl StreamOut<'_> {
    /// Checks an archive's members on the batch's threads, writing each member's
    /// reports in archive order. Returns (failed, interrupted).
    pub(super) fn archive(
        &mut self,
        path: &Path,
        found: ArchiveInput,
        // A member's settings, by its name (per-path sections of a configuration file
        // can match members).
        options: &(dyn Fn(&str) -> Arc<CheckOptions> + Sync),
        archive_options: &ArchiveOptions,
        run_options: &RunOptions,
    ) -> Result<(bool, bool)> {
        let members = Members::open(
            path.display().to_string(),
            found.kind,
            found.source,
            archive_options.clone(),
        );
        // The names of the members between dispatch and delivery (at most the run's
        // window), so that a member whose check panicked is still named.
        let names: RefCell<VecDeque<String>> = RefCell::new(VecDeque::new());
        let items = members.inspect(|m: &Member| names.borrow_mut().push_back(m.name.clone()));
        let mut failed_any = false;
        let run = batch::run_iter(
            items,
            run_options,
            |member: Member| {
                let started = Instant::now();
                #[cfg(debug_assertions)]
                member_panic_hook(&member.name);
                let member_options = options(&member.name);
                let reports = batch::check_member(member, &member_options);
                CheckedMember {
                    reports,
                    took: started.elapsed(),
                }
            },
            |_, outcome| {
                let name = names.borrow_mut().pop_front().unwrap_or_default();
                let panicked = outcome.is_err();
                let checked = outcome.unwrap_or_else(|p| CheckedMember {
                    reports: vec![GameReport::internal_error(&name, &p.message)],
                    took: Duration::ZERO,
                });
                let failed = panicked || fails(&checked.reports, self.threshold);
                failed_any |= failed;
                let member_games = checked
                    .reports
                    .iter()
                    .filter(|r| r.game().is_some())
                    .count();
                let member_errors = checked
                    .reports
                    .iter()
                    .filter(|r| r.worst() == Some(Severity::Error))
                    .count();
                self.progress
                    .games_done(member_games as u64, member_errors as u64);
                let member_path = Path::new(&name);
                self.summary.file(member_path, checked.took, failed);
                super::account_games(self.summary, &checked.reports);
                let sink = &mut *self.sink;
                self.progress
                    .suspend(|| sink.write(&checked.reports, member_path, failed))?;
                Ok::<_, anyhow::Error>(ControlFlow::Continue(()))
            },
        );
        let run = match run {
            Ok(r) => r,
            Err(batch::RunError::Sink(e)) => return Err(e),
            Err(batch::RunError::Spawn(e)) => return Err(e).context("starting worker threads"),
        };
        // The games were counted member by member.
        self.progress.file_done(0, 0);
        Ok((failed_any, run.status == RunStatus::Interrupted))
    }
}

/// The test hook of `check_input` for members: `GOREF_TEST_PANIC_ON` naming a
/// member's last path component makes its check panic (debug builds only).
#[cfg(debug_assertions)]
fn member_panic_hook(name: &str) {
    if let Ok(target) = std::env::var("GOREF_TEST_PANIC_ON") {
        let last = name.rsplit(['/', ':']).next().unwrap_or(name);
        if last == target {
            panic!("GOREF_TEST_PANIC_ON: deliberate panic on {name}");
        }
    }
}
