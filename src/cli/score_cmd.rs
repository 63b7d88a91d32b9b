//! `goref score FILE`, and `goref score PATH...` over a round.

use super::args::{DataFormat as Format, ScoreArgs};
use super::{out, UsageError};
use anyhow::{Context, Result};
use goref_batch::{Input, InputOptions};
use goref_core::check::RefereeOptions;
use goref_core::present::inert_lines;
use goref_core::present::ScoreCard;
use goref_core::read::GameRecord;
use std::path::Path;
use std::process::ExitCode;

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
    let options = options(args)?;
    let card = match args.dead.as_deref().filter(|d| !super::common::is_none(d)) {
        Some(claimed) => ScoreCard::with_claimed_dead(name, record, &options, claimed)
            .map_err(|e| UsageError(format!("--dead: {e}")))?,
        None => ScoreCard::of(name, record, &options),
    };
    card.ok_or_else(|| {
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
                        format!("game {}: {why}", record.game()),
                    ));
                }
            }
        }
    }
    match args.format {
        Format::Jsonl => {}
        Format::Json => out::print_json(&cards, false).context("writing the scores")?,
        Format::Text | Format::Full => out::print(&inert_lines(ScoreCard::round_table(&cards)))?,
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
