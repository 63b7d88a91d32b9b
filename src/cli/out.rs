//! Writing what goref prints, without ever panicking: `print!` panics on a closed pipe
//! or a full disk. Every subcommand writes through here.
//!
//! - A closed pipe (`goref ... | head`) ends the command quietly, as other Unix tools do.
//! - Any other write error (a full disk, an unwritable `-o`) is a [`WriteFailure`] that
//!   names where goref was writing; it exits with status 2.
//! - Messages on stderr are best effort: a closed stderr loses them but never panics.

use super::args::ColorChoice;
use std::io::{self, IsTerminal, Write};
use std::path::Path;

/// A write to standard output or a file failed for a reason other than a closed pipe.
#[derive(Debug, thiserror::Error)]
#[error("cannot write {target}")]
pub struct WriteFailure {
    /// `standard output`, or the path.
    pub target: String,
    #[source]
    pub source: io::Error,
}

/// The reader of standard output went away (`| head`): stop, quietly.
#[derive(Debug, thiserror::Error)]
#[error("standard output was closed")]
pub struct ClosedPipe;

/// Turns an I/O error on `target` into [`ClosedPipe`] or [`WriteFailure`].
pub fn write_error(target: impl Into<String>, e: io::Error) -> anyhow::Error {
    if e.kind() == io::ErrorKind::BrokenPipe {
        ClosedPipe.into()
    } else {
        WriteFailure {
            target: target.into(),
            source: e,
        }
        .into()
    }
}

/// The name of an output target in messages.
pub fn target_name(path: Option<&Path>) -> String {
    match path {
        None => "standard output".into(),
        Some(p) if p == Path::new("-") => "standard output".into(),
        Some(p) => p.display().to_string(),
    }
}

/// Writes all of `text` to standard output and flushes it.
pub fn print(text: &str) -> anyhow::Result<()> {
    let mut stdout = io::stdout().lock();
    stdout
        .write_all(text.as_bytes())
        .and_then(|()| stdout.flush())
        .map_err(|e| write_error("standard output", e))
}

/// `print` with a final newline.
pub fn println(text: &str) -> anyhow::Result<()> {
    let mut line = String::with_capacity(text.len() + 1);
    line.push_str(text);
    line.push('\n');
    print(&line)
}

/// Serialises `value` as one JSON document (pretty) or one JSON Lines record.
pub fn print_json<T: serde::Serialize + ?Sized>(value: &T, lines: bool) -> anyhow::Result<()> {
    let text = if lines {
        serde_json::to_string(value)?
    } else {
        serde_json::to_string_pretty(value)?
    };
    println(&text)
}

/// Best-effort message on stderr (never panics, even when stderr is closed).
pub fn eprint(text: &str) {
    let mut stderr = io::stderr().lock();
    let _ = stderr.write_all(text.as_bytes());
    let _ = stderr.flush();
}

/// Whether to colour text written to standard output.
pub fn use_color(choice: ColorChoice, to_stdout: bool) -> bool {
    match choice {
        ColorChoice::Always => true,
        ColorChoice::Never => false,
        ColorChoice::Auto => {
            // https://no-color.org: any non-empty NO_COLOR turns colour off.
            let no_color = std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty());
            to_stdout && !no_color && !dumb_terminal() && io::stdout().is_terminal()
        }
    }
}

/// `TERM=dumb` (Emacs shells, some CI consoles): no escape sequences, no redrawn bars.
pub fn dumb_terminal() -> bool {
    std::env::var_os("TERM").is_some_and(|t| t == "dumb")
}

/// English plural: `plural(1, "file")` → `1 file`, `plural(3, "file")` → `3 files`.
pub fn plural(n: u64, word: &str) -> String {
    if n == 1 {
        format!("{n} {word}")
    } else if word.ends_with('s') || word.ends_with('x') || word.ends_with("ch") {
        format!("{n} {word}es")
    } else {
        format!("{n} {word}s")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plural_forms() {
        assert_eq!(plural(1, "file"), "1 file");
        assert_eq!(plural(0, "file"), "0 files");
        assert_eq!(plural(2, "pass"), "2 passes");
    }

    #[test]
    fn broken_pipe_is_quiet_and_other_errors_name_the_target() {
        let e = write_error("x", io::Error::from(io::ErrorKind::BrokenPipe));
        assert!(e.downcast_ref::<ClosedPipe>().is_some());
        let e = write_error("/dev/full", io::Error::other("No space left on device"));
        assert!(e.to_string().contains("/dev/full"));
        assert!(e.downcast_ref::<WriteFailure>().is_some());
    }
}
