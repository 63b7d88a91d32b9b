//! Command-line interface: each flag is defined once (in `args`), and `--help` is
//! generated from those definitions.

mod appeal_cmd;
mod args;
mod check_cmd;
mod common;
mod explain_cmd;
mod gen_cmd;
mod out;
mod rules_cmd;
mod score_cmd;
mod summary_text;

use args::{Cli, Command};
use clap::Parser;
use std::process::ExitCode;

/// Exit status for usage errors, paths that do not exist or yield no SGF file, and
/// outputs that cannot be written (clap uses 2 as well).
pub const EXIT_USAGE: u8 = 2;

/// Exit status for a run that could not finish (an output could not be written, ...).
pub const EXIT_FAILURE: u8 = 1;

/// A mistake in the command line: exit status 2.
#[derive(Debug, thiserror::Error)]
#[error("{0}")]
pub struct UsageError(pub String);

pub fn main() -> ExitCode {
    let cli = Cli::parse();
    let color = cli.color;
    let outcome = match cli.command {
        Command::Check(a) => check_cmd::run(&a, color),
        Command::Score(a) => score_cmd::run(&a),
        Command::Appeal(a) => appeal_cmd::run(&a),
        Command::Rules(a) => rules_cmd::run(&a),
        Command::Explain(a) => explain_cmd::run(&a),
        Command::Completions(a) => gen_cmd::completions(&a),
        Command::Man => gen_cmd::man(),
    };
    match outcome {
        Ok(code) => code,
        // `goref ... | head`: the reader has what it wanted; stop without a word.
        Err(err) if err.downcast_ref::<out::ClosedPipe>().is_some() => ExitCode::SUCCESS,
        Err(err) => {
            // A file name in the message is shown, never acted on by the terminal.
            let message = format!("goref: {err:#}\n");
            out::eprint(&goref::internal::present::inert::inert_lines(message));
            if err.downcast_ref::<UsageError>().is_some()
                || err.downcast_ref::<out::OutputError>().is_some()
            {
                ExitCode::from(EXIT_USAGE)
            } else {
                ExitCode::from(EXIT_FAILURE)
            }
        }
    }
}
