//! `goref check`: the batch referee.

use super::args::{CheckArgs, ColorChoice, Format};
use super::out::{self, write_error};
use super::progress::Progress;
use super::summary_text::{self, Wording};
use anyhow::{Context, Result};
use goref_batch::{
    self as batch, Head, Input, InputOptions, LineWriter, Output, PathList, RunOptions, RunStatus,
    StopFlag, Summary, INTERRUPTED_EXIT_CODE,
};
use goref_core::check::{self, CheckOptions};
use goref_core::findings::{Code, Severity};
use goref_core::present::html::BatchPage;
use goref_core::present::inert_lines;
use goref_core::read::ReadOptions;
use goref_core::report::GameReport;
use std::io::Write;
use std::ops::ControlFlow;
use std::path::Path;
use std::process::ExitCode;
use std::time::{Duration, Instant};

mod archive;
use super::config::{self, Settings};
mod ci_out;
use archive::archive_options;

/// An archive found where a record was expected: its members are checked by the sink.
struct ArchiveInput {
    kind: goref_batch::archive::ArchiveKind,
    source: goref_batch::archive::Source,
}

/// One file's outcome as the sink sees it.
struct Checked {
    reports: Vec<GameReport>,
    took: Duration,
    /// A file too large to read whole: the sink streams it, game tree by game tree.
    large: Option<Head>,
    /// An archive (by its first bytes): the sink checks its members.
    archive: Option<ArchiveInput>,
}

pub fn run(
    args: &CheckArgs,
    color: ColorChoice,
    matches: Option<&clap::ArgMatches>,
) -> Result<ExitCode> {
    let settings = Settings::new(args, matches)?;
    if args.show_settings {
        for path in &args.paths {
            out::print(&config::describe(&settings, path)?)?;
        }
        return Ok(ExitCode::SUCCESS);
    }
    // The command line with the configuration's settings of the run (format, jobs, ...).
    let args = &settings.run;
    refuse_two_kinds_on_stdout(args)?;
    let (inputs, not_checked) = collect(args)?;
    refuse_clashing_outputs(args, &inputs)?;
    // Each file's settings (its nearest configuration file and the sections matching
    // it), resolved before any work so that a wrong file stops the run at once.
    let per_input = inputs
        .iter()
        .map(|input| settings.options_for(input.path(), None, check_options))
        .collect::<Result<Vec<_>>>()?;
    let indices: Vec<usize> = (0..inputs.len()).collect();
    let stop = StopFlag::new();
    super::signals::stop_on_signal(&stop).context("installing signal handlers")?;
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
    // One archive is many files: its bar counts games as they come.
    let one_archive = matches!(inputs.as_slice(), [Input::File(p)]
        if goref_batch::archive::is_archive_name(p, &[]));
    let no_bar = args.no_progress
        || args.quiet
        || (inputs.len() <= 1 && !one_archive)
        || out::dumb_terminal();
    let progress = Progress::for_stderr(inputs.len() as u64, no_bar);
    let mut summary = Summary::new(10);
    for (path, why) in &not_checked {
        summary.path_not_checked(path, why);
    }
    let mut sink = Sink::open(args, color)?;
    let threshold = args.fail_on.threshold();
    let mut failed_any = false;
    let started = Instant::now();
    let mut streamed_interrupted = false;

    let report = batch::run(
        &indices,
        &run_options,
        |&i| check_input(&inputs[i], &per_input[i]),
        |i, outcome| {
            let path = inputs[i].path();
            let options = &per_input[i];
            // A panic is a goref bug: the file fails whatever --fail-on and --severity say.
            let panicked = outcome.is_err();
            let mut checked = outcome.unwrap_or_else(|p| Checked {
                reports: vec![GameReport::internal_error(&display(path), &p.message)],
                took: Duration::ZERO,
                large: None,
                archive: None,
            });
            if let Some(head) = checked.large.take() {
                let mut out = StreamOut {
                    summary: &mut summary,
                    progress: &progress,
                    sink: &mut sink,
                    threshold,
                };
                let (failed, interrupted) =
                    out.stream(path, head, options, &run_options, checked.took)?;
                failed_any |= failed;
                streamed_interrupted |= interrupted;
                return Ok(if interrupted {
                    ControlFlow::Break(())
                } else {
                    ControlFlow::Continue(())
                });
            }
            if let Some(found) = checked.archive.take() {
                let mut out = StreamOut {
                    summary: &mut summary,
                    progress: &progress,
                    sink: &mut sink,
                    threshold,
                };
                let member_options = |name: &str| {
                    let member = name.strip_prefix(&format!("{}:", path.display()));
                    settings
                        .options_for(path, member, check_options)
                        .unwrap_or_else(|_| std::sync::Arc::clone(options))
                };
                let (failed, interrupted) = out.archive(
                    path,
                    found,
                    &member_options,
                    &archive_options(args),
                    &run_options,
                )?;
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
                checked
                    .reports
                    .iter()
                    .filter(|r| r.game().is_some())
                    .count() as u64,
                errors as u64,
            );
            let writes = sink.prints(&checked.reports);
            progress.suspend_if(writes, || sink.write(&checked.reports, path, failed))?;
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
    if !not_checked.is_empty() {
        return Ok(ExitCode::from(super::EXIT_USAGE));
    }
    Ok(ExitCode::from(exit_code(failed_any)))
}

/// `--summary -` writes the summary on standard output, which is the report's too unless
/// -o sends the report elsewhere: a JSON Lines stream with a summary object appended is
/// no longer JSON Lines of reports, so the two are refused together (a usage error, before
/// any work), as ripgrep refuses flags that contradict each other.
fn refuse_two_kinds_on_stdout(args: &CheckArgs) -> Result<()> {
    let stdout = |p: Option<&Path>| p.is_none_or(|p| p == Path::new("-"));
    if args.summary.as_deref() == Some(Path::new("-")) && stdout(args.output.as_deref()) {
        return Err(super::UsageError(
            "--summary - and the report would both go to standard output; send the report elsewhere with -o FILE (-o /dev/null for the summary alone), or the summary with --summary FILE".into(),
        )
        .into());
    }
    Ok(())
}

fn exit_code(failed: bool) -> u8 {
    u8::from(failed)
}

/// A command-line path that gave nothing to check, and why.
pub(super) type NotChecked = (std::path::PathBuf, String);

/// The files to check, and the command-line paths that gave none. Each path is taken
/// once however often it is given. A path that does not exist, or a directory with no
/// file to check, is reported on stderr at once (`goref: PATH: why`) and the others are
/// checked: the run then exits with status 2, as ripgrep, fd and ruff do, since a green
/// run over fewer files than asked would hide a wrong path.
fn collect(args: &CheckArgs) -> Result<(Vec<Input>, Vec<NotChecked>)> {
    let options = InputOptions {
        extensions: args.ext.clone(),
        hidden: args.hidden,
        ..InputOptions::default()
    };
    collect_paths(&args.paths, &options)
}

/// The walk behind [`collect`], shared with `goref score` over a round.
pub(super) fn collect_paths(
    args: &[std::path::PathBuf],
    options: &InputOptions,
) -> Result<(Vec<Input>, Vec<NotChecked>)> {
    let mut seen = std::collections::HashSet::new();
    let paths: Vec<&Path> = args
        .iter()
        .map(|p| p.as_path())
        .filter(|p| seen.insert(std::fs::canonicalize(p).unwrap_or_else(|_| p.to_path_buf())))
        .collect();
    let mut inputs = Vec::new();
    let mut not_checked = Vec::new();
    let mut files = batch::FileIdentities::new();
    for path in paths {
        let found = match batch::collect_inputs(&[path], options) {
            Ok(found) => found,
            Err(batch::InputError::NotFound(_)) => {
                not_checked.push((path.to_path_buf(), "no such file or directory".to_string()));
                continue;
            }
            Err(e) => return Err(super::UsageError(e.to_string()).into()),
        };
        if found.is_empty() {
            let endings: Vec<String> = options
                .extensions
                .iter()
                .map(|e| format!("*.{e}"))
                .collect();
            not_checked.push((
                path.to_path_buf(),
                format!(
                    "no file to check (looked for {}; --ext changes the endings)",
                    endings.join(", ")
                ),
            ));
            continue;
        }
        // A file found twice (named, and again inside a named directory) is checked once.
        inputs.extend(found.into_iter().filter(|i| match i {
            Input::File(p) => files.insert(p),
            _ => true,
        }));
    }
    for (path, why) in &not_checked {
        out::eprint(&format!("goref: {}: {why}\n", path.display()));
    }
    Ok((inputs, not_checked))
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
        referee: goref_core::check::RefereeOptions {
            estimator: args.estimator.to_estimator(None)?,
            ..args.rules.referee_options(&args.penalties)?
        },
        // The HTML page draws the final position of every problem game.
        with_board: args.with_board || args.format == Format::Html,
        severities,
        ignored,
    })
}

/// `--summary FILE` (atomically) or `--summary -` (standard output, the report being in
/// a file: see [`refuse_two_kinds_on_stdout`]).
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
            reports: vec![GameReport::not_a_file(&name, kind)],
            took: started.elapsed(),
            large: None,
            archive: None,
        };
    }
    let (reports, large) = match input.read_up_to(batch::STREAM_ABOVE) {
        Ok(head) => match archive::sniff_input(input, head) {
            Ok(found) => {
                return Checked {
                    reports: Vec::new(),
                    took: started.elapsed(),
                    large: None,
                    archive: Some(found),
                }
            }
            Err(head) if head.rest.is_some() => (Vec::new(), Some(head)),
            Err(head) => (check::check_bytes(&name, &head.bytes, options), None),
        },
        Err(e) => (vec![GameReport::io_error(&name, &e.to_string())], None),
    };
    Checked {
        reports,
        took: started.elapsed(),
        large,
        archive: None,
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
        let run = batch::check_stream(&name, &head.bytes, rest, options, run_options, |reports| {
            // A panic is a goref bug: the file fails whatever --fail-on says.
            let panicked = reports
                .iter()
                .any(|r| r.findings().iter().any(|f| f.code == Code::InternalError));
            failed |= panicked || fails(&reports, self.threshold);
            account_games(self.summary, &reports);
            games += reports.iter().filter(|r| r.game().is_some()).count() as u64;
            errors += reports
                .iter()
                .filter(|r| r.worst() == Some(Severity::Error))
                .count() as u64;
            let sink = &mut *self.sink;
            let writes = sink.prints(&reports);
            self.progress
                .suspend_if(writes, || sink.write_reports(&reports))?;
            Ok::<_, anyhow::Error>(ControlFlow::Continue(()))
        });
        let run = match run {
            Ok(r) => r,
            Err(batch::RunError::Sink(e)) => return Err(e),
            Err(batch::RunError::Spawn(e)) => return Err(e).context("starting worker threads"),
        };
        self.summary.file(path, took + started.elapsed(), failed);
        self.progress.file_done(games, errors);
        // The path lists are files: nothing reaches the terminal.
        self.sink.write_path(path, failed)?;
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
        if r.game().is_some() {
            summary.game(r.moves() as u64);
            let ru = r.info("RU").unwrap_or("(none)");
            match r.rules() {
                Some(rules) => summary.rules_under(ru, &rules.name),
                None => summary.rules(ru),
            }
            if let Some((width, height)) = r.board_size() {
                summary.board_size(width, height);
            }
            if let Some(status) = r.result_status() {
                let agrees = match status {
                    goref_core::report::ResultStatus::Agrees => Some(true),
                    goref_core::report::ResultStatus::Mismatch => Some(false),
                    _ => None,
                };
                summary.result(status.as_str(), agrees);
            }
        }
        for f in r.findings() {
            summary.finding(f.code.as_str(), f.severity);
        }
    }
}

/// Where reports go: stdout or `-o FILE` in the chosen format, plus the path lists.
struct Sink {
    format: Format,
    /// Text: the lowest severity shown, and whether to colour.
    show: Severity,
    /// ANSI colours in the finding lines.
    color: bool,
    out: LineWriter<Output>,
    /// Where `out` goes, for error messages.
    target: String,
    ok: Option<(PathList, String)>,
    fail: Option<(PathList, String)>,
    first: bool,
    /// `--format html`: the page, written whole when the run ends.
    page: Option<BatchPage>,
    /// `--format sarif|github|junit`, and the severity that fails a game (JUnit).
    ci: Option<ci_out::CiOut>,
    fail_on: Option<Severity>,
    started: Instant,
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
            color: out::use_color(color, to_stdout),
            out: LineWriter::new(out),
            target,
            ok: list(&args.ok_list)?,
            fail: list(&args.fail_list)?,
            first: true,
            page: (args.format == Format::Html)
                .then(|| BatchPage::new(args.paths.iter().map(|p| display(p)).collect())),
            ci: ci_out::CiOut::new(format).map_err(|e| write_error("a temporary file", e))?,
            fail_on: args.fail_on.threshold(),
            started: Instant::now(),
        })
    }

    /// Whether these reports put anything on the report's output: in text, only games
    /// with a finding at --show or above are; every other format writes every report
    /// (the page, at the end).
    fn prints(&self, reports: &[GameReport]) -> bool {
        match self.format {
            Format::Text => reports
                .iter()
                .any(|r| r.findings().iter().any(|f| f.severity >= self.show)),
            Format::Html => false,
            _ => !reports.is_empty(),
        }
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
                Format::Sarif | Format::Github | Format::Junit => match &mut self.ci {
                    Some(ci) => ci.write(&mut self.out, r, self.show, self.fail_on),
                    None => Ok(()),
                },
                Format::Jsonl => match self.out.write_report(r) {
                    Ok(()) => Ok(()),
                    Err(batch::OutputError::Io(e)) => Err(e),
                    Err(e) => return Err(e.into()),
                },
                Format::Json => {
                    let sep = if self.first { "[" } else { "," };
                    self.first = false;
                    self.out
                        .write_line(format!("{sep}{}", r.to_json_line()).as_bytes())
                }
                Format::Full => self.out.write_line(inert_lines(r.to_text()).as_bytes()),
                Format::Text => {
                    let lines = r.to_lines(self.show, self.color);
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
        if let Some(ci) = self.ci.take() {
            ci.finish(&mut self.out, self.started.elapsed().as_secs_f64())
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
