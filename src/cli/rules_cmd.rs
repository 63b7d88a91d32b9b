//! `goref rules [NAME]`.

use super::args::{DataFormat as Format, RulesArgs};
use super::out;
use anyhow::Result;
use goref_core::rules::{self, Preset};
use std::process::ExitCode;

pub fn run(args: &RulesArgs) -> Result<ExitCode> {
    let chosen: Vec<&rules::Preset> = match &args.name {
        Some(name) => {
            vec![rules::Preset::lookup(name).map_err(|e| super::UsageError(e.to_string()))?]
        }
        None => Preset::ALL.iter().collect(),
    };
    let values: Vec<_> = chosen.iter().map(|p| p.to_json()).collect();
    match args.format {
        Format::Text | Format::Full if args.name.is_some() => {
            out::print(&chosen[0].describe(true))?
        }
        Format::Text | Format::Full => out::print(&rules::Preset::describe_all())?,
        // One preset: the object itself; every preset: an array.
        Format::Json if args.name.is_some() => out::print_json(&values[0], false)?,
        Format::Json => out::print_json(&values, false)?,
        Format::Jsonl => {
            for v in &values {
                out::print_json(v, true)?;
            }
        }
    }
    Ok(ExitCode::SUCCESS)
}
