//! The CLI as a user meets it, through the real binary (issue 14): severities and
//! silencing, the linter-style text, output errors that never panic, inputs, one format
//! flag everywhere, the summary's wording, references, and the conventions of
//! well-liked command-line tools.

mod common;

use assert_cmd::Command;
use serde_json::Value;
use std::path::Path;
use std::process::Stdio;

fn goref() -> Command {
    let mut cmd = Command::cargo_bin("goref").unwrap();
    cmd.env_remove("NO_COLOR").env_remove("TERM");
    cmd
}

fn stdout(cmd: &mut Command) -> String {
    String::from_utf8(cmd.output().unwrap().stdout).unwrap()
}

fn write(dir: &Path, name: &str, text: &str) -> String {
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path.to_str().unwrap().to_string()
}

fn findings(jsonl: &str) -> Vec<Value> {
    jsonl
        .lines()
        .flat_map(|l| {
            let v: Value = serde_json::from_str(l).unwrap();
            v["findings"].as_array().unwrap().clone()
        })
        .collect()
}

/// A triple-ko style cycle: illegal under positional superko, a `cycle` (not illegal)
/// under Japanese or Chinese simple ko.
const CYCLE: &str = "(;SZ[5]AB[ba][ab][ac]AW[da][bb][cb][db]PL[B];B[ca];W[aa];B[ba])";

// ---- 1. severity calibrated, silenced, assumed rules ----

#[test]
fn ignore_and_severity_off_silence_a_code() {
    let file = "testdata/ko-retake.sgf";
    let all = findings(&stdout(
        goref().args(["check", "-q", "--format", "jsonl", file]),
    ));
    assert!(all.iter().any(|f| f["code"] == "positional-superko"));
    for flag in [
        vec!["--ignore", "positional-superko,result-missing"],
        vec![
            "--ignore",
            "Positional_Superko",
            "--ignore",
            "result-missing",
        ],
        vec![
            "--severity",
            "positional-superko=off",
            "--ignore",
            "result-missing",
        ],
    ] {
        let out = goref()
            .args(["check", "-q", "--format", "jsonl", file])
            .args(&flag)
            .output()
            .unwrap();
        let codes: Vec<Value> = findings(&String::from_utf8(out.stdout).unwrap())
            .iter()
            .map(|f| f["code"].clone())
            .collect();
        assert!(!codes.contains(&"positional-superko".into()), "{flag:?}");
        assert!(!codes.contains(&"result-missing".into()), "{flag:?}");
        // Nothing left at error: the run passes.
        assert_eq!(out.status.code(), Some(0), "{flag:?}");
    }
}

#[test]
fn a_misspelt_code_is_refused_with_a_suggestion() {
    let out = goref()
        .args(["check", "--ignore", "syntax-eror", "testdata/clean-9x9.sgf"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.contains("did you mean `syntax-error`"), "{err}");
}

#[test]
fn a_verdict_under_assumed_rules_that_other_rulesets_allow_is_a_warning_naming_the_assumption() {
    let dir = tempfile::tempdir().unwrap();
    let assumed = write(dir.path(), "no-ru.sgf", CYCLE);
    let stated = write(
        dir.path(),
        "egf.sgf",
        &CYCLE.replace("SZ[5]", "SZ[5]RU[EGF]"),
    );
    let out = stdout(goref().args(["check", "-q", "--format", "jsonl", &assumed]));
    let f = findings(&out)
        .into_iter()
        .find(|f| f["code"] == "positional-superko")
        .expect("a positional-superko finding");
    assert_eq!(f["severity"], "warning");
    let msg = f["message"].as_str().unwrap();
    assert!(
        msg.contains("no RU") && msg.contains("simplified-ing was assumed"),
        "{msg}"
    );
    assert!(msg.contains("japanese"), "{msg}");
    // With the rules stated, the same move is an error.
    let out = stdout(goref().args(["check", "-q", "--format", "jsonl", &stated]));
    let f = findings(&out)
        .into_iter()
        .find(|f| f["code"] == "positional-superko")
        .unwrap();
    assert_eq!(f["severity"], "error");
}

#[test]
fn server_quirks_read_with_certainty_are_info() {
    let dir = tempfile::tempdir().unwrap();
    let fox = write(
        dir.path(),
        "fox.sgf",
        "(;GM[1]FF[4]SZ[19]HA[0]KM[750]RU[Chinese]RE[W+R];B[pd];W[dd])",
    );
    let out = goref()
        .args(["check", "-q", "--fail-on", "warning", &fox])
        .output()
        .unwrap();
    // HA[0], KM[750] and a resignation on the opponent's turn: nothing to look at.
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(String::from_utf8(out.stdout).unwrap(), "");
}

// ---- 2. the linter-style text ----

#[test]
fn default_text_is_one_line_per_finding_and_nothing_for_a_clean_game() {
    let out = stdout(goref().args(["check", "-q", "testdata/clean-9x9.sgf"]));
    assert_eq!(out, "", "a clean game prints nothing");
    let out = stdout(goref().args(["check", "-q", "testdata/ko-retake.sgf"]));
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 2, "{out}");
    assert!(lines[0].starts_with("testdata/ko-retake.sgf #1"));
    assert!(
        lines[1].starts_with(
            "testdata/ko-retake.sgf:4:15: error positional-superko: move 3 W B4 (bb): "
        ),
        "{}",
        lines[1]
    );
    // The info finding (result-missing) appears with --show info.
    let out = stdout(goref().args(["check", "-q", "--show", "info", "testdata/ko-retake.sgf"]));
    assert!(
        out.contains("testdata/ko-retake.sgf: info result-missing: "),
        "{out}"
    );
}

#[test]
fn game_headers_name_players_result_date_and_event() {
    let out = stdout(goref().args([
        "check",
        "-q",
        "--show",
        "info",
        "-v",
        "testdata/clean-9x9.sgf",
    ]));
    let head = out.lines().next().unwrap();
    assert_eq!(
        head,
        "testdata/clean-9x9.sgf #1: Black Anna Black, White Walter White, RE[B+1.5], 2026-11-30, goref sample"
    );
}

#[test]
fn certainty_interpretation_is_shown_in_text() {
    // The ko-recycling example is an interpretation of the SST text.
    let dir = tempfile::tempdir().unwrap();
    let file = write(
        dir.path(),
        "recycle.sgf",
        "(;SZ[5]RU[GOE]AB[ba][ab][ac]AW[da][bb][cb][db]PL[B];B[ca];W[aa];B[ba];W[];B[ca])",
    );
    let out = stdout(goref().args(["check", "-q", &file]));
    assert!(
        out.contains("ko-recycling") && out.contains("[interpretation]"),
        "{out}"
    );
}

// ---- 3. never a panic on output ----

/// The write end of a pipe whose read end is already closed: every write to it fails
/// with EPIPE, deterministically (no race with a reader that exits).
#[cfg(unix)]
fn pipe_without_reader() -> std::fs::File {
    use std::os::fd::FromRawFd;
    let mut fds = [0i32; 2];
    // SAFETY: `pipe` fills two new descriptors; each is owned exactly once below.
    assert_eq!(unsafe { libc::pipe(fds.as_mut_ptr()) }, 0);
    unsafe {
        libc::close(fds[0]);
        std::fs::File::from_raw_fd(fds[1])
    }
}

/// Runs goref with its stdout (or stderr) on a pipe whose reader is already closed.
#[cfg(unix)]
fn with_closed_pipe(args: &[&str], close_stderr: bool) -> std::process::Output {
    let writer = pipe_without_reader();
    let mut cmd = std::process::Command::new(assert_cmd::cargo::cargo_bin("goref"));
    cmd.args(args).stdin(Stdio::null());
    if close_stderr {
        cmd.stderr(writer).stdout(Stdio::null());
    } else {
        cmd.stdout(writer).stderr(Stdio::piped());
    }
    cmd.output().unwrap()
}

const EVERY_SUBCOMMAND: &[&[&str]] = &[
    &[
        "check",
        "-v",
        "testdata/clean-9x9.sgf",
        "testdata/ko-retake.sgf",
    ],
    &["check", "--format", "jsonl", "testdata/clean-9x9.sgf"],
    &["score", "testdata/clean-9x9.sgf"],
    &["appeal", "testdata/clean-9x9.sgf"],
    &["rules"],
    &["rules", "goe", "--format", "json"],
    &["explain", "--list"],
    &["explain", "ko-retake"],
    &["completions", "bash"],
    &["man"],
];

#[cfg(unix)]
#[test]
fn a_closed_pipe_ends_every_subcommand_quietly() {
    for args in EVERY_SUBCOMMAND {
        let out = with_closed_pipe(args, false);
        let code = out.status.code();
        assert!(matches!(code, Some(0 | 1)), "{args:?}: exit {code:?}");
        assert_eq!(String::from_utf8_lossy(&out.stderr), "", "{args:?}");
    }
}

#[cfg(unix)]
#[test]
fn check_summary_into_a_closed_stderr_does_not_panic() {
    let out = with_closed_pipe(
        &["check", "testdata/clean-9x9.sgf", "testdata/ko-retake.sgf"],
        true,
    );
    assert_eq!(
        out.status.code(),
        Some(1),
        "the ko-retake error, not a panic (101)"
    );
}

#[test]
fn a_full_disk_is_a_clear_error_with_exit_2_for_every_subcommand() {
    if !Path::new("/dev/full").exists() {
        eprintln!("skipped: no /dev/full on this system");
        return;
    }
    for args in EVERY_SUBCOMMAND {
        let full = std::fs::OpenOptions::new()
            .write(true)
            .open("/dev/full")
            .unwrap();
        let out = std::process::Command::new(assert_cmd::cargo::cargo_bin("goref"))
            .args(*args)
            .stdout(full)
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8(out.stderr).unwrap();
        assert!(
            err.contains("cannot write standard output"),
            "{args:?}: {err}"
        );
    }
}

#[test]
fn an_unwritable_output_names_the_path_and_exits_2() {
    let dir = tempfile::tempdir().unwrap();
    let target = dir.path().join("no-such-dir").join("report.jsonl");
    let target = target.to_str().unwrap();
    for flag in ["-o", "--summary", "--fail-list"] {
        let out = goref()
            .args(["check", "-q", flag, target, "testdata/clean-9x9.sgf"])
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "{flag}");
        let err = String::from_utf8(out.stderr).unwrap();
        assert!(err.contains(target), "{flag}: {err}");
    }
}

// ---- 5. inputs ----

#[test]
fn a_path_with_no_sgf_file_is_an_error_naming_it() {
    let dir = tempfile::tempdir().unwrap();
    write(dir.path(), "notes.txt", "not a record");
    let out = goref()
        .args(["check", dir.path().to_str().unwrap()])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(
        err.contains(dir.path().to_str().unwrap()) && err.contains("no file to check"),
        "{err}"
    );
}

#[test]
fn the_same_path_twice_is_checked_once() {
    let out = stdout(goref().args([
        "check",
        "-q",
        "--format",
        "jsonl",
        "testdata/ko-retake.sgf",
        "testdata/ko-retake.sgf",
        "./testdata/ko-retake.sgf",
    ]));
    assert_eq!(out.lines().count(), 1, "{out}");
    // The report in a file, the summary on stdout (the two are not mixed on stdout).
    let dir = tempfile::tempdir().unwrap();
    let report = dir.path().join("report.jsonl");
    let s = stdout(
        goref()
            .args(["check", "-q", "--summary", "-", "--format", "jsonl", "-o"])
            .arg(&report)
            .args(["testdata/ko-retake.sgf", "testdata"]),
    );
    let summary: Value = serde_json::from_str(&s).unwrap();
    let files = summary["files"].as_u64().unwrap();
    let on_disk = common::sgf_files_in("testdata") as u64;
    assert!(files >= on_disk, "the directory's files are all checked");
    let reports = std::fs::read_to_string(&report).unwrap();
    let reports = reports
        .lines()
        .filter(|l| l.contains("\"file\":\"testdata/ko-retake.sgf\""))
        .count();
    assert_eq!(
        reports, 1,
        "ko-retake.sgf named and found in the directory: checked once"
    );
}

#[test]
fn score_and_appeal_read_standard_input() {
    let record = std::fs::read("testdata/clean-9x9.sgf").unwrap();
    for sub in ["score", "appeal"] {
        let out = goref()
            .args([sub, "-", "--format", "json"])
            .write_stdin(record.clone())
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{sub}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        let _: Value = serde_json::from_slice(&out.stdout).unwrap();
    }
}

#[test]
fn a_file_that_is_not_sgf_gets_one_finding_that_says_so() {
    let dir = tempfile::tempdir().unwrap();
    let png = dir.path().join("board.png");
    std::fs::write(
        &png,
        b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR\0\0\0\x10\0\0\0\x10\x08\x02",
    )
    .unwrap();
    let out = stdout(goref().args(["check", "-q", "--format", "jsonl", png.to_str().unwrap()]));
    let f = findings(&out);
    assert_eq!(f.len(), 1, "{out}");
    assert!(f[0]["message"]
        .as_str()
        .unwrap()
        .starts_with("not an SGF file"));
}

// ---- 6. one format flag ----

#[test]
fn every_subcommand_honours_json_and_jsonl() {
    let cases: &[&[&str]] = &[
        &["check", "-q", "testdata/clean-9x9.sgf"],
        &["score", "testdata/clean-9x9.sgf"],
        &["appeal", "testdata/clean-9x9.sgf"],
        &["rules"],
        &["rules", "aga"],
        &["explain", "--list"],
        &["explain", "ko-retake"],
    ];
    for args in cases {
        let json = stdout(goref().args(*args).args(["--format", "json"]));
        let _: Value = serde_json::from_str(&json).unwrap_or_else(|e| panic!("{args:?}: {e}"));
        let jsonl = stdout(goref().args(*args).args(["--format", "jsonl"]));
        assert!(!jsonl.is_empty(), "{args:?}");
        for line in jsonl.lines() {
            let _: Value =
                serde_json::from_str(line).unwrap_or_else(|e| panic!("{args:?}: {e}: {line}"));
        }
    }
    let rules = stdout(goref().args(["rules", "--format", "jsonl"]));
    assert_eq!(rules.lines().count(), goref_core::rules::Preset::ALL.len());
}

#[test]
fn game_numbers_are_the_same_in_text_flags_and_json() {
    let dir = tempfile::tempdir().unwrap();
    let two = write(
        dir.path(),
        "two.sgf",
        "(;SZ[9]RU[EGF]PB[First];B[ee])(;SZ[9]RU[EGF]PB[Second];B[ee];W[ee])",
    );
    let json = stdout(goref().args(["check", "-q", "--format", "jsonl", &two]));
    let games: Vec<u64> = json
        .lines()
        .map(|l| {
            serde_json::from_str::<Value>(l).unwrap()["game"]
                .as_u64()
                .unwrap()
        })
        .collect();
    assert_eq!(games, [1, 2]);
    let text = stdout(goref().args(["check", "-q", &two]));
    assert!(text.contains(" #2: Black Second"), "{text}");
    let score: Value = serde_json::from_str(&stdout(
        goref().args(["score", &two, "--game", "2", "--format", "json"]),
    ))
    .unwrap();
    assert_eq!(score["game"], 2);
    assert_eq!(score["black_player"], "Second");
}

// ---- 7. summary ----

#[test]
fn summary_wording_counts_and_slowest_only_with_verbose() {
    let run = |extra: &[&str]| {
        let out = goref()
            .args([
                "check",
                "--fail-on",
                "warning",
                "testdata/clean-9x9.sgf",
                "testdata/ko-retake.sgf",
            ])
            .args(extra)
            .output()
            .unwrap();
        String::from_utf8(out.stderr).unwrap()
    };
    let err = run(&[]);
    assert!(err.contains("2 files, 2 games, 25 moves"), "{err}");
    assert!(
        err.contains("1 file with a finding at --fail-on warning or above, 1 without"),
        "{err}"
    );
    assert!(
        err.contains("result check: 1 result compared with a count"),
        "{err}"
    );
    assert!(err.contains("1 not compared"), "{err}");
    assert!(
        err.contains("  aga: AGA 1") && err.contains("  simplified-ing: EGF 1"),
        "{err}"
    );
    assert!(!err.contains("failed") && !err.contains("slowest"), "{err}");
    assert!(run(&["-v"]).contains("slowest files:"));
}

#[test]
fn summary_dash_means_standard_output() {
    // The report goes to a file: stdout carries the summary alone (tests/cli_newcomer.rs
    // shows that both on stdout are refused).
    let out = stdout(goref().args([
        "check",
        "-q",
        "-o",
        "/dev/null",
        "--summary",
        "-",
        "testdata/clean-9x9.sgf",
    ]));
    let v: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["files"], 1);
    assert_eq!(v["results_compared"], 1);
}

// ---- 8. references ----

#[test]
fn explain_and_findings_cite_docs_and_public_texts_not_the_private_spec() {
    let list = stdout(goref().args(["explain", "--list", "--format", "json"]));
    let all: Value = serde_json::from_str(&list).unwrap();
    for code in all.as_array().unwrap() {
        let rule = code["rule"].as_str().unwrap();
        assert!(
            !rule.contains("spec §") && !rule.contains("peers §"),
            "{rule}"
        );
    }
    let hot = stdout(goref().args(["explain", "hot-stone-take"]));
    assert!(
        hot.contains("Ing SST Laws 1991") && hot.contains("docs/rules.md"),
        "{hot}"
    );
    let rules_md = std::fs::read_to_string("docs/rules.md").unwrap();
    for section in [
        "## The rules goref enforces",
        "## Replay",
        "### Repetition",
        "## End of game",
        "## Sources",
    ] {
        assert!(rules_md.contains(section), "docs/rules.md lacks {section}");
    }
}

// ---- 9. conventions ----

#[test]
fn colour_only_when_asked_or_on_a_terminal() {
    let file = "testdata/ko-retake.sgf";
    let plain = stdout(goref().args(["check", "-q", file]));
    assert!(!plain.contains('\x1b'), "a pipe gets no colour");
    let always = stdout(goref().args(["check", "-q", "--color", "always", file]));
    assert!(always.contains("\x1b[1;31merror\x1b[0m"), "{always:?}");
    let never = stdout(goref().args(["check", "-q", "--color", "never", file]));
    assert!(!never.contains('\x1b'));
}

#[test]
fn completions_and_man_page_come_from_the_clap_definitions() {
    let bash = stdout(goref().args(["completions", "bash"]));
    assert!(bash.contains("goref") && bash.contains("--fail-on"));
    let zsh = stdout(goref().args(["completions", "zsh"]));
    assert!(zsh.contains("#compdef goref"));
    let man = stdout(goref().arg("man"));
    assert!(
        man.contains(".TH goref") && man.contains("check"),
        "{}",
        &man[..200.min(man.len())]
    );
}

#[test]
fn explain_is_case_insensitive_and_suggests() {
    let out = stdout(goref().args(["explain", "KO-RETAKE"]));
    assert!(out.starts_with("ko-retake"));
    let out = goref().args(["explain", "ko-retak"]).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8(out.stderr)
        .unwrap()
        .contains("did you mean `ko-retake`"));
}

#[test]
fn plural_forms_in_messages() {
    let out = goref()
        .args(["score", "testdata/clean-9x9.sgf", "--game", "3"])
        .output()
        .unwrap();
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.contains("has 1 game;"), "{err}");
}

#[test]
fn absurd_komi_is_questioned() {
    let out = goref()
        .args(["score", "testdata/clean-9x9.sgf", "--komi", "750"])
        .output()
        .unwrap();
    assert!(out.status.success());
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.contains("did you mean 7.5?"), "{err}");
    let out = goref()
        .args(["score", "testdata/clean-9x9.sgf", "--komi", "NaN"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn no_progress_bar_off_a_terminal_or_for_one_file() {
    // Off a terminal nothing but the summary reaches stderr (no escape sequences).
    let out = goref()
        .args(["check", "testdata/clean-9x9.sgf", "testdata/ko-retake.sgf"])
        .output()
        .unwrap();
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(!err.contains('\x1b') && !err.contains('\r'), "{err:?}");
}

/// A Fox export without CA whose names are UTF-8 cut by a `?` (`Pro/9p/1516115599`):
/// read as GBK, the rank `9段` took the `]` after it for half a character and ran on over
/// `WR` and `KM`, so that a handicap game was counted without its komi and stated a wrong
/// winner. Read as UTF-8, every property is its own and the komi is the record's.
#[test]
fn a_fox_record_with_cut_names_keeps_its_rank_and_komi() {
    let dir = tempfile::tempdir().unwrap();
    let bytes: &[u8] =
        b"(;GM[1]FF[4]  SZ[19]  PB[\xe5\xb0?\xe6\xb5\xa3\xe8\x83\xbd]  PW[\xe7\xbb?\xe8\x89\xba]  \
        BR[9\xe6\xae\xb5]  WR[P9\xe6\xae\xb5]  KM[550]HA[3]RU[Japanese]AP[GNU Go:3.8]RE[W+0.5]\
        TM[1800]TC[10]TT[60];AB[pd][dp][dd];W[pp];B[qn])";
    let path = dir.path().join("fox.sgf");
    std::fs::write(&path, bytes).unwrap();
    let out = stdout(goref().args([
        "check",
        "--format",
        "jsonl",
        "--fail-on",
        "never",
        path.to_str().unwrap(),
    ]));
    let report: Value = serde_json::from_str(out.lines().next().unwrap()).unwrap();
    assert_eq!(report["info"]["black_rank"], "9段", "{report}");
    assert_eq!(report["info"]["white_rank"], "P9段", "{report}");
    assert_eq!(report["komi"]["value"], 5.5, "{report}");
    assert_eq!(report["komi"]["source"], "record", "{report}");
    let charset: Vec<&Value> = report["findings"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|f| f["code"] == "charset")
        .collect();
    assert_eq!(charset.len(), 1, "{report}");
    assert!(charset[0]["message"]
        .as_str()
        .unwrap()
        .contains("decoded as UTF-8"));
}
