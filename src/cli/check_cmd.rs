//! `goref check`: the batch referee.

use super::args::{CheckArgs, ColorChoice, Format};
use super::out::{self, write_error};
use super::summary_text::{self, Wording};
use anyhow::{Context, Result};
use goref::batch::{
    self, Head, Input, InputOptions, LineWriter, Output, PathList, Progress, RunOptions, RunStatus,
    StopFlag, Summary, INTERRUPTED_EXIT_CODE,
};
use goref::check::{self, CheckOptions};
use goref::findings::{Code, Severity};
use goref::internal::present::html::BatchPage;
use goref::internal::present::inert::inert_lines;
use goref::internal::present::report::lint::{self, Paint};
use goref::internal::present::report::{self, GameReport};
use goref::internal::read::reader::ReadOptions;
use std::io::Write;
use std::ops::ControlFlow;
use std::path::Path;
use std::process::ExitCode;
use std::time::{Duration, Instant};

/// One file's outcome as the sink sees it.
struct Checked {
    reports: Vec<GameReport>,
    took: Duration,
    /// A file too large to read whole: the sink streams it, game tree by game tree.
    large: Option<Head>,
}

pub fn run(args: &CheckArgs, color: ColorChoice) -> Result<ExitCode> {
    let inputs = collect(args)?;
    refuse_clashing_outputs(args, &inputs)?;
    let options = check_options(args)?;
    let stop = StopFlag::new();
    stop.install_signal_handlers()
        .context("installing signal handlers")?;
    if args.jobs > batch::MAX_THREADS {
        out::eprint(&format!(
            "goref: note: -j {} is more than goref runs; using {} threads\n",
            args.jobs,
            batch::MAX_THREADS
        ));
    }
    let run_options = RunOptions {
        threads: args.jobs,
        stop: Some(stop),
        ..RunOptions::default()
    };
    // No bar for one file (nothing to wait for), with -q, or where it cannot be redrawn.
    let no_bar = args.no_progress || args.quiet || inputs.len() <= 1 || out::dumb_terminal();
    let progress = Progress::for_stderr(inputs.len() as u64, no_bar);
    let mut summary = Summary::new(10);
    let mut sink = Sink::open(args, color)?;
    let threshold = args.fail_on.threshold();
    let mut failed_any = false;
    let started = Instant::now();
    let mut streamed_interrupted = false;

    let report = batch::run(
        &inputs,
        &run_options,
        |input| check_input(input, &options),
        |i, outcome| {
            let path = inputs[i].path();
            // A panic is a goref bug: the file fails whatever --fail-on and --severity say.
            let panicked = outcome.is_err();
            let mut checked = outcome.unwrap_or_else(|p| Checked {
                reports: vec![check::internal_error(&display(path), &p.message)],
                took: Duration::ZERO,
                large: None,
            });
            if let Some(head) = checked.large.take() {
                let mut out = StreamOut {
                    summary: &mut summary,
                    progress: &progress,
                    sink: &mut sink,
                    threshold,
                };
                let (failed, interrupted) =
                    out.stream(path, head, &options, &run_options, checked.took)?;
                failed_any |= failed;
                streamed_interrupted |= interrupted;
                return Ok(if interrupted {
                    ControlFlow::Break(())
                } else {
                    ControlFlow::Continue(())
                });
            }
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
        Err(batch::RunError::Sink(e)) if e.downcast_ref::<out::ClosedPipe>().is_some() => {
            return Ok(ExitCode::from(exit_code(failed_any)))
        }
        Err(batch::RunError::Sink(e)) => return Err(e),
        Err(batch::RunError::Spawn(e)) => return Err(e).context("starting worker threads"),
    };
    let interrupted = report.status == RunStatus::Interrupted || streamed_interrupted;
    match sink.finish(interrupted) {
        Err(e) if e.downcast_ref::<out::ClosedPipe>().is_some() => {
            return Ok(ExitCode::from(exit_code(failed_any)))
        }
        other => other?,
    }
    summary.finish_with_wall(started.elapsed(), interrupted);
    if let Some(path) = &args.summary {
        write_summary(path, &summary)?;
    }
    if !args.quiet {
        let wording = Wording {
            fail_on: args.fail_on.name(),
            verbose: args.verbose,
        };
        let text = format!("\n{}", summary_text::render(&summary, &wording));
        out::eprint(&inert_lines(text));
    }
    if interrupted {
        return Ok(ExitCode::from(INTERRUPTED_EXIT_CODE as u8));
    }
    Ok(ExitCode::from(exit_code(failed_any)))
}

fn exit_code(failed: bool) -> u8 {
    u8::from(failed)
}

/// The files to check. Each path is taken once however often it is given, and a path
/// that yields no file to check (an empty directory, one with no `.sgf` file) is a
/// usage error naming it: a green run over nothing would hide a wrong path.
fn collect(args: &CheckArgs) -> Result<Vec<Input>> {
    let options = InputOptions {
        extensions: args.ext.clone(),
        hidden: args.hidden,
        ..InputOptions::default()
    };
    let mut seen = std::collections::HashSet::new();
    let paths: Vec<&Path> = args
        .paths
        .iter()
        .map(|p| p.as_path())
        .filter(|p| seen.insert(std::fs::canonicalize(p).unwrap_or_else(|_| p.to_path_buf())))
        .collect();
    // Every missing path in one message, before anything is walked.
    let missing: Vec<std::path::PathBuf> = paths
        .iter()
        .filter(|p| **p != Path::new("-") && std::fs::symlink_metadata(p).is_err())
        .map(|p| p.to_path_buf())
        .collect();
    if !missing.is_empty() {
        return Err(super::UsageError(batch::InputError::NotFound(missing).to_string()).into());
    }
    let mut inputs = Vec::new();
    let mut files = batch::FileIdentities::new();
    for path in paths {
        let found = batch::collect_inputs(&[path], &options)
            .map_err(|e| super::UsageError(e.to_string()))?;
        if found.is_empty() {
            return Err(super::UsageError(format!(
                "{}: no file to check (looked for {}; --ext changes the endings)",
                path.display(),
                args.ext
                    .iter()
                    .map(|e| format!("*.{e}"))
                    .collect::<Vec<_>>()
                    .join(", ")
            ))
            .into());
        }
        // A file found twice (named, and again inside a named directory) is checked once.
        inputs.extend(found.into_iter().filter(|i| match i {
            Input::File(p) => files.insert(p),
            _ => true,
        }));
    }
    Ok(inputs)
}

/// An output that is one of the records (`check v.sgf -o v.sgf`) or another output is a
/// usage error before anything is written: a typo must not destroy a record.
fn refuse_clashing_outputs(args: &CheckArgs, inputs: &[Input]) -> Result<()> {
    let outputs: Vec<(&str, &Path)> = [
        ("-o", &args.output),
        ("--summary", &args.summary),
        ("--ok-list", &args.ok_list),
        ("--fail-list", &args.fail_list),
    ]
    .into_iter()
    .filter_map(|(flag, path)| path.as_deref().map(|p| (flag, p)))
    .collect();
    batch::check_outputs(&outputs, inputs.iter().map(Input::path))
        .map_err(|e| super::UsageError(e.to_string()).into())
}

fn check_options(args: &CheckArgs) -> Result<CheckOptions> {
    let mut severities = std::collections::BTreeMap::new();
    let mut ignored: std::collections::BTreeSet<_> = args.ignore.iter().copied().collect();
    for &(code, level) in &args.severity {
        match level {
            Some(level) => {
                severities.insert(code, level);
            }
            None => {
                ignored.insert(code);
            }
        }
    }
    Ok(CheckOptions {
        read: ReadOptions {
            variations: args.variations,
            ..ReadOptions::default()
        },
        referee: goref::internal::count::referee::RefereeOptions {
            estimator: args.estimator.to_estimator(None)?,
            ..args.rules.referee_options(&args.penalties)?
        },
        // The HTML page draws the final position of every problem game.
        with_board: args.with_board || args.format == Format::Html,
        severities,
        ignored,
    })
}

/// `--summary FILE` (atomically) or `--summary -` (standard output, after the report).
fn write_summary(path: &Path, summary: &Summary) -> Result<()> {
    let json = summary.to_json();
    if path == Path::new("-") {
        return out::print(&json);
    }
    let target = path.display().to_string();
    let mut file = batch::AtomicFile::create(path).map_err(|e| write_error(&*target, e))?;
    file.write_all(json.as_bytes())
        .and_then(|()| file.commit())
        .map_err(|e| write_error(target, e))
}

fn display(path: &Path) -> String {
    path.display().to_string()
}

fn check_input(input: &Input, options: &CheckOptions) -> Checked {
    let started = Instant::now();
    #[cfg(debug_assertions)]
    test_panic_hook(input.path());
    let name = display(input.path());
    if let Input::Special { kind, .. } = input {
        return Checked {
            reports: vec![check::not_a_file(&name, kind)],
            took: started.elapsed(),
            large: None,
        };
    }
    let (reports, large) = match input.read_up_to(check::STREAM_ABOVE) {
        Ok(head) if head.rest.is_some() => (Vec::new(), Some(head)),
        Ok(head) => (check::check_bytes(&name, &head.bytes, options), None),
        Err(e) => (vec![check::io_error(&name, &e.to_string())], None),
    };
    Checked {
        reports,
        took: started.elapsed(),
        large,
    }
}

/// What the check of a streamed file writes to, on the calling thread.
struct StreamOut<'a> {
    summary: &'a mut Summary,
    progress: &'a Progress,
    sink: &'a mut Sink,
    threshold: Option<Severity>,
}

impl StreamOut<'_> {
    /// Checks a large file game tree by game tree on the batch's threads, writing each
    /// tree's reports as they come. Returns (failed, interrupted).
    fn stream(
        &mut self,
        path: &Path,
        head: Head,
        options: &CheckOptions,
        run_options: &RunOptions,
        took: Duration,
    ) -> Result<(bool, bool)> {
        let started = Instant::now();
        let (mut failed, mut games, mut errors) = (false, 0u64, 0u64);
        let rest = head.rest.unwrap_or_else(|| Box::new(std::io::empty()));
        let name = display(path);
        let run = check::check_stream(&name, &head.bytes, rest, options, run_options, |reports| {
            // A panic is a goref bug: the file fails whatever --fail-on says.
            let panicked = reports
                .iter()
                .any(|r| r.findings.iter().any(|f| f.code == Code::InternalError));
            failed |= panicked || fails(&reports, self.threshold);
            account_games(self.summary, &reports);
            games += reports.iter().filter(|r| r.game.is_some()).count() as u64;
            errors += reports
                .iter()
                .filter(|r| r.worst() == Some(Severity::Error))
                .count() as u64;
            let sink = &mut *self.sink;
            self.progress.suspend(|| sink.write_reports(&reports))?;
            Ok::<_, anyhow::Error>(ControlFlow::Continue(()))
        });
        let run = match run {
            Ok(r) => r,
            Err(batch::RunError::Sink(e)) => return Err(e),
            Err(batch::RunError::Spawn(e)) => return Err(e).context("starting worker threads"),
        };
        self.summary.file(path, took + started.elapsed(), failed);
        self.progress.file_done(games, errors);
        let sink = &mut *self.sink;
        self.progress.suspend(|| sink.write_path(path, failed))?;
        Ok((failed, run.status == RunStatus::Interrupted))
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
    account_games(summary, &checked.reports);
}

fn account_games(summary: &mut Summary, reports: &[GameReport]) {
    for r in reports {
        if r.game.is_some() {
            summary.game(r.moves as u64);
            let ru = r
                .info
                .as_ref()
                .and_then(|i| i.recorded_rules.clone())
                .unwrap_or_else(|| "(none)".into());
            match &r.rules {
                Some(rules) => summary.rules_under(&ru, &rules.settings.name),
                None => summary.rules(&ru),
            }
            if let Some(b) = r.board {
                summary.board_size(b.width, b.height);
            }
            if let Some(result) = &r.result {
                let agrees = match result.status {
                    goref::internal::count::referee::ResultStatus::Agrees => Some(true),
                    goref::internal::count::referee::ResultStatus::Mismatch => Some(false),
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
    /// Text: the lowest severity shown, and whether to colour.
    show: Severity,
    paint: Paint,
    out: LineWriter<Output>,
    /// Where `out` goes, for error messages.
    target: String,
    ok: Option<(PathList, String)>,
    fail: Option<(PathList, String)>,
    first: bool,
    /// `--format html`: the page, written whole when the run ends.
    page: Option<BatchPage>,
}

impl Sink {
    fn open(args: &CheckArgs, color: ColorChoice) -> Result<Sink> {
        let target = out::target_name(args.output.as_deref());
        let to_stdout = target == "standard output";
        let out = Output::open(args.output.as_deref()).map_err(|e| write_error(&*target, e))?;
        let list = |p: &Option<std::path::PathBuf>| -> Result<Option<(PathList, String)>> {
            p.as_ref()
                .map(|p| {
                    let name = p.display().to_string();
                    PathList::create(p)
                        .map(|l| (l, name.clone()))
                        .map_err(|e| write_error(name, e))
                })
                .transpose()
        };
        // `-v` asks for the full layout where the format is the default text.
        let format = match args.format {
            Format::Text if args.verbose => Format::Full,
            f => f,
        };
        Ok(Sink {
            format,
            show: args.show,
            paint: Paint(out::use_color(color, to_stdout)),
            out: LineWriter::new(out),
            target,
            ok: list(&args.ok_list)?,
            fail: list(&args.fail_list)?,
            first: true,
            page: (args.format == Format::Html)
                .then(|| BatchPage::new(args.paths.iter().map(|p| display(p)).collect())),
        })
    }

    fn write(&mut self, reports: &[GameReport], path: &Path, failed: bool) -> Result<()> {
        self.write_reports(reports)?;
        self.write_path(path, failed)
    }

    fn write_reports(&mut self, reports: &[GameReport]) -> Result<()> {
        if let Some(page) = &mut self.page {
            page.add_reports(reports);
        }
        for r in reports {
            let written = match self.format {
                // The page is written whole at the end (finish).
                Format::Html => Ok(()),
                Format::Jsonl => match self.out.write_json(r) {
                    Ok(()) => Ok(()),
                    Err(batch::OutputError::Io(e)) => Err(e),
                    Err(e) => return Err(e.into()),
                },
                Format::Json => {
                    let sep = if self.first { "[" } else { "," };
                    self.first = false;
                    self.out
                        .write_line(format!("{sep}{}", report::to_json_line(r)).as_bytes())
                }
                Format::Full => self
                    .out
                    .write_line(inert_lines(report::to_text(r)).as_bytes()),
                Format::Text => {
                    let lines = lint::to_lines(r, self.show, self.paint);
                    match lines.strip_suffix('\n') {
                        Some(text) => self.out.write_line(text.as_bytes()),
                        None => Ok(()),
                    }
                }
            };
            written.map_err(|e| write_error(&*self.target, e))?;
        }
        Ok(())
    }

    /// Adds the file to `--ok-list` or `--fail-list`.
    fn write_path(&mut self, path: &Path, failed: bool) -> Result<()> {
        if let Some(page) = &mut self.page {
            page.file_done();
        }
        let list = if failed { &mut self.fail } else { &mut self.ok };
        if let Some((list, name)) = list {
            list.write_path(path).map_err(|e| write_error(&**name, e))?;
        }
        Ok(())
    }

    fn finish(mut self, interrupted: bool) -> Result<()> {
        if let Some(page) = &self.page {
            let out = &mut self.out;
            page.render_to(interrupted, |chunk| out.write_line(chunk.as_bytes()))
                .map_err(|e| write_error(&*self.target, e))?;
        }
        if self.format == Format::Json {
            let close = if self.first { "[]" } else { "]" };
            self.out
                .write_line(close.as_bytes())
                .map_err(|e| write_error(&*self.target, e))?;
        }
        let target = self.target;
        self.out
            .finish()
            .and_then(Output::commit)
            .map_err(|e| write_error(target, e))?;
        for (list, name) in [self.ok, self.fail].into_iter().flatten() {
            list.commit().map_err(|e| write_error(name, e))?;
        }
        Ok(())
    }
}
