//! `goref score FILE`, and `goref score PATH...` over a round.

use super::args::{DataFormat as Format, ScoreArgs};
use super::{out, UsageError};
use anyhow::{Context, Result};
use goref_batch::{Input, InputOptions};
use goref_core::check::RefereeOptions;
use goref_core::count::referee;
use goref_core::present::inert_lines;
use goref_core::present::ScoreCard;
use goref_core::read::GameRecord;
use goref_core::score;
use std::fmt::Write as _;
use std::path::Path;
use std::process::ExitCode;
use unicode_width::UnicodeWidthStr;

pub fn run(args: &ScoreArgs) -> Result<ExitCode> {
    // An engine runs in its own process group: a signal must stop it with goref.
    super::signals::exit_on_signal().context("installing signal handlers")?;
    match args.paths.as_slice() {
        [one] if !one.is_dir() => run_one(args, one),
        _ => run_round(args),
    }
}

/// The score card of one game, as a director reads it aloud.
fn run_one(args: &ScoreArgs, path: &Path) -> Result<ExitCode> {
    let name = display_name(path);
    let read = super::common::read_games(path)?;
    let game = args.game.unwrap_or(1);
    let record = super::common::pick_game(&read, game, |games| {
        format!("{name} has {games}; --game {game} does not exist")
    })?;
    let card = count(args, &name, record)?;
    match args.format {
        Format::Text | Format::Full => out::print(&inert_lines(card.to_text()))?,
        Format::Json | Format::Jsonl => {
            out::print_json(&card, args.format == Format::Jsonl).context("writing the score")?
        }
    }
    Ok(ExitCode::SUCCESS)
}

fn display_name(path: &Path) -> String {
    match path.to_str() {
        Some("-") => "standard input".to_string(),
        _ => path.display().to_string(),
    }
}

/// Counts one game under the command line's options.
fn count(args: &ScoreArgs, name: &str, record: &GameRecord) -> Result<ScoreCard, UsageError> {
    let mut options = options(args)?;
    let claimed = args.dead.as_deref().filter(|d| !super::common::is_none(d));
    if let Some(text) = claimed {
        // The claimed stones must stand on the counted position.
        let counted = referee(record, &options).judged.scored_position;
        let dead =
            score::parse_dead(text, &counted).map_err(|e| UsageError(format!("--dead: {e}")))?;
        options.dead = Some(dead);
    }
    let refereed = referee(record, &options);
    ScoreCard::new(name, record, &refereed).ok_or_else(|| {
        UsageError(format!(
            "{name}: the game cannot be scored (the board could not be replayed)"
        ))
    })
}

fn options(args: &ScoreArgs) -> Result<RefereeOptions, UsageError> {
    let mut options = args.rules.referee_options(&args.penalties)?;
    options.count_as_is = true;
    options.estimator = args
        .estimator
        .to_estimator(args.dead.as_deref())
        .map_err(|e| UsageError(format!("{e:#}")))?;
    Ok(options)
}

/// One count per game of every file: the round's table, JSON Lines or one JSON array.
/// A path that gives no record and a game that cannot be scored are named on stderr;
/// the others are counted, and the run then exits with status 2 (as `check` does).
fn run_round(args: &ScoreArgs) -> Result<ExitCode> {
    if args
        .dead
        .as_deref()
        .is_some_and(|d| !super::common::is_none(d))
    {
        return Err(UsageError(
            "--dead names the dead stones of one game: give one file (and --game N)".into(),
        )
        .into());
    }
    // Refused before any work, not after the first game.
    options(args)?;
    let (inputs, mut problems) =
        super::check_cmd::collect_paths(&args.paths, &InputOptions::default())?;
    let mut cards = Vec::new();
    for input in &inputs {
        let name = display_name(input.path());
        let bytes = match read_input(input) {
            Ok(bytes) => bytes,
            Err(why) => {
                problems.push((input.path().to_path_buf(), why));
                continue;
            }
        };
        let read = goref_core::read::read(&bytes, &Default::default());
        let games: Vec<&GameRecord> = match args.game {
            Some(n) => read.games.get(n.wrapping_sub(1)).into_iter().collect(),
            None => read.games.iter().collect(),
        };
        if games.is_empty() {
            let why = match args.game {
                Some(n) => format!(
                    "has {}; --game {n} does not exist",
                    out::plural(read.games.len() as u64, "game")
                ),
                None => "holds no game".to_string(),
            };
            problems.push((input.path().to_path_buf(), why));
        }
        for record in games {
            match count(args, &name, record) {
                Ok(card) => {
                    if args.format == Format::Jsonl {
                        // Each count as soon as it is made: a long round streams.
                        out::print_json(&card, true).context("writing the score")?;
                    } else {
                        cards.push(card);
                    }
                }
                Err(e) => {
                    let why =
                        e.0.strip_prefix(&format!("{name}: "))
                            .unwrap_or(&e.0)
                            .to_string();
                    problems.push((
                        input.path().to_path_buf(),
                        format!("game {}: {why}", record.game_index + 1),
                    ));
                }
            }
        }
    }
    match args.format {
        Format::Jsonl => {}
        Format::Json => out::print_json(&cards, false).context("writing the scores")?,
        Format::Text | Format::Full => out::print(&inert_lines(round_table(&cards)))?,
    }
    for (path, why) in &problems {
        // Missing paths were named by the walk already.
        if !why.starts_with("no such file") && !why.starts_with("no file to check") {
            out::eprint(&format!("goref: {}: {why}\n", path.display()));
        }
    }
    Ok(if problems.is_empty() {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(super::EXIT_USAGE)
    })
}

fn read_input(input: &Input) -> Result<Vec<u8>, String> {
    match input {
        Input::File(path) => std::fs::read(path).map_err(|e| e.to_string()),
        Input::Stdin => super::common::read_record(Path::new("-")).map_err(|e| e.0),
        Input::Error { message, .. } => Err(message.clone()),
        // A FIFO or device met in a walk is never opened (it could block the round).
        Input::Special { kind, .. } => Err(format!("{kind}, not a file: skipped")),
    }
}

/// The round as a director posts it: one row per game, then how many agree.
fn round_table(cards: &[ScoreCard]) -> String {
    let header = [
        "file", "game", "Black", "White", "rules", "recorded", "count", "result",
    ];
    let rows: Vec<[String; 8]> = cards
        .iter()
        .map(|c| {
            // The RE goref would write, or the count as it stands where the game did not
            // reach its end (a resignation, a record that stops): marked so.
            let counted = match &c.re {
                Some(re) => re.clone(),
                None => format!("{} as it stands", c.count),
            };
            [
                c.file.clone(),
                c.game.to_string(),
                c.black_player.clone().unwrap_or_else(|| "-".into()),
                c.white_player.clone().unwrap_or_else(|| "-".into()),
                c.rules.clone(),
                c.result.recorded.clone().unwrap_or_else(|| "-".into()),
                counted,
                c.result.status.as_str().to_string(),
            ]
        })
        .collect();
    let mut widths: Vec<usize> = header.iter().map(|h| h.width()).collect();
    for row in &rows {
        for (w, cell) in widths.iter_mut().zip(row) {
            *w = (*w).max(cell.width());
        }
    }
    let mut out = String::new();
    let mut line = |cells: &[&str]| {
        let mut text = String::new();
        for (i, (cell, w)) in cells.iter().zip(&widths).enumerate() {
            if i > 0 {
                text.push_str("  ");
            }
            text.push_str(cell);
            // Left-aligned columns; no padding after the last.
            if i + 1 < cells.len() {
                text.push_str(&" ".repeat(w - cell.width()));
            }
        }
        let _ = writeln!(out, "{}", text.trim_end());
    };
    line(&header);
    for row in &rows {
        let cells: Vec<&str> = row.iter().map(String::as_str).collect();
        line(&cells);
    }
    let tally = |status: &str| {
        cards
            .iter()
            .filter(|c| c.result.status.as_str() == status)
            .count()
    };
    let _ = writeln!(
        out,
        "{}: {} agree, {} mismatch, {} unverified, {} not compared",
        out::plural(cards.len() as u64, "game"),
        tally("agrees"),
        tally("mismatch"),
        tally("unverified"),
        tally("not-comparable") + tally("unknown")
    );
    out
}
