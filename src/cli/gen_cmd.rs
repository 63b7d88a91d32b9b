//! `goref completions SHELL` and `goref man`: generated from the clap definitions, so
//! they cannot drift from `--help`.
//!
//! `goref man` prints goref(1); `goref man --dir DIR` writes one page per command,
//! goref.1, goref-check.1, goref-score.1, …, each with its options, exit statuses and
//! examples (taken from the command's `Examples:` help), and a SEE ALSO that names
//! only pages written beside it.

use super::args::{Cli, CompletionsArgs, ManArgs};
use super::out::{self, write_error};
use anyhow::Result;
use clap::CommandFactory;
use std::fmt::Write as _;
use std::path::Path;
use std::process::ExitCode;

pub fn completions(args: &CompletionsArgs) -> Result<ExitCode> {
    let mut command = Cli::command();
    let mut script = Vec::new();
    clap_complete::generate(args.shell, &mut command, "goref", &mut script);
    out::print(&String::from_utf8_lossy(&script))?;
    Ok(ExitCode::SUCCESS)
}

pub fn man(args: &ManArgs) -> Result<ExitCode> {
    let pages = pages()?;
    let Some(dir) = &args.dir else {
        // goref(1) alone: the first page is the main one.
        out::print(&pages[0].1)?;
        return Ok(ExitCode::SUCCESS);
    };
    std::fs::create_dir_all(dir).map_err(|e| write_error(dir.display().to_string(), e))?;
    for (name, text) in &pages {
        write_page(&dir.join(name), text)?;
    }
    let names: Vec<&str> = pages.iter().map(|(n, _)| n.as_str()).collect();
    out::eprint(&format!(
        "goref: wrote {} to {} ({}); e.g. `man -l {}`\n",
        out::plural(pages.len() as u64, "manual page"),
        dir.display(),
        names.join(", "),
        dir.join("goref-check.1").display()
    ));
    Ok(ExitCode::SUCCESS)
}

/// Writes a page atomically (a page half-written by a full disk is not left behind).
fn write_page(path: &Path, text: &str) -> Result<()> {
    use std::io::Write;
    let target = path.display().to_string();
    let mut file = goref_batch::AtomicFile::create(path).map_err(|e| write_error(&*target, e))?;
    file.write_all(text.as_bytes())
        .and_then(|()| file.commit())
        .map_err(|e| write_error(target, e))
}

/// Every page as (file name, roff): goref.1 first, then one per subcommand.
fn pages() -> Result<Vec<(String, String)>> {
    let mut cli = Cli::command().disable_help_subcommand(true);
    // Building gives each subcommand its display name, `goref-check`.
    cli.build();
    let subcommands: Vec<clap::Command> = cli
        .get_subcommands()
        .filter(|s| !s.is_hide_set())
        .cloned()
        .collect();
    let sub_pages: Vec<String> = subcommands.iter().map(page_name).collect();
    let mut pages = vec![("goref.1".to_string(), render(&cli, "goref", &sub_pages)?)];
    for sub in &subcommands {
        let name = page_name(sub);
        pages.push((
            format!("{name}.1"),
            render(sub, sub.get_name(), &["goref".into()])?,
        ));
    }
    Ok(pages)
}

/// `goref-check` for `check`, `goref` for the main command.
fn page_name(cmd: &clap::Command) -> String {
    cmd.get_display_name()
        .unwrap_or_else(|| cmd.get_name())
        .to_string()
}

/// One page: clap_mangen's title, name, synopsis, description, options and
/// subcommands, then goref's own EXIT STATUS, EXAMPLES and SEE ALSO.
fn render(cmd: &clap::Command, name: &str, see_also: &[String]) -> Result<String> {
    let man = clap_mangen::Man::new(cmd.clone())
        .source(format!("goref {}", env!("CARGO_PKG_VERSION")))
        .manual("goref manual");
    let mut page = Vec::new();
    man.render_title(&mut page)?;
    man.render_name_section(&mut page)?;
    man.render_synopsis_section(&mut page)?;
    man.render_description_section(&mut page)?;
    if cmd.get_arguments().any(|a| !a.is_hide_set()) {
        man.render_options_section(&mut page)?;
    }
    if cmd.has_subcommands() {
        man.render_subcommands_section(&mut page)?;
    }
    let mut page = String::from_utf8_lossy(&page).into_owned();
    let help = cmd
        .get_after_long_help()
        .or_else(|| cmd.get_after_help())
        .map(|h| h.to_string())
        .unwrap_or_default();
    let (mut examples, notes) = split_examples(&help);
    if name == "goref" {
        // The main page shows each command's first example.
        for sub in cmd.get_subcommands() {
            let help = sub
                .get_after_help()
                .map(|h| h.to_string())
                .unwrap_or_default();
            examples.extend(split_examples(&help).0.into_iter().take(1));
        }
    }
    exit_status_section(&mut page, name);
    if !examples.is_empty() {
        page.push_str(".SH EXAMPLES\n");
        for (command, comment) in examples {
            let _ = writeln!(page, ".PP\n\\fB{}\\fR", roff_text(&command));
            if !comment.is_empty() {
                let _ = writeln!(page, ".RS\n{}\n.RE", roff_line(&comment));
            }
        }
    }
    if !notes.is_empty() {
        page.push_str(".SH NOTES\n");
        for line in notes {
            let _ = writeln!(page, "{}", roff_line(&line));
        }
    }
    if !see_also.is_empty() {
        let refs: Vec<String> = see_also
            .iter()
            .map(|p| format!("\\fB{}\\fR(1)", roff_text(p)))
            .collect();
        let _ = writeln!(page, ".SH \"SEE ALSO\"\n{}", refs.join(", "));
    }
    Ok(ascii_roff(&page))
}

/// Characters outside ASCII as roff's `\[uXXXX]` escapes: groff reads a page as Latin-1
/// (or warns), so `…` and `→` in the help would come out garbled.
fn ascii_roff(page: &str) -> String {
    let mut out = String::with_capacity(page.len());
    for c in page.chars() {
        if c.is_ascii() {
            out.push(c);
        } else {
            let _ = write!(out, "\\[u{:04X}]", c as u32);
        }
    }
    out
}

/// The `Examples:` lines of a command's help as (command, comment), and the other lines.
/// An example line is indented; its comment follows two or more spaces.
fn split_examples(help: &str) -> (Vec<(String, String)>, Vec<String>) {
    let mut examples = Vec::new();
    let mut notes = Vec::new();
    let mut in_examples = false;
    for line in help.lines() {
        if line.trim_end() == "Examples:" {
            in_examples = true;
            continue;
        }
        if in_examples && line.starts_with("  ") {
            let text = line.trim();
            let (command, comment) = match text.find("  ") {
                Some(at) => (&text[..at], text[at..].trim()),
                None => (text, ""),
            };
            examples.push((command.to_string(), comment.to_string()));
            continue;
        }
        in_examples = false;
        if !line.trim().is_empty() {
            notes.push(line.trim().to_string());
        }
    }
    (examples, notes)
}

/// What each command's exit status means (docs/batch.md and the README say the same).
fn exit_statuses(name: &str) -> &'static [(&'static str, &'static str)] {
    match name {
        "check" => &[
            ("0", "No finding reaches \\-\\-fail\\-on (error by default)."),
            ("1", "A finding reaches \\-\\-fail\\-on, or the run could not finish."),
            ("2", "A usage error, a path that does not exist or holds no file to check (the other paths are checked first), or an output that cannot be written."),
            ("130", "Interrupted (SIGINT or SIGTERM): the outputs cover the files done."),
        ],
        "tournament" => &[
            ("0", "No finding reaches \\-\\-fail\\-on (error by default)."),
            ("1", "A finding reaches \\-\\-fail\\-on, or the run could not finish."),
            ("2", "A usage error, a results file that cannot be read, a path that does not exist or holds no record, or an output that cannot be written."),
        ],
        "score" => &[
            ("0", "Every game was counted."),
            ("1", "The command could not finish."),
            ("2", "A usage error, a path that does not exist or holds no record, a game that cannot be scored, or an output that cannot be written."),
        ],
        _ => &[
            ("0", "Success."),
            ("1", "The command could not finish."),
            ("2", "A usage error (an unknown name, a missing file), or an output that cannot be written."),
        ],
    }
}

fn exit_status_section(page: &mut String, name: &str) {
    page.push_str(".SH \"EXIT STATUS\"\n");
    let statuses: &[(&str, &str)] = if name == "goref" {
        &[
            ("0", "Success."),
            ("1", "\\fBgoref check\\fR: a finding reaches \\-\\-fail\\-on; any command: it could not finish."),
            ("2", "A usage error, a path that does not exist, or an output that cannot be written (clap's own usage errors included)."),
            ("130", "\\fBgoref check\\fR was interrupted."),
        ]
    } else {
        exit_statuses(name)
    };
    for (status, meaning) in statuses {
        // The meanings above are roff already (their dashes escaped).
        let _ = writeln!(page, ".TP\n\\fB{status}\\fR\n{meaning}");
    }
}

/// Text escaped for roff: backslashes, and dashes (so that `--rules` stays two hyphens).
fn roff_text(text: &str) -> String {
    text.replace('\\', "\\e").replace('-', "\\-")
}

/// A line of running text: escaped, and protected where it starts with `.` or `'`,
/// which roff would read as a request.
fn roff_line(text: &str) -> String {
    let escaped = roff_text(text);
    if escaped.starts_with(['.', '\'']) {
        format!("\\&{escaped}")
    } else {
        escaped
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn examples_are_split_from_their_comments_and_notes_kept() {
        let (examples, notes) = split_examples(
            "Examples:\n  goref check game.sgf        rules from RU\n  goref man > goref.1\n\nFinding codes: `goref explain --list`.",
        );
        assert_eq!(
            examples,
            [
                (
                    "goref check game.sgf".to_string(),
                    "rules from RU".to_string()
                ),
                ("goref man > goref.1".to_string(), String::new()),
            ]
        );
        assert_eq!(notes, ["Finding codes: `goref explain --list`."]);
    }

    #[test]
    fn pages_are_ascii_with_unicode_escapes() {
        assert_eq!(ascii_roff("a … b"), "a \\[u2026] b");
        for (name, text) in pages().unwrap() {
            assert!(text.is_ascii(), "{name}");
        }
    }

    #[test]
    fn roff_escapes_dashes_backslashes_and_leading_dots() {
        assert_eq!(roff_text("--dead a\\b"), "\\-\\-dead a\\eb");
        assert_eq!(roff_line(".hidden"), "\\&.hidden");
    }

    #[test]
    fn one_page_per_command_each_with_exit_status_and_examples() {
        let pages = pages().unwrap();
        let names: Vec<&str> = pages.iter().map(|(n, _)| n.as_str()).collect();
        assert_eq!(
            names,
            [
                "goref.1",
                "goref-check.1",
                "goref-tournament.1",
                "goref-score.1",
                "goref-appeal.1",
                "goref-rules.1",
                "goref-explain.1",
                "goref-completions.1",
                "goref-man.1"
            ]
        );
        for (name, text) in &pages {
            for section in [
                ".SH NAME",
                ".SH SYNOPSIS",
                ".SH \"EXIT STATUS\"",
                ".SH EXAMPLES",
                ".SH \"SEE ALSO\"",
            ] {
                assert!(text.contains(section), "{name}: no {section}");
            }
        }
    }
}
