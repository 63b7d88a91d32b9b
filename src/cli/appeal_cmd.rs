//! `goref appeal`: one game's disputed ending under every reading.

use super::args::{AppealArgs, Format};
use super::UsageError;
use anyhow::{Context, Result};
use goref::appeal::{self, Appeal, AppealError, AppealOptions};
use goref::reader::{self, ReadOptions};
use std::path::Path;
use std::process::ExitCode;

pub fn run(args: &AppealArgs) -> Result<ExitCode> {
    let bytes = std::fs::read(&args.file)
        .map_err(|e| UsageError(format!("{}: {e}", args.file.display())))?;
    let file = reader::read(&bytes, &ReadOptions::default());
    let games = file.games.len();
    let record = args
        .game
        .checked_sub(1)
        .and_then(|i| file.games.get(i))
        .ok_or_else(|| {
            UsageError(format!(
                "--game {}: {} holds {games} game(s)",
                args.game,
                args.file.display()
            ))
        })?;
    let options = AppealOptions {
        dead: args.dead.clone(),
        komi: args.komi,
        penalties: args.penalties.penalty,
        ing_overtime: args.penalties.ing_overtime,
        move_number: args.move_number,
        overrides: args.overrides.to_overrides(),
    };
    let mut appeal = appeal::appeal(record, &options).map_err(usage_or_failure)?;
    appeal.file = Some(args.file.display().to_string());
    if let Some(dir) = &args.svg {
        write_svgs(&appeal, dir)?;
    }
    if let Some(path) = &args.html {
        super::common::write_atomically(path, goref::html::appeal_page(&appeal).as_bytes())?;
        eprintln!("goref: wrote {}", path.display());
    }
    match args.format {
        Format::Text => print!("{}", appeal::to_text(&appeal)),
        Format::Json => println!("{}", serde_json::to_string_pretty(&appeal)?),
        Format::Jsonl => println!("{}", serde_json::to_string(&appeal)?),
        Format::Html => print!("{}", goref::html::appeal_page(&appeal)),
    }
    Ok(ExitCode::SUCCESS)
}

/// Mistakes in `--dead` and `--move` are usage errors (exit 2).
fn usage_or_failure(e: AppealError) -> anyhow::Error {
    match e {
        AppealError::Dead(_) | AppealError::MoveOutOfRange { .. } => {
            UsageError(e.to_string()).into()
        }
        AppealError::Unplayable => anyhow::Error::new(e),
    }
}

/// Writes each diagram as DIR/NAME.svg, creating DIR if needed.
fn write_svgs(appeal: &Appeal, dir: &Path) -> Result<()> {
    std::fs::create_dir_all(dir).with_context(|| format!("creating {}", dir.display()))?;
    for d in &appeal.diagrams {
        let path = dir.join(d.svg_file_name());
        std::fs::write(&path, d.svg()).with_context(|| format!("writing {}", path.display()))?;
        eprintln!("goref: wrote {}", path.display());
    }
    Ok(())
}
