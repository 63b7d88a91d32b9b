//! The whole check of one file: read → referee every game → one report per game.
//! This is what `goref check` runs on each file, in parallel; a file too large to hold
//! whole is read and checked game tree by game tree ([`Trees`], [`Tree::check`]; the crate
//! `goref-batch` checks the trees on several threads).

use crate::count;
pub use crate::count::options::RefereeOptions;
use crate::findings::{Code, Finding, Severity};
use crate::present::report::GameReport;
use crate::read::reader::{self, Charset, ReadOptions};
use crate::read::record::GameRecord;
use crate::read::stream::{Piece, TreeStream};
use std::collections::{BTreeMap, BTreeSet};
use std::io::Read;

/// Everything that shapes a check.
///
/// ```
/// use goref_core::check::CheckOptions;
/// use goref_core::findings::{Code, Severity};
///
/// let mut opts = CheckOptions::default();
/// opts.referee.rules = Some("japanese".into()); // whatever RU says
/// opts.severities.insert(Code::KomiDiffers, Severity::Warning);
/// let sgf = b"(;GM[1]FF[4]SZ[9]KM[0.5]RE[B+R];B[ee];W[ce])";
/// let report = &goref_core::check_bytes("game.sgf", sgf, &opts)[0];
/// let komi = report.findings().iter().find(|f| f.code == Code::KomiDiffers).unwrap();
/// assert_eq!(komi.severity, Severity::Warning);
/// ```
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
///
/// ```
/// use goref_core::{check_bytes, CheckOptions};
///
/// // Two games in one file, the second with an illegal move.
/// let sgf = b"(;GM[1]FF[4]SZ[9]RE[B+R];B[ee])(;GM[1]FF[4]SZ[9];B[ee];W[ee])";
/// let reports = check_bytes("two.sgf", sgf, &CheckOptions::default());
/// assert_eq!(reports.len(), 2);
/// assert_eq!(reports[1].game(), Some(2));
/// let illegal = reports[1].findings().iter().find(|f| f.code.as_str() == "occupied-point").unwrap();
/// assert_eq!((illegal.move_number, illegal.line, illegal.column), (Some(2), Some(1), Some(57)));
/// // A file with no game is still a report, with a finding.
/// let empty = check_bytes("empty.sgf", b"", &CheckOptions::default());
/// assert_eq!(empty.len(), 1);
/// assert!(!empty[0].findings().is_empty());
///
/// // A file on disk, under rules chosen by name instead of the record's RU.
/// let mut opts = CheckOptions::default();
/// opts.referee.rules = Some("chinese".into());
/// let path = "testdata/clean-9x9.sgf";
/// let reports = check_bytes(path, &std::fs::read(path).unwrap(), &opts);
/// assert_eq!(reports[0].rules().unwrap().name, "chinese");
/// ```
pub fn check_bytes(file: &str, bytes: &[u8], opts: &CheckOptions) -> Vec<GameReport> {
    reader::read_lazy(bytes, &opts.read, |read, loc| {
        let locate = |pos| loc.resolve(pos);
        check_games(
            file,
            &read.charset,
            read.games,
            read.file_findings,
            opts,
            &locate,
        )
    })
}

/// The report of the first game of `sgf`, checked with the default options: the unit
/// tests' way to a report.
#[cfg(test)]
pub(crate) fn first_report(sgf: &[u8]) -> GameReport {
    check_bytes("test.sgf", sgf, &CheckOptions::default()).swap_remove(0)
}

/// Referees games read together (a file, or one game tree of a streamed file): one
/// report per game, the findings outside any game first in the first report; a
/// report of those findings alone when there is no game.
fn check_games(
    file: &str,
    charset: &Charset,
    games: Vec<GameRecord>,
    outside: Vec<Finding>,
    opts: &CheckOptions,
    locate: count::judge::Locate<'_>,
) -> Vec<GameReport> {
    let mut reports: Vec<GameReport> = games
        .into_iter()
        .map(|record| {
            let refereed = count::referee_located(&record, &opts.referee, locate);
            GameReport::new(file, charset, record, refereed, opts.with_board)
        })
        .collect();
    match reports.first_mut() {
        Some(first) => {
            // File-level findings (charset, junk outside game trees) belong to the
            // file; they are reported once, with its first game (streamed: with the
            // game tree they come before, or the last one for the file's end).
            let mut findings = outside;
            findings.append(&mut first.findings);
            first.findings = findings;
        }
        None => reports.push(GameReport::file_only(file, Some(charset), outside)),
    }
    for r in &mut reports {
        r.apply_options(opts);
    }
    reports
}

/// The game trees of one file, read one at a time from `prefix` (its start, already read)
/// and `rest` (the remainder): memory is bounded by the largest tree, not by the file.
/// Each [`Tree`] is checked on its own with [`Tree::check`], on any thread.
///
/// ```
/// use goref_core::check::{CheckOptions, Trees};
///
/// let file = b"(;SZ[9]RE[B+R];B[ee])(;SZ[9];B[ee];W[ee])";
/// let opts = CheckOptions::default();
/// let (start, rest) = file.split_at(10);
/// let reports: Vec<_> = Trees::new(start, rest, &opts)
///     .flat_map(|tree| tree.check("big.sgf", &opts))
///     .collect();
/// assert_eq!(reports.len(), 2);
/// assert!(reports[1].findings().iter().any(|f| f.code.as_str() == "occupied-point"));
/// ```
pub struct Trees<R> {
    stream: TreeStream<R>,
    charset: Charset,
}

impl<R: Read> Trees<R> {
    /// The trees of the file that starts with `prefix` and goes on in `rest`.
    pub fn new(prefix: &[u8], rest: R, opts: &CheckOptions) -> Trees<R> {
        let stream = TreeStream::new(prefix, rest, &opts.read);
        let charset = stream.charset().clone();
        Trees { stream, charset }
    }
}

impl<R: Read> Iterator for Trees<R> {
    type Item = Tree;

    fn next(&mut self) -> Option<Tree> {
        let piece = self.stream.next()?;
        Some(Tree {
            piece,
            charset: self.charset.clone(),
        })
    }
}

/// One game tree of a file read tree by tree, with the findings outside any game that
/// come with it; [`Tree::check`] checks it.
///
/// ```
/// use goref_core::check::{CheckOptions, Trees};
///
/// let opts = CheckOptions::default();
/// let file = b"(;SZ[9];B[ee])(;SZ[9];B[ee];W[ee])".as_slice();
/// for (n, tree) in Trees::new(&[], file, &opts).enumerate() {
///     let reports = tree.check("big.sgf", &opts);
///     assert_eq!(reports.len(), 1, "tree {n}");
/// }
/// ```
#[derive(Debug)]
pub struct Tree {
    piece: Piece,
    charset: Charset,
}

impl Tree {
    /// The reports of this game tree: one per game, as [`check_bytes`] gives them.
    pub fn check(self, file: &str, opts: &CheckOptions) -> Vec<GameReport> {
        // A streamed tree's moves carry their positions (its locator is not lazy).
        let Tree { piece, charset } = self;
        check_games(file, &charset, piece.games, piece.findings, opts, &|p| p)
    }
}

/// The reports of files that could not be checked: one finding, no game.
impl GameReport {
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

    /// The report of a FIFO, device or socket found in a walk and skipped (`kind` names it).
    pub fn not_a_file(file: &str, kind: &str) -> GameReport {
        GameReport::file_only(
            file,
            None,
            vec![Finding::new(
                Code::NotAFile,
                format!("{file} is {kind}, not a regular file: skipped, not read (name it on the command line to read it as a stream)"),
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
                format!(
                    "goref failed on {file}: {message}. Please report this with the file attached"
                ),
            )],
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The reports of the eager path: every move's position read with the move.
    fn eager(file: &str, bytes: &[u8], opts: &CheckOptions) -> Vec<GameReport> {
        let read = reader::read(bytes, &opts.read);
        check_games(
            file,
            &read.charset,
            read.games,
            read.file_findings,
            opts,
            &|p| p,
        )
    }

    #[test]
    fn lazy_move_positions_give_the_eager_reports() {
        let mut located = 0;
        for path in [
            "testdata/ko-retake.sgf",
            "testdata/malformed.sgf",
            "testdata/appeal/t03.sgf",
            "testdata/appeal/t11.sgf",
            "testdata/findings/alternation.sgf",
            "testdata/findings/ko-recycling.sgf",
            "testdata/findings/hot-stone-take.sgf",
        ] {
            let bytes = std::fs::read(path).unwrap();
            for variations in [false, true] {
                let mut opts = CheckOptions::default();
                opts.read.variations = variations;
                let lazy = check_bytes(path, &bytes, &opts);
                let eager = eager(path, &bytes, &opts);
                let json = |r: &[GameReport]| serde_json::to_string(r).unwrap();
                assert_eq!(json(&lazy), json(&eager), "{path}");
                located += lazy
                    .iter()
                    .flat_map(|r| &r.findings)
                    .filter(|f| f.move_number.is_some() && f.line.is_some())
                    .count();
            }
        }
        // Findings on moves were located (the case the lazy positions are for).
        assert!(located > 0);
    }
}
