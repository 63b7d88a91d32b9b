//! `goref score FILE`.

use super::args::{Format, ScoreArgs};
use super::{out, UsageError};
use anyhow::{Context, Result};
use goref::internal::count::referee;
use goref::internal::count::score;
use goref::internal::present::inert::inert_lines;
use goref::internal::present::scorecard::ScoreCard;
use std::process::ExitCode;

pub fn run(args: &ScoreArgs) -> Result<ExitCode> {
    super::common::refuse_html(args.format, "score")?;
    // An engine runs in its own process group: a signal must stop it with goref.
    goref::batch::StopFlag::install_exit_on_signal().context("installing signal handlers")?;
    let name = match args.file.to_str() {
        Some("-") => "standard input".to_string(),
        _ => args.file.display().to_string(),
    };
    let read = super::common::read_games(&args.file)?;
    let record = super::common::pick_game(&read, args.game, |games| {
        format!("{name} has {games}; --game {} does not exist", args.game)
    })?;
    let mut options = args.rules.referee_options(&args.penalties)?;
    options.count_as_is = true;
    options.estimator = args.estimator.to_estimator(args.dead.as_deref())?;
    let claimed = args.dead.as_deref().filter(|d| !super::common::is_none(d));
    if let Some(text) = claimed {
        // The claimed stones must stand on the counted position.
        let counted = referee::referee(record, &options).scored_position;
        let dead =
            score::parse_dead(text, &counted).map_err(|e| UsageError(format!("--dead: {e}")))?;
        options.dead = Some(dead);
    }
    let refereed = referee::referee(record, &options);
    let card = ScoreCard::new(&name, record, &refereed).ok_or_else(|| {
        UsageError(format!(
            "{name}: the game cannot be scored (the board could not be replayed)"
        ))
    })?;
    match args.format {
        Format::Text | Format::Full => out::print(&inert_lines(card.to_text()))?,
        Format::Json | Format::Jsonl => {
            out::print_json(&card, args.format == Format::Jsonl).context("writing the score")?
        }
        Format::Html => {} // refused above
    }
    Ok(ExitCode::SUCCESS)
}
