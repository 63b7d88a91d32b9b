//! `goref tournament`: records against the tournament's own results.

use super::args::{ColorChoice, Format, TournamentArgs};
use super::{out, UsageError};
use anyhow::{Context, Result};
use goref_batch::{self as batch, Input, InputOptions, RunOptions, RunStatus, StopFlag};
use goref_core::check::{self, CheckOptions};
use goref_core::findings::{Code, Severity};
use goref_core::read::ReadOptions;
use goref_core::report::GameReport;
use goref_tournament::{self as tournament, Comparison, RecordFacts, Tournament};
use std::collections::{BTreeMap, BTreeSet};
use std::ops::ControlFlow;
use std::path::Path;
use std::process::ExitCode;

/// A record larger than this is not read (a tournament record is a few kilobytes; a
/// collection of thousands of games is for `goref check`, which streams it).
const MAX_RECORD_BYTES: usize = 16 << 20;

pub fn run(args: &TournamentArgs, color: ColorChoice) -> Result<ExitCode> {
    super::common::refuse_ci(args.format, "tournament")?;
    let tournament = read_results(&args.results)?;
    let inputs = collect(args)?;
    let (severities, ignored) = severities(args);
    let options = CheckOptions {
        read: ReadOptions::default(),
        referee: goref_core::check::RefereeOptions {
            estimator: args.estimator.to_estimator(None)?,
            ..args.rules.referee_options(&super::args::PenaltyArgs {
                penalty: None,
                ing_overtime: false,
            })?
        },
        with_board: false,
        severities: severities.clone(),
        ignored: ignored.clone(),
    };
    let stop = StopFlag::new();
    super::signals::stop_on_signal(&stop).context("installing signal handlers")?;
    let run_options = RunOptions {
        threads: args.jobs,
        stop: Some(stop),
        ..RunOptions::default()
    };
    let mut records: Vec<RecordFacts> = Vec::new();
    let report = batch::run(
        &inputs,
        &run_options,
        |input| facts_of(input, &options),
        |i, outcome| {
            // A panic is a goref bug: the record is reported with an internal-error finding.
            let facts = outcome.unwrap_or_else(|p| {
                let name = inputs[i].path().display().to_string();
                vec![RecordFacts::from_report(&GameReport::internal_error(
                    &name, &p.message,
                ))]
            });
            records.extend(facts);
            Ok::<_, anyhow::Error>(ControlFlow::Continue(()))
        },
    );
    let report = match report {
        Ok(r) => r,
        Err(batch::RunError::Sink(e)) => return Err(e),
        Err(batch::RunError::Spawn(e)) => return Err(e).context("starting worker threads"),
    };
    if report.status == RunStatus::Interrupted {
        return Ok(ExitCode::from(batch::INTERRUPTED_EXIT_CODE as u8));
    }
    let mut comparison = tournament::compare(&tournament, records);
    comparison.apply_severities(&severities, &ignored);
    let results_name = args.results.display().to_string();
    let paint = args.output.is_none() && out::use_color(color, true);
    let text = render(args, &tournament, &comparison, &results_name, paint)?;
    match &args.output {
        Some(path) => super::common::write_atomically(path, text.as_bytes())?,
        None => out::print(&text)?,
    }
    Ok(exit_code(&comparison, args.fail_on.threshold()))
}

fn render(
    args: &TournamentArgs,
    t: &Tournament,
    c: &Comparison,
    results_name: &str,
    paint: bool,
) -> Result<String> {
    Ok(match args.format {
        Format::Text | Format::Full => tournament::to_text_painted(t, c, args.show, paint),
        Format::Json => {
            let mut json = serde_json::to_string_pretty(&tournament::to_json(t, c, results_name))?;
            json.push('\n');
            json
        }
        Format::Jsonl => tournament::to_jsonl(t, c, results_name),
        Format::Html => goref_tournament::tournament_page(t, c, results_name),
        Format::Sarif | Format::Github | Format::Junit => {
            super::common::refuse_ci(args.format, "tournament")?;
            String::new()
        }
    })
}

/// 1 when a finding (the tournament's or a record's own) reaches `--fail-on`.
fn exit_code(c: &Comparison, threshold: Option<Severity>) -> ExitCode {
    let failed = threshold.is_some_and(|t| c.worst().is_some_and(|w| w >= t));
    ExitCode::from(u8::from(failed))
}

/// The results file, read and parsed; anything wrong with it is a usage error (exit 2)
/// naming the file.
fn read_results(path: &Path) -> Result<Tournament, UsageError> {
    let name = path.display().to_string();
    let bytes = std::fs::read(path).map_err(|e| UsageError(format!("cannot read {name}: {e}")))?;
    tournament::read_results(&name, &bytes).map_err(|e| UsageError(format!("{name}: {e}")))
}

fn severities(args: &TournamentArgs) -> (BTreeMap<Code, Severity>, BTreeSet<Code>) {
    let mut severities = BTreeMap::new();
    let mut ignored: BTreeSet<Code> = args.ignore.iter().copied().collect();
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
    (severities, ignored)
}

/// The record files, as `goref check` collects them: every missing path named at once,
/// a path that yields no record is an error, a file found twice is read once.
fn collect(args: &TournamentArgs) -> Result<Vec<Input>, UsageError> {
    let options = InputOptions {
        extensions: args.ext.clone(),
        hidden: args.hidden,
        ..InputOptions::default()
    };
    let missing: Vec<std::path::PathBuf> = args
        .paths
        .iter()
        .filter(|p| p.as_path() != Path::new("-") && std::fs::symlink_metadata(p).is_err())
        .cloned()
        .collect();
    if !missing.is_empty() {
        return Err(UsageError(batch::InputError::NotFound(missing).to_string()));
    }
    let mut inputs = Vec::new();
    let mut files = batch::FileIdentities::new();
    let mut stdin = false;
    for path in &args.paths {
        let found =
            batch::collect_inputs(&[path], &options).map_err(|e| UsageError(e.to_string()))?;
        if found.is_empty() {
            return Err(UsageError(format!(
                "{}: no record found (looked for {}; --ext changes the endings)",
                path.display(),
                args.ext
                    .iter()
                    .map(|e| format!("*.{e}"))
                    .collect::<Vec<_>>()
                    .join(", ")
            )));
        }
        for input in found {
            let keep = match &input {
                Input::File(p) => files.insert(p),
                Input::Stdin => !std::mem::replace(&mut stdin, true),
                Input::Error { .. } | Input::Special { .. } => true,
            };
            if keep {
                inputs.push(input);
            }
        }
    }
    Ok(inputs)
}

/// Checks one file and keeps what the tournament check needs of each game.
fn facts_of(input: &Input, options: &CheckOptions) -> Vec<RecordFacts> {
    let name = input.path().display().to_string();
    let reports = match input.read_up_to(MAX_RECORD_BYTES) {
        Ok(head) if head.rest.is_some() => vec![GameReport::io_error(
            &name,
            &format!(
                "larger than {} MiB: not a single game's record (goref check reads it)",
                MAX_RECORD_BYTES >> 20
            ),
        )],
        Ok(head) => check::check_bytes(&name, &head.bytes, options),
        Err(e) => vec![GameReport::io_error(&name, &e.to_string())],
    };
    reports.iter().map(RecordFacts::from_report).collect()
}
