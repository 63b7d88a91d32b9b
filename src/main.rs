//! The `goref` binary: parses the command line and hands each subcommand to the
//! library. Errors become messages and exit statuses here and nowhere else.

mod cli;

use std::process::ExitCode;

fn main() -> ExitCode {
    cli::main()
}
