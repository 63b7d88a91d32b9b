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
