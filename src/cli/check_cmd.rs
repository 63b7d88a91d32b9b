//! `goref check`: the batch referee.

use super::args::{CheckArgs, Format};
use anyhow::{Context, Result};
use goref::batch::{
    self, Input, InputOptions, LineWriter, Output, PathList, Progress, RunOptions, RunStatus,
    StopFlag, Summary, INTERRUPTED_EXIT_CODE,
};
use goref::check::{self, CheckOptions};
use goref::findings::Severity;
use goref::html::BatchPage;
use goref::reader::ReadOptions;
use goref::report::{self, GameReport};
use std::io::Write;
use std::ops::ControlFlow;
use std::path::Path;
use std::process::ExitCode;
use std::time::{Duration, Instant};

/// One file's outcome as the sink sees it.
struct Checked {
    reports: Vec<GameReport>,
    took: Duration,
}

pub fn run(args: &CheckArgs) -> Result<ExitCode> {
    let inputs = batch::collect_inputs(
        &args.paths,
        &InputOptions {
            extensions: args.ext.clone(),
            hidden: args.hidden,
            ..InputOptions::default()
        },
    )
    .map_err(|e| super::UsageError(e.to_string()))?;
    let options = check_options(args);
    let stop = StopFlag::new();
    stop.install_signal_handlers()
        .context("installing signal handlers")?;
    let run_options = RunOptions {
        threads: args.jobs,
        stop: Some(stop),
        ..RunOptions::default()
    };
    let progress = Progress::for_stderr(inputs.len() as u64, args.no_progress);
    let mut summary = Summary::new(10);
    let mut sink = Sink::open(args)?;
    let threshold = args.fail_on.threshold();
    let mut failed_any = false;
    let started = Instant::now();

    let report = batch::run(
        &inputs,
        &run_options,
        |input| check_input(input, &options),
        |i, outcome| {
            let path = inputs[i].path();
            // A panic is a goref bug: the file fails whatever --fail-on and --severity say.
            let panicked = outcome.is_err();
            let checked = outcome.unwrap_or_else(|p| Checked {
                reports: vec![check::internal_error(&display(path), &p.message)],
                took: Duration::ZERO,
            });
            let failed = panicked || fails(&checked.reports, threshold);
            failed_any |= failed;
            account(&mut summary, path, &checked, failed);
            let errors = checked
                .reports
                .iter()
                .filter(|r| r.worst() == Some(Severity::Error))
                .count();
            progress.file_done(
                checked.reports.iter().filter(|r| r.game.is_some()).count() as u64,
                errors as u64,
            );
            progress.suspend(|| sink.write(&checked.reports, path, failed))?;
            Ok::<_, anyhow::Error>(ControlFlow::Continue(()))
        },
    );
    progress.finish();
    let report = match report {
        Ok(r) => r,
        Err(batch::RunError::Sink(e)) if is_broken_pipe(&e) => {
            return Ok(ExitCode::from(exit_code(failed_any)))
        }
        Err(batch::RunError::Sink(e)) => return Err(e),
        Err(batch::RunError::Spawn(e)) => return Err(e).context("starting worker threads"),
    };
    let interrupted = report.status == RunStatus::Interrupted;
    sink.finish(interrupted)?;
    summary.finish_with_wall(started.elapsed(), interrupted);
    if let Some(path) = &args.summary {
        let mut file = batch::AtomicFile::create(path)
            .with_context(|| format!("writing {}", path.display()))?;
        file.write_all(summary.to_json().as_bytes())?;
        file.commit()?;
    }
    if !args.quiet {
        eprint!("\n{summary}");
    }
    if interrupted {
        return Ok(ExitCode::from(INTERRUPTED_EXIT_CODE as u8));
    }
    Ok(ExitCode::from(exit_code(failed_any)))
}

fn exit_code(failed: bool) -> u8 {
    u8::from(failed)
}

fn is_broken_pipe(e: &anyhow::Error) -> bool {
    e.chain().any(|c| {
        c.downcast_ref::<std::io::Error>()
            .is_some_and(|io| io.kind() == std::io::ErrorKind::BrokenPipe)
    })
}

fn check_options(args: &CheckArgs) -> CheckOptions {
    CheckOptions {
        read: ReadOptions {
            variations: args.variations,
            ..ReadOptions::default()
        },
        referee: args.rules.referee_options(&args.penalties),
        // The HTML page draws the final position of every problem game.
        with_board: args.with_board || args.format == Format::Html,
        severities: args.severity.iter().copied().collect(),
    }
}

fn display(path: &Path) -> String {
    path.display().to_string()
}

fn check_input(input: &Input, options: &CheckOptions) -> Checked {
    let started = Instant::now();
    #[cfg(debug_assertions)]
    test_panic_hook(input.path());
    let name = display(input.path());
    let reports = match input.read() {
        Ok(bytes) => check::check_bytes(&name, &bytes, options),
        Err(e) => vec![check::io_error(&name, &e.to_string())],
    };
    Checked {
        reports,
        took: started.elapsed(),
    }
}

/// Test hook, compiled into debug builds only (never into a release binary): when
/// `GOREF_TEST_PANIC_ON` names this file (its final path component), its check panics,
/// so that tests can prove a panic costs one file an `internal-error` finding and
/// nothing else. See docs/fuzzing.md.
#[cfg(debug_assertions)]
fn test_panic_hook(path: &Path) {
    if let Some(name) = std::env::var_os("GOREF_TEST_PANIC_ON") {
        if path.file_name() == Some(name.as_os_str()) {
            panic!(
                "GOREF_TEST_PANIC_ON: deliberate panic on {}",
                path.display()
            );
        }
    }
}

/// True when a finding reaches the threshold.
fn fails(reports: &[GameReport], threshold: Option<Severity>) -> bool {
    threshold.is_some_and(|t| reports.iter().any(|r| r.worst().is_some_and(|w| w >= t)))
}

fn account(summary: &mut Summary, path: &Path, checked: &Checked, failed: bool) {
    summary.file(path, checked.took, failed);
    for r in &checked.reports {
        if r.game.is_some() {
            summary.game(r.moves as u64);
            let ru = r
                .info
                .as_ref()
                .and_then(|i| i.recorded_rules.clone())
                .unwrap_or_else(|| "(none)".into());
            summary.rules(&ru);
            if let Some(b) = r.board {
                summary.board_size(b.width, b.height);
            }
            if let Some(result) = &r.result {
                let agrees = match result.status {
                    goref::referee::ResultStatus::Agrees => Some(true),
                    goref::referee::ResultStatus::Mismatch => Some(false),
                    _ => None,
                };
                summary.result(result.status.as_str(), agrees);
            }
        }
        for f in &r.findings {
            summary.finding(f.code.as_str(), f.severity);
        }
    }
}

/// Where reports go: stdout or `-o FILE` in the chosen format, plus the path lists.
struct Sink {
    format: Format,
    out: LineWriter<Output>,
    ok: Option<PathList>,
    fail: Option<PathList>,
    first: bool,
    /// `--format html`: the page, written whole when the run ends.
    page: Option<BatchPage>,
}

impl Sink {
    fn open(args: &CheckArgs) -> Result<Sink> {
        let out = Output::open(args.output.as_deref()).context("opening the output")?;
        let list = |p: &Option<std::path::PathBuf>| -> Result<Option<PathList>> {
            p.as_ref()
                .map(|p| PathList::create(p).with_context(|| format!("creating {}", p.display())))
                .transpose()
        };
        Ok(Sink {
            format: args.format,
            out: LineWriter::new(out),
            ok: list(&args.ok_list)?,
            fail: list(&args.fail_list)?,
            first: true,
            page: (args.format == Format::Html)
                .then(|| BatchPage::new(args.paths.iter().map(|p| display(p)).collect())),
        })
    }

    fn write(&mut self, reports: &[GameReport], path: &Path, failed: bool) -> Result<()> {
        if let Some(page) = &mut self.page {
            page.add_file(reports);
        }
        for r in reports {
            match self.format {
                Format::Html => {}
                Format::Jsonl => self.out.write_json(r)?,
                Format::Json => {
                    let sep = if self.first { "[" } else { "," };
                    self.first = false;
                    self.out
                        .write_line(format!("{sep}{}", report::to_json_line(r)).as_bytes())?;
                }
                Format::Text => self.out.write_line(report::to_text(r).as_bytes())?,
            }
        }
        let list = if failed { &mut self.fail } else { &mut self.ok };
        if let Some(list) = list {
            list.write_path(path)?;
        }
        Ok(())
    }

    fn finish(mut self, interrupted: bool) -> Result<()> {
        if let Some(page) = &self.page {
            let out = &mut self.out;
            page.render_to(interrupted, |chunk| out.write_line(chunk.as_bytes()))?;
        }
        if self.format == Format::Json {
            let close = if self.first { "[]" } else { "]" };
            self.out.write_line(close.as_bytes())?;
        }
        self.out.finish()?.commit()?;
        for list in [self.ok, self.fail].into_iter().flatten() {
            list.commit()?;
        }
        Ok(())
    }
}
