//! The end-of-run summary: counts the caller feeds per file, per game and per finding,
//! rendered as JSON (`--summary FILE`) or as text for stderr.
//!
//! Maps are `BTreeMap`s so keys come out sorted and the JSON is deterministic for a given
//! input (timings aside).

use goref_core::findings::Severity;
use serde::Serialize;
use std::cmp::Reverse;
use std::collections::{BTreeMap, BinaryHeap};
use std::fmt;
use std::path::Path;
use std::time::{Duration, Instant};

/// One of the slowest files.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SlowFile {
    pub path: String,
    pub ms: f64,
}

/// A command-line path that gave nothing to check (it does not exist, or a directory
/// holds no file with a checked ending). The run goes on with the other paths and
/// exits with status 2 at the end, as ripgrep and ruff do.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PathNotChecked {
    pub path: String,
    pub reason: String,
}

/// Batch statistics. Feed it from the sink with [`Summary::file`], [`Summary::game`],
/// [`Summary::finding`] and friends, then call [`Summary::finish`].
#[derive(Clone, Debug, Serialize)]
pub struct Summary {
    pub files: u64,
    /// Files without an error-severity finding (the `--ok-list`).
    pub files_ok: u64,
    pub files_failed: u64,
    pub games: u64,
    pub moves: u64,
    pub findings: u64,
    pub findings_by_severity: BTreeMap<String, u64>,
    pub findings_by_code: BTreeMap<String, u64>,
    /// RU values as seen (the caller decides how to spell a missing one).
    pub rules: BTreeMap<String, u64>,
    /// Preset used → RU values read as that preset → games.
    pub rules_by_preset: BTreeMap<String, BTreeMap<String, u64>>,
    /// `"19"` for square boards, `"19x13"` otherwise.
    pub board_sizes: BTreeMap<String, u64>,
    /// Result cross-check status (e.g. `agree`, `mismatch`, `missing`) → games.
    pub results: BTreeMap<String, u64>,
    /// Agreeing / (agreeing + disagreeing) results; `null` when none could be compared.
    pub result_agreement_rate: Option<f64>,
    /// Results compared with a count (agreeing or not), and those that could not be.
    pub results_compared: u64,
    pub results_not_compared: u64,
    /// Slowest files, slowest first.
    pub slowest: Vec<SlowFile>,
    pub wall_seconds: f64,
    pub games_per_second: f64,
    /// The run was stopped by a signal; the counts cover the files done.
    pub interrupted: bool,
    /// Command-line paths that were not checked, with why (the counts leave them out).
    pub paths_not_checked: Vec<PathNotChecked>,
    #[serde(skip)]
    agree: u64,
    #[serde(skip)]
    disagree: u64,
    #[serde(skip)]
    keep_slowest: usize,
    /// Min-heap of the slowest files so far, so a file only costs a comparison unless
    /// it is among them.
    #[serde(skip)]
    slow_heap: BinaryHeap<Reverse<(Duration, String)>>,
    #[serde(skip)]
    started: Instant,
}

impl Default for Summary {
    fn default() -> Self {
        Summary::new(10)
    }
}

impl Summary {
    /// Starts the wall clock; keeps the `keep_slowest` slowest files.
    pub fn new(keep_slowest: usize) -> Summary {
        Summary {
            files: 0,
            files_ok: 0,
            files_failed: 0,
            games: 0,
            moves: 0,
            findings: 0,
            findings_by_severity: BTreeMap::new(),
            findings_by_code: BTreeMap::new(),
            rules: BTreeMap::new(),
            rules_by_preset: BTreeMap::new(),
            board_sizes: BTreeMap::new(),
            results: BTreeMap::new(),
            result_agreement_rate: None,
            results_compared: 0,
            results_not_compared: 0,
            slowest: Vec::new(),
            wall_seconds: 0.0,
            games_per_second: 0.0,
            interrupted: false,
            paths_not_checked: Vec::new(),
            agree: 0,
            disagree: 0,
            keep_slowest,
            slow_heap: BinaryHeap::with_capacity(keep_slowest + 1),
            started: Instant::now(),
        }
    }

    /// One file done, taking `elapsed`; `failed` when it had an error-severity finding
    /// (io-error and internal-error included).
    pub fn file(&mut self, path: &Path, elapsed: Duration, failed: bool) {
        self.files += 1;
        if failed {
            self.files_failed += 1;
        } else {
            self.files_ok += 1;
        }
        self.note_time(path, elapsed);
    }

    /// A command-line path that gave nothing to check.
    pub fn path_not_checked(&mut self, path: &Path, reason: &str) {
        self.paths_not_checked.push(PathNotChecked {
            path: path.display().to_string(),
            reason: reason.to_string(),
        });
    }

    /// One game with `moves` moves.
    pub fn game(&mut self, moves: u64) {
        self.games += 1;
        self.moves += moves;
    }

    /// Counts one finding of `code` at `severity`.
    pub fn finding(&mut self, code: &str, severity: Severity) {
        self.findings += 1;
        bump(&mut self.findings_by_code, code);
        bump(&mut self.findings_by_severity, severity.as_str());
    }

    /// An RU value seen on a game.
    pub fn rules(&mut self, ru: &str) {
        bump(&mut self.rules, ru);
    }

    /// An RU value seen on a game, with the preset it was read as.
    pub fn rules_under(&mut self, ru: &str, preset: &str) {
        self.rules(ru);
        match self.rules_by_preset.get_mut(preset) {
            Some(map) => bump(map, ru),
            None => {
                let mut map = BTreeMap::new();
                bump(&mut map, ru);
                self.rules_by_preset.insert(preset.to_string(), map);
            }
        }
    }

    /// Counts one game on a board of this size.
    pub fn board_size(&mut self, width: u8, height: u8) {
        let key = if width == height {
            width.to_string()
        } else {
            format!("{width}x{height}")
        };
        bump(&mut self.board_sizes, &key);
    }

    /// A result cross-check: `agrees` is `Some(true)`/`Some(false)` when the recorded
    /// result could be compared, `None` otherwise (missing, unscorable).
    pub fn result(&mut self, status: &str, agrees: Option<bool>) {
        bump(&mut self.results, status);
        match agrees {
            Some(true) => self.agree += 1,
            Some(false) => self.disagree += 1,
            None => self.results_not_compared += 1,
        }
    }

    /// Stops the wall clock and computes the derived fields.
    pub fn finish(&mut self, interrupted: bool) {
        let wall = self.started.elapsed();
        self.finish_with_wall(wall, interrupted);
    }

    /// As [`Summary::finish`], with a given wall time (deterministic tests).
    pub fn finish_with_wall(&mut self, wall: Duration, interrupted: bool) {
        self.interrupted = interrupted;
        self.wall_seconds = wall.as_secs_f64();
        self.games_per_second = if self.wall_seconds > 0.0 {
            self.games as f64 / self.wall_seconds
        } else {
            0.0
        };
        let compared = self.agree + self.disagree;
        self.results_compared = compared;
        self.result_agreement_rate = (compared > 0).then(|| self.agree as f64 / compared as f64);
        let mut slow: Vec<(Duration, String)> =
            self.slow_heap.iter().map(|Reverse(e)| e.clone()).collect();
        slow.sort_by(|a, b| b.0.cmp(&a.0).then_with(|| a.1.cmp(&b.1)));
        self.slowest = slow
            .into_iter()
            .map(|(d, path)| SlowFile {
                path,
                ms: d.as_secs_f64() * 1000.0,
            })
            .collect();
    }

    /// Pretty JSON with a final newline, for `--summary FILE`.
    pub fn to_json(&self) -> String {
        // Serializing plain maps, numbers and strings cannot fail; fall back to `{}`
        // rather than panic all the same.
        let mut s = serde_json::to_string_pretty(self).unwrap_or_else(|_| "{}".to_string());
        s.push('\n');
        s
    }

    fn note_time(&mut self, path: &Path, elapsed: Duration) {
        if self.keep_slowest == 0 {
            return;
        }
        let full = self.slow_heap.len() >= self.keep_slowest;
        if full
            && self
                .slow_heap
                .peek()
                .is_some_and(|Reverse(m)| m.0 >= elapsed)
        {
            return;
        }
        self.slow_heap
            .push(Reverse((elapsed, path.display().to_string())));
        if self.slow_heap.len() > self.keep_slowest {
            self.slow_heap.pop();
        }
    }
}

fn bump(map: &mut BTreeMap<String, u64>, key: &str) {
    // Look up by &str first: no allocation for keys already seen.
    match map.get_mut(key) {
        Some(n) => *n += 1,
        None => {
            map.insert(key.to_string(), 1);
        }
    }
}

fn write_counts(
    f: &mut fmt::Formatter<'_>,
    label: &str,
    map: &BTreeMap<String, u64>,
) -> fmt::Result {
    if map.is_empty() {
        return Ok(());
    }
    let items: Vec<String> = map.iter().map(|(k, v)| format!("{k} {v}")).collect();
    writeln!(f, "{label}: {}", items.join(", "))
}

/// The human summary for stderr.
impl fmt::Display for Summary {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.interrupted {
            writeln!(f, "interrupted: counts cover the files done")?;
        }
        writeln!(
            f,
            "files {} (ok {}, failed {}), games {}, moves {}",
            self.files, self.files_ok, self.files_failed, self.games, self.moves
        )?;
        writeln!(
            f,
            "time {:.2} s, {:.0} games/s",
            self.wall_seconds, self.games_per_second
        )?;
        writeln!(f, "findings {}", self.findings)?;
        write_counts(f, "  by severity", &self.findings_by_severity)?;
        write_counts(f, "  by code", &self.findings_by_code)?;
        write_counts(f, "rules", &self.rules)?;
        write_counts(f, "board sizes", &self.board_sizes)?;
        write_counts(f, "results", &self.results)?;
        if let Some(rate) = self.result_agreement_rate {
            writeln!(f, "result agreement {:.1}%", rate * 100.0)?;
        }
        if !self.slowest.is_empty() {
            writeln!(f, "slowest:")?;
            for s in &self.slowest {
                writeln!(f, "  {:>9.3} ms  {}", s.ms, s.path)?;
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample() -> Summary {
        let mut s = Summary::new(2);
        for (i, ms) in [5u64, 1, 9, 3].into_iter().enumerate() {
            s.file(
                Path::new(&format!("f{i}.sgf")),
                Duration::from_millis(ms),
                i == 2,
            );
        }
        s.game(120);
        s.game(80);
        s.finding("ko-retake", Severity::Error);
        s.finding("komi-differs", Severity::Info);
        s.finding("ko-retake", Severity::Error);
        s.rules("Japanese");
        s.rules("Chinese");
        s.rules("Japanese");
        s.board_size(19, 19);
        s.board_size(19, 13);
        s.result("agree", Some(true));
        s.result("agree", Some(true));
        s.result("mismatch", Some(false));
        s.result("missing", None);
        s.finish_with_wall(Duration::from_secs(2), false);
        s
    }

    #[test]
    fn counts_rates_and_slowest() {
        let s = sample();
        assert_eq!((s.files, s.files_ok, s.files_failed), (4, 3, 1));
        assert_eq!((s.games, s.moves, s.findings), (2, 200, 3));
        assert_eq!(s.findings_by_code["ko-retake"], 2);
        assert_eq!(s.findings_by_severity["error"], 2);
        assert_eq!(s.rules["Japanese"], 2);
        assert_eq!(s.board_sizes["19x13"], 1);
        assert_eq!(s.result_agreement_rate, Some(2.0 / 3.0));
        assert_eq!(s.games_per_second, 1.0);
        let slow: Vec<&str> = s.slowest.iter().map(|f| f.path.as_str()).collect();
        assert_eq!(slow, ["f2.sgf", "f0.sgf"]);
        assert_eq!(s.slowest[0].ms, 9.0);
    }

    #[test]
    fn json_has_sorted_keys_and_no_private_fields() {
        let json = sample().to_json();
        let v: serde_json::Value = serde_json::from_str(&json).unwrap();
        assert_eq!(v["results"]["missing"], 1);
        assert!(v.get("agree").is_none() && v.get("slow_heap").is_none());
        let rules = json.find("\"Chinese\"").unwrap();
        assert!(rules < json.find("\"Japanese\"").unwrap());
        assert!(json.ends_with("}\n"));
        assert_eq!(v["paths_not_checked"], serde_json::json!([]));
    }

    #[test]
    fn no_comparable_results_gives_null_rate() {
        let mut s = Summary::new(0);
        s.result("missing", None);
        s.finish_with_wall(Duration::ZERO, true);
        assert_eq!(s.result_agreement_rate, None);
        assert_eq!(s.games_per_second, 0.0);
        assert!(s.slowest.is_empty());
        assert!(s.to_string().starts_with("interrupted"));
    }

    #[test]
    fn text_lists_everything() {
        let text = sample().to_string();
        assert!(text.contains("files 4 (ok 3, failed 1), games 2, moves 200"));
        assert!(text.contains("  by code: ko-retake 2, komi-differs 1"));
        assert!(text.contains("result agreement 66.7%"));
        assert!(text.contains("f2.sgf"));
    }
}
