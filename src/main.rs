//! The `goref` binary: parses the command line and hands each subcommand to the
//! library. Errors become messages and exit statuses here and nowhere else.

mod cli;

// The check allocates many small, short-lived values per game (records, findings,
// report strings). mimalloc (version 2, without transparent huge pages, which would
// inflate RSS) checks the corpus about 10% faster than the system allocator at the
// same peak RSS; figures in docs/performance.md.
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

use std::process::ExitCode;

fn main() -> ExitCode {
    cli::main()
}
