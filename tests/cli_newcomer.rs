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

// ---- 4. the progress bar redraws at a bounded rate ----

/// Runs `goref check` over `dir` with stderr on a pseudo-terminal (stdout to /dev/null,
/// as `goref check archive/ > report.txt` does), and returns what the terminal got and
/// the seconds the run took.
fn run_on_a_pty(dir: &std::path::Path) -> (Vec<u8>, f64) {
    use std::io::Read;
    use std::os::fd::FromRawFd;
    let (mut master, mut slave) = (0, 0);
    let made = unsafe {
        libc::openpty(
            &mut master,
            &mut slave,
            std::ptr::null_mut(),
            std::ptr::null(),
            std::ptr::null(),
        )
    };
    assert_eq!(made, 0, "openpty");
    let master = unsafe { std::fs::File::from_raw_fd(master) };
    let slave = unsafe { std::fs::File::from_raw_fd(slave) };
    let reader = std::thread::spawn(move || {
        let mut master = master;
        let mut got = Vec::new();
        let mut buf = [0u8; 65536];
        // Reading ends with EIO once the last writer (the child) has closed the slave.
        while let Ok(n) = master.read(&mut buf) {
            if n == 0 {
                break;
            }
            got.extend_from_slice(&buf[..n]);
        }
        got
    });
    let bin = assert_cmd::cargo::cargo_bin("goref");
    let started = std::time::Instant::now();
    let status = std::process::Command::new(bin)
        .args(["check", "-j", "2"])
        .arg(dir)
        .env("TERM", "xterm")
        .env_remove("NO_COLOR")
        .stdout(std::process::Stdio::null())
        .stderr(slave)
        .status()
        .unwrap();
    let took = started.elapsed().as_secs_f64();
    assert_eq!(status.code(), Some(0));
    (reader.join().unwrap(), took)
}

#[test]
fn the_progress_bar_is_redrawn_a_few_times_a_second_not_once_per_file() {
    let dir = tempfile::tempdir().unwrap();
    let files = 3000;
    for i in 0..files {
        std::fs::write(
            dir.path().join(format!("g{i:05}.sgf")),
            "(;GM[1]FF[4]SZ[9]KM[7]RU[Chinese]RE[B+R];B[ee];W[cc])",
        )
        .unwrap();
    }
    let (terminal, took) = run_on_a_pty(dir.path());
    let text = String::from_utf8_lossy(&terminal);
    // Each frame draws `done/total files`.
    let frames = text.matches("/3000 files").count();
    assert!(frames >= 1, "the bar was drawn: {text:?}");
    assert!(
        text.contains("3000 files, 3000 games"),
        "the summary follows"
    );
    let bound = 4.0 * took + 8.0;
    assert!(
        (frames as f64) <= bound,
        "{frames} frames for {files} files in {took:.1} s (at most {bound:.0})"
    );
}

// ---- 5. man pages, one per command ----

fn install_man_pages() -> (tempfile::TempDir, Vec<String>) {
    let dir = tempfile::tempdir().unwrap();
    let target = dir.path().join("man1");
    let out = goref()
        .args(["man", "--dir"])
        .arg(&target)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", stderr_of(&out));
    assert!(stdout_of(&out).is_empty(), "pages go to DIR, not stdout");
    let mut names: Vec<String> = std::fs::read_dir(&target)
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect();
    names.sort();
    (dir, names)
}

#[test]
fn man_dir_writes_one_page_per_command_with_options_exit_status_and_examples() {
    let (dir, names) = install_man_pages();
    assert_eq!(
        names,
        [
            "goref-appeal.1",
            "goref-check.1",
            "goref-completions.1",
            "goref-explain.1",
            "goref-man.1",
            "goref-rules.1",
            "goref-score.1",
            "goref.1"
        ]
    );
    let page = |name: &str| std::fs::read_to_string(dir.path().join("man1").join(name)).unwrap();
    for name in &names {
        let text = page(name);
        for section in [
            ".SH OPTIONS",
            ".SH \"EXIT STATUS\"",
            ".SH EXAMPLES",
            ".SH \"SEE ALSO\"",
        ] {
            assert!(text.contains(section), "{name}: no {section}");
        }
        // SEE ALSO names only pages written beside this one.
        let see_also = &text[text.find(".SH \"SEE ALSO\"").unwrap()..];
        for reference in see_also.split("\\fB").skip(1) {
            let page_name = reference.split("\\fR").next().unwrap().replace("\\-", "-");
            assert!(
                names.contains(&format!("{page_name}.1")),
                "{name}: SEE ALSO {page_name}(1)"
            );
        }
    }
    let check = page("goref-check.1");
    assert!(
        check.contains("\\-\\-fail\\-on"),
        "check's options are listed"
    );
    assert!(check.contains(".TP\n\\fB130\\fR"), "check's exit statuses");
    assert!(check.contains("goref check \\-\\-rules goe tournament/"));
    // The printed page is goref(1), the same as the installed one.
    let printed = stdout_of(&goref().arg("man").output().unwrap());
    assert_eq!(printed, page("goref.1"));
}

#[test]
#[ignore = "needs groff and man (Debian: apt-get install -y groff-base man-db); .ci/run installs them"]
fn man_pages_render_without_warnings() {
    let (dir, names) = install_man_pages();
    for name in names {
        let path = dir.path().join("man1").join(&name);
        let groff = std::process::Command::new("groff")
            .args(["-ww", "-z", "-man", "-Tutf8"])
            .arg(&path)
            .output()
            .expect("groff");
        assert!(
            groff.status.success() && groff.stderr.is_empty(),
            "{name}: {}",
            stderr_of(&groff)
        );
        let man = std::process::Command::new("man")
            .arg("-l")
            .arg(&path)
            .env("MANPAGER", "cat")
            .env("MANWIDTH", "100")
            .output()
            .expect("man");
        let text = stdout_of(&man);
        assert!(man.status.success(), "{name}");
        assert!(
            text.contains("EXIT STATUS") && text.contains("EXAMPLES"),
            "{name}: {text}"
        );
    }
}
