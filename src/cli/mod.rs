//! Command-line interface: each flag is defined once (in `args`), and `--help` is
//! generated from those definitions.

mod args;
mod explain_cmd;
mod rules_cmd;

use args::{Cli, Command};
use clap::Parser;
use std::process::ExitCode;

/// Exit status for usage errors and paths that do not exist (clap uses 2 as well).
pub const EXIT_USAGE: u8 = 2;

pub fn main() -> ExitCode {
    let cli = Cli::parse();
    let outcome = match cli.command {
        Command::Rules(a) => rules_cmd::run(&a),
        Command::Explain(a) => explain_cmd::run(&a),
    };
    match outcome {
        Ok(code) => code,
        Err(err) => {
            eprintln!("goref: {err:#}");
            ExitCode::from(EXIT_USAGE)
        }
    }
}
