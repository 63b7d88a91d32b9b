//! `goref appeal`: one game's disputed ending under every reading.

use super::args::{AppealArgs, Format};
use super::{out, UsageError};
use anyhow::{Context, Result};
use goref_core::check::RefereeOptions;
use goref_core::present::appeal::Appeal;
use goref_core::present::inert_lines;
use std::path::Path;
use std::process::ExitCode;

pub fn run(args: &AppealArgs) -> Result<ExitCode> {
    super::common::refuse_ci(args.format, "appeal")?;
    let file = super::common::read_games(&args.file)?;
    // An engine runs in its own process group: a signal must stop it with goref.
    super::signals::exit_on_signal().context("installing signal handlers")?;
    super::common::question_komi(args.rules.komi)?;
    let record = super::common::pick_game(&file, args.game, |games| {
        format!(
            "--game {}: {} holds {games}",
            args.game,
            args.file.display()
        )
    })?;
    let options = RefereeOptions {
        estimator: args.estimator.to_estimator(args.dead.as_deref())?,
        komi: args.rules.komi,
        penalties: args.penalties.penalty,
        ing_overtime: args.penalties.ing_overtime,
        overrides: args.rules.overrides.to_overrides(),
        rules: Some(args.rules.rules.clone()),
        ..RefereeOptions::default()
    };
    let claimed = args.dead.as_deref().filter(|d| !super::common::is_none(d));
    let appeal = Appeal::of(record, &options, args.move_number, claimed)
        .map_err(usage_or_failure)?
        .named(&args.file.display().to_string());
    refuse_clashing_outputs(args, &appeal)?;
    if let Some(dir) = &args.svg {
        write_svgs(&appeal, dir)?;
    }
    if let Some(path) = &args.html {
        super::common::write_atomically(path, appeal.to_html().as_bytes())?;
        out::eprint(&format!("goref: wrote {}\n", path.display()));
    }
    match args.format {
        Format::Text | Format::Full => out::print(&inert_lines(appeal.to_text()))?,
        Format::Json | Format::Jsonl => out::print_json(&appeal, args.format == Format::Jsonl)?,
        Format::Html => out::print(&appeal.to_html())?,
        Format::Sarif | Format::Github | Format::Junit => {} // refused above
    }
    Ok(ExitCode::SUCCESS)
}

/// `--html` or an SVG file that is the record itself (or each other) is a usage error
/// before anything is written.
fn refuse_clashing_outputs(args: &AppealArgs, appeal: &Appeal) -> Result<()> {
    let svgs: Vec<std::path::PathBuf> = args
        .svg
        .iter()
        .flat_map(|dir| {
            appeal
                .svg_file_names()
                .into_iter()
                .map(|name| dir.join(name))
        })
        .collect();
    let outputs: Vec<(&str, &Path)> = args
        .html
        .iter()
        .map(|p| ("--html", p.as_path()))
        .chain(svgs.iter().map(|p| ("--svg", p.as_path())))
        .collect();
    goref_batch::check_outputs(&outputs, [args.file.as_path()])
        .map_err(|e| UsageError(e.to_string()).into())
}

/// Mistakes in `--dead` and `--move` are usage errors (exit 2).
fn usage_or_failure(e: goref_core::Error) -> anyhow::Error {
    if e.is_usage() {
        UsageError(e.to_string()).into()
    } else {
        anyhow::Error::new(e)
    }
}

/// Writes each diagram as DIR/NAME.svg, creating DIR if needed.
fn write_svgs(appeal: &Appeal, dir: &Path) -> Result<()> {
    std::fs::create_dir_all(dir).with_context(|| format!("creating {}", dir.display()))?;
    for (name, svg) in appeal.svg_files() {
        let path = dir.join(name);
        std::fs::write(&path, svg).map_err(|e| out::write_error(path.display().to_string(), e))?;
        out::eprint(&format!("goref: wrote {}\n", path.display()));
    }
    Ok(())
}
