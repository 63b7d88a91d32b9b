//! The whole check of one file: read → referee every game → one report per game.
//! This is what `goref check` runs on each file, in parallel.

use crate::findings::{Code, Finding, Severity};
use crate::reader::{self, ReadOptions};
use crate::referee::{self, RefereeOptions};
use crate::report::GameReport;
use std::collections::{BTreeMap, BTreeSet};

/// Everything that shapes a check.
#[derive(Clone, Debug, Default)]
pub struct CheckOptions {
    pub read: ReadOptions,
    pub referee: RefereeOptions,
    /// Add the final position to each report.
    pub with_board: bool,
    /// `--severity CODE=LEVEL`.
    pub severities: BTreeMap<Code, Severity>,
    /// `--ignore CODE` and `--severity CODE=off`: findings of these codes are dropped.
    pub ignored: BTreeSet<Code>,
}

/// Checks one file's bytes. Always returns at least one report: a file with no
/// readable game gets one report holding its findings.
pub fn check_bytes(file: &str, bytes: &[u8], opts: &CheckOptions) -> Vec<GameReport> {
    let read = reader::read(bytes, &opts.read);
    let charset = read.charset;
    let mut reports: Vec<GameReport> = read
        .games
        .into_iter()
        .map(|record| {
            let refereed = referee::referee(&record, &opts.referee);
            GameReport::new(file, &charset, record, refereed, opts.with_board)
        })
        .collect();
    match reports.first_mut() {
        Some(first) => {
            // File-level findings (charset, junk outside game trees) belong to the
            // file; they are reported once, with its first game.
            let mut findings = read.file_findings;
            findings.append(&mut first.findings);
            first.findings = findings;
        }
        None => {
            let mut findings = read.file_findings;
            // Not SGF at all: its charset guess is noise; the one finding says it all.
            if findings.iter().any(|f| f.message == crate::sgf::NOT_SGF) {
                findings.retain(|f| f.message == crate::sgf::NOT_SGF);
            }
            reports.push(GameReport::file_only(file, Some(&charset), findings))
        }
    }
    for r in &mut reports {
        r.findings.retain(|f| !opts.ignored.contains(&f.code));
        r.apply_severities(&opts.severities);
    }
    reports
}

/// The report of a file that could not be read.
pub fn io_error(file: &str, error: &str) -> GameReport {
    GameReport::file_only(
        file,
        None,
        vec![Finding::new(
            Code::IoError,
            format!("cannot read {file}: {error}"),
        )],
    )
}

/// The report of a file whose check panicked (a bug in goref); the batch goes on.
pub fn internal_error(file: &str, message: &str) -> GameReport {
    GameReport::file_only(
        file,
        None,
        vec![Finding::new(
            Code::InternalError,
            format!("goref failed on {file}: {message}. Please report this with the file attached"),
        )],
    )
}
