//! `goref rules [NAME]`.

use super::args::{Format, RulesArgs};
use anyhow::Result;
use goref::rules::{self, PRESETS};
use std::process::ExitCode;

pub fn run(args: &RulesArgs) -> Result<ExitCode> {
    super::common::refuse_html(args.format, "rules")?;
    let chosen: Vec<&rules::Preset> = match &args.name {
        Some(name) => vec![rules::preset(name).ok_or_else(|| {
            super::UsageError(format!(
                "unknown rules `{name}`; known presets: {}",
                PRESETS
                    .iter()
                    .map(|p| p.name)
                    .collect::<Vec<_>>()
                    .join(", ")
            ))
        })?],
        None => PRESETS.iter().collect(),
    };
    match args.format {
        Format::Text if args.name.is_some() => print!("{}", rules::describe(chosen[0], true)),
        Format::Text => print!("{}", rules::describe_all()),
        Format::Json | Format::Jsonl | Format::Html => {
            let values: Vec<_> = chosen.iter().map(|p| rules::preset_json(p)).collect();
            let out = if args.name.is_some() {
                values.into_iter().next().unwrap_or_default()
            } else {
                serde_json::Value::Array(values)
            };
            println!("{}", serde_json::to_string_pretty(&out)?);
        }
    }
    Ok(ExitCode::SUCCESS)
}
