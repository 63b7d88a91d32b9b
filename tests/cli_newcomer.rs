//! What a newcomer tripped over (issue 27): a bad path among good ones, conventions that
//! read as alternation errors, result and clock strings people write, the progress bar's
//! rate, man pages, options that must not lie, `score` over a round, set-up scripts.

mod common;
use common::goref;
use serde_json::Value;

fn stdout_of(out: &std::process::Output) -> String {
    String::from_utf8(out.stdout.clone()).unwrap()
}

fn stderr_of(out: &std::process::Output) -> String {
    String::from_utf8(out.stderr.clone()).unwrap()
}

// ---- 1. one bad path does not discard the others ----

#[test]
fn a_missing_path_is_reported_and_the_others_are_checked() {
    let dir = tempfile::tempdir().unwrap();
    let report = dir.path().join("report.jsonl");
    let summary = dir.path().join("summary.json");
    let out = goref()
        .args(["check", "--format", "jsonl", "-o"])
        .arg(&report)
        .arg("--summary")
        .arg(&summary)
        .args([
            "testdata/ko-retake.sgf",
            "typo.sgf",
            "testdata/clean-9x9.sgf",
        ])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2), "a bad path exits 2 at the end");
    let err = stderr_of(&out);
    assert!(
        err.starts_with("goref: typo.sgf: no such file or directory\n"),
        "{err}"
    );
    // The summary on stderr says what was not checked, and counts only what was.
    assert!(err.contains("2 files, 2 games"), "{err}");
    assert!(
        err.contains(
            "1 path not checked (exit status 2):\n    typo.sgf: no such file or directory"
        ),
        "{err}"
    );
    let lines = std::fs::read_to_string(&report).unwrap();
    let files: Vec<String> = lines
        .lines()
        .map(|l| serde_json::from_str::<Value>(l).unwrap()["file"].to_string())
        .collect();
    assert_eq!(
        files,
        ["\"testdata/ko-retake.sgf\"", "\"testdata/clean-9x9.sgf\""]
    );
    let summary: Value = serde_json::from_str(&std::fs::read_to_string(&summary).unwrap()).unwrap();
    assert_eq!(summary["files"], 2);
    assert_eq!(summary["paths_not_checked"][0]["path"], "typo.sgf");
}

#[test]
fn an_empty_directory_among_files_is_reported_and_exits_2() {
    let dir = tempfile::tempdir().unwrap();
    let out = goref()
        .args(["check", "-q", "testdata/clean-9x9.sgf"])
        .arg(dir.path())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr_of(&out).contains("no file to check"));
    // The good file was checked: its (clean) report is on stdout, nothing is lost.
    assert!(stdout_of(&out).is_empty());
    let out = goref()
        .args(["check", "-q", "--format", "jsonl", "testdata/clean-9x9.sgf"])
        .arg(dir.path())
        .output()
        .unwrap();
    assert_eq!(stdout_of(&out).lines().count(), 1);
}

#[test]
fn only_missing_paths_still_exit_2_with_an_empty_report() {
    let out = goref()
        .args([
            "check",
            "-q",
            "--format",
            "json",
            "nope-1.sgf",
            "nope-2.sgf",
        ])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = stderr_of(&out);
    assert!(err.contains("goref: nope-1.sgf: no such file or directory"));
    assert!(err.contains("goref: nope-2.sgf: no such file or directory"));
    assert_eq!(stdout_of(&out).trim(), "[]");
}

// ---- 2. conventions for turns, and repeats folded ----

/// (code, severity, move) of every finding of the first game.
fn findings_of(file: &str) -> Vec<(String, String, Option<u64>)> {
    let reports = common::check_jsonl(&["--show", "info", file]);
    reports[0]["findings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| {
            (
                f["code"].as_str().unwrap().to_string(),
                f["severity"].as_str().unwrap().to_string(),
                f["move"].as_u64(),
            )
        })
        .collect()
}

fn codes_of(file: &str) -> Vec<String> {
    findings_of(file).into_iter().map(|f| f.0).collect()
}

#[test]
fn many_faces_empty_nodes_between_one_colour_read_as_passes() {
    let file = "testdata/quirks/empty-node-pass.sgf";
    let codes = codes_of(file);
    assert!(!codes.contains(&"alternation".to_string()), "{codes:?}");
    assert_eq!(codes.iter().filter(|c| *c == "turn-convention").count(), 1);
    let report = &common::check_jsonl(&[file])[0];
    // 8 moves written, 2 empty nodes read as passes.
    assert_eq!(report["moves"], 10);
    assert_eq!(report["passes"], 2);
    let f = report["findings"]
        .as_array()
        .unwrap()
        .iter()
        .find(|f| f["code"] == "turn-convention")
        .unwrap();
    assert_eq!(f["severity"], "info");
    assert!(f["message"].as_str().unwrap().contains("`empty-node-pass`"));
    assert_eq!(
        (f["line"].as_u64(), f["column"].as_u64()),
        (Some(2), Some(13))
    );
}

#[test]
fn fox_handicap_under_ha0_is_read_as_a_handicap_game() {
    let file = "testdata/quirks/fox-handicap.sgf";
    let codes = codes_of(file);
    assert!(!codes.contains(&"alternation".to_string()), "{codes:?}");
    assert!(!codes.contains(&"handicap-quirk".to_string()), "{codes:?}");
    let report = &common::check_jsonl(&[file])[0];
    assert_eq!(report["handicap"], 2);
    let f = report["findings"]
        .as_array()
        .unwrap()
        .iter()
        .find(|f| f["code"] == "turn-convention")
        .unwrap();
    assert!(f["message"].as_str().unwrap().contains("`fox-handicap`"));
}

#[test]
fn true_alternation_errors_still_show() {
    // White twice with HA[0] (no Black run), and an empty node between two colours.
    let findings = findings_of("testdata/quirks/true-alternation.sgf");
    let alternation: Vec<Option<u64>> = findings
        .iter()
        .filter(|f| f.0 == "alternation")
        .map(|f| f.2)
        .collect();
    assert_eq!(alternation, [Some(3)], "{findings:?}");
    assert!(!findings.iter().any(|f| f.0 == "turn-convention"));
    // Black's first moves with no HA at all: no handicap is read into them.
    let dir = tempfile::tempdir().unwrap();
    let no_ha = dir.path().join("no-ha.sgf");
    std::fs::write(&no_ha, "(;GM[1]FF[4]SZ[9];B[ee];B[cc];W[gg])").unwrap();
    let codes = codes_of(no_ha.to_str().unwrap());
    assert!(codes.contains(&"alternation".to_string()), "{codes:?}");
    // HA[0] with Black's run repeating a point, or ten stones: not a Fox handicap.
    for moves in [
        ";B[ee];B[ee];W[gg]",
        ";B[aa];B[ab];B[ac];B[ad];B[ae];B[af];B[ag];B[ah];B[ai];B[ba];W[gg]",
    ] {
        std::fs::write(&no_ha, format!("(;GM[1]FF[4]SZ[9]HA[0]{moves})")).unwrap();
        let codes = codes_of(no_ha.to_str().unwrap());
        assert!(
            codes.contains(&"alternation".to_string()),
            "{moves}: {codes:?}"
        );
        assert!(!codes.contains(&"turn-convention".to_string()), "{moves}");
    }
}

#[test]
fn text_folds_repeats_and_json_keeps_every_instance() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("run.sgf");
    let moves: String = ["aa", "ba", "ca", "da", "ea", "fa", "ga"]
        .iter()
        .map(|p| format!(";B[{p}]"))
        .collect();
    std::fs::write(&file, format!("(;GM[1]FF[4]SZ[9]RE[B+R]{moves})")).unwrap();
    let out = goref().args(["check", "-q"]).arg(&file).output().unwrap();
    let text = stdout_of(&out);
    let lines: Vec<&str> = text.lines().filter(|l| l.contains("alternation")).collect();
    assert_eq!(lines.len(), 1, "{text}");
    assert!(
        lines[0].ends_with("(×6 in this game, moves 2 to 7; --format json lists each)"),
        "{text}"
    );
    let json = common::check_jsonl(&[file.to_str().unwrap()]);
    let n = json[0]["findings"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|f| f["code"] == "alternation")
        .count();
    assert_eq!(n, 6);
}
