//! The run's summary as `goref check` prints it on stderr: worded so that it cannot be
//! misread ("files with a finding at --fail-on", not "failed", which the README keeps
//! for files goref could not check), with plural forms, the results that were compared
//! and those that were not, RU values grouped by the preset they were read as, and the
//! slowest files only when asked (`-v`).

use super::out::plural;
use goref_batch::Summary;
use std::collections::BTreeMap;
use std::fmt::Write;

/// How the summary is worded.
pub struct Wording<'a> {
    /// The `--fail-on` value as typed (`error`, `warning`, `info`, `never`).
    pub fail_on: &'a str,
    /// `-v`: add the slowest files.
    pub verbose: bool,
}

pub fn render(s: &Summary, w: &Wording<'_>) -> String {
    let mut out = String::new();
    if s.interrupted {
        out.push_str("interrupted: the counts cover the files done\n");
    }
    let _ = writeln!(
        out,
        "{}, {}, {}",
        plural(s.files, "file"),
        plural(s.games, "game"),
        plural(s.moves, "move")
    );
    if !s.paths_not_checked.is_empty() {
        // Said before any count, so that "0 files" cannot read as a clean run.
        let _ = writeln!(
            out,
            "  {} not checked (exit status 2):",
            plural(s.paths_not_checked.len() as u64, "path")
        );
        for p in &s.paths_not_checked {
            let _ = writeln!(out, "    {}: {}", p.path, p.reason);
        }
    }
    if w.fail_on == "never" {
        out.push_str("  --fail-on never: no file fails\n");
    } else {
        let _ = writeln!(
            out,
            "  {} with a finding at --fail-on {} or above, {} without",
            plural(s.files_failed, "file"),
            w.fail_on,
            s.files_ok
        );
    }
    let _ = write!(out, "{}", plural(s.findings, "finding"));
    if !s.findings_by_severity.is_empty() {
        // Most severe first.
        let by: Vec<String> = ["error", "warning", "info"]
            .iter()
            .filter_map(|k| s.findings_by_severity.get(*k).map(|n| format!("{k} {n}")))
            .collect();
        let _ = write!(out, ": {}", by.join(", "));
    }
    out.push('\n');
    counts(&mut out, "  by code", &s.findings_by_code);
    if !s.rules_by_preset.is_empty() {
        out.push_str("rules used (RU as recorded → games):\n");
        for (preset, rus) in &s.rules_by_preset {
            counts(&mut out, &format!("  {preset}"), rus);
        }
    }
    counts(&mut out, "board sizes", &s.board_sizes);
    counts(&mut out, "results", &s.results);
    agreement(&mut out, s);
    let _ = writeln!(
        out,
        "time {:.2} s, {:.0} games/s",
        s.wall_seconds, s.games_per_second
    );
    if w.verbose && !s.slowest.is_empty() {
        out.push_str("slowest files:\n");
        for f in &s.slowest {
            let _ = writeln!(out, "  {:>9.3} ms  {}", f.ms, f.path);
        }
    }
    out
}

/// `result check: 120 compared with a count (114 agree, 96.0%), 3,900 not compared`.
fn agreement(out: &mut String, s: &Summary) {
    if s.results_compared + s.results_not_compared == 0 {
        return;
    }
    let agree = s.results.get("agrees").copied().unwrap_or(0);
    let _ = write!(
        out,
        "result check: {} compared with a count",
        plural(s.results_compared, "result")
    );
    if let Some(rate) = s.result_agreement_rate {
        let _ = write!(out, " ({agree} agree, {:.1}%)", rate * 100.0);
    }
    let _ = writeln!(
        out,
        ", {} not compared (no RE, resigned or unfinished, a side variation, or a count that cannot settle RE)",
        s.results_not_compared
    );
}

fn counts(out: &mut String, label: &str, map: &BTreeMap<String, u64>) {
    if map.is_empty() {
        return;
    }
    let items: Vec<String> = map.iter().map(|(k, v)| format!("{k} {v}")).collect();
    let _ = writeln!(out, "{label}: {}", items.join(", "));
}

#[cfg(test)]
mod tests {
    use super::*;
    use goref_core::findings::Severity;
    use std::path::Path;
    use std::time::Duration;

    fn sample() -> Summary {
        let mut s = Summary::new(3);
        s.file(Path::new("a.sgf"), Duration::from_millis(2), true);
        s.game(10);
        s.finding("ko-retake", Severity::Error);
        s.rules_under("Japanese", "japanese");
        s.rules_under("(none)", "simplified-ing");
        s.result("agrees", Some(true));
        s.result("not-comparable", None);
        s.finish_with_wall(Duration::from_secs(1), false);
        s
    }

    #[test]
    fn wording_says_fail_on_and_counts_what_was_not_compared() {
        let text = render(
            &sample(),
            &Wording {
                fail_on: "error",
                verbose: false,
            },
        );
        assert!(text.starts_with("1 file, 1 game, 10 moves\n"), "{text}");
        assert!(text.contains("1 file with a finding at --fail-on error or above, 0 without"));
        assert!(text.contains("1 result compared with a count (1 agree, 100.0%), 1 not compared"));
        assert!(text.contains("  japanese: Japanese 1\n  simplified-ing: (none) 1\n"));
        assert!(!text.contains("slowest"));
        assert!(!text.contains("failed"));
    }

    #[test]
    fn paths_not_checked_are_listed_before_the_counts() {
        let mut s = sample();
        s.path_not_checked(Path::new("typo.sgf"), "no such file or directory");
        let text = render(
            &s,
            &Wording {
                fail_on: "error",
                verbose: false,
            },
        );
        assert!(
            text.starts_with("1 file, 1 game, 10 moves\n  1 path not checked (exit status 2):\n    typo.sgf: no such file or directory\n"),
            "{text}"
        );
    }

    #[test]
    fn slowest_files_only_when_verbose() {
        let text = render(
            &sample(),
            &Wording {
                fail_on: "warning",
                verbose: true,
            },
        );
        assert!(text.contains("slowest files:\n"));
        assert!(text.contains("a.sgf"));
    }
}
