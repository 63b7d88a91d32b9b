//! `goref explain CODE` and `goref explain --list`.

use super::args::{ExplainArgs, Format};
use anyhow::Result;
use goref::findings::{self, Code};
use std::process::ExitCode;

pub fn run(args: &ExplainArgs) -> Result<ExitCode> {
    super::common::refuse_html(args.format, "explain")?;
    if args.list {
        match args.format {
            Format::Text => print!("{}", findings::explain_list()),
            _ => println!(
                "{}",
                serde_json::to_string_pretty(&findings::registry_json())?
            ),
        }
        return Ok(ExitCode::SUCCESS);
    }
    let name = args.code.as_deref().unwrap_or_default();
    let code = Code::from_name(name.trim()).ok_or_else(|| {
        super::UsageError(format!(
            "unknown finding code `{name}`; `goref explain --list` lists them"
        ))
    })?;
    let info = code.info();
    match args.format {
        Format::Text => print!("{}", findings::explain(info)),
        _ => {
            let all = findings::registry_json();
            let one = all
                .as_array()
                .and_then(|a| a.iter().find(|v| v["code"] == info.name))
                .cloned()
                .unwrap_or_default();
            println!("{}", serde_json::to_string_pretty(&one)?);
        }
    }
    Ok(ExitCode::SUCCESS)
}
