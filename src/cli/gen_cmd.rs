//! `goref completions SHELL` and `goref man`: generated from the clap definitions, so
//! they cannot drift from `--help`.

use super::args::{Cli, CompletionsArgs};
use super::out;
use anyhow::Result;
use clap::CommandFactory;
use std::process::ExitCode;

pub fn completions(args: &CompletionsArgs) -> Result<ExitCode> {
    let mut command = Cli::command();
    let mut script = Vec::new();
    clap_complete::generate(args.shell, &mut command, "goref", &mut script);
    out::print(&String::from_utf8_lossy(&script))?;
    Ok(ExitCode::SUCCESS)
}

pub fn man() -> Result<ExitCode> {
    let command = Cli::command();
    let mut page = Vec::new();
    clap_mangen::Man::new(command).render(&mut page)?;
    out::print(&String::from_utf8_lossy(&page))?;
    Ok(ExitCode::SUCCESS)
}
