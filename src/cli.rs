//! Command-line interface: each flag is defined once (in `args`), and `--help` is
//! generated from those definitions.

mod appeal_cmd;
mod args;
mod check_cmd;
mod common;
mod config;
mod explain_cmd;
mod gen_cmd;
mod out;
mod progress;
mod rules_cmd;
mod score_cmd;
mod signals;
mod summary_text;
mod tournament_cmd;

use args::{Cli, Command};
use clap::FromArgMatches;
use std::process::ExitCode;

/// Exit status for usage errors, paths that do not exist or yield no SGF file, and
/// outputs that cannot be written (clap uses 2 as well).
pub const EXIT_USAGE: u8 = 2;

/// Exit status for a run that could not finish (an output could not be written, ...).
pub const EXIT_FAILURE: u8 = 1;

/// What clap's `exit` does, except that `--help` and `--version` are written through
/// [`out::print`]: clap ignores a failed write and exits 0, so `goref --help >/dev/full`
/// passed for success. A closed pipe (`goref --help | head -1`) stays quiet and
/// successful, as for every other output.
fn clap_exit(e: &clap::Error) -> ExitCode {
    use clap::error::ErrorKind;
    if !matches!(e.kind(), ErrorKind::DisplayHelp | ErrorKind::DisplayVersion) {
        // Usage errors (and help shown for a missing subcommand) go to stderr.
        let _ = e.print();
        return ExitCode::from(u8::try_from(e.exit_code()).unwrap_or(EXIT_USAGE));
    }
    let styled = e.render();
    let text = if std::io::IsTerminal::is_terminal(&std::io::stdout()) {
        styled.ansi().to_string()
    } else {
        styled.to_string()
    };
    match out::print(&text) {
        Ok(()) => ExitCode::SUCCESS,
        Err(err) if err.downcast_ref::<out::ClosedPipe>().is_some() => ExitCode::SUCCESS,
        Err(err) => {
            out::eprint(&format!("goref: {err:#}\n"));
            ExitCode::from(EXIT_USAGE)
        }
    }
}

/// A mistake in the command line: exit status 2.
#[derive(Debug, thiserror::Error)]
#[error("{0}")]
pub struct UsageError(pub String);

pub fn main() -> ExitCode {
    // The matches say which settings the command line gave: those win over a
    // configuration file (`goref check`).
    let matches = match <Cli as clap::CommandFactory>::command().try_get_matches() {
        Ok(matches) => matches,
        Err(e) => return clap_exit(&e),
    };
    let cli = match Cli::from_arg_matches(&matches) {
        Ok(cli) => cli,
        Err(e) => return clap_exit(&e),
    };
    let color = cli.color;
    let outcome = match cli.command {
        Command::Check(a) => check_cmd::run(&a, color, matches.subcommand_matches("check")),
        Command::Tournament(a) => tournament_cmd::run(&a, color),
        Command::Score(a) => score_cmd::run(&a),
        Command::Appeal(a) => appeal_cmd::run(&a),
        Command::Rules(a) => rules_cmd::run(&a),
        Command::Explain(a) => explain_cmd::run(&a),
        Command::Completions(a) => gen_cmd::completions(&a),
        Command::Man(a) => gen_cmd::man(&a),
    };
    match outcome {
        Ok(code) => code,
        // `goref ... | head`: the reader has what it wanted; stop without a word.
        Err(err) if err.downcast_ref::<out::ClosedPipe>().is_some() => ExitCode::SUCCESS,
        Err(err) => {
            // A file name in the message is shown, never acted on by the terminal.
            let message = format!("goref: {err:#}\n");
            out::eprint(&goref_core::present::inert_lines(message));
            if err.downcast_ref::<UsageError>().is_some()
                || err.downcast_ref::<out::WriteFailure>().is_some()
            {
                ExitCode::from(EXIT_USAGE)
            } else {
                ExitCode::from(EXIT_FAILURE)
            }
        }
    }
}
