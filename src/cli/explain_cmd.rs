//! `goref explain CODE` and `goref explain --list`.

use super::args::{parse_code, DataFormat as Format, ExplainArgs};
use super::out;
use anyhow::Result;
use goref_core::findings;
use std::process::ExitCode;

pub fn run(args: &ExplainArgs) -> Result<ExitCode> {
    if args.list {
        let all = findings::CodeInfo::registry_json();
        match args.format {
            Format::Json => out::print_json(&all, false)?,
            Format::Jsonl => {
                for one in all.as_array().into_iter().flatten() {
                    out::print_json(one, true)?;
                }
            }
            Format::Text | Format::Full => out::print(&findings::CodeInfo::list_text())?,
        }
        return Ok(ExitCode::SUCCESS);
    }
    let name = args.code.as_deref().unwrap_or_default();
    // Case-insensitive, with a "did you mean" for a misspelt code.
    let code = parse_code(name).map_err(super::UsageError)?;
    let info = code.info();
    if args.format.is_json() {
        let all = findings::CodeInfo::registry_json();
        let one = all
            .as_array()
            .and_then(|a| a.iter().find(|v| v["code"] == info.name))
            .cloned()
            .unwrap_or_default();
        out::print_json(&one, args.format == Format::Jsonl)?;
    } else {
        out::print(&info.explain())?;
    }
    Ok(ExitCode::SUCCESS)
}
